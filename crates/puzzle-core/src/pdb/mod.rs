//! Additive disjoint pattern databases (Korf & Felner 2002) for boards of up to 16 cells, for
//! any goal, with the reflected lookup of Felner, Korf & Hanan (2004).
//!
//! The tiles are split into disjoint groups ([`Partition`]); for each group a [`PatternTable`]
//! stores, for every placement of its tiles, the fewest moves *of those tiles* that bring them
//! home. A move moves one tile, so the entries of disjoint groups add up to an admissible
//! estimate; the same tables looked up on the board's [`Reflection`] give a second one, and the
//! larger is used. Tables are built by breadth-first search in the abstract space
//! ([`AdditivePdb::build`]), which reports progress and can be cancelled through the same
//! [`Limits`] as a search, and serialize to bytes ([`AdditivePdb::to_bytes`]) so a browser can
//! cache them. Tables of 16 M entries or more are held half a byte an entry ([`Encoding`]):
//! the 7-7-1 default for 4x4 ([`Partition::split_771`]) takes 57.7 MB (17 MB gzipped) instead
//! of 115 MB. Nothing here needs threads or a clock of its own; natively,
//! [`AdditivePdb::build_parallel`] builds the tables on several threads at once.
//!
//! ```
//! use puzzle_core::pdb::{AdditivePdb, Partition};
//! use puzzle_core::{Board, Goal, Limits, Shape};
//! let goal = Goal::Standard.board(Shape::new(4, 2).unwrap()).unwrap();
//! let partition = Partition::by_reading_order(&goal, &[4, 3]).unwrap();
//! let pdb = AdditivePdb::build(&goal, &partition, &mut Limits::default()).unwrap();
//! let board: Board = "1 2 3 4 / 5 6 0 7".parse().unwrap();
//! assert_eq!(pdb.estimate(board.cells()), 1);
//! assert_eq!(pdb.memory_bytes(), 1680 + 336 + 7);
//! ```

mod bfs;
pub mod build;
pub(crate) mod cells;
pub(crate) mod general;
pub mod index;
pub mod join;
pub mod lookup;
pub mod partition;
mod table;

use std::sync::OnceLock;

use thiserror::Error;

use crate::board::{Board, Shape};
use crate::heuristic::Cells;
use crate::pruning::MovePruning;
use crate::search::{Limits, Meter, Stats, Stop};

pub use build::Builder;
pub use index::PatternIndex;
pub use lookup::{Axis, Reflection};
pub use partition::Partition;
pub use table::{Encoding, PatternTable, NIBBLES_FROM_ENTRIES};

/// Largest table the builder accepts (the 8-tile table of the 7-8 partition fits).
pub const MAX_TABLE_ENTRIES: u64 = 600_000_000;

/// Why a database could not be built or read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PdbError {
    /// The groups do not fit the board.
    #[error("bad partition: {reason}")]
    BadPartition {
        /// What is wrong.
        reason: PartitionFault,
    },
    /// A table would be too large.
    #[error("a table of {entries} entries is too large (limit {limit})")]
    TooLarge {
        /// Entries the table would need.
        entries: u64,
        /// [`MAX_TABLE_ENTRIES`].
        limit: u64,
    },
    /// The progress callback asked to stop.
    #[error("the build was cancelled")]
    Cancelled,
    /// The node budget of the limits ran out.
    #[error("the build ran out of its node budget")]
    BudgetExhausted,
    /// Bytes that are not a database written by [`AdditivePdb::to_bytes`].
    #[error("not a valid pattern database: {reason}")]
    Corrupt {
        /// What is wrong.
        reason: CorruptFault,
    },
}

