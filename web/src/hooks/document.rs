//! Listeners on the whole document: arrow keys and WASD slide a tile, from anywhere but a control
//! that needs those keys itself (text fields, selects, number and range inputs, radio groups,
//! and the board's grid, whose arrows move between cells); Ctrl+Z takes a hand move back and
//! Ctrl+Shift+Z or Ctrl+Y makes it again (Cmd on a Mac), except in a text field, which keeps
//! its own undo; a paste outside a form field imports a board. One generic hook adds and
//! removes a listener.

use puzzle_core::Direction;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::convert::FromWasmAbi;
use wasm_bindgen::JsCast;
use web_sys::{ClipboardEvent, KeyboardEvent};
use yew::prelude::*;

use crate::hooks::play::hand;
use crate::state::{Action, PlayAction, PuzzleAction, State};

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

/// Arrow keys and WASD slide a tile into the blank; the undo and redo shortcuts take hand
/// moves back and make them again.
#[hook]
pub fn use_keyboard(dispatcher: UseReducerDispatcher<State>) {
    let handler = use_callback(dispatcher, |event: KeyboardEvent, dispatcher| {
        if let Some(action) = undo_key(&event) {
            event.prevent_default();
            hand(dispatcher, action);
        } else if let Some(direction) = key_direction(&event) {
            event.prevent_default();
            hand(
                dispatcher,
                Action::Play(PlayAction::MoveBlank(State::key_move(direction))),
            );
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
            dispatcher.dispatch(Action::Puzzle(PuzzleAction::Import(text)));
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

/// Whether the focused `target` uses `key` itself, so the page shortcut must leave it alone.
fn keeps_key(target: Option<web_sys::EventTarget>, key: &str) -> bool {
    let Some(element) = target.and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else {
        return false;
    };
    let arrow = key.starts_with("Arrow");
    if element
        .dyn_ref::<web_sys::HtmlElement>()
        .is_some_and(|e| e.is_content_editable())
    {
        return true;
    }
    match element.tag_name().as_str() {
        "TEXTAREA" | "SELECT" => true,
        "INPUT" => {
            let kind = element.get_attribute("type").unwrap_or_default();
            !matches!(
                kind.to_ascii_lowercase().as_str(),
                "checkbox" | "button" | "submit" | "reset" | "file" | "image" | "color"
            )
        }
        // The grid's arrows move the focus between its cells (letters still slide).
        _ => {
            arrow
                && element
                    .closest("[role=grid], [role=slider], [role=radiogroup], [role=listbox], [role=tablist], [role=menu]")
                    .ok()
                    .flatten()
                    .is_some()
        }
    }
}

/// The undo or redo a shortcut asks for, unless the focus is in a text field (which keeps its
/// own undo).
fn undo_key(event: &KeyboardEvent) -> Option<Action> {
    if !(event.ctrl_key() || event.meta_key()) || event.alt_key() {
        return None;
    }
    let action = match event.key().as_str() {
        "z" | "Z" if event.shift_key() => Action::Play(PlayAction::Redo),
        "z" | "Z" => Action::Play(PlayAction::Undo),
        "y" | "Y" if !event.shift_key() => Action::Play(PlayAction::Redo),
        _ => return None,
    };
    (!keeps_key(event.target(), "z")).then_some(action)
}

/// The way a key slides a tile, unless the focused control needs the key.
fn key_direction(event: &KeyboardEvent) -> Option<Direction> {
    if event.ctrl_key() || event.alt_key() || event.meta_key() {
        return None;
    }
    let key = event.key();
    let direction = match key.as_str() {
        "ArrowUp" | "w" | "W" => Direction::Up,
        "ArrowDown" | "s" | "S" => Direction::Down,
        "ArrowLeft" | "a" | "A" => Direction::Left,
        "ArrowRight" | "d" | "D" => Direction::Right,
        _ => return None,
    };
    (!keeps_key(event.target(), &key)).then_some(direction)
}
