//! [`BigTables`]: additive pattern databases for the core of a big board.
//!
//! The core is the rectangle of at most 5x5 cells around the goal's blank that the staged
//! method leaves last (the whole board when both sides are at most 5). Its tiles are split into
//! compact groups of at most 5 (two-row bands read column by column: 2x3 and 2x2 blocks on
//! 5x5), and each group gets a table of one byte per placement of its tiles:
//! 25·24·23·22·21 = 6.4M entries for a 5-tile group on 5x5, 25.8 MB for the whole 5x5 core.
//! Larger boards use the same 5x5 core tables, so no goal needs more than 26 MB. Building
//! takes about 2.5 s a 5-tile table natively (13 s for a 5x5 core). The strong tables
//! ([`Strength::Strong`], natively) take groups of 6: four 3x2 blocks on 5x5, 25·24·23·22·21·20
//! = 127.5M entries a group, 510 MB.

use std::sync::Arc;

use crate::board::{Board, Shape};
use crate::pdb::{CorruptFault, PartitionFault, PdbError};
use crate::search::Limits;

use crate::anytime::tables::{groups, table_file, Strength};
use crate::pdb::{general, PatternIndex};

/// Longest side of the core.
pub(crate) const CORE_SIDE: usize = 5;
/// Tiles a group holds at most (the strong tables' groups).
pub(crate) const GROUP_SIZE: usize = 6;
/// Rows of the bands the strong groups are cut from ([`groups::by_path`]).
const STRONG_BAND_ROWS: usize = 3;

const VERSION: u8 = 3;

/// The file magic of each strength (the strong tables' layout differs, so their files do).
fn magic(strength: Strength) -> &'static [u8; 4] {
    match strength {
        Strength::Shipped => b"NBIG",
        Strength::Strong => b"NBI6",
    }
}

/// A rectangle of cells: top row, left column, height, width.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Rect {
    pub(crate) row: usize,
    pub(crate) column: usize,
    pub(crate) height: usize,
    pub(crate) width: usize,
}

impl Rect {
    /// Whether the cell `(row, column)` is inside.
    pub(crate) fn contains(&self, row: usize, column: usize) -> bool {
        (self.row..self.row + self.height).contains(&row)
            && (self.column..self.column + self.width).contains(&column)
    }

    /// The board cell of the `i`-th core cell (reading order).
    pub(crate) fn cell(&self, full: Shape, i: usize) -> usize {
        (self.row + i / self.width) * full.width() + self.column + i % self.width
    }
}

/// Pattern databases for the core of one goal (see the module documentation of
/// [`crate::anytime`]), bound to that goal. The tables depend on the core's goal only, with its
/// tiles renamed `1..` in reading order, so one build serves every goal with the same core: the
/// standard goals of 5x5, 6x6, 7x7 and 8x8 share theirs ([`BigTables::bind`] rebinds them
/// without copying). Built with [`BigTables::build`], cached by the caller through
/// [`BigTables::to_bytes`] / [`BigTables::from_bytes`] under [`BigTables::cache_key`].
#[derive(Clone, Debug, PartialEq)]
pub struct BigTables {
    goal: Board,
    layout: Layout,
    tables: Arc<Vec<Vec<u8>>>,
}

/// Where the core is and how its tiles are grouped: a function of the goal only.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Layout {
    pub(crate) strength: Strength,
    pub(crate) rect: Rect,
    /// The core's goal with tiles relabelled `1..` in reading order (blank 0).
    pub(crate) core_goal: Board,
    /// `label_of[t]`: the core label of the goal's tile `t` (0 for the blank, `u8::MAX` outside).
    pub(crate) label_of: Vec<u8>,
    /// Groups of core labels.
    pub(crate) groups: Vec<Vec<u8>>,
    /// `group_of[label]` and `slot_of[label]`: where a core tile's entry is.
    pub(crate) group_of: Vec<u8>,
    pub(crate) slot_of: Vec<u8>,
    pub(crate) indexes: Vec<PatternIndex>,
    /// The transposed lookup, when the core is square with the goal blank on its diagonal.
    pub(crate) reflection: Option<Reflection>,
}

