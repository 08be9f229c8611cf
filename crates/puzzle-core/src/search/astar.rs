//! A*: best-first on `f = g + h`, with a closed set and re-opening.

use std::cmp::Ordering;
use std::collections::BinaryHeap;
use std::hash::Hash;

use indexmap::map::Entry;
use num_traits::{ToPrimitive, Zero};

use super::{
    walk_back, Expansion, Fate, FxIndexMap, Generated, Limits, Meter, NoTrace, Observer, Outcome,
    SearchResult,
};

/// Finds a cheapest path from `start` to a node satisfying `success`.
///
/// - `successors` returns `(neighbour, move cost)` pairs; costs must be non-negative.
/// - `heuristic` estimates the cost left; it **must never overestimate**, or a non-optimal
///   path may be returned. With an inconsistent (but admissible) heuristic, closed nodes that
///   are reached again more cheaply are re-opened, so the answer stays optimal.
///
/// ```
/// use puzzle_core::search::{astar::astar, Limits, Outcome};
/// // Walk from 0 to 7 with steps of 1 (cost 1) or 3 (cost 2).
/// let result = astar(
///     &0i32,
///     |&n| [(n + 1, 1u32), (n + 3, 2)],
///     |&n| ((7 - n).max(0) as u32 * 2) / 3,
///     |&n| n == 7,
///     &mut Limits::default(),
/// );
/// // Two paths cost 5: 0-3-6-7 and 0-1-4-7.
/// assert!(matches!(result.outcome, Outcome::Found { cost: 5, .. }));
/// assert_eq!(result.length(), Some(3));
/// ```
pub fn astar<N, C, FN, IN, FH, FS>(
    start: &N,
    successors: FN,
    heuristic: FH,
    success: FS,
    limits: &mut Limits,
) -> SearchResult<N, C>
where
    N: Eq + Hash + Clone,
    C: Zero + Ord + Copy + ToPrimitive,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FH: FnMut(&N) -> C,
    FS: FnMut(&N) -> bool,
{
    priority_search(
        start,
        successors,
        heuristic,
        success,
        true,
        limits,
        &mut NoTrace,
    )
}

/// [`astar`], reporting every expansion and generated child to `observer`.
pub fn astar_traced<N, C, FN, IN, FH, FS, O>(
    start: &N,
    successors: FN,
    heuristic: FH,
    success: FS,
    limits: &mut Limits,
    observer: &mut O,
) -> SearchResult<N, C>
where
    N: Eq + Hash + Clone,
    C: Zero + Ord + Copy + ToPrimitive,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FH: FnMut(&N) -> C,
    FS: FnMut(&N) -> bool,
    O: Observer<N, C>,
{
    priority_search(
        start, successors, heuristic, success, true, limits, observer,
    )
}

/// One open-list entry. Ordered so that the heap pops the smallest `f`, then the largest `g`
/// (deeper nodes first, which finds the goal sooner among equal `f`).
struct Open<C> {
    f: C,
    g: C,
    index: usize,
}

impl<C: Ord> PartialEq for Open<C> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl<C: Ord> Eq for Open<C> {}
impl<C: Ord> PartialOrd for Open<C> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl<C: Ord> Ord for Open<C> {
    fn cmp(&self, other: &Self) -> Ordering {
        other
            .f
            .cmp(&self.f)
            .then_with(|| self.g.cmp(&other.g))
            .then_with(|| other.index.cmp(&self.index))
    }
}

/// Shared loop of A* (`f = g + h`, `use_cost = true`) and greedy best-first (`f = h`).
pub(crate) fn priority_search<N, C, FN, IN, FH, FS, O>(
    start: &N,
    mut successors: FN,
    mut heuristic: FH,
    mut success: FS,
    use_cost: bool,
    limits: &mut Limits,
    observer: &mut O,
) -> SearchResult<N, C>
where
    N: Eq + Hash + Clone,
    C: Zero + Ord + Copy + ToPrimitive,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FH: FnMut(&N) -> C,
    FS: FnMut(&N) -> bool,
    O: Observer<N, C>,
{
    let mut meter = Meter::new(limits, use_cost);
    // Every state seen: (parent index, best g so far, depth in moves).
    let mut seen: FxIndexMap<N, (usize, C, usize)> = FxIndexMap::default();
    let mut open = BinaryHeap::new();
    seen.insert(start.clone(), (0, C::zero(), 0));
    open.push(Open {
        f: heuristic(start),
        g: C::zero(),
        index: 0,
    });
    while let Some(Open { g, index, .. }) = open.pop() {
        let (node, &(_, best_g, depth)) = seen.get_index(index).expect("index is in range");
        if use_cost && g > best_g {
            continue; // a stale entry: this node was re-queued with a lower cost
        }
        if success(node) {
            observer.goal(node, g);
            let path = walk_back(index, |i| {
                let (node, &(parent, _, _)) = seen.get_index(i).expect("index is in range");
                (node.clone(), parent)
            });
            return meter.finish(Outcome::Found { path, cost: g });
        }
        if let Err(stop) = meter.expand(depth) {
            return meter.finish(stop.outcome());
        }
        let node = node.clone();
        if O::ACTIVE {
            observer.expand(Expansion {
                node: &node,
                g,
                h: heuristic(&node),
                depth,
                open: Some(open.len()),
                closed: meter.stats.expanded as usize,
            });
        }
        let parent = seen.get_index(index).map(|(_, &(p, _, _))| p);
        for (child, step) in successors(&node) {
            meter.generated(1);
            let child_g = g + step;
            let (child_index, h, fate) = match seen.entry(child) {
                Entry::Vacant(entry) => {
                    let h = heuristic(entry.key());
                    let child_index = entry.index();
                    entry.insert((index, child_g, depth + 1));
                    (child_index, h, Fate::Opened)
                }
                Entry::Occupied(mut entry) => {
                    if !use_cost || Some(entry.index()) == parent || entry.get().1 <= child_g {
                        if O::ACTIVE {
                            observer.generated(Generated {
                                node: entry.key(),
                                g: child_g,
                                h: C::zero(),
                                fate: Fate::Skipped,
                            });
                        }
                        continue;
                    }
                    // A cheaper path to a known state: update it and queue it again (this
                    // re-opens it if it was already expanded).
                    let h = heuristic(entry.key());
                    *entry.get_mut() = (index, child_g, depth + 1);
                    (entry.index(), h, Fate::Reopened)
                }
            };
            if O::ACTIVE {
                let (child, _) = seen.get_index(child_index).expect("index is in range");
                observer.generated(Generated {
                    node: child,
                    g: child_g,
                    h,
                    fate,
                });
            }
            let f = if use_cost { child_g + h } else { h };
            open.push(Open {
                f,
                g: child_g,
                index: child_index,
            });
        }
        meter.frontier(seen.len());
    }
    meter.finish(Outcome::NoSolution)
}
