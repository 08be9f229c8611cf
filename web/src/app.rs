//! The root component: owns the reducer and every effect (worker, playback timer, keyboard,
//! URL). Timers and listeners are held by their effects and dropped to cancel.

use std::cell::RefCell;
use std::rc::Rc;

use gloo_timers::callback::{Interval, Timeout};
use puzzle_core::analysis::DistanceTable;
use puzzle_core::{Direction, SolverConfig};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{ClipboardEvent, DragEvent, KeyboardEvent};
use yew::prelude::*;

use crate::client::{SolverWorker, WorkerEvent};
use crate::components::board::BoardView;
use crate::components::charts::DepthChart;
use crate::components::coach::Coach;
use crate::components::generator::GeneratorPanel;
use crate::components::playback::PlaybackBar;
use crate::components::race::RacePanel;
use crate::components::result::ResultPanel;
use crate::components::setup::Setup;
use crate::components::solver::SolverPanel;
use crate::download::read_text;
use crate::insight::{insight, live_size, table_size, LIVE_BUDGET};
use crate::protocol::{FromWorker, SolveRequest};
use crate::race::{Race, RACE_BUDGET};
use crate::state::{scrambled, Action, State};

/// The worker slot shared by the callbacks.
type WorkerSlot = Rc<RefCell<Option<SolverWorker>>>;

