//! What `solve` runs: one of the core's generic searches, or one of its specialised solvers
//! (IDA* over pattern databases, staged near-optimal placement), with the labels and quality
//! facts the reports print.

use std::fmt;
use std::str::FromStr;

use puzzle_core::pdb::PdbError;
use puzzle_core::suboptimal::{solve_staged, StagedConfig};
use puzzle_core::tuned::{solve_pdb, TunedConfig};
use puzzle_core::{solve, Algorithm, Board, BoardError, Limits, Shape, Solution, SolverConfig};

use crate::pdb_store::PdbStore;

/// Boards with more cells than this get the staged solver by default (optimal search is out
/// of reach from 5x5 up).
const OPTIMAL_DEFAULT_UP_TO: usize = 16;

/// A solving method chosen with `--algorithm`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// A generic search of the core, with `--heuristic` for informed ones.
    Search(Algorithm),
    /// IDA* over additive pattern databases (boards of up to 16 cells), optimal.
    PatternDatabase,
    /// Staged placement for large boards: fast, near-optimal, with a quality bound.
    Staged,
}

impl Method {
    /// The default for a board size: A* with linear conflict up to 12 cells, pattern
    /// databases up to 16, the staged solver above.
    pub fn best_for(shape: Shape) -> Method {
        match shape.cells() {
            0..=12 => Method::Search(SolverConfig::best_for(shape).algorithm),
            13..=OPTIMAL_DEFAULT_UP_TO => Method::PatternDatabase,
            _ => Method::Staged,
        }
    }
}

impl FromStr for Method {
    type Err = String;
    fn from_str(text: &str) -> Result<Method, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "pdb" | "idastar-pdb" | "pattern-database" => Ok(Method::PatternDatabase),
            "staged" => Ok(Method::Staged),
            _ => text.parse::<Algorithm>().map(Method::Search).map_err(|_| {
                format!(
                    "unknown algorithm `{text}`: use bfs, dfs, iddfs, greedy, astar, idastar, pdb \
                     or staged"
                )
            }),
        }
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Method::Search(algorithm) => f.write_str(algorithm.name()),
            Method::PatternDatabase => f.write_str("idastar-pdb"),
            Method::Staged => f.write_str("staged"),
        }
    }
}

/// A solution with what the reports say about the method that found it.
#[derive(Clone, Debug)]
pub struct Answer {
    /// The core's answer.
    pub solution: Solution,
    /// The method's name (`astar`, `idastar-pdb`, `staged`, ...).
    pub algorithm: String,
    /// The estimate the method used, if any.
    pub heuristic: Option<String>,
    /// Whether the method guarantees a shortest solution.
    pub guarantees_optimal: bool,
    /// For the staged solver: an admissible lower bound on the optimal length.
    pub lower_bound: Option<u32>,
    /// For the staged solver: length / lower bound, the most the solution can exceed optimal by.
    pub bound_ratio: Option<f64>,
}

/// Why a method could not run.
#[derive(Debug, thiserror::Error)]
pub enum MethodError {
    /// Bad board or goal.
    #[error(transparent)]
    Board(#[from] BoardError),
    /// The pattern database could not be built or read.
    #[error(transparent)]
    Pdb(#[from] PdbError),
}

/// Runs `method` on `board` towards `goal`.
pub fn run(
    method: Method,
    config: SolverConfig,
    board: &Board,
    goal: &Board,
    store: &mut PdbStore,
    limits: &mut Limits,
) -> Result<Answer, MethodError> {
    match method {
        Method::Search(algorithm) => {
            let config = SolverConfig {
                algorithm,
                ..config
            };
            let solution = solve(board, goal, &config, limits)?;
            Ok(Answer {
                algorithm: algorithm.name().to_string(),
                heuristic: config.heuristic_used().map(|h| h.name().to_string()),
                guarantees_optimal: algorithm.is_optimal(),
                lower_bound: None,
                bound_ratio: None,
                solution,
            })
        }
        Method::PatternDatabase => {
            if board.shape() != goal.shape() {
                return Err(BoardError::ShapeMismatch {
                    board: board.shape(),
                    goal: goal.shape(),
                }
                .into());
            }
            let (pdb, name) = store.get(goal)?;
            let solution = solve_pdb(board, pdb, &TunedConfig::default(), limits)?;
            Ok(Answer {
                algorithm: Method::PatternDatabase.to_string(),
                heuristic: Some(name),
                guarantees_optimal: true,
                lower_bound: None,
                bound_ratio: None,
                solution,
            })
        }
        Method::Staged => {
            let answer = solve_staged(board, goal, &StagedConfig::default(), limits)?;
            let solved = answer.solution.length().is_some();
            Ok(Answer {
                algorithm: Method::Staged.to_string(),
                heuristic: Some("weighted-placement".to_string()),
                guarantees_optimal: false,
                lower_bound: solved.then_some(answer.lower_bound),
                bound_ratio: solved.then_some(answer.bound_ratio),
                solution: answer.solution,
            })
        }
    }
}
