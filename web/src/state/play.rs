//! The play slice: a game by hand. A game starts whenever the board on screen is set by
//! anything but a hand move (a scramble, a link, an import, a playback step); it keeps the
//! hand moves so they can be undone and redone, the clock of its first hand move, the fewest
//! moves from its start (once the worker tells) and, when a hand move reaches the goal, the
//! result, which can still be undone (the game then goes on). It also keeps what helped: the
//! hints shown and whether the game began on a board the solver's playback brought; such a game
//! says so and is no record, nor is one from a board a few moves from the goal
//! ([`Play::not_a_record`]). Clock readings come from the edge ([`Reading::Clock`]), so the
//! slice stays pure.

use super::State;
use puzzle_core::{Board, Direction, Heuristic, HeuristicKind};

/// The game by hand; a move, an undo or a redo moves the board with it and leaves playback.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayAction {
    /// A click on the tile at this cell: slides it (and the tiles between) into the blank.
    ClickCell(usize),
    /// A move of the blank (from the keyboard).
    MoveBlank(Direction),
    /// Takes back the last hand move (nothing after the game was won).
    Undo,
    /// Makes the last move taken back again.
    Redo,
    /// What the edge read for the game (the clock just before a hand input, a worker's
    /// fewest moves from a start): the game takes it as it is.
    Reading(Reading),
}

/// The fewest moves a board must need for a game on it to count as a record: a board a few
/// moves from the goal is no game.
pub const MIN_RECORD_MOVES: u32 = 10;

/// Why a won game is not a record of its size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoRecord {
    /// Hints showed the way.
    Hints,
    /// It began on a board the solver's playback brought.
    Playback,
    /// Its start needs only `fewest` moves, under the `needed` of [`Play::min_record_moves`].
    Short {
        /// The fewest moves from the start (exact when known, else the bound).
        fewest: u32,
        /// The fewest a record needs from this start.
        needed: u32,
    },
}

/// A game by hand from [`Play::start`].
#[derive(Clone, Debug, PartialEq)]
pub struct Play {
    /// The board the game started from.
    pub start: Board,
    /// The goal of the game.
    pub goal: Board,
    /// The board after the hand moves (the board on screen: the top-level reducer starts a
    /// new game when they differ).
    pub board: Board,
    /// The hand moves, oldest first: each click, key or swipe as the moves of the blank it made.
    pub done: Vec<Vec<Direction>>,
    /// The hand moves taken back, the last one taken back last (Redo makes it again).
    pub undone: Vec<Vec<Direction>>,
    /// The latest clock reading from the edge, in milliseconds.
    pub now_ms: f64,
    /// The clock reading of the first hand move (`None`: the timer has not started).
    pub started_ms: Option<f64>,
    /// The result, once a hand move reached the goal (the game is then over).
    pub finished: Option<Finish>,
    /// The fewest moves from the start to the goal, once the worker told.
    pub shortest: Option<u32>,
    /// A lower bound on the fewest moves (Manhattan distance plus linear conflicts), known at once.
    pub bound: u32,
    /// The hints shown during the game.
    pub hints: usize,
    /// Whether the game began on a board the solver's playback brought (the person took over).
    pub from_playback: bool,
    /// Whether the game began on a board from a link, the editor or a file (a record then
    /// needs a start further from the goal: [`Play::min_record_moves`]).
    pub brought: bool,
}

/// How a game by hand ended.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Finish {
    /// Moves of the blank on the board, taken-back ones not counted.
    pub moves: usize,
    /// Time from the first hand move to the last, in milliseconds.
    pub ms: f64,
}

/// What the edge read for the game, taken as it is: one list, carried by the page's action
/// ([`super::PlayAction::Reading`]) and by [`PlayChange::Reading`] alike (a fewest-moves
/// figure also comes from the router, with the coach's exact count).
#[derive(Clone, Debug, PartialEq)]
pub enum Reading {
    /// The clock read at the edge, in milliseconds (sent just before each hand input).
    Clock(f64),
    /// A worker's fewest moves from `start` to `goal` (kept only for this game's).
    Shortest {
        /// The board it was asked about.
        start: Board,
        /// The goal it was asked about.
        goal: Board,
        /// The fewest moves.
        moves: u32,
    },
}

