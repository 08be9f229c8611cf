//! The picture the tiles show (UI state, not in the reducer): an object URL of the picture
//! the person picked or dropped, and whether the tile numbers show over it. The picture is
//! drawn once into a small bitmap (at most [`PICTURE_SIDE`] pixels on its longer side, about
//! the board's size on screen), and the tiles show that bitmap: a huge picture (a 100000 px
//! SVG of blurred shapes) would otherwise be drawn again by every tile at every move, seconds
//! each. A file over [`MAX_PICTURE_BYTES`] is refused by its size, unread. The URL is a
//! `gloo_file::ObjectUrl`, revoked when its last holder drops it: when the picture is
//! replaced or cleared, when a newer file or a failed decode makes it unused, and when the page
//! unmounts. The image stays in the browser: nothing is uploaded. Before the browser decodes
//! it, the file's bytes are measured ([`crate::picture_check`]): a raster picture of too many
//! pixels, or an SVG that would draw too much, is refused with a message.

use std::cell::RefCell;
use std::rc::Rc;

use gloo_file::ObjectUrl;
use js_sys::Promise;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{Blob, CanvasRenderingContext2d, File, HtmlCanvasElement, HtmlImageElement};
use yew::prelude::*;

use crate::download::{file_size, short_name};
use crate::picture_check::picture_danger;

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

/// The longer side of the bitmap the tiles show, in pixels: about the board's size on screen
/// on a sharp display.
pub const PICTURE_SIDE: u32 = 1024;

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

/// The size of the bitmap drawn from an image of `width` x `height` pixels: the image's
/// shape, at most [`PICTURE_SIDE`] on its longer side (a smaller image keeps its size), at
/// least 1 x 1.
pub fn bitmap_size(width: u32, height: u32) -> (u32, u32) {
    let longer = width.max(height).max(1);
    let scale = (f64::from(PICTURE_SIDE) / f64::from(longer)).min(1.0);
    let side = |n: u32| ((f64::from(n) * scale).round() as u32).clamp(1, PICTURE_SIDE);
    (side(width), side(height))
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
    let set_file = {
        let replace = replace.clone();
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
            let (offered, replace, error) = (offered.clone(), replace.clone(), error.clone());
            // Decoded and drawn small before use: a file named like an image that does not
            // decode leaves the old tiles and says so.
            wasm_bindgen_futures::spawn_local(async move {
                let drawn = bitmap(&file).await;
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

/// The picture in `file` drawn once into a bitmap of [`bitmap_size`], as an object URL; why
/// not, in words after the file's name, if it does not decode or cannot be drawn.
async fn bitmap(file: &File) -> Result<ObjectUrl, String> {
    // Measured from its bytes first: the browser decodes and draws on this thread, where a
    // hostile file would stop the page (see `picture_check`).
    let bytes = JsFuture::from(file.array_buffer())
        .await
        .map(|buffer| js_sys::Uint8Array::new(&buffer).to_vec())
        .map_err(|_| "could not be read".to_string())?;
    if let Some(why) = picture_danger(&file.name(), &file.type_(), &bytes) {
        return Err(why);
    }
    drop(bytes);
    // `URL.createObjectURL` takes any `File`; this URL is revoked when the bitmap is made.
    let source = ObjectUrl::from(gloo_file::File::from(file.clone()));
    let image = decoded(&source)
        .await
        .ok_or("could not be read as an image")?;
    let (width, height) = bitmap_size(image.natural_width(), image.natural_height());
    let canvas = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.create_element("canvas").ok())
        .and_then(|c| c.dyn_into::<HtmlCanvasElement>().ok())
        .ok_or("could not be drawn")?;
    canvas.set_width(width);
    canvas.set_height(height);
    let context = canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok())
        .ok_or("could not be drawn")?;
    context
        .draw_image_with_html_image_element_and_dw_and_dh(
            &image,
            0.0,
            0.0,
            f64::from(width),
            f64::from(height),
        )
        .map_err(|_| "could not be drawn")?;
    // `toBlob` calls back with the PNG (or null): the promise's `resolve` is that callback.
    let mut drawn = Err(JsValue::NULL);
    let promise = Promise::new(&mut |resolve, _| drawn = canvas.to_blob(&resolve));
    drawn.map_err(|_| "could not be drawn")?;
    let blob = JsFuture::from(promise)
        .await
        .ok()
        .and_then(|b| b.dyn_into::<Blob>().ok())
        .ok_or("could not be drawn")?;
    Ok(ObjectUrl::from(gloo_file::Blob::from(blob)))
}

/// The image at `url`, decoded (`HTMLImageElement.decode()`), if it decodes to some pixels.
async fn decoded(url: &str) -> Option<HtmlImageElement> {
    let image = HtmlImageElement::new().ok()?;
    image.set_src(url);
    JsFuture::from(image.decode()).await.ok()?;
    (image.natural_width() > 0 && image.natural_height() > 0).then_some(image)
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

    #[test]
    fn the_bitmap_keeps_the_shape_at_most_the_side() {
        assert_eq!(bitmap_size(100_000, 100_000), (1024, 1024));
        assert_eq!(bitmap_size(4000, 3000), (1024, 768));
        assert_eq!(bitmap_size(3000, 4000), (768, 1024));
        assert_eq!(
            bitmap_size(300, 200),
            (300, 200),
            "a small image keeps its size"
        );
        assert_eq!(bitmap_size(100_000, 1), (1024, 1), "never under one pixel");
        assert_eq!(bitmap_size(0, 0), (1, 1));
    }
}
