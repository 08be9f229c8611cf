//! Near-optimal, anytime solving of big boards (5x5 to 8x8, any rectangle, any goal).
//!
//! Optimal search is out of reach from 5x5 up, and the staged method
//! ([`crate::suboptimal::solve_staged`]) is about 1.5 times too long. This solver starts from
//! the staged answer (or the caller's [`AnytimeConfig::start`], so that runs can continue one
//! another) and keeps shortening it until the time limit ([`AnytimeConfig::time_limit_ms`],
//! read from [`Limits::clock`] only), the node budget or the caller (through the progress
//! callback) stops it, or nothing more is found; each strictly shorter solution goes to
//! `on_improve` at once. Which phases run, in which order, the board's plan says
//! (`plan.rs`: by whether the core's tables cover the board, a larger board, or no tables;
//! and whole-board tables or not). The phases (`phases/`):
//!
//! - **First answer**: the caller's start if it solves the board, else the staged answers;
//!   loops cut (a board that comes back drops the moves in between).
//! - **Windows**: stretches of the answer replaced by a shortest path between their end boards
//!   (IDA* with linear conflict), in rounds of growing windows until one gains nothing, then
//!   longer windows and windows searched by weighted A*.
//! - **Beams** (boards over 25 cells): beam searches over the whole board ranked by linear
//!   conflict, or by the whole-board tables ([`WholeTables`]) when given, growing while their
//!   share of the time lasts, then the widest on the board's views and reverse problems.
//! - **Core beams** (the core's tables cover the board): beams ranked by the tables' estimate,
//!   then by blends of it and linear conflict.
//! - **Paths to the core** (boards larger than the core, 5x5 at most, around the goal's blank):
//!   the board reduced one outer line at a time by weighted A* (up to 7x7), or the staged
//!   answers of its symmetric views; each path loosened by windows that only keep the outer
//!   tiles home.
//! - **Core search**: weighted A* on the core with its pattern databases ([`BigTables`]),
//!   weights decreasing; without tables on boards of at most 25 cells, on the whole board
//!   with linear conflict.
//! - **Tails**: weighted A* from boards along the core part of the answer toward the goal,
//!   each pruned by the moves it must beat.
//! - **Guided windows** (with tables): windows of the core part (or, with whole-board tables,
//!   of the whole answer) searched exactly by IDA* with the tables relabelled toward the
//!   window's end board.
//! - **Beam windows** (with whole-board tables, the time left): stretches ending where the
//!   blank is on the goal's blank cell searched again by beams the tables rank.
//!
//! With [`Limits::threads`] above 1 (natively), the plan runs on that many threads side by
//! side, each another draw (other tie-breaking in its beams, its share of the other rankings,
//! views and reverse problems), sharing the best answer (`lanes.rs`); with 1, on the calling
//! thread alone.
//!
//! The searches the phases run are in `engines/` (beam, one weighted A* over packed states,
//! IDA* walks), the tables in `tables/`. The lower bound is admissible: linear conflict of the
//! start, the core tables' estimate when they cover the whole board, or the whole-board
//! tables' estimate, whichever is largest. Why each phase is there, with its measurements,
//! and the memory each holds: `docs/BENCHMARKS.md` ("Why the anytime phases are there").
//!
//! ```
//! use puzzle_core::anytime::{solve_anytime, AnytimeConfig};
//! use puzzle_core::generate::{scramble_seeded, Scramble};
//! use puzzle_core::{Goal, Limits, Shape, SolveOutcome};
//! let goal = Goal::Standard.board(Shape::square(6).unwrap()).unwrap();
//! let board = scramble_seeded(&goal, Scramble::Uniform, true, 1);
//! let config = AnytimeConfig { time_limit_ms: 200.0, ..AnytimeConfig::default() };
//! let mut lengths = Vec::new();
//! let answer = solve_anytime(&board, &goal, None, &config, &mut Limits::default(),
//!     &mut |better| lengths.push(better.solution.moves.len())).unwrap();
//! assert_eq!(answer.solution.outcome, SolveOutcome::Solved);
//! assert_eq!(board.after(&answer.solution.moves).unwrap(), goal);
//! assert_eq!(lengths.last(), Some(&answer.solution.moves.len()));
//! ```

mod core;
pub(crate) mod engines;
#[cfg(test)]
mod fingerprint;
mod lanes;
mod phases;
mod plan;
mod prove;
mod run;
mod tables;
mod tuning;

pub use prove::{prove_bound, Proof};
pub use tables::{total_entries, BigTables, Strength, TableSet, WholeTables};
#[doc(hidden)]
pub use tuning::{
    AnytimeTuning, BeamKnobs, CoreKnobs, GuidedKnobs, TailKnobs, ToCoreKnobs, WindowKnobs,
};

use crate::board::Board;
use crate::error::BoardError;
use crate::heuristic::{Heuristic, HeuristicKind};
use crate::method::Method;
use crate::moves::Direction;
use crate::search::Limits;
use crate::solution::{Solution, SolveOutcome};
use crate::solvability::{solvability, Solvability};
use crate::suboptimal::Approximate;

