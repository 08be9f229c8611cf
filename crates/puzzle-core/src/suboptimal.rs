//! Fast, near-optimal solutions for large boards (5x5 and up, any rectangle, any goal): staged
//! placement with sub-searches, and a certified quality bound.
//!
//! Optimal solving is out of reach from 5x5 up, so the board is reduced a line at a time: the
//! row or column farthest from the goal's blank is filled, then frozen, until a 3x3 (or smaller)
//! rectangle is left, which is solved optimally. A line is filled a chunk of tiles at a time
//! ([`StagedConfig::chunk`]; by default the whole line) by A* in the abstract space of those
//! tiles and the blank (the other free tiles are interchangeable, frozen cells are walls),
//! weighted by [`StagedConfig::weight`]; a chunk that exceeds its budget is placed tile by tile
//! instead. The last two tiles of a line always go together (the classic corner problem). When a
//! 4x4 database for the matching goal is given, the last 4x4 is solved optimally with it.
//!
//! The result is not guaranteed optimal: it carries an admissible lower bound (linear conflict
//! of the start) and the ratio of the length to it, an upper bound on how far from optimal the
//! solution can be. [`StagedConfig::row_by_row`] (one tile at a time, each by a shortest
//! placement) is the classic row-by-row method, the baseline the benchmark compares against.

use std::ops::Range;

use crate::board::Board;
use crate::budget::{Budget, Halt};
use crate::error::BoardError;
use crate::heuristic::{Heuristic, HeuristicKind};
use crate::method::Method;
use crate::moves::Direction;
use crate::pdb::AdditivePdb;
use crate::search::{astar, Limits, Outcome, Stats};
use crate::shorten;
use crate::solvability::{solvability, Solvability};
use crate::solver::{solve, Algorithm, Solution, SolveOutcome, SolverConfig, DEFAULT_DEPTH_LIMIT};
use crate::tuned::{solve_pdb, TunedOptions};

/// Most tiles one sub-search places together.
pub const MAX_CHUNK: usize = 15;

/// How the staged solver works. The default fills whole lines with weight 3 (5x5 in about
/// 10 ms, 8x8 in under a second); on 5x5, weight 2 with a 4x4 database to finish is shorter.
#[derive(Clone, Copy, Debug)]
pub struct StagedConfig<'p> {
    /// Tiles placed together by one sub-search, 1 to 15 (more is shorter but slower).
    pub chunk: usize,
    /// Weight on the sub-searches' heuristic (1 = exact placements; above 1 = weighted A*,
    /// faster on big chunks, each placement at most that many times its shortest).
    pub weight: f64,
    /// Expansions allowed to one sub-search of more than two tiles before it is split into
    /// single tiles (keeps big boards fast).
    pub chunk_budget: u64,
    /// A 4x4 database: when the rectangle left is 4x4 and its goal (relabelled) is the
    /// database's goal, it is finished optimally with the tuned IDA*.
    pub finish: Option<&'p AdditivePdb>,
    /// Post-processing: loops in the path are cut, then every stretch of this many moves is
    /// replaced by a shortest path between its ends when that is shorter (0 turns it off).
    pub window: usize,
    /// Expansions allowed to the search of one window.
    pub window_budget: u64,
}

impl Default for StagedConfig<'_> {
    fn default() -> Self {
        StagedConfig {
            chunk: MAX_CHUNK,
            weight: 3.0,
            chunk_budget: 300_000,
            finish: None,
            window: 0,
            window_budget: 20_000,
        }
    }
}

