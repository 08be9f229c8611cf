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

/// The state the page's address describes: its board, or a scrambled one when the address
/// names none (the seed is chosen here, as the Scramble button's is).
pub fn state_from_address() -> State {
    let query = web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default();
    // Below 2^53, like the Scramble button's seed.
    let seed = (js_sys::Math::random() * 9_007_199_254_740_992.0) as u64;
    crate::url::initial_state(&query, seed)
}
