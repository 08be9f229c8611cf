//! The playback slice: a solution being played back on the board. The board on screen follows
//! [`Playback::board`]; the top-level reducer copies it into the puzzle. [`pace`] sets how
//! fast an answer of a given length plays at a chosen speed.

use super::{PuzzleChange, State};
use puzzle_core::{Board, Direction};

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
    /// The moves its pace is set for ([`pace`]): the whole answer, or what was left to play
    /// when the watched solve that improved it ended ([`Playback::paced_from_here`]).
    pub span: usize,
    /// How long those moves may take at Normal ([`REST_MS`] for a whole answer; less for the
    /// rest of a watched answer whose search played a long while).
    pub span_ms: f64,
}

/// What changes playback.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlaybackAction {
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
    /// The playback timer fired: the next move plays (or the next few, at the pace of a long
    /// answer: see [`pace`]).
    Tick,
    /// Jumps to the last move (pauses).
    SkipToEnd,
}

/// How long the moves a playback is paced for ([`Playback::span`]) take at "Normal" (the
/// default speed, [`NORMAL_MS`] a move) when they would take longer at Normal's pace: they
/// then play faster, so that they end in about this time; the other speeds scale it (Slow
/// twice as long, Fast 150/350 of it, ...). A watched solve plays at the chosen speed while
/// its search runs (15 s by default: the search needs the moves not yet played to shorten
/// them), and its rest in this time once it ends: about 35-40 s in all on every size.
pub const REST_MS: f64 = 22_000.0;

/// How long a whole watched answer should take at Normal: its search time at the chosen
/// speed, then the rest faster ([`Playback::paced_from_here`]).
pub const WATCHED_MS: f64 = 34_000.0;

/// The least time the rest of a watched answer gets at Normal, however long its search ran.
pub const MIN_REST_MS: f64 = 6_000.0;

/// The delay between moves of "Normal", the speed the others are measured against.
pub const NORMAL_MS: u32 = 350;

/// The shortest delay between two playback ticks: a faster pace plays several moves a tick.
pub const MIN_TICK_MS: u32 = 25;

/// How playback moves at a speed for an answer of a given length (see [`pace`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pace {
    /// Milliseconds between two ticks of the timer.
    pub tick_ms: u32,
    /// Moves each tick plays (more than one only where a move a tick would be too fast to see).
    pub moves_per_tick: usize,
}

impl Pace {
    /// Milliseconds a move takes on average (at least 1), as the worker's playhead needs it.
    pub fn ms_per_move(self) -> u32 {
        (self.tick_ms / self.moves_per_tick.max(1) as u32).max(1)
    }

    /// How long a tile takes to slide: a little less than a tick, so that at most one tile is
    /// in flight at a time; 0 (the tiles jump) where several moves play a tick or a slide
    /// would be too short to see.
    pub fn slide_ms(self) -> u32 {
        let slide = (f64::from(self.tick_ms) * 0.7).min(220.0).round() as u32;
        if self.moves_per_tick > 1 || slide < 20 {
            0
        } else {
            slide
        }
    }
}

/// The pace of `moves` moves at the chosen speed (`speed_ms` a move, as the Speed menu
/// offers): that speed while they fit in its share of [`REST_MS`]; more moves play faster, so
/// that they end in that time (22 s at Normal on every board size), ticking no faster than
/// [`MIN_TICK_MS`] (several moves a tick beyond that).
pub fn pace(speed_ms: u32, moves: usize) -> Pace {
    pace_within(speed_ms, moves, REST_MS)
}

/// [`pace`] for `moves` that may take `within_ms` at Normal (scaled for the other speeds).
pub fn pace_within(speed_ms: u32, moves: usize, within_ms: f64) -> Pace {
    let speed_ms = speed_ms.max(1);
    let answer_ms = within_ms * f64::from(speed_ms) / f64::from(NORMAL_MS);
    let per_move = answer_ms / moves.max(1) as f64;
    if per_move >= f64::from(speed_ms) {
        return Pace {
            tick_ms: speed_ms,
            moves_per_tick: 1,
        };
    }
    let moves_per_tick = (f64::from(MIN_TICK_MS) / per_move).ceil().max(1.0) as usize;
    Pace {
        tick_ms: ((per_move * moves_per_tick as f64).round() as u32).max(MIN_TICK_MS.min(speed_ms)),
        moves_per_tick,
    }
}

