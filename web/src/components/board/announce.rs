//! What the board's polite live region says: which tiles a hand move slid and which way, the
//! playback position (at most one update a second, so fast playback does not flood a screen
//! reader), and "Solved". Pure, so it is unit-tested natively.

use puzzle_core::{Board, Direction};

/// Shortest gap between two playback announcements, in milliseconds.
pub const PLAYBACK_GAP_MS: f64 = 1000.0;

/// The sentence for one slide from `before` to `after` ("tile 5 moved left", "tiles 4 and 5
/// moved right"), or `None` when the boards are not one slide apart (a scramble, an edit, a
/// jump in the playback).
pub fn describe_move(before: &Board, after: &Board) -> Option<String> {
    if before.shape() != after.shape() || before == after {
        return None;
    }
    let shape = after.shape();
    let mut moved = Vec::new();
    let mut way = None;
    for (cell, &tile) in after.cells().iter().enumerate() {
        let from = before.position_of(tile)?;
        if tile == 0 || from == cell {
            continue;
        }
        // Every tile of one slide moves one cell, all the same way.
        let direction = shape.direction_between(from, cell)?;
        if way.is_some_and(|w| w != direction) {
            return None;
        }
        way = Some(direction);
        moved.push(tile);
    }
    let word = match way? {
        Direction::Up => "up",
        Direction::Down => "down",
        Direction::Left => "left",
        Direction::Right => "right",
    };
    Some(format!("{} moved {word}", tile_list(&moved)))
}

/// "tile 5", "tiles 4 and 5", "tiles 3, 4 and 5".
fn tile_list(tiles: &[u8]) -> String {
    match tiles {
        [one] => format!("tile {one}"),
        [rest @ .., last] => {
            let rest: Vec<String> = rest.iter().map(u8::to_string).collect();
            format!("tiles {} and {last}", rest.join(", "))
        }
        [] => "no tile".into(),
    }
}

/// The playback position: "moved 3 of 24", or "start, 24 moves" back at the start.
pub fn describe_step(step: usize, total: usize) -> String {
    if step == 0 {
        format!("start, {total} moves")
    } else {
        format!("moved {step} of {total}")
    }
}

/// What the live region says after the board changed, if anything new.
#[derive(Debug, Default)]
pub struct Announcer {
    /// The current text.
    text: String,
    /// When the last playback position was announced (milliseconds, the caller's clock).
    last_step_ms: Option<f64>,
    /// Flips on every new text, so that the same sentence twice in a row is still a change.
    parity: bool,
}

impl Announcer {
    /// The text to show now.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Takes a change of the board from `before` to `after` (`goal` says whether it is solved)
    /// at `now_ms`; `step` is the playback position (step, total) when it changed with it.
    /// Returns whether the text changed. Playback positions are announced at most every
    /// [`PLAYBACK_GAP_MS`], except the first and last step and a solved board.
    pub fn board_changed(
        &mut self,
        before: &Board,
        after: &Board,
        goal: &Board,
        step: Option<(usize, usize)>,
        now_ms: f64,
    ) -> bool {
        let solved = after == goal;
        let sentence = match step {
            Some((step, total)) => {
                let edge = step == 0 || step == total || solved;
                let recent = self
                    .last_step_ms
                    .is_some_and(|last| now_ms - last < PLAYBACK_GAP_MS);
                if recent && !edge {
                    return false;
                }
                self.last_step_ms = Some(now_ms);
                Some(describe_step(step, total))
            }
            None => describe_move(before, after),
        };
        let sentence = match (sentence, solved) {
            (Some(s), true) => format!("{s}. Solved"),
            (None, true) => "Solved".into(),
            (Some(s), false) => s,
            (None, false) => return false,
        };
        self.parity = !self.parity;
        // A no-break space at the end on every other change: screen readers announce a live
        // region only when its text changes.
        self.text = if self.parity {
            sentence
        } else {
            format!("{sentence}\u{a0}")
        };
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> Board {
        text.parse().unwrap()
    }

    #[test]
    fn one_tile_and_several_tiles() {
        let start = board("1 2 3 4 0 5 7 8 6");
        assert_eq!(
            describe_move(&start, &board("1 2 3 4 5 0 7 8 6")).as_deref(),
            Some("tile 5 moved left")
        );
        assert_eq!(
            describe_move(&start, &board("1 0 3 4 2 5 7 8 6")).as_deref(),
            Some("tile 2 moved down")
        );
        let row = board("1 2 3 4 5 0 7 8 6");
        assert_eq!(
            describe_move(&row, &board("1 2 3 0 4 5 7 8 6")).as_deref(),
            Some("tiles 4 and 5 moved right")
        );
        let wide = board("0 1 2 3 / 4 5 6 7 / 8 9 10 11 / 12 13 14 15");
        assert_eq!(
            describe_move(&wide, &board("1 2 3 0 / 4 5 6 7 / 8 9 10 11 / 12 13 14 15")).as_deref(),
            Some("tiles 1, 2 and 3 moved left")
        );
    }

    #[test]
    fn jumps_and_other_shapes_are_not_a_slide() {
        let start = board("1 2 3 4 0 5 7 8 6");
        assert_eq!(describe_move(&start, &start), None);
        assert_eq!(describe_move(&start, &board("0 2 3 4 1 5 7 8 6")), None);
        assert_eq!(describe_move(&start, &board("1 2 3 0")), None);
    }

    #[test]
    fn playback_is_throttled_but_its_end_and_solved_are_not() {
        let goal = board("1 2 3 4 5 6 7 8 0");
        let a = board("1 2 3 4 5 6 0 7 8");
        let b = board("1 2 3 4 5 6 7 0 8");
        let mut say = Announcer::default();
        assert!(say.board_changed(&a, &b, &goal, Some((1, 2)), 0.0));
        assert_eq!(say.text().trim_end(), "moved 1 of 2");
        assert!(!say.board_changed(&b, &a, &goal, Some((1, 3)), 400.0));
        assert!(say.board_changed(&b, &goal, &goal, Some((2, 2)), 500.0));
        assert_eq!(say.text().trim_end(), "moved 2 of 2. Solved");
        assert!(say.board_changed(&goal, &b, &goal, Some((1, 3)), 1600.0));
        assert!(say.board_changed(&b, &a, &goal, Some((0, 3)), 1700.0));
        assert_eq!(say.text().trim_end(), "start, 3 moves");
    }

    #[test]
    fn the_same_sentence_twice_still_changes_the_text() {
        let goal = board("1 2 3 4 5 6 7 8 0");
        let a = board("1 2 3 4 0 5 7 8 6");
        let b = board("1 2 3 4 5 0 7 8 6");
        let mut say = Announcer::default();
        assert!(say.board_changed(&a, &b, &goal, None, 0.0));
        let first = say.text().to_string();
        assert!(say.board_changed(&a, &b, &goal, None, 1.0));
        assert_ne!(say.text(), first);
        assert_eq!(say.text().trim_end(), first.trim_end());
        assert!(say.board_changed(&board("1 2 3 4 5 6 7 0 8"), &goal, &goal, None, 2.0));
        assert_eq!(say.text().trim_end(), "tile 8 moved left. Solved");
        assert!(!say.board_changed(&a, &board("0 2 3 4 1 5 7 8 6"), &goal, None, 3.0));
    }
}
