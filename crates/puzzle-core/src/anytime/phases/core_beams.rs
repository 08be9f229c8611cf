//! Beams on the core ranked by the pattern databases: the beam search of `beam.rs` with the
//! tables' admissible estimate (direct and transposed sums, the moved tile's group looked up
//! again per move) instead of linear conflict, over the core's boards (core labels).
//!
//! The growing beams rank by the tables alone, and stop widening while there is time for
//! beams of their last width ranked by blends of the tables' estimate and linear conflict
//! ([`CORE_BLENDS`]), which then run in turn until the time is spent: another ranking is
//! another draw (a beam of the same ranking twice as wide mostly finds the same answer).

use crate::anytime::budget::Halt;
use crate::anytime::core::{self, Split};
use crate::anytime::engines::beam::Beam;
use crate::anytime::engines::rank::{Blend, LinearConflict, Ranker};
use crate::anytime::phases::beams::Growth;
use crate::anytime::run::Run;
use crate::anytime::tables::big::BigTables;
use crate::anytime::tables::entries::{GroupEntries, Values};
use crate::anytime::AnytimeConfig;
use crate::heuristic::LineConflicts;

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

/// Ranks core boards by the tables' estimate; keeps each board's group entries.
struct Tabled<'t> {
    entries: GroupEntries<'t>,
}

impl Ranker for Tabled<'_> {
    type Aux = Values;

    fn root(&mut self, cells: &[u8]) -> (u32, Values) {
        self.entries.place(cells.iter().copied());
        self.entries.look_up();
        (self.entries.estimate(), self.entries.values())
    }

    fn expand(&mut self, cells: &[u8], aux: &Values) {
        self.entries.place(cells.iter().copied());
        self.entries.set_values(aux);
    }

    #[inline]
    fn child(&mut self, _before: u32, blank: usize, from: usize) -> Option<(u32, Values)> {
        let slide = self.entries.slide(blank, from)?;
        Some((slide.estimate, self.entries.values_after(&slide)))
    }
}

/// Ranks core boards by a blend of the tables' estimate and linear conflict toward the core's
/// goal.
struct Blended<'t> {
    tabled: Tabled<'t>,
    conflict: LinearConflict,
    blend: Blend,
    /// The expanded board's two estimates.
    parent: (u32, u32),
}

/// What a [`Blended`] ranker keeps with a board: both rankers' `Aux` and estimates.
#[derive(Clone, Copy)]
struct BlendedKept {
    values: Values,
    lines: LineConflicts,
    tables: u32,
    conflict: u32,
}

impl Ranker for Blended<'_> {
    type Aux = BlendedKept;

    fn root(&mut self, cells: &[u8]) -> (u32, BlendedKept) {
        let (tables, values) = self.tabled.root(cells);
        let (conflict, lines) = self.conflict.root(cells);
        let kept = BlendedKept {
            values,
            lines,
            tables,
            conflict,
        };
        (self.blend.of(tables, conflict), kept)
    }

    fn expand(&mut self, cells: &[u8], kept: &BlendedKept) {
        self.tabled.expand(cells, &kept.values);
        self.conflict.expand(cells, &kept.lines);
        self.parent = (kept.tables, kept.conflict);
    }

    #[inline]
    fn child(&mut self, _before: u32, blank: usize, from: usize) -> Option<(u32, BlendedKept)> {
        let (tables, values) = self.tabled.child(self.parent.0, blank, from)?;
        let (conflict, lines) = self.conflict.child(self.parent.1, blank, from)?;
        let kept = BlendedKept {
            values,
            lines,
            tables,
            conflict,
        };
        Some((self.blend.of(tables, conflict), kept))
    }
}