/// Marks a label in no group (the blank).
pub(crate) const NO_GROUP: u8 = u8::MAX;

/// The interval of `keep` sides out of `low..=high` that the staged method keeps: it drops the
/// end farther from `target` first.
fn kept_interval(mut low: usize, mut high: usize, target: usize, keep: usize) -> usize {
    while high - low + 1 > keep {
        if target <= low || (target < high && target - low < high - target) {
            high -= 1;
        } else {
            low += 1;
        }
    }
    low
}

impl Layout {
    pub(crate) fn for_goal(goal: &Board, strength: Strength) -> Option<Layout> {
        let shape = goal.shape();
        let (height, width) = (shape.height().min(CORE_SIDE), shape.width().min(CORE_SIDE));
        let blank = goal.blank();
        let rect = Rect {
            row: kept_interval(0, shape.height() - 1, shape.row(blank), height),
            column: kept_interval(0, shape.width() - 1, shape.column(blank), width),
            height,
            width,
        };
        let mut label_of = vec![u8::MAX; shape.cells()];
        let mut core_cells = Vec::with_capacity(height * width);
        let mut next = 1u8;
        for i in 0..height * width {
            let tile = goal.tile(rect.cell(shape, i));
            let label = if tile == 0 {
                0
            } else {
                next += 1;
                next - 1
            };
            label_of[tile as usize] = label;
            core_cells.push(label as usize);
        }
        let core_goal = Board::new(Shape::new(width, height).ok()?, core_cells).ok()?;
        let groups = match strength {
            Strength::Shipped => groups::by_band(&core_goal, 5),
            Strength::Strong => groups::by_path(&core_goal, GROUP_SIZE, STRONG_BAND_ROWS),
        };
        let mut group_of = vec![NO_GROUP; height * width];
        let mut slot_of = vec![0u8; height * width];
        let mut indexes = Vec::with_capacity(groups.len());
        for (g, group) in groups.iter().enumerate() {
            for (slot, &label) in group.iter().enumerate() {
                group_of[label as usize] = g as u8;
                slot_of[label as usize] = slot as u8;
            }
            indexes.push(PatternIndex::new(height * width, group.len())?);
        }
        let reflection = Reflection::for_core(&core_goal);
        Some(Layout {
            strength,
            rect,
            core_goal,
            label_of,
            groups,
            group_of,
            slot_of,
            indexes,
            reflection,
        })
    }
}

/// The transposition of a square core whose goal blank is on the diagonal: it maps the core's
/// goal to itself once tiles are relabelled, so the same tables give a second admissible
/// estimate (Felner, Korf & Hanan 2004).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Reflection {
    /// `cell[c]`: the transposed cell.
    pub(crate) cell: Vec<u8>,
    /// `label[l]`: the label at the transposed goal cell of `l` (an involution).
    pub(crate) label: Vec<u8>,
}

impl Reflection {
    pub(crate) fn for_core(core_goal: &Board) -> Option<Reflection> {
        let shape = core_goal.shape();
        let side = shape.width();
        if shape.height() != side {
            return None;
        }
        let transpose = |c: usize| (c % side) * side + c / side;
        if transpose(core_goal.blank()) != core_goal.blank() {
            return None;
        }
        let cell: Vec<u8> = (0..side * side).map(|c| transpose(c) as u8).collect();
        let mut label = vec![0u8; side * side];
        for (c, &l) in core_goal.cells().iter().enumerate() {
            label[l as usize] = core_goal.tile(transpose(c));
        }
        Some(Reflection { cell, label })
    }
}

/// Table entries [`BigTables::build`] fills for `goal`: the total behind its progress reports
/// (`Progress::generated` counts entries filled so far). 0 if the goal cannot have tables.
pub fn total_entries(goal: &Board) -> u64 {
    BigTables::entries(goal, Strength::Shipped).iter().sum()
}

