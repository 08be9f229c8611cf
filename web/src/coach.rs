//! What the page knows about the distance left: exact from a distance table on small
//! boards, from the background solve elsewhere, or from the last solve of this very board;
//! and on every size the range it lies in ([`Bounds`]: at least the estimate, at most an
//! answer known for the board). Pure: the table lives in the second worker (see
//! [`crate::hooks::coach`]).

use puzzle_core::{Direction, Heuristic, HeuristicKind, SolveOutcome};

use crate::state::State;

/// Largest board (in cells) whose exact count comes from the second worker.
pub const COUNT_MAX_CELLS: usize = 16;
/// Node budget of a live-count solve.
pub const COUNT_BUDGET: u64 = 5_000_000;

/// The true number of moves left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Distance {
    /// Known exactly.
    Known(u32),
    /// Being computed.
    Computing,
    /// Not known (too large, gave up, or unsolvable).
    Unknown,
    /// Not computed: the exact count of a big board is switched off.
    Off,
}

/// The range the distance left lies in, whatever the size: what the page shows when the
/// exact number is not known.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bounds {
    /// Every solution needs at least this many moves (the linear-conflict estimate, or a
    /// solve's stronger lower bound for this board).
    pub at_least: u32,
    /// The length of the shortest answer known for this board (a solve's, or what is left of
    /// the answer being played back), if any.
    pub at_most: Option<u32>,
}

impl Bounds {
    /// The exact distance, when the range has closed.
    pub fn exact(&self) -> Option<u32> {
        self.at_most.filter(|&most| most <= self.at_least)
    }
}

/// The distance left and a first move of a shortest solution, when known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Known {
    /// Moves left on a shortest solution.
    pub distance: Distance,
    /// A move of the blank that starts a shortest solution.
    pub hint: Option<Direction>,
    /// The range it lies in (for when it is not known).
    pub bounds: Bounds,
}

/// Whether the exact table covers boards of this size.
pub fn table_size(cells: usize) -> bool {
    cells <= puzzle_core::analysis::MAX_TABLE_CELLS
}

/// Whether the board on screen is counted by the second worker.
pub fn count_size(cells: usize) -> bool {
    !table_size(cells) && cells <= COUNT_MAX_CELLS
}

/// What is known about the board on screen: from the second worker (its exact table on small
/// boards, its search on bigger ones when switched on), else from the last solve of this
/// board and goal.
pub fn known(state: &State) -> Known {
    let known = distance(state);
    Known {
        bounds: bounds(state),
        ..known
    }
}

/// The range of the distance left on the board on screen: at least the linear-conflict
/// estimate (or a solve's lower bound for this board), at most the shortest answer known for
/// it (a finished or running solve of this board, or the rest of the answer playing back).
pub fn bounds(state: &State) -> Bounds {
    let (board, goal) = (&state.puzzle.board, &state.puzzle.goal_board);
    let estimate = Heuristic::new(HeuristicKind::LinearConflict, goal).estimate(board);
    let finished = state
        .solving
        .result
        .as_ref()
        .filter(|f| &f.start == board && &f.goal == goal);
    let running = state
        .solving
        .running
        .as_ref()
        .filter(|r| &r.start == board && &r.goal == goal);
    let answers = finished
        .into_iter()
        .flat_map(|f| f.answers())
        .chain(running.into_iter().flat_map(|r| r.improved.iter()));
    let mut at_least = estimate;
    let mut at_most: Option<u32> = None;
    let mut shorter = |length: u32| at_most = Some(at_most.map_or(length, |m| m.min(length)));
    for answer in answers {
        if let Some(length) = answer.length() {
            shorter(length as u32);
        }
        at_least = at_least.max(answer.lower_bound.unwrap_or(0));
    }
    if let Some(playback) = state.playback.as_ref().filter(|p| &p.board() == board) {
        shorter(playback.moves.len().saturating_sub(playback.step) as u32);
    }
    Bounds { at_least, at_most }
}

