//! Every way this library solves a sliding puzzle, under one name: the [`Method`] type (the
//! generic searches' [`Algorithm`] and [`SolverConfig`] included), the default for a board
//! size, the tables a method needs ([`TableKind`]) and why a solve cannot run
//! ([`SolveError`]). The list sits below every solver (they name their method in the
//! [`crate::Solution`] they return); [`crate::dispatch`] dispatches to them.
//!
//! A method is either one of the generic searches of [`crate::search`] with its heuristic
//! ([`Method::Search`]), or one of the solvers made for the sliding puzzle (pattern databases,
//! staged placement). Some methods need tables built beforehand; the caller builds or loads
//! them (they are costly, so it caches them) and lends them through [`crate::Tables`].

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use thiserror::Error;

use crate::board::Shape;
use crate::error::{BoardError, UnknownAlgorithm};
use crate::formula::{Formula, FormulaError};
use crate::heuristic::HeuristicKind;

/// Boards of at most this many cells get an optimal method by default.
pub const OPTIMAL_DEFAULT_UP_TO: usize = 16;

/// Boards of at most this many cells default to A* with linear conflict; larger ones of up to
/// [`OPTIMAL_DEFAULT_UP_TO`] cells to pattern databases, whose tables pay off there.
pub const ASTAR_DEFAULT_UP_TO: usize = 12;

/// The most cells the pattern-database method takes (its tables index 4-bit cells).
pub const PATTERN_DATABASE_MAX_CELLS: usize = 16;

/// A search method.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Algorithm {
    /// Breadth-first search (blind, optimal).
    Bfs,
    /// Depth-first search to a depth limit (blind, not optimal).
    Dfs,
    /// Iterative deepening depth-first search (blind, optimal).
    Iddfs,
    /// Greedy best-first search (informed, not optimal).
    Greedy,
    /// A* (informed, optimal).
    AStar,
    /// Iterative deepening A* (informed, optimal, little memory).
    IdaStar,
}

impl Algorithm {
    /// All methods, in the order a menu lists them.
    pub const ALL: [Algorithm; 6] = [
        Algorithm::Bfs,
        Algorithm::Dfs,
        Algorithm::Iddfs,
        Algorithm::Greedy,
        Algorithm::AStar,
        Algorithm::IdaStar,
    ];

    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Bfs => "bfs",
            Algorithm::Dfs => "dfs",
            Algorithm::Iddfs => "iddfs",
            Algorithm::Greedy => "greedy",
            Algorithm::AStar => "astar",
            Algorithm::IdaStar => "idastar",
        }
    }

    /// Whether the method uses a heuristic.
    pub fn is_informed(self) -> bool {
        matches!(
            self,
            Algorithm::Greedy | Algorithm::AStar | Algorithm::IdaStar
        )
    }

    /// Whether the method guarantees a shortest solution (with an admissible heuristic).
    pub fn is_optimal(self) -> bool {
        !matches!(self, Algorithm::Dfs | Algorithm::Greedy)
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Algorithm {
    type Err = UnknownAlgorithm;
    fn from_str(text: &str) -> Result<Self, UnknownAlgorithm> {
        let wanted = text
            .trim()
            .to_ascii_lowercase()
            .replace(['-', '*', '_'], "");
        let wanted = match wanted.as_str() {
            "a" | "astar" => "astar",
            "ida" | "idastar" => "idastar",
            other => other,
        };
        Algorithm::ALL
            .into_iter()
            .find(|a| a.name() == wanted)
            .ok_or_else(|| UnknownAlgorithm {
                text: crate::error::excerpt(text),
            })
    }
}

/// How to solve: method, heuristic and, for DFS, the depth limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SolverConfig {
    /// The search method.
    pub algorithm: Algorithm,
    /// The estimate used by informed methods (ignored by blind ones).
    pub heuristic: HeuristicKind,
    /// Deepest path DFS explores (and IDDFS gives up past).
    pub depth_limit: usize,
}

