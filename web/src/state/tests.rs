use super::*;
use crate::state::prefs::PAGE_ANYTIME;
use puzzle_core::{Limits, Progress, SolveOutcome, Stats};

fn board(text: &str) -> Board {
    text.parse().unwrap()
}

fn with_board(text: &str) -> State {
    let mut state = State::default();
    state.set_board(board(text));
    state.play = Play::new(
        state.puzzle.board.clone(),
        state.puzzle.goal_board.clone(),
        0.0,
    );
    state
}

fn apply(state: &State, action: Action) -> State {
    reduce(state, action).unwrap_or_else(|| state.clone())
}

fn solution_for(start: &Board, goal: &Board) -> Solution {
    puzzle_core::solve(
        start,
        goal,
        &puzzle_core::SolverConfig::best_for(start.shape()),
        &mut Limits::default(),
    )
    .unwrap()
}

#[test]
fn clicking_a_tile_next_to_the_blank_slides_it() {
    let state = with_board("1 2 3 / 4 0 5 / 7 8 6");
    let next = apply(&state, Action::Play(PlayAction::ClickCell(5)));
    assert_eq!(next.puzzle.board, board("1 2 3 / 4 5 0 / 7 8 6"));
    assert_eq!(next.play.moves(), 1);
}

#[test]
fn clicking_a_far_tile_in_the_blank_row_slides_the_tiles_between() {
    let state = with_board("0 1 2 / 3 4 5 / 6 7 8");
    let next = apply(&state, Action::Play(PlayAction::ClickCell(2)));
    assert_eq!(next.puzzle.board, board("1 2 0 / 3 4 5 / 6 7 8"));
    assert_eq!(next.play.moves(), 2);
    let next = apply(&state, Action::Play(PlayAction::ClickCell(6)));
    assert_eq!(next.puzzle.board, board("3 1 2 / 6 4 5 / 0 7 8"));
}

#[test]
fn illegal_clicks_are_ignored() {
    let state = with_board("1 2 3 / 4 0 5 / 7 8 6");
    // A corner is in neither the blank's row nor its column; the blank itself; off the board.
    for cell in [0, 2, 6, 8, 4, 9, 100] {
        assert_eq!(
            reduce(&state, Action::Play(PlayAction::ClickCell(cell))),
            None,
            "cell {cell}"
        );
    }
    let corner = with_board("0 1 2 / 3 4 5 / 6 7 8");
    assert_eq!(
        reduce(&corner, Action::Play(PlayAction::MoveBlank(Direction::Up))),
        None
    );
    assert_eq!(
        reduce(
            &corner,
            Action::Play(PlayAction::MoveBlank(Direction::Left))
        ),
        None
    );
}

#[test]
fn arrow_keys_name_the_way_the_tile_slides() {
    let state = with_board("1 2 3 / 4 0 5 / 7 8 6");
    // The tile below the blank slides up: the blank goes down.
    let next = apply(
        &state,
        Action::Play(PlayAction::MoveBlank(State::key_move(Direction::Up))),
    );
    assert_eq!(next.puzzle.board, board("1 2 3 / 4 8 5 / 7 0 6"));
}

#[test]
fn reaching_the_goal_by_hand_is_solved() {
    let state = with_board("1 2 3 / 4 5 6 / 7 0 8");
    assert!(!state.is_solved());
    assert!(apply(&state, Action::Play(PlayAction::ClickCell(8))).is_solved());
}

#[test]
fn scrambles_are_solvable_for_every_goal_and_mode() {
    for size in [2, 3, 4, 5] {
        for goal in [Goal::Standard, Goal::BlankFirst, Goal::Snail] {
            for how in [ScrambleHow::Uniform, ScrambleHow::Walk] {
                let mut state = State::new(Shape::square(size).unwrap(), goal.clone());
                state.prefs.scramble = how;
                for seed in 0..40 {
                    let next = apply(
                        &state,
                        Action::Puzzle(PuzzleAction::Scramble(scrambled(&state, seed))),
                    );
                    assert!(next.solvability().solvable, "{size} {goal} {how:?} {seed}");
                    assert_eq!(next.shape(), state.shape());
                    assert_eq!(next.play.moves(), 0);
                }
            }
        }
    }
}

#[test]
fn a_seeded_scramble_is_the_scramble_of_that_seed() {
    let state = State::new(Shape::square(4).unwrap(), Goal::Snail);
    let seeded = apply(&state, Action::Puzzle(PuzzleAction::ScrambleSeeded(11)));
    assert_eq!(
        seeded,
        apply(
            &state,
            Action::Puzzle(PuzzleAction::Scramble(scrambled(&state, 11)))
        )
    );
    assert_ne!(seeded.puzzle.board, state.puzzle.board);
}

#[test]
fn a_short_walk_stays_close_to_the_goal() {
    let mut state = State::default();
    state = apply(
        &state,
        Action::Prefs(PrefsAction::SetScramble(ScrambleHow::Walk)),
    );
    state = apply(&state, Action::Prefs(PrefsAction::SetWalkLength(1)));
    let next = apply(
        &state,
        Action::Puzzle(PuzzleAction::Scramble(scrambled(&state, 3))),
    );
    assert_ne!(next.puzzle.board, next.puzzle.goal_board);
    assert!(Direction::ALL
        .into_iter()
        .any(|d| next.puzzle.board.after(&[d]).ok().as_ref() == Some(&next.puzzle.goal_board)));
}

#[test]
fn unsolvable_boards_block_solve_until_fixed() {
    let state = with_board("1 2 3 / 4 5 6 / 8 7 0");
    assert!(!state.can_solve());
    assert!(state.solvability().explain().contains("unsolvable"));
    let fixed = apply(&state, Action::Puzzle(PuzzleAction::SwapFix));
    assert!(fixed.can_solve());
    assert_eq!(reduce(&fixed, Action::Puzzle(PuzzleAction::SwapFix)), None);
}

#[test]
fn editing_shows_the_core_message_and_keeps_the_board() {
    let state = apply(
        &State::default(),
        Action::Editors(EditorsAction::ToggleEditor),
    );
    assert!(state.editors.board.open);
    let typed = apply(
        &state,
        Action::Editors(EditorsAction::EditText("1 2 3 / 4 x 5".into())),
    );
    assert_eq!(
        typed.editors.board.error.as_deref(),
        Some("`x` is not a tile number: tiles are whole numbers, 0 for the blank")
    );
    let applied = apply(&typed, Action::Puzzle(PuzzleAction::ApplyEdit));
    assert_eq!(applied.puzzle.board, state.puzzle.board);
    assert!(applied.editors.board.error.is_some());
    let good = apply(
        &typed,
        Action::Editors(EditorsAction::EditText(
            "2 1 3 4 0 5 6 7 8 9 10 11 12 13 14 15".into(),
        )),
    );
    let applied = apply(&good, Action::Puzzle(PuzzleAction::ApplyEdit));
    assert_eq!(applied.shape(), Shape::square(4).unwrap());
    assert_eq!(applied.puzzle.goal_board.shape(), applied.shape());
    assert_eq!(applied.prefs.method, Method::default_for(applied.shape()));
    assert!(!applied.editors.board.open);
}