impl StagedConfig<'_> {
    /// A first answer in milliseconds on any board: single tiles (or pairs, `chunk` 2) by
    /// weighted placements (16x16 natively: 0.2 to 0.35 s with single tiles, 1.1 to 1.6 s with
    /// pairs, against 20 s for the default chunks; 5 to 20 % longer on small boards, but
    /// pairs are shorter than the default chunks from 12x12 up).
    pub fn quick(chunk: usize) -> StagedConfig<'static> {
        StagedConfig {
            chunk: chunk.clamp(1, 2),
            ..StagedConfig::default()
        }
    }

    /// The classic row-by-row method: one tile at a time, the last two of a line together.
    pub fn row_by_row() -> StagedConfig<'static> {
        StagedConfig {
            chunk: 1,
            weight: 1.0,
            chunk_budget: u64::MAX,
            finish: None,
            window: 0,
            window_budget: 0,
        }
    }
}

/// A solution that need not be optimal, with its quality bound.
#[derive(Clone, Debug, PartialEq)]
pub struct Approximate {
    /// The moves and counters; `solution.is_optimal()` is true only when the length equals the
    /// lower bound (otherwise the solution is not guaranteed optimal).
    pub solution: Solution,
    /// An admissible lower bound on the optimal length (linear conflict of the start).
    pub lower_bound: u32,
    /// Length divided by the lower bound (1 for a solved start): the solution is at most this
    /// many times longer than an optimal one.
    pub bound_ratio: f64,
}

/// Solves `board` towards `goal` by staged placement (see the module documentation).
///
/// `limits` applies to each sub-search in turn: its budget caps every sub-search, and its
/// callback can cancel at any point. Unsolvable boards are answered from parity.
///
/// ```
/// use puzzle_core::generate::{scramble_seeded, Scramble};
/// use puzzle_core::suboptimal::{solve_staged, StagedConfig};
/// use puzzle_core::{Goal, Limits, Shape, SolveOutcome};
/// let goal = Goal::Standard.board(Shape::square(6).unwrap()).unwrap();
/// let board = scramble_seeded(&goal, Scramble::Uniform, true, 1);
/// let answer = solve_staged(&board, &goal, &StagedConfig::default(), &mut Limits::default()).unwrap();
/// assert_eq!(answer.solution.outcome, SolveOutcome::Solved);
/// assert_eq!(board.after(&answer.solution.moves).unwrap(), goal);
/// assert!(answer.solution.moves.len() as u32 >= answer.lower_bound);
/// assert!(!answer.solution.is_optimal());
/// ```
pub fn solve_staged(
    board: &Board,
    goal: &Board,
    config: &StagedConfig,
    limits: &mut Limits,
) -> Result<Approximate, BoardError> {
    let verdict = solvability(board, goal)?;
    Ok(solve_staged_checked(board, goal, verdict, config, limits))
}

/// [`solve_staged`] for a board whose parity verdict toward `goal` is known: `verdict` is
/// [`solvability`]`(board, goal)` (so the shapes match), or that of a problem a relabelling
/// or a symmetric view made this one of (the same `solvable`), computed once at the entry
/// ([`crate::dispatch`], [`crate::anytime`]).
pub(crate) fn solve_staged_checked(
    board: &Board,
    goal: &Board,
    verdict: Solvability,
    config: &StagedConfig,
    limits: &mut Limits,
) -> Approximate {
    let lower_bound = Heuristic::new(HeuristicKind::LinearConflict, goal).estimate(board);
    let mut solution = Solution::unsolvable(Method::Staged, verdict, Some(lower_bound));
    if !solution.solvability.solvable {
        return Approximate {
            solution,
            lower_bound,
            bound_ratio: f64::NAN,
        };
    }
    let start_ms = (limits.clock)();
    let mut work = Work::new(board, goal);
    let mut outcome = work.run(config, limits);
    if outcome.is_ok() {
        outcome = work.shorten(config, limits);
    }
    solution.stats = work.stats;
    solution.stats.elapsed_ms = (limits.clock)() - start_ms;
    match outcome {
        Ok(()) => {
            solution.outcome = SolveOutcome::Solved;
            solution.moves = work.moves;
            solution.stats.optimal = solution.moves.len() as u32 == lower_bound;
        }
        Err(outcome) => solution.outcome = outcome,
    }
    let bound_ratio = match solution.length() {
        Some(0) => 1.0,
        Some(length) => length as f64 / f64::from(lower_bound.max(1)),
        None => f64::NAN,
    };
    Approximate {
        solution,
        lower_bound,
        bound_ratio,
    }
}

