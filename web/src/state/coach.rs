//! The coach slice: the hint, the heuristic overlay, and the live "optimal moves from here"
//! count (the coach's worker's request and answer). Where no answer is known for the board on
//! screen, Hint asks ([`HintAsk`]): the count under way answers it, or a short solve in the
//! same coach's worker, whose answer is kept as a [`Route`] so that the hints after it (while the
//! person follows it) come at once.

use super::{PlayChange, Reading, State};
use puzzle_core::{Board, Direction, Solution, SolveOutcome};

/// Hint, overlay and the exact count (a hint must name a tile of the board on screen; a
/// table's answer must be for the board and goal on screen).
#[derive(Clone, Debug, PartialEq)]
pub enum CoachAction {
    /// What the coach alone hears, taken as it is (the overlay, the count's switch, a hint
    /// chosen at the edge, the coach's worker's replies).
    Own(CoachOwn),
    /// Hint pressed where no move is known yet: the count under way or a short solve in the
    /// coach's worker answers, and the hint then shows by itself.
    AskHint,
    /// Request `id` asks the coach's worker for the optimal length from the board on screen.
    CountStarted(u32),
    /// The exact distance (and a first move) the coach's worker's table gives for the board and
    /// goal of the request (kept only if they are still on screen; the game's shortest too,
    /// when it is the game's start).
    CountKnown(Box<ExactCount>, Option<(u32, Option<Direction>)>),
}

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

/// An answer the coach keeps for its hints: the moves of a short solve for a hint, from the
/// board it was asked on. Any board along it gets its next move as the hint.
#[derive(Clone, Debug, PartialEq)]
pub struct Route {
    /// The board the solve started from.
    pub start: Board,
    /// The goal it reaches.
    pub goal: Board,
    /// Its moves of the blank.
    pub moves: Vec<Direction>,
    /// Whether it is a shortest answer (then so is the rest of it from any of its boards).
    pub proven: bool,
}

impl Route {
    /// The moves left from `board` towards `goal` if `board` is one of the route's boards
    /// before its end (`None`: off the route, another goal, or at its end).
    pub fn rest_from(&self, board: &Board, goal: &Board) -> Option<&[Direction]> {
        if *goal != self.goal || board.shape() != self.start.shape() {
            return None;
        }
        let mut at = self.start.clone();
        for (step, &direction) in self.moves.iter().enumerate() {
            if at == *board {
                return Some(&self.moves[step..]);
            }
            if !at.apply(direction) {
                return None;
            }
        }
        None
    }
}

/// A hint asked for on a board where no move was known: the count under way or a short solve
/// answers it, and the hint then shows by itself.
#[derive(Clone, Debug, PartialEq)]
pub struct HintAsk {
    /// The board it was asked on (the ask goes with any change of board).
    pub board: Board,
    /// The goal.
    pub goal: Board,
    /// The short solve sent for it (`None`: none sent yet).
    pub id: Option<u32>,
    /// Whether the short solve could not answer (no worker, or it failed).
    pub failed: bool,
}

/// Coach while playing.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Coach {
    /// The cell of the tile a hint says to slide next (cleared by any move).
    pub hint: Option<usize>,
    /// A hint asked for and not answered yet (or that failed), on the board on screen.
    pub asked: Option<HintAsk>,
    /// The answer of the last short solve for a hint, kept while the person follows it.
    pub route: Option<Route>,
    /// Whether the board shows each tile's Manhattan share and the linear conflicts.
    pub overlay: bool,
    /// The background solve that counts the optimal moves left on boards too big for a table.
    pub count: Option<ExactCount>,
    /// Whether boards too big for a table get the exact count (a background solve per move).
    pub count_on: bool,
}

/// What only the coach hears, taken as the page says it: one list, carried by the page's
/// action ([`super::CoachAction::Own`]) and by [`CoachChange::Own`] alike.
#[derive(Clone, Debug, PartialEq)]
pub enum CoachOwn {
    /// Highlights the tile at this cell as the next one to slide (chosen at the edge; the
    /// router checks it is a tile of the board on screen).
    ShowHint(usize),
    /// Shows or hides the heuristic overlay.
    ToggleOverlay,
    /// Turns the exact count on boards too big for a table on or off.
    ToggleCount,
    /// Request `id` to the coach's worker is the short solve for the hint asked.
    HintStarted(u32),
    /// The coach's worker's answer to request `id` (a count, or the short solve for a hint).
    CountSolved(u32, Box<Solution>),
    /// The coach's worker could not answer request `id` (a count, or the short solve for a
    /// hint).
    CountFailed(u32),
}

