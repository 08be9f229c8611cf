//! The pattern databases' entries of one core board, kept per group (direct and transposed)
//! so that a move updates only the moved tile's group: shared by the core's weighted A*
//! (`wastar.rs`) and the core's beams (`core_rank.rs`).

use crate::anytime::tables::big::{BigTables, Layout, Reflection, GROUP_SIZE, NO_GROUP};

/// Most groups a core has (5 on 5x5).
pub(crate) const MAX_GROUPS: usize = 6;

/// Most cells of a core (5x5).
pub(crate) const MAX_CELLS: usize = 25;

/// Each group's entry, direct then transposed, one byte each: what a beam keeps a board.
pub(crate) type Values = [u8; 2 * MAX_GROUPS];

/// A core board's tiles by group, and their entries.
pub(crate) struct GroupEntries<'t> {
    tables: &'t BigTables,
    layout: &'t Layout,
    reflection: Option<&'t Reflection>,
    /// Groups used (at most [`MAX_GROUPS`]).
    groups: usize,
    /// The board's labels by cell.
    pub(crate) cells: [u8; MAX_CELLS],
    /// Each group's tiles' cells, and those of their twins in the transposed core.
    direct: [[u8; GROUP_SIZE]; MAX_GROUPS],
    mirrored: [[u8; GROUP_SIZE]; MAX_GROUPS],
    values: Values,
    direct_sum: u32,
    mirrored_sum: u32,
}

/// What one slide changes: the estimate after it, and the two entries that moved.
pub(crate) struct Slide {
    pub(crate) estimate: u32,
    direct: (usize, u8),
    mirrored: Option<(usize, u8)>,
}

impl<'t> GroupEntries<'t> {
    pub(crate) fn new(tables: &'t BigTables) -> Self {
        let layout = tables.layout();
        GroupEntries {
            tables,
            layout,
            reflection: layout.reflection.as_ref(),
            groups: layout.groups.len().min(MAX_GROUPS),
            cells: [0; MAX_CELLS],
            direct: [[0; GROUP_SIZE]; MAX_GROUPS],
            mirrored: [[0; GROUP_SIZE]; MAX_GROUPS],
            values: [0; 2 * MAX_GROUPS],
            direct_sum: 0,
            mirrored_sum: 0,
        }
    }

    /// Reads the board (labels by cell, at most [`MAX_CELLS`]) and where each group's tiles are;
    /// the entries are then set by [`GroupEntries::look_up`] or [`GroupEntries::set_values`].
    pub(crate) fn place(&mut self, cells: impl Iterator<Item = u8>) {
        let mut where_is = [0u8; MAX_CELLS];
        for (cell, label) in cells.enumerate().take(MAX_CELLS) {
            self.cells[cell] = label;
            where_is[label as usize % MAX_CELLS] = cell as u8;
        }
        for (gi, group) in self.layout.groups.iter().enumerate().take(self.groups) {
            for (slot, &label) in group.iter().enumerate() {
                self.direct[gi][slot] = where_is[label as usize];
                if let Some(r) = self.reflection {
                    let twin = r.label[label as usize] as usize;
                    self.mirrored[gi][slot] = r.cell[where_is[twin] as usize];
                }
            }
        }
    }

    /// Looks the entries of the placed board up (the transposed ones stay 0 without a
    /// reflection, like the groups past [`MAX_GROUPS`]).
    pub(crate) fn look_up(&mut self) {
        for gi in 0..self.groups {
            self.values[gi] = self.tables.value(gi, &self.direct[gi]);
            if self.reflection.is_some() {
                self.values[MAX_GROUPS + gi] = self.tables.value(gi, &self.mirrored[gi]);
            }
        }
        self.sum();
    }

    /// Takes the entries of the placed board from an earlier look-up.
    pub(crate) fn set_values(&mut self, values: &Values) {
        self.values = *values;
        self.sum();
    }

    fn sum(&mut self) {
        let (direct, mirrored) = self.values.split_at(MAX_GROUPS);
        self.direct_sum = direct.iter().map(|&v| u32::from(v)).sum();
        self.mirrored_sum = mirrored.iter().map(|&v| u32::from(v)).sum();
    }

    /// The entries of the placed board.
    pub(crate) fn values(&self) -> Values {
        self.values
    }

    /// The admissible estimate of the placed board.
    pub(crate) fn estimate(&self) -> u32 {
        self.direct_sum.max(self.mirrored_sum)
    }

    /// Whether the tile at `from` is in a group used (others never move).
    #[inline(always)]
    pub(crate) fn movable(&self, from: usize) -> bool {
        let gi = self.layout.group_of[self.cells[from] as usize];
        gi != NO_GROUP && (gi as usize) < self.groups
    }

    /// The slide of the tile at `from` into the blank at `blank`: the moved tile's group
    /// (and its twin's) looked up again. `None` if the tile is in no group used.
    #[inline(always)]
    pub(crate) fn slide(&self, blank: usize, from: usize) -> Option<Slide> {
        if !self.movable(from) {
            return None;
        }
        let layout = self.layout;
        let tile = self.cells[from] as usize;
        let gi = layout.group_of[tile] as usize;
        let mut moved = self.direct[gi];
        moved[layout.slot_of[tile] as usize] = blank as u8;
        let value = self.tables.value(gi, &moved);
        let mut estimate = self.direct_sum + u32::from(value) - u32::from(self.values[gi]);
        let mut mirrored = None;
        if let Some(r) = self.reflection {
            let twin = r.label[tile] as usize;
            let gj = layout.group_of[twin] as usize;
            if gj < self.groups {
                let mut moved = self.mirrored[gj];
                moved[layout.slot_of[twin] as usize] = r.cell[blank];
                let value = self.tables.value(gj, &moved);
                let sum =
                    self.mirrored_sum + u32::from(value) - u32::from(self.values[MAX_GROUPS + gj]);
                estimate = estimate.max(sum);
                mirrored = Some((MAX_GROUPS + gj, value));
            }
        }
        Some(Slide {
            estimate,
            direct: (gi, value),
            mirrored,
        })
    }

    /// The placed board's entries with `slide`'s applied.
    pub(crate) fn values_after(&self, slide: &Slide) -> Values {
        let mut values = self.values;
        values[slide.direct.0] = slide.direct.1;
        if let Some((i, v)) = slide.mirrored {
            values[i] = v;
        }
        values
    }
}
