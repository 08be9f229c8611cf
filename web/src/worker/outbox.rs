//! What this worker posts, all through one function ([`post`], or [`post_table`] for a table
//! whose bytes are moved rather than copied): its answers and reports to the page
//! ([`FromWorker`]; a copy sent the page's kind of request answers its owner so too) and a
//! copy's answers to its owner ([`FromCopy`]). Two kinds of message that many paths post are
//! made here, once: a better answer while the search goes on ([`improved`]) and the progress of
//! a search ([`progress_poster`]) or of a count of boards or positions ([`counted_progress`]). Posting only fails if the page (or the owner) is gone;
//! nothing is left to tell then.

use std::cell::Cell;
use std::ops::ControlFlow;
use std::rc::Rc;

use js_sys::Array;
use puzzle_core::{Progress, Solution};
use serde::Serialize;
use wasm_bindgen::JsValue;
use web_sys::DedicatedWorkerGlobalScope;

use super::{clock, PROGRESS_EVERY_MS};
use crate::protocol::{table_to_js, to_js, FromCopy, FromWorker};

/// A message this worker posts: to the page ([`FromWorker`]), or, as a copy, to its owner
/// ([`FromCopy`]).
pub(super) trait Outgoing: Serialize {}

impl Outgoing for FromWorker {}

impl Outgoing for FromCopy {}

/// Posts `message` to the page (or, in a copy, to the worker that started it).
pub(super) fn post(scope: &DedicatedWorkerGlobalScope, message: &impl Outgoing) {
    deliver(scope, &to_js(message), None);
}

/// Posts a copy's [`FromCopy::Table`] answer to request `id` with `bytes` in a `Uint8Array`
/// whose buffer is moved to the owner, not copied.
pub(super) fn post_table(scope: &DedicatedWorkerGlobalScope, id: u32, bytes: &[u8]) {
    let (message, transfer) = table_to_js(id, bytes);
    deliver(scope, &message, Some(&transfer));
}

/// The one place this worker posts.
fn deliver(scope: &DedicatedWorkerGlobalScope, message: &JsValue, transfer: Option<&Array>) {
    match transfer {
        Some(transfer) => scope.post_message_with_transfer(message, transfer),
        None => scope.post_message(message),
    }
    .ok();
}

/// Posts `solution` as a better answer to request `id` while its search goes on
/// ([`FromWorker::Improved`]).
pub(super) fn improved(scope: &DedicatedWorkerGlobalScope, id: u32, solution: Solution) {
    let solution = Box::new(solution);
    post(scope, &FromWorker::Improved { id, solution });
}

/// What a search run in parts (`pair`'s subtrees) adds to each part's own progress: the
/// counts (expanded, generated) of the parts recorded before the one running, and when the
/// whole search started.
pub(crate) struct Parts {
    /// The counts of the parts recorded so far.
    pub counted: Rc<Cell<(u64, u64)>>,
    /// When the search started (this worker's clock).
    pub started: f64,
}

/// A `(done, total)` progress callback that hands `send` the message `message(done, total)`
/// at most every [`PROGRESS_EVERY_MS`] of `clock`, and always at the end (`done == total`):
/// the lab's check ([`FromWorker::FormulaProgress`]) and a game's review
/// ([`FromWorker::ReviewProgress`]).
pub(super) fn counted_progress<'a>(
    clock: fn() -> f64,
    send: &'a mut dyn FnMut(FromWorker),
    message: impl Fn(usize, usize) -> FromWorker + 'a,
) -> impl FnMut(usize, usize) + 'a {
    let mut last_post = f64::NEG_INFINITY;
    move |done, total| {
        let now = clock();
        if now - last_post >= PROGRESS_EVERY_MS || done == total {
            last_post = now;
            send(message(done, total));
        }
    }
}

/// A progress callback that posts [`FromWorker::Progress`] at most every [`PROGRESS_EVERY_MS`]
/// of the search's time: each report as it is, or, for a search run in `parts`, the counts
/// of the parts before added and the time counted from the search's start.
pub(crate) fn progress_poster(
    scope: &DedicatedWorkerGlobalScope,
    id: u32,
    parts: Option<Parts>,
) -> impl FnMut(&Progress) -> ControlFlow<()> + '_ {
    let mut last_post = f64::NEG_INFINITY;
    move |report: &Progress| {
        let elapsed_ms = match &parts {
            Some(parts) => clock() - parts.started,
            None => report.elapsed_ms,
        };
        if elapsed_ms - last_post >= PROGRESS_EVERY_MS {
            last_post = elapsed_ms;
            let mut progress = report.clone();
            if let Some(parts) = &parts {
                let (expanded, generated) = parts.counted.get();
                progress.expanded += expanded;
                progress.generated += generated;
                progress.elapsed_ms = elapsed_ms;
            }
            post(scope, &FromWorker::Progress { id, progress });
        }
        ControlFlow::Continue(())
    }
}
