//! The puzzle slice: the board on screen and the goal (its rule and its board). The board and
//! the goal always have the same shape. The hand moves themselves (to count, undo and time
//! them) are the play slice's.

use super::{scrambled, EditorsChange, State};
use puzzle_core::{solvability, swap_fix, Board, Direction, Goal, Shape, Solvability};

/// New boards and goals: the puzzle changes, the editors follow, and what belonged to the old
/// board goes (result, playback, hint; the method on a new size).
#[derive(Clone, Debug, PartialEq)]
pub enum PuzzleAction {
    /// A new board size: a new game, scrambled (the chosen kind of scramble) from a random
    /// `seed` chosen at the edge, so that it can reach the goal and is not solved.
    SetShape(Shape, u64),
    /// A named goal (standard, blank-first, snail): a new game for it, as for a size.
    SetGoal(Goal, u64),
    /// Text typed into the custom-goal field: when it reads as a goal, a new game for it (as
    /// for a size), else the field's error.
    GoalText(String, u64),
    /// A scrambled board, made at the edge (see [`super::scrambled`]).
    Scramble(Board),
    /// Scrambles with a random `seed` chosen at the edge (the board follows from the seed).
    ScrambleSeeded(u64),
    /// Uses the edited board.
    ApplyEdit,
    /// Swaps two tiles so that an unsolvable board becomes solvable.
    SwapFix,
    /// Text of an imported file, a drop or a paste: parsed like the edit field.
    Import(String),
    /// A board from the generator panel, with its goal.
    Generated(Goal, Board),
}

/// The board and the goal.
#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    /// The goal rule (a named layout or a custom board).
    pub goal: Goal,
    /// The goal for the current shape.
    pub goal_board: Board,
    /// The board on screen.
    pub board: Board,
}

/// What changes the puzzle: what the top-level reducer tells this slice (the page's own actions
/// are [`super::PuzzleAction`], [`super::PlayAction`] and others, which it turns into these).
#[derive(Clone, Debug, PartialEq)]
pub enum PuzzleChange {
    /// Slides the blank along these moves (a hand move, or one taken back or made again);
    /// ignored if empty or illegal.
    Slide(Vec<Direction>),
    /// A new board (scramble, edit, import); on a new shape the goal rule
    /// gives the goal, or the standard goal if it cannot (a custom goal of another size).
    SetBoard(Board),
    /// A position of a played-back solution: the board only.
    Show(Board),
    /// A goal rule for the current shape (ignored if it does not fit).
    SetGoal(Goal),
    /// A board with its goal rule (from the generator; ignored if the goal does not fit).
    Generated(Goal, Board),
}

impl Puzzle {
    /// A solved board of `shape` towards `goal` (standard if the goal does not fit the shape).
    pub fn new(shape: Shape, goal: Goal) -> Puzzle {
        let (goal, goal_board) = match goal.board(shape) {
            Ok(board) => (goal, board),
            Err(_) => (Goal::Standard, standard(shape)),
        };
        Puzzle {
            goal,
            board: goal_board.clone(),
            goal_board,
        }
    }

    /// The board's size.
    pub fn shape(&self) -> Shape {
        self.board.shape()
    }

    /// The parity verdict for the board against the goal.
    pub fn solvability(&self) -> Solvability {
        solvability(&self.board, &self.goal_board).expect("board and goal share a shape")
    }

    /// Whether the board is the goal.
    pub fn is_solved(&self) -> bool {
        self.board == self.goal_board
    }

    /// The next puzzle, or `None` when the action changes nothing (an illegal move).
    pub fn reduce(&self, action: PuzzleChange) -> Option<Puzzle> {
        let mut next = self.clone();
        match action {
            PuzzleChange::Slide(moves) => {
                if moves.is_empty() {
                    return None;
                }
                next.board = self.board.after(&moves).ok()?;
            }
            PuzzleChange::SetBoard(board) => {
                if board.shape() != self.shape() {
                    match self.goal.board(board.shape()) {
                        Ok(goal_board) => next.goal_board = goal_board,
                        Err(_) => {
                            next.goal = Goal::Standard;
                            next.goal_board = standard(board.shape());
                        }
                    }
                }
                next.board = board;
            }
            PuzzleChange::Show(board) => next.board = board,
            PuzzleChange::SetGoal(goal) => {
                next.goal_board = goal.board(self.shape()).ok()?;
                next.goal = goal;
            }
            PuzzleChange::Generated(goal, board) => {
                next.goal_board = goal.board(board.shape()).ok()?;
                next.goal = goal;
                next.board = board;
            }
        }
        Some(next)
    }
}

/// The standard goal of a shape.
pub fn standard(shape: Shape) -> Board {
    Goal::Standard
        .board(shape)
        .expect("every supported shape has a standard goal")
}

