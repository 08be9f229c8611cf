//! Paths to the core on boards larger than it: the line reduction's (each loosened by tracked
//! windows and ranked by a quick core search) or the staged answers of the board's symmetric
//! views.

use crate::anytime::core;
use crate::anytime::engines::{best_first, passes, reduce, wastar};
use crate::anytime::run::Run;
use crate::anytime::{BigTables, Settings};
use crate::budget::Halt;
use crate::moves::Direction;
use crate::shorten;
use crate::solution::SolveOutcome;
use crate::suboptimal::{solve_staged_checked, StagedConfig};

/// Moves allowed to the quick core search that ranks the paths to the core.
const QUICK_CORE_LIMIT: usize = 10_000;

impl Run<'_, '_, '_> {
    /// The staged answers of the board's symmetric views (while a share of the time is left
    /// unspent), each offered; returns the one with the fewest moves outside the core.
    pub(crate) fn shortest_prefix(
        &mut self,
        tables: &BigTables,
        settings: &Settings,
    ) -> Result<Vec<Direction>, Halt> {
        let prefix_of = |run: &Self, moves: &[Direction]| {
            core::split(&run.start, moves, tables).map_or(usize::MAX, |s| s.prefix.len())
        };
        let mut base = self.best.clone().unwrap_or_default();
        let mut shortest = prefix_of(self, &base);
        for view in crate::symmetry::View::others() {
            if self.budget.elapsed_ms()
                > settings.config.time_limit_ms * settings.tuning.to_core.views_share
            {
                break;
            }
            let (Some(board), Some(goal)) = (view.board(&self.start), view.board(&self.goal))
            else {
                continue;
            };
            // A view of the board toward the same view of the goal is the same problem seen
            // otherwise: solvable as the board is.
            let answer = solve_staged_checked(
                &board,
                &goal,
                self.verdict.clone(),
                &StagedConfig::default(),
                self.budget.limits(),
            );
            self.budget.add(answer.solution.stats.expanded);
            match answer.solution.outcome {
                SolveOutcome::Solved => {}
                SolveOutcome::Cancelled => return Err(self.budget.halt(Halt::Cancelled)),
                _ => continue,
            }
            let moves = shorten::cut_loops(&self.start, &view.moves_back(&answer.solution.moves));
            let prefix = prefix_of(self, &moves);
            self.offer(moves.clone());
            if prefix < shortest {
                shortest = prefix;
                base = moves;
            }
            self.budget.report()?;
        }
        Ok(base)
    }

    /// Paths to the core: the staged answer's and those of the line reductions
    /// ([`reduce::path_to_core`]), each completed by a quick core search (the first core
    /// weight, a quarter of the states) and offered; returned shortest whole first.
    pub(crate) fn reduced_prefixes(
        &mut self,
        tables: &BigTables,
        settings: &Settings,
    ) -> Result<Vec<Vec<Direction>>, Halt> {
        let staged = self.best.clone().unwrap_or_default();
        let core = tables.layout().rect;
        let mut candidates = vec![staged];
        let reduce = reduce::ReduceConfig {
            weights: settings.tuning.to_core.line_weights.clone(),
            line_nodes: settings.tuning.to_core.line_nodes,
            beam: settings.tuning.to_core.line_beam,
            hurry_ms: settings.config.time_limit_ms * settings.tuning.to_core.views_share,
        };
        let found = reduce::path_to_core(&self.start, &self.goal, core, &reduce, &mut self.budget)?;
        for prefix in found {
            let prefix = shorten::cut_loops(&self.start, &prefix);
            if !candidates.contains(&prefix) {
                candidates.push(prefix);
            }
        }
        let Some(&weight) = settings.tuning.core.weights.first() else {
            return Ok(candidates);
        };
        let mut ranked = Vec::with_capacity(candidates.len());
        for prefix in candidates {
            let Some(split) = core::split(&self.start, &prefix, tables) else {
                continue;
            };
            let prefix = self.loosened(split.prefix, tables, settings)?;
            let Some(split) = core::split(&self.start, &prefix, tables) else {
                continue;
            };
            let found = wastar::search(
                &split.core_start,
                tables,
                weight,
                QUICK_CORE_LIMIT,
                settings.tuning.core.nodes / 4,
                &mut self.budget,
            )?;
            let whole = match found {
                best_first::Found::Path(core_moves) => split.stitch(&core_moves),
                _ => continue,
            };
            ranked.push((whole.len(), prefix));
            self.offer(whole);
        }
        ranked.sort_by_key(|(length, _)| *length);
        Ok(ranked.into_iter().map(|(_, prefix)| prefix).collect())
    }

    /// A path to the core shortened by windows that keep only the tiles outside the core and
    /// the blank where they were ([`passes::tracked_window_pass`]), loops cut.
    pub(crate) fn loosened(
        &mut self,
        mut prefix: Vec<Direction>,
        tables: &BigTables,
        settings: &Settings,
    ) -> Result<Vec<Direction>, Halt> {
        let rect = tables.layout().rect;
        let shape = self.goal.shape();
        let mut tracked = vec![false; shape.cells()];
        for (cell, &tile) in self.goal.cells().iter().enumerate() {
            tracked[tile as usize] =
                tile != 0 && !rect.contains(shape.row(cell), shape.column(cell));
        }
        for &window in &settings.tuning.to_core.tracked_windows {
            let (moves, halt) = passes::tracked_window_pass(
                &self.start,
                &prefix,
                &tracked,
                window,
                settings.tuning.to_core.tracked_nodes,
                &mut self.budget,
            );
            prefix = shorten::cut_loops(&self.start, &moves);
            if let Some(halt) = halt {
                return Err(halt);
            }
        }
        Ok(prefix)
    }
}
