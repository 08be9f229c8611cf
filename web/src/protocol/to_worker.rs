//! Page to worker: [`ToWorker`], with the solve request it carries ([`SolveRequest`]) and the
//! limits the page and the worker share.

use puzzle_core::experiment::ExperimentConfig;
use puzzle_core::{Board, Method};
use serde::{Deserialize, Serialize};

use super::lesson;
use crate::ahead::Playhead;

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
    /// a solve of it ended (the coach's worker runs it); answered by [`FromWorker::Proved`](super::FromWorker::Proved).
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
    /// memory, IndexedDB, or built now, with [`FromWorker::Building`](super::FromWorker::Building) and
    /// [`FromWorker::TablesReady`](super::FromWorker::TablesReady)).
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
    /// come back in [`FromWorker::TraceChunk`](super::FromWorker::TraceChunk)s.
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
    /// [`ToWorker::Solve`]: [`FromWorker::Improved`](super::FromWorker::Improved), then [`FromWorker::Done`](super::FromWorker::Done)). The page
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
    /// [`FromWorker::ExperimentProgress`](super::FromWorker::ExperimentProgress) about ten times a second, an
    /// [`FromWorker::ExperimentRow`](super::FromWorker::ExperimentRow) as each depth finishes, then [`FromWorker::ExperimentDone`](super::FromWorker::ExperimentDone)
    /// (or [`FromWorker::Failed`](super::FromWorker::Failed) before the first solve, for a config that cannot run). The
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
    /// [`FromWorker::FormulaProgress`](super::FromWorker::FormulaProgress) as it goes, then [`FromWorker::FormulaChecked`](super::FromWorker::FormulaChecked) (or
    /// [`FromWorker::Failed`](super::FromWorker::Failed)). The page cancels by terminating the worker.
    CheckFormula {
        /// Chosen by the page; every answer carries it back.
        id: u32,
        /// The formula as typed.
        formula: String,
        /// The goal on screen.
        goal: Board,
    },
    /// Solve `board` toward `goal` the way people are taught (`puzzle_core::taught`), for
    /// Show me how and the hint of Your turn: answered by [`FromWorker::Taught`](super::FromWorker::Taught) (or
    /// [`FromWorker::Failed`](super::FromWorker::Failed) with why, in words).
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
    /// fetched or built as for a solve), bounds above; [`FromWorker::ReviewProgress`](super::FromWorker::ReviewProgress) as it
    /// goes, then [`FromWorker::Reviewed`](super::FromWorker::Reviewed) (or [`FromWorker::Failed`](super::FromWorker::Failed)).
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