impl BigTables {
    /// Builds the tables for `goal` by breadth-first search, group after group (about 1.5 s a
    /// 5-tile group natively; 12 bytes an entry of working memory while a table is built, i.e.
    /// 77 MB for a 5-tile group on 5x5, on top of the finished tables).
    ///
    /// Progress goes to `limits.on_progress` every `limits.report_every` abstract states:
    /// `Progress::generated` counts the entries filled, out of [`total_entries`]. `Break` stops
    /// the build with [`PdbError::Cancelled`]; `limits.max_expanded` caps the states expanded.
    pub fn build(goal: &Board, limits: &mut Limits) -> Result<BigTables, PdbError> {
        BigTables::build_as(goal, Strength::Shipped, limits)
    }

    /// [`BigTables::build`] of either strength; with `limits.threads` above 1 (natively) the
    /// groups' tables are built side by side (see [`BigTables::build_bytes`] for the memory).
    pub fn build_as(
        goal: &Board,
        strength: Strength,
        limits: &mut Limits,
    ) -> Result<BigTables, PdbError> {
        let layout = Layout::for_goal(goal, strength).ok_or(PdbError::BadPartition {
            reason: PartitionFault::NoCoreTiles,
        })?;
        let tables = general::build_groups(&layout.core_goal, &layout.groups, limits)?;
        Ok(BigTables {
            goal: goal.clone(),
            layout,
            tables: Arc::new(tables),
        })
    }

    /// Entries of each group's table of `strength` for `goal` (one byte each); empty if the
    /// goal cannot have tables.
    pub fn entries(goal: &Board, strength: Strength) -> Vec<u64> {
        Layout::for_goal(goal, strength).map_or_else(Vec::new, |l| {
            l.indexes.iter().map(PatternIndex::size).collect()
        })
    }

    /// Working memory of one table of `strength` for `goal` while it is built (each thread
    /// building one holds this on top of the finished tables): 12 bytes an entry and 1.
    pub fn build_bytes(goal: &Board, strength: Strength) -> u64 {
        let largest = BigTables::entries(goal, strength).into_iter().max();
        general::build_bytes(CORE_SIDE * CORE_SIDE, largest.unwrap_or(0))
    }

    /// Which tables these are.
    pub fn strength(&self) -> Strength {
        self.layout.strength
    }

    /// The goal the tables are bound to (after [`BigTables::from_bytes`], the core's goal).
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// Whether the tables serve `goal`: its core, renamed, is the core they were built for.
    pub fn serves(&self, goal: &Board) -> bool {
        self.layout_for(goal).is_some()
    }

    /// The layout of `goal`, if the tables serve it.
    fn layout_for(&self, goal: &Board) -> Option<Layout> {
        Layout::for_goal(goal, self.layout.strength)
            .filter(|layout| layout.core_goal == self.layout.core_goal)
    }

    /// The same tables bound to `goal` (shared, not copied), if they serve it.
    pub fn bind(&self, goal: &Board) -> Option<BigTables> {
        if goal == &self.goal {
            return Some(self.clone());
        }
        let layout = self.layout_for(goal)?;
        Some(BigTables {
            goal: goal.clone(),
            layout,
            tables: Arc::clone(&self.tables),
        })
    }

    /// Bytes held by the tables.
    pub fn memory_bytes(&self) -> usize {
        self.tables.iter().map(Vec::len).sum()
    }

    /// A stable name for caching the tables that serve `goal`: the format version and its
    /// core's goal (shape and renamed tiles), e.g. `bigtables-v3-5x5-1-2-...-24-0` for the
    /// standard goal of every size from 5x5 up. Goals that share it share the tables.
    pub fn cache_key(goal: &Board) -> String {
        BigTables::cache_key_as(goal, Strength::Shipped)
    }

