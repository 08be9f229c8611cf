//! The tuned IDA* one iteration at a time, for a driver that searches the large iterations'
//! subtrees somewhere it cannot block on, such as a browser's second worker (whose replies
//! come in the event loop, between two pieces of work).
//!
//! [`Iterations::next`] searches the small iterations on the calling thread, as
//! [`super::parallel::solve_pdb_parallel`] does, and hands out the first large one as
//! [`WorkItem`]s; the driver searches each wherever it likes ([`search_item`] over the same
//! tables) and gives every result to [`Iterations::record`], which says when the iteration is
//! over (a solution, a stop, or every item in); then `next` again. The board and the answer
//! are those of the caller's goal; the items are for the tables' goal (a [`Relabel`] maps the
//! board there and the answer's moves back), so any worker holding the tables can search them.

use crate::board::Board;
use crate::error::BoardError;
use crate::method::Method;
use crate::moves::Direction;
use crate::pdb::AdditivePdb;
use crate::relabel::Relabel;
use crate::search::{Limits, Stats};
use crate::solution::{Solution, SolveOutcome};
use crate::solvability::{solvability, Solvability};

use super::parallel::WorkItem;
use super::parallel::{add_stats, search_item, split_iteration, ParallelConfig, Subsearch};
use super::TunedOptions;

/// What to do after [`Iterations::next`].
#[derive(Clone, Debug, PartialEq)]
pub enum Next {
    /// Search these subtrees of the current iteration and [`Iterations::record`] each result.
    Items(Vec<WorkItem>),
    /// The search is over: the answer (moves toward the caller's goal), or why there is none.
    Done(Box<Solution>),
}

/// An optimal search over pattern databases, run one iteration at a time.
pub struct Iterations<'a> {
    pdb: &'a AdditivePdb,
    options: TunedOptions,
    parallel: ParallelConfig,
    relabel: Relabel,
    /// The board, relabelled toward the tables' goal.
    board: Board,
    solvability: Solvability,
    bound: u32,
    /// Nodes the last finished iteration generated (it decides whether the next is split).
    last_generated: u64,
    stats: Stats,
    /// The iteration whose items are out, if one is.
    open: Option<Open>,
    /// The solution found (moves toward the tables' goal), or why the search stopped.
    end: Option<Result<Vec<Direction>, SolveOutcome>>,
    /// The clock when the search began (its first [`Iterations::next`]).
    started: Option<f64>,
    /// The node budget of the whole search (from the first `next`'s limits).
    budget: Option<u64>,
}

/// An iteration handed out as items.
struct Open {
    left: usize,
    next_bound: u32,
    generated: u64,
}

