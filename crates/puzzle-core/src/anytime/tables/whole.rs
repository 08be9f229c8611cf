//! [`WholeTables`]: additive pattern databases over the whole of a big board (6x6 to 8x8), in
//! groups of at most 4 tiles (2x2 blocks: two-row bands read column by column), one byte per
//! placement of a group's tiles: 36·35·34·33 = 1.4M entries a 4-tile group on 6x6, 11.4 MB for
//! its 9 groups; 5.2M on 7x7, 31.4 MB for its 12 (six of them 3-tile groups). With the
//! transposed lookup where the goal allows it, the larger of the two sums is an admissible
//! estimate of the whole board, stronger than linear conflict where tiles of a block
//! interfere; beams rank by it ([`WholeRanker`]).

use std::sync::Arc;

use crate::board::Board;
use crate::pdb::{CorruptFault, PartitionFault, PdbError};
use crate::search::Limits;

use crate::anytime::tables::big::{Reflection, NO_GROUP};
use crate::anytime::tables::{groups, table_file, Strength};
use crate::pdb::{general, PatternIndex};

const VERSION: u8 = 1;

/// The file magic of each strength.
fn magic(strength: Strength) -> &'static [u8; 4] {
    match strength {
        Strength::Shipped => b"NWHL",
        Strength::Strong => b"NWH5",
    }
}

/// Tiles a group holds at most (the strong tables' groups; the shipped ones hold 4).
pub(crate) const GROUP_SIZE: usize = 5;
/// Rows of the bands the strong groups are cut from ([`groups::by_path`]).
const STRONG_BAND_ROWS: usize = 2;
/// Most groups (8x8: 63 tiles in 16 groups).
pub(crate) const MAX_GROUPS: usize = 16;
/// Most cells.
pub(crate) const MAX_CELLS: usize = 64;

/// Whole-board pattern databases toward one goal (see the module documentation of
/// [`crate::anytime`]): beams on boards larger than 5x5 rank by them. Built with
/// [`WholeTables::build`]; 6x6 takes about 10 s natively, 7x7 about 30 s (24 bytes an entry of
/// the table being built: 125 MB at the peak on 7x7).
#[derive(Clone, Debug)]
pub struct WholeTables {
    strength: Strength,
    goal: Board,
    pub(crate) groups: Vec<Vec<u8>>,
    /// `group_of[t]`: the group of tile `t` (`NO_GROUP` for the blank).
    pub(crate) group_of: Vec<u8>,
    indexes: Vec<PatternIndex>,
    tables: Arc<Vec<Vec<u8>>>,
    pub(crate) reflection: Option<Reflection>,
}

impl WholeTables {
    /// Builds the tables toward `goal` (at most 64 cells). Progress goes to
    /// `limits.on_progress` as for [`crate::anytime::BigTables::build`] (`Break` cancels).
    pub fn build(goal: &Board, limits: &mut Limits) -> Result<WholeTables, PdbError> {
        WholeTables::build_as(goal, Strength::Shipped, limits)
    }

    /// [`WholeTables::build`] of either strength; with `limits.threads` above 1 (natively)
    /// the groups' tables are built side by side (see [`WholeTables::build_bytes`]).
    pub fn build_as(
        goal: &Board,
        strength: Strength,
        limits: &mut Limits,
    ) -> Result<WholeTables, PdbError> {
        let mut whole = WholeTables::without_tables(goal, strength)?;
        whole.tables = Arc::new(general::build_groups(goal, &whole.groups, limits)?);
        Ok(whole)
    }

    /// The groups and indexes of `goal`, the tables still empty.
    fn without_tables(goal: &Board, strength: Strength) -> Result<WholeTables, PdbError> {
        let n = goal.cells().len();
        let groups = match strength {
            Strength::Shipped => groups::by_band(goal, 4),
            Strength::Strong => groups::by_path(goal, GROUP_SIZE, STRONG_BAND_ROWS),
        };
        if n > MAX_CELLS || groups.len() > MAX_GROUPS {
            return Err(PdbError::BadPartition {
                reason: PartitionFault::BoardTooLarge(goal.shape()),
            });
        }
        let mut group_of = vec![NO_GROUP; n];
        let mut indexes = Vec::with_capacity(groups.len());
        for (g, group) in groups.iter().enumerate() {
            for &tile in group {
                group_of[tile as usize] = g as u8;
            }
            indexes.push(
                PatternIndex::new(n, group.len()).ok_or(PdbError::BadPartition {
                    reason: PartitionFault::GroupHoldsEveryCell,
                })?,
            );
        }
        Ok(WholeTables {
            strength,
            goal: goal.clone(),
            reflection: Reflection::for_core(goal),
            groups,
            group_of,
            indexes,
            tables: Arc::new(Vec::new()),
        })
    }

