//! Files in and out of the page: a text download (gloo-file's Blob and object URL, and an
//! `<a download>`),
//! reading a picked or dropped board file as text (refused by its size first, so that nothing
//! big is read), and file sizes and names in words for the messages about files.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{File, FileReader, HtmlAnchorElement};
use yew::Callback;

/// Offers `text` as a download named `filename` (the object URL is revoked when `url` drops,
/// after the click has started the download).
pub fn download(filename: &str, text: &str) -> Result<(), JsValue> {
    let blob = gloo_file::Blob::new_with_options(text, Some("text/plain;charset=utf-8"));
    let url = gloo_file::ObjectUrl::from(blob);
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
    Ok(())
}

/// The largest board file read, in bytes: a 16x16 board (the largest) with a comment line
/// takes about 1 KB, so anything over this is not a board file and is not read at all.
pub const MAX_BOARD_FILE_BYTES: f64 = 64.0 * 1024.0;

/// Why a board file named `name` of `bytes` is not read, or `None` if it may be.
pub fn board_file_refusal(name: &str, bytes: f64) -> Option<String> {
    (bytes > MAX_BOARD_FILE_BYTES).then(|| {
        format!(
            "{} is {}: a board file is at most {}, so it was not read.",
            short_name(name),
            file_size(bytes),
            file_size(MAX_BOARD_FILE_BYTES)
        )
    })
}

/// A board file's text: `file` read and handed to `done`, unless it is too big to be a board
/// file ([`MAX_BOARD_FILE_BYTES`], told by its size before anything is read) or cannot be
/// read; then `refused` gets the message.
pub fn read_board_file(file: &File, done: Callback<String>, refused: Callback<String>) {
    if let Some(message) = board_file_refusal(&file.name(), file.size()) {
        refused.emit(message);
        return;
    }
    let unreadable = format!("{} could not be read.", short_name(&file.name()));
    let Ok(reader) = FileReader::new() else {
        refused.emit(unreadable);
        return;
    };
    let on_load = {
        let reader = reader.clone();
        let refused = refused.clone();
        let unreadable = unreadable.clone();
        Closure::once_into_js(
            move || match reader.result().ok().and_then(|r| r.as_string()) {
                Some(text) => done.emit(text),
                None => refused.emit(unreadable),
            },
        )
    };
    // A file removed or unreadable since it was picked (`load` never comes then).
    let on_error = {
        let refused = refused.clone();
        let unreadable = unreadable.clone();
        Closure::once_into_js(move || refused.emit(unreadable))
    };
    reader.set_onload(Some(on_load.unchecked_ref()));
    reader.set_onerror(Some(on_error.unchecked_ref()));
    if reader.read_as_text(file).is_err() {
        refused.emit(unreadable);
    }
}

/// A file size in words: "900 bytes", "64 KB", "12.8 MB" (1 KB = 1024 bytes, 1 MB = 1024 KB).
pub fn file_size(bytes: f64) -> String {
    const KB: f64 = 1024.0;
    const MB: f64 = 1024.0 * KB;
    if bytes < KB {
        format!("{bytes:.0} bytes")
    } else if bytes < MB {
        format!("{:.0} KB", (bytes / KB).ceil())
    } else {
        format!("{:.1} MB", bytes / MB)
    }
}

/// A file name cut to 32 characters for a message.
pub fn short_name(name: &str) -> String {
    let mut cut: String = name.chars().take(32).collect();
    if cut.len() < name.len() {
        cut.push('…');
    }
    cut
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_file_is_refused_by_its_size_with_the_limit_in_words() {
        assert_eq!(board_file_refusal("board.txt", 1200.0), None);
        assert_eq!(board_file_refusal("board.txt", MAX_BOARD_FILE_BYTES), None);
        assert_eq!(
            board_file_refusal("huge.svg", 12.8 * 1024.0 * 1024.0).as_deref(),
            Some("huge.svg is 12.8 MB: a board file is at most 64 KB, so it was not read.")
        );
        let just_over = board_file_refusal("b.bin", MAX_BOARD_FILE_BYTES + 1.0).unwrap();
        assert!(just_over.contains("b.bin is 65 KB:"), "{just_over}");
    }

    #[test]
    fn sizes_and_names_in_words() {
        assert_eq!(file_size(0.0), "0 bytes");
        assert_eq!(file_size(1023.0), "1023 bytes");
        assert_eq!(file_size(1024.0), "1 KB");
        assert_eq!(file_size(10.0 * 1024.0 * 1024.0), "10.0 MB");
        assert_eq!(short_name("a.txt"), "a.txt");
        let long = "x".repeat(40);
        assert_eq!(short_name(&long), format!("{}…", "x".repeat(32)));
        assert_eq!(short_name("é".repeat(40).as_str()).chars().count(), 33);
    }
}
