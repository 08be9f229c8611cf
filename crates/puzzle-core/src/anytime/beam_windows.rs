//! Beam windows: a stretch of the answer from board A to board B searched again by a beam
//! ranked by the whole-board tables ([`super::WholeTables`]). It is the same problem as A with
//! its tiles renamed so that B becomes the goal: where B's blank sits on the goal's blank cell
//! (or a flip or the transposition takes it there, seen through that view), the renamed
//! problem has the goal itself as its end, so the tables rank its boards exactly as they do
//! the whole problem's. A whole-board beam's length varies by a few moves with which of the
//! many boards of equal rank it keeps; a stretch a fifth as long searched as wide is a fresh
//! draw for that part of the answer alone, and each gain is kept.

use crate::board::Board;
use crate::moves::Direction;
use crate::symmetry::View;

use super::beam::{Beam, MAX_WIDTH};
use super::budget::Halt;
use super::whole::{WholeRanker, WholeTables};
use super::{shorten, Run};

/// A window: the answer's moves from board `from` to board `to` (indexes along the answer),
/// and the view that takes board `to`'s blank to the goal's blank cell.
struct Window {
    from: usize,
    to: usize,
    view: View,
}

impl Run<'_, '_, '_> {
    /// Passes of beam windows ([`Run::beam_window_pass`]) until `until_ms`: the first with
    /// beams of `width` boards, each pass that gains nothing followed by one with beams twice
    /// as wide (each pass breaks ties with another salt), at most `links / span` wide; a pass
    /// at that width that gains nothing ends them. Nothing without whole-board tables.
    pub(super) fn beam_windows(
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
        let mut salt = 0;
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
    /// goal's blank cell, from the end of the answer back to its start (the next window ends
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
        let mut end = usize::MAX;
        loop {
            let Some(best) = self.best.clone() else {
                return Ok(());
            };
            let boards = boards_along(&self.start, &best);
            let Some(window) = self.window_before(&boards, end.min(best.len()), span) else {
                return Ok(());
            };
            if self.budget.elapsed_ms() > until_ms || self.is_optimal() {
                return Ok(());
            }
            let found = self.search_window(whole, &boards, &window, width, salt, until_ms)?;
            if let Some(moves) = found {
                let mut whole_path = best[..window.from].to_vec();
                whole_path.extend(moves);
                whole_path.extend_from_slice(&best[window.to..]);
                self.offer(shorten::cut_loops(&self.start, &whole_path));
                end = window.from;
            } else {
                end = window.to.saturating_sub((span / 2).max(1));
            }
            if end == 0 {
                return Ok(());
            }
        }
    }

    /// The last window ending at or before board `end` (`span` moves, fewer at the start).
    fn window_before(&self, boards: &[Board], end: usize, span: usize) -> Option<Window> {
        let shape = self.goal.shape();
        let goal_blank = self.goal.blank();
        (1..=end).rev().find_map(|to| {
            let blank = boards[to].blank();
            let view = View::all()
                .find(|v| v.shape(shape) == Some(shape) && v.cell(shape, blank) == goal_blank)?;
            Some(Window {
                from: to.saturating_sub(span),
                to,
                view,
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
        let (Some(from), Some(to)) = (
            window.view.board(&boards[window.from]),
            window.view.board(&boards[window.to]),
        ) else {
            return Ok(None);
        };
        let Some(start) = renamed(&from, &to, &self.goal) else {
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
        Ok(found.map(|moves| window.view.moves_back(&moves)))
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

/// `from` with its tiles renamed so that `to` (whose blank sits on `goal`'s blank cell)
/// becomes `goal`: the tile `to` holds at a cell takes the name of `goal`'s tile there.
/// `None` if the blanks differ or the boards do not hold the same tiles.
fn renamed(from: &Board, to: &Board, goal: &Board) -> Option<Board> {
    if to.blank() != goal.blank() || from.shape() != goal.shape() || to.shape() != goal.shape() {
        return None;
    }
    let mut name = vec![0usize; goal.cells().len()];
    for (&tile, &goal_tile) in to.cells().iter().zip(goal.cells()) {
        *name.get_mut(tile as usize)? = goal_tile as usize;
    }
    let cells = from.cells().iter().map(|&t| name.get(t as usize).copied());
    Board::new(from.shape(), cells.collect::<Option<Vec<_>>>()?).ok()
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

    /// The renamed start reaches the goal by exactly the moves that take `from` to `to`, seen
    /// through every view that takes `to`'s blank to the goal's blank cell.
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
                for view in View::all() {
                    if view.shape(shape) != Some(shape)
                        || view.cell(shape, to.blank()) != goal.blank()
                    {
                        continue;
                    }
                    let (seen_from, seen_to) =
                        (view.board(&from).unwrap(), view.board(&to).unwrap());
                    let start = renamed(&seen_from, &seen_to, &goal).expect("renamed");
                    let seen_moves: Vec<Direction> =
                        moves.iter().map(|&d| view.direction(d)).collect();
                    assert_eq!(start.after(&seen_moves).unwrap(), goal);
                    assert_eq!(from.after(&view.moves_back(&seen_moves)).unwrap(), to);
                    checked += 1;
                }
            }
            assert!(
                checked > 10,
                "{w}x{h}: only {checked} windows ended at a corner"
            );
        }
    }
}
