//! Text shown to people: numbers, durations, the progress line and the reasons a search
//! stopped (the methods' names are the core's: [`puzzle_core::Method::description`]).

use puzzle_core::{Algorithm, Progress, Solution, SolveOutcome};

/// `1234567` as `1,234,567`.
pub fn count(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `n` and the word, plural unless one: "1 move", "18 moves".
pub fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// Milliseconds as `12 ms`, `3.4 s` or `2 min 05 s`.
pub fn duration(ms: f64) -> String {
    if ms < 1000.0 {
        format!("{} ms", ms.max(0.0).round())
    } else if ms < 60_000.0 {
        format!("{:.1} s", ms / 1000.0)
    } else {
        let seconds = (ms / 1000.0).round() as u64;
        format!("{} min {:02} s", seconds / 60, seconds % 60)
    }
}

/// The progress line: nodes expanded, the current bound of an iterative method, time.
pub fn progress_line(algorithm: Algorithm, progress: &Progress) -> String {
    let mut line = format!("Expanded {} nodes", count(progress.expanded));
    if let Some(bound) = progress.bound {
        let name = if algorithm == Algorithm::IdaStar {
            "f-bound"
        } else {
            "depth"
        };
        line.push_str(&format!(" · {name} {bound}"));
    }
    line.push_str(&format!(" · {}", duration(progress.elapsed_ms)));
    line
}

/// Why a search ended without a solution, in plain words, with what to try instead.
pub fn stop_reason(solution: &Solution, budget: Option<u64>, depth_limit: usize) -> Option<String> {
    let method = puzzle_core::method::algorithm_label(solution.method.algorithm());
    match solution.outcome {
        SolveOutcome::Solved => None,
        SolveOutcome::Unsolvable => Some(format!(
            "No solution exists: {}.",
            solution.solvability.explain()
        )),
        SolveOutcome::BudgetExhausted => {
            let budget = count(budget.unwrap_or(solution.stats.expanded));
            Some(if solution.method.algorithm().is_informed() {
                format!(
                    "Stopped after {budget} nodes, the limit for {method}, which keeps every board it sees in memory. \
                     Try IDA* with linear conflict: it needs almost no memory."
                )
            } else {
                format!(
                    "Stopped after {budget} nodes, the limit for blind methods: {method} looks at boards without any \
                     sense of direction, and the number of boards grows about threefold with every move of depth. \
                     Try A* or IDA* with linear conflict."
                )
            })
        }
        SolveOutcome::Cancelled => Some("Cancelled.".to_string()),
        SolveOutcome::NotFound => Some(format!(
            "No solution within the depth limit of {depth_limit} moves. Raise the limit, or use IDDFS, A* or IDA*."
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_durations_read_well() {
        assert_eq!(count(0), "0");
        assert_eq!(count(999), "999");
        assert_eq!(count(1000), "1,000");
        assert_eq!(count(1234567), "1,234,567");
        assert_eq!(duration(12.4), "12 ms");
        assert_eq!(duration(3456.0), "3.5 s");
        assert_eq!(duration(125_000.0), "2 min 05 s");
    }

    #[test]
    fn progress_names_the_bound() {
        let progress = Progress {
            expanded: 12345,
            bound: Some(42.0),
            elapsed_ms: 1500.0,
            ..Progress::default()
        };
        assert_eq!(
            progress_line(Algorithm::IdaStar, &progress),
            "Expanded 12,345 nodes · f-bound 42 · 1.5 s"
        );
    }
}
