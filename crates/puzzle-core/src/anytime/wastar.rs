//! Weighted A* on the core with the pattern databases: `f = g + weight * h`, the best `f`
//! first (deeper first on ties), no re-opening, and pruning of every state whose admissible
//! `g + h` cannot beat the best solution so far. States are packed 5 bits a cell in a `u128`.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::board::Board;
use crate::moves::Direction;

use super::budget::{Budget, Halt};
use super::tables::{BigTables, GROUP_SIZE, NO_GROUP};

/// Whether a state reached again by a shorter path is searched again from there.
const REOPEN: bool = false;

/// Most groups a core has (5 on 5x5).
const MAX_GROUPS: usize = 6;

/// What one weighted search ended with.
pub(crate) enum Found {
    /// A solution shorter than asked.
    Path(Vec<Direction>),
    /// The search space holds no shorter solution (proved by the pruning).
    NoneShorter,
    /// The state cap was reached first.
    OutOfMemory,
}

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

struct Node {
    state: State,
    parent: u32,
    g: u16,
    blank: u8,
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
    let n = shape.cells();
    if n > 25 || shape != layout.core_goal.shape() {
        return Ok(Found::OutOfMemory);
    }
    let goal = pack(layout.core_goal.cells());
    let scale = (weight.max(1.0) * 16.0).round() as u32;
    let f_of = |g: u32, h: u32| 16 * g + scale * h;
    let h0 = tables.estimate_core(start.cells());
    if h0 as usize >= shorter_than {
        return Ok(Found::NoneShorter);
    }
    let root = pack(start.cells());
    if root == goal {
        return Ok(Found::Path(Vec::new()));
    }
    let mut nodes = vec![Node {
        state: root,
        parent: 0,
        g: 0,
        blank: start.blank() as u8,
    }];
    let mut seen = Seen::with_capacity(1 << 16);
    seen.insert(&nodes, 0);
    let mut open = BinaryHeap::new();
    open.push((Reverse(f_of(0, h0)), 0u16, 0u32));
    let groups = layout.groups.len().min(MAX_GROUPS);
    let reflection = layout.reflection.as_ref();
    let mut cells = [0u8; 25];
    let mut where_is = [0u8; 25];
    let mut direct = [[0u8; GROUP_SIZE]; MAX_GROUPS];
    let mut mirrored = [[0u8; GROUP_SIZE]; MAX_GROUPS];
    while let Some((_, _, index)) = open.pop() {
        budget.tick()?;
        let node = &nodes[index as usize];
        let (state, g, blank, parent) = (
            node.state,
            u32::from(node.g),
            node.blank as usize,
            nodes[node.parent as usize].blank,
        );
        for (cell, slot) in cells[..n].iter_mut().enumerate() {
            *slot = get(&state, cell);
            where_is[*slot as usize] = cell as u8;
        }
        // The groups' entries, direct and transposed.
        let mut direct_values = [0u32; MAX_GROUPS];
        let mut mirrored_values = [0u32; MAX_GROUPS];
        for (gi, group) in layout.groups.iter().enumerate().take(groups) {
            for (slot, &label) in group.iter().enumerate() {
                direct[gi][slot] = where_is[label as usize];
                if let Some(r) = reflection {
                    let twin = r.label[label as usize] as usize;
                    mirrored[gi][slot] = r.cell[where_is[twin] as usize];
                }
            }
            direct_values[gi] = u32::from(tables.value(gi, &direct[gi]));
            if reflection.is_some() {
                mirrored_values[gi] = u32::from(tables.value(gi, &mirrored[gi]));
            }
        }
        let direct_sum: u32 = direct_values.iter().sum();
        let mirrored_sum: u32 = mirrored_values.iter().sum();
        if g + direct_sum.max(mirrored_sum) >= shorter_than as u32 {
            continue;
        }
        for direction in Direction::ALL {
            let Some(from) = shape.neighbour(blank, direction) else {
                continue;
            };
            if index != 0 && from == parent as usize {
                continue;
            }
            let tile = cells[from];
            let gi = layout.group_of[tile as usize];
            if gi == NO_GROUP || gi as usize >= groups {
                continue;
            }
            let gi = gi as usize;
            let mut moved = direct[gi];
            moved[layout.slot_of[tile as usize] as usize] = blank as u8;
            let mut h_child = direct_sum + u32::from(tables.value(gi, &moved)) - direct_values[gi];
            if let Some(r) = reflection {
                let twin = r.label[tile as usize] as usize;
                let gj = layout.group_of[twin] as usize;
                if gj < groups {
                    let mut moved = mirrored[gj];
                    moved[layout.slot_of[twin] as usize] = r.cell[blank];
                    let h_mirrored =
                        mirrored_sum + u32::from(tables.value(gj, &moved)) - mirrored_values[gj];
                    h_child = h_child.max(h_mirrored);
                }
            }
            let g_child = g + 1;
            if g_child + h_child >= shorter_than as u32 {
                continue;
            }
            let mut child = state;
            set(&mut child, blank, tile);
            set(&mut child, from, 0);
            if h_child == 0 && child == goal {
                nodes.push(Node {
                    state: child,
                    parent: index,
                    g: g_child as u16,
                    blank: from as u8,
                });
                return Ok(Found::Path(walk_back(&nodes, shape)));
            }
            if let Some(old) = seen.find(&nodes, child) {
                // Reached by a shorter path: re-open it from here.
                let node = &mut nodes[old as usize];
                if REOPEN && u32::from(node.g) > g_child {
                    node.g = g_child as u16;
                    node.parent = index;
                    node.blank = from as u8;
                    open.push((Reverse(f_of(g_child, h_child)), g_child as u16, old));
                }
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
                blank: from as u8,
            });
            seen.insert(&nodes, child_index);
            open.push((Reverse(f_of(g_child, h_child)), g_child as u16, child_index));
        }
    }
    Ok(Found::NoneShorter)
}

/// The states seen: an open-addressing set of node numbers (4 bytes a slot, at most half
/// full), the states themselves being read from the node list. Half the memory of a map.
struct Seen {
    slots: Vec<u32>,
    count: usize,
}

const EMPTY: u32 = u32::MAX;

fn slot_of(state: State, mask: usize) -> usize {
    let mixed = (state as u64 ^ (state >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (mixed >> 20) as usize & mask
}

impl Seen {
    fn with_capacity(slots: usize) -> Seen {
        Seen {
            slots: vec![EMPTY; slots.next_power_of_two()],
            count: 0,
        }
    }

    fn find(&self, nodes: &[Node], state: State) -> Option<u32> {
        let mask = self.slots.len() - 1;
        let mut at = slot_of(state, mask);
        loop {
            match self.slots[at] {
                EMPTY => return None,
                index if nodes[index as usize].state == state => return Some(index),
                _ => at = (at + 1) & mask,
            }
        }
    }

    /// Adds node `index` (its state must not be in the set yet).
    fn insert(&mut self, nodes: &[Node], index: u32) {
        if 2 * (self.count + 1) > self.slots.len() {
            let mut bigger = Seen::with_capacity(self.slots.len() * 2);
            for &old in self.slots.iter().filter(|&&i| i != EMPTY) {
                bigger.place(nodes, old);
            }
            *self = Seen {
                slots: bigger.slots,
                count: self.count,
            };
        }
        self.place(nodes, index);
        self.count += 1;
    }

    fn place(&mut self, nodes: &[Node], index: u32) {
        let mask = self.slots.len() - 1;
        let mut at = slot_of(nodes[index as usize].state, mask);
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
