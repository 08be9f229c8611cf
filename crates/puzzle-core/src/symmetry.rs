//! The symmetries of the board (flips and transposition): solving a flipped or transposed
//! copy of the problem and mapping the moves back gives the staged method other line orders,
//! hence other first solutions to start from.

use crate::board::{Board, Shape};
use crate::moves::Direction;

/// One of the 8 symmetries of a rectangle (flips, then transposition).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct View {
    flip_rows: bool,
    flip_columns: bool,
    transpose: bool,
}

impl View {
    /// The 7 views other than the identity.
    pub(crate) fn others() -> impl Iterator<Item = View> {
        Self::all().skip(1)
    }

    /// The view that changes nothing.
    pub(crate) fn identity() -> View {
        View {
            flip_rows: false,
            flip_columns: false,
            transpose: false,
        }
    }

    /// The 8 views, the identity first.
    pub(crate) fn all() -> impl Iterator<Item = View> {
        (0..8u8).map(|bits| View {
            transpose: bits & 1 != 0,
            flip_rows: bits & 2 != 0,
            flip_columns: bits & 4 != 0,
        })
    }

    pub(crate) fn shape(&self, shape: Shape) -> Option<Shape> {
        if self.transpose {
            Shape::new(shape.height(), shape.width()).ok()
        } else {
            Some(shape)
        }
    }

    /// Where `cell` of a board of `shape` goes.
    pub(crate) fn cell(&self, shape: Shape, cell: usize) -> usize {
        let (mut row, mut column) = (shape.row(cell), shape.column(cell));
        if self.flip_rows {
            row = shape.height() - 1 - row;
        }
        if self.flip_columns {
            column = shape.width() - 1 - column;
        }
        if self.transpose {
            column * shape.height() + row
        } else {
            row * shape.width() + column
        }
    }

    /// The board seen through this view.
    pub(crate) fn board(&self, board: &Board) -> Option<Board> {
        let shape = board.shape();
        let mut cells = vec![0usize; shape.cells()];
        for (cell, &tile) in board.cells().iter().enumerate() {
            cells[self.cell(shape, cell)] = tile as usize;
        }
        Board::new(self.shape(shape)?, cells).ok()
    }

    /// The move of the view that a move of the original becomes.
    fn direction(&self, direction: Direction) -> Direction {
        let mut d = direction;
        if self.flip_rows && matches!(d, Direction::Up | Direction::Down) {
            d = d.opposite();
        }
        if self.flip_columns && matches!(d, Direction::Left | Direction::Right) {
            d = d.opposite();
        }
        if self.transpose {
            d = match d {
                Direction::Up => Direction::Left,
                Direction::Left => Direction::Up,
                Direction::Down => Direction::Right,
                Direction::Right => Direction::Down,
            };
        }
        d
    }

    /// Moves of the view mapped back to the original board.
    pub(crate) fn moves_back(&self, moves: &[Direction]) -> Vec<Direction> {
        let back: Vec<Direction> = Direction::ALL
            .iter()
            .map(|&d| {
                Direction::ALL
                    .into_iter()
                    .find(|&o| self.direction(o) == d)
                    .unwrap_or(d)
            })
            .collect();
        moves
            .iter()
            .map(|&d| back[Direction::ALL.iter().position(|&a| a == d).unwrap_or(0)])
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::random_walk;
    use crate::goal::Goal;
    use crate::heuristic::HeuristicKind;
    use crate::search::Limits;
    use crate::solver::{solve, Algorithm, SolveOutcome, SolverConfig};
    use rand::rngs::StdRng;
    use rand::SeedableRng;

    /// A path solving the view, mapped back, solves the original.
    #[test]
    fn moves_map_back_onto_the_original_board() {
        let mut rng = StdRng::seed_from_u64(3);
        for (w, h) in [(5, 5), (6, 4), (3, 7)] {
            let goal = Goal::Snail.board(Shape::new(w, h).unwrap()).unwrap();
            let board = random_walk(&goal, 60, &mut rng);
            for view in View::others() {
                let (seen, seen_goal) = (view.board(&board).unwrap(), view.board(&goal).unwrap());
                // Greedy best-first: a path at once, from a solver below this module (the
                // staged one sits above it).
                let config = SolverConfig {
                    algorithm: Algorithm::Greedy,
                    heuristic: HeuristicKind::LinearConflict,
                    depth_limit: 0,
                };
                let answer = solve(&seen, &seen_goal, &config, &mut Limits::default()).unwrap();
                assert_eq!(answer.outcome, SolveOutcome::Solved, "{view:?}");
                let back = view.moves_back(&answer.moves);
                assert_eq!(board.after(&back).unwrap(), goal, "{view:?}");
            }
        }
    }
}
