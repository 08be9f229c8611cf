//! Everything that can happen on the page, nested by the slice of [`super::State`] it is for:
//! `Action::Play(PlayAction::Undo)`. The top-level [`super::reduce`] hands each nested action
//! to its slice's part of the router (`state/reduce.rs`) in one exhaustive `match`, and each
//! part matches its own enum exhaustively: an action has exactly one place that handles it,
//! and a new variant does not compile until it is handled there.
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

use puzzle_core::{Board, Direction, Goal, Progress, Shape, Solution};

use super::{CoachOwn, ExactCount, PlaybackAction, PrefsAction, ProofStep, Reading, Told, View};
use crate::race::Race;

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

/// The game by hand; a move, an undo or a redo moves the board with it and leaves playback.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayAction {
    /// A click on the tile at this cell: slides it (and the tiles between) into the blank.
    ClickCell(usize),
    /// A move of the blank (from the keyboard).
    MoveBlank(Direction),
    /// Takes back the last hand move (nothing after the game was won).
    Undo,
    /// Makes the last move taken back again.
    Redo,
    /// What the edge read for the game (the clock just before a hand input, a worker's
    /// fewest moves from a start): the game takes it as it is.
    Reading(Reading),
}

/// New boards and goals: the puzzle changes, the editors follow, and what belonged to the old
/// board goes (result, playback, hint; the method on a new size).
#[derive(Clone, Debug, PartialEq)]
pub enum PuzzleAction {
    /// A new board size: a new game, scrambled (the chosen kind of scramble) from a random
    /// `seed` chosen at the edge, so that it can reach the goal and is not solved.
    SetShape(Shape, u64),
    /// A named goal (standard, blank-first, snail): a new game for it, as for a size.
    SetGoal(Goal, u64),
    /// Text typed into the custom-goal field: when it reads as a goal, a new game for it (as
    /// for a size), else the field's error.
    GoalText(String, u64),
    /// A scrambled board, made at the edge (see [`super::scrambled`]).
    Scramble(Board),
    /// Scrambles with a random `seed` chosen at the edge (the board follows from the seed).
    ScrambleSeeded(u64),
    /// Uses the edited board.
    ApplyEdit,
    /// Swaps two tiles so that an unsolvable board becomes solvable.
    SwapFix,
    /// Text of an imported file, a drop or a paste: parsed like the edit field.
    Import(String),
    /// A board from the generator panel, with its goal.
    Generated(Goal, Board),
}

/// The edit-board and custom-goal fields only.
#[derive(Clone, Debug, PartialEq)]
pub enum EditorsAction {
    /// Opens the custom-goal field.
    CustomGoal,
    /// Opens or closes the edit field (filled with the current board when opened).
    ToggleEditor,
    /// Text typed into the edit field.
    EditText(String),
    /// A file that was not read as a board (too big, or unreadable): the edit field opens,
    /// its text kept, with this message.
    ImportRefused(String),
}

/// A solve and the worker's messages. A race's requests share the worker, so `Progress`,
/// `Solved` and `Failed` go to the race first when it waits for their id, and `Cancelled`
/// stops a running race first; an answer becomes the result and starts playback.
#[derive(Clone, Debug, PartialEq)]
pub enum SolveAction {
    /// The request `id` was sent to the worker.
    Started(u32),
    /// What the worker told about request `id` (its tables, their download, its workers, a
    /// lower bound): the solve slice takes it as it is.
    Told(u32, Told),
    /// A step of the proof of the result's lower bound (big boards, after the answer):
    /// the slice takes it as it is.
    Proof(ProofStep),
    /// Progress of request `id`.
    Progress(u32, Progress),
    /// The answer to request `id`.
    Solved(u32, Box<Solution>),
    /// A better answer to request `id` while its search goes on (anytime methods).
    Improved(u32, Box<Solution>),
    /// The grace for an exact answer of watched request `id` is over: the best answer so far
    /// plays, and any later one at once ([`crate::ahead::EXACT_GRACE_MS`]).
    WatchNow(u32),
    /// Plays one of the last solve's answers (0 = the first that came).
    PlayAnswer(usize),
    /// The worker could not answer request `id`.
    Failed(u32, String),
    /// The user cancelled the solve (the edge has terminated the worker).
    Cancelled,
}

/// Starting a race and playing its rows (its requests' answers are [`SolveAction`]s).
#[derive(Clone, Debug, PartialEq)]
pub enum RaceAction {
    /// A race was planned and its requests sent to the worker.
    RaceStarted(Box<Race>),
    /// Plays the solution of one race row back on the board (and shows it as the result).
    PlayRaceEntry(usize),
}

/// Hint, overlay and the exact count (a hint must name a tile of the board on screen; a
/// table's answer must be for the board and goal on screen).
#[derive(Clone, Debug, PartialEq)]
pub enum CoachAction {
    /// What the coach alone hears, taken as it is (the overlay, the count's switch, a hint
    /// chosen at the edge, the coach's worker's replies).
    Own(CoachOwn),
    /// Hint pressed where no move is known yet: the count under way or a short solve in the
    /// coach's worker answers, and the hint then shows by itself.
    AskHint,
    /// Request `id` asks the coach's worker for the optimal length from the board on screen.
    CountStarted(u32),
    /// The exact distance (and a first move) the coach's worker's table gives for the board and
    /// goal of the request (kept only if they are still on screen; the game's shortest too,
    /// when it is the game's start).
    CountKnown(Box<ExactCount>, Option<(u32, Option<Direction>)>),
}