/// New boards and goals: the puzzle, the editors, and what belonged to the old board.
pub(super) fn route(state: &State, action: PuzzleAction) -> Option<State> {
    let mut next = state.clone();
    match action {
        // New boards: puzzle, editors, result, playback, hint, method on a new size.
        PuzzleAction::SetShape(shape, seed) => {
            if shape == state.shape() {
                return None;
            }
            let goal_board = state
                .puzzle
                .goal
                .board(shape)
                .unwrap_or_else(|_| standard(shape));
            next.set_board(goal_board);
            next.new_game(seed);
        }
        PuzzleAction::Scramble(board) => {
            next.set_board(board);
            next.editors_do(EditorsChange::CloseBoard);
            next.notice = None;
        }
        PuzzleAction::ScrambleSeeded(seed) => {
            return route(state, PuzzleAction::Scramble(scrambled(state, seed)));
        }
        PuzzleAction::ApplyEdit => match Board::parse(&state.editors.board.text, None) {
            Ok(board) => {
                next.set_board(board);
                next.bring_game();
                next.editors_do(EditorsChange::ClearBoard);
                next.notice = None;
            }
            Err(error) => next.editors_do(EditorsChange::BoardError(error.to_string())),
        },
        PuzzleAction::SwapFix => {
            if state.solvability().solvable {
                return None;
            }
            next.set_board(swap_fix(&state.puzzle.board));
        }
        PuzzleAction::Import(text) => match Board::parse(&text, None) {
            Ok(board) => {
                next.set_board(board);
                next.bring_game();
                next.editors_do(EditorsChange::ClearBoard);
                next.notice = Some("Board imported.".to_string());
            }
            Err(error) => {
                next.editors_do(EditorsChange::ImportFailed(text, error.to_string()));
                next.notice = None;
            }
        },
        PuzzleAction::Generated(goal, board) => {
            next.puzzle = state
                .puzzle
                .reduce(PuzzleChange::Generated(goal.clone(), board))?;
            next.editors_do(EditorsChange::ShowGoal(
                goal.clone(),
                matches!(goal, Goal::Custom(_)),
            ));
            next.editors_do(EditorsChange::CloseBoard);
            next.prefs = next.prefs.reset_method(next.shape());
            next.drop_result();
            next.coach.hint = None;
            next.notice = None;
        }
        // Goals: puzzle, editors, result and playback.
        PuzzleAction::SetGoal(goal, seed) => {
            next.puzzle = state.puzzle.reduce(PuzzleChange::SetGoal(goal.clone()))?;
            next.editors_do(EditorsChange::ShowGoal(goal, false));
            next.new_game(seed);
        }
        PuzzleAction::GoalText(text, seed) => {
            let shape = state.shape();
            match Goal::parse(&text, Some(shape)).and_then(|goal| goal.board(shape).map(|_| goal)) {
                Ok(goal) => {
                    let changed = goal != state.puzzle.goal;
                    next.puzzle_do(PuzzleChange::SetGoal(goal));
                    next.editors_do(EditorsChange::GoalText(text, None));
                    if changed {
                        next.new_game(seed);
                    }
                }
                Err(error) => {
                    next.editors_do(EditorsChange::GoalText(text, Some(error.to_string())))
                }
            }
        }
    }
    Some(next)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::check::check;
    use PuzzleChange as A;

    fn board(text: &str) -> Board {
        text.parse().unwrap()
    }

    #[test]
    fn slides_move_the_blank_and_illegal_ones_change_nothing() {
        let start = Puzzle::new(Shape::square(3).unwrap(), Goal::Standard)
            .reduce(A::SetBoard(board("1 2 3 / 4 0 5 / 7 8 6")))
            .unwrap();
        check(
            Puzzle::reduce,
            &start,
            vec![
                A::Slide(vec![Direction::Up, Direction::Up]),
                A::Slide(vec![Direction::Right]),
                A::Slide(vec![Direction::Down]),
            ],
            |p| {
                assert_eq!(p.board, board("1 2 3 / 4 5 6 / 7 8 0"));
                assert!(p.is_solved());
            },
        );
        assert_eq!(start.reduce(A::Slide(Vec::new())), None, "no move");
    }

    #[test]
    fn the_goal_follows_the_board_to_a_new_size_when_it_can() {
        let start = Puzzle::new(Shape::square(3).unwrap(), Goal::Snail);
        let four = Shape::square(4).unwrap();
        check(
            Puzzle::reduce,
            &start,
            vec![A::SetBoard(standard(four))],
            |p| {
                assert_eq!(p.goal, Goal::Snail);
                assert_eq!(p.goal_board, Goal::Snail.board(four).unwrap());
            },
        );
        let custom = Goal::Custom(board("8 7 6 5 4 3 2 1 0"));
        check(
            Puzzle::reduce,
            &start,
            vec![A::SetGoal(custom), A::SetBoard(standard(four))],
            |p| {
                assert_eq!(p.goal, Goal::Standard);
                assert_eq!(p.goal_board, standard(four));
            },
        );
    }
}
