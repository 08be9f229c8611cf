//! The lesson slice: "Show me how" and "Your turn". The method people are taught
//! (`puzzle_core::taught`, computed in the lesson's worker) plays on the board phase by phase,
//! pausing at the end of each, with Back and Next phase; at any point the person can take
//! over ("Your turn", or simply a tile moved), and the page then follows their hand game:
//! the phase whose tiles are not all home yet is the one to play, and the lesson moves on by
//! itself when they are. A phase's targets do not depend on the board (the method takes the
//! lines in an order fixed by the size and the goal), so the phases of the method's answer
//! name the targets of the person's game too.
//!
//! The transitions live here, beside the state: the top-level reducer hands this module the
//! lesson's actions ([`route`]), playback's moves ([`follow_playback`]), the hand moves
//! ([`after_hand_move`]) and, after every action, the rule that a lesson belongs to the board
//! on screen ([`keep`]).

use puzzle_core::taught::Phase;
use puzzle_core::{Board, Direction};

use super::{CoachChange, CoachOwn, Playback, PlaybackAction, PuzzleChange, State};

/// A lesson in progress.
#[derive(Clone, Debug, PartialEq)]
pub struct Lesson {
    /// The board the method started from.
    pub start: Board,
    /// The goal.
    pub goal: Board,
    /// The method's phases from `start` (their moves, one after another, solve it).
    pub phases: Vec<Phase>,
    /// The phase shown while the method plays (the person's is [`Turn::phase`]).
    pub phase: usize,
    /// The person's turn, once they took over.
    pub turn: Option<Turn>,
}

/// The person playing the method by hand.
#[derive(Clone, Debug, PartialEq)]
pub struct Turn {
    /// The board they took over on (their hand game's start).
    pub from: Board,
    /// The phase they took over in.
    pub first: usize,
    /// The method's moves from that board to the goal (the rest of its answer).
    pub method_moves: usize,
    /// The phase to play now: the first whose tiles are not all home
    /// (`phases.len()`: every tile is home).
    pub phase: usize,
}

/// What the page says to the lesson.
#[derive(Clone, Debug, PartialEq)]
pub enum LessonAction {
    /// The lesson's worker gave the method's phases for `board` toward `goal`: the lesson
    /// starts there and plays its first phase (ignored if the board on screen is another).
    Taught {
        /// The board asked about.
        board: Board,
        /// Its goal.
        goal: Board,
        /// The phases.
        phases: Vec<Phase>,
    },
    /// The phase before (or the start of this one, if it has begun), paused.
    Back,
    /// The end of this phase, or, at its end, the next phase plays.
    Next,
    /// The person plays the phase on screen by hand.
    YourTurn,
    /// The method's next move from `board` (the first move of its answer from there): shown
    /// as the hint if `board` is still on screen.
    Hint {
        /// The board asked about.
        board: Board,
        /// Its goal.
        goal: Board,
        /// The move of the blank.
        direction: Direction,
    },
    /// The lesson ends (the board stays as it is).
    Close,
}

impl Lesson {
    /// The step of the answer where phase `index` starts.
    pub fn start_of(&self, index: usize) -> usize {
        self.phases[..index.min(self.phases.len())]
            .iter()
            .map(|p| p.moves.len())
            .sum()
    }

    /// The step of the answer where phase `index` ends.
    pub fn end_of(&self, index: usize) -> usize {
        self.start_of(index + 1)
    }

    /// Every move of the method's answer.
    pub fn moves(&self) -> Vec<puzzle_core::Direction> {
        self.phases
            .iter()
            .flat_map(|p| p.moves.iter().copied())
            .collect()
    }

    /// The phase a playback step shows: the first with moves that ends at or after it (at a
    /// phase's last step, that phase, done).
    pub fn phase_at(&self, step: usize) -> usize {
        let last = self.phases.len().saturating_sub(1);
        (0..self.phases.len())
            .find(|&i| !self.phases[i].moves.is_empty() && self.end_of(i) >= step)
            .unwrap_or(last)
    }

    /// The next phase after `index` that has moves (`None`: none left).
    fn next_with_moves(&self, index: usize) -> Option<usize> {
        (index + 1..self.phases.len()).find(|&i| !self.phases[i].moves.is_empty())
    }

    /// The phase before `index` that has moves.
    fn before_with_moves(&self, index: usize) -> Option<usize> {
        (0..index).rev().find(|&i| !self.phases[i].moves.is_empty())
    }

