//! The messages between the page and the solver worker ([`ToWorker`], [`FromWorker`]); those
//! between the solver worker and its copies alone are apart, in `copy.rs` ([`ToCopy`], read
//! with [`incoming`], and the copy's answers, [`FromCopy`]), re-exported here.
//!
//! Every message, both ways, is a serde type that crosses as a structured-clone JS value
//! (`serde-wasm-bindgen`): plain objects, arrays, numbers and strings, no JSON text to print
//! and parse. A solution of any length fits, and a field can be added without breaking the
//! other side's decoder. The tests below check the serde forms with `serde_json`, which reads
//! the same derives natively.

use puzzle_core::experiment::{DepthRow, ExperimentConfig, ExperimentProgress};
use puzzle_core::trace::TraceEvent;
use puzzle_core::{Board, Direction, Method, Progress, Solution};
use serde::{Deserialize, Serialize};
use wasm_bindgen::JsValue;

use crate::ahead::Playhead;

mod copy;
pub mod lesson;

pub use copy::{incoming, table_to_js, with_bytes, FromCopy, Incoming, ToCopy};

/// Where Trunk puts the worker's loader script, relative to the page.
pub const WORKER_URL: &str = "./worker_loader.js";

/// A solve request.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SolveRequest {
    /// Chosen by the page; every answer carries it back.
    pub id: u32,
    /// The board to solve.
    pub board: Board,
    /// The goal board (same shape).
    pub goal: Board,
    /// How to solve it (the worker prepares the tables the method needs first).
    pub method: Method,
    /// Node budget; `None` runs until solved or cancelled.
    pub max_expanded: Option<u64>,
    /// Watched at once: the page plays the first answer at this many milliseconds a move and
    /// reports its [`ToWorker::Playhead`], and the worker improves the moves not yet played
    /// ([`crate::ahead`]). `None`: the page waits for the final answer.
    #[serde(default)]
    pub watch: Option<u32>,
    /// The workers a big-board anytime solve may run on ([`crate::two_workers`]: the page's
    /// decision, from its cores and memory); older pages send none: one.
    #[serde(default)]
    pub workers: Workers,
}

/// The workers a solve may run on ([`SolveRequest::workers`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Workers {
    /// 1, or 2: the solver worker may start a second search worker beside it
    /// (`web/src/worker/second_search.rs`).
    pub count: u32,
}

impl Workers {
    /// One worker: the solver worker alone.
    pub const ONE: Workers = Workers { count: 1 };
}

impl Default for Workers {
    fn default() -> Self {
        Workers::ONE
    }
}

/// The most cells of a board the heuristic lab checks ([`ToWorker::CheckFormula`]): every
/// board up to [`puzzle_core::analysis::MAX_TABLE_CELLS`], a sample above.
pub const MAX_CHECK_CELLS: usize = 16;

/// Boards from random walks a sampled check solves on the spot (the CLI's default too).
pub const SOLVED_HERE: usize = 100;

