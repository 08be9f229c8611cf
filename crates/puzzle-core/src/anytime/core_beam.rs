//! Beams on the core ranked by the pattern databases: the beam search of `beam.rs` with the
//! tables' admissible estimate (direct and transposed sums, the moved tile's group looked up
//! again per move) instead of linear conflict, over the core's boards (core labels).

use super::beam::Ranker;
use super::budget::Halt;
use super::core::Split;
use super::entries::{GroupEntries, Values};
use super::tables::BigTables;
use super::{AnytimeConfig, Run};

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

impl Run<'_, '_, '_> {
    /// Beams on the core part of a solution (`split`, cut where the blank enters the core for
    /// good), ranked by the tables, until `until_ms`; each shorter whole is offered.
    pub(super) fn core_beams(
        &mut self,
        tables: &BigTables,
        split: &Split,
        config: &AnytimeConfig,
        until_ms: f64,
    ) -> Result<(), Halt> {
        let mut ranker = Tabled {
            entries: GroupEntries::new(tables),
        };
        self.beams_from(
            &split.core_start,
            &tables.layout().core_goal,
            &split.prefix,
            &mut ranker,
            config,
            until_ms,
            false,
        )?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::anytime::beam::Beam;
    use crate::anytime::budget::Budget;
    use crate::board::Board;
    use crate::generate::{scramble_seeded, Scramble};
    use crate::goal::Goal;
    use crate::moves::Direction;
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
            let mut board =
                core_board(&tables, &scramble_seeded(&goal, Scramble::Uniform, true, 7));
            let (mut estimate, mut aux) = ranker.root(board.cells());
            assert_eq!(estimate, tables.estimate_core(board.cells()));
            for step in 0..300 {
                let blank = board.blank();
                ranker.expand(board.cells(), &aux);
                let direction = Direction::ALL[(step * 7 + step / 3) % 4];
                let Some(from) = board.shape().neighbour(blank, direction) else {
                    continue;
                };
                (estimate, aux) = ranker
                    .child(estimate, blank, from)
                    .expect("every tile moves");
                assert!(board.apply(direction));
                assert_eq!(estimate, tables.estimate_core(board.cells()), "step {step}");
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
                    let optimum = super::super::ida::shortest_within(
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
