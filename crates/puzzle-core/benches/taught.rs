//! How much longer the method people are taught is than the solver (issue 57).
//!
//! 1. On 3x3, every one of the 181,440 boards that reach the standard goal against its exact
//!    distance (the breadth-first table): mean lengths, mean and worst ratio.
//! 2. On 3x3 to 8x8, `--boards` seeded uniform boards a size against the page's default
//!    method: A* with linear conflict on 3x3, IDA* over the 7-7-1 pattern databases on 4x4
//!    (built first, about 30 s), and from 5x5 the anytime method without tables for 1 s (the
//!    page holds tables there, so its answers are shorter still: the ratios above 4x4 are
//!    lower bounds of the page's).
//!
//! `cargo bench -p puzzle-core --bench taught [-- --boards N]`

use std::time::Instant;

use puzzle_core::analysis::DistanceTable;
use puzzle_core::generate::{scramble_seeded, Scramble};
use puzzle_core::pdb::{AdditivePdb, Partition};
use puzzle_core::taught::solve_taught;
use puzzle_core::{solve_with, Board, Goal, Limits, Method, Shape, SolveOptions, Tables};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let boards: u64 = args
        .iter()
        .position(|a| a == "--boards")
        .and_then(|i| args.get(i + 1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(20);
    every_3x3();
    println!("\n| size | boards | method mean | default mean | ratio of means | worst ratio | method time a board |");
    println!("| --- | --- | --- | --- | --- | --- | --- |");
    for side in 3..=8 {
        against_default(side, boards);
    }
}

fn every_3x3() {
    let goal = Goal::Standard.board(Shape::square(3).unwrap()).unwrap();
    let table = DistanceTable::build(&goal).unwrap();
    let (mut sum_method, mut sum_optimal, mut sum_ratio, mut worst, mut counted) =
        (0u64, 0u64, 0f64, 0f64, 0u64);
    let mut worst_board = None;
    let start = Instant::now();
    for (word, distance) in table.packed() {
        let board = Board::unpack(goal.shape(), word).unwrap();
        let length = solve_taught(&board, &goal, &mut Limits::default())
            .unwrap()
            .moves()
            .len() as u64;
        assert!(length >= u64::from(distance));
        sum_method += length;
        sum_optimal += u64::from(distance);
        if distance > 0 {
            let ratio = length as f64 / f64::from(distance);
            sum_ratio += ratio;
            counted += 1;
            if ratio > worst {
                worst = ratio;
                worst_board = Some((board, length, distance));
            }
        }
    }
    let n = table.len() as f64;
    println!(
        "3x3, all {} boards: method mean {:.2} moves, shortest mean {:.2} ({:.3}x); mean ratio {:.3}, worst {:.2} ({:?}); {:.1} s",
        table.len(),
        sum_method as f64 / n,
        sum_optimal as f64 / n,
        sum_method as f64 / sum_optimal as f64,
        sum_ratio / counted as f64,
        worst,
        worst_board.map(|(b, l, d)| format!("{b}: {l} against {d}")),
        start.elapsed().as_secs_f64()
    );
}

fn against_default(side: usize, boards: u64) {
    let shape = Shape::square(side).unwrap();
    let goal = Goal::Standard.board(shape).unwrap();
    let pdb = (side == 4).then(|| {
        let partition = Partition::default_for(&goal).unwrap();
        AdditivePdb::build_parallel(&goal, &partition, 2, &mut Limits::default()).unwrap()
    });
    let method = match side {
        3 => Method::default_for(shape),
        4 => Method::PatternDatabase,
        _ => Method::Anytime {
            time_limit_ms: 1_000,
        },
    };
    let options = SolveOptions::new(&method).with_tables(Tables {
        pattern_db: pdb.as_ref(),
        ..Tables::default()
    });
    let (mut sum_method, mut sum_default, mut worst, mut method_ms) = (0u64, 0u64, 0f64, 0f64);
    for seed in 0..boards {
        let board = scramble_seeded(&goal, Scramble::Uniform, true, seed);
        let start = Instant::now();
        let taught = solve_taught(&board, &goal, &mut Limits::default()).unwrap();
        method_ms += start.elapsed().as_secs_f64() * 1000.0;
        let solution =
            solve_with(&board, &goal, &options, &mut Limits::default(), &mut |_| {}).unwrap();
        let (a, b) = (taught.moves().len() as u64, solution.moves.len() as u64);
        sum_method += a;
        sum_default += b;
        worst = worst.max(a as f64 / b.max(1) as f64);
    }
    println!(
        "| {side}x{side} | {boards} | {:.1} | {:.1} ({}) | {:.2}x | {:.2}x | {:.1} ms |",
        sum_method as f64 / boards as f64,
        sum_default as f64 / boards as f64,
        method.short_label(),
        sum_method as f64 / sum_default as f64,
        worst,
        method_ms / boards as f64
    );
}
