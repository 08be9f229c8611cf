//! The answer every solver gives: [`Solution`] (moves, counters, the method, a lower bound,
//! the parity verdict) and how the solve ended ([`SolveOutcome`]).

use crate::method::Method;
use crate::moves::Direction;
use crate::search::Stats;
use crate::solvability::Solvability;

/// How a solve ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum SolveOutcome {
    /// A solution was found.
    Solved,
    /// Parity shows the goal cannot be reached; no search was run.
    Unsolvable,
    /// The node budget ran out.
    BudgetExhausted,
    /// The caller cancelled.
    Cancelled,
    /// The method finished without a solution (DFS within its depth limit).
    NotFound,
}

impl SolveOutcome {
    /// The name used in JSON and reports.
    pub fn name(self) -> &'static str {
        match self {
            SolveOutcome::Solved => "solved",
            SolveOutcome::Unsolvable => "unsolvable",
            SolveOutcome::BudgetExhausted => "budget-exhausted",
            SolveOutcome::Cancelled => "cancelled",
            SolveOutcome::NotFound => "not-found",
        }
    }
}

/// The answer to a solve request.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Solution {
    /// How the run ended.
    pub outcome: SolveOutcome,
    /// The moves of the blank, start to goal (empty unless solved).
    pub moves: Vec<Direction>,
    /// Counters of the search.
    pub stats: Stats,
    /// The method that produced it.
    pub method: Method,
    /// An admissible lower bound on the optimal length, given by methods that do not prove
    /// their answer optimal (`None` from the optimal ones, whose length is the optimum).
    pub lower_bound: Option<u32>,
    /// The parity verdict, with its reasons.
    pub solvability: Solvability,
}

impl Solution {
    /// The answer for a board parity shows cannot reach the goal: no moves, no search.
    pub fn unsolvable(
        method: Method,
        solvability: Solvability,
        lower_bound: Option<u32>,
    ) -> Solution {
        Solution {
            outcome: SolveOutcome::Unsolvable,
            moves: Vec::new(),
            stats: Stats::default(),
            method,
            lower_bound,
            solvability,
        }
    }

    /// Number of moves, if solved.
    pub fn length(&self) -> Option<usize> {
        (self.outcome == SolveOutcome::Solved).then_some(self.moves.len())
    }

    /// Whether the solution is guaranteed to be a shortest one.
    pub fn is_optimal(&self) -> bool {
        self.outcome == SolveOutcome::Solved && self.stats.optimal
    }

    /// Length over the lower bound, when there is both (1 for a board already at the goal):
    /// the solution is at most this many times longer than a shortest one.
    pub fn bound_ratio(&self) -> Option<f64> {
        let length = self.length()?;
        let bound = self.lower_bound?;
        Some(if length == 0 {
            1.0
        } else {
            length as f64 / f64::from(bound.max(1))
        })
    }
}
