//! The rules checked after every action ([`super::reduce`]): what is shown belongs to the board
//! on screen ([`keep_what_belongs`]), the game by hand is the game on the board on screen
//! ([`keep_the_game`]), and a hint shown is one more hint the game had ([`count_the_hint`]).

use super::{CoachChange, Play, PlayChange, SolveChange, State, Stop};

/// A hint that shows (pressed, or come for an ask) is one more hint the game was helped by.
pub(super) fn count_the_hint(state: &State, next: &mut State) {
    if next.coach.hint.is_some() && next.coach.hint != state.coach.hint {
        if let Some(play) = next.play.reduce(PlayChange::Hinted) {
            next.play = play;
        }
    }
}

/// The game by hand is always the game on the board on screen: when the board or the goal
/// changed by anything but a hand move, an undo or a redo (which move the game along with the
/// board), a new game starts from the board on screen, its timer not started.
pub(super) fn keep_the_game(next: &mut State) {
    let (play, puzzle) = (&next.play, &next.puzzle);
    if play.board != puzzle.board || play.goal != puzzle.goal_board {
        next.play = Play::new(puzzle.board.clone(), puzzle.goal_board.clone(), play.now_ms);
        // A board the solver's answer brought: a game from it was helped.
        next.play.from_playback = next.playback.is_some();
        // The exact count of the board, if it came first (a link's board, whose game begins
        // with the first action), is the new game's shortest.
        let counted = next
            .coach
            .count
            .as_ref()
            .filter(|c| c.is_for(&puzzle.board, &puzzle.goal_board));
        if let Some((moves, _)) = counted.and_then(|c| c.answer.flatten()) {
            next.play.shortest = Some(moves);
        }
    }
}

/// The one cross-cutting rule, checked after every action: whatever the page shows, charts or
/// exports was computed for the board and goal on screen, or is being played from its own start
/// ([`State::shows`]). A hint names a tile of the old board, so any change of board or goal
/// drops it. A solve or race for another board or goal stops at once (its worker is terminated
/// by the solver hook when [`State::busy_id`] lets go of it), so Solve is free at once; a result
/// or a race's rows for another board go, with a notice that says why. A running experiment
/// for another size or goal stops (its worker is terminated by its hook), with a notice.
pub(super) fn keep_what_belongs(state: &State, next: &mut State) {
    let (before, after) = (&state.puzzle, &next.puzzle);
    if after.board != before.board || after.goal_board != before.goal_board {
        next.coach = next
            .coach
            .reduce(CoachChange::ClearHint)
            .unwrap_or(next.coach.clone());
    }
    if next
        .playback
        .as_ref()
        .is_some_and(|p| p.board() != next.puzzle.board)
    {
        next.playback = None;
    }
    let change = Change::between(before, after);
    if let Some(running) = next.solve.running() {
        if !next.shows(&running.start, &running.goal) {
            next.solve = next
                .solve
                .reduce(SolveChange::Stopped(Stop::Left))
                .unwrap_or_default();
            next.notice = Some(format!(
                "{}: the solve for the board before was stopped. Press Solve to solve the board on screen.",
                change.says()
            ));
        }
    }
    if let Some(race) = next.race.as_ref() {
        if !next.shows(&race.start, &race.goal) {
            next.notice = Some(if race.is_running() {
                format!("{} during the race: the race was stopped.", change.says())
            } else {
                format!(
                    "{}: the race's results were for the board before, so they were put away.",
                    change.says()
                )
            });
            next.race = None;
        }
    }
    // An experiment is about its goal, not a board: a new size or goal stops it (its rows so
    // far stay, labelled with their size and goal).
    if let Some(run) = next.experiment.as_ref() {
        if run.config.goal != next.puzzle.goal_board {
            if let Some(stopped) = run.stopped() {
                next.notice = Some(format!(
                    "{} during the experiment: the experiment was stopped.",
                    change.says()
                ));
                next.experiment = Some(stopped);
            }
        }
    }
    if let Some(result) = next.solve.result() {
        if !next.shows(&result.start, &result.goal) {
            next.drop_result();
        }
    }
}

/// What made the board on screen another one, for the notices of [`keep_what_belongs`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Change {
    /// A board of another size.
    Size,
    /// Another goal on the same size.
    Goal,
    /// Another board of the same size and goal (a hand move, a scramble, an edit, an import).
    Board,
}

impl Change {
    fn between(before: &super::Puzzle, after: &super::Puzzle) -> Change {
        if before.shape() != after.shape() {
            Change::Size
        } else if before.goal_board != after.goal_board {
            Change::Goal
        } else {
            Change::Board
        }
    }

    /// The notice's opening words.
    fn says(self) -> &'static str {
        match self {
            Change::Size => "The board size changed",
            Change::Goal => "The goal changed",
            Change::Board => "The board changed",
        }
    }
}
