//! Shortest paths between two boards of any size: IDA* with Manhattan distance plus linear
//! conflict toward an arbitrary target board, an explicit stack (no recursion) and the board
//! changed in place. Used to replace stretches of a solution by optimal ones.

use crate::board::{Board, Shape};
use crate::moves::Direction;

use super::budget::{Budget, Halt};

/// Manhattan distance plus linear conflict toward one target board, updated per move.
pub(crate) struct TargetEstimate {
    shape: Shape,
    /// `home[t]`: the target cell of tile `t`.
    home: Vec<u8>,
}

impl TargetEstimate {
    /// Prepares the estimate toward `target`.
    pub(crate) fn new(target: &Board) -> Self {
        let mut home = vec![0u8; target.cells().len()];
        for (cell, &tile) in target.cells().iter().enumerate() {
            home[tile as usize] = cell as u8;
        }
        TargetEstimate {
            shape: target.shape(),
            home,
        }
    }

    pub(crate) fn manhattan(&self, tile: u8, cell: usize) -> u32 {
        if tile == 0 {
            0
        } else {
            self.shape.distance(cell, self.home[tile as usize] as usize) as u32
        }
    }

    /// The estimate of a whole board.
    pub(crate) fn estimate(&self, cells: &[u8]) -> u32 {
        let manhattan: u32 = cells
            .iter()
            .enumerate()
            .map(|(cell, &tile)| self.manhattan(tile, cell))
            .sum();
        let rows: u32 = (0..self.shape.height())
            .map(|r| self.row_conflicts(cells, r))
            .sum();
        let columns: u32 = (0..self.shape.width())
            .map(|c| self.column_conflicts(cells, c))
            .sum();
        manhattan + rows + columns
    }

    /// Conflicts of the lines a move of the tile between `from` and `to` touches.
    pub(crate) fn touched_conflicts(&self, cells: &[u8], from: usize, to: usize) -> u32 {
        let shape = self.shape;
        if shape.row(from) != shape.row(to) {
            self.row_conflicts(cells, shape.row(from)) + self.row_conflicts(cells, shape.row(to))
        } else {
            self.column_conflicts(cells, shape.column(from))
                + self.column_conflicts(cells, shape.column(to))
        }
    }

    fn row_conflicts(&self, cells: &[u8], row: usize) -> u32 {
        let width = self.shape.width();
        let homes = cells[row * width..(row + 1) * width]
            .iter()
            .filter_map(|&t| {
                let home = self.home[t as usize] as usize;
                (t != 0 && self.shape.row(home) == row).then(|| self.shape.column(home) as u8)
            });
        line_conflicts(homes)
    }

    fn column_conflicts(&self, cells: &[u8], column: usize) -> u32 {
        let width = self.shape.width();
        let homes = (0..self.shape.height()).filter_map(|row| {
            let t = cells[row * width + column];
            let home = self.home[t as usize] as usize;
            (t != 0 && self.shape.column(home) == column).then(|| self.shape.row(home) as u8)
        });
        line_conflicts(homes)
    }
}

/// Twice the tiles of a line that must step aside: the line's tiles minus the longest run
/// already in increasing goal order (as in [`crate::heuristic`]).
fn line_conflicts(positions: impl Iterator<Item = u8>) -> u32 {
    let mut tails = [0u8; crate::board::MAX_SIDE];
    let (mut longest, mut count) = (0, 0);
    for position in positions {
        count += 1;
        let slot = tails[..longest].partition_point(|&t| t < position);
        tails[slot] = position;
        if slot == longest {
            longest += 1;
        }
    }
    2 * (count - longest) as u32
}

/// A path of at most `max_len` moves from `start` to `target` that is shortest among such
/// paths, or `None` if there is none or `node_cap` expansions did not settle it.
pub(crate) fn shortest_within(
    start: &Board,
    target: &Board,
    max_len: usize,
    node_cap: u64,
    budget: &mut Budget,
) -> Result<Option<Vec<Direction>>, Halt> {
    if start == target {
        return Ok(Some(Vec::new()));
    }
    let estimate = TargetEstimate::new(target);
    let shape = start.shape();
    let mut cells = start.cells().to_vec();
    let mut blank = start.blank();
    let h0 = estimate.estimate(&cells);
    let mut bound = h0;
    let mut spent = 0u64;
    let mut path: Vec<Direction> = Vec::with_capacity(max_len + 1);
    let mut h_stack: Vec<u32> = Vec::with_capacity(max_len + 2);
    let mut next: Vec<u8> = Vec::with_capacity(max_len + 2);
    while bound as usize <= max_len {
        let mut exceeded = u32::MAX;
        h_stack.push(h0);
        next.push(0);
        while let Some(&d) = next.last() {
            if d == 4 {
                next.pop();
                h_stack.pop();
                if let Some(direction) = path.pop() {
                    let back = shape
                        .neighbour(blank, direction.opposite())
                        .unwrap_or(blank);
                    cells.swap(blank, back);
                    blank = back;
                }
                continue;
            }
            if let Some(slot) = next.last_mut() {
                *slot += 1;
            }
            let direction = Direction::ALL[d as usize];
            if path.last() == Some(&direction.opposite()) {
                continue;
            }
            let Some(from) = shape.neighbour(blank, direction) else {
                continue;
            };
            let tile = cells[from];
            let h_parent = h_stack.last().copied().unwrap_or(0);
            let before = estimate.touched_conflicts(&cells, from, blank);
            cells.swap(blank, from);
            let after = estimate.touched_conflicts(&cells, from, blank);
            let h = h_parent + estimate.manhattan(tile, blank) + after
                - estimate.manhattan(tile, from)
                - before;
            let g = path.len() as u32 + 1;
            if g + h > bound {
                exceeded = exceeded.min(g + h);
                cells.swap(blank, from);
                continue;
            }
            if h == 0 && cells == target.cells() {
                path.push(direction);
                return Ok(Some(path));
            }
            budget.tick()?;
            spent += 1;
            if spent > node_cap {
                return Ok(None);
            }
            blank = from;
            path.push(direction);
            h_stack.push(h);
            next.push(0);
        }
        if exceeded == u32::MAX {
            return Ok(None);
        }
        bound = exceeded;
    }
    Ok(None)
}
