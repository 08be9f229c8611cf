//! Tables the app ships: the web build (`scripts/web-tables.sh`, a Trunk hook over
//! `npuzzle tables`) puts the standard goal's 4x4 pattern databases and big-board tables in
//! `dist/tables/`, gzipped (17 MB and 4.5 MB). A worker that finds neither its memory nor IndexedDB
//! holding them fetches them on first need, instead of building them for 20 to 80 s; they then
//! go to IndexedDB like built ones. Every goal a [`puzzle_core::relabel::Relabel`] leads to the
//! standard goal (the blank in a corner) uses them; other goals build theirs.
//!
//! Nothing here is trusted: the bytes are checked like cached ones (format, checksum, goal),
//! and any failure (offline, a missing file, a damaged download) only means a build (or, for
//! the whole-board tables, a solve without them); the page is told why in a few words.

use std::io::Read;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{Response, WorkerGlobalScope};

use super::with_state;

/// Starts downloading `path` now, so that a later [`fetch`] finds it on the way or done (the
/// browser downloads while this worker searches).
pub fn start(path: &'static str) {
    with_state(|state| {
        state
            .downloads
            .borrow_mut()
            .entry(path)
            .or_insert_with(|| request(path));
    });
}

/// The fetch of `path`, with its failure handled at once (a rejection no one awaits yet would
/// be reported as an error): a failed download resolves to no response.
fn request(path: &str) -> js_sys::Promise {
    let scope: WorkerGlobalScope = js_sys::global().unchecked_into();
    // At most one a file per worker, so it may live as long as the worker.
    let ignore = Closure::<dyn FnMut(JsValue)>::new(|_| {});
    let handled = scope.fetch_with_str(path).catch(&ignore);
    ignore.forget();
    handled
}

/// The bytes of the shipped file `path` (relative to the worker's script), inflated.
pub async fn fetch(path: &'static str) -> Result<Vec<u8>, String> {
    let promise = with_state(|state| state.downloads.borrow_mut().remove(path))
        .unwrap_or_else(|| request(path));
    // Why, in the words the page's tables line quotes ("could not be downloaded (…)").
    let failed = |_| NO_ANSWER.to_string();
    // A failed fetch resolves to no response ([`request`]).
    let response: Response = JsFuture::from(promise)
        .await
        .map_err(failed)?
        .dyn_into()
        .map_err(failed)?;
    if !response.ok() {
        return Err(format!("HTTP {}", response.status()));
    }
    let buffer = JsFuture::from(response.array_buffer().map_err(failed)?)
        .await
        .map_err(failed)?;
    let packed = js_sys::Uint8Array::new(&buffer).to_vec();
    inflate(&packed)
}

/// Why a download failed when no answer came (offline, or refused on the way).
const NO_ANSWER: &str = "no answer from the server: offline?";
/// Why a download failed when what came is not the tables (flipped bytes, a web page).
pub const NOT_THE_TABLES: &str = "a damaged or wrong file";

/// `packed` gunzipped; an error for anything that is not gzip.
pub fn inflate(packed: &[u8]) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::with_capacity(packed.len() * 4);
    flate2::read::GzDecoder::new(packed)
        .read_to_end(&mut bytes)
        .map_err(|_| NOT_THE_TABLES.to_string())?;
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::inflate;

    #[test]
    fn gzip_inflates_and_anything_else_is_refused() {
        use std::io::Write;
        let mut packer = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        packer.write_all(b"tables tables tables").unwrap();
        let packed = packer.finish().unwrap();
        assert_eq!(inflate(&packed).unwrap(), b"tables tables tables");
        assert!(inflate(b"<!doctype html><p>not found").is_err());
        assert!(inflate(&packed[..packed.len() / 2]).is_err());
    }
}
