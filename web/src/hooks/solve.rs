//! The solver worker: solves and races. One request-id counter, one place that turns replies
//! into actions ([`action_for`]), spawn errors always shown as the request's failure, and the
//! worker stopped whenever the state no longer wants the request it is busy with (Cancel, a
//! goal change): terminating is the only way to stop a search that never yields.

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use gloo_timers::callback::Timeout;

use super::worker_slot::{use_worker_slot, WorkerSlot};
use crate::ahead::{Playhead, EXACT_GRACE_MS};
use crate::client::WorkerEvent;
use crate::protocol::{FromWorker, ToWorker};
use crate::race::{Race, RACE_BUDGET};
use crate::state::solve::tables::WorkersInfo;
use crate::state::{Action, RaceAction, SolveAction, State, Told};

/// What the page can ask of the solver.
#[derive(Clone, PartialEq)]
pub struct Solver {
    /// Solves the board on screen with the chosen method.
    pub solve: Callback<()>,
    /// Races the picked methods on the board on screen.
    pub race: Callback<()>,
    /// Stops the solve or race.
    pub cancel: Callback<()>,
    /// When the last solve's answer came, after its Solve (the Result says it beside the
    /// search's own time, which leaves out waiting for tables).
    pub found: Option<Found>,
}

impl Solver {
    /// When the answer in the Result was found and when its search ended, if it is the last
    /// solve's.
    pub fn found_after(&self, state: &State) -> Option<Found> {
        let result = state.solve.result()?;
        let found = self.found.as_ref()?;
        (found.moves == result.solution.moves).then(|| found.clone())
    }
}

/// The last solve's final answer: when it was first found and when the search ended.
#[derive(Clone, Debug, PartialEq)]
pub struct Found {
    /// The answer's moves (the Result shows the time only beside this very answer).
    pub moves: Vec<puzzle_core::Direction>,
    /// Milliseconds from Solve to the first report of these moves (an improving search
    /// reports its answer long before its time ends).
    pub after_ms: f64,
    /// Milliseconds from Solve to the search's end.
    pub ended_ms: f64,
}

/// The page's clock in milliseconds (0 where there is none).
fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// The action a reply of the solver worker becomes (`None`: nothing for the state).
pub fn action_for(reply: FromWorker) -> Option<Action> {
    Some(match reply {
        // A proof is the coach's worker's (`hooks/coach.rs`).
        FromWorker::Ready
        | FromWorker::Proved { .. }
        | FromWorker::Distance { .. }
        | FromWorker::TraceChunk { .. }
        | FromWorker::ExperimentProgress { .. }
        | FromWorker::ExperimentRow { .. }
        | FromWorker::ExperimentDone { .. }
        | FromWorker::FormulaProgress { .. }
        | FromWorker::FormulaChecked { .. }
        | FromWorker::Taught { .. }
        | FromWorker::ReviewProgress { .. }
        | FromWorker::Reviewed { .. } => return None,
        FromWorker::Progress { id, progress } => Action::Solve(SolveAction::Progress(id, progress)),
        FromWorker::Done { id, solution } => Action::Solve(SolveAction::Solved(id, solution)),
        FromWorker::Improved { id, solution } => Action::Solve(SolveAction::Improved(id, solution)),
        FromWorker::Bound { id, lower_bound } => {
            Action::Solve(SolveAction::Told(id, Told::Bound(lower_bound)))
        }
        FromWorker::Failed { id, message } => Action::Solve(SolveAction::Failed(id, message)),
        FromWorker::Building { id, build } => {
            Action::Solve(SolveAction::Told(id, Told::TablesBuilding(build)))
        }
        FromWorker::TablesReady { id, info } => {
            Action::Solve(SolveAction::Told(id, Told::TablesReady(info)))
        }
        FromWorker::DownloadFailed { id, tables, why } => {
            Action::Solve(SolveAction::Told(id, Told::DownloadFailed(tables, why)))
        }
        FromWorker::Workers {
            id,
            count,
            failed,
            memory,
            rounds,
        } => Action::Solve(SolveAction::Told(
            id,
            Told::Workers(WorkersInfo {
                count,
                failed,
                memory,
                rounds,
            }),
        )),
    })
}

/// The id a reply finally answers (progress and build reports answer nothing yet).
fn answers(reply: &FromWorker) -> Option<u32> {
    match reply {
        FromWorker::Done { id, .. } | FromWorker::Failed { id, .. } => Some(*id),
        _ => None,
    }
}

