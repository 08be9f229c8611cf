//! The tables' lines and the method menu, through the page's reducer: what each line says for a
//! solve's tables, workers and answer.

use super::*;
use crate::protocol::{TablesInfo, ToWorker};
use crate::state::prefs::PAGE_ANYTIME;
use crate::state::solve::tables::Quality;
use crate::state::solve::tables::Tables;
use crate::state::State;
use crate::state::{reduce, Action, PrefsAction, PuzzleAction, SolveAction, Told};
use puzzle_core::{Algorithm, Board, Goal, Limits, Shape, SolveOutcome, SolverConfig};

fn state(text: &str) -> State {
    let board: Board = text.parse().unwrap();
    let mut state = State::new(board.shape(), Goal::Standard);
    state = reduce(&state, Action::Puzzle(PuzzleAction::Scramble(board))).unwrap_or(state);
    state
}

fn apply(state: &State, action: Action) -> State {
    reduce(state, action).expect("the action changes the state")
}

#[test]
fn defaults_follow_the_size() {
    let s4 = State::new(Shape::square(4).unwrap(), Goal::Standard);
    assert_eq!(s4.prefs.method, Method::PatternDatabase);
    let method = |s: &State| match s.worker_message(1) {
        ToWorker::Solve(request) => request.method,
        other => panic!("not a solve: {other:?}"),
    };
    assert_eq!(method(&s4), puzzle_core::Method::PatternDatabase);
    let s5 = State::new(Shape::square(5).unwrap(), Goal::Standard);
    assert_eq!(s5.prefs.method, PAGE_ANYTIME);
    assert_eq!(method(&s5), PAGE_ANYTIME);
    let staged = apply(&s5, Action::Prefs(PrefsAction::SetMethod(Method::Staged)));
    assert_eq!(method(&staged), puzzle_core::Method::Staged);
    let s3 = State::default();
    assert_eq!(s3.prefs.method, Method::search(Algorithm::AStar));
    assert!(matches!(method(&s3), puzzle_core::Method::Search(_)));
    // A method that does not fit the size cannot be picked.
    assert_eq!(
        reduce(
            &s3,
            Action::Prefs(PrefsAction::SetMethod(Method::anytime()))
        ),
        None
    );
    // Changing size resets the method; a generic pick sticks until then.
    let to4 = apply(
        &s3,
        Action::Puzzle(PuzzleAction::SetShape(Shape::square(4).unwrap(), 1)),
    );
    assert_eq!(to4.prefs.method, Method::PatternDatabase);
    let generic = apply(
        &to4,
        Action::Prefs(PrefsAction::SetMethod(Method::search(Algorithm::IdaStar))),
    );
    assert_eq!(
        generic.effective_method(),
        Method::search(Algorithm::IdaStar)
    );
    let back = apply(
        &generic,
        Action::Prefs(PrefsAction::SetMethod(Method::PatternDatabase)),
    );
    assert_eq!(back.effective_method(), Method::PatternDatabase);
    assert_eq!(
        reduce(
            &back,
            Action::Prefs(PrefsAction::SetMethod(Method::PatternDatabase))
        ),
        None
    );
    let to5 = apply(
        &back,
        Action::Puzzle(PuzzleAction::SetShape(Shape::square(5).unwrap(), 1)),
    );
    assert_eq!(to5.prefs.method, PAGE_ANYTIME);
}

