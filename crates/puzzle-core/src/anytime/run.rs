//! One anytime solve in progress ([`Run`]): the board, the best answer so far and the budget,
//! shared by the phases ([`crate::anytime::phases`]), each of which is a part of its `impl`.

use crate::board::Board;
use crate::method::Method;
use crate::moves::Direction;
use crate::search::Stats;
use crate::solution::{Solution, SolveOutcome};
use crate::solvability::Solvability;
use crate::suboptimal::Approximate;

use crate::anytime::plan::{Plan, Step};
use crate::anytime::{Settings, WholeTables};
use crate::budget::{Budget, Halt};

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

/// What a solve works on, for starting its runs and answering ([`Run::new`]).
pub(crate) struct Problem {
    pub(crate) method: Method,
    pub(crate) start: Board,
    pub(crate) goal: Board,
    pub(crate) verdict: Solvability,
    pub(crate) lower_bound: u32,
    pub(crate) whole: Option<WholeTables>,
}

impl Problem {
    /// The answer `moves` (a solution), no shorter than `lower_bound` (this problem's, or more
    /// where a search proved more), with the counters given.
    pub(crate) fn answer(
        &self,
        moves: Vec<Direction>,
        lower_bound: u32,
        expanded: u64,
        elapsed_ms: f64,
    ) -> Approximate {
        let length = moves.len() as u32;
        let stats = Stats {
            expanded,
            generated: expanded,
            elapsed_ms,
            optimal: length <= lower_bound,
            ..Stats::default()
        };
        let bound_ratio = if length == 0 {
            1.0
        } else {
            f64::from(length) / f64::from(lower_bound.max(1))
        };
        Approximate {
            solution: Solution {
                outcome: SolveOutcome::Solved,
                moves,
                stats,
                method: self.method.clone(),
                lower_bound: Some(lower_bound),
                solvability: self.verdict.clone(),
            },
            lower_bound,
            bound_ratio,
        }
    }

    /// No answer, for `outcome`.
    pub(crate) fn unsolved(&self, outcome: SolveOutcome) -> Approximate {
        crate::anytime::unsolved(
            self.method.clone(),
            outcome,
            self.verdict.clone(),
            self.lower_bound,
        )
    }
}

impl<'r, 'l, 'a> Run<'r, 'l, 'a> {
    /// A run of `problem` with no answer yet.
    pub(crate) fn new(
        problem: &Problem,
        on_improve: &'r mut dyn FnMut(&Approximate),
        budget: Budget<'l, 'a>,
    ) -> Self {
        Run {
            method: problem.method.clone(),
            start: problem.start.clone(),
            goal: problem.goal.clone(),
            verdict: problem.verdict.clone(),
            lower_bound: problem.lower_bound,
            best: None,
            whole: problem.whole.clone(),
            on_improve,
            budget,
        }
    }
}

