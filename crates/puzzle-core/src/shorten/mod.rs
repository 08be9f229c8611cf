//! Path shortening, for every solver that improves an answer (the staged one polishes its
//! answer here, the anytime one builds its window passes on it): cut loops (a board met
//! twice), then replace stretches ("windows") of the solution by shortest paths between their
//! two ends ([`ida`]), sliding the window with [`slide`].

use rustc_hash::FxHashMap;

use crate::board::Board;
use crate::moves::Direction;

use crate::budget::{Budget, Halt};

pub(crate) mod ida;

use ida::shortest_between;

/// The moves with every loop cut out: when a board comes back, the moves between go.
pub(crate) fn cut_loops(start: &Board, moves: &[Direction]) -> Vec<Direction> {
    let mut seen: FxHashMap<Vec<u8>, usize> = FxHashMap::default();
    let mut boards: Vec<Vec<u8>> = vec![start.cells().to_vec()];
    let mut kept: Vec<Direction> = Vec::with_capacity(moves.len());
    seen.insert(start.cells().to_vec(), 0);
    let mut current = start.clone();
    for &direction in moves {
        if !current.apply(direction) {
            return moves.to_vec();
        }
        if let Some(&index) = seen.get(current.cells()) {
            for cells in boards.drain(index + 1..) {
                seen.remove(&cells);
            }
            kept.truncate(index);
        } else {
            kept.push(direction);
            seen.insert(current.cells().to_vec(), boards.len());
            boards.push(current.cells().to_vec());
        }
    }
    kept
}

/// One pass of windows of `window` moves, `step` apart, each replaced by a shortest path
/// between its ends when that is shorter (the search of one window is capped at `node_cap`
/// expansions). Returns the new moves; stops early, keeping what was gained, on a halt.
pub(crate) fn window_pass(
    start: &Board,
    moves: &[Direction],
    window: usize,
    step: usize,
    node_cap: u64,
    budget: &mut Budget,
) -> (Vec<Direction>, Option<Halt>) {
    let exact = |at: &Board, target: &Board, max_len: usize, budget: &mut Budget| {
        shortest_between(at, target, max_len, node_cap, budget)
    };
    slide(start, moves, window, step, budget, exact)
}

/// Slides a window over `moves`, replacing each stretch by what `shorter` finds (a path of at
/// most the given length between the stretch's two end boards); the first window starts at
/// the lane's offset ([`Budget::window_offset`]).
pub(crate) fn slide(
    start: &Board,
    moves: &[Direction],
    window: usize,
    step: usize,
    budget: &mut Budget,
    mut shorter: impl FnMut(&Board, &Board, usize, &mut Budget) -> Result<Option<Vec<Direction>>, Halt>,
) -> (Vec<Direction>, Option<Halt>) {
    let mut moves = moves.to_vec();
    let mut at = start.clone();
    let step = step.max(1);
    let mut i = budget.window_offset(step).min(moves.len());
    for &direction in &moves[..i] {
        at.apply(direction);
    }
    while i + 2 <= moves.len() {
        let end = (i + window).min(moves.len());
        let last = end == moves.len();
        let Ok(target) = at.after(&moves[i..end]) else {
            break;
        };
        match shorter(&at, &target, end - i - 1, budget) {
            Ok(Some(shorter)) => {
                moves.splice(i..end, shorter);
            }
            Ok(None) => {}
            Err(halt) => return (moves, Some(halt)),
        }
        if last || i + step >= moves.len() {
            break;
        }
        let advance = step.min(moves.len() - i);
        for &direction in &moves[i..i + advance] {
            at.apply(direction);
        }
        i += advance;
    }
    (moves, None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::shared::Lane;
    use crate::search::Limits;
    use crate::{Goal, Shape};

    /// A window pass as one thread (or lane 0 of 2) starts at the first move and cuts a detour
    /// there; lane 1 of 2 starts its windows half a step later, so the detour stays, and the
    /// rest of the answer is searched from other boards (both still solve the board).
    #[test]
    fn lane_one_starts_its_windows_half_a_step_later() {
        let goal = Goal::Standard.board(Shape::square(4).unwrap()).unwrap();
        // The blank goes up and left, and back: the answer leads with a detour.
        use Direction::{Left, Up};
        let walk = [Up, Left, Up, Left];
        let start = goal.after(&walk).unwrap();
        let detour = [Direction::Down, Direction::Up];
        let back: Vec<Direction> = walk.iter().rev().map(|d| d.opposite()).collect();
        let answer: Vec<Direction> = detour.iter().chain(&back).copied().collect();
        let pass = |lane: Option<Lane>| {
            let mut limits = Limits::default();
            let mut budget = Budget::new(&mut limits, f64::INFINITY);
            if let Some(lane) = lane {
                budget = budget.in_lane(lane);
            }
            let (moves, halt) = window_pass(&start, &answer, 12, 4, 100_000, &mut budget);
            assert!(halt.is_none());
            assert_eq!(start.after(&moves).unwrap(), goal);
            moves
        };
        assert_eq!(pass(None), back);
        assert_eq!(pass(Some(Lane::alone(0, 2))), back);
        assert_eq!(pass(Some(Lane::alone(1, 2)))[..2], detour);
    }
}