    /// Whether the anytime method on boards of `goal`'s size is worth these tables: 6x6 to
    /// 7x7 (26 to 49 cells: 11-31 MB, built in 10-30 s natively); 5x5's core tables cover
    /// the whole board, and 8x8's would take 228 MB.
    pub fn wanted(goal: &Board) -> bool {
        (26..=49).contains(&goal.cells().len())
    }

    /// Entries the tables of `goal` hold (one byte each); 0 if they cannot be built.
    pub fn total_entries(goal: &Board) -> u64 {
        WholeTables::entries(goal, Strength::Shipped).iter().sum()
    }

    /// Entries of each group's table of `strength` for `goal`; empty if there can be none.
    pub fn entries(goal: &Board, strength: Strength) -> Vec<u64> {
        WholeTables::without_tables(goal, strength).map_or_else(
            |_| Vec::new(),
            |whole| whole.indexes.iter().map(PatternIndex::size).collect(),
        )
    }

    /// Working memory of one table of `strength` for `goal` while it is built (each thread
    /// building one holds this on top of the finished tables).
    pub fn build_bytes(goal: &Board, strength: Strength) -> u64 {
        let largest = WholeTables::entries(goal, strength).into_iter().max();
        general::build_bytes(goal.cells().len(), largest.unwrap_or(0))
    }

    /// Which tables these are.
    pub fn strength(&self) -> Strength {
        self.strength
    }

    /// A stable name for caching the tables of `goal`: the format version, shape and tiles,
    /// e.g. `wholetables-v1-6x6-1-2-...-35-0`.
    pub fn cache_key(goal: &Board) -> String {
        WholeTables::cache_key_as(goal, Strength::Shipped)
    }

    /// [`WholeTables::cache_key`] of either strength (`strongwholetables-v1-…`).
    pub fn cache_key_as(goal: &Board, strength: Strength) -> String {
        let tiles: Vec<String> = goal.cells().iter().map(u8::to_string).collect();
        let prefix = match strength {
            Strength::Shipped => "",
            Strength::Strong => "strong",
        };
        format!(
            "{prefix}wholetables-v{VERSION}-{}-{}",
            goal.shape(),
            tiles.join("-")
        )
    }

    /// The tables as bytes (`table_file.rs`): magic, version, the goal's shape and tiles, the
    /// tables one byte an entry, and a 64-bit FNV-1a checksum (the groups are a function of
    /// the goal).
    pub fn to_bytes(&self) -> Vec<u8> {
        table_file::write(magic(self.strength), VERSION, &self.goal, &self.tables)
    }

    /// Reads bytes written by [`WholeTables::to_bytes`]; any other bytes give
    /// [`PdbError::Corrupt`] (never a panic).
    pub fn from_bytes(bytes: &[u8]) -> Result<WholeTables, PdbError> {
        let strength = table_file::strength_of(bytes, magic);
        let (goal, rest) = table_file::read(bytes, magic(strength), VERSION)?;
        let mut whole = WholeTables::without_tables(&goal, strength)
            .map_err(|_| table_file::corrupt(CorruptFault::BadBoardSize))?;
        let tables = table_file::tables(rest, whole.indexes.iter().map(PatternIndex::size))?;
        whole.tables = Arc::new(tables);
        Ok(whole)
    }

    /// The goal the tables lead to.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// Bytes held by the tables.
    pub fn memory_bytes(&self) -> usize {
        self.tables.iter().map(Vec::len).sum()
    }

    /// The group of `tile` ([`NO_GROUP`] for the blank or a tile the goal lacks).
    pub(crate) fn tile_group(&self, tile: u8) -> u8 {
        self.group_of
            .get(tile as usize)
            .copied()
            .unwrap_or(NO_GROUP)
    }

    /// The place of `tile` within its group (0 for the blank).
    pub(crate) fn tile_slot(&self, tile: u8) -> u8 {
        let group = self.groups.get(self.tile_group(tile) as usize);
        group
            .and_then(|g| g.iter().position(|&t| t == tile))
            .unwrap_or(0) as u8
    }

    /// How many groups the tables have.
    pub(crate) fn group_count(&self) -> usize {
        self.groups.len()
    }

    /// The entry of group `g` with its tiles at `positions` (slot by slot).
    #[inline]
    pub(crate) fn value(&self, g: usize, positions: &[u8]) -> u8 {
        let rank = self.indexes[g].rank(positions);
        self.tables[g].get(rank).copied().unwrap_or(0)
    }

    /// The direct sum of a board's entries (`where_is[t]`: tile `t`'s cell), or with
    /// `mirror` the transposed sum, and each group's entry written to `values`.
    pub(crate) fn sum(&self, where_is: &[u8], mirror: bool, values: &mut [u8]) -> u32 {
        let mut total = 0;
        for (g, group) in self.groups.iter().enumerate() {
            let mut positions = [0u8; GROUP_SIZE];
            for (slot, &tile) in group.iter().enumerate() {
                positions[slot] = match (&self.reflection, mirror) {
                    (Some(r), true) => r.cell[where_is[r.label[tile as usize] as usize] as usize],
                    _ => where_is[tile as usize],
                };
            }
            values[g] = self.value(g, &positions);
            total += u32::from(values[g]);
        }
        total
    }

