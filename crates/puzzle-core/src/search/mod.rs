//! Generic search over any problem, in the style of the `pathfinding` crate.
//!
//! A problem is three closures: `successors(&node)` (nodes, or `(node, cost)` pairs), a goal
//! test `success(&node)`, and, for informed methods, an admissible `heuristic(&node)` (a cost
//! that never overestimates what is left). Every algorithm returns a [`SearchResult`]: the
//! [`Outcome`] (a path, no solution, budget exhausted, or cancelled) and [`Stats`].
//!
//! Every algorithm takes [`Limits`]: a node budget and a progress callback, called every
//! [`Limits::report_every`] expansions, that may cancel the search. This is what lets a user
//! interface stop a search cleanly.
//!
//! Depth-first methods (DFS, IDDFS, IDA*) prune only the move back to the parent, not longer
//! cycles: they terminate thanks to their depth or cost bound, and costs must be positive.

pub mod astar;
pub mod bfs;
pub mod dfs;
pub mod greedy;
pub mod idastar;
pub mod trace;

use std::ops::ControlFlow;

pub use trace::{Expansion, Fate, Generated, NoTrace, Observer};

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome<N, C> {
    /// A path from the start to a goal node (both included) and its cost.
    Found {
        /// The nodes from start to goal.
        path: Vec<N>,
        /// The total cost of the path.
        cost: C,
    },
    /// The search space (within any depth limit) holds no goal.
    NoSolution,
    /// The node budget ran out first.
    BudgetExhausted,
    /// The progress callback asked to stop.
    Cancelled,
}

/// Counters of one search run.
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Stats {
    /// Nodes whose successors were generated.
    pub expanded: u64,
    /// Successors produced (after pruning the move back to the parent).
    pub generated: u64,
    /// Peak number of states held in memory: open plus closed sets for graph searches, the
    /// current path for depth-first methods.
    pub max_frontier: u64,
    /// Wall time in milliseconds, from [`Limits::clock`].
    pub elapsed_ms: f64,
    /// Whether the algorithm guarantees an optimal answer (given an admissible heuristic).
    pub optimal: bool,
    /// Nodes expanded at each depth (index = number of moves from the start).
    pub expanded_by_depth: Vec<u64>,
    /// Bounds of the iterations of an iterative method (depth for IDDFS, f-bound for IDA*).
    pub iteration_bounds: Vec<f64>,
    /// One line for each search thread that failed (panicked) while the others went on: the
    /// answer is then the best the search found all the same. Empty when none failed.
    #[cfg_attr(feature = "serde", serde(default))]
    pub thread_failures: Vec<String>,
}

/// A snapshot passed to the progress callback.
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Progress {
    /// Nodes expanded so far.
    pub expanded: u64,
    /// Nodes generated so far.
    pub generated: u64,
    /// States held now.
    pub frontier: u64,
    /// Current bound of an iterative method (depth or f-bound).
    pub bound: Option<f64>,
    /// Milliseconds since the start.
    pub elapsed_ms: f64,
}

/// The callback type: return [`ControlFlow::Break`] to cancel.
pub type ProgressFn<'a> = dyn FnMut(&Progress) -> ControlFlow<()> + 'a;

/// Budget, progress reporting and clock for a search run.
pub struct Limits<'a> {
    /// Stop with [`Outcome::BudgetExhausted`] after this many expansions.
    pub max_expanded: Option<u64>,
    /// Call `on_progress` every this many expansions (at least 1).
    pub report_every: u64,
    /// Progress callback; returning `Break` cancels the search.
    pub on_progress: Option<&'a mut ProgressFn<'a>>,
    /// Milliseconds from some fixed origin. On `wasm32-unknown-unknown` the standard clock does
    /// not exist, so the caller passes e.g. `performance.now()`; the default reads 0 there.
    pub clock: fn() -> f64,
    /// Threads a method may use (default 1). The pattern-database search splits its last
    /// iterations across them (the calling one included); the anytime method runs its draws
    /// side by side on them (the calling thread only reports). Keep 1 where there are no
    /// threads (wasm32), as spawning fails there.
    pub threads: usize,
}

impl Default for Limits<'_> {
    fn default() -> Self {
        Limits {
            max_expanded: None,
            report_every: 4096,
            on_progress: None,
            clock: default_clock,
            threads: 1,
        }
    }
}

impl<'a> Limits<'a> {
    /// Limits with only a node budget.
    pub fn with_budget(max_expanded: u64) -> Self {
        Limits {
            max_expanded: Some(max_expanded),
            ..Limits::default()
        }
    }
}

/// Milliseconds since the first call, from the standard clock (0 on wasm32, where it is absent).
pub fn default_clock() -> f64 {
    #[cfg(not(target_arch = "wasm32"))]
    {
        use std::sync::OnceLock;
        use std::time::Instant;
        static ORIGIN: OnceLock<Instant> = OnceLock::new();
        ORIGIN.get_or_init(Instant::now).elapsed().as_secs_f64() * 1e3
    }
    #[cfg(target_arch = "wasm32")]
    {
        0.0
    }
}

