//! The web worker's side: reads [`ToWorker`] messages, runs the core's solver, and posts
//! progress and the answer back. It runs on its own thread, so a long search never blocks the
//! page; the page cancels by terminating it.

use std::cell::{Cell, RefCell};
use std::collections::{HashMap, VecDeque};
use std::ops::ControlFlow;
use std::rc::Rc;

use puzzle_core::analysis::{DistanceTable, TableTooLarge, MAX_TABLE_CELLS};
use puzzle_core::anytime::{total_entries, BigTables};
use puzzle_core::pdb::{AdditivePdb, Partition, PatternIndex, PatternTable, PdbError};
use puzzle_core::relabel::canonical_goal;
use puzzle_core::suboptimal::{solve_staged, StagedConfig};
use puzzle_core::trace::solve_traced;
use puzzle_core::{
    solve_improving, Board, BoardError, Goal, Limits, Progress, Shape, SolveOutcome, SolverConfig,
    TableKind, Tables,
};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

use crate::protocol::{
    from_js, table_to_js, to_js, BuildProgress, FromWorker, PdbInfo, PdbSource, SolveRequest,
    ToWorker,
};
use crate::stepper::trace_set::CHUNK_EVENTS;

mod nested;
mod prepare;
mod quick;
mod shipped;

thread_local! {
    /// Pattern databases built or loaded by this worker, by `Partition::cache_key`.
    static DATABASES: RefCell<HashMap<String, Rc<AdditivePdb>>> = RefCell::new(HashMap::new());
    /// The small tables searched before the strong ones exist ([`quick`]), by key.
    static QUICK_DATABASES: RefCell<HashMap<String, Rc<quick::QuickPdb>>> = RefCell::new(HashMap::new());
    /// The anytime method's big-board tables, by `BigTables::cache_key`.
    static BIG_TABLES: RefCell<HashMap<String, Rc<BigTables>>> = RefCell::new(HashMap::new());
    /// Requests waiting while an asynchronous one (IndexedDB) is in flight.
    static QUEUE: RefCell<VecDeque<ToWorker>> = const { RefCell::new(VecDeque::new()) };
    /// Whether an asynchronous request is in flight.
    static BUSY: Cell<bool> = const { Cell::new(false) };
    /// When the build under way began (this worker's clock; NaN when none has).
    static BUILD_START: Cell<f64> = const { Cell::new(f64::NAN) };
    /// The build's recent progress reports: (time, entries filled), oldest first.
    static PACE: RefCell<VecDeque<(f64, u64)>> = const { RefCell::new(VecDeque::new()) };
    /// The exact distance table of the last goal asked about.
    static TABLE: RefCell<Option<DistanceTable>> = const { RefCell::new(None) };
}