/// What changes the coach slice: what the top-level reducer tells this slice (the page's own
/// actions are [`super::CoachAction`], which it turns into these).
#[derive(Clone, Debug, PartialEq)]
pub enum CoachChange {
    /// What the page said, as it said it.
    Own(CoachOwn),
    /// Asks for a hint on this board and goal, where no move is known: shown by itself once
    /// one is (a move the coach already knows shows at once).
    AskHint(Board, Board),
    /// Drops the hint and the ask (`None` if there is neither).
    ClearHint,
    /// A live request was sent (its answer still to come).
    CountStarted(Box<ExactCount>),
    /// An answer from the coach's worker's table (the caller checks it is for the board on
    /// screen; ignored if a newer request is pending).
    CountKnown(Box<ExactCount>),
}

impl Coach {
    /// The next help, or `None` when the action changes nothing (a stale answer).
    pub fn reduce(&self, action: CoachChange) -> Option<Coach> {
        let mut next = self.clone();
        match action {
            CoachChange::Own(own) => next.take(own)?,
            CoachChange::AskHint(board, goal) => {
                next.asked = Some(HintAsk {
                    board,
                    goal,
                    id: None,
                    failed: false,
                });
            }
            CoachChange::ClearHint => {
                if self.hint.is_none() && self.asked.is_none() {
                    return None;
                }
                next.hint = None;
                next.asked = None;
            }
            CoachChange::CountStarted(live) => next.count = Some(*live),
            CoachChange::CountKnown(known) => {
                if self.count.as_ref().is_some_and(|l| l.id > known.id) {
                    return None;
                }
                next.count = Some(*known);
            }
        }
        next.answer_the_ask();
        Some(next)
    }

    /// Takes what the page said to the coach alone (`None`: a stale answer, nothing new).
    fn take(&mut self, own: CoachOwn) -> Option<()> {
        match own {
            CoachOwn::ShowHint(cell) => {
                self.hint = Some(cell);
                self.asked = None;
            }
            CoachOwn::HintStarted(id) => {
                let ask = self
                    .asked
                    .as_mut()
                    .filter(|a| a.id.is_none() && !a.failed)?;
                ask.id = Some(id);
            }
            CoachOwn::ToggleOverlay => self.overlay = !self.overlay,
            CoachOwn::ToggleCount => {
                self.count_on = !self.count_on;
                // Switching off keeps a pending request visible to the edge, which then stops it.
                if self.count_on {
                    self.count = None;
                }
            }
            CoachOwn::CountSolved(id, solution) => match self.pending(id) {
                Some(live) => {
                    live.answer = Some(
                        (solution.outcome == SolveOutcome::Solved && solution.is_optimal()).then(
                            || (solution.moves.len() as u32, solution.moves.first().copied()),
                        ),
                    );
                }
                None => self.hint_solved(id, &solution)?,
            },
            CoachOwn::CountFailed(id) => match self.pending(id) {
                Some(live) => live.answer = Some(None),
                None => self.asking(id)?.failed = true,
            },
        }
        Some(())
    }

    /// The next move of a shortest answer or of the coach's own route, for `board` towards
    /// `goal`, with whether it is proven to start a shortest answer: the exact count's first
    /// move, else the route's next move when `board` is on it.
    pub fn own_move(&self, board: &Board, goal: &Board) -> Option<(Direction, bool)> {
        let counted = self
            .count
            .as_ref()
            .filter(|l| l.is_for(board, goal))
            .and_then(|l| l.answer.flatten())
            .and_then(|(_, first)| first);
        counted.map(|d| (d, true)).or_else(|| {
            let route = self.route.as_ref()?;
            let rest = route.rest_from(board, goal)?;
            Some((*rest.first()?, route.proven))
        })
    }

