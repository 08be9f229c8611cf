//! A nested worker ([`WorkerCopy`]) that builds one pattern table while the solver worker
//! builds the others (or the big-board tables while the solver worker improves a board
//! without them).
//!
//! The solver worker waits in its event loop for the copy's `Ready` ([`Nested::started`]: once
//! it is busy building it reads no message), then goes on with its own tables; the copy's
//! [`FromCopy::Building`] and [`FromCopy::Table`] are read when the solver worker is back
//! in its event loop ([`Nested::table`]). Any failure (no `Worker` in worker scopes, an error
//! event, a `Failed` reply, no `Ready` in time) ends as `false` or an `Err` for the caller to
//! build the table itself. Dropping a [`Nested`] terminates the copy.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use gloo_timers::callback::Timeout;
use puzzle_core::Board;

use super::copy::WorkerCopy;
use super::wait::Waker;
use crate::protocol::{to_js, FromCopy, ToCopy};

/// How long the nested worker may take to load.
pub const READY_GRACE_MS: u32 = 5_000;

/// A progress callback: entries of the nested worker's table filled so far.
type Report = Box<dyn Fn(u64)>;

/// What the solver worker knows of its nested worker, shared with the message handler.
#[derive(Default)]
struct Shared {
    /// The nested worker's wasm is loaded (its `Ready` came).
    ready: Cell<bool>,
    /// Entries of the table it has filled so far (its last `Building`).
    filled: Cell<u64>,
    /// Its answer: the table's bytes, or why there are none.
    answer: RefCell<Option<Result<Vec<u8>, String>>>,
    /// Ends the solver worker's wait, if it waits.
    waker: Waker,
    /// Called with `filled` on every `Building` while the solver worker waits.
    on_progress: RefCell<Option<Report>>,
}

impl Shared {
    /// Records the answer (the first one counts) and wakes the waiting solver worker.
    fn finish(&self, answer: Result<Vec<u8>, String>) {
        if self.answer.borrow().is_none() {
            *self.answer.borrow_mut() = Some(answer);
        }
        self.waker.wake();
    }
}

/// A nested worker building one table.
pub struct Nested {
    _copy: WorkerCopy<FromCopy>,
    shared: Rc<Shared>,
}

impl Nested {
    /// Starts a copy of this worker and asks it, once loaded, for the table of `tiles`
    /// towards `goal` (request `id`). `None` if no worker can be started here.
    pub fn spawn(id: u32, goal: &Board, tiles: &[u8]) -> Option<Nested> {
        Self::spawn_for(&ToCopy::BuildTable {
            id,
            goal: goal.clone(),
            tiles: tiles.to_vec(),
        })
    }

    /// Starts a copy of this worker and sends it `request` once loaded (a request answered
    /// by [`FromCopy::Table`]). `None` if no worker can be started here.
    pub fn spawn_for(request: &ToCopy) -> Option<Nested> {
        let shared = Rc::new(Shared::default());
        let copy = {
            let shared = shared.clone();
            WorkerCopy::spawn(move |reply| match reply {
                Ok(FromCopy::Ready) => {
                    shared.ready.set(true);
                    shared.waker.wake();
                }
                Ok(FromCopy::Building { build, .. }) => {
                    shared.filled.set(build.filled);
                    if let Some(report) = shared.on_progress.borrow().as_ref() {
                        report(build.filled);
                    }
                }
                Ok(FromCopy::Table { bytes, .. }) => shared.finish(Ok(bytes)),
                Ok(FromCopy::Failed { message, .. }) => shared.finish(Err(message)),
                // The answers to requests this owner does not send.
                Ok(
                    FromCopy::Held { .. } | FromCopy::Searched { .. } | FromCopy::Rounded { .. },
                ) => {}
                Err(message) => shared.finish(Err(message)),
            })?
        };
        copy.post(to_js(request), None);
        Some(Nested {
            _copy: copy,
            shared,
        })
    }

    /// Waits (in the event loop) until the nested worker has loaded and been sent its request:
    /// `false` if it failed or did not load within [`READY_GRACE_MS`].
    pub async fn started(&self) -> bool {
        if !self.shared.ready.get() && self.shared.answer.borrow().is_none() {
            let shared = self.shared.clone();
            let _grace = Timeout::new(READY_GRACE_MS, move || {
                shared.finish(Err("the nested worker did not start".to_string()));
            });
            self.shared.waker.wait().await;
        }
        self.shared.ready.get() && self.shared.answer.borrow().is_none()
    }

    /// Waits (in the event loop) for the table's bytes, calling `on_progress` with the entries
    /// filled on each progress report meanwhile (the last one known first). `Err` if the nested
    /// worker failed.
    pub async fn table(self, on_progress: impl Fn(u64) + 'static) -> Result<Vec<u8>, String> {
        on_progress(self.shared.filled.get());
        *self.shared.on_progress.borrow_mut() = Some(Box::new(on_progress));
        while self.shared.answer.borrow().is_none() {
            self.shared.waker.wait().await;
        }
        let answer = self.shared.answer.borrow_mut().take();
        answer.unwrap_or_else(|| Err("no answer from the nested worker".to_string()))
    }
}

impl Drop for Nested {
    fn drop(&mut self) {
        // The copy's handler holds the shared state; this drops what it would call.
        self.shared.on_progress.borrow_mut().take();
        self.shared.waker.forget();
    }
}
