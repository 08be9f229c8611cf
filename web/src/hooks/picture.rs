//! The picture the tiles show (UI state, not in the reducer): an object URL of the picture
//! the person picked or dropped, and whether the tile numbers show over it. The page's thread
//! never decodes the file: the picture worker ([`crate::picture`]) measures it, decodes or
//! draws it off this thread into a bitmap about the board's size on screen, and the tiles show
//! that bitmap (a huge picture would otherwise be drawn again by every tile at every move). A
//! file over [`MAX_PICTURE_BYTES`] is refused by its size, unread; a refused or late picture
//! leaves the tiles as they were, with a message. The URL is a `gloo_file::ObjectUrl`,
//! revoked when its last holder drops it: when the picture is replaced or cleared, when a
//! newer file makes it unused, and when the page unmounts. The image stays in the browser:
//! nothing is uploaded.

use std::cell::RefCell;
use std::rc::Rc;

use gloo_file::ObjectUrl;
use web_sys::{File, Worker};
use yew::prelude::*;

use crate::download::{file_size, short_name};
use crate::picture::client::{draw, Running};
use crate::picture::side_for;

/// The picture choice and the callbacks that change it.
#[derive(Clone, PartialEq)]
pub struct Picture {
    /// The object URL of the image, when one is chosen.
    pub url: Option<AttrValue>,
    /// Whether the tile numbers show over the picture.
    pub numbers: bool,
    /// Why the last file was refused, if it was.
    pub error: Option<AttrValue>,
    /// Takes a file (refused with a message unless it is an image of at most
    /// [`MAX_PICTURE_BYTES`]).
    pub set_file: Callback<File>,
    /// Back to plain numbered tiles.
    pub clear: Callback<()>,
    /// Shows or hides the numbers.
    pub set_numbers: Callback<bool>,
}

impl Picture {
    /// Takes `file` if it is an image and says whether it did: a drop handler calls this first
    /// and imports the file as a board otherwise.
    pub fn offer(&self, file: &File) -> bool {
        let image = is_image(&file.type_());
        if image {
            self.set_file.emit(file.clone());
        }
        image
    }
}

/// Whether a MIME type is an image's.
pub fn is_image(mime: &str) -> bool {
    mime.starts_with("image/")
}

/// The largest picture file taken, in bytes (a phone's photo is 2 to 8 MB).
pub const MAX_PICTURE_BYTES: f64 = 10.0 * 1024.0 * 1024.0;

/// Why a file named `name` of type `mime` and `bytes` is not taken as a picture, or `None`.
pub fn picture_refusal(name: &str, mime: &str, bytes: f64) -> Option<String> {
    if !is_image(mime) {
        return Some(format!("{} is not an image", short_name(name)));
    }
    (bytes > MAX_PICTURE_BYTES).then(|| {
        format!(
            "{} is {}: a picture is at most {}, so it was not read. The tiles stay as they were.",
            short_name(name),
            file_size(bytes),
            file_size(MAX_PICTURE_BYTES)
        )
    })
}

/// The picture state of the page.
#[hook]
pub fn use_picture() -> Picture {
    // The URL shown, held here (and revoked when dropped), shared by the callbacks and the
    // clean-up.
    let current: Rc<RefCell<Option<ObjectUrl>>> = use_mut_ref(|| None);
    let url = use_state(|| None::<AttrValue>);
    let error = use_state(|| None::<AttrValue>);
    let numbers = use_state(|| true);
    let replace = {
        let current = current.clone();
        let url = url.setter();
        use_callback((), move |next: Option<ObjectUrl>, _| {
            url.set(
                next.as_deref()
                    .map(|next| AttrValue::from(next.to_string())),
            );
            // The old URL, if any, is revoked here.
            current.replace(next);
        })
    };
    // Files offered so far: only the bitmap of the last one may change the picture.
    let offered = use_mut_ref(|| 0u32);
    // The picture worker at work, terminated by a newer file and when the page unmounts.
    let running: Running = use_mut_ref(|| None::<Worker>);
    let set_file = {
        let (replace, running) = (replace.clone(), running.clone());
        let error = error.setter();
        use_callback((), move |file: File, _| {
            // A refused file counts too: a picture still being drawn is then dropped, and the
            // message stays.
            let ticket = {
                let mut offered = offered.borrow_mut();
                *offered += 1;
                *offered
            };
            let name = file.name();
            if let Some(why) = picture_refusal(&name, &file.type_(), file.size()) {
                error.set(Some(why.into()));
                return;
            }
            let (offered, replace, error, running) = (
                offered.clone(),
                replace.clone(),
                error.clone(),
                running.clone(),
            );
            // Decoded and drawn small before use: a file that does not decode, or takes too
            // long, leaves the old tiles and says so.
            wasm_bindgen_futures::spawn_local(async move {
                let drawn = draw(&file, side(), &running)
                    .await
                    .map(|png| ObjectUrl::from(gloo_file::Blob::from(png)));
                // A newer file was offered: this bitmap is dropped (and revoked) unused.
                if *offered.borrow() != ticket {
                    return;
                }
                match drawn {
                    Ok(url) => {
                        error.set(None);
                        replace.emit(Some(url));
                    }
                    Err(why) => error.set(Some(
                        format!("{} {why}: the tiles stay as they were", short_name(&name)).into(),
                    )),
                }
            });
        })
    };
    let clear = {
        let error = error.setter();
        use_callback((), move |(), _| {
            error.set(None);
            replace.emit(None);
        })
    };
    let set_numbers = {
        let numbers = numbers.setter();
        use_callback((), move |on: bool, _| numbers.set(on))
    };
    use_effect_with((), move |_| {
        move || {
            drop(current.take());
            if let Some(worker) = running.take() {
                worker.terminate();
            }
        }
    });
    Picture {
        url: (*url).clone(),
        numbers: *numbers,
        error: (*error).clone(),
        set_file,
        clear,
        set_numbers,
    }
}

/// The bitmap's side for the board as it is on screen now.
fn side() -> u32 {
    let window = web_sys::window();
    let ratio = window.as_ref().map_or(1.0, |w| w.device_pixel_ratio());
    let board = window
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector(".board").ok().flatten())
        .map_or(0.0, |b| f64::from(b.client_width()));
    side_for(board, ratio)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pictures_are_refused_unless_images_of_at_most_the_limit() {
        assert_eq!(
            picture_refusal("notes.txt", "text/plain", 5.0).as_deref(),
            Some("notes.txt is not an image")
        );
        assert_eq!(picture_refusal("cat.jpg", "image/jpeg", 4e6), None);
        assert_eq!(
            picture_refusal("cat.jpg", "image/jpeg", MAX_PICTURE_BYTES),
            None
        );
        assert_eq!(
            picture_refusal("huge.svg", "image/svg+xml", 12.8 * 1024.0 * 1024.0).as_deref(),
            Some(
                "huge.svg is 12.8 MB: a picture is at most 10.0 MB, so it was not read. \
                 The tiles stay as they were."
            )
        );
    }
}
