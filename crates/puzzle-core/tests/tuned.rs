//! The tuned IDA* against the generic one and against exact BFS distances: same lengths, and
//! with the same heuristic the very same statistics; budget, cancellation and parity.

use std::ops::ControlFlow;

use puzzle_core::generate::{random_walk, scramble_seeded, Scramble};
use puzzle_core::pdb::{AdditivePdb, Partition};
use puzzle_core::search::bfs::bfs_distances;
use puzzle_core::search::idastar::idastar;
use puzzle_core::search::{Progress, Stats};
use puzzle_core::tuned::{solve_pdb, TunedOptions};
use puzzle_core::{
    solve, swap_fix, Algorithm, Board, Goal, HeuristicKind, Limits, Shape, SolveOutcome,
    SolverConfig,
};
use rand::rngs::StdRng;
use rand::SeedableRng;

fn neighbours(board: &Board) -> Vec<Board> {
    board
        .legal_moves()
        .map(|d| {
            let mut next = board.clone();
            next.apply(d);
            next
        })
        .collect()
}

fn build(goal: &Board, sizes: &[usize]) -> AdditivePdb {
    let partition = Partition::by_reading_order(goal, sizes).unwrap();
    AdditivePdb::build(goal, &partition, &mut Limits::default()).unwrap()
}

/// The generic IDA* on whole boards with the database's estimate (direct or with reflection).
fn generic(board: &Board, pdb: &AdditivePdb, reflection: bool) -> (Option<usize>, Stats) {
    let goal = pdb.goal().clone();
    let result = idastar(
        board,
        |b| neighbours(b).into_iter().map(|c| (c, 1u32)),
        |b| {
            if reflection {
                pdb.estimate(b.cells())
            } else {
                pdb.estimate_direct(b.cells())
            }
        },
        |b| *b == goal,
        &mut Limits::default(),
    );
    (result.length(), result.stats)
}

fn same_counts(tuned: &Stats, generic: &Stats) {
    assert_eq!(tuned.expanded, generic.expanded);
    assert_eq!(tuned.generated, generic.generated);
    assert_eq!(tuned.max_frontier, generic.max_frontier);
    assert_eq!(tuned.expanded_by_depth, generic.expanded_by_depth);
    assert_eq!(tuned.iteration_bounds, generic.iteration_bounds);
    assert!(tuned.optimal && generic.optimal);
}

fn check_board(board: &Board, pdb: &AdditivePdb, distance: Option<usize>) {
    for reflection in [true, false] {
        let options = TunedOptions {
            reflection,
            prune_redundant: false,
            order_children: false,
        };
        let solution = solve_pdb(board, pdb, &options, &mut Limits::default()).unwrap();
        // The defaults (pruning and ordering): a solution as short.
        let config = TunedOptions {
            reflection,
            ..TunedOptions::default()
        };
        let default = solve_pdb(board, pdb, &config, &mut Limits::default()).unwrap();
        assert_eq!(default.length(), solution.length(), "{board}");
        assert_eq!(board.after(&default.moves).unwrap(), *pdb.goal());
        // Pruning alone: as short, never more nodes (ordering may generate a few more in the
        // last iteration of a small search).
        let pruning_only = TunedOptions {
            prune_redundant: true,
            ..options
        };
        let pruned = solve_pdb(board, pdb, &pruning_only, &mut Limits::default()).unwrap();
        assert_eq!(pruned.length(), solution.length(), "{board}");
        assert!(pruned.stats.generated <= solution.stats.generated);
        assert_eq!(solution.outcome, SolveOutcome::Solved);
        assert!(solution.is_optimal());
        assert_eq!(board.after(&solution.moves).unwrap(), *pdb.goal());
        let (length, stats) = generic(board, pdb, reflection);
        assert_eq!(solution.length(), length, "{board}");
        if let Some(distance) = distance {
            assert_eq!(length, Some(distance), "{board}");
        }
        same_counts(&solution.stats, &stats);
    }
}

#[test]
fn agrees_with_generic_idastar_and_bfs_on_random_3x3() {
    let shape = Shape::square(3).unwrap();
    for (g, goal) in [Goal::Standard, Goal::Snail, Goal::BlankFirst]
        .into_iter()
        .enumerate()
    {
        let goal = goal.board(shape).unwrap();
        let exact = bfs_distances(&goal, neighbours);
        for sizes in [&[4, 4][..], &[2, 3, 3]] {
            let pdb = build(&goal, sizes);
            assert!(pdb.reflection().is_some());
            for seed in 0..15 {
                let board = scramble_seeded(&goal, Scramble::Uniform, true, 100 * g as u64 + seed);
                check_board(&board, &pdb, exact.get(&board).map(|&d| d as usize));
            }
            check_board(&goal, &pdb, Some(0));
        }
    }
}

