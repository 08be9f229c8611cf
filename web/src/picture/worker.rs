//! The picture worker's side: it reads the file, measures it ([`super::plan`]), decodes a
//! raster picture with the browser's decoder (`createImageBitmap`, which in a worker runs off
//! the page's thread) or draws an SVG with `resvg` ([`super::svg`]), and sends back the bitmap
//! as a PNG made on an `OffscreenCanvas`. One picture per worker: the page terminates it after
//! the answer, or at the deadline.

use js_sys::Uint8Array;
use wasm_bindgen::prelude::*;
use wasm_bindgen::{Clamped, JsCast};
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    Blob, DedicatedWorkerGlobalScope, ImageBitmap, ImageData, MessageEvent, OffscreenCanvas,
    OffscreenCanvasRenderingContext2d,
};

use super::protocol::{DrawPicture, FromPictureWorker};
use super::{bitmap_size, plan, svg, Plan};
use crate::protocol::{from_js, to_js};

/// Starts the worker: answers each [`DrawPicture`], then says it is ready.
pub fn run() {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let replies = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let scope = replies.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let answer = match from_js::<DrawPicture>(event.data()) {
                Ok(job) => match drawn(&scope, &job).await {
                    Ok(png) => FromPictureWorker::Drawn { png },
                    Err(why) => FromPictureWorker::Refused(why),
                },
                Err(_) => FromPictureWorker::Refused("could not be drawn".to_string()),
            };
            scope.post_message(&to_js(&answer)).ok();
        });
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    scope.post_message(&to_js(&FromPictureWorker::Ready)).ok();
}

/// The picture in `job` drawn as a PNG, or why not.
async fn drawn(scope: &DedicatedWorkerGlobalScope, job: &DrawPicture) -> Result<Blob, String> {
    let bytes = JsFuture::from(job.file.array_buffer())
        .await
        .map(|buffer| Uint8Array::new(&buffer).to_vec())
        .map_err(|_| "could not be read".to_string())?;
    let canvas = match plan(&bytes, job.side)? {
        Plan::Raster => {
            drop(bytes);
            // Decoded at its own size, then drawn small: the bitmap's size is the picture's
            // as shown (a phone photo's rotation applied), which its header may not say.
            let decoding = scope
                .create_image_bitmap_with_blob(&job.file)
                .map_err(|_| "could not be read as an image")?;
            let bitmap: ImageBitmap = JsFuture::from(decoding)
                .await
                .map_err(|_| "could not be read as an image")?
                .unchecked_into();
            let (width, height) = bitmap_size(bitmap.width(), bitmap.height(), job.side);
            let (canvas, context) = canvas(width, height)?;
            js_sys::Reflect::set(&context, &"imageSmoothingQuality".into(), &"high".into()).ok();
            context
                .draw_image_with_image_bitmap_and_dw_and_dh(
                    &bitmap,
                    0.0,
                    0.0,
                    f64::from(width),
                    f64::from(height),
                )
                .map_err(|_| "could not be drawn")?;
            bitmap.close();
            canvas
        }
        Plan::Svg => {
            let picture = svg::render(&bytes, job.side)?;
            drop(bytes);
            let (canvas, context) = canvas(picture.width, picture.height)?;
            let data = ImageData::new_with_u8_clamped_array_and_sh(
                Clamped(&picture.pixels),
                picture.width,
                picture.height,
            )
            .map_err(|_| "could not be drawn")?;
            context
                .put_image_data(&data, 0.0, 0.0)
                .map_err(|_| "could not be drawn")?;
            canvas
        }
    };
    let encoding = canvas.convert_to_blob().map_err(|_| "could not be drawn")?;
    let png = JsFuture::from(encoding)
        .await
        .map_err(|_| "could not be drawn")?;
    Ok(png.unchecked_into())
}

/// A canvas of `width` x `height` and its 2D context.
fn canvas(
    width: u32,
    height: u32,
) -> Result<(OffscreenCanvas, OffscreenCanvasRenderingContext2d), String> {
    let canvas = OffscreenCanvas::new(width, height).map_err(|_| "could not be drawn")?;
    let context = canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<OffscreenCanvasRenderingContext2d>().ok())
        .ok_or("could not be drawn")?;
    Ok((canvas, context))
}