#[test]
fn a_database_solve_reports_build_then_source_then_answer() {
    let start = state("1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15");
    let mut s = apply(&start, Action::Solve(SolveAction::Started(5)));
    assert_eq!(s.solve.running().unwrap().method, Method::PatternDatabase);
    assert_eq!(
        progress_text(s.solve.running(), s.shape()).as_deref(),
        Some("Preparing the pattern database…")
    );
    let build = BuildProgress {
        filled: 43,
        total: 100,
        table: 0,
        tables: 3,
        elapsed_ms: 0.0,
        recent_seconds_left: None,
    };
    // Stale ids are ignored.
    assert_eq!(
        reduce(
            &s,
            Action::Solve(SolveAction::Told(4, Told::TablesBuilding(build.clone())))
        ),
        None
    );
    s = apply(
        &s,
        Action::Solve(SolveAction::Told(5, Told::TablesBuilding(build))),
    );
    let tables = &s.solve.running().unwrap().tables;
    assert!(matches!(tables, Tables::Building(b) if b.filled == 43));
    let info = TablesInfo::Cache {
        ms: 120.0,
        bytes: 11_534_000,
    };
    assert_eq!(source_text(&info), "loaded from cache in 120 ms (11.5 MB)");
    let memory = TablesInfo::Memory { bytes: 11_534_000 };
    assert_eq!(source_text(&memory), "already in memory (11.5 MB)");
    let downloaded = TablesInfo::Downloaded {
        ms: 120.0,
        bytes: 11_534_000,
        repaired: false,
        saved: true,
    };
    assert_eq!(
        source_text(&downloaded),
        "downloaded in 120 ms (11.5 MB), saved in this browser for next time"
    );
    let refused = TablesInfo::Downloaded {
        ms: 120.0,
        bytes: 11_534_000,
        repaired: false,
        saved: false,
    };
    assert_eq!(
        source_text(&refused),
        "downloaded in 120 ms (11.5 MB), could not be saved in this browser (its storage is full or refused)"
    );
    let offline = TablesInfo::Built {
        ms: 120.0,
        bytes: 11_534_000,
        repaired: false,
        saved: true,
        download_failed: true,
    };
    assert_eq!(
        source_text(&offline),
        "built in 120 ms (11.5 MB) because the download failed, saved in this browser for next time"
    );
    let failed = TablesInfo::Failed {
        why: "out of memory".to_string(),
    };
    assert_eq!(
        source_text(&failed),
        "could not be made here, so the answer improved without them"
    );
    s = apply(
        &s,
        Action::Solve(SolveAction::Told(5, Told::TablesReady(info.clone()))),
    );
    let solution = optimal(&s);
    s = apply(
        &s,
        Action::Solve(SolveAction::Solved(5, Box::new(solution))),
    );
    let finished = s
        .solve
        .result()
        .unwrap()
        .how_solved
        .clone()
        .expect("labelled");
    assert_eq!(finished.method, Method::PatternDatabase);
    assert_eq!(finished.tables, Some(info));
    // A new board clears the label with the result.
    let moved = apply(
        &s,
        Action::Puzzle(PuzzleAction::Scramble(start.puzzle.board.clone())),
    );
    assert_eq!(moved.solve, crate::state::Solve::Idle);
}

/// A solve started while another runs is its own: before, the page kept the first
/// solve's method (`engine.running`, never cleared) and tables, so a breadth-first
/// search started over a pattern-database solve showed "Pattern database loaded from
/// cache" as its tables line and under its answer.
#[test]
fn a_solve_started_over_another_shows_nothing_of_it() {
    let start = state("1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15");
    let database = apply(&start, Action::Solve(SolveAction::Started(5)));
    let cache = TablesInfo::Cache {
        ms: 120.0,
        bytes: 11_534_000,
    };
    let database = apply(
        &database,
        Action::Solve(SolveAction::Told(5, Told::TablesReady(cache))),
    );
    let bfs = Method::search(Algorithm::Bfs);
    let chosen = apply(&database, Action::Prefs(PrefsAction::SetMethod(bfs)));
    let s = apply(&chosen, Action::Solve(SolveAction::Started(6)));
    let running = s.solve.running().unwrap();
    assert_eq!(
        (running.method.algorithm(), &running.tables),
        (Algorithm::Bfs, &Tables::Getting)
    );
    assert_eq!(
        progress_text(s.solve.running(), s.shape()).as_deref(),
        Some("Starting the solver…")
    );
    let solution = optimal(&s);
    let s = apply(
        &s,
        Action::Solve(SolveAction::Solved(6, Box::new(solution))),
    );
    assert_eq!(
        s.solve.result().unwrap().how_solved,
        None,
        "no tables' label"
    );
}

