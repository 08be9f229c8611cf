//! The experiment itself: for each depth, the same seeded boards solved by every method, each
//! solve within a node budget, summed up into one [`Cell`] per depth and method. Progress is
//! reported after every solve and the run can be cancelled between solves or inside one, so a
//! web worker can run it as well as the command line.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};

use super::cell::{Cell, Samples};
use super::depth::{DepthError, ExactDepths};
use super::error::ExperimentError;
use super::methods::default_methods;
use crate::analysis::{TableTooLarge, MAX_TABLE_CELLS};
use crate::board::Board;
use crate::dispatch::{solve_with, SolveOptions, Tables};
use crate::method::{Method, SolveError, TableKind};
use crate::search::{default_clock, Limits, Progress};
use crate::solution::{Solution, SolveOutcome};

/// Boards per depth by default.
pub const DEFAULT_BOARDS: usize = 100;

/// Nodes a solve may expand by default: large enough for A* at every depth of the 8-puzzle and
/// IDDFS up to depth 20, small enough that the default experiment runs in about half a
/// minute on one core.
pub const DEFAULT_BUDGET: u64 = 1_000_000;

/// The seed of the boards by default.
pub const DEFAULT_SEED: u64 = 1;

/// The textbook's depths: 2, 4, ..., 24.
pub fn default_depths() -> Vec<u32> {
    (2..=24).step_by(2).collect()
}

/// What to measure.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ExperimentConfig {
    /// The goal (its shape is the boards'); at most 10 cells, for exact depths.
    pub goal: Board,
    /// The solution depths, each a row.
    pub depths: Vec<u32>,
    /// Boards per depth, drawn uniformly among those exactly that deep.
    pub boards: usize,
    /// The methods, each a column.
    pub methods: Vec<Method>,
    /// Nodes a solve may expand ([`Limits::max_expanded`]); `None` for no limit.
    pub budget: Option<u64>,
    /// Seed of the boards: the same seed draws the same boards at each depth.
    pub seed: u64,
    /// Whether a method that hit the budget at a depth is skipped at the larger ones (they
    /// cost more: iterative deepening's cost grows by b* a level).
    pub skip_after_budget: bool,
}

impl ExperimentConfig {
    /// The textbook's experiment toward `goal`: depths 2 to 24 in steps of 2, 100 boards each,
    /// IDDFS and A* with misplaced tiles, Manhattan and linear conflict, the default budget.
    pub fn textbook(goal: Board) -> ExperimentConfig {
        ExperimentConfig {
            goal,
            depths: default_depths(),
            boards: DEFAULT_BOARDS,
            methods: default_methods(),
            budget: Some(DEFAULT_BUDGET),
            seed: DEFAULT_SEED,
            skip_after_budget: true,
        }
    }
}

impl ExperimentConfig {
    /// Whether the config can run, as far as it can tell without building anything: boards,
    /// depths and methods given, a budget of at least 1, methods that fit the size, a size
    /// small enough for exact depths. (Whether each depth has boards needs the distance table;
    /// [`run_experiment`] checks that before the first solve.)
    pub fn check(&self) -> Result<(), ExperimentError> {
        if self.boards == 0 {
            return Err(ExperimentError::NoBoards);
        }
        if self.depths.is_empty() {
            return Err(ExperimentError::NoDepths);
        }
        if self.methods.is_empty() {
            return Err(ExperimentError::NoMethods);
        }
        if self.budget == Some(0) {
            return Err(ExperimentError::ZeroBudget);
        }
        let cells = self.goal.cells().len();
        if cells > MAX_TABLE_CELLS {
            let too_large = TableTooLarge {
                cells,
                max: MAX_TABLE_CELLS,
            };
            return Err(DepthError::TooLarge(too_large).into());
        }
        for method in &self.methods {
            method.fits(self.goal.shape())?;
        }
        Ok(())
    }
}

/// Where a run is, passed to [`Controls::on_solve`] after each solve.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ExperimentProgress {
    /// Index of the depth in [`ExperimentConfig::depths`].
    pub depth_index: usize,
    /// The depth.
    pub depth: u32,
    /// Index of the board at that depth.
    pub board_index: usize,
    /// Boards at that depth: [`ExperimentConfig::boards`], or all there are where fewer.
    pub boards: usize,
    /// Index of the method in [`ExperimentConfig::methods`].
    pub method_index: usize,
    /// Solves done so far, skipped ones counted as done.
    pub done: usize,
    /// Solves in the whole run (the boards of each depth x methods).
    pub total: usize,
}

