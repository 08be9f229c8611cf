//! Near-optimal, anytime solving of big boards (5x5 to 8x8, any rectangle, any goal).
//!
//! Optimal search is out of reach from 5x5 up, and the fast staged method
//! ([`crate::suboptimal::solve_staged`]) is about 1.5 times too long. This solver starts from
//! the staged answer (so the first solution comes as fast; or from the caller's
//! [`AnytimeConfig::start`], so that runs can continue one another, e.g. without tables until
//! they come, then with them) and then keeps shortening it until
//! the time limit ([`AnytimeConfig::time_limit_ms`], read from [`Limits::clock`] only), the node
//! budget or the caller (through the progress callback) stops it, or nothing more is found.
//! Each strictly shorter solution goes to `on_improve` at once. The steps, in order:
//!
//! 1. **Loops** are cut: when a board comes back, the moves in between go.
//! 2. **Windows**: stretches of `w` moves are replaced by a shortest path between their two
//!    end boards (IDA* with Manhattan plus linear conflict toward that board, explicit stack).
//! 3. **Beams** (boards larger than the core, or than 5x5 without tables; `beam.rs`): beam
//!    searches over the whole board, the boards of each depth ranked by linear conflict alone
//!    and the best [`AnytimeTuning::beam_width`] kept, then wider beams while
//!    [`AnytimeTuning::beam_share`] of the time lasts; once the parent links cap the width,
//!    that width on the board's symmetric views and the reverse problems (from the goal to
//!    the board), up to [`AnytimeTuning::beam_problems`] beams. They bring all tiles home together;
//!    the line reduction below brings them a line at a time, which is where its answers lost
//!    most moves. Measured on DeepCubeA's dev states in one run (10 s a board): 6x6 1.240 ->
//!    1.077 times DeepCubeA's lengths (5 boards). With [`WholeTables`] (additive tables of
//!    2x2 blocks over the whole board, `whole.rs`; [`solve_anytime_guided`]), the growing
//!    beams rank by the larger of their estimate and linear conflict instead, for
//!    [`AnytimeTuning::whole_beam_share`] of the time, short of the width the links cap;
//!    at that width the board ranked by other blends of the two estimates (another ranking is
//!    another draw; `beam.rs`, `BLENDS`) then comes first among the other problems, in turn
//!    with those ranked by linear conflict (the board's own first): the rankings keep
//!    different boards. Measured in one run on DeepCubeA's 6x6 dev states: 1.067 -> 1.049 at
//!    10 s (10 boards), 1.026 -> 1.015 at 60 s (3 boards). The tables also guide exact
//!    windows over the whole answer (`whole_windows.rs`, relabelled as in step 5) before the
//!    plain window rounds of step 6.
//! 4. **Core search** (with [`BigTables`]): the solution is cut where the blank enters, for
//!    good, the 5x5 (or smaller) core around the goal's blank that the staged method leaves
//!    last. When the core is the whole board, beams ranked by the tables' estimate come first
//!    (`core_beam.rs`, widths growing as for step 3, while [`AnytimeTuning::core_beam_share`]
//!    of the time lasts): they keep the boards of each depth with the smallest admissible
//!    estimate, a far better ranking than linear conflict, and beat the weighted searches
//!    below for the same time (5x5 dev states, 20 boards, one run: see the README), and
//!    take their place there (the tails and windows after them gain more for the time).
//!    They widen only while beams of their last width ranked by blends of the tables'
//!    estimate and linear conflict still fit, and those run next (another ranking is another
//!    draw; 5x5 at 10 s, work clock: 1.023 -> 1.019 times optimal on DeepCubeA's 248 dev
//!    states, optimal on 97 -> 109 of them).
//!    Otherwise the core is then solved by weighted A* with additive 5-tile pattern databases
//!    (direct and transposed lookups), weights decreasing (2.0, 1.7, ... 1.1), pruned by the
//!    best length so far, until a search exceeds [`AnytimeTuning::core_nodes`] states. On 5x5
//!    and smaller the core is the whole board. On larger boards the path to the core is
//!    searched first (**line reduction**, [`AnytimeTuning::outer_beam`]): the board is
//!    reduced one outer row or column at a time, each line by weighted A* over the positions
//!    of that line's tiles and the blank (the other tiles do not matter), guided by the sum of
//!    exact two-tile-plus-blank costs (tables built by breadth-first search for the current
//!    rectangle, a few milliseconds; the sum overcounts, hence the weights below 1 in
//!    [`AnytimeTuning::outer_weights`]). Each line is searched with every weight and from
//!    every side that can go; a beam keeps the best partial reductions (moves so far plus
//!    linear conflict of the board). The beam's final paths and the staged answer's each get
//!    a quick core search at the first core weight (after the paths are **loosened**: windows
//!    of [`AnytimeTuning::tracked_windows`] moves replaced by the shortest stretch that leaves
//!    the outer tiles and the blank where it left them, any core tile anywhere, `tracked.rs`),
//!    are offered, and the full core search
//!    then runs from the best [`AnytimeTuning::outer_cores`] of them in turn. Once
//!    [`AnytimeTuning::views_share`] of the time is spent, the lines left are searched with
//!    the first weight only and one partial (short time limits: 8x8 at 2 s was 760 moves
//!    without this, against 658 for the symmetric views). With
//!    `outer_beam: 0`, the
//!    staged answers of the board's 8 symmetric views are tried instead and the one with the
//!    shortest way to the core is kept (the schedule before line reduction). Without tables,
//!    boards of at most 25 cells get weighted A* with linear conflict on the whole board
//!    instead.
//!    When the core search's weights are spent (or run out of states), **tails** (`tails.rs`):
//!    weighted A* ([`AnytimeTuning::tail_weight`], adapted to what the last one did) from
//!    boards [`AnytimeTuning::tail_step`] moves apart along the core part of the best answer
//!    toward the goal, each pruned by the moves it must beat; on boards larger than the core
//!    they come after the plain window rounds of step 6 and take at most half the time left.
//!    Measured on DeepCubeA's 5x5 dev states (20 boards, one run, 10 s a board): 1.045 ->
//!    1.033 times optimal, boards solved optimally 2 -> 6; the guided windows alone had
//!    converged (their searches capped) with most of the time left.
//! 5. **Guided windows** (with tables): the part of the solution inside the core, in windows
//!    of [`AnytimeTuning::guided_windows`] moves, each searched exactly by IDA* with the
//!    tables relabelled toward the window's end board (`guided.rs`: the renamed groups'
//!    entries plus Manhattan for the tiles the renaming leaves out, an admissible estimate
//!    far stronger than linear conflict), in rounds until one gains nothing; a quick round
//!    (windows capped at [`AnytimeTuning::guided_quick_nodes`]) also follows each core
//!    search's answer. Measured on DeepCubeA's 5x5 dev states (20 boards, one run): 1.083 ->
//!    1.070 times optimal at 1 s, level at 5 s (1.048 / 1.050) and on Korf's 24-puzzles:
//!    they do what the plain windows, longer windows and weighted windows did, in fewer
//!    steps. When the core is the whole board they replace those passes below.
//! 6. **Window rounds**: windows from [`AnytimeTuning::min_window`] to
//!    [`AnytimeTuning::max_window`] until a round gains nothing, then
//!    [`AnytimeTuning::extra_rounds`] passes of longer windows with larger budgets, then long
//!    windows ([`AnytimeTuning::weighted_windows`]) by weighted A*. On boards larger than the
//!    core, time left after that runs the rounds again on the new answer with twice the
//!    expansions a window, while they gain ([`AnytimeConfig::passes_again`]).
//! 7. **Beam windows** (with whole-board tables, `beam_windows.rs`), in the time left until
//!    the limit: stretches of [`AnytimeTuning::beam_window_span`] moves ending where the
//!    blank is on the goal's blank cell (seen through a flip or the transposition) are
//!    searched again by beams ranked by the whole-board tables, the stretch's start renamed so
//!    that its end is the goal; each pass that gains nothing is followed by one twice as wide.
//!
//! Why: the staged method wastes most moves where tiles are brought home a line at a time;
//! exact searches of short stretches remove local waste at any size without tables, and the
//! pattern databases make a strong whole-board search possible where they fit. Measured and
//! dropped: optimal "tails" (A* with the tables from a late board of the solution: little
//! gain for the time), weighted A* with linear conflict on 6x6 and up (finds nothing within
//! 2M states at weight 3). Line reduction, measured against the staged views on the same
//! seeded boards: with the admissible line estimate (Manhattan, conflicts in the line, the
//! blank's distance) as the guide, weighted A* at weight 1.5-2 hits 300k states on most
//! columns and at weight 3 gives lines no shorter than the staged method's (which does the
//! same search); the two-tile-plus-blank guide at weight 0.7 cuts the path to the core on
//! 6x6 from about 121-142 moves to 107-129. A wider beam (8 instead of 4) found the same
//! paths on 6x6; 1M states a line search and weights down to 0.45 found nothing better
//! (the low weights run out of states); ranking the paths by moves plus linear conflict
//! picks worse wholes than the quick core search does; full core searches from 3 paths
//! instead of 1 gained under 1 move (kept: it uses time that was idle).
//!
//! The core search, the whole-board search, the line searches and the weighted windows are
//! one weighted A* (`best_first.rs`: the least `g + weight * h` first, deeper first on ties,
//! no re-opening, the blank never straight back, pruned by the best length so far, a cap on
//! the states held), each over its own packed states and estimate.
//!
//! Tables: one set per goal, for its core only, so every size from 5x5 to 8x8 needs 25.8 MB
//! (4x4 cores and smaller need far less); see [`BigTables`]. Search memory: the core search
//! holds about 55 bytes a state (2M states by default, ~110 MB at worst), the whole-board
//! search about 80 (1M by default); lower [`AnytimeTuning::core_nodes`] for a browser if
//! needed. A line search of the line reduction holds about 60 bytes a state (300k by
//! default, ~18 MB), freed before the core search starts, so the peak does not grow. A beam
//! holds half a byte a board kept at every depth ([`AnytimeTuning::beam_links`]: 32M, 16 MB
//! at most), its widest depth and a table of seen boards (16 entries of 8 bytes a board of the
//! width), all freed when it ends; a core beam as much, plus 12 bytes a board of its widest
//! depth for the groups' entries.
//!
//! The lower bound is admissible: linear conflict of the start, the pattern-database
//! estimate when the tables cover the whole board (5x5 and smaller), or the whole-board
//! tables' estimate, whichever is largest.
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

