//! Building one pattern table by breadth-first search in the abstract space.
//!
//! The abstract state is the cells of the pattern's tiles plus the blank; the other tiles are
//! indistinguishable. Only moves of pattern tiles count (that is what makes the tables of
//! disjoint patterns additive), so the blank roams for free through the region of free cells it
//! is in: a state is really (placement, blank region). The search runs level by level; for each
//! placement rank it keeps three 16-bit cell masks (blank regions visited, frontier of this
//! level, frontier of the next), so no queue is needed and the peak memory is known in advance:
//! 7 bytes an entry (1 for the table, 6 for the masks), e.g. 40 MB for a 6-tile 4x4 pattern.

use crate::board::{Board, Shape};
use crate::search::{Meter, Stop};

use super::index::PatternIndex;

/// The table of one pattern: for every placement of its tiles, the fewest moves of those tiles
/// needed to bring them home (blank anywhere), one byte an entry.
#[derive(Clone, Debug)]
pub struct PatternTable {
    tiles: Vec<u8>,
    index: PatternIndex,
    values: Vec<u8>,
    max_value: u8,
    build_ms: Option<f64>,
}

/// Tables are equal when their tiles and entries are (build time aside).
impl PartialEq for PatternTable {
    fn eq(&self, other: &Self) -> bool {
        self.tiles == other.tiles && self.index == other.index && self.values == other.values
    }
}

impl Eq for PatternTable {}

/// Marks a placement not reached (only possible when the pattern holds every tile).
const UNSET: u8 = u8::MAX;

impl PatternTable {
    /// The pattern's tiles, in the order their cells are ranked.
    pub fn tiles(&self) -> &[u8] {
        &self.tiles
    }

    /// The perfect index of placements.
    pub fn index(&self) -> PatternIndex {
        self.index
    }

    /// The entries, by rank.
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    /// The largest entry.
    pub fn max_value(&self) -> u8 {
        self.max_value
    }

    /// Milliseconds the build took (by the limits' clock; `None` for a table read from bytes).
    pub fn build_ms(&self) -> Option<f64> {
        self.build_ms
    }

    /// The entry for a placement (`positions[i]` is the cell of `tiles()[i]`).
    #[inline]
    pub fn value(&self, positions: &[u8]) -> u8 {
        self.values[self.index.rank(positions)]
    }

    /// Bytes held by the table.
    pub fn memory_bytes(&self) -> usize {
        self.values.len() + self.tiles.len()
    }

    /// Peak bytes the builder allocates for a pattern with this index (table plus masks).
    pub fn build_peak_bytes(index: PatternIndex) -> u64 {
        index.size() * 7
    }

    /// Rebuilds a table from stored parts, checking the length.
    pub(crate) fn from_parts(tiles: Vec<u8>, index: PatternIndex, values: Vec<u8>) -> Option<Self> {
        if values.len() as u64 != index.size() || tiles.len() != index.tiles() {
            return None;
        }
        let max_value = values.iter().copied().max().unwrap_or(0);
        Some(PatternTable {
            tiles,
            index,
            values,
            max_value,
            build_ms: None,
        })
    }
}

/// Builds the table of `tiles` (non-empty, distinct, no blank) towards `goal`, counting one
/// expansion per abstract state and one generated node per table entry filled.
pub(crate) fn build_table(
    goal: &Board,
    tiles: &[u8],
    meter: &mut Meter,
    clock: fn() -> f64,
) -> Result<PatternTable, Stop> {
    let start_ms = clock();
    let mut table = build_values(goal, tiles, meter)?;
    table.build_ms = Some(clock() - start_ms);
    Ok(table)
}

fn build_values(goal: &Board, tiles: &[u8], meter: &mut Meter) -> Result<PatternTable, Stop> {
    let shape = goal.shape();
    let n = shape.cells();
    let k = tiles.len();
    let index = PatternIndex::new(n, k).expect("checked by the partition");
    let size = index.size() as usize;
    let geometry = Geometry::new(shape);

    let mut values = vec![UNSET; size];
    // Per rank: [visited regions, frontier of even levels, frontier of odd levels], side by
    // side so that checking a child costs one memory access.
    let mut marks = vec![[0u16; 3]; size];

    let mut positions = [0u8; 16];
    for (slot, &tile) in tiles.iter().enumerate() {
        positions[slot] = goal.position_of(tile).expect("tile of the board") as u8;
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
                marks[rank][0] |= region as u16;
                frontier &= !(region as u16);
                for slot in 0..k {
                    let from = positions[slot];
                    let mut targets = geometry.adjacent[from as usize] & region;
                    while targets != 0 {
                        let to = targets.trailing_zeros() as u8;
                        targets &= targets - 1;
                        positions[slot] = to;
                        let child = index.rank(&positions);
                        positions[slot] = from;
                        let bit = 1u16 << from;
                        let mark = &mut marks[child];
                        if (mark[0] | mark[later]) & bit == 0 {
                            // Never marked at all: reached for the first time.
                            if mark[0] | mark[1] | mark[2] == 0 {
                                values[child] = level + 1;
                                meter.generated(1);
                            }
                            mark[later] |= bit;
                            pending = true;
                        }
                    }
                }
            }
        }
        level += 1;
    }
    drop(marks);
    for value in &mut values {
        if *value == UNSET {
            *value = 0;
        }
    }
    let max_value = values.iter().copied().max().unwrap_or(0);
    Ok(PatternTable {
        tiles: tiles.to_vec(),
        index,
        values,
        max_value,
        build_ms: None,
    })
}

/// Cell masks of a board of at most 16 cells.
struct Geometry {
    width: u32,
    all: u32,
    /// Cells not in the first column (where a shift by +1 may land).
    not_first_column: u32,
    /// Cells not in the last column (where a shift by -1 may land).
    not_last_column: u32,
    adjacent: [u32; 16],
}

impl Geometry {
    fn new(shape: Shape) -> Geometry {
        let n = shape.cells();
        let w = shape.width();
        let mut geometry = Geometry {
            width: w as u32,
            all: (1u32 << n) - 1,
            not_first_column: 0,
            not_last_column: 0,
            adjacent: [0; 16],
        };
        for cell in 0..n {
            if cell % w != 0 {
                geometry.not_first_column |= 1 << cell;
            }
            if cell % w != w - 1 {
                geometry.not_last_column |= 1 << cell;
            }
            for direction in crate::moves::Direction::ALL {
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
                | (region << self.width)
                | (region >> self.width))
                & free;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }
}
