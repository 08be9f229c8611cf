//! Moves, named by the direction the **blank** travels.
//!
//! `U` means the blank moves up: the tile above it slides down into the hole.

use std::fmt;

use thiserror::Error;

/// One move of the blank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Direction {
    /// The blank moves up (the tile above slides down).
    Up,
    /// The blank moves down (the tile below slides up).
    Down,
    /// The blank moves left (the tile on its left slides right).
    Left,
    /// The blank moves right (the tile on its right slides left).
    Right,
}

impl Direction {
    /// All four directions, in the order search expands them.
    pub const ALL: [Direction; 4] = [
        Direction::Up,
        Direction::Down,
        Direction::Left,
        Direction::Right,
    ];

    /// The move that undoes this one.
    pub fn opposite(self) -> Direction {
        match self {
            Direction::Up => Direction::Down,
            Direction::Down => Direction::Up,
            Direction::Left => Direction::Right,
            Direction::Right => Direction::Left,
        }
    }

    /// The one-letter name: `U`, `D`, `L` or `R`.
    pub fn letter(self) -> char {
        match self {
            Direction::Up => 'U',
            Direction::Down => 'D',
            Direction::Left => 'L',
            Direction::Right => 'R',
        }
    }

    /// Reads a one-letter name, in either case.
    pub fn from_letter(letter: char) -> Option<Direction> {
        match letter.to_ascii_uppercase() {
            'U' => Some(Direction::Up),
            'D' => Some(Direction::Down),
            'L' => Some(Direction::Left),
            'R' => Some(Direction::Right),
            _ => None,
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Parses a move string such as `"ULDR"` or `"u l d r"`; spaces and commas are ignored, and
/// so is a `#` and the rest of its line (a comment, as in board files).
///
/// ```
/// use puzzle_core::{parse_moves, Direction};
/// assert_eq!(parse_moves("UL").unwrap(), vec![Direction::Up, Direction::Left]);
/// assert_eq!(parse_moves("# the blank's moves\nU # up\nL").unwrap(), vec![Direction::Up, Direction::Left]);
/// assert_eq!(
///     parse_moves("UX").unwrap_err().to_string(),
///     "move 2 is 'X': moves are U, D, L or R (the direction the blank moves)"
/// );
/// ```
pub fn parse_moves(text: &str) -> Result<Vec<Direction>, MoveError> {
    text.lines()
        .flat_map(|line| line.split('#').next().unwrap_or("").chars())
        .filter(|c| !c.is_whitespace() && *c != ',')
        .enumerate()
        .map(|(index, letter)| {
            Direction::from_letter(letter).ok_or(MoveError::UnknownMove {
                step: index + 1,
                letter,
            })
        })
        .collect()
}

/// Formats moves as a compact string such as `"ULDR"`.
pub fn format_moves(moves: &[Direction]) -> String {
    moves.iter().map(|d| d.letter()).collect()
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
