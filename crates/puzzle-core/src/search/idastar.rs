//! IDA*: iterative deepening on `f = g + h`. Optimal, with memory linear in the path length.

use num_traits::{ToPrimitive, Zero};

use super::{
    Expansion, Fate, Generated, Limits, Meter, NoTrace, Observer, Outcome, SearchResult, Stop,
};

/// Finds a cheapest path from `start` to a node satisfying `success`.
///
/// Each iteration is a depth-first search that cuts off nodes with `f = g + h` above a bound;
/// the next bound is the smallest `f` that was cut off. `heuristic` must never overestimate,
/// and move costs must be positive. Only the move straight back to the parent is pruned.
///
/// ```
/// use puzzle_core::search::{idastar::idastar, Limits, Outcome};
/// let result = idastar(
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
pub fn idastar<N, C, FN, IN, FH, FS>(
    start: &N,
    successors: FN,
    heuristic: FH,
    success: FS,
    limits: &mut Limits,
) -> SearchResult<N, C>
where
    N: Eq + Clone,
    C: Zero + Ord + Copy + ToPrimitive,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FH: FnMut(&N) -> C,
    FS: FnMut(&N) -> bool,
{
    idastar_traced(start, successors, heuristic, success, limits, &mut NoTrace)
}

/// [`idastar`], reporting each iteration, expansion and generated child to `observer`.
pub fn idastar_traced<N, C, FN, IN, FH, FS, O>(
    start: &N,
    mut successors: FN,
    mut heuristic: FH,
    mut success: FS,
    limits: &mut Limits,
    observer: &mut O,
) -> SearchResult<N, C>
where
    N: Eq + Clone,
    C: Zero + Ord + Copy + ToPrimitive,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FH: FnMut(&N) -> C,
    FS: FnMut(&N) -> bool,
    O: Observer<N, C>,
{
    let mut meter = Meter::new(limits, true);
    let mut bound = heuristic(start);
    loop {
        meter.iteration(bound.to_f64().unwrap_or(f64::NAN));
        observer.iteration(bound);
        match iteration(
            start,
            &mut successors,
            &mut heuristic,
            &mut success,
            bound,
            &mut meter,
            observer,
        ) {
            Ok(Pass::Found(path, cost)) => return meter.finish(Outcome::Found { path, cost }),
            Ok(Pass::Exceeded(Some(next))) => bound = next,
            Ok(Pass::Exceeded(None)) => return meter.finish(Outcome::NoSolution),
            Err(stop) => return meter.finish(stop.outcome()),
        }
    }
}

enum Pass<N, C> {
    Found(Vec<N>, C),
    /// The smallest f above the bound, or `None` if nothing was cut off.
    Exceeded(Option<C>),
}

/// One bounded depth-first pass, with an explicit stack (no recursion).
#[allow(clippy::too_many_arguments)] // the loop's state, passed once per iteration
fn iteration<N, C, FN, IN, FH, FS, O>(
    start: &N,
    successors: &mut FN,
    heuristic: &mut FH,
    success: &mut FS,
    bound: C,
    meter: &mut Meter,
    observer: &mut O,
) -> Result<Pass<N, C>, Stop>
where
    N: Eq + Clone,
    C: Zero + Ord + Copy,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FH: FnMut(&N) -> C,
    FS: FnMut(&N) -> bool,
    O: Observer<N, C>,
{
    if success(start) {
        observer.goal(start, C::zero());
        return Ok(Pass::Found(vec![start.clone()], C::zero()));
    }
    let mut path = vec![start.clone()];
    let mut costs = vec![C::zero()];
    let mut next_bound: Option<C> = None;
    meter.expand(0)?;
    if O::ACTIVE {
        observer.expand(Expansion {
            node: start,
            g: C::zero(),
            h: heuristic(start),
            depth: 0,
            open: None,
            closed: 1,
        });
    }
    let mut stack = vec![successors(start).into_iter()];
    meter.frontier(path.len());
    while let Some(children) = stack.last_mut() {
        let Some((child, step)) = children.next() else {
            stack.pop();
            path.pop();
            costs.pop();
            continue;
        };
        let depth = path.len();
        let g = costs[depth - 1] + step;
        if depth >= 2 && child == path[depth - 2] {
            observer.generated(Generated {
                node: &child,
                g,
                h: C::zero(),
                fate: Fate::Skipped,
            });
            continue;
        }
        meter.generated(1);
        let h = heuristic(&child);
        let f = g + h;
        let fate = if f > bound {
            Fate::CutOff
        } else if success(&child) {
            Fate::Goal
        } else {
            Fate::Opened
        };
        observer.generated(Generated {
            node: &child,
            g,
            h,
            fate,
        });
        match fate {
            Fate::CutOff => {
                next_bound = Some(next_bound.map_or(f, |b| b.min(f)));
                continue;
            }
            Fate::Goal => {
                observer.goal(&child, g);
                path.push(child);
                return Ok(Pass::Found(path, g));
            }
            _ => {}
        }
        meter.expand(depth)?;
        observer.expand(Expansion {
            node: &child,
            g,
            h,
            depth,
            open: None,
            closed: depth + 1,
        });
        let grandchildren = successors(&child).into_iter();
        path.push(child);
        costs.push(g);
        stack.push(grandchildren);
        meter.frontier(path.len());
    }
    Ok(Pass::Exceeded(next_bound))
}
