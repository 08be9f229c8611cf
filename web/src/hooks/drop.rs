//! Drag and drop onto the board: a dropped image becomes the tiles' picture, any other file
//! or dropped text is imported like the edit field ([`PuzzleAction::Import`]); a file too big
//! to be a board file is refused by its size, unread ([`read_board_file`]).

use yew::prelude::*;

use web_sys::File;

use crate::download::read_board_file;
use crate::hooks::picture::is_image;
use crate::state::{Action, EditorsAction, PuzzleAction, State};

/// The handlers of the drop zone: `dragover` (lets the drop happen) and `drop`.
#[derive(Clone, PartialEq)]
pub struct DropHandlers {
    /// Accepts the drag, so the browser allows the drop.
    pub on_dragover: Callback<DragEvent>,
    /// Reads the dropped file (or text) and imports it.
    pub on_drop: Callback<DragEvent>,
}

/// Stable drop handlers (made once): an image file goes to `on_image`, anything else is imported.
#[hook]
pub fn use_drop_import(
    dispatcher: UseReducerDispatcher<State>,
    on_image: Callback<File>,
) -> DropHandlers {
    let handlers = use_memo((), move |_| DropHandlers {
        on_dragover: Callback::from(|e: DragEvent| e.prevent_default()),
        on_drop: Callback::from(move |e: DragEvent| {
            e.prevent_default();
            let Some(data) = e.data_transfer() else {
                return;
            };
            let dispatcher = dispatcher.clone();
            if let Some(file) = data.files().and_then(|files| files.get(0)) {
                if is_image(&file.type_()) {
                    on_image.emit(file);
                    return;
                }
                let refused = dispatcher.clone();
                read_board_file(
                    &file,
                    Callback::from(move |text| {
                        dispatcher.dispatch(Action::Puzzle(PuzzleAction::Import(text)))
                    }),
                    Callback::from(move |why| {
                        refused.dispatch(Action::Editors(EditorsAction::ImportRefused(why)))
                    }),
                );
            } else if let Ok(text) = data.get_data("text/plain") {
                if !text.trim().is_empty() {
                    dispatcher.dispatch(Action::Puzzle(PuzzleAction::Import(text)));
                }
            }
        }),
    });
    (*handlers).clone()
}
