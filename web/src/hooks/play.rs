//! The game by hand's edge: the clock read before each hand input ([`hand`]), the worker asked
//! for the fewest moves of a game on a board without an exact table ([`use_shortest`]), and the
//! best results kept in the browser's local storage ([`use_best`]).

use puzzle_core::analysis::MAX_TABLE_CELLS;
use puzzle_core::{Board, Method, Shape, SolveOutcome};
use yew::prelude::*;

use super::worker_slot::use_worker_slot;
use crate::best::{Best, Bests, STORAGE_KEY};
use crate::client::WorkerEvent;
use crate::protocol::{FromWorker, SolveRequest, ToWorker, Workers};
use crate::state::{Action, Finish, PlayAction, Reading, State};

/// Dispatches a hand input (a move, an undo, a redo) with the clock read just before it, so
/// the game times it.
pub fn hand(dispatcher: &UseReducerDispatcher<State>, action: Action) {
    dispatcher.dispatch(Action::Play(PlayAction::Reading(Reading::Clock(
        js_sys::Date::now(),
    ))));
    dispatcher.dispatch(action);
}

/// Whether the fewest moves of a board of `cells` cells come from a worker's optimal solve:
/// boards with an exact table get them from the exact count instead (its answer for the game's
/// start), bigger boards than 4x4 have no practical exact figure (the page shows a bound).
pub fn solved_for_shortest(cells: usize) -> bool {
    cells > MAX_TABLE_CELLS && cells <= 16
}

/// The request for the fewest moves from `start`: the optimal pattern-database search.
pub fn shortest_request(id: u32, start: &Board, goal: &Board) -> ToWorker {
    ToWorker::Solve(SolveRequest {
        id,
        board: start.clone(),
        goal: goal.clone(),
        method: Method::PatternDatabase,
        max_expanded: None,
        watch: None,
        workers: Workers::ONE,
    })
}

/// The request in flight: its id, start and goal.
type Pending = Option<(u32, Board, Board)>;

/// Asks a worker of its own for the fewest moves of the game on screen once it is won by hand
/// (on boards of [`solved_for_shortest`] size; until the answer, the result gives the bound);
/// a game left before the answer stops its worker.
#[hook]
pub fn use_shortest(state: &UseReducerHandle<State>) {
    let pending = use_mut_ref(|| None as Pending);
    let play = &state.play;
    let wants = play.wants_shortest() && solved_for_shortest(play.start.cells().len());
    let on_event = {
        let (dispatcher, pending) = (state.dispatcher(), pending.clone());
        Callback::from(move |event: WorkerEvent| {
            let WorkerEvent::Reply(FromWorker::Done { id, solution }) = event else {
                return;
            };
            let Some((asked, start, goal)) = pending.borrow().clone() else {
                return;
            };
            if asked == id && solution.outcome == SolveOutcome::Solved && solution.is_optimal() {
                let moves = solution.moves.len() as u32;
                dispatcher.dispatch(Action::Play(PlayAction::Reading(Reading::Shortest {
                    start,
                    goal,
                    moves,
                })));
            }
        })
    };
    let slot = use_worker_slot(on_event);
    use_effect_with(
        (wants, play.start.clone(), play.goal.clone()),
        move |(wants, start, goal)| {
            let asked_here = pending
                .borrow()
                .as_ref()
                .is_some_and(|(_, s, g)| s == start && g == goal);
            if !*wants || !asked_here {
                // Answered, or another game: the search in flight is not needed any more.
                slot.stop();
                pending.borrow_mut().take();
            }
            if *wants && !asked_here {
                let id = slot.new_id();
                if slot.send(&[shortest_request(id, start, goal)]).is_ok() {
                    *pending.borrow_mut() = Some((id, start.clone(), goal.clone()));
                }
            }
        },
    );
}

/// The stored bests (none if storage is missing or its text does not read as them).
fn read_bests() -> Bests {
    let text = crate::storage::local().and_then(|s| s.get_item(STORAGE_KEY).ok().flatten());
    text.and_then(|text| js_sys::JSON::parse(&text).ok())
        .and_then(|value| serde_wasm_bindgen::from_value::<Bests>(value).ok())
        .map_or_else(Bests::default, Bests::cleaned)
}

