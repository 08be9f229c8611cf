//! `npuzzle generate`: random boards, reproducible with a seed.

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use puzzle_core::generate::{scramble_seeded, Scramble};

use crate::args::{Format, GenerateArgs};
use crate::input::{goal_board, one_line};

/// Runs `generate` with `args`, writing one board a line to `out`.
pub fn run(args: &GenerateArgs, out: &mut dyn Write) -> Result<ExitCode> {
    let goal = goal_board(&args.goal, args.size)?;
    let how = match args.walk {
        Some(steps) => Scramble::Walk(steps),
        None => Scramble::Uniform,
    };
    let seed = args.seed.unwrap_or_else(random_seed);
    for index in 0..args.count {
        let board = scramble_seeded(
            &goal,
            how,
            !args.unsolvable,
            seed.wrapping_add(index as u64),
        );
        let text = match args.format {
            Format::Auto => one_line(&board),
            Format::Flat => board.to_flat(),
            Format::Line => board.to_line(),
            Format::Npuzzle if index > 0 => format!("\n{}", board.to_npuzzle().trim_end()),
            Format::Npuzzle => board.to_npuzzle().trim_end().to_string(),
        };
        writeln!(out, "{text}")?;
    }
    Ok(ExitCode::SUCCESS)
}

/// A seed from the standard library's randomly keyed hasher (no extra dependency).
fn random_seed() -> u64 {
    let mut hasher = RandomState::new().build_hasher();
    hasher.write_u32(std::process::id());
    hasher.finish()
}
