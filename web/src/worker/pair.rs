//! A 4x4 optimal search on two cores: the solver worker and a copy of it ([`WorkerCopy`])
//! share out the large IDA* iterations (an 80-move position spends seconds in its last ones).
//!
//! The core runs the search one iteration at a time ([`Iterations`]); the small iterations
//! stay on this worker. The first large one starts the helper, once per worker and set of
//! tables: it is sent the tables' bytes ([`ToCopy::HoldTables`], moved, not copied) and
//! reads them while this worker goes on alone. Then each large iteration is a list of
//! subtrees that both take from the front: this worker searches one at a time, and between
//! two it reads the helper's replies, which come in its event loop, and keeps the helper two
//! subtrees ahead ([`ToCopy::SearchItem`], [`FromCopy::Searched`]). A solution in any
//! subtree of an iteration is optimal, whoever finds it. A helper that fails only means its
//! subtrees go back to the list and this worker searches on alone.

use std::cell::{Cell, RefCell};
use std::collections::{HashMap, VecDeque};
use std::rc::Rc;

use puzzle_core::pdb::AdditivePdb;
use puzzle_core::tuned::parallel::{search_item, ParallelConfig, Subsearch, WorkItem};
use puzzle_core::tuned::stepped::{Iterations, Next};
use puzzle_core::tuned::TunedOptions;
use puzzle_core::Limits;
use web_sys::DedicatedWorkerGlobalScope;

use super::copy::WorkerCopy;
use super::outbox::{progress_poster, Parts};
use super::request::request_limits;
use super::wait::next_task;
use super::{clock, with_state};
use crate::protocol::{to_js, with_bytes, FromCopy, FromWorker, SolveRequest, ToCopy};

/// How the iterations are shared out: an iteration following one that generated at least
/// this many nodes (about a tenth of a second here) is split, into this many subtrees a
/// searcher, so that uneven subtrees even out and this worker reads the helper's replies
/// often.
const SHARING: ParallelConfig = ParallelConfig {
    threads: 2,
    parallel_from: 1_000_000,
    items_per_thread: 64,
};

/// Subtrees the helper is sent ahead of its replies, so it never waits for this worker.
const AHEAD: usize = 2;

/// The answer to pattern-database `request` over `pdb` (stored under `key`), its large
/// iterations shared with the helper.
pub(super) async fn solve(
    scope: &DedicatedWorkerGlobalScope,
    request: &SolveRequest,
    pdb: Rc<AdditivePdb>,
    key: &str,
) -> FromWorker {
    let id = request.id;
    let counted = Rc::new(Cell::new((0u64, 0u64)));
    let parts = Parts {
        counted: counted.clone(),
        started: clock(),
    };
    let mut report = progress_poster(scope, id, Some(parts));
    let mut limits = request_limits(request.max_expanded, &mut report);
    let options = TunedOptions::default();
    let mut search = match Iterations::new(&request.board, &request.goal, &pdb, options, SHARING) {
        Ok(search) => search,
        Err(error) => {
            let message = error.to_string();
            return FromWorker::Failed { id, message };
        }
    };
    loop {
        match search.next(&mut limits) {
            Next::Done(solution) => return FromWorker::Done { id, solution },
            Next::Items(items) => {
                let helper = helper_for(key, &pdb);
                share(&mut search, items, helper, &mut limits, &counted).await;
            }
        }
    }
}

