//! The page's whole state and its pure reducer.
//!
//! `reduce` does no I/O: no timers, storage, randomness or workers. Random boards arrive
//! already made (see [`scrambled`]), worker answers arrive as actions tagged with the id of the
//! solve they answer, so a late answer to a cancelled solve is ignored.

use std::rc::Rc;

use puzzle_core::generate::{scramble_seeded, Scramble};
use puzzle_core::solver::DEFAULT_DEPTH_LIMIT;
use puzzle_core::{
    solvability, swap_fix, Algorithm, Board, Direction, Goal, HeuristicKind, Method, Progress,
    Shape, Solution, Solvability, SolveOutcome,
};
use yew::Reducible;

use crate::methods::{Engine, EngineResult};
use crate::protocol::{SolveRequest, ToWorker};
use crate::race::{Race, DEFAULT_PICK};

/// Expansions allowed to blind methods (BFS, DFS, IDDFS) before they stop with a message.
pub const BLIND_BUDGET: u64 = 2_000_000;
/// Expansions allowed to the methods that keep every state in memory (greedy, A*).
pub const MEMORY_BUDGET: u64 = 3_000_000;
/// Default length of a random-walk scramble.
pub const DEFAULT_WALK: usize = 30;
/// Default delay between two playback moves, in milliseconds.
pub const DEFAULT_SPEED_MS: u32 = 350;

/// How the Scramble button makes a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScrambleHow {
    /// Uniformly random among the solvable boards.
    Uniform,
    /// A random walk of `walk_length` moves from the goal.
    Walk,
}

/// A text field whose content is parsed as the user types.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Editor {
    /// Whether the field is shown.
    pub open: bool,
    /// What the user typed.
    pub text: String,
    /// The core's message for the text, if it does not parse.
    pub error: Option<String>,
}

/// A solve in progress in the worker.
#[derive(Clone, Debug, PartialEq)]
pub struct Running {
    /// Id of the request; answers with another id are stale.
    pub id: u32,
    /// The board that was sent.
    pub start: Board,
    /// The goal that was sent: a change of goal stops the solve.
    pub goal: Board,
    /// The method that was sent.
    pub method: Method,
    /// The node budget that was sent.
    pub budget: Option<u64>,
    /// The last progress report.
    pub progress: Option<Progress>,
    /// The answers so far of an anytime method, each shorter than the one before.
    pub improved: Vec<Solution>,
}

/// The answer of the last finished solve.
#[derive(Clone, Debug, PartialEq)]
pub struct Finished {
    /// The board that was solved.
    pub start: Board,
    /// The goal it was solved for.
    pub goal: Board,
    /// The node budget it ran under.
    pub budget: Option<u64>,
    /// What the core answered.
    pub solution: Solution,
    /// The answers that came before the final one (anytime methods), longest first.
    pub earlier: Vec<Solution>,
}

impl Finished {
    /// Every answer of the solve, the final one last.
    pub fn answers(&self) -> impl Iterator<Item = &Solution> {
        self.earlier.iter().chain(std::iter::once(&self.solution))
    }

    /// The lengths of the answers, as "156 → 131 → 118 moves" (`None` with a single answer).
    pub fn lengths(&self) -> Option<String> {
        if self.earlier.is_empty() {
            return None;
        }
        let lengths: Vec<String> = self.answers().map(|s| s.moves.len().to_string()).collect();
        Some(format!("{} moves", lengths.join(" → ")))
    }
}

/// Playing a solution back on the board.
#[derive(Clone, Debug, PartialEq)]
pub struct Playback {
    /// The board before the first move.
    pub start: Board,
    /// The moves of the blank.
    pub moves: Vec<Direction>,
    /// Moves applied so far (0 = at the start).
    pub step: usize,
    /// Whether the timer advances it.
    pub playing: bool,
}

impl Playback {
    /// Whether every move has been applied.
    pub fn at_end(&self) -> bool {
        self.step >= self.moves.len()
    }
}

/// Everything the page shows.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    /// The goal rule (a named layout or a custom board).
    pub goal: Goal,
    /// The goal for the current shape.
    pub goal_board: Board,
    /// The board on screen.
    pub board: Board,
    /// Moves made by hand since the board was last set.
    pub hand_moves: usize,
    /// The chosen method, from the core's list ([`Method::all_for`]); a search carries
    /// `heuristic` and `depth_limit`.
    pub method: Method,
    /// The heuristic the menu gives informed searches.
    pub heuristic: HeuristicKind,
    /// The depth limit the menu gives DFS and IDDFS.
    pub depth_limit: usize,
    /// How Scramble works.
    pub scramble: ScrambleHow,
    /// Length of a random-walk scramble.
    pub walk_length: usize,
    /// The "edit board" field.
    pub editor: Editor,
    /// The custom-goal field.
    pub goal_editor: Editor,
    /// The solve in progress, if any.
    pub running: Option<Running>,
    /// The last finished solve.
    pub result: Option<Finished>,
    /// The solution being played back.
    pub playback: Option<Playback>,
    /// Delay between playback moves.
    pub speed_ms: u32,
    /// A one-line message about the last thing that happened (cancel, playback left, ...).
    pub notice: Option<String>,
    /// Which of [`crate::race::RACE_METHODS`] the Race button runs.
    pub race_pick: Vec<bool>,
    /// The last race (running or finished).
    pub race: Option<Race>,
    /// The cell of the tile a hint says to slide next (cleared by any move).
    pub hint: Option<usize>,
    /// Whether the board shows each tile's Manhattan share and the linear conflicts.
    pub overlay: bool,
    /// The background solve that counts the optimal moves left on boards too big for a table.
    pub live: Option<LiveSolve>,
    /// Whether boards too big for a table get the live count (a background solve per move).
    pub live_on: bool,
    /// The specialised solvers' progress and results.
    pub engine: crate::methods::Engine,
}

/// A background solve for the live "optimal moves from here" count.
#[derive(Clone, Debug, PartialEq)]
pub struct LiveSolve {
    /// Id of the request (answers with another id are stale).
    pub id: u32,
    /// The board it was asked about.
    pub board: Board,
    /// The goal it was asked about.
    pub goal: Board,
    /// `None` while computing; then the optimal length and first move, or `None` inside if the
    /// solver gave up within its budget.
    pub answer: Option<Option<(u32, Option<Direction>)>>,
}

