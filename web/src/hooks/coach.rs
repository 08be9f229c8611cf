//! The exact count: the coach's worker (a worker of the page's own beside the solver's, which
//! the glossary calls "the counting worker"; not the solver worker's second search worker,
//! `worker/second_search.rs`) answers "optimal moves from here" for each new board. On
//! boards of up to [`puzzle_core::analysis::MAX_TABLE_CELLS`] cells it looks the board up in
//! the exact table it builds once per goal (so no table is ever built on the page's thread);
//! on bigger boards, when switched on, it solves the board, and a search for a board the
//! person has already left is stopped by terminating that worker. The same worker runs the
//! short solve for a hint asked where no move is known ([`crate::coach::hint_wanted`]): a few
//! hundred milliseconds of the anytime method, off the page's thread.

use puzzle_core::{Board, Method, SolverConfig};
use yew::prelude::*;

use super::worker_slot::use_worker_slot;
use crate::client::WorkerEvent;
use crate::coach::{count_size, hint_request, hint_wanted, table_size, COUNT_BUDGET};
use crate::protocol::{FromWorker, SolveRequest, ToWorker, Workers};
use crate::state::solve::PROOF_MS;
use crate::state::{Action, CoachAction, CoachOwn, ExactCount, ProofStep, SolveAction, State};

/// The action a reply of the live-count worker becomes.
pub fn action_for(reply: FromWorker) -> Option<Action> {
    match reply {
        FromWorker::Done { id, solution } => Some(Action::Coach(CoachAction::Own(
            CoachOwn::CountSolved(id, solution),
        ))),
        FromWorker::Distance {
            id,
            board,
            goal,
            distance,
            first,
        } => Some(Action::Coach(CoachAction::CountKnown(
            Box::new(ExactCount {
                id,
                board,
                goal,
                answer: None,
            }),
            distance.map(|d| (d, first)),
        ))),
        FromWorker::Failed { id, .. } => {
            Some(Action::Coach(CoachAction::Own(CoachOwn::CountFailed(id))))
        }
        _ => None,
    }
}

/// The request for the count of `board`: a table look-up where a table fits, else a solve.
pub fn request(id: u32, board: &Board, goal: &Board) -> ToWorker {
    if table_size(board.cells().len()) {
        ToWorker::Distance {
            id,
            board: board.clone(),
            goal: goal.clone(),
        }
    } else {
        ToWorker::Solve(SolveRequest {
            id,
            board: board.clone(),
            goal: goal.clone(),
            method: Method::Search(SolverConfig::best_for(board.shape())),
            max_expanded: Some(COUNT_BUDGET),
            watch: None,
            workers: Workers::ONE,
        })
    }
}

/// The end of the proof `id` a reply or a crash tells, if it is the proof in flight.
fn proof_end(event: &WorkerEvent, in_flight: Option<u32>) -> Option<ProofStep> {
    let proving = in_flight?;
    match event {
        WorkerEvent::Reply(FromWorker::Proved { id, lower_bound }) if *id == proving => {
            Some(ProofStep::Ended(proving, Some(*lower_bound)))
        }
        WorkerEvent::Reply(FromWorker::Failed { id, .. }) if *id == proving => {
            Some(ProofStep::Ended(proving, None))
        }
        WorkerEvent::Crashed(_) => Some(ProofStep::Ended(proving, None)),
        _ => None,
    }
}

/// Keeps the exact count of the board on screen, with its own worker and request ids; on
/// big boards the same worker, idle there, proves a better lower bound for each answer
/// ([`use_proof`]).
#[hook]
pub fn use_exact_count(state: &UseReducerHandle<State>) {
    let dispatcher = state.dispatcher();
    let in_flight = use_mut_ref(|| None::<u32>);
    let slot = {
        let in_flight = in_flight.clone();
        use_worker_slot(Callback::from(move |event: WorkerEvent| {
            let ended = proof_end(&event, *in_flight.borrow());
            if let Some(step) = ended {
                *in_flight.borrow_mut() = None;
                dispatcher.dispatch(Action::Solve(SolveAction::Proof(step)));
                return;
            }
            let action = match event {
                WorkerEvent::Reply(reply) => action_for(reply),
                WorkerEvent::Crashed(_) => None,
            };
            if let Some(action) = action {
                dispatcher.dispatch(action);
            }
        }))
    };
    use_proof(state, slot.clone(), in_flight);
    let cells = state.puzzle.board.cells().len();
    let needs = (table_size(cells) || (state.coach.count_on && count_size(cells)))
        && state.solvability().solvable
        && !state.is_solved();
    // Only a search is worth stopping; a table look-up answers at once (after the build).
    let searching = count_size(cells)
        && state
            .coach
            .count
            .as_ref()
            .is_some_and(|l| l.answer.is_none());
    let known = state
        .coach
        .count
        .as_ref()
        .is_some_and(|l| l.is_for(&state.puzzle.board, &state.puzzle.goal_board));
    let dispatcher = state.dispatcher();
    {
        let (slot, dispatcher) = (slot.clone(), dispatcher.clone());
        use_effect_with(hint_wanted(state), move |wanted| {
            let Some((board, goal)) = wanted else {
                return;
            };
            let id = slot.new_id();
            dispatcher.dispatch(Action::Coach(CoachAction::Own(CoachOwn::HintStarted(id))));
            if slot.send(&[hint_request(id, board, goal)]).is_err() {
                // No worker: the hint says it found none.
                dispatcher.dispatch(Action::Coach(CoachAction::Own(CoachOwn::CountFailed(id))));
            }
        });
    }
    use_effect_with(
        (
            state.puzzle.board.clone(),
            state.puzzle.goal_board.clone(),
            state.coach.count_on,
        ),
        move |(board, goal, _)| {
            if !needs && searching {
                // Switched off or left for a board that needs no count: stop the search.
                slot.stop();
            }
            if needs && !known {
                let id = slot.new_id();
                if searching {
                    slot.stop();
                }
                let started = slot.start();
                // A look-up answers with its board and goal: no render to announce it.
                let lookup = table_size(board.cells().len());
                if !lookup {
                    dispatcher.dispatch(Action::Coach(CoachAction::CountStarted(id)));
                }
                let sent = started.and_then(|()| slot.send(&[request(id, board, goal)]));
                if sent.is_err() {
                    // No worker: the count says it does not know.
                    dispatcher.dispatch(Action::Coach(CoachAction::CountStarted(id)));
                    dispatcher.dispatch(Action::Coach(CoachAction::Own(CoachOwn::CountFailed(id))));
                }
            }
        },
    );
}

