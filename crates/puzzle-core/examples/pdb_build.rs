//! Builds one pattern table of the 4x4 blank-first goal with the fast builder and the
//! reference one, checks they are equal, and prints both times (for profiling).
//!
//! `cargo run --release -p puzzle-core --example pdb_build -- CELLS [fast|reference|both]`
//! (goal cells, e.g. `2,6,7,10,11,14,15`, the first 7-tile group of the 7-7-1 default).
use std::time::Instant;

use puzzle_core::pdb::{AdditivePdb, Builder, Partition};
use puzzle_core::{Goal, Limits, Shape};

fn main() {
    let mut args = std::env::args().skip(1);
    let cells: Vec<usize> = args
        .next()
        .unwrap_or_else(|| "2,6,7,10,11,14,15".to_string())
        .split(',')
        .map(|c| c.parse().expect("cell numbers"))
        .collect();
    let which = args.next().unwrap_or_else(|| "both".to_string());
    let goal = Goal::BlankFirst.board(Shape::square(4).unwrap()).unwrap();
    let partition = Partition::from_goal_cells(&goal, &[&cells]).unwrap();
    let mut built = Vec::new();
    for (name, builder) in [("fast", Builder::Fast), ("reference", Builder::Reference)] {
        if which != "both" && which != name {
            continue;
        }
        let start = Instant::now();
        let pdb =
            AdditivePdb::build_with(&goal, &partition, builder, &mut Limits::default()).unwrap();
        println!(
            "{name}: {:?}: {} entries in {:.2} s, {} expanded, {} generated, max {}",
            cells,
            pdb.tables()[0].len(),
            start.elapsed().as_secs_f64(),
            pdb.build_stats().unwrap().expanded,
            pdb.build_stats().unwrap().generated,
            pdb.tables()[0].max_value(),
        );
        built.push(pdb);
    }
    if built.len() == 2 {
        println!("same bytes: {}", built[0].to_bytes() == built[1].to_bytes());
    }
}
