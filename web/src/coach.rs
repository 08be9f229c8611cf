//! What the page knows about the distance left: exact from a distance table on small
//! boards, from the background solve elsewhere, or from the last solve of this very board;
//! and on every size the range it lies in ([`Bounds`]: at least the estimate, at most an
//! answer known for the board). Pure: the table lives in the coach's worker (see
//! [`crate::hooks::coach`]).
//!
//! The hint ([`Advice`]) on every size: the first move of a shortest answer where one is
//! known (the table, the count, a proven answer), else the next move of the best answer known
//! for the board on screen (a solve of it, the rest of the answer on the board when paused, the
//! coach's own [`crate::state::Route`]); where none is, Hint asks the coach's worker for a short
//! solve ([`hint_request`]), and says in words why when it cannot hint at all.

use puzzle_core::{Board, Direction, Heuristic, HeuristicKind, Method, SolveOutcome};

use crate::protocol::{SolveRequest, ToWorker, Workers};
use crate::state::State;

/// Largest board (in cells) whose exact count comes from the coach's worker.
pub const COUNT_MAX_CELLS: usize = 16;
/// Node budget of a live-count solve.
pub const COUNT_BUDGET: u64 = 5_000_000;
/// Milliseconds the short solve for a hint improves its first answer (the anytime method,
/// without tables, in the coach's worker).
pub const HINT_MS: u32 = 300;

/// What the Hint button offers for the board on screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Advice {
    /// A move of the blank to hint, with the moves left on the answer it starts: the first
    /// move of a shortest answer (`best`), else of the best answer known.
    Move {
        /// The move of the blank (the hinted tile is the one it swaps with).
        direction: Direction,
        /// Whether the answer it starts is proven shortest.
        best: bool,
        /// Moves left on that answer.
        left: u32,
    },
    /// No move known yet: Hint asks for one (the count under way answers, or a short solve).
    Ask,
    /// Asked: the count or a short solve is under way.
    Finding,
    /// No hint, for this reason.
    Not(NoHint),
}

/// Why Hint cannot help.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoHint {
    /// The board is the goal.
    Solved,
    /// The goal cannot be reached.
    Unsolvable,
    /// An answer is playing on the board.
    Playing,
    /// The short solve for the hint found nothing (or could not run).
    NotFound,
}

impl NoHint {
    /// The reason in words, shown beside the button.
    pub fn words(self) -> &'static str {
        match self {
            NoHint::Solved => "Solved: no move left to hint.",
            NoHint::Unsolvable => "No hint: this board cannot reach the goal (press Fix).",
            NoHint::Playing => "No hint while the answer plays: pause it, or move a tile.",
            NoHint::NotFound => "No hint found for this board: press Solve for an answer.",
        }
    }
}

/// The true number of moves left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Distance {
    /// Known exactly.
    Known(u32),
    /// Being computed.
    Computing,
    /// Not known (too large, gave up, or unsolvable).
    Unknown,
    /// Not computed: the exact count of a big board is switched off.
    Off,
}

/// The range the distance left lies in, whatever the size: what the page shows when the
/// exact number is not known.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bounds {
    /// Every solution needs at least this many moves (the linear-conflict estimate, or a
    /// solve's stronger lower bound for this board).
    pub at_least: u32,
    /// The length of the shortest answer known for this board (a solve's, or what is left of
    /// the answer being played back), if any.
    pub at_most: Option<u32>,
}

impl Bounds {
    /// The exact distance, when the range has closed.
    pub fn exact(&self) -> Option<u32> {
        self.at_most.filter(|&most| most <= self.at_least)
    }
}

/// The distance left and a first move of a shortest solution, when known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Known {
    /// Moves left on a shortest solution.
    pub distance: Distance,
    /// A move of the blank that starts a shortest solution.
    pub hint: Option<Direction>,
    /// The range it lies in (for when it is not known).
    pub bounds: Bounds,
    /// What Hint offers.
    pub advice: Advice,
    /// The cell of the tile highlighted as the hint, if one is.
    pub shown: Option<usize>,
}

