//! Sets of cells as bits ([`Mask`]: `u32` for boards of up to 32 cells, `u64` up to 64) and
//! the masks of a board both table builders read ([`Geometry`]): its cells, its columns'
//! edges, each cell's neighbours, and the region of free cells the blank can reach.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

use crate::board::Shape;
use crate::moves::Direction;

use super::index::MAX_CELLS;

/// The mask of the cells below `n` (every cell when `n` is 64).
pub(crate) fn low_bits(n: usize) -> u64 {
    u64::MAX.checked_shr(64 - n as u32).unwrap_or(0)
}

/// A set of cells as bits: `u32` for boards of up to 32 cells, `u64` up to 64.
pub(crate) trait Mask:
    Copy
    + Eq
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + Not<Output = Self>
{
    /// The empty set.
    const ZERO: Self;
    /// The cells below `n`.
    fn low(n: usize) -> Self;
    /// The one cell `cell`.
    fn bit(cell: usize) -> Self;
    /// The lowest cell in the set (not empty).
    fn lowest(self) -> usize;
    /// The set without its lowest cell.
    fn without_lowest(self) -> Self;
    /// The cells shifted by `by` to higher (`up`) or lower cells; empty when `by` is the
    /// mask's width.
    fn shifted(self, by: u32, up: bool) -> Self;
}

macro_rules! mask {
    ($t:ty) => {
        impl Mask for $t {
            const ZERO: Self = 0;
            fn low(n: usize) -> Self {
                low_bits(n) as $t
            }
            #[inline]
            fn bit(cell: usize) -> Self {
                1 << cell
            }
            #[inline]
            fn lowest(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline]
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline]
            fn shifted(self, by: u32, up: bool) -> Self {
                let moved = if up {
                    self.checked_shl(by)
                } else {
                    self.checked_shr(by)
                };
                moved.unwrap_or(0)
            }
        }
    };
}

mask!(u32);
mask!(u64);

/// Cell masks of a board of at most 64 cells (as many as `M` holds).
pub(crate) struct Geometry<M> {
    width: u32,
    /// Every cell of the board.
    pub(crate) all: M,
    /// Cells not in the first column (where a shift by +1 may land).
    pub(crate) not_first_column: M,
    /// Cells not in the last column (where a shift by -1 may land).
    pub(crate) not_last_column: M,
    /// Each cell's neighbours.
    pub(crate) adjacent: [M; MAX_CELLS],
}

impl<M: Mask> Geometry<M> {
    /// The masks of `shape` (its first 64 cells).
    pub(crate) fn new(shape: Shape) -> Geometry<M> {
        let n = shape.cells().min(MAX_CELLS);
        let w = shape.width();
        let mut geometry = Geometry {
            width: w as u32,
            all: M::low(n),
            not_first_column: M::ZERO,
            not_last_column: M::ZERO,
            adjacent: [M::ZERO; MAX_CELLS],
        };
        for cell in 0..n {
            if cell % w != 0 {
                geometry.not_first_column |= M::bit(cell);
            }
            if cell % w != w - 1 {
                geometry.not_last_column |= M::bit(cell);
            }
            for direction in Direction::ALL {
                if let Some(other) = shape.neighbour(cell, direction) {
                    geometry.adjacent[cell] |= M::bit(other);
                }
            }
        }
        geometry
    }

    /// The cells of `free` connected to `region`.
    #[inline]
    pub(crate) fn flood(&self, mut region: M, free: M) -> M {
        loop {
            let grown = (region
                | (region.shifted(1, true) & self.not_first_column)
                | (region.shifted(1, false) & self.not_last_column)
                | region.shifted(self.width, true)
                | region.shifted(self.width, false))
                & free;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }
}