/// Stores `bests` as JSON text (a full or missing storage is not fatal).
fn write_bests(bests: &Bests) {
    use serde::Serialize;
    let serializer = serde_wasm_bindgen::Serializer::json_compatible();
    let text = bests
        .serialize(&serializer)
        .ok()
        .and_then(|value| js_sys::JSON::stringify(&value).ok())
        .and_then(|text| text.as_string());
    if let (Some(storage), Some(text)) = (crate::storage::local(), text) {
        storage.set_item(STORAGE_KEY, &text).ok();
    }
}

/// The best results of `shape` kept in the browser; a game that `finished` on it (from
/// `start`) and counts as a record ([`crate::state::Play::record`]) is added once. Storage that is missing, full or holds garbage gives no bests and
/// is never fatal.
#[hook]
pub fn use_best(shape: Shape, start: &Board, finished: Option<Finish>) -> Option<Best> {
    let bests = use_state(read_bests);
    {
        let bests = bests.clone();
        use_effect_with(
            (
                shape,
                start.clone(),
                finished.map(|f| (f.moves, f.ms.to_bits())),
            ),
            move |(shape, _, finished)| {
                let Some((moves, ms)) = *finished else {
                    return;
                };
                let mut next = (*bests).clone();
                if next.record(&shape.to_string(), moves, f64::from_bits(ms)) {
                    write_bests(&next);
                    bests.set(next);
                }
            },
        );
    }
    bests.get(&shape.to_string())
}

/// The clock, read now and then every quarter second while `running` (for the timer's
/// display; the game's own times come through [`hand`]).
#[hook]
pub fn use_ticking_clock(running: bool) -> f64 {
    let now = use_state(js_sys::Date::now);
    {
        let now = now.clone();
        use_effect_with(running, move |&running| {
            now.set(js_sys::Date::now());
            let interval = running.then(|| {
                gloo_timers::callback::Interval::new(250, move || now.set(js_sys::Date::now()))
            });
            move || drop(interval)
        });
    }
    *now
}

/// `flag`, but turning true only once the board's tiles have stopped sliding: `delay_ms` (the
/// slide's length) after it did, and then, on a busy machine where a slide started late, when
/// the slides still running end (false at once).
#[hook]
pub fn use_after_slides(flag: bool, delay_ms: u32) -> bool {
    let shown = use_state(|| flag);
    let generation = use_mut_ref(|| 0u32);
    {
        let shown = shown.clone();
        use_effect_with(flag, move |&flag| {
            *generation.borrow_mut() += 1;
            let mine = *generation.borrow();
            let timeout = if flag {
                Some(gloo_timers::callback::Timeout::new(delay_ms, move || {
                    wasm_bindgen_futures::spawn_local(async move {
                        if let Some(slides) = running_slides() {
                            wasm_bindgen_futures::JsFuture::from(slides).await.ok();
                        }
                        if *generation.borrow() == mine {
                            shown.set(true);
                        }
                    });
                }))
            } else {
                shown.set(false);
                None
            };
            move || drop(timeout)
        });
    }
    flag && *shown
}

/// A promise of the end of the board's tile slides still running (`None`: none, or the
/// browser cannot tell).
fn running_slides() -> Option<js_sys::Promise> {
    use wasm_bindgen::{JsCast, JsValue};
    let grid = web_sys::window()?
        .document()?
        .query_selector("[role=grid]")
        .ok()??;
    let get = js_sys::Reflect::get(&grid, &JsValue::from_str("getAnimations")).ok()?;
    let options = js_sys::Object::new();
    js_sys::Reflect::set(&options, &JsValue::from_str("subtree"), &JsValue::TRUE).ok()?;
    let animations: js_sys::Array = get
        .dyn_ref::<js_sys::Function>()?
        .call1(&grid, &options)
        .ok()?
        .dyn_into()
        .ok()?;
    // Transitions only: a hint's pulse never ends.
    let slides: js_sys::Array = animations
        .iter()
        .filter(|a| {
            js_sys::Reflect::get(a, &JsValue::from_str("transitionProperty"))
                .is_ok_and(|p| p.is_string())
        })
        .filter_map(|a| js_sys::Reflect::get(&a, &JsValue::from_str("finished")).ok())
        .collect();
    (slides.length() > 0).then(|| js_sys::Promise::all(&slides))
}
