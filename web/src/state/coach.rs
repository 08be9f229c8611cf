//! The coach slice: the hint, the heuristic overlay, and the live "optimal moves from here"
//! count (the second worker's request and answer).

use puzzle_core::{Board, Direction, Solution, SolveOutcome};

/// A background solve for the live "optimal moves from here" count.
#[derive(Clone, Debug, PartialEq)]
pub struct ExactCount {
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

impl ExactCount {
    /// Whether it answers for this board and goal.
    pub fn is_for(&self, board: &Board, goal: &Board) -> bool {
        &self.board == board && &self.goal == goal
    }
}

/// Coach while playing.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Coach {
    /// The cell of the tile a hint says to slide next (cleared by any move).
    pub hint: Option<usize>,
    /// Whether the board shows each tile's Manhattan share and the linear conflicts.
    pub overlay: bool,
    /// The background solve that counts the optimal moves left on boards too big for a table.
    pub count: Option<ExactCount>,
    /// Whether boards too big for a table get the exact count (a background solve per move).
    pub count_on: bool,
}

/// What changes the coach slice.
#[derive(Clone, Debug, PartialEq)]
pub enum CoachAction {
    /// Highlights the tile at this cell (the caller checks it is a tile of the board).
    ShowHint(usize),
    /// Drops the hint (`None` if there is none).
    ClearHint,
    /// Shows or hides the heuristic overlay.
    ToggleOverlay,
    /// Turns the exact count on boards too big for a table on or off.
    ToggleCount,
    /// A live request was sent (its answer still to come).
    CountStarted(Box<ExactCount>),
    /// The second worker's answer to request `id`.
    CountSolved(u32, Box<Solution>),
    /// The second worker could not answer request `id`.
    CountFailed(u32),
    /// An answer from the second worker's table (the caller checks it is for the board on
    /// screen; ignored if a newer request is pending).
    CountKnown(Box<ExactCount>),
}

impl Coach {
    /// The next help, or `None` when the action changes nothing (a stale answer).
    pub fn reduce(&self, action: CoachAction) -> Option<Coach> {
        let mut next = self.clone();
        match action {
            CoachAction::ShowHint(cell) => next.hint = Some(cell),
            CoachAction::ClearHint => {
                self.hint?;
                next.hint = None;
            }
            CoachAction::ToggleOverlay => next.overlay = !self.overlay,
            CoachAction::ToggleCount => {
                next.count_on = !self.count_on;
                // Switching off keeps a pending request visible to the edge, which then stops it.
                if next.count_on {
                    next.count = None;
                }
            }
            CoachAction::CountStarted(live) => next.count = Some(*live),
            CoachAction::CountSolved(id, solution) => {
                let live = next.pending(id)?;
                live.answer = Some(
                    (solution.outcome == SolveOutcome::Solved && solution.is_optimal())
                        .then(|| (solution.moves.len() as u32, solution.moves.first().copied())),
                );
            }
            CoachAction::CountFailed(id) => next.pending(id)?.answer = Some(None),
            CoachAction::CountKnown(known) => {
                if self.count.as_ref().is_some_and(|l| l.id > known.id) {
                    return None;
                }
                next.count = Some(*known);
            }
        }
        Some(next)
    }

    /// The live request `id`, if it still waits for its answer.
    fn pending(&mut self, id: u32) -> Option<&mut ExactCount> {
        self.count
            .as_mut()
            .filter(|l| l.id == id && l.answer.is_none())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::check::check;
    use CoachAction as A;

    fn asked(id: u32, answer: Option<Option<(u32, Option<Direction>)>>) -> Box<ExactCount> {
        let board: Board = "1 2 3 4 5 6 7 0 8".parse().unwrap();
        Box::new(ExactCount {
            id,
            goal: board.clone(),
            board,
            answer,
        })
    }

    #[test]
    fn live_answers_keep_to_their_request() {
        check(
            Coach::reduce,
            &Coach::default(),
            vec![
                A::ToggleCount,
                A::CountStarted(asked(2, None)),
                A::CountFailed(1),
                // An older table answer does not replace the pending request.
                A::CountKnown(asked(1, Some(Some((9, None))))),
                A::CountFailed(2),
                A::CountFailed(2),
            ],
            |h| {
                assert!(h.count_on);
                assert_eq!(
                    h.count.as_ref().map(|l| (l.id, l.answer)),
                    Some((2, Some(None)))
                );
            },
        );
    }

    #[test]
    fn hints_and_overlay() {
        check(
            Coach::reduce,
            &Coach::default(),
            vec![A::ShowHint(3), A::ToggleOverlay],
            |h| assert_eq!((h.hint, h.overlay), (Some(3), true)),
        );
        assert_eq!(Coach::default().reduce(A::ClearHint), None);
    }
}
