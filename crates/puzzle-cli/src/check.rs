//! `npuzzle check`: the parity verdict and its reasons, without search.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use puzzle_core::{solvability, Board};

use crate::args::CheckArgs;
use crate::input::{board_text, goal_board, one_line};
use crate::report::CheckJson;

/// Runs `check` with `args`, writing the verdict to `out`.
pub fn run(args: &CheckArgs, out: &mut dyn Write) -> Result<ExitCode> {
    let board = Board::parse(&board_text(&args.board)?, args.size)?;
    let goal = goal_board(&args.goal, board.shape())?;
    let verdict = solvability(&board, &goal)?;
    if args.json {
        let json = CheckJson::new(&board, &goal, &verdict);
        writeln!(out, "{}", serde_json::to_string(&json)?)?;
    } else {
        writeln!(out, "{}: {}", one_line(&board), verdict.explain())?;
    }
    Ok(ExitCode::SUCCESS)
}