/// A big board whose shipped tables could not be downloaded says so while it runs (the
/// big-board tables' note gone once they are built) and under the answer.
#[test]
fn failed_downloads_are_told_while_running_and_under_the_answer() {
    use crate::protocol::ShippedTables::{BigBoard, WholeBoard};
    use crate::state::solve::tables::download_failed_text;
    let start = state("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 0 35");
    let mut s = apply(&start, Action::Solve(SolveAction::Started(3)));
    let fail = |id, tables, why: &str| {
        Action::Solve(SolveAction::Told(
            id,
            Told::DownloadFailed(tables, why.to_string()),
        ))
    };
    assert_eq!(reduce(&s, fail(2, BigBoard, "HTTP 404")), None, "stale");
    s = apply(&s, fail(3, BigBoard, "HTTP 404"));
    s = apply(&s, fail(3, WholeBoard, "a damaged or wrong file"));
    assert_eq!(
        reduce(&s, fail(3, WholeBoard, "a damaged or wrong file")),
        None
    );
    let running = s.solve.running().unwrap();
    assert_eq!(
        download_failed_text(&running.download_failed, None, false).as_deref(),
        Some(
            "The big-board tables could not be downloaded (HTTP 404), so they are being \
             built here; the answers come without them meanwhile. The whole-board tables \
             could not be downloaded (a damaged or wrong file): the answers are made \
             without them."
        )
    );
    // The answer comes before the tables.
    let solved = apply(
        &s,
        Action::Solve(SolveAction::Solved(3, Box::new(staged(&s)))),
    );
    let finished = solved.solve.result().unwrap().how_solved.clone();
    let finished = finished.expect("labelled");
    assert_eq!(finished.tables, None);
    assert_eq!(
        download_failed_text(&finished.download_failed, None, true).as_deref(),
        Some(
            "Big-board tables could not be downloaded (HTTP 404): this answer was made \
             without them. They are being built here for the next solve. Whole-board \
             tables could not be downloaded (a damaged or wrong file): this answer was \
             made without them."
        )
    );
    // The tables came, built: their source says why; the whole-board note stays.
    let built = TablesInfo::Built {
        ms: 20_000.0,
        bytes: 4_500_000,
        repaired: false,
        saved: false,
        download_failed: true,
    };
    assert!(source_text(&built).contains("because the download failed"));
    let ready = apply(
        &s,
        Action::Solve(SolveAction::Told(3, Told::TablesReady(built.clone()))),
    );
    let running = ready.solve.running().unwrap();
    let text = download_failed_text(&running.download_failed, Some(&built), false).unwrap();
    assert!(
        text.starts_with("The whole-board tables could not"),
        "{text}"
    );
    // A new solve starts with a clean slate.
    let again = apply(&solved, Action::Solve(SolveAction::Started(4)));
    assert!(again.solve.running().unwrap().download_failed.is_empty());
}

/// The optimal answer of the board on screen, by the best generic search for its size.
fn optimal(s: &State) -> puzzle_core::Solution {
    let goal = &s.puzzle.goal_board;
    let config = SolverConfig::best_for(goal.shape());
    puzzle_core::solve(&s.puzzle.board, goal, &config, &mut Limits::default()).unwrap()
}

/// The staged answer of the board on screen (a 6x6 has no optimal one here).
fn staged(s: &State) -> puzzle_core::Solution {
    puzzle_core::solve_with(
        &s.puzzle.board,
        &s.puzzle.goal_board,
        &puzzle_core::SolveOptions::new(&Method::Staged),
        &mut Limits::default(),
        &mut |_| {},
    )
    .unwrap()
}

