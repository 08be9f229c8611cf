//! Worker to page: [`FromWorker`], with what it tells of tables ([`TablesInfo`],
//! [`BuildProgress`], [`ShippedTables`]).

use puzzle_core::experiment::{DepthRow, ExperimentProgress};
use puzzle_core::trace::TraceEvent;
use puzzle_core::{Board, Direction, Progress, Solution};
use serde::{Deserialize, Serialize};

/// Tables of big boards the app ships, which a solve downloads on first need.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ShippedTables {
    /// The big-board tables of the 5x5 core (every board from 5x5 up).
    BigBoard,
    /// The whole-board tables of 6x6 and 7x7.
    WholeBoard,
}

/// A solve's tables are ready (the pattern databases, the small quick ones of a 4x4, or the
/// big-board tables), or could not be had: where they came from and what they cost, each kind
/// of origin with only what is true of it (a download did not fail, tables in memory took no
/// time and were not saved). On the wire the kind is the `source` field ("memory", "cache",
/// "downloaded", "built", "unavailable"), as the page's `data-source` attributes say it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "source", rename_all = "kebab-case")]
pub enum TablesInfo {
    /// Already in the worker's memory (an earlier solve).
    Memory {
        /// Size of the tables held (their memory, a little over their stored form).
        bytes: u64,
    },
    /// Read from the browser's IndexedDB (an earlier visit).
    Cache {
        /// Milliseconds spent reading them.
        ms: f64,
        /// Size of their stored form (`AdditivePdb::to_bytes`, `BigTables::to_bytes`).
        bytes: u64,
    },
    /// Downloaded now from the tables the app ships (the standard goal's), and stored.
    Downloaded {
        /// Milliseconds spent downloading and reading them.
        ms: f64,
        /// Size of their stored form.
        bytes: u64,
        /// Whether they replaced a cached copy found unreadable.
        repaired: bool,
        /// Whether they were saved to IndexedDB (a full or refused storage did not).
        saved: bool,
    },
    /// Built now (not cached yet, the cached copy was unreadable, or the download failed).
    Built {
        /// Milliseconds spent building them.
        ms: f64,
        /// Size of their stored form.
        bytes: u64,
        /// Whether they replaced a cached copy found unreadable.
        repaired: bool,
        /// Whether they were saved to IndexedDB.
        saved: bool,
        /// Whether the app's shipped copy could not be downloaded (so they were built).
        download_failed: bool,
    },
    /// Neither found, downloaded nor built: the solve went on without them.
    #[serde(rename = "unavailable")]
    Failed {
        /// Why, in a few words.
        why: String,
    },
}

impl TablesInfo {
    /// The one word for where they came from, as the page's `data-source` attributes say it:
    /// "memory", "cache", "downloaded", "built" or "unavailable".
    pub fn source_name(&self) -> &'static str {
        match self {
            TablesInfo::Memory { .. } => "memory",
            TablesInfo::Cache { .. } => "cache",
            TablesInfo::Downloaded { .. } => "downloaded",
            TablesInfo::Built { .. } => "built",
            TablesInfo::Failed { .. } => "unavailable",
        }
    }

    /// Milliseconds spent getting them (0 where they were not had).
    pub fn ms(&self) -> f64 {
        match self {
            TablesInfo::Cache { ms, .. }
            | TablesInfo::Downloaded { ms, .. }
            | TablesInfo::Built { ms, .. } => *ms,
            TablesInfo::Memory { .. } | TablesInfo::Failed { .. } => 0.0,
        }
    }

    /// Size of their stored form (0 where they were not had).
    pub fn bytes(&self) -> u64 {
        match self {
            TablesInfo::Memory { bytes }
            | TablesInfo::Cache { bytes, .. }
            | TablesInfo::Downloaded { bytes, .. }
            | TablesInfo::Built { bytes, .. } => *bytes,
            TablesInfo::Failed { .. } => 0,
        }
    }
}

