//! A nested worker ([`WorkerCopy`]) that builds one pattern table while the solver worker
//! builds the others (or the big-board tables while the solver worker improves a board
//! without them).
//!
//! The solver worker waits in its event loop for the copy's `Ready` ([`Nested::started`]: once
//! it is busy building it reads no message), then goes on with its own tables; the copy's
//! [`FromCopy::Building`] and [`FromCopy::Table`] are read when the solver worker is back
//! in its event loop ([`Nested::table`]). Any failure (no `Worker` in worker scopes, a copy
//! that failed in its life, no `Ready` in time) ends as `false` or an `Err` for the caller to
//! build the table itself. Dropping a [`Nested`] terminates the copy.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use puzzle_core::Board;

use super::clock;
use super::copy::WorkerCopy;
use crate::protocol::{to_js, FromCopy, ToCopy};

/// How long the nested worker may take to load, in milliseconds.
pub const READY_GRACE_MS: f64 = 5_000.0;

/// A progress callback: entries of the nested worker's table filled so far.
type Report = Box<dyn Fn(u64)>;

/// What the nested worker has answered so far, shared with its reply handler.
#[derive(Default)]
struct Answer {
    /// Entries of the table it has filled so far (its last `Building`).
    filled: Cell<u64>,
    /// The table's bytes, once they came.
    bytes: RefCell<Option<Vec<u8>>>,
    /// Called with `filled` on every `Building` while the solver worker waits.
    on_progress: RefCell<Option<Report>>,
}

/// A nested worker building one table.
pub struct Nested {
    copy: WorkerCopy<FromCopy>,
    answer: Rc<Answer>,
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
        let answer = Rc::new(Answer::default());
        let copy = {
            let answer = answer.clone();
            WorkerCopy::spawn(move |reply| match reply {
                FromCopy::Building { build, .. } => {
                    answer.filled.set(build.filled);
                    if let Some(report) = answer.on_progress.borrow().as_ref() {
                        report(build.filled);
                    }
                }
                FromCopy::Table { bytes, .. } => {
                    answer.bytes.borrow_mut().get_or_insert(bytes);
                }
                // Its life (`Ready`, `Failed`) is the copy's; the answers to requests this
                // owner does not send.
                FromCopy::Ready
                | FromCopy::Failed { .. }
                | FromCopy::Held { .. }
                | FromCopy::Searched { .. }
                | FromCopy::Rounded { .. } => {}
            })?
        };
        copy.post(to_js(request), None);
        Some(Nested { copy, answer })
    }

    /// Waits (in the event loop) until the nested worker has loaded and been sent its request:
    /// `false` if it failed or did not load within [`READY_GRACE_MS`].
    pub async fn started(&self) -> bool {
        let deadline = clock() + READY_GRACE_MS;
        while !self.copy.loaded() && self.copy.failed().is_none() {
            if clock() >= deadline {
                self.copy
                    .fail("the nested worker did not start".to_string());
                break;
            }
            self.copy.next_reply_until(deadline).await;
        }
        self.copy.loaded() && self.answer.bytes.borrow().is_none()
    }

    /// Waits (in the event loop) for the table's bytes, calling `on_progress` with the entries
    /// filled on each progress report meanwhile (the last one known first). `Err` if the nested
    /// worker failed first.
    pub async fn table(self, on_progress: impl Fn(u64) + 'static) -> Result<Vec<u8>, String> {
        on_progress(self.answer.filled.get());
        *self.answer.on_progress.borrow_mut() = Some(Box::new(on_progress));
        loop {
            if let Some(bytes) = self.answer.bytes.borrow_mut().take() {
                return Ok(bytes);
            }
            if let Some(why) = self.copy.failed() {
                return Err(why);
            }
            self.copy.next_reply().await;
        }
    }
}

impl Drop for Nested {
    fn drop(&mut self) {
        // The copy's handler holds the answer; this drops what it would call.
        self.answer.on_progress.borrow_mut().take();
    }
}
