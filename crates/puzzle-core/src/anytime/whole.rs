//! [`WholeTables`]: additive pattern databases over the whole of a big board (6x6 to 8x8), in
//! groups of at most 4 tiles (2x2 blocks: two-row bands read column by column), one byte per
//! placement of a group's tiles: 36·35·34·33 = 1.4M entries a 4-tile group on 6x6, 11.4 MB for
//! its 9 groups; 5.2M on 7x7, 31.4 MB for its 12 (six of them 3-tile groups). With the
//! transposed lookup where the goal allows it, the larger of the two sums is an admissible
//! estimate of the whole board, stronger than linear conflict where tiles of a block
//! interfere; beams rank by it ([`WholeRanker`]).

use std::sync::Arc;

use crate::board::Board;
use crate::heuristic::{Heuristic, HeuristicKind, LineConflicts};
use crate::pdb::{CorruptFault, PartitionFault, PdbError};
use crate::search::{Limits, Meter, Outcome};

use super::pattern::{self, Index};
use super::rank::{Blend, Ranker};
use super::table_file;
use super::tables::{Reflection, NO_GROUP};

const MAGIC: &[u8; 4] = b"NWHL";
const VERSION: u8 = 1;

/// Tiles a group holds at most.
const GROUP_SIZE: usize = 4;
/// Most groups (8x8: 63 tiles in 16 groups).
const MAX_GROUPS: usize = 16;
/// Most cells.
const MAX_CELLS: usize = 64;

/// Whole-board pattern databases toward one goal (see the module documentation of
/// [`crate::anytime`]): beams on boards larger than 5x5 rank by them. Built with
/// [`WholeTables::build`]; 6x6 takes about 10 s natively, 7x7 about 30 s (24 bytes an entry of
/// the table being built: 125 MB at the peak on 7x7).
#[derive(Clone, Debug)]
pub struct WholeTables {
    goal: Board,
    groups: Vec<Vec<u8>>,
    /// `group_of[t]`: the group of tile `t` (`NO_GROUP` for the blank).
    group_of: Vec<u8>,
    indexes: Vec<Index>,
    tables: Arc<Vec<Vec<u8>>>,
    reflection: Option<Reflection>,
}

/// The goal's tiles in groups of at most [`GROUP_SIZE`]: bands of two rows, each read column
/// by column and cut into near-equal pieces.
fn block_groups(goal: &Board) -> Vec<Vec<u8>> {
    let shape = goal.shape();
    let mut groups = Vec::new();
    for top in (0..shape.height()).step_by(2) {
        let rows = top..(top + 2).min(shape.height());
        let band: Vec<u8> = (0..shape.width())
            .flat_map(|column| rows.clone().map(move |row| row * shape.width() + column))
            .map(|cell| goal.tile(cell))
            .filter(|&tile| tile != 0)
            .collect();
        let pieces = band.len().div_ceil(GROUP_SIZE);
        let mut at = 0;
        for piece in 0..pieces {
            let take = (band.len() - at).div_ceil(pieces - piece);
            groups.push(band[at..at + take].to_vec());
            at += take;
        }
    }
    groups
}

impl WholeTables {
    /// Builds the tables toward `goal` (at most 64 cells). Progress goes to
    /// `limits.on_progress` as for [`super::BigTables::build`] (`Break` cancels).
    pub fn build(goal: &Board, limits: &mut Limits) -> Result<WholeTables, PdbError> {
        let mut whole = WholeTables::without_tables(goal)?;
        let mut meter = Meter::new(limits, true);
        let mut tables = Vec::with_capacity(whole.groups.len());
        for group in &whole.groups {
            tables.push(pattern::build(goal, group, &mut meter)?);
        }
        meter.finish::<(), ()>(Outcome::NoSolution);
        whole.tables = Arc::new(tables);
        Ok(whole)
    }