/// What changes the game: what the top-level reducer tells this slice (the page's own actions
/// are [`super::PlayAction`], which it turns into these).
#[derive(Clone, Debug, PartialEq)]
pub enum PlayChange {
    /// What the edge read (the clock, a worker's fewest moves).
    Reading(Reading),
    /// A hand move made these moves of the blank and left this board (the caller moved it).
    Moved(Vec<Direction>, Board),
    /// The last hand move was taken back, leaving this board (see [`Play::undo_moves`]).
    Undo(Board),
    /// The last move taken back was made again, leaving this board (see [`Play::redo_moves`]).
    Redo(Board),
    /// A hint was shown on the board.
    Hinted,
}

impl Play {
    /// A new game from `board` towards `goal`, the clock at `now_ms`.
    pub fn new(board: Board, goal: Board, now_ms: f64) -> Play {
        let bound = Heuristic::new(HeuristicKind::LinearConflict, &goal).estimate(&board);
        Play {
            start: board.clone(),
            goal,
            board,
            done: Vec::new(),
            undone: Vec::new(),
            now_ms,
            started_ms: None,
            finished: None,
            shortest: (bound == 0).then_some(0),
            bound,
            hints: 0,
            from_playback: false,
            brought: false,
        }
    }

    /// Why the game, once won, is not a record of its size (`None`: it is): hints helped, the
    /// solver's playback brought its start, or its start is under [`Play::min_record_moves`] from the
    /// goal (by the shortest when known, else the bound). Helped games come first.
    pub fn not_a_record(&self) -> Option<NoRecord> {
        let fewest = self.shortest.unwrap_or(self.bound);
        if self.hints > 0 {
            Some(NoRecord::Hints)
        } else if self.from_playback {
            Some(NoRecord::Playback)
        } else if fewest < self.min_record_moves() {
            Some(NoRecord::Short {
                fewest,
                needed: self.min_record_moves(),
            })
        } else {
            None
        }
    }

    /// The fewest moves a start must need for the game to be a record: [`MIN_RECORD_MOVES`] on
    /// a board the page dealt; on one from a link, the editor or a file, also half the mean
    /// Manhattan distance of a random board of the size (3x3: 7, 5x5: 38, 8x8: 165), so that a
    /// link to a position the solver's playback left a few moves from the goal is no record.
    pub fn min_record_moves(&self) -> u32 {
        if !self.brought {
            return MIN_RECORD_MOVES;
        }
        let shape = self.start.shape();
        let axis = |n: usize| {
            let n = n as f64;
            (n * n - 1.0) / (3.0 * n)
        };
        let random = (shape.cells() - 1) as f64 * (axis(shape.width()) + axis(shape.height()));
        MIN_RECORD_MOVES.max((random / 2.0).round() as u32)
    }

    /// The result, if the game was won and counts as a record of its size.
    pub fn record(&self) -> Option<Finish> {
        self.finished.filter(|_| self.not_a_record().is_none())
    }

    /// Moves of the blank made by hand and not taken back (what the move counter shows).
    pub fn moves(&self) -> usize {
        self.done.iter().map(Vec::len).sum()
    }

    /// Whether the timer runs: a hand move was made and the goal not yet reached.
    pub fn timing(&self) -> bool {
        self.started_ms.is_some() && self.finished.is_none()
    }

    /// The moves of the blank that take back the last hand move (`None`: nothing to undo). A
    /// won game can be undone too: it then goes on.
    pub fn undo_moves(&self) -> Option<Vec<Direction>> {
        let last = self.done.last()?;
        Some(last.iter().rev().map(|d| d.opposite()).collect())
    }

    /// The moves of the blank that make the last taken-back move again (`None`: none).
    pub fn redo_moves(&self) -> Option<Vec<Direction>> {
        if self.finished.is_some() {
            return None;
        }
        self.undone.last().cloned()
    }

    /// Whether a worker should be asked for the fewest moves: the game was won and its figure
    /// is not known yet (asked only then, so that casual moves start no search).
    pub fn wants_shortest(&self) -> bool {
        self.finished.is_some() && self.shortest.is_none()
    }

