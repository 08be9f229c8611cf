//! The last result as the charts and the generator take it: shared (`Rc`) and recomputed only
//! when the result changes, so their props compare equal on every other render.

use std::rc::Rc;

use puzzle_core::{Direction, Solution, SolveOutcome};
use yew::prelude::*;

use crate::state::Finished;

/// The last result's solution (for the depth chart) and, if it solved, its moves (for export).
#[hook]
pub fn use_result_views(
    result: Option<&Finished>,
) -> (Option<Rc<Solution>>, Option<Rc<Vec<Direction>>>) {
    let solution = use_memo(result.map(|r| r.solution.clone()), |s| {
        s.clone().map(Rc::new)
    });
    let moves = use_memo(
        result
            .filter(|f| f.solution.outcome == SolveOutcome::Solved)
            .map(|f| f.solution.moves.clone()),
        |moves| moves.clone().map(Rc::new),
    );
    ((*solution).clone(), (*moves).clone())
}
