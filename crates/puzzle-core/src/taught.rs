//! The method people are taught: put one line of the board home (its tiles one at a time, the
//! last two together with the corner trick), freeze it, and go on with the rectangle left,
//! until a 2x3, 3x2 or 2x2 is left, which is solved at once. The answer is a list of
//! [`Phase`]s a person can follow, each with its name, its tiles and cells, and its moves.
//!
//! Lines are taken from the side of the board farthest from the goal's blank, so it works
//! toward any goal: the standard goal fills the top row, then the left column, and so on;
//! the blank-first goal fills the bottom row first; a goal with the blank inside the board
//! closes in on the blank's cell from the sides farthest from it. Each placement is a
//! shortest one for its tiles (A* over their cells and the blank, the frozen lines as walls:
//! the staged solver's placement, [`crate::suboptimal`]), so the method's answers are much
//! longer than the shortest, but every phase ends with its tiles home and a person can
//! repeat it.
//!
//! ```
//! use puzzle_core::taught::solve_taught;
//! use puzzle_core::{Board, Goal, Limits};
//! let board: Board = "5 1 2 3 0 6 7 4 9 10 11 8 13 14 15 12".parse().unwrap();
//! let goal = Goal::Standard.board(board.shape()).unwrap();
//! let taught = solve_taught(&board, &goal, &mut Limits::default()).unwrap();
//! assert_eq!(taught.phases[0].name, "Row 1: tiles 1 and 2");
//! assert_eq!(taught.phases[1].name, "Row 1: tiles 3 and 4, the corner trick");
//! assert_eq!(board.after(&taught.moves()).unwrap(), goal);
//! ```

use thiserror::Error;

use crate::board::{Board, BoardError};
use crate::heuristic::{Heuristic, HeuristicKind};
use crate::method::Method;
use crate::moves::Direction;
use crate::search::{Limits, Stats};
use crate::solution::Solution;
use crate::solvability::{solvability, Solvability};
use crate::solver::SolveOutcome;
use crate::suboptimal::{place_as_taught, Stage, StageKind};

/// What a phase does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum PhaseKind {
    /// Tiles of a line brought home one at a time.
    Tiles,
    /// The last two tiles of a line, brought home together (the corner trick).
    CornerTrick,
    /// The small rectangle left, solved at once.
    Last,
}

impl PhaseKind {
    /// Its name in JSON: `tiles`, `corner-trick`, `last`.
    pub fn name(self) -> &'static str {
        match self {
            PhaseKind::Tiles => "tiles",
            PhaseKind::CornerTrick => "corner-trick",
            PhaseKind::Last => "last",
        }
    }
}

/// One step of the method: its tiles home, the lines before it untouched.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Phase {
    /// What a person is told: "Row 1: tiles 1 and 2", "Column 1: tiles 5 and 9, the corner
    /// trick", "The last 2x3: tiles 6, 7, 8, 10 and 11".
    pub name: String,
    /// What it does.
    pub kind: PhaseKind,
    /// The tiles it brings home.
    pub tiles: Vec<u8>,
    /// Their goal cells, in the same order.
    pub cells: Vec<usize>,
    /// Its moves of the blank.
    pub moves: Vec<Direction>,
}

/// The method's answer: its phases, in order, and the work of their searches.
#[derive(Clone, Debug, PartialEq)]
pub struct Taught {
    /// The phases; their moves, one after another, solve the board.
    pub phases: Vec<Phase>,
    /// Nodes the placements' searches expanded and generated.
    pub stats: Stats,
}

impl Taught {
    /// Every move, phase after phase.
    pub fn moves(&self) -> Vec<Direction> {
        self.phases
            .iter()
            .flat_map(|p| p.moves.iter().copied())
            .collect()
    }
}

/// Why the method gave no answer.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TaughtError {
    /// The board and the goal do not go together.
    #[error(transparent)]
    Board(#[from] BoardError),
    /// The goal cannot be reached from the board.
    #[error("the goal cannot be reached from this board (the parity differs)")]
    Unsolvable,
    /// A placement's search stopped (the limits' budget, or cancelled).
    #[error("the method stopped: {0:?}")]
    Stopped(SolveOutcome),
}

