//! Solvability by permutation parity, relative to any goal, on any rectangle.
//!
//! A horizontal move never changes the order of the tiles read row by row. A vertical move lifts
//! one tile past `width - 1` others: on odd widths that is an even number of inversions, so the
//! inversion parity is invariant; on even widths it flips the parity and moves the blank one row,
//! so `inversions + blank row` keeps its parity. A board is solvable exactly when that invariant
//! matches the goal's (proved exhaustively against BFS in the tests for every shape up to 9 cells).

use crate::board::Board;
use crate::error::BoardError;

/// The verdict with its reasons, so a user interface can explain it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Solvability {
    /// Whether the goal can be reached.
    pub solvable: bool,
    /// Inversions among the board's tiles (blank ignored), read row by row.
    pub board_inversions: usize,
    /// Inversions among the goal's tiles.
    pub goal_inversions: usize,
    /// Whether the width is even, so that the blank's row enters the parity.
    pub width_is_even: bool,
    /// 0-based row of the blank on the board.
    pub board_blank_row: usize,
    /// 0-based row of the blank in the goal.
    pub goal_blank_row: usize,
}

impl Solvability {
    /// Rows between the blank's position on the board and in the goal.
    pub fn blank_row_distance(&self) -> usize {
        self.board_blank_row.abs_diff(self.goal_blank_row)
    }

    /// A plain-words explanation of the verdict.
    pub fn explain(&self) -> String {
        let parity = |n: usize| if n.is_multiple_of(2) { "even" } else { "odd" };
        let verdict = if self.solvable {
            "solvable"
        } else {
            "unsolvable"
        };
        if self.width_is_even {
            format!(
                "{verdict}: the board has {} inversions ({}) and the goal {} ({}); on an even width \
                 the blank's row counts too, and it is {} row(s) from its goal row, so the totals \
                 have {} parity{}",
                self.board_inversions,
                parity(self.board_inversions),
                self.goal_inversions,
                parity(self.goal_inversions),
                self.blank_row_distance(),
                if self.solvable { "the same" } else { "different" },
                if self.solvable {
                    ""
                } else {
                    ". Swapping any two tiles makes it solvable"
                },
            )
        } else {
            format!(
                "{verdict}: the board has {} inversions ({}) and the goal {} ({}){}",
                self.board_inversions,
                parity(self.board_inversions),
                self.goal_inversions,
                parity(self.goal_inversions),
                if self.solvable {
                    "; equal parity means the goal can be reached"
                } else {
                    "; moves never change this parity on an odd width. Swapping any two tiles makes it solvable"
                },
            )
        }
    }
}

/// Decides whether `goal` can be reached from `board`, in O(n^2) for n cells, without search.
///
/// ```
/// use puzzle_core::{solvability, Board};
/// let board: Board = "1 2 3 4 5 6 8 7 0".parse().unwrap();
/// let goal: Board = "1 2 3 4 5 6 7 8 0".parse().unwrap();
/// assert!(!solvability(&board, &goal).unwrap().solvable);
/// ```
pub fn solvability(board: &Board, goal: &Board) -> Result<Solvability, BoardError> {
    if board.shape() != goal.shape() {
        return Err(BoardError::ShapeMismatch {
            board: board.shape(),
            goal: goal.shape(),
        });
    }
    let shape = board.shape();
    let width_is_even = shape.width().is_multiple_of(2);
    let board_inversions = inversions(board.cells());
    let goal_inversions = inversions(goal.cells());
    let board_blank_row = shape.row(board.blank());
    let goal_blank_row = shape.row(goal.blank());
    let mut difference = board_inversions + goal_inversions;
    if width_is_even {
        difference += board_blank_row + goal_blank_row;
    }
    Ok(Solvability {
        solvable: difference.is_multiple_of(2),
        board_inversions,
        goal_inversions,
        width_is_even,
        board_blank_row,
        goal_blank_row,
    })
}

/// The board with two tiles swapped so that its solvability flips: the one-click fix for an
/// unsolvable board. Swaps the first two tiles (not the blank) in reading order.
pub fn swap_fix(board: &Board) -> Board {
    let mut tiles = (0..board.cells().len()).filter(|&cell| board.tile(cell) != 0);
    match (tiles.next(), tiles.next()) {
        (Some(a), Some(b)) => board.swapped(a, b),
        _ => board.clone(),
    }
}

/// Pairs of tiles (blank excluded) that stand in the wrong order, read row by row.
fn inversions(cells: &[u8]) -> usize {
    let tiles: Vec<u8> = cells.iter().copied().filter(|&t| t != 0).collect();
    tiles
        .iter()
        .enumerate()
        .map(|(i, &a)| tiles[i + 1..].iter().filter(|&&b| b < a).count())
        .sum()
}
