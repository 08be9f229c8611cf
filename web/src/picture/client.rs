//! The page's side of the picture worker: start one for a file, hand it the file, wait for its
//! bitmap no longer than [`PICTURE_DEADLINE_MS`], and terminate it. The page's thread only
//! posts the file and shows the PNG that comes back.

use std::cell::RefCell;
use std::future::Future;
use std::rc::Rc;

use gloo_timers::future::TimeoutFuture;
use js_sys::Promise;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{Blob, MessageEvent, Worker};

use super::deadline::{within, PICTURE_DEADLINE_MS};
use super::protocol::{DrawPicture, FromPictureWorker, PICTURE_WORKER_URL};
use crate::protocol::{from_js, to_js};

/// How long the picture worker may take to start (its code may still be on its way over a
/// slow network): the deadline for drawing starts once it has.
const START_MS: u32 = 30_000;

/// Words after the file's name when the worker misses the deadline.
pub fn too_slow() -> String {
    format!(
        "takes too long to draw (over {} s); try a PNG or JPEG",
        PICTURE_DEADLINE_MS / 1000
    )
}

/// The worker that draws the latest picture, if one is at work: a newer picture terminates it.
pub type Running = Rc<RefCell<Option<Worker>>>;

/// Terminates its worker when dropped, whichever way [`draw`] ends.
struct Terminate(Worker);

impl Drop for Terminate {
    fn drop(&mut self) {
        self.0.terminate();
    }
}

/// The picture in `file` drawn by a picture worker to fit `side` pixels, as a PNG; why not, in
/// words after the file's name. The worker is kept in `running` while it works (terminating
/// the one there before).
pub async fn draw(file: &Blob, side: u32, running: &Running) -> Result<Blob, String> {
    let worker = Worker::new(PICTURE_WORKER_URL)
        .map_err(|_| "could not be drawn: the picture worker did not start".to_string())?;
    let _terminate = Terminate(worker.clone());
    if let Some(before) = running.replace(Some(worker.clone())) {
        before.terminate();
    }
    match within(reply(&worker), TimeoutFuture::new(START_MS)).await {
        Some(Ok(FromPictureWorker::Ready)) => {}
        _ => return Err("could not be drawn: the picture worker did not start".to_string()),
    }
    let job = DrawPicture {
        file: file.clone(),
        side,
    };
    worker
        .post_message(&to_js(&job))
        .map_err(|_| "could not be drawn".to_string())?;
    let answer = within(reply(&worker), TimeoutFuture::new(PICTURE_DEADLINE_MS)).await;
    running.borrow_mut().take_if(|w| *w == worker);
    match answer {
        None => Err(too_slow()),
        Some(Ok(FromPictureWorker::Drawn { png })) => Ok(png),
        Some(Ok(FromPictureWorker::Refused(why))) => Err(why),
        // The worker failed (out of memory, say) or said something else.
        Some(_) => Err("could not be drawn".to_string()),
    }
}

/// The worker's next message. The handlers are set now, before the caller awaits, so that a
/// message sent after this call is not missed.
fn reply(worker: &Worker) -> impl Future<Output = Result<FromPictureWorker, String>> {
    let promise = Promise::new(&mut |resolve, reject| {
        worker.set_onmessage(Some(&resolve));
        worker.set_onerror(Some(&reject));
    });
    async move {
        let event = JsFuture::from(promise)
            .await
            .map_err(|_| "the picture worker failed".to_string())?;
        from_js(event.unchecked_into::<MessageEvent>().data())
    }
}
