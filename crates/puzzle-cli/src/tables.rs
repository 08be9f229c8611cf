//! `npuzzle tables`: the tables of a board size's default method, written to a file (the web
//! app's build ships the standard goal's, so a first visit downloads them instead of building).

use std::io::Write;
use std::process::ExitCode;

use anyhow::{Context, Result};
use puzzle_core::anytime::WholeTables;
use puzzle_core::pdb::{AdditivePdb, Partition};
use puzzle_core::{Limits, Method, TableKind};

use crate::args::TablesArgs;
use crate::input::goal_board;
use crate::pdb_store::PdbStore;

/// Runs `tables` with `args`, naming the file written on `out`.
pub fn run(args: &TablesArgs, out: &mut dyn Write) -> Result<ExitCode> {
    let goal = goal_board(&args.goal, args.size)?;
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
    std::fs::write(&args.out, &bytes)
        .with_context(|| format!("could not write {}", args.out.display()))?;
    writeln!(
        out,
        "{}: {what} for the {} goal, {} bytes",
        args.out.display(),
        args.size,
        bytes.len()
    )?;
    Ok(ExitCode::SUCCESS)
}
