//! Windows over the whole answer guided by the whole-board tables ([`crate::anytime::WholeTables`])
//! relabelled toward each window's end board (`guided.rs`): the same exact window searches
//! the core's tables give the core part, on every move of a 6x6 or 7x7 answer. The 4-tile
//! groups' entries settle windows of 48-72 moves that linear conflict leaves open.

use crate::anytime::engines::passes;
use crate::anytime::run::Run;
use crate::anytime::Settings;
use crate::budget::Halt;
use crate::shorten;

impl Run<'_, '_, '_> {
    /// Rounds of [`GuidedKnobs::windows`](crate::anytime::tuning::GuidedKnobs::windows) over the whole answer, each window allowed
    /// [`GuidedKnobs::nodes`](crate::anytime::tuning::GuidedKnobs::nodes) expansions, until a round gains nothing; nothing
    /// without whole-board tables.
    pub(crate) fn whole_guided_rounds(&mut self, settings: &Settings) -> Result<(), Halt> {
        let Some(whole) = self.whole.clone() else {
            return Ok(());
        };
        loop {
            let before = self.best_len();
            for &window in &settings.tuning.guided.windows {
                if self.is_optimal() {
                    return Ok(());
                }
                let Some(best) = self.latest_best() else {
                    return Ok(());
                };
                let (moves, halt) = passes::guided_window_pass(
                    &self.start,
                    &best,
                    &whole,
                    window,
                    settings.tuning.guided.nodes,
                    &mut self.budget,
                );
                self.offer(shorten::cut_loops(&self.start, &moves));
                if let Some(halt) = halt {
                    return Err(halt);
                }
            }
            if self.best_len() >= before {
                return Ok(());
            }
        }
    }
}
