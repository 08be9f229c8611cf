//! Everything that can happen on the page, nested by the slice of [`super::State`] it is for:
//! `Action::Play(PlayAction::Undo)`. The top-level [`super::reduce`] hands each nested action
//! to its slice's part of the router (`state/reduce.rs`) in one exhaustive `match`, and each
//! part matches its own enum exhaustively: an action has exactly one place that handles it,
//! and a new variant does not compile until it is handled there.
//!
//! These are what the page says happened. The slices' own reducers take their `*Change` enums
//! (`PlayChange`, `PuzzleChange`, ...): what the router tells a slice to do. Only playback's
//! actions go to their slice as they are ([`PlaybackAction`]).
//!
//! A group is named for the slice its actions are about; some change other slices too, and the
//! router writes that out: a hand move moves the board and leaves playback, a new board drops
//! the result, an answer starts playback, a worker message goes to the race first when the
//! race waits for its id.

use puzzle_core::{Board, Direction, Goal, HeuristicKind, Method, Progress, Shape, Solution};

use super::{ExactCount, PlaybackAction, ScrambleHow, View};
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
    Solving(SolvingAction),
    /// Playback: play, pause, step, seek, the timer's tick.
    Playback(PlaybackAction),
    /// Starting a race and playing one of its rows.
    Race(RaceAction),
    /// Hint, overlay and the exact count.
    Coach(CoachAction),
    /// The Experiment view's run: started, its worker's replies, cancel.
    Experiment(super::ExperimentAction),
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
    /// The clock, read at the edge just before a hand input (milliseconds).
    Clock(f64),
    /// The fewest moves from `start` to `goal`, from a worker (kept for the game from that
    /// start only).
    Shortest {
        /// The board the worker was asked about.
        start: Board,
        /// The goal it was asked about.
        goal: Board,
        /// The fewest moves.
        moves: u32,
    },
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
    /// The method, from the menu ([`super::State::method_menu`]); searches get the chosen
    /// heuristic and depth limit.
    SetMethod(Method),
}

/// A solve and the worker's messages. A race's requests share the worker, so `Progress`,
/// `Solved` and `SolveFailed` go to the race first when it waits for their id, and `Cancelled`
/// stops a running race first; an answer becomes the result and starts playback.
#[derive(Clone, Debug, PartialEq)]
pub enum SolvingAction {
    /// The request `id` was sent to the worker.
    SolveStarted(u32),
    /// Build progress of the tables of request `id`.
    TablesBuilding(u32, crate::protocol::BuildProgress),
    /// The tables of request `id` are ready.
    TablesReady(u32, crate::protocol::TablesInfo),
    /// Request `id` could not download these shipped tables, for this reason (words).
    DownloadFailed(u32, crate::protocol::ShippedTables, String),
    /// The workers request `id` runs on.
    Workers(u32, crate::engine_state::WorkersInfo),
    /// Progress of request `id`.
    Progress(u32, Progress),
    /// The answer to request `id`.
    Solved(u32, Box<Solution>),
    /// A better answer to request `id` while its search goes on (anytime methods).
    Improved(u32, Box<Solution>),
    /// A lower bound on the moves of request `id`'s board, from the tables the worker has in
    /// hand (big-board solves): the solve's answers are stated against the largest told.
    Bound(u32, u32),
    /// The grace for an exact answer of watched request `id` is over: the best answer so far
    /// plays, and any later one at once ([`crate::ahead::EXACT_GRACE_MS`]).
    WatchNow(u32),
    /// Plays one of the last solve's answers (0 = the first that came).
    PlayAnswer(usize),
    /// The worker could not answer request `id`.
    SolveFailed(u32, String),
    /// The user cancelled the solve (the edge has terminated the worker).
    Cancelled,
}

/// Starting a race and playing its rows (its requests' answers are [`SolvingAction`]s).
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
    /// Shows or hides the heuristic overlay.
    ToggleOverlay,
    /// Turns the exact count on boards too big for a table on or off.
    ToggleCount,
    /// Highlights the tile at this cell as the next one to slide (chosen at the edge).
    ShowHint(usize),
    /// Hint pressed where no move is known yet: the count under way or a short solve in the
    /// coach's worker answers, and the hint then shows by itself.
    AskHint,
    /// Request `id` to the coach's worker is the short solve for the hint asked.
    HintStarted(u32),
    /// Request `id` asks the coach's worker for the optimal length from the board on screen.
    CountStarted(u32),
    /// The coach's worker's answer to request `id` (a count, or the short solve for a hint).
    CountSolved(u32, Box<Solution>),
    /// The coach's worker could not answer request `id` (a count, or the short solve for a
    /// hint).
    CountFailed(u32),
    /// The exact distance (and a first move) the coach's worker's table gives for the board and
    /// goal of the request (kept only if they are still on screen; the game's shortest too,
    /// when it is the game's start).
    CountKnown(Box<ExactCount>, Option<(u32, Option<Direction>)>),
}
