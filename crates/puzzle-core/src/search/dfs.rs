//! Depth-first search with a depth limit, and iterative deepening (IDDFS).
//!
//! Both use an explicit stack rather than recursion, so a deep limit cannot overflow the call
//! stack (which is small in a browser). Memory is the current path only.

use super::{
    Expansion, Fate, Generated, Limits, Meter, NoTrace, Observer, Outcome, SearchResult, Stop,
};

/// Depth-first search to at most `depth_limit` moves. Returns the first path found: legal,
/// but usually far from the shortest.
///
/// Only the move straight back to the parent is pruned, so `successors` may revisit states
/// on longer cycles; the depth limit guarantees termination.
///
/// ```
/// use puzzle_core::search::{dfs::dfs, Limits, Outcome};
/// let result = dfs(&0i32, |&n| [n + 1, n - 1], |&n| n == 3, 5, &mut Limits::default());
/// assert_eq!(result.path().unwrap().last(), Some(&3));
/// let result = dfs(&0i32, |&n| [n + 1, n - 1], |&n| n == 9, 5, &mut Limits::default());
/// assert_eq!(result.outcome, Outcome::NoSolution);
/// ```
pub fn dfs<N, FN, IN, FS>(
    start: &N,
    successors: FN,
    success: FS,
    depth_limit: usize,
    limits: &mut Limits,
) -> SearchResult<N, usize>
where
    N: Eq + Clone,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FS: FnMut(&N) -> bool,
{
    dfs_traced(
        start,
        successors,
        success,
        depth_limit,
        limits,
        &mut NoTrace,
    )
}

/// [`dfs`], reporting every expansion and generated child to `observer` (costs are depths,
/// estimates zero).
pub fn dfs_traced<N, FN, IN, FS, O>(
    start: &N,
    mut successors: FN,
    mut success: FS,
    depth_limit: usize,
    limits: &mut Limits,
    observer: &mut O,
) -> SearchResult<N, usize>
where
    N: Eq + Clone,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FS: FnMut(&N) -> bool,
    O: Observer<N, usize>,
{
    let mut meter = Meter::new(limits, false);
    let outcome = match limited(
        start,
        &mut successors,
        &mut success,
        depth_limit,
        &mut meter,
        observer,
    ) {
        Ok(Probe::Found(path)) => found(path),
        Ok(_) => Outcome::NoSolution,
        Err(stop) => stop.outcome(),
    };
    meter.finish(outcome)
}

/// Iterative deepening: depth-limited DFS with limits 0, 1, 2, ... up to `max_depth`.
/// The first path found is a shortest one, with memory linear in its length.
///
/// Returns [`Outcome::NoSolution`] when an iteration finishes without reaching its limit
/// anywhere (the reachable space is exhausted) or when `max_depth` is passed.
///
/// ```
/// use puzzle_core::search::{dfs::iddfs, Limits};
/// let result = iddfs(&1u32, |&n| [n + 1, n * 2], |&n| n == 10, 20, &mut Limits::default());
/// assert_eq!(result.length(), Some(4));
/// ```
pub fn iddfs<N, FN, IN, FS>(
    start: &N,
    successors: FN,
    success: FS,
    max_depth: usize,
    limits: &mut Limits,
) -> SearchResult<N, usize>
where
    N: Eq + Clone,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FS: FnMut(&N) -> bool,
{
    iddfs_traced(start, successors, success, max_depth, limits, &mut NoTrace)
}

/// [`iddfs`], reporting each iteration, expansion and generated child to `observer`.
pub fn iddfs_traced<N, FN, IN, FS, O>(
    start: &N,
    mut successors: FN,
    mut success: FS,
    max_depth: usize,
    limits: &mut Limits,
    observer: &mut O,
) -> SearchResult<N, usize>
where
    N: Eq + Clone,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FS: FnMut(&N) -> bool,
    O: Observer<N, usize>,
{
    let mut meter = Meter::new(limits, true);
    for depth_limit in 0..=max_depth {
        meter.iteration(depth_limit as f64);
        observer.iteration(depth_limit);
        match limited(
            start,
            &mut successors,
            &mut success,
            depth_limit,
            &mut meter,
            observer,
        ) {
            Ok(Probe::Found(path)) => return meter.finish(found(path)),
            Ok(Probe::Exhausted) => return meter.finish(Outcome::NoSolution),
            Ok(Probe::CutOff) => {}
            Err(stop) => return meter.finish(stop.outcome()),
        }
    }
    meter.finish(Outcome::NoSolution)
}

/// What one depth-limited pass found.
enum Probe<N> {
    Found(Vec<N>),
    /// Some node sat at the limit with unexplored successors.
    CutOff,
    /// The whole space below the start was explored within the limit.
    Exhausted,
}

/// The expansion of a node at `depth` on the current path (which it closes the path of).
fn on_path<N>(node: &N, depth: usize) -> Expansion<'_, N, usize> {
    Expansion {
        node,
        g: depth,
        h: 0,
        depth,
        open: None,
        closed: depth + 1,
    }
}

/// A child at `depth` and what became of it.
fn visited<N>(node: &N, depth: usize, fate: Fate) -> Generated<'_, N, usize> {
    Generated {
        node,
        g: depth,
        h: 0,
        fate,
    }
}

fn found<N>(path: Vec<N>) -> Outcome<N, usize> {
    let cost = path.len() - 1;
    Outcome::Found { path, cost }
}

fn limited<N, FN, IN, FS, O>(
    start: &N,
    successors: &mut FN,
    success: &mut FS,
    depth_limit: usize,
    meter: &mut Meter,
    observer: &mut O,
) -> Result<Probe<N>, Stop>
where
    N: Eq + Clone,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FS: FnMut(&N) -> bool,
    O: Observer<N, usize>,
{
    if success(start) {
        observer.goal(start, 0);
        return Ok(Probe::Found(vec![start.clone()]));
    }
    let mut path = vec![start.clone()];
    let mut stack: Vec<IN::IntoIter> = Vec::new();
    let mut cut_off = false;
    if depth_limit == 0 {
        return Ok(Probe::CutOff);
    }
    meter.expand(0)?;
    observer.expand(on_path(start, 0));
    stack.push(successors(start).into_iter());
    meter.frontier(path.len());
    while let Some(children) = stack.last_mut() {
        let Some(child) = children.next() else {
            stack.pop();
            path.pop();
            continue;
        };
        let depth = path.len();
        if depth >= 2 && child == path[depth - 2] {
            observer.generated(visited(&child, depth, Fate::Skipped));
            continue;
        }
        meter.generated(1);
        if success(&child) {
            observer.generated(visited(&child, depth, Fate::Goal));
            observer.goal(&child, depth);
            path.push(child);
            return Ok(Probe::Found(path));
        }
        if depth == depth_limit {
            observer.generated(visited(&child, depth, Fate::CutOff));
            cut_off = true;
            continue;
        }
        meter.expand(depth)?;
        observer.generated(visited(&child, depth, Fate::Opened));
        observer.expand(on_path(&child, depth));
        let grandchildren = successors(&child).into_iter();
        path.push(child);
        stack.push(grandchildren);
        meter.frontier(path.len());
    }
    Ok(if cut_off {
        Probe::CutOff
    } else {
        Probe::Exhausted
    })
}