use crate::budget::shared::Lane;
use crate::budget::{Budget, Halt};
use plan::{Plan, Regime};
use run::{Problem, Run};

/// What a caller of the anytime solver chooses: how long it runs, where it starts and how its
/// time is counted (the node budget is [`Limits::max_expanded`]).
#[derive(Clone, Debug, PartialEq)]
pub struct AnytimeConfig {
    /// Time to spend improving, in milliseconds of [`Limits::clock`] (on wasm32 the caller must
    /// set a clock, e.g. `performance.now()`, or the node budget is the only limit).
    pub time_limit_ms: f64,
    /// Moves solving the board to start from (an earlier run's answer, say), so that runs can
    /// continue one another: when they solve it, they are the first incumbent and the staged
    /// answers are skipped (the answer is then never longer than them); otherwise ignored.
    pub start: Option<Vec<Direction>>,
    /// Expansions a millisecond stands for, for comparing settings: when set, the time limit
    /// and every share of it count expansions instead of reading the clock, so that a run
    /// repeats exactly whatever the machine's load (1500 expansions a millisecond is about
    /// real time for a 5x5 solve on the machine the README's figures come from). `None` (the
    /// default): the clock.
    pub work_clock: Option<f64>,
    /// Which of several runs of one solve that a caller starts side by side itself this run
    /// is (the page runs one in each of two web workers): run `index` of `count` makes the
    /// draws lane `index` of a solve on `count` threads makes, so that the runs' answers
    /// differ and the caller keeps the shortest. The default, run 0 of 1, is a plain run;
    /// ignored with [`Limits::threads`] above 1.
    pub lane: LaneOf,
}

impl Default for AnytimeConfig {
    fn default() -> Self {
        AnytimeConfig {
            time_limit_ms: f64::from(crate::method::DEFAULT_ANYTIME_MS),
            start: None,
            work_clock: None,
            lane: LaneOf::default(),
        }
    }
}

/// One run's settings: the caller's configuration and the solver's knobs (the product's,
/// unless the bench set others through [`solve_anytime_tuned`]). The phases read them.
#[derive(Clone, Debug)]
pub(crate) struct Settings {
    /// The caller's configuration.
    pub(crate) config: AnytimeConfig,
    /// The knobs.
    pub(crate) tuning: AnytimeTuning,
}

impl Settings {
    /// `config` with the product's knobs.
    pub(crate) fn product(config: &AnytimeConfig) -> Settings {
        Settings {
            config: config.clone(),
            tuning: AnytimeTuning::default(),
        }
    }
}

/// Run `index` of `count` runs of one solve ([`AnytimeConfig::lane`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LaneOf {
    /// This run's place, from 0 (taken modulo `count`).
    pub index: usize,
    /// How many runs there are (0 counts as 1).
    pub count: usize,
}

impl Default for LaneOf {
    fn default() -> Self {
        LaneOf { index: 0, count: 1 }
    }
}

/// Solves `board` toward `goal` near-optimally (see the module documentation), calling
/// `on_improve` with each strictly shorter solution, the first one included.
///
/// Stops at the time limit of `config`, when `limits.max_expanded` expansions are spent, or when
/// the progress callback returns `Break`; the best solution so far is returned (outcome
/// [`SolveOutcome::Solved`]) if one was found. `tables` must serve `goal` ([`BigTables::serves`];
/// others are ignored). Unsolvable boards are answered from parity; the only error is a size mismatch.
pub fn solve_anytime(
    board: &Board,
    goal: &Board,
    tables: Option<&BigTables>,
    config: &AnytimeConfig,
    limits: &mut Limits,
    on_improve: &mut dyn FnMut(&Approximate),
) -> Result<Approximate, BoardError> {
    let guides = Guides {
        core: tables,
        whole: None,
    };
    solve_anytime_guided(board, goal, guides, config, limits, on_improve)
}

/// The tables a solve may use: the core's ([`BigTables`]) and the whole board's
/// ([`WholeTables`], toward the same goal; others are ignored).
#[derive(Clone, Copy, Debug, Default)]
pub struct Guides<'t> {
    /// The core's tables.
    pub core: Option<&'t BigTables>,
    /// The whole board's tables.
    pub whole: Option<&'t WholeTables>,
}

/// [`solve_anytime`] with whole-board tables too: beams on boards larger than the core rank
/// by them, and the lower bound is at least their estimate.
pub fn solve_anytime_guided(
    board: &Board,
    goal: &Board,
    guides: Guides,
    config: &AnytimeConfig,
    limits: &mut Limits,
    on_improve: &mut dyn FnMut(&Approximate),
) -> Result<Approximate, BoardError> {
    let verdict = solvability(board, goal)?;
    let settings = Settings::product(config);
    Ok(solve_anytime_checked(
        board, goal, verdict, guides, &settings, limits, on_improve,
    ))
}