/// The depth limit used when none is given.
pub const DEFAULT_DEPTH_LIMIT: usize = 40;

impl SolverConfig {
    /// The fastest optimal method this module offers for a board size.
    pub fn best_for(shape: Shape) -> SolverConfig {
        let algorithm = if shape.cells() <= 12 {
            Algorithm::AStar
        } else {
            Algorithm::IdaStar
        };
        SolverConfig {
            algorithm,
            heuristic: HeuristicKind::LinearConflict,
            depth_limit: DEFAULT_DEPTH_LIMIT,
        }
    }

    /// The heuristic, if the method uses one.
    pub fn heuristic_used(&self) -> Option<HeuristicKind> {
        self.algorithm.is_informed().then_some(self.heuristic)
    }
}

/// A way to solve a board.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "kind", rename_all = "kebab-case"))]
pub enum Method {
    /// A generic search of [`crate::search`] over the puzzle, with its heuristic and depth limit.
    Search(SolverConfig),
    /// IDA* over additive pattern databases for the goal: optimal, boards of up to 16 cells.
    /// Needs [`crate::Tables::pattern_db`].
    PatternDatabase,
    /// Staged placement: fast and near-optimal on any board, with a lower bound.
    Staged,
    /// Near-optimal and improving: the staged answer at once, then shorter ones until the time
    /// limit (boards of 12 cells and up). Much stronger with [`crate::Tables::big_board`].
    Anytime {
        /// Milliseconds spent improving (of [`crate::Limits::clock`]).
        time_limit_ms: u32,
    },
    /// The method people are taught ([`crate::taught`]): a line at a time, the last two tiles
    /// of a line together, down to a 2x3 solved at once. Long answers a person can follow.
    Taught,
    /// An informed generic search guided by a formula of one's own ([`crate::formula`]),
    /// worked out afresh on every board. Nothing proves a formula admissible, so its answers
    /// are never claimed shortest.
    Formula {
        /// The search: greedy, A* or IDA*.
        algorithm: Algorithm,
        /// The estimate (shared: a copy of the method costs a count).
        formula: Arc<Formula>,
    },
}

/// The most characters of a formula a short label shows.
const SHORT_FORMULA_CHARS: usize = 24;

/// How long [`Method::Anytime`] improves by default, in milliseconds.
pub const DEFAULT_ANYTIME_MS: u32 = 2_000;

/// The fewest cells [`Method::Anytime`] takes (below, optimal methods answer in moments).
pub const ANYTIME_MIN_CELLS: usize = 12;

