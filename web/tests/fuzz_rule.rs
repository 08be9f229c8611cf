//! The page's one rule, fuzzed on the reducer: after any sequence of page actions, everything
//! the page shows, charts, hints or exports belongs to the board and goal on screen, or to the
//! start of the playback in progress.
//!
//! Each case is a random sequence of what a person and the workers do: hand moves (and their
//! undo and redo, timed by clock readings), size and
//! goal changes, scrambles, imports, edits, generated boards, Solve, races, live counts,
//! Cancel, playback steps, plays of earlier answers and race rows, hints; and worker replies
//! (progress, better answers, final answers, failures) to any request sent so far, arriving
//! late and out of order. A small model of the edge (`Edge`) does what the hooks do: it sends
//! a request only when the button it stands for can be pressed, and answers a request with a
//! real path from the board that was sent.
//!
//! After every action the test checks, independently of the reducer's code:
//! - a solve in flight, the result (so its depth chart and its exported moves), and a race's
//!   rows (so the race chart) are for the goal on screen, and for the board on screen or the
//!   start of the playback that shows one of their steps;
//! - the playback in progress shows its own step on the board, ends at the goal on screen, and
//!   starts where the result, the solve or the race it plays starts;
//! - "optimal moves from here" and the hint's direction are true for the board on screen
//!   (checked against an exact distance table), and a highlighted tile was hinted on it;
//! - the worker is busy only with a request that belongs, so Solve is free whenever nothing
//!   belonging runs;
//! - the game by hand is the game of the board on screen: its moves lead from its start to the
//!   board, its count is theirs, and a won game ended at the goal.
//!
//!
//! A second property fuzzes watched solves ("Wait for the best answer" off): Solve on 3x3, 4x4
//! and 5x5 boards (watched after the grace, `WatchNow`, or at once), better and final answers
//! that are real answers and variants of them (keeping the moves played, or not; shorter or
//! longer; stale, late, out of order), playback steps, Cancel and failures. After every action
//! it checks the rule above and, independently of the reducer's code:
//! - the playback's moves are legal from its start, end at the goal on screen, and its step is
//!   the board on screen;
//! - an answer never changes the moves already played: it splices in exactly when it is shorter
//!   and starts with them (and is the shortest so far), else it is dropped;
//! - every answer kept, so far or in the result, takes the solve's start to the goal, each
//!   shorter than the one before;
//! - a watched solve that ends while one of its answers plays leaves that one answer on screen:
//!   the result is the answer the board shows (Cancel: the one playing, else the shortest);
//! - Solve watches as the preferences and the method say, `WatchNow` plays the best answer so
//!   far, and an answer or `WatchNow` for a request that no longer runs changes nothing.
//!
//! Five times `FUZZ_CASES` sequences run for the rule (10,000 by default; the long run in
//! README sets more), `FUZZ_CASES` for watched solves.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use common::fuzz_config;
use proptest::prelude::*;
use puzzle_core::analysis::DistanceTable;
use puzzle_core::generate::{scramble_seeded, Scramble};
use puzzle_core::{
    solve_with, Board, Direction, Goal, Limits, Method, Progress, Shape, Solution, SolveOptions,
    SolveOutcome,
};
use web::coach::{known, Distance};
use web::race::{Race, RACE_BUDGET};
use web::state::{
    reduce, Action, CoachAction, CoachOwn, EditorsAction, ExactCount, PlayAction, Playback,
    PlaybackAction, PrefsAction, PuzzleAction, RaceAction, Reading, SolveAction, State, Watch,
};

/// The sizes the fuzz moves between: small ones (checked against exact tables) and two that
/// only the staged method answers quickly.
const SHAPES: [(usize, usize); 7] = [(2, 2), (3, 2), (2, 3), (3, 3), (4, 2), (4, 4), (5, 5)];

/// One thing that happens on the page (parameters are reduced modulo what fits).
#[derive(Clone, Debug)]
enum Op {
    Click(usize),
    Key(usize),
    Undo,
    Redo,
    Clock(u32),
    Size(usize),
    Goal(usize, u64),
    Scramble(u64),
    Import(usize, u64),
    Edit(u64),
    Generate(usize, usize, u64),
    Fix,
    Method(usize),
    Solve,
    Race,
    Live,
    Cancel,
    Reply(usize, usize),
    Playback(usize, usize),
    PlayAnswer(usize),
    PlayRace(usize),
    Hint,
    Dismiss,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        4 => any::<usize>().prop_map(Op::Click),
        3 => (0usize..4).prop_map(Op::Key),
        2 => Just(Op::Undo),
        1 => Just(Op::Redo),
        1 => any::<u32>().prop_map(Op::Clock),
        2 => any::<usize>().prop_map(Op::Size),
        2 => (0usize..4, any::<u64>()).prop_map(|(g, s)| Op::Goal(g, s)),
        2 => any::<u64>().prop_map(Op::Scramble),
        1 => (any::<usize>(), any::<u64>()).prop_map(|(s, seed)| Op::Import(s, seed)),
        1 => any::<u64>().prop_map(Op::Edit),
        1 => (any::<usize>(), 0usize..3, any::<u64>()).prop_map(|(s, g, seed)| Op::Generate(s, g, seed)),
        1 => Just(Op::Fix),
        1 => any::<usize>().prop_map(Op::Method),
        5 => Just(Op::Solve),
        2 => Just(Op::Race),
        2 => Just(Op::Live),
        2 => Just(Op::Cancel),
        10 => (any::<usize>(), 0usize..6).prop_map(|(r, k)| Op::Reply(r, k)),
        6 => (0usize..7, any::<usize>()).prop_map(|(a, k)| Op::Playback(a, k)),
        2 => any::<usize>().prop_map(Op::PlayAnswer),
        2 => any::<usize>().prop_map(Op::PlayRace),
        2 => Just(Op::Hint),
        1 => Just(Op::Dismiss),
    ]
}

/// What a request was asked about.
#[derive(Clone, Debug)]
struct Request {
    id: u32,
    start: Board,
    goal: Board,
    live: bool,
}

/// The hooks' part: ids, the requests sent so far (every one may still be answered, late),
/// and the board a hint was shown on.
#[derive(Default)]
struct Edge {
    next_id: u32,
    sent: Vec<Request>,
    hinted_on: Option<(Board, Board)>,
}

