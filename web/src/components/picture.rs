//! The picture controls under the board: choose an image for the tiles ("Picture…"), a small
//! preview of the whole picture (what the solved board shows), show or hide the numbers over
//! it, back to plain tiles. The state is [`crate::hooks::picture`]'s.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::hooks::picture::Picture;

/// Props: the picture state.
#[derive(Properties, PartialEq)]
pub struct PictureProps {
    /// The picture choice and its callbacks.
    pub picture: Picture,
}

/// Where a tile's piece of the picture sits, as a `background-position` in percent: the piece
/// of the tile's goal cell (column, row) on a board `width` x `height`.
pub fn piece_position(column: usize, row: usize, width: usize, height: usize) -> (f64, f64) {
    let share = |at: usize, of: usize| {
        if of > 1 {
            at as f64 * 100.0 / (of - 1) as f64
        } else {
            0.0
        }
    };
    (share(column, width), share(row, height))
}

/// The picture controls.
#[function_component(PicturePicker)]
pub fn picture_picker(props: &PictureProps) -> Html {
    let picture = &props.picture;
    let on_file = {
        let set_file = picture.set_file.clone();
        Callback::from(move |e: Event| {
            let input = e.target_unchecked_into::<HtmlInputElement>();
            if let Some(file) = input.files().and_then(|files| files.get(0)) {
                set_file.emit(file);
            }
            // The same file picked again is a new choice.
            input.set_value("");
        })
    };
    let on_numbers = {
        let set_numbers = picture.set_numbers.clone();
        Callback::from(move |e: Event| {
            set_numbers.emit(e.target_unchecked_into::<HtmlInputElement>().checked());
        })
    };
    let on_clear = picture.clear.reform(|_: MouseEvent| ());
    html! {
        <div class="picture-controls" role="group" aria-label="picture">
            <div class="row">
                <label class="file-pick">{ "Picture…" }
                    <input id="picture-file" type="file" accept="image/*" onchange={on_file} />
                </label>
                if let Some(url) = &picture.url {
                    <img id="picture-preview" class="picture-preview" src={url.clone()}
                        alt="the whole picture, as the solved board shows it" />
                    <label class="check">
                        <input id="picture-numbers" type="checkbox" checked={picture.numbers} onchange={on_numbers} />
                        { "Show numbers" }
                    </label>
                    <button id="picture-clear" onclick={on_clear}>{ "Plain tiles" }</button>
                }
            </div>
            if let Some(error) = &picture.error {
                <p id="picture-error" class="error" role="alert">{ error.clone() }</p>
            }
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_cover_the_picture_from_corner_to_corner() {
        assert_eq!(piece_position(0, 0, 3, 3), (0.0, 0.0));
        assert_eq!(piece_position(1, 2, 3, 3), (50.0, 100.0));
        assert_eq!(piece_position(3, 1, 4, 2), (100.0, 100.0));
        assert_eq!(piece_position(0, 0, 1, 1), (0.0, 0.0));
    }
}
