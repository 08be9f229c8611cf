//! The fast builder of one pattern table: the same breadth-first search in the abstract space
//! (placement, blank region) as the reference builder in `build.rs`, with the same entries,
//! in less time and memory.
//!
//! - **Two bits a cell** instead of three 16-bit masks a placement: each placement rank holds
//!   one `u32` in which the blank's cell `c` has a state in bits `2c..2c+2`: unseen, in the
//!   frontier of an even level, of an odd level, or closed (its region expanded). A level's
//!   frontier cells of the other parity are the next level's, so no mask is ever cleared.
//!   With the entries written straight as half-bytes ([`Encoding::Nibbles`], the Manhattan
//!   distance carried per move), a 7-tile 4x4 table needs 4.75 bytes an entry while building
//!   instead of 7.25 (274 MB instead of 418 MB). When a placement leaves at most 8 cells free
//!   (the 8-tile table of 7-8), the pairs follow the free cells only and fit 16 bits: 2.75
//!   bytes an entry (1.43 GB instead of 3.76 GB).
//! - **Incremental ranks**: a child's rank is its parent's plus a delta. Moving the tile of
//!   slot `s` one cell sideways changes only its own digit, by one; moving it up or down
//!   changes its digit by the board's width less the earlier tiles it jumps over, and the
//!   digit of each later tile it jumps over by one ([`Ranker`]), instead of a full
//!   ranking (one popcount and multiplication a tile) per child.
//! - **Cached unranking**: the frontier is visited in rank order, so the cells of all but the
//!   last few tiles are decoded once per block of ranks and the last ones from a small table
//!   ([`Decoder`]), instead of one division a tile per rank.
//! - **Fewer mispredicted branches** (cachegrind, 5-tile table: 1.0 a child instead of 1.8,
//!   and a quarter fewer instructions): moves are generated sideways then vertically from
//!   cell masks, and the unpredictable choices (the sign of a move, an earlier or later tile
//!   jumped over, whether a child is new) are made with selects and masks.
//!
//! Measured with `cargo bench -p puzzle-core --bench korf100 -- --build-only` (both builders
//! back to back, same tables): see the README's pattern database section.

use crate::board::Board;
use crate::search::{Meter, Stop};

use super::cells::Geometry;
use super::index::{popcount16, select16, PatternIndex};
use super::table::{distances, Encoding, PatternTable, NIBBLES_FROM_ENTRIES, UNSET};

/// The state of a blank cell in the frontier of an even level.
const EVEN: u32 = 1;
/// The state of a blank cell whose region has been expanded; `EVEN ^ CLOSED` is odd.
const CLOSED: u32 = 3;
/// The low bit of every cell's two.
const LOW_BITS: u32 = 0x5555_5555;

/// Peak bytes the builder allocates for a table with this index: per rank its cell states,
/// its entry (half a byte when stored as nibbles) and two bits marking it as having a frontier.
pub(crate) fn peak_bytes(index: PatternIndex) -> u64 {
    let entries = index.size();
    let encoding = if stores_nibbles(index) {
        Encoding::Nibbles
    } else {
        Encoding::Bytes
    };
    let state_bytes = if free_indexed(index) { 2 } else { 4 };
    entries * state_bytes + encoding.bytes_for(entries) + entries.div_ceil(64) * 16
}

/// Whether the states of a rank fit 16 bits, two a free cell (at most 8 free cells, e.g. the
/// 8-tile table of 7-8), instead of 32 bits, two a cell.
fn free_indexed(index: PatternIndex) -> bool {
    index.cells() - index.tiles() <= 8
}

/// One rank's blank-cell states: two bits a cell (`u32`) or a free cell (`u16`).
trait States: Copy + Default {
    /// Whether pair `j` is the `j`-th free cell of the placement (else cell `j`).
    const FREE_INDEXED: bool;
    /// The states as bits.
    fn get(self) -> u32;
    /// States from bits (the low 16 for `u16`).
    fn from_bits(bits: u32) -> Self;
}

impl States for u32 {
    const FREE_INDEXED: bool = false;
    #[inline]
    fn get(self) -> u32 {
        self
    }
    #[inline]
    fn from_bits(bits: u32) -> Self {
        bits
    }
}

