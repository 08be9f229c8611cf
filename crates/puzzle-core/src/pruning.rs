//! Move pruning beyond "never undo": an automaton that refuses the moves ending a redundant
//! sequence of blank moves (Taylor & Korf 1993, here with an exact tie rule).
//!
//! From a given blank cell, two sequences of blank moves that leave the same arrangement (every
//! tile in the same cell, the blank too) are interchangeable inside any path. Call a sequence
//! *redundant* if another one from the same cell has that effect and is shorter, or as long and
//! lexicographically smaller (directions compared in [`crate::Direction::ALL`] order). Take the
//! lexicographically smallest of the shortest solutions: none of its pieces is redundant (else
//! swapping the piece would give a shorter or a smaller solution), and every node on it lies
//! within the optimal bound; so an IDA* that never generates a move completing a redundant
//! sequence still meets that solution in the optimal iteration, and never meets a shorter one.
//! The search stays exact and finds a solution of the same length, though maybe another one.
//!
//! [`MovePruning::new`] enumerates the sequences up to a length from every cell, keeps the
//! redundant ones whose every proper prefix is not, and compiles them into an Aho-Corasick
//! automaton over blank moves: a state per prefix of those sequences, with the blank's cell
//! known in each state, so a transition is one table read per generated child.

use std::collections::HashMap;

use crate::board::Shape;
use crate::moves::Direction;

/// The automaton; see the module documentation.
#[derive(Clone, Debug)]
pub struct MovePruning {
    /// `next[4 * state + d]`: the state after the blank moves in direction `Direction::ALL[d]`,
    /// or [`MovePruning::PRUNED`] when that move completes a redundant sequence (unused for a
    /// move off the board).
    next: Vec<u32>,
    /// The state of an empty path with the blank on each cell.
    roots: [u32; 16],
    max_len: usize,
    redundant: usize,
}

impl MovePruning {
    /// Marks a refused move.
    pub const PRUNED: u32 = u32::MAX;

    /// The default sequence length: 12 prunes most of what longer sequences would, and builds
    /// in a few tens of milliseconds for a 4x4 board.
    pub const DEFAULT_LENGTH: usize = 12;

    /// An automaton that prunes nothing (every move allowed), for comparison.
    pub fn none(shape: Shape) -> MovePruning {
        let n = shape.cells().min(16);
        let mut next = vec![Self::PRUNED; 4 * n];
        let mut roots = [0u32; 16];
        for cell in 0..n {
            roots[cell] = cell as u32;
            for (d, &direction) in Direction::ALL.iter().enumerate() {
                if let Some(to) = shape.neighbour(cell, direction) {
                    next[4 * cell + d] = to as u32;
                }
            }
        }
        MovePruning {
            next,
            roots,
            max_len: 0,
            redundant: 0,
        }
    }

