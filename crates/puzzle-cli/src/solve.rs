//! `npuzzle solve`: one board, or a batch file with one result a line.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use puzzle_core::{solve, Board, BoardError, Limits, Solution, SolveOutcome, SolverConfig};

use crate::args::SolveArgs;
use crate::input::{batch_lines, board_text, goal_board, read_source};
use crate::report::{solve_line, solve_text, InvalidJson, SolveJson};

/// Runs `solve` with `args`, writing results to `out`.
pub fn run(args: &SolveArgs, out: &mut dyn Write) -> Result<ExitCode> {
    if let Some(path) = &args.batch {
        return run_batch(args, &read_source(path)?, out);
    }
    let text = match &args.file {
        Some(path) => read_source(path)?,
        None => board_text(&args.board)?,
    };
    let board = Board::parse(&text, args.size)?;
    let (goal, solution) = solve_one(args, &board)?;
    if args.json {
        writeln!(
            out,
            "{}",
            serde_json::to_string(&SolveJson::new(&board, &goal, &solution))?
        )?;
    } else {
        write!(out, "{}", solve_text(&board, &goal, &args.goal, &solution))?;
    }
    Ok(match solution.outcome {
        SolveOutcome::Solved | SolveOutcome::Unsolvable => ExitCode::SUCCESS,
        _ => ExitCode::from(1),
    })
}

/// Solves every board of a batch file; malformed lines are reported and make the exit code 2.
fn run_batch(args: &SolveArgs, text: &str, out: &mut dyn Write) -> Result<ExitCode> {
    let mut malformed = 0;
    for (number, line) in batch_lines(text) {
        let result =
            Board::parse(line, args.size).and_then(|board| Ok((solve_one(args, &board)?, board)));
        match result {
            Ok(((goal, solution), board)) => {
                if args.json {
                    let json = SolveJson::new(&board, &goal, &solution);
                    writeln!(out, "{}", serde_json::to_string(&json)?)?;
                } else {
                    writeln!(out, "{}", solve_line(&board, &solution))?;
                }
            }
            Err(error) => {
                malformed += 1;
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
    }
    Ok(if malformed > 0 {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}

/// The goal board and the solution for one board, with the options of `args`.
fn solve_one(args: &SolveArgs, board: &Board) -> Result<(Board, Solution), BoardError> {
    let goal = goal_board(&args.goal, board.shape())?;
    let mut config = SolverConfig::best_for(board.shape());
    if let Some(algorithm) = args.algorithm {
        config.algorithm = algorithm;
    }
    if let Some(heuristic) = args.heuristic {
        config.heuristic = heuristic;
    }
    if let Some(depth) = args.depth_limit {
        config.depth_limit = depth;
    }
    let mut limits = match args.max_nodes {
        Some(budget) => Limits::with_budget(budget),
        None => Limits::default(),
    };
    let solution = solve(board, &goal, &config, &mut limits)?;
    Ok((goal, solution))
}