/// What is wrong with a partition ([`PdbError::BadPartition`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PartitionFault {
    /// A group names a cell the board does not have.
    #[error("cell {cell} is off the {shape} board")]
    CellOffBoard {
        /// The cell.
        cell: usize,
        /// The board's shape.
        shape: Shape,
    },
    /// A fixed 4x4 layout asked of another board.
    #[error("this layout is for 4x4 boards, not {0}")]
    Not4x4(Shape),
    /// Group sizes adding up to more tiles than the board has.
    #[error("groups of {sizes:?} need more than the {tiles} tiles of the board")]
    TooFewTiles {
        /// The sizes asked for.
        sizes: Vec<usize>,
        /// The board's tiles.
        tiles: usize,
    },
    /// A board of more than 16 cells.
    #[error("pattern databases support boards of up to 16 cells, not {0}")]
    BoardTooLarge(Shape),
    /// No group at all.
    #[error("no groups")]
    NoGroups,
    /// A group without tiles.
    #[error("an empty group")]
    EmptyGroup,
    /// A group names the blank or a tile number the board does not have.
    #[error("tile {tile} is not a tile of a {shape} board")]
    NotATile {
        /// The tile number.
        tile: u8,
        /// The board's shape.
        shape: Shape,
    },
    /// A tile in two groups (the tables would not add up).
    #[error("tile {0} is in two groups")]
    TileInTwoGroups(u8),
    /// Tables given with a partition whose groups they were not built for.
    #[error("the tables do not match the partition's groups")]
    TablesMismatch,
    /// A group of every cell (no room for the blank).
    #[error("a group holds every cell")]
    GroupHoldsEveryCell,
    /// A goal whose part the big-board tables cover has no tiles.
    #[error("the goal's core has no tiles to group")]
    NoCoreTiles,
}

/// What is wrong with stored tables ([`PdbError::Corrupt`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CorruptFault {
    /// Too short, or not starting with the format's magic bytes.
    #[error("missing header")]
    MissingHeader,
    /// The checksum does not match the bytes.
    #[error("checksum mismatch")]
    ChecksumMismatch,
    /// A format version this build cannot read.
    #[error("unknown version")]
    UnknownVersion,
    /// A board size out of range.
    #[error("bad board size")]
    BadBoardSize,
    /// The bytes end too early.
    #[error("truncated")]
    Truncated,
    /// The stored goal is not a board.
    #[error("bad goal")]
    BadGoal,
    /// A table encoding code this build does not know.
    #[error("unknown table encoding")]
    UnknownEncoding,
    /// The stored groups are not a valid partition.
    #[error("{0}")]
    Partition(PartitionFault),
    /// A group whose table cannot be indexed.
    #[error("bad group")]
    BadGroup,
    /// A table larger than this machine can address.
    #[error("table too large")]
    TableTooLarge,
    /// A table whose entries are out of range.
    #[error("bad table")]
    BadTable,
    /// Bytes after the last table.
    #[error("trailing bytes")]
    TrailingBytes,
    /// The stored goal has no part the tables cover.
    #[error("no core")]
    NoCore,
}

impl From<Stop> for PdbError {
    fn from(stop: Stop) -> Self {
        match stop {
            Stop::Budget => PdbError::BudgetExhausted,
            Stop::Cancelled => PdbError::Cancelled,
        }
    }
}

/// A set of additive pattern tables for one goal and partition, plus the goal's reflection.
#[derive(Clone, Debug)]
pub struct AdditivePdb {
    goal: Board,
    partition: Partition,
    tables: Vec<PatternTable>,
    reflection: Option<Reflection>,
    /// `group_of[t]`: the table holding tile `t` (`NO_GROUP` if none), `slot_of[t]` its place.
    group_of: Vec<u8>,
    slot_of: Vec<u8>,
    build_stats: Option<Stats>,
    /// The move-pruning automata of the board (with and without redundant sequences), built
    /// on first use by the tuned search and shared by its threads.
    move_pruning: OnceLock<MovePruning>,
    no_move_pruning: OnceLock<MovePruning>,
}

/// Marks a tile in no group.
pub(crate) const NO_GROUP: u8 = u8::MAX;

const MAGIC: &[u8; 4] = b"NPDB";
/// Version 2 adds an encoding byte per table; version 1 (bytes only) is still read.
const VERSION: u8 = 2;

