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

#![forbid(missing_docs)]

pub mod analysis;
pub mod anytime;
pub mod board;
pub mod catalog;
pub mod dispatch;
pub mod error;
pub mod generate;
pub mod goal;
pub mod heuristic;
pub mod method;
pub mod moves;
pub mod pdb;
pub mod relabel;
pub mod search;
pub mod solution;
pub mod solvability;
pub mod solver;
pub mod suboptimal;
mod symmetry;
mod text;
pub mod trace;
pub mod tuned;

pub use board::{Board, Shape};
pub use dispatch::{solve_improving, solve_with, Tables};
pub use error::{BoardError, MoveError, UnknownAlgorithm};
pub use goal::Goal;
pub use heuristic::{Heuristic, HeuristicKind};
pub use method::{Algorithm, Method, SolveError, SolverConfig, TableKind};
pub use moves::{format_moves, parse_moves, Direction};
pub use search::{Limits, Progress, Stats};
pub use solution::{Solution, SolveOutcome};
pub use solvability::{solvability, swap_fix, Solvability};
pub use solver::solve;
pub use trace::{solve_traced, TraceEvent};
