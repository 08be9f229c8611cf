//! The one entry point: [`solve_with`] runs any [`Method`] on a board as its [`SolveOptions`]
//! say (the [`Tables`] the caller lends, where the anytime method starts, its lane), telling
//! each shorter answer on the way. It sits above every solver and dispatches to them; the
//! command line, the web worker and the page call it.

use crate::anytime::{
    solve_anytime_checked, AnytimeConfig, BigTables, Guides, LaneOf, Settings, WholeTables,
};
use crate::board::Board;
use crate::error::BoardError;
use crate::method::{Method, SolveError, TableKind};
use crate::moves::Direction;
use crate::pdb::AdditivePdb;
use crate::relabel::{canonical_goal, Relabel};
use crate::search::Limits;
use crate::solution::Solution;
use crate::solvability::{solvability, Solvability};
use crate::solver::{solve_checked, solve_formula_checked};
use crate::suboptimal::{solve_staged_checked, Approximate, StagedConfig};
use crate::tuned::parallel::{solve_pdb_parallel_checked, ParallelConfig};
use crate::tuned::{solve_pdb_checked, TunedOptions};

/// Tables lent to [`solve_with`]: each method takes what it needs.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tables<'a> {
    /// Pattern databases for the goal, for [`Method::PatternDatabase`].
    pub pattern_db: Option<&'a AdditivePdb>,
    /// Big-board tables for the goal, for [`Method::Anytime`].
    pub big_board: Option<&'a BigTables>,
    /// Whole-board tables for [`Method::Anytime`] on boards larger than 5x5 (used when they
    /// lead to the goal the solve works toward; see [`crate::anytime::Guides`]).
    pub whole_board: Option<&'a WholeTables>,
}

/// How [`solve_with`] runs: the method, the tables it is lent, and, for the anytime method,
/// where it starts and which lane of a solve run side by side it is. Other methods ignore
/// `start` and `lane`.
#[derive(Clone, Copy, Debug)]
pub struct SolveOptions<'a> {
    /// The method.
    pub method: &'a Method,
    /// Tables lent to the method: each takes what it needs.
    pub tables: Tables<'a>,
    /// Moves solving the board (an earlier run's answer, say; [`AnytimeConfig::start`]) that
    /// the anytime method starts from: so a solve can run in slices that continue one
    /// another, and its answer is never longer than `start`.
    pub start: Option<&'a [Direction]>,
    /// Which run this is of several runs of one solve the caller starts side by side itself
    /// (the web page's two workers, each on one thread): the anytime method makes that lane's
    /// draws ([`AnytimeConfig::lane`]), so the runs' answers differ and the caller keeps the
    /// shortest. The default is run 0 of 1, a plain run.
    pub lane: LaneOf,
}

