//! The help slice: the hint, the heuristic overlay, and the live "optimal moves from here"
//! count (the second worker's request and answer).

use puzzle_core::{Board, Direction, Solution, SolveOutcome};

/// A background solve for the live "optimal moves from here" count.
#[derive(Clone, Debug, PartialEq)]
pub struct LiveSolve {
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

impl LiveSolve {
    /// Whether it answers for this board and goal.
    pub fn is_for(&self, board: &Board, goal: &Board) -> bool {
        &self.board == board && &self.goal == goal
    }
}

/// Help while playing.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Help {
    /// The cell of the tile a hint says to slide next (cleared by any move).
    pub hint: Option<usize>,
    /// Whether the board shows each tile's Manhattan share and the linear conflicts.
    pub overlay: bool,
    /// The background solve that counts the optimal moves left on boards too big for a table.
    pub live: Option<LiveSolve>,
    /// Whether boards too big for a table get the live count (a background solve per move).
    pub live_on: bool,
}

/// What changes the help.
#[derive(Clone, Debug, PartialEq)]
pub enum HelpAction {
    /// Highlights the tile at this cell (the caller checks it is a tile of the board).
    ShowHint(usize),
    /// Drops the hint (`None` if there is none).
    ClearHint,
    /// Shows or hides the heuristic overlay.
    ToggleOverlay,
    /// Turns the live count on boards too big for a table on or off.
    ToggleLive,
    /// A live request was sent (its answer still to come).
    LiveStarted(Box<LiveSolve>),
    /// The second worker's answer to request `id`.
    LiveSolved(u32, Box<Solution>),
    /// The second worker could not answer request `id`.
    LiveFailed(u32),
    /// An answer from the second worker's table (the caller checks it is for the board on
    /// screen; ignored if a newer request is pending).
    LiveKnown(Box<LiveSolve>),
}

impl Help {
    /// The next help, or `None` when the action changes nothing (a stale answer).
    pub fn reduce(&self, action: HelpAction) -> Option<Help> {
        let mut next = self.clone();
        match action {
            HelpAction::ShowHint(cell) => next.hint = Some(cell),
            HelpAction::ClearHint => {
                self.hint?;
                next.hint = None;
            }
            HelpAction::ToggleOverlay => next.overlay = !self.overlay,
            HelpAction::ToggleLive => {
                next.live_on = !self.live_on;
                // Switching off keeps a pending request visible to the edge, which then stops it.
                if next.live_on {
                    next.live = None;
                }
            }
            HelpAction::LiveStarted(live) => next.live = Some(*live),
            HelpAction::LiveSolved(id, solution) => {
                let live = next.pending(id)?;
                live.answer = Some(
                    (solution.outcome == SolveOutcome::Solved && solution.is_optimal())
                        .then(|| (solution.moves.len() as u32, solution.moves.first().copied())),
                );
            }
            HelpAction::LiveFailed(id) => next.pending(id)?.answer = Some(None),
            HelpAction::LiveKnown(known) => {
                if self.live.as_ref().is_some_and(|l| l.id > known.id) {
                    return None;
                }
                next.live = Some(*known);
            }
        }
        Some(next)
    }

    /// The live request `id`, if it still waits for its answer.
    fn pending(&mut self, id: u32) -> Option<&mut LiveSolve> {
        self.live
            .as_mut()
            .filter(|l| l.id == id && l.answer.is_none())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::check::check;
    use HelpAction as A;

    fn asked(id: u32, answer: Option<Option<(u32, Option<Direction>)>>) -> Box<LiveSolve> {
        let board: Board = "1 2 3 4 5 6 7 0 8".parse().unwrap();
        Box::new(LiveSolve {
            id,
            goal: board.clone(),
            board,
            answer,
        })
    }

    #[test]
    fn live_answers_keep_to_their_request() {
        check(
            Help::reduce,
            &Help::default(),
            vec![
                A::ToggleLive,
                A::LiveStarted(asked(2, None)),
                A::LiveFailed(1),
                // An older table answer does not replace the pending request.
                A::LiveKnown(asked(1, Some(Some((9, None))))),
                A::LiveFailed(2),
                A::LiveFailed(2),
            ],
            |h| {
                assert!(h.live_on);
                assert_eq!(
                    h.live.as_ref().map(|l| (l.id, l.answer)),
                    Some((2, Some(None)))
                );
            },
        );
    }

    #[test]
    fn hints_and_overlay() {
        check(
            Help::reduce,
            &Help::default(),
            vec![A::ShowHint(3), A::ToggleOverlay],
            |h| assert_eq!((h.hint, h.overlay), (Some(3), true)),
        );
        assert_eq!(Help::default().reduce(A::ClearHint), None);
    }
}
