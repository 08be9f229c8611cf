//! Building one pattern table by breadth-first search in the abstract space, with one of two
//! builders ([`Builder`]) that give the same bytes.
//!
//! The abstract state is the cells of the pattern's tiles plus the blank; the other tiles are
//! indistinguishable. Only moves of pattern tiles count (that is what makes the tables of
//! disjoint patterns additive), so the blank roams for free through the region of free cells it
//! is in: a state is really (placement, blank region). Every build uses the fast builder
//! (`bfs.rs`); the general one (`general.rs`, any board of up to 64 cells, three cell masks a
//! placement) is the reference it is checked against. Large tables are held half a byte an
//! entry ([`Encoding::Nibbles`]).

use crate::board::Board;
use crate::search::{Meter, Stop};

use super::index::PatternIndex;
use super::table::{distances, encode, Encoding, PatternTable, NIBBLES_FROM_ENTRIES};

/// Which breadth-first search builds a table. Both give the same bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Builder {
    /// Two bits a blank cell, incremental ranks, entries written as half-bytes while
    /// searching (`pdb/bfs.rs`): the one every build uses.
    #[default]
    Fast,
    /// The general builder (`pdb/general.rs`, the big boards' tables' too): three cell masks a
    /// placement, full ranks, 13 bytes an entry while building up to 32 cells. It keeps the
    /// method of the builder before issue 10, to check the fast one byte for byte and to
    /// measure it against.
    Reference,
}

impl Builder {
    /// Peak bytes this builder allocates for a table with this index.
    pub fn peak_bytes(self, index: PatternIndex) -> u64 {
        match self {
            Builder::Fast => super::bfs::peak_bytes(index),
            Builder::Reference => super::general::build_bytes(index.cells(), index.size()),
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
        Builder::Reference => reference_table(goal, tiles, meter)?,
    };
    table.build_ms = Some(clock() - start_ms);
    Ok(table)
}

/// The reference table: the general builder's entries ([`super::general`]), stored as the fast
/// builder stores them (half a byte an entry from [`NIBBLES_FROM_ENTRIES`] entries on, when
/// they fit).
fn reference_table(goal: &Board, tiles: &[u8], meter: &mut Meter) -> Result<PatternTable, Stop> {
    let index =
        PatternIndex::new(goal.cells().len(), tiles.len()).expect("checked by the partition");
    let values = super::general::build(goal, tiles, meter)?;
    let max_value = values.iter().copied().max().unwrap_or(0);
    let distance = distances(goal, tiles).expect("tiles of the board");
    let nibbles = (index.size() >= NIBBLES_FROM_ENTRIES)
        .then(|| encode(&values, Encoding::Nibbles, index, &distance))
        .flatten();
    let (encoding, data) = match nibbles {
        Some(data) => (Encoding::Nibbles, data),
        None => (Encoding::Bytes, values),
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
