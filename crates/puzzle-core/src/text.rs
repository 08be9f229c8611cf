//! Quoting a user's text in a message: at most [`EXCERPT_CHARS`] characters of it.

/// Most characters of a user's text an error message quotes.
pub const EXCERPT_CHARS: usize = 32;

/// `text`, trimmed and cut to [`EXCERPT_CHARS`] characters with `…` when longer, so that a
/// message about a megabyte of input stays one short line.
///
/// ```
/// use puzzle_core::error::excerpt;
/// assert_eq!(excerpt(" 4x4 "), "4x4");
/// assert_eq!(excerpt(&"9".repeat(1000)).chars().count(), 33);
/// ```
pub fn excerpt(text: &str) -> String {
    shortened(text, EXCERPT_CHARS)
}

/// `text`, trimmed and cut to `chars` characters with `…` when longer (a formula in a table's
/// column heading, say).
pub fn shortened(text: &str, chars: usize) -> String {
    let text = text.trim();
    match text.char_indices().nth(chars) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
}
