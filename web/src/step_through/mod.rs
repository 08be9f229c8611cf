//! The step-through view's model: replays a trace of the core (`puzzle_core::trace`) up to
//! step k (k expansions shown) and says what a lab report tabulates there: the node being
//! expanded with g, h and f, OPEN in the method's order, the CLOSED count, and the search tree.
//!
//! It is pure and checks itself: at every expansion of a graph search the node it takes out of
//! its rebuilt OPEN must be the board the core expanded, and its OPEN size the size the core
//! reported; a difference is kept in [`Replay::mismatch`] (the tests require none).
//!
//! Depth-first methods (DFS, IDDFS, IDA*) keep no OPEN list, only the current path; their
//! tree restarts with each iteration of the iterative ones.

pub mod control;
pub mod open;
pub mod trace_set;
pub mod tree;

use std::collections::HashMap;

use puzzle_core::search::trace::Fate;
use puzzle_core::trace::TraceEvent;
use puzzle_core::{Algorithm, Board};

use open::{OpenList, Order};
use tree::{NodeState, Tree};

/// A trace replayed up to some step.
#[derive(Clone, Debug)]
pub struct Replay {
    /// OPEN, for graph searches (`None`: depth-first).
    open: Option<OpenList>,
    /// The tree so far.
    pub tree: Tree,
    /// The newest tree node of each board (what an expansion of that board refers to).
    latest: HashMap<Board, usize>,
    /// Depth-first: the tree nodes on the current path, root first.
    path: Vec<usize>,
    /// Expansions replayed.
    pub step: usize,
    /// Events replayed.
    pub cursor: usize,
    /// The node expanded last (the goal once reached).
    pub current: Option<usize>,
    /// CLOSED (graph searches) or the path length (depth-first) at the last expansion.
    pub closed: usize,
    /// The bound of the current iteration (IDDFS, IDA*).
    pub bound: Option<u32>,
    /// The goal's node, once reached.
    pub goal: Option<usize>,
    /// The first difference between the replay and the core, if any.
    pub mismatch: Option<String>,
}

impl Replay {
    /// An empty replay of a trace by `algorithm`.
    pub fn new(algorithm: Algorithm) -> Self {
        let order = match algorithm {
            Algorithm::Bfs => Some(Order::Fifo),
            Algorithm::AStar => Some(Order::BestFirst { use_cost: true }),
            Algorithm::Greedy => Some(Order::BestFirst { use_cost: false }),
            Algorithm::Dfs | Algorithm::Iddfs | Algorithm::IdaStar => None,
        };
        Replay {
            open: order.map(OpenList::new),
            tree: Tree::default(),
            latest: HashMap::new(),
            path: Vec::new(),
            step: 0,
            cursor: 0,
            current: None,
            closed: 0,
            bound: None,
            goal: None,
            mismatch: None,
        }
    }

