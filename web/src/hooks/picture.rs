//! The picture the tiles show (UI state, not in the reducer): an object URL of a file the
//! person picked or dropped, and whether the tile numbers show over it. The URL is a
//! `gloo_file::ObjectUrl`, revoked when its last holder drops it: when the picture is
//! replaced or cleared, when a newer file or a failed decode makes it unused, and when the page
//! unmounts. The image stays in the browser: nothing is uploaded.

use std::cell::RefCell;
use std::rc::Rc;

use gloo_file::ObjectUrl;
use web_sys::File;
use yew::prelude::*;

/// The picture choice and the callbacks that change it.
#[derive(Clone, PartialEq)]
pub struct Picture {
    /// The object URL of the image, when one is chosen.
    pub url: Option<AttrValue>,
    /// Whether the tile numbers show over the picture.
    pub numbers: bool,
    /// Why the last file was refused, if it was.
    pub error: Option<AttrValue>,
    /// Takes a file (refused with a message unless it is an image).
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
    // Files offered so far: only the decode of the last one may change the picture.
    let offered = use_mut_ref(|| 0u32);
    let set_file = {
        let replace = replace.clone();
        let error = error.setter();
        use_callback((), move |file: File, _| {
            if !is_image(&file.type_()) {
                error.set(Some(
                    format!("{} is not an image", short(&file.name())).into(),
                ));
                return;
            }
            // `URL.createObjectURL` takes any `File`.
            let object_url = ObjectUrl::from(gloo_file::File::from(file.clone()));
            let ticket = {
                let mut offered = offered.borrow_mut();
                *offered += 1;
                *offered
            };
            let (offered, replace, error) = (offered.clone(), replace.clone(), error.clone());
            let name = short(&file.name());
            // Decoded before use: a file named like an image that does not decode leaves the
            // old tiles and says so.
            wasm_bindgen_futures::spawn_local(async move {
                let decoded = decode(&object_url).await;
                // A newer file was offered: this URL is dropped (and revoked) unused.
                if *offered.borrow() != ticket {
                    return;
                }
                if decoded {
                    error.set(None);
                    replace.emit(Some(object_url));
                } else {
                    drop(object_url);
                    error.set(Some(
                        format!(
                            "{name} could not be read as an image: the tiles stay as they were"
                        )
                        .into(),
                    ));
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
    use_effect_with((), move |_| move || drop(current.take()));
    Picture {
        url: (*url).clone(),
        numbers: *numbers,
        error: (*error).clone(),
        set_file,
        clear,
        set_numbers,
    }
}

/// Whether the image at `url` decodes (`HTMLImageElement.decode()`).
async fn decode(url: &str) -> bool {
    let Ok(image) = web_sys::HtmlImageElement::new() else {
        return false;
    };
    image.set_src(url);
    wasm_bindgen_futures::JsFuture::from(image.decode())
        .await
        .is_ok()
        && image.natural_width() > 0
}

/// A file name cut to 32 characters for a message.
fn short(name: &str) -> String {
    let mut cut: String = name.chars().take(32).collect();
    if cut.len() < name.len() {
        cut.push('…');
    }
    cut
}
