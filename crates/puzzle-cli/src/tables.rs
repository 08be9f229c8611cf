//! `npuzzle tables`: the tables of a board size's default method, written to a file (the web
//! app's build ships the standard goal's, so a first visit downloads them instead of building);
//! with `--strong`, the strong big-board tables built into the cache folder ahead of solves.

use std::io::Write;
use std::process::ExitCode;

use anyhow::{Context, Result};
use puzzle_core::anytime::{BigTables, Strength, WholeTables};
use puzzle_core::pdb::{AdditivePdb, Partition};
use puzzle_core::{Limits, Method, TableKind};

use crate::args::TablesArgs;
use crate::input::goal_board;
use crate::pdb_store::PdbStore;
use crate::strong::{self, Budget};

/// Runs `tables` with `args`, naming the file written on `out`.
pub fn run(args: &TablesArgs, out: &mut dyn Write) -> Result<ExitCode> {
    let goal = goal_board(&args.goal, args.size)?;
    let Some(path) = &args.out else {
        return build_strong(args, out);
    };
    let mut store = PdbStore::new(PdbStore::default_dir());
    let (bytes, what) = match Method::default_for(args.size).needs(args.size) {
        _ if args.quick => {
            let partition = Partition::quick_for(&goal)
                .with_context(|| format!("the small tables are made for 4x4, not {}", args.size))?;
            let pdb = AdditivePdb::build(&goal, &partition, &mut Limits::default())?;
            (pdb.to_bytes(), "small pattern databases")
        }
        _ if args.whole => {
            if !WholeTables::wanted(&goal) {
                anyhow::bail!(
                    "whole-board tables are made for 6x6 to 7x7 boards (26 to 49 cells), not {}",
                    args.size
                );
            }
            (store.get_whole(&goal)?.to_bytes(), "whole-board tables")
        }
        Some(TableKind::PatternDatabase) => (store.get(&goal)?.0.to_bytes(), "pattern databases"),
        Some(TableKind::BigBoard) => (store.get_big(&goal)?.to_bytes(), "big-board tables"),
        None => anyhow::bail!("a {} board's default method needs no tables", args.size),
    };
    std::fs::write(path, &bytes).with_context(|| format!("could not write {}", path.display()))?;
    writeln!(
        out,
        "{}: {what} for the {} goal, {} bytes",
        path.display(),
        args.size,
        bytes.len()
    )?;
    Ok(ExitCode::SUCCESS)
}

/// `--strong`: builds (or finds) the strong tables of the size in the cache folder, on the
/// threads the memory budget allows, and says where they are, their size and the time.
fn build_strong(args: &TablesArgs, out: &mut dyn Write) -> Result<ExitCode> {
    let goal = goal_board(&args.goal, args.size)?;
    let (core, whole) = strong::strong_bytes(&goal);
    if core == 0 || Method::default_for(args.size).needs(args.size) != Some(TableKind::BigBoard) {
        anyhow::bail!(
            "strong tables are made for the boards the anytime method solves (over 16 cells: \
             5x5, 6x3, ...), not {}",
            args.size
        );
    }
    let dir = args.cache_dir.clone().or_else(PdbStore::default_dir);
    let dir = dir.context("no cache folder: give --cache-dir (no $HOME to find ~/.cache)")?;
    let budget = Budget::new(args.memory, true);
    let mut store = PdbStore::new(Some(dir.clone())).with_budget(budget);
    let started = std::time::Instant::now();
    let held = store.big_board(&goal)?;
    let strong_core = held.core.strength() == Strength::Strong;
    let strong_whole = held.whole.is_some_and(|w| w.strength() == Strength::Strong);
    let bytes = if strong_core { core } else { 0 } + if strong_whole { whole } else { 0 };
    let seconds = started.elapsed().as_secs_f64();
    if !strong_core {
        anyhow::bail!(
            "--memory {} is too small for any strong table of {} (see `npuzzle solve --help`)",
            budget.text(),
            args.size
        );
    }
    let files = [
        Some(BigTables::cache_key_as(&goal, Strength::Strong)),
        strong_whole.then(|| WholeTables::cache_key_as(&goal, Strength::Strong)),
    ];
    for file in files
        .into_iter()
        .flatten()
        .filter_map(|key| store.file_of(&key))
    {
        writeln!(out, "{}", file.display())?;
    }
    writeln!(
        out,
        "strong tables for the {} goal{}: {}, ready in {seconds:.1} s (in {})",
        args.size,
        if strong_whole {
            ", core and whole board"
        } else {
            ", core"
        },
        strong::size_text(bytes),
        dir.display()
    )?;
    Ok(ExitCode::SUCCESS)
}
