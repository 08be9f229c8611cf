//! The table cache: tables the worker builds (or downloads) once, keeps in memory and stores
//! in IndexedDB, behind one trait ([`Cached`]) for each kind: the pattern databases, the
//! big-board tables, the small quick ones ([`super::quick`]) and the whole-board ones
//! ([`super::whole`]). [`cached`] looks in memory, then IndexedDB ([`loaded`]), then downloads
//! the shipped ones ([`super::shipped`]) or builds ([`super::build`]), stores the result and
//! tells the page where it came from ([`FromWorker::TablesReady`], unless the kind is
//! [`Cached::QUIET`]).

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use puzzle_core::anytime::{total_entries, BigTables, WholeTables};
use puzzle_core::pdb::{AdditivePdb, Partition};
use puzzle_core::relabel::canonical_goal;
use puzzle_core::{Board, Goal, Method, Shape, TableKind};
use web_sys::DedicatedWorkerGlobalScope;

use super::build::{build_big_apart, build_pdb, build_with_progress, plain_progress};
use super::outbox::post;
use super::{clock, shipped, with_state, WorkerState};
use crate::protocol::{FromWorker, ShippedTables, TablesInfo};

/// The shipped 4x4 pattern databases of the standard goal ([`shipped`]).
const SHIPPED_4X4: &str = "tables/pdb-4x4-standard.bin.gz";
/// The shipped big-board tables of the standard goal's 5x5 core ([`shipped`]).
const SHIPPED_BIG: &str = "tables/big-5x5-standard.bin.gz";

/// Tables the worker builds (or downloads) once, keeps in memory and caches in IndexedDB.
/// Each kind makes them for the goal's [`canonical_goal`] (the standard goal when a relabel
/// leads there), so that every goal it serves shares them; the solver maps the board.
pub(super) trait Cached: Sized + 'static {
    /// Whether the page hears of these tables only if their download fails: no
    /// [`FromWorker::TablesReady`], and no build clock started for them (they come behind a
    /// solve whose own tables may be building).
    const QUIET: bool = false;
    /// The IndexedDB key of the tables that serve `goal`.
    fn key(goal: &Board) -> Result<String, String>;
    /// Tables read back from bytes, if intact and serving `goal` (with today's layout).
    fn read(bytes: &[u8], goal: &Board) -> Option<Self>;
    /// The file the app ships them in, under `dist/tables/`, if it ships the ones for `goal`.
    fn shipped(_goal: &Board) -> Option<&'static str> {
        None
    }
    /// Which tables the page is told could not be downloaded, when their download fails
    /// ([`FromWorker::DownloadFailed`]); `None`: the page hears of it with
    /// [`FromWorker::TablesReady`] only (the 4x4 databases, built at once).
    fn told_as() -> Option<ShippedTables> {
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
    /// Where this worker keeps its tables of this kind, by key.
    fn memory(state: &WorkerState) -> &RefCell<HashMap<String, Rc<Self>>>;
    /// Runs `f` with this worker's tables of this kind, by key.
    fn with_memory<R>(f: impl FnOnce(&mut HashMap<String, Rc<Self>>) -> R) -> R {
        with_state(|state| f(&mut Self::memory(state).borrow_mut()))
    }
    /// The tables that serve `goal`, if this worker holds them.
    fn held(goal: &Board) -> Option<Rc<Self>> {
        let key = Self::key(goal).ok()?;
        Self::with_memory(|m| m.get(&key).cloned())
    }
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
    fn memory(state: &WorkerState) -> &RefCell<HashMap<String, Rc<Self>>> {
        &state.databases
    }
}

/// Databases read back from `bytes`, if intact and made for `goal` with `partition`.
pub(super) fn read_pdb(bytes: &[u8], goal: &Board, partition: &Partition) -> Option<AdditivePdb> {
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
    fn told_as() -> Option<ShippedTables> {
        Some(ShippedTables::BigBoard)
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
        // In a nested worker where one runs, so that this one improves the board meanwhile.
        if let Some(tables) = build_big_apart(scope, id, &goal).await {
            return Ok(tables);
        }
        let sizes = [total_entries(&goal)];
        build_with_progress(scope, id, &sizes, plain_progress(&sizes), |limits| {
            BigTables::build(&goal, limits)
        })
    }
    fn memory(state: &WorkerState) -> &RefCell<HashMap<String, Rc<Self>>> {
        &state.big_tables
    }
}

/// The tables of kind `T` for `goal`, from memory, IndexedDB or built now, posting
/// [`FromWorker::Building`] while building and [`FromWorker::TablesReady`] when they are there.
pub(super) async fn cached<T: Cached>(
    scope: &DedicatedWorkerGlobalScope,
    id: u32,
    goal: &Board,
) -> Result<Rc<T>, String> {
    match loaded::<T>(scope, id, goal).await? {
        Loaded::Ready(tables) => Ok(tables),
        Loaded::Missing(missing) => made(scope, id, goal, missing).await,
    }
}

