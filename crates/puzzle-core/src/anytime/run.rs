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
use crate::anytime::{AnytimeConfig, BigTables, WholeTables};

/// Largest board (in cells) that gets line reduction; larger ones take the symmetric views
/// (on 8x8 the reduction of so many lines does not finish in time: `docs/BENCHMARKS.md`).
const LINE_REDUCTION_MAX_CELLS: usize = 49;

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

    /// The whole schedule; `Err` says why it stopped early.
    pub(crate) fn improve(
        &mut self,
        tables: Option<&BigTables>,
        config: &AnytimeConfig,
    ) -> Result<(), Halt> {
        if let Some(start) = &config.start {
            self.offer_start(start.clone());
        }
        if self.best.is_none() {
            self.first_answer()?;
        } else {
            self.budget.report()?;
        }
        self.windows(
            config.tuning.min_window,
            config.tuning.min_window / 2,
            config.tuning.window_nodes,
        )?;
        if tables.is_none_or(|t| !t.covers_whole_board()) && self.goal.cells().len() > 25 {
            self.beams(config)?;
        }
        if let Some(tables) = tables {
            let bases = if tables.covers_whole_board() {
                vec![self.best.clone().unwrap_or_default()]
            } else if config.tuning.outer_beam > 0
                && self.goal.cells().len() <= LINE_REDUCTION_MAX_CELLS
            {
                self.reduced_prefixes(tables, config)?
            } else {
                vec![self.shortest_prefix(tables, config)?]
            };
            // The full core search from each path to the core, best first, while time lasts.
            for base in bases.iter().take(config.tuning.outer_cores.max(1)) {
                self.core_search(tables, base, config)?;
            }
            // On the whole board the tails come next; on larger ones after the cheaper
            // plain windows (`window_rounds`).
            if tables.covers_whole_board() && config.tuning.tail_weight > 0.0 {
                self.tails(tables, config, 1.0)?;
            }
        } else if self.goal.cells().len() <= 25 {
            self.wide_search(config)?;
        }
        self.window_rounds(tables, config)?;
        match tables {
            Some(tables) if !tables.covers_whole_board() => self.again(tables, config)?,
            _ => {}
        }
        // The time left, where whole-board tables rank beams: beam windows from 8 times the
        // first beam's width, wider after each pass that gains nothing.
        if config.tuning.beam_window_span > 0 {
            let width = config.tuning.beam_width.saturating_mul(8);
            let (span, links) = (config.tuning.beam_window_span, config.tuning.beam_links);
            self.beam_windows(span, width, links, config.time_limit_ms)?;
        }
        Ok(())
    }
}
