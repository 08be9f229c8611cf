//! The page's whole state and its pure reducer, in slices.
//!
//! Each slice is a plain struct with a pure `reduce(&self, change) -> Option<Self>` (`None`: no
//! change) over its own change enum, or the page's action where that says all (playback, prefs):
//! [`puzzle`] (board and goal), [`play`] (the game by hand: its moves to undo and redo, its clock
//! and result), [`editors`] (the two text fields), [`solve`] (the last solve: none, running with
//! its progress, finished with its answer, or stopped with its reason), [`playback`], [`race`],
//! [`experiment`] (the Experiment view's run), [`coach`] (hint, overlay, exact count), [`prefs`]
//! and [`view`] (the open tab). The top-level [`State`] composes them. The page's [`Action`]s are
//! nested by slice (`Action::Play(PlayAction::Undo)`, see `action.rs`); [`reduce`] (in `reduce.rs`)
//! hands each to its slice's part of the router in one exhaustive `match` (each part, `route`,
//! lives in its slice's file, beside the slice's action enum), and that part tells the
//! slices what changes (their own `*Change` enums; playback and [`prefs`] take the page's actions
//! as they are, and what a slice takes as it comes is one enum both vocabularies carry: [`Told`],
//! [`Reading`], [`CoachOwn`]). Actions that touch several slices are handled there, explicitly: an
//! answer becomes the result *and* starts playback (which moves the board); a hand move leaves
//! playback; a new board drops the result.
//!
//! The game by hand follows the board: whenever the board on screen changes by anything but a
//! hand move, an undo or a redo, a new game starts from it (`keep_the_game` in `rules.rs`).
//!
//! The one cross-cutting rule, checked at the end of every [`reduce`] (`keep_what_belongs` in
//! `rules.rs`): whatever is shown, charted or exported belongs to the board and goal on
//! screen, or to the start of the playback in progress ([`State::shows`]); a solve or race for
//! another board stops, and a result for one goes.
//!
//! `reduce` does no I/O: no timers, storage, randomness or workers. Random boards arrive
//! already made (see [`scrambled`]), clock readings arrive as [`Reading::Clock`], worker
//! answers arrive as actions tagged with the id of the solve they answer, so a late answer to a
//! cancelled solve is ignored.

pub mod coach;
pub mod editors;
pub mod experiment;
pub mod lesson;
pub mod play;
pub mod playback;
pub mod prefs;
pub mod puzzle;
pub mod race;
pub mod solve;
pub mod view;

mod action;
mod apply;
mod reduce;
mod rules;

#[cfg(test)]
mod check;
#[cfg(test)]
mod tests;

use std::rc::Rc;

use puzzle_core::generate::{scramble_seeded, Scramble};
use puzzle_core::{Algorithm, Board, Direction, Goal, Method, Shape, Solution, Solvability};
use yew::Reducible;

pub use action::Action;
pub use reduce::reduce;

pub use coach::{Coach, CoachAction, CoachChange, CoachOwn, ExactCount, HintAsk, Route};
pub use editors::{goal_text, Editor, Editors, EditorsAction, EditorsChange};
pub use experiment::{ExperimentAction, ExperimentRun, RunEnd};
pub use lesson::{Lesson, LessonAction, Turn};
pub use play::{
    clock_text, Finish, NoRecord, Play, PlayAction, PlayChange, Reading, MIN_RECORD_MOVES,
};
pub use playback::{pace, Pace, Playback, PlaybackAction};
pub use prefs::{Preferences, PrefsAction, ScrambleHow, DEFAULT_SPEED_MS, DEFAULT_WALK};
pub use puzzle::{Puzzle, PuzzleAction, PuzzleChange};
pub use race::{RaceAction, RaceChange};
pub use solve::{
    Finished, Proof, ProofStep, Running, Solve, SolveAction, SolveChange, Stop, Told, Watch,
};
pub use view::View;

use crate::protocol::{SolveRequest, ToWorker, Workers};
use crate::race::Race;

/// Expansions allowed to blind methods (BFS, DFS, IDDFS) before they stop with a message.
pub const BLIND_BUDGET: u64 = 2_000_000;
/// Expansions allowed to the methods that keep every state in memory (greedy, A*).
pub const MEMORY_BUDGET: u64 = 3_000_000;

/// Everything the page shows, slice by slice.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    /// The board and the goal.
    pub puzzle: Puzzle,
    /// The game by hand on the board on screen.
    pub play: Play,
    /// The edit-board and custom-goal fields.
    pub editors: Editors,
    /// The last solve: none, running, finished with its answer, or stopped.
    pub solve: Solve,
    /// The solution being played back.
    pub playback: Option<Playback>,
    /// The last race (running or finished).
    pub race: Option<Race>,
    /// The Experiment view's last run (running or ended).
    pub experiment: Option<ExperimentRun>,
    /// Hint, overlay and the exact count.
    pub coach: Coach,
    /// The user's choices.
    pub prefs: Preferences,
    /// The view that is open (a tab; part of the share link).
    pub view: View,
    /// "Show me how" or "Your turn", while one goes on.
    pub lesson: Option<lesson::Lesson>,
    /// A one-line message about the last thing that happened (cancel, playback left, ...),
    /// written by the top-level reducer only.
    pub notice: Option<String>,
}