/// The names [`Method::from_str`] reads, in menu order.
pub const METHOD_NAMES: [&str; 10] = [
    "bfs", "dfs", "iddfs", "greedy", "astar", "idastar", "pdb", "staged", "anytime", "method",
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
            Method::Taught => "method",
            Method::Formula { algorithm, .. } => algorithm.name(),
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
            Method::Taught => "the method people are taught".to_string(),
            Method::Formula { algorithm, formula } => {
                format!("{} + {}", algorithm_label(*algorithm), formula.text())
            }
        }
    }

    /// What the method does, in plain words with its heuristic: the page's menu entry
    /// (`"Shortest: A* search guided by linear conflict"`, `"Fast, near-shortest: anytime
    /// improvement"`). What it guarantees comes first, so the menu reads as a choice.
    pub fn description(&self) -> String {
        let guided = |h: Option<HeuristicKind>| {
            h.map(|h| format!(" guided by {}", heuristic_label(h)))
                .unwrap_or_default()
        };
        match self {
            Method::Search(config) => {
                let by = guided(config.heuristic_used());
                match config.algorithm {
                    Algorithm::Bfs => "Shortest, blind: breadth-first search (BFS)".to_string(),
                    Algorithm::Dfs => {
                        "Not shortest, blind: depth-first search to a depth limit (DFS)".to_string()
                    }
                    Algorithm::Iddfs => {
                        "Shortest, blind, little memory: iterative deepening (IDDFS)".to_string()
                    }
                    Algorithm::Greedy => format!("Fast, not shortest: greedy search{by}"),
                    Algorithm::AStar => format!("Shortest: A* search{by}"),
                    Algorithm::IdaStar => format!("Shortest, little memory: IDA*{by}"),
                }
            }
            Method::PatternDatabase => {
                "Shortest, fastest on 4x4: IDA* guided by pattern databases".to_string()
            }
            Method::Staged => "Fast, near-shortest: staged placement, a line at a time".to_string(),
            Method::Anytime { .. } => {
                "Fast, near-shortest: anytime improvement (an answer at once, then shorter ones)"
                    .to_string()
            }
            Method::Taught => {
                "Long, one a person can follow: the method people are taught, a line at a time"
                    .to_string()
            }
            Method::Formula { algorithm, formula } => format!(
                "Not proven shortest: {} guided by your formula {}",
                algorithm_label(*algorithm),
                formula.text()
            ),
        }
    }

    /// A short name for tables and chart keys: `"A* · Manhattan"`, `"BFS"`,
    /// `"IDA* · pattern DB"`.
    pub fn short_label(&self) -> String {
        match self {
            Method::Search(config) => match config.heuristic_used() {
                Some(h) => format!(
                    "{} · {}",
                    algorithm_label(config.algorithm),
                    match h {
                        HeuristicKind::Misplaced => "misplaced",
                        HeuristicKind::Manhattan => "Manhattan",
                        HeuristicKind::LinearConflict => "lin. conflict",
                    }
                ),
                None => algorithm_label(config.algorithm).to_string(),
            },
            Method::PatternDatabase => "IDA* · pattern DB".to_string(),
            Method::Staged => "staged".to_string(),
            Method::Anytime { .. } => "anytime".to_string(),
            Method::Taught => "taught method".to_string(),
            Method::Formula { algorithm, formula } => format!(
                "{} · {}",
                algorithm_label(*algorithm),
                crate::text::shortened(formula.text(), SHORT_FORMULA_CHARS)
            ),
        }
    }

    /// How the method works, in two plain sentences for someone who has never met it.
    pub fn explanation(&self) -> &'static str {
        match self {
            Method::Search(SolverConfig { algorithm, .. }) | Method::Formula { algorithm, .. } => {
                algorithm_explanation(*algorithm)
            }
            Method::PatternDatabase => {
                "IDA* with a much sharper estimate: tables computed beforehand hold the exact \
                 number of moves to bring each group of tiles home, and the groups' numbers add \
                 up. A shortest answer to any 4x4 in seconds."
            }
            Method::Staged => {
                "Brings the tiles home one row or column at a time, each with a small search, and \
                 then leaves that line alone. Quick on any size, but not the shortest answer."
            }
            Method::Anytime { .. } => {
                "Gives a quick staged answer at once, then keeps shortening it (re-solving \
                 stretches of it exactly) until its time is up. Any answer so far can be played, \
                 and it says how far from the shortest it can at most be."
            }
            Method::Taught => {
                "The way people are taught: the first row home, then the first column, and so on, \
                 the last two tiles of each line together with the corner trick, until a small \
                 rectangle is left. A person can repeat it; its answers are long."
            }
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
            Method::Formula { algorithm, .. } => *algorithm,
            Method::PatternDatabase => Algorithm::IdaStar,
            Method::Staged | Method::Anytime { .. } | Method::Taught => Algorithm::AStar,
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
            Method::Staged | Method::Anytime { .. } | Method::Taught | Method::Formula { .. } => {
                false
            }
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
            Method::Formula { algorithm, .. } if !algorithm.is_informed() => {
                "a blind search takes no estimate (use greedy, astar or idastar)"
            }
            Method::Formula { formula, .. } if formula.fits(shape.cells()).is_err() => {
                "its formula does not fit this board (a tile it names, or a pdb(...) table too large)"
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

    /// The same method guided by `guidance`: an informed generic search, or a search guided by
    /// a formula, takes the heuristic or the formula (keeping its algorithm); others are
    /// unchanged.
    pub fn guided_by(self, guidance: Guidance) -> Method {
        let algorithm = match &self {
            Method::Search(config) if config.algorithm.is_informed() => config.algorithm,
            Method::Formula { algorithm, .. } => *algorithm,
            _ => return self,
        };
        match guidance {
            Guidance::BuiltIn(heuristic) => Method::Search(SolverConfig {
                algorithm,
                heuristic,
                depth_limit: self
                    .search_config()
                    .map_or(DEFAULT_DEPTH_LIMIT, |c| c.depth_limit),
            }),
            Guidance::Formula(formula) => Method::Formula { algorithm, formula },
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

/// How a generic search works, in two plain sentences.
fn algorithm_explanation(algorithm: Algorithm) -> &'static str {
    match algorithm {
        Algorithm::Bfs => {
            "Looks at every board 1 move away, then every board 2 moves away, and so on, \
             so the first time it meets the goal is by a shortest route. It has no sense \
             of direction (blind) and keeps every board it saw, so it runs out of room \
             on hard boards."
        }
        Algorithm::Dfs => {
            "Follows one line of moves as deep as the depth limit before trying another. \
             It needs little memory but the first answer it finds can be very long."
        }
        Algorithm::Iddfs => {
            "Depth-first search to depth 1, then 2, then 3, and so on: a shortest answer \
             like breadth-first, with the little memory of depth-first, at the cost of \
             repeating the shallow work."
        }
        Algorithm::Greedy => {
            "Always looks next at the board that the estimate says is closest to the goal, \
             ignoring the moves already made: often quick, but the answer can be long."
        }
        Algorithm::AStar => {
            "Looks next at the board with the smallest g + h: moves made so far plus an \
             estimate of the moves left that never overestimates. That finds a shortest \
             answer, looking at far fewer boards than a blind search."
        }
        Algorithm::IdaStar => {
            "A* without the memory: it searches depth-first up to a limit on g + h, and \
             raises the limit until the goal is within it. A shortest answer, keeping only \
             the current line of moves."
        }
    }
}

/// What guides an informed search: a built-in heuristic or a formula of one's own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Guidance {
    /// One of the built-in estimates.
    BuiltIn(HeuristicKind),
    /// A formula ([`crate::formula`]).
    Formula(Arc<Formula>),
}

impl FromStr for Guidance {
    type Err = String;

    /// A built-in name (`manhattan`, `linear-conflict`, ...), or else a formula
    /// (`max(manhattan, misplaced)`); the error says what the text is not.
    fn from_str(text: &str) -> Result<Guidance, String> {
        if let Ok(heuristic) = text.parse::<HeuristicKind>() {
            return Ok(Guidance::BuiltIn(heuristic));
        }
        text.parse::<Formula>()
            .map(|formula| Guidance::Formula(Arc::new(formula)))
            // The formula's error quotes the text; kept short for one line of a message.
            .map_err(|error| {
                format!("neither misplaced, manhattan, linear-conflict nor a formula: {error}")
            })
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
            "method" | "taught" => Ok(Method::Taught),
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
    /// Additive pattern databases ([`crate::pdb::AdditivePdb::build`] with [`crate::pdb::Partition::default_for`]).
    PatternDatabase,
    /// The anytime method's tables for the goal's core ([`crate::anytime::BigTables::build`]).
    BigBoard,
}

/// Why [`crate::solve_with`] could not run.
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
    /// A formula that cannot guide a search toward this goal.
    #[error("the formula cannot be used here: {0}")]
    Formula(#[from] FormulaError),
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