/// Whether the exact table covers boards of this size.
pub fn table_size(cells: usize) -> bool {
    cells <= puzzle_core::analysis::MAX_TABLE_CELLS
}

/// Whether the board on screen is counted by the coach's worker.
pub fn count_size(cells: usize) -> bool {
    !table_size(cells) && cells <= COUNT_MAX_CELLS
}

/// What is known about the board on screen: from the coach's worker (its exact table on small
/// boards, its search on bigger ones when switched on), else from the last solve of this
/// board and goal.
pub fn known(state: &State) -> Known {
    let known = distance(state);
    Known {
        bounds: bounds(state),
        advice: advice(state, &known),
        shown: state.coach.hint,
        ..known
    }
}

/// What Hint offers on the board on screen, given what is `exact`ly known (see [`Advice`]).
fn advice(state: &State, exact: &Known) -> Advice {
    let (board, goal) = (&state.puzzle.board, &state.puzzle.goal_board);
    if !state.solvability().solvable {
        return Advice::Not(NoHint::Unsolvable);
    }
    if state.is_solved() {
        return Advice::Not(NoHint::Solved);
    }
    if state.playback.as_ref().is_some_and(|p| p.playing) {
        return Advice::Not(NoHint::Playing);
    }
    if let (Some(direction), Distance::Known(left)) = (exact.hint, exact.distance) {
        return Advice::Move {
            direction,
            best: true,
            left,
        };
    }
    if let Some((direction, best, left)) = best_answer(state) {
        return Advice::Move {
            direction,
            best,
            left,
        };
    }
    match state.coach.asked.as_ref() {
        Some(ask) if ask.board == *board && ask.goal == *goal => {
            if ask.failed {
                Advice::Not(NoHint::NotFound)
            } else {
                Advice::Finding
            }
        }
        _ => Advice::Ask,
    }
}

/// The next move of the best answer known for the board on screen, whether that answer is
/// proven shortest, and its moves left: a proven answer first, else the shortest. The answers:
/// a finished or running solve of this board, the rest of the answer on the board (its board
/// is this one), and the coach's route when the board is on it.
fn best_answer(state: &State) -> Option<(Direction, bool, u32)> {
    let (board, goal) = (&state.puzzle.board, &state.puzzle.goal_board);
    let mut known: Vec<(&[Direction], bool)> = solves_of(state, board)
        .map(|s| (s.moves.as_slice(), s.is_optimal()))
        .collect();
    if let Some(playback) = state.playback.as_ref().filter(|p| &p.board() == board) {
        // The rest of a shortest answer is a shortest answer.
        let proven =
            solves_of(state, &playback.start).any(|s| s.is_optimal() && s.moves == playback.moves);
        known.push((
            &playback.moves[playback.step.min(playback.moves.len())..],
            proven,
        ));
    }
    if let Some(route) = state.coach.route.as_ref() {
        if let Some(rest) = route.rest_from(board, goal) {
            known.push((rest, route.proven));
        }
    }
    known
        .into_iter()
        .filter(|(moves, _)| !moves.is_empty())
        .min_by_key(|(moves, proven)| (!proven, moves.len()))
        .map(|(moves, proven)| (moves[0], proven, moves.len() as u32))
}

/// The largest lower bound the finished or running solve from `start` (towards the goal on
/// screen) told for it: its answers' and, while it runs, the worker's
/// ([`crate::state::Running::lower_bound`]).
fn solve_bound(state: &State, start: &Board) -> Option<u32> {
    let running = state
        .solve
        .running()
        .filter(|r| &r.start == start && r.goal == state.puzzle.goal_board)
        .and_then(|r| r.lower_bound);
    solves_of(state, start)
        .filter_map(|s| s.lower_bound)
        .chain(running)
        .max()
}

