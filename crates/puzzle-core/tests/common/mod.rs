//! Helpers shared by the integration tests: the exact BFS oracle and path checks.

#![allow(dead_code)]

use puzzle_core::search::bfs::bfs_distances;
use puzzle_core::search::FxIndexMap;
use puzzle_core::{Board, Direction, Goal, Shape};

/// Exact distance from every board reachable from `goal` (moves are reversible, so the
/// distance from a board to the goal equals the distance from the goal to the board).
pub fn oracle(goal: &Board) -> FxIndexMap<u64, u32> {
    let shape = goal.shape();
    bfs_distances(&goal.pack().expect("small board"), |&word| {
        let board = Board::unpack(shape, word).expect("valid");
        Direction::ALL
            .into_iter()
            .filter_map(move |d| board.after(&[d]).ok())
            .map(|b| b.pack().expect("small board"))
            .collect::<Vec<_>>()
    })
}

/// The goal board of a named goal on a 3x3 board.
pub fn goal3(goal: Goal) -> Board {
    goal.board(Shape::square(3).unwrap()).unwrap()
}

/// Parses a board written as a one-line list.
pub fn board(text: &str) -> Board {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Asserts that `moves` lead from `start` to `goal`.
pub fn assert_reaches(start: &Board, moves: &[Direction], goal: &Board) {
    let end = start
        .after(moves)
        .unwrap_or_else(|e| panic!("illegal path from {start}: {e}"));
    assert_eq!(&end, goal, "path from {start} ends elsewhere");
}
