//! Goal states: the named layouts and custom ones.

use std::fmt;
use std::str::FromStr;

use crate::board::{Board, Shape};
use crate::error::BoardError;

/// Which arrangement counts as solved. A goal is a layout rule until it meets a [`Shape`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Goal {
    /// `1 2 ... n-1` in reading order, blank last.
    Standard,
    /// Blank first: `0 1 2 ... n-1` (the convention of Korf's benchmark).
    BlankFirst,
    /// The spiral: `1 2 3 / 8 0 4 / 7 6 5` on 3x3; the blank ends the spiral.
    Snail,
    /// Any layout, given as tile numbers in the same formats as a board.
    Custom(Board),
}

impl Goal {
    /// The goal board for `shape`; a custom goal must have that shape.
    ///
    /// ```
    /// use puzzle_core::{Goal, Shape};
    /// let snail = Goal::Snail.board(Shape::square(4).unwrap()).unwrap();
    /// assert_eq!(snail.to_string(), "1 2 3 4 / 12 13 14 5 / 11 0 15 6 / 10 9 8 7");
    /// ```
    pub fn board(&self, shape: Shape) -> Result<Board, BoardError> {
        let n = shape.cells();
        let cells: Vec<usize> = match self {
            Goal::Standard => (1..n).chain([0]).collect(),
            Goal::BlankFirst => (0..n).collect(),
            Goal::Snail => snail(shape),
            Goal::Custom(board) if board.shape() == shape => return Ok(board.clone()),
            Goal::Custom(board) => {
                return Err(BoardError::ShapeMismatch {
                    board: shape,
                    goal: board.shape(),
                })
            }
        };
        Board::new(shape, cells)
    }

    /// Reads a goal for a board of `shape`: a name or tile numbers.
    pub fn parse(text: &str, shape: Option<Shape>) -> Result<Goal, BoardError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "standard" | "" => Ok(Goal::Standard),
            "blank-first" | "blankfirst" | "zero-first" => Ok(Goal::BlankFirst),
            "snail" | "spiral" => Ok(Goal::Snail),
            other if other.chars().any(|c| c.is_ascii_digit()) => {
                Board::parse(text, shape).map(Goal::Custom)
            }
            _ => Err(BoardError::UnknownGoal {
                text: crate::error::excerpt(text),
            }),
        }
    }
}

impl FromStr for Goal {
    type Err = BoardError;
    fn from_str(text: &str) -> Result<Goal, BoardError> {
        Goal::parse(text, None)
    }
}

impl fmt::Display for Goal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Goal::Standard => f.write_str("standard"),
            Goal::BlankFirst => f.write_str("blank-first"),
            Goal::Snail => f.write_str("snail"),
            Goal::Custom(board) => write!(f, "{board}"),
        }
    }
}

/// Tiles `1..n` laid clockwise from the top-left corner inwards, the blank in the last cell.
fn snail(shape: Shape) -> Vec<usize> {
    let (width, height) = (shape.width() as isize, shape.height() as isize);
    let n = shape.cells();
    let mut cells = vec![0; n];
    let (mut top, mut bottom, mut left, mut right) = (0, height - 1, 0, width - 1);
    let mut order = Vec::with_capacity(n);
    while top <= bottom && left <= right {
        order.extend((left..=right).map(|c| (top, c)));
        order.extend((top + 1..=bottom).map(|r| (r, right)));
        if top < bottom {
            order.extend((left..right).rev().map(|c| (bottom, c)));
        }
        if left < right {
            order.extend((top + 1..bottom).rev().map(|r| (r, left)));
        }
        top += 1;
        bottom -= 1;
        left += 1;
        right -= 1;
    }
    for (value, (row, column)) in order.into_iter().enumerate() {
        cells[(row * width + column) as usize] = (value + 1) % n;
    }
    cells
}
