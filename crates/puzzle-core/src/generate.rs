//! Random boards: random walks from the goal and uniformly random (un)solvable boards.
//!
//! Randomness comes from the caller: pass any [`rand::Rng`], or a seed for reproducible boards.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use crate::board::Board;
use crate::moves::Direction;
use crate::solvability::{solvability, swap_fix};

/// How to scramble.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Scramble {
    /// A random walk of this many moves from the goal, never undoing the previous move.
    Walk(usize),
    /// Uniformly random among the boards of the wanted solvability.
    Uniform,
}

/// A board scrambled from `goal`. With `solvable = false` the result can never reach the goal
/// (a walk is then followed by one tile swap).
pub fn scramble(goal: &Board, how: Scramble, solvable: bool, rng: &mut impl Rng) -> Board {
    let board = match how {
        Scramble::Walk(steps) => random_walk(goal, steps, rng),
        Scramble::Uniform => shuffled(goal, rng),
    };
    let verdict = solvability(&board, goal).expect("same shape as the goal");
    if verdict.solvable == solvable {
        board
    } else {
        swap_fix(&board)
    }
}

/// [`scramble`] with a seeded generator: the same seed gives the same board on every platform.
///
/// ```
/// use puzzle_core::generate::{scramble_seeded, Scramble};
/// use puzzle_core::{solvability, Goal, Shape};
/// let goal = Goal::Standard.board(Shape::square(4).unwrap()).unwrap();
/// let a = scramble_seeded(&goal, Scramble::Uniform, true, 7);
/// assert_eq!(a, scramble_seeded(&goal, Scramble::Uniform, true, 7));
/// assert!(solvability(&a, &goal).unwrap().solvable);
/// ```
pub fn scramble_seeded(goal: &Board, how: Scramble, solvable: bool, seed: u64) -> Board {
    scramble(goal, how, solvable, &mut StdRng::seed_from_u64(seed))
}

/// A walk of `steps` random moves of the blank from `board`, never undoing the previous one.
pub fn random_walk(board: &Board, steps: usize, rng: &mut impl Rng) -> Board {
    let mut board = board.clone();
    let mut last: Option<Direction> = None;
    for _ in 0..steps {
        let choices: Vec<Direction> = board
            .legal_moves()
            .filter(|&d| Some(d.opposite()) != last)
            .collect();
        let direction = *choices.choose(rng).expect("every cell has two neighbours");
        board.apply(direction);
        last = Some(direction);
    }
    board
}

/// A uniformly random arrangement of the same tiles (solvable or not).
fn shuffled(goal: &Board, rng: &mut impl Rng) -> Board {
    let mut cells: Vec<usize> = goal.cells().iter().map(|&t| t as usize).collect();
    cells.shuffle(rng);
    Board::new(goal.shape(), cells).expect("a permutation of a valid board")
}
