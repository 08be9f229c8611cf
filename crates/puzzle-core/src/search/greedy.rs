//! Greedy best-first search: always expand the node that looks closest to the goal.

use std::hash::Hash;

use num_traits::{ToPrimitive, Zero};

use super::astar::priority_search;
use super::{Limits, NoTrace, Observer, SearchResult};

/// Expands nodes in order of `heuristic` alone, never re-opening a state. Usually fast, but
/// the path found is **not** guaranteed to be the cheapest.
///
/// ```
/// use puzzle_core::search::{greedy::greedy, Limits};
/// let result = greedy(
///     &0i32,
///     |&n| [(n + 1, 1u32), (n - 1, 1)],
///     |&n| (5 - n).unsigned_abs(),
///     |&n| n == 5,
///     &mut Limits::default(),
/// );
/// assert_eq!(result.length(), Some(5));
/// ```
pub fn greedy<N, C, FN, IN, FH, FS>(
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
        false,
        limits,
        &mut NoTrace,
    )
}

/// [`greedy`], reporting every expansion and generated child to `observer`.
pub fn greedy_traced<N, C, FN, IN, FH, FS, O>(
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
        start, successors, heuristic, success, false, limits, observer,
    )
}
