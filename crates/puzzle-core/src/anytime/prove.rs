//! Proving how short an answer can be: IDA* on the whole board with the strongest tables held,
//! for a time, so that the lower bound an answer states is more than the tables' first guess.

use crate::board::Board;
use crate::error::BoardError;
use crate::moves::Direction;
use crate::relabel::{canonical_goal, Relabel};
use crate::search::Limits;
use crate::solvability::solvability;

use crate::anytime::engines::guided;
use crate::anytime::{lower_bound, BigTables, Guides, WholeTables};
use crate::budget::Budget;

/// What [`prove_bound`] established.
#[derive(Clone, Debug, PartialEq)]
pub struct Proof {
    /// No solution of the board is shorter (admissible: the tables' estimate, raised by each
    /// IDA* iteration that finished without reaching the goal).
    pub lower_bound: u32,
    /// A shortest solution, if the search reached the goal in time.
    pub optimal: Option<Vec<Direction>>,
    /// Boards expanded.
    pub expanded: u64,
    /// Milliseconds spent, by `limits.clock`.
    pub elapsed_ms: f64,
}

/// Raises the lower bound of `board` toward `goal` for at most `time_limit_ms` (of
/// `limits.clock`; `limits.max_expanded` and the progress callback stop it too): IDA* guided
/// by the whole board's tables when `guides` has them for `goal`, else by the core's when the
/// core is the whole board (5x5 and smaller); each iteration that finishes without reaching
/// the goal proves the next threshold. Tables made for the standard goal serve every goal a
/// relabelling leads there from, as in a solve ([`canonical_goal`]: the renamed board is as
/// far from the standard goal). Without such tables, or on a board that cannot reach the goal,
/// the bound is [`lower_bound`]'s and nothing is searched. The only error is a size mismatch.
pub fn prove_bound(
    board: &Board,
    goal: &Board,
    guides: Guides,
    time_limit_ms: f64,
    limits: &mut Limits,
) -> Result<Proof, BoardError> {
    let verdict = solvability(board, goal)?;
    let here = Toward::of(guides, goal);
    let canonical = canonical_goal(goal);
    if !here.searches() && canonical != *goal {
        let there = Toward::of(guides, &canonical);
        let renamed = Relabel::between(goal, &canonical)
            .and_then(|relabel| Some((relabel.board(board)?, relabel)));
        if let (true, Some((renamed, relabel))) = (there.searches(), renamed) {
            let mut proof = prove_checked(
                &renamed,
                &canonical,
                verdict.solvable,
                &there,
                time_limit_ms,
                limits,
            );
            proof.optimal = proof.optimal.map(|moves| relabel.moves_back(&moves));
            return Ok(proof);
        }
    }
    Ok(prove_checked(
        board,
        goal,
        verdict.solvable,
        &here,
        time_limit_ms,
        limits,
    ))
}

/// The tables of a [`Guides`] toward one goal: the core's bound to it, the whole board's if
/// they lead there.
struct Toward<'t> {
    core: Option<BigTables>,
    whole: Option<&'t WholeTables>,
}

