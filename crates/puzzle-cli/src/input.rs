//! Reading boards and goals from arguments, files and standard input (parsing is the core's).

use std::io::Read;
use std::path::Path;

use anyhow::{Context, Result};
use puzzle_core::{Board, BoardError, Goal, Shape};

/// The text of a file, or of standard input for `-`.
pub fn read_source(path: &Path) -> Result<String> {
    if path == Path::new("-") {
        read_stdin()
    } else {
        std::fs::read_to_string(path).with_context(|| format!("cannot read `{}`", path.display()))
    }
}

/// The board text given as arguments: the words joined by spaces, or standard input for `-`.
pub fn board_text(words: &[String]) -> Result<String> {
    if words.len() == 1 && words[0] == "-" {
        read_stdin()
    } else {
        Ok(words.join(" "))
    }
}

fn read_stdin() -> Result<String> {
    let mut text = String::new();
    std::io::stdin()
        .read_to_string(&mut text)
        .context("cannot read standard input")?;
    Ok(text)
}

/// The goal board for a board of `shape`.
///
/// A goal written with its own size (e.g. nine numbers for a 4x4 board) is the core's
/// [`BoardError::ShapeMismatch`], not a count error.
pub fn goal_board(text: &str, shape: Shape) -> Result<Board, BoardError> {
    match Goal::parse(text, Some(shape)) {
        Ok(goal) => goal.board(shape),
        Err(error) => match Goal::parse(text, None) {
            Ok(Goal::Custom(own)) if own.shape() != shape => Err(BoardError::ShapeMismatch {
                board: shape,
                goal: own.shape(),
            }),
            _ => Err(error),
        },
    }
}

/// A board on one line that parses back without a size: flat for squares, rows split by ` / `
/// for rectangles.
pub fn one_line(board: &Board) -> String {
    let shape = board.shape();
    if shape.width() == shape.height() {
        board.to_flat()
    } else {
        board.to_line()
    }
}

/// The boards of a batch file: `(1-based line number, text)` for every line that is not blank
/// or only a comment.
pub fn batch_lines(text: &str) -> Vec<(usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(index, line)| (index + 1, line.trim()))
        .filter(|(_, line)| !line.split('#').next().unwrap_or("").trim().is_empty())
        .collect()
}
