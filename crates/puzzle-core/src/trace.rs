//! Traced solves for teaching views and lab reports: every step of a generic search on a
//! sliding board, as [`TraceEvent`]s with boards, and as CSV rows.

use std::sync::Arc;

use crate::board::{Board, Shape};
use crate::error::BoardError;
use crate::formula::Formula;
use crate::heuristic::Heuristic;
use crate::method::SolveError;
use crate::search::trace::{Expansion, Fate, Generated, Observer};
use crate::search::Limits;
use crate::solvability::solvability;
use crate::solver::{
    solve, Algorithm, Guide, Method, Node, Packed, Puzzle, Run, Solution, SolverConfig, Store,
    Wide, PACKED_CELLS,
};

/// One step of a traced solve ([`solve_traced`]), with boards for states.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "event", rename_all = "kebab-case"))]
pub enum TraceEvent {
    /// An iteration of IDDFS (depth bound) or IDA* (f bound) starts.
    Iteration {
        /// The bound.
        bound: u32,
    },
    /// A board is expanded (it leaves OPEN and enters CLOSED).
    Expand {
        /// The board.
        board: Board,
        /// Moves from the start along the path the search keeps.
        g: u32,
        /// The heuristic's estimate (0 for blind methods).
        h: u32,
        /// Entries in OPEN after it left (graph searches only).
        open: Option<usize>,
        /// States in CLOSED (graph searches) or on the current path (depth-first searches).
        closed: usize,
    },
    /// A child of the board expanded last.
    Generated {
        /// The child.
        board: Board,
        /// Its cost through the board expanded last.
        g: u32,
        /// Its estimate (0 for blind methods and skipped children).
        h: u32,
        /// What became of it.
        fate: Fate,
    },
    /// The goal is reached: the last event of a solved search.
    Goal {
        /// The goal board.
        board: Board,
        /// The solution's length.
        g: u32,
    },
}

/// [`solve`], telling `on_event` every step of the search (for teaching views and exports).
///
/// The search is the same as [`solve`]'s, node for node; turning states into boards for the
/// events makes it several times slower, so trace small boards or set a budget.
///
/// ```
/// use puzzle_core::trace::{solve_traced, TraceEvent};
/// use puzzle_core::{Board, Limits, SolverConfig};
/// let board: Board = "1 2 3 4 0 5 7 8 6".parse().unwrap();
/// let goal: Board = "1 2 3 4 5 6 7 8 0".parse().unwrap();
/// let mut events = Vec::new();
/// let config = SolverConfig::best_for(board.shape());
/// let solution = solve_traced(&board, &goal, &config, &mut Limits::default(), &mut |e| events.push(e)).unwrap();
/// assert_eq!(solution.length(), Some(2));
/// assert!(matches!(events.last(), Some(TraceEvent::Goal { g: 2, .. })));
/// ```
pub fn solve_traced(
    board: &Board,
    goal: &Board,
    config: &SolverConfig,
    limits: &mut Limits,
    on_event: &mut dyn FnMut(TraceEvent),
) -> Result<Solution, BoardError> {
    let verdict = solvability(board, goal)?;
    if !verdict.solvable {
        return solve(board, goal, config, limits);
    }
    let guide = Guide::BuiltIn(Heuristic::new(config.heuristic, goal));
    let result = traced(board, goal, guide, config, limits, on_event);
    Ok(result.into_solution(Method::Search(*config), verdict))
}

/// [`solve_traced`] for `algorithm` guided by `formula` ([`Method::Formula`]): its answer is
/// not claimed shortest. A formula naming a tile the board lacks is an error.
pub fn solve_formula_traced(
    board: &Board,
    goal: &Board,
    algorithm: Algorithm,
    formula: &Arc<Formula>,
    limits: &mut Limits,
    on_event: &mut dyn FnMut(TraceEvent),
) -> Result<Solution, SolveError> {
    let verdict = solvability(board, goal)?;
    let estimate = formula.bind(goal)?;
    let method = Method::Formula {
        algorithm,
        formula: formula.clone(),
    };
    method.fits(board.shape())?;
    if !verdict.solvable {
        return Ok(Solution::unsolvable(method, verdict, None));
    }
    let config = SolverConfig {
        algorithm,
        ..SolverConfig::best_for(board.shape())
    };
    let result = traced(
        board,
        goal,
        Guide::Formula(Box::new(estimate)),
        &config,
        limits,
        on_event,
    );
    Ok(result.into_solution(method, verdict))
}

