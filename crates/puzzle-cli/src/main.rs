//! `npuzzle`: solve, generate and check sliding-tile puzzles from the command line.
//!
//! A thin layer over `puzzle-core`: argument handling and output formatting only.
//!
//! # Code map
//!
//! - [`args`]: the command line (clap's derive API); `main` runs the subcommand it names.
//! - The subcommands, one module each: [`solve`] (one board or `--batch`), [`generate`],
//!   [`check`] (the parity verdict), [`trace`] (a search step by step), [`experiment`] (the
//!   textbook table of search costs by depth), [`tables`] (writes a size's tables, for the web
//!   build to ship), [`heuristic`] (the exact verdicts on an estimate written as a formula).
//! - [`input`]: boards and goals from arguments, files and standard input.
//! - [`method`]: runs a core `Method` with the tables it needs, through `solve_with`.
//! - [`pdb_store`]: those tables, built once per goal and cached on disk (`~/.cache/npuzzle`);
//!   [`strong`]: which big-board tables fit the memory budget (the strong ones, or shipped).
//! - [`report`]: text and JSON output; [`progress`]: the progress bars on a terminal.

mod args;
mod check;
mod experiment;
mod generate;
mod heuristic;
mod input;
mod method;
mod pdb_store;
mod progress;
mod report;
mod review;
mod solve;
mod strong;
mod tables;
mod trace;

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use clap::Parser;

use args::{Cli, Command};

fn main() -> ExitCode {
    let cli = Cli::parse();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let result = match &cli.command {
        Command::Solve(args) => solve::run(args, &mut out),
        Command::Generate(args) => generate::run(args, &mut out),
        Command::Check(args) => check::run(args, &mut out),
        Command::Trace(args) => trace::run(args, &mut out),
        Command::Experiment(args) => experiment::run(args, &mut out),
        Command::Tables(args) => tables::run(args, &mut out),
        Command::Review(args) => review::run(args, &mut out),
        Command::Heuristic(args::HeuristicCommand::Check(args)) => heuristic::run(args, &mut out),
    }
    .and_then(|code| {
        out.flush()?;
        Ok(code)
    });
    match result {
        Ok(code) => code,
        // A closed pipe (e.g. `npuzzle generate --count 1000 | head`) is not an error.
        Err(error)
            if error
                .downcast_ref::<io::Error>()
                .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe) =>
        {
            ExitCode::SUCCESS
        }
        Err(error) => {
            let _ = out.flush();
            eprintln!("error: {error:#}");
            ExitCode::from(2)
        }
    }
}
