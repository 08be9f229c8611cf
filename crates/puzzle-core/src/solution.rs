//! The answer every solver gives: [`Solution`] (moves, counters, the method, a lower bound,
//! the parity verdict), how the solve ended ([`SolveOutcome`]), and the one rounding rule for
//! the ratio a near-shortest answer is stated against ([`RatioAtMost`]).

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

    /// [`Solution::bound_ratio`] rounded up to hundredths, for a claim "at most N× the shortest".
    pub fn ratio_at_most(&self) -> Option<RatioAtMost> {
        Some(RatioAtMost::new(self.length()?, self.lower_bound?))
    }
}

/// How many times longer than a shortest answer an answer of `length` moves is at most, given a
/// lower bound on the shortest: `length / bound` rounded **up** to hundredths, in integers, so
/// that the claim it prints ("1.04") is never better than the truth (68 / 66 = 1.0303… prints
/// 1.04, not 1.03). Every place that states such a ratio, the page and the CLI, prints this.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct RatioAtMost {
    hundredths: u64,
}

impl RatioAtMost {
    /// The ratio of `length` to `bound` rounded up (a bound of 0 counts as 1, and an answer of
    /// no moves is 1.00: the board is at the goal).
    pub fn new(length: usize, bound: u32) -> RatioAtMost {
        let length = length as u64;
        if length == 0 {
            return RatioAtMost { hundredths: 100 };
        }
        let bound = u64::from(bound.max(1));
        RatioAtMost {
            hundredths: (length * 100).div_ceil(bound),
        }
    }

    /// The ratio in hundredths (104 for "1.04").
    pub fn hundredths(self) -> u64 {
        self.hundredths
    }
}

impl std::fmt::Display for RatioAtMost {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{:02}", self.hundredths / 100, self.hundredths % 100)
    }
}

#[cfg(test)]
mod tests {
    use super::RatioAtMost;
    use proptest::prelude::*;

    #[test]
    fn a_ratio_just_over_a_hundredth_rounds_up() {
        assert_eq!(RatioAtMost::new(68, 66).to_string(), "1.04");
        assert_eq!(RatioAtMost::new(66, 66).to_string(), "1.00");
        assert_eq!(RatioAtMost::new(0, 0).to_string(), "1.00");
        assert_eq!(RatioAtMost::new(113, 0).to_string(), "113.00");
        assert_eq!(RatioAtMost::new(200, 100).to_string(), "2.00");
        assert_eq!(RatioAtMost::new(201, 100).to_string(), "2.01");
        assert_eq!(RatioAtMost::new(2011, 1000).to_string(), "2.02");
    }

    proptest! {
        /// The printed ratio is never below the true one, and never a full hundredth above it:
        /// checked in exact integers (printed × bound ≥ 100 × length), not floats.
        #[test]
        fn the_printed_ratio_is_never_below_the_truth(length in 1usize..100_000, bound in 1u32..100_000) {
            let printed = RatioAtMost::new(length, bound).to_string();
            let (whole, frac) = printed.split_once('.').expect("two decimals");
            prop_assert_eq!(frac.len(), 2);
            let hundredths: u64 = whole.parse::<u64>().unwrap() * 100 + frac.parse::<u64>().unwrap();
            let (length, bound) = (length as u64, u64::from(bound));
            prop_assert!(hundredths * bound >= 100 * length, "{printed} < {length}/{bound}");
            prop_assert!((hundredths - 1) * bound < 100 * length, "{printed} is a hundredth too high for {length}/{bound}");
        }
    }
}
