//! Keeping what the user acts on in view: when a playback starts (Solve, an answer or a race
//! row played), the board with its status line (where "Solved!" shows at the end) and the
//! playback bar under it (the answer's length, quality and controls) scroll into view if any
//! of them is off-screen, so on a phone the moves are not played a screen away from the
//! button; and focus moves without scrolling.
//!
//! `getBoundingClientRect`, `scrollIntoView` with options and `focus({preventScroll})` are
//! called through `js_sys::Reflect` so that no web-sys feature has to be added for them.

use js_sys::{Function, Object, Reflect};
use puzzle_core::{Board, Direction};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::Element;
use yew::prelude::*;

/// The board and its status line on the page.
const BOARD: &str = "#stage";
/// The playback bar under the board.
const PLAYBACK: &str = ".play .playback";

/// Calls `element.name(arg)` through reflection (`None` if it is not a method or it threw).
fn call(element: &JsValue, name: &str, arg: Option<&JsValue>) -> Option<JsValue> {
    let method: Function = Reflect::get(element, &name.into()).ok()?.dyn_into().ok()?;
    match arg {
        Some(arg) => method.call1(element, arg).ok(),
        None => method.call0(element).ok(),
    }
}

/// A number field of a JS object (`NaN` if missing).
fn number(value: &JsValue, key: &str) -> f64 {
    Reflect::get(value, &key.into())
        .ok()
        .and_then(|v| v.as_f64())
        .unwrap_or(f64::NAN)
}

/// An object `{key: value, ...}`.
fn options(pairs: &[(&str, JsValue)]) -> JsValue {
    let object = Object::new();
    for (key, value) in pairs {
        Reflect::set(&object, &(*key).into(), value).ok();
    }
    object.into()
}

/// Whether the part of the page from `top` to `bottom` (viewport pixels) is all on screen.
pub fn fully_visible(top: f64, bottom: f64, viewport_height: f64) -> bool {
    top >= 0.0 && bottom <= viewport_height
}

/// The first element matching `selector` and its box on screen (`getBoundingClientRect`).
fn find_with_box(selector: &str) -> Option<(Element, JsValue)> {
    let element = web_sys::window()?
        .document()?
        .query_selector(selector)
        .ok()
        .flatten()?;
    let rect = call(&element, "getBoundingClientRect", None)?;
    Some((element, rect))
}

/// The window's height in pixels (`NaN` if unknown: nothing then counts as visible).
fn viewport_height() -> f64 {
    web_sys::window()
        .and_then(|w| w.inner_height().ok())
        .and_then(|h| h.as_f64())
        .unwrap_or(f64::NAN)
}

/// Scrolls `element` smoothly into view, aligned as `block` says ("start", "nearest").
fn scroll_smoothly(element: &Element, block: &str) {
    let how = options(&[("block", block.into()), ("behavior", "smooth".into())]);
    call(element, "scrollIntoView", Some(&how));
}

/// Scrolls the board to the top of the viewport if part of it or of the playback bar under
/// it is off-screen (a new playback, or a board from Make & share on a phone).
pub fn reveal_board() {
    let Some((element, rect)) = find_with_box(BOARD) else {
        return;
    };
    let bottom = find_with_box(PLAYBACK).map_or(number(&rect, "bottom"), |(_, bar)| {
        number(&bar, "bottom").max(number(&rect, "bottom"))
    });
    if !fully_visible(number(&rect, "top"), bottom, viewport_height()) {
        scroll_smoothly(&element, "start");
    }
}

/// Once the page has drawn what an action changed, scrolls the first element matching
/// `selector` the shortest way into view if part of it is off-screen or under the phone's tab
/// bar (Race's table after Race, the node expanded after Step): the effect of the press is
/// where the person looks. Its CSS `scroll-margin` keeps it clear of sticky controls.
pub fn reveal_soon(selector: &'static str) {
    gloo_timers::callback::Timeout::new(50, move || {
        let Some((element, rect)) = find_with_box(selector) else {
            return;
        };
        let height = viewport_height();
        // A tab bar fixed at the bottom (a phone) hides what is under it.
        let floor = find_with_box(".tabs")
            .map(|(_, bar)| number(&bar, "top").min(height))
            .filter(|&top| top > 0.0)
            .unwrap_or(height);
        if !fully_visible(number(&rect, "top"), number(&rect, "bottom"), floor) {
            scroll_smoothly(&element, "nearest");
        }
    })
    .forget();
}

/// Focuses `element` without scrolling the page (the board's reveal decides the scroll).
pub fn focus_quietly(element: &Element) {
    let how = options(&[("preventScroll", true.into())]);
    call(element, "focus", Some(&how));
}

/// Whether the focus was dropped: nothing, the page body, or one of `dropped` (a button that
/// was just disabled) has it.
pub fn focus_lost(dropped: &[&NodeRef]) -> bool {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return false;
    };
    match document.active_element() {
        None => true,
        Some(element) => {
            document
                .body()
                .is_some_and(|body| AsRef::<Element>::as_ref(&body) == &element)
                || dropped
                    .iter()
                    .any(|r| r.cast::<Element>().is_some_and(|d| d == element))
        }
    }
}

/// Scrolls the board into view whenever a new playback starts (`playing`: its start and moves).
#[hook]
pub fn use_reveal_board(playing: Option<(Board, Vec<Direction>)>) {
    use_effect_with(playing, |playing| {
        if playing.is_some() {
            reveal_board();
        }
    });
}

#[cfg(test)]
mod tests {
    use super::fully_visible;

    #[test]
    fn a_board_cut_at_either_edge_is_not_fully_visible() {
        assert!(fully_visible(10.0, 600.0, 640.0));
        assert!(!fully_visible(-1000.0, -660.0, 640.0));
        assert!(!fully_visible(300.0, 700.0, 640.0));
        assert!(!fully_visible(f64::NAN, 10.0, 640.0));
    }
}
