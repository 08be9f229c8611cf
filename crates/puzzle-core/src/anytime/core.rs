//! Splitting a solution into the outer moves and the part played inside the core rectangle,
//! and stitching a new core solution back behind the outer moves.

use crate::board::Board;
use crate::moves::Direction;

use crate::anytime::tables::big::BigTables;

/// A solution cut where the blank enters the core for good.
pub(crate) struct Split {
    /// The moves before (they bring every tile outside the core home).
    pub(crate) prefix: Vec<Direction>,
    /// The core at that point, as a board of the core's shape with core labels.
    pub(crate) core_start: Board,
}

impl Split {
    /// The outer moves followed by `core_moves` (directions mean the same in the core).
    pub(crate) fn stitch(&self, core_moves: &[Direction]) -> Vec<Direction> {
        let mut moves = self.prefix.clone();
        moves.extend_from_slice(core_moves);
        moves
    }
}

/// Cuts `moves` (a solution of `start`) at the earliest point after which the blank stays in
/// the core of `tables`; `None` if the board there does not reduce to the core.
pub(crate) fn split(start: &Board, moves: &[Direction], tables: &BigTables) -> Option<Split> {
    let layout = tables.layout();
    let shape = start.shape();
    let rect = layout.rect;
    let inside = |cell: usize| rect.contains(shape.row(cell), shape.column(cell));
    let mut blanks = Vec::with_capacity(moves.len() + 1);
    let mut board = start.clone();
    blanks.push(board.blank());
    for &direction in moves {
        if !board.apply(direction) {
            return None;
        }
        blanks.push(board.blank());
    }
    let mut cut = blanks.len();
    while cut > 0 && inside(blanks[cut - 1]) {
        cut -= 1;
    }
    let prefix = moves[..cut].to_vec();
    let at = start.after(&prefix).ok()?;
    let goal = tables.goal();
    let outside_home = (0..shape.cells())
        .filter(|&cell| !inside(cell))
        .all(|cell| at.tile(cell) == goal.tile(cell));
    if !outside_home {
        return None;
    }
    let core_cells: Vec<usize> = (0..rect.height * rect.width)
        .map(|i| layout.label_of[at.tile(rect.cell(shape, i)) as usize] as usize)
        .collect();
    let core_start = Board::new(layout.core_goal.shape(), core_cells).ok()?;
    Some(Split { prefix, core_start })
}
