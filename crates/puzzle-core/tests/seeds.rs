//! The instances from the documents this project grew from, with their verified optimal lengths.

mod common;

use common::{assert_reaches, board};
use puzzle_core::{
    solve, Algorithm, Goal, Heuristic, HeuristicKind, Limits, SolveOutcome, SolverConfig,
};

fn check(start: &str, goal: Goal, optimum: usize) {
    let start = board(start);
    let goal = goal.board(start.shape()).unwrap();
    for algorithm in [Algorithm::AStar, Algorithm::IdaStar] {
        let config = SolverConfig {
            algorithm,
            ..SolverConfig::best_for(start.shape())
        };
        let solution = solve(&start, &goal, &config, &mut Limits::default()).unwrap();
        assert_eq!(solution.outcome, SolveOutcome::Solved);
        assert_eq!(solution.length(), Some(optimum), "{algorithm} on {start}");
        assert_reaches(&start, &solution.moves, &goal);
    }
}

#[test]
fn snail_goal_instance_is_24_moves() {
    check("6 1 7 3 0 4 5 8 2", Goal::Snail, 24);
}

#[test]
fn blank_first_instance_is_22_moves() {
    check("2 1 0 7 8 5 4 3 6", Goal::BlankFirst, 22);
}

#[test]
fn hardest_3x3_boards_are_31_moves() {
    check("8 6 7 2 5 4 3 0 1", Goal::Standard, 31);
    check("6 4 7 8 5 0 3 2 1", Goal::Standard, 31);
}

#[test]
fn hamming_5_and_manhattan_10() {
    let start = board("8 1 3 4 0 2 7 6 5");
    let goal = Goal::Standard.board(start.shape()).unwrap();
    let h = |kind| Heuristic::new(kind, &goal).estimate(&start);
    assert_eq!(h(HeuristicKind::Misplaced), 5);
    assert_eq!(h(HeuristicKind::Manhattan), 10);
}

#[test]
fn korf_first_instance_needs_57_moves() {
    // IDA* with linear conflict is the strongest generic method; 57 moves is the published
    // optimum for Korf's instance 1 to the blank-first goal. It takes a few seconds.
    check(
        "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3",
        Goal::BlankFirst,
        57,
    );
}
