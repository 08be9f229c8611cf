//! Tail searches: weighted A* with the core's tables from boards along the core part of the
//! best answer toward the goal, each pruned by the moves it must beat.
//!
//! The core search's weighted A* runs out of states at weights near 1.5 on hard 5x5 boards,
//! and the guided windows then converge on an answer that is locally shortest for every window
//! they can settle, yet several moves too long. A search from a board partway along the answer
//! is a smaller problem, so a lower weight fits in the same states, and the answer it finds
//! may take another way to the goal altogether.

use crate::anytime::core;
use crate::anytime::engines::{best_first, wastar};
use crate::anytime::run::Run;
use crate::anytime::tables::big::BigTables;
use crate::anytime::Settings;
use crate::budget::Halt;
use crate::shorten;

impl Run<'_, '_, '_> {
    /// Weighted A* from boards along the core part of the best solution toward the goal, each
    /// bounded by the moves it must beat ("tails"), `tail_step` moves apart, in passes whose
    /// starts shift by half a step. The weight adapts: up by 0.1 after a search that ran out of
    /// states, down by 0.05 after one that settled (between 1.1 and 2).
    /// `share` of the time left goes to them at most (the passes after them need the rest).
    pub(crate) fn tails(
        &mut self,
        tables: &BigTables,
        settings: &Settings,
        share: f64,
    ) -> Result<(), Halt> {
        let until = self.budget.elapsed_ms() + share * self.budget.left_ms();
        let step = settings.tuning.tails.step.max(2);
        let mut weight = settings.tuning.tails.weight;
        for pass in 0..4 {
            let mut k = step - (pass % 2) * (step / 2);
            loop {
                let Some(best) = self.latest_best() else {
                    return Ok(());
                };
                let Some(split) = core::split(&self.start, &best, tables) else {
                    return Ok(());
                };
                let core_moves = &best[split.prefix.len()..];
                if self.is_optimal() || self.budget.elapsed_ms() > until {
                    return Ok(());
                }
                if k + 2 >= core_moves.len() {
                    break;
                }
                let Ok(at) = split.core_start.after(&core_moves[..k]) else {
                    return Ok(());
                };
                let found = wastar::search(
                    &at,
                    tables,
                    weight,
                    core_moves.len() - k,
                    settings.tuning.tails.nodes,
                    &mut self.budget,
                )?;
                match found {
                    best_first::Found::Path(tail) => {
                        let mut moves = split.stitch(&core_moves[..k]);
                        moves.extend_from_slice(&tail);
                        self.offer(shorten::cut_loops(&self.start, &moves));
                        if settings.tuning.guided.quick_nodes > 0 {
                            self.guided_round(
                                tables,
                                settings,
                                0,
                                settings.tuning.guided.quick_nodes,
                            )?;
                        }
                        weight = (weight - 0.05).max(1.1);
                    }
                    best_first::Found::NoneShorter => weight = (weight - 0.05).max(1.1),
                    best_first::Found::OutOfMemory => weight = (weight + 0.1).min(2.0),
                }
                k += step;
            }
        }
        Ok(())
    }
}
