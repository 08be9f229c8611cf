//! Files in and out of the page: a text download (Blob + object URL + `<a download>`) and
//! reading a picked or dropped file as text.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Blob, BlobPropertyBag, File, FileReader, HtmlAnchorElement, Url};
use yew::Callback;

/// Offers `text` as a download named `filename`.
pub fn download(filename: &str, text: &str) -> Result<(), JsValue> {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = BlobPropertyBag::new();
    options.set_type("text/plain;charset=utf-8");
    let blob = Blob::new_with_str_sequence_and_options(&parts, &options)?;
    let url = Url::create_object_url_with_blob(&blob)?;
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or_else(|| JsValue::from_str("no document"))?;
    let anchor: HtmlAnchorElement = document.create_element("a")?.dyn_into()?;
    anchor.set_href(&url);
    anchor.set_download(filename);
    anchor.set_hidden(true);
    let body = document
        .body()
        .ok_or_else(|| JsValue::from_str("no body"))?;
    body.append_child(&anchor)?;
    anchor.click();
    body.remove_child(&anchor)?;
    Url::revoke_object_url(&url)?;
    Ok(())
}

/// Reads `file` as text and hands it to `done` (nothing if it cannot be read).
pub fn read_text(file: &File, done: Callback<String>) {
    let Ok(reader) = FileReader::new() else {
        return;
    };
    let on_load = {
        let reader = reader.clone();
        Closure::once_into_js(move || {
            if let Some(text) = reader.result().ok().and_then(|r| r.as_string()) {
                done.emit(text);
            }
        })
    };
    reader.set_onload(Some(on_load.unchecked_ref()));
    reader.read_as_text(file).ok();
}
