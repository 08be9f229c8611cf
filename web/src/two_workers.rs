//! A big-board solve on two workers: whether the page asks for a second one ([`workers_for`],
//! the memory rule) and how the two answers of a round merge ([`shorter`]). Pure, shared by
//! the page (which decides, and says so in its request: `SolveRequest::workers`) and the
//! solver worker (`web/src/worker/lanes.rs`, which runs the rounds on the second search worker of
//! `web/src/worker/second_search.rs`).
//!
//! # The memory rule
//!
//! A second worker runs where the device has at least two cores
//! (`navigator.hardwareConcurrency`) and, where the browser tells its memory
//! (`navigator.deviceMemory`, Chromium only, rounded down to 0.25-8 GB), at least
//! [`MIN_DEVICE_GB`]: each worker holds its own copy of the tables (the 5x5-core big-board
//! tables, 26 MB, and the whole-board ones of 6x6 or 7x7, 11 or 31 MB) and its own beams. The
//! wasm memory each worker holds is told to the page with the solve (`FromWorker::Workers`,
//! `#workers`'s `data-memory-mb`): measured at the end of 15 s solves, 168-180 MB for the
//! solver worker and 72-120 MB for the second on 6x6, 280 and 116 MB on a 7x7 (wasm memory
//! never shrinks: these are peaks; docs/BENCHMARKS.md, "Big boards in the browser on two
//! workers"). Where the memory is short the solve runs on the solver worker alone, as before.

use puzzle_core::{Board, Direction};

/// Least device memory (GB, as `navigator.deviceMemory` rounds it) for a worker beside the
/// solver worker: each holds tables of its own.
pub const MIN_DEVICE_GB: f64 = 4.0;

/// The workers a big-board solve runs on, from the device's `cores`
/// (`navigator.hardwareConcurrency`, `None` if not told: one) and memory (`device_gb`,
/// `navigator.deviceMemory`, `None` where the browser does not tell: enough): 2 with at least
/// two cores and [`MIN_DEVICE_GB`], else 1.
pub fn workers_for(cores: Option<f64>, device_gb: Option<f64>) -> u32 {
    let cores = cores.unwrap_or(1.0);
    let memory_ok = device_gb.is_none_or(|gb| gb >= MIN_DEVICE_GB);
    if cores >= 2.0 && memory_ok {
        2
    } else {
        1
    }
}

/// [`workers_for`] this device (the page's or a worker's `navigator`).
pub fn here() -> u32 {
    let global = js_sys::global();
    let navigator = |key: &str| {
        js_sys::Reflect::get(&global, &"navigator".into())
            .and_then(|navigator| js_sys::Reflect::get(&navigator, &key.into()))
            .ok()
            .and_then(|value| value.as_f64())
    };
    workers_for(navigator("hardwareConcurrency"), navigator("deviceMemory"))
}

/// The shorter of two rests of one round from `board` toward `goal` (each worker's, `None`
/// where it found nothing shorter than the round's start): only one that leads there counts,
/// and on a tie the first (the solver worker's own, already posted).
pub fn shorter(
    board: &Board,
    goal: &Board,
    ours: Option<Vec<Direction>>,
    theirs: Option<Vec<Direction>>,
) -> Option<Vec<Direction>> {
    let legal = |moves: &Vec<Direction>| board.after(moves).is_ok_and(|end| end == *goal);
    match (ours.filter(legal), theirs.filter(legal)) {
        (Some(ours), Some(theirs)) if theirs.len() < ours.len() => Some(theirs),
        (Some(ours), _) => Some(ours),
        (None, theirs) => theirs,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzle_core::{Goal, Shape};
    use Direction::{Down as D, Left as L, Right as R, Up as U};

    #[test]
    fn two_workers_need_two_cores_and_the_memory_where_it_is_told() {
        // Firefox and Safari tell no memory: enough.
        assert_eq!(workers_for(Some(2.0), None), 2);
        assert_eq!(workers_for(Some(16.0), Some(8.0)), 2);
        assert_eq!(workers_for(Some(4.0), Some(4.0)), 2);
        // Short memory, one core, or no count: one worker.
        assert_eq!(workers_for(Some(8.0), Some(2.0)), 1);
        assert_eq!(workers_for(Some(8.0), Some(0.5)), 1);
        assert_eq!(workers_for(Some(1.0), Some(8.0)), 1);
        assert_eq!(workers_for(None, None), 1);
    }

    #[test]
    fn the_shorter_legal_rest_wins_and_a_tie_keeps_the_solver_worker_s() {
        let goal = Goal::Standard.board(Shape::square(3).unwrap()).unwrap();
        // Two moves away; a four-move detour solves it too.
        let board = goal.after(&[U, L]).unwrap();
        let short = vec![R, D];
        let long = vec![R, L, R, D];
        assert_eq!(board.after(&short).unwrap(), goal);
        assert_eq!(board.after(&long).unwrap(), goal);
        let pick = |a: &[Direction], b: &[Direction]| {
            shorter(&board, &goal, Some(a.to_vec()), Some(b.to_vec()))
        };
        assert_eq!(pick(&long, &short), Some(short.clone()));
        assert_eq!(pick(&short, &long), Some(short.clone()));
        let other = vec![D, R];
        assert_eq!(board.after(&other).map(|b| b == goal), Ok(false));
        // An answer that does not lead to the goal never wins, however short.
        assert_eq!(pick(&long, &other), Some(long.clone()));
        assert_eq!(pick(&other, &long), Some(long.clone()));
        assert_eq!(
            shorter(&board, &goal, None, Some(short.clone())),
            Some(short)
        );
        assert_eq!(shorter(&board, &goal, None, None), None);
        // A tie keeps the first.
        let same = vec![R, U, D, D];
        assert_eq!(board.after(&same).unwrap(), goal);
        assert_eq!(pick(&long, &same), Some(long));
    }
}
