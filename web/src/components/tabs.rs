//! The page's views as tabs, the WAI-ARIA tabs pattern: a `tablist` of `tab` buttons, each
//! controlling a `tabpanel` labelled by it. One tab is in the tab order (the selected one); the
//! arrow keys move between the tabs and open the one they land on (Home and End: the first and
//! the last). The view lives in the page's state ([`View`]) and in its link.

use web_sys::{HtmlElement, KeyboardEvent};
use yew::prelude::*;

use crate::state::{Action, State, View};

/// The id of a view's tab.
pub fn tab_id(view: View) -> String {
    format!("tab-{}", view.name())
}

/// The id of a view's panel.
pub fn panel_id(view: View) -> String {
    format!("view-{}", view.name())
}

/// The view a key on the tabs leads to from `from` (`None`: a key the tabs leave alone).
pub fn view_for_key(from: View, key: &str) -> Option<View> {
    match key {
        "ArrowRight" | "ArrowDown" => Some(from.step(1)),
        "ArrowLeft" | "ArrowUp" => Some(from.step(-1)),
        "Home" => Some(View::ALL[0]),
        "End" => Some(View::ALL[View::ALL.len() - 1]),
        _ => None,
    }
}

/// Props of the tab bar.
#[derive(Properties, PartialEq)]
pub struct TabsProps {
    /// The open view.
    pub view: View,
    /// Sends [`Action::ShowView`].
    pub dispatcher: UseReducerDispatcher<State>,
}

/// The tab bar.
#[function_component(ViewTabs)]
pub fn view_tabs(props: &TabsProps) -> Html {
    let current = props.view;
    let on_key = {
        let state = props.dispatcher.clone();
        Callback::from(move |e: KeyboardEvent| {
            let Some(next) = view_for_key(current, &e.key()) else {
                return;
            };
            // The page's arrow-key shortcut (slide a tile) stays out of the tabs.
            e.prevent_default();
            e.stop_propagation();
            state.dispatch(Action::ShowView(next));
            focus(&tab_id(next));
        })
    };
    let tabs = View::ALL.into_iter().map(|view| {
        let selected = view == current;
        let onclick = {
            let state = props.dispatcher.clone();
            Callback::from(move |_: MouseEvent| {
                state.dispatch(Action::ShowView(view));
                bring_into_view(view);
            })
        };
        html! {
            <button type="button" role="tab" id={tab_id(view)} class="tab"
                aria-selected={selected.to_string()} aria-controls={panel_id(view)}
                tabindex={if selected { "0" } else { "-1" }} {onclick}>
                { view.label() }
            </button>
        }
    });
    html! {
        <div class="tabs" role="tablist" aria-label="views" onkeydown={on_key}>
            { for tabs }
        </div>
    }
}

/// The widest window whose tabs sit in a bar at the bottom, under the board (web/style.css).
const PHONE_MAX_WIDTH: f64 = 820.0;

/// On a phone, where the views sit under the board and the tabs at the bottom of the screen,
/// scrolls the chosen view into sight once it is drawn ("Play & solve": back to the board at
/// the top); on wider screens the view is beside the board and nothing moves.
fn bring_into_view(view: View) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let narrow = window
        .inner_width()
        .ok()
        .and_then(|w| w.as_f64())
        .is_some_and(|w| w <= PHONE_MAX_WIDTH);
    if !narrow {
        return;
    }
    gloo_timers::callback::Timeout::new(0, move || {
        if view == View::Play {
            window.scroll_to_with_x_and_y(0.0, 0.0);
        } else if let Some(panel) = window
            .document()
            .and_then(|d| d.get_element_by_id(&panel_id(view)))
        {
            panel.scroll_into_view();
        }
    })
    .forget();
}

/// Focuses the element with this id, if there is one.
fn focus(id: &str) {
    if let Some(element) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id))
        .and_then(|e| wasm_bindgen::JsCast::dyn_into::<HtmlElement>(e).ok())
    {
        element.focus().ok();
    }
}

/// Props of a view's panel.
#[derive(Properties, PartialEq)]
pub struct PanelProps {
    /// The view this panel shows.
    pub view: View,
    /// The open view (the others are hidden, and keep their state).
    pub current: View,
    /// The panel's content.
    pub children: Html,
}

/// A view's panel, labelled by its tab; hidden while another view is open.
#[function_component(ViewPanel)]
pub fn view_panel(props: &PanelProps) -> Html {
    let view = props.view;
    html! {
        <section role="tabpanel" id={panel_id(view)} aria-labelledby={tab_id(view)}
            class={classes!("view", format!("view-{}", view.name()))} hidden={view != props.current}>
            { props.children.clone() }
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrows_home_and_end_move_between_the_tabs_and_other_keys_do_nothing() {
        assert_eq!(view_for_key(View::Play, "ArrowRight"), Some(View::Race));
        assert_eq!(view_for_key(View::Play, "ArrowLeft"), Some(View::Step));
        assert_eq!(view_for_key(View::Share, "Home"), Some(View::Play));
        assert_eq!(view_for_key(View::Race, "End"), Some(View::Step));
        assert_eq!(view_for_key(View::Race, "Enter"), None);
        assert_eq!(view_for_key(View::Race, "a"), None);
        assert_eq!(tab_id(View::Share), "tab-share");
        assert_eq!(panel_id(View::Step), "view-step");
        assert_eq!(
            view_for_key(View::Race, "ArrowRight"),
            Some(View::Experiment)
        );
        assert_eq!(panel_id(View::Experiment), "view-experiment");
    }
}
