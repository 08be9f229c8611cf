//! The staged solver for large boards: legal solutions reaching the goal on every shape and
//! goal, never shorter than the admissible lower bound, honest about optimality, exact on
//! small boards, shorter than the row-by-row method, and fast on 8x8.

use puzzle_core::generate::{scramble_seeded, Scramble};
use puzzle_core::pdb::{AdditivePdb, Partition};
use puzzle_core::search::bfs::bfs_distances;
use puzzle_core::suboptimal::{solve_staged, StagedConfig, MAX_CHUNK};
use puzzle_core::{swap_fix, Board, Goal, Limits, Shape, SolveOutcome};

fn check(board: &Board, goal: &Board, config: &StagedConfig) -> usize {
    let answer = solve_staged(board, goal, config, &mut Limits::default()).unwrap();
    let solution = &answer.solution;
    assert_eq!(solution.outcome, SolveOutcome::Solved, "{board}");
    assert_eq!(board.after(&solution.moves).unwrap(), *goal);
    let length = solution.moves.len();
    assert!(length as u32 >= answer.lower_bound);
    assert_eq!(solution.is_optimal(), length as u32 == answer.lower_bound);
    if length > 0 {
        let ratio = length as f64 / f64::from(answer.lower_bound.max(1));
        assert!((answer.bound_ratio - ratio).abs() < 1e-9);
    }
    length
}

#[test]
fn solves_every_shape_and_goal() {
    let shapes = [
        (2, 2),
        (3, 3),
        (2, 5),
        (5, 2),
        (3, 5),
        (4, 4),
        (5, 5),
        (4, 6),
        (7, 5),
    ];
    for (w, h) in shapes {
        let shape = Shape::new(w, h).unwrap();
        for goal in [Goal::Standard, Goal::BlankFirst, Goal::Snail] {
            let goal = goal.board(shape).unwrap();
            for seed in 0..2 {
                let board = scramble_seeded(&goal, Scramble::Uniform, true, seed);
                for (chunk, weight) in [(1, 1.0), (3, 1.0), (MAX_CHUNK, 2.0), (MAX_CHUNK, 3.0)] {
                    let config = StagedConfig {
                        chunk,
                        weight,
                        ..StagedConfig::default()
                    };
                    check(&board, &goal, &config);
                }
            }
            assert_eq!(check(&goal, &goal, &StagedConfig::default()), 0);
        }
    }
}

#[test]
fn optimal_on_boards_it_solves_whole() {
    // A 3x3 is solved by one exact search: the length is the BFS distance.
    let goal = Goal::Snail.board(Shape::square(3).unwrap()).unwrap();
    let exact = bfs_distances(&goal, |b: &Board| {
        b.legal_moves()
            .map(|d| b.after(&[d]).unwrap())
            .collect::<Vec<_>>()
    });
    for seed in 0..10 {
        let board = scramble_seeded(&goal, Scramble::Uniform, true, seed);
        assert_eq!(
            check(&board, &goal, &StagedConfig::default()),
            exact[&board] as usize
        );
    }
}

#[test]
fn chunks_beat_row_by_row_on_5x5() {
    let goal = Goal::Standard.board(Shape::square(5).unwrap()).unwrap();
    let (mut staged, mut baseline) = (0, 0);
    for seed in 0..10 {
        let board = scramble_seeded(&goal, Scramble::Uniform, true, 1000 + seed);
        staged += check(&board, &goal, &StagedConfig::default());
        baseline += check(&board, &goal, &StagedConfig::row_by_row());
    }
    assert!(staged < baseline, "{staged} vs {baseline}");
}

#[test]
fn a_4x4_database_finishes_5x5_boards() {
    let four = Goal::Standard.board(Shape::square(4).unwrap()).unwrap();
    let partition = Partition::by_reading_order(&four, &[5, 5, 5]).unwrap();
    let pdb = AdditivePdb::build(&four, &partition, &mut Limits::default()).unwrap();
    let goal = Goal::Standard.board(Shape::square(5).unwrap()).unwrap();
    let with = StagedConfig {
        finish: Some(&pdb),
        weight: 2.0,
        ..StagedConfig::default()
    };
    for seed in 0..5 {
        let board = scramble_seeded(&goal, Scramble::Uniform, true, 77 + seed);
        check(&board, &goal, &with);
    }
    // A database for another goal is not used, and the solver still works.
    let other = Goal::BlankFirst.board(Shape::square(5).unwrap()).unwrap();
    let board = scramble_seeded(&other, Scramble::Uniform, true, 5);
    check(&board, &other, &with);
}

#[test]
fn large_boards_are_solved_quickly() {
    let start = std::time::Instant::now();
    for side in [6, 8] {
        let goal = Goal::Standard.board(Shape::square(side).unwrap()).unwrap();
        for seed in 0..2 {
            let board = scramble_seeded(&goal, Scramble::Uniform, true, seed);
            check(&board, &goal, &StagedConfig::default());
        }
    }
    assert!(start.elapsed().as_secs() < 30, "{:?}", start.elapsed());
}

#[test]
fn unsolvable_and_budget() {
    let goal = Goal::Standard.board(Shape::square(5).unwrap()).unwrap();
    let board = scramble_seeded(&goal, Scramble::Uniform, true, 3);
    let answer = solve_staged(
        &swap_fix(&board),
        &goal,
        &StagedConfig::default(),
        &mut Limits::default(),
    )
    .unwrap();
    assert_eq!(answer.solution.outcome, SolveOutcome::Unsolvable);
    let tight = solve_staged(
        &board,
        &goal,
        &StagedConfig::row_by_row(),
        &mut Limits::with_budget(3),
    )
    .unwrap();
    assert_eq!(tight.solution.outcome, SolveOutcome::BudgetExhausted);
    assert!(tight.solution.moves.is_empty());
}
