//! Every way this library solves a sliding puzzle, under one name: the [`Method`] type, the
//! default for a board size, and [`solve_with`], the one entry point the command line, the web
//! worker and the page call.
//!
//! A method is either one of the generic searches of [`crate::search`] with its heuristic
//! ([`Method::Search`]), or one of the solvers made for the sliding puzzle (pattern databases,
//! staged placement). Some methods need tables built beforehand; the caller builds or loads
//! them (they are costly, so it caches them) and lends them through [`Tables`].

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::anytime::{solve_anytime, AnytimeConfig, BigTables};
use crate::board::{Board, Shape};
use crate::error::BoardError;
use crate::heuristic::HeuristicKind;
use crate::pdb::AdditivePdb;
use crate::relabel::{canonical_goal, Relabel};
use crate::search::Limits;
use crate::solvability::solvability;
use crate::solver::{solve, Algorithm, Solution, SolverConfig, DEFAULT_DEPTH_LIMIT};
use crate::suboptimal::{solve_staged, StagedConfig};
use crate::tuned::parallel::{solve_pdb_parallel, ParallelConfig};
use crate::tuned::{solve_pdb, TunedConfig, TunedOptions};

/// Boards of at most this many cells get an optimal method by default.
pub const OPTIMAL_DEFAULT_UP_TO: usize = 16;

/// Boards of at most this many cells default to A* with linear conflict; larger ones of up to
/// [`OPTIMAL_DEFAULT_UP_TO`] cells to pattern databases, whose tables pay off there.
pub const ASTAR_DEFAULT_UP_TO: usize = 12;

/// The most cells the pattern-database method takes (its tables index 4-bit cells).
pub const PATTERN_DATABASE_MAX_CELLS: usize = 16;

/// A way to solve a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "kind", rename_all = "kebab-case"))]
pub enum Method {
    /// A generic search of [`crate::search`] over the puzzle, with its heuristic and depth limit.
    Search(SolverConfig),
    /// IDA* over additive pattern databases for the goal: optimal, boards of up to 16 cells.
    /// Needs [`Tables::pattern_db`].
    PatternDatabase,
    /// Staged placement: fast and near-optimal on any board, with a lower bound.
    Staged,
    /// Near-optimal and improving: the staged answer at once, then shorter ones until the time
    /// limit (boards of 20 cells and up). Much stronger with [`Tables::big_tables`].
    Anytime {
        /// Milliseconds spent improving (of [`Limits::clock`]).
        time_limit_ms: u32,
    },
}

/// How long [`Method::Anytime`] improves by default, in milliseconds.
pub const DEFAULT_ANYTIME_MS: u32 = 2_000;

/// The fewest cells [`Method::Anytime`] takes (below, optimal methods answer in moments).
pub const ANYTIME_MIN_CELLS: usize = 12;

/// The names [`Method::from_str`] reads, in menu order.
pub const METHOD_NAMES: [&str; 9] = [
    "bfs", "dfs", "iddfs", "greedy", "astar", "idastar", "pdb", "staged", "anytime",
];

impl Method {
    /// A generic search with `algorithm`, linear conflict and the default depth limit.
    pub fn search(algorithm: Algorithm) -> Method {
        Method::Search(SolverConfig {
            algorithm,
            heuristic: HeuristicKind::LinearConflict,
            depth_limit: DEFAULT_DEPTH_LIMIT,
        })
    }

    /// The anytime method with its default time limit.
    pub fn anytime() -> Method {
        Method::Anytime {
            time_limit_ms: DEFAULT_ANYTIME_MS,
        }
    }

    /// The method used when none is chosen: A* with linear conflict up to 12 cells, IDA* over
    /// pattern databases up to 16 (optimal), the anytime method above (near-optimal).
    pub fn default_for(shape: Shape) -> Method {
        let cells = shape.cells();
        if cells <= ASTAR_DEFAULT_UP_TO {
            Method::search(Algorithm::AStar)
        } else if cells <= OPTIMAL_DEFAULT_UP_TO {
            Method::PatternDatabase
        } else {
            Method::anytime()
        }
    }