impl LiveSolve {
    /// Whether it answers for this board and goal.
    pub fn is_for(&self, board: &Board, goal: &Board) -> bool {
        &self.board == board && &self.goal == goal
    }
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
        let (goal, goal_board) = match goal.board(shape) {
            Ok(board) => (goal, board),
            Err(_) => (Goal::Standard, standard(shape)),
        };
        State {
            goal_editor: Editor {
                open: matches!(goal, Goal::Custom(_)),
                text: goal_text(&goal),
                error: None,
            },
            goal,
            board: goal_board.clone(),
            goal_board,
            hand_moves: 0,
            method: Method::default_for(shape),
            heuristic: HeuristicKind::LinearConflict,
            depth_limit: DEFAULT_DEPTH_LIMIT,
            scramble: ScrambleHow::Uniform,
            walk_length: DEFAULT_WALK,
            editor: Editor::default(),
            running: None,
            result: None,
            playback: None,
            speed_ms: DEFAULT_SPEED_MS,
            notice: None,
            race_pick: DEFAULT_PICK.to_vec(),
            race: None,
            hint: None,
            overlay: false,
            live: None,
            live_on: false,
            engine: crate::methods::Engine::default(),
        }
    }

    /// The board's size.
    pub fn shape(&self) -> Shape {
        self.board.shape()
    }

    /// The parity verdict for the board against the goal.
    pub fn solvability(&self) -> Solvability {
        solvability(&self.board, &self.goal_board).expect("board and goal share a shape")
    }

    /// Whether the board is the goal.
    pub fn is_solved(&self) -> bool {
        self.board == self.goal_board
    }

    /// Whether the Solve button can be pressed.
    pub fn can_solve(&self) -> bool {
        self.running.is_none() && !self.race_running() && self.solvability().solvable
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
                .zip(&self.race_pick)
                .any(|(method, &picked)| picked && crate::race::available(method, shape))
    }

    /// The request id the worker is busy with (a solve, or the current method of a race).
    pub fn busy_id(&self) -> Option<u32> {
        self.running.as_ref().map(|r| r.id).or_else(|| {
            let race = self.race.as_ref()?;
            race.current().map(|i| race.entries[i].id)
        })
    }

    /// The request of the chosen method, tagged with `id` (searches under their node budget).
    pub fn request(&self, id: u32) -> SolveRequest {
        let method = self.effective_method();
        SolveRequest {
            id,
            board: self.board.clone(),
            goal: self.goal_board.clone(),
            method,
            max_expanded: method
                .search_config()
                .and_then(|config| budget_for(config.algorithm)),
        }
    }

    /// The method menu: the core's methods for the board size, searches with the chosen
    /// heuristic.
    pub fn method_menu(&self) -> Vec<Method> {
        Method::all_for(self.shape(), self.heuristic)
    }

    /// Back to the default method (and heuristic and depth limit) for the board size.
    fn reset_method(&mut self) {
        self.method = Method::default_for(self.shape());
        self.heuristic = HeuristicKind::LinearConflict;
        self.depth_limit = DEFAULT_DEPTH_LIMIT;
    }

    /// `method` with the chosen heuristic and depth limit (searches only).
    pub fn with_choices(&self, method: Method) -> Method {
        method
            .with_heuristic(self.heuristic)
            .with_depth_limit(self.depth_limit)
    }

    /// The move of the blank that the arrow key for `tile_direction` makes: keys name the way a
    /// tile slides, so the blank goes the opposite way.
    pub fn key_move(tile_direction: Direction) -> Direction {
        tile_direction.opposite()
    }

    /// Sets a new board (scramble, edit, URL): clears counters, results and playback.
    fn set_board(&mut self, board: Board) {
        if board.shape() != self.shape() {
            let shape = board.shape();
            match self.goal.board(shape) {
                Ok(goal_board) => self.goal_board = goal_board,
                Err(_) => {
                    self.goal = Goal::Standard;
                    self.goal_board = standard(shape);
                    self.goal_editor = Editor {
                        text: goal_text(&self.goal),
                        ..Editor::default()
                    };
                    self.notice = Some(format!(
                        "The custom goal does not fit a {shape} board: using the standard goal."
                    ));
                }
            }
        }
        let resized = board.shape() != self.shape();
        self.board = board;
        if resized {
            self.reset_method();
        }
        self.hand_moves = 0;
        self.result = None;
        self.playback = None;
        self.hint = None;
    }

    /// A hand move of the blank; leaves playback. Returns whether the board changed.
    fn hand_move(&mut self, moves: &[Direction]) -> bool {
        match self.board.after(moves) {
            Ok(board) if !moves.is_empty() => {
                self.board = board;
                self.hand_moves += moves.len();
                self.hint = None;
                if self.playback.take().is_some() {
                    self.notice = Some(
                        "Playback stopped because you moved a tile. Press Solve to solve from here."
                            .to_string(),
                    );
                }
                true
            }
            _ => false,
        }
    }

    /// Moves playback to `step` (clamped), pausing it if `pause`.
    fn seek(&mut self, step: usize, pause: bool) {
        if let Some(playback) = self.playback.as_mut() {
            let step = step.min(playback.moves.len());
            if let Ok(board) = playback.start.after(&playback.moves[..step]) {
                playback.step = step;
                if pause {
                    playback.playing = false;
                }
                if playback.at_end() {
                    playback.playing = false;
                }
                self.board = board;
            }
        }
    }
}

impl State {
    /// The method the Solve button uses: the chosen one if it fits the board size, else the
    /// core's default.
    pub fn effective_method(&self) -> Method {
        if self.method.fits(self.shape()).is_ok() {
            self.method
        } else {
            self.with_choices(Method::default_for(self.shape()))
        }
    }

    /// The message the Solve button sends, tagged with `id`.
    pub fn worker_message(&self, id: u32) -> ToWorker {
        ToWorker::Solve(self.request(id))
    }
}

/// Everything that can happen on the page.
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
    SetHeuristic(HeuristicKind),
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
    let step = Step::of(&action);
    let mut next = reduce_main(state, action)?;
    after(state, &mut next, step);
    keep_what_belongs(state, &mut next);
    Some(next)
}

/// The reducer for the special methods' actions.
fn reduce_methods(state: &State, action: Action) -> Option<State> {
    let mut next = state.clone();
    match action {
        Action::SetMethod(method) => {
            let method = state.with_choices(method);
            if method.fits(state.shape()).is_err() || method == state.method {
                return None;
            }
            next.method = method;
        }
        Action::PdbBuilding(id, build) => {
            state.running.as_ref().filter(|r| r.id == id)?;
            next.engine.build = Some(build);
        }
        Action::PdbReady(id, info) => {
            state.running.as_ref().filter(|r| r.id == id)?;
            next.engine.pdb = Some(info);
        }
        _ => return None,
    }
    Some(next)
}

/// What kind of action `after` follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// `SolveStarted`.
    Started,
    /// `Solved(id)`.
    Solved(u32),
    /// `Cancelled`.
    Cancelled,
    /// Anything else.
    Other,
}

impl Step {
    /// The step of an action.
    pub fn of(action: &Action) -> Step {
        match action {
            Action::SolveStarted(_) => Step::Started,
            Action::Solved(id, _) => Step::Solved(*id),
            Action::Cancelled => Step::Cancelled,
            _ => Step::Other,
        }
    }
}