thread_local! {
    /// Exact distance tables by goal and answers by board and goal, kept across cases (the
    /// goals are few; building a 3x3 table for every case would dominate the run).
    static TABLES: RefCell<HashMap<Board, Rc<DistanceTable>>> = RefCell::default();
    static ANSWERS: RefCell<HashMap<(Board, Board), Solution>> = RefCell::default();
}

impl Edge {
    fn id(&mut self) -> u32 {
        self.next_id += 1;
        self.next_id
    }

    /// Records request `id`, asked about the board and goal on screen.
    fn send(&mut self, id: u32, state: &State, live: bool) {
        self.next_id = self.next_id.max(id);
        self.sent.push(Request {
            id,
            start: state.puzzle.board.clone(),
            goal: state.puzzle.goal_board.clone(),
            live,
        });
    }

    /// The exact distance table towards `goal` (boards of up to 10 cells).
    fn table(&self, goal: &Board) -> Option<Rc<DistanceTable>> {
        if goal.cells().len() > 10 {
            return None;
        }
        Some(TABLES.with_borrow_mut(|tables| {
            tables
                .entry(goal.clone())
                .or_insert_with(|| Rc::new(DistanceTable::build(goal).expect("small board")))
                .clone()
        }))
    }

    /// A solution from `start` to `goal`: the default optimal search's on small boards (its
    /// length is checked against the exact table wherever the page shows it), the staged
    /// method's on big ones (`None` if `start` cannot reach `goal`).
    fn answer(&self, start: &Board, goal: &Board) -> Option<Solution> {
        if !puzzle_core::solvability(start, goal).ok()?.solvable {
            return None;
        }
        let key = (start.clone(), goal.clone());
        if let Some(found) = ANSWERS.with_borrow(|answers| answers.get(&key).cloned()) {
            return Some(found);
        }
        let method = if start.cells().len() <= 10 {
            Method::default_for(start.shape())
        } else {
            Method::Staged
        };
        let solution = solve_with(
            start,
            goal,
            &SolveOptions::new(&method),
            &mut Limits::default(),
            &mut |_| {},
        )
        .ok()?;
        ANSWERS.with_borrow_mut(|answers| answers.insert(key, solution.clone()));
        Some(solution)
    }
}

/// A longer, legal path to the same goal: `pairs` back-and-forth moves in front, not optimal.
fn padded(start: &Board, solution: &Solution, pairs: usize) -> Solution {
    let there = Direction::ALL
        .into_iter()
        .find(|&d| start.after(&[d]).is_ok())
        .expect("every board has a move");
    let mut moves = Vec::new();
    for _ in 0..pairs {
        moves.extend([there, there.opposite()]);
    }
    moves.extend(&solution.moves);
    let mut longer = solution.clone();
    longer.moves = moves;
    longer.stats.optimal = false;
    longer.lower_bound = Some(solution.moves.len() as u32);
    longer
}

fn shape(index: usize) -> Shape {
    let (w, h) = SHAPES[index % SHAPES.len()];
    Shape::new(w, h).unwrap()
}

fn goal(index: usize) -> Goal {
    [Goal::Standard, Goal::BlankFirst, Goal::Snail][index % 3].clone()
}

/// The actions `op` stands for, given the state on screen (what the hooks would dispatch).
fn actions(op: Op, state: &State, edge: &mut Edge) -> Vec<Action> {
    let board = &state.puzzle.board;
    let cells = board.cells().len();
    match op {
        Op::Click(cell) => vec![Action::Play(PlayAction::ClickCell(cell % (cells + 1)))],
        Op::Key(d) => vec![Action::Play(PlayAction::MoveBlank(Direction::ALL[d]))],
        Op::Undo => vec![Action::Play(PlayAction::Undo)],
        Op::Redo => vec![Action::Play(PlayAction::Redo)],
        Op::Clock(ms) => vec![Action::Play(PlayAction::Reading(Reading::Clock(
            f64::from(ms),
        )))],
        Op::Size(s) => vec![Action::Puzzle(PuzzleAction::SetShape(shape(s), s as u64))],
        Op::Goal(3, seed) => {
            // A few custom goals a size, so that their exact tables are built once.
            let standard = Goal::Standard.board(board.shape()).unwrap();
            let custom = scramble_seeded(&standard, Scramble::Uniform, true, seed % 3);
            vec![
                Action::Editors(EditorsAction::CustomGoal),
                Action::Puzzle(PuzzleAction::GoalText(custom.to_line(), seed)),
            ]
        }
        Op::Goal(g, seed) => vec![Action::Puzzle(PuzzleAction::SetGoal(goal(g), seed))],
        Op::Scramble(seed) => vec![Action::Puzzle(PuzzleAction::ScrambleSeeded(seed))],
        Op::Import(s, seed) => {
            let standard = Goal::Standard.board(shape(s)).unwrap();
            let any = scramble_seeded(&standard, Scramble::Uniform, seed % 4 != 0, seed);
            vec![Action::Puzzle(PuzzleAction::Import(any.to_line()))]
        }
        Op::Edit(seed) => {
            let edited = scramble_seeded(board, Scramble::Walk(3), true, seed);
            vec![
                Action::Editors(EditorsAction::ToggleEditor),
                Action::Editors(EditorsAction::EditText(edited.to_line())),
                Action::Puzzle(PuzzleAction::ApplyEdit),
            ]
        }
        Op::Generate(s, g, seed) => {
            let spec = web::race::GeneratorSpec {
                shape: shape(s),
                goal: goal(g),
                solvable: true,
                walk: None,
                seed,
            };
            let (goal, board) = web::race::generate(&spec);
            vec![Action::Puzzle(PuzzleAction::Generated(goal, board))]
        }
        Op::Fix => vec![Action::Puzzle(PuzzleAction::SwapFix)],
        Op::Method(m) => {
            let menu = state.method_menu();
            vec![Action::Prefs(PrefsAction::SetMethod(
                menu[m % menu.len()].clone(),
            ))]
        }
        Op::Solve if state.can_solve() => {
            let id = edge.id();
            edge.send(id, state, false);
            vec![Action::Solve(SolveAction::Started(id))]
        }
        Op::Race if state.race_blocked().is_none() => {
            let first = edge.next_id + 1;
            let race = Race::plan(
                board,
                &state.puzzle.goal_board,
                &state.prefs.race_pick,
                first,
                RACE_BUDGET,
            );
            for entry in &race.entries {
                edge.send(entry.id, state, false);
            }
            vec![Action::Race(RaceAction::RaceStarted(Box::new(race)))]
        }
        Op::Solve | Op::Race => Vec::new(),
        Op::Live => {
            let id = edge.id();
            edge.send(id, state, true);
            vec![
                Action::Coach(CoachAction::Own(CoachOwn::ToggleCount)),
                Action::Coach(CoachAction::CountStarted(id)),
            ]
        }
        Op::Cancel if state.busy_id().is_some() => vec![Action::Solve(SolveAction::Cancelled)],
        Op::Cancel => Vec::new(),
        Op::Reply(r, kind) => reply(r, kind, edge),
        Op::Playback(a, k) => vec![Action::Playback(match a {
            0 => PlaybackAction::Play,
            1 => PlaybackAction::Pause,
            2 => PlaybackAction::StepForward,
            3 => PlaybackAction::StepBack,
            4 => PlaybackAction::Restart,
            5 => PlaybackAction::Seek(k % 40),
            _ => PlaybackAction::Tick,
        })],
        Op::PlayAnswer(i) => vec![Action::Solve(SolveAction::PlayAnswer(i % 4))],
        Op::PlayRace(i) => vec![Action::Race(RaceAction::PlayRaceEntry(i % 6))],
        Op::Hint => {
            // As the coach does: the tile that the known first move slides.
            let Some(first) = known(state).hint else {
                return Vec::new();
            };
            let Some(cell) = board.shape().neighbour(board.blank(), first) else {
                return Vec::new();
            };
            edge.hinted_on = Some((board.clone(), state.puzzle.goal_board.clone()));
            vec![Action::Coach(CoachAction::Own(CoachOwn::ShowHint(cell)))]
        }
        Op::Dismiss => vec![Action::DismissNotice],
    }
}

