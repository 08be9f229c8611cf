//! What "Solve it yourself" sends the lesson's worker: a game to review ([`Game`], also what
//! a link holds), checked before any table is got ([`Game::check`]).

use puzzle_core::review::MAX_GAME_MOVES;
use puzzle_core::{Board, Direction};
use serde::{Deserialize, Serialize};

/// A game played by hand: its start, its goal and the moves of the blank, in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    /// The board the game started from.
    pub start: Board,
    /// Its goal.
    pub goal: Board,
    /// The moves of the blank, oldest first.
    pub moves: Vec<Direction>,
}

impl Game {
    /// Why the game cannot be reviewed, in one line (`None`: it can): start and goal of two
    /// sizes, more than [`MAX_GAME_MOVES`] moves, or a move the board does not allow.
    pub fn check(&self) -> Option<String> {
        if self.start.shape() != self.goal.shape() {
            return Some(format!(
                "the game's start is a {} board and its goal a {}",
                self.start.shape(),
                self.goal.shape()
            ));
        }
        if self.moves.len() > MAX_GAME_MOVES {
            return Some(format!(
                "a game of {} moves is too long to review: at most {MAX_GAME_MOVES}",
                self.moves.len()
            ));
        }
        self.start
            .after(&self.moves)
            .err()
            .map(|error| format!("the game cannot be played: {error}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzle_core::{Goal, Shape};

    fn game(moves: Vec<Direction>) -> Game {
        let goal = Goal::Standard.board(Shape::square(3).unwrap()).unwrap();
        Game {
            start: goal.clone(),
            goal,
            moves,
        }
    }

    #[test]
    fn a_game_that_cannot_be_reviewed_says_why_in_one_line() {
        assert_eq!(game(vec![Direction::Up, Direction::Down]).check(), None);
        let illegal = game(vec![Direction::Down]).check().unwrap();
        assert!(
            illegal.starts_with("the game cannot be played"),
            "{illegal}"
        );
        let long = game(vec![Direction::Up; MAX_GAME_MOVES + 1])
            .check()
            .unwrap();
        assert!(long.contains("too long"), "{long}");
        let mut other = game(Vec::new());
        other.goal = Goal::Standard.board(Shape::square(4).unwrap()).unwrap();
        assert!(other.check().unwrap().contains("4x4"));
        for message in [illegal, long] {
            assert!(!message.contains('\n'));
        }
    }
}
