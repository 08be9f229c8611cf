//! The one weighted best-first search of the anytime solver (weighted A*), used by the core
//! search ([`crate::anytime::engines::wastar`]), the whole-board search ([`crate::anytime::engines::widestar`]) and the line
//! reduction ([`crate::anytime::engines::reduce`]); each supplies a [`Space`]: its packed states, the move of
//! the blank and the estimate.
//!
//! `f = 16 g + round(16 weight) h`, the least `f` first, deeper first on ties (then the later
//! state), no re-opening: a state seen once is never queued again. The blank never moves
//! straight back. A state whose `g + h` reaches the bound (`shorter_than`) is pruned, so with
//! an admissible estimate an exhausted search proves there is no shorter solution. States are
//! kept in one list (the parent's number, `g`, `h` and the blank beside each) and a set of
//! their numbers; the search gives up once the list holds `max_nodes` states.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::board::Shape;
use crate::moves::Direction;

use crate::budget::{Budget, Halt};

/// What one weighted search ended with.
pub(crate) enum Found {
    /// A solution shorter than asked.
    Path(Vec<Direction>),
    /// The search space holds no shorter solution (proved by the pruning when the estimate is
    /// admissible).
    NoneShorter,
    /// The state cap was reached first.
    OutOfMemory,
}

/// A packed state: compared whole, hashed for the set of states seen.
pub(crate) trait Packed: Copy + Eq {
    /// A hash whose high bits depend on every bit of the state (they pick the slot).
    fn hash(&self) -> u64;
}

const MIX: u64 = 0x9E37_79B9_7F4A_7C15;

impl Packed for u64 {
    fn hash(&self) -> u64 {
        self.wrapping_mul(MIX)
    }
}

impl Packed for u128 {
    fn hash(&self) -> u64 {
        (*self as u64 ^ (*self >> 64) as u64).wrapping_mul(MIX)
    }
}

impl<const N: usize> Packed for [u64; N] {
    fn hash(&self) -> u64 {
        self.iter()
            .fold(0u64, |h, &w| (h.rotate_left(5) ^ w).wrapping_mul(MIX))
    }
}

/// One search space. The search calls [`Space::expand`] on each state it takes from the
/// queue, then, for each move of the blank (from `blank` to the neighbour `from`),
/// [`Space::child`] and [`Space::estimate`], which may use what `expand` prepared.
pub(crate) trait Space {
    /// The packed state.
    type State: Packed;

    /// The board's shape (the blank moves on it).
    fn shape(&self) -> Shape;

    /// Prepares the expansion of `node`; `false` prunes it (it cannot lead to a solution of
    /// fewer than `shorter_than` moves).
    fn expand(&mut self, node: &Node<Self::State>, shorter_than: u32) -> bool;

    /// The state after the blank of `state`, at `blank`, moves to `from`; `None` if that move
    /// is not allowed.
    fn child(&mut self, state: &Self::State, blank: usize, from: usize) -> Option<Self::State>;

    /// The estimate of `child`, the state after the blank moved from `blank` to `from`.
    fn estimate(&mut self, child: &Self::State, blank: usize, from: usize) -> u32;

    /// Whether `state`, of estimate `h`, is a goal.
    fn is_goal(&self, state: &Self::State, h: u32) -> bool;
}

/// One state reached, with how.
pub(crate) struct Node<S> {
    /// The packed state.
    pub(crate) state: S,
    /// The number of the state it was reached from (0 for the root).
    parent: u32,
    /// Moves from the root.
    pub(crate) g: u16,
    /// The estimate.
    pub(crate) h: u16,
    /// The blank's cell.
    pub(crate) blank: u8,
}

/// How far one search may go.
pub(crate) struct Params {
    /// Weight on the estimate (the caller clamps it).
    pub(crate) weight: f64,
    /// Only solutions of fewer moves are looked for.
    pub(crate) shorter_than: usize,
    /// Most states held.
    pub(crate) max_nodes: usize,
}