/// What the solver knows of its requests besides their ids.
#[derive(Default)]
struct Requests {
    /// The highest request id answered (ids only grow).
    answered: u32,
    /// The request the state is busy with, as of the last render.
    busy: Option<u32>,
    /// The last solve request sent and when (the page's clock).
    solve_sent: Option<(u32, f64)>,
    /// The last answer that solve reported and when (milliseconds after Solve).
    last_seen: Option<(Vec<puzzle_core::Direction>, f64)>,
}

/// Whether the worker must be stopped: the state is busy with no request (`now`) while the
/// worker still holds one it has not answered (ids up to `sent` handed out, up to `answered`
/// answered). Decided from the ids, not from the request the state held at the last render:
/// a Solve and a hand move handled before the page renders again leave the state idle at
/// both renders, yet the request was sent. A worker busy with an older request while the
/// state waits for a newer one is left to finish (its answer is stale and dropped): stopping
/// it would lose the newer request, already queued in it.
fn abandoned(now: Option<u32>, sent: u32, answered: u32) -> bool {
    now.is_none() && answered < sent
}

/// The solver worker of the page, started with it so its wasm is loaded before the first Solve.
#[hook]
pub fn use_solve(state: &UseReducerHandle<State>) -> Solver {
    let requests = use_mut_ref(Requests::default);
    let found = use_state(|| None::<Found>);
    let on_event = use_worker_events(state.dispatcher(), requests.clone(), found.setter());
    let slot = use_worker_slot(on_event);
    use_worker_life(slot.clone(), requests.clone(), state.busy_id());
    use_tables_ahead(slot.clone(), state.puzzle.goal_board.clone());
    use_playhead_reports(slot.clone(), state.playhead_report());

    // The callbacks are made once (so the panels' props compare equal between renders) and
    // read the state of the last render through this cell.
    let latest = use_mut_ref(|| state.clone());
    *latest.borrow_mut() = state.clone();

    let solve = {
        let (latest, slot, requests) = (latest.clone(), slot.clone(), requests.clone());
        use_memo((), move |_| {
            Callback::from(move |()| {
                // Cloned first: the borrow must not outlive this line (a dispatch may render).
                let state = latest.borrow().clone();
                start_solve(&state, &slot, &requests)
            })
        })
    };
    let race = use_memo((), move |_| {
        Callback::from(move |()| {
            // Cloned first: the borrow must not outlive this line (a dispatch may render).
            let state = latest.borrow().clone();
            start_race(&state, &slot)
        })
    });
    let cancel = {
        let dispatcher = state.dispatcher();
        use_memo((), move |_| {
            Callback::from(move |()| dispatcher.dispatch(Action::Solve(SolveAction::Cancelled)))
        })
    };
    Solver {
        solve: (*solve).clone(),
        race: (*race).clone(),
        cancel: (*cancel).clone(),
        found: (*found).clone(),
    }
}

/// The handler of the worker's events (made once): a reply becomes its action and marks its
/// request answered; a crash fails the request in flight.
#[hook]
fn use_worker_events(
    dispatcher: UseReducerDispatcher<State>,
    requests: Rc<RefCell<Requests>>,
    found: UseStateSetter<Option<Found>>,
) -> Callback<WorkerEvent> {
    let on_event = use_memo((), move |_| {
        Callback::from(move |event: WorkerEvent| {
            let reply = match event {
                WorkerEvent::Reply(reply) => reply,
                // A crash fails the request in flight.
                WorkerEvent::Crashed(message) => match requests.borrow().busy {
                    Some(id) => FromWorker::Failed { id, message },
                    None => return,
                },
            };
            if let Some(id) = answers(&reply) {
                let mut requests = requests.borrow_mut();
                requests.answered = requests.answered.max(id);
            }
            if let FromWorker::Improved { id, solution } | FromWorker::Done { id, solution } =
                &reply
            {
                let mut requests = requests.borrow_mut();
                if let Some((_, at)) = requests.solve_sent.filter(|(sent, _)| sent == id) {
                    let now = now_ms() - at;
                    let first = match requests.last_seen.take() {
                        Some((moves, when)) if moves == solution.moves => when,
                        _ => now,
                    };
                    requests.last_seen = Some((solution.moves.clone(), first));
                    if matches!(reply, FromWorker::Done { .. }) {
                        found.set(Some(Found {
                            moves: solution.moves.clone(),
                            after_ms: first,
                            ended_ms: now,
                        }));
                    }
                }
            }
            if let Some(action) = action_for(reply) {
                dispatcher.dispatch(action);
            }
        })
    });
    (*on_event).clone()
}

