//! Pattern-database requests, and a 4x4 before its strong tables exist (a first visit): no
//! minute of progress bar first.
//!
//! The 7-7-1 tables take 20 to 80 s to build in a browser tab, the search over them then
//! milliseconds. When a pattern-database request finds them neither in this worker nor in
//! IndexedDB, the worker instead:
//! 1. posts a near-optimal answer within a fraction of a second ([`FIRST_ANSWER_MS`] of the
//!    anytime method, as [`FromWorker::Improved`] answers with their lower bounds), which the
//!    page can play at once;
//! 2. builds the small tables of [`Partition::quick_for`] (5-5-5: 1.6 MB, well under a second,
//!    cached like the strong ones under their own key) and searches with them, optimally, for
//!    at most [`QUICK_NODES`] expansions: most boards are solved there (Korf's 100: 1.1M nodes
//!    generated on average, 2.2 s native for the hardest);
//! 3. only if that budget runs out, leaves the request to the strong tables (downloaded when
//!    the app ships them, else built; then cached, so the next visit loads them); otherwise
//!    the strong tables are fetched or built behind the page's back ([`super::prepare`]) and
//!    cached for the next solve or visit.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use puzzle_core::pdb::{AdditivePdb, Partition};
use puzzle_core::relabel::canonical_goal;
use puzzle_core::{
    solve_with, Board, Goal, Limits, Method, Shape, SolveOptions, SolveOutcome, Tables,
};
use web_sys::DedicatedWorkerGlobalScope;

use super::build::{build_with_progress, plain_progress};
use super::cache::{cached, loaded, read_pdb, Cached, Loaded};
use super::outbox::improved;
use super::request::{solve_request, Run};
use super::{clock, copy, pair, shipped, watch, WorkerState};
use crate::protocol::{FromWorker, SolveRequest};

/// How long the near-optimal first answer improves, in milliseconds.
pub const FIRST_ANSWER_MS: u32 = 300;
/// [`FIRST_ANSWER_MS`] for a watched solve: the page plays it only if the shortest answer
/// has not come within [`crate::ahead::EXACT_GRACE_MS`], so the search starts sooner.
pub const WATCHED_FIRST_ANSWER_MS: u32 = 200;
/// Expansions the search over the small tables may take (a few seconds in a tab) before the
/// request waits for the strong tables instead.
pub const QUICK_NODES: u64 = 20_000_000;

/// [`QUICK_NODES`] when the strong tables are downloading meanwhile ([`shipped`]): they come
/// within a second or two, and most boards are solved with far fewer expansions.
pub const QUICK_NODES_WHILE_DOWNLOADING: u64 = 1_000_000;

/// Where the app ships the standard goal's small tables (`scripts/web-tables.sh`): a
/// download of 0.4 MB takes a fraction of the half second their build takes in a tab.
const SHIPPED_QUICK_4X4: &str = "tables/pdb-4x4-quick-standard.bin.gz";

/// The small tables of [`Partition::quick_for`].
pub struct QuickPdb(pub AdditivePdb);

impl Cached for QuickPdb {
    fn key(goal: &Board) -> Result<String, String> {
        let goal = canonical_goal(goal);
        let partition = Partition::quick_for(&goal).ok_or("no quick tables for this size")?;
        Ok(partition.cache_key(&goal))
    }
    fn read(bytes: &[u8], goal: &Board) -> Option<Self> {
        let goal = canonical_goal(goal);
        read_pdb(bytes, &goal, &Partition::quick_for(&goal)?).map(QuickPdb)
    }
    fn shipped(goal: &Board) -> Option<&'static str> {
        let standard = Goal::Standard.board(Shape::square(4).ok()?).ok()?;
        (canonical_goal(goal) == standard).then_some(SHIPPED_QUICK_4X4)
    }
    fn bytes(&self) -> Vec<u8> {
        self.0.to_bytes()
    }
    fn memory_bytes(&self) -> usize {
        self.0.memory_bytes()
    }
    async fn build(
        scope: &DedicatedWorkerGlobalScope,
        id: u32,
        goal: &Board,
    ) -> Result<Self, String> {
        let goal = canonical_goal(goal);
        let partition = Partition::quick_for(&goal).ok_or("no quick tables for this size")?;
        let sizes = [partition.entries(goal.shape())];
        build_with_progress(scope, id, &sizes, plain_progress(&sizes), |limits| {
            AdditivePdb::build(&goal, &partition, limits)
        })
        .map(QuickPdb)
    }
    fn memory(state: &WorkerState) -> &RefCell<HashMap<String, Rc<Self>>> {
        &state.quick_databases
    }
}

/// The answer to a pattern-database `request`: first without waiting for the strong tables
/// where they are not in memory ([`solve_before_strong`]), else with them, loaded or built.
/// Watched, where the page began to play another answer meanwhile, the rest is a shortest
/// one from the board its playback reached ([`watch::exact_rest`]).
pub async fn solve_pdb_request(
    scope: &DedicatedWorkerGlobalScope,
    request: &SolveRequest,
) -> FromWorker {
    let reply = solve_from_start(scope, request).await;
    watch::exact_rest(scope, request, reply, |rest| in_memory(scope, rest)).await
}

