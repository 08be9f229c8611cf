//! A fixed, seeded workload over every generic search, for instruction counts that do not
//! depend on machine load: `valgrind --tool=callgrind target/release/examples/generic_workload`.
//! Used to check that searches without an observer cost what they did before tracing existed.

use puzzle_core::generate::{scramble_seeded, Scramble};
use puzzle_core::solver::DEFAULT_DEPTH_LIMIT;
use puzzle_core::{solve, Algorithm, Goal, HeuristicKind, Limits, Shape, SolverConfig};

fn main() {
    let goal = Goal::Standard.board(Shape::square(3).unwrap()).unwrap();
    let mut expanded = 0;
    for seed in 0..40 {
        let board = scramble_seeded(&goal, Scramble::Uniform, true, seed);
        let walk = scramble_seeded(&goal, Scramble::Walk(14), true, seed);
        for algorithm in Algorithm::ALL {
            let config = SolverConfig {
                algorithm,
                heuristic: HeuristicKind::Manhattan,
                depth_limit: DEFAULT_DEPTH_LIMIT.min(14),
            };
            let start = if matches!(algorithm, Algorithm::Dfs | Algorithm::Iddfs) {
                &walk
            } else {
                &board
            };
            let solution = solve(start, &goal, &config, &mut Limits::default()).unwrap();
            expanded += solution.stats.expanded;
        }
    }
    println!("{expanded} nodes expanded");
}