/// Starts the worker with the page (the slot stops it with the page), and stops and restarts
/// it when the state stops being busy while the worker holds a request it has not answered
/// (`busy` is the state's request id; checked whenever it or the ids handed out change).
#[hook]
fn use_worker_life(slot: WorkerSlot, requests: Rc<RefCell<Requests>>, busy: Option<u32>) {
    {
        let slot = slot.clone();
        use_effect_with((), move |_| {
            if let Err(message) = slot.start() {
                web_sys::console::warn_1(&message.into());
            }
        });
    }
    let sent = slot.upcoming_id() - 1;
    use_effect_with((busy, sent), move |&(now, sent)| {
        let mut requests = requests.borrow_mut();
        requests.busy = now;
        if abandoned(now, sent, requests.answered) {
            slot.stop();
            slot.start().ok();
        }
    });
}

/// Tells the worker where the playback of a watched solve is, whenever that changes, so its
/// next round improves the moves not yet played ([`crate::ahead`]).
#[hook]
fn use_playhead_reports(slot: WorkerSlot, report: Option<(u32, Playhead)>) {
    use_effect_with(report, move |report| {
        if let Some((id, playhead)) = report.clone() {
            slot.send(&[ToWorker::Playhead { id, playhead }]).ok();
        }
    });
}

/// Solves the board on screen (if it can be solved) under a new request id; watched, the
/// best answer so far plays after [`EXACT_GRACE_MS`] if none played yet.
fn start_solve(
    state: &UseReducerHandle<State>,
    slot: &WorkerSlot,
    requests: &Rc<RefCell<Requests>>,
) {
    if !state.can_solve() {
        return;
    }
    let id = slot.new_id();
    let mut sent = requests.borrow_mut();
    sent.solve_sent = Some((id, now_ms()));
    sent.last_seen = None;
    drop(sent);
    let mut message = state.worker_message(id);
    if let ToWorker::Solve(request) = &mut message {
        request.workers = page_workers();
    }
    let watched = matches!(&message, ToWorker::Solve(request) if request.watch.is_some());
    state.dispatch(Action::Solve(SolveAction::Started(id)));
    if let Err(message) = slot.send(&[message]) {
        state.dispatch(Action::Solve(SolveAction::Failed(id, message)));
        return;
    }
    if watched {
        let dispatcher = state.dispatcher();
        Timeout::new(EXACT_GRACE_MS, move || {
            dispatcher.dispatch(Action::Solve(SolveAction::WatchNow(id)))
        })
        .forget();
    }
}

/// The workers a solve may run on: this device's ([`crate::two_workers::here`]).
fn page_workers() -> crate::protocol::Workers {
    crate::protocol::Workers {
        count: crate::two_workers::here(),
    }
}

/// How long the page waits, after it loads or the size or goal changes, before it asks the
/// worker to read that goal's stored tables (the page has drawn and is idle by then).
const READ_TABLES_AFTER_MS: u32 = 1500;

/// A warm visit is warm: once the page is idle after load, and after each change of size or
/// goal, the worker reads the tables the board's default method uses from IndexedDB if an
/// earlier visit stored them (nothing is downloaded: that waits for a solve), so that the
/// first Solve finds them in hand. A change before the wait is over drops the read; a worker
/// restarted by Cancel reads them again with its first solve.
#[hook]
fn use_tables_ahead(slot: WorkerSlot, goal: puzzle_core::Board) {
    use_effect_with(goal, move |goal| {
        let goal = goal.clone();
        let timeout = Timeout::new(READ_TABLES_AFTER_MS, move || {
            slot.send(&[ToWorker::ReadTables { goal }]).ok();
        });
        move || drop(timeout)
    });
}