/// Page to worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum ToWorker {
    /// Spend at most `ms` milliseconds raising the lower bound of `board` toward `goal` with
    /// the big-board tables this browser stored ([`puzzle_core::anytime::prove_bound`]), after
    /// a solve of it ended (the coach's worker runs it); answered by [`FromWorker::Proved`].
    Prove {
        /// The request.
        id: u32,
        /// The board solved.
        board: Board,
        /// Its goal.
        goal: Board,
        /// The time the proof may take.
        ms: u32,
    },
    /// Solve a board with a method; a pattern-database method first gets its tables (from
    /// memory, IndexedDB, or built now, with [`FromWorker::Building`] and
    /// [`FromWorker::TablesReady`]).
    Solve(SolveRequest),
    /// The exact distance from `board` to `goal` and a first move of a shortest solution, from
    /// a table of every board (up to [`puzzle_core::analysis::MAX_TABLE_CELLS`] cells) that
    /// the worker builds once per goal and keeps.
    Distance {
        /// Chosen by the page; the answer carries it back.
        id: u32,
        /// The board on screen.
        board: Board,
        /// The goal (same shape).
        goal: Board,
    },
    /// Trace a generic search step by step (`puzzle_core::trace::solve_traced`); the events
    /// come back in [`FromWorker::TraceChunk`]s.
    Trace {
        /// Chosen by the page; every chunk carries it back.
        id: u32,
        /// The board to search from.
        board: Board,
        /// The goal (same shape).
        goal: Board,
        /// The generic search to trace: [`puzzle_core::Method::Search`], or
        /// [`puzzle_core::Method::Formula`] (guided by the heuristic lab's formula).
        method: Method,
        /// The trace stops after this many expansions.
        max_expansions: u64,
    },
    /// Run the anytime method on a big board without tables (answered like
    /// [`ToWorker::Solve`]: [`FromWorker::Improved`], then [`FromWorker::Done`]). The page
    /// sends it for a hint's short solve; the solver worker sends it to a copy of its own
    /// while it gets the tables.
    Improve(SolveRequest),
    /// Read the tables the default method of `goal`'s size uses from IndexedDB into the
    /// worker's memory if they are stored there (nothing is downloaded or built; answered by
    /// nothing): sent when the page is idle after load and after a change of size or goal, so
    /// that a first Solve finds them in hand.
    ReadTables {
        /// The goal whose tables to read.
        goal: Board,
    },
    /// Run the textbook experiment (`puzzle_core::experiment`) of `config`, a depth at a time:
    /// [`FromWorker::ExperimentProgress`] about ten times a second, an
    /// [`FromWorker::ExperimentRow`] as each depth finishes, then [`FromWorker::ExperimentDone`]
    /// (or [`FromWorker::Failed`] before the first solve, for a config that cannot run). The
    /// page cancels by terminating the worker.
    Experiment {
        /// Chosen by the page; every answer carries it back.
        id: u32,
        /// What to measure (boards of at most 10 cells: exact depths).
        config: ExperimentConfig,
    },
    /// Check an estimate written as a formula over every board that can reach `goal` (at most
    /// [`puzzle_core::analysis::MAX_TABLE_CELLS`] cells; `puzzle_core::formula::check`), or
    /// up to [`MAX_CHECK_CELLS`] over a sample of boards of known distance (the published
    /// ones and [`SOLVED_HERE`] solved with the pattern databases, fetched or built first):
    /// [`FromWorker::FormulaProgress`] as it goes, then [`FromWorker::FormulaChecked`] (or
    /// [`FromWorker::Failed`]). The page cancels by terminating the worker.
    CheckFormula {
        /// Chosen by the page; every answer carries it back.
        id: u32,
        /// The formula as typed.
        formula: String,
        /// The goal on screen.
        goal: Board,
    },
    /// Solve `board` toward `goal` the way people are taught (`puzzle_core::taught`), for
    /// Show me how and the hint of Your turn: answered by [`FromWorker::Taught`] (or
    /// [`FromWorker::Failed`] with why, in words).
    Taught {
        /// Chosen by the page; every answer carries it back.
        id: u32,
        /// The board on screen.
        board: Board,
        /// Its goal.
        goal: Board,
    },
    /// Look back on a game played by hand (`puzzle_core::review`): the distance to the goal
    /// after each move, exact up to 16 cells (the exact table, else the pattern databases,
    /// fetched or built as for a solve), bounds above; [`FromWorker::ReviewProgress`] as it
    /// goes, then [`FromWorker::Reviewed`] (or [`FromWorker::Failed`]).
    Review {
        /// Chosen by the page; every answer carries it back.
        id: u32,
        /// The game.
        game: lesson::Game,
    },
    /// Where the page's playback of watched request `id` is (answered by nothing: the worker
    /// keeps the last one, and its next round of improving starts ahead of it).
    Playhead {
        /// The watched request.
        id: u32,
        /// The moves played and the step reached.
        playhead: Playhead,
    },
}

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

