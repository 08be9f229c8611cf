//! Why an experiment cannot run: every input is checked before the first solve, so a bad
//! request costs nothing.

use thiserror::Error;

use super::depth::DepthError;
use crate::formula::FormulaError;
use crate::method::SolveError;

/// Why [`crate::experiment::run_experiment`] refused its input.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ExperimentError {
    /// A depth has no boards, or the size is too large for exact depths.
    #[error(transparent)]
    Depth(#[from] DepthError),
    /// A method that does not fit the size or lacks its tables.
    #[error(transparent)]
    Method(#[from] SolveError),
    /// A method name that is not one of the experiment's.
    #[error(
        "unknown method `{name}`: use bfs, dfs, iddfs, pdb, or greedy, astar or idastar followed \
         by -misplaced, -manhattan or -linear-conflict (e.g. astar-manhattan), or by : and a \
         formula (e.g. astar:max(manhattan, misplaced))"
    )]
    UnknownMethod {
        /// What was asked for (shortened if long).
        name: String,
    },
    /// An informed search with a formula that does not read.
    #[error("`{name}`: the formula does not read: {error}")]
    Formula {
        /// What was asked for (shortened if long).
        name: String,
        /// Where the formula goes wrong.
        error: FormulaError,
    },
    /// A blind method given a heuristic.
    #[error("`{name}`: {algorithm} is blind and takes no heuristic; write `{algorithm}`")]
    BlindWithHeuristic {
        /// What was asked for (shortened if long).
        name: String,
        /// The blind method's name.
        algorithm: &'static str,
    },
    /// Zero boards per depth.
    #[error("the number of boards per depth must be at least 1")]
    NoBoards,
    /// An empty list of depths.
    #[error("give at least one depth")]
    NoDepths,
    /// An empty list of methods.
    #[error("give at least one method")]
    NoMethods,
    /// A zero node budget (every solve would stop at once).
    #[error("the node budget must be at least 1")]
    ZeroBudget,
}
