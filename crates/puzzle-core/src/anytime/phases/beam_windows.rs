//! Beam windows: a stretch of the answer from board A to board B searched again by a beam
//! ranked by the whole-board tables ([`crate::anytime::WholeTables`]). It is the same problem as A with
//! its tiles renamed so that B becomes the goal: where B's blank sits on the goal's blank cell
//! (or a flip or the transposition takes it there, seen through that view), the renamed
//! problem has the goal itself as its end, so the tables rank its boards exactly as they do
//! the whole problem's. A whole-board beam's length varies by a few moves with which of the
//! many boards of equal rank it keeps; a stretch a fifth as long searched as wide is a fresh
//! draw for that part of the answer alone, and each gain is kept.

use crate::board::Board;
use crate::moves::Direction;
use crate::relabel::Relabel;

use crate::anytime::engines::beam::{Beam, MAX_WIDTH};
use crate::anytime::engines::whole_rank::WholeRanker;
use crate::anytime::run::Run;
use crate::anytime::tables::whole::WholeTables;
use crate::budget::Halt;
use crate::shorten;

/// A window: the answer's moves from board `from` to board `to` (indexes along the answer),
/// and the map that makes board `to` the goal ([`Relabel::between`]).
struct Window {
    from: usize,
    to: usize,
    relabel: Relabel,
}

impl Run<'_, '_, '_> {
    /// Passes of beam windows ([`Run::beam_window_pass`]) until `until_ms`: the first with
    /// beams of `width` boards, each pass that gains nothing followed by one with beams twice
    /// as wide (each pass breaks ties with another salt), at most `links / span` wide; a pass
    /// at that width that gains nothing ends them. Nothing without whole-board tables.
    pub(crate) fn beam_windows(
        &mut self,
        span: usize,
        width: usize,
        links: usize,
        until_ms: f64,
    ) -> Result<(), Halt> {
        let Some(whole) = self.whole.clone() else {
            return Ok(());
        };
        let widest = (links / span.max(1)).clamp(1, MAX_WIDTH);
        let mut width = width.clamp(1, widest);
        // Each lane's passes break ties otherwise (on one thread, from 0).
        let mut salt = self.salt() << 32;
        while self.budget.elapsed_ms() < until_ms && !self.is_optimal() {
            let before = self.best_len();
            self.beam_window_pass(&whole, span, width, salt, until_ms)?;
            salt += 1;
            if self.best_len() >= before {
                if width == widest {
                    return Ok(());
                }
                width = width.saturating_mul(2).min(widest);
            }
        }
        Ok(())
    }

    /// Windows of `span` moves ending at the answer's boards whose blank a view takes to the
    /// goal's blank cell, from the end of the answer (less the lane's offset,
    /// [`crate::budget::Budget::window_offset`]) back to its start (the next window ends
    /// at least `span / 2` moves before the last one's end), each searched by a beam of
    /// `width` boards until `until_ms`; every gain is offered at once and the windows go on
    /// along the new answer.
    fn beam_window_pass(
        &mut self,
        whole: &WholeTables,
        span: usize,
        width: usize,
        salt: u64,
        until_ms: f64,
    ) -> Result<(), Halt> {
        let Some(mut best) = self.latest_best() else {
            return Ok(());
        };
        let mut boards = boards_along(&self.start, &best);
        // Each lane's windows end on other boards (on one thread, at the answer's end).
        let mut end = best
            .len()
            .saturating_sub(self.budget.window_offset((span / 2).max(1)));
        while let Some(window) = self.window_before(&boards, end, span) {
            if self.budget.elapsed_ms() > until_ms || self.is_optimal() {
                return Ok(());
            }
            let found = self.search_window(whole, &boards, &window, width, salt, until_ms)?;
            if let Some(moves) = found {
                let mut whole_path = best[..window.from].to_vec();
                whole_path.extend(moves);
                whole_path.extend_from_slice(&best[window.to..]);
                self.offer(shorten::cut_loops(&self.start, &whole_path));
                // The boards before the window are the same along the new answer.
                best = self.best.clone().unwrap_or(best);
                boards = boards_along(&self.start, &best);
                end = window.from;
            } else {
                end = window.to.saturating_sub((span / 2).max(1));
            }
            if end == 0 {
                return Ok(());
            }
        }
        Ok(())
    }

    /// The last window ending at or before board `end` (`span` moves, fewer at the start).
    fn window_before(&self, boards: &[Board], end: usize, span: usize) -> Option<Window> {
        (1..=end.min(boards.len() - 1)).rev().find_map(|to| {
            Some(Window {
                from: to.saturating_sub(span),
                to,
                relabel: Relabel::between(&boards[to], &self.goal)?,
            })
        })
    }

    /// A path shorter than the window from its first board to its last, if a beam finds one.
    fn search_window(
        &mut self,
        whole: &WholeTables,
        boards: &[Board],
        window: &Window,
        width: usize,
        salt: u64,
        until_ms: f64,
    ) -> Result<Option<Vec<Direction>>, Halt> {
        let Some(start) = window.relabel.board(&boards[window.from]) else {
            return Ok(None);
        };
        let beam = Beam {
            start: &start,
            goal: &self.goal,
            width,
            shorter_than: window.to - window.from,
            until_ms,
            salt,
        };
        let found = beam.search(&mut WholeRanker::new(whole), &mut self.budget)?;
        Ok(found.map(|moves| window.relabel.moves_back(&moves)))
    }
}

