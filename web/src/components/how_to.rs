//! "How to play": a few lines for a first visit, shown until dismissed (the dismissal is kept in
//! localStorage under [`KEY`]), and again from the header's "How to play" button.

use yew::prelude::*;

/// The localStorage key set once the person has dismissed the lines.
pub const KEY: &str = "how-to-play-seen";

/// Whether the lines were dismissed in this browser before.
fn seen() -> bool {
    crate::storage::local()
        .and_then(|s| s.get_item(KEY).ok().flatten())
        .is_some()
}

/// Keeps the dismissal (a browser that refuses storage shows the lines again next visit).
fn keep_seen() {
    if let Some(storage) = crate::storage::local() {
        let _ = storage.set_item(KEY, "1");
    }
}

/// How moves are counted, said the same way in How to play and under a game won by hand.
pub const MOVE_METRIC: &str = "each tile that slides one cell counts as one move.";

/// Props of the panel.
#[derive(Properties, PartialEq)]
pub struct HowToProps {
    /// Whether the person asked for the lines (the header's button), even if dismissed before.
    pub asked: bool,
    /// Called when the person closes them.
    pub on_close: Callback<()>,
}

/// The lines, for a first visit or when asked.
#[function_component(HowToPlay)]
pub fn how_to_play(props: &HowToProps) -> Html {
    let dismissed = use_state(seen);
    if *dismissed && !props.asked {
        return html! {};
    }
    let onclick = {
        let (dismissed, on_close) = (dismissed.clone(), props.on_close.clone());
        Callback::from(move |_: MouseEvent| {
            keep_seen();
            dismissed.set(true);
            on_close.emit(());
            focus_board();
        })
    };
    html! {
        <section id="how-to-play" class="how-to" aria-label="How to play">
            <p>
                <strong>{ "How to play: " }</strong>
                { "click or tap a tile in the gap's row or column to slide it (and any between) into the gap, and put the tiles in order in as few moves as you can: " }
                { MOVE_METRIC }
                { " Stuck? Hint shows a good next move, and Solve shows the computer's way." }
            </p>
            <button id="how-to-close" {onclick}>{ "Got it" }</button>
        </section>
    }
}

/// Gives the keyboard focus to the board's tile in the tab order, where play begins (the
/// closed panel's button is gone, and the focus would fall back to the page's body).
fn focus_board() {
    use wasm_bindgen::JsCast;
    let tile = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| {
            d.query_selector("[role=grid] [tabindex=\"0\"]")
                .ok()
                .flatten()
        })
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(tile) = tile {
        tile.focus().ok();
    }
}
