//! "Solve it yourself"'s workers: one asks the method's phases (`ToWorker::Taught`) for Show
//! me how and for the method's hint in Your turn, and hands them to the state as
//! [`LessonAction`]s; the other reviews a game played by hand (`ToWorker::Review`), whose
//! chart is UI state held here ([`ReviewStatus`]), like the lab's verdicts. A game a link
//! holds (`game=`) is reviewed as the page opens.

use std::cell::RefCell;
use std::rc::Rc;

use puzzle_core::review::Review;
use puzzle_core::Board;
use yew::prelude::*;

use super::worker_slot::use_worker_slot;
use crate::client::WorkerEvent;
use crate::protocol::lesson::Game;
use crate::protocol::{FromWorker, ToWorker};
use crate::state::{Action, LessonAction, State};

/// Where the review of a game is.
#[derive(Clone, Debug, PartialEq)]
pub enum ReviewStatus {
    /// None asked.
    Idle,
    /// Under way: positions done of all (0 of 0 while the tables are got).
    Reviewing {
        /// Positions whose distance is known.
        done: usize,
        /// Positions of the game.
        total: usize,
        /// Whether the pattern databases are being built for it (the first 4x4 review).
        building: bool,
    },
    /// The review of `game`.
    Reviewed {
        /// The game reviewed.
        game: Rc<Game>,
        /// The distance after each move.
        review: Rc<Review>,
        /// How long it took, in milliseconds.
        elapsed_ms: f64,
    },
    /// Why it could not be reviewed, in one line.
    Failed(String),
}

/// What Show me how asked last: nothing, or the method's phases or its next move.
#[derive(Clone, Debug, PartialEq, Default)]
pub enum Asked {
    /// Nothing under way.
    #[default]
    Nothing,
    /// The phases of Show me how for this board.
    Phases,
    /// The method's next move (Your turn's hint).
    Hint,
    /// The worker could not answer: why.
    Failed(String),
}

/// The lesson's workers and what they said.
#[derive(Clone, PartialEq)]
pub struct LessonWorkers {
    /// What the method's worker is doing.
    pub asked: Asked,
    /// Where the review is.
    pub review: ReviewStatus,
    /// Show me how on (board, goal).
    pub show_me_how: Callback<(Board, Board)>,
    /// The method's next move on (board, goal), shown as the hint.
    pub hint: Callback<(Board, Board)>,
    /// Reviews a game.
    pub review_game: Callback<Game>,
}

/// The next review status on `event`, for request `running` of `game`; `None`: another
/// request's reply, nothing to change.
pub fn next_review(event: WorkerEvent, running: u32, game: &Rc<Game>) -> Option<ReviewStatus> {
    Some(match event {
        WorkerEvent::Reply(FromWorker::ReviewProgress { id, done, total }) if id == running => {
            ReviewStatus::Reviewing {
                done,
                total,
                building: false,
            }
        }
        WorkerEvent::Reply(FromWorker::Building { id, .. }) if id == running => {
            ReviewStatus::Reviewing {
                done: 0,
                total: game.moves.len() + 1,
                building: true,
            }
        }
        WorkerEvent::Reply(FromWorker::Reviewed {
            id,
            review,
            elapsed_ms,
        }) if id == running => ReviewStatus::Reviewed {
            game: game.clone(),
            review: Rc::new(review),
            elapsed_ms,
        },
        WorkerEvent::Reply(FromWorker::Failed { id, message }) if id == running => {
            ReviewStatus::Failed(message)
        }
        WorkerEvent::Crashed(message) => {
            ReviewStatus::Failed(format!("the review stopped: {message}"))
        }
        WorkerEvent::Reply(_) => return None,
    })
}

/// The review under way: its request id and game.
type Reviewing = (u32, Rc<Game>);

/// One request to the method's worker: its id, board, goal and purpose.
type TaughtRequest = (u32, Board, Board, Asked);

/// The action a reply of the method's worker becomes, for `request`: the lesson's phases
/// or the hint; `Err` with why it failed.
pub fn taught_action(reply: FromWorker, request: &TaughtRequest) -> Option<Result<Action, String>> {
    let (running, board, goal, asked) = request;
    match reply {
        FromWorker::Taught { id, phases } if id == *running => {
            let (board, goal) = (board.clone(), goal.clone());
            Some(Ok(Action::Lesson(match asked {
                Asked::Hint => LessonAction::Hint {
                    direction: *phases.iter().flat_map(|p| p.moves.first()).next()?,
                    board,
                    goal,
                },
                _ => LessonAction::Taught {
                    board,
                    goal,
                    phases,
                },
            })))
        }
        FromWorker::Failed { id, message } if id == *running => Some(Err(message)),
        _ => None,
    }
}