    /// The next game, or `None` when the action changes nothing (nothing to undo, a figure
    /// for another game).
    pub fn reduce(&self, action: PlayChange) -> Option<Play> {
        let mut next = self.clone();
        match action {
            PlayChange::Reading(Reading::Clock(ms)) => next.now_ms = ms,
            PlayChange::Moved(moves, board) => {
                if moves.is_empty() {
                    return None;
                }
                if self.finished.is_some() {
                    // The game is over: a move from the goal begins another.
                    next = Play::new(self.board.clone(), self.goal.clone(), self.now_ms);
                    next.shortest = Some(0);
                }
                next.done.push(moves);
                next.undone.clear();
                next.board = board;
                next.started_ms.get_or_insert(self.now_ms);
                next.finish_if_home();
            }
            PlayChange::Undo(board) => {
                self.undo_moves()?;
                let last = next.done.pop()?;
                next.undone.push(last);
                next.board = board;
                // Undoing the winning move takes the win back: the game and its clock go on.
                next.finished = None;
            }
            PlayChange::Redo(board) => {
                self.redo_moves()?;
                let again = next.undone.pop()?;
                next.done.push(again);
                next.board = board;
                next.finish_if_home();
            }
            PlayChange::Hinted => next.hints += 1,
            PlayChange::Reading(Reading::Shortest { start, goal, moves }) => {
                if start != self.start || goal != self.goal || self.shortest == Some(moves) {
                    return None;
                }
                next.shortest = Some(moves);
            }
        }
        Some(next)
    }

    /// Ends the game if the board is the goal and the start was not.
    fn finish_if_home(&mut self) {
        if self.board != self.goal || self.start == self.goal || self.done.is_empty() {
            return;
        }
        let started = self.started_ms.unwrap_or(self.now_ms);
        self.finished = Some(Finish {
            moves: self.moves(),
            ms: (self.now_ms - started).max(0.0),
        });
    }
}

