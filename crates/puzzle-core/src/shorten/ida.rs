//! Shortest paths between two boards of any size: IDA* with Manhattan distance plus linear
//! conflict toward an arbitrary target board, an explicit stack (no recursion) and the board
//! changed in place. Used to replace stretches of a solution by optimal ones. The estimate is
//! the crate's [`Heuristic`], updated per move by `Heuristic::after_slide`.

use crate::board::Board;
use crate::heuristic::{Heuristic, HeuristicKind};
use crate::moves::Direction;

use crate::budget::{Budget, Halt};

/// A path of at most `max_len` moves from `start` to `target` that is shortest among such
/// paths, or `None` if there is none or `node_cap` expansions did not settle it.
pub(crate) fn shortest_within(
    start: &Board,
    target: &Board,
    max_len: usize,
    node_cap: u64,
    budget: &mut Budget,
) -> Result<Option<Vec<Direction>>, Halt> {
    if start == target {
        return Ok(Some(Vec::new()));
    }
    let estimate = Heuristic::new(HeuristicKind::LinearConflict, target);
    let shape = start.shape();
    let mut cells = start.cells().to_vec();
    let mut blank = start.blank();
    let h0 = estimate.estimate(&cells[..]);
    let mut bound = h0;
    let mut spent = 0u64;
    let mut path: Vec<Direction> = Vec::with_capacity(max_len + 1);
    let mut h_stack: Vec<u32> = Vec::with_capacity(max_len + 2);
    let mut next: Vec<u8> = Vec::with_capacity(max_len + 2);
    while bound as usize <= max_len {
        let mut exceeded = u32::MAX;
        h_stack.push(h0);
        next.push(0);
        while let Some(&d) = next.last() {
            if d == 4 {
                next.pop();
                h_stack.pop();
                if let Some(direction) = path.pop() {
                    let back = shape
                        .neighbour(blank, direction.opposite())
                        .unwrap_or(blank);
                    cells.swap(blank, back);
                    blank = back;
                }
                continue;
            }
            if let Some(slot) = next.last_mut() {
                *slot += 1;
            }
            let direction = Direction::ALL[d as usize];
            if path.last() == Some(&direction.opposite()) {
                continue;
            }
            let Some(from) = shape.neighbour(blank, direction) else {
                continue;
            };
            let h_parent = h_stack.last().copied().unwrap_or(0);
            let h = estimate.after_slide(h_parent, &mut cells, blank, from);
            let g = path.len() as u32 + 1;
            if g + h > bound {
                exceeded = exceeded.min(g + h);
                cells.swap(blank, from);
                continue;
            }
            if h == 0 && cells == target.cells() {
                path.push(direction);
                return Ok(Some(path));
            }
            budget.tick()?;
            spent += 1;
            if spent > node_cap {
                return Ok(None);
            }
            blank = from;
            path.push(direction);
            h_stack.push(h);
            next.push(0);
        }
        if exceeded == u32::MAX {
            return Ok(None);
        }
        bound = exceeded;
    }
    Ok(None)
}
