//! The step-through view's worker: a third worker of its own (so the solver and the live count
//! are never held up), which traces the chosen searches and streams their events back in
//! chunks. A new request terminates the worker of the old one, which stops a long trace.

use puzzle_core::{Board, SolverConfig};
use yew::prelude::*;

use crate::client::{SolverWorker, WorkerEvent};
use crate::protocol::{FromWorker, ToWorker};
use crate::stepper::trace_set::{TraceAction, TraceSet, MAX_EXPANSIONS};

/// What the view gets: the traces so far and a way to ask for new ones.
#[derive(Clone, PartialEq)]
pub struct TraceHandle {
    /// The traces, one per method asked for.
    pub set: UseReducerHandle<TraceSet>,
    /// Traces each method from the board to the goal (dropping the traces before).
    pub start: Callback<(Board, Board, Vec<SolverConfig>)>,
}

/// The actions a reply of the trace worker becomes (a crash fails every trace asked for).
pub fn actions_for(event: WorkerEvent, ids: &[u32]) -> Vec<TraceAction> {
    match event {
        WorkerEvent::Reply(FromWorker::TraceChunk {
            id,
            events,
            done,
            limit_reached,
        }) => vec![TraceAction::Chunk {
            id,
            events,
            done,
            limit_reached,
        }],
        WorkerEvent::Reply(FromWorker::Failed { id, message }) => {
            vec![TraceAction::Failed(id, message)]
        }
        WorkerEvent::Crashed(message) => ids
            .iter()
            .map(|&id| TraceAction::Failed(id, message.clone()))
            .collect(),
        WorkerEvent::Reply(_) => Vec::new(),
    }
}

/// Owns the trace worker.
#[hook]
pub fn use_trace() -> TraceHandle {
    let set = use_reducer(TraceSet::default);
    let worker = use_mut_ref(|| None::<SolverWorker>);
    let next_id = use_mut_ref(|| 0u32);
    let start = {
        let (worker, dispatcher) = (worker.clone(), set.dispatcher());
        use_memo((), move |_| {
            Callback::from(
                move |(board, goal, methods): (Board, Board, Vec<SolverConfig>)| {
                    let ids: Vec<u32> = methods
                        .iter()
                        .map(|_| {
                            let mut next = next_id.borrow_mut();
                            *next += 1;
                            *next
                        })
                        .collect();
                    dispatcher.dispatch(TraceAction::Started(ids.clone()));
                    let on_event = {
                        let (dispatcher, ids) = (dispatcher.clone(), ids.clone());
                        Callback::from(move |event| {
                            for action in actions_for(event, &ids) {
                                dispatcher.dispatch(action);
                            }
                        })
                    };
                    // A fresh worker: the old one may still be tracing.
                    let mut slot = worker.borrow_mut();
                    drop(slot.take());
                    match SolverWorker::spawn(on_event) {
                        Ok(spawned) => {
                            for (&id, method) in ids.iter().zip(&methods) {
                                spawned.send_message(&ToWorker::Trace {
                                    id,
                                    board: board.clone(),
                                    goal: goal.clone(),
                                    method: *method,
                                    max_expansions: MAX_EXPANSIONS,
                                });
                            }
                            *slot = Some(spawned);
                        }
                        Err(message) => {
                            for &id in &ids {
                                dispatcher.dispatch(TraceAction::Failed(id, message.clone()));
                            }
                        }
                    }
                },
            )
        })
    };
    use_effect_with((), move |_| move || drop(worker.borrow_mut().take()));
    TraceHandle {
        set,
        start: (*start).clone(),
    }
}
