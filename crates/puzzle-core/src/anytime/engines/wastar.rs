//! The core search: weighted A* ([`crate::anytime::engines::best_first`]) on the core with the pattern
//! databases, direct and transposed lookups updated per move, pruned by the best length so
//! far. States are packed 5 bits a cell in a `u128`.

use crate::board::{Board, Shape};

use crate::anytime::engines::best_first::{self, Found, Node, Params, Space};
use crate::anytime::tables::big::BigTables;
use crate::anytime::tables::entries::{GroupEntries, MAX_CELLS};
use crate::budget::{Budget, Halt};

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
        entries: GroupEntries::new(tables),
        goal: pack(layout.core_goal.cells()),
        shape,
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
    entries: GroupEntries<'t>,
    goal: State,
    shape: Shape,
}

impl Space for Core<'_> {
    type State = State;

    #[inline(always)]
    fn shape(&self) -> Shape {
        self.shape
    }

    /// Reads the groups' entries, direct and transposed (recomputed: they are not stored).
    fn expand(&mut self, node: &Node<State>, shorter_than: u32) -> bool {
        let state = node.state;
        self.entries
            .place((0..self.shape.cells()).map(|cell| get(&state, cell)));
        self.entries.look_up();
        u32::from(node.g) + self.entries.estimate() < shorter_than
    }

    #[inline(always)]
    fn child(&mut self, state: &State, blank: usize, from: usize) -> Option<State> {
        if !self.entries.movable(from) {
            return None;
        }
        let tile = self.entries.cells[from];
        let mut child = *state;
        set(&mut child, blank, tile);
        set(&mut child, from, 0);
        Some(child)
    }

    /// The entries of the moved tile's group (and its twin's) looked up again.
    #[inline(always)]
    fn estimate(&mut self, _child: &State, blank: usize, from: usize) -> u32 {
        self.entries
            .slide(blank, from)
            .map_or(u32::MAX, |slide| slide.estimate)
    }

    #[inline(always)]
    fn is_goal(&self, state: &State, h: u32) -> bool {
        h == 0 && *state == self.goal
    }
}