/// Keeps [`crate::methods::Engine`] and [`State::method`] in step with what the main reducer did.
fn after(state: &State, next: &mut State, step: Step) {
    let mine = |id: u32| state.running.as_ref().is_some_and(|r| r.id == id);
    match step {
        Step::Started if state.running.is_none() && next.running.is_some() => {
            next.engine = Engine {
                running: Some(state.effective_method()),
                ..Engine::default()
            };
        }
        Step::Solved(id) if mine(id) => {
            // A near-optimal answer carries its lower bound.
            let quality = next.result.as_ref().and_then(|r| {
                Some(crate::methods::Quality {
                    lower_bound: r.solution.lower_bound?,
                    ratio: r.solution.bound_ratio(),
                })
            });
            next.engine.finished = state
                .engine
                .running
                .filter(|method| method.search_config().is_none())
                .map(|method| EngineResult {
                    method,
                    pdb: state.engine.pdb.clone(),
                    quality,
                });
            next.engine.build = None;
            return;
        }
        Step::Cancelled if state.running.is_some() && next.running.is_none() => {
            if let (Some(build), None) = (&state.engine.build, &state.engine.pdb) {
                next.notice = Some(format!(
                    "Cancelled while building the pattern database ({:.0}% done): nothing was saved.",
                    build.fraction() * 100.0
                ));
            }
            next.engine.build = None;
        }
        _ => {}
    }
    if next.result != state.result {
        next.engine.finished = None;
    }
}

/// The one cross-cutting rule: when the board or the goal changes, what was about the old
/// ones goes. A hint names a tile of the old board; a solve, race, result or playback for
/// another goal of the same size would answer a question nobody asks any more (a size change
/// is told apart by the board: the answer arrives with a notice and does not play).
fn keep_what_belongs(state: &State, next: &mut State) {
    if next.board != state.board || next.goal_board != state.goal_board {
        next.hint = None;
    }
    if next.goal_board == state.goal_board || next.shape() != state.shape() {
        return;
    }
    let goal = next.goal_board.clone();
    if next.running.as_ref().is_some_and(|r| r.goal != goal) {
        next.running = None;
        next.engine.build = None;
        next.notice = Some(
            "The goal changed while the solver was running: the solve was stopped. Press Solve to solve for the new goal."
                .to_string(),
        );
    }
    if next.race_running() && next.race.as_ref().is_some_and(|r| r.goal != goal) {
        if let Some(race) = next.race.as_mut() {
            race.cancelled = true;
        }
        next.notice = Some("The goal changed during the race: the race was stopped.".to_string());
    }
    if next.result.as_ref().is_some_and(|r| r.goal != goal) {
        next.result = None;
        next.playback = None;
    }
}

