//! The playback slice: a solution being played back on the board. The board on screen follows
//! [`Playback::board`]; the top-level reducer copies it into the puzzle.

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
    /// The playback timer fired.
    Tick,
}

impl Playback {
    /// Plays `moves` from `start`, showing the first move at once (the timer plays the rest).
    pub fn new(start: Board, moves: Vec<Direction>) -> Playback {
        let playback = Playback {
            start,
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
            PlaybackAction::Tick => {
                if !self.playing {
                    return None;
                }
                self.seek(self.step + 1, false)
            }
        };
        // A step the moves do not reach leaves playback as it was (but still answered).
        Some(moved.unwrap_or_else(|| self.clone()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::check::check;
    use Direction::{Left as L, Up as U};
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