/// The answer to `request` over the tables this worker holds (the strong ones, else the
/// small ones under [`QUICK_NODES`]); `None` if it holds neither.
fn in_memory(scope: &DedicatedWorkerGlobalScope, request: &SolveRequest) -> Option<FromWorker> {
    if let Some(pdb) = AdditivePdb::held(&request.goal) {
        return Some(with_pdb(scope, request, &pdb));
    }
    let small = QuickPdb::held(&request.goal)?;
    let budgeted = SolveRequest {
        max_expanded: Some(QUICK_NODES),
        ..request.clone()
    };
    Some(with_pdb(scope, &budgeted, &small.0))
}

/// [`solve_pdb_request`] from the request's own board.
async fn solve_from_start(
    scope: &DedicatedWorkerGlobalScope,
    request: &SolveRequest,
) -> FromWorker {
    if let Some(reply) = solve_before_strong(scope, request).await {
        return reply;
    }
    match cached::<AdditivePdb>(scope, request.id, &request.goal).await {
        Ok(pdb) => with_strong(scope, request, pdb).await,
        Err(message) => FromWorker::Failed {
            id: request.id,
            message,
        },
    }
}

/// The reply to `request` solved over the strong tables `pdb`: on two cores where a copy of
/// this worker can run ([`pair`]), else here.
async fn with_strong(
    scope: &DedicatedWorkerGlobalScope,
    request: &SolveRequest,
    pdb: Rc<AdditivePdb>,
) -> FromWorker {
    match AdditivePdb::key(&request.goal) {
        Ok(key) if request.method == Method::PatternDatabase && copy::available() => {
            pair::solve(scope, request, pdb, &key).await
        }
        _ => with_pdb(scope, request, &pdb),
    }
}

/// The reply to `request` solved over `pdb`.
fn with_pdb(
    scope: &DedicatedWorkerGlobalScope,
    request: &SolveRequest,
    pdb: &AdditivePdb,
) -> FromWorker {
    let tables = Tables {
        pattern_db: Some(pdb),
        ..Tables::default()
    };
    solve_request(scope, request, tables, Run::default())
}

/// The answer to a pattern-database `request` when the strong tables are not in this worker's
/// memory: with them if IndexedDB has them, else with the small ones (see the module docs).
/// `None` when the caller should get the strong tables itself: they are in memory, the size
/// has no small tables, or the search over the small ones ran out of its budget.
async fn solve_before_strong(
    scope: &DedicatedWorkerGlobalScope,
    request: &SolveRequest,
) -> Option<FromWorker> {
    Partition::quick_for(&request.goal)?;
    let id = request.id;
    let strong = AdditivePdb::key(&request.goal).ok()?;
    if AdditivePdb::with_memory(|m| m.contains_key(&strong)) {
        // Watched: something to play should the search outlast the page's grace.
        if request.watch.is_some() {
            anytime_first_answers(scope, request);
        }
        return None;
    }
    anytime_first_answers(scope, request);
    match loaded::<AdditivePdb>(scope, id, &request.goal).await {
        Ok(Loaded::Ready(strong)) => return Some(with_strong(scope, request, strong).await),
        Err(_) => return None,
        Ok(Loaded::Missing(_)) => {}
    }
    // The small tables first (shipped too: their download is the quicker), then the strong
    // tables download while the small ones search, so the search gets less time.
    let small = cached::<QuickPdb>(scope, id, &request.goal).await.ok()?;
    let quick_nodes = match AdditivePdb::shipped(&request.goal) {
        Some(path) => {
            shipped::start(path);
            QUICK_NODES_WHILE_DOWNLOADING
        }
        None => QUICK_NODES,
    };
    let budgeted = SolveRequest {
        max_expanded: Some(
            request
                .max_expanded
                .map_or(quick_nodes, |n| n.min(quick_nodes)),
        ),
        ..request.clone()
    };
    match with_pdb(scope, &budgeted, &small.0) {
        FromWorker::Done { solution, .. } if solution.outcome != SolveOutcome::Solved => None,
        reply => {
            super::prepare::prepare_strong(&request.goal);
            Some(reply)
        }
    }
}

/// Posts the anytime method's answers of the first [`FIRST_ANSWER_MS`] as
/// [`FromWorker::Improved`] answers to `request` (their method says where they came from).
fn anytime_first_answers(scope: &DedicatedWorkerGlobalScope, request: &SolveRequest) {
    let mut limits = Limits {
        clock,
        ..Limits::default()
    };
    let method = Method::Anytime {
        time_limit_ms: match request.watch {
            Some(_) => WATCHED_FIRST_ANSWER_MS,
            None => FIRST_ANSWER_MS,
        },
    };
    let mut improved =
        |solution: &puzzle_core::Solution| improved(scope, request.id, solution.clone());
    // Every answer went to `improved` as it came; the last one repeats the best.
    let _ = solve_with(
        &request.board,
        &request.goal,
        &SolveOptions::new(&method),
        &mut limits,
        &mut improved,
    );
}