impl States for u16 {
    const FREE_INDEXED: bool = true;
    #[inline]
    fn get(self) -> u32 {
        u32::from(self)
    }
    #[inline]
    fn from_bits(bits: u32) -> Self {
        bits as u16
    }
}

/// The pair of `cell` in the states of a placement with these free cells.
#[inline]
fn pair_of<S: States>(cell: u32, free: u32) -> u32 {
    if S::FREE_INDEXED {
        popcount16(free & ((1 << cell) - 1))
    } else {
        cell
    }
}

/// The cell of pair `pair`.
#[inline]
fn cell_of<S: States>(pair: u32, free: u32) -> u32 {
    if S::FREE_INDEXED {
        u32::from(select16(free, pair))
    } else {
        pair
    }
}

/// A cell mask as a mask of pairs.
#[inline]
fn pairs_of<S: States>(mut cells: u32, free: u32) -> u32 {
    if !S::FREE_INDEXED {
        return cells;
    }
    let mut pairs = 0;
    while cells != 0 {
        pairs |= 1 << pair_of::<S>(cells.trailing_zeros(), free);
        cells &= cells - 1;
    }
    pairs
}

/// Whether a table of this index is stored half a byte an entry (when its entries fit).
fn stores_nibbles(index: PatternIndex) -> bool {
    index.size() >= NIBBLES_FROM_ENTRIES && index.tiles() + 1 < index.cells()
}

/// Builds the table of `tiles` (non-empty, distinct, no blank) towards `goal`: the same table
/// as the reference builder, counting the same expansions and generated entries (twice, in
/// the never measured case of an entry too far above the Manhattan distance for a nibble).
pub(crate) fn build_values(
    goal: &Board,
    tiles: &[u8],
    meter: &mut Meter,
) -> Result<PatternTable, Stop> {
    let shape = goal.shape();
    let index = PatternIndex::new(shape.cells(), tiles.len()).expect("checked by the partition");
    let distance = distances(goal, tiles).expect("tiles of the board");
    let nibbles = stores_nibbles(index);
    let (encoding, data, max_value) =
        match search_any(goal, tiles, index, &distance, nibbles, meter)? {
            Some((data, max_value)) if nibbles => (Encoding::Nibbles, data, max_value),
            Some((data, max_value)) => (Encoding::Bytes, data, max_value),
            None => {
                let (data, max_value) = search_any(goal, tiles, index, &distance, false, meter)?
                    .expect("bytes hold any entry");
                (Encoding::Bytes, data, max_value)
            }
        };
    Ok(PatternTable::from_built(
        tiles.to_vec(),
        index,
        encoding,
        data,
        distance,
        max_value,
    ))
}

/// [`search`] for the board's width: the common widths get their own copy, in which the
/// cells between the two ends of a vertical move are a loop of known length.
pub(super) fn search_any(
    goal: &Board,
    tiles: &[u8],
    index: PatternIndex,
    distance: &[[u8; 16]; 16],
    nibbles: bool,
    meter: &mut Meter,
) -> Result<Option<(Vec<u8>, u8)>, Stop> {
    match (goal.shape().width(), free_indexed(index)) {
        (3, false) => search::<3, u32>(goal, tiles, index, distance, nibbles, meter),
        (3, true) => search::<3, u16>(goal, tiles, index, distance, nibbles, meter),
        (4, false) => search::<4, u32>(goal, tiles, index, distance, nibbles, meter),
        (4, true) => search::<4, u16>(goal, tiles, index, distance, nibbles, meter),
        (_, false) => search::<0, u32>(goal, tiles, index, distance, nibbles, meter),
        (_, true) => search::<0, u16>(goal, tiles, index, distance, nibbles, meter),
    }
}

