//! Everything that can happen on the page, nested by the slice of [`super::State`] it is for:
//! `Action::Play(PlayAction::Undo)`. Each nested enum sits in its slice's file, beside the part
//! of the router that handles it (`play::route` for [`PlayAction`], ...); this file only
//! composes them. The top-level [`super::reduce`] hands each nested action to that part in one
//! exhaustive `match`, and each part matches its own enum exhaustively: an action has exactly
//! one place that handles it, and a new variant does not compile until it is handled there.
//!
//! These are what the page says happened. The slices' own reducers take their `*Change` enums
//! (`PlayChange`, `PuzzleChange`, ...): what the router tells a slice to do, where it adds to
//! what the page said (the board on screen, the request's id) or where several actions come to
//! one change. Nothing is said twice: playback's and the preferences' actions go to their
//! slice as they are ([`PlaybackAction`], [`PrefsAction`] with the board's shape), and what a
//! slice takes as it comes is one enum of the slice's own, carried by both vocabularies
//! ([`super::Told`] the worker's word on a solve, [`super::Reading`] the clock and a worker's
//! fewest moves, [`super::CoachOwn`] the coach's own); the board field's typed text is a plain
//! method ([`super::Editors::board_typed`]).
//!
//! A group is named for the slice its actions are about; some change other slices too, and the
//! router writes that out: a hand move moves the board and leaves playback, a new board drops
//! the result, an answer starts playback, a worker message goes to the race first when the
//! race waits for its id.

use super::{
    CoachAction, EditorsAction, PlayAction, PlaybackAction, PrefsAction, PuzzleAction, RaceAction,
    SolveAction, View,
};

/// Everything that can happen on the page, by the slice it is for (see the module
/// documentation).
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// The game by hand: moves, undo and redo, its clock and its shortest.
    Play(PlayAction),
    /// New boards and goals.
    Puzzle(PuzzleAction),
    /// The edit-board and custom-goal fields.
    Editors(EditorsAction),
    /// The user's choices.
    Prefs(PrefsAction),
    /// A solve: started, the worker's messages about it (or about a race's request), its
    /// answers, cancel.
    Solve(SolveAction),
    /// Playback: play, pause, step, seek, the timer's tick.
    Playback(PlaybackAction),
    /// Starting a race and playing one of its rows.
    Race(RaceAction),
    /// Hint, overlay and the exact count.
    Coach(CoachAction),
    /// The Experiment view's run: started, its worker's replies, cancel.
    Experiment(super::ExperimentAction),
    /// "Show me how" and "Your turn" ([`super::lesson`]).
    Lesson(super::LessonAction),
    /// Opens one of the page's views (a tab, a link, the browser's back button).
    ShowView(View),
    /// Hides the notice.
    DismissNotice,
}
