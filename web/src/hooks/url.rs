//! The share link: the address bar follows the board, goal, size, method and view. A change of
//! view is a new history entry, so the browser's back button goes back to the view before;
//! every other change replaces the entry (a move is not a page to go back to).

use std::cell::Cell;
use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use yew::prelude::*;

use crate::state::{Action, State, View};

/// Writes `query` into the address bar whenever it changes: a new history entry when `view`
/// changed, else in place. Going back or forward in the history opens the view of that entry.
#[hook]
pub fn use_url_sync(query: String, view: View, dispatcher: UseReducerDispatcher<State>) {
    // The view of the history entry on screen (set before a back or forward is dispatched, so
    // that the entry it lands on is not pushed again).
    let shown = use_memo((), move |_| Rc::new(Cell::new(view)));
    {
        let shown = (*shown).clone();
        use_effect_with(query, move |query| {
            if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
                if shown.replace(view) == view {
                    history.replace_state_with_url(&JsValue::NULL, "", Some(query))
                } else {
                    history.push_state_with_url(&JsValue::NULL, "", Some(query))
                }
                .ok();
            }
        });
    }
    let shown = (*shown).clone();
    use_effect_with((), move |_| {
        let listener = Closure::<dyn FnMut(web_sys::Event)>::new(move |_| {
            let query = web_sys::window()
                .and_then(|w| w.location().search().ok())
                .unwrap_or_default();
            let (view, _) = crate::url::view_from_query(&query);
            shown.set(view);
            dispatcher.dispatch(Action::ShowView(view));
        });
        let window = web_sys::window();
        if let Some(window) = &window {
            window
                .add_event_listener_with_callback("popstate", listener.as_ref().unchecked_ref())
                .ok();
        }
        move || {
            if let Some(window) = window {
                window
                    .remove_event_listener_with_callback(
                        "popstate",
                        listener.as_ref().unchecked_ref(),
                    )
                    .ok();
            }
            drop(listener);
        }
    });
}

/// The state the page's address describes: its board, or a scrambled one when the address
/// names none (the seed is chosen here, as the Scramble button's is).
pub fn state_from_address() -> State {
    if cfg!(not(target_arch = "wasm32")) {
        // The first screen drawn at build time: no address, the prerender's seed.
        return crate::url::initial_state("", crate::prerender::seed().unwrap_or(0));
    }
    let query = web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default();
    // Without a link, the board the page showed before the wasm came (same seed, same board).
    let seed = match crate::prerender::seed() {
        Some(seed) if query.trim_start_matches('?').is_empty() => seed,
        _ => crate::hooks::scramble::random_seed(),
    };
    crate::url::initial_state(&query, seed)
}

/// The game the address's link holds (`game=`), read against the state the page opened with,
/// or why it cannot be reviewed; `None` without one (and natively: no address).
pub fn game_from_address(state: &State) -> Option<Result<crate::protocol::lesson::Game, String>> {
    if cfg!(not(target_arch = "wasm32")) {
        return None;
    }
    let query = web_sys::window()?.location().search().ok()?;
    crate::url::game_from_query(&query, state)
}
