//! Waiting in the worker's event loop, the one way every part of the worker does it: for a
//! copy's reply ([`Waker`], which every `copy::WorkerCopy` has), for a timer ([`next_turn`]:
//! the slices without tables, the waits for tables on their way, a watched solve's rounds) or
//! for one turn without the timers' minimum delay ([`next_task`]: between two subtrees of
//! `pair`).
//!
//! The two turns stay two, so that each keeps the timing it was measured with: the slices and
//! rounds pace themselves with timers (a timer of 0 ms is clamped to 4 ms once timers nest),
//! while `pair` takes a turn between subtrees of a few milliseconds each, where that clamp
//! would cost a share of the search.

use std::cell::RefCell;

use gloo_timers::callback::Timeout;
use js_sys::{Function, Promise};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::MessageChannel;

/// A wait that a message handler ends: the waiting side calls [`Waker::wait`], the handler
/// [`Waker::wake`] (nothing if no one waits).
#[derive(Default)]
pub(super) struct Waker {
    /// Resolves the promise waited on, if any.
    resolve: RefCell<Option<Function>>,
}

impl Waker {
    /// Ends the wait under way, if any.
    pub(super) fn wake(&self) {
        if let Some(resolve) = self.resolve.borrow_mut().take() {
            resolve.call0(&JsValue::UNDEFINED).ok();
        }
    }

    /// Waits in the event loop until [`Waker::wake`].
    pub(super) async fn wait(&self) {
        let mut resolve = None;
        let woken = Promise::new(&mut |yes, _no| resolve = Some(yes));
        *self.resolve.borrow_mut() = resolve;
        JsFuture::from(woken).await.ok();
    }

    /// Forgets the wait under way (its owner is gone: nothing is to be resumed).
    pub(super) fn forget(&self) {
        self.resolve.borrow_mut().take();
    }
}

/// Waits for a timer of `ms` (0: one turn of the event loop; the messages, downloads and
/// database replies waiting are handled first).
pub(super) async fn next_turn(ms: u32) {
    let mut resolve = None;
    let turn = Promise::new(&mut |yes, _no| resolve = Some(yes));
    if let Some(resolve) = resolve {
        Timeout::new(ms, move || {
            resolve.call0(&JsValue::UNDEFINED).ok();
        })
        .forget();
    }
    JsFuture::from(turn).await.ok();
}

/// Waits for one turn of the event loop, without the timers' minimum delay: a message
/// through a channel of this worker's own (the copies' replies waiting are read first).
pub(super) async fn next_task() {
    let Ok(channel) = MessageChannel::new() else {
        return;
    };
    let mut resolve = None;
    let turn = Promise::new(&mut |yes, _no| resolve = Some(yes));
    let Some(resolve) = resolve else { return };
    let on_message = Closure::once(move |_: JsValue| {
        resolve.call0(&JsValue::UNDEFINED).ok();
    });
    channel
        .port1()
        .set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    if channel.port2().post_message(&JsValue::NULL).is_err() {
        return;
    }
    JsFuture::from(turn).await.ok();
    channel.port1().set_onmessage(None);
}
