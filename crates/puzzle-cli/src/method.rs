//! Runs the core's [`Method`]s for `solve`: fetches the tables a method uses from the store,
//! calls [`solve_with`], and keeps the name of those tables for the report.

use puzzle_core::anytime::WholeTables;
use puzzle_core::pdb::PdbError;
use puzzle_core::{solve_with, Board, Limits, Method, Solution, SolveError, TableKind, Tables};

use crate::pdb_store::PdbStore;

/// A solution with what the reports add about how it was found.
#[derive(Clone, Debug)]
pub struct Answer {
    /// The core's answer (it names its method and carries any lower bound).
    pub solution: Solution,
    /// The tables the method used (e.g. `pdb-6-6-3+reflection`), if any.
    pub tables: Option<String>,
}

/// Why a method could not run.
#[derive(Debug, thiserror::Error)]
pub enum MethodError {
    /// Bad board or goal, or a method that does not fit the board.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// The pattern database could not be built or read.
    #[error(transparent)]
    Pdb(#[from] PdbError),
}

impl From<puzzle_core::BoardError> for MethodError {
    fn from(error: puzzle_core::BoardError) -> Self {
        MethodError::Solve(error.into())
    }
}

/// Runs `method` on `board` towards `goal`, building or loading its tables first.
pub fn run(
    method: &Method,
    board: &Board,
    goal: &Board,
    store: &mut PdbStore,
    limits: &mut Limits,
) -> Result<Answer, MethodError> {
    // Checked before any table is built, so a bad request costs nothing.
    if board.shape() != goal.shape() {
        return Err(puzzle_core::BoardError::ShapeMismatch {
            board: board.shape(),
            goal: goal.shape(),
        }
        .into());
    }
    method.fits(board.shape())?;
    let mut tables = Tables::default();
    let (mut big, mut whole) = (None, None);
    let mut name = None;
    match method.needs(board.shape()) {
        Some(TableKind::PatternDatabase) => {
            let (pdb, pdb_name) = store.get(goal)?;
            tables.pattern_db = Some(pdb);
            name = Some(pdb_name);
        }
        Some(TableKind::BigBoard) => {
            big = Some(store.get_big(goal)?.clone());
            if WholeTables::wanted(goal) {
                whole = Some(store.get_whole(goal)?.clone());
            }
            name = Some("big-board-tables".to_string());
        }
        None => {}
    }
    tables.big_board = big.as_ref();
    tables.whole_board = whole.as_ref();
    let solution = solve_with(board, goal, method, tables, limits)?;
    Ok(Answer {
        solution,
        tables: name,
    })
}
