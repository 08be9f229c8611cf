//! Watching a solve at once: the first answer plays while the solver shortens the moves not
//! yet played. Pure, shared by the page and the worker, tested natively.
//!
//! The flow of one watched solve:
//! 1. the page plays the first answer that comes (an exact method's only after
//!    [`EXACT_GRACE_MS`], so that a shortest answer found by then plays from its first move);
//! 2. the page reports where its playback is ([`Playhead`]: the moves it plays and the step
//!    reached) whenever that changes;
//! 3. the worker improves the rest in rounds ([`round_ms`]), each from the board
//!    [`commit_point`] moves into the page's answer: past where the playback will be when the
//!    round ends, so every answer it posts starts with the moves the page has played;
//! 4. the page splices each answer in ([`fits`]): the moves played stay as played, the rest is
//!    the shorter one.
//!
//! An answer that comes too late for the playback (the person sped it up or jumped ahead)
//! does not fit and is dropped; the worker's next round starts from the page's answer again.

use puzzle_core::Direction;
use serde::{Deserialize, Serialize};

/// How long the page waits for an exact method's answer before it plays the best answer so
/// far (a 4x4 with its tables in hand is solved within it; the first tile still moves within
/// a second of Solve).
pub const EXACT_GRACE_MS: u32 = 800;

/// Moves of slack past the step the playback is predicted to reach.
pub const SAFETY_MOVES: usize = 2;

/// Milliseconds of slack on top of a round: the answer's way to the page and its next render.
pub const SLACK_MS: f64 = 300.0;

/// The first round's length; each next round is twice as long (the moves committed early come
/// from short rounds, so they are few; the later, longer rounds improve most of the answer).
pub const FIRST_ROUND_MS: f64 = 500.0;

/// Where the page's playback is, as the page reports it to the worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Playhead {
    /// The moves of the blank the page plays, from the solve's start.
    pub moves: Vec<Direction>,
    /// Moves played so far.
    pub step: usize,
    /// Milliseconds between two moves at the chosen speed.
    pub ms_per_move: u32,
}

/// The number of moves of an answer of `len` moves that stay as they are for a round: the
/// playback was at `step` `since_ms` ago and may play on at `ms_per_move` (even when paused:
/// it may resume) for the `round_ms` the round lasts. The round improves the moves after them.
pub fn commit_point(
    step: usize,
    ms_per_move: u32,
    since_ms: f64,
    round_ms: f64,
    len: usize,
) -> usize {
    let ms = (since_ms.max(0.0) + round_ms.max(0.0) + SLACK_MS) / f64::from(ms_per_move.max(1));
    (step + ms.ceil() as usize + SAFETY_MOVES).min(len)
}

/// How long round `round` (0 first) lasts with `left_ms` of the budget left: doubling from
/// [`FIRST_ROUND_MS`]; a round that would leave less than half a round takes all that is left.
pub fn round_ms(round: u32, left_ms: f64) -> f64 {
    let ms = FIRST_ROUND_MS * 2f64.powi(round.min(20) as i32);
    if left_ms < ms * 1.5 {
        left_ms.max(0.0)
    } else {
        ms
    }
}

/// Whether `answer` can replace the `playing` moves at `step`: it is shorter and starts with
/// the moves played so far.
pub fn fits(playing: &[Direction], step: usize, answer: &[Direction]) -> bool {
    answer.len() < playing.len()
        && step <= playing.len()
        && answer.len() >= step
        && answer[..step] == playing[..step]
}

/// The answer made of the first `at` moves of `answer` and then `rest`.
pub fn splice(answer: &[Direction], at: usize, rest: &[Direction]) -> Vec<Direction> {
    answer[..at.min(answer.len())]
        .iter()
        .chain(rest)
        .copied()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use Direction::{Down as D, Left as L, Right as R, Up as U};

    #[test]
    fn the_commit_point_is_past_where_the_playback_will_be() {
        // 350 ms a move, reported at step 4 just now, a round of 1 s: 1.3 s is 4 moves ahead.
        assert_eq!(commit_point(4, 350, 0.0, 1000.0, 100), 4 + 4 + SAFETY_MOVES);
        // Time since the report counts too, and the answer's end caps it.
        assert_eq!(
            commit_point(4, 350, 700.0, 1000.0, 100),
            4 + 6 + SAFETY_MOVES
        );
        assert_eq!(commit_point(95, 350, 0.0, 10_000.0, 100), 100);
        // A fast playback commits more.
        assert!(commit_point(0, 30, 0.0, 1000.0, 1000) > 40);
    }

    #[test]
    fn rounds_double_and_the_last_takes_what_is_left() {
        assert_eq!(round_ms(0, 15_000.0), 500.0);
        assert_eq!(round_ms(1, 14_000.0), 1000.0);
        assert_eq!(round_ms(3, 9_000.0), 4000.0);
        // 4 s would leave 2 s (half a round): the round takes all 6 s.
        assert_eq!(round_ms(3, 5_900.0), 5_900.0);
        assert_eq!(round_ms(0, -5.0), 0.0);
    }

    #[test]
    fn only_a_shorter_answer_that_keeps_the_moves_played_fits() {
        let playing = [U, L, D, R, U, L];
        assert!(fits(&playing, 2, &[U, L, L, U]));
        assert!(
            !fits(&playing, 3, &[U, L, L, U]),
            "the third move was played"
        );
        assert!(!fits(&playing, 0, &playing), "not shorter");
        assert!(fits(&playing, 0, &[R]));
        assert!(!fits(&playing, 7, &[U]), "a step past the end");
        assert_eq!(splice(&playing, 2, &[R, R]), vec![U, L, R, R]);
        assert_eq!(splice(&playing, 9, &[R]), vec![U, L, D, R, U, L, R]);
    }
}