impl Run<'_, '_, '_> {
    /// The length of the best answer so far (of every lane's, on several threads).
    pub(crate) fn best_len(&self) -> usize {
        let own = self.best.as_ref().map_or(usize::MAX, Vec::len);
        match &self.budget.lane {
            Some(lane) => own.min(lane.best_len()),
            None => own,
        }
    }

    pub(crate) fn is_optimal(&self) -> bool {
        self.best_len() as u32 <= self.bound()
    }

    /// The lower bound of the answers: the problem's, or more where a lane proved more.
    pub(crate) fn bound(&self) -> u32 {
        let proven = self.budget.lane.as_ref().map_or(0, |l| l.shared.proven());
        self.lower_bound.max(proven)
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
        if let Some(lane) = &self.budget.lane {
            lane.offer(&moves);
        }
        self.budget.best = Some(moves.len());
        let answer = self.answer(moves.clone());
        self.best = Some(moves);
        (self.on_improve)(&answer);
    }

    /// On several threads, takes on the best answer of every lane if it is shorter than this
    /// run's (it went to the caller from the lane that found it); nothing on one thread.
    pub(crate) fn adopt(&mut self) {
        let own = self.best.as_ref().map_or(usize::MAX, Vec::len);
        if let Some(moves) = self.budget.lane.as_ref().and_then(|l| l.shorter_than(own)) {
            self.budget.best = Some(moves.len());
            self.best = Some(moves);
        }
    }

    /// The answer to improve on: this run's best, or another lane's if shorter ([`Self::adopt`]).
    pub(crate) fn latest_best(&mut self) -> Option<Vec<Direction>> {
        self.adopt();
        self.best.clone()
    }

    /// The beams' tie-breaking salt: 0, or the lane's on several threads.
    pub(crate) fn salt(&self) -> u64 {
        self.budget.lane.as_ref().map_or(0, |lane| lane.salt())
    }

    /// This run's lane: 0 on one thread.
    pub(crate) fn lane_index(&self) -> usize {
        self.budget.lane.as_ref().map_or(0, |lane| lane.index)
    }

    /// This run's share of a list of draws, in order: all of them on one thread, every
    /// `threads`-th (from its own index) in a lane; with `beside_proof`, the lanes other than
    /// the one that proves ([`Lane::proves`](crate::budget::shared::Lane::proves)) share them.
    pub(crate) fn my_draws<T>(
        &self,
        draws: impl IntoIterator<Item = T>,
        beside_proof: bool,
    ) -> Vec<T> {
        let lane = self.budget.lane.as_ref();
        let lanes = lane.map_or(1, |lane| {
            match beside_proof && lane.proof_lane().is_some() {
                true => lane.count - 1,
                false => lane.count,
            }
        });
        let index = lane.map_or(0, |lane| lane.index);
        (draws.into_iter().enumerate())
            .filter(|&(i, _)| i % lanes == index)
            .map(|(_, draw)| draw)
            .collect()
    }

    pub(crate) fn answer(&mut self, moves: Vec<Direction>) -> Approximate {
        let problem = Problem {
            method: self.method.clone(),
            start: self.start.clone(),
            goal: self.goal.clone(),
            verdict: self.verdict.clone(),
            lower_bound: self.lower_bound,
            whole: None,
        };
        problem.answer(
            moves,
            self.bound(),
            self.budget.expanded(),
            self.budget.elapsed_ms(),
        )
    }

    /// The phases of `plan`, in order; `Err` says why it stopped early.
    pub(crate) fn improve(&mut self, plan: &Plan, settings: &Settings) -> Result<(), Halt> {
        for step in &plan.steps {
            self.adopt();
            self.step(step, settings)?;
        }
        Ok(())
    }

    /// One phase.
    fn step(&mut self, step: &Step, settings: &Settings) -> Result<(), Halt> {
        let tuning = &settings.tuning;
        match *step {
            Step::FirstAnswer => self.start_from(settings.config.start.as_deref()),
            Step::QuickWindows => self
                .windows(
                    tuning.windows.min,
                    tuning.windows.min / 2,
                    tuning.windows.nodes,
                )
                .map(drop),
            Step::Beams => self.beams(settings),
            Step::WideSearch => self.wide_search(settings),
            Step::CoreBeams(tables) => self.core_beams_on_answer(tables, settings),
            Step::CoreSearch(tables, paths) => self.core_searches(tables, paths, settings),
            Step::Tails(tables, share) => self.tails(tables, settings, share),
            Step::Rounds(rounds) => self.window_rounds(&rounds, settings),
            Step::RoundsAgain(rounds) => self.again(&rounds, settings),
            // The time left: beam windows from 8 times the first beam's width, wider after
            // each pass that gains nothing.
            Step::BeamWindows => {
                let width = tuning.beams.width.saturating_mul(8);
                let (span, links) = (tuning.beams.window_span, tuning.beams.links);
                self.beam_windows(span, width, links, settings.config.time_limit_ms)
            }
        }
    }
}
