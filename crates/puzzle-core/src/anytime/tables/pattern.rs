//! One additive pattern table on a board of up to 64 cells (the 16-cell [`crate::pdb`] tables
//! use 16-bit cell masks; this builder uses 32-bit ones up to 32 cells and 64-bit ones above,
//! so the 5x5 core's tables take half the memory while building).
//!
//! Same method as [`crate::pdb::build`]: breadth-first search in the abstract space of the
//! pattern's tiles, where only moves of pattern tiles count and the blank roams free within
//! its region, level by level with three cell masks per placement (visited blank regions,
//! this level's frontier, the next one's): 12 bytes an entry while building up to 32 cells,
//! 24 above, 1 byte after.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, ControlFlow, Not};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use crate::board::{Board, Shape};
use crate::moves::Direction;
use crate::pdb::PdbError;
use crate::search::{Limits, Meter, Outcome, Progress, Stop};

/// Most cells this module handles.
pub(crate) const MAX_CELLS: usize = 64;

/// A perfect index of placements of `k` distinct tiles on `n <= 64` cells (partial Lehmer code).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Index {
    cells: u8,
    tiles: u8,
    size: u64,
}

impl Index {
    /// The index of `tiles` tiles on `cells` cells, if `1 <= tiles < cells <= 64`.
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
            let below = (used & low_bits(p as usize)).count_ones() as usize;
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
            let mut free = !used & low_bits(n);
            for _ in 0..digits[i] {
                free &= free.wrapping_sub(1);
            }
            let cell = free.trailing_zeros() as u8;
            positions[i] = cell;
            used |= 1 << cell;
        }
    }
}

/// Working memory a table of `entries` entries on `cells` cells takes while it is built: three
/// cell masks and the entry itself.
pub(crate) fn build_bytes(cells: usize, entries: u64) -> u64 {
    let mask = if cells <= 32 { 4 } else { 8 };
    entries * (3 * mask + 1)
}

/// Builds the table of each of `groups` toward `goal`, in order. With `limits.threads` above 1
/// (natively), the tables are built side by side, at most `limits.threads` at a time, each on
/// a thread of its own (a table's breadth-first search is one pass per level over the whole
/// table, so the groups are the natural unit of work); the calling thread reports progress.
/// `Progress::generated` counts the entries filled, summed over the tables; `Break` stops
/// every build with [`PdbError::Cancelled`]. `limits.max_expanded` caps the states expanded
/// on one thread only.
pub(crate) fn build_groups(
    goal: &Board,
    groups: &[Vec<u8>],
    limits: &mut Limits,
) -> Result<Vec<Vec<u8>>, PdbError> {
    let threads = limits.threads.min(groups.len());
    if threads <= 1 || cfg!(target_arch = "wasm32") {
        let mut meter = Meter::new(limits, true);
        let mut tables = Vec::with_capacity(groups.len());
        for group in groups {
            tables.push(build(goal, group, &mut meter)?);
        }
        meter.finish::<(), ()>(Outcome::NoSolution);
        return Ok(tables);
    }
    build_side_by_side(goal, groups, threads, limits)
}

/// [`build_groups`] on `threads` threads.
fn build_side_by_side(
    goal: &Board,
    groups: &[Vec<u8>],
    threads: usize,
    limits: &mut Limits,
) -> Result<Vec<Vec<u8>>, PdbError> {
    let next = AtomicUsize::new(0);
    let filled: Vec<AtomicU64> = (0..threads).map(|_| AtomicU64::new(0)).collect();
    let stop = AtomicBool::new(false);
    let clock = limits.clock;
    let start_ms = clock();
    let built = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|thread| {
                let (next, filled, stop) = (&next, &filled[thread], &stop);
                scope.spawn(move || -> Result<Vec<(usize, Vec<u8>)>, Stop> {
                    let mut report = |progress: &Progress| {
                        filled.store(progress.generated, Ordering::Relaxed);
                        if stop.load(Ordering::Relaxed) {
                            ControlFlow::Break(())
                        } else {
                            ControlFlow::Continue(())
                        }
                    };
                    let mut own = Limits {
                        on_progress: Some(&mut report),
                        clock,
                        ..Limits::default()
                    };
                    let mut meter = Meter::new(&mut own, true);
                    let mut built = Vec::new();
                    loop {
                        let g = next.fetch_add(1, Ordering::Relaxed);
                        let Some(group) = groups.get(g) else {
                            return Ok(built);
                        };
                        built.push((g, build(goal, group, &mut meter)?));
                    }
                })
            })
            .collect();
        while handles.iter().any(|handle| !handle.is_finished()) {
            std::thread::sleep(std::time::Duration::from_millis(50));
            let entries: u64 = filled.iter().map(|f| f.load(Ordering::Relaxed)).sum();
            if let Some(callback) = limits.on_progress.as_mut() {
                let progress = Progress {
                    expanded: entries,
                    generated: entries,
                    frontier: 0,
                    bound: None,
                    elapsed_ms: clock() - start_ms,
                };
                if callback(&progress).is_break() {
                    stop.store(true, Ordering::Relaxed);
                }
            }
        }
        let mut built = Vec::with_capacity(groups.len());
        for handle in handles {
            let mine = handle
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))?;
            built.extend(mine);
        }
        Ok::<_, PdbError>(built)
    })?;
    let mut tables = vec![Vec::new(); groups.len()];
    for (g, table) in built {
        tables[g] = table;
    }
    Ok(tables)
}