    /// Whether playback of this lesson is what `playback` plays.
    fn plays_in(&self, playback: &Playback) -> bool {
        playback.start == self.start && playback.moves == self.moves()
    }

    /// The phase the person must play on `board`: the first with a tile not home
    /// (`phases.len()` when every tile is home).
    pub fn phase_to_play(&self, board: &Board) -> usize {
        self.phases
            .iter()
            .position(|p| {
                p.tiles
                    .iter()
                    .zip(&p.cells)
                    .any(|(&tile, &cell)| board.tile(cell) != tile)
            })
            .unwrap_or(self.phases.len())
    }

    /// The phase on screen: the person's in their turn, else the playback's.
    pub fn shown(&self) -> usize {
        self.turn.as_ref().map_or(self.phase, |t| t.phase)
    }

    /// The tiles to mark on the board: the phase on screen's (none once all are home).
    pub fn targets(&self) -> Vec<u8> {
        self.phases
            .get(self.shown())
            .map(|p| p.tiles.clone())
            .unwrap_or_default()
    }
}

/// The lesson's own actions.
pub fn route(state: &State, action: LessonAction) -> Option<State> {
    let mut next = state.clone();
    match action {
        LessonAction::Taught {
            board,
            goal,
            phases,
        } => {
            if !on_screen(state, &board, &goal) {
                return None;
            }
            let mut lesson = Lesson {
                start: board.clone(),
                goal,
                phases,
                phase: 0,
                turn: None,
            };
            lesson.phase = lesson.phase_at(0);
            next.lesson = Some(lesson.clone());
            let moves = lesson.moves();
            if moves.is_empty() {
                return Some(next);
            }
            let mut playback = Playback::new(board, moves);
            // Paced a phase at a time: each plays at the chosen speed while the longest fits
            // the time a whole answer gets (a big board's lesson is hundreds of moves, which
            // would otherwise fly by several a tick).
            playback.span = lesson
                .phases
                .iter()
                .map(|p| p.moves.len())
                .max()
                .unwrap_or(1);
            // The first phase may be a single move long: it pauses at its end.
            stop_at_phase_end(&lesson, &mut playback);
            next.puzzle_do(PuzzleChange::Show(playback.board()));
            next.playback = Some(playback);
            next.notice = None;
        }
        LessonAction::Back => {
            let (lesson, playback) = watching(state)?;
            let start = lesson.start_of(lesson.phase);
            let phase = if playback.step > start {
                lesson.phase
            } else {
                lesson.before_with_moves(lesson.phase)?
            };
            seek(&mut next, phase, lesson.start_of(phase))?;
        }
        LessonAction::Next => {
            let (lesson, playback) = watching(state)?;
            let end = lesson.end_of(lesson.phase);
            if playback.step < end {
                seek(&mut next, lesson.phase, end)?;
            } else {
                let mut lesson = lesson.clone();
                lesson.phase = lesson.next_with_moves(lesson.phase)?;
                let mut playing = playback.reduce(PlaybackAction::Play)?;
                stop_at_phase_end(&lesson, &mut playing);
                next.puzzle_do(PuzzleChange::Show(playing.board()));
                next.playback = Some(playing);
                next.lesson = Some(lesson);
            }
        }
        LessonAction::YourTurn => {
            let lesson = state.lesson.as_ref()?;
            if lesson.turn.is_some() {
                return None;
            }
            next.playback = None;
            next.lesson = Some(taken_over(lesson, state));
        }
        LessonAction::Hint {
            board,
            goal,
            direction,
        } => {
            if !on_screen(state, &board, &goal) {
                return None;
            }
            let cell = board.shape().neighbour(board.blank(), direction)?;
            next.coach = state
                .coach
                .reduce(CoachChange::Own(CoachOwn::ShowHint(cell)))?;
        }
        LessonAction::Close => {
            next.lesson = None;
            if let (Some(lesson), Some(playback)) = (&state.lesson, &state.playback) {
                if lesson.plays_in(playback) {
                    next.playback = None;
                }
            }
        }
    }
    Some(next)
}

/// The lesson while the method plays (not the person's turn), and its playback.
fn watching(state: &State) -> Option<(&Lesson, &Playback)> {
    let lesson = state.lesson.as_ref().filter(|l| l.turn.is_none())?;
    let playback = state.playback.as_ref().filter(|p| lesson.plays_in(p))?;
    Some((lesson, playback))
}

