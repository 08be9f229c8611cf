//! The share link: the address bar follows the board, goal, size and method.

use wasm_bindgen::JsValue;
use yew::prelude::*;

use crate::state::State;

/// Replaces the query string of the address bar with `query` whenever it changes.
#[hook]
pub fn use_url_sync(query: String) {
    use_effect_with(query, |query| {
        if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
            history
                .replace_state_with_url(&JsValue::NULL, "", Some(query))
                .ok();
        }
    });
}

/// The state the page's address describes (the default puzzle without a query).
pub fn state_from_address() -> State {
    let query = web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default();
    crate::url::from_query(&query).0
}
