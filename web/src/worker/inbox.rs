//! The queue of requests: every message this worker is sent but a playhead waits here and runs
//! in its turn, one at a time, in the order they came ([`receive`], [`pump`]); a request
//! whose tables may come from IndexedDB, a download or a build runs asynchronously, and the
//! rest wait for it. Each request is refused first if it cannot run
//! ([`super::refusal`], [`super::copy_refusal`]), then handed to the module that answers it,
//! and its answer posted ([`super::outbox::post`]): the page's requests here
//! ([`run_request`]), a copy's from its owner in [`answer_copy`].

use std::collections::VecDeque;

use puzzle_core::Tables;
use web_sys::DedicatedWorkerGlobalScope;

use super::held::{hold_guides, hold_tables, round, search_subtree};
use super::outbox::post;
use super::refusal::{copy_refusal, refusal};
use super::request::Run;
use super::trace::{distance, trace};
use super::{build, cache, experiment, lesson, request, solve, watch, with_state};
use crate::protocol::{Incoming, SolveRequest, ToCopy, ToWorker};

/// The requests this worker has been sent and not yet run.
#[derive(Default)]
pub(super) struct Inbox {
    /// In the order they came.
    waiting: VecDeque<Incoming>,
    /// Whether an asynchronous request (tables from IndexedDB, a download or a build) is in
    /// flight: the rest waits for it.
    busy: bool,
}

/// Queues `message` and runs what can run now.
pub(super) fn receive(scope: &DedicatedWorkerGlobalScope, message: Incoming) {
    with_state(|state| state.inbox.borrow_mut().waiting.push_back(message));
    pump(scope);
}

/// The next request to run, unless an asynchronous one is in flight.
fn next_request() -> Option<Incoming> {
    with_state(|state| {
        let mut inbox = state.inbox.borrow_mut();
        if inbox.busy {
            None
        } else {
            inbox.waiting.pop_front()
        }
    })
}

/// Marks an asynchronous request in flight (the queue waits) or done.
fn set_busy(busy: bool) {
    with_state(|state| state.inbox.borrow_mut().busy = busy);
}

/// Runs `work` (given this worker's scope) as the request in flight: the rest of the queue
/// waits until it ends, then runs.
fn in_turn<F>(
    scope: &DedicatedWorkerGlobalScope,
    work: impl FnOnce(DedicatedWorkerGlobalScope) -> F,
) where
    F: std::future::Future<Output = ()> + 'static,
{
    set_busy(true);
    let scope = scope.clone();
    let work = work(scope.clone());
    wasm_bindgen_futures::spawn_local(async move {
        work.await;
        set_busy(false);
        pump(&scope);
    });
}

/// Runs the queued requests in order; a request whose tables may come from IndexedDB (or a
/// download, or a build) runs asynchronously, and the rest of the queue waits for it.
fn pump(scope: &DedicatedWorkerGlobalScope) {
    while let Some(message) = next_request() {
        match message {
            Incoming::Copy(message) => answer_copy(scope, &message),
            Incoming::Page(message) => match refusal(&message) {
                Some(reply) => post(scope, &reply),
                None => run_request(scope, message),
            },
        }
    }
}

/// Runs one page request that [`refusal`] let through (a solve's sequence: the docs of
/// [`super`]).
fn run_request(scope: &DedicatedWorkerGlobalScope, message: ToWorker) {
    match message {
        ToWorker::Distance { id, board, goal } => post(scope, &distance(id, &board, &goal)),
        ToWorker::Prove {
            id,
            board,
            goal,
            ms,
        } => in_turn(scope, move |scope| async move {
            // The tables an earlier solve stored: none are downloaded or built for a proof.
            cache::read_stored(&scope, &goal).await;
            post(&scope, &super::prove::prove(id, &board, &goal, ms));
        }),
        ToWorker::Trace {
            id,
            board,
            goal,
            method,
            max_expansions,
        } => trace(id, &board, &goal, &method, max_expansions, &mut |reply| {
            post(scope, &reply)
        }),
        ToWorker::Experiment { id, config } => {
            experiment::run(id, &config, experiment::performance_now, &mut |reply| {
                post(scope, &reply)
            })
        }
        ToWorker::CheckFormula { id, formula, goal }
            if goal.cells().len() > puzzle_core::analysis::MAX_TABLE_CELLS =>
        {
            in_turn(scope, move |scope| async move {
                super::formula::sampled(&scope, id, &formula, &goal).await;
            })
        }
        ToWorker::CheckFormula { id, formula, goal } => super::formula::run(
            id,
            &formula,
            &goal,
            experiment::performance_now,
            &mut |reply| post(scope, &reply),
        ),
        ToWorker::Taught { id, board, goal } => post(scope, &lesson::taught(id, &board, &goal)),
        ToWorker::Review { id, game } => in_turn(scope, move |scope| async move {
            lesson::review(&scope, id, &game).await;
        }),
        ToWorker::Solve(request) if request.method.needs(request.board.shape()).is_some() => {
            in_turn(scope, move |scope| async move {
                post(&scope, &solve::with_tables(&scope, &request).await);
            })
        }
        ToWorker::ReadTables { goal } => in_turn(scope, move |scope| async move {
            cache::read_stored(&scope, &goal).await;
        }),
        // Kept as it comes (in `run`), never queued.
        ToWorker::Playhead { .. } => {}
        ToWorker::Solve(request) if watched_anytime(&request) => {
            in_turn(scope, move |scope| async move {
                let reply = match solve::staged_first_answer(&scope, &request) {
                    Some(start) => watch::improve(&scope, &request, Tables::default(), start).await,
                    None => {
                        request::solve_request(&scope, &request, Tables::default(), Run::default())
                    }
                };
                post(&scope, &reply);
            })
        }
        ToWorker::Solve(request) | ToWorker::Improve(request) => post(
            scope,
            &request::solve_request(scope, &request, Tables::default(), Run::default()),
        ),
    }
}

/// Whether `request` is a watched anytime solve without tables ([`watch::improve`]).
fn watched_anytime(request: &SolveRequest) -> bool {
    request.watch.is_some() && matches!(request.method, puzzle_core::Method::Anytime { .. })
}

/// A copy's side: answers a request only a worker sends its copy ([`ToCopy`]) with
/// [`FromCopy`], refused first if it cannot run ([`copy_refusal`]).
fn answer_copy(scope: &DedicatedWorkerGlobalScope, message: &ToCopy) {
    if let Some(reply) = copy_refusal(message) {
        post(scope, &reply);
        return;
    }
    match message {
        ToCopy::BuildTable { id, goal, tiles } => build::build_table(scope, *id, goal, tiles),
        ToCopy::BuildBigTables { id, goal } => build::build_big_tables(scope, *id, goal),
        ToCopy::HoldTables { id, bytes } => post(scope, &hold_tables(*id, bytes)),
        ToCopy::SearchItem { id, item } => post(scope, &search_subtree(*id, item)),
        ToCopy::HoldGuides {
            id,
            goal,
            split,
            bytes,
        } => post(scope, &hold_guides(*id, goal, *split, bytes)),
        ToCopy::Round {
            id,
            board,
            goal,
            start,
            until,
            lane,
            lanes,
            max_expanded,
        } => {
            let lane = puzzle_core::anytime::LaneOf {
                index: *lane as usize,
                count: *lanes as usize,
            };
            let answer = round(*id, board, goal, start, *until, lane, *max_expanded);
            post(scope, &answer);
        }
    }
}
