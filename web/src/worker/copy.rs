//! A copy of this worker's script running beside it: the one way the solver worker starts a
//! nested worker, for whatever it hands that copy (a table to build, a board to improve
//! without tables, subtrees of a search, a big board's rounds), and the one life every such
//! copy has ([`Life`]).
//!
//! The copy is started from `self.location.href` (the loader shim the page starts). A message
//! sent before its wasm listens would be lost, so [`WorkerCopy::post`] holds messages while it
//! is [`Life::Starting`] and sends them, in order, when its `Ready` makes it [`Life::Ready`].
//! The owner reads the copy's replies as the kind it asks for ([`Reply`]): [`FromCopy`] from a
//! copy sent [`crate::protocol::ToCopy`] requests (`nested`, `pair`, `second_search`),
//! [`FromWorker`] from one sent a page's request (`improver`). What a reply says of the copy's
//! life (its `Ready`, a `Held`, a `Failed`) moves the life on here, for every kind of copy
//! alike; every failure (an error event, an unreadable reply, a message that could not be
//! sent) makes it [`Life::Failed`]; the error events are handled here, so they do not go on to
//! the solver worker's own scope. The owner's handler gets every reply that reads, and its
//! waits ([`WorkerCopy::next_reply`]) end at each reply and failure. Dropping a [`WorkerCopy`]
//! terminates the copy; the page terminating the solver worker ends it too (a dedicated
//! worker lives only as long as its owner).

use std::cell::{Cell, RefCell};
use std::marker::PhantomData;
use std::rc::Rc;

use gloo_timers::callback::Timeout;
use js_sys::{Array, Reflect};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{ErrorEvent, MessageEvent, Worker};

use super::clock;
use super::wait::Waker;
use crate::protocol::{from_js, FromCopy, FromWorker};

/// Whether this worker can start a copy that runs at the same time: more than one core and,
/// where the browser tells, the memory for it ([`crate::two_workers::workers_for`]), and a
/// `Worker` constructor in the worker scope.
pub fn available() -> bool {
    crate::two_workers::here() >= 2
        && Reflect::has(&js_sys::global(), &"Worker".into()).unwrap_or(false)
}

/// The address of this worker's script (the loader shim), for a copy of it.
fn own_script() -> Option<String> {
    let location = Reflect::get(&js_sys::global(), &"location".into()).ok()?;
    Reflect::get(&location, &"href".into()).ok()?.as_string()
}

/// A message and the buffers it moves (instead of copying them) to the copy.
pub type Outgoing = (JsValue, Option<Array>);

/// Where a copy of this worker is in its life, as its owner sees it; the same for every kind
/// of copy. Each state comes after the one above it (a copy sent no tables to hold stays
/// [`Life::Ready`]); [`Life::Failed`] can follow any of them and is final, so a copy is never
/// ready and failed at once.
pub enum Life {
    /// Started, its wasm loading: the messages sent meanwhile wait here, in order, for its
    /// `Ready` (sent earlier, they would be lost).
    Starting(Vec<Outgoing>),
    /// Loaded and listening (its `Ready` came): messages go at once.
    Ready,
    /// It holds the tables it was sent (its `Held` came).
    Holding,
    /// It failed, for this reason: an error event (a trap, memory it could not get), a
    /// `Failed` reply, a reply it could not read, a message that could not be sent, or its
    /// owner's verdict ([`WorkerCopy::fail`]: no `Ready` in time). It gets no more messages.
    Failed(String),
}

/// The kind of message an owner reads from its copy: [`FromCopy`] or [`FromWorker`], each of
/// which has the `Ready` the copy posts once it listens and the `Failed` of a request it could
/// not answer.
pub trait Reply: for<'de> serde::Deserialize<'de> + 'static {
    /// The state of its life the copy tells with this reply, if any.
    fn life(&self) -> Option<Life>;
}

impl Reply for FromCopy {
    fn life(&self) -> Option<Life> {
        match self {
            FromCopy::Ready => Some(Life::Ready),
            FromCopy::Held { .. } => Some(Life::Holding),
            FromCopy::Failed { message, .. } => Some(Life::Failed(message.clone())),
            FromCopy::Building { .. }
            | FromCopy::Table { .. }
            | FromCopy::Searched { .. }
            | FromCopy::Rounded { .. } => None,
        }
    }
}

impl Reply for FromWorker {
    fn life(&self) -> Option<Life> {
        match self {
            FromWorker::Ready => Some(Life::Ready),
            FromWorker::Failed { message, .. } => Some(Life::Failed(message.clone())),
            _ => None,
        }
    }
}

/// What the owner knows of a copy, shared with the copy's handlers.
struct Shared {
    worker: Worker,
    life: RefCell<Life>,
    /// Ends the owner's wait for a reply, if it waits.
    waker: Waker,
    /// The id of the owner's next request to the copy.
    next_id: Cell<u32>,
    /// When it was started (this worker's clock).
    started: f64,
}

