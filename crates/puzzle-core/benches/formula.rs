//! A formula against the built-in estimate it equals, in the same A* on the same boards (issue
//! 56: within 3x of the built-in). Three runs over 100 seeded uniform 3x3 boards: the solver's
//! A* with linear conflict (updated per move), and the generic A* on packed boards with the
//! built-in linear conflict worked out per board and with the formula `manhattan + conflicts`
//! (the same values, so the same nodes).
//!
//! A fourth run is the solver itself guided by the formula (`Method::Formula`, as the page,
//! the CLI and the experiment run it): the formula worked out afresh on every child.
//!
//! `cargo bench -p puzzle-core --bench formula`

use std::hint::black_box;

use criterion::{criterion_main, Criterion};
use puzzle_core::formula::Formula;
use puzzle_core::generate::{scramble_seeded, Scramble};
use puzzle_core::search::astar::astar;
use puzzle_core::{
    solve, solve_with, Algorithm, Board, Direction, Goal, Guidance, Heuristic, HeuristicKind,
    Limits, Method, Shape, SolveOptions, SolverConfig,
};
use std::sync::Arc;

const BOARDS: u64 = 100;

fn children(shape: Shape, word: u64) -> Vec<(u64, u32)> {
    let board = Board::unpack(shape, word).unwrap();
    Direction::ALL
        .into_iter()
        .filter_map(|d| board.after(&[d]).ok())
        .map(|b| (b.pack().unwrap(), 1))
        .collect()
}

/// Nodes expanded by the generic A* over `boards` with the estimate `h`.
fn generic(shape: Shape, goal: &Board, boards: &[Board], h: &dyn Fn(&Board) -> u32) -> u64 {
    let goal_word = goal.pack().unwrap();
    let mut expanded = 0;
    for board in boards {
        let result = astar(
            &board.pack().unwrap(),
            |&w| children(shape, w),
            |&w| h(&Board::unpack(shape, w).unwrap()),
            |&w| w == goal_word,
            &mut Limits::default(),
        );
        assert!(result.path().is_some());
        expanded += result.stats.expanded;
    }
    expanded
}

fn formula_against_built_in(c: &mut Criterion) {
    let shape = Shape::square(3).unwrap();
    let goal = Goal::Standard.board(shape).unwrap();
    let boards: Vec<Board> = (0..BOARDS)
        .map(|seed| scramble_seeded(&goal, Scramble::Uniform, true, seed))
        .collect();
    let built_in = Heuristic::new(HeuristicKind::LinearConflict, &goal);
    let formula: Formula = "manhattan + conflicts".parse().unwrap();
    let estimate = formula.bind(&goal).unwrap();
    let by_built_in = generic(shape, &goal, &boards, &|b| built_in.estimate(b));
    let by_formula = generic(shape, &goal, &boards, &|b| estimate.estimate(b));
    assert_eq!(
        by_built_in, by_formula,
        "the same values give the same nodes"
    );
    println!("nodes expanded over the {BOARDS} boards: {by_formula} with either estimate");

    let mut group = c.benchmark_group(format!("3x3 x{BOARDS} uniform, A* + linear conflict"));
    group.sample_size(10);
    let config = SolverConfig {
        algorithm: Algorithm::AStar,
        heuristic: HeuristicKind::LinearConflict,
        ..SolverConfig::best_for(shape)
    };
    group.bench_function("the solver (estimate updated per move)", |b| {
        b.iter(|| {
            for board in &boards {
                black_box(
                    solve(board, &goal, &config, &mut Limits::default())
                        .unwrap()
                        .length(),
                );
            }
        })
    });
    group.bench_function("generic A*, built-in per board", |b| {
        b.iter(|| black_box(generic(shape, &goal, &boards, &|b| built_in.estimate(b))))
    });
    group.bench_function("generic A*, formula `manhattan + conflicts`", |b| {
        b.iter(|| black_box(generic(shape, &goal, &boards, &|b| estimate.estimate(b))))
    });
    // What the page, the CLI and the experiment run: the solver guided by the formula.
    let guided = Method::search(Algorithm::AStar).guided_by(Guidance::Formula(Arc::new(formula)));
    let options = SolveOptions::new(&guided);
    group.bench_function("the solver guided by the formula (Method::Formula)", |b| {
        b.iter(|| {
            for board in &boards {
                let solution =
                    solve_with(board, &goal, &options, &mut Limits::default(), &mut |_| {})
                        .unwrap();
                black_box(solution.length());
            }
        })
    });
    group.finish();
}

/// criterion's macro makes a public function; a private module keeps it out of the docs lint.
mod group {
    use criterion::criterion_group;
    criterion_group!(benches, super::formula_against_built_in);
}
criterion_main!(group::benches);
