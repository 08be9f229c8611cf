//! One pattern table: its entries by placement rank and their encodings ([`Encoding`]), and
//! what the builders (`bfs.rs`, the fast one; `build.rs`, the reference) share: the distances
//! of the pattern's tiles.

use crate::board::Board;

use super::index::PatternIndex;

/// The table of one pattern: for every placement of its tiles, the fewest moves of those tiles
/// needed to bring them home (blank anywhere), stored as [`Encoding`] says.
#[derive(Clone, Debug)]
pub struct PatternTable {
    pub(super) tiles: Vec<u8>,
    pub(super) index: PatternIndex,
    pub(super) encoding: Encoding,
    /// The entries: one a byte, or two a byte (low nibble first) for [`Encoding::Nibbles`].
    pub(super) data: Vec<u8>,
    /// `distance[slot][cell]`: Manhattan distance from `cell` to the goal cell of `tiles[slot]`.
    pub(super) distance: [[u8; 16]; 16],
    pub(super) max_value: u8,
    pub(super) build_ms: Option<f64>,
}

/// How a [`PatternTable`] stores its entries.
///
/// An entry is at least the Manhattan distance `md` of the pattern's tiles, with the same parity
/// (each counted move moves one pattern tile one cell), so `(entry - md) / 2` is a small number:
/// under 16 for every 4x4 pattern of up to 8 tiles measured (the 7-tile tables of the 7-7-1
/// partition reach 8). Storing it in half a byte halves the memory of the large tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// One byte an entry: the number of moves.
    Bytes,
    /// Half a byte an entry: `(moves - md) / 2`, the moves beyond the Manhattan distance.
    Nibbles,
}

impl Encoding {
    /// The code of the encoding in serialized databases.
    pub(crate) fn code(self) -> u8 {
        match self {
            Encoding::Bytes => 0,
            Encoding::Nibbles => 1,
        }
    }

    /// The encoding of a serialized code.
    pub(crate) fn from_code(code: u8) -> Option<Encoding> {
        match code {
            0 => Some(Encoding::Bytes),
            1 => Some(Encoding::Nibbles),
            _ => None,
        }
    }

    /// Bytes taken by `entries` entries.
    pub fn bytes_for(self, entries: u64) -> u64 {
        match self {
            Encoding::Bytes => entries,
            Encoding::Nibbles => entries.div_ceil(2),
        }
    }
}

/// Tables of at least this many entries are stored as [`Encoding::Nibbles`] when their entries
/// fit (the 7-tile tables, 57.7 M entries); smaller ones keep a byte an entry, which is a little
/// faster to read (the 6-tile tables, 5.8 M entries, take 5.8 MB either way).
pub const NIBBLES_FROM_ENTRIES: u64 = 1 << 24;

/// Tables are equal when their tiles and entries are (build time aside).
impl PartialEq for PatternTable {
    fn eq(&self, other: &Self) -> bool {
        self.tiles == other.tiles
            && self.index == other.index
            && self.encoding == other.encoding
            && self.data == other.data
    }
}

impl Eq for PatternTable {}

/// Marks a placement not reached (only possible when the pattern holds every tile).
pub(crate) const UNSET: u8 = u8::MAX;

impl PatternTable {
    /// The pattern's tiles, in the order their cells are ranked.
    pub fn tiles(&self) -> &[u8] {
        &self.tiles
    }

    /// The perfect index of placements.
    pub fn index(&self) -> PatternIndex {
        self.index
    }

    /// How the entries are stored.
    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// Number of entries (placements).
    pub fn len(&self) -> usize {
        self.index.size() as usize
    }

    /// Whether the table has no entries (never: a pattern has at least one placement).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The stored bytes (one an entry, or two entries a byte for [`Encoding::Nibbles`]).
    pub fn data(&self) -> &[u8] {
        &self.data
    }

    /// The entry of a rank (slower than [`PatternTable::value`]: it unranks for nibbles).
    pub fn value_at(&self, rank: usize) -> u8 {
        match self.encoding {
            Encoding::Bytes => self.data[rank],
            Encoding::Nibbles => {
                let mut positions = [0u8; 16];
                self.index.unrank(rank, &mut positions);
                self.value(&positions)
            }
        }
    }

    /// The largest entry.
    pub fn max_value(&self) -> u8 {
        self.max_value
    }

    /// Milliseconds the build took (by the limits' clock; `None` for a table read from bytes).
    pub fn build_ms(&self) -> Option<f64> {
        self.build_ms
    }

    /// The entry for a placement (`positions[i]` is the cell of `tiles()[i]`).
    #[inline]
    pub fn value(&self, positions: &[u8]) -> u8 {
        let rank = self.index.rank(positions);
        match self.encoding {
            Encoding::Bytes => self.data[rank],
            Encoding::Nibbles => {
                let extra = (self.data[rank >> 1] >> ((rank & 1) * 4)) & 0xF;
                self.manhattan(positions) + 2 * extra
            }
        }
    }

