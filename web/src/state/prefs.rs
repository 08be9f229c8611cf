//! The preferences slice: how to solve (method, heuristic, depth limit), how to scramble,
//! playback speed and which methods a race runs. Nothing here depends on the board but the
//! method's fit, which the caller passes as the board's shape.

use std::sync::Arc;

use puzzle_core::formula::Formula;
use puzzle_core::solver::DEFAULT_DEPTH_LIMIT;
use puzzle_core::{HeuristicKind, Method, Shape};

use super::State;
use crate::race::DEFAULT_PICK;

/// The user's choices only.
#[derive(Clone, Debug, PartialEq)]
pub enum PrefsAction {
    /// How Scramble works.
    SetScramble(ScrambleHow),
    /// Length of a random-walk scramble.
    SetWalkLength(usize),
    /// Delay between playback moves.
    SetSpeed(u32),
    /// The heuristic.
    SetHeuristic(HeuristicKind),
    /// DFS depth limit.
    SetDepthLimit(usize),
    /// The anytime method's time budget, in milliseconds.
    SetBudget(u32),
    /// Whether Solve waits for the best answer before anything plays.
    SetWaitForBest(bool),
    /// Adds or removes one of [`crate::race::RACE_METHODS`] from the race.
    ToggleRaceMethod(usize),
    /// A formula of the heuristic lab for the Race and the Experiment (or none).
    SetLabFormula(Option<std::sync::Arc<puzzle_core::formula::Formula>>),
    /// The method, from the menu ([`super::State::method_menu`]); searches get the chosen
    /// heuristic and depth limit.
    SetMethod(Method),
}

/// Default length of a random-walk scramble.
pub const DEFAULT_WALK: usize = 30;
/// Default delay between two playback moves, in milliseconds.
pub const DEFAULT_SPEED_MS: u32 = 350;
/// How long the anytime method improves its answer by default, counted from Solve (the
/// answers before it can be played at once, and Cancel keeps the best so far).
pub const DEFAULT_BUDGET_MS: u32 = 15_000;
/// The anytime method as the page runs it by default.
pub const PAGE_ANYTIME: Method = Method::Anytime {
    time_limit_ms: DEFAULT_BUDGET_MS,
};
/// The budgets the page offers, in milliseconds.
pub const BUDGETS_MS: [u32; 6] = [2_000, 5_000, 15_000, 30_000, 60_000, 120_000];

/// How the Scramble button makes a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScrambleHow {
    /// Uniformly random among the solvable boards.
    Uniform,
    /// A random walk of `walk_length` moves from the goal.
    Walk,
}

/// The user's choices.
#[derive(Clone, Debug, PartialEq)]
pub struct Preferences {
    /// The chosen method, from the core's list ([`Method::all_for`]); a search carries
    /// `heuristic` and `depth_limit`.
    pub method: Method,
    /// The heuristic the menu gives informed searches.
    pub heuristic: HeuristicKind,
    /// The depth limit the menu gives DFS and IDDFS.
    pub depth_limit: usize,
    /// How long the anytime method improves, in milliseconds.
    pub budget_ms: u32,
    /// How Scramble works.
    pub scramble: ScrambleHow,
    /// Length of a random-walk scramble.
    pub walk_length: usize,
    /// Delay between playback moves.
    pub speed_ms: u32,
    /// Which of [`crate::race::RACE_METHODS`] the Race button runs.
    pub race_pick: Vec<bool>,
    /// A formula the heuristic lab handed over: it guides A* in the race (after the picks) and
    /// is a column the Experiment offers.
    pub lab_formula: Option<Arc<Formula>>,
    /// Whether Solve waits for the best answer before anything plays (else the first answer
    /// plays at once and the rest keeps getting shorter while it plays, [`crate::ahead`]).
    pub wait_for_best: bool,
}

impl Preferences {
    /// The defaults for a board of `shape`.
    pub fn new(shape: Shape) -> Preferences {
        Preferences {
            method: Method::default_for(shape).with_time_limit(DEFAULT_BUDGET_MS),
            heuristic: HeuristicKind::LinearConflict,
            depth_limit: DEFAULT_DEPTH_LIMIT,
            budget_ms: DEFAULT_BUDGET_MS,
            scramble: ScrambleHow::Uniform,
            walk_length: DEFAULT_WALK,
            speed_ms: DEFAULT_SPEED_MS,
            race_pick: DEFAULT_PICK.to_vec(),
            lab_formula: None,
            wait_for_best: false,
        }
    }

    /// `method` with the chosen heuristic and depth limit (searches) or budget (anytime).
    pub fn with_choices(&self, method: Method) -> Method {
        method
            .with_heuristic(self.heuristic)
            .with_depth_limit(self.depth_limit)
            .with_time_limit(self.budget_ms)
    }

    /// The method the Solve button uses on a board of `shape`: the chosen one if it fits, else
    /// the core's default.
    pub fn effective_method(&self, shape: Shape) -> Method {
        if self.method.fits(shape).is_ok() {
            self.method.clone()
        } else {
            self.with_choices(Method::default_for(shape))
        }
    }

    /// Back to the default method (and heuristic and depth limit) for a board of `shape` (a
    /// new size).
    pub fn reset_method(&self, shape: Shape) -> Preferences {
        let mut next = self.clone();
        next.heuristic = HeuristicKind::LinearConflict;
        next.depth_limit = DEFAULT_DEPTH_LIMIT;
        next.method = next.with_choices(Method::default_for(shape));
        next
    }