/// What one stage of the placement did: a line filled, or the last rectangle solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum StageKind {
    /// A row of the board (from 0 at the top).
    Row(usize),
    /// A column of the board (from 0 at the left).
    Column(usize),
    /// The rectangle left, solved at once.
    Last {
        /// Its rows.
        height: usize,
        /// Its columns.
        width: usize,
    },
}

/// A stage and its placements: the goal cells each one brought home and the range of the
/// moves that did it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Stage {
    pub kind: StageKind,
    pub placements: Vec<(Vec<usize>, Range<usize>)>,
}

/// The moves of a placement and its stages.
pub(crate) type Placed = (Vec<Direction>, Vec<Stage>);

/// The most cells on which [`place_as_taught`] places tiles by shortest placements.
pub(crate) const TAUGHT_EXACT_UP_TO: usize = 64;

/// The classic method as people are taught it ([`crate::taught`]): a line at a time, one tile
/// at a time with the last two of a line together, down to a 2x3 (or 3x2, or 2x2) solved at
/// once; no shortening afterwards, so each stage's moves stay its own. The moves and the
/// stages, or how it stopped.
pub(crate) fn place_as_taught(
    board: &Board,
    goal: &Board,
    limits: &mut Limits,
) -> (Result<Placed, SolveOutcome>, Stats) {
    let mut work = Work::new(board, goal);
    work.taught = true;
    // Shortest placements up to 8x8; above, weighted ones (each at most 3 times its shortest:
    // a pair's shortest placement on 16x16 may take millions of nodes; the answer is 1 % longer).
    let config = StagedConfig {
        weight: if goal.cells().len() > TAUGHT_EXACT_UP_TO {
            3.0
        } else {
            1.0
        },
        ..StagedConfig::row_by_row()
    };
    let outcome = work.run(&config, limits);
    (outcome.map(|()| (work.moves, work.stages)), work.stats)
}

/// The board being solved, what is frozen, and the moves so far.
struct Work {
    board: Board,
    goal: Board,
    /// `goal_cell[t]`: the goal cell of tile `t`.
    goal_cell: Vec<usize>,
    frozen: Vec<bool>,
    moves: Vec<Direction>,
    stats: Stats,
    /// Whether the placement stops at a 2x3 as people are taught (else at a 3x3).
    taught: bool,
    /// What was done, stage by stage.
    stages: Vec<Stage>,
}

impl Work {
    fn new(board: &Board, goal: &Board) -> Work {
        let mut goal_cell = vec![0; goal.cells().len()];
        for (cell, &tile) in goal.cells().iter().enumerate() {
            goal_cell[tile as usize] = cell;
        }
        Work {
            board: board.clone(),
            goal: goal.clone(),
            goal_cell,
            frozen: vec![false; goal.cells().len()],
            moves: Vec::new(),
            stats: Stats::default(),
            taught: false,
            stages: Vec::new(),
        }
    }