/// Searches `space` from `root` (blank at `blank`, estimate `h0`) for a goal reached in fewer
/// than `params.shorter_than` moves, one expansion of `budget` a state taken from the queue.
pub(crate) fn search<S: Space>(
    space: &mut S,
    root: S::State,
    blank: usize,
    h0: u32,
    params: &Params,
    budget: &mut Budget,
) -> Result<Found, Halt> {
    let shape = space.shape();
    let bound = u32::try_from(params.shorter_than).unwrap_or(u32::MAX);
    // Without a bound the estimate prunes nothing: it is then computed only for new states.
    let bounded = bound < u32::MAX;
    let scale = (params.weight * 16.0).round() as u32;
    let f_of = |g: u32, h: u32| 16 * g + scale * h;
    if h0 >= bound {
        return Ok(Found::NoneShorter);
    }
    if space.is_goal(&root, h0) {
        return Ok(Found::Path(Vec::new()));
    }
    let mut nodes = vec![Node {
        state: root,
        parent: 0,
        g: 0,
        h: h0 as u16,
        blank: blank as u8,
    }];
    let mut seen = Seen::with_capacity(1 << 16);
    seen.insert(&nodes, 0);
    let mut open = BinaryHeap::new();
    open.push((Reverse(f_of(0, h0)), 0u16, 0u32));
    while let Some((_, _, index)) = open.pop() {
        budget.tick()?;
        let node = &nodes[index as usize];
        let (state, g, blank) = (node.state, u32::from(node.g), node.blank as usize);
        let parent = nodes[node.parent as usize].blank as usize;
        if g + u32::from(node.h) >= bound || !space.expand(node, bound) {
            continue;
        }
        for direction in Direction::ALL {
            let Some(from) = shape.neighbour(blank, direction) else {
                continue;
            };
            if index != 0 && from == parent {
                continue;
            }
            let Some(child) = space.child(&state, blank, from) else {
                continue;
            };
            let g_child = g + 1;
            let mut h = None;
            if bounded {
                let h_child = space.estimate(&child, blank, from);
                if g_child + h_child >= bound {
                    continue;
                }
                h = Some(h_child);
            }
            if seen.contains(&nodes, &child) {
                continue;
            }
            let h_child = h.unwrap_or_else(|| space.estimate(&child, blank, from));
            let goal = space.is_goal(&child, h_child);
            if !goal && nodes.len() >= params.max_nodes {
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
            if goal {
                return Ok(Found::Path(moves_to_last(&nodes, shape)));
            }
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
    /// 64 minus the bits of a slot number: the slot is the top bits of the hash (the bits of
    /// a product that depend on every bit of the state).
    shift: u32,
}

const EMPTY: u32 = u32::MAX;

impl Seen {
    fn with_capacity(slots: usize) -> Seen {
        let slots = slots.next_power_of_two().max(2);
        Seen {
            slots: vec![EMPTY; slots],
            count: 0,
            shift: 64 - slots.trailing_zeros(),
        }
    }

    fn slot_of<S: Packed>(&self, state: &S) -> usize {
        (state.hash() >> self.shift) as usize
    }

    fn contains<S: Packed>(&self, nodes: &[Node<S>], state: &S) -> bool {
        let mask = self.slots.len() - 1;
        let mut at = self.slot_of(state);
        loop {
            match self.slots[at] {
                EMPTY => return false,
                index if nodes[index as usize].state == *state => return true,
                _ => at = (at + 1) & mask,
            }
        }
    }

    /// Adds node `index`, the last of `nodes` but maybe the goal after it (its state must not
    /// be in the set yet; every node before it must be).
    fn insert<S: Packed>(&mut self, nodes: &[Node<S>], index: u32) {
        if 2 * (self.count + 1) > self.slots.len() {
            // Every node before `index` is in the set: placed again in their order, they are
            // read from the list front to back.
            let mut bigger = Seen::with_capacity(self.slots.len() * 2);
            for old in 0..index {
                bigger.place(nodes, old);
            }
            *self = Seen {
                count: self.count,
                ..bigger
            };
        }
        self.place(nodes, index);
        self.count += 1;
    }

    fn place<S: Packed>(&mut self, nodes: &[Node<S>], index: u32) {
        let mask = self.slots.len() - 1;
        let mut at = self.slot_of(&nodes[index as usize].state);
        while self.slots[at] != EMPTY {
            at = (at + 1) & mask;
        }
        self.slots[at] = index;
    }
}

/// The blank's moves from the root to the last node.
fn moves_to_last<S>(nodes: &[Node<S>], shape: Shape) -> Vec<Direction> {
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