/// Whether `board` and `goal` are the ones on screen (a worker's answer may come late).
fn on_screen(state: &State, board: &Board, goal: &Board) -> bool {
    state.puzzle.board == *board && state.puzzle.goal_board == *goal
}

/// `playback` paused at `step` (a seek always pauses).
fn paused_at(playback: &Playback, step: usize) -> Playback {
    playback
        .reduce(PlaybackAction::Seek(step))
        .unwrap_or_else(|| playback.clone())
}

/// Shows phase `phase` with the playback paused at `step`.
fn seek(next: &mut State, phase: usize, step: usize) -> Option<()> {
    let moved = paused_at(next.playback.as_ref()?, step);
    next.puzzle_do(PuzzleChange::Show(moved.board()));
    next.playback = Some(moved);
    next.lesson.as_mut()?.phase = phase;
    Some(())
}

/// `lesson` with the person's turn begun on the board on screen of `state`.
fn taken_over(lesson: &Lesson, state: &State) -> Lesson {
    let board = &state.puzzle.board;
    let step = state
        .playback
        .as_ref()
        .filter(|p| lesson.plays_in(p))
        .map_or(0, |p| p.step);
    let method_moves = lesson.moves().len().saturating_sub(step);
    let phase = lesson.phase_to_play(board);
    Lesson {
        turn: Some(Turn {
            from: board.clone(),
            first: phase,
            method_moves,
            phase,
        }),
        ..lesson.clone()
    }
}

/// Pauses `playback` at the end of the lesson's phase if it went past it (and goes on from
/// that end when it was already there: the person pressed Play to go on).
fn stop_at_phase_end(lesson: &Lesson, playback: &mut Playback) {
    let end = lesson.end_of(lesson.phase);
    if playback.step >= end && end < playback.moves.len() {
        *playback = paused_at(playback, end);
    }
}

/// The playback `next` after `action` of the page's playback controls, seen by the lesson it
/// plays: a tick stops at the end of the phase on screen (and one from that end goes on with
/// the next phase); any other control shows the phase of the step it went to.
pub fn follow_playback(state: &State, next: &mut State, action: PlaybackAction) {
    let Some((lesson, before)) = watching(state) else {
        return;
    };
    let Some(mut playback) = next.playback.clone() else {
        return;
    };
    let mut lesson = lesson.clone();
    if action == PlaybackAction::Tick {
        if before.step >= lesson.end_of(lesson.phase) {
            lesson.phase = lesson.next_with_moves(lesson.phase).unwrap_or(lesson.phase);
        }
        stop_at_phase_end(&lesson, &mut playback);
    } else {
        lesson.phase = lesson.phase_at(playback.step);
    }
    next.puzzle_do(PuzzleChange::Show(playback.board()));
    next.playback = Some(playback);
    next.lesson = Some(lesson);
}

/// The lesson after a hand move, an undo or a redo that left `next`: a tile moved while the
/// method plays is the person taking over; in their turn, the phase to play follows the board.
pub fn after_hand_move(state: &State, next: &mut State) {
    let Some(lesson) = state.lesson.as_ref() else {
        return;
    };
    let mut lesson = match lesson.turn {
        Some(_) => lesson.clone(),
        None => taken_over(lesson, state),
    };
    let phase = lesson.phase_to_play(&next.puzzle.board);
    if let Some(turn) = lesson.turn.as_mut() {
        turn.phase = phase;
    }
    if state.lesson.as_ref().is_some_and(|l| l.turn.is_none()) {
        // Taking over is no surprise: no "playback stopped" notice.
        next.notice = None;
    }
    next.lesson = Some(lesson);
}

/// The rule that a lesson belongs to the board on screen, checked after every action: the
/// method's lesson lasts while its playback plays, the person's turn while their hand game
/// (started on the board they took over on) goes on toward the same goal.
pub fn keep(next: &mut State) {
    let Some(lesson) = next.lesson.as_ref() else {
        return;
    };
    let belongs = lesson.goal == next.puzzle.goal_board
        && match &lesson.turn {
            Some(turn) => next.play.start == turn.from,
            None => next.playback.as_ref().is_some_and(|p| lesson.plays_in(p)),
        };
    if !belongs {
        next.lesson = None;
    }
}

#[cfg(test)]
mod tests;