/// A worker's reply to one of the requests sent so far (any of them: late, out of order).
fn reply(pick: usize, kind: usize, edge: &mut Edge) -> Vec<Action> {
    if edge.sent.is_empty() {
        return Vec::new();
    }
    let request = edge.sent[pick % edge.sent.len()].clone();
    let id = request.id;
    let Some(solution) = edge.answer(&request.start, &request.goal) else {
        return vec![if request.live {
            Action::Coach(CoachAction::Own(CoachOwn::CountFailed(id)))
        } else {
            Action::Solve(SolveAction::Failed(id, "unsolvable".into()))
        }];
    };
    if request.live {
        let first = solution.moves.first().copied();
        let length = solution.moves.len() as u32;
        let asked = ExactCount {
            id,
            board: request.start.clone(),
            goal: request.goal.clone(),
            answer: None,
        };
        return vec![match kind % 3 {
            0 => Action::Coach(CoachAction::Own(CoachOwn::CountSolved(
                id,
                Box::new(solution),
            ))),
            1 => Action::Coach(CoachAction::CountKnown(
                Box::new(asked),
                Some((length, first)),
            )),
            _ => Action::Coach(CoachAction::Own(CoachOwn::CountFailed(id))),
        }];
    }
    vec![match kind {
        0 => Action::Solve(SolveAction::Progress(id, Progress::default())),
        1 => Action::Solve(SolveAction::Improved(
            id,
            Box::new(padded(&request.start, &solution, 2)),
        )),
        2 => Action::Solve(SolveAction::Improved(
            id,
            Box::new(padded(&request.start, &solution, 1)),
        )),
        3 => Action::Solve(SolveAction::Failed(id, "the worker stopped".into())),
        _ => Action::Solve(SolveAction::Solved(id, Box::new(solution))),
    }]
}

/// Whether something computed from `start` towards `goal` may be on screen (the rule, stated
/// again here independently of the reducer).
fn belongs(state: &State, start: &Board, goal: &Board) -> bool {
    let on_screen = &state.puzzle.board;
    *goal == state.puzzle.goal_board
        && (start == on_screen
            || state
                .playback
                .as_ref()
                .is_some_and(|p| p.start == *start && p.board() == *on_screen))
}

/// Every check of the module docs; `Err` names the first that fails.
fn check_rule(state: &State, edge: &Edge) -> Result<(), String> {
    let on_screen = state.puzzle.board.clone();
    let goal = state.puzzle.goal_board.clone();
    if let Some(running) = state.solve.running() {
        if !belongs(state, &running.start, &running.goal) {
            return Err("a solve for another board or goal is still running".into());
        }
        for answer in &running.improved {
            if running.start.after(&answer.moves).ok() != Some(goal.clone()) {
                return Err("an answer so far does not reach the goal".into());
            }
        }
    }
    if let Some(result) = state.solve.result() {
        if !belongs(state, &result.start, &result.goal) {
            return Err("the result (its chart, its export) is for another board".into());
        }
        if result.solution.outcome == SolveOutcome::Solved
            && result.start.after(&result.solution.moves).ok() != Some(goal.clone())
        {
            return Err("the result's moves do not take its start to the goal".into());
        }
    }
    if let Some(race) = &state.race {
        if !belongs(state, &race.start, &race.goal) {
            return Err("a race's rows (its chart) are for another board".into());
        }
    }
    if let Some(playback) = &state.playback {
        if playback.board() != on_screen {
            return Err("the board does not show the playback's step".into());
        }
        if playback.start.after(&playback.moves).ok() != Some(goal.clone()) {
            return Err("the playback does not end at the goal on screen".into());
        }
        let start = Some(&playback.start);
        let labelled = state.solve.result().map(|r| &r.start) == start
            || state.solve.running().map(|r| &r.start) == start
            || state.race.as_ref().map(|r| &r.start) == start;
        if !labelled {
            return Err("a playback plays an answer that no result, solve or race names".into());
        }
    }
    if let Some(id) = state.busy_id() {
        let race_busy = state.race.as_ref().is_some_and(Race::is_running);
        if !race_busy && state.solve.running().map(|r| r.id) != Some(id) {
            return Err("the worker is kept busy with a request nobody shows".into());
        }
    } else if state.solve_blocked().is_some() && state.solvability().solvable {
        return Err("Solve is blocked although nothing runs".into());
    }
    if state.coach.hint.is_some() && edge.hinted_on != Some((on_screen.clone(), goal.clone())) {
        return Err("a tile is highlighted as the hint of another board".into());
    }
    check_game(state)?;
    if let Some(table) = edge.table(&goal) {
        let known = known(state);
        if let Distance::Known(d) = known.distance {
            let truth = table.distance(&on_screen);
            if truth != Some(d) {
                return Err(format!("moves from here say {d}, the truth is {truth:?}"));
            }
            if let Some(first) = known.hint {
                let after = on_screen.after(&[first]).map_err(|e| e.to_string())?;
                if table.distance(&after) != Some(d - 1) {
                    return Err("the hint's move does not start a shortest path".into());
                }
            }
        }
    }
    Ok(())
}