    /// The groups and indexes of `goal`, the tables still empty.
    fn without_tables(goal: &Board) -> Result<WholeTables, PdbError> {
        let n = goal.cells().len();
        let groups = block_groups(goal);
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
            indexes.push(Index::new(n, group.len()).ok_or(PdbError::BadPartition {
                reason: PartitionFault::GroupHoldsEveryCell,
            })?);
        }
        Ok(WholeTables {
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
        WholeTables::without_tables(goal)
            .map_or(0, |whole| whole.indexes.iter().map(Index::size).sum())
    }

    /// A stable name for caching the tables of `goal`: the format version, shape and tiles,
    /// e.g. `wholetables-v1-6x6-1-2-...-35-0`.
    pub fn cache_key(goal: &Board) -> String {
        let tiles: Vec<String> = goal.cells().iter().map(u8::to_string).collect();
        format!(
            "wholetables-v{VERSION}-{}-{}",
            goal.shape(),
            tiles.join("-")
        )
    }

    /// The tables as bytes (`table_file.rs`): magic, version, the goal's shape and tiles, the
    /// tables one byte an entry, and a 64-bit FNV-1a checksum (the groups are a function of
    /// the goal).
    pub fn to_bytes(&self) -> Vec<u8> {
        table_file::write(MAGIC, VERSION, &self.goal, &self.tables)
    }

    /// Reads bytes written by [`WholeTables::to_bytes`]; any other bytes give
    /// [`PdbError::Corrupt`] (never a panic).
    pub fn from_bytes(bytes: &[u8]) -> Result<WholeTables, PdbError> {
        let (goal, rest) = table_file::read(bytes, MAGIC, VERSION)?;
        let mut whole = WholeTables::without_tables(&goal)
            .map_err(|_| table_file::corrupt(CorruptFault::BadBoardSize))?;
        let tables = table_file::tables(rest, whole.indexes.iter().map(Index::size))?;
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
    fn sum(&self, where_is: &[u8], mirror: bool, values: &mut [u8]) -> u32 {
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
fn inverse(cells: &[u8]) -> [u8; MAX_CELLS] {
    let mut where_is = [0u8; MAX_CELLS];
    for (cell, &tile) in cells.iter().enumerate().take(MAX_CELLS) {
        where_is[tile as usize % MAX_CELLS] = cell as u8;
    }
    where_is
}

/// Each group's entry, direct then transposed.
pub(crate) type Entries = [u8; 2 * MAX_GROUPS];

/// Ranks whole boards by the larger of the tables' estimate and linear conflict (both
/// updated per move: the moved tile's group is looked up again, directly and transposed).
pub(crate) struct WholeRanker<'t> {
    tables: &'t WholeTables,
    conflict: Heuristic,
    board: Vec<u8>,
    where_is: [u8; MAX_CELLS],
    entries: Entries,
    /// The expanded board's linear-conflict estimate, and its conflicts line by line.
    conflict_estimate: u32,
    lines: LineConflicts,
    blend: Blend,
}

impl<'t> WholeRanker<'t> {
    pub(crate) fn new(tables: &'t WholeTables) -> Self {
        Self::blended(tables, Blend::Larger)
    }

    /// Ranks by `blend` of the tables' estimate and linear conflict.
    pub(crate) fn blended(tables: &'t WholeTables, blend: Blend) -> Self {
        WholeRanker {
            blend,
            tables,
            conflict: Heuristic::new(HeuristicKind::LinearConflict, tables.goal()),
            board: Vec::with_capacity(tables.goal().cells().len()),
            where_is: [0; MAX_CELLS],
            entries: [0; 2 * MAX_GROUPS],
            conflict_estimate: 0,
            lines: LineConflicts::default(),
        }
    }

    fn sums(&self, entries: &Entries) -> (u32, u32) {
        let groups = self.tables.groups.len();
        let direct = entries[..groups].iter().map(|&v| u32::from(v)).sum();
        let mirrored = entries[MAX_GROUPS..MAX_GROUPS + groups]
            .iter()
            .map(|&v| u32::from(v))
            .sum();
        (direct, mirrored)
    }

    /// The entry of group `g` (transposed with `mirror`) when `tile` sits at `at`.
    #[inline]
    fn entry_with(&self, g: usize, mirror: bool, tile: u8, at: u8) -> u8 {
        let group = &self.tables.groups[g];
        let mut positions = [0u8; GROUP_SIZE];
        for (slot, &t) in group.iter().enumerate() {
            positions[slot] = match (&self.tables.reflection, mirror) {
                (Some(r), true) => {
                    let original = r.label[t as usize];
                    let cell = if original == tile {
                        at
                    } else {
                        self.where_is[original as usize]
                    };
                    r.cell[cell as usize]
                }
                _ if t == tile => at,
                _ => self.where_is[t as usize],
            };
        }
        self.tables.value(g, &positions)
    }
}

/// The rank of a board: the larger of the admissible estimates first, then the smaller linear
/// conflict among equals (measured on 8 of DeepCubeA's 6x6 dev states, beams of 50k boards:
/// 1.057 times its lengths, against 1.086 for linear conflict alone; the sum of the tables'
/// and linear conflict 1.056, the tables' estimate alone 1.098).
/// Other blends ([`Blend::Sum`]) rank about as well on average but keep other boards: on 7x7
/// a beam's length moves by 5-10 % from one blend to another (`beam.rs`, `BLENDS`).
#[inline]
fn rank(conflict: u32, direct: u32, mirrored: u32, blend: Blend) -> u32 {
    blend.of(direct.max(mirrored), conflict) * 256 + conflict
}

/// Linear conflict and the tables' entries of a ranked board.
#[derive(Clone, Copy)]
pub(crate) struct Kept {
    conflict: u32,
    lines: LineConflicts,
    entries: Entries,
}

impl Ranker for WholeRanker<'_> {
    type Aux = Kept;

    fn root(&mut self, cells: &[u8]) -> (u32, Kept) {
        self.where_is = inverse(cells);
        let mut entries = [0u8; 2 * MAX_GROUPS];
        let direct = self
            .tables
            .sum(&self.where_is, false, &mut entries[..MAX_GROUPS]);
        let mirrored = match self.tables.reflection {
            Some(_) => self
                .tables
                .sum(&self.where_is, true, &mut entries[MAX_GROUPS..]),
            None => 0,
        };
        let conflict = self.conflict.estimate(cells);
        let lines = self.conflict.line_conflicts(cells);
        (
            rank(conflict, direct, mirrored, self.blend),
            Kept {
                conflict,
                lines,
                entries,
            },
        )
    }

    fn expand(&mut self, cells: &[u8], aux: &Kept) {
        self.board.clear();
        self.board.extend_from_slice(cells);
        self.where_is = inverse(cells);
        self.entries = aux.entries;
        self.conflict_estimate = aux.conflict;
        self.lines = aux.lines;
    }

    #[inline]
    fn child(&mut self, _before: u32, blank: usize, from: usize) -> Option<(u32, Kept)> {
        let mut lines = self.lines;
        let conflict = self.conflict.after_slide_kept(
            self.conflict_estimate,
            &mut lines,
            &mut self.board,
            blank,
            from,
        );
        self.board.swap(blank, from);
        let tile = self.board[from];
        let mut entries = self.entries;
        let g = self.tables.group_of[tile as usize] as usize;
        entries[g] = self.entry_with(g, false, tile, blank as u8);
        if let Some(r) = &self.tables.reflection {
            let twin = r.label[tile as usize] as usize;
            let m = self.tables.group_of[twin] as usize;
            entries[MAX_GROUPS + m] = self.entry_with(m, true, tile, blank as u8);
        }
        let (direct, mirrored) = self.sums(&entries);
        Some((
            rank(conflict, direct, mirrored, self.blend),
            Kept {
                conflict,
                lines,
                entries,
            },
        ))
    }
}

/// The tables of `goal`, built (tests).
#[cfg(test)]
pub(crate) fn tables_for(goal: &Board) -> WholeTables {
    WholeTables::build(goal, &mut Limits::default()).unwrap()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::anytime::rank::assert_per_move_estimates;
    use crate::generate::{scramble_seeded, Scramble};
    use crate::goal::Goal;
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

    /// Along random walks, the ranker's rank per move is the one computed from scratch (the
    /// larger of linear conflict and the tables' estimate, or a sum of the two, then linear
    /// conflict) (square goals with the transposed lookup, an oblong board without it, a goal
    /// with the blank off the diagonal).
    #[test]
    fn per_move_estimates_match_a_fresh_estimate() {
        let blends = [
            Blend::Larger,
            Blend::Sum {
                tables: 3,
                conflict: 1,
            },
        ];
        for (width, height, goal) in [
            (4, 4, Goal::Standard),
            (4, 4, Goal::Snail),
            (4, 3, Goal::Standard),
            (3, 3, Goal::BlankFirst),
        ] {
            let goal = goal.board(Shape::new(width, height).unwrap()).unwrap();
            let tables = tables_for(&goal);
            let conflict = Heuristic::new(HeuristicKind::LinearConflict, &goal);
            for blend in blends {
                let fresh = |board: &Board| {
                    let conflict = conflict.estimate(board.cells());
                    let tables = tables.estimate(board.cells());
                    let primary = match blend {
                        Blend::Larger => tables.max(conflict),
                        Blend::Sum { .. } => 3 * tables + conflict,
                    };
                    primary * 256 + conflict
                };
                let mut ranker = WholeRanker::blended(&tables, blend);
                let board = scramble_seeded(&goal, Scramble::Uniform, true, 3);
                assert_per_move_estimates(&mut ranker, board, 400, fresh);
            }
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