    /// Replays `events` (the whole trace so far, of which the first [`Replay::cursor`] are
    /// replayed already) up to step `to` (or as far as they go): every event before the
    /// expansion number `to + 1`.
    pub fn advance<'a>(&mut self, events: impl Iterator<Item = &'a TraceEvent>, to: usize) {
        for event in events.skip(self.cursor) {
            if self.tree.nodes.is_empty() {
                self.plant(event);
            }
            if matches!(event, TraceEvent::Expand { .. }) && self.step >= to {
                return;
            }
            self.feed(event);
            self.cursor += 1;
        }
    }

    /// Whether this is a depth-first replay (no OPEN list).
    pub fn depth_first(&self) -> bool {
        self.open.is_none()
    }

    /// OPEN's size as the core counts it (`None` for depth-first methods).
    pub fn open_len(&self) -> Option<usize> {
        self.open.as_ref().map(OpenList::len)
    }

    /// Entries of OPEN superseded by a cheaper path, still counted in its size.
    pub fn open_stale(&self) -> usize {
        self.open.as_ref().map_or(0, OpenList::stale)
    }

    /// The first `n` nodes of OPEN in the order they will be expanded (depth-first: the
    /// current path, deepest first).
    pub fn open_top(&self, n: usize) -> Vec<usize> {
        match &self.open {
            Some(open) => open.live(n),
            None => self.path.iter().rev().take(n).copied().collect(),
        }
    }

    /// The root, made from the first event before it is replayed (so step 0 shows the start
    /// in OPEN).
    fn plant(&mut self, event: &TraceEvent) {
        let (board, h) = match event {
            TraceEvent::Expand { board, h, .. } => (board, *h),
            TraceEvent::Goal { board, .. } => (board, 0),
            _ => return,
        };
        let root = self.tree.add(board.clone(), None, 0, h, NodeState::Open);
        self.latest.insert(board.clone(), root);
        if let Some(open) = &mut self.open {
            open.start(root, board, h);
        }
        self.current = Some(root);
    }

    fn differ(&mut self, what: String) {
        if self.mismatch.is_none() {
            self.mismatch = Some(format!("at step {}: {what}", self.step));
        }
    }

    /// Replays one event.
    fn feed(&mut self, event: &TraceEvent) {
        match event {
            TraceEvent::Iteration { bound } => {
                // A new iteration searches from the start again: a fresh tree.
                self.bound = Some(*bound);
                self.tree = Tree::default();
                self.latest.clear();
                self.path.clear();
            }
            TraceEvent::Expand {
                board,
                g,
                open: core_open,
                closed,
                ..
            } => {
                let expected = self.latest.get(board).copied();
                let node = match &mut self.open {
                    Some(open) => {
                        let popped = open.pop();
                        let len = open.len();
                        if popped != expected {
                            self.differ(format!("expanded {board} is not the head of OPEN"));
                        }
                        if *core_open != Some(len) {
                            self.differ(format!("OPEN holds {len}, the core {core_open:?}"));
                        }
                        popped.or(expected)
                    }
                    None => {
                        let depth = *g as usize;
                        self.path.truncate(depth);
                        let node = if depth == 0 { Some(0) } else { expected };
                        self.path.extend(node);
                        node
                    }
                };
                self.step += 1;
                self.closed = *closed;
                if let Some(node) = node {
                    self.tree.nodes[node].state = NodeState::Expanded;
                    self.tree.nodes[node].expanded_at = Some(self.step);
                }
                self.current = node;
            }
            TraceEvent::Generated { board, g, h, fate } => {
                let parent = match &self.open {
                    Some(_) => self.current,
                    None => (*g as usize)
                        .checked_sub(1)
                        .and_then(|d| self.path.get(d))
                        .copied(),
                };
                let state = match fate {
                    Fate::Opened | Fate::Reopened => NodeState::Open,
                    Fate::Skipped => NodeState::Skipped,
                    Fate::CutOff => NodeState::CutOff,
                    Fate::Goal => NodeState::Goal,
                };
                let node = self.tree.add(board.clone(), parent, *g, *h, state);
                if matches!(fate, Fate::Opened | Fate::Reopened | Fate::Goal) {
                    if let Some(old) = self.latest.insert(board.clone(), node) {
                        if *fate == Fate::Reopened && self.tree.nodes[old].state == NodeState::Open
                        {
                            self.tree.nodes[old].state = NodeState::Superseded;
                        }
                    }
                }
                if let Some(open) = &mut self.open {
                    open.generated(node, board, *g, *h, *fate);
                }
            }
            TraceEvent::Goal { board, .. } => {
                let node = match &mut self.open {
                    // A* and greedy test the goal when they take it out of OPEN.
                    Some(open) if !matches!(self.tree.nodes.last(), Some(n) if n.state == NodeState::Goal) => {
                        open.pop()
                    }
                    _ => self.latest.get(board).copied(),
                };
                if let Some(node) = node {
                    if &self.tree.nodes[node].board != board {
                        self.differ(format!("the goal {board} is not the head of OPEN"));
                    }
                    self.tree.nodes[node].state = NodeState::Goal;
                    self.tree.mark_path(node);
                    self.goal = Some(node);
                    self.current = Some(node);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
