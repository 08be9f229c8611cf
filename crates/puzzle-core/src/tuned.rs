//! IDA* tuned for the sliding puzzle with additive pattern databases.
//!
//! The board is a 16-byte array plus a packed `u64` for the goal test; the blank's moves come
//! from a precomputed neighbour table; the move that would undo the previous one is never
//! generated; after a move only the table of the moved tile is looked up again (and, with the
//! reflection, the table of its reflected label); the path is a preallocated buffer. No
//! allocation, hashing or board copy happens in the inner loop.
//!
//! The search visits children in [`Direction::ALL`] order and counts exactly like the generic
//! [`crate::search::idastar::idastar`] (an expansion per node whose children are generated, a
//! generated node per child other than the parent): with the same heuristic both report the
//! same statistics, which the tests check.

use crate::board::Board;
use crate::error::BoardError;
use crate::method::Method;
use crate::moves::Direction;
use crate::pdb::{AdditivePdb, PatternTable};
use crate::search::{Limits, Meter, Outcome, Stop};
use crate::solvability::solvability;
use crate::solver::{Solution, SolveOutcome};

/// Options of the tuned search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TunedConfig {
    /// Also look the reflected board up and take the larger estimate (when the goal has a
    /// reflection, see [`crate::pdb::Reflection`]).
    pub reflection: bool,
}

impl Default for TunedConfig {
    fn default() -> Self {
        TunedConfig { reflection: true }
    }
}

/// Solves `board` optimally towards the goal of `pdb` with IDA* on the database's estimate.
///
/// The [`Solution`] names [`Method::PatternDatabase`]; `stats.optimal` is true. Unsolvable boards
/// are answered from parity without search. The only error is a size mismatch.
///
/// ```
/// use puzzle_core::pdb::{AdditivePdb, Partition};
/// use puzzle_core::tuned::{solve_pdb, TunedConfig};
/// use puzzle_core::{Board, Goal, Limits, SolveOutcome};
/// let board: Board = "8 6 7 2 5 4 3 0 1".parse().unwrap();
/// let goal = Goal::Standard.board(board.shape()).unwrap();
/// let pdb = AdditivePdb::build(&goal, &Partition::by_reading_order(&goal, &[4, 4]).unwrap(),
///     &mut Limits::default()).unwrap();
/// let solution = solve_pdb(&board, &pdb, &TunedConfig::default(), &mut Limits::default()).unwrap();
/// assert_eq!(solution.outcome, SolveOutcome::Solved);
/// assert_eq!(solution.length(), Some(31));
/// assert_eq!(board.after(&solution.moves).unwrap(), goal);
/// ```
pub fn solve_pdb(
    board: &Board,
    pdb: &AdditivePdb,
    config: &TunedConfig,
    limits: &mut Limits,
) -> Result<Solution, BoardError> {
    let verdict = solvability(board, pdb.goal())?;
    let mut solution = Solution {
        outcome: SolveOutcome::Unsolvable,
        moves: Vec::new(),
        stats: Default::default(),
        method: Method::PatternDatabase,
        lower_bound: None,
        solvability: verdict,
    };
    if !solution.solvability.solvable {
        return Ok(solution);
    }
    let mut search = Search::new(board, pdb, config.reflection);
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
    Ok(solution)
}

const NONE: u8 = u8::MAX;
/// No previous move: `NO_MOVE ^ 1` matches no direction.
const NO_MOVE: u8 = 4;

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
    hd: u32,
    hr: u32,
    path: Vec<u8>,
    next_bound: u32,
}

fn pack(cells: &[u8]) -> u64 {
    cells
        .iter()
        .enumerate()
        .fold(0, |word, (cell, &tile)| word | (tile as u64) << (4 * cell))
}

