//! # puzzle-core
//!
//! An exact sliding-tile puzzle engine: boards of any size from 2x2 to 16x16, any goal,
//! solvability by parity, and a generic search library (BFS, DFS, IDDFS, greedy best-first,
//! A*, IDA*) and solvers made for the sliding puzzle, all reached through [`solve_with`] and
//! named by a [`Method`].
//!
//! Design decisions:
//! - **Valid by construction.** A [`Board`] can only be built through checks ([`Board::new`],
//!   [`Board::parse`]); bad input is a typed [`BoardError`] whose message says what is wrong.
//! - **Search is generic.** [`search`] takes closures (successors, goal test, heuristic), the
//!   way the `pathfinding` crate does; the sliding puzzle is one user, a word ladder another
//!   (see `examples/word_ladder.rs`).
//! - **Search is stoppable.** Every algorithm takes [`Limits`]: a node budget and a progress
//!   callback that can cancel, so a user interface never waits on a runaway search.
//! - **States are compact.** Boards of up to 16 cells are searched as one `u64` (4 bits a
//!   cell); heuristics are updated per move, not recomputed.
//! - **No web, no clock, no global randomness.** The crate knows nothing of the DOM or
//!   wasm-bindgen and builds for `wasm32-unknown-unknown`; time comes from a clock function the
//!   caller may replace, randomness from a caller's RNG or seed.
//!
//! With the `serde` feature, boards, configurations and results serialize.
//!
//! ```
//! use puzzle_core::{solve_with, Board, Goal, Limits, Method, SolveOptions};
//!
//! let board: Board = "6 1 7 3 0 4 5 8 2".parse().unwrap();
//! let goal = Goal::Snail.board(board.shape()).unwrap();
//! let method = Method::default_for(board.shape()); // A* with linear conflict on 3x3
//! let options = SolveOptions::new(&method); // no tables lent, a plain run
//! let solution = solve_with(&board, &goal, &options, &mut Limits::default(), &mut |_| {}).unwrap();
//! assert_eq!(solution.length(), Some(24));
//! ```
//!
//! # Code map
//!
//! Each module's own page says what it owns; this list is the way in, from the vocabulary up
//! to the entry point (imports run one way, no module imports one that imports it:
//! `scripts/check-modules.py` checks it; a unit test checks this list names every module).
//!
//! **The vocabulary**
//! - [`board`]: [`Shape`] and [`Board`], valid by construction; the text formats; the packed
//!   4-bit encoding of boards up to 16 cells; moves and "click a tile".
//! - [`moves`]: [`Direction`] (the way the blank moves), move strings, [`MoveError`].
//! - [`goal`]: the named goals (standard, blank-first, snail) and custom ones.
//! - [`error`]: every typed error gathered, each message quoting at most 32 characters of the
//!   input (`text.rs`).
//! - [`solvability`](mod@solvability): the parity verdict toward any goal, with its reasons, and the one-swap fix.
//! - [`generate`]: random walks and uniform random (un)solvable boards from a caller's RNG.
//! - [`catalog`]: famous positions (the 80-move 4x4 boards, the 31-move 3x3 ones).
//!
//! **Searching**
//! - [`search`]: the generic algorithms (BFS, DFS/IDDFS, greedy, A*, IDA*) over closures, with
//!   [`Limits`] (budget, cancel, clock) and [`Stats`]; `search::trace` lets a view watch them.
//! - [`heuristic`]: misplaced tiles, Manhattan, linear conflict, per move.
//! - [`pdb`]: additive pattern databases of up to 16 cells: partitions, ranking, the builder,
//!   lookups, serialization, and the joins of tables built apart.
//! - [`analysis`]: exact distance tables of boards up to 10 cells (hints, true distances).
//! - [`formula`]: estimates written as formulas over named features, and their exact verdicts
//!   (admissible, consistent, how informed) over every board of a small shape.
//!
//! **The methods and their answers**
//! - [`method`]: [`Method`], the one list of ways to solve (with [`SolverConfig`] for the generic
//!   searches), labels, sizes each fits, the tables each needs ([`TableKind`]).
//! - [`solution`]: [`Solution`] and [`SolveOutcome`], the answer every solver gives.
//!
//! **The solvers** (each names its method in the answer)
//! - [`solver`]: the sliding puzzle as a search problem for the generic algorithms.
//! - [`tuned`]: IDA* specialised for pattern databases (pruning automaton, threads).
//! - [`pruning`]: the move-pruning automaton (redundant sequences of blank moves never
//!   generated), shared by the pattern databases and the tuned IDA*.
//! - `budget` and `shorten` (crate-private, below the two solvers that improve an answer): the
//!   budget of an improving solve, and window passes that shorten an answer.
//! - [`suboptimal`]: staged placement for big boards, with a lower bound.
//! - [`taught`]: the method people are taught, a line at a time, as named phases to follow.
//! - [`anytime`]: the near-optimal solver that improves until its time limit (core tables
//!   [`anytime::BigTables`], weighted A*, guided windows).
//! - [`trace`]: the generic searches step by step on boards, for the step-through view and CSV.
//! - [`relabel`]: one problem under two goals, so one goal's tables serve another's.
//!
//! **The entry point**
//! - [`dispatch`]: [`solve_with`] runs any [`Method`] as its [`SolveOptions`] say, with the
//!   [`Tables`] the caller lends; the CLI, the web worker and the experiment call it.
//!
//! **Above the entry point**
//! - [`experiment`]: the textbook experiment: boards at an exact depth, every method's mean
//!   nodes and effective branching factor b* per depth (through [`solve_with`]), as CSV or text.
//! - [`review`]: a game played by hand looked back on: the distance after each move, closer
//!   or farther, from an oracle the caller lends (exact table, databases, bounds).
//! - [`known`]: boards whose fewest moves are known (the published ones carried to a goal, and
//!   boards solved on the spot), for checking an estimate on a 4x4.

