//! The web worker's side: reads the page's [`ToWorker`] messages (and, in a copy of this
//! worker, its owner's [`ToCopy`]), runs the core's solver, and posts progress and the answers
//! back ([`FromWorker`] to the page; a copy's answers to [`ToCopy`] as [`FromCopy`]). It runs
//! on its own thread, so a long search never blocks the page; the page cancels by terminating
//! it.
//!
//! # A request, in order
//!
//! 1. **Read and queued** (here: `run`, `pump`): a message is decoded
//!    ([`crate::protocol::incoming`]); a playhead is kept at once (`watch::report`), anything
//!    else waits its turn: requests run one at a time, in order.
//! 2. **Refused** if it cannot run, before any table is loaded or built ([`refusal`]; a copy's
//!    request: [`copy_refusal`]). A copy's request is then answered (`answer_copy`, with
//!    [`FromCopy`]).
//! 3. **No tables needed** (distances and traces: `trace`; the Experiment view's runs, a row a
//!    depth: `experiment`; solves whose method needs none):
//!    answered at once through `request::solve_request`, the one place a request becomes the
//!    core's call and the reply. A watched anytime solve posts `solve::staged_first_answer`
//!    and improves from it ahead of the page's playback (`watch::improve`).
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
//!       `request::solve_request` as in step 3 (progress
//!       about ten times a second, each better answer, then the answer or the failure); a hard
//!       4x4 on two cores (`pair`); a watched solve ahead of the playback (`watch`), a big
//!       board's rounds on two workers where the page allows (`second`).
//! 5. **After**: the next request runs (downloaded tables were stored in IndexedDB as they
//!    came, before the page was told they were saved: `cache::made`).
//!
//! Every wait in the event loop (for a copy's reply, a timer, one turn) is in `wait`; every
//! copy of this worker is started by `copy`, whose owner reads its replies as [`FromCopy`]
//! (`nested`, `pair`, `second`) or, from a copy improving a board without tables, as [`FromWorker`]
//! (`improver`).

use std::cell::RefCell;
use std::collections::VecDeque;

use puzzle_core::analysis::{TableTooLarge, MAX_TABLE_CELLS};
use puzzle_core::pdb::Partition;
use puzzle_core::{Board, BoardError, Tables};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

use crate::protocol::{incoming, FromCopy, FromWorker, Incoming, SolveRequest, ToCopy, ToWorker};
use crate::trace_limits::{MAX_CELLS, MAX_EXPANSIONS};

mod bound;
mod build;
mod cache;
mod copy;
mod experiment;
mod held;
mod improver;
mod lanes;
mod nested;
mod outbox;
mod pair;
mod prepare;
mod quick;
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
pub use held::{hold_guides, hold_tables, search_subtree};
pub use trace::{distance, trace};

use outbox::post;

thread_local! {
    /// The requests waiting to run, and whether one is in flight.
    static INBOX: RefCell<Inbox> = const {
        RefCell::new(Inbox {
            waiting: VecDeque::new(),
            busy: false,
        })
    };
}

/// Expansions between two calls of the progress callback.
pub const REPORT_EVERY: u64 = 8192;
/// Least time between two progress messages, in milliseconds.
pub const PROGRESS_EVERY_MS: f64 = 100.0;

/// The requests this worker has been sent and not yet run.
struct Inbox {
    /// In the order they came.
    waiting: VecDeque<Incoming>,
    /// Whether an asynchronous request (tables from IndexedDB, a download or a build) is in
    /// flight: the rest waits for it.
    busy: bool,
}

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
                INBOX.with(|inbox| inbox.borrow_mut().waiting.push_back(message));
                pump(&replies);
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

/// The next request to run, unless an asynchronous one is in flight.
fn next_request() -> Option<Incoming> {
    INBOX.with(|inbox| {
        let mut inbox = inbox.borrow_mut();
        if inbox.busy {
            None
        } else {
            inbox.waiting.pop_front()
        }
    })
}