/// The build line says what is made and that it is made once, and estimates the time
/// left from the pace so far: 25 % in 10 s leaves about 30 s.
#[test]
fn the_build_line_estimates_the_time_left() {
    let at = |filled, elapsed_ms| BuildProgress {
        filled,
        total: 1000,
        table: 0,
        tables: 3,
        elapsed_ms,
        recent_seconds_left: None,
    };
    assert_eq!(
        build_text("pattern database", &at(250, 10_000.0), true),
        "Preparing the pattern database for this goal, once for this browser: 25%, about 30 s \
         left (250 of 1,000 entries). You can play the first answer meanwhile."
    );
    assert!(build_text("big-board tables", &at(10, 300.0), false)
        .contains(": 1%, estimating the time left (10 of 1,000 entries)."));
    assert!(build_text("x", &at(900, 30_000.0), false).contains("a few seconds left"));
    assert!(build_text("x", &at(100, 30_000.0), false).contains("about 5 min left"));
    assert_eq!(at(0, 5000.0).seconds_left(), None);
}

#[test]
fn cancelling_a_build_says_so() {
    let start = state("1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15");
    let mut s = apply(&start, Action::Solve(SolveAction::Started(1)));
    s = apply(
        &s,
        Action::Solve(SolveAction::Told(
            1,
            Told::TablesBuilding(BuildProgress {
                filled: 1,
                total: 4,
                table: 0,
                tables: 3,
                elapsed_ms: 0.0,
                recent_seconds_left: None,
            }),
        )),
    );
    s = apply(&s, Action::Solve(SolveAction::Cancelled));
    assert!(s.solve.running().is_none());
    assert_eq!(
        s.notice.as_deref(),
        Some("Cancelled while building the pattern database (25% done): nothing was saved.")
    );
}

#[test]
fn a_staged_answer_carries_its_bound() {
    let goal = Goal::Standard.board(Shape::square(5).unwrap()).unwrap();
    let board = puzzle_core::generate::scramble_seeded(
        &goal,
        puzzle_core::generate::Scramble::Uniform,
        true,
        3,
    );
    let start = apply(
        &State::default(),
        Action::Puzzle(PuzzleAction::Scramble(board.clone())),
    );
    assert_eq!(start.prefs.method, PAGE_ANYTIME);
    let start = apply(
        &start,
        Action::Prefs(PrefsAction::SetMethod(Method::Staged)),
    );
    let mut s = apply(&start, Action::Solve(SolveAction::Started(9)));
    let answer = puzzle_core::suboptimal::solve_staged(
        &board,
        &goal,
        &puzzle_core::suboptimal::StagedConfig::default(),
        &mut Limits::default(),
    )
    .unwrap();
    assert_eq!(answer.solution.outcome, SolveOutcome::Solved);
    let quality = Quality {
        lower_bound: answer.lower_bound,
        ratio: answer.solution.ratio_at_most(),
    };
    s = apply(
        &s,
        Action::Solve(SolveAction::Solved(9, Box::new(answer.solution.clone()))),
    );
    assert!(s.solve.running().is_none());
    assert!(s.playback.is_some());
    let finished = s
        .solve
        .result()
        .unwrap()
        .how_solved
        .clone()
        .expect("labelled");
    assert_eq!(finished.method, Method::Staged);
    assert_eq!(finished.quality, Some(quality));
    assert_eq!(
        s.solve.result().map(|r| r.solution.moves.len()),
        Some(answer.solution.moves.len())
    );
}