impl<'t> Toward<'t> {
    fn of(guides: Guides<'t>, goal: &Board) -> Toward<'t> {
        Toward {
            core: guides.core.and_then(|t| t.bind(goal)),
            whole: guides.whole.filter(|w| w.goal() == goal),
        }
    }

    /// Whether they search the whole board: the whole board's tables, or the core's where the
    /// core is the whole board.
    fn searches(&self) -> bool {
        self.whole.is_some()
            || self
                .core
                .as_ref()
                .is_some_and(BigTables::covers_whole_board)
    }
}

/// [`prove_bound`] of a board of `goal`'s shape with the tables `toward` it, whether it can
/// reach `goal` known.
fn prove_checked(
    board: &Board,
    goal: &Board,
    solvable: bool,
    toward: &Toward,
    time_limit_ms: f64,
    limits: &mut Limits,
) -> Proof {
    let (core, whole) = (&toward.core, toward.whole);
    let mut proven =
        lower_bound(board, goal, core.as_ref()).max(whole.map_or(0, |w| w.estimate(board.cells())));
    let mut budget = Budget::new(limits, time_limit_ms);
    let found = match (solvable, whole, core) {
        (false, _, _) => Ok(None),
        (true, Some(whole), _) => {
            guided::prove(board, whole, &mut proven, &mut budget, &mut |_| false)
        }
        (true, None, Some(core)) if core.covers_whole_board() => {
            let layout = core.layout();
            let labels: Vec<usize> = (board.cells().iter())
                .map(|&t| layout.label_of[t as usize] as usize)
                .collect();
            match Board::new(board.shape(), labels) {
                Ok(relabelled) => {
                    guided::prove(&relabelled, core, &mut proven, &mut budget, &mut |_| false)
                }
                Err(_) => Ok(None),
            }
        }
        (true, _, _) => Ok(None),
    };
    // A halt (time, budget or the caller) ends the search with what it proved.
    let optimal = found.ok().flatten();
    if let Some(moves) = &optimal {
        proven = proven.max(moves.len() as u32);
    }
    Proof {
        lower_bound: proven,
        optimal,
        expanded: budget.expanded(),
        elapsed_ms: budget.elapsed_ms(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::anytime::{BigTables, WholeTables};
    use crate::generate::random_walk;
    use crate::goal::Goal;
    use crate::Shape;
    use rand::rngs::StdRng;
    use rand::SeedableRng;

    /// On 4x4 and 3x3 boards with known optima (the crate's optimal solver), the proof either
    /// finds a shortest answer or stops at a bound no larger than the optimum, and never below
    /// the tables' first estimate.
    #[test]
    fn proofs_are_admissible_and_find_optima_in_time() {
        let mut rng = StdRng::seed_from_u64(46);
        for side in [3, 4] {
            let goal = Goal::Standard.board(Shape::square(side).unwrap()).unwrap();
            let core = BigTables::build(&goal, &mut Limits::default()).unwrap();
            let whole = WholeTables::build(&goal, &mut Limits::default()).unwrap();
            for walk in [10, 30, 60] {
                let board = random_walk(&goal, walk, &mut rng);
                let config = crate::SolverConfig::best_for(goal.shape());
                let best = crate::solve(&board, &goal, &config, &mut Limits::default())
                    .unwrap()
                    .length()
                    .unwrap() as u32;
                for guides in [
                    Guides {
                        core: Some(&core),
                        whole: None,
                    },
                    Guides {
                        core: None,
                        whole: Some(&whole),
                    },
                ] {
                    let first = lower_bound(&board, &goal, guides.core)
                        .max(guides.whole.map_or(0, |w| w.estimate(board.cells())));
                    let proof =
                        prove_bound(&board, &goal, guides, 60_000.0, &mut Limits::default())
                            .unwrap();
                    assert!(proof.lower_bound >= first);
                    let moves = proof.optimal.expect("a 4x4 proof finishes within a minute");
                    assert_eq!(moves.len() as u32, best, "{board}");
                    assert_eq!(board.after(&moves).unwrap(), goal);
                    assert_eq!(proof.lower_bound, best);
                }
            }
        }
    }

    /// A proof stopped early states a bound between the first estimate and the optimum, and no
    /// answer; a board that cannot reach the goal costs nothing.
    #[test]
    fn a_stopped_proof_keeps_what_it_proved() {
        let goal = Goal::Standard.board(Shape::square(4).unwrap()).unwrap();
        let core = BigTables::build(&goal, &mut Limits::default()).unwrap();
        // A hard 4x4 board (optimum 80).
        let board: Board = "0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1".parse().unwrap();
        let guides = Guides {
            core: Some(&core),
            whole: None,
        };
        let first = lower_bound(&board, &goal, Some(&core));
        let mut limits = Limits::with_budget(20_000);
        let proof = prove_bound(&board, &goal, guides, 60_000.0, &mut limits).unwrap();
        assert!(proof.optimal.is_none());
        assert!(
            (first..=80).contains(&proof.lower_bound),
            "{}",
            proof.lower_bound
        );
        let swapped = crate::swap_fix(&board);
        let proof = prove_bound(&swapped, &goal, guides, 60_000.0, &mut Limits::default()).unwrap();
        assert!(proof.optimal.is_none());
        assert_eq!(proof.expanded, 0);
    }

    /// Tables made for the standard goal prove boards toward the blank-first goal too, through
    /// the relabelling a solve takes: the same bound and the same length as the standard
    /// goal's problem, and the moves lead to the blank-first goal.
    #[test]
    fn the_standard_goals_tables_prove_toward_another_corner() {
        let shape = Shape::square(4).unwrap();
        let standard = Goal::Standard.board(shape).unwrap();
        let blank_first = Goal::BlankFirst.board(shape).unwrap();
        let core = BigTables::build(&standard, &mut Limits::default()).unwrap();
        let guides = Guides {
            core: Some(&core),
            whole: None,
        };
        let relabel = Relabel::between(&blank_first, &standard).unwrap();
        let mut rng = StdRng::seed_from_u64(3);
        for walk in [20, 60] {
            let board = random_walk(&blank_first, walk, &mut rng);
            let proof = prove_bound(
                &board,
                &blank_first,
                guides,
                60_000.0,
                &mut Limits::default(),
            )
            .unwrap();
            assert!(proof.expanded > 0, "searched, not only estimated");
            let moves = proof.optimal.expect("a 4x4 proof finishes within a minute");
            assert_eq!(board.after(&moves).unwrap(), blank_first);
            let renamed = relabel.board(&board).unwrap();
            let direct = prove_bound(
                &renamed,
                &standard,
                guides,
                60_000.0,
                &mut Limits::default(),
            )
            .unwrap();
            assert_eq!(proof.lower_bound, direct.lower_bound);
            assert_eq!(moves.len(), direct.optimal.unwrap().len());
        }
    }
}