/// The search proper (`W`: the board's width, or 0 to read it at run time): the stored entries (nibbles or bytes) and the largest entry, or `None`
/// if an entry does not fit a nibble.
fn search<const W: u32, S: States>(
    goal: &Board,
    tiles: &[u8],
    index: PatternIndex,
    distance: &[[u8; 16]; 16],
    nibbles: bool,
    meter: &mut Meter,
) -> Result<Option<(Vec<u8>, u8)>, Stop> {
    let shape = goal.shape();
    let k = tiles.len();
    let size = index.size() as usize;
    let geometry = Geometry::<u32>::new(shape);
    let ranker = Ranker::<W>::new(index, shape.width());
    let mut decoder = Decoder::new(index);

    let mut data = if nibbles {
        vec![0u8; size.div_ceil(2)]
    } else {
        vec![UNSET; size]
    };
    let mut states = vec![S::default(); size];

    let mut positions = [0u8; 16];
    for (slot, &tile) in tiles.iter().enumerate() {
        positions[slot] = goal.position_of(tile).expect("tile of the board") as u8;
    }
    let start = index.rank(&positions);
    let start_free = geometry.all & !positions[..k].iter().fold(0u32, |m, &p| m | 1 << p);
    states[start] = S::from_bits(EVEN << (2 * pair_of::<S>(goal.blank() as u32, start_free)));
    if !nibbles {
        data[start] = 0;
    }
    meter.generated(1);
    let mut max_value = 0u8;

    // Per level parity, a bit per rank with frontier cells of that parity.
    let words = size.div_ceil(64);
    let mut even = vec![0u64; words];
    let mut odd = vec![0u64; words];
    even[start / 64] |= 1 << (start % 64);

    let mut level: u8 = 0;
    let mut pending = true;
    // The children of one expansion: rank, the blank's cell there, the cell the tile went to,
    // the Manhattan distance.
    let mut children = [(0usize, 0u8, 0u8, 0u8); 64];
    while pending {
        meter.iteration(f64::from(level));
        pending = false;
        let now = if level.is_multiple_of(2) {
            EVEN
        } else {
            EVEN ^ CLOSED
        };
        let later = now ^ CLOSED;
        let (active, next_active) = if now == EVEN {
            (&mut even, &mut odd)
        } else {
            (&mut odd, &mut even)
        };
        let value = level + 1;
        for (w, bits) in active.iter_mut().enumerate() {
            let mut word = std::mem::take(bits);
            while word != 0 {
                let rank = w * 64 + word.trailing_zeros() as usize;
                word &= word - 1;
                let state = states[rank].get();
                let low = state & LOW_BITS;
                let high = (state >> 1) & LOW_BITS;
                // Bit 2c set for each cell c in this level's frontier.
                let mut frontier = if now == EVEN {
                    low & !high
                } else {
                    high & !low
                };
                if frontier == 0 {
                    continue;
                }
                decoder.unrank(rank, &mut positions);
                let placement = ranker.placement(&positions[..k], distance);
                let free = geometry.all & !placement.occupied;
                let mut closed = 0u32;
                while frontier != 0 {
                    let blank = cell_of::<S>(frontier.trailing_zeros() / 2, free);
                    frontier &= frontier - 1;
                    if closed & (1 << blank) != 0 {
                        continue;
                    }
                    meter.expand(level as usize)?;
                    let region = geometry.flood(1 << blank, free);
                    closed |= region;
                    // First all the children's ranks, then their states: independent memory
                    // reads that the processor can overlap.
                    let count = ranker.children(
                        rank,
                        &placement,
                        &geometry,
                        region,
                        distance,
                        &mut children,
                    );
                    for &(child, from, to, child_md) in &children[..count] {
                        // The blank's pair there (one free cell fewer below it if the tile
                        // moved down the cell order).
                        let pair = if S::FREE_INDEXED {
                            pair_of::<S>(u32::from(from), free) - u32::from(to < from)
                        } else {
                            u32::from(from)
                        };
                        let shift = 2 * pair;
                        let old = states[child].get();
                        // Unseen cells join the next frontier; closed ones and those already
                        // in a frontier (this level's is expanded before the level ends)
                        // stay as they are. Without branches: the outcome is unpredictable.
                        let fresh = (old >> shift) & 3 == 0;
                        states[child] = S::from_bits(old | (u32::from(fresh) * later) << shift);
                        next_active[child / 64] |= u64::from(fresh) << (child % 64);
                        pending |= fresh;
                        if old == 0 {
                            // Reached for the first time.
                            if nibbles {
                                let extra = (value - child_md) / 2;
                                if extra > 15 {
                                    return Ok(None);
                                }
                                data[child >> 1] |= extra << ((child & 1) * 4);
                            } else {
                                data[child] = value;
                            }
                            max_value = value;
                            meter.generated(1);
                        }
                    }
                }
                states[rank] = S::from_bits(state | (spread(pairs_of::<S>(closed, free)) * CLOSED));
            }
        }
        level += 1;
    }
    if !nibbles {
        for value in &mut data {
            if *value == UNSET {
                *value = 0;
            }
        }
    }
    Ok(Some((data, max_value)))
}