/// Progress of a table build (pattern databases or big-board tables).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BuildProgress {
    /// Entries filled so far, over all tables.
    pub filled: u64,
    /// Entries of all tables.
    pub total: u64,
    /// The table being built (0-based).
    pub table: usize,
    /// Number of tables.
    pub tables: usize,
    /// Milliseconds since the build began (0 when not known).
    #[serde(default)]
    pub elapsed_ms: f64,
    /// Seconds left at the pace of the last few seconds, when the worker knows it (a table
    /// build slows down as it goes, so the recent pace is the better guide).
    #[serde(default)]
    pub recent_seconds_left: Option<f64>,
}

impl BuildProgress {
    /// Whole percent done, from 0 to 100 (rounded down).
    pub fn percent(&self) -> f64 {
        (self.fraction() * 100.0).floor()
    }

    /// Seconds the build still takes: at its recent pace or its average one, whichever is
    /// slower; `None` too early to tell (under 3 % or a second done).
    pub fn seconds_left(&self) -> Option<f64> {
        let done = self.fraction();
        let average = self.elapsed_ms / 1000.0 * (1.0 - done) / done.max(f64::EPSILON);
        (done >= 0.03 && self.elapsed_ms >= 1000.0).then(|| {
            self.recent_seconds_left
                .map_or(average, |recent| recent.max(average))
        })
    }

    /// Share done, from 0 to 1.
    pub fn fraction(&self) -> f64 {
        if self.total == 0 {
            1.0
        } else {
            (self.filled as f64 / self.total as f64).clamp(0.0, 1.0)
        }
    }
}