impl Default for State {
    fn default() -> Self {
        let shape = Shape::square(3).expect("3x3 is supported");
        State::new(shape, Goal::Standard)
    }
}

impl State {
    /// A solved board of `shape` towards `goal` (standard if the goal does not fit the shape).
    pub fn new(shape: Shape, goal: Goal) -> State {
        let puzzle = Puzzle::new(shape, goal);
        State {
            editors: Editors::new(&puzzle.goal),
            play: Play::new(puzzle.board.clone(), puzzle.goal_board.clone(), 0.0),
            puzzle,
            solve: Solve::default(),
            playback: None,
            race: None,
            experiment: None,
            coach: Coach::default(),
            prefs: Preferences::new(shape),
            view: View::default(),
            lesson: None,
            notice: None,
        }
    }

    /// The board's size.
    pub fn shape(&self) -> Shape {
        self.puzzle.shape()
    }

    /// The parity verdict for the board against the goal.
    pub fn solvability(&self) -> Solvability {
        self.puzzle.solvability()
    }

    /// Whether the board is the goal.
    pub fn is_solved(&self) -> bool {
        self.puzzle.is_solved()
    }

    /// Whether the page invites the person to play: a fresh board to solve, no hand move made
    /// on it, nothing playing or solving.
    pub fn invites(&self) -> bool {
        !self.is_solved()
            && self.solvability().solvable
            && self.play.started_ms.is_none()
            && self.playback.is_none()
            && self.solve.running().is_none()
    }

    /// Whether the Solve button can be pressed.
    pub fn can_solve(&self) -> bool {
        self.solve_blocked().is_none()
    }

