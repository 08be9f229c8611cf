//! The root component: owns the reducer and every effect (worker, playback timer, keyboard,
//! URL). Timers and listeners are held by their effects and dropped to cancel.

use std::cell::RefCell;
use std::rc::Rc;

use gloo_timers::callback::Interval;
use puzzle_core::Direction;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::KeyboardEvent;
use yew::prelude::*;

use crate::client::{SolverWorker, WorkerEvent};
use crate::components::board::BoardView;
use crate::components::playback::PlaybackBar;
use crate::components::result::ResultPanel;
use crate::components::setup::Setup;
use crate::components::solver::SolverPanel;
use crate::protocol::FromWorker;
use crate::state::{scrambled, Action, State};

/// The worker slot shared by the callbacks.
type WorkerSlot = Rc<RefCell<Option<SolverWorker>>>;

/// The page.
#[function_component(App)]
pub fn app() -> Html {
    let state = use_reducer(initial_state);
    let worker: WorkerSlot = use_mut_ref(|| None);
    let next_id = use_mut_ref(|| 0u32);
    let running_id = state.running.as_ref().map(|r| r.id);
    let running_id_ref = use_mut_ref(|| None::<u32>);
    *running_id_ref.borrow_mut() = running_id;

    let on_event = {
        let dispatcher = state.dispatcher();
        let running_id = running_id_ref.clone();
        Callback::from(move |event: WorkerEvent| match event {
            WorkerEvent::Reply(FromWorker::Progress { id, progress }) => {
                dispatcher.dispatch(Action::Progress(id, progress))
            }
            WorkerEvent::Reply(FromWorker::Done { id, solution }) => {
                dispatcher.dispatch(Action::Solved(id, solution))
            }
            WorkerEvent::Reply(FromWorker::Failed { id, message }) => {
                dispatcher.dispatch(Action::SolveFailed(id, message))
            }
            WorkerEvent::Reply(FromWorker::Ready) => {}
            WorkerEvent::Crashed(message) => {
                if let Some(id) = *running_id.borrow() {
                    dispatcher.dispatch(Action::SolveFailed(id, message));
                }
            }
        })
    };

    // Start the worker with the page, so its wasm is loaded before the first Solve.
    {
        let worker = worker.clone();
        let on_event = on_event.clone();
        use_effect_with((), move |_| {
            *worker.borrow_mut() = SolverWorker::spawn(on_event).ok();
            move || drop(worker.borrow_mut().take())
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
            let request = state.request(id);
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
                worker.send(request);
            }
        })
    };
    let on_cancel = {
        let state = state.clone();
        let worker = worker.clone();
        Callback::from(move |()| {
            // Terminating is the only way to stop a worker that is busy searching; a fresh one
            // is ready for the next Solve.
            let mut slot = worker.borrow_mut();
            drop(slot.take());
            *slot = SolverWorker::spawn(on_event.clone()).ok();
            state.dispatch(Action::Cancelled);
        })
    };
    let dismiss = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::DismissNotice))
    };

    let solved = state.is_solved();
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
                <BoardView state={state.clone()} />
                <PlaybackBar state={state.clone()} />
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
                <SolverPanel state={state.clone()} {on_solve} {on_cancel} />
                <ResultPanel state={state.clone()} />
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
