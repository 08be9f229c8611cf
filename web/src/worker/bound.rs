//! The lower bound a big-board solve states: the best admissible bound the tables in hand give
//! for the board ([`held`]), told to the page as soon as a solve has them ([`tell`],
//! [`FromWorker::Bound`], before the answers that may have come without them) and carried by
//! the answers of a watched solve (`watch.rs`). The page keeps the largest bound a solve told
//! and states it with each of its answers ([`crate::state::Running::lower_bound`]).

use puzzle_core::anytime::lower_bound;
use puzzle_core::relabel::{canonical_goal, Relabel};
use puzzle_core::{Board, Tables};
use web_sys::DedicatedWorkerGlobalScope;

use super::post;
use crate::protocol::{FromWorker, SolveRequest};

/// The best admissible lower bound on the moves from `board` to `goal` that `tables` give:
/// linear conflict, the big-board tables' estimate where their core is the whole board (5x5),
/// the whole-board tables' where they lead to the goal (6x6, 7x7), whichever is largest. Also
/// through the relabelling a solve takes when the tables are the standard goal's and `goal` is
/// another with its blank in a corner ([`canonical_goal`]: the renamed board has the same
/// distance), as the core's solve does (`puzzle_core::solve_improving_in_lane`).
pub(super) fn held(board: &Board, goal: &Board, tables: Tables) -> u32 {
    if board.shape() != goal.shape() {
        return 0;
    }
    let canonical = canonical_goal(goal);
    let renamed = (canonical != *goal)
        .then(|| Relabel::between(goal, &canonical)?.board(board))
        .flatten();
    let through = renamed.map_or(0, |renamed| estimate(&renamed, &canonical, tables));
    estimate(board, goal, tables).max(through)
}

/// [`held`] toward `goal` as it is: linear conflict, the big-board tables' estimate where
/// they cover the board, the whole-board tables' where they lead to `goal`.
fn estimate(board: &Board, goal: &Board, tables: Tables) -> u32 {
    let whole = tables
        .whole_board
        .filter(|whole| whole.goal() == goal)
        .map_or(0, |whole| whole.estimate(board.cells()));
    lower_bound(board, goal, tables.big_board).max(whole)
}

/// Tells the page the bound `tables` give for `request`'s board ([`held`]), and returns it.
pub(super) fn tell(
    scope: &DedicatedWorkerGlobalScope,
    request: &SolveRequest,
    tables: Tables,
) -> u32 {
    let lower_bound = held(&request.board, &request.goal, tables);
    let id = request.id;
    post(scope, &FromWorker::Bound { id, lower_bound });
    lower_bound
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzle_core::analysis::DistanceTable;
    use puzzle_core::anytime::WholeTables;
    use puzzle_core::generate::{scramble_seeded, Scramble};
    use puzzle_core::{Goal, Heuristic, HeuristicKind, Limits, Shape};

    fn linear_conflict(board: &Board, goal: &Board) -> u32 {
        Heuristic::new(HeuristicKind::LinearConflict, goal).estimate(board)
    }

    /// Without tables the bound is linear conflict; another shape has none.
    #[test]
    fn without_tables_the_bound_is_linear_conflict() {
        let goal = Goal::Standard.board(Shape::square(5).unwrap()).unwrap();
        let board = scramble_seeded(&goal, Scramble::Uniform, true, 7);
        assert_eq!(
            held(&board, &goal, Tables::default()),
            linear_conflict(&board, &goal)
        );
        let small = Goal::Standard.board(Shape::square(3).unwrap()).unwrap();
        assert_eq!(held(&small, &goal, Tables::default()), 0);
    }

    /// The whole-board tables count toward their own goal and, through the relabelling, toward
    /// the goals they serve (the standard goal's serve the blank-first goal): over every 3x3
    /// board toward the blank-first goal, the bound is at least linear conflict and the tables'
    /// estimate of the renamed board, never above the distance, and above linear conflict on
    /// some boards.
    #[test]
    fn whole_board_tables_count_through_the_relabelling() {
        let shape = Shape::square(3).unwrap();
        let standard = Goal::Standard.board(shape).unwrap();
        let first = Goal::BlankFirst.board(shape).unwrap();
        let whole = WholeTables::build(&standard, &mut Limits::default()).unwrap();
        let tables = Tables {
            whole_board: Some(&whole),
            ..Tables::default()
        };
        let relabel = Relabel::between(&first, &standard).unwrap();
        let distances = DistanceTable::build(&first).unwrap();
        let mut above = 0;
        for (word, distance) in distances.packed() {
            let board = Board::unpack(shape, word).unwrap();
            let bound = held(&board, &first, tables);
            let renamed = relabel.board(&board).unwrap();
            let lc = linear_conflict(&board, &first);
            assert!(bound >= lc.max(whole.estimate(renamed.cells())));
            assert!(bound <= distance, "{board}: {bound} > {distance}");
            above += usize::from(bound > lc);
        }
        assert!(above > 0, "the tables add to linear conflict on some board");
        // Toward the tables' own goal: their estimate.
        let board = scramble_seeded(&standard, Scramble::Uniform, true, 3);
        let own = held(&board, &standard, tables);
        assert_eq!(
            own,
            linear_conflict(&board, &standard).max(whole.estimate(board.cells()))
        );
    }
}
