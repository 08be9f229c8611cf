//! IDA* tuned for the sliding puzzle with additive pattern databases.
//!
//! The board is a 16-byte array plus a packed `u64` for the goal test; the blank's moves come
//! from a precomputed neighbour table; the move that would undo the previous one is never
//! generated; after a move only the table of the moved tile is looked up again (and, with the
//! reflection, the table of its reflected label); the path is a preallocated buffer. No
//! allocation, hashing or board copy happens in the inner loop.
//!
//! Two exact refinements are on by default ([`TunedOptions`]): moves that complete a redundant
//! sequence of blank moves are not generated ([`crate::pruning`]), and the children within the bound
//! are searched smallest estimate first. On Korf's 100 instances with the 7-7-1 tables they take
//! the mean from 99,158 nodes generated to 69,037 (pruning) and 58,998 (both).
//!
//! Counting: an expansion per node whose children are generated, a generated node per child
//! produced (a move refused by the pruning, like the undo move, produces none). With pruning and
//! ordering off, the search visits children in [`Direction::ALL`] order and reports exactly the
//! statistics of the generic [`crate::search::idastar::idastar`] with the same heuristic, which
//! the tests check. [`parallel`] splits iterations into independent work items for threads or
//! web workers.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::board::Board;
use crate::error::BoardError;
use crate::method::Method;
use crate::moves::Direction;
use crate::pdb::{AdditivePdb, PatternTable};
use crate::search::{Limits, Meter, Outcome, Stop};
use crate::solution::{Solution, SolveOutcome};
use crate::solvability::{solvability, Solvability};

pub mod parallel;
pub mod stepped;

use crate::pruning::MovePruning;

/// Options of the tuned search; the default turns every one on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TunedOptions {
    /// Also look the reflected board up and take the larger estimate (when the goal has a
    /// reflection, see [`crate::pdb::Reflection`]).
    pub reflection: bool,
    /// Refuse the moves that complete a redundant sequence of blank moves
    /// ([`crate::pruning::MovePruning`], built once per database on first use), besides the move that
    /// undoes the previous one. Exact; it changes which nodes are generated (fewer), so the
    /// counts are no longer those of the generic IDA*.
    pub prune_redundant: bool,
    /// Search the children within the bound smallest estimate first. Only the last iteration
    /// changes (the solution tends to come sooner); it costs a second update of the estimate
    /// for each child searched.
    pub order_children: bool,
}

impl Default for TunedOptions {
    fn default() -> Self {
        TunedOptions {
            reflection: true,
            prune_redundant: true,
            order_children: true,
        }
    }
}

/// Solves `board` optimally towards the goal of `pdb` with IDA* on the database's estimate,
/// with `options` (all on by default); with `prune_redundant` and `order_children` off it
/// generates exactly the nodes of the generic [`crate::search::idastar::idastar`] on the same
/// estimate.
///
/// The [`Solution`] names [`Method::PatternDatabase`]; `stats.optimal` is true. Unsolvable boards
/// are answered from parity without search. The only error is a size mismatch.
///
/// ```
/// use puzzle_core::pdb::{AdditivePdb, Partition};
/// use puzzle_core::tuned::{solve_pdb, TunedOptions};
/// use puzzle_core::{Board, Goal, Limits, SolveOutcome};
/// let board: Board = "8 6 7 2 5 4 3 0 1".parse().unwrap();
/// let goal = Goal::Standard.board(board.shape()).unwrap();
/// let pdb = AdditivePdb::build(&goal, &Partition::by_reading_order(&goal, &[4, 4]).unwrap(),
///     &mut Limits::default()).unwrap();
/// let solution = solve_pdb(&board, &pdb, &TunedOptions::default(), &mut Limits::default()).unwrap();
/// assert_eq!(solution.outcome, SolveOutcome::Solved);
/// assert_eq!(solution.length(), Some(31));
/// assert_eq!(board.after(&solution.moves).unwrap(), goal);
/// ```
pub fn solve_pdb(
    board: &Board,
    pdb: &AdditivePdb,
    options: &TunedOptions,
    limits: &mut Limits,
) -> Result<Solution, BoardError> {
    let verdict = solvability(board, pdb.goal())?;
    Ok(solve_pdb_checked(board, pdb, verdict, options, limits))
}

