//! Racing several methods on one board: the plan (which methods, which request ids), the
//! answers as they arrive, and the pure helpers the race table and chart read.
//!
//! The requests of a race are all posted to the one solver worker at once; the worker answers
//! them one after another (it handles one message at a time), so the methods run in turn under
//! the same node budget, and Cancel (terminating the worker) stops the rest.

use puzzle_core::generate::{scramble_seeded, Scramble};
use puzzle_core::{
    Algorithm, Board, Goal, HeuristicKind, Method, Progress, Shape, Solution, SolveOutcome,
    SolverConfig,
};

use crate::protocol::{SolveRequest, ToWorker, Workers};

/// The node budget every method of a race runs under.
pub const RACE_BUDGET: u64 = 1_000_000;

/// A generic search for the race table (the depth limit is set for the board by
/// [`Race::plan`]).
const fn search(algorithm: Algorithm, heuristic: HeuristicKind) -> Method {
    Method::Search(SolverConfig {
        algorithm,
        heuristic,
        depth_limit: puzzle_core::solver::DEFAULT_DEPTH_LIMIT,
    })
}

/// The core's methods a race can run, in table order.
pub static RACE_METHODS: [Method; 8] = [
    search(Algorithm::Bfs, HeuristicKind::Manhattan),
    search(Algorithm::Iddfs, HeuristicKind::Manhattan),
    search(Algorithm::Greedy, HeuristicKind::LinearConflict),
    search(Algorithm::AStar, HeuristicKind::Misplaced),
    search(Algorithm::AStar, HeuristicKind::Manhattan),
    search(Algorithm::AStar, HeuristicKind::LinearConflict),
    search(Algorithm::IdaStar, HeuristicKind::LinearConflict),
    Method::PatternDatabase,
];

/// Whether `method` can race on a board of `shape`: where it fits, the pattern databases on 4x4
/// only (the race's own choice: their tables take a while to build on other sizes).
pub fn available(method: &Method, shape: Shape) -> bool {
    match method {
        Method::PatternDatabase => shape.width() == 4 && shape.height() == 4,
        method => method.fits(shape).is_ok(),
    }
}

/// Which of [`RACE_METHODS`] race by default: all but IDDFS (the pattern databases only
/// where they are available, on 4x4).
pub const DEFAULT_PICK: [bool; 8] = [true, false, true, true, true, true, true, true];

/// One method of a race.
#[derive(Clone, Debug, PartialEq)]
pub struct RaceEntry {
    /// The method, as sent (a search's depth limit set for the board).
    pub method: Method,
    /// The request id of its solve.
    pub id: u32,
    /// Its last progress report.
    pub progress: Option<Progress>,
    /// Its answer, once in: the solution, or why the worker could not answer.
    pub answer: Option<Result<Solution, String>>,
}

impl RaceEntry {
    /// The method's short name ([`Method::short_label`]).
    pub fn label(&self) -> String {
        self.method.short_label()
    }

    /// The method's full name ([`Method::label`]: `A* + linear conflict`), for the progress
    /// line.
    pub fn title(&self) -> String {
        self.method.label()
    }

    /// The solution, if the worker answered with one (solved or not).
    pub fn solution(&self) -> Option<&Solution> {
        self.answer.as_ref().and_then(|a| a.as_ref().ok())
    }
}

/// A race on one board.
#[derive(Clone, Debug, PartialEq)]
pub struct Race {
    /// The board raced on.
    pub start: Board,
    /// The goal.
    pub goal: Board,
    /// The node budget of every method.
    pub budget: u64,
    /// The methods, in running order.
    pub entries: Vec<RaceEntry>,
    /// Whether the user stopped it.
    pub cancelled: bool,
}

impl Race {
    /// A race of the picked methods, with request ids `first_id`, `first_id + 1`, ...
    pub fn plan(start: &Board, goal: &Board, pick: &[bool], first_id: u32, budget: u64) -> Race {
        let shape = start.shape();
        let entries = RACE_METHODS
            .iter()
            .enumerate()
            .filter(|&(i, method)| {
                pick.get(i).copied().unwrap_or(false) && available(method, shape)
            })
            .enumerate()
            .map(|(n, (_, method))| RaceEntry {
                method: match method.clone() {
                    Method::Search(config) => Method::Search(SolverConfig {
                        depth_limit: SolverConfig::best_for(shape).depth_limit,
                        ..config
                    }),
                    other => other,
                },
                id: first_id + n as u32,
                progress: None,
                answer: None,
            })
            .collect();
        Race {
            start: start.clone(),
            goal: goal.clone(),
            budget,
            entries,
            cancelled: false,
        }
    }