    /// Shows the hint asked for once the coach knows a move for its board.
    fn answer_the_ask(&mut self) {
        let Some(ask) = self.asked.as_ref() else {
            return;
        };
        let Some((direction, _)) = self.own_move(&ask.board, &ask.goal) else {
            return;
        };
        if let Some(cell) = ask.board.shape().neighbour(ask.board.blank(), direction) {
            self.hint = Some(cell);
            self.asked = None;
        }
    }

    /// Keeps the short solve `id`'s answer as the route (`None`: not the solve asked for).
    fn hint_solved(&mut self, id: u32, solution: &Solution) -> Option<()> {
        let ask = self.asking(id)?;
        if solution.outcome != SolveOutcome::Solved || solution.moves.is_empty() {
            ask.failed = true;
            return Some(());
        }
        let route = Route {
            start: ask.board.clone(),
            goal: ask.goal.clone(),
            moves: solution.moves.clone(),
            proven: solution.is_optimal(),
        };
        self.route = Some(route);
        Some(())
    }

    /// The hint asked for, if short solve `id` answers it and has not failed.
    fn asking(&mut self, id: u32) -> Option<&mut HintAsk> {
        self.asked
            .as_mut()
            .filter(|a| a.id == Some(id) && !a.failed)
    }

    /// The live request `id`, if it still waits for its answer.
    fn pending(&mut self, id: u32) -> Option<&mut ExactCount> {
        self.count
            .as_mut()
            .filter(|l| l.id == id && l.answer.is_none())
    }
}