/// A duration as the timer shows it: minutes and seconds, `m:ss` (hours as minutes).
pub fn clock_text(ms: f64) -> String {
    let seconds = if ms.is_finite() && ms > 0.0 {
        (ms / 1000.0) as u64
    } else {
        0
    };
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

/// The actions of the game by hand: hand moves, undo and redo (the board and the game move
/// together, playback is left), the clock and the worker's shortest.
pub(super) fn route(state: &State, action: PlayAction) -> Option<State> {
    let mut next = state.clone();
    match action {
        PlayAction::ClickCell(cell) => next.hand_move(state.puzzle.board.slide_moves(cell)?)?,
        PlayAction::MoveBlank(direction) => next.hand_move(vec![direction])?,
        PlayAction::Undo => {
            next.slide_by_hand(state.play.undo_moves()?)?;
            next.play = state
                .play
                .reduce(PlayChange::Undo(next.puzzle.board.clone()))?;
        }
        PlayAction::Redo => {
            next.slide_by_hand(state.play.redo_moves()?)?;
            next.play = state
                .play
                .reduce(PlayChange::Redo(next.puzzle.board.clone()))?;
        }
        PlayAction::Reading(reading) => {
            next.play = state.play.reduce(PlayChange::Reading(reading))?;
        }
    }
    Some(next)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::check::check;
    use Direction::{Down as D, Left as L, Right as R, Up as U};
    use PlayChange as A;

    fn board(text: &str) -> Board {
        text.parse().unwrap()
    }

    /// One move left of the goal: the blank left of its home.
    fn game() -> Play {
        Play::new(
            board("1 2 3 4 5 6 7 0 8"),
            board("1 2 3 4 5 6 7 8 0"),
            1_000.0,
        )
    }

    #[test]
    fn the_clock_starts_with_the_first_move_and_stops_at_the_goal() {
        let away = board("1 2 3 4 0 6 7 5 8");
        let end = check(
            Play::reduce,
            &game(),
            vec![
                A::Reading(Reading::Clock(5_000.0)),
                A::Moved(vec![U], away.clone()),
                A::Reading(Reading::Clock(9_000.0)),
                A::Moved(vec![D], board("1 2 3 4 5 6 7 0 8")),
                A::Reading(Reading::Clock(72_000.0)),
                A::Moved(vec![R], board("1 2 3 4 5 6 7 8 0")),
                A::Reading(Reading::Clock(99_000.0)),
            ],
            |p| {
                assert_eq!(p.started_ms, Some(5_000.0));
                assert_eq!(
                    p.finished,
                    Some(Finish {
                        moves: 3,
                        ms: 67_000.0
                    })
                );
                assert!(!p.timing());
            },
        );
        assert_eq!(clock_text(end.finished.unwrap().ms), "1:07");
        assert!(end.wants_shortest(), "a won game asks for its shortest");
        assert!(!game().wants_shortest(), "a game not won asks nothing");
        // The winning move can be taken back: the win goes, the game and its clock go on.
        assert_eq!(end.undo_moves(), Some(vec![L]));
        let reopened = end.reduce(A::Undo(board("1 2 3 4 5 6 7 0 8"))).unwrap();
        assert_eq!((reopened.finished, reopened.moves()), (None, 2));
        assert!(reopened.timing());
        let again = reopened
            .reduce(A::Redo(board("1 2 3 4 5 6 7 8 0")))
            .unwrap();
        assert_eq!(again.finished.map(|f| f.moves), Some(3));
    }

    #[test]
    fn undo_takes_back_a_whole_click_and_redo_makes_it_again() {
        let start = Play::new(board("1 2 3 4 5 6 0 7 8"), board("1 2 3 4 5 6 7 8 0"), 0.0);
        let clicked = board("1 2 3 4 5 6 7 8 0");
        let moved = check(
            Play::reduce,
            &start,
            vec![A::Moved(vec![U], board("1 2 3 0 5 6 4 7 8"))],
            |p| {
                assert_eq!(p.moves(), 1);
                assert_eq!(p.undo_moves(), Some(vec![D]));
            },
        );
        let back = check(
            Play::reduce,
            &moved,
            vec![A::Undo(start.start.clone())],
            |p| {
                assert_eq!(p.moves(), 0);
                assert_eq!(p.redo_moves(), Some(vec![U]));
                assert!(p.timing(), "the timer runs on after an undo");
            },
        );
        assert_eq!(back.reduce(A::Undo(start.start.clone())), None);
        // A click that slides two tiles is one hand move: one undo takes both back.
        let home = check(
            Play::reduce,
            &back,
            vec![A::Moved(vec![R, R], clicked.clone())],
            |p| {
                assert_eq!(p.moves(), 2);
                assert!(
                    p.undone.is_empty(),
                    "a new move forgets what was taken back"
                );
                assert_eq!(p.finished.map(|f| f.moves), Some(2));
            },
        );
        assert_eq!(
            home.undo_moves(),
            Some(vec![L, L]),
            "a won game can be undone"
        );
        assert_eq!(home.redo_moves(), None, "nothing to redo past the goal");
    }

    /// 22 moves of the blank from the goal and back on the 3x3 (the blank's path around the
    /// board), for a game long enough to be a record.
    fn long_game() -> (Play, Vec<Direction>) {
        let goal = board("1 2 3 4 5 6 7 8 0");
        let away = [
            U, U, L, L, D, D, R, U, R, D, L, L, U, U, R, R, D, L, D, R, U, U,
        ];
        let start = goal.after(&away).unwrap();
        let back: Vec<Direction> = away.iter().rev().map(|d| d.opposite()).collect();
        (Play::new(start, goal, 0.0), back)
    }

    /// Plays `moves` one by one from `game`, hinting before each when `hinted`.
    fn play_out(game: &Play, moves: &[Direction], hinted: bool) -> Play {
        let mut play = game.clone();
        for &d in moves {
            if hinted {
                play = play.reduce(A::Hinted).unwrap();
            }
            let after = play.board.after(&[d]).unwrap();
            play = play.reduce(A::Moved(vec![d], after)).unwrap();
        }
        play
    }

    #[test]
    fn helped_and_short_games_are_no_records() {
        let (long, back) = long_game();
        let fewest = puzzle_core::solve(
            &long.start,
            &long.goal,
            &puzzle_core::SolverConfig::best_for(long.start.shape()),
            &mut puzzle_core::Limits::default(),
        )
        .unwrap()
        .moves
        .len() as u32;
        assert!(fewest >= MIN_RECORD_MOVES, "a real game: {fewest} moves");
        let known = long
            .reduce(A::Reading(Reading::Shortest {
                start: long.start.clone(),
                goal: long.goal.clone(),
                moves: fewest,
            }))
            .unwrap();
        let by_hand = play_out(&known, &back, false);
        assert_eq!(by_hand.finished.map(|f| f.moves), Some(back.len()));
        assert_eq!(by_hand.not_a_record(), None);
        assert_eq!(by_hand.record(), by_hand.finished);

        let hinted = play_out(&known, &back, true);
        assert_eq!(hinted.hints, back.len());
        assert!(hinted.finished.is_some());
        assert_eq!(hinted.not_a_record(), Some(NoRecord::Hints));
        assert_eq!(hinted.record(), None, "a game won with hints is no record");

        let taken_over = Play {
            from_playback: true,
            ..known.clone()
        };
        let won = play_out(&taken_over, &back, false);
        assert_eq!(won.not_a_record(), Some(NoRecord::Playback));
        assert_eq!(won.record(), None);

        // One move from the goal: won, but no record.
        let short = game().reduce(A::Moved(vec![R], board("1 2 3 4 5 6 7 8 0")));
        let short = short.unwrap();
        assert_eq!(short.finished.map(|f| f.moves), Some(1));
        assert_eq!(
            short.not_a_record(),
            Some(NoRecord::Short {
                fewest: 1,
                needed: MIN_RECORD_MOVES
            })
        );
        assert_eq!(short.record(), None);
        // The worker's shortest decides over the bound when it comes.
        let counted = Play {
            bound: 3,
            shortest: Some(MIN_RECORD_MOVES),
            ..by_hand.clone()
        };
        assert_eq!(counted.not_a_record(), None);
        let under = Play {
            shortest: Some(MIN_RECORD_MOVES - 1),
            ..by_hand
        };
        assert_eq!(
            under.not_a_record(),
            Some(NoRecord::Short {
                fewest: MIN_RECORD_MOVES - 1,
                needed: MIN_RECORD_MOVES
            })
        );
    }

    /// A board from a link, a file or the editor needs a start far from the goal for its
    /// size: a 5x5 link 14 moves from the goal (where a paused playback leaves it) is no
    /// record, nor an 8x8 one 10 moves away; a 3x3 link keeps the usual rule.
    #[test]
    fn a_brought_board_needs_a_start_far_from_the_goal_for_its_size() {
        let brought = |cells: &str| Play {
            brought: true,
            ..Play::new(
                board(cells),
                puzzle_core::Goal::Standard
                    .board(board(cells).shape())
                    .unwrap(),
                0.0,
            )
        };
        let three = brought("1 2 3 4 5 6 7 8 0");
        assert_eq!(three.min_record_moves(), MIN_RECORD_MOVES);
        let five_cells: Vec<String> = (1..25).map(|t| t.to_string()).chain(["0".into()]).collect();
        let five = brought(&five_cells.join(" "));
        assert_eq!(five.min_record_moves(), 38);
        let eight_cells: Vec<String> = (1..64).map(|t| t.to_string()).chain(["0".into()]).collect();
        assert_eq!(brought(&eight_cells.join(" ")).min_record_moves(), 165);
        let fourteen = Play {
            shortest: Some(14),
            ..five.clone()
        };
        assert_eq!(
            fourteen.not_a_record(),
            Some(NoRecord::Short {
                fewest: 14,
                needed: 38
            })
        );
        let dealt = Play {
            brought: false,
            ..fourteen
        };
        assert_eq!(
            dealt.not_a_record(),
            None,
            "a dealt board keeps the usual rule"
        );
    }

    #[test]
    fn the_shortest_figure_is_kept_for_its_own_game_only() {
        let other = board("1 2 3 4 5 6 0 7 8");
        let p = check(
            Play::reduce,
            &game(),
            vec![
                A::Reading(Reading::Shortest {
                    start: other,
                    goal: game().goal,
                    moves: 2,
                }),
                A::Reading(Reading::Shortest {
                    start: game().start,
                    goal: game().goal,
                    moves: 1,
                }),
            ],
            |p| assert_eq!(p.shortest, Some(1)),
        );
        assert_eq!(p.bound, 1);
        assert_eq!(
            Play::new(p.goal.clone(), p.goal.clone(), 0.0).shortest,
            Some(0)
        );
    }

    #[test]
    fn clock_text_is_minutes_and_seconds() {
        assert_eq!(clock_text(0.0), "0:00");
        assert_eq!(clock_text(72_999.0), "1:12");
        assert_eq!(clock_text(3_600_000.0), "60:00");
        assert_eq!(clock_text(f64::NAN), "0:00");
        assert_eq!(clock_text(-5.0), "0:00");
    }
}
