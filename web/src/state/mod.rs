//! The page's whole state and its pure reducer, in slices.
//!
//! Each slice is a plain struct with its own action enum and a pure `reduce(&self, action) ->
//! Option<Self>` (`None`: no change): [`puzzle`] (board, goal, hand moves), [`editors`] (the
//! two text fields), [`solving`] (the solve in flight, its answer, the specialised methods'
//! progress), [`playback`], [`race`], [`help`] (hint, overlay, live count) and [`prefs`]. The
//! top-level [`State`] composes them; the page's [`Action`]s keep their flat names and
//! [`reduce`] routes each to the slices it concerns. Actions that touch several slices are
//! handled there, explicitly: an answer becomes the result *and* starts playback (which moves
//! the board); a hand move leaves playback; a new board drops the result.
//!
//! The one cross-cutting rule, applied once at the end of [`reduce`]
//! (`keep_what_belongs`): when the board or goal changes, what belonged to the old ones goes.
//!
//! `reduce` does no I/O: no timers, storage, randomness or workers. Random boards arrive
//! already made (see [`scrambled`]), worker answers arrive as actions tagged with the id of the
//! solve they answer, so a late answer to a cancelled solve is ignored.

pub mod editors;
pub mod help;
pub mod playback;
pub mod prefs;
pub mod puzzle;
pub mod race;
pub mod solving;

#[cfg(test)]
mod check;
#[cfg(test)]
mod tests;

use std::rc::Rc;

use puzzle_core::generate::{scramble_seeded, Scramble};
use puzzle_core::{
    swap_fix, Algorithm, Board, Direction, Goal, Method, Progress, Shape, Solution, Solvability,
    SolveOutcome,
};
use yew::Reducible;

pub use editors::{goal_text, Editor, Editors, EditorsAction};
pub use help::{Help, HelpAction, LiveSolve};
pub use playback::{Playback, PlaybackAction};
pub use prefs::{Preferences, PreferencesAction, ScrambleHow, DEFAULT_SPEED_MS, DEFAULT_WALK};
pub use puzzle::{Puzzle, PuzzleAction};
pub use race::RaceAction;
pub use solving::{Finished, Running, Solving, SolvingAction};

use crate::protocol::{SolveRequest, ToWorker};
use crate::race::Race;

/// Expansions allowed to blind methods (BFS, DFS, IDDFS) before they stop with a message.
pub const BLIND_BUDGET: u64 = 2_000_000;
/// Expansions allowed to the methods that keep every state in memory (greedy, A*).
pub const MEMORY_BUDGET: u64 = 3_000_000;

