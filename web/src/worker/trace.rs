//! Distances and traces: the exact count's exact distance from a board to its goal (from the
//! distance table of the last goal asked about, kept here) and the step-through view's traced
//! searches, streamed in chunks. Neither needs the table cache or reports progress.

use puzzle_core::analysis::DistanceTable;
use puzzle_core::trace::{solve_formula_traced, solve_traced};
use puzzle_core::{Board, Limits, Method, SolveError, SolveOutcome};

use super::with_state;
use crate::protocol::FromWorker;
use crate::trace_limits::CHUNK_EVENTS;

/// The exact distance from `board` to `goal`, from the table of `goal` (built on first use).
pub fn distance(id: u32, board: &Board, goal: &Board) -> FromWorker {
    with_state(|state| {
        let mut table = state.distances.borrow_mut();
        if table.as_ref().is_none_or(|t| t.goal() != goal) {
            *table = None;
            match DistanceTable::build(goal) {
                Ok(built) => *table = Some(built),
                Err(error) => {
                    return FromWorker::Failed {
                        id,
                        message: error.to_string(),
                    }
                }
            }
        }
        let table = table.as_ref().expect("just built");
        FromWorker::Distance {
            id,
            board: board.clone(),
            goal: goal.clone(),
            distance: table.distance(board),
            first: table.optimal_moves(board).first().copied(),
        }
    })
}

/// Traces a generic search (or one guided by a formula) from `board` to `goal` for at most
/// `max_expansions` expansions,
/// handing the events to `send` in [`FromWorker::TraceChunk`]s of
/// [`CHUNK_EVENTS`] as they come (the last one says `done`).
pub fn trace(
    id: u32,
    board: &Board,
    goal: &Board,
    method: &Method,
    max_expansions: u64,
    send: &mut dyn FnMut(FromWorker),
) {
    let mut chunk = Vec::with_capacity(CHUNK_EVENTS);
    let mut limits = Limits::with_budget(max_expansions);
    let mut on_event = |event| {
        chunk.push(event);
        if chunk.len() == CHUNK_EVENTS {
            send(FromWorker::TraceChunk {
                id,
                events: std::mem::take(&mut chunk),
                done: false,
                limit_reached: false,
            });
        }
    };
    let result = match method {
        Method::Search(config) => {
            solve_traced(board, goal, config, &mut limits, &mut on_event).map_err(SolveError::from)
        }
        Method::Formula { algorithm, formula } => {
            solve_formula_traced(board, goal, *algorithm, formula, &mut limits, &mut on_event)
        }
        other => {
            let message = format!("{} cannot be stepped through", other.label());
            return send(FromWorker::Failed { id, message });
        }
    };
    match result {
        Ok(solution) => send(FromWorker::TraceChunk {
            id,
            events: chunk,
            done: true,
            limit_reached: solution.outcome == SolveOutcome::BudgetExhausted,
        }),
        Err(error) => send(FromWorker::Failed {
            id,
            message: error.to_string(),
        }),
    }
}
