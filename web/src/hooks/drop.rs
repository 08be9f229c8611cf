//! Drag and drop onto the board: a dropped file or dropped text is imported like the edit
//! field ([`Action::Import`]).

use yew::prelude::*;

use crate::download::read_text;
use crate::state::{Action, State};

/// The handlers of the drop zone: `dragover` (lets the drop happen) and `drop`.
#[derive(Clone, PartialEq)]
pub struct DropHandlers {
    /// Accepts the drag, so the browser allows the drop.
    pub on_dragover: Callback<DragEvent>,
    /// Reads the dropped file (or text) and imports it.
    pub on_drop: Callback<DragEvent>,
}

/// Stable drop handlers (made once) that import what is dropped.
#[hook]
pub fn use_drop_import(dispatcher: UseReducerDispatcher<State>) -> DropHandlers {
    let handlers = use_memo((), move |_| DropHandlers {
        on_dragover: Callback::from(|e: DragEvent| e.prevent_default()),
        on_drop: Callback::from(move |e: DragEvent| {
            e.prevent_default();
            let Some(data) = e.data_transfer() else {
                return;
            };
            let dispatcher = dispatcher.clone();
            if let Some(file) = data.files().and_then(|files| files.get(0)) {
                read_text(
                    &file,
                    Callback::from(move |text| dispatcher.dispatch(Action::Import(text))),
                );
            } else if let Ok(text) = data.get_data("text/plain") {
                if !text.trim().is_empty() {
                    dispatcher.dispatch(Action::Import(text));
                }
            }
        }),
    });
    (*handlers).clone()
}