/// The game by hand follows the board on screen: its moves lead from its start to it, the
/// counter counts them, and a won game is at the goal with its moves counted.
fn check_game(state: &State) -> Result<(), String> {
    let play = &state.play;
    if play.board != state.puzzle.board || play.goal != state.puzzle.goal_board {
        return Err("the game by hand is not the game of the board on screen".into());
    }
    let made: Vec<Direction> = play.done.iter().flatten().copied().collect();
    if play.start.after(&made).ok().as_ref() != Some(&play.board) {
        return Err("the game's moves do not lead from its start to the board".into());
    }
    if play.moves() != made.len() {
        return Err("the move counter does not count the game's moves".into());
    }
    if let Some(won) = play.finished {
        if play.board != play.goal || won.moves != made.len() || won.ms.is_nan() || won.ms < 0.0 {
            return Err(format!(
                "a won game is not at the goal or miscounts: {won:?}"
            ));
        }
    }
    if play.started_ms.is_none() && !play.done.is_empty() {
        return Err("a hand move was made but the timer did not start".into());
    }
    Ok(())
}

/// Runs `ops` from a scrambled 3x3 and checks the rule after each action.
fn run(ops: Vec<Op>) -> Result<(), TestCaseError> {
    let mut state = State::default();
    state = reduce(&state, Action::Puzzle(PuzzleAction::ScrambleSeeded(7))).unwrap_or(state);
    let mut edge = Edge::default();
    for (n, op) in ops.into_iter().enumerate() {
        let label = format!("{op:?}");
        for action in actions(op, &state, &mut edge) {
            let shown = format!("{action:?}");
            if let Some(next) = reduce(&state, action) {
                state = next;
            }
            if let Err(broken) = check_rule(&state, &edge) {
                return Err(TestCaseError::fail(format!(
                    "after step {n} ({label}: {}): {broken}",
                    &shown[..shown.len().min(120)]
                )));
            }
        }
    }
    Ok(())
}

