//! The tuned IDA* split into independent subtrees, and a native driver that searches them on
//! several threads.
//!
//! An IDA* iteration at bound `b` is a depth-first search whose subtrees below a given depth
//! are independent: [`split_iteration`] searches the top of the tree down to the depth where
//! there are enough nodes within the bound, and returns them as [`WorkItem`]s (start board,
//! moves to the node, bound), plain data that can cross a thread or a web worker boundary;
//! [`search_item`] searches one. A solution found in any item of an iteration is optimal (every
//! smaller bound was exhausted before), so the first one found ends the iteration and the
//! others are told to stop. [`solve_pdb_parallel`] runs the small first iterations on the
//! calling thread and the large last ones on `threads` threads (`std::thread::scope`); with
//! one thread it spawns nothing, so it also runs on `wasm32-unknown-unknown`, where a browser
//! would instead hand the items to several workers.
//!
//! Counting: the split counts its expansions and generated nodes like the serial search, and
//! each item's search counts its root's expansion and what lies below, so a complete iteration
//! reports exactly the serial counts. The last iteration may count more or fewer nodes than
//! the serial search (other threads search past the point where the serial search would have
//! stopped, or a thread finds a solution the serial search would reach later).

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::board::Board;
use crate::error::BoardError;
use crate::method::Method;
use crate::moves::Direction;
use crate::pdb::AdditivePdb;
use crate::search::{Limits, Meter, Outcome, Stats, Stop};
use crate::solution::{Solution, SolveOutcome};
use crate::solvability::{solvability, Solvability};

use super::{Search, TunedOptions};

/// Why a work item cannot be split or searched.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ItemError {
    /// The board does not fit the database.
    #[error(transparent)]
    Board(#[from] BoardError),
    /// The board cannot reach the goal, so there is nothing to split.
    #[error("the board cannot reach the goal")]
    Unsolvable,
    /// The moves of the item leave the board.
    #[error("the work item's moves leave the board")]
    BadPrefix,
}

/// One subtree of an IDA* iteration: the node reached from `start` by `prefix`, to be searched
/// with f-bound `bound` towards the goal of the database.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct WorkItem {
    /// The board the whole search starts from.
    pub start: Board,
    /// The moves of the blank from `start` to the subtree's root.
    pub prefix: Vec<Direction>,
    /// The f-bound of the iteration.
    pub bound: u32,
}

/// What [`split_iteration`] or [`search_item`] found.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Subsearch {
    /// The moves from the start to the goal, if a solution within the bound was found.
    pub solution: Option<Vec<Direction>>,
    /// The smallest f-value beyond the bound met (`u32::MAX` if none): the next bound.
    pub next_bound: u32,
    /// `Solved` if a solution was found, `NotFound` if the search ended without one, or
    /// `BudgetExhausted` / `Cancelled`.
    pub outcome: SolveOutcome,
    /// Counters of this part of the search.
    pub stats: Stats,
}

/// The result of [`split_iteration`]: the subtrees to search, or an answer met on the way.
#[derive(Clone, Debug, PartialEq)]
pub struct Split {
    /// The subtrees, in the order the serial search would visit them.
    pub items: Vec<WorkItem>,
    /// The search of the top of the tree (a solution there ends the iteration).
    pub top: Subsearch,
}

/// Searches the top of the iteration at `bound` from `board` and returns the nodes of the
/// first depth holding at least `min_items` nodes within the bound (or of the deepest depth
/// reached, if the tree is narrower), as work items. Only the split that is returned is
/// counted (the shallower attempts redo a few nodes and are not). The board must be solvable
/// and of the database's shape.
pub fn split_iteration(
    board: &Board,
    pdb: &AdditivePdb,
    options: &TunedOptions,
    bound: u32,
    min_items: usize,
    limits: &mut Limits,
) -> Result<Split, ItemError> {
    check(board, pdb)?;
    let mut depth = 1;
    loop {
        let mut search = Search::new(board, pdb, options);
        let mut meter = Meter::new(limits, true);
        meter.iteration(f64::from(bound));
        let mut items = Vec::new();
        let result = if search.packed == search.goal_packed {
            Ok(true)
        } else {
            search.next_bound = u32::MAX;
            meter.expand(0).and_then(|()| {
                meter.frontier(1);
                search.split_dfs(0, bound, depth, &mut items, &mut meter)
            })
        };
        let enough = items.len() >= min_items || items.is_empty() || depth >= 40;
        if result.is_ok() && !matches!(result, Ok(true)) && !enough {
            depth += 1;
            continue;
        }
        let top = finish(&search, result, meter);
        let items = items
            .into_iter()
            .map(|prefix| WorkItem {
                start: board.clone(),
                prefix: to_directions(&prefix),
                bound,
            })
            .collect();
        return Ok(Split { items, top });
    }
}