/// Worker to page (and a copy to the worker that sent it [`ToWorker::Improve`]: a copy answers
/// the page's requests as the worker it copies does). A copy's answers to [`ToCopy`] requests,
/// which the page never sends, are [`FromCopy`].
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
    /// The answer to the [`ToWorker::Prove`] request `id`: no solution of its board is
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
    /// The answer to a [`ToWorker::Distance`] request.
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
    /// The next events of [`ToWorker::Trace`] request `id`, in order.
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
    /// Where [`ToWorker::Experiment`] request `id` is (after some solve, about ten times a
    /// second).
    ExperimentProgress {
        /// The request.
        id: u32,
        /// The depth being run, the board and method, and the solves done of all.
        progress: ExperimentProgress,
    },
    /// A finished depth of [`ToWorker::Experiment`] request `id`: its row of the table, and
    /// the boards drawn at that depth (the same seeded boards every method solved).
    ExperimentRow {
        /// The request.
        id: u32,
        /// The row: a cell per method, in the config's order.
        row: DepthRow,
        /// The boards of the row, in the order they were solved.
        boards: Vec<Board>,
    },
    /// How far [`ToWorker::CheckFormula`] request `id` is (about ten times a second).
    FormulaProgress {
        /// The request.
        id: u32,
        /// Boards checked.
        done: usize,
        /// Boards to check.
        total: usize,
    },
    /// The verdicts of [`ToWorker::CheckFormula`] request `id`.
    FormulaChecked {
        /// The request.
        id: u32,
        /// What the check found.
        verdicts: puzzle_core::formula::check::Verdicts,
        /// Wall time of the check (the exact table's build included), in milliseconds.
        elapsed_ms: f64,
    },
    /// [`ToWorker::Experiment`] request `id` ran every depth.
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
    /// The method's phases for [`ToWorker::Taught`] request `id`.
    Taught {
        /// The request.
        id: u32,
        /// The phases, in order (their moves, one after another, solve the board).
        phases: Vec<puzzle_core::taught::Phase>,
    },
    /// How far [`ToWorker::Review`] request `id` is: positions looked at, of all.
    ReviewProgress {
        /// The request.
        id: u32,
        /// Positions whose distance is known.
        done: usize,
        /// Positions of the game (its moves and one).
        total: usize,
    },
    /// The review of [`ToWorker::Review`] request `id`.
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

/// Encodes a message as a JS value (maps as plain objects, `None` as `null`).
pub fn to_js<T: Serialize>(message: &T) -> JsValue {
    message
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .expect("protocol messages always serialize")
}

/// Reads a message posted with [`to_js`].
pub fn from_js<T: for<'de> Deserialize<'de>>(value: JsValue) -> Result<T, String> {
    serde_wasm_bindgen::from_value(value).map_err(unreadable)
}

/// Longest reason [`unreadable`] gives, in characters.
pub const MAX_REASON: usize = 200;

/// The reason a message could not be decoded, cut to [`MAX_REASON`] characters: serde's
/// errors quote the offending value whole (an unknown `type` of a megabyte, say).
pub fn unreadable(error: impl std::fmt::Display) -> String {
    let text = format!("unreadable message: {error}");
    match text.char_indices().nth(MAX_REASON) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text,
    }
}

/// The JSON text of a message (the serde form the tests check natively).
#[cfg(test)]
fn encode<T: Serialize>(message: &T) -> String {
    serde_json::to_string(message).expect("protocol messages always serialize")
}

