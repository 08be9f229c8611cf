//! Windows: stretches of the answer replaced by shorter ones, searched exactly (IDA* with
//! linear conflict, or with the core's tables relabelled toward the window's end) or by
//! weighted A*, in rounds until one gains nothing.

use crate::anytime::core;
use crate::anytime::engines::passes;
use crate::anytime::plan::Rounds;
use crate::anytime::run::Run;
use crate::anytime::{BigTables, Settings};
use crate::budget::Halt;
use crate::shorten;

impl Run<'_, '_, '_> {
    /// One window pass over the best solution.
    pub(crate) fn windows(&mut self, window: usize, step: usize, nodes: u64) -> Result<bool, Halt> {
        let Some(best) = self.latest_best() else {
            return Ok(false);
        };
        if self.is_optimal() {
            return Ok(false);
        }
        let (moves, halt) =
            shorten::window_pass(&self.start, &best, window, step, nodes, &mut self.budget);
        let before = self.best_len();
        self.offer(shorten::cut_loops(&self.start, &moves));
        let improved = self.best_len() < before;
        match halt {
            Some(halt) => Err(halt),
            None => Ok(improved),
        }
    }

    /// What `rounds` says, in order: the guided rounds of the core part; then, if `plain`,
    /// the whole-board guided rounds, window passes of growing sizes and shifted starts until a
    /// full round gains nothing, the tails, longer windows with larger budgets and the
    /// weighted windows.
    pub(crate) fn window_rounds(
        &mut self,
        rounds: &Rounds,
        settings: &Settings,
    ) -> Result<(), Halt> {
        if let Some(tables) = rounds.guided {
            self.guided_rounds(tables, settings)?;
        }
        if !rounds.plain {
            return Ok(());
        }
        if rounds.whole {
            self.whole_guided_rounds(settings)?;
        }
        let min = settings.tuning.windows.min.max(2);
        let max = settings.tuning.windows.max.max(min);
        let mut nodes = settings.tuning.windows.nodes;
        loop {
            let mut improved = false;
            let mut window = min;
            while window <= max {
                if self.is_optimal() {
                    return Ok(());
                }
                improved |= self.windows(window, (window / 3).max(1), nodes)?;
                window += 6;
            }
            if !improved {
                break;
            }
        }
        if let Some(tables) = rounds.tails {
            self.tails(tables, settings, 0.5)?;
        }
        // Converged: larger windows with larger budgets while time is left.
        let mut window = max;
        for _ in 0..settings.tuning.windows.extra_rounds {
            window += 12;
            nodes = nodes.saturating_mul(3);
            if self.is_optimal() {
                break;
            }
            self.windows(window, (window / 3).max(1), nodes)?;
        }
        self.weighted_windows(settings)
    }

    /// Time left once the passes converged on a board larger than the core: they run again
    /// on the new answer (its junctions are new to them), with twice the expansions a window
    /// each time, while that gains. Measured on two 7x7 boards at 30 s: 363.5 -> 358.5 moves
    /// (one board's solve had ended at 16 s; loosening its path to the core again with longer
    /// windows gained nothing, so it is not done).
    pub(crate) fn again(&mut self, rounds: &Rounds, settings: &Settings) -> Result<(), Halt> {
        let mut settings = settings.clone();
        loop {
            settings.tuning.windows.nodes = settings.tuning.windows.nodes.saturating_mul(2);
            let before = self.best_len();
            self.window_rounds(rounds, &settings)?;
            if self.best_len() >= before {
                return Ok(());
            }
        }
    }

    /// Rounds of windows of the core part guided by the relabelled tables, until a round
    /// gains nothing; then, while time is left, rounds of windows 12 moves longer with three
    /// times the expansions, until the windows are longer than the core part.
    pub(crate) fn guided_rounds(
        &mut self,
        tables: &BigTables,
        settings: &Settings,
    ) -> Result<(), Halt> {
        let mut longer = 0;
        let mut nodes = settings.tuning.guided.nodes;
        loop {
            let before = self.best_len();
            self.guided_round(tables, settings, longer, nodes)?;
            if self.best_len() < before {
                continue;
            }
            let longest = settings
                .tuning
                .guided
                .windows
                .iter()
                .max()
                .copied()
                .unwrap_or(0)
                + longer;
            let core_part = self.best.as_ref().and_then(|best| {
                core::split(&self.start, best, tables).map(|s| best.len() - s.prefix.len())
            });
            if core_part.is_none_or(|part| longest >= part) {
                return Ok(());
            }
            longer += 12;
            nodes = nodes.saturating_mul(3);
        }
    }

    /// One pass of each guided window length (plus `longer`), `nodes` expansions a window.
    pub(crate) fn guided_round(
        &mut self,
        tables: &BigTables,
        settings: &Settings,
        longer: usize,
        nodes: u64,
    ) -> Result<(), Halt> {
        for &window in &settings.tuning.guided.windows {
            if self.is_optimal() {
                return Ok(());
            }
            let Some(best) = self.latest_best() else {
                return Ok(());
            };
            let Some(split) = core::split(&self.start, &best, tables) else {
                return Ok(());
            };
            let core_moves = &best[split.prefix.len()..];
            let (moves, halt) = passes::guided_window_pass(
                &split.core_start,
                core_moves,
                tables,
                window + longer,
                nodes,
                &mut self.budget,
            );
            self.offer(shorten::cut_loops(&self.start, &split.stitch(&moves)));
            if let Some(halt) = halt {
                return Err(halt);
            }
        }
        Ok(())
    }

    /// Long windows searched by weighted A* (linear conflict toward the window's end board).
    pub(crate) fn weighted_windows(&mut self, settings: &Settings) -> Result<(), Halt> {
        for &(window, weight) in &settings.tuning.windows.weighted {
            let Some(best) = self.latest_best() else {
                return Ok(());
            };
            if self.is_optimal() {
                return Ok(());
            }
            let (moves, halt) = passes::weighted_window_pass(
                &self.start,
                &best,
                window,
                weight,
                settings.tuning.windows.weighted_nodes,
                &mut self.budget,
            );
            self.offer(shorten::cut_loops(&self.start, &moves));
            if let Some(halt) = halt {
                return Err(halt);
            }
        }
        Ok(())
    }
}