/// The page.
#[function_component(App)]
pub fn app() -> Html {
    let state = use_reducer(initial_state);
    let worker: WorkerSlot = use_mut_ref(|| None);
    let next_id = use_mut_ref(|| 0u32);
    let running_id = state.busy_id();
    let running_id_ref = use_mut_ref(|| None::<u32>);
    *running_id_ref.borrow_mut() = running_id;
    // The highest request id the worker has answered (ids only grow).
    let answered = use_mut_ref(|| 0u32);

    let on_event = {
        let dispatcher = state.dispatcher();
        let running_id = running_id_ref.clone();
        let answered = answered.clone();
        Callback::from(move |event: WorkerEvent| {
            if let WorkerEvent::Reply(
                FromWorker::Done { id, .. }
                | FromWorker::Approx { id, .. }
                | FromWorker::Failed { id, .. },
            ) = &event
            {
                let mut answered = answered.borrow_mut();
                *answered = (*answered).max(*id);
            }
            match event {
                WorkerEvent::Reply(FromWorker::Progress { id, progress }) => {
                    dispatcher.dispatch(Action::Progress(id, progress))
                }
                WorkerEvent::Reply(FromWorker::Done { id, solution }) => {
                    dispatcher.dispatch(Action::Solved(id, solution))
                }
                WorkerEvent::Reply(FromWorker::Failed { id, message }) => {
                    dispatcher.dispatch(Action::SolveFailed(id, message))
                }
                WorkerEvent::Reply(FromWorker::Building { id, build }) => {
                    dispatcher.dispatch(Action::PdbBuilding(id, build))
                }
                WorkerEvent::Reply(FromWorker::PdbReady { id, info }) => {
                    dispatcher.dispatch(Action::PdbReady(id, info))
                }
                WorkerEvent::Reply(FromWorker::Approx {
                    id,
                    solution,
                    lower_bound,
                    bound_ratio,
                }) => dispatcher.dispatch(Action::SolvedApprox(
                    id,
                    solution,
                    crate::methods::Quality {
                        lower_bound,
                        ratio: bound_ratio,
                    },
                )),
                WorkerEvent::Reply(FromWorker::Ready) => {}
                WorkerEvent::Crashed(message) => {
                    if let Some(id) = *running_id.borrow() {
                        dispatcher.dispatch(Action::SolveFailed(id, message));
                    }
                }
            }
        })
    };

    // The state decides what runs: when the request the worker is busy with is no longer
    // wanted (Cancel, a goal change) and has not been answered, the worker is terminated (the
    // only way to stop a search that never yields) and a fresh one started.
    {
        let worker = worker.clone();
        let on_event = on_event.clone();
        let previous = use_mut_ref(|| None::<u32>);
        use_effect_with(running_id, move |&now| {
            let before = std::mem::replace(&mut *previous.borrow_mut(), now);
            if let Some(id) = before {
                if now != Some(id) && *answered.borrow() < id {
                    let mut slot = worker.borrow_mut();
                    drop(slot.take());
                    *slot = SolverWorker::spawn(on_event).ok();
                }
            }
        });
    }

    // Start the worker with the page, so its wasm is loaded before the first Solve.
    {
        let worker = worker.clone();
        let on_event = on_event.clone();
        use_effect_with((), move |_| {
            *worker.borrow_mut() = SolverWorker::spawn(on_event).ok();
            move || drop(worker.borrow_mut().take())
        });
    }

    // The exact distance table of a small board's goal: built once per goal, after the page
    // has painted (a timeout), never inside the reducer or a render.
    let table = use_state(|| None::<Rc<DistanceTable>>);
    {
        let table = table.clone();
        use_effect_with(state.goal_board.clone(), move |goal| {
            let wanted = table_size(goal.cells().len())
                && (*table).as_ref().is_none_or(|t| t.goal() != goal);
            let timer = wanted.then(|| {
                let goal = goal.clone();
                Timeout::new(20, move || {
                    if let Ok(built) = DistanceTable::build(&goal) {
                        table.set(Some(Rc::new(built)));
                    }
                })
            });
            move || drop(timer)
        });
    }

    // The live count on bigger boards: a second worker solves each new board; a request for a
    // board the person has already left is stopped by terminating that worker.
    let live_worker: WorkerSlot = use_mut_ref(|| None);
    let live_next = use_mut_ref(|| 0u32);
    {
        let dispatcher = state.dispatcher();
        let on_live_event = Callback::from(move |event: WorkerEvent| match event {
            WorkerEvent::Reply(FromWorker::Done { id, solution }) => {
                dispatcher.dispatch(Action::LiveSolved(id, solution))
            }
            WorkerEvent::Reply(FromWorker::Failed { id, .. }) => {
                dispatcher.dispatch(Action::LiveFailed(id))
            }
            _ => {}
        });
        let needs = state.live_on
            && live_size(state.board.cells().len())
            && state.solvability().solvable
            && !state.is_solved();
        let pending = state.live.as_ref().is_some_and(|l| l.answer.is_none());
        let known = state
            .live
            .as_ref()
            .is_some_and(|l| l.is_for(&state.board, &state.goal_board));
        let dispatcher = state.dispatcher();
        let live_worker = live_worker.clone();
        use_effect_with(
            (state.board.clone(), state.goal_board.clone(), state.live_on),
            move |(board, goal, _)| {
                if !needs && pending {
                    // Switched off or left for a board that needs no count: stop the search.
                    drop(live_worker.borrow_mut().take());
                }
                if needs && !known {
                    let id = {
                        let mut next = live_next.borrow_mut();
                        *next += 1;
                        *next
                    };
                    let mut slot = live_worker.borrow_mut();
                    if pending {
                        drop(slot.take());
                    }
                    if slot.is_none() {
                        *slot = SolverWorker::spawn(on_live_event).ok();
                    }
                    if let Some(worker) = slot.as_ref() {
                        dispatcher.dispatch(Action::LiveStarted(id));
                        worker.send(SolveRequest {
                            id,
                            board: board.clone(),
                            goal: goal.clone(),
                            config: SolverConfig::best_for(board.shape()),
                            max_expanded: Some(LIVE_BUDGET),
                        });
                    }
                }
            },
        );
    }
    {
        let live_worker = live_worker.clone();
        use_effect_with((), move |_| move || drop(live_worker.borrow_mut().take()));
    }

    // Paste a board anywhere outside a form field: imported like a file.
    {
        let dispatcher = state.dispatcher();
        use_effect_with((), move |_| {
            let listener =
                Closure::<dyn FnMut(ClipboardEvent)>::new(move |event: ClipboardEvent| {
                    let in_field = event
                        .target()
                        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                        .is_some_and(|e| {
                            matches!(e.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT")
                        });
                    if in_field {
                        return;
                    }
                    let text = event
                        .clipboard_data()
                        .and_then(|d| d.get_data("text").ok())
                        .unwrap_or_default();
                    if !text.trim().is_empty() {
                        event.prevent_default();
                        dispatcher.dispatch(Action::Import(text));
                    }
                });
            let document = web_sys::window().and_then(|w| w.document());
            if let Some(document) = &document {
                document
                    .add_event_listener_with_callback("paste", listener.as_ref().unchecked_ref())
                    .ok();
            }
            move || {
                if let Some(document) = document {
                    document
                        .remove_event_listener_with_callback(
                            "paste",
                            listener.as_ref().unchecked_ref(),
                        )
                        .ok();
                }
                drop(listener);
            }
        });
    }

    // Playback: the interval lives as long as this effect; changing speed or pausing drops it.
    {
        let playing = state.playback.as_ref().is_some_and(|p| p.playing);
        let dispatcher = state.dispatcher();
        use_effect_with((playing, state.speed_ms), move |&(playing, speed)| {
            let interval =
                playing.then(|| Interval::new(speed, move || dispatcher.dispatch(Action::Tick)));
            move || drop(interval)
        });
    }

    // Keyboard: arrow keys and WASD slide a tile into the blank.
    {
        let dispatcher = state.dispatcher();
        use_effect_with((), move |_| {
            let listener = Closure::<dyn FnMut(KeyboardEvent)>::new(move |event: KeyboardEvent| {
                if let Some(direction) = key_direction(&event) {
                    event.prevent_default();
                    dispatcher.dispatch(Action::MoveBlank(State::key_move(direction)));
                }
            });
            let document = web_sys::window().and_then(|w| w.document());
            if let Some(document) = &document {
                document
                    .add_event_listener_with_callback("keydown", listener.as_ref().unchecked_ref())
                    .ok();
            }
            move || {
                if let Some(document) = document {
                    document
                        .remove_event_listener_with_callback(
                            "keydown",
                            listener.as_ref().unchecked_ref(),
                        )
                        .ok();
                }
                drop(listener);
            }
        });
    }

    // Share: the URL follows the board, goal, size and method.
    {
        let query = crate::url::to_query(&state);
        use_effect_with(query, |query| {
            if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
                history
                    .replace_state_with_url(&JsValue::NULL, "", Some(query))
                    .ok();
            }
        });
    }

    let on_scramble = {
        let state = state.clone();
        Callback::from(move |()| {
            let seed = (js_sys::Math::random() * 9_007_199_254_740_992.0) as u64;
            state.dispatch(Action::Scramble(scrambled(&state, seed)));
        })
    };
    let on_solve = {
        let state = state.clone();
        let worker = worker.clone();
        let next_id = next_id.clone();
        let on_event = on_event.clone();
        Callback::from(move |()| {
            if !state.can_solve() {
                return;
            }
            let id = {
                let mut next = next_id.borrow_mut();
                *next += 1;
                *next
            };
            let request = state.worker_message(id);
            state.dispatch(Action::SolveStarted(id));
            let mut slot = worker.borrow_mut();
            if slot.is_none() {
                match SolverWorker::spawn(on_event.clone()) {
                    Ok(fresh) => *slot = Some(fresh),
                    Err(message) => {
                        state.dispatch(Action::SolveFailed(id, message));
                        return;
                    }
                }
            }
            if let Some(worker) = slot.as_ref() {
                worker.send_message(&request);
            }
        })
    };
    let on_race = {
        let state = state.clone();
        let worker = worker.clone();
        let next_id = next_id.clone();
        let on_event = on_event.clone();
        Callback::from(move |()| {
            if !state.can_race() {
                return;
            }
            let methods = state.race_pick.iter().filter(|&&p| p).count() as u32;
            let first = {
                let mut next = next_id.borrow_mut();
                let first = *next + 1;
                *next += methods;
                first
            };
            let race = Race::plan(
                &state.board,
                &state.goal_board,
                &state.race_pick,
                first,
                RACE_BUDGET,
            );
            let requests = race.requests();
            state.dispatch(Action::RaceStarted(Box::new(race)));
            let mut slot = worker.borrow_mut();
            if slot.is_none() {
                *slot = SolverWorker::spawn(on_event.clone()).ok();
            }
            if let Some(worker) = slot.as_ref() {
                // The worker answers one message at a time: the methods run in turn.
                for message in &requests {
                    worker.send_message(message);
                }
            }
        })
    };
    // The effect above stops the worker once the state has no running request.
    let on_cancel = {
        let state = state.clone();
        Callback::from(move |()| state.dispatch(Action::Cancelled))
    };
    let dismiss = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::DismissNotice))
    };

    let solved = state.is_solved();
    let known = insight(&state, (*table).as_deref());
    let on_dragover = Callback::from(|e: DragEvent| e.prevent_default());
    let on_drop = {
        let state = state.clone();
        Callback::from(move |e: DragEvent| {
            e.prevent_default();
            let Some(data) = e.data_transfer() else {
                return;
            };
            if let Some(file) = data.files().and_then(|files| files.get(0)) {
                let state = state.clone();
                read_text(
                    &file,
                    Callback::from(move |text| state.dispatch(Action::Import(text))),
                );
            } else if let Ok(text) = data.get_data("text/plain") {
                if !text.trim().is_empty() {
                    state.dispatch(Action::Import(text));
                }
            }
        })
    };
    html! {
        <>
        <header class="top">
            <h1>{ "Sliding puzzle" }</h1>
            <p class="lede">{ "Slide the tiles home, or press Solve and watch a search find the shortest way." }</p>
        </header>
        <main class="layout">
            <section class="play" aria-label="puzzle">
                <div class="status" aria-live="polite">
                    <span id="move-count">{ format!("Moves: {}", state.hand_moves) }</span>
                    if solved {
                        <span id="solved" class="badge">{ "Solved!" }</span>
                    }
                </div>
                <div id="drop-zone" class="drop-zone" ondragover={on_dragover} ondrop={on_drop}>
                    <BoardView state={state.clone()} />
                </div>
                <PlaybackBar state={state.clone()} />
                <Coach state={state.clone()} insight={known} />
                <p class="hint">{ "Click a tile in the blank's row or column, or use the arrow keys / WASD." }</p>
                if let Some(notice) = &state.notice {
                    <p id="notice" class="notice" role="status">
                        <span>{ notice }</span>
                        <button class="link" onclick={dismiss} aria-label="dismiss message">{ "×" }</button>
                    </p>
                }
            </section>
            <div class="side">
                <Setup state={state.clone()} {on_scramble} />
                <SolverPanel state={state.clone()} {on_solve} on_cancel={on_cancel.clone()} />
                <RacePanel state={state.clone()} {on_race} {on_cancel} />
                <ResultPanel state={state.clone()} />
                <DepthChart state={state.clone()} />
                <GeneratorPanel state={state.clone()} />
            </div>
        </main>
        </>
    }
}

/// The state the page's URL describes (the default puzzle without one).
fn initial_state() -> State {
    let query = web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default();
    crate::url::from_query(&query).0
}

/// The way a key slides a tile, unless the key belongs to a form field.
fn key_direction(event: &KeyboardEvent) -> Option<Direction> {
    if event.ctrl_key() || event.alt_key() || event.meta_key() {
        return None;
    }
    let in_field = event
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|e| matches!(e.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"));
    if in_field {
        return None;
    }
    match event.key().as_str() {
        "ArrowUp" | "w" | "W" => Some(Direction::Up),
        "ArrowDown" | "s" | "S" => Some(Direction::Down),
        "ArrowLeft" | "a" | "A" => Some(Direction::Left),
        "ArrowRight" | "d" | "D" => Some(Direction::Right),
        _ => None,
    }
}
