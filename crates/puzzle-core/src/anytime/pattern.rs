//! One additive pattern table on a board of up to 32 cells (the 16-cell [`crate::pdb`] tables
//! use 16-bit cell masks; this builder uses 32-bit ones).
//!
//! Same method as [`crate::pdb::build`]: breadth-first search in the abstract space of the
//! pattern's tiles, where only moves of pattern tiles count and the blank roams free within
//! its region, level by level with three cell masks per placement (visited blank regions,
//! this level's frontier, the next one's): 12 bytes an entry while building, 1 byte after.

use crate::board::{Board, Shape};
use crate::moves::Direction;
use crate::search::{Meter, Stop};

/// Most cells this module handles.
pub(crate) const MAX_CELLS: usize = 32;

/// A perfect index of placements of `k` distinct tiles on `n <= 32` cells (partial Lehmer code).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Index {
    cells: u8,
    tiles: u8,
    size: u64,
}

impl Index {
    /// The index of `tiles` tiles on `cells` cells, if `1 <= tiles < cells <= 32`.
    pub(crate) fn new(cells: usize, tiles: usize) -> Option<Index> {
        if tiles == 0 || tiles >= cells || cells > MAX_CELLS {
            return None;
        }
        let size = (cells - tiles + 1..=cells).map(|f| f as u64).product();
        Some(Index {
            cells: cells as u8,
            tiles: tiles as u8,
            size,
        })
    }

    /// Number of placements.
    pub(crate) fn size(&self) -> u64 {
        self.size
    }

    /// The rank of a placement (distinct cells below `cells`).
    #[inline]
    pub(crate) fn rank(&self, positions: &[u8]) -> usize {
        let n = self.cells as usize;
        let mut used: u64 = 0;
        let mut rank = 0usize;
        for (i, &p) in positions[..self.tiles as usize].iter().enumerate() {
            let below = (used & ((1u64 << p) - 1)).count_ones() as usize;
            rank = rank * (n - i) + (p as usize).saturating_sub(below);
            used |= 1 << p;
        }
        rank
    }

    /// The placement of a rank, written to `positions[..k]`.
    pub(crate) fn unrank(&self, mut rank: usize, positions: &mut [u8]) {
        let n = self.cells as usize;
        let k = self.tiles as usize;
        let mut digits = [0u8; MAX_CELLS];
        for i in (0..k).rev() {
            let radix = n - i;
            digits[i] = (rank % radix) as u8;
            rank /= radix;
        }
        let mut used: u64 = 0;
        for i in 0..k {
            let mut free = !used & ((1u64 << n) - 1);
            for _ in 0..digits[i] {
                free &= free.wrapping_sub(1);
            }
            let cell = free.trailing_zeros() as u8;
            positions[i] = cell;
            used |= 1 << cell;
        }
    }
}

/// Builds the table of `tiles` toward `goal` (at most 32 cells; tiles distinct, no blank): one
/// expansion per abstract state and one generated node per entry filled go to `meter`.
pub(crate) fn build(goal: &Board, tiles: &[u8], meter: &mut Meter) -> Result<Vec<u8>, Stop> {
    let shape = goal.shape();
    let k = tiles.len();
    let Some(index) = Index::new(shape.cells(), k) else {
        return Ok(Vec::new());
    };
    let size = index.size() as usize;
    let geometry = Geometry::new(shape);
    const UNSET: u8 = u8::MAX;
    let mut values = vec![UNSET; size];
    let mut marks = vec![[0u32; 3]; size];
    let mut positions = [0u8; MAX_CELLS];
    for (slot, &tile) in tiles.iter().enumerate() {
        positions[slot] = goal.position_of(tile).unwrap_or(0) as u8;
    }
    let start = index.rank(&positions);
    marks[start][1] = 1 << goal.blank();
    values[start] = 0;
    meter.generated(1);
    let mut level: u8 = 0;
    let mut pending = true;
    while pending {
        meter.iteration(f64::from(level));
        pending = false;
        let (now, later) = if level.is_multiple_of(2) {
            (1, 2)
        } else {
            (2, 1)
        };
        for rank in 0..size {
            let mut frontier = marks[rank][now];
            if frontier == 0 {
                continue;
            }
            marks[rank][now] = 0;
            index.unrank(rank, &mut positions);
            let occupied = positions[..k].iter().fold(0u32, |m, &p| m | 1 << p);
            let free = geometry.all & !occupied;
            while frontier != 0 {
                let blank = frontier.trailing_zeros();
                frontier &= frontier - 1;
                if marks[rank][0] & (1 << blank) != 0 {
                    continue;
                }
                meter.expand(level as usize)?;
                let region = geometry.flood(1 << blank, free);
                marks[rank][0] |= region;
                frontier &= !region;
                for slot in 0..k {
                    let from = positions[slot];
                    let mut targets = geometry.adjacent[from as usize] & region;
                    while targets != 0 {
                        let to = targets.trailing_zeros() as u8;
                        targets &= targets - 1;
                        positions[slot] = to;
                        let child = index.rank(&positions);
                        positions[slot] = from;
                        let bit = 1u32 << from;
                        let mark = &mut marks[child];
                        if (mark[0] | mark[later]) & bit == 0 {
                            if mark[0] | mark[1] | mark[2] == 0 {
                                values[child] = level.saturating_add(1);
                                meter.generated(1);
                            }
                            mark[later] |= bit;
                            pending = true;
                        }
                    }
                }
            }
        }
        level = level.saturating_add(1);
    }
    for value in &mut values {
        if *value == UNSET {
            *value = 0;
        }
    }
    Ok(values)
}

/// Cell masks of a board of at most 32 cells.
struct Geometry {
    width: u32,
    all: u32,
    not_first_column: u32,
    not_last_column: u32,
    adjacent: [u32; MAX_CELLS],
}

impl Geometry {
    fn new(shape: Shape) -> Geometry {
        let n = shape.cells().min(MAX_CELLS);
        let w = shape.width();
        let mut geometry = Geometry {
            width: w as u32,
            all: ((1u64 << n) - 1) as u32,
            not_first_column: 0,
            not_last_column: 0,
            adjacent: [0; MAX_CELLS],
        };
        for cell in 0..n {
            if cell % w != 0 {
                geometry.not_first_column |= 1 << cell;
            }
            if cell % w != w - 1 {
                geometry.not_last_column |= 1 << cell;
            }
            for direction in Direction::ALL {
                if let Some(other) = shape.neighbour(cell, direction) {
                    geometry.adjacent[cell] |= 1 << other;
                }
            }
        }
        geometry
    }

    /// The cells of `free` connected to `region`.
    #[inline]
    fn flood(&self, mut region: u32, free: u32) -> u32 {
        loop {
            let grown = (region
                | ((region << 1) & self.not_first_column)
                | ((region >> 1) & self.not_last_column)
                | region.checked_shl(self.width).unwrap_or(0)
                | region.checked_shr(self.width).unwrap_or(0))
                & free;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }
}