/// Searches one subtree; `stop`, when given, is checked at every expansion (another thread
/// sets it to cancel, or when it found a solution). Errors if the item does not fit the
/// database (size, or a prefix that leaves the board).
pub fn search_item(
    item: &WorkItem,
    pdb: &AdditivePdb,
    options: &TunedOptions,
    stop: Option<&AtomicBool>,
    limits: &mut Limits,
) -> Result<Subsearch, ItemError> {
    check(&item.start, pdb)?;
    let mut search = Search::new(&item.start, pdb, options);
    search.stop = stop;
    let prefix: Vec<u8> = item.prefix.iter().map(|&d| direction_index(d)).collect();
    if !search.follow(&prefix) {
        return Err(ItemError::BadPrefix);
    }
    let mut meter = Meter::new(limits, true);
    search.next_bound = u32::MAX;
    let result = if search.packed == search.goal_packed {
        Ok(true)
    } else {
        search.subtree(item.bound, &mut meter)
    };
    Ok(finish(&search, result, meter))
}

/// How [`solve_pdb_parallel`] shares the work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParallelConfig {
    /// Threads searching, the calling one included (0 or 1: nothing is spawned).
    pub threads: usize,
    /// An iteration following one that generated fewer nodes than this runs on the calling
    /// thread alone (splitting a small iteration costs more than it saves).
    pub parallel_from: u64,
    /// A split iteration has at least this many items a thread (when the tree allows), which
    /// the threads take in order, so that uneven subtrees even out.
    pub items_per_thread: usize,
}

impl ParallelConfig {
    /// `threads` threads with the default thresholds.
    pub fn threads(threads: usize) -> ParallelConfig {
        ParallelConfig {
            threads,
            parallel_from: 200_000,
            items_per_thread: 64,
        }
    }

    /// As many threads as the machine offers (1 where it cannot tell, e.g. on wasm32).
    pub fn all_cores() -> ParallelConfig {
        ParallelConfig::threads(std::thread::available_parallelism().map_or(1, |n| n.get()))
    }
}

/// Solves `board` optimally like [`super::solve_pdb`], searching the large iterations on
/// `parallel.threads` threads. The calling thread searches too, with `limits`: its
/// progress callback sees its own share of the work and may cancel all threads; the node
/// budget applies to each thread separately. `stats` add up every thread's counts
/// (`max_frontier` and `elapsed_ms` are the calling thread's).
pub fn solve_pdb_parallel(
    board: &Board,
    pdb: &AdditivePdb,
    options: &TunedOptions,
    parallel: &ParallelConfig,
    limits: &mut Limits,
) -> Result<Solution, BoardError> {
    let verdict = solvability(board, pdb.goal())?;
    Ok(solve_pdb_parallel_checked(
        board, pdb, verdict, options, parallel, limits,
    ))
}