/// The answers of the finished or running solve from `start` (towards the goal on screen).
fn solves_of<'s>(
    state: &'s State,
    start: &'s Board,
) -> impl Iterator<Item = &'s puzzle_core::Solution> + 's {
    let goal = &state.puzzle.goal_board;
    let finished = state
        .solve
        .result()
        .filter(move |f| &f.start == start && &f.goal == goal);
    let running = state
        .solve
        .running()
        .filter(move |r| &r.start == start && &r.goal == goal);
    finished
        .into_iter()
        .flat_map(|f| f.answers())
        .chain(running.into_iter().flat_map(|r| r.improved.iter()))
        .filter(|s| s.outcome == SolveOutcome::Solved)
}

/// The board and goal a short solve for the hint should be sent for, if one should: a hint
/// was asked on the board on screen, none was sent, no move is known, and no count is under
/// way to answer it.
pub fn hint_wanted(state: &State) -> Option<(Board, Board)> {
    let ask = state.coach.asked.as_ref()?;
    let here = known(state);
    (ask.id.is_none() && here.advice == Advice::Finding && here.distance != Distance::Computing)
        .then(|| (ask.board.clone(), ask.goal.clone()))
}

/// The short solve for a hint on `board`: the anytime method without tables for
/// [`HINT_MS`] (its staged first answer on boards too small for it), run by the coach's worker
/// as [`ToWorker::Improve`] (which never waits for tables).
pub fn hint_request(id: u32, board: &Board, goal: &Board) -> ToWorker {
    let anytime = Method::Anytime {
        time_limit_ms: HINT_MS,
    };
    let method = if anytime.fits(board.shape()).is_ok() {
        anytime
    } else {
        Method::Staged
    };
    ToWorker::Improve(SolveRequest {
        id,
        board: board.clone(),
        goal: goal.clone(),
        method,
        max_expanded: None,
        watch: None,
        workers: Workers::ONE,
    })
}

/// The range of the distance left on the board on screen: at least the linear-conflict
/// estimate, a solve's lower bound for this board (its tables' estimate, say), or the lower
/// bound of the start of the answer playing back less the moves played (each move takes at
/// most one off), whichever is largest; at most the shortest answer known for it (a finished
/// or running solve of this board, or the rest of the answer playing back).
pub fn bounds(state: &State) -> Bounds {
    let (board, goal) = (&state.puzzle.board, &state.puzzle.goal_board);
    let estimate = Heuristic::new(HeuristicKind::LinearConflict, goal).estimate(board);
    let finished = state
        .solve
        .result()
        .filter(|f| &f.start == board && &f.goal == goal);
    let running = state
        .solve
        .running()
        .filter(|r| &r.start == board && &r.goal == goal);
    let answers = finished
        .into_iter()
        .flat_map(|f| f.answers())
        .chain(running.into_iter().flat_map(|r| r.improved.iter()));
    let mut at_least = estimate.max(solve_bound(state, board).unwrap_or(0));
    let mut at_most: Option<u32> = None;
    let mut shorter = |length: u32| at_most = Some(at_most.map_or(length, |m| m.min(length)));
    for answer in answers {
        if let Some(length) = answer.length() {
            shorter(length as u32);
        }
        at_least = at_least.max(answer.lower_bound.unwrap_or(0));
    }
    if let Some(playback) = state.playback.as_ref().filter(|p| &p.board() == board) {
        shorter(playback.moves.len().saturating_sub(playback.step) as u32);
        let played = playback.step.min(playback.moves.len()) as u32;
        let from_start = solve_bound(state, &playback.start).unwrap_or(0);
        at_least = at_least.max(from_start.saturating_sub(played));
    }
    if let Some(rest) = state
        .coach
        .route
        .as_ref()
        .and_then(|r| r.rest_from(board, goal))
    {
        shorter(rest.len() as u32);
    }
    Bounds { at_least, at_most }
}

