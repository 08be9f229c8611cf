//! Output: JSON objects and readable text reports of solutions and verdicts.

use puzzle_core::{format_moves, Board, Method, Solvability, SolveOutcome};
use serde::Serialize;

use crate::input::one_line;
use crate::method::Answer;

/// Solutions up to this many moves are shown board by board.
pub const SHOW_STEPS_UP_TO: usize = 40;

/// Text lines are wrapped to about this width.
const LINE_WIDTH: usize = 78;

/// One solve result as printed by `--json`.
#[derive(Debug, Serialize)]
pub struct SolveJson {
    /// The start board on one line.
    pub board: String,
    /// The goal board on one line.
    pub goal: String,
    /// Whether parity allows reaching the goal.
    pub solvable: bool,
    /// `solved`, `unsolvable`, `budget-exhausted`, `not-found` or `cancelled`.
    pub outcome: &'static str,
    /// Number of moves, when solved.
    pub length: Option<usize>,
    /// The moves of the blank (`U D L R`), when solved.
    pub moves: Option<String>,
    /// Nodes expanded.
    pub expanded: u64,
    /// Nodes generated.
    pub generated: u64,
    /// Peak number of states held in memory.
    pub max_frontier: u64,
    /// Wall time of the search in milliseconds.
    pub elapsed_ms: f64,
    /// The method's name (`astar`, `pdb`, `staged`, ...: [`puzzle_core::Method::name`]).
    pub algorithm: &'static str,
    /// The estimate, for informed methods.
    pub heuristic: Option<String>,
    /// Whether the returned solution is guaranteed shortest.
    pub optimal: bool,
    /// For near-optimal methods: an admissible lower bound on the optimal length.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lower_bound: Option<u32>,
    /// For near-optimal methods: length / lower bound.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bound_ratio: Option<f64>,
    /// The parity verdict in words.
    pub explanation: String,
}

impl SolveJson {
    /// The JSON view of a solution of `board` towards `goal`.
    pub fn new(board: &Board, goal: &Board, answer: &Answer) -> SolveJson {
        let solution = &answer.solution;
        let solved = solution.outcome == SolveOutcome::Solved;
        SolveJson {
            board: one_line(board),
            goal: one_line(goal),
            solvable: solution.solvability.solvable,
            outcome: solution.outcome.name(),
            length: solution.length(),
            moves: solved.then(|| format_moves(&solution.moves)),
            expanded: solution.stats.expanded,
            generated: solution.stats.generated,
            max_frontier: solution.stats.max_frontier,
            elapsed_ms: round_ms(solution.stats.elapsed_ms),
            algorithm: solution.method.name(),
            heuristic: heuristic_name(answer),
            optimal: solution.is_optimal(),
            lower_bound: solved.then_some(solution.lower_bound).flatten(),
            bound_ratio: solution
                .bound_ratio()
                .map(|r| (r * 1000.0).round() / 1000.0),
            explanation: solution.solvability.explain(),
        }
    }
}

/// A batch line that could not be read, as printed by `--json`.
#[derive(Debug, Serialize)]
pub struct InvalidJson<'a> {
    /// 1-based line number in the batch file.
    pub line: usize,
    /// The line as written.
    pub board: &'a str,
    /// Always `invalid`.
    pub outcome: &'static str,
    /// The core's message.
    pub error: String,
}

/// The verdict of `check --json`.
#[derive(Debug, Serialize)]
pub struct CheckJson {
    /// The board on one line.
    pub board: String,
    /// The goal on one line.
    pub goal: String,
    /// The core's verdict with its reasons (serialised as its own fields: `solvable`, the
    /// inversions, whether the width is even, the blank's rows).
    #[serde(flatten)]
    pub verdict: Solvability,
    /// The verdict in words.
    pub explanation: String,
}

impl CheckJson {
    /// The JSON view of a verdict.
    pub fn new(board: &Board, goal: &Board, verdict: &Solvability) -> CheckJson {
        CheckJson {
            board: one_line(board),
            goal: one_line(goal),
            verdict: verdict.clone(),
            explanation: verdict.explain(),
        }
    }
}

/// Milliseconds rounded to microseconds, so JSON stays short.
fn round_ms(ms: f64) -> f64 {
    (ms * 1000.0).round() / 1000.0
}

/// The full readable report of one solve.
pub fn solve_text(board: &Board, goal: &Board, goal_name: &str, answer: &Answer) -> String {
    let solution = &answer.solution;
    let mut out = side_by_side(&[
        (format!("Board {}", board.shape()), grid(board)),
        (format!("Goal ({goal_name})"), grid(goal)),
    ]);
    out.push('\n');
    out.push_str(&wrap_words(
        &format!("{}.", capitalise(&solution.solvability.explain())),
        LINE_WIDTH,
    ));
    match solution.outcome {
        SolveOutcome::Unsolvable => {
            out.push_str("No search was run.\n");
            return out;
        }
        SolveOutcome::Solved => {
            let optimal = if solution.is_optimal() {
                "optimal"
            } else {
                "not guaranteed optimal"
            };
            out.push_str(&format!(
                "\nSolved in {} moves ({optimal}):\n",
                solution.moves.len()
            ));
            if let (Some(bound), Some(ratio)) = (solution.lower_bound, solution.ratio_at_most()) {
                out.push_str(&format!(
                    "  (an optimal solution needs at least {bound} moves: this one is at most \
                     {ratio} times as long)\n"
                ));
            }
            out.push_str(&wrap(&format_moves(&solution.moves), LINE_WIDTH, "  "));
            if !solution.moves.is_empty() && solution.moves.len() <= SHOW_STEPS_UP_TO {
                out.push_str("\nBoards along the way:\n");
                out.push_str(&steps(board, &solution.moves));
            }
        }
        outcome => {
            out.push_str(&format!("\nNo solution: {}", describe(outcome)));
            out.push('\n');
        }
    }
    out.push_str("\nStatistics:\n");
    out.push_str(&stats_text(answer));
    out
}

