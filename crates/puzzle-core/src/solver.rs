//! The sliding puzzle as a search problem: compact states, incremental heuristics, and
//! [`solve`], which runs any algorithm of [`crate::search`] on it (callers go through
//! [`crate::solve_with`], which also reaches the specialised solvers). The method list
//! ([`Algorithm`], [`SolverConfig`]) and the answer ([`Solution`]) live below it, in
//! [`crate::method`] and [`crate::solution`]; they are re-exported here.

use std::hash::{Hash, Hasher};

use crate::board::{Board, Shape};
use crate::error::BoardError;
use crate::formula::Estimate;
use crate::heuristic::{Cells, Heuristic};
use crate::moves::Direction;
use crate::search::trace::{NoTrace, Observer};
use crate::search::{astar, bfs, dfs, greedy, idastar, Limits, Outcome, SearchResult, Stats};
use crate::solvability::{solvability, Solvability};

pub use crate::method::{Algorithm, Method, SolverConfig, DEFAULT_DEPTH_LIMIT};
pub use crate::solution::{Solution, SolveOutcome};

/// Solves `board` towards `goal` with the method in `config`, within `limits`.
///
/// Unsolvable boards are answered at once from parity. The only error is a size mismatch.
///
/// ```
/// use puzzle_core::{solve, Board, Goal, Limits, SolveOutcome, SolverConfig};
/// let board: Board = "6 1 7 3 0 4 5 8 2".parse().unwrap();
/// let goal = Goal::Snail.board(board.shape()).unwrap();
/// let config = SolverConfig::best_for(board.shape());
/// let solution = solve(&board, &goal, &config, &mut Limits::default()).unwrap();
/// assert_eq!(solution.outcome, SolveOutcome::Solved);
/// assert_eq!(solution.length(), Some(24));
/// assert_eq!(board.after(&solution.moves).unwrap(), goal);
/// ```
pub fn solve(
    board: &Board,
    goal: &Board,
    config: &SolverConfig,
    limits: &mut Limits,
) -> Result<Solution, BoardError> {
    let verdict = solvability(board, goal)?;
    Ok(solve_checked(board, goal, verdict, config, limits))
}

/// [`solve`] for a board whose parity verdict toward `goal` is known: `verdict` is
/// [`solvability`]`(board, goal)` (so the shapes match), computed once at the entry
/// ([`crate::dispatch`]); unsolvable boards are answered from it.
pub(crate) fn solve_checked(
    board: &Board,
    goal: &Board,
    verdict: Solvability,
    config: &SolverConfig,
    limits: &mut Limits,
) -> Solution {
    let method = Method::Search(*config);
    if !verdict.solvable {
        return Solution::unsolvable(method, verdict, None);
    }
    let guide = Guide::BuiltIn(Heuristic::new(config.heuristic, goal));
    run_on_store(board, goal, guide, config, limits).into_solution(method, verdict)
}

/// [`solve_checked`] for [`Method::Formula`]: `algorithm` guided by `estimate` (the method's
/// formula bound to `goal`), with the default depth limit.
pub(crate) fn solve_formula_checked(
    board: &Board,
    goal: &Board,
    verdict: Solvability,
    method: Method,
    estimate: Estimate,
    limits: &mut Limits,
) -> Solution {
    if !verdict.solvable {
        return Solution::unsolvable(method, verdict, None);
    }
    // The algorithm and depth limit; the guide, not `heuristic`, estimates.
    let config = SolverConfig {
        algorithm: method.algorithm(),
        ..SolverConfig::best_for(board.shape())
    };
    let guide = Guide::Formula(Box::new(estimate));
    run_on_store(board, goal, guide, &config, limits).into_solution(method, verdict)
}

/// Runs `config`'s algorithm (its heuristic is `guide`'s) on packed or wide states, whichever
/// fits the board.
fn run_on_store(
    board: &Board,
    goal: &Board,
    guide: Guide,
    config: &SolverConfig,
    limits: &mut Limits,
) -> Run {
    if board.cells().len() <= PACKED_CELLS {
        Puzzle::<Packed>::guided(board, goal, guide).run(config, limits, &mut NoTrace)
    } else {
        Puzzle::<Wide>::guided(board, goal, guide).run(config, limits, &mut NoTrace)
    }
}