/// Owns the lesson's workers; reviews the game a link held as the page opens (or says in
/// one line why it cannot).
#[hook]
pub fn use_lesson(state: &UseReducerHandle<State>) -> LessonWorkers {
    let dispatcher = state.dispatcher();
    let asked = use_state(Asked::default);
    let review = use_state(|| ReviewStatus::Idle);
    let taught: Rc<RefCell<Option<TaughtRequest>>> = use_mut_ref(|| None);
    let method = {
        let (asked, taught) = (asked.setter(), taught.clone());
        use_worker_slot(Callback::from(move |event: WorkerEvent| {
            let Some(request) = taught.borrow().clone() else {
                return;
            };
            let outcome = match event {
                WorkerEvent::Reply(reply) => taught_action(reply, &request),
                WorkerEvent::Crashed(message) => Some(Err(message)),
            };
            match outcome {
                Some(Ok(action)) => {
                    asked.set(Asked::Nothing);
                    dispatcher.dispatch(action);
                }
                Some(Err(message)) => asked.set(Asked::Failed(message)),
                None => {}
            }
        }))
    };
    let ask = |purpose: Asked| {
        let (asked, taught, method) = (asked.setter(), taught.clone(), method.clone());
        Callback::from(move |(board, goal): (Board, Board)| {
            method.stop();
            let id = method.new_id();
            *taught.borrow_mut() = Some((id, board.clone(), goal.clone(), purpose.clone()));
            asked.set(purpose.clone());
            if let Err(message) = method.send(&[ToWorker::Taught { id, board, goal }]) {
                asked.set(Asked::Failed(message));
            }
        })
    };
    let show_me_how = (*use_memo((), |_| ask(Asked::Phases))).clone();
    let hint = (*use_memo((), |_| ask(Asked::Hint))).clone();
    let reviewing: Rc<RefCell<Option<Reviewing>>> = use_mut_ref(|| None);
    // Whether a review is under way: only then does a new one stop the worker (an idle one
    // keeps the tables it got, so the next review of that size starts at once).
    let busy = use_mut_ref(|| false);
    let reviewer = {
        let (review, reviewing, busy) = (review.setter(), reviewing.clone(), busy.clone());
        use_worker_slot(Callback::from(move |event| {
            let Some((id, game)) = reviewing.borrow().clone() else {
                return;
            };
            if let Some(next) = next_review(event, id, &game) {
                *busy.borrow_mut() = matches!(next, ReviewStatus::Reviewing { .. });
                review.set(next);
            }
        }))
    };
    let review_game = {
        let (review, reviewer) = (review.setter(), reviewer.clone());
        (*use_memo((), move |_| {
            Callback::from(move |game: Game| {
                if busy.replace(false) {
                    reviewer.stop();
                }
                if let Some(why) = game.check() {
                    return review.set(ReviewStatus::Failed(why));
                }
                let id = reviewer.new_id();
                *reviewing.borrow_mut() = Some((id, Rc::new(game.clone())));
                review.set(ReviewStatus::Reviewing {
                    done: 0,
                    total: game.moves.len() + 1,
                    building: false,
                });
                match reviewer.send(&[ToWorker::Review { id, game }]) {
                    Ok(()) => *busy.borrow_mut() = true,
                    Err(message) => review.set(ReviewStatus::Failed(message)),
                }
            })
        }))
        .clone()
    };
    {
        let (review_game, review) = (review_game.clone(), review.setter());
        // Read at the first render, from the state the page opened with (the link's board
        // and goal), before the address follows the state.
        let opened = (**state).clone();
        let link_game = use_memo((), move |_| super::url::game_from_address(&opened));
        use_effect_with((), move |_| match (*link_game).clone() {
            Some(Ok(game)) => review_game.emit(game),
            Some(Err(why)) => review.set(ReviewStatus::Failed(format!("The link's game: {why}"))),
            None => {}
        });
    }
    LessonWorkers {
        asked: (*asked).clone(),
        review: (*review).clone(),
        show_me_how,
        hint,
        review_game,
    }
}

#[cfg(test)]
mod tests {
    use puzzle_core::taught::solve_taught;
    use puzzle_core::{Direction, Limits};

    use super::*;

    #[test]
    fn the_methods_reply_becomes_the_lesson_or_its_hint_and_others_are_dropped() {
        let board: Board = "1 2 3 4 5 6 7 0 8".parse().unwrap();
        let goal: Board = "1 2 3 4 5 6 7 8 0".parse().unwrap();
        let phases = solve_taught(&board, &goal, &mut Limits::default())
            .unwrap()
            .phases;
        let reply = || FromWorker::Taught {
            id: 4,
            phases: phases.clone(),
        };
        let request = |asked| (4, board.clone(), goal.clone(), asked);
        assert_eq!(
            taught_action(reply(), &request(Asked::Phases)),
            Some(Ok(Action::Lesson(LessonAction::Taught {
                board: board.clone(),
                goal: goal.clone(),
                phases: phases.clone(),
            })))
        );
        assert_eq!(
            taught_action(reply(), &request(Asked::Hint)),
            Some(Ok(Action::Lesson(LessonAction::Hint {
                board: board.clone(),
                goal: goal.clone(),
                direction: Direction::Right,
            })))
        );
        let older = (3, board.clone(), goal.clone(), Asked::Phases);
        assert_eq!(taught_action(reply(), &older), None, "an older request's");
        let failed = FromWorker::Failed {
            id: 4,
            message: "no".into(),
        };
        assert_eq!(
            taught_action(failed, &request(Asked::Hint)),
            Some(Err("no".into()))
        );
    }

    #[test]
    fn the_reviews_replies_become_its_status() {
        let game = Rc::new(Game {
            start: "1 2 3 0".parse().unwrap(),
            goal: "1 2 3 0".parse().unwrap(),
            moves: vec![Direction::Up, Direction::Down],
        });
        let progress = WorkerEvent::Reply(FromWorker::ReviewProgress {
            id: 2,
            done: 1,
            total: 3,
        });
        assert_eq!(
            next_review(progress.clone(), 2, &game),
            Some(ReviewStatus::Reviewing {
                done: 1,
                total: 3,
                building: false
            })
        );
        assert_eq!(next_review(progress, 1, &game), None);
        let crashed = next_review(WorkerEvent::Crashed("out of memory".into()), 2, &game);
        assert!(matches!(crashed, Some(ReviewStatus::Failed(m)) if m.contains("out of memory")));
    }
}
