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
            // Quoted as typed, not lowercased, like every other name the core reads.
            _ => Err(format!(
                "unknown heuristic `{}`: use misplaced, manhattan or linear-conflict",
                crate::error::excerpt(text)
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
    /// The goal cell's row and column, by tile (spares the divisions in the conflicts).
    goal_row: Vec<u8>,
    goal_column: Vec<u8>,
}

impl Heuristic {
    /// Prepares `kind` for `goal`.
    pub fn new(kind: HeuristicKind, goal: &Board) -> Heuristic {
        let mut goal_cell = vec![0u8; goal.cells().len()];
        for (cell, &tile) in goal.cells().iter().enumerate() {
            goal_cell[tile as usize] = cell as u8;
        }
        let shape = goal.shape();
        let goal_row = goal_cell
            .iter()
            .map(|&c| shape.row(c.into()) as u8)
            .collect();
        let goal_column = goal_cell
            .iter()
            .map(|&c| shape.column(c.into()) as u8)
            .collect();
        Heuristic {
            kind,
            shape,
            goal_cell,
            goal_row,
            goal_column,
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
                before + self.manhattan(tile, to) + self.touched_conflicts(child, from, to)
                    - self.manhattan(tile, from)
                    - self.touched_conflicts(parent, from, to)
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

    /// The linear conflicts of the lines a move between the adjacent cells `from` and `to`
    /// can change: a vertical move keeps the order of tiles in the column, so only the two
    /// rows change, and of those only the moving tile's goal row; a horizontal move likewise
    /// for the columns. (Linear conflict after a move
    /// is the estimate before, plus the Manhattan change of the tile, plus these conflicts
    /// after the move minus these before.)
    pub(crate) fn touched_conflicts<B: Cells + ?Sized>(
        &self,
        board: &B,
        from: usize,
        to: usize,
    ) -> u32 {
        // Only a line the moving tile belongs to can change: the others lose or gain a tile
        // that does not count in them. One of the two cells holds the tile, the other the blank.
        let tile = match board.tile_at(from) {
            0 => board.tile_at(to),
            tile => tile,
        };
        self.touched_line(tile, from, to)
            .map_or(0, |line| self.line_conflicts_of(board, line))
    }

    /// The line (rows first, then columns, as [`LineConflicts`] numbers them) whose conflicts
    /// a move of `tile` between the adjacent cells `from` and `to` can change: the tile's goal
    /// row if the move is vertical and that row is one of the two, likewise its goal column
    /// for a horizontal move (see [`Heuristic::touched_conflicts`]).
    fn touched_line(&self, tile: u8, from: usize, to: usize) -> Option<usize> {
        let shape = self.shape;
        if shape.row(from) != shape.row(to) {
            let home = usize::from(self.goal_row[tile as usize]);
            (home == shape.row(from) || home == shape.row(to)).then_some(home)
        } else {
            let home = usize::from(self.goal_column[tile as usize]);
            (home == shape.column(from) || home == shape.column(to))
                .then_some(shape.height() + home)
        }
    }

    /// The conflicts of line `line` (numbered as in [`LineConflicts`]).
    fn line_conflicts_of<B: Cells + ?Sized>(&self, board: &B, line: usize) -> u32 {
        match line.checked_sub(self.shape.height()) {
            None => self.row_conflicts(board, line),
            Some(column) => self.column_conflicts(board, column),
        }
    }

    /// Every line's conflicts of `board`, for [`Heuristic::after_slide_kept`].
    pub(crate) fn line_conflicts<B: Cells + ?Sized>(&self, board: &B) -> LineConflicts {
        let mut lines = LineConflicts::default();
        for line in 0..self.shape.height() + self.shape.width() {
            lines.set(line, self.line_conflicts_of(board, line));
        }
        lines
    }

    /// As [`Heuristic::after_slide`], with the conflicts of every line of `cells` kept in
    /// `lines` (updated to the board after the move): only the line the move changes is
    /// counted, once instead of before and after.
    pub(crate) fn after_slide_kept(
        &self,
        before: u32,
        lines: &mut LineConflicts,
        cells: &mut [u8],
        blank: usize,
        from: usize,
    ) -> u32 {
        let tile = cells[from];
        cells.swap(blank, from);
        let mut estimate = before + self.manhattan(tile, blank) - self.manhattan(tile, from);
        if let Some(line) = self.touched_line(tile, from, blank) {
            let after = self.line_conflicts_of(&cells[..], line);
            estimate = estimate + after - lines.get(line);
            lines.set(line, after);
        }
        estimate
    }

    /// Linear conflict only: slides the tile at `from` into the blank at `blank` of `cells`,
    /// in place, and returns the estimate after the move from `before`, the one before it.
    pub(crate) fn after_slide(
        &self,
        before: u32,
        cells: &mut [u8],
        blank: usize,
        from: usize,
    ) -> u32 {
        let tile = cells[from];
        let lines_before = self.touched_conflicts(&cells[..], from, blank);
        cells.swap(blank, from);
        let lines_after = self.touched_conflicts(&cells[..], from, blank);
        before + self.manhattan(tile, blank) + lines_after
            - self.manhattan(tile, from)
            - lines_before
    }

    fn misplaced(&self, tile: u8, cell: usize) -> bool {
        tile != 0 && self.goal_cell[tile as usize] as usize != cell
    }

    /// The distance of `tile` at `cell` from its goal cell (0 for the blank).
    pub(crate) fn manhattan(&self, tile: u8, cell: usize) -> u32 {
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
            let tile = board.tile_at(row * width + column) as usize;
            (tile != 0 && usize::from(self.goal_row[tile]) == row).then(|| self.goal_column[tile])
        });
        line_conflicts(goal_columns)
    }

    fn column_conflicts<B: Cells + ?Sized>(&self, board: &B, column: usize) -> u32 {
        let width = self.shape.width();
        let goal_rows = (0..self.shape.height()).filter_map(|row| {
            let tile = board.tile_at(row * width + column) as usize;
            (tile != 0 && usize::from(self.goal_column[tile]) == column)
                .then(|| self.goal_row[tile])
        });
        line_conflicts(goal_rows)
    }
}

/// The linear conflicts of each line of a board (rows, then columns; at most
/// 2 x [`crate::board::MAX_SIDE`] lines), half a byte a line: each holds how many of its tiles
/// must step aside (at most 15), so that a move recounts only the line it changes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct LineConflicts([u8; crate::board::MAX_SIDE]);

impl LineConflicts {
    /// The conflicts (twice the tiles that step aside) of `line`.
    #[inline]
    fn get(&self, line: usize) -> u32 {
        2 * u32::from((self.0[line / 2] >> (4 * (line % 2))) & 0xF)
    }

    /// Sets the conflicts of `line` (even, at most 30).
    #[inline]
    fn set(&mut self, line: usize, conflicts: u32) {
        let shift = 4 * (line % 2);
        let byte = &mut self.0[line / 2];
        *byte = (*byte & !(0xF << shift)) | (((conflicts / 2) as u8) << shift);
    }
}

/// Extra moves forced by tiles that sit in their goal line in the wrong order: 2 for each tile
/// that must step out of the line, i.e. the line's tiles minus the longest run that is already
/// in increasing goal order. (Counting 2 per conflicting *pair* would overestimate: three
/// reversed tiles form three pairs but need only two to step aside.)
#[inline(always)]
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{random_walk, scramble_seeded, Scramble};
    use crate::goal::Goal;
    use rand::rngs::StdRng;
    use rand::SeedableRng;

    /// Linear conflict by brute force: in each line, the fewest of the tiles that belong to it
    /// to take out so that no two of those left are in reverse goal order (every subset
    /// tried), twice that, summed over the rows and columns.
    fn brute_conflicts(board: &Board, goal: &Board) -> u32 {
        let shape = goal.shape();
        let (width, height) = (shape.width(), shape.height());
        let rows = (0..height).map(|r| (0..width).map(|c| r * width + c).collect::<Vec<_>>());
        let columns = (0..width).map(|c| (0..height).map(|r| r * width + c).collect::<Vec<_>>());
        let mut total = 0;
        for (line, is_row) in rows.map(|l| (l, true)).chain(columns.map(|l| (l, false))) {
            // Goal positions along the line of its tiles that belong to it, in board order.
            let along: Vec<usize> = line
                .iter()
                .filter_map(|&cell| {
                    let tile = board.tile(cell);
                    let home = goal.position_of(tile)?;
                    let same = if is_row {
                        shape.row(home) == shape.row(cell)
                    } else {
                        shape.column(home) == shape.column(cell)
                    };
                    let at = if is_row {
                        shape.column(home)
                    } else {
                        shape.row(home)
                    };
                    (tile != 0 && same).then_some(at)
                })
                .collect();
            let k = along.len();
            let kept = (0u32..1 << k)
                .filter(|mask| {
                    (0..k).all(|i| {
                        (i + 1..k).all(|j| {
                            mask & (1 << i) == 0 || mask & (1 << j) == 0 || along[i] < along[j]
                        })
                    })
                })
                .map(u32::count_ones)
                .max()
                .unwrap_or(0);
            total += 2 * (k as u32 - kept);
        }
        total
    }

    fn boards() -> Vec<(Board, Board)> {
        let mut rng = StdRng::seed_from_u64(18);
        let mut boards = Vec::new();
        for (w, h) in [(3, 3), (4, 4), (5, 5), (3, 5), (6, 4), (8, 8)] {
            let shape = Shape::new(w, h).unwrap();
            for goal in [Goal::Standard, Goal::BlankFirst, Goal::Snail] {
                let goal = goal.board(shape).unwrap();
                for seed in 0..20 {
                    boards.push((
                        scramble_seeded(&goal, Scramble::Uniform, true, seed),
                        goal.clone(),
                    ));
                    // Near the goal, where tiles share their goal lines more often.
                    boards.push((
                        random_walk(&goal, 2 + seed as usize, &mut rng),
                        goal.clone(),
                    ));
                }
            }
        }
        boards
    }

    #[test]
    fn linear_conflict_matches_a_brute_force_count() {
        let (mut boards_with, mut most) = (0, 0);
        for (board, goal) in boards() {
            let lc = Heuristic::new(HeuristicKind::LinearConflict, &goal);
            let manhattan = Heuristic::new(HeuristicKind::Manhattan, &goal);
            let conflicts = lc.estimate(&board) - manhattan.estimate(&board);
            assert_eq!(
                conflicts,
                brute_conflicts(&board, &goal),
                "{board} toward {goal}"
            );
            boards_with += usize::from(conflicts > 0);
            most = most.max(conflicts);
        }
        // The boards do exercise it: many with conflicts, some with several.
        assert!(boards_with > 100 && most >= 8, "{boards_with} {most}");
    }

    /// The per-move forms ([`Heuristic::after_move`], and the in-place updates of the anytime
    /// searches by [`Heuristic::after_slide`] and, with each line's conflicts kept,
    /// [`Heuristic::after_slide_kept`]) agree with the estimate from scratch.
    #[test]
    fn linear_conflict_per_move_matches_from_scratch() {
        let mut rng = StdRng::seed_from_u64(4);
        // Also the widest rows (16 tiles: up to 15 step aside, the most a line's half byte holds).
        let wide = Goal::Standard.board(Shape::new(16, 3).unwrap()).unwrap();
        let mut reversed: Vec<usize> = wide.cells().iter().map(|&t| usize::from(t)).collect();
        reversed[..16].reverse();
        let reversed = Board::new(wide.shape(), reversed).unwrap();
        let wide_boards = (0..10)
            .map(|seed| scramble_seeded(&wide, Scramble::Uniform, true, seed))
            .chain([reversed])
            .map(|board| (board, wide.clone()));
        for (start, goal) in boards().into_iter().chain(wide_boards) {
            let lc = Heuristic::new(HeuristicKind::LinearConflict, &goal);
            let mut board = start;
            let mut h = lc.estimate(&board);
            let mut lines = lc.line_conflicts(&board);
            for _ in 0..30 {
                let moved = random_walk(&board, 1, &mut rng);
                let (blank, from) = (board.blank(), moved.blank());
                let tile = board.tile(from);
                let by_move = lc.after_move(h, &board, &moved, tile, from, blank);
                let mut cells = board.cells().to_vec();
                let in_place = lc.after_slide(h, &mut cells, blank, from);
                assert_eq!(cells, moved.cells());
                let mut cells = board.cells().to_vec();
                let kept = lc.after_slide_kept(h, &mut lines, &mut cells, blank, from);
                assert_eq!(cells, moved.cells());
                assert_eq!(lines, lc.line_conflicts(&moved), "{board} -> {moved}");
                h = lc.estimate(&moved);
                assert_eq!((by_move, in_place, kept), (h, h, h), "{board} -> {moved}");
                board = moved;
            }
        }
    }
}
