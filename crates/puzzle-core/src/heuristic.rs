//! Admissible estimates of the moves left, for any goal: misplaced tiles, Manhattan distance and
//! linear conflict, each computable from scratch or updated after one move.

use std::fmt;
use std::str::FromStr;

use crate::board::{Board, Shape};

/// Which estimate to use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum HeuristicKind {
    /// Tiles not on their goal cell (Hamming distance; the blank is not counted).
    Misplaced,
    /// Sum over tiles of the row and column distance to the goal cell.
    Manhattan,
    /// Manhattan plus 2 for every tile that must leave its line to let another pass
    /// (Hansson, Mayer & Yung 1992).
    LinearConflict,
}

impl HeuristicKind {
    /// All kinds, weakest first.
    pub const ALL: [HeuristicKind; 3] = [
        HeuristicKind::Misplaced,
        HeuristicKind::Manhattan,
        HeuristicKind::LinearConflict,
    ];

    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            HeuristicKind::Misplaced => "misplaced",
            HeuristicKind::Manhattan => "manhattan",
            HeuristicKind::LinearConflict => "linear-conflict",
        }
    }
}

impl fmt::Display for HeuristicKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for HeuristicKind {
    type Err = String;
    fn from_str(text: &str) -> Result<Self, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "misplaced" | "hamming" => Ok(HeuristicKind::Misplaced),
            "manhattan" => Ok(HeuristicKind::Manhattan),
            "linear-conflict" | "linear_conflict" | "lc" => Ok(HeuristicKind::LinearConflict),
            other => Err(format!(
                "unknown heuristic `{}`: use misplaced, manhattan or linear-conflict",
                crate::error::excerpt(other)
            )),
        }
    }
}

/// Read access to a board's cells, so one evaluator serves plain and packed boards.
pub trait Cells {
    /// The tile at `cell` (0 for the blank).
    fn tile_at(&self, cell: usize) -> u8;
}

impl Cells for [u8] {
    fn tile_at(&self, cell: usize) -> u8 {
        self[cell]
    }
}

impl Cells for Board {
    fn tile_at(&self, cell: usize) -> u8 {
        self.tile(cell)
    }
}

/// A heuristic bound to one goal: precomputed goal positions make evaluation cheap.
#[derive(Clone, Debug)]
pub struct Heuristic {
    kind: HeuristicKind,
    shape: Shape,
    /// `goal_cell[tile]` is the tile's cell in the goal.
    goal_cell: Vec<u8>,
}

impl Heuristic {
    /// Prepares `kind` for `goal`.
    pub fn new(kind: HeuristicKind, goal: &Board) -> Heuristic {
        let mut goal_cell = vec![0u8; goal.cells().len()];
        for (cell, &tile) in goal.cells().iter().enumerate() {
            goal_cell[tile as usize] = cell as u8;
        }
        Heuristic {
            kind,
            shape: goal.shape(),
            goal_cell,
        }
    }

    /// Which estimate this is.
    pub fn kind(&self) -> HeuristicKind {
        self.kind
    }

    /// The estimate for a whole board.
    ///
    /// ```
    /// use puzzle_core::{Board, Heuristic, HeuristicKind};
    /// let goal: Board = "1 2 3 4 5 6 7 8 0".parse().unwrap();
    /// let board: Board = "8 1 3 4 0 2 7 6 5".parse().unwrap();
    /// assert_eq!(Heuristic::new(HeuristicKind::Misplaced, &goal).estimate(&board), 5);
    /// assert_eq!(Heuristic::new(HeuristicKind::Manhattan, &goal).estimate(&board), 10);
    /// ```
    pub fn estimate<B: Cells + ?Sized>(&self, board: &B) -> u32 {
        let cells = self.shape.cells();
        match self.kind {
            HeuristicKind::Misplaced => (0..cells)
                .filter(|&c| self.misplaced(board.tile_at(c), c))
                .count() as u32,
            HeuristicKind::Manhattan => (0..cells)
                .map(|c| self.manhattan(board.tile_at(c), c))
                .sum(),
            HeuristicKind::LinearConflict => {
                let manhattan: u32 = (0..cells)
                    .map(|c| self.manhattan(board.tile_at(c), c))
                    .sum();
                let rows: u32 = (0..self.shape.height())
                    .map(|r| self.row_conflicts(board, r))
                    .sum();
                let columns: u32 = (0..self.shape.width())
                    .map(|c| self.column_conflicts(board, c))
                    .sum();
                manhattan + rows + columns
            }
        }
    }