    /// Every method that can be picked for `shape`, generic searches with `heuristic`.
    pub fn all_for(shape: Shape, heuristic: HeuristicKind) -> Vec<Method> {
        let generic = Algorithm::ALL.into_iter().map(|algorithm| {
            Method::Search(SolverConfig {
                algorithm,
                heuristic,
                depth_limit: DEFAULT_DEPTH_LIMIT,
            })
        });
        generic
            .chain([Method::PatternDatabase, Method::Staged, Method::anytime()])
            .filter(|method| method.fits(shape).is_ok())
            .collect()
    }

    /// The short name used on the command line, in links and in JSON.
    pub fn name(&self) -> &'static str {
        match self {
            Method::Search(config) => config.algorithm.name(),
            Method::PatternDatabase => "pdb",
            Method::Staged => "staged",
            Method::Anytime { .. } => "anytime",
        }
    }

    /// A label for people, with the heuristic of informed searches
    /// (`"A* + linear conflict"`, `"IDA* + pattern databases"`, ...).
    pub fn label(&self) -> String {
        match self {
            Method::Search(config) => match self.heuristic() {
                Some(heuristic) => format!(
                    "{} + {}",
                    algorithm_label(config.algorithm),
                    heuristic_label(heuristic)
                ),
                None => algorithm_label(config.algorithm).to_string(),
            },
            Method::PatternDatabase => "IDA* + pattern databases".to_string(),
            Method::Staged => "staged placement".to_string(),
            Method::Anytime { .. } => "near-optimal, improving (anytime)".to_string(),
        }
    }

    /// The heuristic an informed generic search uses (`None` for blind searches and for the
    /// specialised solvers, whose estimates are their own).
    pub fn heuristic(&self) -> Option<HeuristicKind> {
        match self {
            Method::Search(config) => config.heuristic_used(),
            _ => None,
        }
    }

    /// The search algorithm at the heart of the method (IDA* for pattern databases, A* for the
    /// staged sub-searches): what a progress line's bound means.
    pub fn algorithm(&self) -> Algorithm {
        match self {
            Method::Search(config) => config.algorithm,
            Method::PatternDatabase => Algorithm::IdaStar,
            Method::Staged | Method::Anytime { .. } => Algorithm::AStar,
        }
    }

    /// The generic search's configuration, if this is one.
    pub fn search_config(&self) -> Option<&SolverConfig> {
        match self {
            Method::Search(config) => Some(config),
            _ => None,
        }
    }

    /// Whether the method guarantees a shortest solution.
    pub fn is_optimal(&self) -> bool {
        match self {
            Method::Search(config) => config.algorithm.is_optimal(),
            Method::PatternDatabase => true,
            Method::Staged | Method::Anytime { .. } => false,
        }
    }

    /// Whether the method can solve boards of `shape`, and if not, why.
    pub fn fits(&self, shape: Shape) -> Result<(), SolveError> {
        let reason = match self {
            Method::PatternDatabase if shape.cells() > PATTERN_DATABASE_MAX_CELLS => {
                "it takes boards of up to 16 cells (4x4, 3x5, 2x8, ...)"
            }
            Method::Staged if shape.width() < 3 && shape.height() < 3 => {
                "it needs a side of at least 3"
            }
            Method::Anytime { .. } if shape.cells() < ANYTIME_MIN_CELLS => {
                "it is made for boards of 12 cells and more (smaller ones solve optimally at once)"
            }
            _ => return Ok(()),
        };
        Err(SolveError::DoesNotFit {
            method: self.name(),
            shape,
            reason,
        })
    }

    /// Which tables the method uses on boards of `shape`, if any: required by
    /// [`Method::PatternDatabase`]; for [`Method::Anytime`] they make the answers much shorter
    /// (it runs without them too).
    pub fn needs(&self, _shape: Shape) -> Option<TableKind> {
        match self {
            Method::PatternDatabase => Some(TableKind::PatternDatabase),
            Method::Anytime { .. } => Some(TableKind::BigBoard),
            _ => None,
        }
    }

    /// The same method with `time_limit_ms` (the anytime method only; others are unchanged).
    pub fn with_time_limit(self, time_limit_ms: u32) -> Method {
        match self {
            Method::Anytime { .. } => Method::Anytime { time_limit_ms },
            other => other,
        }
    }

    /// The same method with `heuristic` (generic searches only; others are unchanged).
    pub fn with_heuristic(self, heuristic: HeuristicKind) -> Method {
        match self {
            Method::Search(config) => Method::Search(SolverConfig {
                heuristic,
                ..config
            }),
            other => other,
        }
    }

    /// The same method with `depth_limit` (generic searches only; others are unchanged).
    pub fn with_depth_limit(self, depth_limit: usize) -> Method {
        match self {
            Method::Search(config) => Method::Search(SolverConfig {
                depth_limit,
                ..config
            }),
            other => other,
        }
    }
}

