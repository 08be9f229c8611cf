//! The strong tables (one more tile a group, built natively) on small boards, built the same
//! way as on big ones: admissible against exact breadth-first distances (every 3x3 board, and
//! every 4x4 and 4x3 board within 14 moves of the goal), at least as strong as the shipped
//! tables on average, the same whether built on one thread or several, read back from their
//! bytes, and a build that is cancelled gives an error.

mod common;

use std::collections::HashMap;
use std::ops::ControlFlow;

use puzzle_core::anytime::{lower_bound, BigTables, Strength, WholeTables};
use puzzle_core::search::Progress;
use puzzle_core::{Board, Direction, Goal, Limits, Shape};

fn built(goal: &Board, strength: Strength, threads: usize) -> (BigTables, WholeTables) {
    let mut limits = Limits {
        threads,
        ..Limits::default()
    };
    (
        BigTables::build_as(goal, strength, &mut limits).unwrap(),
        WholeTables::build_as(goal, strength, &mut limits).unwrap(),
    )
}

/// Distances from `goal` of every board within `depth` moves of it.
fn near(goal: &Board, depth: u32) -> HashMap<Board, u32> {
    let mut seen = HashMap::from([(goal.clone(), 0)]);
    let mut level = vec![goal.clone()];
    for d in 1..=depth {
        let mut next = Vec::new();
        for board in &level {
            for direction in Direction::ALL {
                let Ok(child) = board.after(&[direction]) else {
                    continue;
                };
                if !seen.contains_key(&child) {
                    seen.insert(child.clone(), d);
                    next.push(child);
                }
            }
        }
        level = next;
    }
    seen
}

/// Over every 3x3 board, for three goals: both strong estimates never exceed the exact
/// distance and have its parity, and their sum over all boards is at least the shipped ones'.
#[test]
fn strong_tables_are_admissible_on_every_3x3_board() {
    for goal in [Goal::Standard, Goal::Snail, Goal::BlankFirst] {
        let goal = common::goal3(goal);
        let shape = goal.shape();
        let (big, whole) = built(&goal, Strength::Strong, 2);
        let (shipped_big, shipped_whole) = built(&goal, Strength::Shipped, 1);
        assert_eq!(big.strength(), Strength::Strong);
        let distances = common::oracle(&goal);
        assert_eq!(distances.len(), 181_440);
        let (mut strong, mut shipped) = (0u64, 0u64);
        for (&word, &distance) in &distances {
            let board = Board::unpack(shape, word).unwrap();
            for estimate in [
                lower_bound(&board, &goal, Some(&big)),
                whole.estimate(board.cells()),
            ] {
                assert!(estimate <= distance, "{board}: {estimate} > {distance}");
                assert_eq!(estimate % 2, distance % 2, "{board}");
            }
            strong += u64::from(lower_bound(&board, &goal, Some(&big)));
            strong += u64::from(whole.estimate(board.cells()));
            shipped += u64::from(lower_bound(&board, &goal, Some(&shipped_big)));
            shipped += u64::from(shipped_whole.estimate(board.cells()));
        }
        assert!(strong >= shipped, "{strong} < {shipped}");
    }
}

/// On 4x4 (three 5-tile core groups) and 4x3, every board within 14 moves: admissible, and
/// the strong core tables' estimate is never below the shipped ones' on the whole set.
#[test]
fn strong_tables_are_admissible_near_the_4x4_and_4x3_goals() {
    for (width, height) in [(4, 4), (4, 3)] {
        let goal = Goal::Standard
            .board(Shape::new(width, height).unwrap())
            .unwrap();
        let (big, whole) = built(&goal, Strength::Strong, 2);
        let shipped = BigTables::build(&goal, &mut Limits::default()).unwrap();
        let (mut strong_sum, mut shipped_sum) = (0u64, 0u64);
        for (board, distance) in near(&goal, 14) {
            let strong = lower_bound(&board, &goal, Some(&big));
            assert!(strong <= distance, "{board}: {strong} > {distance}");
            let by_whole = whole.estimate(board.cells());
            assert!(by_whole <= distance, "{board}: {by_whole} > {distance}");
            strong_sum += u64::from(strong);
            shipped_sum += u64::from(lower_bound(&board, &goal, Some(&shipped)));
        }
        assert!(strong_sum >= shipped_sum, "{strong_sum} < {shipped_sum}");
    }
}

/// Built on one thread or two, the strong tables are the same bytes; they read back from
/// them with their strength, shipped bytes read back as shipped, and the cache keys differ.
#[test]
fn strong_tables_are_the_same_on_any_thread_count_and_read_back() {
    let goal = Goal::Standard.board(Shape::new(4, 3).unwrap()).unwrap();
    let (one_big, one_whole) = built(&goal, Strength::Strong, 1);
    let (two_big, two_whole) = built(&goal, Strength::Strong, 2);
    assert_eq!(one_big.to_bytes(), two_big.to_bytes());
    assert_eq!(one_whole.to_bytes(), two_whole.to_bytes());
    let back = BigTables::from_bytes(&two_big.to_bytes()).unwrap();
    assert_eq!(back.strength(), Strength::Strong);
    let back = WholeTables::from_bytes(&two_whole.to_bytes()).unwrap();
    assert_eq!(back.strength(), Strength::Strong);
    let (shipped_big, _) = built(&goal, Strength::Shipped, 1);
    let back = BigTables::from_bytes(&shipped_big.to_bytes()).unwrap();
    assert_eq!(back.strength(), Strength::Shipped);
    assert_ne!(
        BigTables::cache_key_as(&goal, Strength::Strong),
        BigTables::cache_key(&goal)
    );
    assert_ne!(
        WholeTables::cache_key_as(&goal, Strength::Strong),
        WholeTables::cache_key(&goal)
    );
    let mut damaged = two_big.to_bytes();
    let middle = damaged.len() / 2;
    damaged[middle] ^= 1;
    assert!(BigTables::from_bytes(&damaged).is_err());
}

/// A build on several threads that the progress callback stops ends with an error, and
/// reports the entries it filled on the way.
#[test]
fn a_cancelled_build_on_two_threads_is_an_error() {
    let goal = Goal::Standard.board(Shape::square(5).unwrap()).unwrap();
    let mut seen = 0u64;
    let mut stop = |progress: &Progress| {
        seen = seen.max(progress.generated);
        ControlFlow::Break(())
    };
    let built = BigTables::build_as(
        &goal,
        Strength::Strong,
        &mut Limits {
            threads: 2,
            on_progress: Some(&mut stop),
            ..Limits::default()
        },
    );
    assert!(built.is_err());
    assert!(seen < BigTables::entries(&goal, Strength::Strong).iter().sum());
}