pub(crate) mod budget;
mod core;
pub(crate) mod engines;
#[cfg(test)]
mod fingerprint;
mod phases;
mod plan;
mod run;
mod tables;
mod tuning;

pub use tables::{total_entries, BigTables, WholeTables};
#[doc(hidden)]
pub use tuning::AnytimeTuning;

use crate::board::Board;
use crate::error::BoardError;
use crate::heuristic::{Heuristic, HeuristicKind};
use crate::method::Method;
use crate::moves::Direction;
use crate::search::Limits;
use crate::solution::{Solution, SolveOutcome};
use crate::solvability::{solvability, Solvability};
use crate::suboptimal::Approximate;

use budget::{Budget, Halt};
use plan::{Plan, Regime};
use run::Run;

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
    /// The solver's knobs, for the big-board benchmark to compare settings (the defaults are
    /// the product's).
    #[doc(hidden)]
    pub tuning: AnytimeTuning,
}

impl Default for AnytimeConfig {
    fn default() -> Self {
        AnytimeConfig {
            time_limit_ms: 2000.0,
            start: None,
            work_clock: None,
            tuning: AnytimeTuning::default(),
        }
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
    let bound = guides.core.and_then(|t| t.bind(goal));
    let tables = bound.as_ref();
    let whole = guides.whole.filter(|w| w.goal() == goal).cloned();
    let whole_bound = whole.as_ref().map_or(0, |w| w.estimate(board.cells()));
    let lower_bound = lower_bound(board, goal, tables).max(whole_bound);
    let method = Method::Anytime {
        time_limit_ms: config.time_limit_ms.clamp(0.0, f64::from(u32::MAX)) as u32,
    };
    if !verdict.solvable {
        return Ok(unsolved(
            method,
            SolveOutcome::Unsolvable,
            verdict,
            lower_bound,
        ));
    }
    let mut run = Run {
        method,
        start: board.clone(),
        goal: goal.clone(),
        verdict,
        lower_bound,
        best: None,
        whole,
        on_improve,
        budget: Budget::new(limits, config.time_limit_ms).counting(config.work_clock),
    };
    let plan = Plan::new(
        Regime::of(tables),
        run.whole.is_some(),
        goal.cells().len(),
        &config.tuning,
    );
    let halt = run.improve(&plan, config).err();
    let outcome = match (&run.best, halt) {
        (Some(_), _) => SolveOutcome::Solved,
        (None, Some(Halt::Cancelled)) => SolveOutcome::Cancelled,
        (None, _) => SolveOutcome::BudgetExhausted,
    };
    match run.best.take() {
        Some(moves) => Ok(run.answer(moves)),
        None => Ok(unsolved(method, outcome, run.verdict, lower_bound)),
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

/// Where the moves of a solution go on a board larger than the tables' core.
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

fn unsolved(
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