impl Run<'_, '_, '_> {
    /// Core beams ([`Run::core_beams`]) on the best answer, while
    /// [`AnytimeTuning::core_beam_share`](crate::anytime::AnytimeTuning::core_beam_share) of the time limit lasts (they take the place of the
    /// weighted core searches: see `docs/BENCHMARKS.md`).
    pub(crate) fn core_beams_on_answer(
        &mut self,
        tables: &BigTables,
        config: &AnytimeConfig,
    ) -> Result<(), Halt> {
        let best = self.best.clone().unwrap_or_default();
        let Some(split) = core::split(&self.start, &best, tables) else {
            return Ok(());
        };
        let until = config.time_limit_ms * config.tuning.core_beam_share;
        self.core_beams(tables, &split, config, until)
    }

    /// Beams on the core part of a solution (`split`, cut where the blank enters the core for
    /// good), ranked by the tables, then by [`CORE_BLENDS`] at the last width, until
    /// `until_ms`; each shorter whole is offered.
    pub(crate) fn core_beams(
        &mut self,
        tables: &BigTables,
        split: &Split,
        config: &AnytimeConfig,
        until_ms: f64,
    ) -> Result<(), Halt> {
        let mut ranker = Tabled {
            entries: GroupEntries::new(tables),
        };
        let goal = &tables.layout().core_goal;
        let (start, prefix) = (&split.core_start, &split.prefix);
        let growth = Growth::LeavingDraws;
        let widest = self.beams_from(start, goal, prefix, &mut ranker, config, until_ms, growth)?;
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
        for salt in 0..ROUNDS {
            for blend in CORE_BLENDS {
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
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::anytime::budget::Budget;
    use crate::anytime::engines::rank::assert_per_move_estimates;
    use crate::board::Board;
    use crate::generate::{scramble_seeded, Scramble};
    use crate::goal::Goal;
    use crate::search::Limits;
    use crate::Shape;

    fn core_board(tables: &BigTables, board: &Board) -> Board {
        let layout = tables.layout();
        let cells = board.cells().iter().map(|&t| layout.label_of[t as usize]);
        Board::new(layout.core_goal.shape(), cells.map(usize::from).collect()).unwrap()
    }

    /// Along random walks, the ranker's estimate per move equals the tables' estimate
    /// computed from scratch (direct and transposed, standard and snail goals, an oblong
    /// board without the transposed lookup).
    #[test]
    fn per_move_estimates_match_the_tables() {
        for (width, height, goal) in [
            (3, 3, Goal::Standard),
            (4, 4, Goal::Snail),
            (4, 4, Goal::Standard),
            (4, 3, Goal::Snail),
        ] {
            let goal = goal.board(Shape::new(width, height).unwrap()).unwrap();
            let tables = BigTables::build(&goal, &mut Limits::default()).unwrap();
            let mut ranker = Tabled {
                entries: GroupEntries::new(&tables),
            };
            let board = core_board(&tables, &scramble_seeded(&goal, Scramble::Uniform, true, 7));
            let fresh = |board: &Board| tables.estimate_core(board.cells());
            assert_per_move_estimates(&mut ranker, board, 300, fresh);
        }
    }

    /// Along random walks, a blended ranker's estimate per move equals the blend of the
    /// tables' estimate and linear conflict computed from scratch, for every blend.
    #[test]
    fn blended_estimates_match_a_fresh_count() {
        use crate::heuristic::{Heuristic, HeuristicKind};
        for goal in [Goal::Standard, Goal::Snail] {
            let goal = goal.board(Shape::square(4).unwrap()).unwrap();
            let tables = BigTables::build(&goal, &mut Limits::default()).unwrap();
            let core_goal = &tables.layout().core_goal;
            let conflict = Heuristic::new(HeuristicKind::LinearConflict, core_goal);
            for blend in CORE_BLENDS.into_iter().chain([Blend::Larger]) {
                let fresh = |board: &Board| {
                    let cells = board.cells();
                    blend.of(tables.estimate_core(cells), conflict.estimate(cells))
                };
                let mut ranker = Blended {
                    tabled: Tabled {
                        entries: GroupEntries::new(&tables),
                    },
                    conflict: LinearConflict::toward(core_goal),
                    blend,
                    parent: (0, 0),
                };
                let board =
                    core_board(&tables, &scramble_seeded(&goal, Scramble::Uniform, true, 5));
                assert_per_move_estimates(&mut ranker, board, 300, fresh);
            }
        }
    }

    /// A beam wider than any depth of 3x3 finds optimal paths with the tables' ranking, and
    /// its 4x4 paths solve the board.
    #[test]
    fn tabled_beams_solve_and_are_optimal_when_wide() {
        for (side, width) in [(3, 200_000), (4, 2_000)] {
            let goal = Goal::Standard.board(Shape::square(side).unwrap()).unwrap();
            let tables = BigTables::build(&goal, &mut Limits::default()).unwrap();
            for seed in 0..4 {
                let board = scramble_seeded(&goal, Scramble::Uniform, true, seed);
                let core = core_board(&tables, &board);
                let mut limits = Limits::default();
                let mut budget = Budget::new(&mut limits, f64::INFINITY);
                let beam = Beam {
                    start: &core,
                    goal: &tables.layout().core_goal,
                    width,
                    shorter_than: usize::MAX,
                    until_ms: f64::INFINITY,
                    salt: 0,
                };
                let mut ranker = Tabled {
                    entries: GroupEntries::new(&tables),
                };
                let moves = beam
                    .search(&mut ranker, &mut budget)
                    .unwrap()
                    .expect("a path");
                assert_eq!(board.after(&moves).unwrap(), goal);
                if side == 3 {
                    let optimum = crate::anytime::engines::ida::shortest_within(
                        &board,
                        &goal,
                        31,
                        u64::MAX,
                        &mut budget,
                    )
                    .unwrap()
                    .expect("3x3 optima are at most 31");
                    assert_eq!(moves.len(), optimum.len(), "seed {seed}");
                }
            }
        }
    }
}
