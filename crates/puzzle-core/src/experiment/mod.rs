//! The textbook experiment (Russell & Norvig's table of search costs): for each solution depth
//! d, the mean number of nodes each method generates over many random boards of exactly that
//! depth, and the effective branching factor b* that number implies.
//!
//! - `depth.rs`: [`ExactDepths`], every board of a small size by its true distance to the goal,
//!   and seeded uniform draws at one distance.
//! - `runner.rs`: [`run_experiment`] over an [`ExperimentConfig`], with progress and
//!   cancellation ([`Controls`]), giving an [`Experiment`]: a [`DepthRow`] per depth.
//! - `cell.rs`: a [`Cell`] per depth and method: means, medians, budget hits, b*.
//! - `branching.rs`: [`effective_branching_factor`], solved numerically.
//! - `methods.rs`: the column names (`astar-manhattan`, `astar:FORMULA`, ...) read and written.
//! - `report.rs`: the table as CSV ([`to_csv`]) and aligned text ([`to_text`]).
//! - `error.rs`: [`ExperimentError`], every input checked before the first solve.
//!
//! Nodes are counted as everywhere in the crate ([`crate::Stats`]): expanded = taken from OPEN
//! and its children made, generated = children made. The budget is [`crate::Limits`]'s, in
//! nodes expanded.

mod branching;
mod cell;
mod depth;
mod error;
mod methods;
mod report;
mod runner;

pub use branching::{effective_branching_factor, uniform_tree_nodes};
pub use cell::{Cell, CellStatus};
pub use depth::{DepthError, ExactDepths};
pub use error::ExperimentError;
pub use methods::{default_methods, method_key, parse_method, split_methods, DEFAULT_METHODS};
pub use report::{to_csv, to_text, CSV_HEADER};
pub use runner::{
    default_depths, run_experiment, run_experiment_on, Controls, DepthRow, Experiment,
    ExperimentConfig, ExperimentProgress, OnRow, OnSolve, DEFAULT_BOARDS, DEFAULT_BUDGET,
    DEFAULT_SEED,
};