    /// [`PatternTable::value`] when the caller already knows `manhattan`, the
    /// [`PatternTable::manhattan`] of `positions` (a search can update it per move).
    #[inline]
    pub fn value_with_manhattan(&self, positions: &[u8], manhattan: u8) -> u8 {
        let rank = self.index.rank(positions);
        match self.encoding {
            Encoding::Bytes => self.data[rank],
            Encoding::Nibbles => manhattan + 2 * ((self.data[rank >> 1] >> ((rank & 1) * 4)) & 0xF),
        }
    }

    /// The Manhattan distance of the pattern's tiles at `positions` to their goal cells.
    #[inline]
    pub fn manhattan(&self, positions: &[u8]) -> u8 {
        positions[..self.tiles.len()]
            .iter()
            .zip(&self.distance)
            .map(|(&p, row)| row[p as usize])
            .sum()
    }

    /// Bytes held by the table.
    pub fn memory_bytes(&self) -> usize {
        self.data.len() + self.tiles.len()
    }

    /// The same table stored as `encoding`, or `None` if its entries do not fit (nibbles need
    /// every entry within 30 moves of the Manhattan distance and a pattern that leaves a tile
    /// out, so that every placement is reachable).
    pub fn to_encoding(&self, encoding: Encoding) -> Option<PatternTable> {
        if encoding == self.encoding {
            return Some(self.clone());
        }
        let values: Vec<u8> = (0..self.len()).map(|rank| self.value_at(rank)).collect();
        let data = encode(&values, encoding, self.index, &self.distance)?;
        Some(PatternTable {
            encoding,
            data,
            ..self.clone()
        })
    }

    /// A table from a builder's finished parts.
    pub(crate) fn from_built(
        tiles: Vec<u8>,
        index: PatternIndex,
        encoding: Encoding,
        data: Vec<u8>,
        distance: [[u8; 16]; 16],
        max_value: u8,
    ) -> PatternTable {
        PatternTable {
            tiles,
            index,
            encoding,
            data,
            distance,
            max_value,
            build_ms: None,
        }
    }

    /// Rebuilds a table from stored parts, checking the length (and, for nibbles, nothing
    /// else: any nibble is a valid entry).
    pub(crate) fn from_parts(
        tiles: Vec<u8>,
        index: PatternIndex,
        encoding: Encoding,
        data: Vec<u8>,
        goal: &Board,
    ) -> Option<Self> {
        if data.len() as u64 != encoding.bytes_for(index.size()) || tiles.len() != index.tiles() {
            return None;
        }
        if encoding == Encoding::Nibbles && index.tiles() + 1 >= index.cells() {
            return None;
        }
        let distance = distances(goal, &tiles)?;
        let mut table = PatternTable {
            tiles,
            index,
            encoding,
            data,
            distance,
            max_value: 0,
            build_ms: None,
        };
        table.max_value = match encoding {
            Encoding::Bytes => table.data.iter().copied().max().unwrap_or(0),
            // An upper bound is enough for reporting; computing it exactly would unrank all.
            Encoding::Nibbles => {
                let extra = table.data.iter().map(|b| (b & 0xF).max(b >> 4)).max();
                let md: u8 = table.distance[..table.tiles.len()]
                    .iter()
                    .map(|row| row.iter().copied().max().unwrap_or(0))
                    .sum();
                md.saturating_add(2 * extra.unwrap_or(0))
            }
        };
        Some(table)
    }
}

/// Per slot, the Manhattan distance from each cell to the goal cell of the slot's tile.
pub(crate) fn distances(goal: &Board, tiles: &[u8]) -> Option<[[u8; 16]; 16]> {
    let shape = goal.shape();
    let mut distance = [[0u8; 16]; 16];
    for (slot, &tile) in tiles.iter().enumerate() {
        let home = goal.position_of(tile)?;
        for (cell, d) in distance[slot].iter_mut().enumerate().take(shape.cells()) {
            *d = (shape.row(cell).abs_diff(shape.row(home))
                + shape.column(cell).abs_diff(shape.column(home))) as u8;
        }
    }
    Some(distance)
}

/// Stores `values` (by rank) as `encoding`, or `None` if they do not fit.
pub(super) fn encode(
    values: &[u8],
    encoding: Encoding,
    index: PatternIndex,
    distance: &[[u8; 16]; 16],
) -> Option<Vec<u8>> {
    match encoding {
        Encoding::Bytes => Some(values.to_vec()),
        Encoding::Nibbles => {
            if index.tiles() + 1 >= index.cells() {
                return None;
            }
            let k = index.tiles();
            let mut data = vec![0u8; values.len().div_ceil(2)];
            let mut positions = [0u8; 16];
            for (rank, &value) in values.iter().enumerate() {
                index.unrank(rank, &mut positions);
                let md: u8 = positions[..k]
                    .iter()
                    .zip(distance)
                    .map(|(&p, row)| row[p as usize])
                    .sum();
                let extra = value.checked_sub(md)?;
                if extra % 2 != 0 || extra / 2 > 15 {
                    return None;
                }
                data[rank >> 1] |= (extra / 2) << ((rank & 1) * 4);
            }
            Some(data)
        }
    }
}