#![forbid(missing_docs)]

pub mod analysis;
pub mod anytime;
pub mod board;
mod budget;
pub mod catalog;
pub mod dispatch;
pub mod error;
pub mod experiment;
pub mod formula;
pub mod generate;
pub mod goal;
pub mod heuristic;
pub mod known;
pub mod method;
pub mod moves;
pub mod pdb;
pub mod pruning;
pub mod relabel;
pub mod review;
pub mod search;
mod shorten;
pub mod solution;
pub mod solvability;
pub mod solver;
pub mod suboptimal;
mod symmetry;
pub mod taught;
mod text;
pub mod trace;
pub mod tuned;

pub use anytime::LaneOf;
pub use board::{Board, Shape};
pub use dispatch::{lower_bound_with, solve_with, SolveOptions, Tables};
pub use error::{BoardError, MoveError, UnknownAlgorithm};
pub use goal::Goal;
pub use heuristic::{Heuristic, HeuristicKind};
pub use method::{Algorithm, Guidance, Method, SolveError, SolverConfig, TableKind};
pub use moves::{format_moves, parse_moves, Direction};
pub use search::{Limits, Progress, Stats};
pub use solution::{RatioAtMost, Solution, SolveOutcome};
pub use solvability::{solvability, swap_fix, Solvability};
pub use solver::solve;
pub use trace::{solve_traced, TraceEvent};

#[cfg(test)]
mod code_map {
    /// The crate docs' code map names every public module declared here.
    #[test]
    fn the_code_map_names_every_module() {
        let source = include_str!("lib.rs");
        for line in source.lines() {
            if let Some(name) = line
                .strip_prefix("pub mod ")
                .and_then(|rest| rest.strip_suffix(';'))
            {
                assert!(
                    source.contains(&format!("//! - [`{name}`]")),
                    "the code map in lib.rs does not name `{name}`"
                );
            }
        }
    }
}
