//! Famous positions a teacher may want to show: the boards that need the most moves.
//!
//! The 17 positions of the 15-puzzle that need 80 moves, the maximum (Brüngger et al. 1999
//! proved 80 is the maximum; Korf and Schultze 2005 found all 17), here for the blank-first
//! goal `0 1 2 … 15`; and the two 3x3 positions that need 31 moves to `1 2 3 4 5 6 7 8 0`.
//! Each 4x4 one was solved to exactly 80 moves by this crate's pattern-database solver
//! (`cargo bench -p puzzle-core --bench korf100 -- --hardest`); the 3x3 ones are checked
//! against breadth-first search by the tests.

use crate::board::Board;
use crate::goal::Goal;

/// A position with its goal and its proven optimal length.
#[derive(Clone, Debug, PartialEq)]
pub struct Famous {
    /// A short name for menus (`"80 moves #3"`).
    pub name: String,
    /// The board.
    pub board: Board,
    /// The goal it is measured against.
    pub goal: Goal,
    /// Its optimal solution length.
    pub optimal: u32,
}

/// The 4x4 positions needing 80 moves to the blank-first goal.
const HARDEST_4X4: [&str; 17] = [
    "15 10 8 12 11 14 9 13 2 6 5 1 3 7 4 0",
    "15 10 8 12 11 14 9 13 7 2 5 1 3 6 4 0",
    "15 11 8 12 14 10 9 13 2 6 1 4 3 7 5 0",
    "15 11 8 12 14 10 9 13 2 6 4 5 3 7 1 0",
    "15 11 8 12 14 10 9 13 2 6 5 1 3 7 4 0",
    "15 11 8 12 14 10 9 13 6 7 5 1 3 2 4 0",
    "15 11 8 12 14 10 9 13 7 2 5 1 3 6 4 0",
    "15 11 8 12 14 10 9 13 7 6 2 1 3 5 4 0",
    "15 11 13 12 14 10 9 5 2 6 8 1 3 7 4 0",
    "15 11 8 12 14 10 13 9 2 7 5 1 3 6 4 0",
    "15 11 9 12 14 10 8 13 6 2 5 1 3 7 4 0",
    "15 11 9 12 14 10 13 8 2 6 5 1 3 7 4 0",
    "15 11 9 12 14 10 13 8 6 7 5 1 3 2 4 0",
    "15 11 13 12 14 10 8 9 2 6 5 1 3 7 4 0",
    "15 11 13 12 14 10 8 9 7 2 5 1 3 6 4 0",
    "15 14 8 12 10 11 9 13 2 6 5 1 3 7 4 0",
    "15 14 13 12 10 11 8 9 2 6 5 1 3 7 4 0",
];

/// The 3x3 positions needing 31 moves to the standard goal.
const HARDEST_3X3: [&str; 2] = ["8 6 7 2 5 4 3 0 1", "6 4 7 8 5 0 3 2 1"];

/// Every position needing the maximum number of moves on 3x3 (31) and 4x4 (80).
pub fn hardest() -> Vec<Famous> {
    let of = |cells: &str, goal: Goal, optimal: u32, name: String| Famous {
        name,
        board: cells.parse().expect("the catalog's boards are valid"),
        goal,
        optimal,
    };
    let three = HARDEST_3X3.iter().enumerate().map(|(i, cells)| {
        of(
            cells,
            Goal::Standard,
            31,
            format!("3x3, 31 moves #{}", i + 1),
        )
    });
    let four = HARDEST_4X4.iter().enumerate().map(|(i, cells)| {
        of(
            cells,
            Goal::BlankFirst,
            80,
            format!("4x4, 80 moves #{}", i + 1),
        )
    });
    three.chain(four).collect()
}

/// Korf's 100 random 4x4 boards (Korf 1985), with their proven optimal lengths toward the
/// blank-first goal: the workspace's fixture `tests/fixtures/korf100.txt`, one board and its
/// length a line, read in at compile time (one copy of the data for the benches, the tests
/// and the heuristic lab's sampled check).
const KORF_100: &str = include_str!("../../../tests/fixtures/korf100.txt");

/// Korf's 100 boards, named `"Korf #1"` to `"Korf #100"`.
pub fn korf100() -> Vec<Famous> {
    KORF_100
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .enumerate()
        .map(|(i, line)| {
            let numbers: Vec<&str> = line.split_whitespace().collect();
            let (cells, optimal) = numbers.split_at(numbers.len() - 1);
            Famous {
                name: format!("Korf #{}", i + 1),
                board: cells
                    .join(" ")
                    .parse()
                    .expect("the fixture's boards are valid"),
                goal: Goal::BlankFirst,
                optimal: optimal[0]
                    .parse()
                    .expect("the fixture's lengths are numbers"),
            }
        })
        .collect()
}