impl Playback {
    /// Plays `moves` from `start`, showing the first move at once (the timer plays the rest).
    pub fn new(start: Board, moves: Vec<Direction>) -> Playback {
        let playback = Playback {
            start,
            span: moves.len(),
            span_ms: REST_MS,
            moves,
            step: 0,
            playing: true,
        };
        playback.seek(1, false).unwrap_or(playback)
    }

    /// This playback with `moves` in place of its own, where they keep the moves played so far
    /// and are shorter ([`crate::ahead::fits`]): same step, same board; `None` otherwise.
    pub fn spliced(&self, moves: &[Direction]) -> Option<Playback> {
        crate::ahead::fits(&self.moves, self.step, moves).then(|| Playback {
            moves: moves.to_vec(),
            ..self.clone()
        })
    }

    /// This playback paced for the moves it has left to play, when the watched solve that
    /// played them at the chosen speed ended: the whole answer should take about
    /// [`WATCHED_MS`] at Normal, so the rest gets what the moves played (at Normal's pace) left
    /// of it, between [`MIN_REST_MS`] and [`REST_MS`].
    pub fn paced_from_here(&self) -> Playback {
        let played_ms = self.step as f64 * f64::from(NORMAL_MS);
        Playback {
            span: self.moves.len().saturating_sub(self.step),
            span_ms: (WATCHED_MS - played_ms).clamp(MIN_REST_MS, REST_MS),
            ..self.clone()
        }
    }

    /// Whether every move has been applied.
    pub fn at_end(&self) -> bool {
        self.step >= self.moves.len()
    }

    /// The board after the moves played so far.
    pub fn board(&self) -> Board {
        self.start
            .after(&self.moves[..self.step])
            .expect("seek keeps only steps the moves reach")
    }

    /// Playback at `step` (clamped), paused if `pause` or at the end; `None` if the moves do
    /// not apply to the start (they always do for a solver's answer).
    fn seek(&self, step: usize, pause: bool) -> Option<Playback> {
        let step = step.min(self.moves.len());
        self.start.after(&self.moves[..step]).ok()?;
        let mut next = self.clone();
        next.step = step;
        if pause || next.at_end() {
            next.playing = false;
        }
        Some(next)
    }

    /// The timer fired: `moves` more moves play (at most to the end); `None` while paused.
    pub fn tick(&self, moves: usize) -> Option<Playback> {
        if !self.playing {
            return None;
        }
        Some(
            self.seek(self.step + moves.max(1), false)
                .unwrap_or_else(|| self.clone()),
        )
    }

    /// The next playback, or `None` when the action changes nothing (Tick while paused, Play
    /// while playing).
    pub fn reduce(&self, action: PlaybackAction) -> Option<Playback> {
        let moved = match action {
            PlaybackAction::Play => {
                if self.playing {
                    return None;
                }
                let from = if self.at_end() { 0 } else { self.step };
                let playing = Playback {
                    playing: true,
                    ..self.clone()
                };
                playing.seek(from + 1, false)
            }
            PlaybackAction::Pause => {
                if !self.playing {
                    return None;
                }
                Some(Playback {
                    playing: false,
                    ..self.clone()
                })
            }
            PlaybackAction::StepForward => self.seek(self.step + 1, true),
            PlaybackAction::StepBack => self.seek(self.step.saturating_sub(1), true),
            PlaybackAction::Restart => self.seek(0, true),
            PlaybackAction::Seek(step) => self.seek(step, true),
            PlaybackAction::Tick => return self.tick(1),
            PlaybackAction::SkipToEnd => self.seek(self.moves.len(), true),
        };
        // A step the moves do not reach leaves playback as it was (but still answered).
        Some(moved.unwrap_or_else(|| self.clone()))
    }
}

