//! OPEN as each method orders it, rebuilt from a trace: a queue for BFS, and for A* and greedy
//! the core's heap order (smallest `f`, then largest `g`, then the state seen first; see
//! `puzzle_core::search::astar`). Nodes are ids of [`super::tree::Tree`].
//!
//! Like the core's heap, a state reached again more cheaply keeps its old entry until it is
//! popped (and silently dropped): [`OpenList::len`] counts those too, so it equals the OPEN
//! size the core reports; [`OpenList::live`] lists only the entries that count.

use std::cmp::Reverse;
use std::collections::{BTreeSet, HashMap, VecDeque};

use puzzle_core::search::trace::Fate;
use puzzle_core::Board;

/// How a method orders OPEN.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// First in, first out (BFS).
    Fifo,
    /// Best first: by `g + h` (A*) or by `h` alone (greedy), ties as the core breaks them.
    BestFirst {
        /// Whether `g` counts (A*) or not (greedy).
        use_cost: bool,
    },
}

/// One heap entry: (key, larger g first, state index, tree node).
type Entry = (u32, Reverse<u32>, usize, usize);

/// OPEN of a graph search, node for node as the core keeps it.
#[derive(Clone, Debug)]
pub struct OpenList {
    order: Order,
    queue: VecDeque<usize>,
    heap: BTreeSet<Entry>,
    /// Index of each state in first-seen order (the core's tie-break), for best-first.
    seen: HashMap<Board, usize>,
    /// Cheapest g known per state index.
    best_g: Vec<u32>,
}

impl OpenList {
    /// An empty OPEN ordered by `order`.
    pub fn new(order: Order) -> Self {
        OpenList {
            order,
            queue: VecDeque::new(),
            heap: BTreeSet::new(),
            seen: HashMap::new(),
            best_g: Vec::new(),
        }
    }

    /// The start node enters OPEN.
    pub fn start(&mut self, node: usize, board: &Board, h: u32) {
        self.generated(node, board, 0, h, Fate::Opened);
    }

    /// A child was generated with `fate`: it enters OPEN if the core put it there.
    pub fn generated(&mut self, node: usize, board: &Board, g: u32, h: u32, fate: Fate) {
        match self.order {
            Order::Fifo => {
                if fate == Fate::Opened {
                    self.queue.push_back(node);
                }
            }
            Order::BestFirst { use_cost } => {
                let index = match fate {
                    Fate::Opened => {
                        let index = self.best_g.len();
                        self.seen.insert(board.clone(), index);
                        self.best_g.push(g);
                        index
                    }
                    Fate::Reopened => match self.seen.get(board) {
                        Some(&index) => {
                            self.best_g[index] = g;
                            index
                        }
                        None => return,
                    },
                    _ => return,
                };
                let key = if use_cost { g + h } else { h };
                self.heap.insert((key, Reverse(g), index, node));
            }
        }
    }

    /// Takes the next node out, as the core does (dropping superseded entries on the way).
    pub fn pop(&mut self) -> Option<usize> {
        match self.order {
            Order::Fifo => self.queue.pop_front(),
            Order::BestFirst { .. } => loop {
                let entry = self.heap.pop_first()?;
                if !self.is_stale(&entry) {
                    return Some(entry.3);
                }
            },
        }
    }

    fn is_stale(&self, &(_, Reverse(g), index, _): &Entry) -> bool {
        matches!(self.order, Order::BestFirst { use_cost: true }) && g > self.best_g[index]
    }

    /// Entries held, superseded ones included (the core's OPEN size).
    pub fn len(&self) -> usize {
        match self.order {
            Order::Fifo => self.queue.len(),
            Order::BestFirst { .. } => self.heap.len(),
        }
    }

    /// Whether OPEN is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Entries superseded by a cheaper path to the same state, still in the heap.
    pub fn stale(&self) -> usize {
        self.heap.iter().filter(|e| self.is_stale(e)).count()
    }

    /// The first `n` nodes that will be expanded next, in order.
    pub fn live(&self, n: usize) -> Vec<usize> {
        match self.order {
            Order::Fifo => self.queue.iter().take(n).copied().collect(),
            Order::BestFirst { .. } => self
                .heap
                .iter()
                .filter(|e| !self.is_stale(e))
                .take(n)
                .map(|e| e.3)
                .collect(),
        }
    }
}
