//! The web worker's side: reads the page's [`ToWorker`] messages (and, in a copy of this
//! worker, its owner's [`ToCopy`]), runs the core's solver, and posts progress and the answers
//! back ([`FromWorker`] to the page; a copy's answers to [`ToCopy`] as [`FromCopy`]). It runs
//! on its own thread, so a long search never blocks the page; the page cancels by terminating
//! it.
//!
//! # One owner, one way out
//!
//! Everything the worker keeps from one message to the next (the queue, the tables in memory
//! and on their way, the copies it keeps, the tables it holds as a copy) is one
//! `WorkerState`, this module's one `thread_local!`, each part in its own cell and named
//! with the module that uses it. Everything it posts goes out through `outbox` (`post`, and
//! `improved` for a better answer while a search goes on).
//!
//! # A request, in order
//!
//! 1. **Read and queued** ([`run`], then `inbox`): a message is decoded
//!    ([`crate::protocol::incoming`]); a playhead is kept at once (`watch::report`), anything
//!    else waits its turn: requests run one at a time, in order.
//! 2. **Refused** if it cannot run, before any table is loaded or built ([`refusal`]; a copy's
//!    request: [`copy_refusal`]). A copy's request is then answered (`inbox::answer_copy`:
//!    a build in `build`, the work over tables it was sent in `held`), with [`FromCopy`].
//! 3. **No tables needed** (distances and traces: `trace`; the Experiment view's runs, a row a
//!    depth: `experiment`; solves whose method needs none): answered at once through
//!    `request::solve_request`, the one place a request becomes the core's call and the
//!    reply. A watched anytime solve posts `solve::staged_first_answer` and improves from it
//!    ahead of the page's playback (`watch::improve`).
//! 4. **Tables needed** (`solve::with_tables`, asynchronous: the queue waits for it):
//!    1. *Tables*: from this worker's memory, else IndexedDB (`cache::loaded`), else the
//!       download of the ones the app ships (`shipped`) or a build (`build`, one table in a
//!       copy where one can run: `nested`) (`cache::made`; `cache::cached` is the three in
//!       one). Four kinds go that way: the pattern databases, the small quick ones of a 4x4
//!       (`quick`), the big-board tables and the whole-board ones of 6x6 and 7x7, sent for
//!       behind a solve (`whole`).
//!    2. *First answer*, when the tables are not in memory: a 4x4 posts
//!       `quick::anytime_first_answers` (300 ms of the anytime method); a big board the quick
//!       staged answer, `solve::staged_first_answer` (milliseconds).
//!    3. *Improvement* while the tables come: a 4x4 searches over the small tables while the
//!       strong ones download, or are built behind the page's back (`prepare`); a big board
//!       runs the anytime method without tables in a copy (`improver`) or in slices here
//!       (`tableless`). Tables that come after the budget serve the next solve.
//!    4. *Answers*: with the tables (the lower bound they give told first: `bound`), through
//!       `request::solve_request` as in step 3 (progress about ten times a second, each better
//!       answer, then the answer or the failure); a hard 4x4 on two cores (`pair`); a watched
//!       solve ahead of the playback (`watch`); a big board's rounds on two workers where the
//!       page allows (`lanes`, with the second search worker of `second_search`).
//! 5. **After**: the next request runs (`inbox`; downloaded tables were stored in IndexedDB
//!    as they came, before the page was told they were saved: `cache::made`).
//!
//! # Copies
//!
//! Every copy of this worker is a `copy::WorkerCopy`, with one life for every kind
//! (`copy::Life`: starting, ready, holding tables, failed): a table built beside this worker
//! (`nested`), a 4x4 search's helper (`pair`), the second search worker (`second_search`), a
//! board improved without tables (`improver`, whose replies are read as [`FromWorker`]). What a
//! copy does with the tables it is sent is `held`. Every wait in the event loop (for a copy's
//! reply, a timer, one turn) is in `wait`.
//!
//! [`ToCopy`]: crate::protocol::ToCopy
//! [`FromCopy`]: crate::protocol::FromCopy

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use puzzle_core::analysis::DistanceTable;
use puzzle_core::anytime::{BigTables, WholeTables};
use puzzle_core::experiment::ExactDepths;
use puzzle_core::pdb::AdditivePdb;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

use crate::ahead::Playhead;
use crate::protocol::{incoming, FromWorker, Incoming, ToWorker};

mod bound;
mod build;
mod cache;
mod copy;
mod experiment;
mod formula;
mod held;
mod improver;
mod inbox;
mod lanes;
mod lesson;
mod nested;
mod outbox;
mod pair;
mod prepare;
mod prove;
mod quick;
mod refusal;
mod request;
mod second_search;
mod shipped;
mod solve;
mod tableless;
mod trace;
mod wait;
mod watch;
mod whole;

