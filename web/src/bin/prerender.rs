//! Fills the first-screen placeholder of a built index.html with the page's first screen, drawn
//! natively by the app's own components (`web::prerender`), so a phone on a slow network shows
//! the board before the wasm has arrived. Run by `scripts/prerender.sh` after Trunk's build:
//!
//!   cargo run -p web --bin prerender -- SEED dist/index.html

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(seed), Some(path)) = (
        args.first().and_then(|s| s.parse::<u64>().ok()),
        args.get(1),
    ) else {
        eprintln!("usage: prerender SEED INDEX_HTML (SEED: a number, the seed of the board drawn)");
        std::process::exit(2);
    };
    let index = match std::fs::read_to_string(path) {
        Ok(index) => index,
        Err(e) => {
            eprintln!("prerender: cannot read {path}: {e}");
            std::process::exit(1);
        }
    };
    let screen = web::prerender::first_screen::<web::app::App>(seed);
    let Some(filled) = web::prerender::fill(&index, &screen, seed) else {
        eprintln!(
            "prerender: {path} must hold {} exactly once",
            web::prerender::PLACEHOLDER
        );
        std::process::exit(1);
    };
    if let Err(e) = std::fs::write(path, filled) {
        eprintln!("prerender: cannot write {path}: {e}");
        std::process::exit(1);
    }
    eprintln!(
        "prerender: {path}: first screen of {} bytes, seed {seed}",
        screen.len()
    );
}

/// Nothing to do in the browser: the page's binaries are `app` and `worker`.
#[cfg(target_arch = "wasm32")]
fn main() {}
