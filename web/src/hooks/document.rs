//! Listeners on the whole document: arrow keys and WASD slide a tile; a paste outside a form
//! field imports a board. One generic hook adds and removes a listener.

use puzzle_core::Direction;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::convert::FromWasmAbi;
use wasm_bindgen::JsCast;
use web_sys::{ClipboardEvent, KeyboardEvent};
use yew::prelude::*;

use crate::state::{Action, State};

/// Listens to `event` on the document for the component's life.
#[hook]
pub fn use_document_listener<E>(event: &'static str, handler: Callback<E>)
where
    E: FromWasmAbi + 'static,
{
    use_effect_with(event, move |&event| {
        let listener = Closure::<dyn FnMut(E)>::new(move |e: E| handler.emit(e));
        let document = web_sys::window().and_then(|w| w.document());
        if let Some(document) = &document {
            document
                .add_event_listener_with_callback(event, listener.as_ref().unchecked_ref())
                .ok();
        }
        move || {
            if let Some(document) = document {
                document
                    .remove_event_listener_with_callback(event, listener.as_ref().unchecked_ref())
                    .ok();
            }
            drop(listener);
        }
    });
}

/// Arrow keys and WASD slide a tile into the blank.
#[hook]
pub fn use_keyboard(dispatcher: UseReducerDispatcher<State>) {
    let handler = use_callback(dispatcher, |event: KeyboardEvent, dispatcher| {
        if let Some(direction) = key_direction(&event) {
            event.prevent_default();
            dispatcher.dispatch(Action::MoveBlank(State::key_move(direction)));
        }
    });
    use_document_listener("keydown", handler);
}

/// A board pasted anywhere outside a form field is imported like a file.
#[hook]
pub fn use_paste(dispatcher: UseReducerDispatcher<State>) {
    let handler = use_callback(dispatcher, |event: ClipboardEvent, dispatcher| {
        if in_field(event.target()) {
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
    use_document_listener("paste", handler);
}

/// Whether an event's target is a form field (which keeps its keys and pastes).
fn in_field(target: Option<web_sys::EventTarget>) -> bool {
    target
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|e| matches!(e.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"))
}

/// The way a key slides a tile, unless the key belongs to a form field.
fn key_direction(event: &KeyboardEvent) -> Option<Direction> {
    if event.ctrl_key() || event.alt_key() || event.meta_key() || in_field(event.target()) {
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
