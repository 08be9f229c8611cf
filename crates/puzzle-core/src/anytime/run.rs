//! One anytime solve in progress ([`Run`]): the board, the best answer so far and the budget,
//! shared by the phases ([`crate::anytime::phases`]), each of which is a part of its `impl`.

use crate::board::Board;
use crate::method::Method;
use crate::moves::Direction;
use crate::search::Stats;
use crate::solution::{Solution, SolveOutcome};
use crate::solvability::Solvability;
use crate::suboptimal::Approximate;

use crate::anytime::budget::{Budget, Halt};
use crate::anytime::plan::{Plan, Step};
use crate::anytime::{AnytimeConfig, WholeTables};

/// One anytime solve in progress.
pub(crate) struct Run<'r, 'l, 'a> {
    pub(crate) method: Method,
    pub(crate) start: Board,
    pub(crate) goal: Board,
    pub(crate) verdict: Solvability,
    pub(crate) lower_bound: u32,
    pub(crate) best: Option<Vec<Direction>>,
    /// Whole-board tables toward the goal, if given.
    pub(crate) whole: Option<WholeTables>,
    pub(crate) on_improve: &'r mut dyn FnMut(&Approximate),
    pub(crate) budget: Budget<'l, 'a>,
}

impl Run<'_, '_, '_> {
    pub(crate) fn best_len(&self) -> usize {
        self.best.as_ref().map_or(usize::MAX, Vec::len)
    }

    pub(crate) fn is_optimal(&self) -> bool {
        self.best_len() as u32 <= self.lower_bound
    }

    /// Keeps `moves` if they solve the board and are shorter than the best so far.
    pub(crate) fn offer(&mut self, moves: Vec<Direction>) {
        if moves.len() >= self.best_len() {
            return;
        }
        if self.start.after(&moves).ok().as_ref() != Some(&self.goal) {
            debug_assert!(false, "an improvement that does not solve the board");
            return;
        }
        self.budget.best = Some(moves.len());
        let answer = self.answer(moves.clone());
        self.best = Some(moves);
        (self.on_improve)(&answer);
    }

    pub(crate) fn answer(&mut self, moves: Vec<Direction>) -> Approximate {
        let length = moves.len() as u32;
        let stats = Stats {
            expanded: self.budget.expanded(),
            generated: self.budget.expanded(),
            elapsed_ms: self.budget.elapsed_ms(),
            optimal: length <= self.lower_bound,
            ..Stats::default()
        };
        let bound_ratio = if length == 0 {
            1.0
        } else {
            f64::from(length) / f64::from(self.lower_bound.max(1))
        };
        Approximate {
            solution: Solution {
                outcome: SolveOutcome::Solved,
                moves,
                stats,
                method: self.method,
                lower_bound: Some(self.lower_bound),
                solvability: self.verdict.clone(),
            },
            lower_bound: self.lower_bound,
            bound_ratio,
        }
    }

    /// The phases of `plan`, in order; `Err` says why it stopped early.
    pub(crate) fn improve(&mut self, plan: &Plan, config: &AnytimeConfig) -> Result<(), Halt> {
        for step in &plan.steps {
            self.step(step, config)?;
        }
        Ok(())
    }

    /// One phase.
    fn step(&mut self, step: &Step, config: &AnytimeConfig) -> Result<(), Halt> {
        let tuning = &config.tuning;
        match *step {
            Step::FirstAnswer => self.start_from(config.start.as_deref()),
            Step::QuickWindows => self
                .windows(
                    tuning.min_window,
                    tuning.min_window / 2,
                    tuning.window_nodes,
                )
                .map(drop),
            Step::Beams => self.beams(config),
            Step::WideSearch => self.wide_search(config),
            Step::CoreBeams(tables) => self.core_beams_on_answer(tables, config),
            Step::CoreSearch(tables, paths) => self.core_searches(tables, paths, config),
            Step::Tails(tables, share) => self.tails(tables, config, share),
            Step::Rounds(rounds) => self.window_rounds(&rounds, config),
            Step::RoundsAgain(rounds) => self.again(&rounds, config),
            // The time left: beam windows from 8 times the first beam's width, wider after
            // each pass that gains nothing.
            Step::BeamWindows => {
                let width = tuning.beam_width.saturating_mul(8);
                let (span, links) = (tuning.beam_window_span, tuning.beam_links);
                self.beam_windows(span, width, links, config.time_limit_ms)
            }
        }
    }
}
