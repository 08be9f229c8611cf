//! The reflection of a board about a diagonal, for the second lookup of Felner, Korf & Hanan.

use crate::board::Board;

/// Which diagonal a reflection is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Axis {
    /// The main diagonal: cell `(r, c)` goes to `(c, r)`.
    Main,
    /// The anti-diagonal: cell `(r, c)` goes to `(n-1-c, n-1-r)`.
    Anti,
}

/// A symmetry of the move graph that fixes the goal: cells are reflected about a diagonal and
/// each tile is relabelled as the tile whose goal cell is the reflection of its own goal cell.
///
/// Reflecting cells maps moves to moves, and with the relabelling the goal maps to itself, so a
/// board and its reflection are equally far from the goal; a database lookup on the reflection
/// is a second admissible estimate. The blank must stay the blank, so the goal's blank must lie
/// on the axis: on a square board the main diagonal is used when it holds the goal's blank, else
/// the anti-diagonal; when neither does (or the board is not square) there is no reflection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reflection {
    axis: Axis,
    /// `cell_map[c]`: the reflected cell.
    cell_map: Vec<u8>,
    /// `tile_map[t]`: the new label of tile `t`.
    tile_map: Vec<u8>,
}

impl Reflection {
    /// The reflection that fixes `goal`, if one exists.
    pub fn for_goal(goal: &Board) -> Option<Reflection> {
        let shape = goal.shape();
        if shape.width() != shape.height() {
            return None;
        }
        let side = shape.width();
        let (row, column) = (shape.row(goal.blank()), shape.column(goal.blank()));
        let axis = if row == column {
            Axis::Main
        } else if row + column == side - 1 {
            Axis::Anti
        } else {
            return None;
        };
        let cell_map: Vec<u8> = (0..shape.cells())
            .map(|cell| {
                let (r, c) = (cell / side, cell % side);
                let (r2, c2) = match axis {
                    Axis::Main => (c, r),
                    Axis::Anti => (side - 1 - c, side - 1 - r),
                };
                (r2 * side + c2) as u8
            })
            .collect();
        let mut tile_map = vec![0u8; shape.cells()];
        for (cell, &tile) in goal.cells().iter().enumerate() {
            tile_map[tile as usize] = goal.tile(cell_map[cell] as usize);
        }
        Some(Reflection {
            axis,
            cell_map,
            tile_map,
        })
    }

    /// The diagonal reflected about.
    pub fn axis(&self) -> Axis {
        self.axis
    }

    /// The reflected cell of `cell`.
    #[inline]
    pub fn cell(&self, cell: usize) -> usize {
        self.cell_map[cell] as usize
    }

    /// The new label of `tile` (the blank keeps 0).
    #[inline]
    pub fn tile(&self, tile: u8) -> u8 {
        self.tile_map[tile as usize]
    }

    /// The reflected board: the tile at reflected cell `σ(c)` is the relabelled tile at `c`.
    pub fn apply(&self, board: &Board) -> Board {
        let mut cells = vec![0usize; board.cells().len()];
        for (cell, &tile) in board.cells().iter().enumerate() {
            cells[self.cell(cell)] = self.tile(tile) as usize;
        }
        Board::new(board.shape(), cells).expect("a relabelled permutation is a board")
    }
}