#[test]
fn stopping_an_anytime_solve_keeps_its_shortest_answer() {
    let goal = Goal::Standard.board(Shape::square(5).unwrap()).unwrap();
    let board = puzzle_core::generate::scramble_seeded(
        &goal,
        puzzle_core::generate::Scramble::Uniform,
        true,
        4,
    );
    let start = apply(
        &State::default(),
        Action::Puzzle(PuzzleAction::Scramble(board.clone())),
    );
    // Waiting for the best answer: nothing plays until the solve ends.
    let start = apply(&start, Action::Prefs(PrefsAction::SetWaitForBest(true)));
    let mut s = apply(&start, Action::Solve(SolveAction::Started(3)));
    assert_eq!(s.solve.running().unwrap().method, PAGE_ANYTIME);
    let mut longer = Vec::new();
    let answer = puzzle_core::solve_with(
        &board,
        &goal,
        &puzzle_core::SolveOptions::new(&puzzle_core::Method::Anytime { time_limit_ms: 300 }),
        &mut Limits::default(),
        &mut |better| longer.push(better.clone()),
    )
    .unwrap();
    assert!(
        longer.len() >= 2,
        "the anytime method improves on the staged answer"
    );
    for better in &longer {
        s = apply(
            &s,
            Action::Solve(SolveAction::Improved(3, Box::new(better.clone()))),
        );
    }
    let line = progress_text(s.solve.running(), s.shape()).unwrap();
    assert!(line.contains("still improving"), "{line}");
    assert!(
        line.contains(&format!("{} moves", answer.moves.len())),
        "{line}"
    );
    s = apply(&s, Action::Solve(SolveAction::Cancelled));
    assert!(s.solve.running().is_none());
    let result = s.solve.result().expect("the best answer is kept");
    assert_eq!(result.solution.moves, answer.moves);
    assert_eq!(result.earlier.len(), longer.len() - 1);
    assert!(s.playback.is_some());
    assert!(s
        .notice
        .as_deref()
        .unwrap()
        .starts_with("Stopped: kept the shortest"));
}

#[test]
fn links_name_the_special_methods() {
    let s = State::new(Shape::square(4).unwrap(), Goal::Standard);
    let query = crate::url::to_query(&s);
    assert!(query.contains("method=pdb"), "{query}");
    assert!(!query.contains("heuristic"), "{query}");
    let (back, errors) = crate::url::from_query(&query);
    assert!(errors.is_empty());
    assert_eq!(back.prefs.method, Method::PatternDatabase);
    let (generic, _) = crate::url::from_query("?size=4x4&method=idastar");
    assert_eq!(
        generic.effective_method(),
        Method::search(Algorithm::IdaStar)
    );
}

#[test]
fn a_method_that_does_not_fit_the_link_size_gets_the_core_reason() {
    let (state, errors) = crate::url::from_query("?size=5x5&method=pdb");
    assert_eq!(state.prefs.method, PAGE_ANYTIME);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].starts_with("method in the link: the pdb method cannot solve a 5x5 board: "),
        "{errors:?}"
    );
    let (state, errors) = crate::url::from_query("?method=anytime");
    assert_eq!(state.prefs.method, Method::default_for(state.shape()));
    assert_eq!(
        errors,
        vec![format!(
            "method in the link: {}",
            Method::anytime().fits(state.shape()).unwrap_err()
        )]
    );
    assert!(
        errors[0].contains("the anytime method cannot solve a 3x3 board: "),
        "{errors:?}"
    );
}

#[test]
fn the_method_menu_is_the_core_list() {
    for (w, h) in [(2, 2), (3, 3), (3, 4), (4, 4), (5, 5), (6, 6)] {
        let mut state = State::new(Shape::new(w, h).unwrap(), Goal::Standard);
        for heuristic in puzzle_core::HeuristicKind::ALL {
            state = reduce(&state, Action::Prefs(PrefsAction::SetHeuristic(heuristic)))
                .unwrap_or(state);
            assert_eq!(
                state.method_menu(),
                Method::all_for(state.shape(), heuristic),
                "{w}x{h}"
            );
            let names: Vec<&str> = state.method_menu().iter().map(Method::name).collect();
            assert!(
                names.contains(&state.effective_method().name()),
                "{names:?}"
            );
        }
    }
    let s4 = State::new(Shape::square(4).unwrap(), Goal::Standard);
    let names: Vec<&str> = s4.method_menu().iter().map(Method::name).collect();
    assert_eq!(
        names,
        ["bfs", "dfs", "iddfs", "greedy", "astar", "idastar", "pdb", "staged", "anytime"]
    );
}