    /// The estimate after `tile` slid from cell `from` to cell `to`, given the estimate
    /// `before` of the board `parent` it came from; `child` is the board after the move.
    pub fn after_move<B: Cells + ?Sized>(
        &self,
        before: u32,
        parent: &B,
        child: &B,
        tile: u8,
        from: usize,
        to: usize,
    ) -> u32 {
        match self.kind {
            HeuristicKind::Misplaced => {
                before + self.misplaced(tile, to) as u32 - self.misplaced(tile, from) as u32
            }
            HeuristicKind::Manhattan => {
                before + self.manhattan(tile, to) - self.manhattan(tile, from)
            }
            HeuristicKind::LinearConflict => {
                let shape = self.shape;
                let mut h = before + self.manhattan(tile, to) - self.manhattan(tile, from);
                // A vertical move keeps the order of tiles in the column, so only the two rows
                // change; a horizontal move only the two columns.
                if shape.row(from) != shape.row(to) {
                    for row in [shape.row(from), shape.row(to)] {
                        h = h + self.row_conflicts(child, row) - self.row_conflicts(parent, row);
                    }
                } else {
                    for column in [shape.column(from), shape.column(to)] {
                        h = h + self.column_conflicts(child, column)
                            - self.column_conflicts(parent, column);
                    }
                }
                h
            }
        }
    }

    /// Each tile's share of the Manhattan distance (0 for the blank), cell by cell.
    pub fn manhattan_by_cell<B: Cells + ?Sized>(&self, board: &B) -> Vec<u32> {
        (0..self.shape.cells())
            .map(|c| self.manhattan(board.tile_at(c), c))
            .collect()
    }

    /// Pairs of cells whose tiles are both in their goal row (or column) but in reverse order:
    /// what linear conflict adds to Manhattan, for showing on the board.
    pub fn conflict_pairs<B: Cells + ?Sized>(&self, board: &B) -> Vec<(usize, usize)> {
        let shape = self.shape;
        let (width, height) = (shape.width(), shape.height());
        let rows = (0..height).map(|r| (0..width).map(|c| r * width + c).collect::<Vec<_>>());
        let columns = (0..width).map(|c| (0..height).map(|r| r * width + c).collect::<Vec<_>>());
        let mut pairs = Vec::new();
        for (line, is_row) in rows.map(|l| (l, true)).chain(columns.map(|l| (l, false))) {
            // Cells whose tile belongs to this line, with the tile's goal position along it.
            let home: Vec<(usize, usize)> = line
                .iter()
                .filter_map(|&cell| {
                    let tile = board.tile_at(cell);
                    let goal = self.goal_cell[tile as usize] as usize;
                    let same_line = if is_row {
                        shape.row(goal) == shape.row(cell)
                    } else {
                        shape.column(goal) == shape.column(cell)
                    };
                    let along = if is_row {
                        shape.column(goal)
                    } else {
                        shape.row(goal)
                    };
                    (tile != 0 && same_line).then_some((cell, along))
                })
                .collect();
            for (i, &(a, goal_a)) in home.iter().enumerate() {
                for &(b, goal_b) in &home[i + 1..] {
                    if goal_a > goal_b {
                        pairs.push((a, b));
                    }
                }
            }
        }
        pairs
    }

    fn misplaced(&self, tile: u8, cell: usize) -> bool {
        tile != 0 && self.goal_cell[tile as usize] as usize != cell
    }

    fn manhattan(&self, tile: u8, cell: usize) -> u32 {
        if tile == 0 {
            0
        } else {
            self.shape
                .distance(cell, self.goal_cell[tile as usize] as usize) as u32
        }
    }

    fn row_conflicts<B: Cells + ?Sized>(&self, board: &B, row: usize) -> u32 {
        let width = self.shape.width();
        let goal_columns = (0..width).filter_map(|column| {
            let tile = board.tile_at(row * width + column);
            let goal = self.goal_cell[tile as usize] as usize;
            (tile != 0 && self.shape.row(goal) == row).then(|| self.shape.column(goal) as u8)
        });
        line_conflicts(goal_columns)
    }

    fn column_conflicts<B: Cells + ?Sized>(&self, board: &B, column: usize) -> u32 {
        let width = self.shape.width();
        let goal_rows = (0..self.shape.height()).filter_map(|row| {
            let tile = board.tile_at(row * width + column);
            let goal = self.goal_cell[tile as usize] as usize;
            (tile != 0 && self.shape.column(goal) == column).then(|| self.shape.row(goal) as u8)
        });
        line_conflicts(goal_rows)
    }
}

/// Extra moves forced by tiles that sit in their goal line in the wrong order: 2 for each tile
/// that must step out of the line, i.e. the line's tiles minus the longest run that is already
/// in increasing goal order. (Counting 2 per conflicting *pair* would overestimate: three
/// reversed tiles form three pairs but need only two to step aside.)
fn line_conflicts(goal_positions: impl Iterator<Item = u8>) -> u32 {
    // Longest increasing subsequence by patience sorting; lines have at most 16 tiles.
    let mut tails = [0u8; crate::board::MAX_SIDE];
    let mut longest = 0;
    let mut count = 0;
    for position in goal_positions {
        count += 1;
        let slot = tails[..longest].partition_point(|&t| t < position);
        tails[slot] = position;
        if slot == longest {
            longest += 1;
        }
    }
    2 * (count - longest) as u32
}