#[test]
fn agrees_on_rectangles_without_reflection() {
    for shape in [Shape::new(4, 2).unwrap(), Shape::new(3, 4).unwrap()] {
        let goal = Goal::Standard.board(shape).unwrap();
        let exact = (shape.cells() <= 8).then(|| bfs_distances(&goal, neighbours));
        let tiles = shape.cells() - 1;
        let pdb = build(&goal, &[tiles / 2, tiles - tiles / 2]);
        assert!(pdb.reflection().is_none());
        let mut rng = StdRng::seed_from_u64(1);
        for steps in [5, 12, 20, 30, 40] {
            let board = random_walk(&goal, steps, &mut rng);
            let distance = exact.as_ref().map(|e| e[&board] as usize);
            check_board(&board, &pdb, distance);
        }
    }
}

#[test]
fn agrees_with_generic_linear_conflict_on_easy_4x4() {
    let shape = Shape::square(4).unwrap();
    let lc = SolverConfig {
        algorithm: Algorithm::IdaStar,
        heuristic: HeuristicKind::LinearConflict,
        depth_limit: 100,
    };
    let mut rng = StdRng::seed_from_u64(4);
    for goal in [Goal::BlankFirst, Goal::Snail] {
        let goal = goal.board(shape).unwrap();
        let pdb = build(&goal, &[5, 5, 5]);
        for steps in [10, 20, 30, 36, 40, 44] {
            let board = random_walk(&goal, steps, &mut rng);
            let reference = solve(&board, &goal, &lc, &mut Limits::default()).unwrap();
            let tuned = solve_pdb(
                &board,
                &pdb,
                &TunedOptions::default(),
                &mut Limits::default(),
            )
            .unwrap();
            assert_eq!(tuned.length(), reference.length(), "{board}");
            assert_eq!(board.after(&tuned.moves).unwrap(), goal);
            // Ordering may generate a few more nodes in the last iteration of a tiny search
            // (it generates every child of a node first): allow 3 a move.
            let slack = 3 * tuned.moves.len() as u64;
            assert!(tuned.stats.generated <= reference.stats.generated + slack);
        }
        // Exact statistics against the generic search with the same estimate, on one board.
        let board = random_walk(&goal, 30, &mut rng);
        check_board(&board, &pdb, None);
    }
}

#[test]
fn budget_cancel_and_parity() {
    let shape = Shape::square(4).unwrap();
    let goal = Goal::Standard.board(shape).unwrap();
    let pdb = build(&goal, &[5, 5, 5]);
    let board = scramble_seeded(&goal, Scramble::Uniform, true, 8);
    let config = TunedOptions::default();

    let budget = solve_pdb(&board, &pdb, &config, &mut Limits::with_budget(1000)).unwrap();
    assert_eq!(budget.outcome, SolveOutcome::BudgetExhausted);
    assert_eq!(budget.stats.expanded, 1000);
    assert!(budget.moves.is_empty() && budget.length().is_none());

    let mut calls = 0;
    let mut cancel = |p: &Progress| {
        calls += 1;
        assert_eq!(p.expanded, 500 * calls);
        if calls == 2 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    let mut limits = Limits {
        report_every: 500,
        on_progress: Some(&mut cancel),
        ..Limits::default()
    };
    let cancelled = solve_pdb(&board, &pdb, &config, &mut limits).unwrap();
    assert_eq!(cancelled.outcome, SolveOutcome::Cancelled);
    assert_eq!(cancelled.stats.expanded, 1000);

    let unsolvable = solve_pdb(&swap_fix(&board), &pdb, &config, &mut Limits::default()).unwrap();
    assert_eq!(unsolvable.outcome, SolveOutcome::Unsolvable);
    assert_eq!(unsolvable.stats.expanded, 0);

    let small: Board = "1 2 3 4 5 6 7 8 0".parse().unwrap();
    assert!(solve_pdb(&small, &pdb, &config, &mut Limits::default()).is_err());
}

/// Half-byte tables give the search the very same estimates, so the same run, node for node.
#[test]
fn nibble_tables_search_exactly_like_byte_tables() {
    use puzzle_core::pdb::Encoding;
    let mut rng = StdRng::seed_from_u64(12);
    for (shape, goal, sizes) in [
        (Shape::square(4).unwrap(), Goal::BlankFirst, &[5, 5, 5][..]),
        (Shape::square(4).unwrap(), Goal::Snail, &[5, 5, 5][..]),
        (Shape::new(3, 4).unwrap(), Goal::Standard, &[6, 5][..]),
    ] {
        let goal = goal.board(shape).unwrap();
        let bytes = build(&goal, sizes);
        let nibbles = bytes.clone().with_encoding(Encoding::Nibbles);
        assert!(nibbles
            .tables()
            .iter()
            .all(|t| t.encoding() == Encoding::Nibbles));
        for steps in [20, 34, 42] {
            let board = random_walk(&goal, steps, &mut rng);
            for reflection in [true, false] {
                let config = TunedOptions {
                    reflection,
                    ..TunedOptions::default()
                };
                let a = solve_pdb(&board, &bytes, &config, &mut Limits::default()).unwrap();
                let b = solve_pdb(&board, &nibbles, &config, &mut Limits::default()).unwrap();
                assert_eq!(a.moves, b.moves, "{board}");
                assert_eq!(a.stats.generated, b.stats.generated);
                assert_eq!(a.stats.iteration_bounds, b.stats.iteration_bounds);
            }
        }
    }
}
