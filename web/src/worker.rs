//! The web worker's side: reads [`ToWorker`] messages, runs the core's solver, and posts
//! progress and the answer back. It runs on its own thread, so a long search never blocks the
//! page; the page cancels by terminating it.

use std::ops::ControlFlow;

use puzzle_core::{solve, Limits, Progress};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

use crate::protocol::{decode, encode, FromWorker, SolveRequest, ToWorker};

/// Expansions between two calls of the progress callback.
pub const REPORT_EVERY: u64 = 8192;
/// Least time between two progress messages, in milliseconds.
pub const PROGRESS_EVERY_MS: f64 = 100.0;

/// Starts listening; called from the worker binary's `main`.
pub fn run() {
    crate::panic::install();
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let replies = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let text = event.data().as_string().unwrap_or_default();
        match decode::<ToWorker>(&text) {
            Ok(ToWorker::Solve(request)) => handle(&replies, request),
            Err(message) => post(&replies, &FromWorker::Failed { id: 0, message }),
        }
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    on_message.forget();
    post(&scope, &FromWorker::Ready);
}

/// Milliseconds from the worker's clock (the standard clock does not exist on wasm32).
pub fn clock() -> f64 {
    js_sys::Date::now()
}

fn handle(scope: &DedicatedWorkerGlobalScope, request: SolveRequest) {
    let id = request.id;
    let mut last_post = f64::NEG_INFINITY;
    let mut report = |progress: &Progress| {
        if progress.elapsed_ms - last_post >= PROGRESS_EVERY_MS {
            last_post = progress.elapsed_ms;
            post(
                scope,
                &FromWorker::Progress {
                    id,
                    progress: progress.clone(),
                },
            );
        }
        ControlFlow::Continue(())
    };
    let mut limits = Limits {
        max_expanded: request.max_expanded,
        report_every: REPORT_EVERY,
        on_progress: Some(&mut report),
        clock,
    };
    let answer = match solve(&request.board, &request.goal, &request.config, &mut limits) {
        Ok(solution) => FromWorker::Done {
            id,
            solution: Box::new(solution),
        },
        Err(error) => FromWorker::Failed {
            id,
            message: error.to_string(),
        },
    };
    post(scope, &answer);
}

fn post(scope: &DedicatedWorkerGlobalScope, message: &FromWorker) {
    // Posting only fails if the page is gone; nothing is left to tell then.
    scope.post_message(&encode(message).into()).ok();
}
