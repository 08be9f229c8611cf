//! The split of an IDA* iteration into work items and the parallel driver: same optimal
//! lengths as the serial search, complete iterations counted exactly, cancellation.

use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;

use puzzle_core::generate::{random_walk, scramble_seeded, Scramble};
use puzzle_core::pdb::{AdditivePdb, Partition};
use puzzle_core::search::Progress;
use puzzle_core::tuned::parallel::{
    search_item, solve_pdb_parallel, split_iteration, ItemError, ParallelConfig,
};
use puzzle_core::tuned::{solve_pdb, TunedOptions};
use puzzle_core::{swap_fix, Board, Goal, Limits, Shape, SolveOutcome};
use rand::rngs::StdRng;
use rand::SeedableRng;

fn build(goal: &Board, sizes: &[usize]) -> AdditivePdb {
    let partition = Partition::by_reading_order(goal, sizes).unwrap();
    AdditivePdb::build(goal, &partition, &mut Limits::default()).unwrap()
}

/// Splits every iteration eagerly, so that small boards exercise the threads.
fn eager(threads: usize) -> ParallelConfig {
    ParallelConfig {
        threads,
        parallel_from: 0,
        items_per_thread: 3,
    }
}

#[test]
fn parallel_lengths_equal_the_serial_ones() {
    for (shape, sizes) in [
        (Shape::square(3).unwrap(), &[4, 4][..]),
        (Shape::new(4, 2).unwrap(), &[3, 4][..]),
        (Shape::square(4).unwrap(), &[5, 5, 5][..]),
    ] {
        let goal = Goal::Standard.board(shape).unwrap();
        let pdb = build(&goal, sizes);
        let mut rng = StdRng::seed_from_u64(7);
        for seed in 0..6u64 {
            let board = if shape.cells() <= 9 {
                scramble_seeded(&goal, Scramble::Uniform, true, seed)
            } else {
                random_walk(&goal, 30 + 2 * seed as usize, &mut rng)
            };
            for reflection in [true, false] {
                let config = TunedOptions {
                    reflection,
                    prune_redundant: reflection,
                    order_children: reflection,
                };
                let serial = solve_pdb(&board, &pdb, &config, &mut Limits::default()).unwrap();
                // One thread is the serial search, counts included.
                let one = solve_pdb_parallel(
                    &board,
                    &pdb,
                    &config,
                    &ParallelConfig::threads(1),
                    &mut Limits::default(),
                )
                .unwrap();
                assert_eq!(one.moves, serial.moves);
                assert_eq!(one.stats.generated, serial.stats.generated);
                assert_eq!(one.stats.iteration_bounds, serial.stats.iteration_bounds);
                for threads in [2, 3] {
                    let parallel = solve_pdb_parallel(
                        &board,
                        &pdb,
                        &config,
                        &eager(threads),
                        &mut Limits::default(),
                    )
                    .unwrap();
                    assert_eq!(parallel.outcome, SolveOutcome::Solved, "{board}");
                    assert_eq!(parallel.length(), serial.length(), "{board}");
                    assert!(parallel.is_optimal());
                    assert_eq!(board.after(&parallel.moves).unwrap(), goal);
                    assert_eq!(
                        parallel.stats.iteration_bounds,
                        serial.stats.iteration_bounds
                    );
                }
            }
        }
    }
}

