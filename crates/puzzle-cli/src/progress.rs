//! Progress bars on stderr for the long parts of a run (table builds, `--batch`), with the
//! time left. They share one `MultiProgress`, so a table build's bar stacks under the batch's;
//! `indicatif` draws them only when stderr is a terminal, so piped output and logs stay as
//! they were.

use std::sync::OnceLock;

use indicatif::{MultiProgress, ProgressBar, ProgressStyle};

/// The bars of this run.
fn bars() -> &'static MultiProgress {
    static BARS: OnceLock<MultiProgress> = OnceLock::new();
    BARS.get_or_init(MultiProgress::new)
}

/// A bar over `total` units named `unit` ("entries", "boards"); `finish_and_clear` it when done.
pub fn bar(total: u64, unit: &str) -> ProgressBar {
    let bar = bars().add(ProgressBar::new(total));
    let template =
        format!("  [{{bar:40}}] {{percent:>3}}% of {{human_len}} {unit}, about {{eta}} left");
    if let Ok(style) = ProgressStyle::with_template(&template) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}

/// Runs `write` with the bars hidden, so that what it prints is not drawn over.
pub fn suspend<T>(write: impl FnOnce() -> T) -> T {
    bars().suspend(write)
}
