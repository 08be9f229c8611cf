//! The share link: the address bar follows the board, goal, size and method.

use wasm_bindgen::JsValue;
use yew::prelude::*;

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