/// The boards along `moves` from `start`, `start` first.
fn boards_along(start: &Board, moves: &[Direction]) -> Vec<Board> {
    let mut boards = Vec::with_capacity(moves.len() + 1);
    let mut board = start.clone();
    boards.push(board.clone());
    for &direction in moves {
        if !board.apply(direction) {
            break;
        }
        boards.push(board.clone());
    }
    boards
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::random_walk;
    use crate::goal::Goal;
    use crate::Shape;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// `steps` random legal moves from `board` (the blank may go back), and the board after.
    fn walk(board: &Board, steps: usize, rng: &mut StdRng) -> (Vec<Direction>, Board) {
        let mut board = board.clone();
        let mut moves = Vec::new();
        while moves.len() < steps {
            let direction = Direction::ALL[rng.gen_range(0..4)];
            if board.apply(direction) {
                moves.push(direction);
            }
        }
        (moves, board)
    }

    /// The window's start renamed reaches the goal by exactly the moves that take `from` to
    /// `to`, seen through the map's view, whenever a map makes `to` the goal.
    #[test]
    fn renamed_problems_have_the_same_moves() {
        let mut rng = StdRng::seed_from_u64(11);
        for (w, h, goal) in [
            (4, 4, Goal::Standard),
            (5, 3, Goal::Snail),
            (3, 3, Goal::Standard),
        ] {
            let shape = Shape::new(w, h).unwrap();
            let goal = goal.board(shape).unwrap();
            let mut checked = 0;
            for _ in 0..200 {
                let from = random_walk(&goal, 40, &mut rng);
                let (moves, to) = walk(&from, 30, &mut rng);
                let Some(relabel) = Relabel::between(&to, &goal) else {
                    continue;
                };
                let start = relabel.board(&from).expect("renamed");
                let forward = |d: Direction| {
                    Direction::ALL
                        .into_iter()
                        .find(|&o| relabel.moves_back(&[o]) == [d])
                        .expect("a view maps every direction")
                };
                let seen_moves: Vec<Direction> = moves.iter().map(|&d| forward(d)).collect();
                assert_eq!(start.after(&seen_moves).unwrap(), goal);
                assert_eq!(from.after(&relabel.moves_back(&seen_moves)).unwrap(), to);
                checked += 1;
            }
            assert!(
                checked > 10,
                "{w}x{h}: only {checked} windows ended at a corner"
            );
        }
    }
}