    /// The admissible estimate of `cells` (tiles by cell, the goal's shape).
    pub fn estimate(&self, cells: &[u8]) -> u32 {
        let where_is = inverse(cells);
        let mut values = [0u8; MAX_GROUPS];
        let direct = self.sum(&where_is, false, &mut values);
        match self.reflection {
            Some(_) => direct.max(self.sum(&where_is, true, &mut values)),
            None => direct,
        }
    }
}

/// `where_is[t]`: the cell of tile `t`.
pub(crate) fn inverse(cells: &[u8]) -> [u8; MAX_CELLS] {
    let mut where_is = [0u8; MAX_CELLS];
    for (cell, &tile) in cells.iter().enumerate().take(MAX_CELLS) {
        where_is[tile as usize % MAX_CELLS] = cell as u8;
    }
    where_is
}

/// The tables of `goal`, built (tests).
#[cfg(test)]
pub(crate) fn tables_for(goal: &Board) -> WholeTables {
    WholeTables::build(goal, &mut Limits::default()).unwrap()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{scramble_seeded, Scramble};
    use crate::goal::Goal;
    use crate::heuristic::{Heuristic, HeuristicKind};
    use crate::moves::Direction;
    use crate::search::bfs::bfs_distances;
    use crate::Shape;

    /// Over all 181,440 boards of 3x3 (breadth-first distances, the exact oracle), the
    /// estimate never exceeds the optimum, for the standard, snail and blank-first goals; and
    /// it is exact often enough to be worth more than Manhattan distance.
    #[test]
    fn estimates_are_admissible_on_every_3x3_board() {
        let shape = Shape::square(3).unwrap();
        for goal in [Goal::Standard, Goal::Snail, Goal::BlankFirst] {
            let goal = goal.board(shape).unwrap();
            let tables = tables_for(&goal);
            let distances = bfs_distances(&goal.cells().to_vec(), |cells: &Vec<u8>| {
                let blank = cells.iter().position(|&t| t == 0).unwrap();
                Direction::ALL
                    .into_iter()
                    .filter_map(|d| shape.neighbour(blank, d))
                    .map(|from| {
                        let mut child = cells.clone();
                        child.swap(blank, from);
                        child
                    })
                    .collect::<Vec<_>>()
            });
            assert_eq!(distances.len(), 181_440);
            let manhattan = Heuristic::new(HeuristicKind::Manhattan, &goal);
            let (mut total, mut manhattan_total) = (0u64, 0u64);
            for (cells, &distance) in &distances {
                let estimate = tables.estimate(cells);
                assert!(estimate <= distance, "{cells:?}: {estimate} > {distance}");
                assert_eq!(estimate % 2, distance % 2, "{cells:?}");
                total += u64::from(estimate);
                manhattan_total += u64::from(manhattan.estimate(cells.as_slice()));
            }
            assert!(total > manhattan_total, "{total} vs {manhattan_total}");
        }
    }

    /// The tables read back from their bytes give the same estimates; damaged, truncated or
    /// foreign bytes give an error, never a panic.
    #[test]
    fn bytes_round_trip_and_damage_is_caught() {
        let goal = Goal::Snail.board(Shape::new(4, 3).unwrap()).unwrap();
        let tables = tables_for(&goal);
        let bytes = tables.to_bytes();
        let back = WholeTables::from_bytes(&bytes).unwrap();
        assert_eq!(back.goal(), &goal);
        assert_eq!(back.memory_bytes(), tables.memory_bytes());
        for seed in 0..20 {
            let board = scramble_seeded(&goal, Scramble::Uniform, true, seed);
            assert_eq!(back.estimate(board.cells()), tables.estimate(board.cells()));
        }
        let mut flipped = bytes.clone();
        flipped[bytes.len() / 2] ^= 1;
        for bad in [
            &bytes[..bytes.len() - 1],
            &flipped[..],
            &bytes[..10],
            &[][..],
            b"NBIG-not-these-tables",
        ] {
            assert!(WholeTables::from_bytes(bad).is_err());
        }
        assert_ne!(
            WholeTables::cache_key(&goal),
            WholeTables::cache_key(&Goal::Standard.board(goal.shape()).unwrap())
        );
    }

    /// Boards too large for the tables get an error, not a panic.
    #[test]
    fn too_large_boards_are_refused() {
        let goal = Goal::Standard.board(Shape::new(9, 8).unwrap()).unwrap();
        assert!(WholeTables::build(&goal, &mut Limits::default()).is_err());
    }
}