    /// [`BigTables::cache_key`] of either strength (`strongbigtables-v3-…` for the strong).
    pub fn cache_key_as(goal: &Board, strength: Strength) -> String {
        let core = Layout::for_goal(goal, strength).map_or_else(|| goal.clone(), |l| l.core_goal);
        let tiles: Vec<String> = core.cells().iter().map(u8::to_string).collect();
        let prefix = match strength {
            Strength::Shipped => "",
            Strength::Strong => "strong",
        };
        format!(
            "{prefix}bigtables-v{VERSION}-{}-{}",
            core.shape(),
            tiles.join("-")
        )
    }

    /// Whether the core is the whole board (then the estimate bounds the whole solution).
    pub fn covers_whole_board(&self) -> bool {
        self.layout.core_goal.shape() == self.goal.shape()
    }

    pub(crate) fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The estimate of a core board (core labels, core shape): the sum of the groups' entries,
    /// and the larger of the direct and the transposed sums when there is a reflection.
    pub(crate) fn estimate_core(&self, cells: &[u8]) -> u32 {
        let direct = self.sum(cells, |cell| cell, |label| label);
        match &self.layout.reflection {
            Some(r) => direct.max(self.sum(
                cells,
                |cell| r.cell.get(cell).map_or(0, |&c| c as usize),
                |label| r.label.get(label as usize).copied().unwrap_or(0),
            )),
            None => direct,
        }
    }

    fn sum(
        &self,
        cells: &[u8],
        cell_map: impl Fn(usize) -> usize,
        label_map: impl Fn(u8) -> u8,
    ) -> u32 {
        let mut positions = [[0u8; GROUP_SIZE]; CORE_SIDE * CORE_SIDE];
        for (cell, &label) in cells.iter().enumerate() {
            let label = label_map(label);
            let g = self.layout.group_of.get(label as usize).copied();
            if let Some(g) = g.filter(|&g| g != NO_GROUP) {
                positions[g as usize][self.layout.slot_of[label as usize] as usize] =
                    cell_map(cell) as u8;
            }
        }
        (0..self.tables.len())
            .map(|g| u32::from(self.value(g, &positions[g])))
            .sum()
    }

    /// The entry of group `g` for the placement `positions`.
    #[inline]
    pub(crate) fn value(&self, g: usize, positions: &[u8]) -> u8 {
        let rank = self.layout.indexes[g].rank(positions);
        self.tables[g].get(rank).copied().unwrap_or(0)
    }

    /// The admissible estimate of a whole board when the core is the whole board (else 0).
    pub(crate) fn estimate_whole(&self, board: &Board) -> u32 {
        if !self.covers_whole_board() || board.shape() != self.goal.shape() {
            return 0;
        }
        let cells: Vec<u8> = board
            .cells()
            .iter()
            .map(|&t| self.layout.label_of[t as usize])
            .collect();
        self.estimate_core(&cells)
    }

    /// The tables as bytes (`table_file.rs`): magic, version, the core goal's shape and
    /// tiles, the tables one byte an entry, and a 64-bit FNV-1a checksum. The layout is a
    /// function of the core goal, so it is not stored.
    pub fn to_bytes(&self) -> Vec<u8> {
        table_file::write(
            magic(self.layout.strength),
            VERSION,
            &self.layout.core_goal,
            &self.tables,
        )
    }

    /// Reads bytes written by [`BigTables::to_bytes`], bound to the core's goal (bind them to
    /// the goal of the board with [`BigTables::bind`]); any other bytes give
    /// [`PdbError::Corrupt`] (never a panic).
    pub fn from_bytes(bytes: &[u8]) -> Result<BigTables, PdbError> {
        let strength = table_file::strength_of(bytes, magic);
        let (goal, rest) = table_file::read(bytes, magic(strength), VERSION)?;
        let layout = Layout::for_goal(&goal, strength)
            .ok_or_else(|| table_file::corrupt(CorruptFault::NoCore))?;
        let tables = table_file::tables(rest, layout.indexes.iter().map(PatternIndex::size))?;
        Ok(BigTables {
            goal,
            layout,
            tables: Arc::new(tables),
        })
    }
}