/// Why a search stopped early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stop {
    Budget,
    Cancelled,
}

impl Stop {
    pub(crate) fn outcome<N, C>(self) -> Outcome<N, C> {
        match self {
            Stop::Budget => Outcome::BudgetExhausted,
            Stop::Cancelled => Outcome::Cancelled,
        }
    }
}

/// The result of a search: what was found and what it cost to find it.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult<N, C> {
    /// Path, no solution, budget exhausted or cancelled.
    pub outcome: Outcome<N, C>,
    /// Counters of the run.
    pub stats: Stats,
}

impl<N, C> SearchResult<N, C> {
    /// The path found, if any.
    pub fn path(&self) -> Option<&[N]> {
        match &self.outcome {
            Outcome::Found { path, .. } => Some(path),
            _ => None,
        }
    }

    /// Number of moves of the path found (nodes minus one), if any.
    pub fn length(&self) -> Option<usize> {
        self.path().map(|p| p.len().saturating_sub(1))
    }
}

/// Counts work, enforces the budget and calls the progress callback: shared by every algorithm.
pub(crate) struct Meter<'l, 'a> {
    limits: &'l mut Limits<'a>,
    stats: Stats,
    start_ms: f64,
    next_report: u64,
    frontier: u64,
    bound: Option<f64>,
}

impl<'l, 'a> Meter<'l, 'a> {
    pub(crate) fn new(limits: &'l mut Limits<'a>, optimal: bool) -> Self {
        let start_ms = (limits.clock)();
        let next_report = limits.report_every.max(1);
        Meter {
            limits,
            stats: Stats {
                optimal,
                ..Stats::default()
            },
            start_ms,
            next_report,
            frontier: 0,
            bound: None,
        }
    }

    /// Records one expansion at `depth`; stops when the budget is spent or the callback cancels.
    #[inline]
    pub(crate) fn expand(&mut self, depth: usize) -> Result<(), Stop> {
        if let Some(max) = self.limits.max_expanded {
            if self.stats.expanded >= max {
                return Err(Stop::Budget);
            }
        }
        self.stats.expanded += 1;
        match self.stats.expanded_by_depth.get_mut(depth) {
            Some(count) => *count += 1,
            None => {
                self.stats.expanded_by_depth.resize(depth + 1, 0);
                self.stats.expanded_by_depth[depth] = 1;
            }
        }
        if self.stats.expanded >= self.next_report {
            self.next_report += self.limits.report_every.max(1);
            self.report()?;
        }
        Ok(())
    }

    /// Records `count` generated successors.
    #[inline]
    pub(crate) fn generated(&mut self, count: u64) {
        self.stats.generated += count;
    }

    /// Records the number of states held now.
    #[inline]
    pub(crate) fn frontier(&mut self, held: usize) {
        self.frontier = held as u64;
        self.stats.max_frontier = self.stats.max_frontier.max(self.frontier);
    }

    /// Starts a new iteration of an iterative method with this bound.
    pub(crate) fn iteration(&mut self, bound: f64) {
        self.bound = Some(bound);
        self.stats.iteration_bounds.push(bound);
    }

    fn report(&mut self) -> Result<(), Stop> {
        let elapsed_ms = (self.limits.clock)() - self.start_ms;
        if let Some(callback) = self.limits.on_progress.as_mut() {
            let progress = Progress {
                expanded: self.stats.expanded,
                generated: self.stats.generated,
                frontier: self.frontier,
                bound: self.bound,
                elapsed_ms,
            };
            if callback(&progress).is_break() {
                return Err(Stop::Cancelled);
            }
        }
        Ok(())
    }

    /// Closes the run.
    pub(crate) fn finish<N, C>(mut self, outcome: Outcome<N, C>) -> SearchResult<N, C> {
        self.stats.elapsed_ms = (self.limits.clock)() - self.start_ms;
        SearchResult {
            outcome,
            stats: self.stats,
        }
    }
}

/// Rebuilds a path from a table of `(node, parent index)` entries, ending at `index`.
pub(crate) fn walk_back<N: Clone>(index: usize, parent_of: impl Fn(usize) -> (N, usize)) -> Vec<N> {
    let mut path = Vec::new();
    let mut current = index;
    loop {
        let (node, parent) = parent_of(current);
        path.push(node);
        if parent == current {
            break;
        }
        current = parent;
    }
    path.reverse();
    path
}

/// The insertion-ordered hash map used by the graph searches (fast on small keys such as packed boards).
pub type FxIndexMap<K, V> = indexmap::IndexMap<K, V, rustc_hash::FxBuildHasher>;