impl Shared {
    /// Moves the copy's life on to `next`: a later state only, nothing after a failure. Once
    /// it is ready, the messages that waited are sent.
    fn enter(&self, next: Life) {
        let waiting = {
            let mut life = self.life.borrow_mut();
            match (&mut *life, next) {
                (Life::Failed(_), _) => return,
                (_, Life::Failed(why)) => {
                    *life = Life::Failed(why);
                    return;
                }
                (Life::Starting(waiting), Life::Ready) => {
                    let waiting = std::mem::take(waiting);
                    *life = Life::Ready;
                    waiting
                }
                (Life::Ready, Life::Holding) => {
                    *life = Life::Holding;
                    return;
                }
                // A state told out of order (a second `Ready`) changes nothing.
                _ => return,
            }
        };
        for message in waiting {
            if let Err(why) = send(&self.worker, message) {
                self.enter(Life::Failed(why));
            }
        }
    }
}

/// A running copy of this worker, whose replies are read as `R`.
pub struct WorkerCopy<R: Reply> {
    shared: Rc<Shared>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(ErrorEvent)>,
    _replies: PhantomData<R>,
}

impl<R: Reply> WorkerCopy<R> {
    /// Starts a copy whose replies (read as `R`) go to `on_reply`, once they have moved its
    /// life on. `None` if no copy can run here at the same time ([`available`]) or it could
    /// not be started.
    pub fn spawn(on_reply: impl Fn(R) + 'static) -> Option<WorkerCopy<R>> {
        if !available() {
            return None;
        }
        let worker = Worker::new(&own_script()?).ok()?;
        let shared = Rc::new(Shared {
            worker: worker.clone(),
            life: RefCell::new(Life::Starting(Vec::new())),
            waker: Waker::default(),
            next_id: Cell::new(1),
            started: clock(),
        });
        let on_message = {
            let shared = shared.clone();
            Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
                match from_js::<R>(event.data()) {
                    Ok(reply) => {
                        if let Some(next) = reply.life() {
                            shared.enter(next);
                        }
                        on_reply(reply);
                    }
                    Err(why) => shared.enter(Life::Failed(why)),
                }
                shared.waker.wake();
            })
        };
        let on_error = {
            let shared = shared.clone();
            Closure::<dyn FnMut(ErrorEvent)>::new(move |event: ErrorEvent| {
                event.prevent_default();
                shared.enter(Life::Failed(format!(
                    "nested worker error: {}",
                    event.message()
                )));
                shared.waker.wake();
            })
        };
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Some(WorkerCopy {
            shared,
            _on_message: on_message,
            _on_error: on_error,
            _replies: PhantomData,
        })
    }

    /// Sends `message` (with the buffers `transfer` moves): at once if the copy is loaded,
    /// when it is if it is starting, never if it failed. A failure to send fails the copy.
    pub fn post(&self, message: JsValue, transfer: Option<Array>) {
        match &mut *self.shared.life.borrow_mut() {
            Life::Starting(waiting) => return waiting.push((message, transfer)),
            Life::Failed(_) => return,
            Life::Ready | Life::Holding => {}
        }
        if let Err(why) = send(&self.shared.worker, (message, transfer)) {
            self.fail(why);
        }
    }

    /// The id for the owner's next request to the copy (its reply carries it back).
    pub fn next_id(&self) -> u32 {
        let id = self.shared.next_id.get();
        self.shared.next_id.set(id.wrapping_add(1));
        id
    }

    /// Whether it has loaded (its `Ready` came) and not failed.
    pub fn loaded(&self) -> bool {
        matches!(*self.shared.life.borrow(), Life::Ready | Life::Holding)
    }

    /// Whether it holds the tables it was sent (its `Held` came) and has not failed.
    pub fn holds(&self) -> bool {
        matches!(*self.shared.life.borrow(), Life::Holding)
    }

    /// Why it failed, if it did.
    pub fn failed(&self) -> Option<String> {
        match &*self.shared.life.borrow() {
            Life::Failed(why) => Some(why.clone()),
            _ => None,
        }
    }

    /// When it was started (this worker's clock).
    pub fn started(&self) -> f64 {
        self.shared.started
    }

    /// Fails it for `why` (the owner's verdict: it took too long), ending the owner's wait.
    pub fn fail(&self, why: String) {
        self.shared.enter(Life::Failed(why));
        self.shared.waker.wake();
    }

    /// Waits in the event loop for its next reply or failure.
    pub async fn next_reply(&self) {
        self.shared.waker.wait().await;
    }

    /// Waits in the event loop for its next reply or failure, at most until `until` (this
    /// worker's clock; one turn if that has come).
    pub async fn next_reply_until(&self, until: f64) {
        let shared = self.shared.clone();
        let ms = (until - clock()).max(0.0).ceil() as u32;
        let _timer = Timeout::new(ms, move || shared.waker.wake());
        self.shared.waker.wait().await;
    }
}

/// Posts one message to `worker`.
fn send(worker: &Worker, (message, transfer): Outgoing) -> Result<(), String> {
    match transfer {
        Some(transfer) => worker.post_message_with_transfer(&message, &transfer),
        None => worker.post_message(&message),
    }
    .map_err(|error| format!("could not send the request: {error:?}"))
}

impl<R: Reply> Drop for WorkerCopy<R> {
    fn drop(&mut self) {
        let worker = &self.shared.worker;
        worker.terminate();
        worker.set_onmessage(None);
        worker.set_onerror(None);
        // Its owner is gone: nothing is to be resumed.
        self.shared.waker.forget();
    }
}
