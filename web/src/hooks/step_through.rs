//! The step-through view's worker: a third worker of its own (so the solver and the exact count
//! are never held up), which traces the chosen searches and streams their events back in
//! chunks. A new request terminates the worker of the old one, which stops a long trace.

use puzzle_core::{Board, Method};
use yew::prelude::*;

use super::worker_slot::use_worker_slot;
use crate::client::WorkerEvent;
use crate::protocol::{FromWorker, ToWorker};
use crate::step_through::trace_set::{TraceAction, TraceSet, MAX_EXPANSIONS};

/// What the view gets: the traces so far and a way to ask for new ones.
#[derive(Clone, PartialEq)]
pub struct TraceHandle {
    /// The traces, one per method asked for.
    pub set: UseReducerHandle<TraceSet>,
    /// Traces each method from the board to the goal (dropping the traces before).
    pub start: Callback<(Board, Board, Vec<Method>)>,
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
pub fn use_step_through() -> TraceHandle {
    let set = use_reducer(TraceSet::default);
    // The traces of the last request (a crash fails them all).
    let asked = use_mut_ref(Vec::<u32>::new);
    let slot = {
        let (dispatcher, asked) = (set.dispatcher(), asked.clone());
        use_worker_slot(Callback::from(move |event| {
            let actions = actions_for(event, &asked.borrow());
            for action in actions {
                dispatcher.dispatch(action);
            }
        }))
    };
    let start = {
        let dispatcher = set.dispatcher();
        use_memo((), move |_| {
            Callback::from(move |(board, goal, methods): (Board, Board, Vec<Method>)| {
                let ids: Vec<u32> = slot.new_ids(methods.len() as u32).collect();
                dispatcher.dispatch(TraceAction::Started(ids.clone()));
                // A fresh worker: the old one may still be tracing.
                slot.stop();
                *asked.borrow_mut() = ids.clone();
                let traces: Vec<ToWorker> = ids
                    .iter()
                    .zip(&methods)
                    .map(|(&id, method)| ToWorker::Trace {
                        id,
                        board: board.clone(),
                        goal: goal.clone(),
                        method: method.clone(),
                        max_expansions: MAX_EXPANSIONS,
                    })
                    .collect();
                if let Err(message) = slot.send(&traces) {
                    for &id in &ids {
                        dispatcher.dispatch(TraceAction::Failed(id, message.clone()));
                    }
                }
            })
        })
    };
    TraceHandle {
        set,
        start: (*start).clone(),
    }
}
