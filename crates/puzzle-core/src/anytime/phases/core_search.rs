//! Weighted A* from the answer's way into the core: on the core with its tables, weights
//! decreasing, or, without tables on boards of at most 25 cells, on the whole board with
//! linear conflict.

use crate::anytime::core;
use crate::anytime::engines::{best_first, wastar, widestar};
use crate::anytime::plan::Paths;
use crate::anytime::run::Run;
use crate::anytime::{BigTables, Settings};
use crate::budget::Halt;
use crate::moves::Direction;

impl Run<'_, '_, '_> {
    /// The full core search ([`Run::core_search`]) from each path to the core `paths` gives,
    /// best first, while time lasts (at most [`CoreKnobs::paths`](crate::anytime::tuning::CoreKnobs::paths) of them).
    pub(crate) fn core_searches(
        &mut self,
        tables: &BigTables,
        paths: Paths,
        settings: &Settings,
    ) -> Result<(), Halt> {
        let bases = match paths {
            Paths::Answer => vec![self.best.clone().unwrap_or_default()],
            Paths::LineReduction => self.reduced_prefixes(tables, settings)?,
            Paths::Views => vec![self.shortest_prefix(tables, settings)?],
        };
        for base in bases.iter().take(settings.tuning.core.paths.max(1)) {
            self.core_search(tables, base, settings)?;
        }
        Ok(())
    }

    /// Weighted A* on the core with the pattern databases, weights decreasing; each solution
    /// is shortened by windows.
    pub(crate) fn core_search(
        &mut self,
        tables: &BigTables,
        base: &[Direction],
        settings: &Settings,
    ) -> Result<(), Halt> {
        let Some(split) = core::split(&self.start, base, tables) else {
            return Ok(());
        };
        for &weight in &settings.tuning.core.weights {
            if self.is_optimal() {
                return Ok(());
            }
            let allowed = self.best_len().saturating_sub(split.prefix.len());
            let found = wastar::search(
                &split.core_start,
                tables,
                weight,
                allowed,
                settings.tuning.core.nodes,
                &mut self.budget,
            )?;
            match found {
                best_first::Found::Path(core_moves) => {
                    self.offer(split.stitch(&core_moves));
                    self.windows(
                        settings.tuning.windows.min,
                        settings.tuning.windows.min / 2,
                        settings.tuning.windows.nodes,
                    )?;
                    if settings.tuning.guided.quick_nodes > 0 {
                        self.guided_round(tables, settings, 0, settings.tuning.guided.quick_nodes)?;
                    }
                }
                best_first::Found::NoneShorter => return Ok(()),
                best_first::Found::OutOfMemory => return Ok(()),
            }
        }
        Ok(())
    }

    /// Weighted A* on the whole board with linear conflict, weights decreasing.
    pub(crate) fn wide_search(&mut self, settings: &Settings) -> Result<(), Halt> {
        for &weight in &settings.tuning.core.wide_weights {
            if self.is_optimal() {
                return Ok(());
            }
            let found = widestar::search(
                &self.start,
                &self.goal,
                weight,
                self.best_len(),
                settings.tuning.core.wide_nodes,
                &mut self.budget,
            )?;
            match found {
                best_first::Found::Path(moves) => {
                    self.offer(moves);
                    self.windows(
                        settings.tuning.windows.min,
                        settings.tuning.windows.min / 2,
                        settings.tuning.windows.nodes,
                    )?;
                }
                best_first::Found::NoneShorter => return Ok(()),
                best_first::Found::OutOfMemory => return Ok(()),
            }
        }
        Ok(())
    }
}