/// [`solve_pdb_parallel`] for a board whose parity verdict toward the tables' goal is known:
/// `verdict` is [`solvability`]`(board, pdb.goal())`, or that of a problem a relabelling made
/// this one of (the same `solvable`), computed once at the entry ([`crate::dispatch`]).
pub(crate) fn solve_pdb_parallel_checked(
    board: &Board,
    pdb: &AdditivePdb,
    verdict: Solvability,
    options: &TunedOptions,
    parallel: &ParallelConfig,
    limits: &mut Limits,
) -> Solution {
    let mut solution = Solution::unsolvable(Method::PatternDatabase, verdict, None);
    if !solution.solvability.solvable {
        return solution;
    }
    let threads = parallel.threads.max(1);
    let budget = limits.max_expanded;
    let mut search = Search::new(board, pdb, options);
    let mut helpers = Stats::default();
    let mut meter = Meter::new(limits, true);
    let mut bound = search.h();
    let mut last_iteration = 0u64;
    let result: Result<Option<Vec<u8>>, Stop> = loop {
        meter.iteration(f64::from(bound));
        let before = search.generated;
        let step = if threads == 1 || last_iteration < parallel.parallel_from {
            search.iteration(bound, &mut meter).map(|done| match done {
                Some(true) => Step::Solved(search.path.clone()),
                Some(false) => Step::Exhausted,
                None => Step::Next(search.next_bound),
            })
        } else {
            parallel_iteration(
                &mut search,
                pdb,
                options,
                bound,
                threads * parallel.items_per_thread.max(1),
                threads,
                budget,
                &mut meter,
                &mut helpers,
            )
        };
        last_iteration = search.generated - before;
        match step {
            Ok(Step::Solved(path)) => break Ok(Some(path)),
            Ok(Step::Exhausted) => break Ok(None),
            Ok(Step::Next(next)) => bound = next,
            Err(stop) => break Err(stop),
        }
    };
    let mut stats = meter.finish::<(), u32>(Outcome::NoSolution).stats;
    add_stats(&mut stats, &helpers);
    solution.stats = stats;
    match result {
        Ok(Some(path)) => {
            solution.outcome = SolveOutcome::Solved;
            solution.moves = to_directions(&path);
        }
        Ok(None) => solution.outcome = SolveOutcome::NotFound,
        Err(Stop::Budget) => solution.outcome = SolveOutcome::BudgetExhausted,
        Err(Stop::Cancelled) => solution.outcome = SolveOutcome::Cancelled,
    }
    solution
}

enum Step {
    Solved(Vec<u8>),
    Exhausted,
    Next(u32),
}

/// What one thread did in an iteration.
struct Share {
    stats: Stats,
    generated: u64,
    next_bound: u32,
    stopped: Option<Stop>,
}