/// What guides a search over the puzzle: a built-in heuristic, updated per move, or a formula,
/// worked out afresh on every board.
pub(crate) enum Guide {
    /// A built-in estimate.
    BuiltIn(Heuristic),
    /// A formula bound to the goal (boxed: it is many times a built-in's size).
    Formula(Box<Estimate>),
}

impl Guide {
    fn estimate<B: Cells + ?Sized>(&self, board: &B) -> u32 {
        match self {
            Guide::BuiltIn(heuristic) => heuristic.estimate(board),
            Guide::Formula(estimate) => estimate.estimate(board),
        }
    }

    /// The estimate of `child`, where `tile` slid from `from` to `to` on `parent` (estimated
    /// `before`).
    fn after_move<B: Cells + ?Sized>(
        &self,
        before: u32,
        parent: &B,
        child: &B,
        tile: u8,
        from: usize,
        to: usize,
    ) -> u32 {
        match self {
            Guide::BuiltIn(h) => h.after_move(before, parent, child, tile, from, to),
            Guide::Formula(estimate) => estimate.estimate(child),
        }
    }
}

/// Boards with at most this many cells are packed 4 bits a cell into a `u64`.
pub const PACKED_CELLS: usize = 16;

/// Storage of a board's tiles inside a search state.
pub(crate) trait Store: Cells + Clone + Eq + Hash {
    fn from_board(board: &Board) -> Self;
    /// The board these cells make (states are always valid boards).
    fn to_board(&self, shape: Shape) -> Board;
    /// Moves the tile at `from` into the blank at `blank`.
    fn slide(&mut self, blank: usize, from: usize);
}

/// [`Board::pack`]'s 4 bits a cell in one word: copying, comparing and hashing a state is one integer operation.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Packed(u64);

impl Cells for Packed {
    #[inline]
    fn tile_at(&self, cell: usize) -> u8 {
        ((self.0 >> (4 * cell)) & 0xF) as u8
    }
}

impl Store for Packed {
    fn from_board(board: &Board) -> Self {
        Packed(
            board
                .pack()
                .expect("packed states are used for boards of 16 cells at most"),
        )
    }

    fn to_board(&self, shape: Shape) -> Board {
        Board::unpack(shape, self.0).expect("a search state is a valid board")
    }

    #[inline]
    fn slide(&mut self, blank: usize, from: usize) {
        let tile = (self.0 >> (4 * from)) & 0xF;
        self.0 = (self.0 & !(0xF << (4 * from))) | (tile << (4 * blank));
    }
}

/// A byte a cell, for boards of more than 16 cells.
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct Wide(Box<[u8]>);

impl Cells for Wide {
    #[inline]
    fn tile_at(&self, cell: usize) -> u8 {
        self.0[cell]
    }
}

impl Store for Wide {
    fn from_board(board: &Board) -> Self {
        Wide(board.cells().into())
    }

    fn to_board(&self, shape: Shape) -> Board {
        let cells = self.0.iter().map(|&t| usize::from(t)).collect();
        Board::new(shape, cells).expect("a search state is a valid board")
    }

    fn slide(&mut self, blank: usize, from: usize) {
        self.0.swap(blank, from);
    }
}

/// A search state: the tiles, the blank's cell and the heuristic value (kept up to date
/// incrementally). Equality and hashing look at the tiles only.
#[derive(Clone)]
pub(crate) struct Node<S> {
    pub(crate) cells: S,
    blank: u8,
    h: u32,
}

impl<S: Store> PartialEq for Node<S> {
    fn eq(&self, other: &Self) -> bool {
        self.cells == other.cells
    }
}
impl<S: Store> Eq for Node<S> {}
impl<S: Store> Hash for Node<S> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.cells.hash(state);
    }
}

/// A board, its goal and heuristic, seen as a search problem.
pub(crate) struct Puzzle<S> {
    shape: Shape,
    start: Node<S>,
    goal: S,
    guide: Guide,
}

