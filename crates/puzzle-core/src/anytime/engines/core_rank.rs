//! The core's rankings for the beam ([`crate::anytime::engines::beam`]) over the core's boards
//! (core labels): the tables' admissible estimate (direct and transposed sums, the moved
//! tile's group looked up again per move, [`Tabled`]) and blends of it with linear conflict
//! ([`Blended`]).

use crate::anytime::engines::rank::{Blend, LinearConflict, Ranker};
use crate::anytime::tables::entries::{GroupEntries, Values};
use crate::heuristic::LineConflicts;

/// Ranks core boards by the tables' estimate; keeps each board's group entries.
pub(crate) struct Tabled<'t> {
    pub(crate) entries: GroupEntries<'t>,
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
pub(crate) struct Blended<'t> {
    pub(crate) tabled: Tabled<'t>,
    pub(crate) conflict: LinearConflict,
    pub(crate) blend: Blend,
    /// The expanded board's two estimates.
    pub(crate) parent: (u32, u32),
}

/// What a [`Blended`] ranker keeps with a board: both rankers' `Aux` and estimates.
#[derive(Clone, Copy)]
pub(crate) struct BlendedKept {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::anytime::engines::beam::Beam;
    use crate::anytime::engines::rank::assert_per_move_estimates;
    use crate::anytime::tables::big::BigTables;
    use crate::board::Board;
    use crate::budget::Budget;
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
            let blends = [
                Blend::Larger,
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
            for blend in blends {
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
                    let optimum = crate::shorten::ida::shortest_between(
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