/// The callback [`Controls::on_solve`]: return `Break` to cancel.
pub type OnSolve<'a> = dyn FnMut(&ExperimentProgress) -> ControlFlow<()> + 'a;

/// The callback [`Controls::on_row`]: a depth's row and the boards it was measured on.
pub type OnRow<'a> = dyn FnMut(&DepthRow, &[Board]) + 'a;

/// How a caller watches and stops a run.
pub struct Controls<'a> {
    /// Called after each solve; `Break` cancels the run.
    pub on_solve: Option<&'a mut OnSolve<'a>>,
    /// Called as each depth's row is finished, with its boards (a page fills its table in
    /// depth by depth).
    pub on_row: Option<&'a mut OnRow<'a>>,
    /// Set (from anywhere) to cancel: checked before each solve and every 4,096 expansions.
    pub cancel: Option<&'a AtomicBool>,
    /// Milliseconds from some origin, for the solve times ([`Limits::clock`]: pass
    /// `performance.now()` on wasm32, where the default reads 0).
    pub clock: fn() -> f64,
}

impl Default for Controls<'_> {
    fn default() -> Self {
        Controls {
            on_solve: None,
            on_row: None,
            cancel: None,
            clock: default_clock,
        }
    }
}

/// One depth's row: a cell per method, in the config's order.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DepthRow {
    /// The solution depth of every board of the row.
    pub depth: u32,
    /// How many boards of the size lie at that depth (the boards are drawn among these).
    pub available: usize,
    /// How many distinct boards the row measured: [`ExperimentConfig::boards`], or all
    /// [`DepthRow::available`] where there are fewer.
    pub boards: usize,
    /// One cell per method.
    pub cells: Vec<Cell>,
}

/// The finished table.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Experiment {
    /// What was asked.
    pub config: ExperimentConfig,
    /// A row per depth finished, in the config's order.
    pub rows: Vec<DepthRow>,
    /// Whether the run was cancelled (the rows are then the depths finished before).
    pub cancelled: bool,
    /// Wall time of the whole run in milliseconds.
    pub elapsed_ms: f64,
}

/// Runs `config`, drawing the boards from a distance table it builds for the goal.
///
/// ```
/// use puzzle_core::experiment::{run_experiment, Controls, ExperimentConfig};
/// use puzzle_core::{Goal, Shape, Tables};
/// let goal = Goal::Standard.board(Shape::square(3).unwrap()).unwrap();
/// let config = ExperimentConfig {
///     depths: vec![4, 8],
///     boards: 5,
///     ..ExperimentConfig::textbook(goal)
/// };
/// let table = run_experiment(&config, Tables::default(), &mut Controls::default()).unwrap();
/// assert_eq!(table.rows.len(), 2);
/// assert_eq!(table.rows[1].cells[0].solved, 5); // IDDFS solved every board at depth 8
/// ```
pub fn run_experiment(
    config: &ExperimentConfig,
    tables: Tables,
    controls: &mut Controls,
) -> Result<Experiment, ExperimentError> {
    check_config(config, tables)?;
    let depths = ExactDepths::build(&config.goal)?;
    run_experiment_on(config, &depths, tables, controls)
}