/// What is known exactly about the distance left (see [`known`]).
fn distance(state: &State) -> Known {
    let unknown = Known {
        distance: Distance::Unknown,
        hint: None,
        bounds: Bounds::default(),
        advice: Advice::Ask,
        shown: None,
    };
    if !state.solvability().solvable {
        return unknown;
    }
    if state.is_solved() {
        return Known {
            distance: Distance::Known(0),
            ..unknown
        };
    }
    let cells = state.puzzle.board.cells().len();
    if count_size(cells) && !state.coach.count_on {
        return from_result(state).unwrap_or(Known {
            distance: Distance::Off,
            ..unknown
        });
    }
    let computing = Known {
        distance: Distance::Computing,
        ..unknown
    };
    if table_size(cells) || count_size(cells) {
        if let Some(live) = state
            .coach
            .count
            .as_ref()
            .filter(|l| l.is_for(&state.puzzle.board, &state.puzzle.goal_board))
        {
            return match live.answer {
                None => computing,
                Some(Some((d, first))) => Known {
                    distance: Distance::Known(d),
                    hint: first,
                    ..unknown
                },
                Some(None) => from_result(state).unwrap_or(unknown),
            };
        }
        if table_size(cells) {
            // The request for this board is on its way.
            return computing;
        }
    }
    from_result(state).unwrap_or(unknown)
}

