//! Parity solvability proved exhaustively: for every shape of at most 9 cells and several goals,
//! parity says "solvable" exactly for the boards BFS reaches from the goal.

mod common;

use common::oracle;
use puzzle_core::generate::{scramble_seeded, Scramble};
use puzzle_core::{solvability, swap_fix, Board, Goal, Shape};

/// Every permutation of `0..n`, by Heap's algorithm.
fn permutations(n: usize, mut visit: impl FnMut(&[usize])) {
    let mut items: Vec<usize> = (0..n).collect();
    let mut counters = vec![0; n];
    visit(&items);
    let mut i = 0;
    while i < n {
        if counters[i] < i {
            let j = if i % 2 == 0 { 0 } else { counters[i] };
            items.swap(j, i);
            visit(&items);
            counters[i] += 1;
            i = 0;
        } else {
            counters[i] = 0;
            i += 1;
        }
    }
}

#[test]
fn parity_equals_reachability_for_every_small_shape_and_goal() {
    for (width, height) in [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3)] {
        let shape = Shape::new(width, height).unwrap();
        let goals = [
            Goal::Standard.board(shape).unwrap(),
            Goal::BlankFirst.board(shape).unwrap(),
            Goal::Snail.board(shape).unwrap(),
            scramble_seeded(
                &Goal::Standard.board(shape).unwrap(),
                Scramble::Uniform,
                false,
                width as u64 * 10 + height as u64,
            ),
        ];
        for goal in goals {
            let reachable = oracle(&goal);
            let (mut total, mut solvable) = (0usize, 0usize);
            permutations(shape.cells(), |cells| {
                let board = Board::new(shape, cells.to_vec()).unwrap();
                let verdict = solvability(&board, &goal).unwrap().solvable;
                assert_eq!(
                    verdict,
                    reachable.contains_key(&board.pack().unwrap()),
                    "{shape} board {board} to goal {goal}"
                );
                total += 1;
                solvable += verdict as usize;
            });
            assert_eq!(solvable * 2, total, "{shape}: exactly half are solvable");
            assert_eq!(reachable.len(), solvable);
        }
    }
}

#[test]
fn the_3x3_space_splits_into_two_halves_of_181440() {
    let goal = Goal::Standard.board(Shape::square(3).unwrap()).unwrap();
    assert_eq!(oracle(&goal).len(), 181_440);
}

#[test]
fn swap_fix_flips_solvability_and_keeps_the_blank() {
    for (width, height) in [(3, 3), (4, 4), (5, 3), (4, 6), (8, 8)] {
        let shape = Shape::new(width, height).unwrap();
        let goal = Goal::Snail.board(shape).unwrap();
        for seed in 0..20 {
            let board = scramble_seeded(&goal, Scramble::Uniform, seed % 2 == 0, seed);
            let before = solvability(&board, &goal).unwrap().solvable;
            assert_eq!(before, seed % 2 == 0);
            let fixed = swap_fix(&board);
            assert_eq!(fixed.blank(), board.blank());
            assert_eq!(solvability(&fixed, &goal).unwrap().solvable, !before);
        }
    }
}

#[test]
fn explanation_names_the_parities_and_the_blank_row_on_even_widths() {
    let board: Board = "1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 0".parse().unwrap();
    let goal = Goal::Standard.board(board.shape()).unwrap();
    let verdict = solvability(&board, &goal).unwrap();
    assert!(!verdict.solvable);
    assert_eq!((verdict.board_inversions, verdict.goal_inversions), (1, 0));
    assert_eq!(verdict.blank_row_distance(), 0);
    let text = verdict.explain();
    assert!(text.starts_with("unsolvable"), "{text}");
    assert!(text.contains("1 inversions (odd)"), "{text}");
    assert!(text.contains("blank's row"), "{text}");
}