    /// The race with one more method, run last with request id `id` (a formula of the
    /// heuristic lab), if it can race on this board.
    pub fn with(mut self, method: Method, id: u32) -> Race {
        if method.fits(self.start.shape()).is_ok() {
            self.entries.push(RaceEntry {
                method,
                id,
                progress: None,
                answer: None,
            });
        }
        self
    }

    /// The worker messages, in running order.
    pub fn requests(&self) -> Vec<ToWorker> {
        self.entries
            .iter()
            .map(|e| {
                ToWorker::Solve(SolveRequest {
                    id: e.id,
                    board: self.start.clone(),
                    goal: self.goal.clone(),
                    method: e.method.clone(),
                    max_expanded: Some(self.budget),
                    watch: None,
                    workers: Workers::ONE,
                })
            })
            .collect()
    }

    /// The entry running now (the first without an answer), unless the race is over.
    pub fn current(&self) -> Option<usize> {
        if self.cancelled {
            return None;
        }
        self.entries.iter().position(|e| e.answer.is_none())
    }

    /// Whether some method still has to answer.
    pub fn is_running(&self) -> bool {
        self.current().is_some()
    }

    /// The entry answering request `id`, if it is still waiting.
    pub fn waiting(&mut self, id: u32) -> Option<&mut RaceEntry> {
        if self.cancelled {
            return None;
        }
        self.entries
            .iter_mut()
            .find(|e| e.id == id && e.answer.is_none())
    }

    /// Methods that finished, out of all.
    pub fn done(&self) -> usize {
        self.entries.iter().filter(|e| e.answer.is_some()).count()
    }
}

/// What a race cell shows for how a run ended.
pub fn outcome_word(solution: &Solution) -> &'static str {
    match solution.outcome {
        SolveOutcome::Solved => "solved",
        SolveOutcome::BudgetExhausted => "budget hit",
        SolveOutcome::Cancelled => "cancelled",
        SolveOutcome::NotFound => "not found",
        SolveOutcome::Unsolvable => "unsolvable",
    }
}

/// The generator panel's settings.
#[derive(Clone, Debug, PartialEq)]
pub struct GeneratorSpec {
    /// Board size.
    pub shape: Shape,
    /// The goal layout.
    pub goal: Goal,
    /// Whether the board must be able to reach the goal.
    pub solvable: bool,
    /// A random walk of this many moves, or uniformly random when `None`.
    pub walk: Option<usize>,
    /// The seed: the same settings and seed give the same board everywhere.
    pub seed: u64,
}