/// Marks an asynchronous request in flight (the queue waits) or done.
fn set_busy(busy: bool) {
    INBOX.with(|inbox| inbox.borrow_mut().busy = busy);
}

/// Runs the queued requests in order; a request whose tables may come from IndexedDB (or a
/// download, or a build) runs asynchronously, and the rest of the queue waits for it.
fn pump(scope: &DedicatedWorkerGlobalScope) {
    while let Some(message) = next_request() {
        match message {
            Incoming::Copy(message) => answer_copy(scope, &message),
            Incoming::Page(message) => match refusal(&message) {
                Some(reply) => post(scope, &reply),
                None => run_request(scope, message),
            },
        }
    }
}

/// Runs one page request that [`refusal`] let through (see the module docs for a solve's
/// sequence).
fn run_request(scope: &DedicatedWorkerGlobalScope, message: ToWorker) {
    match message {
        ToWorker::Distance { id, board, goal } => post(scope, &distance(id, &board, &goal)),
        ToWorker::Trace {
            id,
            board,
            goal,
            method,
            max_expansions,
        } => trace(id, &board, &goal, &method, max_expansions, &mut |reply| {
            post(scope, &reply)
        }),
        ToWorker::Experiment { id, config } => {
            run_experiment(id, &config, performance_now, &mut |reply| {
                post(scope, &reply)
            })
        }
        ToWorker::Solve(request) if request.method.needs(request.board.shape()).is_some() => {
            set_busy(true);
            let scope = scope.clone();
            wasm_bindgen_futures::spawn_local(async move {
                post(&scope, &solve::with_tables(&scope, &request).await);
                set_busy(false);
                pump(&scope);
            });
        }
        ToWorker::ReadTables { goal } => {
            set_busy(true);
            let scope = scope.clone();
            wasm_bindgen_futures::spawn_local(async move {
                // Opening the database would create it: a visit that never stored
                // tables leaves none behind.
                if crate::idb::exists().await {
                    cache::read_stored(&scope, &goal).await;
                }
                set_busy(false);
                pump(&scope);
            });
        }
        // Kept as it comes (in `run`), never queued.
        ToWorker::Playhead { .. } => {}
        ToWorker::Solve(request) if watched_anytime(&request) => {
            set_busy(true);
            let scope = scope.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let reply = match solve::staged_first_answer(&scope, &request) {
                    Some(start) => watch::improve(&scope, &request, Tables::default(), start).await,
                    None => request::solve_request(&scope, &request, Tables::default()),
                };
                post(&scope, &reply);
                set_busy(false);
                pump(&scope);
            });
        }
        ToWorker::Solve(request) | ToWorker::Improve(request) => post(
            scope,
            &request::solve_request(scope, &request, Tables::default()),
        ),
    }
}

/// Whether `request` is a watched anytime solve without tables ([`watch::improve`]).
fn watched_anytime(request: &SolveRequest) -> bool {
    request.watch.is_some() && matches!(request.method, puzzle_core::Method::Anytime { .. })
}