/// Playback, whose board the puzzle shows.
pub(super) fn route(state: &State, action: PlaybackAction) -> Option<State> {
    let mut next = state.clone();
    let playback = state.playback.as_ref()?;
    let playback = match action {
        PlaybackAction::Tick => playback.tick(state.pace().moves_per_tick)?,
        _ => playback.reduce(action)?,
    };
    next.puzzle_do(PuzzleChange::Show(playback.board()));
    next.playback = Some(playback);
    Some(next)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::check::check;
    use Direction::{Down as D, Left as L, Right as R, Up as U};
    use PlaybackAction as A;

    fn start() -> Playback {
        Playback::new("1 2 3 4 5 6 7 8 0".parse().unwrap(), vec![U, L, L])
    }

    #[test]
    fn ticks_play_to_the_end_and_stop() {
        assert_eq!((start().step, start().playing), (1, true));
        let end = check(Playback::reduce, &start(), vec![A::Tick; 5], |p| {
            assert_eq!(p.step, 3);
            assert!(!p.playing);
            assert_eq!(p.board(), "1 2 3 0 4 5 7 8 6".parse().unwrap());
        });
        assert_eq!(end.reduce(A::Tick), None);
        check(Playback::reduce, &end, vec![A::Play], |p| {
            assert_eq!((p.step, p.playing), (1, true))
        });
    }

    /// Short answers keep the chosen speed; long ones end in about half a minute at Normal on
    /// every size, never tick faster than the floor, and their tiles never slide for longer
    /// than a tick (at most one in flight).
    #[test]
    fn long_answers_play_in_about_half_a_minute() {
        assert_eq!(
            pace(NORMAL_MS, 22),
            Pace {
                tick_ms: 350,
                moves_per_tick: 1
            }
        );
        assert_eq!(pace(700, 40).tick_ms, 700);
        for moves in [50, 86, 100, 150, 300, 659, 1_500, 5_000, 40_000] {
            for (speed, share) in [
                (700, 2.0),
                (350, 1.0),
                (150, 150.0 / 350.0),
                (50, 50.0 / 350.0),
            ] {
                let p = pace(speed, moves);
                let total = f64::from(p.tick_ms) * (moves as f64 / p.moves_per_tick as f64).ceil();
                let at_speed = f64::from(speed) * moves as f64;
                let target = REST_MS * share;
                assert!(
                    total <= at_speed + 1.0,
                    "{moves} at {speed}: never slower than chosen"
                );
                if at_speed > target {
                    let off = (total - target).abs() / target;
                    assert!(off < 0.1, "{moves} at {speed}: {total} ms, not ~{target}");
                }
                assert!(
                    p.tick_ms >= MIN_TICK_MS.min(speed),
                    "{moves} at {speed}: {p:?}"
                );
                assert!(p.slide_ms() < p.tick_ms, "{moves} at {speed}: {p:?}");
                assert!(p.ms_per_move() >= 1);
            }
        }
    }

    #[test]
    fn a_tick_plays_the_pace_s_moves_and_skip_ends() {
        let playback = Playback::new("1 2 3 4 5 6 7 8 0".parse().unwrap(), vec![U, L, L, D, R]);
        assert_eq!(playback.tick(3).unwrap().step, 4);
        assert_eq!(playback.tick(30).unwrap().step, 5);
        let end = playback.reduce(A::SkipToEnd).unwrap();
        assert_eq!((end.step, end.playing), (5, false));
        assert_eq!(end.tick(2), None, "paused");
    }

    #[test]
    fn a_splice_keeps_the_moves_played_and_the_step() {
        // At step 1 (U played): a shorter answer starting with U fits, one without does not.
        let start = start();
        let rest = vec![U];
        let spliced = start.spliced(&rest).expect("shorter, keeps the first move");
        assert_eq!((spliced.step, spliced.moves.clone()), (1, rest));
        assert_eq!(spliced.board(), start.board());
        assert_eq!(start.spliced(&[L]), None, "another first move");
        assert_eq!(start.spliced(&start.moves), None, "not shorter");
    }

    #[test]
    fn stepping_and_seeking_pause() {
        check(
            Playback::reduce,
            &start(),
            vec![A::StepForward, A::StepBack, A::StepBack, A::StepBack],
            |p| assert_eq!((p.step, p.playing), (0, false)),
        );
        check(Playback::reduce, &start(), vec![A::Seek(99)], |p| {
            assert_eq!(p.step, 3)
        });
        check(
            Playback::reduce,
            &start(),
            vec![A::Pause, A::Restart],
            |p| assert_eq!(p.board(), p.start),
        );
        let paused = start().reduce(A::Pause).unwrap();
        assert_eq!(paused.reduce(A::Pause), None);
    }
}