    fn run(&mut self, config: &StagedConfig, limits: &mut Limits) -> Result<(), SolveOutcome> {
        let shape = self.goal.shape();
        let (gr, gc) = (
            shape.row(self.goal.blank()),
            shape.column(self.goal.blank()),
        );
        let (mut r0, mut r1, mut c0, mut c1) = (0, shape.height() - 1, 0, shape.width() - 1);
        loop {
            let (height, width) = (r1 - r0 + 1, c1 - c0 + 1);
            if let Some(pdb) = config.finish {
                if (height, width) == (4, 4) && self.finish_with_pdb(pdb, r0, c0, limits)? {
                    return Ok(());
                }
            }
            let last = if self.taught {
                height.min(width) <= 2 && height.max(width) <= 3
            } else {
                height <= 3 && width <= 3
            };
            if last {
                return self.finish_exact(r0, r1, c0, c1, limits);
            }
            let line: Vec<usize> = if height >= width {
                let row = farther(r0, r1, gr);
                self.stages.push(Stage {
                    kind: StageKind::Row(row),
                    placements: Vec::new(),
                });
                let cells = ordered(c0, c1, gc).map(|c| row * shape.width() + c);
                if row == r0 {
                    r0 += 1;
                } else {
                    r1 -= 1;
                }
                cells.collect()
            } else {
                let column = farther(c0, c1, gc);
                self.stages.push(Stage {
                    kind: StageKind::Column(column),
                    placements: Vec::new(),
                });
                let cells = ordered(r0, r1, gr).map(|r| r * shape.width() + column);
                if column == c0 {
                    c0 += 1;
                } else {
                    c1 -= 1;
                }
                cells.collect()
            };
            self.fill_line(&line, config, limits)?;
        }
    }

    /// Places the goal tiles of `line` (in that order, in chunks) and freezes them.
    fn fill_line(
        &mut self,
        line: &[usize],
        config: &StagedConfig,
        limits: &mut Limits,
    ) -> Result<(), SolveOutcome> {
        let chunk = config.chunk.clamp(1, MAX_CHUNK);
        let mut i = 0;
        while i < line.len() {
            let left = line.len() - i;
            let take = if left <= chunk.max(2) {
                left
            } else if left - chunk == 1 {
                chunk - 1
            } else {
                chunk
            };
            let group = &line[i..i + take];
            let budget = (take > 2).then_some(config.chunk_budget);
            match self.place(group, config.weight, budget, limits) {
                Ok(()) => {}
                Err(SolveOutcome::BudgetExhausted) if budget.is_some() => {
                    // Too costly together: one at a time, the line's last two together.
                    let mut j = 0;
                    while j < group.len() {
                        let pair = i + j + 2 == line.len();
                        let part = if pair {
                            &group[j..j + 2]
                        } else {
                            &group[j..=j]
                        };
                        self.place(part, 1.0, None, limits)?;
                        j += part.len();
                    }
                }
                Err(outcome) => return Err(outcome),
            }
            i += take;
        }
        Ok(())
    }

    /// Brings the goal tiles of `cells` home with an exact A* over (their cells, the blank),
    /// then freezes the cells.
    fn place(
        &mut self,
        cells: &[usize],
        weight: f64,
        budget: Option<u64>,
        limits: &mut Limits,
    ) -> Result<(), SolveOutcome> {
        let shape = self.goal.shape();
        let tiles: Vec<u8> = cells.iter().map(|&c| self.goal.tile(c)).collect();
        let targets: Vec<usize> = tiles.iter().map(|&t| self.goal_cell[t as usize]).collect();
        let k = tiles.len();
        // The state: the blank's cell, then each tile's, a byte each.
        let mut start = self.board.blank() as u128;
        for (i, &tile) in tiles.iter().enumerate() {
            let cell = self.board.position_of(tile).expect("tile on the board") as u128;
            start |= cell << (8 * (i + 1));
        }
        let frozen = &self.frozen;
        let cell_of = |state: u128, i: usize| ((state >> (8 * i)) & 0xFF) as usize;
        // Costs are scaled so that the weight can be fractional: a move costs `STEP`.
        const STEP: u32 = 8;
        let scale = (weight.max(1.0) * f64::from(STEP)).round() as u32;
        let successors = |&state: &u128| {
            let blank = cell_of(state, 0);
            Direction::ALL.into_iter().filter_map(move |direction| {
                let to = shape.neighbour(blank, direction)?;
                if frozen[to] {
                    return None;
                }
                let mut next = (state & !0xFF) | to as u128;
                for i in 1..=k {
                    if cell_of(state, i) == to {
                        next = (next & !(0xFF << (8 * i))) | (blank as u128) << (8 * i);
                    }
                }
                Some((next, STEP))
            })
        };
        let heuristic = |&state: &u128| {
            scale
                * (0..k)
                    .map(|i| shape.distance(cell_of(state, i + 1), targets[i]) as u32)
                    .sum::<u32>()
        };
        let success = |&state: &u128| (0..k).all(|i| cell_of(state, i + 1) == targets[i]);
        let saved = limits.max_expanded;
        if let Some(budget) = budget {
            limits.max_expanded = Some(saved.map_or(budget, |b| b.min(budget)));
        }
        let result = astar::astar(&start, successors, heuristic, success, limits);
        limits.max_expanded = saved;
        self.add_stats(&result.stats);
        match result.outcome {
            Outcome::Found { path, .. } => {
                let first = self.moves.len();
                for pair in path.windows(2) {
                    let (from, to) = (cell_of(pair[0], 0), cell_of(pair[1], 0));
                    let direction = shape
                        .direction_between(from, to)
                        .expect("consecutive states differ by one move");
                    self.board.apply(direction);
                    self.moves.push(direction);
                }
                for &target in &targets {
                    self.frozen[target] = true;
                }
                if let Some(stage) = self.stages.last_mut() {
                    stage.placements.push((targets, first..self.moves.len()));
                }
                Ok(())
            }
            Outcome::NoSolution => Err(SolveOutcome::NotFound),
            Outcome::BudgetExhausted => Err(SolveOutcome::BudgetExhausted),
            Outcome::Cancelled => Err(SolveOutcome::Cancelled),
        }
    }