impl AdditivePdb {
    /// Builds one table per group of `partition` towards `goal`.
    ///
    /// Progress goes to `limits.on_progress` every `limits.report_every` abstract states
    /// expanded: `Progress::generated` counts the table entries filled so far, out of
    /// [`Partition::entries`] in all, and `Progress::bound` is the BFS level of the table being
    /// built. Returning `Break` from the callback stops the build with [`PdbError::Cancelled`];
    /// `limits.max_expanded` caps the abstract states expanded. Peak memory: the finished
    /// tables plus 2.75 to 4.75 bytes an entry of the table being built ([`Builder::peak_bytes`]).
    pub fn build(
        goal: &Board,
        partition: &Partition,
        limits: &mut Limits,
    ) -> Result<AdditivePdb, PdbError> {
        AdditivePdb::build_with(goal, partition, Builder::Fast, limits)
    }

    /// [`AdditivePdb::build`] with a chosen [`Builder`] (the same tables either way; the
    /// reference builder is there to check and measure the fast one).
    pub fn build_with(
        goal: &Board,
        partition: &Partition,
        builder: Builder,
        limits: &mut Limits,
    ) -> Result<AdditivePdb, PdbError> {
        AdditivePdb::check_sizes(goal, partition)?;
        let clock = limits.clock;
        let mut meter = Meter::new(limits, true);
        let mut tables = Vec::with_capacity(partition.groups().len());
        for group in partition.groups() {
            match build::build_table(goal, group, builder, &mut meter, clock) {
                Ok(table) => tables.push(table),
                Err(stop) => return Err(stop.into()),
            }
        }
        let stats = meter
            .finish::<(), ()>(crate::search::Outcome::NoSolution)
            .stats;
        let mut pdb = AdditivePdb::assemble(goal.clone(), partition.clone(), tables);
        pdb.build_stats = Some(stats);
        Ok(pdb)
    }

