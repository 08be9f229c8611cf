//! The first screen before the wasm arrives: the app's own components (`App`, handed in by the
//! `prerender` binary) drawn natively by Yew's server renderer at build time ([`first_screen`], run by
//! `scripts/prerender.sh` through the `prerender` binary), put into `dist/index.html` inside
//! `<div id="prerendered" data-seed="…">`. On a slow phone network the board, the toolbar and How
//! to play show at once; when the wasm has come, the app draws itself from the same seed
//! ([`seed`]), so it shows the very same board, and the copy goes (`web/style.css` hides it the
//! moment `#app` has content, [`remove`] removes it).
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

/// Removes the first screen and the loading text of index.html, shown until the app first
/// draws (the style sheet already hides them the moment `#app` has content).
pub fn remove() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    for id in ["loading", ELEMENT_ID] {
        if let Some(element) = document.get_element_by_id(id) {
            element.remove();
        }
    }
}

/// The most taps on the first screen the app plays (a longer list is cut there: the board
/// then shows where those taps left it, and the rest is lost, not misplayed).
pub const MAX_TAPS: usize = 10_000;

/// The taps `web/first-taps.js` kept on the first screen before the app came, from its
/// `data-taps` text ("cell:ms" entries, ms from `Date.now()`, separated by spaces): the cell
/// tapped and when, in order. The text is the page's own, but a malformed entry ends the list
/// rather than guessing (the taps before it stand).
pub fn parse_taps(text: &str) -> Vec<(usize, f64)> {
    text.split_whitespace()
        .map_while(|entry| {
            let (cell, ms) = entry.split_once(':')?;
            let ms: f64 = ms.parse().ok()?;
            Some((cell.parse().ok()?, ms)).filter(|_| ms.is_finite())
        })
        .take(MAX_TAPS)
        .collect()
}

/// A button of the first screen pressed before the app came (`web/first-taps.js` keeps it in
/// `data-press`); the app makes the press after playing the taps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Press {
    /// Solve.
    Solve,
    /// Scramble.
    Scramble,
}

impl Press {
    /// The press named by `data-press` (`None` for anything else).
    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "solve" => Some(Self::Solve),
            "scramble" => Some(Self::Scramble),
            _ => None,
        }
    }
}

/// What was done on the first screen before the app came: its taps ([`parse_taps`]) in order,
/// then at most one press.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Early {
    /// The cells tapped and when (ms from `Date.now()`).
    pub taps: Vec<(usize, f64)>,
    /// Solve or Scramble, pressed after the taps.
    pub press: Option<Press>,
}

/// What was done on the first screen ([`Early`]), taken once: the element is marked
/// `data-taken`, so its script slides nothing more. Empty where there is no first screen (and
/// natively).
pub fn take() -> Early {
    #[cfg(target_arch = "wasm32")]
    {
        let Some(element) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.get_element_by_id(ELEMENT_ID))
        else {
            return Early::default();
        };
        element.set_attribute("data-taken", "").ok();
        let read = |name| element.get_attribute(name).unwrap_or_default();
        Early {
            taps: parse_taps(&read("data-taps")),
            press: Press::parse(&read("data-press")),
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        Early::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn taps_are_read_in_order_and_a_bad_entry_ends_them() {
        assert_eq!(parse_taps(""), vec![]);
        assert_eq!(
            parse_taps("5:1700000000000 4:1700000000250.5"),
            vec![(5, 1_700_000_000_000.0), (4, 1_700_000_000_250.5)]
        );
        assert_eq!(parse_taps("3:1 x:2 4:3"), vec![(3, 1.0)]);
        assert_eq!(parse_taps("3:1 4 5:6"), vec![(3, 1.0)]);
        assert_eq!(parse_taps("-1:5"), vec![]);
        assert_eq!(parse_taps("2:NaN"), vec![]);
        assert_eq!(parse_taps("2:inf 1:1"), vec![]);
        let many = "1:1 ".repeat(MAX_TAPS + 5);
        assert_eq!(parse_taps(&many).len(), MAX_TAPS);
    }

    #[test]
    fn only_solve_and_scramble_are_presses() {
        assert_eq!(Press::parse("solve"), Some(Press::Solve));
        assert_eq!(Press::parse("scramble"), Some(Press::Scramble));
        for other in ["", "Solve", "undo", "solve "] {
            assert_eq!(Press::parse(other), None);
        }
    }
}
