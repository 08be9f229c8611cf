//! The change handler of the page's menus: the chosen value, parsed, dispatched.

use std::str::FromStr;

use web_sys::HtmlSelectElement;
use yew::prelude::*;

use crate::state::{Action, State};

/// A `<select>`'s change handler that dispatches `action(value)` when the chosen value parses
/// as `T` (a value the menu does not offer is ignored).
pub fn on_select<T: FromStr + 'static>(
    state: &UseReducerDispatcher<State>,
    action: fn(T) -> Action,
) -> Callback<Event> {
    let state = state.clone();
    Callback::from(move |e: Event| {
        let value = e.target_unchecked_into::<HtmlSelectElement>().value();
        if let Ok(value) = value.parse::<T>() {
            state.dispatch(action(value));
        }
    })
}
