//! The page's header: its title and one line, "How to play" and the theme menu.

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