impl<'a> SolveOptions<'a> {
    /// `method` with no tables, from the board, as a plain run.
    pub fn new(method: &'a Method) -> SolveOptions<'a> {
        SolveOptions {
            method,
            tables: Tables::default(),
            start: None,
            lane: LaneOf::default(),
        }
    }

    /// These options with `tables`.
    pub fn with_tables(self, tables: Tables<'a>) -> SolveOptions<'a> {
        SolveOptions { tables, ..self }
    }
}

/// Solves `board` towards `goal` as `options` say, within `limits`: the one entry point callers
/// use. `on_improve` is told each strictly shorter solution an improving method
/// ([`Method::Anytime`]) finds before its final answer, the first one included; other methods
/// find one answer and do not call it.
///
/// Unsolvable boards are answered from parity without searching. The [`Solution`] names the
/// method and, when the method does not prove its answer optimal, carries a lower bound.
///
/// ```
/// use puzzle_core::{solve_with, Board, Goal, Limits, Method, SolveOptions};
/// let board: Board = "6 1 7 3 0 4 5 8 2".parse().unwrap();
/// let goal = Goal::Snail.board(board.shape()).unwrap();
/// let method = Method::default_for(board.shape());
/// let options = SolveOptions::new(&method);
/// let solution = solve_with(&board, &goal, &options, &mut Limits::default(), &mut |_| {}).unwrap();
/// assert_eq!(solution.length(), Some(24));
/// assert_eq!(solution.method, method);
/// ```
pub fn solve_with(
    board: &Board,
    goal: &Board,
    options: &SolveOptions,
    limits: &mut Limits,
    on_improve: &mut dyn FnMut(&Solution),
) -> Result<Solution, SolveError> {
    let SolveOptions {
        method,
        tables,
        start,
        lane,
    } = *options;
    // The one parity check of the solve (it also refuses a size mismatch): every solver below
    // takes its verdict instead of computing it again, the relabelled problems included (a
    // relabelling keeps solvability).
    let verdict = solvability(board, goal)?;
    method.fits(board.shape())?;
    match method {
        Method::Search(config) => Ok(solve_checked(board, goal, verdict, config, limits)),
        Method::Formula { formula, .. } => {
            let estimate = formula.bind(goal)?;
            let method = method.clone();
            Ok(solve_formula_checked(
                board, goal, verdict, method, estimate, limits,
            ))
        }
        Method::PatternDatabase => {
            let missing = SolveError::MissingTables {
                method: method.name(),
                table: TableKind::PatternDatabase,
            };
            let pdb = tables.pattern_db.ok_or(missing.clone())?;
            let relabel = Relabel::between(goal, pdb.goal()).ok_or(missing)?;
            through(
                board,
                goal,
                &relabel,
                verdict,
                on_improve,
                |board, verdict, _| {
                    let options = TunedOptions::default();
                    if limits.threads > 1 {
                        let parallel = ParallelConfig::threads(limits.threads);
                        return Ok(solve_pdb_parallel_checked(
                            board, pdb, verdict, &options, &parallel, limits,
                        ));
                    }
                    Ok(solve_pdb_checked(board, pdb, verdict, &options, limits))
                },
            )
        }
        Method::Taught => Ok(crate::taught::solve_taught_checked(
            board, goal, verdict, limits,
        )),
        Method::Staged => {
            let config = StagedConfig::default();
            Ok(solve_staged_checked(board, goal, verdict, &config, limits).solution)
        }
        Method::Anytime { time_limit_ms } => {
            let mut config = AnytimeConfig {
                time_limit_ms: f64::from(*time_limit_ms),
                lane,
                ..AnytimeConfig::default()
            };
            // Tables for the goal's core serve it directly; those of the standard goal serve
            // every goal a [`Relabel`] leads there from.
            let canonical = canonical_goal(goal);
            let target = match tables.big_board {
                Some(t) if !t.serves(goal) && t.serves(&canonical) => canonical,
                _ => goal.clone(),
            };
            let relabel = Relabel::between(goal, &target).ok_or(BoardError::ShapeMismatch {
                board: board.shape(),
                goal: target.shape(),
            })?;
            config.start = start.map(|moves| moves_forward(&relabel, moves));
            let settings = Settings::product(&config);
            let guides = Guides {
                core: tables.big_board,
                whole: tables.whole_board,
            };
            through(
                board,
                goal,
                &relabel,
                verdict,
                on_improve,
                |board, verdict, report| {
                    let report = &mut |b: &Approximate| report(&b.solution);
                    let answer = solve_anytime_checked(
                        board, &target, verdict, guides, &settings, limits, report,
                    );
                    Ok(answer.solution)
                },
            )
        }
    }
}

/// The best admissible lower bound on the moves from `board` to `goal` that `tables` give at
/// once, without a search: linear conflict, the big-board tables' estimate where their core is
/// the whole board (5x5 and smaller), the whole-board tables' where they lead to the goal (6x6,
/// 7x7), whichever is largest; also through the relabelling a solve takes when the tables are
/// the standard goal's and `goal` another with its blank in a corner ([`canonical_goal`]: the
/// renamed board is as far from the standard goal). 0 when the shapes differ.
pub fn lower_bound_with(board: &Board, goal: &Board, tables: Tables) -> u32 {
    if board.shape() != goal.shape() {
        return 0;
    }
    let estimate = |board: &Board, goal: &Board| {
        let whole = (tables.whole_board)
            .filter(|whole| whole.goal() == goal)
            .map_or(0, |whole| whole.estimate(board.cells()));
        crate::anytime::lower_bound(board, goal, tables.big_board).max(whole)
    };
    let canonical = canonical_goal(goal);
    let renamed = (canonical != *goal)
        .then(|| Relabel::between(goal, &canonical)?.board(board))
        .flatten();
    let through = renamed.map_or(0, |renamed| estimate(&renamed, &canonical));
    estimate(board, goal).max(through)
}

/// Moves of the original board as moves of the problem `relabel` makes of it (the inverse
/// of [`Relabel::moves_back`]).
fn moves_forward(relabel: &Relabel, moves: &[Direction]) -> Vec<Direction> {
    let forward = |d: Direction| {
        Direction::ALL
            .into_iter()
            .find(|&o| relabel.moves_back(&[o]) == [d])
            .unwrap_or(d)
    };
    moves.iter().map(|&d| forward(d)).collect()
}

/// Runs `solve` on the problem `relabel` makes of `board` toward `goal`, handing it `verdict` (the parity
/// verdict of `board` toward its goal: a relabelling keeps solvability), and maps every answer
/// back (moves, and that verdict); the identity map runs it as is.
fn through(
    board: &Board,
    goal: &Board,
    relabel: &Relabel,
    verdict: Solvability,
    on_improve: &mut dyn FnMut(&Solution),
    solve: impl FnOnce(&Board, Solvability, &mut dyn FnMut(&Solution)) -> Result<Solution, SolveError>,
) -> Result<Solution, SolveError> {
    if relabel.is_identity() {
        return solve(board, verdict, on_improve);
    }
    let renamed = relabel.board(board).ok_or(BoardError::ShapeMismatch {
        board: board.shape(),
        goal: goal.shape(),
    })?;
    let back = |solution: &Solution| Solution {
        moves: relabel.moves_back(&solution.moves),
        solvability: verdict.clone(),
        ..solution.clone()
    };
    let answer = solve(&renamed, verdict.clone(), &mut |better| {
        on_improve(&back(better))
    })?;
    Ok(back(&answer))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{scramble_seeded, Scramble};
    use crate::goal::Goal;
    use crate::method::SolverConfig;
    use crate::solvability::swap_fix;
    use crate::suboptimal::solve_staged;
    use crate::{Shape, SolveOutcome};

    /// Runs the anytime method from `start` for `ms`; checks every answer solves the board.
    fn from(board: &Board, goal: &Board, start: Option<&[Direction]>, ms: u32) -> Solution {
        let method = Method::Anytime { time_limit_ms: ms };
        let mut lengths = Vec::new();
        let options = SolveOptions {
            start,
            ..SolveOptions::new(&method)
        };
        let answer = solve_with(
            board,
            goal,
            &options,
            &mut Limits::default(),
            &mut |better| {
                assert_eq!(board.after(&better.moves).as_ref(), Ok(goal));
                lengths.push(better.moves.len());
            },
        )
        .unwrap();
        assert_eq!(answer.outcome, SolveOutcome::Solved);
        assert_eq!(board.after(&answer.moves).as_ref(), Ok(goal));
        assert!(lengths.windows(2).all(|w| w[1] < w[0]), "{lengths:?}");
        answer
    }

    /// The quick staged answer's moves: a start to hand the solver.
    fn quick_staged(board: &Board, goal: &Board) -> Vec<Direction> {
        solve_staged(board, goal, &StagedConfig::quick(1), &mut Limits::default())
            .unwrap()
            .solution
            .moves
    }

    /// A start is never made longer, with no time it comes back (its loops cut), and slices
    /// seeded with the last one's answer continue one another.
    #[test]
    fn a_start_is_the_first_incumbent_and_never_grows() {
        for (side, goal) in [(5, Goal::Standard), (6, Goal::Snail)] {
            let goal = goal.board(Shape::square(side).unwrap()).unwrap();
            let board = scramble_seeded(&goal, Scramble::Uniform, true, 4);
            let staged = quick_staged(&board, &goal);
            // A detour the solver must cut: the blank goes out and comes back.
            let first = staged[0];
            let mut detour = vec![first, first.opposite()];
            detour.extend_from_slice(&staged);
            let kept = from(&board, &goal, Some(&detour), 0);
            assert!(
                kept.moves.len() <= staged.len(),
                "{} > {}",
                kept.moves.len(),
                staged.len()
            );
            let mut best = kept.moves;
            for _ in 0..3 {
                let slice = from(&board, &goal, Some(&best), 150);
                assert!(slice.moves.len() <= best.len());
                best = slice.moves;
            }
            assert!(
                best.len() < staged.len(),
                "three slices found nothing shorter"
            );
        }
    }

    /// Each lane of two runs of one solve answers, from the start it is given and never
    /// longer, through a relabelled goal too (the page's two workers).
    #[test]
    fn each_lane_of_two_runs_answers_from_its_start() {
        let goal = Goal::Snail.board(Shape::square(6).unwrap()).unwrap();
        let board = scramble_seeded(&goal, Scramble::Uniform, true, 7);
        let staged = quick_staged(&board, &goal);
        for index in 0..2 {
            let lane = LaneOf { index, count: 2 };
            let method = Method::Anytime { time_limit_ms: 150 };
            let options = SolveOptions {
                start: Some(&staged),
                lane,
                ..SolveOptions::new(&method)
            };
            let answer = solve_with(
                &board,
                &goal,
                &options,
                &mut Limits::default(),
                &mut |better| assert_eq!(board.after(&better.moves).as_ref(), Ok(&goal)),
            )
            .unwrap();
            assert_eq!(board.after(&answer.moves).as_ref(), Ok(&goal));
            assert!(answer.moves.len() <= staged.len(), "lane {index}");
        }
    }

    /// A start that does not solve the board is ignored: the staged answer comes instead.
    #[test]
    fn a_wrong_start_is_ignored() {
        let goal = Goal::Standard.board(Shape::square(5).unwrap()).unwrap();
        let board = scramble_seeded(&goal, Scramble::Uniform, true, 2);
        let answer = from(&board, &goal, Some(&[Direction::Up, Direction::Up]), 0);
        assert!(!answer.moves.is_empty());
    }

    /// The entry's one parity check answers an unsolvable board for every method, with the
    /// board's own verdict and no search; a size mismatch is still refused.
    #[test]
    fn unsolvable_boards_are_answered_from_the_one_check() {
        let goal = Goal::Standard.board(Shape::square(5).unwrap()).unwrap();
        let board = swap_fix(&scramble_seeded(&goal, Scramble::Uniform, true, 3));
        let verdict = solvability(&board, &goal).unwrap();
        assert!(!verdict.solvable);
        let methods = [
            Method::Search(SolverConfig::best_for(board.shape())),
            Method::Staged,
            Method::Anytime { time_limit_ms: 100 },
        ];
        for method in methods {
            let mut limits = Limits::default();
            let options = SolveOptions::new(&method);
            let answer = solve_with(&board, &goal, &options, &mut limits, &mut |_| {});
            let answer = answer.unwrap();
            assert_eq!(
                answer.outcome,
                SolveOutcome::Unsolvable,
                "{}",
                method.name()
            );
            assert_eq!(answer.solvability, verdict);
            assert_eq!(answer.stats.expanded, 0);
        }
        let other = Goal::Standard.board(Shape::square(4).unwrap()).unwrap();
        let mismatch = solve_with(
            &board,
            &other,
            &SolveOptions::new(&Method::Staged),
            &mut Limits::default(),
            &mut |_| {},
        );
        assert!(matches!(
            mismatch,
            Err(SolveError::Board(BoardError::ShapeMismatch { .. }))
        ));
    }

    /// Moves mapped to the relabelled problem and back are the moves given.
    #[test]
    fn moves_forward_undoes_moves_back() {
        let shape = Shape::new(6, 5).unwrap();
        let standard = Goal::Standard.board(shape).unwrap();
        let moves = [
            Direction::Up,
            Direction::Left,
            Direction::Down,
            Direction::Right,
        ];
        for goal in [Goal::BlankFirst, Goal::Standard] {
            let relabel = Relabel::between(&goal.board(shape).unwrap(), &standard).unwrap();
            assert_eq!(relabel.moves_back(&moves_forward(&relabel, &moves)), moves);
        }
    }
}

#[cfg(test)]
mod bound_tests {
    use super::*;
    use crate::analysis::DistanceTable;
    use crate::generate::{scramble_seeded, Scramble};
    use crate::{Goal, Heuristic, HeuristicKind, Shape};

    fn linear_conflict(board: &Board, goal: &Board) -> u32 {
        Heuristic::new(HeuristicKind::LinearConflict, goal).estimate(board)
    }

    /// Without tables the bound is linear conflict; another shape has none.
    #[test]
    fn without_tables_the_bound_is_linear_conflict() {
        let goal = Goal::Standard.board(Shape::square(5).unwrap()).unwrap();
        let board = scramble_seeded(&goal, Scramble::Uniform, true, 7);
        assert_eq!(
            lower_bound_with(&board, &goal, Tables::default()),
            linear_conflict(&board, &goal)
        );
        let small = Goal::Standard.board(Shape::square(3).unwrap()).unwrap();
        assert_eq!(lower_bound_with(&small, &goal, Tables::default()), 0);
    }

    /// The whole-board tables count toward their own goal and, through the relabelling, toward
    /// the goals they serve (the standard goal's serve the blank-first goal): over every 3x3
    /// board toward the blank-first goal, the bound is at least linear conflict and the tables'
    /// estimate of the renamed board, never above the distance, and above linear conflict on
    /// some boards.
    #[test]
    fn whole_board_tables_count_through_the_relabelling() {
        let shape = Shape::square(3).unwrap();
        let standard = Goal::Standard.board(shape).unwrap();
        let first = Goal::BlankFirst.board(shape).unwrap();
        let whole = WholeTables::build(&standard, &mut Limits::default()).unwrap();
        let tables = Tables {
            whole_board: Some(&whole),
            ..Tables::default()
        };
        let relabel = Relabel::between(&first, &standard).unwrap();
        let distances = DistanceTable::build(&first).unwrap();
        let mut above = 0;
        for (word, distance) in distances.packed() {
            let board = Board::unpack(shape, word).unwrap();
            let bound = lower_bound_with(&board, &first, tables);
            let renamed = relabel.board(&board).unwrap();
            let lc = linear_conflict(&board, &first);
            assert!(bound >= lc.max(whole.estimate(renamed.cells())));
            assert!(bound <= distance, "{board}: {bound} > {distance}");
            above += usize::from(bound > lc);
        }
        assert!(above > 0, "the tables add to linear conflict on some board");
        // Toward the tables' own goal: their estimate.
        let board = scramble_seeded(&standard, Scramble::Uniform, true, 3);
        let own = lower_bound_with(&board, &standard, tables);
        assert_eq!(
            own,
            linear_conflict(&board, &standard).max(whole.estimate(board.cells()))
        );
    }
}
