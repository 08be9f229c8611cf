//! The one entry point: [`solve_with`] (and [`solve_improving`], which also reports each
//! shorter answer) runs any [`Method`] on a board, with the [`Tables`] the caller lends. It
//! sits above every solver and dispatches to them; the command line, the web worker and the
//! page call it.

use crate::anytime::{solve_anytime, AnytimeConfig, BigTables};
use crate::board::Board;
use crate::error::BoardError;
use crate::method::{Method, SolveError, TableKind};
use crate::pdb::AdditivePdb;
use crate::relabel::{canonical_goal, Relabel};
use crate::search::Limits;
use crate::solution::Solution;
use crate::solvability::solvability;
use crate::solver::solve;
use crate::suboptimal::{solve_staged, StagedConfig};
use crate::tuned::parallel::{solve_pdb_parallel, ParallelConfig};
use crate::tuned::{solve_pdb, TunedConfig, TunedOptions};

/// Tables lent to [`solve_with`]: each method takes what it needs.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tables<'a> {
    /// Pattern databases for the goal, for [`Method::PatternDatabase`].
    pub pattern_db: Option<&'a AdditivePdb>,
    /// Big-board tables for the goal, for [`Method::Anytime`].
    pub big_board: Option<&'a BigTables>,
}

/// Solves `board` towards `goal` with `method`, within `limits`: the one entry point callers use.
///
/// Unsolvable boards are answered from parity without searching. The [`Solution`] names the
/// method and, when the method does not prove its answer optimal, carries a lower bound.
///
/// ```
/// use puzzle_core::{solve_with, Board, Goal, Limits, Method, Tables};
/// let board: Board = "6 1 7 3 0 4 5 8 2".parse().unwrap();
/// let goal = Goal::Snail.board(board.shape()).unwrap();
/// let method = Method::default_for(board.shape());
/// let solution = solve_with(&board, &goal, &method, Tables::default(), &mut Limits::default()).unwrap();
/// assert_eq!(solution.length(), Some(24));
/// assert_eq!(solution.method, method);
/// ```
pub fn solve_with(
    board: &Board,
    goal: &Board,
    method: &Method,
    tables: Tables,
    limits: &mut Limits,
) -> Result<Solution, SolveError> {
    solve_improving(board, goal, method, tables, limits, &mut |_| {})
}

/// [`solve_with`], telling `on_improve` each strictly shorter solution an improving method
/// ([`Method::Anytime`]) finds before its final answer, the first one included. Other methods
/// find one answer and do not call it.
pub fn solve_improving(
    board: &Board,
    goal: &Board,
    method: &Method,
    tables: Tables,
    limits: &mut Limits,
    on_improve: &mut dyn FnMut(&Solution),
) -> Result<Solution, SolveError> {
    if board.shape() != goal.shape() {
        return Err(BoardError::ShapeMismatch {
            board: board.shape(),
            goal: goal.shape(),
        }
        .into());
    }
    method.fits(board.shape())?;
    match method {
        Method::Search(config) => Ok(solve(board, goal, config, limits)?),
        Method::PatternDatabase => {
            let missing = SolveError::MissingTables {
                method: method.name(),
                table: TableKind::PatternDatabase,
            };
            let pdb = tables.pattern_db.ok_or(missing.clone())?;
            let relabel = Relabel::between(goal, pdb.goal()).ok_or(missing)?;
            through(board, goal, &relabel, on_improve, |board, _| {
                if limits.threads > 1 {
                    let parallel = ParallelConfig::threads(limits.threads);
                    let options = TunedOptions::default();
                    return Ok(solve_pdb_parallel(board, pdb, &options, &parallel, limits)?);
                }
                Ok(solve_pdb(board, pdb, &TunedConfig::default(), limits)?)
            })
        }
        Method::Staged => Ok(solve_staged(board, goal, &StagedConfig::default(), limits)?.solution),
        Method::Anytime { time_limit_ms } => {
            let config = AnytimeConfig {
                time_limit_ms: f64::from(*time_limit_ms),
                ..AnytimeConfig::default()
            };
            // Tables for the goal's core serve it directly; those of the standard goal serve
            // every goal a [`Relabel`] leads there from.
            let canonical = canonical_goal(goal);
            let target = match tables.big_board {
                Some(t) if !t.serves(goal) && t.serves(&canonical) => canonical,
                _ => goal.clone(),
            };
            let relabel = Relabel::between(goal, &target).ok_or(BoardError::ShapeMismatch {
                board: board.shape(),
                goal: target.shape(),
            })?;
            through(board, goal, &relabel, on_improve, |board, on_improve| {
                let answer = solve_anytime(
                    board,
                    &target,
                    tables.big_board,
                    &config,
                    limits,
                    &mut |b| on_improve(&b.solution),
                )?;
                Ok(answer.solution)
            })
        }
    }
}

/// Runs `solve` on the problem `relabel` makes of `board` toward `goal`, and maps every answer
/// back (moves, and the parity verdict of `board` itself); the identity map runs it as is.
fn through(
    board: &Board,
    goal: &Board,
    relabel: &Relabel,
    on_improve: &mut dyn FnMut(&Solution),
    solve: impl FnOnce(&Board, &mut dyn FnMut(&Solution)) -> Result<Solution, SolveError>,
) -> Result<Solution, SolveError> {
    if relabel.is_identity() {
        return solve(board, on_improve);
    }
    let renamed = relabel.board(board).ok_or(BoardError::ShapeMismatch {
        board: board.shape(),
        goal: goal.shape(),
    })?;
    let verdict = solvability(board, goal)?;
    let back = |solution: &Solution| Solution {
        moves: relabel.moves_back(&solution.moves),
        solvability: verdict.clone(),
        ..solution.clone()
    };
    let answer = solve(&renamed, &mut |better| on_improve(&back(better)))?;
    Ok(back(&answer))
}