/// After a big-board answer that is not proven shortest, the coach's worker spends
/// [`PROOF_MS`] raising the answer's bound with the tables this browser stored (IDA* over
/// them: each depth cleared proves the answer no shorter than the next, see
/// `docs/BENCHMARKS.md`). A proof whose result went (a new board, a new solve) is stopped
/// with the worker, which holds nothing else of worth on big boards; a hint asked meanwhile
/// stops it too, so the hint's short solve does not wait for it.
#[hook]
fn use_proof(
    state: &UseReducerHandle<State>,
    slot: super::worker_slot::WorkerSlot,
    in_flight: std::rc::Rc<std::cell::RefCell<Option<u32>>>,
) {
    let wanted = state
        .solve
        .result()
        .filter(|f| f.wants_proof())
        .map(|f| (f.start.clone(), f.goal.clone()));
    let proving = state.solve.proving();
    let hint = hint_wanted(state).is_some();
    let dispatcher = state.dispatcher();
    use_effect_with((wanted, proving, hint), move |(wanted, proving, hint)| {
        let current = *in_flight.borrow();
        if let Some(id) = current.filter(|&id| *proving != Some(id) || *hint) {
            slot.stop();
            *in_flight.borrow_mut() = None;
            if *proving == Some(id) {
                dispatcher.dispatch(Action::Solve(SolveAction::Proof(ProofStep::Ended(
                    id, None,
                ))));
            }
        }
        let Some((board, goal)) = wanted.clone().filter(|_| !*hint) else {
            return;
        };
        let id = slot.new_id();
        *in_flight.borrow_mut() = Some(id);
        dispatcher.dispatch(Action::Solve(SolveAction::Proof(ProofStep::Asked(id))));
        let prove = ToWorker::Prove {
            id,
            board,
            goal,
            ms: PROOF_MS,
        };
        if slot.send(&[prove]).is_err() {
            *in_flight.borrow_mut() = None;
            dispatcher.dispatch(Action::Solve(SolveAction::Proof(ProofStep::Ended(
                id, None,
            ))));
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coach::{known, Distance};
    use crate::state::{reduce, PlayAction, PuzzleAction};
    use puzzle_core::{Direction, Goal, Shape};

    /// What the coach's worker answers for the board on screen, as the page receives it.
    fn ask(state: &State, id: u32) -> State {
        let state = reduce(state, Action::Coach(CoachAction::CountStarted(id))).unwrap();
        let reply = crate::worker::distance(id, &state.puzzle.board, &state.puzzle.goal_board);
        let action = action_for(reply).unwrap();
        reduce(&state, action).unwrap()
    }

    #[test]
    fn the_table_gives_distance_and_a_hint_that_shortens_it() {
        let mut state = State::new(Shape::square(3).unwrap(), Goal::Snail);
        state = reduce(
            &state,
            Action::Puzzle(PuzzleAction::Import("6 1 7 3 0 4 5 8 2".to_string())),
        )
        .unwrap();
        assert_eq!(known(&state).distance, Distance::Computing);
        state = ask(&state, 1);
        let mut here = known(&state);
        assert_eq!(here.distance, Distance::Known(24));
        let mut moves = 0;
        while let Some(hint) = here.hint {
            state = reduce(&state, Action::Play(PlayAction::MoveBlank(hint))).unwrap();
            if !state.is_solved() {
                assert_eq!(known(&state).distance, Distance::Computing);
            }
            moves += 1;
            state = ask(&state, moves + 1);
            here = known(&state);
        }
        assert_eq!(moves, 24);
        assert!(state.is_solved());
        assert_eq!(here.distance, Distance::Known(0));
        // An answer for another goal is not used.
        state = reduce(&state, Action::Play(PlayAction::MoveBlank(Direction::Up)))
            .or_else(|| reduce(&state, Action::Play(PlayAction::MoveBlank(Direction::Down))))
            .unwrap();
        state = ask(&state, 99);
        assert!(matches!(known(&state).distance, Distance::Known(_)));
        state = reduce(
            &state,
            Action::Puzzle(PuzzleAction::SetGoal(Goal::Standard, 1)),
        )
        .unwrap();
        assert!(!matches!(known(&state).distance, Distance::Known(_)));
    }
}
