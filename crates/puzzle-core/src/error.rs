//! Typed errors. Every message says exactly what is wrong, in words a person understands.

use thiserror::Error;

use crate::board::Shape;
use crate::moves::Direction;

/// Most characters of a user's text an error message quotes.
pub const EXCERPT_CHARS: usize = 32;

/// `text`, trimmed and cut to [`EXCERPT_CHARS`] characters with `…` when longer, so that a
/// message about a megabyte of input stays one short line.
///
/// ```
/// use puzzle_core::error::excerpt;
/// assert_eq!(excerpt(" 4x4 "), "4x4");
/// assert_eq!(excerpt(&"9".repeat(1000)).chars().count(), 33);
/// ```
pub fn excerpt(text: &str) -> String {
    let text = text.trim();
    match text.char_indices().nth(EXCERPT_CHARS) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
}

/// Why a board (or a board size) could not be built or read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BoardError {
    /// Nothing but blanks and comments.
    #[error("the board is empty: expected the tile numbers, e.g. `1 2 3 4 5 6 7 8 0`")]
    Empty,
    /// A token that is not a whole number.
    #[error("`{token}` is not a tile number: tiles are whole numbers, 0 for the blank")]
    NotANumber {
        /// The offending text (shortened by [`excerpt`] if long).
        token: String,
    },
    /// A side outside the supported range.
    #[error("a {width}x{height} board is not supported: each side must be from {min} to {max}")]
    BadShape {
        /// Requested width.
        width: usize,
        /// Requested height.
        height: usize,
        /// Smallest side.
        min: usize,
        /// Largest side.
        max: usize,
    },
    /// A size that could not be read, such as `4by4`.
    #[error("`{text}` is not a board size: write N (a square board) or WxH, e.g. 4 or 3x2")]
    BadSize {
        /// The offending text (shortened by [`excerpt`] if long).
        text: String,
    },
    /// The count of numbers does not fit the size.
    #[error("a {shape} board has {expected} cells, but {found} numbers were given")]
    WrongCount {
        /// The board size.
        shape: Shape,
        /// Cells on that board.
        expected: usize,
        /// Numbers read.
        found: usize,
    },
    /// No size given and the count is not a square.
    #[error("{found} numbers do not make a square board: give the size (e.g. 3x2) or separate rows with `/`")]
    CannotInferShape {
        /// Numbers read.
        found: usize,
    },
    /// Rows of different lengths.
    #[error(
        "row {row} has {found} numbers, but row 1 has {expected}: every row needs the same length"
    )]
    RaggedRows {
        /// 1-based row number.
        row: usize,
        /// Length of the first row.
        expected: usize,
        /// Length of this row.
        found: usize,
    },
    /// A tile number too large for the board.
    #[error("tile {value} is out of range: a {shape} board uses 0 to {max}")]
    OutOfRange {
        /// The number.
        value: usize,
        /// The board size.
        shape: Shape,
        /// Largest allowed tile.
        max: usize,
    },
    /// The same tile twice (with the right count, some other tile is then missing).
    #[error("tile {value} appears more than once, and tile {missing} is missing")]
    Duplicate {
        /// The repeated tile.
        value: usize,
        /// The smallest tile that does not appear.
        missing: usize,
    },
    /// Board and goal (or a given size) disagree.
    #[error("size mismatch: the board is {board} but the goal is {goal}")]
    ShapeMismatch {
        /// Shape of the board.
        board: Shape,
        /// Shape of the goal.
        goal: Shape,
    },
    /// The text describes a board of another size than the one given (e.g. by `--size`).
    #[error("the input describes a {found} board, but the size given is {given}")]
    SizeConflict {
        /// The size the text itself describes (its size line or its rows).
        found: Shape,
        /// The size given by the caller.
        given: Shape,
    },
    /// An unknown goal name.
    #[error("unknown goal `{text}`: use standard, blank-first, snail, or the goal's tile numbers")]
    UnknownGoal {
        /// The offending text (shortened by [`excerpt`] if long).
        text: String,
    },
}

/// Why a move sequence could not be read or applied.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    /// A letter that is not U, D, L or R.
    #[error("move {step} is '{letter}': moves are U, D, L or R (the direction the blank moves)")]
    UnknownMove {
        /// 1-based position in the sequence.
        step: usize,
        /// The offending letter.
        letter: char,
    },
    /// A move that would push the blank off the board.
    #[error("move {step} ({direction}) is illegal: the blank is at the edge, row {row}, column {column}")]
    Illegal {
        /// 1-based position in the sequence.
        step: usize,
        /// The move.
        direction: Direction,
        /// 1-based row of the blank before the move.
        row: usize,
        /// 1-based column of the blank before the move.
        column: usize,
    },
}

/// A search algorithm name that [`crate::Algorithm`]'s `FromStr` does not know.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown algorithm `{text}`: use bfs, dfs, iddfs, greedy, astar or idastar")]
pub struct UnknownAlgorithm {
    /// The offending text (shortened by [`excerpt`] if long).
    pub text: String,
}

#[cfg(test)]
mod tests {
    use crate::{Algorithm, UnknownAlgorithm};

    #[test]
    fn an_unknown_algorithm_is_a_typed_error_quoting_an_excerpt() {
        assert_eq!("A*".parse::<Algorithm>(), Ok(Algorithm::AStar));
        let error = "bogo".parse::<Algorithm>().unwrap_err();
        assert_eq!(
            error,
            UnknownAlgorithm {
                text: "bogo".into()
            }
        );
        assert_eq!(
            error.to_string(),
            "unknown algorithm `bogo`: use bfs, dfs, iddfs, greedy, astar or idastar"
        );
        let long = "x".repeat(100).parse::<Algorithm>().unwrap_err();
        assert_eq!(long.text.chars().count(), 33);
    }
}