/// The coach slice (hint, overlay, exact count), and the game's shortest from an exact count.
pub(super) fn route(state: &State, action: CoachAction) -> Option<State> {
    let mut next = state.clone();
    let coach = |action| {
        Some(State {
            coach: state.coach.reduce(action)?,
            ..state.clone()
        })
    };
    match action {
        // Coach only (a hint must name a tile of the board on screen; a table's answer must be
        // for the board and goal on screen).
        CoachAction::Own(CoachOwn::ShowHint(cell)) => {
            let board = &state.puzzle.board;
            if cell >= board.cells().len() || cell == board.blank() {
                return None;
            }
            return coach(CoachChange::Own(CoachOwn::ShowHint(cell)));
        }
        CoachAction::Own(own) => return coach(CoachChange::Own(own)),
        CoachAction::AskHint => {
            if state.is_solved() || !state.solvability().solvable || state.coach.hint.is_some() {
                return None;
            }
            let (board, goal) = (&state.puzzle.board, &state.puzzle.goal_board);
            return coach(CoachChange::AskHint(board.clone(), goal.clone()));
        }
        CoachAction::CountStarted(id) => {
            return coach(CoachChange::CountStarted(Box::new(ExactCount {
                id,
                board: state.puzzle.board.clone(),
                goal: state.puzzle.goal_board.clone(),
                answer: None,
            })))
        }
        // Coach and play: the distance of the game's start is its shortest, even once the
        // board moved on.
        CoachAction::CountKnown(asked, answer) => {
            if let Some((moves, _)) = answer {
                let shortest = Reading::Shortest {
                    start: asked.board.clone(),
                    goal: asked.goal.clone(),
                    moves,
                };
                if let Some(play) = state.play.reduce(PlayChange::Reading(shortest)) {
                    next.play = play;
                }
            }
            if !asked.is_for(&state.puzzle.board, &state.puzzle.goal_board) {
                return (next != *state).then_some(next);
            }
            let known = ExactCount {
                answer: Some(answer),
                ..*asked
            };
            next.coach = state
                .coach
                .reduce(CoachChange::CountKnown(Box::new(known)))?;
        }
    }
    Some(next)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::check::check;
    use CoachChange as A;

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
                A::Own(CoachOwn::ToggleCount),
                A::CountStarted(asked(2, None)),
                A::Own(CoachOwn::CountFailed(1)),
                // An older table answer does not replace the pending request.
                A::CountKnown(asked(1, Some(Some((9, None))))),
                A::Own(CoachOwn::CountFailed(2)),
                A::Own(CoachOwn::CountFailed(2)),
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

    /// A 3x3 two moves of the blank from the goal, and the goal.
    fn two_away() -> (Board, Board) {
        let goal: Board = "1 2 3 4 5 6 7 8 0".parse().unwrap();
        (goal.after(&[Direction::Left, Direction::Up]).unwrap(), goal)
    }

    fn answer(moves: Vec<Direction>, optimal: bool) -> Box<Solution> {
        let (board, goal) = two_away();
        let mut solution = puzzle_core::solve(
            &board,
            &goal,
            &puzzle_core::SolverConfig::best_for(board.shape()),
            &mut puzzle_core::Limits::default(),
        )
        .unwrap();
        solution.moves = moves;
        solution.stats.optimal = optimal;
        Box::new(solution)
    }

    /// A hint asked for is answered by its own short solve only: a stale or foreign answer
    /// changes nothing, the answer shows the hint by itself and is kept as a route whose
    /// boards all get their next move.
    #[test]
    fn an_asked_hint_shows_with_its_short_solve_and_the_route_serves_the_next_boards() {
        use Direction::{Down, Right};
        let (board, goal) = two_away();
        let asked = check(
            Coach::reduce,
            &Coach::default(),
            vec![
                A::AskHint(board.clone(), goal.clone()),
                A::Own(CoachOwn::HintStarted(5)),
            ],
            |h| {
                assert_eq!(h.asked.as_ref().and_then(|a| a.id), Some(5));
                assert_eq!(h.hint, None);
            },
        );
        assert_eq!(
            asked.reduce(A::Own(CoachOwn::HintStarted(6))),
            None,
            "sent once"
        );
        assert_eq!(
            asked.reduce(A::Own(CoachOwn::CountSolved(
                4,
                answer(vec![Down, Right], false)
            ))),
            None,
            "another request's answer"
        );
        let answered = asked
            .reduce(A::Own(CoachOwn::CountSolved(
                5,
                answer(vec![Down, Right], false),
            )))
            .unwrap();
        // The blank moves down: the tile below it is hinted.
        let below = board.shape().neighbour(board.blank(), Down);
        assert_eq!((answered.hint, answered.asked.clone()), (below, None));
        assert_eq!(answered.own_move(&board, &goal), Some((Down, false)));
        let next = board.after(&[Down]).unwrap();
        assert_eq!(answered.own_move(&next, &goal), Some((Right, false)));
        assert_eq!(answered.own_move(&goal, &goal), None, "the route's end");
        let off = board.after(&[Direction::Left]).unwrap();
        assert_eq!(answered.own_move(&off, &goal), None, "off the route");
        assert_eq!(answered.own_move(&next, &board), None, "another goal");
        // Asking again on a board of the route: the hint shows at once.
        let again = answered
            .reduce(A::ClearHint)
            .unwrap()
            .reduce(A::AskHint(next.clone(), goal.clone()))
            .unwrap();
        assert_eq!(again.hint, next.shape().neighbour(next.blank(), Right));
        assert_eq!(again.asked, None);
    }

    #[test]
    fn a_short_solve_that_fails_says_so_until_asked_again() {
        let (board, goal) = two_away();
        let failed = check(
            Coach::reduce,
            &Coach::default(),
            vec![
                A::AskHint(board.clone(), goal.clone()),
                A::Own(CoachOwn::HintStarted(2)),
                A::Own(CoachOwn::CountFailed(2)),
            ],
            |h| assert_eq!(h.asked.as_ref().map(|a| a.failed), Some(true)),
        );
        assert_eq!(failed.reduce(A::Own(CoachOwn::HintStarted(3))), None);
        assert_eq!(failed.reduce(A::Own(CoachOwn::CountFailed(2))), None);
        let cleared = failed.reduce(A::ClearHint).unwrap();
        assert_eq!((cleared.asked, cleared.route), (None, None));
    }

    #[test]
    fn hints_and_overlay() {
        check(
            Coach::reduce,
            &Coach::default(),
            vec![
                A::Own(CoachOwn::ShowHint(3)),
                A::Own(CoachOwn::ToggleOverlay),
            ],
            |h| assert_eq!((h.hint, h.overlay), (Some(3), true)),
        );
        assert_eq!(Coach::default().reduce(A::ClearHint), None);
    }
}