/// A label for an algorithm alone.
pub fn algorithm_label(algorithm: Algorithm) -> &'static str {
    match algorithm {
        Algorithm::Bfs => "BFS",
        Algorithm::Dfs => "DFS",
        Algorithm::Iddfs => "IDDFS",
        Algorithm::Greedy => "greedy",
        Algorithm::AStar => "A*",
        Algorithm::IdaStar => "IDA*",
    }
}

/// A label for a heuristic.
pub fn heuristic_label(heuristic: HeuristicKind) -> &'static str {
    match heuristic {
        HeuristicKind::Misplaced => "misplaced tiles",
        HeuristicKind::Manhattan => "Manhattan",
        HeuristicKind::LinearConflict => "linear conflict",
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Method {
    type Err = SolveError;

    /// Reads a method name (see [`METHOD_NAMES`]; `a*`, `ida*`, `pattern-database` and the like
    /// too). Generic searches get linear conflict and the default depth limit.
    fn from_str(text: &str) -> Result<Method, SolveError> {
        let wanted = text.trim().to_ascii_lowercase();
        match wanted.as_str() {
            "pdb" | "idastar-pdb" | "pattern-database" | "pattern-databases" => {
                Ok(Method::PatternDatabase)
            }
            "staged" => Ok(Method::Staged),
            "anytime" | "near-optimal" => Ok(Method::anytime()),
            _ => wanted
                .parse::<Algorithm>()
                .map(Method::search)
                .map_err(|_| SolveError::UnknownMethod {
                    name: crate::error::excerpt(text),
                }),
        }
    }
}

/// Tables a method needs, built (or loaded) by the caller for one goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum TableKind {
    /// Additive pattern databases ([`AdditivePdb::build`] with [`crate::pdb::Partition::default_for`]).
    PatternDatabase,
    /// The anytime method's tables for the goal's core ([`BigTables::build`]).
    BigBoard,
}

/// Tables lent to [`solve_with`]: each method takes what it needs.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tables<'a> {
    /// Pattern databases for the goal, for [`Method::PatternDatabase`].
    pub pattern_db: Option<&'a AdditivePdb>,
    /// Big-board tables for the goal, for [`Method::Anytime`].
    pub big_board: Option<&'a BigTables>,
}

/// Why [`solve_with`] could not run.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SolveError {
    /// The board or goal is malformed, or they differ in size.
    #[error(transparent)]
    Board(#[from] BoardError),
    /// A name that is no method.
    #[error(
        "unknown method `{name}`: use bfs, dfs, iddfs, greedy, astar, idastar, pdb, staged or anytime"
    )]
    UnknownMethod {
        /// What was asked for (shortened if long).
        name: String,
    },
    /// The method exists but not for this board size.
    #[error("the {method} method cannot solve a {shape} board: {reason}")]
    DoesNotFit {
        /// The method's name.
        method: &'static str,
        /// The board size.
        shape: Shape,
        /// Why not.
        reason: &'static str,
    },
    /// The method needs tables that were not given, or were built for another goal.
    #[error("the {method} method needs its {table:?} tables for this goal; build them first")]
    MissingTables {
        /// The method's name.
        method: &'static str,
        /// Which tables.
        table: TableKind,
    },
}