/// The answer to a decoded request that cannot run, checked before any table is loaded or
/// built: the serde form checks each board, but not that board and goal have one shape, that
/// the method fits it, or that a distance table can be made. `None` if it can run.
pub fn refusal(message: &ToWorker) -> Option<FromWorker> {
    let (id, board, goal, method) = match message {
        ToWorker::Solve(request) | ToWorker::Improve(request) => (
            request.id,
            &request.board,
            &request.goal,
            Some(&request.method),
        ),
        ToWorker::Distance { id, board, goal } => (*id, board, goal, None),
        // A playhead is checked by the round that reads it; tables are read only if stored.
        ToWorker::Playhead { .. } | ToWorker::ReadTables { .. } => return None,
        ToWorker::Experiment { id, config } => {
            return config.check().err().map(|error| FromWorker::Failed {
                id: *id,
                message: error.to_string(),
            })
        }
        ToWorker::Trace {
            id,
            board,
            goal,
            max_expansions,
            ..
        } => {
            // The step-through view's own limits: a request past them is not the page's.
            let reason = if board.shape() != goal.shape() {
                BoardError::ShapeMismatch {
                    board: board.shape(),
                    goal: goal.shape(),
                }
                .to_string()
            } else if board.cells().len() > MAX_CELLS || *max_expansions > MAX_EXPANSIONS {
                format!(
                    "a trace takes boards of up to {MAX_CELLS} cells and up to {MAX_EXPANSIONS} expansions"
                )
            } else {
                return None;
            };
            return Some(FromWorker::Failed {
                id: *id,
                message: reason,
            });
        }
    };
    let reason = if board.shape() != goal.shape() {
        BoardError::ShapeMismatch {
            board: board.shape(),
            goal: goal.shape(),
        }
        .to_string()
    } else if let Some(method) = method {
        method.fits(board.shape()).err()?.to_string()
    } else if goal.cells().len() > MAX_TABLE_CELLS {
        TableTooLarge {
            cells: goal.cells().len(),
            max: MAX_TABLE_CELLS,
        }
        .to_string()
    } else {
        return None;
    };
    Some(FromWorker::Failed {
        id,
        message: reason,
    })
}

/// A copy's side: answers a request only a worker sends its copy ([`ToCopy`]) with
/// [`FromCopy`], refused first if it cannot run ([`copy_refusal`]).
fn answer_copy(scope: &DedicatedWorkerGlobalScope, message: &ToCopy) {
    if let Some(reply) = copy_refusal(message) {
        post(scope, &reply);
        return;
    }
    match message {
        ToCopy::BuildTable { id, goal, tiles } => build::build_table(scope, *id, goal, tiles),
        ToCopy::BuildBigTables { id, goal } => build::build_big_tables(scope, *id, goal),
        ToCopy::HoldTables { id, bytes } => post(scope, &hold_tables(*id, bytes)),
        ToCopy::SearchItem { id, item } => post(scope, &search_subtree(*id, item)),
        ToCopy::HoldGuides {
            id,
            goal,
            split,
            bytes,
        } => post(scope, &hold_guides(*id, goal, *split, bytes)),
        ToCopy::Round {
            id,
            board,
            goal,
            start,
            until,
            lane,
            lanes,
            max_expanded,
        } => {
            let lane = puzzle_core::anytime::LaneOf {
                index: *lane as usize,
                count: *lanes as usize,
            };
            let answer = held::round(*id, board, goal, start, *until, lane, *max_expanded);
            post(scope, &answer);
        }
    }
}

/// The answer to a decoded copy request that cannot run ([`refusal`]'s kin): a table
/// that is not one the solver worker asks for, big-board tables that serve no goal. Tables
/// sent are checked as they are read (their checksum), a subtree as it is searched (its
/// board). `None` if it can run.
pub fn copy_refusal(message: &ToCopy) -> Option<FromCopy> {
    match message {
        ToCopy::BuildTable { id, goal, tiles } => {
            table_refusal(goal, tiles).map(|message| FromCopy::Failed { id: *id, message })
        }
        ToCopy::BuildBigTables { id, goal } => (puzzle_core::anytime::total_entries(goal) == 0)
            .then(|| FromCopy::Failed {
                id: *id,
                message: "no big-board tables serve this goal".to_string(),
            }),
        ToCopy::HoldTables { .. }
        | ToCopy::SearchItem { .. }
        | ToCopy::HoldGuides { .. }
        | ToCopy::Round { .. } => None,
    }
}

/// Why a [`ToCopy::BuildTable`] cannot run (`None` if it can): its tiles must be a group
/// of the goal's default partition, the only tables the solver worker asks a nested one for.
fn table_refusal(goal: &Board, tiles: &[u8]) -> Option<String> {
    match Partition::default_for(goal) {
        Err(error) => Some(error.to_string()),
        Ok(partition) if partition.groups().iter().any(|group| group == tiles) => None,
        Ok(_) => Some(format!(
            "the {} tiles asked for are not a group of the pattern tables of this goal",
            tiles.len()
        )),
    }
}
