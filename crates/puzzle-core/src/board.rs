//! Boards: a [`Shape`] and a permutation of `0..cells` (0 is the blank), valid by construction.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::moves::Direction;
use crate::moves::MoveError;
use crate::text::excerpt;

/// Smallest supported side.
pub const MIN_SIDE: usize = 2;
/// Largest supported side (tiles are stored in a byte, so 16x16 = 256 cells is the limit).
pub const MAX_SIDE: usize = 16;

/// The size of a board: width (columns) by height (rows), each from [`MIN_SIDE`] to [`MAX_SIDE`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(try_from = "(usize, usize)", into = "(usize, usize)")
)]
pub struct Shape {
    width: u8,
    height: u8,
}

impl Shape {
    /// A `width` x `height` shape, or [`BoardError::BadShape`] if a side is out of range.
    pub fn new(width: usize, height: usize) -> Result<Shape, BoardError> {
        let ok = |side: usize| (MIN_SIDE..=MAX_SIDE).contains(&side);
        if ok(width) && ok(height) {
            Ok(Shape {
                width: width as u8,
                height: height as u8,
            })
        } else {
            Err(BoardError::BadShape {
                width,
                height,
                min: MIN_SIDE,
                max: MAX_SIDE,
            })
        }
    }

    /// An `n` x `n` shape.
    pub fn square(n: usize) -> Result<Shape, BoardError> {
        Shape::new(n, n)
    }

    /// Number of columns.
    pub fn width(self) -> usize {
        self.width as usize
    }

    /// Number of rows.
    pub fn height(self) -> usize {
        self.height as usize
    }

    /// Number of cells, blank included.
    pub fn cells(self) -> usize {
        self.width() * self.height()
    }

    /// 0-based row of a cell index.
    pub fn row(self, cell: usize) -> usize {
        cell / self.width()
    }

    /// 0-based column of a cell index.
    pub fn column(self, cell: usize) -> usize {
        cell % self.width()
    }

    /// The cell the blank reaches from `cell` by moving in `direction`, if it stays on the board.
    pub fn neighbour(self, cell: usize, direction: Direction) -> Option<usize> {
        let (row, column) = (self.row(cell), self.column(cell));
        match direction {
            Direction::Up if row > 0 => Some(cell - self.width()),
            Direction::Down if row + 1 < self.height() => Some(cell + self.width()),
            Direction::Left if column > 0 => Some(cell - 1),
            Direction::Right if column + 1 < self.width() => Some(cell + 1),
            _ => None,
        }
    }

    /// Manhattan distance between two cells.
    pub fn distance(self, a: usize, b: usize) -> usize {
        self.row(a).abs_diff(self.row(b)) + self.column(a).abs_diff(self.column(b))
    }

