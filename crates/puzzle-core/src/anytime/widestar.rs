//! Weighted A* on the whole board, any size up to 8x8, with Manhattan distance plus linear
//! conflict: `f = g + weight * h`, best `f` first (deeper on ties), no re-opening, pruned by
//! the best length so far. States are packed 6 bits a cell, ten cells a word.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::board::Board;
use crate::heuristic::{Heuristic, HeuristicKind};
use crate::moves::Direction;

use super::budget::{Budget, Halt};
use super::wastar::Found;

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

struct Node {
    state: State,
    parent: u32,
    g: u16,
    h: u16,
    blank: u8,
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
    let n = shape.cells();
    if n > MAX_CELLS || goal.shape() != shape {
        return Ok(Found::OutOfMemory);
    }
    let estimate = Heuristic::new(HeuristicKind::LinearConflict, goal);
    let scale = (weight.max(1.0) * 16.0).round() as u32;
    let f_of = |g: u32, h: u32| 16 * g + scale * h;
    let h0 = estimate.estimate(start.cells());
    if h0 as usize >= shorter_than {
        return Ok(Found::NoneShorter);
    }
    if start == goal {
        return Ok(Found::Path(Vec::new()));
    }
    let mut nodes = vec![Node {
        state: pack(start.cells()),
        parent: 0,
        g: 0,
        h: h0 as u16,
        blank: start.blank() as u8,
    }];
    let mut seen = Seen::with_capacity(1 << 16);
    seen.insert(&nodes, 0);
    let mut open = BinaryHeap::new();
    open.push((Reverse(f_of(0, h0)), 0u16, 0u32));
    let mut cells = [0u8; MAX_CELLS];
    while let Some((_, _, index)) = open.pop() {
        budget.tick()?;
        let node = &nodes[index as usize];
        let (state, g, h, blank) = (
            node.state,
            u32::from(node.g),
            u32::from(node.h),
            node.blank as usize,
        );
        let parent = nodes[node.parent as usize].blank as usize;
        if g + h >= shorter_than as u32 {
            continue;
        }
        for (cell, slot) in cells[..n].iter_mut().enumerate() {
            *slot = get(&state, cell);
        }
        for direction in Direction::ALL {
            let Some(from) = shape.neighbour(blank, direction) else {
                continue;
            };
            if index != 0 && from == parent {
                continue;
            }
            let tile = cells[from];
            let before = estimate.touched_conflicts(&cells[..n], from, blank);
            cells.swap(blank, from);
            let after = estimate.touched_conflicts(&cells[..n], from, blank);
            cells.swap(blank, from);
            let h_child = h + estimate.manhattan(tile, blank) + after
                - estimate.manhattan(tile, from)
                - before;
            let g_child = g + 1;
            if g_child + h_child >= shorter_than as u32 {
                continue;
            }
            let mut child = state;
            set(&mut child, blank, tile);
            set(&mut child, from, 0);
            if seen.contains(&nodes, &child) {
                continue;
            }
            if nodes.len() >= max_nodes {
                return Ok(Found::OutOfMemory);
            }
            let child_index = nodes.len() as u32;
            nodes.push(Node {
                state: child,
                parent: index,
                g: g_child as u16,
                h: h_child as u16,
                blank: from as u8,
            });
            if h_child == 0 {
                return Ok(Found::Path(walk_back(&nodes, shape)));
            }
            seen.insert(&nodes, child_index);
            open.push((Reverse(f_of(g_child, h_child)), g_child as u16, child_index));
        }
    }
    Ok(Found::NoneShorter)
}

/// The states seen: an open-addressing set of node numbers, at most half full.
struct Seen {
    slots: Vec<u32>,
    count: usize,
}

const EMPTY: u32 = u32::MAX;

fn slot_of(state: &State, mask: usize) -> usize {
    let mixed = state.iter().fold(0u64, |h, &w| {
        (h.rotate_left(5) ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    });
    (mixed >> 20) as usize & mask
}

impl Seen {
    fn with_capacity(slots: usize) -> Seen {
        Seen {
            slots: vec![EMPTY; slots.next_power_of_two()],
            count: 0,
        }
    }

    fn contains(&self, nodes: &[Node], state: &State) -> bool {
        let mask = self.slots.len() - 1;
        let mut at = slot_of(state, mask);
        loop {
            match self.slots[at] {
                EMPTY => return false,
                index if nodes[index as usize].state == *state => return true,
                _ => at = (at + 1) & mask,
            }
        }
    }

    fn insert(&mut self, nodes: &[Node], index: u32) {
        if 2 * (self.count + 1) > self.slots.len() {
            let mut bigger = Seen::with_capacity(self.slots.len() * 2);
            for &old in self.slots.iter().filter(|&&i| i != EMPTY) {
                bigger.place(nodes, old);
            }
            self.slots = bigger.slots;
        }
        self.place(nodes, index);
        self.count += 1;
    }

    fn place(&mut self, nodes: &[Node], index: u32) {
        let mask = self.slots.len() - 1;
        let mut at = slot_of(&nodes[index as usize].state, mask);
        while self.slots[at] != EMPTY {
            at = (at + 1) & mask;
        }
        self.slots[at] = index;
    }
}

/// The blank's moves from the root to the last node.
fn walk_back(nodes: &[Node], shape: crate::board::Shape) -> Vec<Direction> {
    let mut blanks = Vec::new();
    let mut at = nodes.len() - 1;
    loop {
        blanks.push(nodes[at].blank as usize);
        if at == 0 {
            break;
        }
        at = nodes[at].parent as usize;
    }
    blanks.reverse();
    blanks
        .windows(2)
        .filter_map(|pair| shape.direction_between(pair[0], pair[1]))
        .collect()
}