/// Everything the page shows, slice by slice.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    /// The board, the goal and the hand moves.
    pub puzzle: Puzzle,
    /// The edit-board and custom-goal fields.
    pub editors: Editors,
    /// The solve in flight and its answer.
    pub solving: Solving,
    /// The solution being played back.
    pub playback: Option<Playback>,
    /// The last race (running or finished).
    pub race: Option<Race>,
    /// Hint, overlay and the live count.
    pub help: Help,
    /// The user's choices.
    pub prefs: Preferences,
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
            puzzle,
            solving: Solving::default(),
            playback: None,
            race: None,
            help: Help::default(),
            prefs: Preferences::new(shape),
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

    /// Whether the Solve button can be pressed.
    pub fn can_solve(&self) -> bool {
        self.solving.running.is_none() && !self.race_running() && self.solvability().solvable
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

    /// The request id the worker is busy with (a solve, or the current method of a race).
    pub fn busy_id(&self) -> Option<u32> {
        self.solving.running.as_ref().map(|r| r.id).or_else(|| {
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
            method,
            max_expanded: method
                .search_config()
                .and_then(|config| budget_for(config.algorithm)),
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
        let moves = &self.solving.result.as_ref()?.solution.moves;
        self.playback
            .as_ref()
            .filter(|p| &p.moves == moves)
            .map(|p| p.step)
    }

    /// The message the Solve button sends, tagged with `id`.
    pub fn worker_message(&self, id: u32) -> ToWorker {
        ToWorker::Solve(self.request(id))
    }
}

/// Everything that can happen on the page. The names stay flat; [`reduce`] routes each to
/// its slice (see the module documentation).
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// A click on the tile at this cell: slides it (and the tiles between) into the blank.
    ClickCell(usize),
    /// A move of the blank (from the keyboard).
    MoveBlank(Direction),
    /// A new board size: shows the solved board of that size.
    SetShape(Shape),
    /// A named goal (standard, blank-first, snail).
    SetGoal(Goal),
    /// Opens the custom-goal field.
    CustomGoal,
    /// Text typed into the custom-goal field.
    GoalText(String),
    /// How Scramble works.
    SetScramble(ScrambleHow),
    /// Length of a random-walk scramble.
    SetWalkLength(usize),
    /// A scrambled board, made at the edge (see [`scrambled`]).
    Scramble(Board),
    /// Scrambles with a random `seed` chosen at the edge (the board follows from the seed).
    ScrambleSeeded(u64),
    /// Opens or closes the edit field (filled with the current board when opened).
    ToggleEditor,
    /// Text typed into the edit field.
    EditText(String),
    /// Uses the edited board.
    ApplyEdit,
    /// Swaps two tiles so that an unsolvable board becomes solvable.
    SwapFix,
    /// The heuristic.
    SetHeuristic(puzzle_core::HeuristicKind),
    /// DFS depth limit.
    SetDepthLimit(usize),
    /// The request `id` was sent to the worker.
    SolveStarted(u32),
    /// The method, from the menu ([`State::method_menu`]); searches get the chosen heuristic and
    /// depth limit.
    SetMethod(Method),
    /// Build progress of the pattern database of request `id`.
    PdbBuilding(u32, crate::protocol::BuildProgress),
    /// The pattern database of request `id` is ready.
    PdbReady(u32, crate::protocol::PdbInfo),
    /// Progress of request `id`.
    Progress(u32, Progress),
    /// The answer to request `id`.
    Solved(u32, Box<Solution>),
    /// A better answer to request `id` while its search goes on (anytime methods).
    Improved(u32, Box<Solution>),
    /// Plays one of the last solve's answers (0 = the first that came).
    PlayAnswer(usize),
    /// The worker could not answer request `id`.
    SolveFailed(u32, String),
    /// The user cancelled the solve (the edge has terminated the worker).
    Cancelled,
    /// Starts or resumes playback (from the start if it had ended).
    Play,
    /// Pauses playback.
    Pause,
    /// One move forward (pauses).
    StepForward,
    /// One move back (pauses).
    StepBack,
    /// Back to the start of the solution (pauses).
    Restart,
    /// Jumps to a step of the solution (pauses).
    Seek(usize),
    /// The playback timer fired.
    Tick,
    /// Delay between playback moves.
    SetSpeed(u32),
    /// Hides the notice.
    DismissNotice,
    /// Adds or removes one of [`crate::race::RACE_METHODS`] from the race.
    ToggleRaceMethod(usize),
    /// A race was planned and its requests sent to the worker.
    RaceStarted(Box<Race>),
    /// Plays the solution of one race row back on the board (and shows it as the result).
    PlayRaceEntry(usize),
    /// Highlights the tile at this cell as the next one to slide (chosen at the edge).
    ShowHint(usize),
    /// Shows or hides the heuristic overlay.
    ToggleOverlay,
    /// Turns the live count on boards too big for a table on or off.
    ToggleLive,
    /// Request `id` asks the second worker for the optimal length from the board on screen.
    LiveStarted(u32),
    /// The second worker's answer to request `id`.
    LiveSolved(u32, Box<Solution>),
    /// The second worker could not answer request `id`.
    LiveFailed(u32),
    /// The exact distance (and a first move) the second worker's table gives for the board and
    /// goal of the request (kept only if they are still on screen).
    LiveKnown(Box<LiveSolve>, Option<(u32, Option<Direction>)>),
    /// Text of an imported file, a drop or a paste: parsed like the edit field.
    Import(String),
    /// A board from the generator panel, with its goal.
    Generated(Goal, Board),
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

/// The next state, or `None` when the action changes nothing (an illegal click, a stale answer).
pub fn reduce(state: &State, action: Action) -> Option<State> {
    let mut next = route(state, action)?;
    keep_what_belongs(state, &mut next);
    Some(next)
}

/// The one cross-cutting rule: when the board or the goal changes, what was about the old
/// ones goes. A hint names a tile of the old board; a solve, race, result or playback for
/// another goal of the same size would answer a question nobody asks any more (a size change
/// is told apart by the board: the answer arrives with a notice and does not play).
fn keep_what_belongs(state: &State, next: &mut State) {
    let (before, after) = (&state.puzzle, &next.puzzle);
    if after.board != before.board || after.goal_board != before.goal_board {
        next.help = next
            .help
            .reduce(HelpAction::ClearHint)
            .unwrap_or(next.help.clone());
    }
    if after.goal_board == before.goal_board || after.shape() != before.shape() {
        return;
    }
    let goal = after.goal_board.clone();
    if next
        .solving
        .running
        .as_ref()
        .is_some_and(|r| r.goal != goal)
    {
        next.solving = next
            .solving
            .reduce(SolvingAction::Stopped(None))
            .unwrap_or_default();
        next.notice = Some(
            "The goal changed while the solver was running: the solve was stopped. Press Solve to solve for the new goal."
                .to_string(),
        );
    }
    if let Some(race) = next.race.as_ref().filter(|r| r.goal != goal) {
        if let Some(stopped) = race::reduce(race, RaceAction::Cancel) {
            next.race = Some(stopped);
            next.notice =
                Some("The goal changed during the race: the race was stopped.".to_string());
        }
    }
    if next.solving.result.as_ref().is_some_and(|r| r.goal != goal) {
        next.drop_result();
    }
}

impl State {
    /// Applies a puzzle action (which is always possible for those the router sends).
    fn puzzle_do(&mut self, action: PuzzleAction) {
        if let Some(puzzle) = self.puzzle.reduce(action) {
            self.puzzle = puzzle;
        }
    }

    /// Applies an editors action.
    fn editors_do(&mut self, action: EditorsAction) {
        if let Some(editors) = self.editors.reduce(action) {
            self.editors = editors;
        }
    }

    /// Drops the result and its playback.
    fn drop_result(&mut self) {
        if let Some(solving) = self.solving.reduce(SolvingAction::DropResult) {
            self.solving = solving;
        }
        self.playback = None;
    }

    /// Sets a new board (scramble, edit, import): clears counters, results, playback and hint;
    /// on a new size the method goes back to the default, and a custom goal that does not fit
    /// gives way to the standard one with a notice.
    fn set_board(&mut self, board: Board) {
        let before = self.puzzle.clone();
        self.puzzle_do(PuzzleAction::SetBoard(board));
        let shape = self.shape();
        if self.puzzle.goal != before.goal {
            self.editors_do(EditorsAction::ShowGoal(self.puzzle.goal.clone(), false));
            self.notice = Some(format!(
                "The custom goal does not fit a {shape} board: using the standard goal."
            ));
        }
        if shape != before.shape() {
            self.prefs = self
                .prefs
                .reduce(PreferencesAction::ResetMethod(shape))
                .unwrap_or(self.prefs.clone());
        }
        self.drop_result();
        self.help.hint = None;
    }

    /// Plays `moves` from `start`: the board follows playback.
    fn play(&mut self, start: Board, moves: Vec<Direction>) {
        let playback = Playback::new(start, moves);
        self.puzzle_do(PuzzleAction::Show(playback.board()));
        self.playback = Some(playback);
    }

    /// A hand move; leaves playback (with a notice). `None` if the move is illegal.
    fn hand_move(&mut self, action: PuzzleAction) -> Option<()> {
        self.puzzle = self.puzzle.reduce(action)?;
        if self.playback.take().is_some() {
            self.notice = Some(
                "Playback stopped because you moved a tile. Press Solve to solve from here."
                    .to_string(),
            );
        }
        Some(())
    }
}

/// Sends each action to the slices it concerns. Slice-only actions are one line; those that
/// touch several slices say what they do to each.
fn route(state: &State, action: Action) -> Option<State> {
    let mut next = state.clone();
    let prefs = |action| {
        Some(State {
            prefs: state.prefs.reduce(action)?,
            ..state.clone()
        })
    };
    let help = |action| {
        Some(State {
            help: state.help.reduce(action)?,
            ..state.clone()
        })
    };
    match action {
        // Preferences only.
        Action::SetScramble(how) => return prefs(PreferencesAction::SetScramble(how)),
        Action::SetWalkLength(n) => return prefs(PreferencesAction::SetWalkLength(n)),
        Action::SetSpeed(ms) => return prefs(PreferencesAction::SetSpeed(ms)),
        Action::SetHeuristic(h) => return prefs(PreferencesAction::SetHeuristic(h)),
        Action::SetDepthLimit(limit) => return prefs(PreferencesAction::SetDepthLimit(limit)),
        Action::ToggleRaceMethod(i) => return prefs(PreferencesAction::ToggleRaceMethod(i)),
        Action::SetMethod(method) => {
            return prefs(PreferencesAction::SetMethod(method, state.shape()))
        }
        // Help only (a hint must name a tile of the board on screen; a table's answer must be
        // for the board and goal on screen).
        Action::ToggleOverlay => return help(HelpAction::ToggleOverlay),
        Action::ToggleLive => return help(HelpAction::ToggleLive),
        Action::ShowHint(cell) => {
            let board = &state.puzzle.board;
            if cell >= board.cells().len() || cell == board.blank() {
                return None;
            }
            return help(HelpAction::ShowHint(cell));
        }
        Action::LiveStarted(id) => {
            return help(HelpAction::LiveStarted(Box::new(LiveSolve {
                id,
                board: state.puzzle.board.clone(),
                goal: state.puzzle.goal_board.clone(),
                answer: None,
            })))
        }
        Action::LiveSolved(id, solution) => return help(HelpAction::LiveSolved(id, solution)),
        Action::LiveFailed(id) => return help(HelpAction::LiveFailed(id)),
        Action::LiveKnown(asked, answer) => {
            if !asked.is_for(&state.puzzle.board, &state.puzzle.goal_board) {
                return None;
            }
            let known = LiveSolve {
                answer: Some(answer),
                ..*asked
            };
            return help(HelpAction::LiveKnown(Box::new(known)));
        }
        // Solving only (for the running request).
        Action::PdbBuilding(id, build) => {
            next.solving = state
                .solving
                .reduce(SolvingAction::PdbBuilding(id, build))?
        }
        Action::PdbReady(id, info) => {
            next.solving = state.solving.reduce(SolvingAction::PdbReady(id, info))?
        }
        Action::Improved(id, solution) => {
            next.solving = state
                .solving
                .reduce(SolvingAction::Improved(id, solution))?
        }
        // Editors only.
        Action::CustomGoal => {
            next.editors_do(EditorsAction::OpenGoal(state.puzzle.goal_board.clone()))
        }
        Action::ToggleEditor => {
            next.editors_do(EditorsAction::ToggleBoard(state.puzzle.board.clone()))
        }
        Action::EditText(text) => next.editors_do(EditorsAction::BoardText(text)),
        // Playback, whose board the puzzle shows.
        Action::Play
        | Action::Pause
        | Action::StepForward
        | Action::StepBack
        | Action::Restart
        | Action::Seek(_)
        | Action::Tick => {
            let step = match action {
                Action::Play => PlaybackAction::Play,
                Action::Pause => PlaybackAction::Pause,
                Action::StepForward => PlaybackAction::StepForward,
                Action::StepBack => PlaybackAction::StepBack,
                Action::Restart => PlaybackAction::Restart,
                Action::Seek(step) => PlaybackAction::Seek(step),
                _ => PlaybackAction::Tick,
            };
            let playback = state.playback.as_ref()?.reduce(step)?;
            next.puzzle_do(PuzzleAction::Show(playback.board()));
            next.playback = Some(playback);
        }
        // Puzzle, leaving playback.
        Action::ClickCell(cell) => next.hand_move(PuzzleAction::ClickCell(cell))?,
        Action::MoveBlank(direction) => next.hand_move(PuzzleAction::MoveBlank(direction))?,
        // New boards: puzzle, editors, result, playback, hint, method on a new size.
        Action::SetShape(shape) => {
            if shape == state.shape() {
                return None;
            }
            let goal_board = state
                .puzzle
                .goal
                .board(shape)
                .unwrap_or_else(|_| puzzle::standard(shape));
            next.set_board(goal_board);
        }
        Action::Scramble(board) => {
            next.set_board(board);
            next.editors_do(EditorsAction::CloseBoard);
            next.notice = None;
        }
        Action::ScrambleSeeded(seed) => {
            return route(state, Action::Scramble(scrambled(state, seed)));
        }
        Action::ApplyEdit => match Board::parse(&state.editors.board.text, None) {
            Ok(board) => {
                next.set_board(board);
                next.editors_do(EditorsAction::ClearBoard);
                next.notice = None;
            }
            Err(error) => next.editors_do(EditorsAction::BoardError(error.to_string())),
        },
        Action::SwapFix => {
            if state.solvability().solvable {
                return None;
            }
            next.set_board(swap_fix(&state.puzzle.board));
        }
        Action::Import(text) => match Board::parse(&text, None) {
            Ok(board) => {
                next.set_board(board);
                next.editors_do(EditorsAction::ClearBoard);
                next.notice = Some("Board imported.".to_string());
            }
            Err(error) => {
                next.editors_do(EditorsAction::ImportFailed(text, error.to_string()));
                next.notice = None;
            }
        },
        Action::Generated(goal, board) => {
            next.puzzle = state
                .puzzle
                .reduce(PuzzleAction::Generated(goal.clone(), board))?;
            next.editors_do(EditorsAction::ShowGoal(
                goal.clone(),
                matches!(goal, Goal::Custom(_)),
            ));
            next.editors_do(EditorsAction::CloseBoard);
            next.prefs = next
                .prefs
                .reduce(PreferencesAction::ResetMethod(next.shape()))?;
            next.drop_result();
            next.help.hint = None;
            next.notice = None;
        }
        // Goals: puzzle, editors, result and playback.
        Action::SetGoal(goal) => {
            next.puzzle = state.puzzle.reduce(PuzzleAction::SetGoal(goal.clone()))?;
            next.editors_do(EditorsAction::ShowGoal(goal, false));
            next.drop_result();
            next.help.hint = None;
        }
        Action::GoalText(text) => {
            let shape = state.shape();
            match Goal::parse(&text, Some(shape)).and_then(|goal| goal.board(shape).map(|_| goal)) {
                Ok(goal) => {
                    next.puzzle_do(PuzzleAction::SetGoal(goal));
                    next.editors_do(EditorsAction::GoalText(text, None));
                    next.drop_result();
                }
                Err(error) => {
                    next.editors_do(EditorsAction::GoalText(text, Some(error.to_string())))
                }
            }
        }
        // Solving, with the race first: a race's requests share the worker.
        Action::SolveStarted(id) => {
            let running = Running {
                id,
                start: state.puzzle.board.clone(),
                goal: state.puzzle.goal_board.clone(),
                method: state.effective_method(),
                budget: state.request(id).max_expanded,
                progress: None,
                improved: Vec::new(),
            };
            next.solving = state
                .solving
                .reduce(SolvingAction::Started(Box::new(running)))?;
            next.notice = None;
            next.playback = None;
        }
        Action::Progress(id, progress) => {
            if let Some(race) = state
                .race
                .as_ref()
                .and_then(|r| race::reduce(r, RaceAction::Progress(id, progress.clone())))
            {
                next.race = Some(race);
            } else {
                next.solving = state
                    .solving
                    .reduce(SolvingAction::Progress(id, progress))?;
            }
        }
        Action::SolveFailed(id, message) => {
            if let Some(race) = state
                .race
                .as_ref()
                .and_then(|r| race::reduce(r, RaceAction::Answer(id, Err(message.clone()))))
            {
                next.race = Some(race);
            } else {
                next.solving = state.solving.reduce(SolvingAction::Stopped(Some(id)))?;
                next.notice = Some(format!("The solver failed: {message}"));
            }
        }
        // An answer: solving keeps it as the result; playback starts if the board is still the
        // one that was solved, else a notice says why not.
        Action::Solved(id, solution) => {
            if let Some(race) = state
                .race
                .as_ref()
                .and_then(|r| race::reduce(r, RaceAction::Answer(id, Ok(solution.clone()))))
            {
                next.race = Some(race);
                return Some(next);
            }
            let start = state
                .solving
                .running
                .as_ref()
                .filter(|r| r.id == id)?
                .start
                .clone();
            let solved = solution.outcome == SolveOutcome::Solved;
            let moves = solution.moves.clone();
            next.solving = state
                .solving
                .reduce(SolvingAction::Finished(id, solution))?;
            if solved {
                if state.puzzle.board != start {
                    next.notice = Some(
                        "The board changed while the solver was running: press Solve again to solve the board on screen."
                            .to_string(),
                    );
                } else if !moves.is_empty() {
                    next.play(start, moves);
                }
            }
        }
        // Cancel: a race stops its remaining methods; an anytime solve keeps its best answer;
        // any other solve stops, saying how far it got.
        Action::Cancelled => {
            if let Some(race) = state
                .race
                .as_ref()
                .and_then(|r| race::reduce(r, RaceAction::Cancel))
            {
                let stopped = race.entries.len() - race.done();
                next.race = Some(race);
                next.notice = Some(format!(
                    "Race cancelled: {stopped} method{} did not run to the end.",
                    if stopped == 1 { "" } else { "s" }
                ));
                return Some(next);
            }
            let running = state.solving.running.as_ref()?;
            if let Some(best) = running.improved.last() {
                let length = best.moves.len();
                let mut kept = route(state, Action::Solved(running.id, Box::new(best.clone())))?;
                kept.notice = Some(format!(
                    "Stopped: kept the shortest answer found so far ({length} moves)."
                ));
                return Some(kept);
            }
            next.solving = state.solving.reduce(SolvingAction::Stopped(None))?;
            let engine = &state.solving.engine;
            next.notice = Some(match (&engine.build, &engine.pdb) {
                (Some(build), None) => format!(
                    "Cancelled while building the pattern database ({:.0}% done): nothing was saved.",
                    build.fraction() * 100.0
                ),
                _ => format!(
                    "Cancelled: the solver was stopped after expanding {} nodes.",
                    crate::format::count(running.progress.as_ref().map_or(0, |p| p.expanded))
                ),
            });
        }
        // Replays: the board goes back to the answer's start and playback starts.
        Action::PlayAnswer(index) => {
            let finished = state.solving.result.as_ref()?;
            let solution = finished.answers().nth(index)?;
            if state.solving.running.is_some()
                || finished.goal != state.puzzle.goal_board
                || solution.outcome != SolveOutcome::Solved
                || solution.moves.is_empty()
            {
                return None;
            }
            next.puzzle_do(PuzzleAction::SetBoard(finished.start.clone()));
            next.play(finished.start.clone(), solution.moves.clone());
        }
        Action::RaceStarted(race) => {
            if state.solving.running.is_some() || state.race_running() {
                return None;
            }
            next.race = Some(*race);
            next.playback = None;
            next.notice = None;
        }
        Action::PlayRaceEntry(index) => {
            let race = state.race.as_ref()?;
            let solution = race.entries.get(index)?.solution()?.clone();
            if state.solving.running.is_some() || race.goal != state.puzzle.goal_board {
                return None;
            }
            next.set_board(race.start.clone());
            if solution.outcome == SolveOutcome::Solved && !solution.moves.is_empty() {
                next.play(race.start.clone(), solution.moves.clone());
            }
            let finished = Finished {
                start: race.start.clone(),
                goal: race.goal.clone(),
                budget: Some(race.budget),
                solution,
                earlier: Vec::new(),
            };
            next.solving = next
                .solving
                .reduce(SolvingAction::Show(Box::new(finished)))?;
        }
        Action::DismissNotice => {
            state.notice.as_ref()?;
            next.notice = None;
        }
    }
    Some(next)
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

/// A solvable scrambled board for the state's goal, from a random `seed` chosen at the edge.
pub fn scrambled(state: &State, seed: u64) -> Board {
    let how = match state.prefs.scramble {
        ScrambleHow::Uniform => Scramble::Uniform,
        ScrambleHow::Walk => Scramble::Walk(state.prefs.walk_length),
    };
    scramble_seeded(&state.puzzle.goal_board, how, true, seed)
}