    /// The rectangle as a small board of its own (tiles relabelled by `label`), and its goal.
    fn sub_boards(
        &self,
        r0: usize,
        c0: usize,
        height: usize,
        width: usize,
        label: impl Fn(usize, u8) -> u8,
    ) -> Option<(Board, Board)> {
        let shape = crate::board::Shape::new(width, height).ok()?;
        let full = self.goal.shape();
        let cell = |i: usize| (r0 + i / width) * full.width() + c0 + i % width;
        let mut relabel = vec![0u8; self.goal.cells().len()];
        for i in 0..width * height {
            relabel[self.goal.tile(cell(i)) as usize] = label(i, self.goal.tile(cell(i)));
        }
        let goal: Vec<usize> = (0..width * height)
            .map(|i| relabel[self.goal.tile(cell(i)) as usize] as usize)
            .collect();
        let board: Vec<usize> = (0..width * height)
            .map(|i| relabel[self.board.tile(cell(i)) as usize] as usize)
            .collect();
        Some((
            Board::new(shape, board).ok()?,
            Board::new(shape, goal).ok()?,
        ))
    }

    /// Solves the rectangle left (at most 3x3) optimally with A* and linear conflict.
    fn finish_exact(
        &mut self,
        r0: usize,
        r1: usize,
        c0: usize,
        c1: usize,
        limits: &mut Limits,
    ) -> Result<(), SolveOutcome> {
        let (height, width) = (r1 - r0 + 1, c1 - c0 + 1);
        let mut next = 1u8;
        let mut labels = vec![0u8; height * width];
        for (i, slot) in labels.iter_mut().enumerate() {
            let full = self.goal.shape();
            if self
                .goal
                .tile((r0 + i / width) * full.width() + c0 + i % width)
                != 0
            {
                *slot = next;
                next += 1;
            }
        }
        let (board, goal) = self
            .sub_boards(r0, c0, height, width, |i, _| labels[i])
            .expect("the rectangle holds exactly its goal tiles");
        let config = SolverConfig {
            algorithm: Algorithm::AStar,
            heuristic: HeuristicKind::LinearConflict,
            depth_limit: DEFAULT_DEPTH_LIMIT,
        };
        let solution = solve(&board, &goal, &config, limits).expect("same shape");
        let first = self.moves.len();
        self.finish_moves(solution)?;
        let full = self.goal.shape();
        let cells = (r0..=r1)
            .flat_map(|r| (c0..=c1).map(move |c| r * full.width() + c))
            .filter(|&c| self.goal.tile(c) != 0)
            .collect();
        self.stages.push(Stage {
            kind: StageKind::Last { height, width },
            placements: vec![(cells, first..self.moves.len())],
        });
        Ok(())
    }