/// Whether `board` (of the tables' shape, able to reach their goal) reaches the goal of `pdb`
/// in at most `bound` moves: one IDA* iteration at that bound, every option of
/// [`TunedOptions`] on. A board's distance differs from a neighbour's by exactly one, so
/// where the neighbour's is known one such iteration tells it
/// ([`crate::known::fewest_moves_beside`]), without the iterations below it or above it.
pub(crate) fn reaches_within(board: &Board, pdb: &AdditivePdb, bound: u32) -> bool {
    let mut search = Search::new(board, pdb, &TunedOptions::default());
    let mut limits = Limits::default();
    let mut meter = Meter::new(&mut limits, true);
    matches!(search.iteration(bound, &mut meter), Ok(Some(true)))
}

/// [`solve_pdb`] for a board whose parity verdict toward the tables' goal is known:
/// `verdict` is [`solvability`]`(board, pdb.goal())`, or that of a problem a relabelling made
/// this one of (the same `solvable`), computed once at the entry ([`crate::dispatch`]).
pub(crate) fn solve_pdb_checked(
    board: &Board,
    pdb: &AdditivePdb,
    verdict: Solvability,
    options: &TunedOptions,
    limits: &mut Limits,
) -> Solution {
    let mut solution = Solution::unsolvable(Method::PatternDatabase, verdict, None);
    if !solution.solvability.solvable {
        return solution;
    }
    let mut search = Search::new(board, pdb, options);
    let mut meter = Meter::new(limits, true);
    let outcome = search.run(&mut meter);
    solution.stats = meter.finish::<(), u32>(Outcome::NoSolution).stats;
    match outcome {
        Ok(true) => {
            solution.outcome = SolveOutcome::Solved;
            solution.moves = search
                .path
                .iter()
                .map(|&d| Direction::ALL[d as usize])
                .collect();
        }
        Ok(false) => solution.outcome = SolveOutcome::NotFound,
        Err(Stop::Budget) => solution.outcome = SolveOutcome::BudgetExhausted,
        Err(Stop::Cancelled) => solution.outcome = SolveOutcome::Cancelled,
    }
    solution
}

const NONE: u8 = u8::MAX;
/// No previous move: `NO_MOVE ^ 1` matches no direction.
const NO_MOVE: u8 = 4;

/// What [`Search::child`] did with one direction.
enum Child {
    /// No child there, or one beyond the bound (already moved back).
    Skipped,
    /// The child is the goal (its move is on the path).
    Solved,
    /// The child is within the bound and is now the current node: the blank went to `to`,
    /// `undo` moves it back, `state` is the pruning automaton's state there.
    Entered { to: u8, undo: (u8, u8), state: u32 },
}

/// The mutable state of one search.
struct Search<'p> {
    tables: &'p [PatternTable],
    /// `moves[cell][d]`: where the blank goes in direction `Direction::ALL[d]`, or `NONE`.
    moves: [[u8; 4]; 16],
    cells: [u8; 16],
    blank: u8,
    packed: u64,
    goal_packed: u64,
    /// Per tile: its table and slot (`NONE` when in no table).
    group_of: [u8; 16],
    slot_of: [u8; 16],
    /// Per tile: the table and slot of its reflected label, and the reflection of cells.
    reflect: bool,
    rgroup_of: [u8; 16],
    rslot_of: [u8; 16],
    sigma: [u8; 16],
    /// Cells of each table's tiles, on the board and on the reflected board.
    pos: [[u8; 16]; 16],
    rpos: [[u8; 16]; 16],
    /// Each table's entry and their sums, direct and reflected.
    val: [u8; 16],
    rval: [u8; 16],
    /// Manhattan distance of each table's tiles, on the board and on the reflected board (the
    /// reflection preserves distances, so a move changes both by the same amount).
    md: [u8; 16],
    rmd: [u8; 16],
    /// `dist[tile][cell]`: Manhattan distance from `cell` to the goal cell of `tile`.
    dist: [[u8; 16]; 16],
    hd: u32,
    hr: u32,
    path: Vec<u8>,
    next_bound: u32,
    /// The move-pruning automaton and the state of the current node.
    pruning: &'p MovePruning,
    state: u32,
    /// Search the children smallest estimate first ([`Search::dfs_ordered`]).
    order: bool,
    /// Nodes generated by this search, to size iterations (the meter holds the reported count).
    generated: u64,
    /// The board the search starts from.
    start: Board,
    /// Set by another thread to stop this search (cancellation, or a solution found elsewhere).
    stop: Option<&'p AtomicBool>,
}

