//! Runs the core's [`Method`]s for `solve`: fetches the tables a method uses from the store,
//! calls [`solve_with`], and keeps the name of those tables for the report.

use puzzle_core::anytime::{prove_bound, Guides, Proof};
use puzzle_core::pdb::PdbError;
use puzzle_core::{
    solve_with, Board, Limits, Method, Solution, SolveError, SolveOptions, SolveOutcome, TableKind,
    Tables,
};

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

/// Runs `method` on `board` towards `goal`, building or loading its tables first; with
/// `prove_ms` (`--prove-gap`), a big board's answer then gets that long to raise its lower
/// bound ([`prove_bound`]).
pub fn run(
    method: &Method,
    board: &Board,
    goal: &Board,
    store: &mut PdbStore,
    limits: &mut Limits,
    prove_ms: Option<u32>,
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
            let held = store.big_board(goal)?;
            big = Some(held.core.clone());
            whole = held.whole.cloned();
            name = Some(held.name);
        }
        None => {}
    }
    tables.big_board = big.as_ref();
    tables.whole_board = whole.as_ref();
    let mut solution = solve_with(
        board,
        goal,
        &SolveOptions::new(method).with_tables(tables),
        limits,
        &mut |_| {},
    )?;
    if let Some(ms) = prove_ms.filter(|_| solution.outcome == SolveOutcome::Solved) {
        if big.is_some() && !solution.is_optimal() {
            let guides = Guides {
                core: big.as_ref(),
                whole: whole.as_ref(),
            };
            let proof = prove_bound(board, goal, guides, f64::from(ms), limits)?;
            take_proof(&mut solution, proof);
        }
    }
    Ok(Answer {
        solution,
        tables: name,
    })
}

/// The answer with what `proof` established: a higher lower bound, and its optimal moves if
/// it found some shorter than the answer's (its expansions and time added to the answer's).
fn take_proof(solution: &mut Solution, proof: Proof) {
    let bound = solution.lower_bound.unwrap_or(0).max(proof.lower_bound);
    solution.lower_bound = Some(bound);
    if let Some(moves) = proof.optimal.filter(|m| m.len() < solution.moves.len()) {
        solution.moves = moves;
    }
    solution.stats.expanded += proof.expanded;
    solution.stats.generated += proof.expanded;
    solution.stats.elapsed_ms += proof.elapsed_ms;
    solution.stats.optimal = solution.moves.len() as u32 <= bound;
}