/// One line of a batch report.
pub fn solve_line(board: &Board, answer: &Answer) -> String {
    let solution = &answer.solution;
    let head = format!("{}: {}", one_line(board), solution.outcome.name());
    match solution.outcome {
        // The explanation starts with the verdict: `<board>: unsolvable: <why>`.
        SolveOutcome::Unsolvable => {
            format!("{}: {}", one_line(board), solution.solvability.explain())
        }
        SolveOutcome::Solved => format!(
            "{head}, {} moves {}; {}",
            solution.moves.len(),
            format_moves(&solution.moves),
            stats_line(answer)
        ),
        _ => format!("{head}; {}", stats_line(answer)),
    }
}

fn describe(outcome: SolveOutcome) -> &'static str {
    match outcome {
        SolveOutcome::BudgetExhausted => "the node budget (--max-nodes) ran out (budget-exhausted)",
        SolveOutcome::NotFound => {
            "none within the depth limit (not-found); try a larger --depth-limit or an optimal method"
        }
        SolveOutcome::Cancelled => "the search was cancelled (cancelled)",
        SolveOutcome::Solved | SolveOutcome::Unsolvable => "",
    }
}

fn method(answer: &Answer) -> String {
    match heuristic_name(answer) {
        Some(h) => format!("{} with {h}", answer.solution.method.name()),
        None => answer.solution.method.name().to_string(),
    }
}

fn stats_line(answer: &Answer) -> String {
    let stats = &answer.solution.stats;
    format!(
        "{}, expanded {}, generated {}, max frontier {}, {:.3} ms",
        method(answer),
        stats.expanded,
        stats.generated,
        stats.max_frontier,
        stats.elapsed_ms
    )
}

fn stats_text(answer: &Answer) -> String {
    let stats = &answer.solution.stats;
    let optimal = if answer.solution.method.is_optimal() {
        "guarantees a shortest solution"
    } else {
        "does not guarantee a shortest solution"
    };
    format!(
        "  method        {} ({optimal})\n  expanded      {}\n  generated     {}\n  \
         max frontier  {}\n  elapsed       {:.3} ms\n",
        method(answer),
        stats.expanded,
        stats.generated,
        stats.max_frontier,
        stats.elapsed_ms
    )
}

/// The boards from start to goal, several to a row.
fn steps(board: &Board, moves: &[puzzle_core::Direction]) -> String {
    let mut blocks = vec![("start".to_string(), grid(board))];
    let mut current = board.clone();
    for (index, &direction) in moves.iter().enumerate() {
        current.apply(direction);
        blocks.push((format!("{} {direction}", index + 1), grid(&current)));
    }
    side_by_side(&blocks)
}

/// The rows of a board, tiles right-aligned, the blank shown as `.`.
pub fn grid(board: &Board) -> Vec<String> {
    let width = (board.cells().len() - 1).to_string().len();
    board
        .rows()
        .map(|row| {
            row.iter()
                .map(|&tile| match tile {
                    0 => format!("{:>width$}", "."),
                    t => format!("{t:>width$}"),
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

/// Labelled blocks of lines laid out left to right, wrapping at [`LINE_WIDTH`].
fn side_by_side(blocks: &[(String, Vec<String>)]) -> String {
    let column = blocks
        .iter()
        .map(|(label, lines)| {
            lines
                .iter()
                .map(String::len)
                .chain([label.len()])
                .max()
                .unwrap_or(0)
        })
        .max()
        .unwrap_or(0)
        + 3;
    let per_row = ((LINE_WIDTH - 2) / column).max(1);
    let mut out = String::new();
    for (index, chunk) in blocks.chunks(per_row).enumerate() {
        if index > 0 {
            out.push('\n');
        }
        let height = chunk.iter().map(|(_, l)| l.len()).max().unwrap_or(0);
        let labels = chunk.iter().map(|(label, _)| label.as_str());
        out.push_str(&row_of(labels, column));
        for line in 0..height {
            let cells = chunk
                .iter()
                .map(|(_, lines)| lines.get(line).map_or("", String::as_str));
            out.push_str(&row_of(cells, column));
        }
    }
    out
}

fn row_of<'a>(cells: impl Iterator<Item = &'a str>, column: usize) -> String {
    let line: String = cells.map(|c| format!("{c:<column$}")).collect();
    format!("  {}\n", line.trim_end())
}

/// `text` cut into lines of `width` characters, each after `indent` (moves have no spaces).
pub(crate) fn wrap(text: &str, width: usize, indent: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::new();
    for chunk in chars.chunks(width - indent.len()) {
        out.push_str(indent);
        out.extend(chunk);
        out.push('\n');
    }
    if chars.is_empty() {
        out.push_str(indent);
        out.push_str("(no moves: the board is the goal)\n");
    }
    out
}

/// Text broken into lines of at most `width` characters at spaces.
fn wrap_words(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.len() + 1 + word.len() > width {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The estimate a method used: the heuristic of a generic search, or the tables' name.
fn heuristic_name(answer: &Answer) -> Option<String> {
    if let Method::Formula { formula, .. } = &answer.solution.method {
        return Some(formula.text().to_string());
    }
    answer
        .solution
        .method
        .heuristic()
        .map(|h| h.name().to_string())
        .or_else(|| answer.tables.clone())
}
