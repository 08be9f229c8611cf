//! The general builder of one pattern table, on any board of up to 64 cells: the big boards'
//! tables ([`crate::anytime`]) are built with it, and it is the reference the fast builder of
//! the 16-cell databases (`bfs.rs`, [`Builder::Fast`](super::Builder::Fast)) is checked
//! against byte for byte ([`Builder::Reference`](super::Builder::Reference)).
//!
//! Breadth-first search in the abstract space of the pattern's tiles, where only moves of
//! pattern tiles count and the blank roams free within its region, level by level with three
//! cell masks per placement (visited blank regions, this level's frontier, the next one's) and
//! a bit per placement and level parity marking those with a frontier: 13 bytes an entry while
//! building up to 32 cells, 25 above, 1 byte after. The masks are `u32` up to 32 cells, so the
//! 5x5 core's tables take half the memory while building.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use crate::board::Board;
use crate::search::{Limits, Meter, Outcome, Progress, Stop};

use super::cells::{Geometry, Mask};
use super::index::{PatternIndex, MAX_CELLS};
use super::table::UNSET;
use super::PdbError;

/// Working memory a table of `entries` entries on `cells` cells takes while it is built: three
/// cell masks, the entry itself and two bits marking the ranks with a frontier.
pub(crate) fn build_bytes(cells: usize, entries: u64) -> u64 {
    let mask = if cells <= 32 { 4 } else { 8 };
    entries * (3 * mask + 1) + entries.div_ceil(64) * 16
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
    let Some(index) = PatternIndex::new(shape.cells(), k) else {
        return Ok(Vec::new());
    };
    let size = index.size() as usize;
    let geometry = Geometry::<M>::new(shape);
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
    // Per level parity, a bit per rank whose frontier mask (of that parity) is not empty, so
    // that a level visits only those ranks instead of sweeping every mask.
    let words = size.div_ceil(64);
    let (mut even, mut odd) = (vec![0u64; words], vec![0u64; words]);
    even[start / 64] |= 1 << (start % 64);
    let mut level: u8 = 0;
    let mut pending = true;
    while pending {
        meter.iteration(f64::from(level));
        pending = false;
        let (now, later, active, next_active) = if level.is_multiple_of(2) {
            (1, 2, &mut even, &mut odd)
        } else {
            (2, 1, &mut odd, &mut even)
        };
        for (w, bits) in active.iter_mut().enumerate() {
            let mut word = std::mem::take(bits);
            while word != 0 {
                let rank = w * 64 + word.trailing_zeros() as usize;
                word &= word - 1;
                let mut frontier = std::mem::replace(&mut marks[rank][now], M::ZERO);
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
                                next_active[child / 64] |= 1 << (child % 64);
                                pending = true;
                            }
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
