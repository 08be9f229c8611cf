//! The Solve panel's "How to solve" disclosure (the method menu, its explanations and "Wait for
//! the best answer"): closed on a player's first screen, open for a teacher. It opens by itself
//! when the Race or Step-through view is shown (where methods are what the page is about) or a
//! link names a method other than the size's default, and the person's own choice (opening or
//! closing it) is kept in local storage under [`KEY`] for the next visit.

use wasm_bindgen::JsCast;
use web_sys::HtmlDetailsElement;
use yew::prelude::*;

use crate::state::View;

/// The local-storage key of the person's last choice ("open" or "closed").
pub const KEY: &str = "how-to-solve";

/// The disclosure's element, whether it opens on the first render, and its toggle handler.
pub struct HowToSolve {
    /// The `<details>` element.
    pub node: NodeRef,
    /// Whether it is open when first drawn.
    pub open: bool,
    /// Keeps the person's choice when the disclosure is toggled.
    pub on_toggle: Callback<Event>,
}

/// The person's kept choice, if any.
fn kept() -> Option<bool> {
    let value = crate::storage::local()?.get_item(KEY).ok()??;
    Some(value == "open")
}

/// Whether the disclosure opens at first: the kept choice, else open only when the page was
/// opened with a method other than the default (a teacher's link).
pub fn opens(kept: Option<bool>, other_method: bool) -> bool {
    kept.unwrap_or(other_method)
}

/// The disclosure of the Solve panel, for the page showing `view`; `other_method`: the chosen
/// method is not the size's default.
#[hook]
pub fn use_how_to_solve(view: View, other_method: bool) -> HowToSolve {
    let node = use_node_ref();
    let open = *use_state(|| opens(kept(), other_method));
    {
        let node = node.clone();
        use_effect_with(view, move |&view| {
            if matches!(view, View::Race | View::Step) {
                if let Some(details) = node.cast::<HtmlDetailsElement>() {
                    details.set_open(true);
                }
            }
        });
    }
    let on_toggle = use_callback((), |e: Event, _| {
        let Some(details) = e
            .target()
            .and_then(|t| t.dyn_into::<HtmlDetailsElement>().ok())
        else {
            return;
        };
        if let Some(storage) = crate::storage::local() {
            let value = if details.open() { "open" } else { "closed" };
            storage.set_item(KEY, value).ok();
        }
    });
    HowToSolve {
        node,
        open,
        on_toggle,
    }
}

#[cfg(test)]
mod tests {
    use super::opens;

    #[test]
    fn closed_for_a_player_open_for_a_teacher_s_link_and_as_kept() {
        assert!(!opens(None, false), "a first visit: closed");
        assert!(opens(None, true), "a link with another method: open");
        assert!(!opens(Some(false), true), "the person closed it: kept");
        assert!(opens(Some(true), false), "the person opened it: kept");
    }
}