    /// The automaton of the redundant sequences of up to `max_len` moves (at most 31) on a
    /// board of `shape` (at most 16 cells).
    pub fn new(shape: Shape, max_len: usize) -> MovePruning {
        let n = shape.cells();
        assert!(n <= 16 && max_len <= 31, "boards of up to 16 cells");
        let neighbour = |cell: usize, d: usize| shape.neighbour(cell, Direction::ALL[d]);

        // 1. The redundant sequences whose proper prefixes are not, from every cell.
        let mut redundant: Vec<(usize, Vec<u8>)> = Vec::new();
        let identity: u64 = (0..n as u64).fold(0, |w, c| w | c << (4 * c));
        for start in 0..n {
            let mut seen: HashMap<(u8, u64), ()> = HashMap::new();
            seen.insert((start as u8, identity), ());
            // (moves, blank cell, arrangement), in (length, lexicographic) order.
            let mut layer: Vec<(Vec<u8>, usize, u64)> = vec![(Vec::new(), start, identity)];
            for _ in 0..max_len {
                let mut next_layer = Vec::new();
                for (moves, cell, arrangement) in &layer {
                    for d in 0..4u8 {
                        if moves.last().is_some_and(|&l| l == d ^ 1) {
                            continue;
                        }
                        let Some(to) = neighbour(*cell, d as usize) else {
                            continue;
                        };
                        // Swap the contents of `cell` (the blank) and `to`.
                        let a = (arrangement >> (4 * cell)) & 0xF;
                        let b = (arrangement >> (4 * to)) & 0xF;
                        let swapped = arrangement & !(0xF << (4 * cell)) & !(0xF << (4 * to))
                            | b << (4 * cell)
                            | a << (4 * to);
                        let mut longer = moves.clone();
                        longer.push(d);
                        if seen.insert((to as u8, swapped), ()).is_some() {
                            redundant.push((start, longer));
                        } else {
                            next_layer.push((longer, to, swapped));
                        }
                    }
                }
                layer = next_layer;
            }
        }

        // 2. The trie of those sequences, one root per cell.
        let mut children: Vec<[u32; 4]> = Vec::new();
        let mut cell_of: Vec<u8> = Vec::new();
        let mut bad: Vec<bool> = Vec::new();
        let mut roots = [0u32; 16];
        for (cell, root) in roots.iter_mut().enumerate().take(n) {
            *root = children.len() as u32;
            children.push([Self::PRUNED; 4]);
            cell_of.push(cell as u8);
            bad.push(false);
        }
        for (start, moves) in &redundant {
            let mut state = roots[*start] as usize;
            for &d in moves {
                let child = children[state][d as usize];
                state = if child == Self::PRUNED {
                    let to = neighbour(cell_of[state] as usize, d as usize).expect("legal");
                    let id = children.len();
                    children[state][d as usize] = id as u32;
                    children.push([Self::PRUNED; 4]);
                    cell_of.push(to as u8);
                    bad.push(false);
                    id
                } else {
                    child as usize
                };
            }
            bad[state] = true;
        }

        // 3. Failure links and the full transition table, breadth first.
        let states = children.len();
        let mut next = vec![Self::PRUNED; 4 * states];
        let mut fail = vec![0u32; states];
        let mut order: Vec<u32> = roots[..n].to_vec();
        let mut head = 0;
        while head < order.len() {
            let state = order[head] as usize;
            head += 1;
            let is_root = state < n;
            for d in 0..4 {
                let Some(to) = neighbour(cell_of[state] as usize, d) else {
                    continue;
                };
                // Where the longest proper suffix goes on this move.
                let fallback = if is_root {
                    roots[to]
                } else {
                    next[4 * fail[state] as usize + d]
                };
                let child = children[state][d];
                if child == Self::PRUNED {
                    next[4 * state + d] = fallback;
                } else {
                    next[4 * state + d] = child;
                    fail[child as usize] = fallback;
                    bad[child as usize] |= fallback != Self::PRUNED && bad[fallback as usize];
                    order.push(child);
                }
            }
        }
        // A transition into a state whose sequence (or a suffix of it) is redundant is refused.
        // `bad[fallback]` above is final: fallbacks are shallower, so already settled.
        for target in next.iter_mut() {
            if *target != Self::PRUNED && bad[*target as usize] {
                *target = Self::PRUNED;
            }
        }
        MovePruning {
            next,
            roots,
            max_len,
            redundant: redundant.len(),
        }
    }

    /// The state of an empty path with the blank on `cell`.
    #[inline]
    pub fn root(&self, cell: usize) -> u32 {
        self.roots[cell]
    }

    /// The state after the blank, in `state`, moves in direction `Direction::ALL[d]` (a legal
    /// move), or [`MovePruning::PRUNED`].
    #[inline]
    pub fn step(&self, state: u32, d: u8) -> u32 {
        self.next[4 * state as usize + d as usize]
    }

    /// Number of states.
    pub fn states(&self) -> usize {
        self.next.len() / 4
    }

    /// The longest sequence considered.
    pub fn max_len(&self) -> usize {
        self.max_len
    }

    /// Number of redundant sequences compiled in.
    pub fn redundant(&self) -> usize {
        self.redundant
    }

    /// Bytes held.
    pub fn memory_bytes(&self) -> usize {
        self.next.len() * 4
    }
}
