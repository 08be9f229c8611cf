//! The search tree as it grows: one node per generated child (a state reached twice appears
//! twice, as on a blackboard), a bounded window of it to draw, and a tidy layout of that
//! window (leaves side by side, each parent centred over its children, one row per depth).

use puzzle_core::Board;

/// What a node of the tree is now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeState {
    /// Waiting in OPEN (or on the depth-first frontier).
    Open,
    /// Expanded: its children were generated (it is in CLOSED).
    Expanded,
    /// Generated but dropped: a state seen before, or the parent again.
    Skipped,
    /// Beyond the depth limit or the f bound.
    CutOff,
    /// Its OPEN entry was superseded by a cheaper path to the same state.
    Superseded,
    /// The goal.
    Goal,
}

impl NodeState {
    /// The CSS class and the word shown for it.
    pub fn name(self) -> &'static str {
        match self {
            NodeState::Open => "open",
            NodeState::Expanded => "expanded",
            NodeState::Skipped => "skipped",
            NodeState::CutOff => "cut-off",
            NodeState::Superseded => "superseded",
            NodeState::Goal => "goal",
        }
    }
}

/// One node of the tree.
#[derive(Clone, Debug, PartialEq)]
pub struct TreeNode {
    /// Its board.
    pub board: Board,
    /// The node it was generated from (`None` for the root).
    pub parent: Option<usize>,
    /// Moves from the start along the tree.
    pub g: u32,
    /// The estimate (0 for blind methods and skipped nodes).
    pub h: u32,
    /// What it is now.
    pub state: NodeState,
    /// The step (number of expansions) at which it was expanded.
    pub expanded_at: Option<usize>,
    /// Whether it is on the solution path.
    pub on_path: bool,
    /// Depth in the tree (edges from the root).
    pub depth: u32,
}

impl TreeNode {
    /// `g + h`.
    pub fn f(&self) -> u32 {
        self.g + self.h
    }
}

/// The tree: nodes in the order they were generated (ids are indices).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tree {
    /// The nodes; 0 is the root.
    pub nodes: Vec<TreeNode>,
}

/// A node placed for drawing.
#[derive(Clone, Debug, PartialEq)]
pub struct Placed {
    /// Its id in the tree.
    pub id: usize,
    /// Column (leaves are one apart).
    pub x: f64,
    /// Row (its depth).
    pub y: f64,
    /// The placed parent, if drawn.
    pub parent: Option<usize>,
}

impl Tree {
    /// Adds a node and returns its id.
    pub fn add(
        &mut self,
        board: Board,
        parent: Option<usize>,
        g: u32,
        h: u32,
        state: NodeState,
    ) -> usize {
        let depth = parent.map_or(0, |p| self.nodes[p].depth + 1);
        self.nodes.push(TreeNode {
            board,
            parent,
            g,
            h,
            state,
            expanded_at: None,
            on_path: false,
            depth,
        });
        self.nodes.len() - 1
    }

    /// Marks the path from the root to `node` as the solution.
    pub fn mark_path(&mut self, node: usize) {
        let mut at = Some(node);
        while let Some(id) = at {
            self.nodes[id].on_path = true;
            at = self.nodes[id].parent;
        }
    }

    /// The ids on the path from the root to `node`, root first.
    pub fn path_to(&self, node: usize) -> Vec<usize> {
        let mut path = Vec::new();
        let mut at = Some(node);
        while let Some(id) = at {
            path.push(id);
            at = self.nodes[id].parent;
        }
        path.reverse();
        path
    }

    /// The ids to draw, ascending: the path from the root to `focus` and the solution path,
    /// then the nodes generated last with their ancestors until `max` are kept, so the drawing
    /// stays light however long the trace (at most `max` plus the depth of one path).
    pub fn window(&self, max: usize, focus: Option<usize>) -> Vec<usize> {
        let mut keep = vec![false; self.nodes.len()];
        let mut kept = 0;
        let add_with_ancestors = |id: usize, keep: &mut Vec<bool>, kept: &mut usize| {
            let mut at = Some(id);
            while let Some(i) = at {
                if keep[i] {
                    break;
                }
                keep[i] = true;
                *kept += 1;
                at = self.nodes[i].parent;
            }
        };
        for id in focus.into_iter().chain(
            self.nodes
                .iter()
                .enumerate()
                .filter(|(_, n)| n.on_path)
                .map(|(i, _)| i),
        ) {
            if id < keep.len() {
                add_with_ancestors(id, &mut keep, &mut kept);
            }
        }
        // The newest nodes, with their ancestors, until `max` are kept.
        for id in (0..self.nodes.len()).rev() {
            if kept >= max {
                break;
            }
            add_with_ancestors(id, &mut keep, &mut kept);
        }
        (0..self.nodes.len()).filter(|&i| keep[i]).collect()
    }

    /// Places the nodes `ids` (ascending, closed under parents as [`Tree::window`] gives
    /// them): leaves one column apart in generation order, parents centred over their
    /// children, rows by depth.
    pub fn layout(&self, ids: &[usize]) -> Vec<Placed> {
        let slot: std::collections::HashMap<usize, usize> = ids
            .iter()
            .enumerate()
            .map(|(slot, &id)| (id, slot))
            .collect();
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); ids.len()];
        let mut roots = Vec::new();
        for (s, &id) in ids.iter().enumerate() {
            match self.nodes[id].parent.and_then(|p| slot.get(&p)) {
                Some(&p) => children[p].push(s),
                None => roots.push(s),
            }
        }
        let mut x = vec![0.0; ids.len()];
        let mut next_leaf = 0.0;
        // Post-order without recursion: (slot, children visited?).
        let mut stack: Vec<(usize, bool)> = roots.iter().rev().map(|&r| (r, false)).collect();
        while let Some((s, done)) = stack.pop() {
            if done || children[s].is_empty() {
                x[s] = match (children[s].first(), children[s].last()) {
                    (Some(&a), Some(&b)) => (x[a] + x[b]) / 2.0,
                    _ => {
                        next_leaf += 1.0;
                        next_leaf - 1.0
                    }
                };
            } else {
                stack.push((s, true));
                stack.extend(children[s].iter().rev().map(|&c| (c, false)));
            }
        }
        ids.iter()
            .enumerate()
            .map(|(s, &id)| Placed {
                id,
                x: x[s],
                y: f64::from(self.nodes[id].depth),
                parent: self.nodes[id].parent.filter(|p| slot.contains_key(p)),
            })
            .collect()
    }
}
