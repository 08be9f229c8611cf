use puzzle_core::taught::solve_taught;
use puzzle_core::{Goal, Limits, Shape};

use super::*;
use crate::state::{reduce, Action, PlayAction, PuzzleAction};

/// The 4x4 of the core's example: the method's first phases are row 1's.
const BOARD: &str = "5 1 2 3 0 6 7 4 9 10 11 8 13 14 15 12";

fn apply(state: &State, action: Action) -> State {
    reduce(state, action).unwrap_or_else(|| state.clone())
}

/// A 4x4 page with `text` on screen, and the method's phases for it.
fn page(text: &str) -> (State, Vec<Phase>) {
    let shape = Shape::square(4).unwrap();
    let state = State::new(shape, Goal::Standard);
    let board: Board = text.parse().unwrap();
    let state = apply(
        &state,
        Action::Puzzle(PuzzleAction::Scramble(board.clone())),
    );
    let phases = solve_taught(&board, &state.puzzle.goal_board, &mut Limits::default())
        .unwrap()
        .phases;
    (state, phases)
}

fn taught(state: &State, phases: &[Phase]) -> State {
    apply(
        state,
        Action::Lesson(LessonAction::Taught {
            board: state.puzzle.board.clone(),
            goal: state.puzzle.goal_board.clone(),
            phases: phases.to_vec(),
        }),
    )
}

fn tick_until_paused(mut state: State) -> State {
    for _ in 0..10_000 {
        if !state.playback.as_ref().is_some_and(|p| p.playing) {
            return state;
        }
        state = apply(&state, Action::Playback(PlaybackAction::Tick));
    }
    panic!("the playback never paused");
}

#[test]
fn the_method_plays_phase_by_phase_pausing_at_each_end_with_back_and_next() {
    let (state, phases) = page(BOARD);
    let ends: Vec<usize> = (0..phases.len())
        .map(|i| phases[..=i].iter().map(|p| p.moves.len()).sum())
        .collect();
    let watching = taught(&state, &phases);
    let lesson = watching.lesson.clone().unwrap();
    assert_eq!((lesson.phase, lesson.turn.clone()), (0, None));
    assert_eq!(lesson.targets(), phases[0].tiles);
    // Each phase with moves plays to its end and pauses there, its targets home.
    let mut state = watching.clone();
    let mut seen = Vec::new();
    loop {
        state = tick_until_paused(state);
        let (lesson, playback) = (
            state.lesson.clone().unwrap(),
            state.playback.clone().unwrap(),
        );
        assert_eq!(
            playback.step, ends[lesson.phase],
            "paused at the end of its phase"
        );
        assert!(
            lesson.phase_to_play(&state.puzzle.board) > lesson.phase,
            "its tiles are home"
        );
        seen.push(lesson.phase);
        if playback.step == playback.moves.len() {
            break;
        }
        state = apply(&state, Action::Lesson(LessonAction::Next));
    }
    let with_moves: Vec<usize> = (0..phases.len())
        .filter(|&i| !phases[i].moves.is_empty())
        .collect();
    assert_eq!(seen, with_moves);
    assert_eq!(state.puzzle.board, state.puzzle.goal_board);
    // Back: the start of the last phase, then the phase before.
    let last = *seen.last().unwrap();
    let back = apply(&state, Action::Lesson(LessonAction::Back));
    assert_eq!(
        back.playback.as_ref().unwrap().step,
        ends[last] - phases[last].moves.len()
    );
    assert_eq!(back.lesson.as_ref().unwrap().phase, last);
    let before = apply(&back, Action::Lesson(LessonAction::Back));
    let previous = seen[seen.len() - 2];
    assert_eq!(before.lesson.as_ref().unwrap().phase, previous);
    // Next in the middle of a phase goes to its end, paused.
    let next = apply(&before, Action::Lesson(LessonAction::Next));
    assert_eq!(next.playback.as_ref().unwrap().step, ends[previous]);
    assert!(!next.playback.as_ref().unwrap().playing);
}

