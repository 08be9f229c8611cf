//! The colour theme: the system's setting by default, or light or dark as chosen. The choice is
//! kept in localStorage under [`KEY`] and shown as `data-theme` on the root element, which the
//! style sheet reads; index.html applies a kept choice before the first paint, so a dark page
//! never flashes light.

use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// The localStorage key of the chosen theme ("light" or "dark"; absent: the system's).
pub const KEY: &str = "theme";

/// The themes a person can choose: (value, label). "system" follows the device's setting.
const CHOICES: [(&str, &str); 3] = [("system", "System"), ("light", "Light"), ("dark", "Dark")];

/// The kept choice, "system" when none (or no storage).
fn kept() -> String {
    crate::storage::local()
        .and_then(|s| s.get_item(KEY).ok().flatten())
        .filter(|v| v == "light" || v == "dark")
        .unwrap_or_else(|| "system".to_string())
}

/// Keeps `choice` and shows it on the root element.
fn apply(choice: &str) {
    let Some(window) = web_sys::window() else {
        return;
    };
    if let Some(storage) = crate::storage::local() {
        // A browser that refuses storage still gets the theme for this visit.
        let _ = match choice {
            "system" => storage.remove_item(KEY),
            other => storage.set_item(KEY, other),
        };
    }
    if let Some(root) = window.document().and_then(|d| d.document_element()) {
        let _ = match choice {
            "system" => root.remove_attribute("data-theme"),
            other => root.set_attribute("data-theme", other),
        };
    }
}

/// The theme menu.
#[function_component(ThemePicker)]
pub fn theme_picker() -> Html {
    let choice = use_state(kept);
    let onchange = {
        let choice = choice.clone();
        Callback::from(move |e: Event| {
            let value = e.target_unchecked_into::<HtmlSelectElement>().value();
            apply(&value);
            choice.set(value);
        })
    };
    html! {
        <label class="theme">{ "Theme" }
            <select id="theme" {onchange}>
                { for CHOICES.into_iter().map(|(value, label)| html! {
                    <option {value} selected={*choice == value}>{ label }</option>
                }) }
            </select>
        </label>
    }
}