/// Five times the fuzz tests' usual number of cases: a sequence costs about a millisecond.
fn config() -> proptest::test_runner::Config {
    let base = fuzz_config();
    proptest::test_runner::Config {
        cases: base.cases.saturating_mul(5),
        ..base
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn everything_shown_belongs_to_the_board_on_screen(ops in prop::collection::vec(op(), 1..40)) {
        run(ops)?;
    }
}

/// The repros of the issue that found the rule's gaps, as fixed sequences.
#[test]
fn the_reported_repros_show_nothing_for_another_board() {
    use Op::*;
    let repros = [
        // A size change during a solve, with the answer arriving after it.
        vec![Solve, Size(5), Reply(0, 4), Reply(0, 1), Cancel],
        // A hand move right after Solve, then the answer.
        vec![Solve, Key(0), Key(1), Reply(0, 4)],
        // A race, then a size change while it runs.
        vec![Race, Reply(0, 4), Size(6), Reply(1, 4), PlayRace(0)],
        // An anytime answer played, a size change, Cancel (which used to keep the old answer).
        vec![
            Size(6),
            Scramble(3),
            Solve,
            Reply(0, 1),
            PlayAnswer(0),
            Size(3),
            Cancel,
        ],
        // Found by this fuzz: an anytime answer playing when its solve fails.
        vec![Solve, Reply(0, 1), PlayAnswer(0), Reply(0, 3)],
    ];
    for ops in repros {
        run(ops.clone()).unwrap_or_else(|e| panic!("{ops:?}: {e}"));
    }
}

// Watched solves ("Wait for the best answer" off): the first answer plays at once and every
// shorter answer that keeps the moves already played splices into the playback.

/// The sizes a watched solve runs on: 3x3 (A*, watched after its grace), 4x4 (the pattern
/// database, likewise) and 5x5 (the anytime method, watched at once).
const WATCHED_SIDES: [usize; 3] = [3, 4, 5];

/// One thing that happens around a watched solve (parameters are reduced modulo what fits).
#[derive(Clone, Debug)]
enum Watched {
    /// Imports a board a walk of the blank away from the standard goal of a size.
    Board(usize, u64),
    WaitForBest(bool),
    Method(usize),
    Solve,
    /// The grace of the solve picked (see [`Watcher::watch_now`]) is over.
    WatchNow(usize),
    /// A better answer (request, kind of answer, two parameters: see [`variant`]).
    Improved(usize, usize, usize, usize),
    /// The final answer, made the same way.
    Solved(usize, usize, usize, usize),
    Failed(usize),
    Cancel,
    Playback(usize, usize),
    PlayAnswer(usize),
    Key(usize),
}

fn watched_op() -> impl Strategy<Value = Watched> {
    prop_oneof![
        1 => (any::<usize>(), any::<u64>()).prop_map(|(s, seed)| Watched::Board(s, seed)),
        2 => any::<bool>().prop_map(Watched::WaitForBest),
        1 => any::<usize>().prop_map(Watched::Method),
        6 => Just(Watched::Solve),
        3 => any::<usize>().prop_map(Watched::WatchNow),
        14 => (any::<usize>(), 0usize..8, any::<usize>(), any::<usize>())
            .prop_map(|(r, k, a, b)| Watched::Improved(r, k, a, b)),
        2 => (any::<usize>(), 0usize..8, any::<usize>(), any::<usize>())
            .prop_map(|(r, k, a, b)| Watched::Solved(r, k, a, b)),
        1 => any::<usize>().prop_map(Watched::Failed),
        1 => Just(Watched::Cancel),
        6 => (0usize..7, any::<usize>()).prop_map(|(a, k)| Watched::Playback(a, k)),
        // The playback timer: the playback moves on between answers.
        8 => Just(Watched::Playback(6, 0)),
        1 => any::<usize>().prop_map(Watched::PlayAnswer),
        1 => (0usize..4).prop_map(Watched::Key),
    ]
}

/// A solve request as the edge sent it, with a genuine answer to it.
#[derive(Clone, Debug)]
struct Asked {
    id: u32,
    start: Board,
    goal: Board,
    /// A real answer from `start` to `goal`: the core's A* on 3x3, else the inverse of the walk
    /// that made the board (kept along the hand moves and playbacks since) with a few detours.
    base: Vec<Direction>,
    /// The shortest length, where known (3x3).
    optimal: Option<usize>,
    /// Whether the request asked to be watched (what makes the hook send `WatchNow`).
    watched: bool,
}

/// The hooks' part for watched solves: ids, the requests sent, and a known path from the
/// board on screen to the goal.
#[derive(Default)]
struct Watcher {
    next_id: u32,
    sent: Vec<Asked>,
    path: Option<Vec<Direction>>,
    imported: Option<Vec<Direction>>,
}

thread_local! {
    /// The core's A* answers to the 3x3 boards met so far.
    static CORE_ANSWERS: RefCell<HashMap<(Board, Board), Vec<Direction>>> = RefCell::default();
}

/// A board `walk`-ish moves of the blank away from `goal` (never undoing the move before) and
/// the moves back: the inverse walk.
fn walked(goal: &Board, mut seed: u64, steps: usize) -> (Board, Vec<Direction>) {
    let mut board = goal.clone();
    let mut walk: Vec<Direction> = Vec::new();
    for _ in 0..steps {
        // splitmix64
        seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = seed;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        let choices: Vec<Direction> = board
            .legal_moves()
            .filter(|&d| walk.last() != Some(&d.opposite()))
            .collect();
        let d = choices[(z % choices.len() as u64) as usize];
        board.apply(d);
        walk.push(d);
    }
    let back = walk.iter().rev().map(|d| d.opposite()).collect();
    (board, back)
}

/// `moves` with every move that undoes the one before taken out with it (still legal: the
/// pair left the board as it was).
fn reduced(moves: &[Direction]) -> Vec<Direction> {
    let mut kept: Vec<Direction> = Vec::new();
    for &d in moves {
        if kept.last() == Some(&d.opposite()) {
            kept.pop();
        } else {
            kept.push(d);
        }
    }
    kept
}

/// `moves` (legal from `start`) with a back-and-forth pair inserted at `at` (clamped).
fn pad_at(start: &Board, moves: &[Direction], at: usize, pick: usize) -> Vec<Direction> {
    let at = at.min(moves.len());
    let there = start.after(&moves[..at]).expect("legal moves");
    let legal: Vec<Direction> = there.legal_moves().collect();
    let d = legal[pick % legal.len()];
    let mut padded = moves[..at].to_vec();
    padded.extend([d, d.opposite()]);
    padded.extend(&moves[at..]);
    padded
}

/// `moves` with `pairs` back-and-forth pairs at places picked by `seed`.
fn padded_with(start: &Board, moves: &[Direction], pairs: usize, seed: usize) -> Vec<Direction> {
    let mut padded = moves.to_vec();
    for j in 0..pairs {
        let at = seed.wrapping_add(j.wrapping_mul(7)) % (padded.len() + 1);
        padded = pad_at(start, &padded, at, seed / 5 + j);
    }
    padded
}

/// `moves` with its first move that undoes the one before taken out with it (a little better,
/// as an anytime round finds).
fn one_pair_less(moves: &[Direction]) -> Vec<Direction> {
    match moves.windows(2).position(|w| w[1] == w[0].opposite()) {
        Some(at) => [&moves[..at], &moves[at + 2..]].concat(),
        None => moves.to_vec(),
    }
}

/// A genuine path from `from` to `goal` no longer than `rest` (a path from `from` to `goal`):
/// a shortest one where the exact table is at hand, else `rest` reduced.
fn shortened(from: &Board, goal: &Board, rest: &[Direction]) -> Vec<Direction> {
    let Some(table) = Edge::default().table(goal) else {
        return reduced(rest);
    };
    let mut board = from.clone();
    let mut moves = Vec::new();
    while board != *goal {
        let Some(&d) = table.optimal_moves(&board).first() else {
            return reduced(rest);
        };
        board.apply(d);
        moves.push(d);
    }
    moves
}

/// An answer to `asked` with `moves`, as the worker would post it: optimal only if its length
/// is the proven shortest, else with an admissible lower bound.
fn genuine(asked: &Asked, moves: Vec<Direction>) -> Solution {
    let optimal = asked.optimal == Some(moves.len());
    let estimate = puzzle_core::Heuristic::new(puzzle_core::HeuristicKind::Manhattan, &asked.goal)
        .estimate(&asked.start);
    Solution {
        outcome: SolveOutcome::Solved,
        lower_bound: (!optimal).then(|| asked.optimal.map_or(estimate, |l| l as u32)),
        stats: puzzle_core::Stats {
            optimal,
            ..Default::default()
        },
        method: Method::anytime(),
        solvability: puzzle_core::solvability(&asked.start, &asked.goal).expect("same size"),
        moves,
    }
}

/// The answer of `kind` to `asked`, made from its real answer and, when one of its answers
/// plays, from the moves playing (`p`, at step `step`; else the real answer padded):
/// 0-2. the moves played and a few more kept, the rest shortened (splices if shorter): by one
///    pair (0, 1), or as much as is known (2: a shortest path on 3x3);
/// 3. the real answer with a few pairs padded in (a different prefix, often);
/// 4. the moves playing with one more pair after the step (longer: dropped);
/// 5. the moves playing reduced as a whole (shorter, but differs where a pair was played);
/// 6. the real answer itself (optimal on 3x3);
/// 7. the real answer with a pair in front (differs from the first move).
fn variant(asked: &Asked, state: &State, kind: usize, a: usize, b: usize) -> Vec<Direction> {
    let (p, step) = match state.playback.as_ref().filter(|p| p.start == asked.start) {
        Some(p) => (p.moves.clone(), p.step),
        None => (padded_with(&asked.start, &asked.base, 3 + a % 5, b), 0),
    };
    if asked.start.after(&p).ok().as_ref() != Some(&asked.goal) {
        // A playback from the same start towards another goal: only the real answer is known.
        return asked.base.clone();
    }
    let step = step.min(p.len());
    match kind % 8 {
        0..=2 => {
            let k = step + a % (p.len() - step + 1);
            let mut moves = p[..k].to_vec();
            let here = asked.start.after(&moves).expect("legal prefix");
            moves.extend(if kind % 8 == 2 {
                shortened(&here, &asked.goal, &p[k..])
            } else {
                one_pair_less(&p[k..])
            });
            moves
        }
        3 => padded_with(&asked.start, &asked.base, a % 5, b),
        4 => pad_at(&asked.start, &p, step + b % (p.len() - step + 1), a),
        5 => reduced(&p),
        6 => asked.base.clone(),
        _ => pad_at(&asked.start, &asked.base, 0, b),
    }
}

impl Watcher {
    /// Request `pick` names: mostly the latest, sometimes an earlier (stale) one.
    fn pick(&self, pick: usize) -> Option<&Asked> {
        let n = self.sent.len();
        if n == 0 {
            return None;
        }
        Some(if pick.is_multiple_of(4) {
            &self.sent[(pick / 4) % n]
        } else {
            &self.sent[n - 1]
        })
    }

    /// The id a `WatchNow` names: the latest watched request's, an earlier one's, or one never
    /// sent. As the hook does, only watched requests get one.
    fn watch_now(&self, pick: usize) -> Option<u32> {
        let watched: Vec<&Asked> = self.sent.iter().filter(|a| a.watched).collect();
        match pick % 3 {
            0 => watched.last().map(|a| a.id),
            1 => (!watched.is_empty()).then(|| watched[(pick / 3) % watched.len()].id),
            _ => Some(self.next_id + 1 + (pick / 3 % 5) as u32),
        }
    }

    /// A real answer from the board on screen to the goal, if one is known.
    fn base(&self, state: &State) -> Option<(Vec<Direction>, Option<usize>)> {
        let (board, goal) = (&state.puzzle.board, &state.puzzle.goal_board);
        if board.cells().len() <= 10 {
            let key = (board.clone(), goal.clone());
            if let Some(found) = CORE_ANSWERS.with_borrow(|answers| answers.get(&key).cloned()) {
                return Some((found.clone(), Some(found.len())));
            }
            let config = puzzle_core::SolverConfig::best_for(board.shape());
            let solution = puzzle_core::solve(board, goal, &config, &mut Limits::default()).ok()?;
            if solution.outcome != SolveOutcome::Solved || !solution.is_optimal() {
                return None;
            }
            CORE_ANSWERS.with_borrow_mut(|answers| answers.insert(key, solution.moves.clone()));
            return Some((solution.moves.clone(), Some(solution.moves.len())));
        }
        let path = self.path.clone()?;
        if board.after(&path).ok().as_ref() != Some(goal) {
            return None;
        }
        // With a few detours, as an anytime method's first answers have: later ones shorten.
        let detours = padded_with(board, &reduced(&path), 4, self.next_id as usize * 31);
        Some((detours, None))
    }

    /// Keeps the known path from the board on screen after `action`.
    fn track(&mut self, before: &State, action: &Action, after: &State) {
        if let Action::Puzzle(PuzzleAction::Import(_)) = action {
            self.path = self.imported.take();
            return;
        }
        if let Some(p) = &after.playback {
            self.path = Some(p.moves[p.step.min(p.moves.len())..].to_vec());
            return;
        }
        if after.puzzle.board == before.puzzle.board
            && after.puzzle.goal_board == before.puzzle.goal_board
        {
            return;
        }
        self.path = match action {
            Action::Play(PlayAction::MoveBlank(d)) => self
                .path
                .take()
                .map(|rest| std::iter::once(d.opposite()).chain(rest).collect()),
            _ => None,
        };
    }

    /// The actions `op` stands for, given the state on screen.
    fn actions(&mut self, op: Watched, state: &State) -> Vec<Action> {
        match op {
            Watched::Board(s, seed) => {
                let side = WATCHED_SIDES[s % WATCHED_SIDES.len()];
                let goal = Goal::Standard.board(Shape::square(side).unwrap()).unwrap();
                let (board, back) = walked(&goal, seed, 8 + (seed % 23) as usize);
                self.imported = Some(back);
                vec![Action::Puzzle(PuzzleAction::Import(board.to_line()))]
            }
            Watched::WaitForBest(wait) => vec![Action::Prefs(PrefsAction::SetWaitForBest(wait))],
            Watched::Method(m) => {
                let menu = state.method_menu();
                vec![Action::Prefs(PrefsAction::SetMethod(
                    menu[m % menu.len()].clone(),
                ))]
            }
            Watched::Solve if state.can_solve() => {
                let Some((base, optimal)) = self.base(state) else {
                    return Vec::new();
                };
                self.next_id += 1;
                let id = self.next_id;
                self.sent.push(Asked {
                    id,
                    start: state.puzzle.board.clone(),
                    goal: state.puzzle.goal_board.clone(),
                    base,
                    optimal,
                    watched: state.request(id).watch.is_some(),
                });
                vec![Action::Solve(SolveAction::Started(id))]
            }
            Watched::Solve => Vec::new(),
            Watched::WatchNow(pick) => self
                .watch_now(pick)
                .map(|id| Action::Solve(SolveAction::WatchNow(id)))
                .into_iter()
                .collect(),
            Watched::Improved(pick, kind, a, b) | Watched::Solved(pick, kind, a, b) => {
                let Some(asked) = self.pick(pick) else {
                    return Vec::new();
                };
                let answer = Box::new(genuine(asked, variant(asked, state, kind, a, b)));
                vec![match op {
                    Watched::Improved(..) => Action::Solve(SolveAction::Improved(asked.id, answer)),
                    _ => Action::Solve(SolveAction::Solved(asked.id, answer)),
                }]
            }
            Watched::Failed(pick) => self
                .pick(pick)
                .map(|asked| {
                    Action::Solve(SolveAction::Failed(asked.id, "the worker stopped".into()))
                })
                .into_iter()
                .collect(),
            Watched::Cancel => vec![Action::Solve(SolveAction::Cancelled)],
            Watched::Playback(a, k) => vec![Action::Playback(match a {
                0 => PlaybackAction::Play,
                1 => PlaybackAction::Pause,
                2 => PlaybackAction::StepForward,
                3 => PlaybackAction::StepBack,
                4 => PlaybackAction::Restart,
                5 => PlaybackAction::Seek(k % 60),
                _ => PlaybackAction::Tick,
            })],
            Watched::PlayAnswer(i) => vec![Action::Solve(SolveAction::PlayAnswer(i % 4))],
            Watched::Key(d) => vec![Action::Play(PlayAction::MoveBlank(Direction::ALL[d % 4]))],
        }
    }
}

/// Whether `answer` may replace the `playing` moves at `step` (stated again here, independently
/// of `web::ahead::fits`): shorter, and the moves played are its first moves.
fn keeps_the_moves_played(playing: &[Direction], step: usize, answer: &[Direction]) -> bool {
    answer.len() < playing.len() && step <= answer.len() && answer[..step] == playing[..step]
}

/// `Err` unless `answer` takes `start` to `goal`.
fn reaches(start: &Board, goal: &Board, answer: &Solution, what: &str) -> Result<(), String> {
    if start.after(&answer.moves).ok().as_ref() != Some(goal) {
        return Err(format!(
            "{what} does not take the solve's start to the goal"
        ));
    }
    Ok(())
}

fn moves_of(playback: Option<&Playback>) -> Option<&Vec<Direction>> {
    playback.map(|p| &p.moves)
}

/// The watched-solve checks of one action (`before` → `after`); `Err` names the first that
/// fails.
fn check_watched(before: &State, action: &Action, after: &State) -> Result<(), String> {
    let goal = &after.puzzle.goal_board;
    // 1. The playback is legal, ends at the goal on screen and shows its step.
    if let Some(p) = &after.playback {
        if p.step > p.moves.len() {
            return Err("the playback's step is past its moves".into());
        }
        let shown = p
            .start
            .after(&p.moves[..p.step])
            .map_err(|e| format!("the moves played are illegal: {e}"))?;
        if shown != after.puzzle.board || p.board() != after.puzzle.board {
            return Err("the board does not show the playback's step".into());
        }
        if p.start.after(&p.moves).ok().as_ref() != Some(goal) {
            return Err("the playback's moves do not end at the goal on screen".into());
        }
    }
    // 3. Every answer kept is a real answer; a solve's answers get shorter.
    if let Some(r) = after.solve.running() {
        for answer in &r.improved {
            reaches(&r.start, &r.goal, answer, "an answer so far")?;
        }
        if r.improved
            .windows(2)
            .any(|w| w[1].moves.len() >= w[0].moves.len())
        {
            return Err("the answers so far do not get shorter".into());
        }
    }
    if let Some(f) = after.solve.result() {
        for answer in f.answers().filter(|a| a.outcome == SolveOutcome::Solved) {
            reaches(&f.start, &f.goal, answer, "an answer of the result")?;
        }
        let lengths: Vec<usize> = f.answers().map(|a| a.moves.len()).collect();
        if lengths.windows(2).any(|w| w[1] >= w[0]) {
            return Err(format!(
                "the result's answers do not get shorter: {lengths:?}"
            ));
        }
    }
    // 2. Answers and their ends never stop the playback or change the moves already played.
    let answering = matches!(
        action,
        Action::Solve(
            SolveAction::Improved(..)
                | SolveAction::Solved(..)
                | SolveAction::Cancelled
                | SolveAction::Failed(..)
        )
    );
    if answering && before.playback.is_some() && after.playback.is_none() {
        return Err("an answer stopped the playback".into());
    }
    if let (true, Some(old), Some(new)) = (answering, &before.playback, &after.playback) {
        if new.start == old.start
            && (new.step != old.step || new.moves.get(..old.step) != Some(&old.moves[..old.step]))
        {
            return Err("an answer changed the moves already played".into());
        }
    }
    if let Action::Solve(SolveAction::Started(id)) = action {
        let expected = if before.prefs.wait_for_best {
            Watch::Off
        } else if matches!(before.effective_method(), Method::Anytime { .. }) {
            Watch::Playing
        } else {
            Watch::Waiting
        };
        let r = after.solve.running().ok_or("Solve started nothing")?;
        if (r.id, r.watch, r.improved.len()) != (*id, expected, 0) || after.playback.is_some() {
            return Err(format!("Solve started {:?}, not {expected:?}", r.watch));
        }
        return Ok(());
    }
    let id = match action {
        Action::Solve(
            SolveAction::Improved(id, _)
            | SolveAction::Solved(id, _)
            | SolveAction::WatchNow(id)
            | SolveAction::Failed(id, _),
        ) => Some(*id),
        _ => None,
    };
    let running = before.solve.running();
    let Some(r) = running.filter(|r| id.is_none_or(|id| id == r.id)) else {
        if id.is_some() && after != before {
            return Err("an answer to a request that no longer runs changed the page".into());
        }
        return Ok(());
    };
    let old = before.playback.as_ref().filter(|p| p.start == r.start);
    let new = after.playback.as_ref();
    match action {
        Action::Solve(SolveAction::Improved(_, answer)) => {
            let shorter = r
                .improved
                .last()
                .is_none_or(|last| answer.moves.len() < last.moves.len());
            let playing = r.watch == Watch::Playing;
            let (expected, kept) = match old {
                Some(old) if playing => {
                    let fits =
                        shorter && keeps_the_moves_played(&old.moves, old.step, &answer.moves);
                    (Some(if fits { &answer.moves } else { &old.moves }), fits)
                }
                None if playing && shorter => (Some(&answer.moves), true),
                _ => (moves_of(before.playback.as_ref()), shorter && !playing),
            };
            if moves_of(new) != expected {
                return Err(format!(
                    "{:?}: the answer of {} moves should {}",
                    r.watch,
                    answer.moves.len(),
                    if expected == Some(&answer.moves) {
                        "play"
                    } else {
                        "leave the playback as it was"
                    }
                ));
            }
            if old.is_none()
                && expected == Some(&answer.moves)
                && new.map(|p| p.step) != Some(answer.moves.len().min(1))
            {
                return Err("the first answer does not play from its first move".into());
            }
            let improved = after.solve.running().map(|r| &r.improved[..]);
            let as_kept = [&r.improved[..], &[(**answer).clone()]].concat();
            let expected = if kept { &as_kept[..] } else { &r.improved[..] };
            if improved != Some(expected) {
                return Err(format!(
                    "the answer {} kept",
                    if kept { "is not" } else { "is" }
                ));
            }
            if playing
                && !kept
                && answer.is_optimal()
                && after
                    .solve
                    .running()
                    .and_then(|r| r.shortest.as_ref())
                    .map(|s| s.moves.len())
                    != Some(answer.moves.len())
            {
                return Err(
                    "an optimal answer that does not fit is not recorded as the shortest".into(),
                );
            }
        }
        Action::Solve(SolveAction::Solved(_, answer)) => {
            let result = after
                .solve
                .result()
                .ok_or("the final answer left no result")?;
            if after.solve.running().is_some() {
                return Err("the solve still runs after its final answer".into());
            }
            let expected = match old {
                Some(old) if r.watch == Watch::Playing => {
                    if answer.moves == old.moves
                        || keeps_the_moves_played(&old.moves, old.step, &answer.moves)
                    {
                        &answer.moves
                    } else {
                        &old.moves
                    }
                }
                _ => &answer.moves,
            };
            if &result.solution.moves != expected {
                return Err("the result is not the answer expected".into());
            }
            let shown = match old {
                Some(_) if r.watch == Watch::Playing => Some(expected),
                Some(old) => Some(&old.moves),
                None if !answer.moves.is_empty() => Some(&answer.moves),
                None => moves_of(before.playback.as_ref()),
            };
            if moves_of(new) != shown {
                return Err("the final answer does not play as it should".into());
            }
        }
        Action::Solve(SolveAction::Cancelled | SolveAction::Failed(..)) => {
            if after.solve.running().is_some() {
                return Err("the solve still runs".into());
            }
            let playing = old.filter(|p| r.improved.iter().any(|s| s.moves == p.moves));
            let kept = playing
                .map(|p| &p.moves)
                .or(r.improved.last().map(|s| &s.moves));
            let result = after.solve.result().map(|f| &f.solution.moves);
            if result != kept {
                return Err("the result is not the answer playing, or else the shortest".into());
            }
            if kept.is_some_and(|k| !k.is_empty()) && moves_of(new) != kept {
                return Err("the answer kept does not play".into());
            }
        }
        Action::Solve(SolveAction::WatchNow(_)) => {
            if r.watch == Watch::Playing {
                if after != before {
                    return Err("WatchNow changed a solve that plays already".into());
                }
                return Ok(());
            }
            if after.solve.running().map(|r| r.watch) != Some(Watch::Playing) {
                return Err("WatchNow did not make the solve play".into());
            }
            let expected = match (old, r.improved.last()) {
                (None, Some(best)) => Some(&best.moves),
                _ => moves_of(before.playback.as_ref()),
            };
            if moves_of(new) != expected {
                return Err("WatchNow did not play the best answer so far".into());
            }
        }
        _ => {}
    }
    // 4. A watched solve that ends while one of its answers plays leaves one answer on screen.
    let ended = after.solve.running().is_none();
    let watched_end = r.watch == Watch::Playing
        || matches!(
            action,
            Action::Solve(SolveAction::Cancelled | SolveAction::Failed(..))
        );
    if let (true, true, Some(_), Some(result)) = (ended, watched_end, old, after.solve.result()) {
        if moves_of(new) != Some(&result.solution.moves) {
            return Err("the solve ended with a result that is not the answer on the board".into());
        }
    }
    Ok(())
}

/// Runs `ops` from an imported board and checks the page's rule and the watched-solve checks
/// after each action.
fn run_watched(first: Watched, ops: Vec<Watched>) -> Result<(), TestCaseError> {
    let mut state = State::default();
    let mut watcher = Watcher::default();
    let rule = Edge::default();
    for (n, op) in std::iter::once(first).chain(ops).enumerate() {
        let label = format!("{op:?}");
        for action in watcher.actions(op, &state) {
            let next = reduce(&state, action.clone()).unwrap_or_else(|| state.clone());
            if let Err(broken) =
                check_rule(&next, &rule).and_then(|()| check_watched(&state, &action, &next))
            {
                let shown = format!("{action:?}");
                return Err(TestCaseError::fail(format!(
                    "after step {n} ({label}: {}): {broken}",
                    &shown[..shown.len().min(160)]
                )));
            }
            watcher.track(&state, &action, &next);
            state = next;
        }
    }
    Ok(())
}

proptest! {
    // The fuzz tests' usual number of cases: 2,000 sequences take about a third of a second.
    #![proptest_config(fuzz_config())]

    #[test]
    fn a_watched_solve_splices_answers_without_changing_the_moves_played(
        first in (any::<usize>(), any::<u64>()).prop_map(|(s, seed)| Watched::Board(s, seed)),
        ops in prop::collection::vec(watched_op(), 1..40),
    ) {
        run_watched(first, ops)?;
    }
}

/// One watched solve on a 5x5, step by step: the first answer plays, a shorter one that keeps
/// the moves played splices in, a shorter one that does not is dropped, and the final answer
/// that does not fit leaves the answer playing as the result.
#[test]
fn a_watched_solve_splices_one_answer_and_drops_the_other() {
    let goal = Goal::Standard.board(Shape::square(5).unwrap()).unwrap();
    let (board, back) = walked(&goal, 11, 20);
    let real = reduced(&back);
    let mut state = State::default();
    let mut actions = vec![
        Action::Puzzle(PuzzleAction::Import(board.to_line())),
        Action::Solve(SolveAction::Started(1)),
    ];
    // A first answer with a detour in front and one at the end; three ticks play the first.
    let first = pad_at(&board, &pad_at(&board, &real, real.len(), 0), 0, 0);
    let asked = Asked {
        id: 1,
        start: board.clone(),
        goal: goal.clone(),
        base: real.clone(),
        optimal: None,
        watched: true,
    };
    let splices = [&first[..4], &reduced(&first[4..])].concat();
    actions.push(Action::Solve(SolveAction::Improved(
        1,
        Box::new(genuine(&asked, first.clone())),
    )));
    actions.extend(std::iter::repeat_n(
        Action::Playback(PlaybackAction::Tick),
        3,
    ));
    actions.push(Action::Solve(SolveAction::Improved(
        1,
        Box::new(genuine(&asked, splices.clone())),
    )));
    actions.push(Action::Solve(SolveAction::Improved(
        1,
        Box::new(genuine(&asked, real.clone())),
    )));
    actions.push(Action::Solve(SolveAction::Solved(
        1,
        Box::new(genuine(&asked, real.clone())),
    )));
    let rule = Edge::default();
    for action in actions {
        let shown = format!("{action:?}");
        let next = reduce(&state, action.clone()).unwrap_or_else(|| state.clone());
        check_rule(&next, &rule)
            .and_then(|()| check_watched(&state, &action, &next))
            .unwrap_or_else(|e| panic!("{}: {e}", &shown[..shown.len().min(80)]));
        state = next;
    }
    let playback = state.playback.as_ref().expect("the answer plays on");
    assert_eq!((&playback.moves, playback.step), (&splices, 4));
    let result = state.solve.result().expect("a result");
    assert_eq!(
        result.solution.moves, splices,
        "the result is the answer on the board"
    );
    assert_eq!(
        result.earlier.len(),
        1,
        "the first answer, before the spliced one"
    );
}

/// A case the watched-solve property found (session 25): a key pressed while the first answer
/// plays, then an answer no shorter than it.
#[test]
fn a_key_during_a_watched_solve_then_an_answer_no_shorter() {
    use Watched::*;
    let ops = vec![
        Solve,
        Improved(0, 5, 0, 0),
        WatchNow(6078217298077502250),
        Key(0),
        Improved(0, 0, 0, 0),
    ];
    run_watched(Board(0, 0), ops).unwrap();
}