    /// The next preferences on a board of `shape` (a method that does not fit it is ignored),
    /// or `None` when the action changes nothing. Clamped: the depth limit to 1..=200, the
    /// budget to 1 s ..= 10 min, a walk to 1..=500 moves, the speed to 30..=3000 ms.
    pub fn reduce(&self, action: PrefsAction, shape: Shape) -> Option<Preferences> {
        let mut next = self.clone();
        match action {
            PrefsAction::SetMethod(method) => {
                // The one menu names an informed search with its heuristic: that is the choice.
                next.heuristic = method.heuristic().unwrap_or(self.heuristic);
                let method = next.with_choices(method);
                if method.fits(shape).is_err() || method == self.method {
                    return None;
                }
                next.method = method;
            }
            PrefsAction::SetHeuristic(heuristic) => {
                next.heuristic = heuristic;
                next.method = self.method.clone().with_heuristic(heuristic);
            }
            PrefsAction::SetDepthLimit(limit) => {
                next.depth_limit = limit.clamp(1, 200);
                next.method = self.method.clone().with_depth_limit(next.depth_limit);
            }
            PrefsAction::SetBudget(ms) => {
                next.budget_ms = ms.clamp(1_000, 600_000);
                next.method = self.method.clone().with_time_limit(next.budget_ms);
            }
            PrefsAction::SetScramble(how) => next.scramble = how,
            PrefsAction::SetWalkLength(length) => next.walk_length = length.clamp(1, 500),
            PrefsAction::SetSpeed(ms) => next.speed_ms = ms.clamp(30, 3000),
            PrefsAction::SetWaitForBest(wait) => {
                if wait == self.wait_for_best {
                    return None;
                }
                next.wait_for_best = wait;
            }
            PrefsAction::ToggleRaceMethod(index) => {
                let pick = next.race_pick.get_mut(index)?;
                *pick = !*pick;
            }
            PrefsAction::SetLabFormula(formula) => {
                if formula == self.lab_formula {
                    return None;
                }
                next.lab_formula = formula;
            }
        }
        Some(next)
    }
}

/// The preferences only (a method must fit the board on screen): the slice takes the page's
/// action as it is.
pub(super) fn route(state: &State, action: PrefsAction) -> Option<State> {
    Some(State {
        prefs: state.prefs.reduce(action, state.shape())?,
        ..state.clone()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::check::check;
    use puzzle_core::Algorithm;
    use PrefsAction as A;

    #[test]
    fn choices_are_clamped_and_methods_must_fit() {
        let s3 = Shape::square(3).unwrap();
        let start = Preferences::new(s3);
        check(
            |p: &Preferences, a| p.reduce(a, s3),
            &start,
            vec![
                A::SetSpeed(1),
                A::SetWalkLength(0),
                A::SetDepthLimit(999),
                A::SetScramble(ScrambleHow::Walk),
                A::ToggleRaceMethod(0),
                // Out of range, and a method that does not fit a 3x3: ignored.
                A::ToggleRaceMethod(99),
                A::SetMethod(Method::anytime()),
            ],
            |p| {
                assert_eq!((p.speed_ms, p.walk_length, p.depth_limit), (30, 1, 200));
                assert_eq!(p.scramble, ScrambleHow::Walk);
                assert_eq!(p.race_pick[0], !DEFAULT_PICK[0]);
                assert_eq!(p.method, p.with_choices(Method::default_for(s3)));
            },
        );
        check(
            |p: &Preferences, a| p.reduce(a, s3),
            &start,
            vec![
                A::SetMethod(
                    Method::search(Algorithm::IdaStar).with_heuristic(HeuristicKind::Manhattan),
                ),
                A::SetMethod(Method::search(Algorithm::Bfs)),
            ],
            |p| {
                // A blind search keeps the heuristic of the last informed pick.
                assert_eq!(p.heuristic, HeuristicKind::Manhattan);
                assert_eq!(p.effective_method(s3), p.method);
                assert_eq!(p.method.algorithm(), Algorithm::Bfs);
            },
        );
        check(
            |p: &Preferences, a| p.reduce(a, s3),
            &start,
            vec![A::SetMethod(
                Method::search(Algorithm::Greedy).with_heuristic(HeuristicKind::Misplaced),
            )],
            |p| {
                assert_eq!(p.method.heuristic(), Some(HeuristicKind::Misplaced));
                assert_eq!(p.heuristic, HeuristicKind::Misplaced);
            },
        );
        assert_eq!(start.reduce(A::SetMethod(start.method.clone()), s3), None);
    }

    /// The anytime method carries the page's budget (15 s unless chosen), also after a size
    /// change to its default or a reset; the budget is clamped.
    #[test]
    fn the_anytime_method_carries_the_chosen_budget() {
        let s6 = Shape::square(6).unwrap();
        let start = Preferences::new(s6);
        assert_eq!(
            start.effective_method(s6),
            Method::Anytime {
                time_limit_ms: DEFAULT_BUDGET_MS
            }
        );
        let budget = check(
            |p: &Preferences, a| p.reduce(a, s6),
            &start,
            vec![A::SetBudget(30_000)],
            |_| {},
        );
        let p = budget.reset_method(s6);
        assert_eq!(
            p.effective_method(s6),
            Method::anytime().with_time_limit(30_000)
        );
        // The default of a 4x4 (no budget) stays as it is.
        let s4 = Shape::square(4).unwrap();
        assert_eq!(
            p.with_choices(Method::default_for(s4)),
            Method::PatternDatabase
        );
        let tiny = start.reduce(A::SetBudget(5), s6).unwrap();
        assert_eq!(tiny.budget_ms, 1_000);
    }
}