#[test]
fn changing_size_or_goal_keeps_board_and_goal_the_same_shape() {
    let state = apply(
        &State::default(),
        Action::Puzzle(PuzzleAction::SetShape(Shape::square(5).unwrap(), 1)),
    );
    assert_eq!(state.puzzle.board.shape(), state.puzzle.goal_board.shape());
    assert!(
        !state.is_solved(),
        "a new size is a new game, not a solved board"
    );
    assert!(state.solvability().solvable);
    assert_eq!(state.prefs.method, PAGE_ANYTIME);
    let snail = apply(
        &state,
        Action::Puzzle(PuzzleAction::SetGoal(Goal::Snail, 1)),
    );
    assert_eq!(
        snail.puzzle.goal_board,
        Goal::Snail.board(snail.shape()).unwrap()
    );
    let custom = apply(
        &State::default(),
        Action::Puzzle(PuzzleAction::GoalText("8 7 6 5 4 3 2 1 0".into(), 1)),
    );
    assert_eq!(custom.puzzle.goal_board, board("8 7 6 5 4 3 2 1 0"));
    let wrong = apply(
        &custom,
        Action::Puzzle(PuzzleAction::GoalText("1 2 3 0".into(), 1)),
    );
    assert_eq!(
        wrong.editors.goal.error.as_deref(),
        Some("a 3x3 board has 9 cells, but 4 numbers were given")
    );
    assert_eq!(wrong.puzzle.goal_board, custom.puzzle.goal_board);
    // A custom 3x3 goal cannot follow the board to 4x4.
    let bigger = apply(
        &custom,
        Action::Puzzle(PuzzleAction::SetShape(Shape::square(4).unwrap(), 1)),
    );
    assert_eq!(bigger.puzzle.goal, Goal::Standard);
}

/// Choosing a size or a goal starts a new game: a scrambled board that can reach the goal
/// (never the goal itself), its clock and moves at zero; the seed makes it, so two seeds give
/// two boards, and the kind of scramble chosen is the one used.
#[test]
fn a_new_size_or_goal_is_a_new_scrambled_game() {
    let mut state = with_board("1 2 3 4 5 6 7 0 8");
    state = apply(
        &state,
        Action::Play(PlayAction::Reading(Reading::Clock(5.0))),
    );
    state = apply(
        &state,
        Action::Play(PlayAction::MoveBlank(Direction::Right)),
    );
    assert!(state.is_solved());
    for (i, shape) in [(2, 2), (2, 3), (5, 5), (8, 8), (4, 4), (16, 3)]
        .into_iter()
        .enumerate()
    {
        let shape = Shape::new(shape.0, shape.1).unwrap();
        let next = apply(
            &state,
            Action::Puzzle(PuzzleAction::SetShape(shape, i as u64)),
        );
        assert_eq!(next.shape(), shape);
        assert!(!next.is_solved(), "{shape}: not the goal");
        assert!(next.solvability().solvable, "{shape}: solvable");
        assert_eq!((next.play.moves(), next.play.started_ms), (0, None));
        let other = apply(
            &state,
            Action::Puzzle(PuzzleAction::SetShape(shape, 1000 + i as u64)),
        );
        if shape.cells() > 4 {
            assert_ne!(
                next.puzzle.board, other.puzzle.board,
                "{shape}: seeds differ"
            );
        }
    }
    for goal in [Goal::Snail, Goal::BlankFirst] {
        let next = apply(
            &state,
            Action::Puzzle(PuzzleAction::SetGoal(goal.clone(), 7)),
        );
        assert_eq!(next.puzzle.goal, goal);
        assert!(!next.is_solved() && next.solvability().solvable, "{goal:?}");
    }
    let typed = apply(
        &state,
        Action::Puzzle(PuzzleAction::GoalText("8 7 6 5 4 3 2 1 0".into(), 3)),
    );
    assert!(!typed.is_solved() && typed.solvability().solvable);
    // A walk of the chosen length: the board is at most that many moves from the goal.
    let walk = apply(
        &state,
        Action::Prefs(PrefsAction::SetScramble(ScrambleHow::Walk)),
    );
    let walk = apply(&walk, Action::Prefs(PrefsAction::SetWalkLength(2)));
    let five = apply(
        &walk,
        Action::Puzzle(PuzzleAction::SetShape(Shape::square(5).unwrap(), 9)),
    );
    let (board, goal) = (five.puzzle.board.cells(), five.puzzle.goal_board.cells());
    let moved = board.iter().zip(goal).filter(|(a, b)| a != b).count();
    assert_eq!(moved, 3, "a 2-move walk moves two tiles and the blank");
}

fn solved_state() -> (State, Solution) {
    let mut state = State::new(Shape::square(3).unwrap(), Goal::Snail);
    state.set_board(board("6 1 7 3 0 4 5 8 2"));
    let state = apply(&state, Action::Solve(SolveAction::Started(7)));
    assert!(state.solve.running().is_some());
    assert!(!state.can_solve());
    let solution = solution_for(&state.puzzle.board, &state.puzzle.goal_board);
    let state = apply(
        &state,
        Action::Solve(SolveAction::Solved(7, Box::new(solution.clone()))),
    );
    (state, solution)
}

#[test]
fn an_answer_starts_playback_with_the_first_move() {
    let (state, solution) = solved_state();
    assert_eq!(solution.moves.len(), 24);
    let playback = state.playback.as_ref().unwrap();
    assert!(playback.playing);
    assert_eq!(playback.step, 1);
    assert_eq!(
        state.puzzle.board,
        playback.start.after(&solution.moves[..1]).unwrap()
    );
    assert!(state.solve.running().is_none());
    assert_eq!(state.solve.result().unwrap().solution.length(), Some(24));
}

#[test]
fn playback_steps_forward_and_back_and_ends_at_the_goal() {
    let (mut state, solution) = solved_state();
    for _ in 0..100 {
        state = apply(&state, Action::Playback(PlaybackAction::Tick));
    }
    assert!(state.is_solved());
    let playback = state.playback.clone().unwrap();
    assert_eq!(playback.step, 24);
    assert!(!playback.playing);
    assert_eq!(reduce(&state, Action::Playback(PlaybackAction::Tick)), None);

    let back = apply(&state, Action::Playback(PlaybackAction::StepBack));
    assert_eq!(back.playback.as_ref().unwrap().step, 23);
    assert_eq!(
        back.puzzle.board,
        playback.start.after(&solution.moves[..23]).unwrap()
    );
    let forward = apply(&back, Action::Playback(PlaybackAction::StepForward));
    assert!(forward.is_solved());

    let restarted = apply(&state, Action::Playback(PlaybackAction::Restart));
    assert_eq!(restarted.puzzle.board, playback.start);
    assert_eq!(
        apply(&restarted, Action::Playback(PlaybackAction::StepBack))
            .puzzle
            .board,
        playback.start
    );
    let scrubbed = apply(&restarted, Action::Playback(PlaybackAction::Seek(10)));
    assert_eq!(
        scrubbed.puzzle.board,
        playback.start.after(&solution.moves[..10]).unwrap()
    );
    assert_eq!(
        apply(&restarted, Action::Playback(PlaybackAction::Seek(999)))
            .puzzle
            .board,
        state.puzzle.goal_board
    );

    // Play at the end starts over, showing the first move at once.
    let replay = apply(&state, Action::Playback(PlaybackAction::Play));
    let p = replay.playback.as_ref().unwrap();
    assert!(p.playing);
    assert_eq!(p.step, 1);
    let paused = apply(&replay, Action::Playback(PlaybackAction::Pause));
    assert!(!paused.playback.as_ref().unwrap().playing);
    assert_eq!(
        reduce(&paused, Action::Playback(PlaybackAction::Tick)),
        None
    );
}

