//! The messages between the page and the picture worker: the file goes in as a `Blob` (the
//! worker reads it, the page never does), the drawn bitmap comes back as a PNG `Blob`.

use serde::{Deserialize, Serialize};
use web_sys::Blob;

/// Where the page starts the picture worker (Trunk's loader of `web/src/bin/picture.rs`).
pub const PICTURE_WORKER_URL: &str = "./picture_loader.js";

/// The page asks: draw this file to fit a square of `side` pixels.
#[derive(Serialize, Deserialize)]
pub struct DrawPicture {
    /// The file as the person chose it.
    #[serde(with = "serde_wasm_bindgen::preserve")]
    pub file: Blob,
    /// The longest side of the bitmap, in pixels.
    pub side: u32,
}

/// The picture worker says.
#[derive(Serialize, Deserialize)]
pub enum FromPictureWorker {
    /// It has started and takes a [`DrawPicture`].
    Ready,
    /// The picture, drawn.
    Drawn {
        /// The bitmap as a PNG file.
        #[serde(with = "serde_wasm_bindgen::preserve")]
        png: Blob,
    },
    /// Why the picture is not drawn, in words after the file's name.
    Refused(String),
}
