//! Building one pattern table by breadth-first search in the abstract space.
//!
//! The abstract state is the cells of the pattern's tiles plus the blank; the other tiles are
//! indistinguishable. Only moves of pattern tiles count (that is what makes the tables of
//! disjoint patterns additive), so the blank roams for free through the region of free cells it
//! is in: a state is really (placement, blank region). The search runs level by level; for each
//! placement rank it keeps three 16-bit cell masks (blank regions visited, frontier of this
//! level, frontier of the next), so no queue is needed and the peak memory is known in advance:
//! 7 bytes an entry (1 for the table, 6 for the masks), e.g. 40 MB for a 6-tile 4x4 pattern.
//! This is the reference builder ([`Builder::Reference`]); `bfs.rs` holds the fast one that
//! every build uses, which gives the same bytes.
//! Large tables are then packed into half a byte an entry ([`Encoding::Nibbles`]).

use crate::board::Board;
use crate::search::{Meter, Stop};

use super::index::PatternIndex;
use super::table::{
    distances, encode, Encoding, Geometry, PatternTable, NIBBLES_FROM_ENTRIES, UNSET,
};

/// Which breadth-first search builds a table. Both give the same bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Builder {
    /// Two bits a blank cell, incremental ranks, entries written as half-bytes while
    /// searching (`pdb/bfs.rs`): the one every build uses.
    #[default]
    Fast,
    /// Three 16-bit masks a placement, full ranks (7 bytes an entry): the builder before
    /// issue 10, kept to check the fast one byte for byte and to measure it against.
    Reference,
}

impl Builder {
    /// Peak bytes this builder allocates for a table with this index.
    pub fn peak_bytes(self, index: PatternIndex) -> u64 {
        match self {
            Builder::Fast => super::bfs::peak_bytes(index),
            Builder::Reference => PatternTable::build_peak_bytes(index),
        }
    }
}

/// Builds the table of `tiles` (non-empty, distinct, no blank) towards `goal`, counting one
/// expansion per abstract state and one generated node per table entry filled.
pub(crate) fn build_table(
    goal: &Board,
    tiles: &[u8],
    builder: Builder,
    meter: &mut Meter,
    clock: fn() -> f64,
) -> Result<PatternTable, Stop> {
    let start_ms = clock();
    let mut table = match builder {
        Builder::Fast => super::bfs::build_values(goal, tiles, meter)?,
        Builder::Reference => build_values(goal, tiles, meter)?,
    };
    table.build_ms = Some(clock() - start_ms);
    Ok(table)
}