    /// Solves the 4x4 left optimally with the database, if its goal matches.
    fn finish_with_pdb(
        &mut self,
        pdb: &AdditivePdb,
        r0: usize,
        c0: usize,
        limits: &mut Limits,
    ) -> Result<bool, SolveOutcome> {
        let target = pdb.goal();
        if target.shape() != crate::board::Shape::square(4).expect("4x4") {
            return Ok(false);
        }
        let full = self.goal.shape();
        let blank_matches = (0..16).all(|i| {
            let is_blank = self.goal.tile((r0 + i / 4) * full.width() + c0 + i % 4) == 0;
            is_blank == (target.tile(i) == 0)
        });
        if !blank_matches {
            return Ok(false);
        }
        let (board, goal) = self
            .sub_boards(r0, c0, 4, 4, |i, _| target.tile(i))
            .expect("the rectangle holds exactly its goal tiles");
        debug_assert_eq!(&goal, target);
        let solution = solve_pdb(&board, pdb, &TunedOptions::default(), limits).expect("4x4");
        self.finish_moves(solution).map(|()| true)
    }

    fn finish_moves(&mut self, solution: Solution) -> Result<(), SolveOutcome> {
        self.add_stats(&solution.stats);
        if solution.outcome != SolveOutcome::Solved {
            return Err(solution.outcome);
        }
        for &direction in &solution.moves {
            self.board.apply(direction);
        }
        self.moves.extend(solution.moves);
        Ok(())
    }

    /// Cuts loops out of the path, then replaces windows by shortest paths between their ends
    /// (the anytime solver's loop cut and window pass).
    fn shorten(&mut self, config: &StagedConfig, limits: &mut Limits) -> Result<(), SolveOutcome> {
        let start = self
            .board
            .after(&reversed(&self.moves))
            .expect("the moves were legal");
        self.moves = shorten::cut_loops(&start, &self.moves);
        if config.window < 2 {
            return Ok(());
        }
        // The node budget of the limits caps each window's search, as it caps every
        // sub-search; the pass itself stops only when the callback cancels.
        let saved = limits.max_expanded.take();
        let cap = saved.map_or(config.window_budget, |b| b.min(config.window_budget));
        let mut budget = Budget::new(limits, f64::INFINITY);
        let window = config.window;
        let (moves, halt) =
            shorten::window_pass(&start, &self.moves, window, window / 2, cap, &mut budget);
        let expanded = budget.expanded();
        limits.max_expanded = saved;
        self.stats.expanded += expanded;
        self.stats.generated += expanded;
        self.moves = moves;
        match halt {
            Some(Halt::Cancelled) => Err(SolveOutcome::Cancelled),
            _ => Ok(()),
        }
    }

    fn add_stats(&mut self, stats: &Stats) {
        self.stats.expanded += stats.expanded;
        self.stats.generated += stats.generated;
        self.stats.max_frontier = self.stats.max_frontier.max(stats.max_frontier);
    }
}

/// The moves that undo `moves`.
fn reversed(moves: &[Direction]) -> Vec<Direction> {
    moves.iter().rev().map(|d| d.opposite()).collect()
}

/// Of the two ends `low` and `high`, the one farther from `keep` (never `keep` itself).
fn farther(low: usize, high: usize, keep: usize) -> usize {
    if keep <= low || (keep < high && keep - low < high - keep) {
        high
    } else {
        low
    }
}

/// `low..=high` starting from the end farther from `toward`, so the line ends near it.
fn ordered(low: usize, high: usize, toward: usize) -> Box<dyn Iterator<Item = usize>> {
    if toward.abs_diff(low) >= toward.abs_diff(high) {
        Box::new(low..=high)
    } else {
        Box::new((low..=high).rev())
    }
}