/// A finished search, with the path turned into the blank's moves.
pub(crate) struct Run {
    pub(crate) moves: Result<Vec<Direction>, SolveOutcome>,
    pub(crate) stats: Stats,
}

impl Run {
    /// The [`Solution`] of a generic search run as `method`. A search proves its answer
    /// shortest only with an estimate that never overestimates, which nothing checks for a
    /// formula ([`Method::Formula`]): its answers are not marked optimal (a board already at
    /// the goal needs no proof).
    pub(crate) fn into_solution(mut self, method: Method, verdict: Solvability) -> Solution {
        let (outcome, moves) = match self.moves {
            Ok(moves) => (SolveOutcome::Solved, moves),
            Err(outcome) => (outcome, Vec::new()),
        };
        if matches!(method, Method::Formula { .. }) {
            self.stats.optimal &= moves.is_empty();
        }
        Solution {
            outcome,
            moves,
            stats: self.stats,
            method,
            lower_bound: None,
            solvability: verdict,
        }
    }
}

impl<S: Store> Puzzle<S> {
    /// The puzzle of `board` toward `goal`, searched with `guide`.
    pub(crate) fn guided(board: &Board, goal: &Board, guide: Guide) -> Self {
        let start = Node {
            cells: S::from_board(board),
            blank: board.blank() as u8,
            h: guide.estimate(board),
        };
        Puzzle {
            shape: board.shape(),
            start,
            goal: S::from_board(goal),
            guide,
        }
    }

    /// The up to four boards one move away.
    fn children(&self, node: &Node<S>) -> impl Iterator<Item = Node<S>> {
        let blank = node.blank as usize;
        Direction::ALL
            .map(|direction| {
                let from = self.shape.neighbour(blank, direction)?;
                let tile = node.cells.tile_at(from);
                let mut cells = node.cells.clone();
                cells.slide(blank, from);
                let h = self
                    .guide
                    .after_move(node.h, &node.cells, &cells, tile, from, blank);
                Some(Node {
                    cells,
                    blank: from as u8,
                    h,
                })
            })
            .into_iter()
            .flatten()
    }

    pub(crate) fn run<O>(&self, config: &SolverConfig, limits: &mut Limits, observer: &mut O) -> Run
    where
        O: Observer<Node<S>, u32> + Observer<Node<S>, usize>,
    {
        let unit = |node: &Node<S>| self.children(node);
        let costed = |node: &Node<S>| self.children(node).map(|child| (child, 1u32));
        let h = |node: &Node<S>| node.h;
        let done = |node: &Node<S>| node.cells == self.goal;
        let start = &self.start;
        let depth = config.depth_limit;
        match config.algorithm {
            Algorithm::Bfs => self.moves(bfs::bfs_traced(start, unit, done, limits, observer)),
            Algorithm::Dfs => {
                self.moves(dfs::dfs_traced(start, unit, done, depth, limits, observer))
            }
            Algorithm::Iddfs => self.moves(dfs::iddfs_traced(
                start, unit, done, depth, limits, observer,
            )),
            Algorithm::Greedy => self.moves(greedy::greedy_traced(
                start, costed, h, done, limits, observer,
            )),
            Algorithm::AStar => self.moves(astar::astar_traced(
                start, costed, h, done, limits, observer,
            )),
            Algorithm::IdaStar => self.moves(idastar::idastar_traced(
                start, costed, h, done, limits, observer,
            )),
        }
    }

    /// Turns a path of states into the blank's moves.
    fn moves<C>(&self, result: SearchResult<Node<S>, C>) -> Run {
        let moves = match result.outcome {
            Outcome::Found { path, .. } => Ok(path
                .windows(2)
                .map(|pair| self.direction(pair[0].blank, pair[1].blank))
                .collect()),
            Outcome::NoSolution => Err(SolveOutcome::NotFound),
            Outcome::BudgetExhausted => Err(SolveOutcome::BudgetExhausted),
            Outcome::Cancelled => Err(SolveOutcome::Cancelled),
        };
        Run {
            moves,
            stats: result.stats,
        }
    }

    fn direction(&self, from: u8, to: u8) -> Direction {
        self.shape
            .direction_between(from as usize, to as usize)
            .expect("consecutive states differ by one move")
    }
}
