//! The top-level reducer: hands each page [`Action`] to its slice's part of the router in one
//! exhaustive `match` (no catch-all: each nested enum is matched in full by one function), writes
//! out there what an action does to the other slices it touches, and applies the one
//! cross-cutting rule (`keep_what_belongs`) and the game's (`keep_the_game`) once, at the end.
//! A part makes a slice's `*Change` only where it adds to what the page said (the board on
//! screen, the request) or where several actions come to one change; what a slice takes as it
//! comes it passes on whole ([`super::Told`], [`super::Reading`], [`super::CoachOwn`], the
//! preferences' and playback's actions).

use puzzle_core::{swap_fix, Board, Direction, Goal, Method, Progress, Solution, SolveOutcome};

use super::{
    puzzle, race, scrambled, Action, CoachAction, CoachChange, CoachOwn, EditorsAction,
    EditorsChange, ExactCount, Finished, Play, PlayAction, PlayChange, Playback, PlaybackAction,
    PrefsAction, Proof, PuzzleAction, PuzzleChange, RaceAction, RaceChange, Reading, Running,
    Solve, SolveAction, SolveChange, State, Stop, Told, Watch,
};
use crate::race::Race;
use crate::state::solve::tables::Tables;

/// The next state, or `None` when the action changes nothing (an illegal click, a stale answer).
pub fn reduce(state: &State, action: Action) -> Option<State> {
    let mut next = route(state, action)?;
    keep_what_belongs(state, &mut next);
    keep_the_game(&mut next);
    super::lesson::keep(&mut next);
    count_the_hint(state, &mut next);
    Some(next)
}

/// A hint that shows (pressed, or come for an ask) is one more hint the game was helped by.
fn count_the_hint(state: &State, next: &mut State) {
    if next.coach.hint.is_some() && next.coach.hint != state.coach.hint {
        if let Some(play) = next.play.reduce(PlayChange::Hinted) {
            next.play = play;
        }
    }
}

