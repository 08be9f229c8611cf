//! Beams on the core ranked by the pattern databases: the beam search
//! ([`crate::anytime::engines::beam`]) with the tables' admissible estimate
//! ([`crate::anytime::engines::core_rank`]) instead of linear conflict, over the core's boards
//! (core labels).
//!
//! The growing beams rank by the tables alone, and stop widening while there is time for
//! beams of their last width ranked by blends of the tables' estimate and linear conflict
//! ([`CORE_BLENDS`]), which then run in turn until the time is spent: another ranking is
//! another draw (a beam of the same ranking twice as wide mostly finds the same answer). On
//! several threads the lanes share out the draws, and the odd lanes widen their growing beams
//! as far as the time allows instead (DeepCubeA's 5x5 dev states, 40 boards, two threads, work
//! clock: 92.55 -> 92.40 moves at 10 s, 94.85 -> 94.60 at 1 s). Where the core is the whole
//! board, the last lane proves instead of drawing once its growing beams end (IDA* with the
//! tables, [`Run::prove_core`]), and the other lanes share out all the draws: the answers
//! state a bound close to them (see `docs/BENCHMARKS.md`).

use crate::anytime::core::{self, Split};
use crate::anytime::engines::beam::Beam;
use crate::anytime::engines::core_rank::{Blended, Tabled};
use crate::anytime::engines::guided;
use crate::anytime::engines::rank::{Blend, LinearConflict};
use crate::anytime::phases::beams::Growth;
use crate::anytime::run::Run;
use crate::anytime::tables::big::BigTables;
use crate::anytime::tables::entries::GroupEntries;
use crate::anytime::Settings;
use crate::budget::Halt;

/// The blends the core's beams rank by after the growing beams, in turn (then again with
/// other tie-breaks), in the order measured. On DeepCubeA's 5x5 dev states with a work clock,
/// 10 s a board (chosen on boards 1-20: 1.031 -> 1.024 times optimal; the others 21-248:
/// 1.022 -> 1.019); level at 1 s (248 boards: 1.047 -> 1.046), where one or two of them run.
const CORE_BLENDS: [Blend; 4] = [
    Blend::Sum {
        tables: 3,
        conflict: 1,
    },
    Blend::Sum {
        tables: 1,
        conflict: 1,
    },
    Blend::Sum {
        tables: 2,
        conflict: 1,
    },
    Blend::Sum {
        tables: 1,
        conflict: 3,
    },
];

/// Tie-break salts each blend is tried with at most (the blends' beams in turn, again).
const ROUNDS: u64 = 4;

impl Run<'_, '_, '_> {
    /// Core beams ([`Run::core_beams`]) on the best answer, while
    /// [`CoreKnobs::beam_share`](crate::anytime::tuning::CoreKnobs::beam_share) of the time limit lasts (they take the place of the
    /// weighted core searches: see `docs/BENCHMARKS.md`).
    pub(crate) fn core_beams_on_answer(
        &mut self,
        tables: &BigTables,
        settings: &Settings,
    ) -> Result<(), Halt> {
        let best = self.best.clone().unwrap_or_default();
        let Some(split) = core::split(&self.start, &best, tables) else {
            return Ok(());
        };
        let until = settings.config.time_limit_ms * settings.tuning.core.beam_share;
        self.core_beams(tables, &split, settings, until)
    }

    /// Beams on the core part of a solution (`split`, cut where the blank enters the core for
    /// good), ranked by the tables, then by [`CORE_BLENDS`] at the last width, until
    /// `until_ms`; each shorter whole is offered.
    pub(crate) fn core_beams(
        &mut self,
        tables: &BigTables,
        split: &Split,
        settings: &Settings,
        until_ms: f64,
    ) -> Result<(), Halt> {
        let mut ranker = Tabled {
            entries: GroupEntries::new(tables),
        };
        let goal = &tables.layout().core_goal;
        let (start, prefix) = (&split.core_start, &split.prefix);
        // On several threads, the odd lanes widen their beams as far as the time allows while
        // the even ones leave time for the draws: the two things more time buys, side by side.
        let growth = match self.lane_index() % 2 {
            1 => Growth::ToCap,
            _ => Growth::LeavingDraws,
        };
        let widest =
            self.beams_from(start, goal, prefix, &mut ranker, settings, until_ms, growth)?;
        // Where the core is the whole board, the last of several lanes proves from here on
        // instead of drawing ([`Run::prove_core`]), and the others share its draws.
        let beside_proof = split.prefix.is_empty();
        if beside_proof && self.budget.lane.as_ref().is_some_and(|lane| lane.proves()) {
            return self.prove_core(tables, split);
        }
        let Some(widest) = widest else {
            return Ok(());
        };
        let mut ranker = Blended {
            tabled: ranker,
            conflict: LinearConflict::toward(goal),
            blend: CORE_BLENDS[0],
            parent: (0, 0),
        };
        let mut took = widest.took_ms;
        // On several threads each lane takes every `threads`-th of the single thread's draws.
        let draws = (0..ROUNDS).flat_map(|salt| CORE_BLENDS.map(|blend| (salt, blend)));
        for (salt, blend) in self.my_draws(draws, beside_proof) {
            if until_ms - self.budget.elapsed_ms() < took || self.is_optimal() {
                return Ok(());
            }
            let began = self.budget.elapsed_ms();
            ranker.blend = blend;
            let beam = Beam {
                start,
                goal,
                width: widest.width,
                shorter_than: self.best_len().saturating_sub(prefix.len()),
                until_ms,
                salt,
            };
            if let Some(moves) = beam.search(&mut ranker, &mut self.budget)? {
                self.offer(split.stitch(&moves));
            }
            took = self.budget.elapsed_ms() - began;
        }
        Ok(())
    }

    /// On several threads, the last lane's part after its growing beams when the core is the
    /// whole board: IDA* with the tables until the time limit, instead of more beams. Each
    /// finished iteration proves the answers no shorter than its threshold, and the bound is
    /// shared at once; once it reaches the best answer's length (that answer is a shortest
    /// one), or the search reaches the goal (a shortest answer), every lane stops.
    fn prove_core(&mut self, tables: &BigTables, split: &Split) -> Result<(), Halt> {
        let Some(lane) = self.budget.lane.clone() else {
            return Ok(());
        };
        let mut proven = self.bound();
        let mut enough = |bound: u32| {
            lane.prove(bound);
            bound as usize >= lane.best_len()
        };
        let found = guided::prove(
            &split.core_start,
            tables,
            &mut proven,
            &mut self.budget,
            &mut enough,
        );
        if let Ok(Some(moves)) = &found {
            let whole = split.stitch(moves);
            lane.prove(whole.len() as u32);
            self.offer(whole);
        }
        found.map(drop)
    }
}