/// Worker to page (and a copy to the worker that sent it [`ToWorker::Improve`](super::ToWorker::Improve): a copy answers
/// the page's requests as the worker it copies does). A copy's answers to [`ToCopy`](super::ToCopy) requests,
/// which the page never sends, are [`FromCopy`](super::FromCopy).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum FromWorker {
    /// The worker's wasm is loaded and it listens.
    Ready,
    /// A progress report of request `id`.
    Progress {
        /// The request.
        id: u32,
        /// Counters so far.
        progress: Progress,
    },
    /// The answer to request `id`.
    Done {
        /// The request.
        id: u32,
        /// What the core answered.
        solution: Box<Solution>,
    },
    /// A better answer to request `id` while it keeps searching (anytime methods): each one
    /// strictly shorter than the last; [`FromWorker::Done`] is the final one. No method sends
    /// it yet.
    Improved {
        /// The request.
        id: u32,
        /// The answer so far.
        solution: Box<Solution>,
    },
    /// An admissible lower bound on the moves of request `id`'s board: the best the tables a
    /// big-board solve has in hand give (`web/src/worker/bound.rs`), told once it has them, so
    /// that the answers that came without them are stated against it too. The page keeps the
    /// largest a solve told, its answers' own included.
    Bound {
        /// The request.
        id: u32,
        /// The bound, in moves.
        lower_bound: u32,
    },
    /// The answer to the [`ToWorker::Prove`](super::ToWorker::Prove) request `id`: no solution of its board is
    /// shorter than `lower_bound` (the tables' estimate raised by each IDA* depth cleared).
    Proved {
        /// The request.
        id: u32,
        /// The proven bound, in moves.
        lower_bound: u32,
    },
    /// Request `id` is building its tables.
    Building {
        /// The request.
        id: u32,
        /// How far.
        build: BuildProgress,
    },
    /// Request `id` has its tables (from memory, IndexedDB, the download or a build; or could
    /// not have them: [`TablesInfo::Failed`]); the search with them starts.
    TablesReady {
        /// The request.
        id: u32,
        /// Where it came from and what it cost.
        info: TablesInfo,
    },
    /// Request `id` could not download the `tables` the app ships, for the reason `why` (a
    /// few words: "HTTP 404", "a damaged or wrong file"): big-board tables are then built
    /// (the answers come without them meanwhile), whole-board ones done without.
    DownloadFailed {
        /// The request.
        id: u32,
        /// Which tables.
        tables: ShippedTables,
        /// Why, in words.
        why: String,
    },
    /// The answer to a [`ToWorker::Distance`](super::ToWorker::Distance) request.
    Distance {
        /// The request.
        id: u32,
        /// The board it is about.
        board: Board,
        /// The goal it is about.
        goal: Board,
        /// Moves left on a shortest solution (`None`: the goal cannot be reached).
        distance: Option<u32>,
        /// A move of the blank that starts a shortest solution.
        first: Option<Direction>,
    },
    /// The next events of [`ToWorker::Trace`](super::ToWorker::Trace) request `id`, in order.
    TraceChunk {
        /// The request.
        id: u32,
        /// The events.
        events: Vec<TraceEvent>,
        /// Whether this is the last chunk.
        done: bool,
        /// Whether the trace stopped at its `max_expansions`.
        limit_reached: bool,
    },
    /// Where [`ToWorker::Experiment`](super::ToWorker::Experiment) request `id` is (after some solve, about ten times a
    /// second).
    ExperimentProgress {
        /// The request.
        id: u32,
        /// The depth being run, the board and method, and the solves done of all.
        progress: ExperimentProgress,
    },
    /// A finished depth of [`ToWorker::Experiment`](super::ToWorker::Experiment) request `id`: its row of the table, and
    /// the boards drawn at that depth (the same seeded boards every method solved).
    ExperimentRow {
        /// The request.
        id: u32,
        /// The row: a cell per method, in the config's order.
        row: DepthRow,
        /// The boards of the row, in the order they were solved.
        boards: Vec<Board>,
    },
    /// How far [`ToWorker::CheckFormula`](super::ToWorker::CheckFormula) request `id` is (about ten times a second).
    FormulaProgress {
        /// The request.
        id: u32,
        /// Boards checked.
        done: usize,
        /// Boards to check.
        total: usize,
    },
    /// The verdicts of [`ToWorker::CheckFormula`](super::ToWorker::CheckFormula) request `id`.
    FormulaChecked {
        /// The request.
        id: u32,
        /// What the check found.
        verdicts: puzzle_core::formula::check::Verdicts,
        /// Wall time of the check (the exact table's build included), in milliseconds.
        elapsed_ms: f64,
    },
    /// [`ToWorker::Experiment`](super::ToWorker::Experiment) request `id` ran every depth.
    ExperimentDone {
        /// The request.
        id: u32,
        /// Wall time of the whole run, in milliseconds.
        elapsed_ms: f64,
    },
    /// How many workers request `id` (a big-board solve whose request allowed two) runs on:
    /// 2 once the second search worker takes part (`web/src/worker/lanes.rs`); 1 with `failed`
    /// once it could not start or died (the solve goes on with the best answer so far, alone).
    /// Posted when that changes, and once more before the answer, with `memory`.
    Workers {
        /// The request.
        id: u32,
        /// The workers running it.
        count: u32,
        /// Why the second worker stopped, in a few words.
        #[serde(default)]
        failed: Option<String>,
        /// The wasm memory each worker holds, in bytes (the solver worker's first; the second
        /// worker's as of its last answer).
        #[serde(default)]
        memory: Vec<u64>,
        /// The rounds run on two workers so far, and how many of them kept the second
        /// worker's answer (it was shorter).
        #[serde(default)]
        rounds: (u32, u32),
    },
    /// The method's phases for [`ToWorker::Taught`](super::ToWorker::Taught) request `id`.
    Taught {
        /// The request.
        id: u32,
        /// The phases, in order (their moves, one after another, solve the board).
        phases: Vec<puzzle_core::taught::Phase>,
    },
    /// How far [`ToWorker::Review`](super::ToWorker::Review) request `id` is: positions looked at, of all.
    ReviewProgress {
        /// The request.
        id: u32,
        /// Positions whose distance is known.
        done: usize,
        /// Positions of the game (its moves and one).
        total: usize,
    },
    /// The review of [`ToWorker::Review`](super::ToWorker::Review) request `id`.
    Reviewed {
        /// The request.
        id: u32,
        /// The distance after each move.
        review: puzzle_core::review::Review,
        /// Wall time of the review (the tables' getting included), in milliseconds.
        elapsed_ms: f64,
    },
    /// Request `id` could not be answered.
    Failed {
        /// The request (0 if the message could not be read).
        id: u32,
        /// Why.
        message: String,
    },
}