#[allow(clippy::too_many_arguments)]
fn parallel_iteration(
    search: &mut Search,
    pdb: &AdditivePdb,
    options: &TunedOptions,
    bound: u32,
    min_items: usize,
    threads: usize,
    budget: Option<u64>,
    meter: &mut Meter,
    helpers: &mut Stats,
) -> Result<Step, Stop> {
    // The top of the tree, on this thread: find the depth with enough items (these attempts
    // are not counted, on a scratch meter), then split there, counted.
    let mut depth = 1;
    let mut items = Vec::new();
    loop {
        items.clear();
        let mut scratch_limits = Limits::default();
        let mut scratch = Meter::new(&mut scratch_limits, true);
        if search.split_dfs(0, bound, depth, &mut items, &mut scratch)? {
            return Ok(Step::Solved(search.path.clone()));
        }
        if items.len() >= min_items || items.is_empty() || depth >= 40 {
            break;
        }
        depth += 1;
    }
    items.clear();
    search.next_bound = u32::MAX;
    search.check_stop()?;
    meter.expand(0)?;
    meter.frontier(1);
    search.split_dfs(0, bound, depth, &mut items, meter)?;
    let mut next_bound = search.next_bound;
    if items.is_empty() {
        return Ok(if next_bound == u32::MAX {
            Step::Exhausted
        } else {
            Step::Next(next_bound)
        });
    }

    let stop = AtomicBool::new(false);
    let next_item = AtomicUsize::new(0);
    let found: Mutex<Option<Vec<u8>>> = Mutex::new(None);
    let work = |searcher: &mut Search, meter: &mut Meter| -> Share {
        let start_generated = searcher.generated;
        let mut share = Share {
            stats: Stats::default(),
            generated: 0,
            next_bound: u32::MAX,
            stopped: None,
        };
        loop {
            let i = next_item.fetch_add(1, Ordering::Relaxed);
            let Some(prefix) = items.get(i) else { break };
            searcher.reset();
            searcher.follow(prefix);
            searcher.next_bound = u32::MAX;
            match searcher.subtree(bound, meter) {
                Ok(true) => {
                    found
                        .lock()
                        .expect("no panic while holding the lock")
                        .get_or_insert_with(|| searcher.path.clone());
                    stop.store(true, Ordering::Relaxed);
                    break;
                }
                Ok(false) => share.next_bound = share.next_bound.min(searcher.next_bound),
                Err(reason) => {
                    if !stop.swap(true, Ordering::Relaxed) || reason == Stop::Budget {
                        share.stopped = Some(reason);
                    }
                    break;
                }
            }
        }
        share.generated = searcher.generated - start_generated;
        share
    };
    let start = &search.start;
    let shares: Vec<Share> = std::thread::scope(|scope| {
        let handles: Vec<_> = (1..threads)
            .map(|_| {
                let work = &work;
                let stop = &stop;
                scope.spawn(move || {
                    let mut searcher = Search::new(start, pdb, options);
                    searcher.stop = Some(stop);
                    let mut limits = Limits {
                        max_expanded: budget,
                        ..Limits::default()
                    };
                    let mut meter = Meter::new(&mut limits, true);
                    let mut share = work(&mut searcher, &mut meter);
                    share.stats = meter.finish::<(), u32>(Outcome::NoSolution).stats;
                    share
                })
            })
            .collect();
        let mut own = Search::new(start, pdb, options);
        own.stop = Some(&stop);
        let mut shares = vec![work(&mut own, meter)];
        shares.extend(
            handles
                .into_iter()
                .map(|h| h.join().expect("a search thread panicked")),
        );
        shares
    });
    let mut stopped = None;
    for (i, share) in shares.iter().enumerate() {
        search.generated += share.generated;
        next_bound = next_bound.min(share.next_bound);
        if i > 0 {
            add_stats(helpers, &share.stats);
        }
        if share.stopped.is_some() {
            stopped = stopped.or(share.stopped);
        }
    }
    if let Some(path) = found.into_inner().expect("no panic while holding the lock") {
        return Ok(Step::Solved(path));
    }
    if let Some(reason) = stopped {
        return Err(reason);
    }
    Ok(if next_bound == u32::MAX {
        Step::Exhausted
    } else {
        Step::Next(next_bound)
    })
}

pub(super) fn add_stats(total: &mut Stats, part: &Stats) {
    total.expanded += part.expanded;
    total.generated += part.generated;
    if total.expanded_by_depth.len() < part.expanded_by_depth.len() {
        total
            .expanded_by_depth
            .resize(part.expanded_by_depth.len(), 0);
    }
    for (t, p) in total
        .expanded_by_depth
        .iter_mut()
        .zip(&part.expanded_by_depth)
    {
        *t += p;
    }
}

fn finish(search: &Search, result: Result<bool, Stop>, meter: Meter) -> Subsearch {
    let stats = meter.finish::<(), u32>(Outcome::NoSolution).stats;
    let (solution, outcome) = match result {
        Ok(true) => (Some(to_directions(&search.path)), SolveOutcome::Solved),
        Ok(false) => (None, SolveOutcome::NotFound),
        Err(Stop::Budget) => (None, SolveOutcome::BudgetExhausted),
        Err(Stop::Cancelled) => (None, SolveOutcome::Cancelled),
    };
    Subsearch {
        solution,
        next_bound: search.next_bound,
        outcome,
        stats,
    }
}

fn check(board: &Board, pdb: &AdditivePdb) -> Result<(), ItemError> {
    if !solvability(board, pdb.goal())?.solvable {
        return Err(ItemError::Unsolvable);
    }
    Ok(())
}

fn to_directions(path: &[u8]) -> Vec<Direction> {
    path.iter().map(|&d| Direction::ALL[d as usize]).collect()
}

fn direction_index(direction: Direction) -> u8 {
    Direction::ALL
        .iter()
        .position(|&d| d == direction)
        .expect("one of the four") as u8
}