/// Bit `c` of a cell mask moved to bit `2c` (by byte, from a table).
#[inline]
fn spread(mask: u32) -> u32 {
    u32::from(SPREAD[(mask & 0xFF) as usize]) | u32::from(SPREAD[(mask >> 8) as usize & 0xFF]) << 16
}

/// `SPREAD[byte]`: bit `i` of `byte` at bit `2i`.
static SPREAD: [u16; 256] = {
    let mut table = [0u16; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut bit = 0;
        while bit < 8 {
            if byte & (1 << bit) != 0 {
                table[byte] |= 1 << (2 * bit);
            }
            bit += 1;
        }
        byte += 1;
    }
    table
};

/// The ranks of a placement's children, from the parent's rank.
///
/// A rank is `sum d_i W_i`, with `d_i` the cell of slot `i` less the earlier slots on smaller
/// cells and `W_i` the product of the later radices (see [`PatternIndex`]). When slot `s` moves
/// from `f` to `t`, only the cells strictly between `f` and `t` matter: none for a move
/// sideways (`d_s` changes by one), `width - 1` for a move up or down, where each earlier slot
/// jumped over takes one from the change of `d_s` and each later slot `j` jumped over changes
/// `d_j` by one. Children are generated by direction, so that no branch depends on whether a
/// move is sideways, and the cells between are read without branches.
struct Ranker<const W: u32> {
    /// `weights[i]` is `W_i` for a slot, 0 from `k` on (index [`FREE`] marks a free cell);
    /// one entry a byte value, so that indexing by a slot needs no bounds check.
    weights: [usize; 256],
    width: u32,
}

/// `Placement::slot_at` of a free cell.
const FREE: u8 = 16;

/// What the children of one rank need to know about its placement.
struct Placement {
    /// The slot on each cell ([`FREE`] if none), padded so that the cells "between" two
    /// sideways neighbours can be read past the last cell.
    slot_at: [u8; 32],
    occupied: u32,
    md: u8,
}

impl<const W: u32> Ranker<W> {
    fn new(index: PatternIndex, width: usize) -> Ranker<W> {
        let (n, k) = (index.cells(), index.tiles());
        let mut weights = [0usize; 256];
        let mut weight = 1;
        for i in (0..k).rev() {
            weights[i] = weight;
            weight *= n - i;
        }
        Ranker {
            weights,
            width: width as u32,
        }
    }

    /// The placement of `positions` (one cell a slot).
    #[inline]
    fn placement(&self, positions: &[u8], distance: &[[u8; 16]; 16]) -> Placement {
        let mut placement = Placement {
            slot_at: [FREE; 32],
            occupied: 0,
            md: 0,
        };
        for (slot, &p) in positions.iter().enumerate() {
            placement.occupied |= 1 << p;
            placement.slot_at[p as usize] = slot as u8;
            placement.md += distance[slot][p as usize];
        }
        placement
    }

    /// The change of rank when the tile on `low` (slot `slot`) moves down to `low + width`,
    /// or the tile on `low + width` moves up to `low` (negated).
    #[inline]
    fn vertical(&self, slot: u8, low: u32, placement: &Placement) -> usize {
        let width = if W == 0 { self.width } else { W };
        let own = self.weights[slot as usize];
        let mut delta = own * width as usize;
        for step in 1..width {
            let other = placement.slot_at[((low + step) & 31) as usize];
            let later = self.weights[other as usize];
            // `-own` for an earlier slot, else `later`, without a branch: one would be
            // mispredicted about one time in five.
            let change = std::hint::select_unpredictable(other < slot, own.wrapping_neg(), later);
            delta = delta.wrapping_add(change);
        }
        delta
    }