/// The shipped 4x4 pattern databases of the standard goal ([`shipped`]).
const SHIPPED_4X4: &str = "tables/pdb-4x4-standard.bin.gz";
/// The shipped big-board tables of the standard goal's 5x5 core ([`shipped`]).
const SHIPPED_BIG: &str = "tables/big-5x5-standard.bin.gz";

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
        match from_js::<ToWorker>(event.data()) {
            Ok(message) => {
                QUEUE.with(|q| q.borrow_mut().push_back(message));
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

/// Runs the queued requests in order; a pattern-database request may wait for IndexedDB, and
/// the rest of the queue waits for it.
fn pump(scope: &DedicatedWorkerGlobalScope) {
    while !BUSY.with(Cell::get) {
        let Some(message) = QUEUE.with(|q| q.borrow_mut().pop_front()) else {
            return;
        };
        if let Some(reply) = refusal(&message) {
            post(scope, &reply);
            continue;
        }
        match message {
            ToWorker::Distance { id, board, goal } => post(scope, &distance(id, &board, &goal)),
            ToWorker::BuildTable { id, goal, tiles } => build_table(scope, id, &goal, &tiles),
            ToWorker::Trace {
                id,
                board,
                goal,
                method,
                max_expansions,
            } => trace(id, &board, &goal, &method, max_expansions, &mut |reply| {
                post(scope, &reply)
            }),
            // Tables may come from IndexedDB: the rest of the queue waits for them.
            ToWorker::Solve(request) if request.method.needs(request.board.shape()).is_some() => {
                BUSY.with(|b| b.set(true));
                let scope = scope.clone();
                wasm_bindgen_futures::spawn_local(async move {
                    let id = request.id;
                    let reply = match request.method.needs(request.board.shape()) {
                        Some(TableKind::BigBoard) => {
                            // While the tables load or build, the staged answer shows at once;
                            // with them in memory the solver itself posts it first (running it
                            // here too would only repeat that work).
                            let asked = clock();
                            let key = BigTables::key(&request.goal).unwrap_or_default();
                            if !BigTables::with_memory(|m| m.contains_key(&key)) {
                                first_answer(&scope, &request);
                            }
                            match cached::<BigTables>(&scope, id, &request.goal).await {
                                Ok(tables) => solve_request(
                                    &scope,
                                    &budget_from(asked, &request),
                                    Tables {
                                        big_board: Some(&tables),
                                        ..Tables::default()
                                    },
                                ),
                                Err(message) => FromWorker::Failed { id, message },
                            }
                        }
                        _ => quick::solve_pdb_request(&scope, &request).await,
                    };
                    post(&scope, &reply);
                    BUSY.with(|b| b.set(false));
                    pump(&scope);
                });
            }
            ToWorker::Solve(request) => {
                post(scope, &solve_request(scope, &request, Tables::default()))
            }
        }
    }
}

/// `request` with its time budget counted from `asked` (the time spent getting tables and the
/// first answer is taken off), so that the page's budget runs from Solve.
fn budget_from(asked: f64, request: &SolveRequest) -> SolveRequest {
    let mut request = request.clone();
    if let puzzle_core::Method::Anytime { time_limit_ms } = request.method {
        let spent = (clock() - asked).max(0.0) as u32;
        request.method = request
            .method
            .with_time_limit(time_limit_ms.saturating_sub(spent).max(1));
    }
    request
}

/// The answer to a decoded request that cannot run, checked before any table is loaded or
/// built: the serde form checks each board, but not that board and goal have one shape, that
/// the method fits it, or that a distance table can be made. `None` if it can run.
pub fn refusal(message: &ToWorker) -> Option<FromWorker> {
    let (id, board, goal, method) = match message {
        ToWorker::Solve(request) => (
            request.id,
            &request.board,
            &request.goal,
            Some(&request.method),
        ),
        ToWorker::Distance { id, board, goal } => (*id, board, goal, None),
        ToWorker::BuildTable { id, goal, tiles } => {
            return table_refusal(goal, tiles)
                .map(|message| FromWorker::Failed { id: *id, message })
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
            } else if board.cells().len() > crate::stepper::trace_set::MAX_CELLS
                || *max_expansions > crate::stepper::trace_set::MAX_EXPANSIONS
            {
                format!(
                    "a trace takes boards of up to {} cells and up to {} expansions",
                    crate::stepper::trace_set::MAX_CELLS,
                    crate::stepper::trace_set::MAX_EXPANSIONS
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

/// Why a [`ToWorker::BuildTable`] cannot run (`None` if it can): its tiles must be a group
/// of the goal's default partition, the only tables the solver worker asks a nested one for.
pub fn table_refusal(goal: &Board, tiles: &[u8]) -> Option<String> {
    match Partition::default_for(goal) {
        Err(error) => Some(error.to_string()),
        Ok(partition) if partition.groups().iter().any(|group| group == tiles) => None,
        Ok(_) => Some(format!(
            "the {} tiles asked for are not a group of the pattern tables of this goal",
            tiles.len()
        )),
    }
}

/// Builds the table of one group (a nested worker's job) and posts it as
/// [`FromWorker::Table`], its bytes moved, not copied; progress as [`FromWorker::Building`].
fn build_table(scope: &DedicatedWorkerGlobalScope, id: u32, goal: &Board, tiles: &[u8]) {
    let partition = Partition::new(vec![tiles.to_vec()]);
    let size = PatternIndex::new(goal.cells().len(), tiles.len()).map_or(0, |i| i.size());
    let built = build_with_progress(scope, id, &[size], plain_progress(&[size]), |limits| {
        AdditivePdb::build(goal, &partition, limits)
    });
    match built {
        Ok(pdb) => {
            let (message, transfer) = table_to_js(id, &pdb.to_bytes());
            drop(pdb);
            scope.post_message_with_transfer(&message, &transfer).ok();
        }
        Err(message) => post(scope, &FromWorker::Failed { id, message }),
    }
}

/// A progress callback that posts [`FromWorker::Progress`] at most every [`PROGRESS_EVERY_MS`].
fn progress_poster(
    scope: &DedicatedWorkerGlobalScope,
    id: u32,
) -> impl FnMut(&Progress) -> ControlFlow<()> + '_ {
    let mut last_post = f64::NEG_INFINITY;
    move |progress: &Progress| {
        if progress.elapsed_ms - last_post >= PROGRESS_EVERY_MS {
            last_post = progress.elapsed_ms;
            post(
                scope,
                &FromWorker::Progress {
                    id,
                    progress: progress.clone(),
                },
            );
        }
        ControlFlow::Continue(())
    }
}

/// The exact distance from `board` to `goal`, from the table of `goal` (built on first use).
pub fn distance(id: u32, board: &Board, goal: &Board) -> FromWorker {
    TABLE.with(|table| {
        let mut table = table.borrow_mut();
        if table.as_ref().is_none_or(|t| t.goal() != goal) {
            *table = None;
            match DistanceTable::build(goal) {
                Ok(built) => *table = Some(built),
                Err(error) => {
                    return FromWorker::Failed {
                        id,
                        message: error.to_string(),
                    }
                }
            }
        }
        let table = table.as_ref().expect("just built");
        FromWorker::Distance {
            id,
            board: board.clone(),
            goal: goal.clone(),
            distance: table.distance(board),
            first: table.optimal_moves(board).first().copied(),
        }
    })
}

/// Traces a generic search from `board` to `goal` for at most `max_expansions` expansions,
/// handing the events to `send` in [`FromWorker::TraceChunk`]s of
/// [`crate::stepper::trace_set::CHUNK_EVENTS`] as they come (the last one says `done`).
pub fn trace(
    id: u32,
    board: &Board,
    goal: &Board,
    method: &SolverConfig,
    max_expansions: u64,
    send: &mut dyn FnMut(FromWorker),
) {
    let mut chunk = Vec::with_capacity(CHUNK_EVENTS);
    let mut limits = Limits::with_budget(max_expansions);
    let result = solve_traced(board, goal, method, &mut limits, &mut |event| {
        chunk.push(event);
        if chunk.len() == CHUNK_EVENTS {
            send(FromWorker::TraceChunk {
                id,
                events: std::mem::take(&mut chunk),
                done: false,
                limit_reached: false,
            });
        }
    });
    match result {
        Ok(solution) => send(FromWorker::TraceChunk {
            id,
            events: chunk,
            done: true,
            limit_reached: solution.outcome == SolveOutcome::BudgetExhausted,
        }),
        Err(error) => send(FromWorker::Failed {
            id,
            message: error.to_string(),
        }),
    }
}

/// Tables the worker builds (or downloads) once, keeps in memory and caches in IndexedDB.
/// Each kind makes them for the goal's [`canonical_goal`] (the standard goal when a relabel
/// leads there), so that every goal it serves shares them; the solver maps the board.
trait Cached: Sized + 'static {
    /// The IndexedDB key of the tables that serve `goal`.
    fn key(goal: &Board) -> Result<String, String>;
    /// Tables read back from bytes, if intact and serving `goal` (with today's layout).
    fn read(bytes: &[u8], goal: &Board) -> Option<Self>;
    /// The file the app ships them in, under `tables/`, if it ships the ones for `goal`.
    fn shipped(_goal: &Board) -> Option<&'static str> {
        None
    }
    /// The bytes stored.
    fn bytes(&self) -> Vec<u8>;
    /// Memory the tables hold.
    fn memory_bytes(&self) -> usize;
    /// Builds them, posting [`FromWorker::Building`] about ten times a second.
    async fn build(
        scope: &DedicatedWorkerGlobalScope,
        id: u32,
        goal: &Board,
    ) -> Result<Self, String>;
    /// This worker's tables of this kind, by key.
    fn with_memory<R>(f: impl FnOnce(&mut HashMap<String, Rc<Self>>) -> R) -> R;
}

impl Cached for AdditivePdb {
    fn key(goal: &Board) -> Result<String, String> {
        let goal = canonical_goal(goal);
        Ok(Partition::default_for(&goal)
            .map_err(|e| e.to_string())?
            .cache_key(&goal))
    }
    fn read(bytes: &[u8], goal: &Board) -> Option<Self> {
        let goal = canonical_goal(goal);
        read_pdb(bytes, &goal, &Partition::default_for(&goal).ok()?)
    }
    fn shipped(goal: &Board) -> Option<&'static str> {
        let standard = Goal::Standard.board(Shape::square(4).ok()?).ok()?;
        (canonical_goal(goal) == standard).then_some(SHIPPED_4X4)
    }
    fn bytes(&self) -> Vec<u8> {
        self.to_bytes()
    }
    fn memory_bytes(&self) -> usize {
        AdditivePdb::memory_bytes(self)
    }
    async fn build(
        scope: &DedicatedWorkerGlobalScope,
        id: u32,
        goal: &Board,
    ) -> Result<Self, String> {
        build_pdb(scope, id, &canonical_goal(goal)).await
    }
    fn with_memory<R>(f: impl FnOnce(&mut HashMap<String, Rc<Self>>) -> R) -> R {
        DATABASES.with(|d| f(&mut d.borrow_mut()))
    }
}

/// Databases read back from `bytes`, if intact and made for `goal` with `partition`.
fn read_pdb(bytes: &[u8], goal: &Board, partition: &Partition) -> Option<AdditivePdb> {
    AdditivePdb::from_bytes(bytes)
        .ok()
        .filter(|pdb| pdb.goal() == goal && pdb.partition() == partition)
}

impl Cached for BigTables {
    fn key(goal: &Board) -> Result<String, String> {
        Ok(BigTables::cache_key(&canonical_goal(goal)))
    }
    fn read(bytes: &[u8], goal: &Board) -> Option<Self> {
        BigTables::from_bytes(bytes)
            .ok()
            .filter(|tables| tables.serves(&canonical_goal(goal)))
    }
    fn shipped(goal: &Board) -> Option<&'static str> {
        let standard = Goal::Standard.board(Shape::square(5).ok()?).ok()?;
        (Self::key(goal).ok()? == BigTables::cache_key(&standard)).then_some(SHIPPED_BIG)
    }
    fn bytes(&self) -> Vec<u8> {
        self.to_bytes()
    }
    fn memory_bytes(&self) -> usize {
        BigTables::memory_bytes(self)
    }
    async fn build(
        scope: &DedicatedWorkerGlobalScope,
        id: u32,
        goal: &Board,
    ) -> Result<Self, String> {
        let goal = canonical_goal(goal);
        let sizes = [total_entries(&goal)];
        build_with_progress(scope, id, &sizes, plain_progress(&sizes), |limits| {
            BigTables::build(&goal, limits)
        })
    }
    fn with_memory<R>(f: impl FnOnce(&mut HashMap<String, Rc<Self>>) -> R) -> R {
        BIG_TABLES.with(|d| f(&mut d.borrow_mut()))
    }
}

/// The tables of kind `T` for `goal`, from memory, IndexedDB or built now, posting
/// [`FromWorker::Building`] while building and [`FromWorker::PdbReady`] when they are there.
async fn cached<T: Cached>(
    scope: &DedicatedWorkerGlobalScope,
    id: u32,
    goal: &Board,
) -> Result<Rc<T>, String> {
    let missing = match loaded::<T>(scope, id, goal).await? {
        Loaded::Ready(tables) => return Ok(tables),
        Loaded::Missing(missing) => missing,
    };
    let start = clock();
    BUILD_START.with(|s| s.set(start));
    PACE.with(|pace| pace.borrow_mut().clear());
    let (tables, source, download_failed) = match downloaded::<T>(goal).await {
        Some(Ok(tables)) => (tables, PdbSource::Downloaded, false),
        Some(Err(_)) => (T::build(scope, id, goal).await?, PdbSource::Built, true),
        None => (T::build(scope, id, goal).await?, PdbSource::Built, false),
    };
    let ms = clock() - start;
    let bytes = tables.bytes();
    let size = bytes.len() as u64;
    // A download is stored behind the solve (the put starts when this task next waits, after
    // the search), so its answer does not wait for IndexedDB; a build, which took far longer,
    // is stored first, and the page is told whether that worked.
    let (saved, storing) = match missing.db {
        Some(db) if source == PdbSource::Downloaded => {
            let key = missing.key.clone();
            wasm_bindgen_futures::spawn_local(async move {
                crate::idb::put(&db, &key, &bytes).await.ok();
            });
            (false, true)
        }
        Some(db) => (
            crate::idb::put(&db, &missing.key, &bytes).await.is_ok(),
            false,
        ),
        None => (false, false),
    };
    let tables = Rc::new(tables);
    T::with_memory(|m| m.insert(missing.key, tables.clone()));
    let info = PdbInfo {
        source,
        ms,
        bytes: size,
        memory_bytes: tables.memory_bytes() as u64,
        repaired: missing.repaired,
        saved,
        storing,
        download_failed,
    };
    post(scope, &FromWorker::PdbReady { id, info });
    Ok(tables)
}

/// The shipped tables that serve `goal`, downloaded and checked; `None` if the app ships none
/// for it, an error (why) if the download failed or was not them.
async fn downloaded<T: Cached>(goal: &Board) -> Option<Result<T, String>> {
    let path = T::shipped(goal)?;
    Some(match shipped::fetch(path).await {
        Ok(bytes) => T::read(&bytes, goal).ok_or_else(|| "the download was damaged".to_string()),
        Err(why) => Err(why),
    })
}

/// What [`loaded`] found.
enum Loaded<T> {
    /// The tables, from memory or IndexedDB ([`FromWorker::PdbReady`] posted).
    Ready(Rc<T>),
    /// Not there: where to store them once built.
    Missing(Missing),
}

/// Where tables that are not there yet go once built.
struct Missing {
    /// Their IndexedDB key.
    key: String,
    /// The database, if it opened.
    db: Option<web_sys::IdbDatabase>,
    /// Whether an unreadable entry stands under the key (overwritten by the build).
    repaired: bool,
}

/// The tables of kind `T` for `goal` if this worker holds them or IndexedDB has them (posting
/// [`FromWorker::PdbReady`]); nothing is built.
async fn loaded<T: Cached>(
    scope: &DedicatedWorkerGlobalScope,
    id: u32,
    goal: &Board,
) -> Result<Loaded<T>, String> {
    let key = T::key(goal)?;
    if let Some(tables) = T::with_memory(|m| m.get(&key).cloned()) {
        let bytes = (tables.memory_bytes() + 64) as u64;
        ready(
            scope,
            id,
            &*tables,
            PdbSource::Memory,
            0.0,
            bytes,
            false,
            false,
        );
        return Ok(Loaded::Ready(tables));
    }
    let start = clock();
    let db = crate::idb::open().await.ok();
    let mut repaired = false;
    if let Some(db) = &db {
        if let Ok(Some(bytes)) = crate::idb::get(db, &key).await {
            match T::read(&bytes, goal) {
                Some(tables) => {
                    let tables = Rc::new(tables);
                    T::with_memory(|m| m.insert(key.clone(), tables.clone()));
                    let ms = clock() - start;
                    let size = bytes.len() as u64;
                    ready(
                        scope,
                        id,
                        &*tables,
                        PdbSource::Cache,
                        ms,
                        size,
                        false,
                        false,
                    );
                    return Ok(Loaded::Ready(tables));
                }
                // A corrupt or foreign entry: rebuilt and overwritten.
                None => repaired = true,
            }
        }
    }
    Ok(Loaded::Missing(Missing { key, db, repaired }))
}

/// Posts [`FromWorker::PdbReady`] for request `id`.
#[allow(clippy::too_many_arguments)]
fn ready<T: Cached>(
    scope: &DedicatedWorkerGlobalScope,
    id: u32,
    tables: &T,
    source: PdbSource,
    ms: f64,
    bytes: u64,
    repaired: bool,
    saved: bool,
) {
    post(
        scope,
        &FromWorker::PdbReady {
            id,
            info: PdbInfo {
                source,
                ms,
                bytes,
                memory_bytes: tables.memory_bytes() as u64,
                repaired,
                saved,
                storing: false,
                download_failed: false,
            },
        },
    );
}

/// Posts the quick staged answer of an anytime request as its first
/// [`FromWorker::Improved`] (milliseconds on any board, while its tables may take seconds to
/// load or build).
fn first_answer(scope: &DedicatedWorkerGlobalScope, request: &SolveRequest) {
    let mut limits = Limits {
        clock,
        ..Limits::default()
    };
    let staged = solve_staged(
        &request.board,
        &request.goal,
        &StagedConfig::quick(1),
        &mut limits,
    );
    if let Ok(answer) = staged {
        if answer.solution.length().is_some() {
            let mut solution = answer.solution;
            solution.method = request.method;
            post(
                scope,
                &FromWorker::Improved {
                    id: request.id,
                    solution: Box::new(solution),
                },
            );
        }
    }
}

/// Posts [`FromWorker::Building`] with the time since this worker's build began ([`cached`]).
fn post_building(scope: &DedicatedWorkerGlobalScope, id: u32, mut build: BuildProgress) {
    let start = BUILD_START.with(Cell::get);
    if start.is_finite() {
        let now = clock();
        build.elapsed_ms = now - start;
        build.recent_seconds_left = PACE.with(|pace| {
            let mut pace = pace.borrow_mut();
            pace.push_back((now, build.filled));
            while pace.len() > 2 && pace[1].0 <= now - PACE_WINDOW_MS {
                pace.pop_front();
            }
            let (then, filled_then) = *pace.front()?;
            let rate = (build.filled.saturating_sub(filled_then)) as f64 / (now - then);
            (now - then >= 1000.0 && rate > 0.0)
                .then(|| build.total.saturating_sub(build.filled) as f64 / rate / 1000.0)
        });
    }
    post(scope, &FromWorker::Building { id, build });
}

/// How far back the recent pace of a build is measured, in milliseconds.
const PACE_WINDOW_MS: f64 = 4000.0;

/// The progress of building tables of `sizes` entries in that order, as the page shows it.
fn plain_progress(sizes: &[u64]) -> impl Fn(u64, usize) -> BuildProgress {
    let total: u64 = sizes.iter().sum();
    let tables = sizes.len();
    move |filled, table| BuildProgress {
        filled,
        total,
        table,
        tables,
        elapsed_ms: 0.0,
        recent_seconds_left: None,
    }
}

/// Runs `build` with a progress callback that posts [`FromWorker::Building`] about ten times a
/// second; `sizes` are the entries of each table, in build order, and `shown` makes the message
/// of the entries filled so far and the table being built (an index into `sizes`).
fn build_with_progress<T>(
    scope: &DedicatedWorkerGlobalScope,
    id: u32,
    sizes: &[u64],
    shown: impl Fn(u64, usize) -> BuildProgress,
    build: impl FnOnce(&mut Limits) -> Result<T, PdbError>,
) -> Result<T, String> {
    let total: u64 = sizes.iter().sum();
    let tables = sizes.len();
    let mut last_post = f64::NEG_INFINITY;
    let mut report = |progress: &Progress| {
        if progress.elapsed_ms - last_post >= PROGRESS_EVERY_MS {
            last_post = progress.elapsed_ms;
            let filled = progress.generated.min(total);
            let mut before = 0;
            let mut table = tables.saturating_sub(1);
            for (i, size) in sizes.iter().enumerate() {
                if filled < before + size {
                    table = i;
                    break;
                }
                before += size;
            }
            post_building(scope, id, shown(filled, table));
        }
        ControlFlow::Continue(())
    };
    let mut limits = Limits {
        max_expanded: None,
        report_every: 1 << 16,
        on_progress: Some(&mut report),
        clock,
        threads: 1,
    };
    build(&mut limits).map_err(|e| e.to_string())
}

/// Groups whose tables are smaller than this are not worth a nested worker.
pub const NESTED_MIN_ENTRIES: u64 = 1 << 20;

/// Builds the default partition's tables for `goal`. With two cores or more, a nested worker
/// builds the second largest table meanwhile ([`nested`]; this worker first waits for it to
/// load, well under a second); if it fails in any way, this worker builds that table too,
/// after its own.
///
/// Progress: while building its own tables this worker shows their share done for the whole
/// (the nested worker's table, of the same size, advances alongside: it cannot hear the
/// nested worker's reports while busy); while it waits, the nested worker's reports, never
/// going back. After a failure of the nested worker the bar goes back to the share really
/// done (this worker's tables) and goes on from there while it builds the missing table.
async fn build_pdb(
    scope: &DedicatedWorkerGlobalScope,
    id: u32,
    goal: &Board,
) -> Result<AdditivePdb, String> {
    let partition = Partition::default_for(goal).map_err(|e| e.to_string())?;
    let groups = partition.groups();
    let cells = goal.cells().len();
    let sizes: Vec<u64> = groups
        .iter()
        .map(|g| PatternIndex::new(cells, g.len()).map_or(0, |i| i.size()))
        .collect();
    let helper =
        nested_group(&sizes).and_then(|g| Some((g, nested::Nested::spawn(id, goal, &groups[g])?)));
    let helper = match helper {
        Some((away, helper)) if helper.started().await => Some((away, helper)),
        _ => None,
    };
    let Some((away, helper)) = helper else {
        return build_with_progress(scope, id, &sizes, plain_progress(&sizes), |limits| {
            AdditivePdb::build(goal, &partition, limits)
        });
    };
    let total: u64 = sizes.iter().sum();
    let tables = groups.len();
    let here: Vec<usize> = (0..tables).filter(|&g| g != away).collect();
    let here_sizes: Vec<u64> = here.iter().map(|&g| sizes[g]).collect();
    let here_total: u64 = here_sizes.iter().sum();
    let shown = Rc::new(Cell::new(0u64));
    let own = {
        let shown = shown.clone();
        let here = here.clone();
        move |filled: u64, table: usize| {
            // The share of this worker's tables done, for all of them.
            let filled =
                (u128::from(filled) * u128::from(total) / u128::from(here_total.max(1))) as u64;
            shown.set(filled);
            BuildProgress {
                filled,
                total,
                table: here[table],
                tables,
                elapsed_ms: 0.0,
                recent_seconds_left: None,
            }
        }
    };
    let here_partition = all_but(&partition, away);
    let built = build_with_progress(scope, id, &here_sizes, own, |limits| {
        AdditivePdb::build(goal, &here_partition, limits)
    })?
    .tables()
    .to_vec();
    let away_size = sizes[away];
    let relay = {
        let scope = scope.clone();
        move |filled: u64| {
            let filled = shown.get().max(here_total + filled.min(away_size));
            shown.set(filled);
            let build = BuildProgress {
                filled,
                total,
                table: away,
                tables,
                elapsed_ms: 0.0,
                recent_seconds_left: None,
            };
            post_building(&scope, id, build);
        }
    };
    let expected = Partition::new(vec![groups[away].clone()]);
    let table = helper
        .table(relay)
        .await
        .ok()
        .and_then(|bytes| table_from_bytes(&bytes, goal, &groups[away]));
    let table = match table {
        Some(table) => table,
        // Any failure of the nested worker: this one builds the table itself, quietly.
        None => {
            let size = [away_size];
            let rest = move |filled: u64, _| BuildProgress {
                filled: here_total + filled,
                total,
                table: away,
                tables,
                elapsed_ms: 0.0,
                recent_seconds_left: None,
            };
            build_with_progress(scope, id, &size, rest, |limits| {
                AdditivePdb::build(goal, &expected, limits)
            })?
            .tables()[0]
                .clone()
        }
    };
    join_tables(goal, &partition, built, away, table)
}

/// The group a nested worker should build, given the entries of each group's table: the
/// second largest (this worker keeps the largest), if it has [`NESTED_MIN_ENTRIES`] or more.
pub fn nested_group(sizes: &[u64]) -> Option<usize> {
    let mut by_size: Vec<usize> = (0..sizes.len()).collect();
    by_size.sort_by_key(|&g| std::cmp::Reverse(sizes[g]));
    by_size
        .get(1)
        .copied()
        .filter(|&g| sizes[g] >= NESTED_MIN_ENTRIES)
}

/// The partition without its group `away` (the groups this worker builds itself).
pub fn all_but(partition: &Partition, away: usize) -> Partition {
    let groups = partition.groups().iter().enumerate();
    Partition::new(
        groups
            .filter(|&(g, _)| g != away)
            .map(|(_, group)| group.clone())
            .collect(),
    )
}

/// The table in a nested worker's [`FromWorker::Table`] bytes, if they hold a one-group
/// database of `group` towards `goal` (intact: `AdditivePdb::from_bytes` checks the sum).
pub fn table_from_bytes(bytes: &[u8], goal: &Board, group: &[u8]) -> Option<PatternTable> {
    let pdb = AdditivePdb::from_bytes(bytes).ok()?;
    let [table] = pdb.tables() else {
        return None;
    };
    (pdb.goal() == goal && table.tiles() == group).then(|| table.clone())
}

/// The database of `partition` from the tables built here (every group but `away`, in order)
/// and the table of group `away`.
pub fn join_tables(
    goal: &Board,
    partition: &Partition,
    mut here: Vec<PatternTable>,
    away: usize,
    table: PatternTable,
) -> Result<AdditivePdb, String> {
    if away > here.len() {
        return Err(PdbError::BadPartition {
            reason: puzzle_core::pdb::PartitionFault::TablesMismatch,
        }
        .to_string());
    }
    here.insert(away, table);
    AdditivePdb::from_tables(goal, partition, here).map_err(|e| e.to_string())
}

/// Runs a solve with its tables and turns the result into the reply: the one place that
/// builds the worker's [`Limits`] (node budget, progress about ten times a second, clock).
fn solve_request(
    scope: &DedicatedWorkerGlobalScope,
    request: &SolveRequest,
    tables: Tables,
) -> FromWorker {
    let id = request.id;
    let mut report = progress_poster(scope, id);
    let mut limits = Limits {
        max_expanded: request.max_expanded,
        report_every: REPORT_EVERY,
        on_progress: Some(&mut report),
        clock,
        threads: 1,
    };
    let mut improved = |solution: &puzzle_core::Solution| {
        post(
            scope,
            &FromWorker::Improved {
                id,
                solution: Box::new(solution.clone()),
            },
        )
    };
    match solve_improving(
        &request.board,
        &request.goal,
        &request.method,
        tables,
        &mut limits,
        &mut improved,
    ) {
        Ok(solution) => FromWorker::Done {
            id,
            solution: Box::new(solution),
        },
        Err(error) => FromWorker::Failed {
            id,
            message: error.to_string(),
        },
    }
}

fn post(scope: &DedicatedWorkerGlobalScope, message: &FromWorker) {
    // Posting only fails if the page is gone; nothing is left to tell then.
    scope.post_message(&to_js(message)).ok();
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzle_core::{Goal, Shape};

    fn build(goal: &Board, partition: &Partition) -> AdditivePdb {
        AdditivePdb::build(goal, partition, &mut Limits::default()).unwrap()
    }

    /// The worker's split: every group but one built here as one database, the other as a
    /// one-group database sent as bytes (a nested worker's answer); joined, they are byte for
    /// byte the database built at once, whichever group went away.
    #[test]
    fn tables_built_apart_join_into_the_database_built_at_once() {
        let goal = Goal::Snail.board(Shape::new(4, 3).unwrap()).unwrap();
        let partition = Partition::by_reading_order(&goal, &[4, 4, 3]).unwrap();
        let whole = build(&goal, &partition).to_bytes();
        for (away, group) in partition.groups().iter().enumerate() {
            let here = build(&goal, &all_but(&partition, away)).tables().to_vec();
            let bytes = build(&goal, &Partition::new(vec![group.clone()])).to_bytes();
            let table = table_from_bytes(&bytes, &goal, group).expect("its own group");
            let joined = join_tables(&goal, &partition, here.clone(), away, table).unwrap();
            assert_eq!(joined.to_bytes(), whole, "group {away} built apart");
            // Bytes that are not that group's table are refused (and the worker builds it).
            let other = &partition.groups()[(away + 1) % 3];
            assert!(table_from_bytes(&bytes, &goal, other).is_none());
            let standard = Goal::Standard.board(goal.shape()).unwrap();
            assert!(table_from_bytes(&bytes, &standard, group).is_none());
            let mut damaged = bytes.clone();
            damaged[bytes.len() / 2] ^= 1;
            assert!(table_from_bytes(&damaged, &goal, group).is_none());
            assert!(
                table_from_bytes(&whole, &goal, group).is_none(),
                "three tables"
            );
            // In the wrong place: refused.
            let table = table_from_bytes(&bytes, &goal, group).unwrap();
            assert!(join_tables(&goal, &partition, here, (away + 1) % 3, table).is_err());
        }
    }

    #[test]
    fn the_nested_worker_gets_the_second_largest_table_if_it_is_worth_it() {
        let seven = 57_657_600;
        assert_eq!(nested_group(&[seven, seven, 16]), Some(1));
        assert_eq!(nested_group(&[16, seven, seven]), Some(2));
        assert_eq!(nested_group(&[seven, 16]), None);
        assert_eq!(nested_group(&[seven]), None);
        assert_eq!(nested_group(&[]), None);
        let goal = Goal::Standard.board(Shape::square(4).unwrap()).unwrap();
        let partition = Partition::default_for(&goal).unwrap();
        assert_eq!(all_but(&partition, 1).groups().len(), 2);
        assert_eq!(all_but(&partition, 1).groups()[1], partition.groups()[2]);
    }
}
