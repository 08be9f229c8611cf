//! The puzzle slice: the board on screen, the goal (its rule and its board), and the moves
//! made by hand. The board and the goal always have the same shape.

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
    /// Moves made by hand since the board was last set.
    pub hand_moves: usize,
}

/// What changes the puzzle.
#[derive(Clone, Debug, PartialEq)]
pub enum PuzzleAction {
    /// A click on the tile at this cell: slides it (and the tiles between) into the blank.
    ClickCell(usize),
    /// A hand move of the blank.
    MoveBlank(Direction),
    /// A new board (scramble, edit, import): the count restarts; on a new shape the goal rule
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
            hand_moves: 0,
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
    pub fn reduce(&self, action: PuzzleAction) -> Option<Puzzle> {
        let mut next = self.clone();
        match action {
            PuzzleAction::ClickCell(cell) => {
                let moves = self.board.slide_moves(cell)?;
                next.slide(&moves)?;
            }
            PuzzleAction::MoveBlank(direction) => next.slide(&[direction])?,
            PuzzleAction::SetBoard(board) => {
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
                next.hand_moves = 0;
            }
            PuzzleAction::Show(board) => next.board = board,
            PuzzleAction::SetGoal(goal) => {
                next.goal_board = goal.board(self.shape()).ok()?;
                next.goal = goal;
            }
            PuzzleAction::Generated(goal, board) => {
                next.goal_board = goal.board(board.shape()).ok()?;
                next.goal = goal;
                next.board = board;
                next.hand_moves = 0;
            }
        }
        Some(next)
    }

    /// Slides the blank along `moves` by hand (`None` if empty or illegal).
    fn slide(&mut self, moves: &[Direction]) -> Option<()> {
        if moves.is_empty() {
            return None;
        }
        self.board = self.board.after(moves).ok()?;
        self.hand_moves += moves.len();
        Some(())
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
    use PuzzleAction as A;

    fn board(text: &str) -> Board {
        text.parse().unwrap()
    }

    #[test]
    fn hand_moves_count_and_illegal_ones_change_nothing() {
        let start = Puzzle::new(Shape::square(3).unwrap(), Goal::Standard)
            .reduce(A::SetBoard(board("1 2 3 / 4 0 5 / 7 8 6")))
            .unwrap();
        check(
            Puzzle::reduce,
            &start,
            vec![
                A::ClickCell(0),
                A::ClickCell(5),
                A::MoveBlank(Direction::Down),
            ],
            |p| {
                assert_eq!(p.board, board("1 2 3 / 4 5 6 / 7 8 0"));
                assert_eq!(p.hand_moves, 2);
                assert!(p.is_solved());
            },
        );
        assert_eq!(start.reduce(A::ClickCell(4)), None, "the blank itself");
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
