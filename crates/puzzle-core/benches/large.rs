//! The staged solver on seeded random large boards, against the row-by-row method.
//!
//! ```text
//! cargo bench -p puzzle-core --bench large -- [--boards N] [--sides 5,6,8] [--no-pdb]
//! ```
//! For each side: mean length, mean and worst time, mean lower bound and ratio, for the
//! row-by-row method (chunk 1), exact chunks of 2 and 3 tiles, and whole lines by weighted A*
//! (weights 2, 3 and 5; 3 is the default); on 5x5 also with the last 4x4 finished optimally by
//! the 6-6-3 databases for the standard goal (built once, time reported).

use std::time::Instant;

use puzzle_core::generate::{scramble_seeded, Scramble};
use puzzle_core::pdb::{AdditivePdb, Partition};
use puzzle_core::suboptimal::{solve_staged, StagedConfig};
use puzzle_core::{Goal, Limits, Shape, SolveOutcome};

fn main() {
    let mut boards = 50u64;
    let mut sides = vec![5usize, 6, 8];
    let mut use_pdb = true;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--boards" => boards = args.next().and_then(|n| n.parse().ok()).unwrap(),
            "--sides" => {
                sides = args
                    .next()
                    .unwrap()
                    .split(',')
                    .map(|s| s.parse().unwrap())
                    .collect()
            }
            "--no-pdb" => use_pdb = false,
            _ => {}
        }
    }
    let pdb = use_pdb.then(|| {
        let goal = Goal::Standard.board(Shape::square(4).unwrap()).unwrap();
        let start = Instant::now();
        let pdb = AdditivePdb::build(
            &goal,
            &Partition::korf_663(&goal).unwrap(),
            &mut Limits::default(),
        )
        .unwrap();
        println!(
            "4x4 6-6-3 databases for the standard goal built in {:.2} s",
            start.elapsed().as_secs_f64()
        );
        pdb
    });
    println!("| board | method | mean length | mean lower bound | mean ratio | worst ratio | mean ms | worst ms |");
    println!("| --- | --- | --- | --- | --- | --- | --- | --- |");
    for side in sides {
        let goal = Goal::Standard.board(Shape::square(side).unwrap()).unwrap();
        let mut methods: Vec<(String, StagedConfig)> = vec![(
            "row by row (chunk 1)".to_string(),
            StagedConfig::row_by_row(),
        )];
        for chunk in 2..=3 {
            methods.push((
                format!("staged, exact chunks of {chunk}"),
                StagedConfig {
                    chunk,
                    weight: 1.0,
                    chunk_budget: 200_000,
                    ..StagedConfig::default()
                },
            ));
        }
        for weight in [2.0, 3.0, 5.0] {
            methods.push((
                format!("staged, whole lines, weight {weight}"),
                StagedConfig {
                    chunk: side,
                    weight,
                    chunk_budget: 300_000,
                    ..StagedConfig::default()
                },
            ));
        }
        if let (Some(pdb), 5) = (&pdb, side) {
            methods.push((
                "staged, exact chunks of 3, last 4x4 optimal (PDB)".to_string(),
                StagedConfig {
                    chunk: 3,
                    weight: 1.0,
                    chunk_budget: 200_000,
                    finish: Some(pdb),
                    ..StagedConfig::default()
                },
            ));
            for weight in [2.0, 3.0] {
                methods.push((
                    format!("staged, whole lines, weight {weight}, last 4x4 optimal (PDB)"),
                    StagedConfig {
                        chunk: side,
                        weight,
                        chunk_budget: 300_000,
                        finish: Some(pdb),
                        ..StagedConfig::default()
                    },
                ));
            }
        }
        for (name, config) in methods {
            let (mut length, mut bound, mut ratio, mut worst_ratio) = (0.0, 0.0, 0.0, 0f64);
            let (mut ms, mut worst_ms) = (0.0, 0f64);
            for seed in 0..boards {
                let board = scramble_seeded(&goal, Scramble::Uniform, true, seed);
                let start = Instant::now();
                let answer = solve_staged(&board, &goal, &config, &mut Limits::default()).unwrap();
                let elapsed = start.elapsed().as_secs_f64() * 1e3;
                assert_eq!(answer.solution.outcome, SolveOutcome::Solved);
                assert_eq!(board.after(&answer.solution.moves).unwrap(), goal);
                length += answer.solution.moves.len() as f64;
                bound += f64::from(answer.lower_bound);
                ratio += answer.bound_ratio;
                worst_ratio = worst_ratio.max(answer.bound_ratio);
                ms += elapsed;
                worst_ms = worst_ms.max(elapsed);
            }
            let n = boards as f64;
            println!(
                "| {side}x{side} | {name} | {:.1} | {:.1} | {:.2} | {:.2} | {:.1} | {:.1} |",
                length / n,
                bound / n,
                ratio / n,
                worst_ratio,
                ms / n,
                worst_ms
            );
        }
    }
    println!("\n{boards} seeded uniformly random solvable boards per size (seeds 0..{boards}).");
}