/// Solves `board` toward `goal` the way people are taught (see the module documentation),
/// within `limits` (each placement's search counts against them).
pub fn solve_taught(
    board: &Board,
    goal: &Board,
    limits: &mut Limits,
) -> Result<Taught, TaughtError> {
    if !solvability(board, goal)?.solvable {
        return Err(TaughtError::Unsolvable);
    }
    let (outcome, stats) = place_as_taught(board, goal, limits);
    let (moves, stages) = outcome.map_err(TaughtError::Stopped)?;
    let phases = stages
        .iter()
        .flat_map(|stage| phases_of(stage, goal, &moves))
        .collect();
    Ok(Taught { phases, stats })
}

/// [`solve_taught`] as a [`Solution`] of [`Method::Taught`] for a board whose parity verdict
/// toward `goal` is known: the moves, never claimed shortest, with linear conflict's lower
/// bound.
pub(crate) fn solve_taught_checked(
    board: &Board,
    goal: &Board,
    verdict: Solvability,
    limits: &mut Limits,
) -> Solution {
    let lower_bound = Heuristic::new(HeuristicKind::LinearConflict, goal).estimate(board);
    let mut solution = Solution::unsolvable(Method::Taught, verdict, Some(lower_bound));
    if !solution.solvability.solvable {
        return solution;
    }
    let start_ms = (limits.clock)();
    let (outcome, stats) = place_as_taught(board, goal, limits);
    solution.stats = stats;
    match outcome {
        Ok((moves, _)) => {
            solution.outcome = SolveOutcome::Solved;
            solution.stats.optimal = moves.len() as u32 == lower_bound;
            solution.moves = moves;
        }
        Err(outcome) => solution.outcome = outcome,
    }
    solution.stats.elapsed_ms = (limits.clock)() - start_ms;
    solution
}

/// The phases of one stage: a line's single placements together, then its last two (the
/// corner trick); or the last rectangle.
fn phases_of(stage: &Stage, goal: &Board, moves: &[Direction]) -> Vec<Phase> {
    let phase = |kind: PhaseKind, placements: &[(Vec<usize>, std::ops::Range<usize>)]| {
        let cells: Vec<usize> = placements.iter().flat_map(|(c, _)| c.clone()).collect();
        let tiles: Vec<u8> = cells.iter().map(|&c| goal.tile(c)).collect();
        let (start, end) = (
            placements.first().map_or(0, |(_, r)| r.start),
            placements.last().map_or(0, |(_, r)| r.end),
        );
        let name = match (&stage.kind, kind) {
            (StageKind::Last { height, width }, _) => {
                format!("The last {width}x{height}: {}", tiles_text(&tiles))
            }
            (line, PhaseKind::CornerTrick) => {
                format!(
                    "{}: {}, the corner trick",
                    line_text(line),
                    tiles_text(&tiles)
                )
            }
            (line, _) => format!("{}: {}", line_text(line), tiles_text(&tiles)),
        };
        Phase {
            name,
            kind,
            tiles,
            cells,
            moves: moves[start..end].to_vec(),
        }
    };
    let placements = &stage.placements;
    if matches!(stage.kind, StageKind::Last { .. }) {
        return vec![phase(PhaseKind::Last, placements)];
    }
    let singles = placements
        .iter()
        .take_while(|(cells, _)| cells.len() == 1)
        .count();
    let mut phases = Vec::new();
    if singles > 0 {
        phases.push(phase(PhaseKind::Tiles, &placements[..singles]));
    }
    if singles < placements.len() {
        phases.push(phase(PhaseKind::CornerTrick, &placements[singles..]));
    }
    phases
}

/// "Row 1", "Column 3".
fn line_text(kind: &StageKind) -> String {
    match kind {
        StageKind::Row(row) => format!("Row {}", row + 1),
        StageKind::Column(column) => format!("Column {}", column + 1),
        StageKind::Last { height, width } => format!("The last {width}x{height}"),
    }
}

/// "tile 5", "tiles 1 and 2", "tiles 1 to 4", "tiles 6, 7, 10 and 11".
fn tiles_text(tiles: &[u8]) -> String {
    let numbers: Vec<String> = tiles.iter().map(u8::to_string).collect();
    let consecutive = tiles
        .windows(2)
        .all(|w| u16::from(w[1]) == u16::from(w[0]) + 1);
    match numbers.as_slice() {
        [] => "no tiles".to_string(),
        [one] => format!("tile {one}"),
        [a, b] => format!("tiles {a} and {b}"),
        [first, .., last] if consecutive => format!("tiles {first} to {last}"),
        [rest @ .., last] => format!("tiles {} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests;
