//! A copy of this worker's script running beside it: the one way the solver worker starts a
//! nested worker, for whatever it hands that copy (a table to build, a board to improve
//! without tables, subtrees of a search).
//!
//! The copy is started from `self.location.href` (the loader shim the page starts). A message
//! sent before its wasm listens would be lost, so [`WorkerCopy::post`] holds messages until the
//! copy's `Ready` and sends them then, in order. The owner reads the copy's replies as the kind
//! it asks for ([`Reply`]): [`FromCopy`] from a copy sent [`crate::protocol::ToCopy`] requests
//! (`nested`, `pair`), [`FromWorker`] from one sent a page's request (`improver`). Every reply
//! (that `Ready` included) and every failure (an error event, an unreadable message, a message
//! that could not be sent) goes to the owner's handler; the error events are handled here, so
//! they do not go on to the solver worker's own scope. Dropping a [`WorkerCopy`] terminates the copy; the
//! page terminating the solver worker ends it too (a dedicated worker lives only as long as
//! its owner).

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::{Array, Reflect};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{ErrorEvent, MessageEvent, Worker};

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

/// The kind of message an owner reads from its copy: [`FromCopy`] or [`FromWorker`], each of
/// which has the `Ready` the copy posts once it listens.
pub trait Reply: for<'de> serde::Deserialize<'de> + 'static {
    /// Whether this is the copy's `Ready`.
    fn is_ready(&self) -> bool;
}

impl Reply for FromCopy {
    fn is_ready(&self) -> bool {
        matches!(self, FromCopy::Ready)
    }
}

impl Reply for FromWorker {
    fn is_ready(&self) -> bool {
        matches!(self, FromWorker::Ready)
    }
}

/// A message and the buffers it moves (instead of copying them) to the copy.
type Outgoing = (JsValue, Option<Array>);

/// Messages waiting for the copy's `Ready`; `None` once it came (later ones go at once).
type Held = Rc<RefCell<Option<Vec<Outgoing>>>>;

/// A running copy of this worker, whose replies are read as `R`.
pub struct WorkerCopy<R: Reply> {
    worker: Worker,
    held: Held,
    on_reply: Rc<dyn Fn(Result<R, String>)>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(ErrorEvent)>,
}

impl<R: Reply> WorkerCopy<R> {
    /// Starts a copy whose replies (read as `R`) and failures go to `on_reply`. `None` if no
    /// copy can run here at the same time ([`available`]) or it could not be started.
    pub fn spawn(on_reply: impl Fn(Result<R, String>) + 'static) -> Option<WorkerCopy<R>> {
        if !available() {
            return None;
        }
        let worker = Worker::new(&own_script()?).ok()?;
        let held: Held = Rc::new(RefCell::new(Some(Vec::new())));
        let on_reply: Rc<dyn Fn(Result<R, String>)> = Rc::new(on_reply);
        let on_message = {
            let (worker, held, on_reply) = (worker.clone(), held.clone(), on_reply.clone());
            Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
                let reply = from_js::<R>(event.data());
                if reply.as_ref().is_ok_and(Reply::is_ready) {
                    for message in held.borrow_mut().take().unwrap_or_default() {
                        if let Err(why) = send(&worker, message) {
                            on_reply(Err(why));
                        }
                    }
                }
                on_reply(reply);
            })
        };
        let on_error = {
            let on_reply = on_reply.clone();
            Closure::<dyn FnMut(ErrorEvent)>::new(move |event: ErrorEvent| {
                event.prevent_default();
                on_reply(Err(format!("nested worker error: {}", event.message())));
            })
        };
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Some(WorkerCopy {
            worker,
            held,
            on_reply,
            _on_message: on_message,
            _on_error: on_error,
        })
    }

    /// Sends `message` (with the buffers `transfer` moves), at once if the copy is loaded,
    /// else when it is. A failure to send goes to the reply handler.
    pub fn post(&self, message: JsValue, transfer: Option<Array>) {
        if let Some(held) = self.held.borrow_mut().as_mut() {
            held.push((message, transfer));
            return;
        }
        if let Err(why) = send(&self.worker, (message, transfer)) {
            (self.on_reply)(Err(why));
        }
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
        self.worker.terminate();
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
    }
}
