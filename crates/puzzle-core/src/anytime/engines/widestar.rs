//! The whole-board search: weighted A* ([`crate::anytime::engines::best_first`]) on the whole board, any size up
//! to 8x8, with Manhattan distance plus linear conflict updated per move, pruned by the best
//! length so far. States are packed 6 bits a cell, ten cells a word.

use crate::board::{Board, Shape};
use crate::heuristic::{Heuristic, HeuristicKind};

use crate::anytime::engines::best_first::{self, Found, Node, Params, Space};
use crate::budget::{Budget, Halt};

/// Most cells handled (8x8).
pub(crate) const MAX_CELLS: usize = 64;
const WORDS: usize = 7;

type State = [u64; WORDS];

fn get(state: &State, cell: usize) -> u8 {
    ((state[cell / 10] >> (6 * (cell % 10))) & 0x3F) as u8
}

fn set(state: &mut State, cell: usize, tile: u8) {
    let shift = 6 * (cell % 10);
    let word = &mut state[cell / 10];
    *word = (*word & !(0x3F << shift)) | (u64::from(tile) << shift);
}

fn pack(cells: &[u8]) -> State {
    let mut state = [0u64; WORDS];
    for (cell, &tile) in cells.iter().enumerate() {
        set(&mut state, cell, tile);
    }
    state
}

/// Searches from `start` toward `goal` for a solution of fewer than `shorter_than` moves.
pub(crate) fn search(
    start: &Board,
    goal: &Board,
    weight: f64,
    shorter_than: usize,
    max_nodes: usize,
    budget: &mut Budget,
) -> Result<Found, Halt> {
    let shape = start.shape();
    if shape.cells() > MAX_CELLS || goal.shape() != shape {
        return Ok(Found::OutOfMemory);
    }
    let mut space = Whole {
        estimate: Heuristic::new(HeuristicKind::LinearConflict, goal),
        shape,
        cells: [0; MAX_CELLS],
        h: 0,
    };
    let params = Params {
        weight: weight.max(1.0),
        shorter_than,
        max_nodes,
    };
    let h0 = space.estimate.estimate(start.cells());
    let root = pack(start.cells());
    best_first::search(&mut space, root, start.blank(), h0, &params, budget)
}

/// The whole board toward its goal, and the state being expanded.
struct Whole {
    estimate: Heuristic,
    shape: Shape,
    cells: [u8; MAX_CELLS],
    /// The estimate of the state being expanded.
    h: u32,
}

impl Space for Whole {
    type State = State;

    #[inline(always)]
    fn shape(&self) -> Shape {
        self.shape
    }

    fn expand(&mut self, node: &Node<State>, _shorter_than: u32) -> bool {
        for (cell, slot) in self.cells[..self.shape.cells()].iter_mut().enumerate() {
            *slot = get(&node.state, cell);
        }
        self.h = u32::from(node.h);
        true
    }

    #[inline(always)]
    fn child(&mut self, state: &State, blank: usize, from: usize) -> Option<State> {
        let mut child = *state;
        set(&mut child, blank, self.cells[from]);
        set(&mut child, from, 0);
        Some(child)
    }

    /// The parent's estimate, updated for the tile's distance and the two lines it touches.
    #[inline(always)]
    fn estimate(&mut self, _child: &State, blank: usize, from: usize) -> u32 {
        let n = self.shape.cells();
        let h = self
            .estimate
            .after_slide(self.h, &mut self.cells[..n], blank, from);
        self.cells.swap(blank, from);
        h
    }

    #[inline(always)]
    fn is_goal(&self, _state: &State, h: u32) -> bool {
        h == 0
    }
}
