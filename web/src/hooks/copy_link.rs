//! The Copy link button's effect: the page's link (the address bar, which `super::url` keeps
//! in step with the board) written to the clipboard, and what came of it.

use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

/// What the last press of Copy link did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Copied {
    /// The link is on the clipboard.
    Done,
    /// The browser refused (no permission, no Clipboard API): the link to copy by hand.
    Refused(String),
}

/// The press of Copy link and what came of the last one.
#[derive(Clone, PartialEq)]
pub struct CopyLink {
    /// Copies the page's link.
    pub copy: Callback<()>,
    /// What the last press did (`None` before the first).
    pub copied: Option<Copied>,
}

/// The page's link, as the address bar shows it.
fn page_link() -> Option<String> {
    web_sys::window()?.location().href().ok()
}

/// `navigator.clipboard.writeText(text)`, or `None` where there is no Clipboard API (an
/// insecure origin, an old browser). Through `Reflect`: web-sys keeps the Clipboard API behind
/// an unstable flag at the pinned version.
fn write_text(text: &str) -> Option<js_sys::Promise> {
    use wasm_bindgen::JsCast;
    let navigator = js_sys::Reflect::get(&js_sys::global(), &"navigator".into()).ok()?;
    let clipboard = js_sys::Reflect::get(&navigator, &"clipboard".into()).ok()?;
    let write = js_sys::Reflect::get(&clipboard, &"writeText".into()).ok()?;
    let write = write.dyn_into::<js_sys::Function>().ok()?;
    let promise = write.call1(&clipboard, &text.into()).ok()?;
    promise.dyn_into::<js_sys::Promise>().ok()
}

/// Copy link: the Clipboard API where the browser allows it, else the link shown to copy.
#[hook]
pub fn use_copy_link() -> CopyLink {
    let copied = use_state(|| None::<Copied>);
    let copy = {
        let copied = copied.clone();
        use_callback((), move |(), _| {
            let copied = copied.clone();
            let Some(link) = page_link() else {
                return;
            };
            let writing = write_text(&link);
            wasm_bindgen_futures::spawn_local(async move {
                let written = match writing {
                    Some(promise) => JsFuture::from(promise).await.is_ok(),
                    None => false,
                };
                copied.set(Some(if written {
                    Copied::Done
                } else {
                    Copied::Refused(link)
                }));
            });
        })
    };
    CopyLink {
        copy,
        copied: (*copied).clone(),
    }
}