fn pack(cells: &[u8]) -> u64 {
    cells
        .iter()
        .enumerate()
        .fold(0, |word, (cell, &tile)| word | (tile as u64) << (4 * cell))
}

impl<'p> Search<'p> {
    fn new(board: &Board, pdb: &'p AdditivePdb, options: &TunedOptions) -> Search<'p> {
        let reflect = options.reflection;
        let shape = board.shape();
        let n = shape.cells();
        let mut moves = [[NONE; 4]; 16];
        for (cell, row) in moves.iter_mut().enumerate().take(n) {
            for (d, &direction) in Direction::ALL.iter().enumerate() {
                if let Some(to) = shape.neighbour(cell, direction) {
                    row[d] = to as u8;
                }
            }
        }
        let mut cells = [0u8; 16];
        cells[..n].copy_from_slice(board.cells());
        let reflection = pdb.reflection().filter(|_| reflect);
        let mut search = Search {
            tables: pdb.tables(),
            moves,
            cells,
            blank: board.blank() as u8,
            packed: pack(board.cells()),
            goal_packed: pack(pdb.goal().cells()),
            group_of: [NONE; 16],
            slot_of: [0; 16],
            reflect: reflection.is_some(),
            rgroup_of: [NONE; 16],
            rslot_of: [0; 16],
            sigma: [0; 16],
            pos: [[0; 16]; 16],
            rpos: [[0; 16]; 16],
            val: [0; 16],
            rval: [0; 16],
            md: [0; 16],
            rmd: [0; 16],
            dist: [[0; 16]; 16],
            hd: 0,
            hr: 0,
            path: Vec::with_capacity(256),
            next_bound: u32::MAX,
            pruning: if options.prune_redundant {
                pdb.move_pruning()
            } else {
                pdb.no_move_pruning()
            },
            state: 0,
            order: options.order_children,
            generated: 0,
            start: board.clone(),
            stop: None,
        };
        for tile in 0..n as u8 {
            if let Some((g, s)) = pdb.group_of(tile) {
                search.group_of[tile as usize] = g as u8;
                search.slot_of[tile as usize] = s as u8;
            }
            if let Some(r) = reflection {
                if let Some((g, s)) = pdb.group_of(r.tile(tile)) {
                    search.rgroup_of[tile as usize] = g as u8;
                    search.rslot_of[tile as usize] = s as u8;
                }
            }
        }
        if let Some(r) = reflection {
            for cell in 0..n {
                search.sigma[cell] = r.cell(cell) as u8;
            }
        }
        for (cell, &tile) in board.cells().iter().enumerate() {
            let g = search.group_of[tile as usize];
            if g != NONE {
                search.pos[g as usize][search.slot_of[tile as usize] as usize] = cell as u8;
            }
            let g = search.rgroup_of[tile as usize];
            if g != NONE {
                search.rpos[g as usize][search.rslot_of[tile as usize] as usize] =
                    search.sigma[cell];
            }
        }
        for (cell, &tile) in pdb.goal().cells().iter().enumerate() {
            for other in 0..n {
                search.dist[tile as usize][other] = shape.distance(cell, other) as u8;
            }
        }
        for (g, table) in search.tables.iter().enumerate() {
            search.md[g] = table.manhattan(&search.pos[g]);
            search.rmd[g] = table.manhattan(&search.rpos[g]);
            search.val[g] = table.value(&search.pos[g]);
            search.hd += u32::from(search.val[g]);
            if search.reflect {
                search.rval[g] = table.value(&search.rpos[g]);
                search.hr += u32::from(search.rval[g]);
            }
        }
        search.state = search.pruning.root(board.blank());
        search
    }

    #[inline]
    fn h(&self) -> u32 {
        self.hd.max(self.hr)
    }

    /// Iterations of growing bound until a solution (`true`), exhaustion or a stop.
    fn run(&mut self, meter: &mut Meter) -> Result<bool, Stop> {
        let mut bound = self.h();
        loop {
            meter.iteration(f64::from(bound));
            match self.iteration(bound, meter)? {
                Some(true) => return Ok(true),
                Some(false) => return Ok(false),
                None => bound = self.next_bound,
            }
        }
    }

    /// One iteration from the start at `bound`: `Some(true)` if solved (the moves in
    /// `self.path`), `Some(false)` if nothing lies beyond the bound, `None` to go on with
    /// `self.next_bound`.
    fn iteration(&mut self, bound: u32, meter: &mut Meter) -> Result<Option<bool>, Stop> {
        if self.packed == self.goal_packed {
            return Ok(Some(true));
        }
        self.next_bound = u32::MAX;
        if self.subtree(bound, meter)? {
            return Ok(Some(true));
        }
        Ok((self.next_bound == u32::MAX).then_some(false))
    }

    /// Searches below the current node (reached by `self.path`, not the goal) at `bound`:
    /// expands it and recurses. Lowers `self.next_bound`; `true` if a solution was found.
    fn subtree(&mut self, bound: u32, meter: &mut Meter) -> Result<bool, Stop> {
        let g = self.path.len();
        self.check_stop()?;
        meter.expand(g)?;
        meter.frontier(g + 1);
        let last = self.path.last().copied().unwrap_or(NO_MOVE);
        if self.order {
            self.dfs_ordered(g as u32, bound, last, self.state, meter)
        } else {
            self.dfs(g as u32, bound, last, self.state, meter)
        }
    }

    #[inline]
    fn check_stop(&self) -> Result<(), Stop> {
        match self.stop {
            Some(flag) if flag.load(Ordering::Relaxed) => Err(Stop::Cancelled),
            _ => Ok(()),
        }
    }

    /// The step [`Search::dfs`] and [`Search::split_dfs`] share: moves the blank of the
    /// current node (at depth `g`, reached by `last`, automaton state `state`) in direction
    /// `d` unless that undoes `last`, leaves the board or is pruned; counts the child; if its
    /// estimate exceeds `bound`, lowers `self.next_bound` and moves back. A child within the
    /// bound is entered (its move pushed on the path).
    #[inline(always)]
    fn child(
        &mut self,
        g: u32,
        bound: u32,
        last: u8,
        state: u32,
        d: u8,
        meter: &mut Meter,
    ) -> Child {
        if d == last ^ 1 {
            return Child::Skipped;
        }
        let blank = self.blank;
        let to = self.moves[blank as usize][d as usize];
        if to == NONE {
            return Child::Skipped;
        }
        let child_state = self.pruning.step(state, d);
        if child_state == MovePruning::PRUNED {
            return Child::Skipped;
        }
        meter.generated(1);
        self.generated += 1;
        let undo = self.slide(to, blank);
        let f = g + 1 + self.h();
        if f > bound {
            self.next_bound = self.next_bound.min(f);
            self.unslide(to, blank, undo);
            return Child::Skipped;
        }
        self.path.push(d);
        if self.hd == 0 && self.packed == self.goal_packed {
            return Child::Solved;
        }
        Child::Entered {
            to,
            undo,
            state: child_state,
        }
    }

    /// Generates the children of the current node (at depth `g`, reached by `last`).
    fn dfs(
        &mut self,
        g: u32,
        bound: u32,
        last: u8,
        state: u32,
        meter: &mut Meter,
    ) -> Result<bool, Stop> {
        let blank = self.blank;
        for d in 0..4u8 {
            let (to, undo, child_state) = match self.child(g, bound, last, state, d, meter) {
                Child::Skipped => continue,
                Child::Solved => return Ok(true),
                Child::Entered { to, undo, state } => (to, undo, state),
            };
            self.check_stop()?;
            meter.expand(g as usize + 1)?;
            meter.frontier(g as usize + 2);
            if self.dfs(g + 1, bound, d, child_state, meter)? {
                return Ok(true);
            }
            self.path.pop();
            self.unslide(to, blank, undo);
        }
        Ok(false)
    }

    /// Like [`Search::dfs`], but generates all the children first and searches those within
    /// the bound smallest estimate first (ties in [`Direction::ALL`] order): the same nodes in
    /// every iteration but the last, where the solution tends to come sooner.
    fn dfs_ordered(
        &mut self,
        g: u32,
        bound: u32,
        last: u8,
        state: u32,
        meter: &mut Meter,
    ) -> Result<bool, Stop> {
        let blank = self.blank;
        // (f, direction, cell the blank goes to, automaton state, new table entries), at most
        // 3 (never undo).
        let mut children = [(0u32, 0u8, 0u8, 0u32, (0u8, 0u8)); 4];
        let mut count = 0;
        for d in 0..4u8 {
            if d == last ^ 1 {
                continue;
            }
            let to = self.moves[blank as usize][d as usize];
            if to == NONE {
                continue;
            }
            let child_state = self.pruning.step(state, d);
            if child_state == MovePruning::PRUNED {
                continue;
            }
            meter.generated(1);
            self.generated += 1;
            let (undo, entries) = self.slide_with(to, blank, None);
            let f = g + 1 + self.h();
            if f > bound {
                self.next_bound = self.next_bound.min(f);
            } else if self.hd == 0 && self.packed == self.goal_packed {
                self.path.push(d);
                return Ok(true);
            } else {
                children[count] = (f, d, to, child_state, entries);
                count += 1;
            }
            self.unslide(to, blank, undo);
        }
        let children = &mut children[..count];
        children.sort_unstable_by_key(|&(f, d, _, _, _)| (f, d));
        for &(_, d, to, child_state, entries) in children.iter() {
            // The entries were read above: moving again costs no table lookup.
            let (undo, _) = self.slide_with(to, blank, Some(entries));
            self.path.push(d);
            self.check_stop()?;
            meter.expand(g as usize + 1)?;
            meter.frontier(g as usize + 2);
            if self.dfs_ordered(g + 1, bound, d, child_state, meter)? {
                return Ok(true);
            }
            self.path.pop();
            self.unslide(to, blank, undo);
        }
        Ok(false)
    }

    /// Like [`Search::dfs`] down to depth `depth`, where the nodes within the bound are
    /// collected (as their paths) instead of searched; `true` if a solution was met first.
    fn split_dfs(
        &mut self,
        g: u32,
        bound: u32,
        depth: u32,
        items: &mut Vec<Vec<u8>>,
        meter: &mut Meter,
    ) -> Result<bool, Stop> {
        let blank = self.blank;
        let last = self.path.last().copied().unwrap_or(NO_MOVE);
        let state = self.state;
        for d in 0..4u8 {
            let (to, undo, child_state) = match self.child(g, bound, last, state, d, meter) {
                Child::Skipped => continue,
                Child::Solved => return Ok(true),
                Child::Entered { to, undo, state } => (to, undo, state),
            };
            if g + 1 == depth {
                items.push(self.path.clone());
            } else {
                meter.expand(g as usize + 1)?;
                meter.frontier(g as usize + 2);
                self.state = child_state;
                let found = self.split_dfs(g + 1, bound, depth, items, meter)?;
                self.state = state;
                if found {
                    return Ok(true);
                }
            }
            self.path.pop();
            self.unslide(to, blank, undo);
        }
        Ok(false)
    }

    /// Goes back to the start along the path (the blank retraces its moves).
    fn reset(&mut self) {
        while let Some(d) = self.path.pop() {
            let back = self.moves[self.blank as usize][(d ^ 1) as usize];
            let blank = self.blank;
            self.slide(back, blank);
        }
        self.state = self.pruning.root(self.blank as usize);
    }

    /// Plays `moves` (direction indices) from the current node, checking each is legal.
    fn follow(&mut self, moves: &[u8]) -> bool {
        for &d in moves {
            let Some(&to) = self.moves[self.blank as usize].get(d as usize) else {
                return false;
            };
            if to == NONE {
                return false;
            }
            let blank = self.blank;
            self.slide(to, blank);
            self.path.push(d);
            // A prefix the automaton refuses (not one a split makes) restarts it: that prunes
            // less, which is always safe.
            self.state = match self.pruning.step(self.state, d) {
                MovePruning::PRUNED => self.pruning.root(to as usize),
                next => next,
            };
        }
        true
    }

    /// Moves the tile at `from` into the blank at `blank`, updating the two sums; returns the
    /// previous table entries for [`Search::unslide`].
    #[inline]
    fn slide(&mut self, from: u8, blank: u8) -> (u8, u8) {
        self.slide_with(from, blank, None).0
    }

    /// [`Search::slide`], taking the new entries of the moved tile's tables from `known` (as
    /// returned by an earlier call for the same move) instead of the tables; returns the
    /// previous entries and the new ones.
    #[inline]
    fn slide_with(&mut self, from: u8, blank: u8, known: Option<(u8, u8)>) -> ((u8, u8), (u8, u8)) {
        let tile = self.cells[from as usize];
        self.cells[blank as usize] = tile;
        self.cells[from as usize] = 0;
        self.blank = from;
        let t = u64::from(tile);
        self.packed = self.packed & !(0xF << (4 * from)) | t << (4 * blank);
        let (mut old, mut new) = ((0, 0), (0, 0));
        let distances = &self.dist[tile as usize];
        let step = distances[blank as usize].wrapping_sub(distances[from as usize]);
        let g = self.group_of[tile as usize];
        if g != NONE {
            let g = g as usize;
            self.pos[g][self.slot_of[tile as usize] as usize] = blank;
            self.md[g] = self.md[g].wrapping_add(step);
            let value = match known {
                Some((value, _)) => value,
                None => self.tables[g].value_with_manhattan(&self.pos[g], self.md[g]),
            };
            old.0 = self.val[g];
            new.0 = value;
            self.val[g] = value;
            self.hd = self.hd + u32::from(value) - u32::from(old.0);
        }
        if self.reflect {
            let g = self.rgroup_of[tile as usize];
            if g != NONE {
                let g = g as usize;
                self.rpos[g][self.rslot_of[tile as usize] as usize] = self.sigma[blank as usize];
                self.rmd[g] = self.rmd[g].wrapping_add(step);
                let value = match known {
                    Some((_, value)) => value,
                    None => self.tables[g].value_with_manhattan(&self.rpos[g], self.rmd[g]),
                };
                old.1 = self.rval[g];
                new.1 = value;
                self.rval[g] = value;
                self.hr = self.hr + u32::from(value) - u32::from(old.1);
            }
        }
        (old, new)
    }

    /// Undoes [`Search::slide`]: the tile goes back from `blank` to `from`.
    #[inline]
    fn unslide(&mut self, from: u8, blank: u8, old: (u8, u8)) {
        let tile = self.cells[blank as usize];
        self.cells[from as usize] = tile;
        self.cells[blank as usize] = 0;
        self.blank = blank;
        let t = u64::from(tile);
        self.packed = self.packed & !(0xF << (4 * blank)) | t << (4 * from);
        let distances = &self.dist[tile as usize];
        let step = distances[from as usize].wrapping_sub(distances[blank as usize]);
        let g = self.group_of[tile as usize];
        if g != NONE {
            let g = g as usize;
            self.pos[g][self.slot_of[tile as usize] as usize] = from;
            self.md[g] = self.md[g].wrapping_add(step);
            self.hd = self.hd + u32::from(old.0) - u32::from(self.val[g]);
            self.val[g] = old.0;
        }
        if self.reflect {
            let g = self.rgroup_of[tile as usize];
            if g != NONE {
                let g = g as usize;
                self.rpos[g][self.rslot_of[tile as usize] as usize] = self.sigma[from as usize];
                self.rmd[g] = self.rmd[g].wrapping_add(step);
                self.hr = self.hr + u32::from(old.1) - u32::from(self.rval[g]);
                self.rval[g] = old.1;
            }
        }
    }
}