/// Splitting an iteration and searching every item finds what the serial iteration finds,
/// with the same next bound, and (when it holds no solution) the very same counts.
#[test]
fn split_items_add_up_to_the_serial_iteration() {
    let goal = Goal::Snail.board(Shape::square(3).unwrap()).unwrap();
    let pdb = build(&goal, &[4, 4]);
    let config = TunedOptions::default();
    for seed in 0..8 {
        let board = scramble_seeded(&goal, Scramble::Uniform, true, 50 + seed);
        let serial = solve_pdb(&board, &pdb, &config, &mut Limits::default()).unwrap();
        let bounds: Vec<u32> = serial
            .stats
            .iteration_bounds
            .iter()
            .map(|&b| b as u32)
            .collect();
        let mut generated_before_last = 0;
        for (i, &bound) in bounds.iter().enumerate() {
            let last = i + 1 == bounds.len();
            let mut totals = Vec::new();
            for min_items in [1, 10, 1000] {
                let (generated, next, found) = split_and_search(&board, &pdb, bound, min_items);
                if last {
                    let moves = found.expect("the last iteration holds a solution");
                    assert_eq!(Some(moves.len()), serial.length());
                    assert_eq!(board.after(&moves).unwrap(), goal);
                } else {
                    assert!(found.is_none());
                    assert_eq!(next, bounds[i + 1]);
                    totals.push(generated);
                }
            }
            if !last {
                // However deep the split, a complete iteration counts the same.
                assert!(totals.windows(2).all(|w| w[0] == w[1]), "{totals:?}");
                generated_before_last += totals[0];
            }
        }
        assert!(generated_before_last < serial.stats.generated);
    }
}

/// Splits the iteration at `bound` and searches every item: (generated, next bound, solution).
fn split_and_search(
    board: &Board,
    pdb: &AdditivePdb,
    bound: u32,
    min_items: usize,
) -> (u64, u32, Option<Vec<puzzle_core::Direction>>) {
    let config = TunedOptions::default();
    let split = split_iteration(
        board,
        pdb,
        &config,
        bound,
        min_items,
        &mut Limits::default(),
    )
    .unwrap();
    assert!(split.items.len() >= min_items.min(split.items.len()));
    let mut generated = split.top.stats.generated;
    let mut next = split.top.next_bound;
    let mut found = split.top.solution.clone();
    for item in &split.items {
        assert_eq!(item.bound, bound);
        let part = search_item(item, pdb, &config, None, &mut Limits::default()).unwrap();
        generated += part.stats.generated;
        next = next.min(part.next_bound);
        if let Some(moves) = part.solution {
            assert_eq!(part.outcome, SolveOutcome::Solved);
            found.get_or_insert(moves);
        }
    }
    (generated, next, found)
}

#[test]
fn cancellation_reaches_every_thread_and_errors_are_typed() {
    let shape = Shape::square(4).unwrap();
    let goal = Goal::Standard.board(shape).unwrap();
    let pdb = build(&goal, &[5, 5, 5]);
    let board = scramble_seeded(&goal, Scramble::Uniform, true, 8);
    let config = TunedOptions::default();
    let mut calls = 0;
    let mut cancel = |_: &Progress| {
        calls += 1;
        if calls == 3 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    let mut limits = Limits {
        report_every: 2000,
        on_progress: Some(&mut cancel),
        ..Limits::default()
    };
    let cancelled = solve_pdb_parallel(&board, &pdb, &config, &eager(2), &mut limits).unwrap();
    assert_eq!(cancelled.outcome, SolveOutcome::Cancelled);

    let stop = AtomicBool::new(true);
    let split = split_iteration(&board, &pdb, &config, 60, 4, &mut Limits::default()).unwrap();
    let item = &split.items[0];
    let stopped = search_item(item, &pdb, &config, Some(&stop), &mut Limits::default()).unwrap();
    assert_eq!(stopped.outcome, SolveOutcome::Cancelled);

    let unsolvable = swap_fix(&board);
    assert_eq!(
        split_iteration(&unsolvable, &pdb, &config, 60, 4, &mut Limits::default()),
        Err(ItemError::Unsolvable)
    );
    let mut bad = item.clone();
    bad.prefix.extend(std::iter::repeat_n(bad.prefix[0], 5));
    let outcome = search_item(&bad, &pdb, &config, None, &mut Limits::default());
    assert!(matches!(outcome, Err(ItemError::BadPrefix)), "{outcome:?}");
    let parity = solve_pdb_parallel(
        &unsolvable,
        &pdb,
        &config,
        &eager(2),
        &mut Limits::default(),
    )
    .unwrap();
    assert_eq!(parity.outcome, SolveOutcome::Unsolvable);
}
