//! The lower bound a big-board solve states: the best admissible bound the tables in hand give
//! for the board ([`lower_bound_with`]), told to the page as soon as a solve has them ([`tell`],
//! [`FromWorker::Bound`], before the answers that may have come without them) and carried by
//! the answers of a watched solve (`watch.rs`). The page keeps the largest bound a solve told
//! and states it with each of its answers ([`crate::state::Running::lower_bound`]).

use puzzle_core::{lower_bound_with, Tables};
use web_sys::DedicatedWorkerGlobalScope;

use super::outbox::post;
use crate::protocol::{FromWorker, SolveRequest};

/// Tells the page the bound `tables` give for `request`'s board ([`lower_bound_with`]), and returns it.
pub(super) fn tell(
    scope: &DedicatedWorkerGlobalScope,
    request: &SolveRequest,
    tables: Tables,
) -> u32 {
    let lower_bound = lower_bound_with(&request.board, &request.goal, tables);
    let id = request.id;
    post(scope, &FromWorker::Bound { id, lower_bound });
    lower_bound
}
