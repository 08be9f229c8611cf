//! The page's header: its title and one line, "How to play" and the theme menu; and the
//! loading text and prerendered first screen of index.html it replaces.

use yew::prelude::*;

use crate::components::theme::ThemePicker;

/// The page's title, its one line, "How to play" and the theme menu.
pub fn header(how_to: &UseStateHandle<bool>) -> Html {
    let onclick = {
        let how_to = how_to.clone();
        Callback::from(move |_: MouseEvent| how_to.set(true))
    };
    html! {
        <header class="top">
            <div class="top-row">
                <h1>{ "Sliding puzzle" }</h1>
                <div class="top-tools">
                    <button id="how-to-open" class="plain" {onclick}>
                        <span class="how-to-mark" aria-hidden="true">{ "?" }</span><span class="how-to-word">{ "How to play" }</span>
                    </button>
                    <ThemePicker />
                </div>
            </div>
            <p class="lede">{ "Slide the tiles home, or press Solve and watch the computer find a short way." }</p>
        </header>
    }
}

/// Removes the loading text and the prerendered first screen of index.html, shown until the
/// app first draws.
pub fn remove_loading_text() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    for id in ["loading", crate::prerender::ELEMENT_ID] {
        if let Some(element) = document.get_element_by_id(id) {
            element.remove();
        }
    }
}