/// A message from JSON text (see [`encode`]).
#[cfg(test)]
fn decode<T: for<'de> Deserialize<'de>>(text: &str) -> Result<T, String> {
    serde_json::from_str(text).map_err(unreadable)
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzle_core::{Goal, Limits, Shape, SolveOutcome};

    /// The tables' origin keeps its wire words (the `source` field, which the end-to-end
    /// tests read from a worker's reply) and says the same word in the page's `data-source`.
    #[test]
    fn tables_info_keeps_its_source_words() {
        let infos = [
            (TablesInfo::Memory { bytes: 1 }, "memory"),
            (TablesInfo::Cache { ms: 2.0, bytes: 1 }, "cache"),
            (
                TablesInfo::Downloaded {
                    ms: 2.0,
                    bytes: 1,
                    repaired: false,
                    saved: true,
                },
                "downloaded",
            ),
            (
                TablesInfo::Built {
                    ms: 2.0,
                    bytes: 1,
                    repaired: true,
                    saved: false,
                    download_failed: true,
                },
                "built",
            ),
            (
                TablesInfo::Failed {
                    why: "no memory".to_string(),
                },
                "unavailable",
            ),
        ];
        for (info, word) in infos {
            let value = serde_json::to_value(&info).unwrap();
            assert_eq!(value["source"], word);
            assert_eq!(info.source_name(), word);
            assert_eq!(serde_json::from_value::<TablesInfo>(value).unwrap(), info);
        }
    }

    #[test]
    fn requests_round_trip() {
        let board: Board = "6 1 7 3 0 4 5 8 2".parse().unwrap();
        let request = ToWorker::Solve(SolveRequest {
            id: 3,
            goal: Goal::Snail.board(board.shape()).unwrap(),
            method: Method::default_for(board.shape()),
            board,
            max_expanded: Some(10),
            watch: None,
            workers: Workers::ONE,
        });
        assert_eq!(decode::<ToWorker>(&encode(&request)), Ok(request));
    }

    #[test]
    fn long_solutions_fit() {
        let board: Board = "1 2 3 4 5 6 7 8 0".parse().unwrap();
        let goal = board.clone();
        let mut solution = puzzle_core::solve(
            &board,
            &goal,
            &puzzle_core::SolverConfig::best_for(Shape::square(3).unwrap()),
            &mut Limits::default(),
        )
        .unwrap();
        solution.moves = [Direction::Up, Direction::Down].repeat(5000);
        // JSON keeps times to display precision, not bit for bit: use an exact value here.
        solution.stats.elapsed_ms = 12.5;
        let message = FromWorker::Done {
            id: 1,
            solution: Box::new(solution),
        };
        let text = encode(&message);
        assert!(text.len() > 10_000);
        let decoded = decode::<FromWorker>(&text);
        assert!(
            decoded == Ok(message),
            "a 10,000-move answer survives the round trip"
        );
        assert_eq!(SolveOutcome::Solved.name(), "solved");
    }

    #[test]
    fn pdb_messages_round_trip() {
        let board: Board = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15".parse().unwrap();
        let request = SolveRequest {
            id: 7,
            goal: Goal::Standard.board(board.shape()).unwrap(),
            method: Method::PatternDatabase,
            board,
            max_expanded: None,
            watch: None,
            workers: Workers::ONE,
        };
        for message in [
            ToWorker::Solve(request.clone()),
            ToWorker::Solve(SolveRequest {
                method: Method::Staged,
                ..request
            }),
        ] {
            assert_eq!(decode::<ToWorker>(&encode(&message)), Ok(message));
        }
        let replies = [
            FromWorker::Building {
                id: 7,
                build: BuildProgress {
                    filled: 5,
                    total: 10,
                    table: 1,
                    tables: 3,
                    elapsed_ms: 0.0,
                    recent_seconds_left: None,
                },
            },
            FromWorker::TablesReady {
                id: 7,
                info: TablesInfo::Cache {
                    ms: 250.0,
                    bytes: 11_535_000,
                },
            },
            FromWorker::DownloadFailed {
                id: 7,
                tables: ShippedTables::BigBoard,
                why: "a damaged or wrong file".to_string(),
            },
            FromWorker::Bound {
                id: 7,
                lower_bound: 95,
            },
            FromWorker::Proved {
                id: 8,
                lower_bound: 97,
            },
        ];
        for reply in replies {
            assert_eq!(decode::<FromWorker>(&encode(&reply)), Ok(reply));
        }
        assert!(encode(&ToWorker::Solve(SolveRequest {
            id: 1,
            board: "1 0 2 3".parse().unwrap(),
            goal: "1 2 3 0".parse().unwrap(),
            method: Method::PatternDatabase,
            max_expanded: None,
            watch: None,
            workers: Workers::ONE,
        }))
        .contains(r#""type":"solve","id":1"#));
    }

    #[test]
    fn trace_messages_round_trip() {
        let board: Board = "1 2 3 4 0 5 7 8 6".parse().unwrap();
        let goal: Board = "1 2 3 4 5 6 7 8 0".parse().unwrap();
        let method = puzzle_core::SolverConfig::best_for(board.shape());
        let request = ToWorker::Trace {
            id: 5,
            board: board.clone(),
            goal: goal.clone(),
            method: Method::Search(method),
            max_expansions: 100,
        };
        assert_eq!(decode::<ToWorker>(&encode(&request)), Ok(request));
        let formula = Method::Formula {
            algorithm: puzzle_core::Algorithm::AStar,
            formula: std::sync::Arc::new("pdb(1,2,3) + pdb(4,5,6,7,8)".parse().unwrap()),
        };
        let request = ToWorker::Trace {
            id: 6,
            board: board.clone(),
            goal: goal.clone(),
            method: formula,
            max_expansions: 100,
        };
        assert_eq!(decode::<ToWorker>(&encode(&request)), Ok(request));
        let mut events = Vec::new();
        puzzle_core::trace::solve_traced(
            &board,
            &goal,
            &method,
            &mut Limits::default(),
            &mut |e| events.push(e),
        )
        .unwrap();
        assert!(events.len() > 3);
        let reply = FromWorker::TraceChunk {
            id: 5,
            events,
            done: true,
            limit_reached: false,
        };
        assert_eq!(decode::<FromWorker>(&encode(&reply)), Ok(reply));
    }

    #[test]
    fn experiment_messages_round_trip() {
        let goal = Goal::Standard.board(Shape::square(3).unwrap()).unwrap();
        let config = puzzle_core::experiment::ExperimentConfig {
            depths: vec![2, 4],
            boards: 3,
            ..puzzle_core::experiment::ExperimentConfig::textbook(goal.clone())
        };
        let request = ToWorker::Experiment { id: 9, config };
        assert!(encode(&request).contains(r#""type":"experiment","id":9"#));
        assert_eq!(decode::<ToWorker>(&encode(&request)), Ok(request));
        let row = DepthRow {
            depth: 2,
            available: 4,
            boards: 4,
            cells: vec![puzzle_core::experiment::Cell::skipped()],
        };
        let replies = [
            FromWorker::ExperimentProgress {
                id: 9,
                progress: ExperimentProgress {
                    depth_index: 1,
                    depth: 4,
                    board_index: 2,
                    boards: 8,
                    method_index: 0,
                    done: 7,
                    total: 24,
                },
            },
            FromWorker::ExperimentRow {
                id: 9,
                row,
                boards: vec![goal],
            },
            FromWorker::ExperimentDone {
                id: 9,
                elapsed_ms: 12.5,
            },
        ];
        for reply in replies {
            assert_eq!(decode::<FromWorker>(&encode(&reply)), Ok(reply));
        }
    }

    #[test]
    fn improve_round_trips() {
        let improve = ToWorker::Improve(SolveRequest {
            id: 4,
            board: Goal::Standard.board(Shape::square(6).unwrap()).unwrap(),
            goal: Goal::Snail.board(Shape::square(6).unwrap()).unwrap(),
            method: Method::Anytime { time_limit_ms: 900 },
            max_expanded: None,
            watch: None,
            workers: Workers::ONE,
        });
        assert!(encode(&improve).contains(r#""type":"improve","id":4"#));
        assert_eq!(decode::<ToWorker>(&encode(&improve)), Ok(improve));
    }

    #[test]
    fn garbage_is_an_error_not_a_panic() {
        assert!(decode::<ToWorker>("{").is_err());
        assert!(decode::<ToWorker>(r#"{"type":"solve","id":1}"#).is_err());
        // A board that breaks the core's invariants is refused by its checked wire form.
        let bad = r#"{"type":"solve","id":1,"board":{"shape":[2,2],"cells":[1,1,2,0]},"goal":{"shape":[2,2],"cells":[1,2,3,0]},"method":{"kind":"search","algorithm":"astar","heuristic":"manhattan","depth_limit":4},"max_expanded":null}"#;
        let error = decode::<ToWorker>(bad).unwrap_err();
        assert!(error.contains("more than once"), "{error}");
    }
}