/// The goal and board the generator makes (pure: the seed decides).
pub fn generate(spec: &GeneratorSpec) -> (Goal, Board) {
    let (goal, goal_board) = match spec.goal.board(spec.shape) {
        Ok(board) => (spec.goal.clone(), board),
        Err(_) => (
            Goal::Standard,
            Goal::Standard
                .board(spec.shape)
                .expect("every supported shape has a standard goal"),
        ),
    };
    let how = match spec.walk {
        Some(n) => Scramble::Walk(n),
        None => Scramble::Uniform,
    };
    let board = scramble_seeded(&goal_board, how, spec.solvable, spec.seed);
    (goal, board)
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzle_core::solvability;

    /// The request inside a worker message of a race.
    fn request(message: &ToWorker) -> (&SolveRequest, bool) {
        match message {
            ToWorker::Solve(request) => (
                request,
                request.method == puzzle_core::Method::PatternDatabase,
            ),
            other => panic!("a race sends solves only, not {other:?}"),
        }
    }

    #[test]
    fn a_default_race_plans_six_methods_with_consecutive_ids() {
        let board: Board = "6 1 7 3 0 4 5 8 2".parse().unwrap();
        let goal = Goal::Snail.board(board.shape()).unwrap();
        let race = Race::plan(&board, &goal, &DEFAULT_PICK, 10, RACE_BUDGET);
        assert_eq!(race.entries.len(), 6, "no pattern databases on 3x3");
        let ids: Vec<u32> = race.entries.iter().map(|e| e.id).collect();
        assert_eq!(ids, vec![10, 11, 12, 13, 14, 15]);
        let requests = race.requests();
        let requests: Vec<_> = requests.iter().map(request).collect();
        assert!(requests.iter().all(|(r, pdb)| !pdb
            && r.max_expanded == Some(RACE_BUDGET)
            && r.board == board
            && r.goal == goal));
        assert_eq!(requests[0].0.method.algorithm(), Algorithm::Bfs);
        assert_eq!(requests[5].0.method.algorithm(), Algorithm::IdaStar);
        assert_eq!(race.current(), Some(0));
        assert_eq!(race.entries[3].label(), "A* · Manhattan");
        assert_eq!(race.entries[0].label(), "BFS");
    }

    /// The lab's formula races last, with the next id, as A* guided by it; its message crosses
    /// the worker boundary as text and reads back the same; a formula naming a tile the board
    /// lacks does not race.
    #[test]
    fn a_lab_formula_races_last_and_crosses_to_the_worker() {
        use crate::experiment::formula_method;
        use puzzle_core::formula::Formula;
        use std::sync::Arc;
        let board: Board = "6 1 7 3 0 4 5 8 2".parse().unwrap();
        let goal = Goal::Snail.board(board.shape()).unwrap();
        let formula: Formula = "max(manhattan, 2 * misplaced)".parse().unwrap();
        let method = formula_method(&Arc::new(formula));
        let race = Race::plan(&board, &goal, &DEFAULT_PICK, 10, RACE_BUDGET).with(method, 16);
        assert_eq!(race.entries.len(), 7);
        assert_eq!(race.entries[6].id, 16);
        assert_eq!(race.entries[6].label(), "A* · max(manhattan, 2 * mispl…");
        let requests = race.requests();
        let json = serde_json::to_string(&requests[6]).unwrap();
        assert!(json.contains("max(manhattan, 2 * misplaced)"), "{json}");
        let back: ToWorker = serde_json::from_str(&json).unwrap();
        assert_eq!(request(&back).0.method, race.entries[6].method);
        let broken = json.replace("max(manhattan, 2 * misplaced)", "max(manhattan,");
        assert!(serde_json::from_str::<ToWorker>(&broken).is_err());
        let far: Formula = "dist(12)".parse().unwrap();
        let race = Race::plan(&board, &goal, &DEFAULT_PICK, 10, RACE_BUDGET)
            .with(formula_method(&Arc::new(far)), 16);
        assert_eq!(race.entries.len(), 6);
    }

    #[test]
    fn on_4x4_the_race_adds_the_pattern_database_solver() {
        let board: Board = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3".parse().unwrap();
        let goal = Goal::BlankFirst.board(board.shape()).unwrap();
        let race = Race::plan(&board, &goal, &DEFAULT_PICK, 1, RACE_BUDGET);
        assert_eq!(race.entries.len(), 7);
        assert_eq!(race.entries[6].label(), "IDA* · pattern DB");
        let requests = race.requests();
        let (last, pdb) = request(&requests[6]);
        assert!(pdb, "sent as a pattern-database solve");
        assert_eq!(last.id, 7);
        assert!(requests[..6].iter().all(|m| !request(m).1));
    }

    #[test]
    fn the_generator_is_reproducible_and_honours_solvability() {
        for size in [3, 4] {
            for walk in [None, Some(20)] {
                for solvable in [true, false] {
                    let spec = GeneratorSpec {
                        shape: Shape::square(size).unwrap(),
                        goal: Goal::Snail,
                        solvable,
                        walk,
                        seed: 42,
                    };
                    let (goal, a) = generate(&spec);
                    let (_, b) = generate(&spec);
                    assert_eq!(a, b, "same seed, same board");
                    let goal_board = goal.board(spec.shape).unwrap();
                    assert_eq!(solvability(&a, &goal_board).unwrap().solvable, solvable);
                    let other = generate(&GeneratorSpec { seed: 43, ..spec });
                    assert_ne!(other.1, a, "another seed, another board");
                }
            }
        }
    }
}
