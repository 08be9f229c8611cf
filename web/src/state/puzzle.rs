//! The puzzle slice: the board on screen and the goal (its rule and its board). The board and
//! the goal always have the same shape. The hand moves themselves (to count, undo and time
//! them) are the play slice's.

use puzzle_core::{solvability, Board, Direction, Goal, Shape, Solvability};

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
