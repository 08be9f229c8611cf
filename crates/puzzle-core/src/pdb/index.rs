//! A perfect index (ranking) of the cells occupied by the tiles of a pattern, on boards of up
//! to 64 cells: the 16-cell pattern databases of [`crate::pdb`] and the big boards' tables of
//! [`crate::anytime`] both use it.
//!
//! A pattern of `k` distinct tiles on a board of `n` cells has `n (n-1) ... (n-k+1)` placements.
//! The rank of a placement `p_0, ..., p_{k-1}` is the mixed-radix number whose `i`-th digit is
//! `p_i` minus the number of earlier tiles on a smaller cell (a partial Lehmer code): every
//! placement gets a distinct index in `0..size`, with no gaps, so a table needs exactly one
//! entry per placement. Ranking is `k` popcounts; on boards of up to 16 cells (the hot loop of
//! the 4x4 search) they are read from a table (see `popcount16`), and unranking uses 32-bit
//! divisions and a table of bit positions.

/// Most cells a [`PatternIndex`] handles.
pub const MAX_CELLS: usize = 64;

/// Most cells of the boards ranked with 16-bit tables and 32-bit divisions.
const SMALL_CELLS: u8 = 16;

/// Ranks and unranks placements of `k` tiles on `n <= 64` cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PatternIndex {
    cells: u8,
    tiles: u8,
    size: u64,
}

impl PatternIndex {
    /// The index of `tiles` tiles on `cells` cells; `None` unless `1 <= tiles < cells <= 64`
    /// and the placements can be counted in 64 bits.
    pub fn new(cells: usize, tiles: usize) -> Option<PatternIndex> {
        if tiles == 0 || tiles >= cells || cells > MAX_CELLS {
            return None;
        }
        let size =
            (cells - tiles + 1..=cells).try_fold(1u64, |size, f| size.checked_mul(f as u64))?;
        Some(PatternIndex {
            cells: cells as u8,
            tiles: tiles as u8,
            size,
        })
    }

    /// Number of cells of the board.
    pub fn cells(&self) -> usize {
        self.cells as usize
    }

    /// Number of tiles of the pattern.
    pub fn tiles(&self) -> usize {
        self.tiles as usize
    }

    /// Number of placements, i.e. of table entries: `n! / (n-k)!`.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// The rank of a placement (`positions[i]` is the cell of the pattern's `i`-th tile; the
    /// cells must be distinct and below [`PatternIndex::cells`]).
    #[inline]
    pub fn rank(&self, positions: &[u8]) -> usize {
        let n = self.cells as usize;
        let placement = &positions[..self.tiles as usize];
        let mut rank = 0usize;
        if self.cells <= SMALL_CELLS {
            let mut used: u32 = 0;
            for (i, &p) in placement.iter().enumerate() {
                let below = popcount16(used & ((1u32 << p) - 1)) as usize;
                rank = rank * (n - i) + (p as usize - below);
                used |= 1 << p;
            }
        } else {
            let mut used: u64 = 0;
            for (i, &p) in placement.iter().enumerate() {
                let below = (used & ((1u64 << p) - 1)).count_ones() as usize;
                rank = rank * (n - i) + (p as usize - below);
                used |= 1 << p;
            }
        }
        rank
    }

    /// The placement of a rank, written to `positions[..k]`.
    pub fn unrank(&self, rank: usize, positions: &mut [u8]) {
        let n = self.cells as usize;
        let k = self.tiles as usize;
        let mut digits = [0u8; MAX_CELLS];
        if self.size <= u64::from(u32::MAX) {
            // 32-bit divisions suffice (16!/8! is 518,918,400).
            let mut rest = rank as u32;
            for i in (0..k).rev() {
                let radix = (n - i) as u32;
                digits[i] = (rest % radix) as u8;
                rest /= radix;
            }
        } else {
            let mut rest = rank as u64;
            for i in (0..k).rev() {
                let radix = (n - i) as u64;
                digits[i] = (rest % radix) as u8;
                rest /= radix;
            }
        }
        if self.cells <= SMALL_CELLS {
            let mut free: u32 = (1u32 << n) - 1;
            for i in 0..k {
                // The digits[i]-th free cell: pick the byte, then the bit from a table.
                let cell = select16(free, u32::from(digits[i]));
                positions[i] = cell;
                free &= !(1 << cell);
            }
        } else {
            let mut free: u64 = u64::MAX >> (64 - n);
            for i in 0..k {
                let mut rest = free;
                for _ in 0..digits[i] {
                    rest &= rest - 1;
                }
                let cell = rest.trailing_zeros() as u8;
                positions[i] = cell;
                free &= !(1 << cell);
            }
        }
    }
}

/// The cell of the `d`-th set bit (from 0) of a 16-bit mask that has more than `d` set bits.
#[inline]
pub(crate) fn select16(mask: u32, d: u32) -> u8 {
    let low = mask & 0xFF;
    let in_low = u32::from(POPCOUNT[low as usize]);
    if d < in_low {
        SELECT[low as usize][d as usize]
    } else {
        8 + SELECT[((mask >> 8) & 0xFF) as usize][(d - in_low) as usize]
    }
}

/// The number of set bits of a 16-bit value, by table: the default x86-64 target has no
/// popcount instruction, and the table (256 bytes, always in cache) is about twice as fast as
/// the arithmetic fallback in the builder's and the search's inner loops.
#[inline]
pub(crate) fn popcount16(x: u32) -> u32 {
    u32::from(POPCOUNT[(x & 0xFF) as usize]) + u32::from(POPCOUNT[((x >> 8) & 0xFF) as usize])
}

/// `POPCOUNT[byte]`: the number of set bits of `byte`.
static POPCOUNT: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut byte = 0;
    while byte < 256 {
        table[byte] = (byte as u32).count_ones() as u8;
        byte += 1;
    }
    table
};

/// `SELECT[byte][j]`: the position of the `j`-th set bit of `byte` (0 past the last).
static SELECT: [[u8; 8]; 256] = {
    let mut table = [[0u8; 8]; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut j = 0;
        let mut bit = 0;
        while bit < 8 {
            if byte & (1 << bit) != 0 {
                table[byte][j] = bit as u8;
                j += 1;
            }
            bit += 1;
        }
        byte += 1;
    }
    table
};