pub use experiment::{performance_now, run as run_experiment};
pub use formula::run as check_formula;
pub use held::{hold_guides, hold_tables, search_subtree};
pub use lesson::taught;
pub use refusal::{copy_refusal, refusal};
pub use trace::{distance, trace};

use outbox::post;

thread_local! {
    /// Everything this worker keeps, in its one owner.
    static STATE: WorkerState = WorkerState::default();
}

/// Everything this worker keeps from one message to the next, in one place: the queue, the
/// tables in memory and on their way, the small exact tables kept for the next request, the
/// copies it keeps between solves and, as a copy, the tables it holds. Each part sits in its
/// own cell, which the module named with it borrows for a moment (never across a wait in the
/// event loop), through [`with_state`].
#[derive(Default)]
struct WorkerState {
    /// The requests waiting to run, and whether one is in flight (`inbox`).
    inbox: RefCell<inbox::Inbox>,
    /// The page's last playhead report: the request it is for, and when it came (`watch`).
    playhead: RefCell<Option<(u32, Playhead, f64)>>,
    /// Pattern databases built or loaded, by `Partition::cache_key` (`cache`).
    databases: RefCell<HashMap<String, Rc<AdditivePdb>>>,
    /// The small tables a 4x4 searches before the strong ones exist, by key (`quick`).
    quick_databases: RefCell<HashMap<String, Rc<quick::QuickPdb>>>,
    /// The anytime method's big-board tables, by `BigTables::cache_key` (`cache`).
    big_tables: RefCell<HashMap<String, Rc<BigTables>>>,
    /// The whole-board tables of 6x6 and 7x7, by `WholeTables::cache_key` (`whole`).
    whole_tables: RefCell<HashMap<String, Rc<WholeTables>>>,
    /// Downloads of shipped tables started ahead of need, by path (`shipped`).
    downloads: RefCell<HashMap<&'static str, js_sys::Promise>>,
    /// Big-board tables on their way (downloaded or built), by key: a solve whose budget ends
    /// first answers without them, and the next solve of that goal waits for the same ones
    /// (`solve`).
    big_on_the_way: RefCell<HashMap<String, solve::Arrival>>,
    /// The keys of the whole-board tables on their way (`whole`).
    whole_coming: RefCell<HashSet<String>>,
    /// The goals (by key) whose strong 4x4 tables are built in the background (`prepare`).
    preparing: RefCell<HashSet<String>>,
    /// When the build under way began and its recent pace (`build`).
    build_clock: RefCell<build::BuildClock>,
    /// The exact distance table of the last goal asked about (`trace`).
    distances: RefCell<Option<DistanceTable>>,
    /// Every board of the last experiment's goal by its exact distance (`experiment`).
    depths: RefCell<Option<ExactDepths>>,
    /// The helper of a 4x4 search on two cores, with the key of the tables it holds (`pair`).
    helper: RefCell<Option<(String, Rc<pair::Helper>)>>,
    /// The second search worker of a big board, with the key of the tables it holds (`None`:
    /// started early, none sent yet) (`second_search`).
    second_search: RefCell<Option<(Option<String>, Rc<second_search::SecondSearch>)>>,
    /// The tables this worker holds as a copy, for its owner's requests (`held`).
    held: RefCell<Option<held::Held>>,
}

/// Runs `f` with what this worker keeps ([`WorkerState`]).
fn with_state<R>(f: impl FnOnce(&WorkerState) -> R) -> R {
    STATE.with(f)
}

/// Expansions between two calls of the progress callback.
pub const REPORT_EVERY: u64 = 8192;
/// Least time between two progress messages, in milliseconds.
pub const PROGRESS_EVERY_MS: f64 = 100.0;

/// Starts listening; called from the worker binary's `main`.
pub fn run() {
    crate::panic::install();
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let replies = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        match incoming(event.data()) {
            // Kept for the watched solve's next round, which may be under way: never queued.
            Ok(Incoming::Page(ToWorker::Playhead { id, playhead })) => watch::report(id, playhead),
            Ok(message) => {
                inbox::receive(&replies, message);
            }
            Err(message) => post(&replies, &FromWorker::Failed { id: 0, message }),
        }
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    on_message.forget();
    post(&scope, &FromWorker::Ready);
}

/// Milliseconds from the worker's clock (the standard clock does not exist on wasm32).
pub fn clock() -> f64 {
    js_sys::Date::now()
}
