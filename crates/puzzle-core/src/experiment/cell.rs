//! One cell of the experiment's table: a method at a depth, its solves summed up. Means and
//! medians are over the solves that finished; a cell where some hit the budget says so in its
//! [`CellStatus`], never silently.

use super::branching::effective_branching_factor;
use crate::solution::{Solution, SolveOutcome};

/// How a cell's solves went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum CellStatus {
    /// Every solve finished within the budget.
    Complete,
    /// Some solves hit the budget (or found nothing within a depth limit): the means are over
    /// the others only, and so flagged.
    Flagged,
    /// Not run: the method hit the budget at a smaller depth, and larger depths cost more.
    Skipped,
}

impl CellStatus {
    /// The name used in CSV and JSON.
    pub fn name(self) -> &'static str {
        match self {
            CellStatus::Complete => "complete",
            CellStatus::Flagged => "flagged",
            CellStatus::Skipped => "skipped",
        }
    }
}

/// A method's figures at one depth.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Cell {
    /// Whether every solve finished, some did not, or the cell was skipped.
    pub status: CellStatus,
    /// Solves run (0 when skipped).
    pub runs: usize,
    /// Solves that found a solution: the means and medians are over these.
    pub solved: usize,
    /// Solves stopped by the node budget.
    pub budget_hits: usize,
    /// Solves that ended without a solution otherwise (DFS within its depth limit).
    pub not_found: usize,
    /// Mean nodes generated (children made).
    pub mean_generated: Option<f64>,
    /// Median nodes generated.
    pub median_generated: Option<f64>,
    /// Mean nodes expanded (taken from OPEN, their children made).
    pub mean_expanded: Option<f64>,
    /// Median nodes expanded.
    pub median_expanded: Option<f64>,
    /// Mean time of a solve in milliseconds (of the experiment's clock).
    pub mean_ms: Option<f64>,
    /// Mean length of the solutions found (the depth itself for optimal methods).
    pub mean_length: Option<f64>,
    /// How much longer than the depth the solutions found are, on average: what a method that
    /// is not optimal (greedy, or a formula that overestimates) costs in moves.
    pub mean_excess: Option<f64>,
    /// Effective branching factor b* of the mean nodes generated at this depth.
    pub branching_factor: Option<f64>,
}

impl Cell {
    /// A cell not run because the method hit the budget at a smaller depth.
    pub fn skipped() -> Cell {
        Samples::default().into_cell(0, CellStatus::Skipped)
    }

    /// Whether some solves did not finish, so the means leave them out.
    pub fn is_flagged(&self) -> bool {
        self.status == CellStatus::Flagged
    }
}

/// The solves of one cell, gathered as they come.
#[derive(Clone, Debug, Default)]
pub(crate) struct Samples {
    runs: usize,
    budget_hits: usize,
    not_found: usize,
    generated: Vec<u64>,
    expanded: Vec<u64>,
    ms: Vec<f64>,
    lengths: Vec<usize>,
}

impl Samples {
    /// Counts one solve (a cancelled one never reaches here).
    pub(crate) fn add(&mut self, solution: &Solution) {
        self.runs += 1;
        match solution.outcome {
            SolveOutcome::Solved => {
                self.generated.push(solution.stats.generated);
                self.expanded.push(solution.stats.expanded);
                self.ms.push(solution.stats.elapsed_ms);
                self.lengths.push(solution.moves.len());
            }
            SolveOutcome::BudgetExhausted => self.budget_hits += 1,
            _ => self.not_found += 1,
        }
    }

    /// Whether some solve hit the budget.
    pub(crate) fn hit_budget(&self) -> bool {
        self.budget_hits > 0
    }

    /// The cell of these solves at `depth`.
    pub(crate) fn finish(self, depth: u32) -> Cell {
        let status = if self.solved() == self.runs {
            CellStatus::Complete
        } else {
            CellStatus::Flagged
        };
        self.into_cell(depth, status)
    }

    fn solved(&self) -> usize {
        self.generated.len()
    }

    fn into_cell(self, depth: u32, status: CellStatus) -> Cell {
        let mean_generated = mean(self.generated.iter().map(|&n| n as f64));
        let mean_length = mean(self.lengths.iter().map(|&n| n as f64));
        Cell {
            status,
            runs: self.runs,
            solved: self.solved(),
            budget_hits: self.budget_hits,
            not_found: self.not_found,
            mean_generated,
            median_generated: median(&self.generated),
            mean_expanded: mean(self.expanded.iter().map(|&n| n as f64)),
            median_expanded: median(&self.expanded),
            mean_ms: mean(self.ms.iter().copied()),
            mean_length,
            mean_excess: mean_length.map(|l| l - f64::from(depth)),
            branching_factor: mean_generated.and_then(|n| effective_branching_factor(n, depth)),
        }
    }
}

/// The mean, if there is any value.
fn mean(values: impl Iterator<Item = f64>) -> Option<f64> {
    let (sum, count) = values.fold((0.0, 0usize), |(s, c), v| (s + v, c + 1));
    (count > 0).then(|| sum / count as f64)
}

/// The median (the mean of the middle two for an even count), if there is any value.
fn median(values: &[u64]) -> Option<f64> {
    let mut sorted = values.to_vec();
    sorted.sort_unstable();
    let n = sorted.len();
    match n {
        0 => None,
        _ if n % 2 == 1 => Some(sorted[n / 2] as f64),
        _ => Some((sorted[n / 2 - 1] as f64 + sorted[n / 2] as f64) / 2.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn medians_of_odd_and_even_counts() {
        assert_eq!(median(&[]), None);
        assert_eq!(median(&[5, 1, 3]), Some(3.0));
        assert_eq!(median(&[4, 1, 3, 10]), Some(3.5));
        assert_eq!(mean([1.0, 2.0, 6.0].into_iter()), Some(3.0));
        assert_eq!(mean(std::iter::empty()), None);
    }

    #[test]
    fn a_skipped_cell_has_no_figures() {
        let cell = Cell::skipped();
        assert_eq!(cell.status, CellStatus::Skipped);
        assert_eq!((cell.runs, cell.mean_generated), (0, None));
        assert!(!cell.is_flagged());
    }
}