/// [`run_experiment`] with a distance table already built for the config's goal (a caller
/// running several experiments builds it once).
pub fn run_experiment_on(
    config: &ExperimentConfig,
    depths: &ExactDepths,
    tables: Tables,
    controls: &mut Controls,
) -> Result<Experiment, ExperimentError> {
    check_config(config, tables)?;
    if depths.goal() != &config.goal {
        return Err(SolveError::Board(crate::error::BoardError::ShapeMismatch {
            board: depths.goal().shape(),
            goal: config.goal.shape(),
        })
        .into());
    }
    for &depth in &config.depths {
        depths.check(depth)?;
    }
    let start_ms = (controls.clock)();
    let mut run = Run {
        config,
        tables,
        total: (config.depths.iter())
            .map(|&depth| config.boards.min(depths.count(depth)))
            .sum::<usize>()
            * config.methods.len(),
        done: 0,
        hit_before: vec![false; config.methods.len()],
    };
    let mut rows = Vec::new();
    let mut cancelled = false;
    for (depth_index, &depth) in config.depths.iter().enumerate() {
        let boards = depths.draw_seeded(depth, config.boards, config.seed)?;
        match run.depth(depth_index, &boards, controls) {
            Some(cells) => {
                let row = DepthRow {
                    depth,
                    available: depths.count(depth),
                    boards: boards.len(),
                    cells,
                };
                if let Some(on_row) = controls.on_row.as_mut() {
                    on_row(&row, &boards);
                }
                rows.push(row);
            }
            None => {
                cancelled = true;
                break;
            }
        }
    }
    Ok(Experiment {
        config: config.clone(),
        rows,
        cancelled,
        elapsed_ms: (controls.clock)() - start_ms,
    })
}

/// The checks made before anything runs: the config's own, then the tables its methods need.
fn check_config(config: &ExperimentConfig, tables: Tables) -> Result<(), ExperimentError> {
    config.check()?;
    let shape = config.goal.shape();
    for method in &config.methods {
        if method.needs(shape) == Some(TableKind::PatternDatabase) && tables.pattern_db.is_none() {
            return Err(SolveError::MissingTables {
                method: method.name(),
                table: TableKind::PatternDatabase,
            }
            .into());
        }
    }
    Ok(())
}

/// A run under way.
struct Run<'c, 't> {
    config: &'c ExperimentConfig,
    tables: Tables<'t>,
    total: usize,
    done: usize,
    /// Whether each method hit the budget at a depth already run.
    hit_before: Vec<bool>,
}

impl Run<'_, '_> {
    /// Every method on `boards`: the row's cells, or `None` if cancelled.
    fn depth(
        &mut self,
        depth_index: usize,
        boards: &[Board],
        controls: &mut Controls,
    ) -> Option<Vec<Cell>> {
        let config = self.config;
        let depth = config.depths[depth_index];
        let skip: Vec<bool> = self
            .hit_before
            .iter()
            .map(|&hit| hit && config.skip_after_budget)
            .collect();
        self.done += skip.iter().filter(|&&s| s).count() * boards.len();
        let mut samples = vec![Samples::default(); config.methods.len()];
        for (board_index, board) in boards.iter().enumerate() {
            for (method_index, method) in config.methods.iter().enumerate() {
                if skip[method_index] {
                    continue;
                }
                let solution = self.solve(board, method, controls)?;
                samples[method_index].add(&solution);
                self.done += 1;
                let progress = ExperimentProgress {
                    depth_index,
                    depth,
                    board_index,
                    boards: boards.len(),
                    method_index,
                    done: self.done,
                    total: self.total,
                };
                if let Some(on_solve) = controls.on_solve.as_mut() {
                    on_solve(&progress).is_continue().then_some(())?;
                }
            }
        }
        let cells = samples
            .into_iter()
            .zip(&skip)
            .enumerate()
            .map(|(index, (samples, &skipped))| {
                self.hit_before[index] |= samples.hit_budget();
                if skipped {
                    Cell::skipped()
                } else {
                    samples.finish(depth)
                }
            })
            .collect();
        Some(cells)
    }

    /// One solve within the budget; `None` if cancelled.
    fn solve(&self, board: &Board, method: &Method, controls: &Controls) -> Option<Solution> {
        let cancel = controls.cancel;
        let cancelled = || cancel.is_some_and(|flag| flag.load(Ordering::Relaxed));
        if cancelled() {
            return None;
        }
        let mut check = |_: &Progress| {
            if cancelled() {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        };
        let mut limits = Limits {
            max_expanded: self.config.budget,
            on_progress: Some(&mut check),
            clock: controls.clock,
            ..Limits::default()
        };
        let options = SolveOptions::new(method).with_tables(self.tables);
        let solution = solve_with(board, &self.config.goal, &options, &mut limits, &mut |_| {})
            .expect("the method, tables and board were checked before the run");
        (solution.outcome != SolveOutcome::Cancelled).then_some(solution)
    }
}