/// Runs `config`'s algorithm guided by `guide`, telling `on_event` every step.
fn traced(
    board: &Board,
    goal: &Board,
    guide: Guide,
    config: &SolverConfig,
    limits: &mut Limits,
    on_event: &mut dyn FnMut(TraceEvent),
) -> Run {
    let shape = board.shape();
    let mut trace = BoardTrace { shape, on_event };
    if board.cells().len() <= PACKED_CELLS {
        Puzzle::<Packed>::guided(board, goal, guide).run(config, limits, &mut trace)
    } else {
        Puzzle::<Wide>::guided(board, goal, guide).run(config, limits, &mut trace)
    }
}

/// Turns the search's events on internal states into [`TraceEvent`]s on boards.
struct BoardTrace<'f> {
    shape: Shape,
    on_event: &'f mut dyn FnMut(TraceEvent),
}

fn cost<C: num_traits::ToPrimitive>(value: C) -> u32 {
    value.to_u32().unwrap_or(u32::MAX)
}

impl<S: Store, C: num_traits::ToPrimitive + Copy> Observer<Node<S>, C> for BoardTrace<'_> {
    fn iteration(&mut self, bound: C) {
        (self.on_event)(TraceEvent::Iteration { bound: cost(bound) });
    }

    fn expand(&mut self, step: Expansion<'_, Node<S>, C>) {
        (self.on_event)(TraceEvent::Expand {
            board: step.node.cells.to_board(self.shape),
            g: cost(step.g),
            h: cost(step.h),
            open: step.open,
            closed: step.closed,
        });
    }

    fn generated(&mut self, child: Generated<'_, Node<S>, C>) {
        (self.on_event)(TraceEvent::Generated {
            board: child.node.cells.to_board(self.shape),
            g: cost(child.g),
            h: cost(child.h),
            fate: child.fate,
        });
    }

    fn goal(&mut self, node: &Node<S>, g: C) {
        (self.on_event)(TraceEvent::Goal {
            board: node.cells.to_board(self.shape),
            g: cost(g),
        });
    }
}

/// The header of [`TraceEvent::csv_row`]'s rows.
pub const CSV_HEADER: &str = "step,action,board,g,h,f,fate,open,closed";

impl TraceEvent {
    /// The event as one CSV row under [`CSV_HEADER`]: `step` is the number of expansions so
    /// far, `board` the cells in reading order separated by spaces, empty fields where the
    /// event has no such value.
    ///
    /// ```
    /// use puzzle_core::trace::TraceEvent;
    /// let event = TraceEvent::Expand {
    ///     board: "1 2 3 0".parse().unwrap(), g: 1, h: 1, open: Some(2), closed: 3,
    /// };
    /// assert_eq!(event.csv_row(3), "3,expand,1 2 3 0,1,1,2,,2,3");
    /// ```
    pub fn csv_row(&self, step: usize) -> String {
        let flat = |board: &Board| board.to_flat();
        match self {
            TraceEvent::Iteration { bound } => format!("{step},iteration,,,,{bound},,,"),
            TraceEvent::Expand {
                board,
                g,
                h,
                open,
                closed,
            } => format!(
                "{step},expand,{},{g},{h},{},,{},{closed}",
                flat(board),
                g + h,
                open.map(|o| o.to_string()).unwrap_or_default()
            ),
            // A skipped child is not evaluated: no h or f.
            TraceEvent::Generated {
                board,
                g,
                fate: Fate::Skipped,
                ..
            } => format!("{step},generate,{},{g},,,skipped,,", flat(board)),
            TraceEvent::Generated { board, g, h, fate } => format!(
                "{step},generate,{},{g},{h},{},{},,",
                flat(board),
                g + h,
                fate_name(*fate)
            ),
            TraceEvent::Goal { board, g } => format!("{step},goal,{},{g},0,{g},,,", flat(board)),
        }
    }
}

/// The name of a fate in CSV and JSON.
pub fn fate_name(fate: Fate) -> &'static str {
    match fate {
        Fate::Opened => "opened",
        Fate::Reopened => "reopened",
        Fate::Skipped => "skipped",
        Fate::CutOff => "cut-off",
        Fate::Goal => "goal",
    }
}

/// Writes `events` as CSV (header first), numbering steps by expansions.
pub fn to_csv(events: &[TraceEvent]) -> String {
    let mut out = String::from(CSV_HEADER);
    out.push('\n');
    let mut step = 0;
    for event in events {
        if matches!(event, TraceEvent::Expand { .. }) {
            step += 1;
        }
        out.push_str(&event.csv_row(step));
        out.push('\n');
    }
    out
}
