//! A nested worker that improves a big board without tables ([`ToWorker::Improve`]) while the
//! solver worker gets them (IndexedDB, the download, or a build in another nested worker): one
//! uninterrupted run of the anytime method, so it goes as far as the same run natively (slices
//! on one thread start its schedule over and end 5-20 % longer). The solver worker passes each
//! shorter answer on to the page as it comes (whenever it is in its event loop, which it is
//! while it waits for the tables) and keeps the shortest ([`Improver::best`]) to start the
//! search with tables from. Dropping an [`Improver`] terminates its worker; the page
//! terminating the solver worker ends it too.

use std::cell::RefCell;
use std::rc::Rc;

use puzzle_core::Direction;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, ErrorEvent, MessageEvent, Worker};

use super::nested::{available, own_script};
use super::post;
use crate::protocol::{from_js, to_js, FromWorker, SolveRequest, ToWorker};

/// A nested worker improving a board without tables.
pub(super) struct Improver {
    worker: Worker,
    best: Rc<RefCell<Option<Vec<Direction>>>>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(ErrorEvent)>,
}

impl Improver {
    /// Starts a copy of this worker and sends it `request` (to run without tables) once it
    /// is loaded; its answers shorter than `start` go on to the page. `None` if no nested
    /// worker can run here (one core, no `Worker` in worker scopes).
    pub(super) fn spawn(
        scope: &DedicatedWorkerGlobalScope,
        request: &SolveRequest,
        start: Option<Vec<Direction>>,
    ) -> Option<Improver> {
        if !available() {
            return None;
        }
        let worker = Worker::new(&own_script()?).ok()?;
        let best = Rc::new(RefCell::new(start));
        let message = to_js(&ToWorker::Improve(request.clone()));
        let on_message = {
            let (best, worker, scope) = (best.clone(), worker.clone(), scope.clone());
            Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
                match from_js::<FromWorker>(event.data()) {
                    Ok(FromWorker::Ready) => {
                        worker.post_message(&message).ok();
                    }
                    Ok(
                        FromWorker::Improved { id, solution } | FromWorker::Done { id, solution },
                    ) => {
                        let shorter = best
                            .borrow()
                            .as_ref()
                            .is_none_or(|b| solution.moves.len() < b.len());
                        if shorter && solution.length().is_some() {
                            *best.borrow_mut() = Some(solution.moves.clone());
                            post(&scope, &FromWorker::Improved { id, solution });
                        }
                    }
                    _ => {}
                }
            })
        };
        let on_error = Closure::<dyn FnMut(ErrorEvent)>::new(|event: ErrorEvent| {
            // Handled here: a failed improver only means no improvement before the tables.
            event.prevent_default();
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Some(Improver {
            worker,
            best,
            _on_message: on_message,
            _on_error: on_error,
        })
    }

    /// The shortest answer so far (the start, if none was shorter).
    pub(super) fn best(&self) -> Option<Vec<Direction>> {
        self.best.borrow().clone()
    }
}

impl Drop for Improver {
    fn drop(&mut self) {
        self.worker.terminate();
    }
}