fn reduce_main(state: &State, action: Action) -> Option<State> {
    let mut next = state.clone();
    match action {
        Action::SetMethod(_) | Action::PdbBuilding(..) | Action::PdbReady(..) => {
            return reduce_methods(state, action)
        }
        Action::ClickCell(cell) => {
            let moves = state.board.slide_moves(cell)?;
            next.hand_move(&moves).then_some(())?;
        }
        Action::MoveBlank(direction) => {
            next.hand_move(&[direction]).then_some(())?;
        }
        Action::SetShape(shape) => {
            if shape == state.shape() {
                return None;
            }
            let goal_board = match state.goal.board(shape) {
                Ok(board) => board,
                Err(_) => standard(shape),
            };
            next.set_board(goal_board);
        }
        Action::SetGoal(goal) => {
            let goal_board = goal.board(state.shape()).ok()?;
            next.goal_editor = Editor {
                open: false,
                text: goal_text(&goal),
                error: None,
            };
            next.goal = goal;
            next.goal_board = goal_board;
            next.result = None;
            next.playback = None;
            next.hint = None;
        }
        Action::CustomGoal => {
            next.goal_editor.open = true;
            next.goal_editor.text = state.goal_board.to_line();
            next.goal_editor.error = None;
        }
        Action::GoalText(text) => {
            match Goal::parse(&text, Some(state.shape())).and_then(|goal| {
                let board = goal.board(state.shape())?;
                Ok((goal, board))
            }) {
                Ok((goal, board)) => {
                    next.goal = match goal {
                        Goal::Custom(_) => goal,
                        named => named,
                    };
                    next.goal_board = board;
                    next.goal_editor.error = None;
                    next.result = None;
                    next.playback = None;
                }
                Err(error) => next.goal_editor.error = Some(error.to_string()),
            }
            next.goal_editor.text = text;
        }
        Action::SetScramble(how) => next.scramble = how,
        Action::SetWalkLength(length) => next.walk_length = length.clamp(1, 500),
        Action::Scramble(board) => {
            next.set_board(board);
            next.editor.open = false;
            next.notice = None;
        }
        Action::ScrambleSeeded(seed) => {
            return reduce_main(state, Action::Scramble(scrambled(state, seed)));
        }
        Action::ToggleEditor => {
            next.editor = if state.editor.open {
                Editor::default()
            } else {
                Editor {
                    open: true,
                    text: state.board.to_line(),
                    error: None,
                }
            };
        }
        Action::EditText(text) => {
            next.editor.error = Board::parse(&text, None).err().map(|e| e.to_string());
            next.editor.text = text;
        }
        Action::ApplyEdit => match Board::parse(&state.editor.text, None) {
            Ok(board) => {
                next.set_board(board);
                next.editor = Editor::default();
                next.notice = None;
            }
            Err(error) => next.editor.error = Some(error.to_string()),
        },
        Action::SwapFix => {
            if state.solvability().solvable {
                return None;
            }
            let fixed = swap_fix(&state.board);
            next.set_board(fixed);
        }
        Action::SetHeuristic(heuristic) => {
            next.heuristic = heuristic;
            next.method = state.method.with_heuristic(heuristic);
        }
        Action::SetDepthLimit(limit) => {
            next.depth_limit = limit.clamp(1, 200);
            next.method = state.method.with_depth_limit(next.depth_limit);
        }
        Action::SolveStarted(id) => {
            next.running = Some(Running {
                id,
                start: state.board.clone(),
                goal: state.goal_board.clone(),
                method: state.effective_method(),
                budget: state.request(id).max_expanded,
                progress: None,
                improved: Vec::new(),
            });
            next.result = None;
            next.notice = None;
            if let Some(playback) = next.playback.as_mut() {
                playback.playing = false;
            }
            next.playback = None;
        }
        Action::Progress(id, progress) => {
            if let Some(entry) = next.race.as_mut().and_then(|r| r.waiting(id)) {
                entry.progress = Some(progress);
                return Some(next);
            }
            let running = next.running.as_mut().filter(|r| r.id == id)?;
            running.progress = Some(progress);
        }
        Action::Solved(id, solution) => {
            if let Some(entry) = next.race.as_mut().and_then(|r| r.waiting(id)) {
                entry.answer = Some(Ok(*solution));
                return Some(next);
            }
            let running = state.running.as_ref().filter(|r| r.id == id)?;
            next.running = None;
            let start = running.start.clone();
            if solution.outcome == SolveOutcome::Solved {
                if state.board != start {
                    next.notice = Some(
                        "The board changed while the solver was running: press Solve again to solve the board on screen."
                            .to_string(),
                    );
                } else if !solution.moves.is_empty() {
                    next.playback = Some(Playback {
                        start: start.clone(),
                        moves: solution.moves.clone(),
                        step: 0,
                        playing: true,
                    });
                    // The first move is shown at once; the timer plays the rest.
                    next.seek(1, false);
                }
            }
            next.result = Some(Finished {
                start,
                goal: running.goal.clone(),
                budget: running.budget,
                // The final answer repeats the last improvement of an anytime method.
                earlier: running
                    .improved
                    .iter()
                    .filter(|e| e.moves.len() > solution.moves.len())
                    .cloned()
                    .collect(),
                solution: *solution,
            });
        }
        Action::Improved(id, solution) => {
            let running = next.running.as_mut().filter(|r| r.id == id)?;
            let shorter = solution.outcome == SolveOutcome::Solved
                && running
                    .improved
                    .last()
                    .is_none_or(|last| solution.moves.len() < last.moves.len());
            if !shorter {
                return None;
            }
            running.improved.push(*solution);
        }
        Action::PlayAnswer(index) => {
            let finished = state.result.as_ref()?;
            let solution = finished.answers().nth(index)?;
            if state.running.is_some()
                || finished.goal != state.goal_board
                || solution.outcome != SolveOutcome::Solved
                || solution.moves.is_empty()
            {
                return None;
            }
            next.board = finished.start.clone();
            next.hand_moves = 0;
            next.playback = Some(Playback {
                start: finished.start.clone(),
                moves: solution.moves.clone(),
                step: 0,
                playing: true,
            });
            next.seek(1, false);
        }
        Action::SolveFailed(id, message) => {
            if let Some(entry) = next.race.as_mut().and_then(|r| r.waiting(id)) {
                entry.answer = Some(Err(message));
                return Some(next);
            }
            state.running.as_ref().filter(|r| r.id == id)?;
            next.running = None;
            next.notice = Some(format!("The solver failed: {message}"));
        }
        Action::Cancelled => {
            if state.race_running() {
                let race = next.race.as_mut()?;
                let stopped = race.entries.len() - race.done();
                race.cancelled = true;
                next.notice = Some(format!(
                    "Race cancelled: {stopped} method{} did not run to the end.",
                    if stopped == 1 { "" } else { "s" }
                ));
                return Some(next);
            }
            let running = state.running.as_ref()?;
            // Stopping an anytime solve keeps the shortest answer it found so far.
            if let Some(best) = running.improved.last() {
                let length = best.moves.len();
                let mut kept = reduce(state, Action::Solved(running.id, Box::new(best.clone())))?;
                kept.notice = Some(format!(
                    "Stopped: kept the shortest answer found so far ({length} moves)."
                ));
                return Some(kept);
            }
            next.running = None;
            let expanded = running.progress.as_ref().map_or(0, |p| p.expanded);
            next.notice = Some(format!(
                "Cancelled: the solver was stopped after expanding {} nodes.",
                crate::format::count(expanded)
            ));
        }
        Action::Play => {
            let playback = next.playback.as_mut()?;
            if playback.playing {
                return None;
            }
            let from = if playback.at_end() { 0 } else { playback.step };
            playback.playing = true;
            next.seek(from + 1, false);
        }
        Action::Pause => {
            let playback = next.playback.as_mut().filter(|p| p.playing)?;
            playback.playing = false;
        }
        Action::StepForward => {
            let step = state.playback.as_ref()?.step;
            next.seek(step + 1, true);
        }
        Action::StepBack => {
            let step = state.playback.as_ref()?.step;
            next.seek(step.saturating_sub(1), true);
        }
        Action::Restart => {
            state.playback.as_ref()?;
            next.seek(0, true);
        }
        Action::Seek(step) => {
            state.playback.as_ref()?;
            next.seek(step, true);
        }
        Action::Tick => {
            let playback = state.playback.as_ref().filter(|p| p.playing)?;
            next.seek(playback.step + 1, false);
        }
        Action::SetSpeed(ms) => next.speed_ms = ms.clamp(30, 3000),
        Action::DismissNotice => {
            state.notice.as_ref()?;
            next.notice = None;
        }
        Action::ToggleRaceMethod(index) => {
            let pick = next.race_pick.get_mut(index)?;
            *pick = !*pick;
        }
        Action::RaceStarted(race) => {
            if state.running.is_some() || state.race_running() {
                return None;
            }
            next.race = Some(*race);
            next.playback = None;
            next.notice = None;
        }
        Action::PlayRaceEntry(index) => {
            let race = state.race.as_ref()?;
            let entry = race.entries.get(index)?;
            let solution = entry.solution()?.clone();
            if state.running.is_some() || race.goal != state.goal_board {
                return None;
            }
            next.set_board(race.start.clone());
            if solution.outcome == SolveOutcome::Solved && !solution.moves.is_empty() {
                next.playback = Some(Playback {
                    start: race.start.clone(),
                    moves: solution.moves.clone(),
                    step: 0,
                    playing: true,
                });
                next.seek(1, false);
            }
            next.result = Some(Finished {
                start: race.start.clone(),
                goal: race.goal.clone(),
                budget: Some(race.budget),
                solution,
                earlier: Vec::new(),
            });
        }
        Action::ShowHint(cell) => {
            if cell >= state.board.cells().len() || cell == state.board.blank() {
                return None;
            }
            next.hint = Some(cell);
        }
        Action::ToggleOverlay => next.overlay = !state.overlay,
        Action::ToggleLive => {
            next.live_on = !state.live_on;
            // Switching off keeps a pending request visible to the edge, which then stops it.
            if next.live_on {
                next.live = None;
            }
        }
        Action::LiveStarted(id) => {
            next.live = Some(LiveSolve {
                id,
                board: state.board.clone(),
                goal: state.goal_board.clone(),
                answer: None,
            });
        }
        Action::LiveSolved(id, solution) => {
            let live = next
                .live
                .as_mut()
                .filter(|l| l.id == id && l.answer.is_none())?;
            live.answer = Some(
                (solution.outcome == SolveOutcome::Solved && solution.is_optimal())
                    .then(|| (solution.moves.len() as u32, solution.moves.first().copied())),
            );
        }
        Action::LiveKnown(asked, answer) => {
            if !asked.is_for(&state.board, &state.goal_board)
                || state.live.as_ref().is_some_and(|l| l.id > asked.id)
            {
                return None;
            }
            next.live = Some(LiveSolve {
                answer: Some(answer),
                ..*asked
            });
        }
        Action::LiveFailed(id) => {
            let live = next
                .live
                .as_mut()
                .filter(|l| l.id == id && l.answer.is_none())?;
            live.answer = Some(None);
        }
        Action::Import(text) => {
            next.editor = Editor {
                open: true,
                text: text.clone(),
                error: None,
            };
            match Board::parse(&text, None) {
                Ok(board) => {
                    next.set_board(board);
                    next.editor = Editor::default();
                    next.notice = Some("Board imported.".to_string());
                }
                Err(error) => {
                    next.editor.error = Some(error.to_string());
                    next.notice = None;
                }
            }
        }
        Action::Generated(goal, board) => {
            let goal_board = goal.board(board.shape()).ok()?;
            next.goal_editor = Editor {
                open: matches!(goal, Goal::Custom(_)),
                text: goal_text(&goal),
                error: None,
            };
            next.goal = goal;
            next.goal_board = goal_board;
            next.set_board(board);
            next.reset_method();
            next.editor.open = false;
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
    let how = match state.scramble {
        ScrambleHow::Uniform => Scramble::Uniform,
        ScrambleHow::Walk => Scramble::Walk(state.walk_length),
    };
    scramble_seeded(&state.goal_board, how, true, seed)
}

/// The text naming a goal: its name, or its tiles for a custom one.
pub fn goal_text(goal: &Goal) -> String {
    match goal {
        Goal::Custom(board) => board.to_line(),
        named => named.to_string(),
    }
}

fn standard(shape: Shape) -> Board {
    Goal::Standard
        .board(shape)
        .expect("every supported shape has a standard goal")
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzle_core::{Limits, Stats};

    fn board(text: &str) -> Board {
        text.parse().unwrap()
    }

    fn with_board(text: &str) -> State {
        let mut state = State::default();
        state.set_board(board(text));
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
        let next = apply(&state, Action::ClickCell(5));
        assert_eq!(next.board, board("1 2 3 / 4 5 0 / 7 8 6"));
        assert_eq!(next.hand_moves, 1);
    }

    #[test]
    fn clicking_a_far_tile_in_the_blank_row_slides_the_tiles_between() {
        let state = with_board("0 1 2 / 3 4 5 / 6 7 8");
        let next = apply(&state, Action::ClickCell(2));
        assert_eq!(next.board, board("1 2 0 / 3 4 5 / 6 7 8"));
        assert_eq!(next.hand_moves, 2);
        let next = apply(&state, Action::ClickCell(6));
        assert_eq!(next.board, board("3 1 2 / 6 4 5 / 0 7 8"));
    }

    #[test]
    fn illegal_clicks_are_ignored() {
        let state = with_board("1 2 3 / 4 0 5 / 7 8 6");
        // A corner is in neither the blank's row nor its column; the blank itself; off the board.
        for cell in [0, 2, 6, 8, 4, 9, 100] {
            assert_eq!(reduce(&state, Action::ClickCell(cell)), None, "cell {cell}");
        }
        let corner = with_board("0 1 2 / 3 4 5 / 6 7 8");
        assert_eq!(reduce(&corner, Action::MoveBlank(Direction::Up)), None);
        assert_eq!(reduce(&corner, Action::MoveBlank(Direction::Left)), None);
    }

    #[test]
    fn arrow_keys_name_the_way_the_tile_slides() {
        let state = with_board("1 2 3 / 4 0 5 / 7 8 6");
        // The tile below the blank slides up: the blank goes down.
        let next = apply(&state, Action::MoveBlank(State::key_move(Direction::Up)));
        assert_eq!(next.board, board("1 2 3 / 4 8 5 / 7 0 6"));
    }

    #[test]
    fn reaching_the_goal_by_hand_is_solved() {
        let state = with_board("1 2 3 / 4 5 6 / 7 0 8");
        assert!(!state.is_solved());
        assert!(apply(&state, Action::ClickCell(8)).is_solved());
    }

    #[test]
    fn scrambles_are_solvable_for_every_goal_and_mode() {
        for size in [2, 3, 4, 5] {
            for goal in [Goal::Standard, Goal::BlankFirst, Goal::Snail] {
                for how in [ScrambleHow::Uniform, ScrambleHow::Walk] {
                    let mut state = State::new(Shape::square(size).unwrap(), goal.clone());
                    state.scramble = how;
                    for seed in 0..40 {
                        let next = apply(&state, Action::Scramble(scrambled(&state, seed)));
                        assert!(next.solvability().solvable, "{size} {goal} {how:?} {seed}");
                        assert_eq!(next.shape(), state.shape());
                        assert_eq!(next.hand_moves, 0);
                    }
                }
            }
        }
    }

    #[test]
    fn a_seeded_scramble_is_the_scramble_of_that_seed() {
        let state = State::new(Shape::square(4).unwrap(), Goal::Snail);
        let seeded = apply(&state, Action::ScrambleSeeded(11));
        assert_eq!(
            seeded,
            apply(&state, Action::Scramble(scrambled(&state, 11)))
        );
        assert_ne!(seeded.board, state.board);
    }

    #[test]
    fn a_short_walk_stays_close_to_the_goal() {
        let mut state = State::default();
        state = apply(&state, Action::SetScramble(ScrambleHow::Walk));
        state = apply(&state, Action::SetWalkLength(1));
        let next = apply(&state, Action::Scramble(scrambled(&state, 3)));
        assert_ne!(next.board, next.goal_board);
        assert!(Direction::ALL
            .into_iter()
            .any(|d| next.board.after(&[d]).ok().as_ref() == Some(&next.goal_board)));
    }

    #[test]
    fn unsolvable_boards_block_solve_until_fixed() {
        let state = with_board("1 2 3 / 4 5 6 / 8 7 0");
        assert!(!state.can_solve());
        assert!(state.solvability().explain().contains("unsolvable"));
        let fixed = apply(&state, Action::SwapFix);
        assert!(fixed.can_solve());
        assert_eq!(reduce(&fixed, Action::SwapFix), None);
    }

    #[test]
    fn editing_shows_the_core_message_and_keeps_the_board() {
        let state = apply(&State::default(), Action::ToggleEditor);
        assert!(state.editor.open);
        let typed = apply(&state, Action::EditText("1 2 3 / 4 x 5".into()));
        assert_eq!(
            typed.editor.error.as_deref(),
            Some("`x` is not a tile number: tiles are whole numbers, 0 for the blank")
        );
        let applied = apply(&typed, Action::ApplyEdit);
        assert_eq!(applied.board, state.board);
        assert!(applied.editor.error.is_some());
        let good = apply(
            &typed,
            Action::EditText("2 1 3 4 0 5 6 7 8 9 10 11 12 13 14 15".into()),
        );
        let applied = apply(&good, Action::ApplyEdit);
        assert_eq!(applied.shape(), Shape::square(4).unwrap());
        assert_eq!(applied.goal_board.shape(), applied.shape());
        assert_eq!(applied.method, Method::default_for(applied.shape()));
        assert!(!applied.editor.open);
    }

    #[test]
    fn changing_size_or_goal_keeps_board_and_goal_the_same_shape() {
        let state = apply(
            &State::default(),
            Action::SetShape(Shape::square(5).unwrap()),
        );
        assert_eq!(state.board.shape(), state.goal_board.shape());
        assert!(state.is_solved());
        assert_eq!(state.method, Method::default_for(state.shape()));
        let snail = apply(&state, Action::SetGoal(Goal::Snail));
        assert_eq!(snail.goal_board, Goal::Snail.board(snail.shape()).unwrap());
        let custom = apply(
            &State::default(),
            Action::GoalText("8 7 6 5 4 3 2 1 0".into()),
        );
        assert_eq!(custom.goal_board, board("8 7 6 5 4 3 2 1 0"));
        let wrong = apply(&custom, Action::GoalText("1 2 3 0".into()));
        assert_eq!(
            wrong.goal_editor.error.as_deref(),
            Some("a 3x3 board has 9 cells, but 4 numbers were given")
        );
        assert_eq!(wrong.goal_board, custom.goal_board);
        // A custom 3x3 goal cannot follow the board to 4x4.
        let bigger = apply(&custom, Action::SetShape(Shape::square(4).unwrap()));
        assert_eq!(bigger.goal, Goal::Standard);
    }

    fn solved_state() -> (State, Solution) {
        let mut state = State::new(Shape::square(3).unwrap(), Goal::Snail);
        state.set_board(board("6 1 7 3 0 4 5 8 2"));
        let state = apply(&state, Action::SolveStarted(7));
        assert!(state.running.is_some());
        assert!(!state.can_solve());
        let solution = solution_for(&state.board, &state.goal_board);
        let state = apply(&state, Action::Solved(7, Box::new(solution.clone())));
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
            state.board,
            playback.start.after(&solution.moves[..1]).unwrap()
        );
        assert!(state.running.is_none());
        assert_eq!(state.result.as_ref().unwrap().solution.length(), Some(24));
    }

    #[test]
    fn playback_steps_forward_and_back_and_ends_at_the_goal() {
        let (mut state, solution) = solved_state();
        for _ in 0..100 {
            state = apply(&state, Action::Tick);
        }
        assert!(state.is_solved());
        let playback = state.playback.clone().unwrap();
        assert_eq!(playback.step, 24);
        assert!(!playback.playing);
        assert_eq!(reduce(&state, Action::Tick), None);

        let back = apply(&state, Action::StepBack);
        assert_eq!(back.playback.as_ref().unwrap().step, 23);
        assert_eq!(
            back.board,
            playback.start.after(&solution.moves[..23]).unwrap()
        );
        let forward = apply(&back, Action::StepForward);
        assert!(forward.is_solved());

        let restarted = apply(&state, Action::Restart);
        assert_eq!(restarted.board, playback.start);
        assert_eq!(apply(&restarted, Action::StepBack).board, playback.start);
        let scrubbed = apply(&restarted, Action::Seek(10));
        assert_eq!(
            scrubbed.board,
            playback.start.after(&solution.moves[..10]).unwrap()
        );
        assert_eq!(apply(&restarted, Action::Seek(999)).board, state.goal_board);

        // Play at the end starts over, showing the first move at once.
        let replay = apply(&state, Action::Play);
        let p = replay.playback.as_ref().unwrap();
        assert!(p.playing);
        assert_eq!(p.step, 1);
        let paused = apply(&replay, Action::Pause);
        assert!(!paused.playback.as_ref().unwrap().playing);
        assert_eq!(reduce(&paused, Action::Tick), None);
    }

    #[test]
    fn a_hand_move_during_playback_leaves_playback() {
        let (state, _) = solved_state();
        let blank = state.board.blank();
        let neighbour = state
            .board
            .legal_moves()
            .next()
            .and_then(|d| state.shape().neighbour(blank, d))
            .unwrap();
        let moved = apply(&state, Action::ClickCell(neighbour));
        assert!(moved.playback.is_none());
        assert!(moved
            .notice
            .as_deref()
            .unwrap()
            .contains("Playback stopped"));
        assert_eq!(reduce(&moved, Action::Tick), None);
        assert_eq!(reduce(&moved, Action::StepForward), None);
    }

    #[test]
    fn stale_and_cancelled_answers_are_ignored() {
        let mut state = with_board("1 2 3 / 4 5 6 / 0 7 8");
        state = apply(&state, Action::SolveStarted(1));
        let progress = Progress {
            expanded: 5000,
            ..Progress::default()
        };
        assert_eq!(reduce(&state, Action::Progress(2, progress.clone())), None);
        state = apply(&state, Action::Progress(1, progress));
        state = apply(&state, Action::Cancelled);
        assert!(state.running.is_none());
        assert!(state.notice.as_deref().unwrap().contains("5,000"));
        let late = solution_for(&state.board, &state.goal_board);
        assert_eq!(reduce(&state, Action::Solved(1, Box::new(late))), None);
        assert_eq!(reduce(&state, Action::SolveFailed(1, "x".into())), None);
    }

    #[test]
    fn an_answer_for_a_board_moved_meanwhile_does_not_play() {
        let mut state = with_board("1 2 3 / 4 5 6 / 0 7 8");
        state = apply(&state, Action::SolveStarted(3));
        let solution = solution_for(&state.board, &state.goal_board);
        state = apply(&state, Action::MoveBlank(Direction::Up));
        state = apply(&state, Action::Solved(3, Box::new(solution)));
        assert!(state.playback.is_none());
        assert!(state.result.is_some());
        assert!(state.notice.as_deref().unwrap().contains("changed"));
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
    }

    /// Applies `actions` in turn (an action that changes nothing leaves the state) and checks
    /// each expectation, naming the first that fails.
    fn check(start: &State, actions: Vec<Action>, expected: &[Expect]) -> State {
        let state = actions.into_iter().fold(start.clone(), |s, a| apply(&s, a));
        for expect in expected {
            let ok = match expect {
                Expect::Board(text) => state.board == board(text),
                Expect::Running(on) => state.running.is_some() == *on,
                Expect::Hint(cell) => state.hint == *cell,
                Expect::Notice(None) => state.notice.is_none(),
                Expect::Notice(Some(text)) => {
                    state.notice.as_deref().is_some_and(|n| n.contains(text))
                }
                Expect::Result(length) => {
                    state.result.as_ref().map(|r| r.solution.moves.len()) == *length
                }
                Expect::Lengths(text) => {
                    state.result.as_ref().and_then(Finished::lengths).as_deref() == *text
                }
                Expect::Playback(p) => {
                    state.playback.as_ref().map(|p| (p.step, p.moves.len())) == *p
                }
            };
            assert!(ok, "expected {expect:?}, got {state:#?}");
        }
        state
    }

    /// A hand-made answer: `moves` from the board, whether or not they are short.
    fn answer_of(state: &State, moves: &[Direction]) -> Box<Solution> {
        let mut solution = solution_for(&state.board, &state.goal_board);
        assert_eq!(state.board.after(moves).unwrap(), state.goal_board);
        solution.moves = moves.to_vec();
        Box::new(solution)
    }

    #[test]
    fn anytime_answers_are_kept_shortest_last_and_any_can_play() {
        use Direction::{Down as D, Right as R, Up as U};
        let start = with_board("1 2 3 / 4 5 6 / 0 7 8");
        let running = apply(&start, Action::SolveStarted(1));
        let long = answer_of(&running, &[R, R, U, D, U, D]);
        let shorter = answer_of(&running, &[R, R, U, D]);
        let best = answer_of(&running, &[R, R]);
        let state = check(
            &running,
            vec![
                Action::Improved(1, long.clone()),
                Action::Improved(1, shorter.clone()),
                // Not shorter, or for another request: ignored.
                Action::Improved(1, long.clone()),
                Action::Improved(2, best.clone()),
            ],
            &[
                Expect::Running(true),
                Expect::Result(None),
                Expect::Board("1 2 3 / 4 5 6 / 0 7 8"),
            ],
        );
        assert_eq!(state.running.as_ref().unwrap().improved.len(), 2);
        let done = check(
            &state,
            vec![Action::Solved(1, best)],
            &[
                Expect::Running(false),
                Expect::Result(Some(2)),
                Expect::Lengths(Some("6 → 4 → 2 moves")),
                Expect::Playback(Some((1, 2))),
            ],
        );
        check(
            &done,
            vec![Action::PlayAnswer(0)],
            &[
                Expect::Playback(Some((1, 6))),
                Expect::Board("1 2 3 / 4 5 6 / 7 0 8"),
                Expect::Result(Some(2)),
            ],
        );
        // One answer: no lengths line; an answer index past the end changes nothing.
        let (single, _) = solved_state();
        check(&single, vec![], &[Expect::Lengths(None)]);
        assert_eq!(reduce(&done, Action::PlayAnswer(3)), None);
    }

    #[test]
    fn the_cross_cutting_rule_drops_what_belongs_to_the_old_board_or_goal() {
        let start = with_board("8 6 7 2 5 4 3 0 1");
        check(
            &start,
            vec![
                Action::ShowHint(6),
                Action::SolveStarted(1),
                Action::SetGoal(Goal::Snail),
            ],
            &[
                Expect::Running(false),
                Expect::Hint(None),
                Expect::Notice(Some("goal changed")),
                Expect::Result(None),
                Expect::Board("8 6 7 2 5 4 3 0 1"),
            ],
        );
        // Moving a tile during a solve keeps it: its answer comes with a notice.
        check(
            &start,
            vec![Action::SolveStarted(1), Action::MoveBlank(Direction::Up)],
            &[Expect::Running(true), Expect::Notice(None)],
        );
        // A new size is a new board: the solve's answer will say so when it comes.
        check(
            &start,
            vec![
                Action::SolveStarted(1),
                Action::SetShape(Shape::square(4).unwrap()),
            ],
            &[Expect::Running(true)],
        );
    }

    #[test]
    fn a_goal_change_stops_the_solve_for_the_old_goal() {
        let mut state = with_board("8 6 7 2 5 4 3 0 1");
        state = apply(&state, Action::SetMethod(Method::search(Algorithm::Bfs)));
        state = apply(&state, Action::SolveStarted(2));
        let old = solution_for(&state.board, &state.goal_board);
        state = apply(&state, Action::SetGoal(Goal::Snail));
        assert!(state.running.is_none(), "the solve for the old goal stops");
        assert!(state.notice.as_deref().unwrap().contains("goal changed"));
        assert_eq!(reduce(&state, Action::Solved(2, Box::new(old))), None);
        assert!(state.result.is_none() && state.playback.is_none());
        // The same with a custom goal typed during the solve.
        let mut typed = with_board("8 6 7 2 5 4 3 0 1");
        typed = apply(&typed, Action::SolveStarted(3));
        typed = apply(&typed, Action::CustomGoal);
        assert!(typed.running.is_some(), "opening the field changes no goal");
        typed = apply(&typed, Action::GoalText("8 6 7 2 5 4 3 1 0".into()));
        assert!(typed.running.is_none());
        // A finished answer records its goal.
        let (solved, _) = solved_state();
        let finished = solved.result.as_ref().unwrap();
        assert_eq!(finished.goal, Goal::Snail.board(solved.shape()).unwrap());
    }

    #[test]
    fn editing_the_custom_goal_clears_the_hint() {
        let mut state = with_board("1 2 3 / 4 0 5 / 7 8 6");
        state = apply(&state, Action::ShowHint(5));
        state = apply(&state, Action::CustomGoal);
        assert_eq!(state.hint, Some(5), "opening the field changes no goal");
        state = apply(&state, Action::GoalText("1 2 3 4 5 6 7 0 8".into()));
        assert_eq!(state.hint, None);
    }

    #[test]
    fn budget_stops_are_recorded_without_playback() {
        let mut state = with_board("1 2 3 / 4 5 6 / 0 7 8");
        state = apply(&state, Action::SetMethod(Method::search(Algorithm::Bfs)));
        state = apply(&state, Action::SolveStarted(4));
        let stopped = Solution {
            outcome: SolveOutcome::BudgetExhausted,
            moves: Vec::new(),
            stats: Stats::default(),
            method: puzzle_core::Method::search(Algorithm::Bfs),
            lower_bound: None,
            solvability: state.solvability(),
        };
        state = apply(&state, Action::Solved(4, Box::new(stopped)));
        assert!(state.playback.is_none());
        assert_eq!(state.result.as_ref().unwrap().budget, Some(BLIND_BUDGET));
    }

    fn answer(state: &State, id: u32, method: puzzle_core::Method, budget: u64) -> Solution {
        puzzle_core::solve_with(
            &state.board,
            &state.goal_board,
            &method,
            puzzle_core::Tables::default(),
            &mut Limits {
                max_expanded: Some(budget),
                ..Limits::default()
            },
        )
        .unwrap_or_else(|e| panic!("request {id}: {e}"))
    }

    #[test]
    fn a_race_collects_answers_by_id_and_plays_a_row() {
        use crate::race::{Race, RACE_BUDGET};
        let (mut state, _) = solved_state();
        state = apply(&state, Action::Restart);
        let start = state.result.as_ref().unwrap().start.clone();
        state.set_board(start.clone());
        assert!(state.can_race());
        let race = Race::plan(
            &state.board,
            &state.goal_board,
            &state.race_pick,
            20,
            RACE_BUDGET,
        );
        let requests: Vec<(u32, puzzle_core::Method)> =
            race.entries.iter().map(|e| (e.id, e.method)).collect();
        state = apply(&state, Action::RaceStarted(Box::new(race)));
        assert!(state.race_running());
        assert!(!state.can_solve());
        assert_eq!(state.busy_id(), Some(20));
        // A second race cannot start while one runs.
        let again = Race::plan(&state.board, &state.goal_board, &state.race_pick, 40, 10);
        assert_eq!(reduce(&state, Action::RaceStarted(Box::new(again))), None);
        for &(id, config) in &requests {
            let solution = answer(&state, id, config, RACE_BUDGET);
            state = apply(&state, Action::Solved(id, Box::new(solution)));
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
        let late = answer(&state, 20, requests[0].1, RACE_BUDGET);
        assert_eq!(reduce(&state, Action::Solved(20, Box::new(late))), None);
        // Playing the greedy row puts its solution on the board and in the result panel.
        state = apply(&state, Action::MoveBlank(Direction::Up));
        let played = apply(&state, Action::PlayRaceEntry(1));
        assert_eq!(played.playback.as_ref().unwrap().start, start);
        assert_eq!(
            played.result.as_ref().unwrap().solution.method.algorithm(),
            Algorithm::Greedy
        );
        assert_eq!(played.playback.as_ref().unwrap().step, 1);
    }

    #[test]
    fn cancelling_a_race_stops_the_rest_and_ignores_late_answers() {
        use crate::race::Race;
        let mut state = with_board("8 1 3 4 0 2 7 6 5");
        let race = Race::plan(&state.board, &state.goal_board, &state.race_pick, 1, 100);
        state = apply(&state, Action::RaceStarted(Box::new(race)));
        state = apply(&state, Action::Progress(1, Progress::default()));
        assert!(state.race.as_ref().unwrap().entries[0].progress.is_some());
        let bfs = answer(
            &state,
            1,
            state.race.as_ref().unwrap().entries[0].method,
            100,
        );
        assert_eq!(bfs.outcome, SolveOutcome::BudgetExhausted);
        state = apply(&state, Action::Solved(1, Box::new(bfs)));
        assert_eq!(state.busy_id(), Some(2));
        state = apply(&state, Action::Cancelled);
        assert!(!state.race_running());
        assert!(state.notice.as_deref().unwrap().contains("5 methods"));
        assert!(state.can_solve());
        let late = answer(
            &state,
            2,
            state.race.as_ref().unwrap().entries[1].method,
            100,
        );
        assert_eq!(reduce(&state, Action::Solved(2, Box::new(late))), None);
        assert_eq!(reduce(&state, Action::ToggleRaceMethod(99)), None);
        let fewer = apply(&state, Action::ToggleRaceMethod(0));
        assert!(!fewer.race_pick[0]);
    }

    #[test]
    fn hints_clear_on_moves_and_live_answers_for_old_boards_are_dropped() {
        let mut state = with_board("1 2 3 / 4 0 5 / 7 8 6");
        assert_eq!(reduce(&state, Action::ShowHint(4)), None, "the blank");
        state = apply(&state, Action::ShowHint(5));
        assert_eq!(state.hint, Some(5));
        state = apply(&state, Action::ClickCell(5));
        assert_eq!(state.hint, None);
        state = apply(&state, Action::LiveStarted(3));
        let solution = solution_for(&state.board, &state.goal_board);
        // The board moves on: a newer request replaces the old one, whose answer is stale.
        state = apply(&state, Action::MoveBlank(Direction::Left));
        state = apply(&state, Action::LiveStarted(4));
        assert_eq!(
            reduce(&state, Action::LiveSolved(3, Box::new(solution))),
            None
        );
        let fresh = solution_for(&state.board, &state.goal_board);
        let length = fresh.moves.len() as u32;
        let first = fresh.moves.first().copied();
        state = apply(&state, Action::LiveSolved(4, Box::new(fresh)));
        let live = state.live.as_ref().unwrap();
        assert!(live.is_for(&state.board, &state.goal_board));
        assert_eq!(live.answer, Some(Some((length, first))));
        state = apply(&state, Action::LiveStarted(5));
        state = apply(&state, Action::LiveFailed(5));
        assert_eq!(state.live.as_ref().unwrap().answer, Some(None));
        assert!(apply(&state, Action::ToggleOverlay).overlay);
    }

    #[test]
    fn imports_use_the_editor_parsing_and_generated_boards_bring_their_goal() {
        let state = State::default();
        let imported = apply(
            &state,
            Action::Import("# a file\n3\n6 1 7\n3 0 4\n5 8 2\n".into()),
        );
        assert_eq!(imported.board, board("6 1 7 3 0 4 5 8 2"));
        assert!(!imported.editor.open);
        let bad = apply(&state, Action::Import("3\n1 2 3\n4 5 6\n7 8 8\n".into()));
        assert!(bad.editor.open);
        assert!(bad.editor.error.is_some());
        assert_eq!(bad.board, state.board);
        let round = apply(&state, Action::Import(imported.board.to_npuzzle()));
        assert_eq!(round.board, imported.board);
        let spec = crate::race::GeneratorSpec {
            shape: Shape::square(4).unwrap(),
            goal: Goal::Snail,
            solvable: true,
            walk: Some(12),
            seed: 7,
        };
        let (goal, generated) = crate::race::generate(&spec);
        let next = apply(&state, Action::Generated(goal, generated.clone()));
        assert_eq!(next.board, generated);
        assert_eq!(next.goal, Goal::Snail);
        assert_eq!(next.goal_board, Goal::Snail.board(next.shape()).unwrap());
        assert_eq!(next.method, Method::default_for(next.shape()));
    }

    #[test]
    fn requests_carry_the_budget_for_the_method() {
        let mut state = State::default();
        assert_eq!(state.request(1).max_expanded, Some(MEMORY_BUDGET));
        state = apply(&state, Action::SetMethod(Method::search(Algorithm::Iddfs)));
        assert_eq!(state.request(1).max_expanded, Some(BLIND_BUDGET));
        state = apply(
            &state,
            Action::SetMethod(Method::search(Algorithm::IdaStar)),
        );
        assert_eq!(state.request(9).max_expanded, None);
        assert_eq!(state.request(9).id, 9);
    }
}
