//! Seeded benchmarks of the generic searches on sliding boards, each next to a baseline
//! measured in the same run: the `pathfinding` crate on the same states and successors.
//!
//! `cargo bench -p puzzle-core --bench search`

use std::hint::black_box;

use criterion::{criterion_main, Criterion};
use puzzle_core::generate::{scramble_seeded, Scramble};
use puzzle_core::search::bfs::bfs_distances;
use puzzle_core::{
    solve, Algorithm, Board, Direction, Goal, Heuristic, HeuristicKind, Limits, Shape, SolverConfig,
};

const INSTANCES_3X3: u64 = 100;

fn boards(shape: Shape, count: u64, first_seed: u64) -> (Board, Vec<Board>) {
    let goal = Goal::Standard.board(shape).unwrap();
    let boards = (first_seed..first_seed + count)
        .map(|seed| scramble_seeded(&goal, Scramble::Uniform, true, seed))
        .collect();
    (goal, boards)
}

fn config(algorithm: Algorithm, heuristic: HeuristicKind) -> SolverConfig {
    SolverConfig {
        algorithm,
        heuristic,
        ..SolverConfig::best_for(Shape::square(3).unwrap())
    }
}

/// Successors of a packed 3x3 board, for the baseline crate.
fn packed_children(shape: Shape, word: u64) -> Vec<u64> {
    let board = Board::unpack(shape, word).unwrap();
    Direction::ALL
        .into_iter()
        .filter_map(|d| board.after(&[d]).ok())
        .map(|b| b.pack().unwrap())
        .collect()
}

fn three_by_three(c: &mut Criterion) {
    let shape = Shape::square(3).unwrap();
    let (goal, boards) = boards(shape, INSTANCES_3X3, 0);
    let mut group = c.benchmark_group(format!("3x3 x{INSTANCES_3X3} uniform random"));
    group.sample_size(20);
    for (algorithm, heuristic) in [
        (Algorithm::AStar, HeuristicKind::Manhattan),
        (Algorithm::AStar, HeuristicKind::LinearConflict),
        (Algorithm::IdaStar, HeuristicKind::LinearConflict),
    ] {
        group.bench_function(format!("{algorithm}+{heuristic}"), |b| {
            b.iter(|| {
                for board in &boards {
                    let solution = solve(
                        board,
                        &goal,
                        &config(algorithm, heuristic),
                        &mut Limits::default(),
                    );
                    black_box(solution.unwrap().length());
                }
            })
        });
    }
    // Baseline: pathfinding's A* with the same Manhattan estimate, on packed boards.
    let manhattan = Heuristic::new(HeuristicKind::Manhattan, &goal);
    let goal_word = goal.pack().unwrap();
    group.bench_function("baseline pathfinding::astar+manhattan", |b| {
        b.iter(|| {
            for board in &boards {
                let found = pathfinding::directed::astar::astar(
                    &board.pack().unwrap(),
                    |&w| packed_children(shape, w).into_iter().map(|c| (c, 1u32)),
                    |&w| manhattan.estimate(&Board::unpack(shape, w).unwrap()),
                    |&w| w == goal_word,
                );
                black_box(found.map(|(path, _)| path.len()));
            }
        })
    });
    group.finish();
}

fn enumerate_3x3(c: &mut Criterion) {
    let shape = Shape::square(3).unwrap();
    let goal = Goal::Standard.board(shape).unwrap();
    let mut group = c.benchmark_group("3x3 full BFS enumeration (181,440 states)");
    group.sample_size(10);
    group.bench_function("puzzle-core bfs_distances", |b| {
        b.iter(|| {
            let distances = bfs_distances(&goal.pack().unwrap(), |&w| packed_children(shape, w));
            assert_eq!(distances.len(), 181_440);
        })
    });
    group.bench_function("baseline pathfinding::bfs_reach", |b| {
        b.iter(|| {
            let reached = pathfinding::directed::bfs::bfs_reach(goal.pack().unwrap(), |&w| {
                packed_children(shape, w)
            })
            .count();
            assert_eq!(reached, 181_440);
        })
    });
    group.finish();
}

fn four_by_four(c: &mut Criterion) {
    // Random walks give 4x4 boards of moderate depth (optimal lengths here: 30 to 50 moves).
    let shape = Shape::square(4).unwrap();
    let goal = Goal::Standard.board(shape).unwrap();
    let boards: Vec<Board> = (0..5)
        .map(|seed| scramble_seeded(&goal, Scramble::Walk(120), true, seed))
        .collect();
    let mut group = c.benchmark_group("4x4 x5 random walks of 120 moves");
    group.sample_size(10);
    for heuristic in [HeuristicKind::Manhattan, HeuristicKind::LinearConflict] {
        let config = SolverConfig {
            algorithm: Algorithm::IdaStar,
            heuristic,
            ..SolverConfig::best_for(shape)
        };
        group.bench_function(format!("idastar+{heuristic}"), |b| {
            b.iter(|| {
                for board in &boards {
                    let solution = solve(board, &goal, &config, &mut Limits::default()).unwrap();
                    black_box(solution.length());
                }
            })
        });
    }
    group.finish();
}

/// criterion's macro makes a public function; a private module keeps it out of the docs lint.
mod group {
    use criterion::criterion_group;
    criterion_group!(
        benches,
        super::three_by_three,
        super::enumerate_3x3,
        super::four_by_four
    );
}
criterion_main!(group::benches);