/// Builds the table of `tiles` toward `goal` (at most 64 cells; tiles distinct, no blank): one
/// expansion per abstract state and one generated node per entry filled go to `meter`.
pub(crate) fn build(goal: &Board, tiles: &[u8], meter: &mut Meter) -> Result<Vec<u8>, Stop> {
    if goal.cells().len() <= 32 {
        build_with::<u32>(goal, tiles, meter)
    } else {
        build_with::<u64>(goal, tiles, meter)
    }
}

/// [`build`] with cell masks of type `M` (wide enough for the board).
fn build_with<M: Mask>(goal: &Board, tiles: &[u8], meter: &mut Meter) -> Result<Vec<u8>, Stop> {
    let shape = goal.shape();
    let k = tiles.len();
    let Some(index) = Index::new(shape.cells(), k) else {
        return Ok(Vec::new());
    };
    let size = index.size() as usize;
    let geometry = Geometry::<M>::new(shape);
    const UNSET: u8 = u8::MAX;
    let mut values = vec![UNSET; size];
    let mut marks = vec![[M::ZERO; 3]; size];
    let mut positions = [0u8; MAX_CELLS];
    for (slot, &tile) in tiles.iter().enumerate() {
        positions[slot] = goal.position_of(tile).unwrap_or(0) as u8;
    }
    let start = index.rank(&positions);
    marks[start][1] = M::bit(goal.blank());
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
            if frontier == M::ZERO {
                continue;
            }
            marks[rank][now] = M::ZERO;
            index.unrank(rank, &mut positions);
            let occupied = positions[..k]
                .iter()
                .fold(M::ZERO, |m, &p| m | M::bit(p as usize));
            let free = geometry.all & !occupied;
            while frontier != M::ZERO {
                let blank = frontier.lowest();
                frontier = frontier.without_lowest();
                if marks[rank][0] & M::bit(blank) != M::ZERO {
                    continue;
                }
                meter.expand(level as usize)?;
                let region = geometry.flood(M::bit(blank), free);
                marks[rank][0] |= region;
                frontier &= !region;
                for slot in 0..k {
                    let from = positions[slot];
                    let mut targets = geometry.adjacent[from as usize] & region;
                    while targets != M::ZERO {
                        let to = targets.lowest() as u8;
                        targets = targets.without_lowest();
                        positions[slot] = to;
                        let child = index.rank(&positions);
                        positions[slot] = from;
                        let bit = M::bit(from as usize);
                        let mark = &mut marks[child];
                        if (mark[0] | mark[later]) & bit == M::ZERO {
                            if mark[0] | mark[1] | mark[2] == M::ZERO {
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

/// The mask of the cells below `n` (every cell when `n` is 64).
fn low_bits(n: usize) -> u64 {
    u64::MAX.checked_shr(64 - n as u32).unwrap_or(0)
}

/// A set of cells as bits: `u32` for boards of up to 32 cells, `u64` up to 64.
trait Mask:
    Copy
    + Eq
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + Not<Output = Self>
{
    const ZERO: Self;
    /// The cells below `n`.
    fn low(n: usize) -> Self;
    /// The one cell `cell`.
    fn bit(cell: usize) -> Self;
    /// The lowest cell in the set (not empty).
    fn lowest(self) -> usize;
    /// The set without its lowest cell.
    fn without_lowest(self) -> Self;
    /// The cells shifted by `by` to higher (`up`) or lower cells; empty when `by` is the width.
    fn shifted(self, by: u32, up: bool) -> Self;
}

macro_rules! mask {
    ($t:ty) => {
        impl Mask for $t {
            const ZERO: Self = 0;
            fn low(n: usize) -> Self {
                low_bits(n) as $t
            }
            #[inline]
            fn bit(cell: usize) -> Self {
                1 << cell
            }
            #[inline]
            fn lowest(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline]
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline]
            fn shifted(self, by: u32, up: bool) -> Self {
                let moved = if up {
                    self.checked_shl(by)
                } else {
                    self.checked_shr(by)
                };
                moved.unwrap_or(0)
            }
        }
    };
}

mask!(u32);
mask!(u64);

/// Cell masks of a board of at most 64 cells.
struct Geometry<M> {
    width: u32,
    all: M,
    not_first_column: M,
    not_last_column: M,
    adjacent: [M; MAX_CELLS],
}

impl<M: Mask> Geometry<M> {
    fn new(shape: Shape) -> Geometry<M> {
        let n = shape.cells().min(MAX_CELLS);
        let w = shape.width();
        let mut geometry = Geometry {
            width: w as u32,
            all: M::low(n),
            not_first_column: M::ZERO,
            not_last_column: M::ZERO,
            adjacent: [M::ZERO; MAX_CELLS],
        };
        for cell in 0..n {
            if cell % w != 0 {
                geometry.not_first_column |= M::bit(cell);
            }
            if cell % w != w - 1 {
                geometry.not_last_column |= M::bit(cell);
            }
            for direction in Direction::ALL {
                if let Some(other) = shape.neighbour(cell, direction) {
                    geometry.adjacent[cell] |= M::bit(other);
                }
            }
        }
        geometry
    }

    /// The cells of `free` connected to `region`.
    #[inline]
    fn flood(&self, mut region: M, free: M) -> M {
        loop {
            let grown = (region
                | (region.shifted(1, true) & self.not_first_column)
                | (region.shifted(1, false) & self.not_last_column)
                | region.shifted(self.width, true)
                | region.shifted(self.width, false))
                & free;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }
}
