//! The first screen before the wasm arrives: the app's own components (`App`, handed in by the
//! `prerender` binary) drawn natively by Yew's server renderer at build time ([`first_screen`], run by
//! `scripts/prerender.sh` through the `prerender` binary), put into `dist/index.html` inside
//! `<div id="prerendered" data-seed="…">`. On a slow phone network the board, the toolbar and How
//! to play show at once; when the wasm has come, the app draws itself from the same seed
//! ([`seed`]), so it shows the very same board, and the copy goes (`web/style.css` hides it the
//! moment `#app` has content, `components::header::remove_loading_text` removes it).
//!
//! One source of the markup: the same `App`, its state from [`crate::url::initial_state`] with
//! no address and the prerender's seed. Natively nothing reads the browser (no storage, no
//! address): the first visit's screen, How to play shown, the system's theme.

/// The id of the element holding the prerendered first screen in index.html.
pub const ELEMENT_ID: &str = "prerendered";

/// What index.html holds before the build fills it (the hook replaces exactly this).
pub const PLACEHOLDER: &str = r#"<div id="prerendered" aria-hidden="true"></div>"#;

#[cfg(not(target_arch = "wasm32"))]
static SEED: std::sync::OnceLock<u64> = std::sync::OnceLock::new();

/// The seed of the prerendered board: in the browser, read from the page's prerendered
/// element (`None` where the page has none: `trunk serve` without the hook, or a test page);
/// natively, the one [`first_screen`] draws with.
pub fn seed() -> Option<u64> {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window()?
            .document()?
            .get_element_by_id(ELEMENT_ID)?
            .get_attribute("data-seed")?
            .parse()
            .ok()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        SEED.get().copied()
    }
}

/// The page's first screen as HTML: the app's components drawn natively by Yew's server
/// renderer, the board from `seed` (natively; one seed a process: it is kept for the app's
/// state, which [`seed`] reads).
#[cfg(not(target_arch = "wasm32"))]
pub fn first_screen<App: yew::BaseComponent>(seed: u64) -> String
where
    App::Properties: Default,
{
    SEED.set(seed).ok();
    futures::executor::block_on(yew::ServerRenderer::<App>::new().hydratable(false).render())
}

/// `index` with its [`PLACEHOLDER`] filled with `screen`, the first screen drawn from `seed`
/// (`None` if the placeholder is not there exactly once).
pub fn fill(index: &str, screen: &str, seed: u64) -> Option<String> {
    if index.matches(PLACEHOLDER).count() != 1 {
        return None;
    }
    let filled =
        format!(r#"<div id="{ELEMENT_ID}" aria-hidden="true" data-seed="{seed}">{screen}</div>"#);
    Some(index.replacen(PLACEHOLDER, &filled, 1))
}
