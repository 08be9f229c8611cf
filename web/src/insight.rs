//! What the page knows about the distance left: exact from a distance table on small
//! boards, from the background solve elsewhere, or from the last solve of this very board.
//! Pure: the table lives in the second worker (see [`crate::hooks::live`]).

use puzzle_core::{Direction, SolveOutcome};

use crate::state::State;

/// Largest board (in cells) whose live count comes from the second worker.
pub const LIVE_MAX_CELLS: usize = 16;
/// Node budget of a live-count solve.
pub const LIVE_BUDGET: u64 = 5_000_000;

/// The true number of moves left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Distance {
    /// Known exactly.
    Known(u32),
    /// Being computed.
    Computing,
    /// Not known (too large, gave up, or unsolvable).
    Unknown,
    /// Not computed: the live count of a big board is switched off.
    Off,
}

/// The distance left and a first move of a shortest solution, when known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Insight {
    /// Moves left on a shortest solution.
    pub distance: Distance,
    /// A move of the blank that starts a shortest solution.
    pub hint: Option<Direction>,
}

/// Whether the exact table covers boards of this size.
pub fn table_size(cells: usize) -> bool {
    cells <= puzzle_core::analysis::MAX_TABLE_CELLS
}

/// Whether the board on screen is counted by the second worker.
pub fn live_size(cells: usize) -> bool {
    !table_size(cells) && cells <= LIVE_MAX_CELLS
}

/// What is known about the board on screen: from the second worker (its exact table on small
/// boards, its search on bigger ones when switched on), else from the last solve of this
/// board and goal.
pub fn insight(state: &State) -> Insight {
    let unknown = Insight {
        distance: Distance::Unknown,
        hint: None,
    };
    if !state.solvability().solvable {
        return unknown;
    }
    if state.is_solved() {
        return Insight {
            distance: Distance::Known(0),
            hint: None,
        };
    }
    let cells = state.puzzle.board.cells().len();
    if live_size(cells) && !state.help.live_on {
        return from_result(state).unwrap_or(Insight {
            distance: Distance::Off,
            hint: None,
        });
    }
    let computing = Insight {
        distance: Distance::Computing,
        hint: None,
    };
    if table_size(cells) || live_size(cells) {
        if let Some(live) = state
            .help
            .live
            .as_ref()
            .filter(|l| l.is_for(&state.puzzle.board, &state.puzzle.goal_board))
        {
            return match live.answer {
                None => computing,
                Some(Some((d, first))) => Insight {
                    distance: Distance::Known(d),
                    hint: first,
                },
                Some(None) => from_result(state).unwrap_or(unknown),
            };
        }
        if table_size(cells) {
            // The request for this board is on its way.
            return computing;
        }
    }
    from_result(state).unwrap_or(unknown)
}

/// From the last solve, if it was of this board and is optimal.
fn from_result(state: &State) -> Option<Insight> {
    let finished = state.solving.result.as_ref()?;
    let solution = &finished.solution;
    if finished.start != state.puzzle.board
        || finished.goal != state.puzzle.goal_board
        || solution.outcome != SolveOutcome::Solved
        || !solution.is_optimal()
    {
        return None;
    }
    Some(Insight {
        distance: Distance::Known(solution.moves.len() as u32),
        hint: solution.moves.first().copied(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::{reduce, Action};
    use puzzle_core::Board;

    #[test]
    fn bigger_boards_use_the_live_answer_for_this_board_only() {
        let board: Board = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15".parse().unwrap();
        let mut state = reduce(&State::default(), Action::Import(board.to_line())).unwrap();
        assert!(live_size(16));
        assert_eq!(insight(&state).distance, Distance::Off);
        state = reduce(&state, Action::ToggleLive).unwrap();
        assert_eq!(insight(&state).distance, Distance::Unknown);
        state = reduce(&state, Action::LiveStarted(1)).unwrap();
        assert_eq!(insight(&state).distance, Distance::Computing);
        let solution = puzzle_core::solve(
            &state.puzzle.board,
            &state.puzzle.goal_board,
            &puzzle_core::SolverConfig::best_for(state.shape()),
            &mut puzzle_core::Limits::default(),
        )
        .unwrap();
        state = reduce(&state, Action::LiveSolved(1, Box::new(solution))).unwrap();
        assert_eq!(
            insight(&state),
            Insight {
                distance: Distance::Known(1),
                hint: Some(Direction::Right)
            }
        );
        state = reduce(&state, Action::MoveBlank(Direction::Left)).unwrap();
        assert_eq!(insight(&state).distance, Distance::Unknown);
    }
}