#[test]
fn a_hand_move_during_playback_leaves_playback() {
    let (state, _) = solved_state();
    let blank = state.puzzle.board.blank();
    let neighbour = state
        .puzzle
        .board
        .legal_moves()
        .next()
        .and_then(|d| state.shape().neighbour(blank, d))
        .unwrap();
    let moved = apply(&state, Action::Play(PlayAction::ClickCell(neighbour)));
    assert!(moved.playback.is_none());
    assert!(moved
        .notice
        .as_deref()
        .unwrap()
        .contains("Playback stopped"));
    assert_eq!(reduce(&moved, Action::Playback(PlaybackAction::Tick)), None);
    assert_eq!(
        reduce(&moved, Action::Playback(PlaybackAction::StepForward)),
        None
    );
}

#[test]
fn stale_and_cancelled_answers_are_ignored() {
    let mut state = with_board("1 2 3 / 4 5 6 / 0 7 8");
    state = apply(&state, Action::Solve(SolveAction::Started(1)));
    let progress = Progress {
        expanded: 5000,
        ..Progress::default()
    };
    assert_eq!(
        reduce(
            &state,
            Action::Solve(SolveAction::Progress(2, progress.clone()))
        ),
        None
    );
    state = apply(&state, Action::Solve(SolveAction::Progress(1, progress)));
    state = apply(&state, Action::Solve(SolveAction::Cancelled));
    assert!(state.solve.running().is_none());
    assert!(state.notice.as_deref().unwrap().contains("5,000"));
    let late = solution_for(&state.puzzle.board, &state.puzzle.goal_board);
    assert_eq!(
        reduce(
            &state,
            Action::Solve(SolveAction::Solved(1, Box::new(late)))
        ),
        None
    );
    assert_eq!(
        reduce(&state, Action::Solve(SolveAction::Failed(1, "x".into()))),
        None
    );
}

#[test]
fn an_answer_for_a_board_moved_meanwhile_is_never_shown() {
    let mut state = with_board("1 2 3 / 4 5 6 / 0 7 8");
    state = apply(&state, Action::Solve(SolveAction::Started(3)));
    let solution = solution_for(&state.puzzle.board, &state.puzzle.goal_board);
    state = apply(&state, Action::Play(PlayAction::MoveBlank(Direction::Up)));
    assert!(state.notice.as_deref().unwrap().contains("changed"));
    assert!(state.can_solve(), "Solve is free at once");
    assert_eq!(
        reduce(
            &state,
            Action::Solve(SolveAction::Solved(3, Box::new(solution)))
        ),
        None
    );
    assert!(state.playback.is_none());
    assert!(state.solve.result().is_none());
}

