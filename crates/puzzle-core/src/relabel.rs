//! One problem under two goals: solving `board` toward a goal `from` is the same problem as
//! solving a renamed copy toward another goal `to`, when a symmetry of the board (a flip, a
//! half turn or, on square boards, a transposition) puts `from`'s blank on `to`'s. The board
//! is seen through that symmetry, its tiles are renamed so that `from` becomes `to`, and the
//! moves found are mapped back. Distances are kept exactly, so an optimal answer stays optimal.
//!
//! It lets one set of tables serve many goals: the standard goal's 4x4 databases also solve
//! toward the blank-first goal of Korf's benchmark (a half turn), and toward any goal with the
//! blank in a corner.

use crate::board::Board;
use crate::goal::Goal;
use crate::moves::Direction;
use crate::symmetry::View;

/// A map from problems toward one goal to problems toward another ([`Relabel::between`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Relabel {
    view: View,
    /// `rename[t]`: the name of tile `t` (of the seen board) toward the other goal.
    rename: Vec<u8>,
}

impl Relabel {
    /// The map from problems toward `from` to problems toward `to`: the first symmetry that
    /// keeps the shape and puts `from`'s blank on `to`'s (the identity when the blanks already
    /// coincide), then the renaming. `None` if the shapes differ or no symmetry fits.
    pub fn between(from: &Board, to: &Board) -> Option<Relabel> {
        let shape = from.shape();
        if to.shape() != shape {
            return None;
        }
        let view = View::all().find(|view| {
            view.shape(shape) == Some(shape) && view.cell(shape, from.blank()) == to.blank()
        })?;
        let seen = view.board(from)?;
        let mut rename = vec![0u8; shape.cells()];
        for (cell, &tile) in seen.cells().iter().enumerate() {
            rename[tile as usize] = to.tile(cell);
        }
        Some(Relabel { view, rename })
    }

    /// Whether the map changes nothing (the two goals are the same board).
    pub fn is_identity(&self) -> bool {
        self.view == View::identity()
            && self
                .rename
                .iter()
                .enumerate()
                .all(|(t, &r)| r as usize == t)
    }

    /// `board` as the problem toward the other goal.
    pub fn board(&self, board: &Board) -> Option<Board> {
        let seen = self.view.board(board)?;
        let cells = seen
            .cells()
            .iter()
            .map(|&t| self.rename.get(t as usize).map(|&r| r as usize))
            .collect::<Option<Vec<usize>>>()?;
        Board::new(seen.shape(), cells).ok()
    }

    /// Moves that solve the renamed problem, as moves of the original board.
    pub fn moves_back(&self, moves: &[Direction]) -> Vec<Direction> {
        self.view.moves_back(moves)
    }
}

/// The goal whose tables serve `goal`: the standard goal of its size when a [`Relabel`] leads
/// there (the blank in a corner of the board), else `goal` itself. Callers key their tables by
/// it, so that every goal it serves shares one build.
pub fn canonical_goal(goal: &Board) -> Board {
    let standard = Goal::Standard.board(goal.shape());
    match standard {
        Ok(standard) if Relabel::between(goal, &standard).is_some() => standard,
        _ => goal.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::DistanceTable;
    use crate::board::Shape;
    use crate::generate::random_walk;
    use rand::rngs::StdRng;
    use rand::seq::SliceRandom;
    use rand::SeedableRng;

    /// Every 3x3 goal with the blank in a corner: the renamed board's exact distance to the
    /// standard goal equals the board's exact distance to its own goal (breadth-first tables
    /// over the whole state space, the oracle), and the renamed optimal path mapped back solves
    /// the original.
    #[test]
    fn renaming_keeps_every_distance_on_3x3() {
        let shape = Shape::new(3, 3).unwrap();
        let standard = Goal::Standard.board(shape).unwrap();
        let to_standard = DistanceTable::build(&standard).unwrap();
        let mut rng = StdRng::seed_from_u64(11);
        for corner in [0, 2, 6, 8] {
            let mut tiles: Vec<usize> = (1..9).collect();
            tiles.shuffle(&mut rng);
            tiles.insert(corner, 0);
            let goal = Board::new(shape, tiles).unwrap();
            let relabel = Relabel::between(&goal, &standard).expect("a corner blank maps");
            assert_eq!(canonical_goal(&goal), standard);
            let own = DistanceTable::build(&goal).unwrap();
            for steps in [0, 5, 17, 40, 90] {
                let board = random_walk(&goal, steps, &mut rng);
                let renamed = relabel.board(&board).unwrap();
                assert_eq!(to_standard.distance(&renamed), own.distance(&board));
                let (mut at, mut path) = (renamed, Vec::new());
                while let Some(&step) = to_standard.optimal_moves(&at).first() {
                    at = at.after(&[step]).unwrap();
                    path.push(step);
                }
                assert_eq!(board.after(&relabel.moves_back(&path)).unwrap(), goal);
            }
        }
    }

    /// A blank in the middle of an edge or the board reaches no corner: no map, and the goal
    /// keeps its own tables.
    #[test]
    fn a_middle_blank_keeps_its_own_goal() {
        let shape = Shape::new(4, 4).unwrap();
        let snail = Goal::Snail.board(shape).unwrap();
        let standard = Goal::Standard.board(shape).unwrap();
        assert!(Relabel::between(&snail, &standard).is_none());
        assert_eq!(canonical_goal(&snail), snail);
        let blank_first = Goal::BlankFirst.board(shape).unwrap();
        assert_eq!(canonical_goal(&blank_first), standard);
        // Non-square boards have no transposition, but their four corners still map.
        let wide = Shape::new(5, 3).unwrap();
        assert_eq!(
            canonical_goal(&Goal::BlankFirst.board(wide).unwrap()),
            Goal::Standard.board(wide).unwrap()
        );
    }
}
