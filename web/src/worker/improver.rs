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
use web_sys::DedicatedWorkerGlobalScope;

use super::copy::WorkerCopy;
use super::outbox::improved;
use crate::protocol::{to_js, FromWorker, SolveRequest, ToWorker};

/// A nested worker improving a board without tables.
pub(super) struct Improver {
    _copy: WorkerCopy<FromWorker>,
    best: Rc<RefCell<Option<Vec<Direction>>>>,
}

impl Improver {
    /// Starts a copy of this worker and sends it `request` (to run without tables) once it
    /// is loaded; its answers shorter than `start` go on to the page. `None` if no nested
    /// worker can run here (one core, no `Worker` in worker scopes). A failed copy only means
    /// no improvement before the tables.
    pub(super) fn spawn(
        scope: &DedicatedWorkerGlobalScope,
        request: &SolveRequest,
        start: Option<Vec<Direction>>,
    ) -> Option<Improver> {
        let best = Rc::new(RefCell::new(start));
        let copy = {
            let (best, scope) = (best.clone(), scope.clone());
            WorkerCopy::spawn(move |reply| {
                if let FromWorker::Improved { id, solution } | FromWorker::Done { id, solution } =
                    reply
                {
                    let shorter = best
                        .borrow()
                        .as_ref()
                        .is_none_or(|b| solution.moves.len() < b.len());
                    if shorter && solution.length().is_some() {
                        *best.borrow_mut() = Some(solution.moves.clone());
                        improved(&scope, id, *solution);
                    }
                }
            })?
        };
        copy.post(to_js(&ToWorker::Improve(request.clone())), None);
        Some(Improver { _copy: copy, best })
    }

    /// The shortest answer so far (the start, if none was shorter).
    pub(super) fn best(&self) -> Option<Vec<Direction>> {
        self.best.borrow().clone()
    }
}
