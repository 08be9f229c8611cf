//! Raising the lower bound of a board the page has solved ([`ToWorker::Prove`], sent to the
//! coach's worker): IDA* over the big-board tables in memory ([`prove_bound`]; the inbox reads
//! the stored ones first) for the time the page gives, its bound posted as
//! [`FromWorker::Proved`]. Without tables the bound is linear conflict's and nothing is
//! searched: nothing is downloaded or built for a proof.
//!
//! [`ToWorker::Prove`]: crate::protocol::ToWorker::Prove

use puzzle_core::anytime::{prove_bound, BigTables, Guides, WholeTables};
use puzzle_core::Board;

use super::cache::Cached;
use super::clock;
use crate::protocol::FromWorker;

/// The answer to the proof request `id` of `board` toward `goal`, within `ms` milliseconds.
pub(super) fn prove(id: u32, board: &Board, goal: &Board, ms: u32) -> FromWorker {
    let big = BigTables::held(goal);
    let whole = WholeTables::held(goal);
    let guides = Guides {
        core: big.as_deref(),
        whole: whole.as_deref(),
    };
    let mut limits = puzzle_core::Limits {
        clock,
        ..puzzle_core::Limits::default()
    };
    match prove_bound(board, goal, guides, f64::from(ms), &mut limits) {
        Ok(proof) => FromWorker::Proved {
            id,
            lower_bound: proof.lower_bound,
        },
        Err(error) => FromWorker::Failed {
            id,
            message: error.to_string(),
        },
    }
}
