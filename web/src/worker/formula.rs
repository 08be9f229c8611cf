//! The heuristic lab's checks ([`ToWorker::CheckFormula`](crate::protocol::ToWorker::CheckFormula)):
//! `puzzle_core::formula::check` over every board that can reach the goal ([`run`]), or on a
//! board of 11 to 16 cells over a sample of boards whose fewest moves are known ([`sampled`]:
//! the published ones and `SOLVED_HERE` solved with the pattern databases), its progress
//! posted at most every [`PROGRESS_EVERY_MS`](super::PROGRESS_EVERY_MS). Cancelled by the
//! page terminating the worker.

use puzzle_core::analysis::{DistanceTable, MAX_TABLE_CELLS};
use puzzle_core::formula::check::{check, check_known};
use puzzle_core::formula::{Estimate, Formula};
use puzzle_core::known::known_boards;
use puzzle_core::pdb::AdditivePdb;
use puzzle_core::Board;
use web_sys::DedicatedWorkerGlobalScope;

use super::cache;
use super::outbox::{counted_progress, post};
use crate::protocol::{FromWorker, MAX_CHECK_CELLS, SOLVED_HERE};

/// `formula` read and fitted to `goal`'s board (nothing built yet), or why it cannot be
/// checked toward it, in words.
fn readable(formula: &str, goal: &Board) -> Result<Formula, String> {
    if goal.cells().len() > MAX_CHECK_CELLS {
        return Err(format!(
            "the check takes boards of up to {MAX_CHECK_CELLS} cells: every board up to {MAX_TABLE_CELLS} (3x3, 2x4, 2x5), a sample of boards of known distance above; this one has {}",
            goal.cells().len()
        ));
    }
    let formula = formula.parse::<Formula>().map_err(|e| e.to_string())?;
    formula
        .fits(goal.cells().len())
        .map_err(|e| e.to_string())?;
    Ok(formula)
}

/// `formula` read and bound to `goal` (its tables built), or why not, in words.
fn prepared(formula: &str, goal: &Board) -> Result<Estimate, String> {
    readable(formula, goal)?
        .bind(goal)
        .map_err(|error| error.to_string())
}

/// Why `formula` cannot be checked toward `goal`, in words, or `None` (a cheap check before
/// the request is queued: nothing is built).
pub fn refusal(formula: &str, goal: &Board) -> Option<String> {
    readable(formula, goal).err()
}

/// The progress callback of check `id`: [`FromWorker::FormulaProgress`] handed to `send` at
/// most every [`PROGRESS_EVERY_MS`](super::PROGRESS_EVERY_MS) of `clock`, and at the end; it
/// never stops the check.
fn progress<'a>(
    id: u32,
    clock: fn() -> f64,
    send: &'a mut dyn FnMut(FromWorker),
) -> impl FnMut(usize, usize) -> bool + 'a {
    let mut post = counted_progress(clock, send, move |done, total| {
        FromWorker::FormulaProgress { id, done, total }
    });
    move |done, total| {
        post(done, total);
        true
    }
}

/// Checks `formula` toward `goal` for request `id`, handing `send` the progress and then the
/// verdicts (or why not).
pub fn run(
    id: u32,
    formula: &str,
    goal: &Board,
    clock: fn() -> f64,
    send: &mut dyn FnMut(FromWorker),
) {
    let started = clock();
    let estimate = match prepared(formula, goal) {
        Ok(estimate) => estimate,
        Err(message) => return send(FromWorker::Failed { id, message }),
    };
    let table = match DistanceTable::build(goal) {
        Ok(table) => table,
        Err(error) => {
            return send(FromWorker::Failed {
                id,
                message: error.to_string(),
            })
        }
    };
    let verdicts = check(&estimate, &table, &mut progress(id, clock, send))
        .expect("never cancelled here: the page terminates the worker");
    send(FromWorker::FormulaChecked {
        id,
        verdicts,
        elapsed_ms: clock() - started,
    });
}

/// Checks `formula` toward `goal` (of 11 to 16 cells) for request `id` on a sample: the
/// pattern databases fetched or built as for a solve, [`SOLVED_HERE`] boards solved with them,
/// the published boards beside them; progress as the boards are solved, then the verdicts.
pub async fn sampled(scope: &DedicatedWorkerGlobalScope, id: u32, formula: &str, goal: &Board) {
    let clock = super::experiment::performance_now;
    let started = clock();
    let mut send = |reply: FromWorker| post(scope, &reply);
    let estimate = match prepared(formula, goal) {
        Ok(estimate) => estimate,
        Err(message) => return send(FromWorker::Failed { id, message }),
    };
    let pdb = match cache::cached::<AdditivePdb>(scope, id, goal).await {
        Ok(pdb) => pdb,
        Err(message) => return send(FromWorker::Failed { id, message }),
    };
    // The CLI's default seed: the page and `npuzzle heuristic check` check the same boards.
    let known = known_boards(
        goal,
        Some(&pdb),
        SOLVED_HERE,
        1,
        &mut progress(id, clock, &mut send),
    )
    .expect("never cancelled here: the page terminates the worker");
    let verdicts = check_known(&estimate, goal, &known, &mut |_, _| true)
        .expect("never cancelled here: the page terminates the worker");
    send(FromWorker::FormulaChecked {
        id,
        verdicts,
        elapsed_ms: clock() - started,
    });
}

#[cfg(test)]
mod tests {
    use puzzle_core::{Goal, Shape};

    use super::*;

    #[test]
    fn a_check_posts_its_progress_then_the_verdicts_and_bad_requests_are_refused() {
        let goal = Goal::Standard.board(Shape::new(4, 2).unwrap()).unwrap();
        let mut replies = Vec::new();
        run(3, "2 * manhattan", &goal, || 0.0, &mut |r| replies.push(r));
        assert!(matches!(
            replies[0],
            FromWorker::FormulaProgress {
                id: 3,
                done: 0,
                total: 20_160
            }
        ));
        match replies.last() {
            Some(FromWorker::FormulaChecked {
                id: 3, verdicts, ..
            }) => {
                assert_eq!(verdicts.boards, 20_160);
                assert!(!verdicts.admissible());
            }
            other => panic!("{other:?}"),
        }
        let big = Goal::Standard.board(Shape::square(4).unwrap()).unwrap();
        assert_eq!(refusal("manhattan", &big), None, "a sample on 4x4");
        let five = Goal::Standard.board(Shape::square(5).unwrap()).unwrap();
        assert!(refusal("manhattan", &five)
            .unwrap()
            .contains("up to 16 cells"));
        assert_eq!(
            refusal("manhattan +", &goal).unwrap(),
            "column 12: expected a number, a name or `(`, found the end"
        );
        assert!(refusal("dist(9)", &goal).unwrap().contains("no tile 9"));
    }
}
