//! "Solve it yourself" in the lesson's worker: the method people are taught
//! ([`ToWorker::Taught`](crate::protocol::ToWorker::Taught), [`taught`]) and the review of a
//! game played by hand ([`ToWorker::Review`](crate::protocol::ToWorker::Review), [`review`]):
//! the exact table up to 10 cells, the pattern databases (fetched or built as for a solve) up
//! to 16, and from 5x5 up a lower bound (linear conflict) and an upper one (the staged
//! solver's answer) for each position. Progress is posted at most every
//! [`PROGRESS_EVERY_MS`](super::PROGRESS_EVERY_MS).

use puzzle_core::analysis::{DistanceTable, MAX_TABLE_CELLS};
use puzzle_core::pdb::AdditivePdb;
use puzzle_core::review::{review_with_progress, BoundsOracle, Oracle, PdbOracle, TableOracle};
use puzzle_core::taught::solve_taught;
use puzzle_core::{Board, Limits};
use web_sys::DedicatedWorkerGlobalScope;

use super::cache;
use super::experiment::performance_now;
use super::outbox::{counted_progress, post};
use crate::protocol::lesson::Game;
use crate::protocol::FromWorker;

/// The method's phases for `board` toward `goal` (request `id`), or why not in words.
pub fn taught(id: u32, board: &Board, goal: &Board) -> FromWorker {
    match solve_taught(board, goal, &mut Limits::default()) {
        Ok(taught) => FromWorker::Taught {
            id,
            phases: taught.phases,
        },
        Err(error) => FromWorker::Failed {
            id,
            message: error.to_string(),
        },
    }
}

/// Most cells of a board whose review is exact (the pattern databases' boards).
pub const EXACT_REVIEW_CELLS: usize = 16;

/// Reviews `game` for request `id`, posting the progress and then the review (or why not).
pub async fn review(scope: &DedicatedWorkerGlobalScope, id: u32, game: &Game) {
    let started = performance_now();
    let goal = &game.goal;
    let cells = goal.cells().len();
    let mut send = |reply: FromWorker| post(scope, &reply);
    let reviewed = if cells <= MAX_TABLE_CELLS {
        match DistanceTable::build(goal) {
            Ok(table) => reviewed(id, game, &mut TableOracle(&table), &mut send),
            Err(error) => Err(error.to_string()),
        }
    } else if cells <= EXACT_REVIEW_CELLS {
        match cache::cached::<AdditivePdb>(scope, id, goal).await {
            Ok(pdb) => reviewed(id, game, &mut PdbOracle::new(goal, &pdb), &mut send),
            Err(message) => Err(message),
        }
    } else {
        reviewed(id, game, &mut BoundsOracle::new(goal), &mut send)
    };
    send(match reviewed {
        Ok(review) => FromWorker::Reviewed {
            id,
            review,
            elapsed_ms: performance_now() - started,
        },
        Err(message) => FromWorker::Failed { id, message },
    });
}

/// `game` reviewed with `oracle`, its progress handed to `send` at most every
/// [`PROGRESS_EVERY_MS`](super::PROGRESS_EVERY_MS) and at the end.
fn reviewed(
    id: u32,
    game: &Game,
    oracle: &mut dyn Oracle,
    send: &mut dyn FnMut(FromWorker),
) -> Result<puzzle_core::review::Review, String> {
    let mut progress = counted_progress(performance_now, send, move |done, total| {
        FromWorker::ReviewProgress { id, done, total }
    });
    review_with_progress(&game.start, &game.goal, &game.moves, oracle, &mut progress)
        .map_err(|error| error.to_string())
}