/// Searches the `items` of one iteration here and on `helper` until [`Iterations::record`]
/// says the iteration is over.
async fn share(
    search: &mut Iterations<'_>,
    items: Vec<WorkItem>,
    mut helper: Option<Rc<Helper>>,
    limits: &mut Limits<'_>,
    counted: &Cell<(u64, u64)>,
) {
    let options = TunedOptions::default();
    let mut queue: VecDeque<WorkItem> = items.into();
    let mut sent: HashMap<u32, WorkItem> = HashMap::new();
    loop {
        if let Some(h) = helper.as_ref() {
            for (id, result) in h.take_results() {
                let Some(item) = sent.remove(&id) else {
                    continue; // a subtree of an earlier iteration, now over
                };
                match result {
                    Ok(result) => {
                        if search.record(result) {
                            return;
                        }
                    }
                    Err(_) => queue.push_front(item),
                }
            }
            if h.failed() {
                queue.extend(sent.drain().map(|(_, item)| item));
                helper = None;
            }
        }
        if let Some(h) = helper.as_ref().filter(|h| h.ready()) {
            while sent.len() < AHEAD {
                let Some(item) = queue.pop_front() else { break };
                sent.insert(h.send(&item), item);
            }
        }
        if let Some(item) = queue.pop_front() {
            counted.set((search.expanded(), search.generated()));
            let mut part = search.part_limits(limits);
            let Ok(result) = search_item(&item, search.pdb(), &options, None, &mut part) else {
                return; // cannot happen: the core made the item for these tables
            };
            if search.record(result) {
                return;
            }
            next_task().await;
        } else if let Some(h) = helper.as_ref().filter(|_| !sent.is_empty()) {
            h.wait().await;
        } else {
            return;
        }
    }
}

/// The helper for the tables under `key`: the one running, or a new one sent `pdb`'s bytes.
/// `None` if no copy of this worker can run.
fn helper_for(key: &str, pdb: &AdditivePdb) -> Option<Rc<Helper>> {
    let running = with_state(|state| {
        state
            .helper
            .borrow()
            .as_ref()
            .filter(|(held, helper)| held == key && !helper.failed())
            .map(|(_, helper)| helper.clone())
    });
    if running.is_some() {
        return running;
    }
    let helper = Helper::spawn(pdb)?;
    with_state(|state| *state.helper.borrow_mut() = Some((key.to_string(), helper.clone())));
    Some(helper)
}

/// The helper's replies to subtrees, by id, not yet taken.
type Results = Rc<RefCell<Vec<(u32, Result<Subsearch, String>)>>>;

/// A copy of this worker that holds the tables and searches subtrees (this worker keeps one,
/// `WorkerState::helper`).
pub(super) struct Helper {
    copy: WorkerCopy<FromCopy>,
    results: Results,
}

impl Helper {
    /// Starts a copy and sends it `pdb`'s bytes.
    fn spawn(pdb: &AdditivePdb) -> Option<Rc<Helper>> {
        let results = Results::default();
        let copy = {
            let results = results.clone();
            WorkerCopy::spawn(move |reply| match reply {
                FromCopy::Searched { id, result } => {
                    results.borrow_mut().push((id, Ok(result)));
                }
                // It failed (its life says so): the subtree goes back to the list.
                FromCopy::Failed { id, message } => {
                    results.borrow_mut().push((id, Err(message)));
                }
                // Its life (`Ready`: `WorkerCopy` sends the tables then; `Held`), and the
                // answers to requests this owner does not send.
                FromCopy::Ready
                | FromCopy::Held { .. }
                | FromCopy::Building { .. }
                | FromCopy::Table { .. }
                | FromCopy::Rounded { .. } => {}
            })?
        };
        let (message, transfer) = with_bytes(
            &ToCopy::HoldTables {
                id: 0,
                bytes: Vec::new(),
            },
            &pdb.to_bytes(),
        );
        copy.post(message, Some(transfer));
        Some(Rc::new(Helper { copy, results }))
    }

    /// Whether it holds the tables (and has not failed): it takes subtrees.
    fn ready(&self) -> bool {
        self.copy.holds()
    }

    fn failed(&self) -> bool {
        self.copy.failed().is_some()
    }

    /// Sends the helper `item`; the id its reply will carry.
    fn send(&self, item: &WorkItem) -> u32 {
        let id = self.copy.next_id();
        let message = ToCopy::SearchItem {
            id,
            item: item.clone(),
        };
        self.copy.post(to_js(&message), None);
        id
    }

    fn take_results(&self) -> Vec<(u32, Result<Subsearch, String>)> {
        std::mem::take(&mut *self.results.borrow_mut())
    }

    /// Waits in the event loop until the helper replies or fails.
    async fn wait(&self) {
        if !self.results.borrow().is_empty() || self.failed() {
            return;
        }
        self.copy.next_reply().await;
    }
}