/// [`solve_anytime_guided`] with the knobs `tuning` instead of the product's: for the
/// big-board benchmark to compare settings, and for tests that switch phases off.
#[doc(hidden)]
pub fn solve_anytime_tuned(
    board: &Board,
    goal: &Board,
    guides: Guides,
    config: &AnytimeConfig,
    tuning: &AnytimeTuning,
    limits: &mut Limits,
    on_improve: &mut dyn FnMut(&Approximate),
) -> Result<Approximate, BoardError> {
    let verdict = solvability(board, goal)?;
    let settings = Settings {
        config: config.clone(),
        tuning: tuning.clone(),
    };
    Ok(solve_anytime_checked(
        board, goal, verdict, guides, &settings, limits, on_improve,
    ))
}

/// [`solve_anytime_guided`] for a board whose parity verdict toward `goal` is known:
/// `verdict` is [`solvability`]`(board, goal)` (so the shapes match), or that of a problem a
/// relabelling made this one of (the same `solvable`), computed once at the entry
/// ([`crate::dispatch`]); the staged answers the solve starts from take it on.
pub(crate) fn solve_anytime_checked(
    board: &Board,
    goal: &Board,
    verdict: Solvability,
    guides: Guides,
    settings: &Settings,
    limits: &mut Limits,
    on_improve: &mut dyn FnMut(&Approximate),
) -> Approximate {
    let bound = guides.core.and_then(|t| t.bind(goal));
    let tables = bound.as_ref();
    let whole = guides.whole.filter(|w| w.goal() == goal).cloned();
    let whole_bound = whole.as_ref().map_or(0, |w| w.estimate(board.cells()));
    let lower_bound = lower_bound(board, goal, tables).max(whole_bound);
    let method = Method::Anytime {
        time_limit_ms: settings
            .config
            .time_limit_ms
            .clamp(0.0, f64::from(u32::MAX)) as u32,
    };
    if !verdict.solvable {
        return unsolved(method, SolveOutcome::Unsolvable, verdict, lower_bound);
    }
    let plan = Plan::new(
        Regime::of(tables),
        whole.is_some(),
        goal.cells().len(),
        &settings.tuning,
    );
    let problem = Problem {
        method,
        start: board.clone(),
        goal: goal.clone(),
        verdict,
        lower_bound,
        whole,
    };
    // Threads where they exist (never on wasm32, where spawning fails).
    if limits.threads > 1 && cfg!(not(target_arch = "wasm32")) {
        return lanes::solve(&problem, &plan, settings, limits, on_improve);
    }
    let config = &settings.config;
    let mut budget = Budget::new(limits, config.time_limit_ms).counting(config.work_clock);
    if config.lane.count > 1 {
        budget = budget.in_lane(Lane::alone(config.lane.index, config.lane.count));
    }
    let mut run = Run::new(&problem, on_improve, budget);
    let halt = run.improve(&plan, settings).err();
    match (run.best.take(), halt) {
        (Some(moves), _) => run.answer(moves),
        (None, Some(Halt::Cancelled)) => problem.unsolved(SolveOutcome::Cancelled),
        (None, _) => problem.unsolved(SolveOutcome::BudgetExhausted),
    }
}

/// An admissible lower bound: linear conflict of `board`, or the tables' estimate when they
/// cover the whole board, whichever is larger.
pub fn lower_bound(board: &Board, goal: &Board, tables: Option<&BigTables>) -> u32 {
    let lc = if board.shape() == goal.shape() {
        Heuristic::new(HeuristicKind::LinearConflict, goal).estimate(board)
    } else {
        0
    };
    let pdb = tables
        .and_then(|t| t.bind(goal))
        .filter(BigTables::covers_whole_board)
        .map_or(0, |t| t.estimate_whole(board));
    lc.max(pdb)
}

/// Where the moves of a solution go on a board larger than the tables' core (for the
/// big-board benchmark).
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CoreSplit {
    /// Moves before the blank enters the core for good (they bring the outer tiles home).
    pub outer_moves: usize,
    /// Moves inside the core.
    pub core_moves: usize,
    /// The tables' admissible estimate of the core at the cut: no core part is shorter.
    pub core_bound: u32,
}

/// Splits `moves`, a solution of `board` toward `goal`, where the blank enters the core of
/// `tables` for good; `None` if the tables do not serve `goal` or the board there does not
/// reduce to the core. For measuring where an answer's moves go (the big-board benchmark).
#[doc(hidden)]
pub fn split_at_core(
    board: &Board,
    goal: &Board,
    moves: &[Direction],
    tables: &BigTables,
) -> Option<CoreSplit> {
    let tables = tables.bind(goal)?;
    let split = core::split(board, moves, &tables)?;
    Some(CoreSplit {
        outer_moves: split.prefix.len(),
        core_moves: moves.len() - split.prefix.len(),
        core_bound: tables.estimate_core(split.core_start.cells()),
    })
}

pub(crate) fn unsolved(
    method: Method,
    outcome: SolveOutcome,
    verdict: Solvability,
    lower_bound: u32,
) -> Approximate {
    Approximate {
        solution: Solution {
            outcome,
            ..Solution::unsolvable(method, verdict, Some(lower_bound))
        },
        lower_bound,
        bound_ratio: f64::NAN,
    }
}