impl<'p> Search<'p> {
    fn new(board: &Board, pdb: &'p AdditivePdb, reflect: bool) -> Search<'p> {
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
            hd: 0,
            hr: 0,
            path: Vec::with_capacity(256),
            next_bound: u32::MAX,
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
        for (g, table) in search.tables.iter().enumerate() {
            search.val[g] = table.value(&search.pos[g]);
            search.hd += u32::from(search.val[g]);
            if search.reflect {
                search.rval[g] = table.value(&search.rpos[g]);
                search.hr += u32::from(search.rval[g]);
            }
        }
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
            if self.packed == self.goal_packed {
                return Ok(true);
            }
            meter.expand(0)?;
            meter.frontier(1);
            self.next_bound = u32::MAX;
            if self.dfs(0, bound, NO_MOVE, meter)? {
                return Ok(true);
            }
            if self.next_bound == u32::MAX {
                return Ok(false);
            }
            bound = self.next_bound;
        }
    }

    /// Generates the children of the current node (at depth `g`, reached by `last`).
    fn dfs(&mut self, g: u32, bound: u32, last: u8, meter: &mut Meter) -> Result<bool, Stop> {
        let blank = self.blank;
        for d in 0..4u8 {
            if d == last ^ 1 {
                continue;
            }
            let to = self.moves[blank as usize][d as usize];
            if to == NONE {
                continue;
            }
            meter.generated(1);
            let undo = self.slide(to, blank);
            let f = g + 1 + self.h();
            if f > bound {
                self.next_bound = self.next_bound.min(f);
                self.unslide(to, blank, undo);
                continue;
            }
            self.path.push(d);
            if self.hd == 0 && self.packed == self.goal_packed {
                return Ok(true);
            }
            meter.expand(g as usize + 1)?;
            meter.frontier(g as usize + 2);
            if self.dfs(g + 1, bound, d, meter)? {
                return Ok(true);
            }
            self.path.pop();
            self.unslide(to, blank, undo);
        }
        Ok(false)
    }

    /// Moves the tile at `from` into the blank at `blank`, updating the two sums; returns the
    /// previous table entries for [`Search::unslide`].
    #[inline]
    fn slide(&mut self, from: u8, blank: u8) -> (u8, u8) {
        let tile = self.cells[from as usize];
        self.cells[blank as usize] = tile;
        self.cells[from as usize] = 0;
        self.blank = from;
        let t = u64::from(tile);
        self.packed = self.packed & !(0xF << (4 * from)) | t << (4 * blank);
        let mut old = (0, 0);
        let g = self.group_of[tile as usize];
        if g != NONE {
            let g = g as usize;
            self.pos[g][self.slot_of[tile as usize] as usize] = blank;
            let value = self.tables[g].value(&self.pos[g]);
            old.0 = self.val[g];
            self.val[g] = value;
            self.hd = self.hd + u32::from(value) - u32::from(old.0);
        }
        if self.reflect {
            let g = self.rgroup_of[tile as usize];
            if g != NONE {
                let g = g as usize;
                self.rpos[g][self.rslot_of[tile as usize] as usize] = self.sigma[blank as usize];
                let value = self.tables[g].value(&self.rpos[g]);
                old.1 = self.rval[g];
                self.rval[g] = value;
                self.hr = self.hr + u32::from(value) - u32::from(old.1);
            }
        }
        old
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
        let g = self.group_of[tile as usize];
        if g != NONE {
            let g = g as usize;
            self.pos[g][self.slot_of[tile as usize] as usize] = from;
            self.hd = self.hd + u32::from(old.0) - u32::from(self.val[g]);
            self.val[g] = old.0;
        }
        if self.reflect {
            let g = self.rgroup_of[tile as usize];
            if g != NONE {
                let g = g as usize;
                self.rpos[g][self.rslot_of[tile as usize] as usize] = self.sigma[from as usize];
                self.hr = self.hr + u32::from(old.1) - u32::from(self.rval[g]);
                self.rval[g] = old.1;
            }
        }
    }
}