    /// The move that takes the blank from cell `from` to the neighbouring cell `to`, if they
    /// are neighbours.
    ///
    /// ```
    /// use puzzle_core::{Direction, Shape};
    /// let shape = Shape::square(3).unwrap();
    /// assert_eq!(shape.direction_between(4, 1), Some(Direction::Up));
    /// assert_eq!(shape.direction_between(4, 0), None);
    /// ```
    pub fn direction_between(self, from: usize, to: usize) -> Option<Direction> {
        Direction::ALL
            .into_iter()
            .find(|&d| self.neighbour(from, d) == Some(to))
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

impl FromStr for Shape {
    type Err = BoardError;

    /// Reads `N` (square) or `WxH`.
    fn from_str(text: &str) -> Result<Shape, BoardError> {
        let bad = || BoardError::BadSize {
            text: excerpt(text),
        };
        let number = |part: &str| part.trim().parse::<usize>().map_err(|_| bad());
        match text.trim().split_once(['x', 'X', '*']) {
            Some((w, h)) => Shape::new(number(w)?, number(h)?),
            None => Shape::square(number(text)?),
        }
    }
}

impl TryFrom<(usize, usize)> for Shape {
    type Error = BoardError;
    fn try_from((width, height): (usize, usize)) -> Result<Shape, BoardError> {
        Shape::new(width, height)
    }
}

impl From<Shape> for (usize, usize) {
    fn from(shape: Shape) -> (usize, usize) {
        (shape.width(), shape.height())
    }
}

/// A sliding-tile board: every tile `1..cells` once and one blank (`0`).
///
/// Only valid boards can exist: build them with [`Board::new`] or by parsing.
///
/// ```
/// use puzzle_core::Board;
/// let board: Board = "1 2 3 / 4 0 5".parse().unwrap();
/// assert_eq!((board.shape().width(), board.shape().height()), (3, 2));
/// assert_eq!(board.blank(), 4);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawBoard", into = "RawBoard"))]
pub struct Board {
    shape: Shape,
    cells: Vec<u8>,
    blank: usize,
}

/// The unchecked wire form of a [`Board`].
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct RawBoard {
    shape: Shape,
    cells: Vec<u8>,
}

#[cfg(feature = "serde")]
impl TryFrom<RawBoard> for Board {
    type Error = BoardError;
    fn try_from(raw: RawBoard) -> Result<Board, BoardError> {
        Board::new(raw.shape, raw.cells.into_iter().map(usize::from).collect())
    }
}

#[cfg(feature = "serde")]
impl From<Board> for RawBoard {
    fn from(board: Board) -> RawBoard {
        RawBoard {
            shape: board.shape,
            cells: board.cells,
        }
    }
}

impl Board {
    /// Checks that `cells` is a permutation of `0..shape.cells()` and builds the board.
    pub fn new(shape: Shape, cells: Vec<usize>) -> Result<Board, BoardError> {
        let expected = shape.cells();
        if cells.len() != expected {
            return Err(BoardError::WrongCount {
                shape,
                expected,
                found: cells.len(),
            });
        }
        if let Some(&value) = cells.iter().find(|&&v| v >= expected) {
            return Err(BoardError::OutOfRange {
                value,
                shape,
                max: expected - 1,
            });
        }
        let mut seen = vec![false; expected];
        let duplicate = cells
            .iter()
            .copied()
            .find(|&value| std::mem::replace(&mut seen[value], true));
        if let Some(value) = duplicate {
            cells.iter().for_each(|&v| seen[v] = true);
            let missing = seen.iter().position(|s| !s).unwrap_or(0);
            return Err(BoardError::Duplicate { value, missing });
        }
        let blank = cells.iter().position(|&v| v == 0).unwrap_or(0);
        Ok(Board {
            shape,
            cells: cells.into_iter().map(|v| v as u8).collect(),
            blank,
        })
    }

    /// Reads a board from text, with an optional expected size.
    ///
    /// Accepted forms:
    /// - a list: `6 1 7 3 0 4 5 8 2`, with commas allowed and `/` between rows (`1 2 3 / 4 5 0`);
    /// - rows on separate lines (the size is read from the rows);
    /// - the n-puzzle file format: `#` starts a comment anywhere on a line, then a line with the
    ///   size `N` (or `WxH`), then the rows.
    ///
    /// Without a size, a single list must have a square number of entries.
    pub fn parse(text: &str, shape: Option<Shape>) -> Result<Board, BoardError> {
        let lines: Vec<&str> = text
            .lines()
            .map(|line| line.split('#').next().unwrap_or("").trim())
            .filter(|line| !line.is_empty())
            .collect();
        if lines.is_empty() {
            return Err(BoardError::Empty);
        }
        let mut header_shape = None;
        let mut body = &lines[..];
        if lines.len() > 1 && !lines[0].contains([' ', '\t', ',', '/']) {
            header_shape = Some(lines[0].parse::<Shape>()?);
            body = &lines[1..];
        }
        let rows: Vec<Vec<usize>> = body
            .iter()
            .flat_map(|line| line.split('/'))
            .map(parse_row)
            .filter(|row| !matches!(row, Ok(r) if r.is_empty()))
            .collect::<Result<_, _>>()?;
        let values: Vec<usize> = rows.iter().flatten().copied().collect();
        if values.is_empty() {
            return Err(BoardError::Empty);
        }
        let row_shape = if rows.len() > 1 {
            if let Some((index, row)) = rows
                .iter()
                .enumerate()
                .find(|(_, r)| r.len() != rows[0].len())
            {
                // A header already fixes the size, so ragged lines are only a layout choice.
                if header_shape.is_none() {
                    return Err(BoardError::RaggedRows {
                        row: index + 1,
                        expected: rows[0].len(),
                        found: row.len(),
                    });
                }
                None
            } else {
                Some(Shape::new(rows[0].len(), rows.len())?)
            }
        } else {
            None
        };
        let declared = match (shape, header_shape) {
            (Some(given), Some(header)) if given != header => {
                return Err(BoardError::SizeConflict {
                    found: header,
                    given,
                })
            }
            (given, header) => given.or(header),
        };
        let shape = match (declared, row_shape) {
            (Some(declared), Some(rows)) if declared != rows && header_shape.is_none() => {
                return Err(BoardError::SizeConflict {
                    found: rows,
                    given: declared,
                })
            }
            (Some(declared), _) => declared,
            (None, Some(rows)) => rows,
            (None, None) => infer_square(values.len())?,
        };
        Board::new(shape, values)
    }

    /// The board's size.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The tiles in row-major order, 0 for the blank.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// Index of the blank cell.
    pub fn blank(&self) -> usize {
        self.blank
    }

    /// The tile at a cell index.
    pub fn tile(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// The cell that holds `tile`, if the tile exists on this board.
    pub fn position_of(&self, tile: u8) -> Option<usize> {
        self.cells.iter().position(|&t| t == tile)
    }

    /// Whether `direction` keeps the blank on the board.
    pub fn can_move(&self, direction: Direction) -> bool {
        self.shape.neighbour(self.blank, direction).is_some()
    }

    /// The moves the blank can make from here.
    pub fn legal_moves(&self) -> impl Iterator<Item = Direction> + '_ {
        Direction::ALL.into_iter().filter(|&d| self.can_move(d))
    }

    /// The boards one move away, with the move of the blank that makes each.
    ///
    /// ```
    /// use puzzle_core::{Board, Direction};
    /// let board: Board = "1 2 3 0".parse().unwrap();
    /// let children: Vec<(Direction, Board)> = board.children().collect();
    /// assert_eq!(children.len(), 2);
    /// assert!(children.iter().all(|(d, child)| board.after(&[*d]).as_ref() == Ok(child)));
    /// ```
    pub fn children(&self) -> impl Iterator<Item = (Direction, Board)> + '_ {
        self.legal_moves().map(|d| {
            let mut child = self.clone();
            child.apply(d);
            (d, child)
        })
    }

    /// Moves the blank one step; returns `false` (and changes nothing) if the move is illegal.
    pub fn apply(&mut self, direction: Direction) -> bool {
        match self.shape.neighbour(self.blank, direction) {
            Some(target) => {
                self.cells.swap(self.blank, target);
                self.blank = target;
                true
            }
            None => false,
        }
    }

    /// The board after `moves`, or the first illegal move as an error.
    ///
    /// ```
    /// use puzzle_core::{parse_moves, Board};
    /// let board: Board = "1 2 3 4 5 6 7 8 0".parse().unwrap();
    /// let after = board.after(&parse_moves("UL").unwrap()).unwrap();
    /// assert_eq!(after.to_string(), "1 2 3 / 4 0 5 / 7 8 6");
    /// let err = board.after(&parse_moves("UUU").unwrap()).unwrap_err();
    /// assert_eq!(err.to_string(), "move 3 (U) is illegal: the blank is at the edge, row 1, column 3");
    /// ```
    pub fn after(&self, moves: &[Direction]) -> Result<Board, MoveError> {
        let mut board = self.clone();
        for (index, &direction) in moves.iter().enumerate() {
            if !board.apply(direction) {
                return Err(MoveError::Illegal {
                    step: index + 1,
                    direction,
                    row: board.shape.row(board.blank) + 1,
                    column: board.shape.column(board.blank) + 1,
                });
            }
        }
        Ok(board)
    }

    /// The moves that slide the tile at `cell` (and the tiles between) into the blank, as on a
    /// physical puzzle; `None` if the cell is the blank or not in the blank's row or column.
    pub fn slide_moves(&self, cell: usize) -> Option<Vec<Direction>> {
        let shape = self.shape;
        if cell >= self.cells.len() || cell == self.blank {
            return None;
        }
        let (row, column) = (shape.row(cell), shape.column(cell));
        let (blank_row, blank_column) = (shape.row(self.blank), shape.column(self.blank));
        let (direction, count) = if row == blank_row {
            if column < blank_column {
                (Direction::Left, blank_column - column)
            } else {
                (Direction::Right, column - blank_column)
            }
        } else if column == blank_column {
            if row < blank_row {
                (Direction::Up, blank_row - row)
            } else {
                (Direction::Down, row - blank_row)
            }
        } else {
            return None;
        };
        Some(vec![direction; count])
    }

    /// The board with the tiles at cells `a` and `b` exchanged (changes solvability when both are
    /// tiles, not the blank).
    pub fn swapped(&self, a: usize, b: usize) -> Board {
        let mut board = self.clone();
        board.cells.swap(a, b);
        if board.cells[a] == 0 {
            board.blank = a;
        } else if board.cells[b] == 0 {
            board.blank = b;
        }
        board
    }

    /// The compact encoding of a board of at most 16 cells: 4 bits a cell, cell 0 in the lowest
    /// bits. `None` for larger boards. This is also the key search uses for such boards.
    ///
    /// ```
    /// use puzzle_core::Board;
    /// let board: Board = "1 2 3 0".parse().unwrap();
    /// let word = board.pack().unwrap();
    /// assert_eq!(word, 0x0321);
    /// assert_eq!(Board::unpack(board.shape(), word).unwrap(), board);
    /// ```
    pub fn pack(&self) -> Option<u64> {
        (self.cells.len() <= 16).then(|| {
            self.cells
                .iter()
                .enumerate()
                .fold(0, |word, (cell, &tile)| word | (tile as u64) << (4 * cell))
        })
    }

    /// Decodes [`Board::pack`]; fails like [`Board::new`] if the word is not a valid board.
    pub fn unpack(shape: Shape, word: u64) -> Result<Board, BoardError> {
        let cells = shape.cells();
        if cells > 16 {
            return Err(BoardError::WrongCount {
                shape,
                expected: cells,
                found: 16,
            });
        }
        let tiles = (0..cells).map(|cell| ((word >> (4 * cell)) & 0xF) as usize);
        Board::new(shape, tiles.collect())
    }

    /// The tiles on one line, space separated, rows split by ` / ` (round-trips through parsing).
    pub fn to_line(&self) -> String {
        self.rows().map(join).collect::<Vec<_>>().join(" / ")
    }

    /// The tiles space separated without row breaks, as in the one-line list format.
    pub fn to_flat(&self) -> String {
        join(&self.cells)
    }

    /// The n-puzzle file format: the size (N, or WxH for rectangles), then one row a line.
    pub fn to_npuzzle(&self) -> String {
        let width = (self.cells.len() - 1).to_string().len();
        let mut out = if self.shape.width() == self.shape.height() {
            format!("{}\n", self.shape.width())
        } else {
            format!("{}\n", self.shape)
        };
        for row in self.rows() {
            let cells: Vec<String> = row.iter().map(|t| format!("{t:>width$}")).collect();
            out.push_str(&cells.join(" "));
            out.push('\n');
        }
        out
    }

    /// The rows of the board.
    pub fn rows(&self) -> impl Iterator<Item = &[u8]> {
        self.cells.chunks(self.shape.width())
    }
}

impl fmt::Display for Board {
    /// Same as [`Board::to_line`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

impl FromStr for Board {
    type Err = BoardError;
    /// [`Board::parse`] without a given size.
    fn from_str(text: &str) -> Result<Board, BoardError> {
        Board::parse(text, None)
    }
}

fn join(cells: &[u8]) -> String {
    cells
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

fn parse_row(text: &str) -> Result<Vec<usize>, BoardError> {
    text.split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .filter(|token| !token.is_empty())
        .map(|token| {
            token.parse::<usize>().map_err(|_| BoardError::NotANumber {
                token: excerpt(token),
            })
        })
        .collect()
}

fn infer_square(count: usize) -> Result<Shape, BoardError> {
    let side = (1..=MAX_SIDE)
        .find(|side| side * side >= count)
        .unwrap_or(0);
    if side * side == count {
        Shape::square(side)
    } else {
        Err(BoardError::CannotInferShape { found: count })
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