#[test]
fn a_tile_moved_while_the_method_plays_is_the_persons_turn_which_follows_the_board() {
    let (state, phases) = page(BOARD);
    let watching = tick_until_paused(taught(&state, &phases));
    let step = watching.playback.as_ref().unwrap().step;
    // Any legal hand move: the person takes over, no "playback stopped" notice.
    let blank = watching.puzzle.board.blank();
    let cell = (0..16)
        .find(|&c| c != blank && watching.puzzle.board.slide_moves(c).is_some())
        .unwrap();
    let moved = apply(&watching, Action::Play(PlayAction::ClickCell(cell)));
    let lesson = moved
        .lesson
        .clone()
        .expect("the lesson goes on as the person's turn");
    let turn = lesson.turn.clone().unwrap();
    assert_eq!(turn.from, watching.puzzle.board);
    assert_eq!(turn.method_moves, lesson.moves().len() - step);
    assert_eq!(turn.phase, lesson.phase_to_play(&moved.puzzle.board));
    assert_eq!(moved.notice, None);
    assert_eq!(moved.playback, None);
    // Undo brings the board back: the phase to play follows it.
    let undone = apply(&moved, Action::Play(PlayAction::Undo));
    assert_eq!(
        undone.lesson.as_ref().unwrap().turn.as_ref().unwrap().phase,
        lesson.phase_to_play(&watching.puzzle.board)
    );
    // Playing the method's own moves by hand finishes every phase.
    let mut hand = undone.clone();
    for &direction in &lesson.moves()[step..] {
        hand = apply(&hand, Action::Play(PlayAction::MoveBlank(direction)));
    }
    assert_eq!(hand.puzzle.board, hand.puzzle.goal_board);
    assert_eq!(
        hand.lesson.as_ref().unwrap().turn.as_ref().unwrap().phase,
        phases.len()
    );
    // A new board ends the lesson.
    let scrambled = apply(
        &hand,
        Action::Puzzle(PuzzleAction::Scramble(state.puzzle.board.clone())),
    );
    assert_eq!(scrambled.lesson, None);
}

#[test]
fn your_turn_keeps_the_board_and_a_late_or_foreign_answer_changes_nothing() {
    let (state, phases) = page(BOARD);
    let watching = taught(&state, &phases);
    let turn = apply(&watching, Action::Lesson(LessonAction::YourTurn));
    assert_eq!(turn.puzzle.board, watching.puzzle.board);
    assert_eq!(turn.playback, None);
    assert!(turn.lesson.as_ref().unwrap().turn.is_some());
    // The method's answer for a board no longer on screen is dropped.
    let stale = Action::Lesson(LessonAction::Taught {
        board: state.puzzle.goal_board.clone(),
        goal: state.puzzle.goal_board.clone(),
        phases: phases.clone(),
    });
    assert_eq!(reduce(&turn, stale), None);
    // The method's hint for the board on screen shows as the coach's hint.
    let board = turn.puzzle.board.clone();
    let direction =
        puzzle_core::taught::solve_taught(&board, &turn.puzzle.goal_board, &mut Limits::default())
            .unwrap()
            .moves()[0];
    let hinted = apply(
        &turn,
        Action::Lesson(LessonAction::Hint {
            board: board.clone(),
            goal: turn.puzzle.goal_board.clone(),
            direction,
        }),
    );
    assert_eq!(
        hinted.coach.hint,
        board.shape().neighbour(board.blank(), direction)
    );
    assert_eq!(hinted.play.hints, 1);
    // Close ends it, the board as it is.
    let closed = apply(&hinted, Action::Lesson(LessonAction::Close));
    assert_eq!(
        (closed.lesson.clone(), closed.puzzle.board.clone()),
        (None, board)
    );
}

#[test]
fn a_lesson_is_paced_a_phase_at_a_time() {
    // The browser test's board: 70 moves in seven phases, the longest 18.
    let (state, phases) = page("1 6 11 3 8 4 12 13 15 2 0 7 9 5 14 10");
    let watching = taught(&state, &phases);
    let longest = phases.iter().map(|p| p.moves.len()).max().unwrap();
    let whole: usize = phases.iter().map(|p| p.moves.len()).sum();
    assert!(whole > longest);
    assert_eq!(watching.playback.as_ref().unwrap().span, longest);
    assert_eq!(
        watching.pace(),
        crate::state::pace(watching.prefs.speed_ms, longest)
    );
    // Its phases play at the chosen speed, where the whole answer would play faster.
    assert_eq!(watching.pace().tick_ms, watching.prefs.speed_ms);
    assert!(crate::state::pace(watching.prefs.speed_ms, whole).tick_ms < watching.prefs.speed_ms);
}
