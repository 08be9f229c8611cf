//! Breadth-first search: optimal when every move costs the same.

use std::hash::Hash;

use super::{
    walk_back, Expansion, Fate, FxIndexMap, Generated, Limits, Meter, NoTrace, Observer, Outcome,
    SearchResult,
};

/// Finds a shortest path (fewest moves) from `start` to a node satisfying `success`.
///
/// - `successors` returns the neighbours of a node.
/// - `success` is the goal test; it is checked when a node is generated, which is safe with
///   unit costs.
///
/// Memory grows with every state seen: on large spaces give a budget in `limits`.
///
/// ```
/// use puzzle_core::search::{bfs::bfs, Limits};
/// // Reach 10 from 1 with +1 and *2.
/// let result = bfs(&1u32, |&n| [n + 1, n * 2], |&n| n == 10, &mut Limits::default());
/// assert_eq!(result.path().unwrap(), &[1, 2, 4, 5, 10]);
/// ```
pub fn bfs<N, FN, IN, FS>(
    start: &N,
    successors: FN,
    success: FS,
    limits: &mut Limits,
) -> SearchResult<N, usize>
where
    N: Eq + Hash + Clone,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FS: FnMut(&N) -> bool,
{
    bfs_traced(start, successors, success, limits, &mut NoTrace)
}

/// [`bfs`], reporting every expansion and generated child to `observer` (costs are depths,
/// estimates zero).
pub fn bfs_traced<N, FN, IN, FS, O>(
    start: &N,
    mut successors: FN,
    mut success: FS,
    limits: &mut Limits,
    observer: &mut O,
) -> SearchResult<N, usize>
where
    N: Eq + Hash + Clone,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FS: FnMut(&N) -> bool,
    O: Observer<N, usize>,
{
    let mut meter = Meter::new(limits, true);
    if success(start) {
        observer.goal(start, 0);
        return meter.finish(Outcome::Found {
            path: vec![start.clone()],
            cost: 0,
        });
    }
    // Insertion order is BFS order, so the map is both the closed set and the queue; each entry
    // holds (parent index, depth).
    let mut seen: FxIndexMap<N, (usize, usize)> = FxIndexMap::default();
    seen.insert(start.clone(), (0, 0));
    let mut next = 0;
    while next < seen.len() {
        let (node, &(_, depth)) = seen.get_index(next).expect("index is in range");
        if let Err(stop) = meter.expand(depth) {
            return meter.finish(stop.outcome());
        }
        let parent = next;
        if O::ACTIVE {
            observer.expand(Expansion {
                node,
                g: depth,
                h: 0,
                depth,
                open: Some(seen.len() - next - 1),
                closed: next + 1,
            });
        }
        let children = successors(&node.clone());
        next += 1;
        for child in children {
            meter.generated(1);
            if seen.contains_key(&child) {
                if O::ACTIVE {
                    observer.generated(Generated {
                        node: &child,
                        g: depth + 1,
                        h: 0,
                        fate: Fate::Skipped,
                    });
                }
                continue;
            }
            let found = success(&child);
            if O::ACTIVE {
                let fate = if found { Fate::Goal } else { Fate::Opened };
                observer.generated(Generated {
                    node: &child,
                    g: depth + 1,
                    h: 0,
                    fate,
                });
                if found {
                    observer.goal(&child, depth + 1);
                }
            }
            let (index, _) = seen.insert_full(child, (parent, depth + 1));
            if found {
                meter.frontier(seen.len());
                let path = walk_back(index, |i| {
                    let (node, &(parent, _)) = seen.get_index(i).expect("index is in range");
                    (node.clone(), parent)
                });
                let cost = path.len() - 1;
                return meter.finish(Outcome::Found { path, cost });
            }
        }
        meter.frontier(seen.len());
    }
    meter.finish(Outcome::NoSolution)
}

/// Distances from `start` to every reachable node, in BFS order: the exact oracle used to check
/// optimal solvers (all 181,440 states of a 3x3 board in well under a second).
///
/// ```
/// use puzzle_core::search::bfs::bfs_distances;
/// let distances = bfs_distances(&0u8, |&n| [(n + 1) % 4, (n + 3) % 4]);
/// assert_eq!(distances.get(&2), Some(&2));
/// ```
pub fn bfs_distances<N, FN, IN>(start: &N, mut successors: FN) -> FxIndexMap<N, u32>
where
    N: Eq + Hash + Clone,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
{
    let mut seen: FxIndexMap<N, u32> = FxIndexMap::default();
    seen.insert(start.clone(), 0);
    let mut next = 0;
    while let Some((node, &depth)) = seen.get_index(next) {
        let node = node.clone();
        next += 1;
        for child in successors(&node) {
            seen.entry(child).or_insert(depth + 1);
        }
    }
    seen
}
