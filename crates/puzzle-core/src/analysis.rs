//! Exact distances for small boards: the whole state space by breadth-first search from the
//! goal, for true remaining distances, hints and distance histograms.

use thiserror::Error;

use crate::board::Board;
use crate::moves::Direction;
use crate::search::bfs::bfs_distances;
use crate::search::FxIndexMap;

/// Largest board (in cells) a table is built for: 10 cells is 1.8 million states; 12 would be
/// 239 million.
pub const MAX_TABLE_CELLS: usize = 10;

/// A board too large for an exact table.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("an exact distance table covers boards of at most {max} cells; this one has {cells}")]
pub struct TableTooLarge {
    /// Cells of the board asked for.
    pub cells: usize,
    /// [`MAX_TABLE_CELLS`].
    pub max: usize,
}

/// The exact distance to one goal from every board that can reach it.
///
/// ```
/// use puzzle_core::analysis::DistanceTable;
/// use puzzle_core::{Board, Goal, Shape};
/// let goal = Goal::Snail.board(Shape::square(3).unwrap()).unwrap();
/// let table = DistanceTable::build(&goal).unwrap();
/// assert_eq!(table.len(), 181_440);
/// let board: Board = "6 1 7 3 0 4 5 8 2".parse().unwrap();
/// assert_eq!(table.distance(&board), Some(24));
/// ```
#[derive(Clone, Debug)]
pub struct DistanceTable {
    goal: Board,
    distances: FxIndexMap<u64, u8>,
}

impl DistanceTable {
    /// Runs BFS from `goal` over every reachable board (181,440 on 3x3, well under a second).
    pub fn build(goal: &Board) -> Result<DistanceTable, TableTooLarge> {
        let cells = goal.cells().len();
        if cells > MAX_TABLE_CELLS {
            return Err(TableTooLarge {
                cells,
                max: MAX_TABLE_CELLS,
            });
        }
        let shape = goal.shape();
        let start = goal.pack().expect("at most 16 cells");
        let distances = bfs_distances(&start, |&word| {
            let board = Board::unpack(shape, word).expect("packed from a valid board");
            board
                .children()
                .map(|(_, child)| child.pack().expect("at most 16 cells"))
                .collect::<Vec<_>>()
        });
        Ok(DistanceTable {
            goal: goal.clone(),
            distances: distances
                .into_iter()
                .map(|(word, d)| (word, d as u8))
                .collect(),
        })
    }

    /// The goal the distances lead to.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// Number of boards that can reach the goal.
    pub fn len(&self) -> usize {
        self.distances.len()
    }

    /// Whether the table is empty (never, since the goal itself is in it).
    pub fn is_empty(&self) -> bool {
        self.distances.is_empty()
    }

    /// Fewest moves from `board` to the goal; `None` if it cannot reach it or has another size.
    pub fn distance(&self, board: &Board) -> Option<u32> {
        if board.shape() != self.goal.shape() {
            return None;
        }
        let word = board.pack()?;
        self.distances.get(&word).map(|&d| d as u32)
    }

    /// The moves from `board` that start a shortest solution (empty at the goal or when
    /// unreachable): what a hint shows.
    pub fn optimal_moves(&self, board: &Board) -> Vec<Direction> {
        let Some(here) = self.distance(board) else {
            return Vec::new();
        };
        board
            .children()
            .filter(|(_, child)| self.distance(child).is_some_and(|there| there + 1 == here))
            .map(|(d, _)| d)
            .collect()
    }

    /// Every board that can reach the goal, packed ([`Board::pack`]), with its distance, in
    /// the order the breadth-first search met them (the same order on every platform).
    pub fn packed(&self) -> impl Iterator<Item = (u64, u32)> + '_ {
        self.distances
            .iter()
            .map(|(&word, &d)| (word, u32::from(d)))
    }

    /// How many boards lie at each distance (index = distance).
    pub fn histogram(&self) -> Vec<usize> {
        let mut counts = Vec::new();
        for &d in self.distances.values() {
            let d = d as usize;
            if counts.len() <= d {
                counts.resize(d + 1, 0);
            }
            counts[d] += 1;
        }
        counts
    }
}