    /// Writes the children of expanding `region` (the blank's region) of the placement of
    /// `rank` to `children` (rank, the blank's cell there, Manhattan distance); their number.
    #[inline]
    fn children(
        &self,
        rank: usize,
        placement: &Placement,
        geometry: &Geometry<u32>,
        region: u32,
        distance: &[[u8; 16]; 16],
        children: &mut [(usize, u8, u8, u8); 64],
    ) -> usize {
        let w = if W == 0 { self.width } else { W };
        let occupied = placement.occupied;
        let mut count = 0;
        let mut push = |from: u32, to: u32, child: usize| {
            let row = &distance[(placement.slot_at[(from & 31) as usize] & 15) as usize];
            let md = placement.md + row[(to & 15) as usize] - row[(from & 15) as usize];
            children[count] = (child, from as u8, to as u8, md);
            count += 1;
        };
        // Tiles moving sideways into the region (right in the low 16 bits, left in the
        // high ones), then up or down: two loops, whose ends are mispredicted once each.
        let right = occupied & (region >> 1) & geometry.not_last_column;
        let left = occupied & (region << 1) & geometry.not_first_column;
        let mut movers = right | left << 16;
        while movers != 0 {
            let bit = movers.trailing_zeros();
            movers &= movers - 1;
            let from = bit & 15;
            let slot = placement.slot_at[from as usize];
            let change = self.weights[slot as usize];
            // Right (+1) or left (-1) without a branch: the order is unpredictable.
            let (to, child) = std::hint::select_unpredictable(
                bit < 16,
                (from + 1, rank.wrapping_add(change)),
                (from.wrapping_sub(1), rank.wrapping_sub(change)),
            );
            push(from, to, child);
        }
        let down = occupied & (region >> w);
        let up = occupied & (region << w);
        let mut movers = down | up << 16;
        while movers != 0 {
            let bit = movers.trailing_zeros();
            movers &= movers - 1;
            let from = bit & 15;
            let slot = placement.slot_at[from as usize];
            let (to, low) = std::hint::select_unpredictable(
                bit < 16,
                (from + w, from),
                (from.wrapping_sub(w), from.wrapping_sub(w)),
            );
            let change = self.vertical(slot, low, placement);
            let child = std::hint::select_unpredictable(
                bit < 16,
                rank.wrapping_add(change),
                rank.wrapping_sub(change),
            );
            push(from, to, child);
        }
        count
    }
}

/// Unranks the frontier's ranks, which come in increasing order: the cells of all but the
/// last `LOW` slots are decoded once per block of ranks that share them, and the last slots'
/// digits come from a table.
struct Decoder {
    index: PatternIndex,
    /// Slots decoded from the table (the last ones).
    low: usize,
    /// Ranks sharing the first slots' cells.
    block: usize,
    /// The digits of the last `low` slots for each rank within a block.
    digits: Vec<[u8; LOW]>,
    /// The block whose first cells `positions` holds (`usize::MAX`: none yet).
    cached: usize,
    /// Cells occupied by the first slots of the cached block.
    used: u32,
}

/// Slots decoded from [`Decoder::digits`] (at most `16 * 15 * 14` entries).
const LOW: usize = 3;

impl Decoder {
    fn new(index: PatternIndex) -> Decoder {
        let (n, k) = (index.cells(), index.tiles());
        let low = k.min(LOW);
        let radices: Vec<usize> = (k - low..k).map(|i| n - i).collect();
        let block: usize = radices.iter().product();
        let digits = (0..block)
            .map(|mut rest| {
                let mut digits = [0u8; LOW];
                for i in (0..low).rev() {
                    digits[i] = (rest % radices[i]) as u8;
                    rest /= radices[i];
                }
                digits
            })
            .collect();
        Decoder {
            index,
            low,
            block,
            digits,
            cached: usize::MAX,
            used: 0,
        }
    }

    /// Writes the placement of `rank` to `positions[..k]`, whose first slots must still hold
    /// what the previous call wrote there.
    #[inline]
    fn unrank(&mut self, rank: usize, positions: &mut [u8; 16]) {
        let k = self.index.tiles();
        let first = k - self.low;
        let block = rank / self.block;
        if block != self.cached {
            self.index.unrank(rank, positions);
            self.cached = block;
            self.used = positions[..first].iter().fold(0, |m, &p| m | 1 << p);
            return;
        }
        let mut free = ((1u32 << self.index.cells()) - 1) & !self.used;
        let digits = &self.digits[rank % self.block];
        for (position, &digit) in positions[first..k].iter_mut().zip(digits) {
            let cell = select16(free, u32::from(digit));
            *position = cell;
            free &= !(1 << cell);
        }
    }
}