/// What is known exactly about the distance left (see [`known`]).
fn distance(state: &State) -> Known {
    let unknown = Known {
        distance: Distance::Unknown,
        hint: None,
        bounds: Bounds::default(),
    };
    if !state.solvability().solvable {
        return unknown;
    }
    if state.is_solved() {
        return Known {
            distance: Distance::Known(0),
            ..unknown
        };
    }
    let cells = state.puzzle.board.cells().len();
    if count_size(cells) && !state.coach.count_on {
        return from_result(state).unwrap_or(Known {
            distance: Distance::Off,
            ..unknown
        });
    }
    let computing = Known {
        distance: Distance::Computing,
        ..unknown
    };
    if table_size(cells) || count_size(cells) {
        if let Some(live) = state
            .coach
            .count
            .as_ref()
            .filter(|l| l.is_for(&state.puzzle.board, &state.puzzle.goal_board))
        {
            return match live.answer {
                None => computing,
                Some(Some((d, first))) => Known {
                    distance: Distance::Known(d),
                    hint: first,
                    ..unknown
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
fn from_result(state: &State) -> Option<Known> {
    let finished = state.solving.result.as_ref()?;
    let solution = &finished.solution;
    if finished.start != state.puzzle.board
        || finished.goal != state.puzzle.goal_board
        || solution.outcome != SolveOutcome::Solved
        || !solution.is_optimal()
    {
        return None;
    }
    Some(Known {
        distance: Distance::Known(solution.moves.len() as u32),
        hint: solution.moves.first().copied(),
        bounds: Bounds::default(),
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
        assert!(count_size(16));
        assert_eq!(known(&state).distance, Distance::Off);
        state = reduce(&state, Action::ToggleCount).unwrap();
        assert_eq!(known(&state).distance, Distance::Unknown);
        state = reduce(&state, Action::CountStarted(1)).unwrap();
        assert_eq!(known(&state).distance, Distance::Computing);
        let solution = puzzle_core::solve(
            &state.puzzle.board,
            &state.puzzle.goal_board,
            &puzzle_core::SolverConfig::best_for(state.shape()),
            &mut puzzle_core::Limits::default(),
        )
        .unwrap();
        state = reduce(&state, Action::CountSolved(1, Box::new(solution))).unwrap();
        let here = known(&state);
        assert_eq!(
            (here.distance, here.hint),
            (Distance::Known(1), Some(Direction::Right))
        );
        state = reduce(&state, Action::MoveBlank(Direction::Left)).unwrap();
        assert_eq!(known(&state).distance, Distance::Unknown);
    }

    /// A greedy answer of a 5x5 gives the range's top (what is left of it on the board shown); the estimate its bottom; the answer
    /// playing back lowers the top step by step.
    #[test]
    fn the_range_runs_from_the_estimate_to_the_shortest_answer_known() {
        let goal = puzzle_core::Goal::Standard
            .board(puzzle_core::Shape::square(5).unwrap())
            .unwrap();
        let board = puzzle_core::generate::scramble_seeded(
            &goal,
            puzzle_core::generate::Scramble::Walk(40),
            true,
            7,
        );
        let mut state = reduce(&State::default(), Action::Import(board.to_line())).unwrap();
        let estimate = Heuristic::new(HeuristicKind::LinearConflict, &goal).estimate(&board);
        assert_eq!(
            bounds(&state),
            Bounds {
                at_least: estimate,
                at_most: None
            }
        );
        state = reduce(
            &state,
            Action::SetMethod(puzzle_core::Method::search(puzzle_core::Algorithm::Greedy)),
        )
        .unwrap();
        state = reduce(&state, Action::SolveStarted(1)).unwrap();
        let config = state.effective_method().search_config().copied().unwrap();
        let solution =
            puzzle_core::solve(&board, &goal, &config, &mut puzzle_core::Limits::default())
                .unwrap();
        let length = solution.moves.len() as u32;
        state = reduce(&state, Action::Solved(1, Box::new(solution))).unwrap();
        // The playback shows its first move at once: one move of the answer is behind.
        assert_eq!(state.playback.as_ref().map(|p| p.step), Some(1));
        assert_eq!(bounds(&state).at_most, Some(length - 1));
        state = reduce(
            &state,
            Action::Playback(crate::state::PlaybackAction::Seek(3)),
        )
        .unwrap();
        assert_eq!(bounds(&state).at_most, Some(length - 3));
    }
}
