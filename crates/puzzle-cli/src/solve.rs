//! `npuzzle solve`: one board, or a batch file with one result a line.

use std::io::Write;
use std::process::ExitCode;

use anyhow::{bail, Result};
use puzzle_core::taught::{solve_taught, Phase};
use puzzle_core::{format_moves, Board, Limits, Method, SolveOutcome};

use crate::args::SolveArgs;
use crate::input::{batch_lines, board_text, goal_board, read_source};
use crate::method::{self, Answer, MethodError};
use crate::pdb_store::PdbStore;
use crate::report::{solve_line, solve_text, InvalidJson, SolveJson};
use crate::strong::Budget;

/// Runs `solve` with `args`, writing results to `out`.
pub fn run(args: &SolveArgs, out: &mut dyn Write) -> Result<ExitCode> {
    let cache = match (&args.cache_dir, args.no_cache) {
        (_, true) => None,
        (Some(dir), false) => Some(dir.clone()),
        (None, false) => PdbStore::default_dir(),
    };
    let mut store = PdbStore::new(cache)
        .with_78(args.pdb_78)
        .with_budget(Budget::new(args.memory, args.strong));
    if let Some(path) = &args.batch {
        return run_batch(args, &read_source(path)?, &mut store, out);
    }
    let text = match &args.file {
        Some(path) => read_source(path)?,
        None => board_text(&args.board)?,
    };
    let board = Board::parse(&text, args.size)?;
    if args.explain && args.algorithm != Some(Method::Taught) {
        bail!(
            "--explain goes with --algorithm method (the phases of the method people are taught)"
        );
    }
    let (goal, answer) = solve_one(args, &board, &mut store)?;
    let phases = match args.explain && answer.solution.outcome == SolveOutcome::Solved {
        true => Some(solve_taught(&board, &goal, &mut Limits::default())?.phases),
        false => None,
    };
    if args.json {
        let mut json = serde_json::to_value(SolveJson::new(&board, &goal, &answer))?;
        if let Some(phases) = &phases {
            json["phases"] = phases_json(phases);
        }
        writeln!(out, "{json}")?;
    } else {
        write!(out, "{}", solve_text(&board, &goal, &args.goal, &answer))?;
        if let Some(phases) = &phases {
            write!(out, "{}", phases_text(phases))?;
        }
    }
    Ok(match answer.solution.outcome {
        SolveOutcome::Solved | SolveOutcome::Unsolvable => ExitCode::SUCCESS,
        _ => ExitCode::from(1),
    })
}

/// Solves every board of a batch file; malformed lines are reported and make the exit code 2.
fn run_batch(
    args: &SolveArgs,
    text: &str,
    store: &mut PdbStore,
    out: &mut dyn Write,
) -> Result<ExitCode> {
    let mut malformed = 0;
    let lines = batch_lines(text);
    let bar = crate::progress::bar(lines.len() as u64, "boards");
    for (number, line) in lines {
        let result = Board::parse(line, args.size)
            .map_err(MethodError::from)
            .and_then(|board| Ok((solve_one(args, &board, store)?, board)));
        bar.inc(1);
        crate::progress::suspend(|| print_result(args, number, line, result, &mut malformed, out))?;
    }
    bar.finish_and_clear();
    Ok(if malformed > 0 {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}

/// Prints the result of one batch line (counting it in `malformed` if it was).
fn print_result(
    args: &SolveArgs,
    number: usize,
    line: &str,
    result: Result<((Board, Answer), Board), MethodError>,
    malformed: &mut usize,
    out: &mut dyn Write,
) -> Result<()> {
    match result {
        Ok(((goal, answer), board)) => {
            if args.json {
                let json = SolveJson::new(&board, &goal, &answer);
                writeln!(out, "{}", serde_json::to_string(&json)?)?;
            } else {
                writeln!(out, "{}", solve_line(&board, &answer))?;
            }
        }
        Err(error) => {
            *malformed += 1;
            eprintln!("error: line {number}: {error}");
            if args.json {
                let json = InvalidJson {
                    line: number,
                    board: line,
                    outcome: "invalid",
                    error: error.to_string(),
                };
                writeln!(out, "{}", serde_json::to_string(&json)?)?;
            } else {
                writeln!(out, "{line}: invalid ({error})")?;
            }
        }
    }
    out.flush()?;
    Ok(())
}

/// The goal board and the answer for one board, with the options of `args`.
fn solve_one(
    args: &SolveArgs,
    board: &Board,
    store: &mut PdbStore,
) -> Result<(Board, Answer), MethodError> {
    let goal = goal_board(&args.goal, board.shape())?;
    let mut method = args
        .algorithm
        .clone()
        .unwrap_or_else(|| Method::default_for(board.shape()));
    if let Some(guidance) = &args.heuristic {
        method = method.guided_by(guidance.clone());
    }
    if let Some(depth) = args.depth_limit {
        method = method.with_depth_limit(depth);
    }
    if let Some(ms) = args.time_limit {
        method = method.with_time_limit(ms);
    }
    let mut limits = match args.max_nodes {
        Some(budget) => Limits::with_budget(budget),
        None => Limits::default(),
    };
    limits.threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        usize::from,
    );
    let answer = method::run(&method, board, &goal, store, &mut limits, args.prove_gap)?;
    // A search thread that failed (the anytime method goes on with the others): one line.
    for failure in &answer.solution.stats.thread_failures {
        crate::progress::suspend(|| eprintln!("warning: {failure}; the answer is the best found"));
    }
    Ok((goal, answer))
}

/// The method's phases for people: a numbered line each, its moves under it.
fn phases_text(phases: &[Phase]) -> String {
    let mut out = format!("\nThe method, phase by phase ({} phases):\n", phases.len());
    for (i, phase) in phases.iter().enumerate() {
        let moves = match phase.moves.len() {
            0 => "already home".to_string(),
            1 => "1 move".to_string(),
            n => format!("{n} moves"),
        };
        out.push_str(&format!("  {}. {} ({moves})\n", i + 1, phase.name));
        if !phase.moves.is_empty() {
            out.push_str(&crate::report::wrap(
                &format_moves(&phase.moves),
                80,
                "     ",
            ));
        }
    }
    out
}

/// The phases in JSON: name, kind, tiles, cells and moves.
fn phases_json(phases: &[Phase]) -> serde_json::Value {
    serde_json::Value::Array(
        phases
            .iter()
            .map(|p| {
                serde_json::json!({
                    "name": p.name,
                    "kind": p.kind.name(),
                    "tiles": p.tiles,
                    "cells": p.cells,
                    "moves": format_moves(&p.moves),
                })
            })
            .collect(),
    )
}
