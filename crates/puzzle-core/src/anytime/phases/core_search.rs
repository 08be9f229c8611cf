//! Weighted A* from the answer's way into the core: on the core with its tables, weights
//! decreasing, or, without tables on boards of at most 25 cells, on the whole board with
//! linear conflict.

use crate::anytime::budget::Halt;
use crate::anytime::core;
use crate::anytime::engines::{best_first, wastar, widestar};
use crate::anytime::run::Run;
use crate::anytime::{AnytimeConfig, BigTables};
use crate::moves::Direction;

impl Run<'_, '_, '_> {
    /// Weighted A* on the core with the pattern databases, weights decreasing; each solution
    /// is shortened by windows.
    pub(crate) fn core_search(
        &mut self,
        tables: &BigTables,
        base: &[Direction],
        config: &AnytimeConfig,
    ) -> Result<(), Halt> {
        let Some(split) = core::split(&self.start, base, tables) else {
            return Ok(());
        };
        if config.tuning.core_beam_share > 0.0 && tables.covers_whole_board() {
            let until = config.time_limit_ms * config.tuning.core_beam_share;
            self.core_beams(tables, &split, config, until)?;
            // After beams ranked by the tables, the weighted searches below gain less than
            // the tails and windows that follow get in the same time: without them, 5x5 at
            // 1 s 1.048 -> 1.044 times optimal on DeepCubeA's 248 dev states (1.055 -> 1.047
            // with a work clock) and 1.060 -> 1.052 on Korf's 50 (work clock); level at 10 s.
            return Ok(());
        }
        for &weight in &config.tuning.core_weights {
            if self.is_optimal() {
                return Ok(());
            }
            let allowed = self.best_len().saturating_sub(split.prefix.len());
            let found = wastar::search(
                &split.core_start,
                tables,
                weight,
                allowed,
                config.tuning.core_nodes,
                &mut self.budget,
            )?;
            match found {
                best_first::Found::Path(core_moves) => {
                    self.offer(split.stitch(&core_moves));
                    self.windows(
                        config.tuning.min_window,
                        config.tuning.min_window / 2,
                        config.tuning.window_nodes,
                    )?;
                    if config.tuning.guided_quick_nodes > 0 {
                        self.guided_round(tables, config, 0, config.tuning.guided_quick_nodes)?;
                    }
                }
                best_first::Found::NoneShorter => return Ok(()),
                best_first::Found::OutOfMemory => return Ok(()),
            }
        }
        Ok(())
    }

    /// Weighted A* on the whole board with linear conflict, weights decreasing.
    pub(crate) fn wide_search(&mut self, config: &AnytimeConfig) -> Result<(), Halt> {
        for &weight in &config.tuning.wide_weights {
            if self.is_optimal() {
                return Ok(());
            }
            let found = widestar::search(
                &self.start,
                &self.goal,
                weight,
                self.best_len(),
                config.tuning.wide_nodes,
                &mut self.budget,
            )?;
            match found {
                best_first::Found::Path(moves) => {
                    self.offer(moves);
                    self.windows(
                        config.tuning.min_window,
                        config.tuning.min_window / 2,
                        config.tuning.window_nodes,
                    )?;
                }
                best_first::Found::NoneShorter => return Ok(()),
                best_first::Found::OutOfMemory => return Ok(()),
            }
        }
        Ok(())
    }
}
