//! The page's side of the solver worker: spawns it, queues requests until its wasm is loaded,
//! turns its replies into callbacks, and terminates it when dropped (which is how Cancel stops
//! a search that is busy and cannot read messages).

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{ErrorEvent, MessageEvent, Worker};
use yew::Callback;

use crate::protocol::{from_js, to_js, FromWorker, SolveRequest, ToWorker, WORKER_URL};

/// What the worker tells the page.
#[derive(Clone, Debug, PartialEq)]
pub enum WorkerEvent {
    /// A decoded reply.
    Reply(FromWorker),
    /// The worker failed (its script did not load, or it crashed).
    Crashed(String),
}

/// A running solver worker. Dropping it terminates the worker at once.
pub struct SolverWorker {
    worker: Worker,
    ready: Rc<Cell<bool>>,
    queue: Rc<RefCell<Vec<JsValue>>>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(ErrorEvent)>,
}

impl SolverWorker {
    /// Starts a worker from [`WORKER_URL`]; replies go to `on_event`.
    pub fn spawn(on_event: Callback<WorkerEvent>) -> Result<SolverWorker, String> {
        let worker = Worker::new(WORKER_URL)
            .map_err(|e| format!("the solver worker could not start: {e:?}"))?;
        let ready = Rc::new(Cell::new(false));
        let queue = Rc::new(RefCell::new(Vec::<JsValue>::new()));
        let on_message = {
            let (ready, queue, worker, on_event) = (
                ready.clone(),
                queue.clone(),
                worker.clone(),
                on_event.clone(),
            );
            Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
                match from_js::<FromWorker>(event.data()) {
                    Ok(FromWorker::Ready) => {
                        ready.set(true);
                        for message in queue.borrow_mut().drain(..) {
                            worker.post_message(&message).ok();
                        }
                    }
                    Ok(reply) => on_event.emit(WorkerEvent::Reply(reply)),
                    Err(message) => on_event.emit(WorkerEvent::Crashed(message)),
                }
            })
        };
        let on_error = Closure::<dyn FnMut(ErrorEvent)>::new(move |event: ErrorEvent| {
            on_event.emit(WorkerEvent::Crashed(format!(
                "the solver worker stopped: {}",
                event.message()
            )));
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Ok(SolverWorker {
            worker,
            ready,
            queue,
            _on_message: on_message,
            _on_error: on_error,
        })
    }

    /// Sends a solve request (queued until the worker is ready).
    pub fn send(&self, request: SolveRequest) {
        self.send_message(&ToWorker::Solve(request));
    }

    /// Sends any message (queued until the worker is ready).
    pub fn send_message(&self, message: &ToWorker) {
        let message = to_js(message);
        if self.ready.get() {
            self.worker.post_message(&message).ok();
        } else {
            self.queue.borrow_mut().push(message);
        }
    }
}

impl Drop for SolverWorker {
    fn drop(&mut self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}
