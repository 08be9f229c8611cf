//! The core search: weighted A* ([`super::best_first`]) on the core with the pattern
//! databases, direct and transposed lookups updated per move, pruned by the best length so
//! far. States are packed 5 bits a cell in a `u128`.

use crate::board::{Board, Shape};

use super::best_first::{self, Found, Node, Params, Space};
use super::budget::{Budget, Halt};
use super::tables::{BigTables, Layout, Reflection, GROUP_SIZE, NO_GROUP};

/// Most groups a core has (5 on 5x5).
const MAX_GROUPS: usize = 6;

/// Most cells of a core (5x5).
const MAX_CELLS: usize = 25;

type State = u128;

fn get(state: &State, cell: usize) -> u8 {
    ((state >> (5 * cell)) & 0x1F) as u8
}

fn set(state: &mut State, cell: usize, tile: u8) {
    let shift = 5 * cell;
    *state = (*state & !(0x1F << shift)) | (u128::from(tile) << shift);
}

fn pack(cells: &[u8]) -> State {
    let mut state = 0u128;
    for (cell, &tile) in cells.iter().enumerate() {
        set(&mut state, cell, tile);
    }
    state
}

/// Searches the core from `start` (core labels) for a solution of fewer than `shorter_than`
/// moves, with `weight` on the tables' estimate and at most `max_nodes` states held.
pub(crate) fn search(
    start: &Board,
    tables: &BigTables,
    weight: f64,
    shorter_than: usize,
    max_nodes: usize,
    budget: &mut Budget,
) -> Result<Found, Halt> {
    let layout = tables.layout();
    let shape = start.shape();
    if shape.cells() > MAX_CELLS || shape != layout.core_goal.shape() {
        return Ok(Found::OutOfMemory);
    }
    let mut space = Core {
        tables,
        layout,
        reflection: layout.reflection.as_ref(),
        goal: pack(layout.core_goal.cells()),
        shape,
        groups: layout.groups.len().min(MAX_GROUPS),
        cells: [0; MAX_CELLS],
        where_is: [0; MAX_CELLS],
        direct: [[0; GROUP_SIZE]; MAX_GROUPS],
        mirrored: [[0; GROUP_SIZE]; MAX_GROUPS],
        direct_values: [0; MAX_GROUPS],
        mirrored_values: [0; MAX_GROUPS],
        direct_sum: 0,
        mirrored_sum: 0,
    };
    let params = Params {
        weight: weight.max(1.0),
        shorter_than,
        max_nodes,
    };
    let h0 = tables.estimate_core(start.cells());
    let root = pack(start.cells());
    best_first::search(&mut space, root, start.blank(), h0, &params, budget)
}

/// The core with its tables, and the entries of the state being expanded.
struct Core<'t> {
    tables: &'t BigTables,
    layout: &'t Layout,
    reflection: Option<&'t Reflection>,
    goal: State,
    shape: Shape,
    /// Groups used (at most [`MAX_GROUPS`]).
    groups: usize,
    cells: [u8; MAX_CELLS],
    /// `where_is[label]`: the cell of the tile.
    where_is: [u8; MAX_CELLS],
    /// Each group's tiles' cells, and those of their twins in the transposed core.
    direct: [[u8; GROUP_SIZE]; MAX_GROUPS],
    mirrored: [[u8; GROUP_SIZE]; MAX_GROUPS],
    direct_values: [u32; MAX_GROUPS],
    mirrored_values: [u32; MAX_GROUPS],
    direct_sum: u32,
    mirrored_sum: u32,
}

impl Space for Core<'_> {
    type State = State;

    #[inline(always)]
    fn shape(&self) -> Shape {
        self.shape
    }

    /// Reads the groups' entries, direct and transposed (recomputed: they are not stored).
    fn expand(&mut self, node: &Node<State>, shorter_than: u32) -> bool {
        let where_is = &mut self.where_is;
        for (cell, slot) in self.cells[..self.shape.cells()].iter_mut().enumerate() {
            *slot = get(&node.state, cell);
            where_is[*slot as usize] = cell as u8;
        }
        // The values of groups past `self.groups` (and the transposed ones without a
        // reflection) stay 0.
        for (gi, group) in self.layout.groups.iter().enumerate().take(self.groups) {
            for (slot, &label) in group.iter().enumerate() {
                self.direct[gi][slot] = self.where_is[label as usize];
                if let Some(r) = self.reflection {
                    let twin = r.label[label as usize] as usize;
                    self.mirrored[gi][slot] = r.cell[self.where_is[twin] as usize];
                }
            }
            self.direct_values[gi] = u32::from(self.tables.value(gi, &self.direct[gi]));
            if self.reflection.is_some() {
                self.mirrored_values[gi] = u32::from(self.tables.value(gi, &self.mirrored[gi]));
            }
        }
        self.direct_sum = self.direct_values.iter().sum();
        self.mirrored_sum = self.mirrored_values.iter().sum();
        u32::from(node.g) + self.direct_sum.max(self.mirrored_sum) < shorter_than
    }

    #[inline(always)]
    fn child(&mut self, state: &State, blank: usize, from: usize) -> Option<State> {
        let tile = self.cells[from];
        let gi = self.layout.group_of[tile as usize];
        if gi == NO_GROUP || gi as usize >= self.groups {
            return None;
        }
        let mut child = *state;
        set(&mut child, blank, tile);
        set(&mut child, from, 0);
        Some(child)
    }

    /// The entries of the moved tile's group (and its twin's) looked up again.
    #[inline(always)]
    fn estimate(&mut self, _child: &State, blank: usize, from: usize) -> u32 {
        let layout = self.layout;
        let tile = self.cells[from];
        let gi = layout.group_of[tile as usize] as usize;
        let mut moved = self.direct[gi];
        moved[layout.slot_of[tile as usize] as usize] = blank as u8;
        let mut h =
            self.direct_sum + u32::from(self.tables.value(gi, &moved)) - self.direct_values[gi];
        if let Some(r) = self.reflection {
            let twin = r.label[tile as usize] as usize;
            let gj = layout.group_of[twin] as usize;
            if gj < self.groups {
                let mut moved = self.mirrored[gj];
                moved[layout.slot_of[twin] as usize] = r.cell[blank];
                let h_mirrored = self.mirrored_sum + u32::from(self.tables.value(gj, &moved))
                    - self.mirrored_values[gj];
                h = h.max(h_mirrored);
            }
        }
        h
    }

    #[inline(always)]
    fn is_goal(&self, state: &State, h: u32) -> bool {
        h == 0 && *state == self.goal
    }
}