/// The tables of kind `T` for `goal` that [`loaded`] found `missing`: downloaded or built now,
/// stored, kept in memory, and [`FromWorker::TablesReady`] posted.
pub(super) async fn made<T: Cached>(
    scope: &DedicatedWorkerGlobalScope,
    id: u32,
    goal: &Board,
    missing: Missing,
) -> Result<Rc<T>, String> {
    let start = clock();
    if !T::QUIET {
        super::build::begin(start);
    }
    let (tables, fetched, download_failed) = match downloaded::<T>(goal).await {
        Some(Ok((tables, bytes))) => (tables, Some(bytes), false),
        Some(Err(why)) => {
            // Said at once where the build takes long (big boards: the answers come without
            // the tables meanwhile, and the solve may end before they do).
            if let Some(tables) = T::told_as() {
                post(scope, &FromWorker::DownloadFailed { id, tables, why });
            }
            (T::build(scope, id, goal).await?, None, true)
        }
        None => (T::build(scope, id, goal).await?, None, false),
    };
    let ms = clock() - start;
    let was_downloaded = fetched.is_some();
    // A download is stored as it came (read back above, so intact).
    let bytes = fetched.unwrap_or_else(|| tables.bytes());
    let size = bytes.len() as u64;
    // Stored before the page is told (a download too: a reload or a new visit right after it
    // finds it whole, or not at all, as an IndexedDB write is one transaction), and the page
    // is told whether that worked (a full or refused storage says so).
    let saved = match missing.db {
        Some(db) => crate::idb::put(&db, &missing.key, &bytes).await.is_ok(),
        None => false,
    };
    let tables = Rc::new(tables);
    T::with_memory(|m| m.insert(missing.key, tables.clone()));
    if T::QUIET {
        return Ok(tables);
    }
    let repaired = missing.repaired;
    let info = if was_downloaded {
        TablesInfo::Downloaded {
            ms,
            bytes: size,
            repaired,
            saved,
        }
    } else {
        TablesInfo::Built {
            ms,
            bytes: size,
            repaired,
            saved,
            download_failed,
        }
    };
    post(scope, &FromWorker::TablesReady { id, info });
    Ok(tables)
}

/// Reads the tables the page's default method for `goal`'s size would use from IndexedDB into
/// memory, if an earlier visit stored them (nothing downloaded or built): the pattern
/// databases of a 4x4, the big-board tables of a 5x5 and up, and the whole-board tables of a
/// 6x6 or 7x7 ([`ToWorker::ReadTables`](crate::protocol::ToWorker::ReadTables), and before a
/// proof). Opening the database would create it: a visit that never stored tables leaves
/// none behind.
pub(super) async fn read_stored(scope: &DedicatedWorkerGlobalScope, goal: &Board) {
    if !crate::idb::exists().await {
        return;
    }
    let shape = goal.shape();
    match Method::default_for(shape).needs(shape) {
        Some(TableKind::PatternDatabase) => {
            loaded::<AdditivePdb>(scope, 0, goal).await.ok();
        }
        Some(TableKind::BigBoard) => {
            loaded::<BigTables>(scope, 0, goal).await.ok();
            if WholeTables::wanted(goal) {
                loaded::<WholeTables>(scope, 0, goal).await.ok();
            }
        }
        None => {}
    }
}

/// The shipped tables that serve `goal`, downloaded and checked, with their bytes; `None` if
/// the app ships none for it, an error (why) if the download failed or was not them.
pub(super) async fn downloaded<T: Cached>(goal: &Board) -> Option<Result<(T, Vec<u8>), String>> {
    let path = T::shipped(goal)?;
    Some(match shipped::fetch(path).await {
        Ok(bytes) => match T::read(&bytes, goal) {
            Some(tables) => Ok((tables, bytes)),
            None => Err(shipped::NOT_THE_TABLES.to_string()),
        },
        Err(why) => Err(why),
    })
}

/// What [`loaded`] found.
pub(super) enum Loaded<T> {
    /// The tables, from memory or IndexedDB ([`FromWorker::TablesReady`] posted).
    Ready(Rc<T>),
    /// Not there: where to store them once built.
    Missing(Missing),
}

/// Where tables that are not there yet go once built.
pub(super) struct Missing {
    /// Their IndexedDB key.
    key: String,
    /// The database, if it opened.
    db: Option<web_sys::IdbDatabase>,
    /// Whether an unreadable entry stands under the key (overwritten by the build).
    repaired: bool,
}

/// The tables of kind `T` for `goal` if this worker holds them or IndexedDB has them (posting
/// [`FromWorker::TablesReady`]); nothing is built.
pub(super) async fn loaded<T: Cached>(
    scope: &DedicatedWorkerGlobalScope,
    id: u32,
    goal: &Board,
) -> Result<Loaded<T>, String> {
    let key = T::key(goal)?;
    if let Some(tables) = T::with_memory(|m| m.get(&key).cloned()) {
        let bytes = (tables.memory_bytes() + 64) as u64;
        ready::<T>(scope, id, TablesInfo::Memory { bytes });
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
                    ready::<T>(scope, id, TablesInfo::Cache { ms, bytes: size });
                    return Ok(Loaded::Ready(tables));
                }
                // A corrupt or foreign entry: rebuilt and overwritten.
                None => repaired = true,
            }
        }
    }
    Ok(Loaded::Missing(Missing { key, db, repaired }))
}

/// Posts [`FromWorker::TablesReady`] for request `id`: tables of kind `T` found in memory or
/// IndexedDB, as `info` says.
fn ready<T: Cached>(scope: &DedicatedWorkerGlobalScope, id: u32, info: TablesInfo) {
    if T::QUIET {
        return;
    }
    post(scope, &FromWorker::TablesReady { id, info });
}