    /// Like [`AdditivePdb::build`], with the tables built on up to `threads` threads at once,
    /// largest first (the calling thread builds too; 0 or 1 spawns nothing, so this also runs
    /// on `wasm32-unknown-unknown`). The two 7-tile tables of the 7-7-1 default then take the
    /// time of one on two free cores, for twice the peak memory.
    ///
    /// Progress goes to `limits.on_progress` for the calling thread's share of the work; its
    /// `Break` cancels every thread. The node budget applies to each thread separately. The
    /// build statistics add up all threads' counts.
    pub fn build_parallel(
        goal: &Board,
        partition: &Partition,
        threads: usize,
        limits: &mut Limits,
    ) -> Result<AdditivePdb, PdbError> {
        use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
        use std::sync::Mutex;
        AdditivePdb::check_sizes(goal, partition)?;
        let groups = partition.groups();
        let mut order: Vec<usize> = (0..groups.len()).collect();
        order.sort_by_key(|&g| std::cmp::Reverse(groups[g].len()));
        let next = AtomicUsize::new(0);
        let stop = AtomicBool::new(false);
        let built: Mutex<Vec<Option<PatternTable>>> = Mutex::new(vec![None; groups.len()]);
        let clock = limits.clock;
        let budget = limits.max_expanded;
        let report_every = limits.report_every;
        // Builds tables until none is left; the error of the first failure.
        let work = |meter: &mut Meter| -> Result<(), Stop> {
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(&g) = order.get(i) else {
                    return Ok(());
                };
                match build::build_table(goal, &groups[g], Builder::Fast, meter, clock) {
                    Ok(table) => built.lock().expect("no panic while locked")[g] = Some(table),
                    Err(stop_reason) => {
                        stop.store(true, Ordering::Relaxed);
                        return Err(stop_reason);
                    }
                }
            }
        };
        let (own, helpers) = std::thread::scope(|scope| {
            let handles: Vec<_> = (1..threads.max(1).min(groups.len()))
                .map(|_| {
                    let work = &work;
                    let stop = &stop;
                    scope.spawn(move || {
                        let mut cancel = |_: &crate::search::Progress| {
                            if stop.load(Ordering::Relaxed) {
                                std::ops::ControlFlow::Break(())
                            } else {
                                std::ops::ControlFlow::Continue(())
                            }
                        };
                        let mut limits = Limits {
                            max_expanded: budget,
                            report_every,
                            on_progress: Some(&mut cancel),
                            clock,
                            threads: 1,
                        };
                        let mut meter = Meter::new(&mut limits, true);
                        let result = work(&mut meter);
                        let stats = meter
                            .finish::<(), ()>(crate::search::Outcome::NoSolution)
                            .stats;
                        (result, stats)
                    })
                })
                .collect();
            let mut meter = Meter::new(limits, true);
            let result = work(&mut meter);
            if result.is_err() {
                stop.store(true, Ordering::Relaxed);
            }
            let stats = meter
                .finish::<(), ()>(crate::search::Outcome::NoSolution)
                .stats;
            let helpers: Vec<_> = handles
                .into_iter()
                .map(|h| h.join().expect("a build thread panicked"))
                .collect();
            ((result, stats), helpers)
        });
        let mut stats = own.1;
        let mut failure = own.0.err();
        for (result, part) in helpers {
            stats.expanded += part.expanded;
            stats.generated += part.generated;
            failure = failure.or(result.err().filter(|&r| r == Stop::Budget));
        }
        if let Some(reason) = failure {
            return Err(reason.into());
        }
        let tables = built
            .into_inner()
            .expect("no panic while locked")
            .into_iter()
            .map(|t| t.expect("every table built"))
            .collect();
        let mut pdb = AdditivePdb::assemble(goal.clone(), partition.clone(), tables);
        pdb.build_stats = Some(stats);
        Ok(pdb)
    }

    /// Assembles a database from tables built separately, e.g. one a web worker: each group of
    /// `partition` built as a one-group database (`Partition::new(vec![group])`), sent as
    /// [`AdditivePdb::to_bytes`], read back with [`AdditivePdb::from_bytes`] and its only
    /// table taken. The tables must be in the partition's order, each for its group's tiles
    /// (in that order) on the goal's board.
    pub fn from_tables(
        goal: &Board,
        partition: &Partition,
        tables: Vec<PatternTable>,
    ) -> Result<AdditivePdb, PdbError> {
        AdditivePdb::check_sizes(goal, partition)?;
        let n = goal.cells().len();
        let fits = tables.len() == partition.groups().len()
            && tables.iter().zip(partition.groups()).all(|(table, group)| {
                table.tiles() == group.as_slice()
                    && table.index().cells() == n
                    && table.index().tiles() == group.len()
            });
        if !fits {
            return Err(PdbError::BadPartition {
                reason: PartitionFault::TablesMismatch,
            });
        }
        Ok(AdditivePdb::assemble(
            goal.clone(),
            partition.clone(),
            tables,
        ))
    }

    /// Checks the partition and the size of every table.
    fn check_sizes(goal: &Board, partition: &Partition) -> Result<(), PdbError> {
        partition.check(goal.shape())?;
        for group in partition.groups() {
            let index = PatternIndex::new(goal.cells().len(), group.len()).ok_or(
                PdbError::BadPartition {
                    reason: PartitionFault::GroupHoldsEveryCell,
                },
            )?;
            if index.size() > MAX_TABLE_ENTRIES {
                return Err(PdbError::TooLarge {
                    entries: index.size(),
                    limit: MAX_TABLE_ENTRIES,
                });
            }
        }
        Ok(())
    }

    fn assemble(goal: Board, partition: Partition, tables: Vec<PatternTable>) -> AdditivePdb {
        let n = goal.cells().len();
        let mut group_of = vec![NO_GROUP; n];
        let mut slot_of = vec![0u8; n];
        for (g, table) in tables.iter().enumerate() {
            for (slot, &tile) in table.tiles().iter().enumerate() {
                group_of[tile as usize] = g as u8;
                slot_of[tile as usize] = slot as u8;
            }
        }
        let reflection = Reflection::for_goal(&goal);
        AdditivePdb {
            goal,
            partition,
            tables,
            reflection,
            group_of,
            slot_of,
            build_stats: None,
            move_pruning: OnceLock::new(),
            no_move_pruning: OnceLock::new(),
        }
    }

    /// The goal the tables lead to.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The board size.
    pub fn shape(&self) -> Shape {
        self.goal.shape()
    }

    /// The partition the tables follow.
    pub fn partition(&self) -> &Partition {
        &self.partition
    }

    /// One table per group, in the partition's order.
    pub fn tables(&self) -> &[PatternTable] {
        &self.tables
    }

    /// The reflection used for the second lookup, if the goal has one.
    pub fn reflection(&self) -> Option<&Reflection> {
        self.reflection.as_ref()
    }

    /// The automaton of redundant move sequences of the board
    /// ([`MovePruning::DEFAULT_LENGTH`] moves), built on first call (a few tens of ms on 4x4).
    pub fn move_pruning(&self) -> &MovePruning {
        self.move_pruning
            .get_or_init(|| MovePruning::new(self.shape(), MovePruning::DEFAULT_LENGTH))
    }

    /// The automaton that prunes nothing, for the same board.
    pub fn no_move_pruning(&self) -> &MovePruning {
        self.no_move_pruning
            .get_or_init(|| MovePruning::none(self.shape()))
    }

    /// Counters and time of the build (`None` for a database read from bytes).
    pub fn build_stats(&self) -> Option<&Stats> {
        self.build_stats.as_ref()
    }

    /// The table index of `tile` and its slot there, or `None` if no group holds it.
    pub fn group_of(&self, tile: u8) -> Option<(usize, usize)> {
        let g = self.group_of[tile as usize];
        (g != NO_GROUP).then(|| (g as usize, self.slot_of[tile as usize] as usize))
    }

    /// Bytes held by the tables.
    pub fn memory_bytes(&self) -> usize {
        self.tables.iter().map(PatternTable::memory_bytes).sum()
    }

    /// Peak bytes allocated while building: the finished tables plus the working memory of the
    /// largest table.
    pub fn build_peak_bytes(&self) -> u64 {
        let mut done = 0u64;
        let mut peak = 0u64;
        for table in &self.tables {
            peak = peak.max(done + Builder::Fast.peak_bytes(table.index()));
            done += table.memory_bytes() as u64;
        }
        peak
    }

    /// The sum of the tables' entries for `board` (no reflection).
    pub fn estimate_direct<B: Cells + ?Sized>(&self, board: &B) -> u32 {
        self.sum(board, |cell| cell, |tile| tile)
    }

    /// The sum of the tables' entries for the reflected board, if the goal has a reflection.
    pub fn estimate_reflected<B: Cells + ?Sized>(&self, board: &B) -> Option<u32> {
        let reflection = self.reflection.as_ref()?;
        Some(self.sum(
            board,
            |cell| reflection.cell(cell),
            |tile| reflection.tile(tile),
        ))
    }

    /// The admissible estimate: the larger of the direct and the reflected sum. Like the other
    /// lookups, it expects a board of the database's shape (it panics on a smaller one).
    pub fn estimate<B: Cells + ?Sized>(&self, board: &B) -> u32 {
        let direct = self.estimate_direct(board);
        self.estimate_reflected(board)
            .map_or(direct, |r| r.max(direct))
    }

    fn sum<B: Cells + ?Sized>(
        &self,
        board: &B,
        cell_map: impl Fn(usize) -> usize,
        tile_map: impl Fn(u8) -> u8,
    ) -> u32 {
        let mut positions = [[0u8; 16]; 16];
        for cell in 0..self.goal.cells().len() {
            let tile = tile_map(board.tile_at(cell));
            let g = self.group_of[tile as usize];
            if g != NO_GROUP {
                positions[g as usize][self.slot_of[tile as usize] as usize] = cell_map(cell) as u8;
            }
        }
        self.tables
            .iter()
            .zip(&positions)
            .map(|(table, p)| u32::from(table.value(p)))
            .sum()
    }

    /// The same database with every table stored as `encoding` where its entries fit
    /// ([`PatternTable::to_encoding`]); other tables are kept as they are.
    pub fn with_encoding(mut self, encoding: Encoding) -> AdditivePdb {
        for table in &mut self.tables {
            if let Some(converted) = table.to_encoding(encoding) {
                *table = converted;
            }
        }
        self
    }

    /// The database as bytes: a header (magic, version, shape, goal, groups with each table's
    /// [`Encoding`]), the tables' stored bytes, and a 64-bit FNV-1a checksum; read back with
    /// [`AdditivePdb::from_bytes`].
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.memory_bytes() + 64);
        out.extend_from_slice(MAGIC);
        out.push(VERSION);
        out.push(self.shape().width() as u8);
        out.push(self.shape().height() as u8);
        out.extend_from_slice(self.goal.cells());
        out.push(self.tables.len() as u8);
        for table in &self.tables {
            out.push(table.tiles().len() as u8);
            out.extend_from_slice(table.tiles());
            out.push(table.encoding().code());
        }
        for table in &self.tables {
            out.extend_from_slice(table.data());
        }
        let checksum = fnv1a(&out);
        out.extend_from_slice(&checksum.to_le_bytes());
        out
    }

    /// Reads bytes written by [`AdditivePdb::to_bytes`] (this version or version 1), checking
    /// the header and checksum.
    pub fn from_bytes(bytes: &[u8]) -> Result<AdditivePdb, PdbError> {
        let corrupt = |reason: CorruptFault| PdbError::Corrupt { reason };
        if bytes.len() < MAGIC.len() + 4 + 8 || &bytes[..4] != MAGIC {
            return Err(corrupt(CorruptFault::MissingHeader));
        }
        let (body, tail) = bytes.split_at(bytes.len() - 8);
        let stored = u64::from_le_bytes(tail.try_into().expect("8 bytes"));
        if fnv1a(body) != stored {
            return Err(corrupt(CorruptFault::ChecksumMismatch));
        }
        let version = body[4];
        if version != 1 && version != VERSION {
            return Err(corrupt(CorruptFault::UnknownVersion));
        }
        let shape = Shape::new(body[5] as usize, body[6] as usize)
            .map_err(|_| corrupt(CorruptFault::BadBoardSize))?;
        let n = shape.cells();
        let mut at = 7;
        let take = |at: &mut usize, len: usize| -> Result<&[u8], PdbError> {
            let slice = body
                .get(*at..*at + len)
                .ok_or_else(|| corrupt(CorruptFault::Truncated))?;
            *at += len;
            Ok(slice)
        };
        let goal_cells = take(&mut at, n)?;
        let goal = Board::new(shape, goal_cells.iter().map(|&t| t as usize).collect())
            .map_err(|_| corrupt(CorruptFault::BadGoal))?;
        let count = take(&mut at, 1)?[0] as usize;
        let mut groups = Vec::with_capacity(count);
        let mut encodings = Vec::with_capacity(count);
        for _ in 0..count {
            let k = take(&mut at, 1)?[0] as usize;
            groups.push(take(&mut at, k)?.to_vec());
            encodings.push(if version == 1 {
                Encoding::Bytes
            } else {
                Encoding::from_code(take(&mut at, 1)?[0])
                    .ok_or_else(|| corrupt(CorruptFault::UnknownEncoding))?
            });
        }
        let partition = Partition::new(groups);
        partition.check(shape).map_err(|e| match e {
            PdbError::BadPartition { reason } => corrupt(CorruptFault::Partition(reason)),
            _ => corrupt(CorruptFault::BadGroup),
        })?;
        let mut tables = Vec::with_capacity(count);
        for (group, &encoding) in partition.groups().iter().zip(&encodings) {
            let index =
                PatternIndex::new(n, group.len()).ok_or_else(|| corrupt(CorruptFault::BadGroup))?;
            let len = usize::try_from(encoding.bytes_for(index.size()))
                .map_err(|_| corrupt(CorruptFault::TableTooLarge))?;
            let data = take(&mut at, len)?.to_vec();
            tables.push(
                PatternTable::from_parts(group.clone(), index, encoding, data, &goal)
                    .ok_or_else(|| corrupt(CorruptFault::BadTable))?,
            );
        }
        if at != body.len() {
            return Err(corrupt(CorruptFault::TrailingBytes));
        }
        Ok(AdditivePdb::assemble(goal, partition, tables))
    }
}

/// 64-bit FNV-1a.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}