/// Solves `board` towards `goal` with `method`, within `limits`: the one entry point callers use.
///
/// Unsolvable boards are answered from parity without searching. The [`Solution`] names the
/// method and, when the method does not prove its answer optimal, carries a lower bound.
///
/// ```
/// use puzzle_core::{solve_with, Board, Goal, Limits, Method, Tables};
/// let board: Board = "6 1 7 3 0 4 5 8 2".parse().unwrap();
/// let goal = Goal::Snail.board(board.shape()).unwrap();
/// let method = Method::default_for(board.shape());
/// let solution = solve_with(&board, &goal, &method, Tables::default(), &mut Limits::default()).unwrap();
/// assert_eq!(solution.length(), Some(24));
/// assert_eq!(solution.method, method);
/// ```
pub fn solve_with(
    board: &Board,
    goal: &Board,
    method: &Method,
    tables: Tables,
    limits: &mut Limits,
) -> Result<Solution, SolveError> {
    solve_improving(board, goal, method, tables, limits, &mut |_| {})
}

/// [`solve_with`], telling `on_improve` each strictly shorter solution an improving method
/// ([`Method::Anytime`]) finds before its final answer, the first one included. Other methods
/// find one answer and do not call it.
pub fn solve_improving(
    board: &Board,
    goal: &Board,
    method: &Method,
    tables: Tables,
    limits: &mut Limits,
    on_improve: &mut dyn FnMut(&Solution),
) -> Result<Solution, SolveError> {
    if board.shape() != goal.shape() {
        return Err(BoardError::ShapeMismatch {
            board: board.shape(),
            goal: goal.shape(),
        }
        .into());
    }
    method.fits(board.shape())?;
    match method {
        Method::Search(config) => Ok(solve(board, goal, config, limits)?),
        Method::PatternDatabase => {
            let missing = SolveError::MissingTables {
                method: method.name(),
                table: TableKind::PatternDatabase,
            };
            let pdb = tables.pattern_db.ok_or(missing.clone())?;
            let relabel = Relabel::between(goal, pdb.goal()).ok_or(missing)?;
            through(board, goal, &relabel, on_improve, |board, _| {
                if limits.threads > 1 {
                    let parallel = ParallelConfig::threads(limits.threads);
                    let options = TunedOptions::default();
                    return Ok(solve_pdb_parallel(board, pdb, &options, &parallel, limits)?);
                }
                Ok(solve_pdb(board, pdb, &TunedConfig::default(), limits)?)
            })
        }
        Method::Staged => Ok(solve_staged(board, goal, &StagedConfig::default(), limits)?.solution),
        Method::Anytime { time_limit_ms } => {
            let config = AnytimeConfig {
                time_limit_ms: f64::from(*time_limit_ms),
                ..AnytimeConfig::default()
            };
            // Tables for the goal's core serve it directly; those of the standard goal serve
            // every goal a [`Relabel`] leads there from.
            let canonical = canonical_goal(goal);
            let target = match tables.big_board {
                Some(t) if !t.serves(goal) && t.serves(&canonical) => canonical,
                _ => goal.clone(),
            };
            let relabel = Relabel::between(goal, &target).ok_or(BoardError::ShapeMismatch {
                board: board.shape(),
                goal: target.shape(),
            })?;
            through(board, goal, &relabel, on_improve, |board, on_improve| {
                let answer = solve_anytime(
                    board,
                    &target,
                    tables.big_board,
                    &config,
                    limits,
                    &mut |b| on_improve(&b.solution),
                )?;
                Ok(answer.solution)
            })
        }
    }
}

/// Runs `solve` on the problem `relabel` makes of `board` toward `goal`, and maps every answer
/// back (moves, and the parity verdict of `board` itself); the identity map runs it as is.
fn through(
    board: &Board,
    goal: &Board,
    relabel: &Relabel,
    on_improve: &mut dyn FnMut(&Solution),
    solve: impl FnOnce(&Board, &mut dyn FnMut(&Solution)) -> Result<Solution, SolveError>,
) -> Result<Solution, SolveError> {
    if relabel.is_identity() {
        return solve(board, on_improve);
    }
    let renamed = relabel.board(board).ok_or(BoardError::ShapeMismatch {
        board: board.shape(),
        goal: goal.shape(),
    })?;
    let verdict = solvability(board, goal)?;
    let back = |solution: &Solution| Solution {
        moves: relabel.moves_back(&solution.moves),
        solvability: verdict.clone(),
        ..solution.clone()
    };
    let answer = solve(&renamed, &mut |better| on_improve(&back(better)))?;
    Ok(back(&answer))
}