/// One fact a test expects of the state after its actions.
#[derive(Debug)]
enum Expect {
    /// The board on screen.
    Board(&'static str),
    /// Whether a solve runs.
    Running(bool),
    /// The hinted cell.
    Hint(Option<usize>),
    /// The notice contains this text (`None`: no notice).
    Notice(Option<&'static str>),
    /// The length of the answer shown (`None`: no result).
    Result(Option<usize>),
    /// The lengths line of an anytime solve.
    Lengths(Option<&'static str>),
    /// Playback's step and number of moves (`None`: no playback).
    Playback(Option<(usize, usize)>),
    /// The game by hand: the moves counted, and whether Undo and Redo can be pressed.
    Game(usize, bool, bool),
    /// The clock reading of the game's first hand move (`None`: the timer waits).
    Started(Option<f64>),
    /// The game's result: moves and milliseconds (`None`: not solved by hand).
    Won(Option<(usize, f64)>),
    /// The game's fewest moves, as far as the page knows.
    Shortest(Option<u32>),
}

/// Applies `actions` in turn (an action that changes nothing leaves the state) and checks
/// each expectation, naming the first that fails.
fn check(start: &State, actions: Vec<Action>, expected: &[Expect]) -> State {
    super::check::check(reduce, start, actions, |state| expect_all(state, expected))
}

/// Asserts each expectation of the top-level state, naming the first that fails.
fn expect_all(state: &State, expected: &[Expect]) {
    for expect in expected {
        let ok = match expect {
            Expect::Board(text) => state.puzzle.board == board(text),
            Expect::Running(on) => state.solve.running().is_some() == *on,
            Expect::Hint(cell) => state.coach.hint == *cell,
            Expect::Notice(None) => state.notice.is_none(),
            Expect::Notice(Some(text)) => state.notice.as_deref().is_some_and(|n| n.contains(text)),
            Expect::Result(length) => {
                state.solve.result().map(|r| r.solution.moves.len()) == *length
            }
            Expect::Lengths(text) => {
                state.solve.result().and_then(Finished::lengths).as_deref() == *text
            }
            Expect::Playback(p) => state.playback.as_ref().map(|p| (p.step, p.moves.len())) == *p,
            Expect::Game(moves, undo, redo) => {
                (
                    state.play.moves(),
                    state.play.undo_moves().is_some(),
                    state.play.redo_moves().is_some(),
                ) == (*moves, *undo, *redo)
                    && state.play.board == state.puzzle.board
            }
            Expect::Started(at) => state.play.started_ms == *at,
            Expect::Won(won) => state.play.finished.map(|f| (f.moves, f.ms)) == *won,
            Expect::Shortest(moves) => state.play.shortest == *moves,
        };
        assert!(ok, "expected {expect:?}, got {state:#?}");
    }
}

/// A hand-made answer: `moves` from the board, whether or not they are short.
fn answer_of(state: &State, moves: &[Direction]) -> Box<Solution> {
    let mut solution = solution_for(&state.puzzle.board, &state.puzzle.goal_board);
    assert_eq!(
        state.puzzle.board.after(moves).unwrap(),
        state.puzzle.goal_board
    );
    solution.moves = moves.to_vec();
    Box::new(solution)
}

#[test]
fn anytime_answers_are_kept_shortest_last_and_any_can_play() {
    use Direction::{Down as D, Right as R, Up as U};
    let start = with_board("1 2 3 / 4 5 6 / 0 7 8");
    let running = apply(&start, Action::Solve(SolveAction::Started(1)));
    let long = answer_of(&running, &[R, R, U, D, U, D]);
    let shorter = answer_of(&running, &[R, R, U, D]);
    let best = answer_of(&running, &[R, R]);
    let state = check(
        &running,
        vec![
            Action::Solve(SolveAction::Improved(1, long.clone())),
            Action::Solve(SolveAction::Improved(1, shorter.clone())),
            // Not shorter, or for another request: ignored.
            Action::Solve(SolveAction::Improved(1, long.clone())),
            Action::Solve(SolveAction::Improved(2, best.clone())),
        ],
        &[
            Expect::Running(true),
            Expect::Result(None),
            Expect::Board("1 2 3 / 4 5 6 / 0 7 8"),
        ],
    );
    assert_eq!(state.solve.running().unwrap().improved.len(), 2);
    let done = check(
        &state,
        vec![Action::Solve(SolveAction::Solved(1, best))],
        &[
            Expect::Running(false),
            Expect::Result(Some(2)),
            Expect::Lengths(Some("6 → 4 → 2 moves")),
            Expect::Playback(Some((1, 2))),
        ],
    );
    check(
        &done,
        vec![Action::Solve(SolveAction::PlayAnswer(0))],
        &[
            Expect::Playback(Some((1, 6))),
            Expect::Board("1 2 3 / 4 5 6 / 7 0 8"),
            // The Result names the answer that plays, the others kept around it.
            Expect::Result(Some(6)),
            Expect::Lengths(Some("6 → 4 → 2 moves")),
        ],
    );
    let replayed = check(
        &done,
        vec![
            Action::Solve(SolveAction::PlayAnswer(0)),
            Action::Playback(PlaybackAction::Restart),
        ],
        &[Expect::Playback(Some((0, 6))), Expect::Result(Some(6))],
    );
    // The shortest plays again in one click, named again.
    check(
        &replayed,
        vec![Action::Solve(SolveAction::PlayAnswer(2))],
        &[Expect::Playback(Some((1, 2))), Expect::Result(Some(2))],
    );
    // One answer: no lengths line; an answer index past the end changes nothing.
    let (single, _) = solved_state();
    check(&single, vec![], &[Expect::Lengths(None)]);
    assert_eq!(
        reduce(&done, Action::Solve(SolveAction::PlayAnswer(3))),
        None
    );
}

#[test]
fn the_cross_cutting_rule_drops_what_belongs_to_the_old_board_or_goal() {
    let start = with_board("8 6 7 2 5 4 3 0 1");
    check(
        &start,
        vec![
            Action::Coach(CoachAction::Own(CoachOwn::ShowHint(6))),
            Action::Solve(SolveAction::Started(1)),
            Action::Puzzle(PuzzleAction::SetGoal(Goal::Snail, 1)),
        ],
        &[
            Expect::Running(false),
            Expect::Hint(None),
            Expect::Notice(Some("goal changed")),
            Expect::Result(None),
        ],
    );
    // Moving a tile during a solve stops it: its answer would be for the board before.
    let moved = check(
        &start,
        vec![
            Action::Solve(SolveAction::Started(1)),
            Action::Play(PlayAction::MoveBlank(Direction::Up)),
        ],
        &[
            Expect::Running(false),
            Expect::Notice(Some(
                "board changed: the solve for the board before was stopped",
            )),
        ],
    );
    assert!(moved.can_solve(), "Solve is free at once");
    let old = solution_for(&start.puzzle.board, &start.puzzle.goal_board);
    assert_eq!(
        reduce(&moved, Action::Solve(SolveAction::Solved(1, Box::new(old)))),
        None
    );
    // A new size is a new board: the same.
    let resized = check(
        &start,
        vec![
            Action::Solve(SolveAction::Started(1)),
            Action::Puzzle(PuzzleAction::SetShape(Shape::square(4).unwrap(), 1)),
        ],
        &[
            Expect::Running(false),
            Expect::Notice(Some(
                "size changed: the solve for the board before was stopped",
            )),
        ],
    );
    assert_eq!(resized.busy_id(), None, "the worker is let go");
}

#[test]
fn a_goal_change_stops_the_solve_for_the_old_goal() {
    let mut state = with_board("8 6 7 2 5 4 3 0 1");
    state = apply(
        &state,
        Action::Prefs(PrefsAction::SetMethod(Method::search(Algorithm::Bfs))),
    );
    state = apply(&state, Action::Solve(SolveAction::Started(2)));
    let old = solution_for(&state.puzzle.board, &state.puzzle.goal_board);
    state = apply(
        &state,
        Action::Puzzle(PuzzleAction::SetGoal(Goal::Snail, 1)),
    );
    assert!(
        state.solve.running().is_none(),
        "the solve for the old goal stops"
    );
    assert!(state.notice.as_deref().unwrap().contains("goal changed"));
    assert_eq!(
        reduce(&state, Action::Solve(SolveAction::Solved(2, Box::new(old)))),
        None
    );
    assert!(state.solve.result().is_none() && state.playback.is_none());
    // The same with a custom goal typed during the solve.
    let mut typed = with_board("8 6 7 2 5 4 3 0 1");
    typed = apply(&typed, Action::Solve(SolveAction::Started(3)));
    typed = apply(&typed, Action::Editors(EditorsAction::CustomGoal));
    assert!(
        typed.solve.running().is_some(),
        "opening the field changes no goal"
    );
    typed = apply(
        &typed,
        Action::Puzzle(PuzzleAction::GoalText("8 6 7 2 5 4 3 1 0".into(), 1)),
    );
    assert!(typed.solve.running().is_none());
    // A finished answer records its goal.
    let (solved, _) = solved_state();
    let finished = solved.solve.result().unwrap();
    assert_eq!(finished.goal, Goal::Snail.board(solved.shape()).unwrap());
}

#[test]
fn editing_the_custom_goal_clears_the_hint() {
    let mut state = with_board("1 2 3 / 4 0 5 / 7 8 6");
    state = apply(
        &state,
        Action::Coach(CoachAction::Own(CoachOwn::ShowHint(5))),
    );
    state = apply(&state, Action::Editors(EditorsAction::CustomGoal));
    assert_eq!(
        state.coach.hint,
        Some(5),
        "opening the field changes no goal"
    );
    state = apply(
        &state,
        Action::Puzzle(PuzzleAction::GoalText("1 2 3 4 5 6 7 0 8".into(), 1)),
    );
    assert_eq!(state.coach.hint, None);
}

#[test]
fn budget_stops_are_recorded_without_playback() {
    let mut state = with_board("1 2 3 / 4 5 6 / 0 7 8");
    state = apply(
        &state,
        Action::Prefs(PrefsAction::SetMethod(Method::search(Algorithm::Bfs))),
    );
    state = apply(&state, Action::Solve(SolveAction::Started(4)));
    let stopped = Solution {
        outcome: SolveOutcome::BudgetExhausted,
        moves: Vec::new(),
        stats: Stats::default(),
        method: puzzle_core::Method::search(Algorithm::Bfs),
        lower_bound: None,
        solvability: state.solvability(),
    };
    state = apply(
        &state,
        Action::Solve(SolveAction::Solved(4, Box::new(stopped))),
    );
    assert!(state.playback.is_none());
    assert_eq!(state.solve.result().unwrap().budget, Some(BLIND_BUDGET));
}

fn answer(state: &State, id: u32, method: puzzle_core::Method, budget: u64) -> Solution {
    puzzle_core::solve_with(
        &state.puzzle.board,
        &state.puzzle.goal_board,
        &puzzle_core::SolveOptions::new(&method).with_tables(puzzle_core::Tables::default()),
        &mut Limits {
            max_expanded: Some(budget),
            ..Limits::default()
        },
        &mut |_| {},
    )
    .unwrap_or_else(|e| panic!("request {id}: {e}"))
}

#[test]
fn a_race_collects_answers_by_id_and_plays_a_row() {
    use crate::race::{Race, RACE_BUDGET};
    let (mut state, _) = solved_state();
    state = apply(&state, Action::Playback(PlaybackAction::Restart));
    let start = state.solve.result().unwrap().start.clone();
    state.set_board(start.clone());
    assert!(state.can_race());
    let race = Race::plan(
        &state.puzzle.board,
        &state.puzzle.goal_board,
        &state.prefs.race_pick,
        20,
        RACE_BUDGET,
    );
    let requests: Vec<(u32, puzzle_core::Method)> = race
        .entries
        .iter()
        .map(|e| (e.id, e.method.clone()))
        .collect();
    state = apply(
        &state,
        Action::Race(RaceAction::RaceStarted(Box::new(race))),
    );
    assert!(state.race_running());
    assert!(!state.can_solve());
    assert_eq!(state.busy_id(), Some(20));
    // A second race cannot start while one runs.
    let again = Race::plan(
        &state.puzzle.board,
        &state.puzzle.goal_board,
        &state.prefs.race_pick,
        40,
        10,
    );
    assert_eq!(
        reduce(
            &state,
            Action::Race(RaceAction::RaceStarted(Box::new(again)))
        ),
        None
    );
    for (id, config) in requests.iter().cloned() {
        let solution = answer(&state, id, config, RACE_BUDGET);
        state = apply(
            &state,
            Action::Solve(SolveAction::Solved(id, Box::new(solution))),
        );
    }
    assert!(!state.race_running());
    let race = state.race.clone().unwrap();
    let optimal: Vec<usize> = race
        .entries
        .iter()
        .filter_map(|e| {
            e.solution()
                .filter(|s| s.is_optimal())
                .map(|s| s.moves.len())
        })
        .collect();
    assert_eq!(optimal, vec![24; 5]);
    // A late duplicate answer is ignored.
    let late = answer(&state, 20, requests[0].1.clone(), RACE_BUDGET);
    assert_eq!(
        reduce(
            &state,
            Action::Solve(SolveAction::Solved(20, Box::new(late)))
        ),
        None
    );
    // A hand move makes the rows another board's: they are put away.
    let moved = apply(&state, Action::Play(PlayAction::MoveBlank(Direction::Up)));
    assert!(moved.race.is_none());
    assert!(moved.notice.as_deref().unwrap().contains("put away"));
    // Playing the greedy row puts its solution on the board and in the result panel.
    let played = apply(&state, Action::Race(RaceAction::PlayRaceEntry(1)));
    assert_eq!(played.playback.as_ref().unwrap().start, start);
    assert_eq!(
        played.solve.result().unwrap().solution.method.algorithm(),
        Algorithm::Greedy
    );
    assert_eq!(played.playback.as_ref().unwrap().step, 1);
}

#[test]
fn cancelling_a_race_stops_the_rest_and_ignores_late_answers() {
    use crate::race::Race;
    let mut state = with_board("8 1 3 4 0 2 7 6 5");
    let race = Race::plan(
        &state.puzzle.board,
        &state.puzzle.goal_board,
        &state.prefs.race_pick,
        1,
        100,
    );
    state = apply(
        &state,
        Action::Race(RaceAction::RaceStarted(Box::new(race))),
    );
    state = apply(
        &state,
        Action::Solve(SolveAction::Progress(1, Progress::default())),
    );
    assert!(state.race.as_ref().unwrap().entries[0].progress.is_some());
    let bfs = answer(
        &state,
        1,
        state.race.as_ref().unwrap().entries[0].method.clone(),
        100,
    );
    assert_eq!(bfs.outcome, SolveOutcome::BudgetExhausted);
    state = apply(&state, Action::Solve(SolveAction::Solved(1, Box::new(bfs))));
    assert_eq!(state.busy_id(), Some(2));
    state = apply(&state, Action::Solve(SolveAction::Cancelled));
    assert!(!state.race_running());
    assert!(state.notice.as_deref().unwrap().contains("5 methods"));
    assert!(state.can_solve());
    let late = answer(
        &state,
        2,
        state.race.as_ref().unwrap().entries[1].method.clone(),
        100,
    );
    assert_eq!(
        reduce(
            &state,
            Action::Solve(SolveAction::Solved(2, Box::new(late)))
        ),
        None
    );
    assert_eq!(
        reduce(&state, Action::Prefs(PrefsAction::ToggleRaceMethod(99))),
        None
    );
    let fewer = apply(&state, Action::Prefs(PrefsAction::ToggleRaceMethod(0)));
    assert!(!fewer.prefs.race_pick[0]);
}

#[test]
fn hints_clear_on_moves_and_live_answers_for_old_boards_are_dropped() {
    let mut state = with_board("1 2 3 / 4 0 5 / 7 8 6");
    assert_eq!(
        reduce(
            &state,
            Action::Coach(CoachAction::Own(CoachOwn::ShowHint(4)))
        ),
        None,
        "the blank"
    );
    state = apply(
        &state,
        Action::Coach(CoachAction::Own(CoachOwn::ShowHint(5))),
    );
    assert_eq!(state.coach.hint, Some(5));
    state = apply(&state, Action::Play(PlayAction::ClickCell(5)));
    assert_eq!(state.coach.hint, None);
    state = apply(&state, Action::Coach(CoachAction::CountStarted(3)));
    let solution = solution_for(&state.puzzle.board, &state.puzzle.goal_board);
    // The board moves on: a newer request replaces the old one, whose answer is stale.
    state = apply(&state, Action::Play(PlayAction::MoveBlank(Direction::Left)));
    state = apply(&state, Action::Coach(CoachAction::CountStarted(4)));
    assert_eq!(
        reduce(
            &state,
            Action::Coach(CoachAction::Own(CoachOwn::CountSolved(
                3,
                Box::new(solution)
            )))
        ),
        None
    );
    let fresh = solution_for(&state.puzzle.board, &state.puzzle.goal_board);
    let length = fresh.moves.len() as u32;
    let first = fresh.moves.first().copied();
    state = apply(
        &state,
        Action::Coach(CoachAction::Own(CoachOwn::CountSolved(4, Box::new(fresh)))),
    );
    let live = state.coach.count.as_ref().unwrap();
    assert!(live.is_for(&state.puzzle.board, &state.puzzle.goal_board));
    assert_eq!(live.answer, Some(Some((length, first))));
    state = apply(&state, Action::Coach(CoachAction::CountStarted(5)));
    state = apply(
        &state,
        Action::Coach(CoachAction::Own(CoachOwn::CountFailed(5))),
    );
    assert_eq!(state.coach.count.as_ref().unwrap().answer, Some(None));
    assert!(
        apply(
            &state,
            Action::Coach(CoachAction::Own(CoachOwn::ToggleOverlay))
        )
        .coach
        .overlay
    );
}

#[test]
fn imports_use_the_editor_parsing_and_generated_boards_bring_their_goal() {
    let state = State::default();
    let imported = apply(
        &state,
        Action::Puzzle(PuzzleAction::Import(
            "# a file\n3\n6 1 7\n3 0 4\n5 8 2\n".into(),
        )),
    );
    assert_eq!(imported.puzzle.board, board("6 1 7 3 0 4 5 8 2"));
    assert!(!imported.editors.board.open);
    let bad = apply(
        &state,
        Action::Puzzle(PuzzleAction::Import("3\n1 2 3\n4 5 6\n7 8 8\n".into())),
    );
    assert!(bad.editors.board.open);
    assert!(bad.editors.board.error.is_some());
    assert_eq!(bad.puzzle.board, state.puzzle.board);
    let round = apply(
        &state,
        Action::Puzzle(PuzzleAction::Import(imported.puzzle.board.to_npuzzle())),
    );
    assert_eq!(round.puzzle.board, imported.puzzle.board);
    // A file refused unread (too big): the field opens with the message, its text and the
    // board kept.
    let typed = apply(
        &state,
        Action::Editors(EditorsAction::EditText("1 2 3".into())),
    );
    let refused = apply(
        &typed,
        Action::Editors(EditorsAction::ImportRefused("big.txt is 2.0 MB".into())),
    );
    assert!(refused.editors.board.open);
    assert_eq!(refused.editors.board.text, "1 2 3");
    assert_eq!(
        refused.editors.board.error.as_deref(),
        Some("big.txt is 2.0 MB")
    );
    assert_eq!(refused.puzzle.board, state.puzzle.board);
    let spec = crate::race::GeneratorSpec {
        shape: Shape::square(4).unwrap(),
        goal: Goal::Snail,
        solvable: true,
        walk: Some(12),
        seed: 7,
    };
    let (goal, generated) = crate::race::generate(&spec);
    let next = apply(
        &state,
        Action::Puzzle(PuzzleAction::Generated(goal, generated.clone())),
    );
    assert_eq!(next.puzzle.board, generated);
    assert_eq!(next.puzzle.goal, Goal::Snail);
    assert_eq!(
        next.puzzle.goal_board,
        Goal::Snail.board(next.shape()).unwrap()
    );
    assert_eq!(next.prefs.method, Method::default_for(next.shape()));
}

#[test]
fn requests_carry_the_budget_for_the_method() {
    let mut state = State::default();
    assert_eq!(state.request(1).max_expanded, Some(MEMORY_BUDGET));
    state = apply(
        &state,
        Action::Prefs(PrefsAction::SetMethod(Method::search(Algorithm::Iddfs))),
    );
    assert_eq!(state.request(1).max_expanded, Some(BLIND_BUDGET));
    state = apply(
        &state,
        Action::Prefs(PrefsAction::SetMethod(Method::search(Algorithm::IdaStar))),
    );
    assert_eq!(state.request(9).max_expanded, None);
    assert_eq!(state.request(9).id, 9);
}

#[test]
fn stopping_an_anytime_solve_while_its_tables_build_keeps_the_answer_and_says_so() {
    use Direction::{Down, Left, Right, Up};
    let five = Shape::square(5).unwrap();
    let scrambled = puzzle::standard(five).after(&[Left, Up]).unwrap();
    let start = apply(
        &State::new(five, Goal::Standard),
        Action::Puzzle(PuzzleAction::Scramble(scrambled)),
    );
    assert_eq!(start.effective_method(), PAGE_ANYTIME);
    let mut state = apply(&start, Action::Solve(SolveAction::Started(1)));
    let build = crate::protocol::BuildProgress {
        filled: 1,
        total: 4,
        table: 0,
        tables: 3,
        elapsed_ms: 0.0,
        recent_seconds_left: None,
    };
    state = apply(
        &state,
        Action::Solve(SolveAction::Told(1, Told::TablesBuilding(build))),
    );
    let staged = answer_of(&state, &[Down, Right]);
    let state = check(
        &state,
        vec![
            Action::Solve(SolveAction::Improved(1, staged)),
            Action::Solve(SolveAction::Cancelled),
        ],
        &[
            Expect::Running(false),
            Expect::Result(Some(2)),
            Expect::Playback(Some((1, 2))),
            Expect::Notice(Some("kept the shortest answer found so far (2 moves)")),
        ],
    );
    // The kept answer keeps its method's label.
    let label = state
        .solve
        .result()
        .and_then(|f| f.how_solved.as_ref())
        .map(|f| f.method.clone());
    assert_eq!(label, Some(PAGE_ANYTIME));
}

#[test]
fn an_answer_plays_while_the_anytime_solve_still_improves() {
    use Direction::{Down as D, Right as R, Up as U};
    let start = with_board("1 2 3 / 4 5 6 / 0 7 8");
    let running = apply(&start, Action::Solve(SolveAction::Started(1)));
    let long = answer_of(&running, &[R, R, U, D, U, D]);
    let shorter = answer_of(&running, &[R, R, U, D]);
    let best = answer_of(&running, &[R, R]);
    // No answer yet, or an index past the answers so far: nothing to play.
    assert_eq!(
        reduce(&running, Action::Solve(SolveAction::PlayAnswer(0))),
        None
    );
    let playing = check(
        &running,
        vec![
            Action::Solve(SolveAction::Improved(1, long.clone())),
            Action::Solve(SolveAction::PlayAnswer(1)),
            Action::Solve(SolveAction::PlayAnswer(0)),
            Action::Playback(PlaybackAction::Tick),
        ],
        &[
            Expect::Running(true),
            Expect::Playback(Some((2, 6))),
            Expect::Board("1 2 3 / 4 5 6 / 7 8 0"),
            Expect::Notice(None),
        ],
    );
    // The solve is untouched: same request, same start and goal, still the one the worker has.
    assert_eq!(playing.busy_id(), Some(1));
    assert_eq!(
        playing.solve.running().map(|r| &r.start),
        Some(&start.puzzle.board)
    );
    // A shorter answer arrives during playback: playback goes on, the list grows.
    let improved = check(
        &playing,
        vec![
            Action::Solve(SolveAction::Improved(1, shorter)),
            Action::Playback(PlaybackAction::Tick),
        ],
        &[Expect::Running(true), Expect::Playback(Some((3, 6)))],
    );
    assert_eq!(improved.solve.running().unwrap().improved.len(), 2);
    // The final answer too: it becomes the result and is offered, playback still goes on.
    let done = check(
        &improved,
        vec![Action::Solve(SolveAction::Solved(1, best))],
        &[
            Expect::Running(false),
            Expect::Result(Some(2)),
            Expect::Lengths(Some("6 → 4 → 2 moves")),
            Expect::Playback(Some((3, 6))),
            Expect::Notice(Some("final answer came in (2 moves)")),
        ],
    );
    // And it plays from the list, from the solve's start.
    check(
        &done,
        vec![Action::Solve(SolveAction::PlayAnswer(2))],
        &[
            Expect::Playback(Some((1, 2))),
            Expect::Board("1 2 3 / 4 5 6 / 7 0 8"),
            Expect::Notice(None),
        ],
    );
    // A hand move left playback before the answer came: the board on screen is another one,
    // so the solve stops and its late answer changes nothing.
    let moved = check(
        &playing,
        vec![Action::Play(PlayAction::MoveBlank(Direction::Left))],
        &[
            Expect::Playback(None),
            Expect::Running(false),
            Expect::Notice(Some("the solve for the board before was stopped")),
        ],
    );
    assert_eq!(
        reduce(
            &moved,
            Action::Solve(SolveAction::Solved(1, answer_of(&running, &[R, R])))
        ),
        None
    );
}

#[test]
fn a_size_change_stops_a_running_race_and_puts_its_rows_away() {
    use crate::race::{Race, RACE_BUDGET};
    let start = with_board("8 6 7 2 5 4 3 0 1");
    let race = Race::plan(
        &start.puzzle.board,
        &start.puzzle.goal_board,
        &start.prefs.race_pick,
        7,
        RACE_BUDGET,
    );
    let racing = apply(
        &start,
        Action::Race(RaceAction::RaceStarted(Box::new(race))),
    );
    assert_eq!(
        racing.solve_blocked(),
        Some("A race is running: wait for it or cancel the race.")
    );
    assert!(!racing.can_solve() && racing.race_blocked().is_some());
    let resized = check(
        &racing,
        vec![Action::Puzzle(PuzzleAction::SetShape(
            Shape::new(3, 5).unwrap(),
            1,
        ))],
        &[Expect::Notice(Some("size changed during the race"))],
    );
    assert!(!resized.race_running());
    assert_eq!(resized.busy_id(), None, "the worker is let go");
    assert!(resized.can_solve(), "Solve works on the new board at once");
    assert_eq!(resized.solve_blocked(), None);
    assert!(resized.race.is_none(), "no row of the old size stays shown");
    // A finished race on the board on screen plays; a running solve blocks with its reason.
    assert_eq!(racing.race_play_blocked(), None);
    let solving = apply(&start, Action::Solve(SolveAction::Started(1)));
    assert!(solving
        .solve_blocked()
        .is_some_and(|why| why.contains("Cancel")));
    assert!(solving.race_play_blocked().is_some());
    let unsolvable = with_board("2 1 3 4 5 6 7 8 0");
    assert!(unsolvable
        .solve_blocked()
        .is_some_and(|why| why.contains("cannot reach the goal")));
}

#[test]
fn hand_moves_are_counted_timed_undone_and_redone() {
    use Direction::{Left, Right, Up};
    // Two moves from the goal: the blank goes right twice.
    let start = with_board("1 2 3 / 4 5 6 / 0 7 8");
    let ready = check(
        &start,
        vec![Action::Play(PlayAction::Reading(Reading::Clock(1_000.0)))],
        &[Expect::Game(0, false, false), Expect::Started(None)],
    );
    assert!(ready.invites());
    let moved = check(
        &ready,
        vec![
            Action::Play(PlayAction::Reading(Reading::Clock(2_000.0))),
            Action::Play(PlayAction::MoveBlank(Up)),
            Action::Play(PlayAction::Reading(Reading::Clock(3_000.0))),
            Action::Play(PlayAction::ClickCell(8)),
        ],
        &[
            Expect::Board("1 2 3 / 0 5 6 / 4 7 8"),
            Expect::Game(1, true, false),
            Expect::Started(Some(2_000.0)),
            Expect::Won(None),
        ],
    );
    assert!(!moved.invites(), "the game has begun");
    // Undo, redo and undo again: the board goes back and forth, the count with it.
    let back = check(
        &moved,
        vec![
            Action::Play(PlayAction::Undo),
            Action::Play(PlayAction::Redo),
            Action::Play(PlayAction::Undo),
        ],
        &[
            Expect::Board("1 2 3 / 4 5 6 / 0 7 8"),
            Expect::Game(0, false, true),
            Expect::Started(Some(2_000.0)),
        ],
    );
    assert_eq!(
        reduce(&back, Action::Play(PlayAction::Undo)),
        None,
        "nothing left to undo"
    );
    // A click that slides two tiles is one move to undo but two counted; it reaches the goal.
    let won = check(
        &back,
        vec![
            Action::Play(PlayAction::Reading(Reading::Clock(74_000.0))),
            Action::Play(PlayAction::ClickCell(8)),
        ],
        &[
            Expect::Board("1 2 3 / 4 5 6 / 7 8 0"),
            Expect::Game(2, true, false),
            Expect::Won(Some((2, 72_000.0))),
        ],
    );
    assert!(won.is_solved());
    // Undo right after the win takes the winning click back: the game goes on, and redo wins
    // it again.
    check(
        &won,
        vec![Action::Play(PlayAction::Undo)],
        &[
            Expect::Board("1 2 3 / 4 5 6 / 0 7 8"),
            Expect::Game(0, false, true),
            Expect::Won(None),
        ],
    );
    check(
        &won,
        vec![
            Action::Play(PlayAction::Undo),
            Action::Play(PlayAction::Reading(Reading::Clock(90_000.0))),
            Action::Play(PlayAction::Redo),
        ],
        &[
            Expect::Game(2, true, false),
            Expect::Won(Some((2, 88_000.0))),
        ],
    );
    // After the win, a move from the goal starts a new game (its start is the goal).
    check(
        &won,
        vec![
            Action::Play(PlayAction::Reading(Reading::Clock(80_000.0))),
            Action::Play(PlayAction::MoveBlank(Left)),
        ],
        &[
            Expect::Game(1, true, false),
            Expect::Started(Some(80_000.0)),
            Expect::Won(None),
        ],
    );
    // Redo is forgotten by a new move.
    check(
        &moved,
        vec![
            Action::Play(PlayAction::Undo),
            Action::Play(PlayAction::MoveBlank(Right)),
        ],
        &[Expect::Game(1, true, false)],
    );
}

/// A link's board is set without its game (which begins with the first action): when that
/// action is the exact count of the board, the new game still gets it as its shortest.
#[test]
fn a_game_begun_by_the_count_of_its_board_knows_its_shortest() {
    let mut link = State::default();
    link.puzzle.board = board("4 1 2 / 8 3 6 / 5 7 0");
    assert_ne!(link.play.board, link.puzzle.board, "as a link opens");
    let asked = ExactCount {
        id: 1,
        board: link.puzzle.board.clone(),
        goal: link.puzzle.goal_board.clone(),
        answer: None,
    };
    let counted = reduce(
        &link,
        Action::Coach(CoachAction::CountKnown(Box::new(asked), Some((12, None)))),
    )
    .unwrap();
    assert_eq!(counted.play.start, link.puzzle.board);
    assert_eq!(counted.play.shortest, Some(12));
}

#[test]
fn any_other_change_of_board_or_goal_starts_a_new_game() {
    let moved = check(
        &with_board("1 2 3 / 4 5 6 / 0 7 8"),
        vec![
            Action::Play(PlayAction::Reading(Reading::Clock(5.0))),
            Action::Play(PlayAction::MoveBlank(Direction::Up)),
        ],
        &[Expect::Game(1, true, false)],
    );
    for change in [
        Action::Puzzle(PuzzleAction::ScrambleSeeded(4)),
        Action::Puzzle(PuzzleAction::SetGoal(Goal::Snail, 1)),
        Action::Puzzle(PuzzleAction::SetShape(Shape::square(4).unwrap(), 1)),
        Action::Puzzle(PuzzleAction::Import("1 2 3 4 5 6 7 0 8".into())),
    ] {
        let next = check(
            &moved,
            vec![change.clone()],
            &[
                Expect::Game(0, false, false),
                Expect::Started(None),
                Expect::Won(None),
            ],
        );
        assert_eq!(next.play.start, next.puzzle.board, "{change:?}");
        assert_eq!(next.play.goal, next.puzzle.goal_board, "{change:?}");
    }
    // A solution playing back moves the board: the game follows it and never counts its moves.
    let (playing, _) = solved_state();
    check(
        &playing,
        vec![Action::Playback(PlaybackAction::Tick)],
        &[Expect::Game(0, false, false), Expect::Started(None)],
    );
}

#[test]
fn an_undo_while_a_solve_runs_is_a_hand_move() {
    let moved = with_board("1 2 3 / 4 5 6 / 0 7 8");
    let moved = apply(&moved, Action::Play(PlayAction::MoveBlank(Direction::Up)));
    let solve = solution_for(&moved.puzzle.board, &moved.puzzle.goal_board);
    let state = check(
        &moved,
        vec![
            Action::Solve(SolveAction::Started(7)),
            Action::Play(PlayAction::Undo),
        ],
        &[
            Expect::Running(false),
            Expect::Notice(Some(
                "The board changed: the solve for the board before was stopped",
            )),
            Expect::Game(0, false, true),
        ],
    );
    assert!(state.can_solve(), "Solve is free at once");
    assert_eq!(
        reduce(
            &state,
            Action::Solve(SolveAction::Solved(7, Box::new(solve)))
        ),
        None
    );
    // A redo while another solve runs stops that one too.
    let redone = check(
        &state,
        vec![
            Action::Solve(SolveAction::Started(8)),
            Action::Play(PlayAction::Redo),
        ],
        &[Expect::Running(false), Expect::Game(1, true, false)],
    );
    assert!(redone.solve.result().is_none());
}

#[test]
fn the_game_keeps_the_shortest_of_its_start_even_after_moving_on() {
    let start = with_board("1 2 3 / 4 5 6 / 0 7 8");
    assert_eq!(start.play.bound, 2, "linear conflict bound known at once");
    let asked = Box::new(ExactCount {
        id: 1,
        board: start.puzzle.board.clone(),
        goal: start.puzzle.goal_board.clone(),
        answer: None,
    });
    // The table's answer for the start arrives after the first move: kept by the game, not
    // shown as the count of the board on screen.
    let state = check(
        &start,
        vec![
            Action::Play(PlayAction::MoveBlank(Direction::Up)),
            Action::Coach(CoachAction::CountKnown(
                asked.clone(),
                Some((2, Some(Direction::Right))),
            )),
        ],
        &[Expect::Shortest(Some(2))],
    );
    assert!(state.coach.count.is_none());
    // An answer for another board, or from a worker for another game, is not.
    let other = Box::new(ExactCount {
        board: board("1 2 3 / 4 5 6 / 7 0 8"),
        ..*asked
    });
    check(
        &start,
        vec![
            Action::Coach(CoachAction::CountKnown(
                other,
                Some((1, Some(Direction::Right))),
            )),
            Action::Play(PlayAction::Reading(Reading::Shortest {
                start: board("1 2 3 / 4 5 6 / 7 0 8"),
                goal: start.puzzle.goal_board.clone(),
                moves: 1,
            })),
        ],
        &[Expect::Shortest(None)],
    );
    check(
        &start,
        vec![Action::Play(PlayAction::Reading(Reading::Shortest {
            start: start.puzzle.board.clone(),
            goal: start.puzzle.goal_board.clone(),
            moves: 2,
        }))],
        &[Expect::Shortest(Some(2))],
    );
}

/// A watched answer plays at the chosen speed while its search runs (the moves not yet played
/// are what it shortens), and once the search is over what is left plays in its share of
/// `REST_MS`, however long the answer.
#[test]
fn a_watched_answer_plays_at_the_speed_while_searched_then_its_rest_in_time() {
    use crate::state::playback::{MIN_REST_MS, MIN_TICK_MS, NORMAL_MS, REST_MS, WATCHED_MS};
    use Direction::{Down as D, Right as R, Up as U};
    let start = with_board("1 2 3 / 4 5 6 / 0 7 8");
    let running = apply(&start, Action::Solve(SolveAction::Started(1)));
    // 600 moves of wandering (up and down), then home.
    let mut moves: Vec<Direction> = [U, D].repeat(300);
    moves.extend([R, R]);
    let long = answer_of(&running, &moves);
    let playing = check(
        &running,
        vec![
            Action::Solve(SolveAction::Improved(1, long.clone())),
            Action::Solve(SolveAction::WatchNow(1)),
        ],
        &[Expect::Running(true)],
    );
    assert!(playing.playback.is_some());
    assert_eq!(
        playing.pace(),
        pace(NORMAL_MS, 0),
        "the speed while it searches"
    );
    let ended = apply(&playing, Action::Solve(SolveAction::Solved(1, long)));
    let left = 602 - ended.playback.as_ref().unwrap().step;
    assert_eq!(ended.playback.as_ref().unwrap().span, left);
    let rest = ended.pace();
    assert!(rest.tick_ms >= MIN_TICK_MS && rest.tick_ms < NORMAL_MS);
    let rest_ms = f64::from(rest.tick_ms) * (left as f64 / rest.moves_per_tick as f64).ceil();
    // One move played during the search: the rest gets all it may, REST_MS.
    let expected = (WATCHED_MS - f64::from(NORMAL_MS)).clamp(MIN_REST_MS, REST_MS);
    assert!(
        (rest_ms - expected).abs() / expected < 0.1,
        "the rest in about {expected} ms: {rest_ms}"
    );
    // A search that played a long while (100 moves, 35 s at Normal) leaves the rest its least
    // time; one that played 50 moves (17.5 s), what is left of WATCHED_MS.
    let paced = |step| {
        Playback {
            step,
            ..ended.playback.clone().unwrap()
        }
        .paced_from_here()
        .span_ms
    };
    assert_eq!(paced(100), MIN_REST_MS);
    assert_eq!(paced(50), WATCHED_MS - 50.0 * f64::from(NORMAL_MS));
}

/// Watched, the answer that plays stays the result when the final answer does not fit the
/// moves played, and so do the answers that do not fit while the search runs: their larger
/// lower bounds (made with the tables that came meanwhile) are kept all the same, and the
/// answer kept is stated against them, in the Result and on the playback line.
#[test]
fn a_watched_answer_kept_is_stated_against_the_bound_of_the_answers_that_did_not_fit() {
    use Direction::{Down as D, Left as L, Right as R};
    let five = Shape::square(5).unwrap();
    let scrambled = puzzle::standard(five).after(&[L, Direction::Up]).unwrap();
    let start = apply(
        &State::new(five, Goal::Standard),
        Action::Puzzle(PuzzleAction::Scramble(scrambled)),
    );
    let running = apply(&start, Action::Solve(SolveAction::Started(1)));
    let with_bound = |moves: &[Direction], bound: u32| {
        let mut answer = answer_of(&running, moves);
        answer.stats.optimal = false;
        answer.lower_bound = Some(bound);
        answer.method = PAGE_ANYTIME;
        answer
    };
    // The first answer (no tables yet: a weak bound) plays, and is past its first move.
    let playing = check(
        &running,
        vec![
            Action::Solve(SolveAction::Improved(1, with_bound(&[L, R, D, R], 1))),
            Action::Playback(PlaybackAction::Seek(2)),
        ],
        &[Expect::Running(true), Expect::Playback(Some((2, 4)))],
    );
    // The bound of the answer playing (what its line states).
    let playing_bound = |state: &State| {
        let playback = state.playback.as_ref().unwrap();
        let running = state.solve.running().unwrap();
        let answer = running.improved.iter().find(|s| s.moves == playback.moves);
        answer.and_then(|a| a.lower_bound)
    };
    assert_eq!(playing_bound(&playing), Some(1));
    // A shorter answer that does not fit the moves played: not kept, its bound is.
    let late = apply(
        &playing,
        Action::Solve(SolveAction::Improved(1, with_bound(&[D, R, L, R], 2))),
    );
    assert_eq!(late.playback.as_ref().map(|p| p.moves.len()), Some(4));
    assert_eq!(late.solve.running().unwrap().lower_bound, Some(2));
    assert_eq!(playing_bound(&late), Some(2));
    // The final answer does not fit either: the answer playing is the result, stated against
    // the final answer's bound.
    let done = check(
        &playing,
        vec![Action::Solve(SolveAction::Solved(
            1,
            with_bound(&[D, R], 2),
        ))],
        &[Expect::Running(false), Expect::Result(Some(4))],
    );
    let result = done.solve.result().unwrap();
    assert_eq!(result.solution.lower_bound, Some(2));
    let quality = result.how_solved.as_ref().unwrap().quality.clone();
    assert_eq!(quality.map(|q| q.lower_bound), Some(2));
    let answers: Vec<_> = result.answers().map(|a| a.lower_bound).collect();
    assert_eq!(answers, vec![Some(2)], "the answer playing is the result");
}