    /// Why the Solve button cannot be pressed (`None`: it can), in a few words for its tooltip
    /// and the line next to it.
    pub fn solve_blocked(&self) -> Option<&'static str> {
        if self.solve.running().is_some() {
            Some("A solve is running: wait for it or press Cancel.")
        } else if self.race_running() {
            Some("A race is running: wait for it or cancel the race.")
        } else if !self.solvability().solvable {
            Some("This board cannot reach the goal: swap two tiles first (Fix).")
        } else {
            None
        }
    }

    /// Why the Race button cannot be pressed (`None`: it can).
    pub fn race_blocked(&self) -> Option<&'static str> {
        self.solve_blocked().or_else(|| {
            (!self.can_race()).then_some("Pick at least one method that can race on this size.")
        })
    }

    /// Why a race row's Play button cannot be pressed (`None`: it can). A race for another
    /// board is never shown (see [`State::shows`]).
    pub fn race_play_blocked(&self) -> Option<&'static str> {
        self.solve
            .running()
            .is_some()
            .then_some("A solve is running: wait for it or press Cancel.")
    }

    /// The answers of the last solve that can be played (an anytime solve's answers so far
    /// while it runs, else every answer of the result), with the index of the one being
    /// played back.
    pub fn answers(&self) -> (Vec<usize>, Option<usize>) {
        let (start, answers): (_, Vec<&Solution>) = match &self.solve {
            Solve::Running(running) => (&running.start, running.improved.iter().collect()),
            Solve::Finished(finished) => (&finished.start, finished.answers().collect()),
            Solve::Idle | Solve::Stopped(_) => return (Vec::new(), None),
        };
        let playing = self.playback.as_ref().filter(|p| &p.start == start);
        let index = playing.and_then(|p| answers.iter().position(|s| s.moves == p.moves));
        (answers.iter().map(|s| s.moves.len()).collect(), index)
    }

    /// Whether a race is still running.
    pub fn race_running(&self) -> bool {
        self.race.as_ref().is_some_and(Race::is_running)
    }

    /// Whether the Race button can be pressed.
    pub fn can_race(&self) -> bool {
        let shape = self.shape();
        self.can_solve()
            && crate::race::RACE_METHODS
                .iter()
                .zip(&self.prefs.race_pick)
                .any(|(method, &picked)| picked && crate::race::available(method, shape))
    }

    /// Whether something computed from `start` towards `goal` belongs on screen: the goal is
    /// the one on screen, and so is `start`, or a playback from `start` is showing one of its
    /// steps. The page's one rule is that nothing else is shown, charted or exported.
    pub fn shows(&self, start: &Board, goal: &Board) -> bool {
        *goal == self.puzzle.goal_board
            && (*start == self.puzzle.board
                || self
                    .playback
                    .as_ref()
                    .is_some_and(|p| p.start == *start && p.board() == self.puzzle.board))
    }

    /// The request id the worker is busy with (a solve, or the current method of a race).
    pub fn busy_id(&self) -> Option<u32> {
        self.solve.running().map(|r| r.id).or_else(|| {
            let race = self.race.as_ref()?;
            race.current().map(|i| race.entries[i].id)
        })
    }

    /// The request of the chosen method, tagged with `id` (searches under their node budget).
    pub fn request(&self, id: u32) -> SolveRequest {
        let method = self.effective_method();
        SolveRequest {
            id,
            board: self.puzzle.board.clone(),
            goal: self.puzzle.goal_board.clone(),
            // Generic searches, a formula's included, run under their algorithm's budget.
            max_expanded: (method.search_config().is_some()
                || matches!(method, Method::Formula { .. }))
            .then(|| budget_for(method.algorithm()))
            .flatten(),
            method,
            watch: (!self.prefs.wait_for_best).then_some(self.prefs.speed_ms),
            workers: Workers::ONE,
        }
    }

    /// The method menu: the core's methods for the board size, searches with the chosen
    /// heuristic.
    pub fn method_menu(&self) -> Vec<Method> {
        Method::all_for(self.shape(), self.prefs.heuristic)
    }

    /// `method` with the chosen heuristic and depth limit (searches only).
    pub fn with_choices(&self, method: Method) -> Method {
        self.prefs.with_choices(method)
    }

    /// The move of the blank that the arrow key for `tile_direction` makes: keys name the way a
    /// tile slides, so the blank goes the opposite way.
    pub fn key_move(tile_direction: Direction) -> Direction {
        tile_direction.opposite()
    }

    /// The method the Solve button uses: the chosen one if it fits the board size, else the
    /// core's default.
    pub fn effective_method(&self) -> Method {
        self.prefs.effective_method(self.shape())
    }

    /// The playback step, while the result on screen is the solution played back.
    pub fn result_step(&self) -> Option<usize> {
        let moves = &self.solve.result()?.solution.moves;
        self.playback
            .as_ref()
            .filter(|p| &p.moves == moves)
            .map(|p| p.step)
    }

    /// How the playback moves now (see [`pace`]): the chosen speed while the watched solve
    /// that plays it still searches (the moves not yet played are what it shortens), else the
    /// pace of the moves it was paced for ([`Playback::span`]).
    pub fn pace(&self) -> Pace {
        let Some(playback) = &self.playback else {
            return pace(self.prefs.speed_ms, 0);
        };
        let searching = self
            .solve
            .running()
            .is_some_and(|r| r.watch == Watch::Playing && r.start == playback.start);
        if searching {
            pace(self.prefs.speed_ms, 0)
        } else {
            playback::pace_within(self.prefs.speed_ms, playback.span, playback.span_ms)
        }
    }

    /// Where the playback of the running watched solve is, for its worker: the request id and
    /// the playhead (`None` while nothing of it plays).
    pub fn playhead_report(&self) -> Option<(u32, crate::ahead::Playhead)> {
        let running = self.solve.running()?;
        let playback = self.playback.as_ref()?;
        (running.watch == Watch::Playing && playback.start == running.start).then(|| {
            let playhead = crate::ahead::Playhead {
                moves: playback.moves.clone(),
                step: playback.step,
                ms_per_move: self.pace().ms_per_move(),
            };
            (running.id, playhead)
        })
    }

    /// The message the Solve button sends, tagged with `id`.
    pub fn worker_message(&self, id: u32) -> ToWorker {
        ToWorker::Solve(self.request(id))
    }
}

impl Reducible for State {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        match reduce(&self, action) {
            Some(next) => Rc::new(next),
            None => self,
        }
    }
}

/// The node budget for a method: blind methods and memory-bound ones stop; IDA* runs until
/// cancelled (it needs almost no memory).
pub fn budget_for(algorithm: Algorithm) -> Option<u64> {
    match algorithm {
        Algorithm::Bfs | Algorithm::Dfs | Algorithm::Iddfs => Some(BLIND_BUDGET),
        Algorithm::Greedy | Algorithm::AStar => Some(MEMORY_BUDGET),
        Algorithm::IdaStar => None,
    }
}

/// A solvable scrambled board for the state's goal, from a random `seed` chosen at the edge;
/// never the goal itself (a 2x2, or a short walk, can land on it: the next seeds are tried).
pub fn scrambled(state: &State, seed: u64) -> Board {
    let how = match state.prefs.scramble {
        ScrambleHow::Uniform => Scramble::Uniform,
        ScrambleHow::Walk => Scramble::Walk(state.prefs.walk_length),
    };
    let goal = &state.puzzle.goal_board;
    let draw = |i: u64| scramble_seeded(goal, how, true, seed.wrapping_add(i));
    (0..64)
        .map(draw)
        .find(|board| board != goal)
        .unwrap_or_else(|| draw(0))
}