/// From the last solve, if it was of this board and is optimal.
fn from_result(state: &State) -> Option<Known> {
    let finished = state.solve.result()?;
    let solution = &finished.solution;
    if finished.start != state.puzzle.board
        || finished.goal != state.puzzle.goal_board
        || solution.outcome != SolveOutcome::Solved
        || !solution.is_optimal()
    {
        return None;
    }
    Some(Known {
        distance: Distance::Known(solution.moves.len() as u32),
        hint: solution.moves.first().copied(),
        bounds: Bounds::default(),
        advice: Advice::Ask,
        shown: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A shortest answer for the board on screen (what the count worker sends).
    fn shortest_answer(state: &State) -> puzzle_core::Solution {
        puzzle_core::solve(
            &state.puzzle.board,
            &state.puzzle.goal_board,
            &puzzle_core::SolverConfig::best_for(state.shape()),
            &mut puzzle_core::Limits::default(),
        )
        .unwrap()
    }
    use crate::state::{
        reduce, Action, CoachAction, CoachOwn, ExactCount, PlayAction, PlaybackAction, PrefsAction,
        PuzzleAction, SolveAction, Told,
    };
    use puzzle_core::{Goal, Shape};

    /// The coach's worker's table answer for the board on screen, as the page receives it.
    fn table_answer(state: &State, id: u32) -> State {
        let (board, goal) = (&state.puzzle.board, &state.puzzle.goal_board);
        let crate::protocol::FromWorker::Distance {
            distance, first, ..
        } = crate::worker::distance(id, board, goal)
        else {
            panic!("no distance for {board:?}");
        };
        let asked = ExactCount {
            id,
            board: board.clone(),
            goal: goal.clone(),
            answer: None,
        };
        let action = Action::Coach(CoachAction::CountKnown(
            Box::new(asked),
            distance.map(|d| (d, first)),
        ));
        reduce(state, action).unwrap()
    }

    /// The cell of the tile the advice's move slides.
    fn hinted_cell(state: &State) -> usize {
        let Advice::Move { direction, .. } = known(state).advice else {
            panic!("no move: {:?}", known(state).advice);
        };
        let board = &state.puzzle.board;
        board.shape().neighbour(board.blank(), direction).unwrap()
    }

    /// A scrambled 5x5 (a 40-move walk) and a greedy answer of it (not proven shortest).
    fn five_with_answer() -> (State, Box<Solution>) {
        let goal = Goal::Standard.board(Shape::square(5).unwrap()).unwrap();
        let how = puzzle_core::generate::Scramble::Walk(40);
        let board = puzzle_core::generate::scramble_seeded(&goal, how, true, 11);
        let state = reduce(
            &State::default(),
            Action::Puzzle(PuzzleAction::Import(board.to_line())),
        )
        .unwrap();
        let config = puzzle_core::Method::search(puzzle_core::Algorithm::Greedy);
        let config = config.search_config().copied().unwrap();
        let solution =
            puzzle_core::solve(&board, &goal, &config, &mut puzzle_core::Limits::default())
                .unwrap();
        assert!(!solution.is_optimal() && !solution.moves.is_empty());
        (state, Box::new(solution))
    }

    use puzzle_core::Solution;

    /// 3x3: the table's move is the best one; a solved or unsolvable board says why not.
    #[test]
    fn on_3x3_the_hint_is_the_best_move_or_a_reason() {
        let state = reduce(
            &State::default(),
            Action::Puzzle(PuzzleAction::Import("1 2 3 4 5 6 0 7 8".into())),
        )
        .unwrap();
        // The table's answer is on its way: Hint waits for it when pressed.
        assert_eq!(known(&state).advice, Advice::Ask);
        let asked = reduce(&state, Action::Coach(CoachAction::AskHint)).unwrap();
        assert_eq!(known(&asked).advice, Advice::Finding);
        assert_eq!(
            hint_wanted(&asked),
            None,
            "the count answers, no short solve"
        );
        // The answer comes: the hint asked for shows by itself, counted in the game.
        let answered = table_answer(&asked, 1);
        assert_eq!(
            known(&answered).advice,
            Advice::Move {
                direction: Direction::Right,
                best: true,
                left: 2
            }
        );
        assert_eq!(answered.coach.hint, Some(7));
        assert_eq!(known(&answered).shown, Some(7));
        assert_eq!(answered.play.hints, 1);
        let solved = reduce(
            &State::default(),
            Action::Puzzle(PuzzleAction::Import("1 2 3 4 5 6 7 8 0".into())),
        )
        .unwrap();
        assert_eq!(known(&solved).advice, Advice::Not(NoHint::Solved));
        assert_eq!(reduce(&solved, Action::Coach(CoachAction::AskHint)), None);
        let stuck = reduce(
            &State::default(),
            Action::Puzzle(PuzzleAction::Import("2 1 3 4 5 6 7 8 0".into())),
        )
        .unwrap();
        assert_eq!(known(&stuck).advice, Advice::Not(NoHint::Unsolvable));
    }

    /// 5x5: no answer known, so Hint asks the coach's worker for a short solve; its answer is
    /// a good move (not proven), shows by itself, and serves the next boards along it at once.
    /// A solve that fails says so.
    #[test]
    fn on_5x5_a_short_solve_gives_a_good_move_and_the_next_ones() {
        let (state, solution) = five_with_answer();
        assert_eq!(known(&state).advice, Advice::Ask);
        let asked = reduce(&state, Action::Coach(CoachAction::AskHint)).unwrap();
        assert_eq!(known(&asked).advice, Advice::Finding);
        let (board, goal) = hint_wanted(&asked).expect("a short solve is wanted");
        assert_eq!(board, state.puzzle.board);
        let ToWorker::Improve(request) = hint_request(1, &board, &goal) else {
            panic!("the short solve never waits for tables");
        };
        assert_eq!(
            request.method,
            Method::Anytime {
                time_limit_ms: HINT_MS
            }
        );
        let sent = reduce(
            &asked,
            Action::Coach(CoachAction::Own(CoachOwn::HintStarted(1))),
        )
        .unwrap();
        assert_eq!(hint_wanted(&sent), None, "sent once");
        let failed = reduce(
            &sent,
            Action::Coach(CoachAction::Own(CoachOwn::CountFailed(1))),
        )
        .unwrap();
        assert_eq!(known(&failed).advice, Advice::Not(NoHint::NotFound));
        let length = solution.moves.len() as u32;
        let first = solution.moves[0];
        let answered = reduce(
            &sent,
            Action::Coach(CoachAction::Own(CoachOwn::CountSolved(1, solution.clone()))),
        )
        .unwrap();
        let here = known(&answered);
        assert_eq!(
            here.advice,
            Advice::Move {
                direction: first,
                best: false,
                left: length
            }
        );
        assert_eq!(answered.coach.hint, Some(hinted_cell(&answered)));
        assert_eq!(
            here.bounds.at_most,
            Some(length),
            "the answer tops the range"
        );
        // The hinted tile slides: the next hint is known at once, one move shorter.
        let moved = reduce(
            &answered,
            Action::Play(PlayAction::ClickCell(answered.coach.hint.unwrap())),
        )
        .unwrap();
        assert_eq!(moved.coach.hint, None);
        assert!(matches!(
            known(&moved).advice,
            Advice::Move { best: false, left, .. } if left == length - 1
        ));
        let again = reduce(
            &moved,
            Action::Coach(CoachAction::Own(CoachOwn::ShowHint(hinted_cell(&moved)))),
        )
        .unwrap();
        assert_eq!(again.play.hints, 2);
        // Back at the route's start its first move again; off the route, Hint asks anew.
        let back = reduce(&again, Action::Play(PlayAction::Undo)).unwrap();
        assert_eq!(back.puzzle.board, state.puzzle.board);
        assert_eq!(hinted_cell(&back), answered.coach.hint.unwrap());
        let board = &back.puzzle.board;
        let aside = board
            .legal_moves()
            .find(|&d| d != first)
            .and_then(|d| board.shape().neighbour(board.blank(), d))
            .unwrap();
        let off = reduce(&back, Action::Play(PlayAction::ClickCell(aside))).unwrap();
        assert_eq!(known(&off).advice, Advice::Ask);
    }

    /// 4x4 with the count on: a hint asked while it counts waits for it (no short solve).
    #[test]
    fn on_4x4_a_hint_asked_while_counting_waits_for_the_count() {
        let board = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15";
        let mut state = reduce(
            &State::default(),
            Action::Puzzle(PuzzleAction::Import(board.into())),
        )
        .unwrap();
        assert_eq!(
            known(&state).advice,
            Advice::Ask,
            "count off: a short solve"
        );
        assert!(
            hint_wanted(&reduce(&state, Action::Coach(CoachAction::AskHint)).unwrap()).is_some()
        );
        state = reduce(
            &state,
            Action::Coach(CoachAction::Own(CoachOwn::ToggleCount)),
        )
        .unwrap();
        state = reduce(&state, Action::Coach(CoachAction::CountStarted(1))).unwrap();
        state = reduce(&state, Action::Coach(CoachAction::AskHint)).unwrap();
        assert_eq!(known(&state).advice, Advice::Finding);
        assert_eq!(hint_wanted(&state), None);
        let solution = shortest_answer(&state);
        state = reduce(
            &state,
            Action::Coach(CoachAction::Own(CoachOwn::CountSolved(
                1,
                Box::new(solution),
            ))),
        )
        .unwrap();
        assert_eq!(
            state.coach.hint,
            Some(15),
            "the count's move shows by itself"
        );
        assert!(matches!(
            known(&state).advice,
            Advice::Move {
                best: true,
                left: 1,
                ..
            }
        ));
    }

    /// An answer playing: no hint (and why); paused, its next move (proven when the answer is).
    #[test]
    fn a_playing_answer_gives_no_hint_and_a_paused_one_its_next_move() {
        let (state, solution) = five_with_answer();
        let moves = solution.moves.clone();
        let mut state = reduce(&state, Action::Solve(SolveAction::Started(1))).unwrap();
        state = reduce(&state, Action::Solve(SolveAction::Solved(1, solution))).unwrap();
        assert_eq!(known(&state).advice, Advice::Not(NoHint::Playing));
        state = reduce(&state, Action::Playback(PlaybackAction::Pause)).unwrap();
        assert_eq!(
            known(&state).advice,
            Advice::Move {
                direction: moves[1],
                best: false,
                left: moves.len() as u32 - 1
            }
        );
        // Taking over from the answer: the game knows it began on a board the solver brought.
        let taken = reduce(
            &state,
            Action::Coach(CoachAction::Own(CoachOwn::ShowHint(hinted_cell(&state)))),
        )
        .unwrap();
        let taken = reduce(
            &taken,
            Action::Play(PlayAction::ClickCell(taken.coach.hint.unwrap())),
        )
        .unwrap();
        assert!(taken.playback.is_none() && taken.play.from_playback);
        assert_eq!(taken.play.moves(), 1);
    }

    /// A 3x3 won by following hints says how many and is no record; the same moves without
    /// hints are one, and the winning move can be undone.
    #[test]
    fn a_game_won_with_hints_is_no_record() {
        let start = State::new(Shape::square(3).unwrap(), Goal::Snail);
        let start = reduce(
            &start,
            Action::Puzzle(PuzzleAction::Import("6 1 7 3 0 4 5 8 2".into())),
        )
        .unwrap();
        let mut state = table_answer(&start, 1);
        let mut path = Vec::new();
        let mut id = 1;
        while !state.is_solved() {
            let cell = hinted_cell(&state);
            path.push(cell);
            state = reduce(
                &state,
                Action::Coach(CoachAction::Own(CoachOwn::ShowHint(cell))),
            )
            .unwrap();
            state = reduce(&state, Action::Play(PlayAction::ClickCell(cell))).unwrap();
            id += 1;
            if !state.is_solved() {
                state = table_answer(&state, id);
            }
        }
        let play = &state.play;
        assert_eq!(play.finished.map(|f| f.moves), Some(24));
        assert_eq!((play.hints, play.shortest), (24, Some(24)));
        assert_eq!(play.record(), None, "hints helped");
        // The same clicks without a hint: a record.
        let mut alone = table_answer(&start, 1);
        for &cell in &path {
            alone = reduce(&alone, Action::Play(PlayAction::ClickCell(cell))).unwrap();
        }
        assert!(alone.play.record().is_some());
        // Undo right after the win: the game goes on.
        let undone = reduce(&state, Action::Play(PlayAction::Undo)).unwrap();
        assert!(!undone.is_solved() && undone.play.finished.is_none());
        assert_eq!(undone.play.moves(), 23);
    }

    #[test]
    fn bigger_boards_use_the_live_answer_for_this_board_only() {
        let board: Board = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15".parse().unwrap();
        let mut state = reduce(
            &State::default(),
            Action::Puzzle(PuzzleAction::Import(board.to_line())),
        )
        .unwrap();
        assert!(count_size(16));
        assert_eq!(known(&state).distance, Distance::Off);
        state = reduce(
            &state,
            Action::Coach(CoachAction::Own(CoachOwn::ToggleCount)),
        )
        .unwrap();
        assert_eq!(known(&state).distance, Distance::Unknown);
        state = reduce(&state, Action::Coach(CoachAction::CountStarted(1))).unwrap();
        assert_eq!(known(&state).distance, Distance::Computing);
        let solution = shortest_answer(&state);
        state = reduce(
            &state,
            Action::Coach(CoachAction::Own(CoachOwn::CountSolved(
                1,
                Box::new(solution),
            ))),
        )
        .unwrap();
        let here = known(&state);
        assert_eq!(
            (here.distance, here.hint),
            (Distance::Known(1), Some(Direction::Right))
        );
        state = reduce(&state, Action::Play(PlayAction::MoveBlank(Direction::Left))).unwrap();
        assert_eq!(known(&state).distance, Distance::Unknown);
    }

    /// A greedy answer of a 5x5 gives the range's top (what is left of it on the board shown); the estimate its bottom; the answer
    /// playing back lowers the top step by step.
    #[test]
    fn the_range_runs_from_the_estimate_to_the_shortest_answer_known() {
        let goal = puzzle_core::Goal::Standard
            .board(puzzle_core::Shape::square(5).unwrap())
            .unwrap();
        let board = puzzle_core::generate::scramble_seeded(
            &goal,
            puzzle_core::generate::Scramble::Walk(40),
            true,
            7,
        );
        let mut state = reduce(
            &State::default(),
            Action::Puzzle(PuzzleAction::Import(board.to_line())),
        )
        .unwrap();
        let estimate = Heuristic::new(HeuristicKind::LinearConflict, &goal).estimate(&board);
        assert_eq!(
            bounds(&state),
            Bounds {
                at_least: estimate,
                at_most: None
            }
        );
        state = reduce(
            &state,
            Action::Prefs(PrefsAction::SetMethod(puzzle_core::Method::search(
                puzzle_core::Algorithm::Greedy,
            ))),
        )
        .unwrap();
        state = reduce(&state, Action::Solve(SolveAction::Started(1))).unwrap();
        let config = state.effective_method().search_config().copied().unwrap();
        let solution =
            puzzle_core::solve(&board, &goal, &config, &mut puzzle_core::Limits::default())
                .unwrap();
        let length = solution.moves.len() as u32;
        state = reduce(
            &state,
            Action::Solve(SolveAction::Solved(1, Box::new(solution))),
        )
        .unwrap();
        // The playback shows its first move at once: one move of the answer is behind.
        assert_eq!(state.playback.as_ref().map(|p| p.step), Some(1));
        assert_eq!(bounds(&state).at_most, Some(length - 1));
        state = reduce(
            &state,
            Action::Playback(crate::state::PlaybackAction::Seek(3)),
        )
        .unwrap();
        assert_eq!(bounds(&state).at_most, Some(length - 3));
    }

    /// "At least" is the largest bound the solve told for its start (the worker's tables, say,
    /// above linear conflict) on the start, and on the boards its answer plays through that
    /// bound less the moves played, where larger than the board's own estimate; an answer
    /// with a weaker bound, the final one too, never lowers it.
    #[test]
    fn at_least_is_the_solves_bound_less_the_moves_played() {
        let (state, answer) = five_with_answer();
        let (board, goal) = (state.puzzle.board.clone(), state.puzzle.goal_board.clone());
        let lc =
            |board: &Board| Heuristic::new(HeuristicKind::LinearConflict, &goal).estimate(board);
        let length = answer.moves.len() as u32;
        let told = lc(&board) + 2;
        assert!(told < length, "the bound told is below the answer's length");
        let apply = |state: &State, action| reduce(state, action).unwrap_or_else(|| state.clone());
        let mut state = apply(&state, Action::Solve(SolveAction::Started(1)));
        assert_eq!(bounds(&state).at_least, lc(&board));
        state = apply(
            &state,
            Action::Solve(SolveAction::Told(1, Told::Bound(told))),
        );
        assert_eq!(bounds(&state).at_least, told);
        // The answer (with linear conflict as its bound) plays at once, watched.
        let weak = Box::new(Solution {
            lower_bound: Some(lc(&board)),
            method: state.effective_method(),
            ..*answer
        });
        state = apply(
            &state,
            Action::Solve(SolveAction::Improved(1, weak.clone())),
        );
        for step in [1, 2, 5] {
            state = apply(&state, Action::Playback(PlaybackAction::Seek(step)));
            let here = &state.puzzle.board;
            let expected = lc(here).max(told - step as u32);
            assert_eq!(bounds(&state).at_least, expected, "at move {step}");
        }
        // The final answer with the weaker bound: still the larger, on the start too.
        state = apply(&state, Action::Solve(SolveAction::Solved(1, weak)));
        let result = state.solve.result().unwrap();
        assert_eq!(result.solution.lower_bound, Some(told));
        state = apply(&state, Action::Playback(PlaybackAction::Seek(0)));
        assert_eq!(state.puzzle.board, board);
        assert_eq!(bounds(&state).at_least, told);
    }
}