/// Races the picked methods on the board on screen (if a race can start), one request id each.
fn start_race(state: &UseReducerHandle<State>, slot: &WorkerSlot) {
    if !state.can_race() {
        return;
    }
    let first_id = slot.upcoming_id();
    let mut race = Race::plan(
        &state.puzzle.board,
        &state.puzzle.goal_board,
        &state.prefs.race_pick,
        first_id,
        RACE_BUDGET,
    );
    if let Some(formula) = &state.prefs.lab_formula {
        let id = first_id + race.entries.len() as u32;
        race = race.with(crate::experiment::formula_method(formula), id);
    }
    slot.new_ids(race.entries.len() as u32);
    let ids: Vec<u32> = race.entries.iter().map(|e| e.id).collect();
    let requests = race.requests();
    state.dispatch(Action::Race(RaceAction::RaceStarted(Box::new(race))));
    // The worker answers one message at a time: the methods run in turn.
    if let Err(message) = slot.send(&requests) {
        for id in ids {
            state.dispatch(Action::Solve(SolveAction::Failed(id, message.clone())));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{BuildProgress, ShippedTables, TablesInfo};
    use puzzle_core::{Board, Limits, Progress, SolverConfig};

    /// One reply of each kind, each with its own id.
    fn one_of_each() -> Vec<FromWorker> {
        let board: Board = "1 2 3 4 5 6 7 8 0".parse().unwrap();
        let config = SolverConfig::best_for(board.shape());
        let solution = puzzle_core::solve(&board, &board, &config, &mut Limits::default());
        let solution = Box::new(solution.unwrap());
        vec![
            FromWorker::Ready,
            FromWorker::Proved {
                id: 1,
                lower_bound: 90,
            },
            FromWorker::Progress {
                id: 1,
                progress: Progress::default(),
            },
            FromWorker::Done {
                id: 2,
                solution: solution.clone(),
            },
            FromWorker::Improved { id: 3, solution },
            FromWorker::Bound {
                id: 3,
                lower_bound: 20,
            },
            FromWorker::Building {
                id: 4,
                build: BuildProgress {
                    filled: 5,
                    total: 10,
                    table: 1,
                    tables: 3,
                    elapsed_ms: 0.0,
                    recent_seconds_left: None,
                },
            },
            FromWorker::TablesReady {
                id: 5,
                info: TablesInfo::Cache {
                    ms: 250.0,
                    bytes: 1000,
                },
            },
            FromWorker::DownloadFailed {
                id: 5,
                tables: ShippedTables::WholeBoard,
                why: "HTTP 404".to_string(),
            },
            FromWorker::Workers {
                id: 5,
                count: 1,
                failed: Some("it did not start in time".into()),
                memory: vec![60 << 20],
                rounds: (0, 0),
            },
            FromWorker::Distance {
                id: 6,
                board: board.clone(),
                goal: board,
                distance: Some(0),
                first: None,
            },
            FromWorker::TraceChunk {
                id: 7,
                events: Vec::new(),
                done: true,
                limit_reached: false,
            },
            FromWorker::ExperimentProgress {
                id: 10,
                progress: puzzle_core::experiment::ExperimentProgress {
                    depth_index: 0,
                    depth: 2,
                    board_index: 0,
                    boards: 8,
                    method_index: 0,
                    done: 1,
                    total: 2,
                },
            },
            FromWorker::ExperimentRow {
                id: 11,
                row: puzzle_core::experiment::DepthRow {
                    depth: 2,
                    available: 4,
                    boards: 4,
                    cells: Vec::new(),
                },
                boards: Vec::new(),
            },
            FromWorker::ExperimentDone {
                id: 12,
                elapsed_ms: 1.0,
            },
            FromWorker::FormulaProgress {
                id: 13,
                done: 1,
                total: 12,
            },
            FromWorker::FormulaChecked {
                id: 13,
                verdicts: small_verdicts(),
                elapsed_ms: 1.0,
            },
            FromWorker::Failed {
                id: 9,
                message: "no".into(),
            },
        ]
        .into_iter()
        .chain(lesson_replies())
        .collect()
    }

    /// One of each reply of the lesson's workers.
    fn lesson_replies() -> [FromWorker; 3] {
        [
            FromWorker::Taught {
                id: 14,
                phases: Vec::new(),
            },
            FromWorker::ReviewProgress {
                id: 15,
                done: 1,
                total: 2,
            },
            FromWorker::Reviewed {
                id: 15,
                review: puzzle_core::review::Review {
                    moves: Vec::new(),
                    distances: Vec::new(),
                },
                elapsed_ms: 1.0,
            },
        ]
    }

    /// The verdicts on Manhattan over the 12 boards of 2x2.
    fn small_verdicts() -> puzzle_core::formula::check::Verdicts {
        let goal: Board = "1 2 3 0".parse().unwrap();
        let estimate = "manhattan"
            .parse::<puzzle_core::formula::Formula>()
            .unwrap()
            .bind(&goal)
            .unwrap();
        puzzle_core::formula::check::check_goal(&estimate, &goal, &mut |_, _| true)
            .unwrap()
            .unwrap()
    }

    #[test]
    fn every_reply_becomes_the_action_for_its_request_or_nothing() {
        let replies = one_of_each();
        let mut kinds = std::collections::HashSet::new();
        for reply in replies.clone() {
            kinds.insert(std::mem::discriminant(&reply));
            // No wildcard: a new kind of reply does not compile until it is listed here (and
            // in `one_of_each`, which the count below checks).
            let (action, answered) = match reply.clone() {
                // The worker's start, and the replies the exact count and the step-through
                // view read, and the coach's worker's proof: nothing for the solve state here.
                FromWorker::Ready
                | FromWorker::Proved { .. }
                | FromWorker::Distance { .. }
                | FromWorker::TraceChunk { .. }
                | FromWorker::ExperimentProgress { .. }
                | FromWorker::ExperimentRow { .. }
                | FromWorker::ExperimentDone { .. }
                | FromWorker::FormulaProgress { .. }
                | FromWorker::FormulaChecked { .. }
                | FromWorker::Taught { .. }
                | FromWorker::ReviewProgress { .. }
                | FromWorker::Reviewed { .. } => (None, None),
                FromWorker::Progress { id, progress } => (
                    Some(Action::Solve(SolveAction::Progress(id, progress))),
                    None,
                ),
                FromWorker::Done { id, solution } => (
                    Some(Action::Solve(SolveAction::Solved(id, solution))),
                    Some(id),
                ),
                FromWorker::Improved { id, solution } => (
                    Some(Action::Solve(SolveAction::Improved(id, solution))),
                    None,
                ),
                FromWorker::Bound { id, lower_bound } => (
                    Some(Action::Solve(SolveAction::Told(
                        id,
                        Told::Bound(lower_bound),
                    ))),
                    None,
                ),
                FromWorker::Failed { id, message } => (
                    Some(Action::Solve(SolveAction::Failed(id, message))),
                    Some(id),
                ),
                FromWorker::Building { id, build } => (
                    Some(Action::Solve(SolveAction::Told(
                        id,
                        Told::TablesBuilding(build),
                    ))),
                    None,
                ),
                FromWorker::TablesReady { id, info } => (
                    Some(Action::Solve(SolveAction::Told(
                        id,
                        Told::TablesReady(info),
                    ))),
                    None,
                ),
                FromWorker::DownloadFailed { id, tables, why } => (
                    Some(Action::Solve(SolveAction::Told(
                        id,
                        Told::DownloadFailed(tables, why),
                    ))),
                    None,
                ),
                FromWorker::Workers {
                    id,
                    count,
                    failed,
                    memory,
                    rounds,
                } => (
                    Some(Action::Solve(SolveAction::Told(
                        id,
                        Told::Workers(WorkersInfo {
                            count,
                            failed,
                            memory,
                            rounds,
                        }),
                    ))),
                    None,
                ),
            };
            assert_eq!(answers(&reply), answered, "{reply:?}");
            assert_eq!(action_for(reply.clone()), action, "{reply:?}");
        }
        assert_eq!(kinds.len(), replies.len(), "one reply of each kind");
        assert_eq!(kinds.len(), 21, "every kind of reply");
    }

    /// The worker is stopped only when the state is idle while a request sent is unanswered:
    /// not after the answer, not when nothing was asked, not while the state waits for one.
    #[test]
    fn the_worker_stops_only_for_a_request_left_unanswered() {
        // Cancel, a hand move or a goal change before the answer (also when the Solve and the
        // change came before one render: the state was idle at both).
        assert!(abandoned(None, 3, 2));
        // Answered (also an answer newer than the last id seen): nothing to stop.
        assert!(!abandoned(None, 3, 3));
        assert!(!abandoned(None, 3, 5));
        // The state waits for a request (the worker may still end an older one first: its
        // answer is dropped, and stopping would lose the request queued after it).
        assert!(!abandoned(Some(3), 3, 2));
        assert!(!abandoned(Some(4), 4, 2));
        // Nothing asked yet.
        assert!(!abandoned(None, 0, 0));
    }
}