impl<'a> Iterations<'a> {
    /// The search of `board` toward `goal` over `pdb` (made for `goal` or for a goal a
    /// [`Relabel`] leads to from it), splitting iterations as `parallel` says (its `threads`
    /// is the number of searchers the items are for).
    pub fn new(
        board: &Board,
        goal: &Board,
        pdb: &'a AdditivePdb,
        options: TunedOptions,
        parallel: ParallelConfig,
    ) -> Result<Iterations<'a>, BoardError> {
        let mismatch = BoardError::ShapeMismatch {
            board: board.shape(),
            goal: goal.shape(),
        };
        let relabel = Relabel::between(goal, pdb.goal()).ok_or(mismatch.clone())?;
        let renamed = relabel.board(board).ok_or(mismatch)?;
        let solvability = solvability(board, goal)?;
        let bound = pdb.estimate(&renamed);
        Ok(Iterations {
            pdb,
            options,
            parallel,
            relabel,
            board: renamed,
            end: (!solvability.solvable).then_some(Err(SolveOutcome::Unsolvable)),
            solvability,
            bound,
            last_generated: 0,
            stats: Stats::default(),
            open: None,
            started: None,
            budget: None,
        })
    }

    /// Searches on until the answer is known or an iteration is large enough to share out.
    /// Call it first, and again after [`Iterations::record`] says the iteration is over.
    pub fn next(&mut self, limits: &mut Limits) -> Next {
        let started = *self.started.get_or_insert_with(limits.clock);
        self.budget = limits.max_expanded;
        if let Some(open) = self.open.take() {
            self.bound = open.next_bound;
            self.last_generated = open.generated;
        }
        loop {
            if let Some(end) = &self.end {
                let mut answer = self.answer(end.clone());
                answer.stats.elapsed_ms = (limits.clock)() - started;
                return Next::Done(Box::new(answer));
            }
            if self.bound == u32::MAX {
                self.end = Some(Err(SolveOutcome::NotFound));
                continue;
            }
            self.stats.iteration_bounds.push(f64::from(self.bound));
            let mut meter_limits = self.part_limits(limits);
            if self.last_generated < self.parallel.parallel_from {
                let root = WorkItem {
                    start: self.board.clone(),
                    prefix: Vec::new(),
                    bound: self.bound,
                };
                let result = search_item(&root, self.pdb, &self.options, None, &mut meter_limits);
                let Ok(result) = result else {
                    self.end = Some(Err(SolveOutcome::NotFound));
                    continue;
                };
                self.last_generated = result.stats.generated;
                self.bound = result.next_bound;
                self.take(result);
                continue;
            }
            let min_items = self.parallel.threads.max(1) * self.parallel.items_per_thread.max(1);
            let split = split_iteration(
                &self.board,
                self.pdb,
                &self.options,
                self.bound,
                min_items,
                &mut meter_limits,
            );
            // `new` checked the board (solvable, the tables' shape): the split cannot fail.
            let Ok(split) = split else {
                self.end = Some(Err(SolveOutcome::NotFound));
                continue;
            };
            let (next_bound, generated) = (split.top.next_bound, split.top.stats.generated);
            self.take(split.top);
            if self.end.is_none() && !split.items.is_empty() {
                let left = split.items.len();
                self.open = Some(Open {
                    left,
                    next_bound,
                    generated,
                });
                return Next::Items(split.items);
            }
            self.last_generated = generated;
            self.bound = next_bound;
        }
    }

    /// Takes the result of one item of the iteration handed out; `true` when the iteration is
    /// over (a solution within the bound, which is optimal, a stop, the node budget spent, or
    /// every item in), and [`Iterations::next`] should be called. Results after that are
    /// ignored.
    pub fn record(&mut self, result: Subsearch) -> bool {
        let Some(open) = self.open.as_mut() else {
            return true;
        };
        if self.end.is_some() {
            return true;
        }
        open.left = open.left.saturating_sub(1);
        open.next_bound = open.next_bound.min(result.next_bound);
        open.generated += result.stats.generated;
        let left = open.left;
        self.take(result);
        if self.end.is_none() && self.budget.is_some_and(|b| self.stats.expanded >= b) {
            self.end = Some(Err(SolveOutcome::BudgetExhausted));
        }
        self.end.is_some() || left == 0
    }

    /// The tables searched over.
    pub fn pdb(&self) -> &AdditivePdb {
        self.pdb
    }

    /// Nodes expanded so far, over every part recorded.
    pub fn expanded(&self) -> u64 {
        self.stats.expanded
    }

    /// Nodes generated so far, over every part recorded.
    pub fn generated(&self) -> u64 {
        self.stats.generated
    }

    /// Adds a part's counts, and ends the search on a solution or a stop.
    fn take(&mut self, part: Subsearch) {
        add_stats(&mut self.stats, &part.stats);
        self.stats.max_frontier = self.stats.max_frontier.max(part.stats.max_frontier);
        match (part.outcome, part.solution) {
            (SolveOutcome::Solved, Some(moves)) => self.end = Some(Ok(moves)),
            (SolveOutcome::BudgetExhausted | SolveOutcome::Cancelled, _) => {
                self.end = Some(Err(part.outcome));
            }
            _ => {}
        }
    }

    /// Limits for one part of the search (an item searched on this thread, say): `limits`
    /// with the node budget that is left.
    pub fn part_limits<'l>(&self, limits: &'l mut Limits<'_>) -> Limits<'l> {
        Limits {
            max_expanded: limits
                .max_expanded
                .map(|n| n.saturating_sub(self.stats.expanded)),
            report_every: limits.report_every,
            on_progress: limits.on_progress.as_deref_mut().map(|f| f as _),
            clock: limits.clock,
            threads: 1,
        }
    }

    /// The answer, its moves mapped back to the caller's goal.
    fn answer(&self, end: Result<Vec<Direction>, SolveOutcome>) -> Solution {
        let mut solution =
            Solution::unsolvable(Method::PatternDatabase, self.solvability.clone(), None);
        solution.stats = self.stats.clone();
        solution.stats.optimal = true;
        match end {
            Ok(moves) => {
                solution.outcome = SolveOutcome::Solved;
                solution.moves = self.relabel.moves_back(&moves);
            }
            Err(outcome) => solution.outcome = outcome,
        }
        solution
    }
}
