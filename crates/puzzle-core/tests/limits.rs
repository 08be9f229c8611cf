//! Budgets, cancellation and statistics: what a user interface relies on to stop a search.

use std::ops::ControlFlow;

use puzzle_core::search::{Limits, Progress};
use puzzle_core::{solve, Algorithm, Board, Goal, HeuristicKind, SolveOutcome, SolverConfig};

/// Korf's instance 1 (57 moves to the blank-first goal): no blind method finishes it.
const HARD_4X4: &str = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";

fn hard() -> (Board, Board) {
    let board: Board = HARD_4X4.parse().unwrap();
    let goal = Goal::BlankFirst.board(board.shape()).unwrap();
    (board, goal)
}

fn config(algorithm: Algorithm) -> SolverConfig {
    SolverConfig {
        algorithm,
        heuristic: HeuristicKind::Manhattan,
        depth_limit: 80,
    }
}

#[test]
fn every_algorithm_stops_at_the_node_budget() {
    let (board, goal) = hard();
    for algorithm in Algorithm::ALL {
        let mut limits = Limits::with_budget(300);
        let solution = solve(&board, &goal, &config(algorithm), &mut limits).unwrap();
        assert_eq!(
            solution.outcome,
            SolveOutcome::BudgetExhausted,
            "{algorithm}"
        );
        assert_eq!(solution.stats.expanded, 300, "{algorithm}");
        assert!(solution.moves.is_empty());
        assert!(!solution.is_optimal());
    }
}

#[test]
fn every_algorithm_reports_progress_and_can_be_cancelled() {
    let (board, goal) = hard();
    for algorithm in Algorithm::ALL {
        let mut reports: Vec<Progress> = Vec::new();
        let mut callback = |progress: &Progress| {
            reports.push(progress.clone());
            if reports.len() == 3 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        };
        let mut limits = Limits {
            report_every: 100,
            on_progress: Some(&mut callback),
            ..Limits::default()
        };
        let solution = solve(&board, &goal, &config(algorithm), &mut limits).unwrap();
        assert_eq!(solution.outcome, SolveOutcome::Cancelled, "{algorithm}");
        assert_eq!(reports.len(), 3, "{algorithm}");
        let expanded: Vec<u64> = reports.iter().map(|p| p.expanded).collect();
        assert_eq!(expanded, vec![100, 200, 300], "{algorithm}");
        assert!(reports.iter().all(|p| p.generated >= p.expanded));
        if matches!(algorithm, Algorithm::IdaStar | Algorithm::Iddfs) {
            assert!(reports.iter().all(|p| p.bound.is_some()), "{algorithm}");
        }
    }
}

#[test]
fn statistics_describe_the_run() {
    let board: Board = "6 1 7 3 0 4 5 8 2".parse().unwrap();
    let goal = Goal::Snail.board(board.shape()).unwrap();
    let run = |algorithm| solve(&board, &goal, &config(algorithm), &mut Limits::default()).unwrap();
    let bfs = run(Algorithm::Bfs);
    let astar = run(Algorithm::AStar);
    let idastar = run(Algorithm::IdaStar);
    for solution in [&bfs, &astar, &idastar] {
        assert_eq!(solution.length(), Some(24));
        assert!(solution.stats.optimal);
        assert!(solution.stats.generated >= solution.stats.expanded);
        assert_eq!(
            solution.stats.expanded_by_depth.iter().sum::<u64>(),
            solution.stats.expanded
        );
        assert!(solution.stats.elapsed_ms >= 0.0);
    }
    // A heuristic saves work; IDA* holds only its path in memory.
    assert!(astar.stats.expanded * 10 < bfs.stats.expanded);
    assert!(idastar.stats.max_frontier <= 25);
    assert!(bfs.stats.max_frontier > 10_000);
    // IDA*'s bounds rise from h(start) to the solution length.
    assert_eq!(idastar.stats.iteration_bounds.last(), Some(&24.0));
    assert!(idastar
        .stats
        .iteration_bounds
        .windows(2)
        .all(|w| w[0] < w[1]));
}

#[test]
fn an_already_solved_board_needs_no_moves() {
    let goal = Goal::Standard.board("3".parse().unwrap()).unwrap();
    for algorithm in Algorithm::ALL {
        let solution = solve(&goal, &goal, &config(algorithm), &mut Limits::default()).unwrap();
        assert_eq!(solution.outcome, SolveOutcome::Solved, "{algorithm}");
        assert_eq!(solution.length(), Some(0), "{algorithm}");
    }
}

#[test]
fn unsolvable_boards_are_answered_without_search() {
    let board: Board = "1 2 3 4 5 6 8 7 0".parse().unwrap();
    let goal = Goal::Standard.board(board.shape()).unwrap();
    for algorithm in Algorithm::ALL {
        let solution = solve(&board, &goal, &config(algorithm), &mut Limits::default()).unwrap();
        assert_eq!(solution.outcome, SolveOutcome::Unsolvable);
        assert_eq!(solution.stats.expanded, 0);
        assert!(!solution.solvability.solvable);
    }
}

#[test]
fn boards_larger_than_16_cells_are_searched_with_byte_states() {
    // 5x5 and 8x8 boards a few moves from the goal: the wide state path must be exact too.
    for side in [5, 8] {
        let goal = Goal::Standard
            .board(puzzle_core::Shape::square(side).unwrap())
            .unwrap();
        let board = goal
            .after(&puzzle_core::parse_moves("ULURDLUL").unwrap())
            .unwrap();
        for algorithm in [Algorithm::Bfs, Algorithm::AStar, Algorithm::IdaStar] {
            let solution =
                solve(&board, &goal, &config(algorithm), &mut Limits::default()).unwrap();
            assert_eq!(solution.length(), Some(8), "{algorithm} on {side}x{side}");
            assert_eq!(board.after(&solution.moves).unwrap(), goal);
        }
    }
}

#[cfg(feature = "serde")]
#[test]
fn solutions_cross_a_serde_boundary_intact() {
    let board: Board = "6 1 7 3 0 4 5 8 2".parse().unwrap();
    let goal = Goal::Snail.board(board.shape()).unwrap();
    let mut solution = solve(
        &board,
        &goal,
        &config(Algorithm::AStar),
        &mut Limits::default(),
    )
    .unwrap();
    // serde_json's default float parsing may differ in the last bit; time is not the point.
    solution.stats.elapsed_ms = 0.25;
    let json = serde_json::to_string(&solution).unwrap();
    let back: puzzle_core::Solution = serde_json::from_str(&json).unwrap();
    assert_eq!(back, solution);
    // A board that is not a permutation is rejected on the way in, not accepted unchecked.
    let bad = r#"{"shape":[2,2],"cells":[1,1,2,0]}"#;
    assert!(serde_json::from_str::<Board>(bad).is_err());
}
