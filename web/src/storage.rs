//! The browser's local storage, where the page keeps small choices (the theme, How to play
//! dismissed, the best results): one accessor, `None` where the page may not use it.

/// The browser's local storage, if the page may use it.
pub fn local() -> Option<web_sys::Storage> {
    // Natively (the first screen drawn at build time) there is no browser to ask.
    if cfg!(not(target_arch = "wasm32")) {
        return None;
    }
    web_sys::window()?.local_storage().ok()?
}