/// The game by hand is always the game on the board on screen: when the board or the goal
/// changed by anything but a hand move, an undo or a redo (which move the game along with the
/// board), a new game starts from the board on screen, its timer not started.
fn keep_the_game(next: &mut State) {
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
fn keep_what_belongs(state: &State, next: &mut State) {
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

/// Ends the running solve with the answer that is playing, if one of its answers plays, else
/// its shortest so far, as if it were the final one (it becomes the result and plays unless
/// one of its answers already plays), so the Result is always what the board shows: `next`
/// becomes that state and the answer is the kept answer's length; `None` (and `next`
/// untouched) if it has none.
fn keep_best(state: &State, next: &mut State) -> Option<usize> {
    let running = state.solve.running()?;
    let playing = state
        .playback
        .as_ref()
        .filter(|p| p.start == running.start)
        .and_then(|p| running.improved.iter().find(|s| s.moves == p.moves));
    let kept = playing.or(running.improved.last())?;
    *next = solved(state, running.id, Box::new(kept.clone()))?;
    Some(kept.moves.len())
}

impl State {
    /// Applies a puzzle action (which is always possible for those the router sends).
    pub(super) fn puzzle_do(&mut self, action: PuzzleChange) {
        if let Some(puzzle) = self.puzzle.reduce(action) {
            self.puzzle = puzzle;
        }
    }

    /// Applies an editors action.
    fn editors_do(&mut self, action: EditorsChange) {
        if let Some(editors) = self.editors.reduce(action) {
            self.editors = editors;
        }
    }

    /// Drops the result and its playback.
    fn drop_result(&mut self) {
        if let Some(solving) = self.solve.reduce(SolveChange::DropResult) {
            self.solve = solving;
        }
        self.playback = None;
    }

    /// Sets a new board (scramble, edit, import): clears counters, results, playback and hint;
    /// on a new size the method goes back to the default, and a custom goal that does not fit
    /// gives way to the standard one with a notice.
    pub(super) fn set_board(&mut self, board: Board) {
        let before = self.puzzle.clone();
        self.puzzle_do(PuzzleChange::SetBoard(board));
        let shape = self.shape();
        if self.puzzle.goal != before.goal {
            self.editors_do(EditorsChange::ShowGoal(self.puzzle.goal.clone(), false));
            self.notice = Some(format!(
                "The custom goal does not fit a {shape} board: using the standard goal."
            ));
        }
        if shape != before.shape() {
            self.prefs = self.prefs.reset_method(shape);
        }
        self.drop_result();
        self.coach.hint = None;
    }

    /// A new game on the board on screen, marked as brought from outside the page (a link, the
    /// editor, a file): a record then needs a start further from the goal
    /// ([`Play::min_record_moves`]).
    pub(crate) fn bring_game(&mut self) {
        let mut play = Play::new(
            self.puzzle.board.clone(),
            self.puzzle.goal_board.clone(),
            self.play.now_ms,
        );
        play.brought = true;
        self.play = play;
    }

    /// A new game for the size and goal of this state: a board scrambled from `seed` (the
    /// chosen kind of scramble; never the goal), with the clock, the moves, the result and
    /// the hint cleared as for any new board.
    fn new_game(&mut self, seed: u64) {
        let board = scrambled(self, seed);
        self.set_board(board);
    }

    /// The answer a watched solve `id` ends with when its final `solution` comes: spliced into
    /// the playback if it keeps the moves played, else the answer that plays (the Result is
    /// what the board shows; a shortest length it proves is kept). Unwatched: `solution`.
    fn watched_final(&mut self, id: u32, solution: Box<Solution>) -> Box<Solution> {
        let Some(running) = self.solve.running().filter(|r| r.id == id) else {
            return solution;
        };
        let playing = self.playback.as_ref().filter(|p| p.start == running.start);
        let Some(playing) = playing.filter(|p| {
            running.watch == Watch::Playing
                && solution.outcome == SolveOutcome::Solved
                && p.moves != solution.moves
        }) else {
            return solution;
        };
        if let Some(spliced) = playing.spliced(&solution.moves) {
            self.playback = Some(spliced);
            return solution;
        }
        let kept = running.improved.iter().find(|s| s.moves == playing.moves);
        let Some(mut kept) = kept.cloned() else {
            return solution;
        };
        // As long as a proven shortest answer: a shortest answer too.
        if solution.is_optimal() && kept.moves.len() == solution.moves.len() {
            kept.stats.optimal = true;
            kept.lower_bound = None;
        }
        if solution.is_optimal() && solution.moves.len() < kept.moves.len() {
            if let Some(solving) = self.solve.reduce(SolveChange::Proven(id, solution.clone())) {
                self.solve = solving;
            }
        }
        Box::new(kept)
    }

    /// Plays `moves` from `start`: the board follows playback.
    fn play(&mut self, start: Board, moves: Vec<Direction>) {
        let playback = Playback::new(start, moves);
        self.puzzle_do(PuzzleChange::Show(playback.board()));
        self.playback = Some(playback);
    }

    /// A hand move of the blank along `moves`: the board and the game move on; leaves
    /// playback. `None` if the move is illegal.
    fn hand_move(&mut self, moves: Vec<Direction>) -> Option<()> {
        self.slide_by_hand(moves.clone())?;
        self.play = self
            .play
            .reduce(PlayChange::Moved(moves, self.puzzle.board.clone()))?;
        Some(())
    }

    /// Slides the board by hand (a move, an undo or a redo); leaves playback (with a notice).
    /// `None` if the move is illegal.
    fn slide_by_hand(&mut self, moves: Vec<Direction>) -> Option<()> {
        self.puzzle = self.puzzle.reduce(PuzzleChange::Slide(moves))?;
        if self.playback.take().is_some() {
            self.notice = Some(
                "Playback stopped because you moved a tile. Press Solve to solve from here."
                    .to_string(),
            );
        }
        Some(())
    }
}

/// Hands each action to the part of the reducer for its slice (below, one function a group,
/// each matching its own enum in full); each says what its actions do to each slice.
pub(super) fn route(state: &State, action: Action) -> Option<State> {
    match action {
        Action::Play(action) => route_play(state, action),
        Action::Puzzle(action) => route_puzzle(state, action),
        Action::Editors(action) => route_editors(state, action),
        Action::Prefs(action) => route_prefs(state, action),
        Action::Solve(action) => route_solve(state, action),
        Action::Playback(action) => route_playback(state, action),
        Action::Race(action) => route_race(state, action),
        Action::Coach(action) => route_coach(state, action),
        Action::Lesson(action) => super::lesson::route(state, action),
        Action::Experiment(action) => {
            let run = super::experiment::reduce(state.experiment.as_ref(), action)?;
            Some(State {
                experiment: Some(run),
                ..state.clone()
            })
        }
        // The view only: nothing else changes with the tab.
        Action::ShowView(view) => (view != state.view).then(|| State {
            view,
            ..state.clone()
        }),
        Action::DismissNotice => {
            state.notice.as_ref()?;
            Some(State {
                notice: None,
                ..state.clone()
            })
        }
    }
}

/// The preferences only (a method must fit the board on screen): the slice takes the page's
/// action as it is.
fn route_prefs(state: &State, action: PrefsAction) -> Option<State> {
    Some(State {
        prefs: state.prefs.reduce(action, state.shape())?,
        ..state.clone()
    })
}

/// The coach slice (hint, overlay, exact count), and the game's shortest from an exact count.
fn route_coach(state: &State, action: CoachAction) -> Option<State> {
    let mut next = state.clone();
    let coach = |action| {
        Some(State {
            coach: state.coach.reduce(action)?,
            ..state.clone()
        })
    };
    match action {
        // Coach only (a hint must name a tile of the board on screen; a table's answer must be
        // for the board and goal on screen).
        CoachAction::Own(CoachOwn::ShowHint(cell)) => {
            let board = &state.puzzle.board;
            if cell >= board.cells().len() || cell == board.blank() {
                return None;
            }
            return coach(CoachChange::Own(CoachOwn::ShowHint(cell)));
        }
        CoachAction::Own(own) => return coach(CoachChange::Own(own)),
        CoachAction::AskHint => {
            if state.is_solved() || !state.solvability().solvable || state.coach.hint.is_some() {
                return None;
            }
            let (board, goal) = (&state.puzzle.board, &state.puzzle.goal_board);
            return coach(CoachChange::AskHint(board.clone(), goal.clone()));
        }
        CoachAction::CountStarted(id) => {
            return coach(CoachChange::CountStarted(Box::new(ExactCount {
                id,
                board: state.puzzle.board.clone(),
                goal: state.puzzle.goal_board.clone(),
                answer: None,
            })))
        }
        // Coach and play: the distance of the game's start is its shortest, even once the
        // board moved on.
        CoachAction::CountKnown(asked, answer) => {
            if let Some((moves, _)) = answer {
                let shortest = Reading::Shortest {
                    start: asked.board.clone(),
                    goal: asked.goal.clone(),
                    moves,
                };
                if let Some(play) = state.play.reduce(PlayChange::Reading(shortest)) {
                    next.play = play;
                }
            }
            if !asked.is_for(&state.puzzle.board, &state.puzzle.goal_board) {
                return (next != *state).then_some(next);
            }
            let known = ExactCount {
                answer: Some(answer),
                ..*asked
            };
            next.coach = state
                .coach
                .reduce(CoachChange::CountKnown(Box::new(known)))?;
        }
    }
    Some(next)
}

/// The editors only (opened from the board or goal on screen).
fn route_editors(state: &State, action: EditorsAction) -> Option<State> {
    let mut next = state.clone();
    let change = match action {
        EditorsAction::CustomGoal => EditorsChange::OpenGoal(state.puzzle.goal_board.clone()),
        EditorsAction::ToggleEditor => EditorsChange::ToggleBoard(state.puzzle.board.clone()),
        EditorsAction::EditText(text) => {
            next.editors = state.editors.board_typed(text);
            return Some(next);
        }
        EditorsAction::ImportRefused(message) => {
            EditorsChange::ImportFailed(state.editors.board.text.clone(), message)
        }
    };
    next.editors_do(change);
    Some(next)
}

/// Playback, whose board the puzzle shows.
fn route_playback(state: &State, action: PlaybackAction) -> Option<State> {
    let mut next = state.clone();
    let playback = state.playback.as_ref()?;
    let playback = match action {
        PlaybackAction::Tick => playback.tick(state.pace().moves_per_tick)?,
        _ => playback.reduce(action)?,
    };
    next.puzzle_do(PuzzleChange::Show(playback.board()));
    next.playback = Some(playback);
    super::lesson::follow_playback(state, &mut next, action);
    Some(next)
}

/// New boards and goals: the puzzle, the editors, and what belonged to the old board.
fn route_puzzle(state: &State, action: PuzzleAction) -> Option<State> {
    let mut next = state.clone();
    match action {
        // New boards: puzzle, editors, result, playback, hint, method on a new size.
        PuzzleAction::SetShape(shape, seed) => {
            if shape == state.shape() {
                return None;
            }
            let goal_board = state
                .puzzle
                .goal
                .board(shape)
                .unwrap_or_else(|_| puzzle::standard(shape));
            next.set_board(goal_board);
            next.new_game(seed);
        }
        PuzzleAction::Scramble(board) => {
            next.set_board(board);
            next.editors_do(EditorsChange::CloseBoard);
            next.notice = None;
        }
        PuzzleAction::ScrambleSeeded(seed) => {
            return route_puzzle(state, PuzzleAction::Scramble(scrambled(state, seed)));
        }
        PuzzleAction::ApplyEdit => match Board::parse(&state.editors.board.text, None) {
            Ok(board) => {
                next.set_board(board);
                next.bring_game();
                next.editors_do(EditorsChange::ClearBoard);
                next.notice = None;
            }
            Err(error) => next.editors_do(EditorsChange::BoardError(error.to_string())),
        },
        PuzzleAction::SwapFix => {
            if state.solvability().solvable {
                return None;
            }
            next.set_board(swap_fix(&state.puzzle.board));
        }
        PuzzleAction::Import(text) => match Board::parse(&text, None) {
            Ok(board) => {
                next.set_board(board);
                next.bring_game();
                next.editors_do(EditorsChange::ClearBoard);
                next.notice = Some("Board imported.".to_string());
            }
            Err(error) => {
                next.editors_do(EditorsChange::ImportFailed(text, error.to_string()));
                next.notice = None;
            }
        },
        PuzzleAction::Generated(goal, board) => {
            next.puzzle = state
                .puzzle
                .reduce(PuzzleChange::Generated(goal.clone(), board))?;
            next.editors_do(EditorsChange::ShowGoal(
                goal.clone(),
                matches!(goal, Goal::Custom(_)),
            ));
            next.editors_do(EditorsChange::CloseBoard);
            next.prefs = next.prefs.reset_method(next.shape());
            next.drop_result();
            next.coach.hint = None;
            next.notice = None;
        }
        // Goals: puzzle, editors, result and playback.
        PuzzleAction::SetGoal(goal, seed) => {
            next.puzzle = state.puzzle.reduce(PuzzleChange::SetGoal(goal.clone()))?;
            next.editors_do(EditorsChange::ShowGoal(goal, false));
            next.new_game(seed);
        }
        PuzzleAction::GoalText(text, seed) => {
            let shape = state.shape();
            match Goal::parse(&text, Some(shape)).and_then(|goal| goal.board(shape).map(|_| goal)) {
                Ok(goal) => {
                    let changed = goal != state.puzzle.goal;
                    next.puzzle_do(PuzzleChange::SetGoal(goal));
                    next.editors_do(EditorsChange::GoalText(text, None));
                    if changed {
                        next.new_game(seed);
                    }
                }
                Err(error) => {
                    next.editors_do(EditorsChange::GoalText(text, Some(error.to_string())))
                }
            }
        }
    }
    Some(next)
}

/// The actions of the game by hand: hand moves, undo and redo (the board and the game move
/// together, playback is left), the clock and the worker's shortest.
fn route_play(state: &State, action: PlayAction) -> Option<State> {
    let mut next = state.clone();
    match action {
        PlayAction::ClickCell(cell) => next.hand_move(state.puzzle.board.slide_moves(cell)?)?,
        PlayAction::MoveBlank(direction) => next.hand_move(vec![direction])?,
        PlayAction::Undo => {
            next.slide_by_hand(state.play.undo_moves()?)?;
            next.play = state
                .play
                .reduce(PlayChange::Undo(next.puzzle.board.clone()))?;
        }
        PlayAction::Redo => {
            next.slide_by_hand(state.play.redo_moves()?)?;
            next.play = state
                .play
                .reduce(PlayChange::Redo(next.puzzle.board.clone()))?;
        }
        PlayAction::Reading(reading) => {
            next.play = state.play.reduce(PlayChange::Reading(reading))?;
            return Some(next);
        }
    }
    super::lesson::after_hand_move(state, &mut next);
    Some(next)
}

/// A solve and the worker's messages; a race's requests share the worker, so their messages go
/// to the race first (see each function).
fn route_solve(state: &State, action: SolveAction) -> Option<State> {
    let solve_only = |change| {
        Some(State {
            solve: state.solve.reduce(change)?,
            ..state.clone()
        })
    };
    match action {
        SolveAction::Started(id) => solve_started(state, id),
        // The solve only (for the running request).
        SolveAction::Told(id, told) => solve_only(SolveChange::Told(id, told)),
        SolveAction::Proof(step) => solve_only(SolveChange::Proof(step)),
        SolveAction::Progress(id, progress) => request_progress(state, id, progress),
        SolveAction::Solved(id, solution) => solved(state, id, solution),
        SolveAction::Improved(id, solution) => improved(state, id, solution),
        SolveAction::WatchNow(id) => watch_now(state, id),
        SolveAction::PlayAnswer(index) => play_answer(state, index),
        SolveAction::Failed(id, message) => solve_failed(state, id, message),
        SolveAction::Cancelled => cancelled(state),
    }
}

/// Starting a race, and playing one of its rows.
fn route_race(state: &State, action: RaceAction) -> Option<State> {
    match action {
        RaceAction::RaceStarted(race) => race_started(state, *race),
        RaceAction::PlayRaceEntry(index) => play_race_entry(state, index),
    }
}

/// A solve was sent: it runs from the board on screen, and what played stops.
fn solve_started(state: &State, id: u32) -> Option<State> {
    let mut next = state.clone();
    let request = state.request(id);
    let watch = match request.watch {
        None => Watch::Off,
        // The anytime method's first answer comes in milliseconds: it plays.
        Some(_) if matches!(request.method, Method::Anytime { .. }) => Watch::Playing,
        Some(_) => Watch::Waiting,
    };
    let running = Running::new(
        id,
        state.puzzle.board.clone(),
        state.puzzle.goal_board.clone(),
        request.method,
        request.max_expanded,
        watch,
    );
    next.solve = state
        .solve
        .reduce(SolveChange::Started(Box::new(running)))?;
    next.notice = None;
    next.playback = None;
    Some(next)
}

/// Progress of a request: the race's, if it waits for `id`, else the solve's.
fn request_progress(state: &State, id: u32, progress: Progress) -> Option<State> {
    let mut next = state.clone();
    if let Some(race) = state
        .race
        .as_ref()
        .and_then(|r| race::reduce(r, RaceChange::Progress(id, progress.clone())))
    {
        next.race = Some(race);
    } else {
        next.solve = state.solve.reduce(SolveChange::Progress(id, progress))?;
    }
    Some(next)
}

/// A request failed: the race's row, if it waits for `id`; else an anytime solve keeps its
/// best answer, and any other solve stops, with a notice either way.
fn solve_failed(state: &State, id: u32, message: String) -> Option<State> {
    let mut next = state.clone();
    if let Some(race) = state
        .race
        .as_ref()
        .and_then(|r| race::reduce(r, RaceChange::Answer(id, Err(message.clone()))))
    {
        next.race = Some(race);
    } else if let Some(kept) = state
        .solve
        .is_running(id)
        .then(|| keep_best(state, &mut next))
        .flatten()
    {
        // An anytime solve that fails keeps its answer (the one playing, if one is).
        next.notice = Some(format!(
            "The solver failed: {message}. Kept {}.",
            kept_words(state, kept)
        ));
    } else {
        let failed = SolveChange::Failed(id, message.clone());
        next.solve = state.solve.reduce(failed)?;
        next.notice = Some(format!("The solver failed: {message}"));
    }
    Some(next)
}

/// Cancel: a race stops its remaining methods; an anytime solve keeps its best answer;
/// any other solve stops, saying how far it got.
fn cancelled(state: &State) -> Option<State> {
    let mut next = state.clone();
    if let Some(race) = state
        .race
        .as_ref()
        .and_then(|r| race::reduce(r, RaceChange::Cancel))
    {
        let stopped = race.entries.len() - race.done();
        next.race = Some(race);
        next.notice = Some(format!(
            "Race cancelled: {stopped} method{} did not run to the end.",
            if stopped == 1 { "" } else { "s" }
        ));
        return Some(next);
    }
    let running = state.solve.running()?;
    if let Some(kept) = keep_best(state, &mut next) {
        // Cancel stops what the person sees too: the board stays where the answer had
        // brought it (the moves played are real slides; going back would undo what was just
        // watched), and Play lets the kept answer play on.
        let paused = next
            .playback
            .as_ref()
            .filter(|p| p.playing)
            .and_then(|p| p.reduce(PlaybackAction::Pause));
        let words = kept_words(state, kept);
        next.notice = Some(match &paused {
            Some(p) => format!(
                "Stopped: kept {words}. The board stays at move {} of {}: press Play to let it play on.",
                p.step,
                p.moves.len()
            ),
            None => format!("Stopped: kept {words}."),
        });
        if paused.is_some() {
            next.playback = paused;
        }
        return Some(next);
    }
    next.solve = state.solve.reduce(SolveChange::Stopped(Stop::Cancelled))?;
    next.notice = Some(match &running.tables {
        Tables::Building(build) => format!(
            "Cancelled while building the pattern database ({:.0}% done): nothing was saved.",
            build.fraction() * 100.0
        ),
        _ => format!(
            "Cancelled: the solver was stopped after expanding {} nodes.",
            crate::format::count(running.progress.as_ref().map_or(0, |p| p.expanded))
        ),
    });
    Some(next)
}

/// A better answer while the search goes on: kept; watched, it plays (the first) or
/// splices into the playback (if it keeps the moves played; else only its proof of the
/// shortest length, or its lower bound, is kept).
fn improved(state: &State, id: u32, solution: Box<Solution>) -> Option<State> {
    let mut next = state.clone();
    let running = state.solve.running().filter(|r| r.id == id)?;
    if running.watch != Watch::Playing {
        next.solve = state.solve.reduce(SolveChange::Improved(id, solution))?;
        return Some(next);
    }
    let playing = state.playback.as_ref().filter(|p| p.start == running.start);
    // Whether the solve kept the answer (a shorter one), not only its larger bound.
    let kept = |solving: &super::Solve| {
        let held = |s: &super::Solve| s.running().map_or(0, |r| r.improved.len());
        held(solving) > held(&state.solve)
    };
    match playing.map(|p| p.spliced(&solution.moves)) {
        None => {
            let moves = solution.moves.clone();
            next.solve = state.solve.reduce(SolveChange::Improved(id, solution))?;
            if kept(&next.solve) {
                next.play(running.start.clone(), moves);
            }
        }
        Some(Some(spliced)) => {
            next.solve = state.solve.reduce(SolveChange::Improved(id, solution))?;
            if kept(&next.solve) {
                next.playback = Some(spliced);
            }
        }
        Some(None) if solution.is_optimal() => {
            next.solve = state.solve.reduce(SolveChange::Proven(id, solution))?;
        }
        // It does not fit the moves played: only its lower bound is kept (if larger).
        Some(None) => {
            let bound = SolveChange::Told(id, Told::Bound(solution.lower_bound?));
            next.solve = state.solve.reduce(bound)?;
        }
    }
    Some(next)
}

/// The grace of a watched exact method is over: its best answer so far plays, and
/// the ones after it as they come.
fn watch_now(state: &State, id: u32) -> Option<State> {
    let mut next = state.clone();
    let running = state.solve.running().filter(|r| r.id == id)?;
    next.solve = state.solve.reduce(SolveChange::Watching(id))?;
    let playing = state
        .playback
        .as_ref()
        .is_some_and(|p| p.start == running.start);
    if let Some(best) = running.improved.last().filter(|_| !playing) {
        next.play(running.start.clone(), best.moves.clone());
    }
    Some(next)
}

/// An answer: the race's, if it waits for `id`; else the solve keeps it as the result, and
/// playback starts if the board is still the one that was solved, else a notice says why not.
fn solved(state: &State, id: u32, solution: Box<Solution>) -> Option<State> {
    let mut next = state.clone();
    if let Some(race) = state
        .race
        .as_ref()
        .and_then(|r| race::reduce(r, RaceChange::Answer(id, Ok(solution.clone()))))
    {
        next.race = Some(race);
        return Some(next);
    }
    let running = state.solve.running().filter(|r| r.id == id)?;
    let start = running.start.clone();
    // The final answer's bound is kept, also where an earlier answer plays on and becomes the
    // result (`watched_final`): every answer is stated against the largest bound told.
    let told = solution.lower_bound;
    if let Some(solving) =
        told.and_then(|b| next.solve.reduce(SolveChange::Told(id, Told::Bound(b))))
    {
        next.solve = solving;
    }
    let solution = next.watched_final(id, solution);
    // The search is over: what is left of the answer playing now plays in its share of the
    // rest's time (`pace`), no longer at the speed that left the search room.
    if let Some(playback) = next.playback.as_ref().filter(|p| p.start == start) {
        next.playback = Some(playback.paced_from_here());
    }
    let solved = solution.outcome == SolveOutcome::Solved;
    let moves = solution.moves.clone();
    next.solve = next.solve.reduce(SolveChange::Finished(id, solution))?;
    // An earlier answer of this solve is being played: it goes on, the final one is
    // offered in the answers list.
    let playing = next.playback.as_ref().filter(|p| p.start == start);
    if let Some(playing) = playing.filter(|_| solved) {
        if playing.moves != moves {
            next.notice = Some(format!(
                "The final answer came in ({} moves): play it from the answers list.",
                moves.len()
            ));
        }
    } else if solved && !moves.is_empty() {
        // The rule keeps a running solve only while its start is on screen.
        next.play(start, moves);
    }
    Some(next)
}

/// Replays: the board goes back to the answer's start and playback starts. While an
/// anytime solve still improves, its answers so far can play: the solve goes on (it was
/// sent its own start and goal), and its later answers join the list.
fn play_answer(state: &State, index: usize) -> Option<State> {
    let mut next = state.clone();
    let (start, goal, solution) = match &state.solve {
        Solve::Running(running) => (&running.start, &running.goal, running.improved.get(index)?),
        Solve::Finished(finished) => (
            &finished.start,
            &finished.goal,
            finished.answers().nth(index)?,
        ),
        Solve::Idle | Solve::Stopped(_) => return None,
    };
    if *goal != state.puzzle.goal_board
        || solution.outcome != SolveOutcome::Solved
        || solution.moves.is_empty()
    {
        return None;
    }
    next.puzzle_do(PuzzleChange::SetBoard(start.clone()));
    next.play(start.clone(), solution.moves.clone());
    next.notice = None;
    // The Result names the answer that plays (Restart then restarts it).
    if state.solve.running().is_none() {
        if let Some(solving) = next.solve.reduce(SolveChange::Name(index)) {
            next.solve = solving;
        }
    }
    Some(next)
}

/// A race starts (not while a solve or a race runs): playback stops.
fn race_started(state: &State, race: Race) -> Option<State> {
    let mut next = state.clone();
    if state.solve.running().is_some() || state.race_running() {
        return None;
    }
    next.race = Some(race);
    next.playback = None;
    next.notice = None;
    Some(next)
}

/// Plays a race row: its start becomes the board, its answer plays and is shown as the result.
fn play_race_entry(state: &State, index: usize) -> Option<State> {
    let mut next = state.clone();
    let race = state.race.as_ref()?;
    let solution = race.entries.get(index)?.solution()?.clone();
    if state.solve.running().is_some() || race.goal != state.puzzle.goal_board {
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
        later: Vec::new(),
        how_solved: None,
        proof: Proof::NotDue,
    };
    next.solve = next.solve.reduce(SolveChange::Show(Box::new(finished)))?;
    Some(next)
}

/// What [`keep_best`] kept (an answer of `kept` moves), in the notice's words: "the shortest
/// answer found so far (118 moves)".
fn kept_words(state: &State, kept: usize) -> String {
    let running = state.solve.running();
    let shortest = running
        .and_then(|r| r.improved.last())
        .map(|s| s.moves.len());
    match shortest.filter(|&shortest| shortest < kept) {
        Some(shortest) => {
            format!("the answer that is playing ({kept} moves; the shortest found has {shortest})")
        }
        None => format!("the shortest answer found so far ({kept} moves)"),
    }
}