fn build_values(goal: &Board, tiles: &[u8], meter: &mut Meter) -> Result<PatternTable, Stop> {
    let shape = goal.shape();
    let n = shape.cells();
    let k = tiles.len();
    let index = PatternIndex::new(n, k).expect("checked by the partition");
    let size = index.size() as usize;
    let geometry = Geometry::new(shape);

    let mut values = vec![UNSET; size];
    // Per rank: [visited regions, frontier of even levels, frontier of odd levels], side by
    // side so that checking a child costs one memory access.
    let mut marks = vec![[0u16; 3]; size];

    let mut positions = [0u8; 16];
    for (slot, &tile) in tiles.iter().enumerate() {
        positions[slot] = goal.position_of(tile).expect("tile of the board") as u8;
    }
    let start = index.rank(&positions);
    marks[start][1] = 1 << goal.blank();
    values[start] = 0;
    meter.generated(1);

    // Per level parity, a bit per rank whose frontier mask (of that parity) is not empty, so
    // that a level visits only those ranks instead of sweeping every mask.
    let words = size.div_ceil(64);
    let mut even = vec![0u64; words];
    let mut odd = vec![0u64; words];
    even[start / 64] |= 1 << (start % 64);

    let mut level: u8 = 0;
    let mut pending = true;
    // The children of one expansion: ranks and the blank's cell there (at most 4 a tile).
    let mut children = [(0usize, 0u16); 64];
    while pending {
        meter.iteration(f64::from(level));
        pending = false;
        let (now, later) = if level.is_multiple_of(2) {
            (1, 2)
        } else {
            (2, 1)
        };
        let (active, next_active) = if now == 1 {
            (&mut even, &mut odd)
        } else {
            (&mut odd, &mut even)
        };
        for (w, bits) in active.iter_mut().enumerate() {
            let mut word = std::mem::take(bits);
            while word != 0 {
                let rank = w * 64 + word.trailing_zeros() as usize;
                word &= word - 1;
                let mut frontier = std::mem::take(&mut marks[rank][now]);
                index.unrank(rank, &mut positions);
                let occupied = positions[..k].iter().fold(0u32, |m, &p| m | 1 << p);
                let free = geometry.all & !occupied;
                while frontier != 0 {
                    let blank = frontier.trailing_zeros();
                    frontier &= frontier - 1;
                    if marks[rank][0] & (1 << blank) != 0 {
                        continue;
                    }
                    meter.expand(level as usize)?;
                    let region = geometry.flood(1 << blank, free);
                    marks[rank][0] |= region as u16;
                    frontier &= !(region as u16);
                    // First all the children's ranks, then their marks: independent memory
                    // reads that the processor can overlap.
                    let mut count = 0;
                    for slot in 0..k {
                        let from = positions[slot];
                        let mut targets = geometry.adjacent[from as usize] & region;
                        while targets != 0 {
                            let to = targets.trailing_zeros() as u8;
                            targets &= targets - 1;
                            positions[slot] = to;
                            children[count] = (index.rank(&positions), 1u16 << from);
                            count += 1;
                            positions[slot] = from;
                        }
                    }
                    for &(child, bit) in &children[..count] {
                        let mark = &mut marks[child];
                        if (mark[0] | mark[later]) & bit == 0 {
                            // Never marked at all: reached for the first time.
                            if mark[0] | mark[1] | mark[2] == 0 {
                                values[child] = level + 1;
                                meter.generated(1);
                            }
                            mark[later] |= bit;
                            next_active[child / 64] |= 1 << (child % 64);
                            pending = true;
                        }
                    }
                }
            }
        }
        level += 1;
    }
    drop(marks);
    for value in &mut values {
        if *value == UNSET {
            *value = 0;
        }
    }
    let max_value = values.iter().copied().max().unwrap_or(0);
    let distance = distances(goal, tiles).expect("tiles of the board");
    let mut encoding = Encoding::Bytes;
    let mut data = None;
    if index.size() >= NIBBLES_FROM_ENTRIES {
        data = encode(&values, Encoding::Nibbles, index, &distance);
        if data.is_some() {
            encoding = Encoding::Nibbles;
        }
    }
    Ok(PatternTable {
        tiles: tiles.to_vec(),
        index,
        encoding,
        data: data.unwrap_or(values),
        distance,
        max_value,
        build_ms: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pdb::bfs::search_any;
    use crate::search::Limits;
    use crate::{Goal, Shape};

    /// Small tables are kept as bytes, so the half-bytes written while searching are checked
    /// here on a 5-tile pattern against the reference table converted afterwards.
    #[test]
    fn nibbles_written_while_searching_equal_the_converted_reference_table() {
        let goal = Goal::BlankFirst.board(Shape::square(4).unwrap()).unwrap();
        let tiles = [3, 6, 7, 14, 9];
        let mut limits = Limits::default();
        let mut meter = Meter::new(&mut limits, true);
        let reference = build_table(
            &goal,
            &tiles,
            Builder::Reference,
            &mut meter,
            limits_clock(),
        )
        .unwrap()
        .to_encoding(Encoding::Nibbles)
        .unwrap();
        let index = PatternIndex::new(16, tiles.len()).unwrap();
        let distance = distances(&goal, &tiles).unwrap();
        let (data, max_value) = search_any(&goal, &tiles, index, &distance, true, &mut meter)
            .unwrap()
            .unwrap();
        assert_eq!(data, reference.data());
        assert_eq!(max_value, reference.max_value());
    }

    fn limits_clock() -> fn() -> f64 {
        Limits::default().clock
    }
}
