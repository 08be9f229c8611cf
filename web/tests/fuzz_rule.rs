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
//! Five times `FUZZ_CASES` sequences run (10,000 by default; the long run in README sets more).
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
    solve_with, Board, Direction, Goal, Limits, Method, Progress, Shape, Solution, SolveOutcome,
    Tables,
};
use web::coach::{known, Distance};
use web::race::{Race, RACE_BUDGET};
use web::state::{reduce, Action, ExactCount, PlaybackAction, State};

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
            &method,
            Tables::default(),
            &mut Limits::default(),
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
        Op::Click(cell) => vec![Action::ClickCell(cell % (cells + 1))],
        Op::Key(d) => vec![Action::MoveBlank(Direction::ALL[d])],
        Op::Undo => vec![Action::Undo],
        Op::Redo => vec![Action::Redo],
        Op::Clock(ms) => vec![Action::Clock(f64::from(ms))],
        Op::Size(s) => vec![Action::SetShape(shape(s))],
        Op::Goal(3, seed) => {
            // A few custom goals a size, so that their exact tables are built once.
            let standard = Goal::Standard.board(board.shape()).unwrap();
            let custom = scramble_seeded(&standard, Scramble::Uniform, true, seed % 3);
            vec![Action::CustomGoal, Action::GoalText(custom.to_line())]
        }
        Op::Goal(g, _) => vec![Action::SetGoal(goal(g))],
        Op::Scramble(seed) => vec![Action::ScrambleSeeded(seed)],
        Op::Import(s, seed) => {
            let standard = Goal::Standard.board(shape(s)).unwrap();
            let any = scramble_seeded(&standard, Scramble::Uniform, seed % 4 != 0, seed);
            vec![Action::Import(any.to_line())]
        }
        Op::Edit(seed) => {
            let edited = scramble_seeded(board, Scramble::Walk(3), true, seed);
            vec![
                Action::ToggleEditor,
                Action::EditText(edited.to_line()),
                Action::ApplyEdit,
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
            vec![Action::Generated(goal, board)]
        }
        Op::Fix => vec![Action::SwapFix],
        Op::Method(m) => {
            let menu = state.method_menu();
            vec![Action::SetMethod(menu[m % menu.len()])]
        }
        Op::Solve if state.can_solve() => {
            let id = edge.id();
            edge.send(id, state, false);
            vec![Action::SolveStarted(id)]
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
            vec![Action::RaceStarted(Box::new(race))]
        }
        Op::Solve | Op::Race => Vec::new(),
        Op::Live => {
            let id = edge.id();
            edge.send(id, state, true);
            vec![Action::ToggleCount, Action::CountStarted(id)]
        }
        Op::Cancel if state.busy_id().is_some() => vec![Action::Cancelled],
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
        Op::PlayAnswer(i) => vec![Action::PlayAnswer(i % 4)],
        Op::PlayRace(i) => vec![Action::PlayRaceEntry(i % 6)],
        Op::Hint => {
            // As the coach does: the tile that the known first move slides.
            let Some(first) = known(state).hint else {
                return Vec::new();
            };
            let Some(cell) = board.shape().neighbour(board.blank(), first) else {
                return Vec::new();
            };
            edge.hinted_on = Some((board.clone(), state.puzzle.goal_board.clone()));
            vec![Action::ShowHint(cell)]
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
            Action::CountFailed(id)
        } else {
            Action::SolveFailed(id, "unsolvable".into())
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
            0 => Action::CountSolved(id, Box::new(solution)),
            1 => Action::CountKnown(Box::new(asked), Some((length, first))),
            _ => Action::CountFailed(id),
        }];
    }
    vec![match kind {
        0 => Action::Progress(id, Progress::default()),
        1 => Action::Improved(id, Box::new(padded(&request.start, &solution, 2))),
        2 => Action::Improved(id, Box::new(padded(&request.start, &solution, 1))),
        3 => Action::SolveFailed(id, "the worker stopped".into()),
        _ => Action::Solved(id, Box::new(solution)),
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
    if let Some(running) = &state.solving.running {
        if !belongs(state, &running.start, &running.goal) {
            return Err("a solve for another board or goal is still running".into());
        }
        for answer in &running.improved {
            if running.start.after(&answer.moves).ok() != Some(goal.clone()) {
                return Err("an answer so far does not reach the goal".into());
            }
        }
    }
    if let Some(result) = &state.solving.result {
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
        let labelled = state.solving.result.as_ref().map(|r| &r.start) == start
            || state.solving.running.as_ref().map(|r| &r.start) == start
            || state.race.as_ref().map(|r| &r.start) == start;
        if !labelled {
            return Err("a playback plays an answer that no result, solve or race names".into());
        }
    }
    if let Some(id) = state.busy_id() {
        let race_busy = state.race.as_ref().is_some_and(Race::is_running);
        if !race_busy && state.solving.running.as_ref().map(|r| r.id) != Some(id) {
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
    state = reduce(&state, Action::ScrambleSeeded(7)).unwrap_or(state);
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
