//! One worker slot, shared by the hooks that own a worker ([`super::solve`], [`super::coach`],
//! [`super::play`] (the fewest moves of a game won by hand),
//! [`super::step_through`], [`super::experiment`]): the worker is spawned on need, its replies go to the route the hook
//! gave, each request gets a new id, and stopping terminates it (the only way to stop a search
//! that never yields); the next request spawns a fresh one. The page leaving stops it too.
//!
//! Ids only grow ([`RequestIds`]), so a reply to a request the page has moved on from is known
//! by its id, and the state drops it; a stopped worker's replies never arrive (dropping a
//! [`SolverWorker`] unhooks its handlers before terminating it).

use std::cell::RefCell;
use std::ops::Range;
use std::rc::Rc;

use yew::prelude::*;

use crate::client::{SolverWorker, WorkerEvent};
use crate::protocol::ToWorker;

/// The request ids a slot has handed out: they only grow, from 1.
#[derive(Debug, Default)]
pub struct RequestIds {
    /// The last id handed out (0: none yet).
    last: u32,
}

impl RequestIds {
    /// A new id.
    pub fn new_id(&mut self) -> u32 {
        self.new_ids(1).start
    }

    /// `count` new ids in a row.
    pub fn new_ids(&mut self, count: u32) -> Range<u32> {
        let first = self.upcoming();
        self.last += count;
        first..self.last + 1
    }

    /// The id [`RequestIds::new_id`] will hand out.
    pub fn upcoming(&self) -> u32 {
        self.last + 1
    }
}

/// What the slot holds.
struct Inner {
    /// The worker, if one runs.
    worker: Option<SolverWorker>,
    /// Where its replies go.
    on_event: Callback<WorkerEvent>,
    /// The ids handed out.
    ids: RequestIds,
}

/// A hook's worker and its request ids; clones share them.
#[derive(Clone)]
pub struct WorkerSlot {
    inner: Rc<RefCell<Inner>>,
}

impl WorkerSlot {
    /// An empty slot whose workers send their replies to `on_event`.
    fn new(on_event: Callback<WorkerEvent>) -> Self {
        WorkerSlot {
            inner: Rc::new(RefCell::new(Inner {
                worker: None,
                on_event,
                ids: RequestIds::default(),
            })),
        }
    }

    /// A new request id.
    pub fn new_id(&self) -> u32 {
        self.inner.borrow_mut().ids.new_id()
    }

    /// `count` new request ids in a row.
    pub fn new_ids(&self, count: u32) -> Range<u32> {
        self.inner.borrow_mut().ids.new_ids(count)
    }

    /// The id [`WorkerSlot::new_id`] will hand out.
    pub fn upcoming_id(&self) -> u32 {
        self.inner.borrow().ids.upcoming()
    }

    /// Spawns the worker if none runs, or says why it could not start.
    pub fn start(&self) -> Result<(), String> {
        let mut inner = self.inner.borrow_mut();
        if inner.worker.is_none() {
            inner.worker = Some(SolverWorker::spawn(inner.on_event.clone())?);
        }
        Ok(())
    }

    /// Sends `messages` (answered in turn), spawning the worker if none runs, or says why it
    /// could not start.
    pub fn send(&self, messages: &[ToWorker]) -> Result<(), String> {
        self.start()?;
        if let Some(worker) = self.inner.borrow().worker.as_ref() {
            messages.iter().for_each(|m| worker.send_message(m));
        }
        Ok(())
    }

    /// Terminates the worker at once (a search in it stops; none of its replies arrive any
    /// more); the next [`WorkerSlot::start`] or [`WorkerSlot::send`] spawns a fresh one.
    pub fn stop(&self) {
        // Taken out first: the worker is dropped with the slot no longer borrowed.
        let worker = self.inner.borrow_mut().worker.take();
        drop(worker);
    }
}

/// A worker slot whose workers send their replies to `on_event` (the route given at the
/// first render); its worker is stopped when the component leaves the page.
#[hook]
pub fn use_worker_slot(on_event: Callback<WorkerEvent>) -> WorkerSlot {
    let slot = (*use_memo((), move |_| WorkerSlot::new(on_event))).clone();
    {
        let slot = slot.clone();
        use_effect_with((), move |_| move || slot.stop());
    }
    slot
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Ids start at 1 and only grow, one at a time or in runs, so no two requests share one
    /// and an older request's reply is always told apart.
    #[test]
    fn request_ids_start_at_one_and_only_grow() {
        let mut ids = RequestIds::default();
        assert_eq!(ids.upcoming(), 1);
        assert_eq!(ids.new_id(), 1);
        assert_eq!(ids.upcoming(), 2);
        assert_eq!(ids.new_ids(3), 2..5);
        assert_eq!(ids.new_id(), 5);
        assert_eq!(ids.new_ids(0), 6..6, "no ids: nothing taken");
        assert_eq!(ids.new_id(), 6);
    }

    /// A slot hands out its ids without starting a worker, and stopping an empty slot is
    /// harmless (natively no worker can start, so nothing here spawns one).
    #[test]
    fn a_slot_hands_out_ids_without_a_worker() {
        let slot = WorkerSlot::new(Callback::noop());
        assert_eq!(slot.upcoming_id(), 1);
        assert_eq!(slot.new_id(), 1);
        assert_eq!(slot.new_ids(2), 2..4);
        let shared = slot.clone();
        assert_eq!(shared.new_id(), 4, "clones share the ids");
        slot.stop();
        assert!(slot.inner.borrow().worker.is_none());
        assert_eq!(slot.upcoming_id(), 5, "stopping keeps the ids growing");
    }
}
