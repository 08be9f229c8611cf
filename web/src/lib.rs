//! # web
//!
//! The web app over `puzzle-core`: click, scramble, solve and watch the tiles slide home.
//!
//! Design decisions:
//! - **One pure reducer.** All page state lives in [`state::State`], changed only through
//!   [`state::Action`]; `reduce` has no timers, storage, randomness or workers, so it is
//!   unit-tested natively (`cargo test -p web`). Random boards come in through actions.
//! - **Effects at the edges.** Timers (playback), the URL, document listeners and the two
//!   workers are hooks in [`hooks`], each dropping what it owns to cancel; the root component
//!   ([`app`]) is the layout that wires them.
//! - **Solving never runs on the page's thread.** [`worker`] is the web worker's side; the
//!   page talks to it through [`client::SolverWorker`] with the messages of [`protocol`], which
//!   cross as JS values.
//!   Cancel terminates the worker and starts a fresh one, which stops even a search that never
//!   yields.
//! - **Shareable.** [`url`] turns the board, goal, size and method into a query string and back.
//!
//! # Code map
//!
//! Each module's own page says what it owns; this list is the way in (imports run one way:
//! `scripts/check-modules.py` checks no module imports one that imports it; a unit test checks
//! this list names every module). The features have one name each, in files, types and text:
//! *play* (by hand), *solve*, *coach* (hint, heuristic overlay, moves from here), *race*,
//! *step through*, *experiment*, and the *views* (tabs).
//!
//! **The page's state** (pure, tested natively)
//! - [`state`]: the page state in slices (puzzle, play, editors, solve, playback, race,
//!   experiment, coach, prefs, view, lesson), each with its changes, its page actions and its
//!   part of the router beside it; `state/reduce.rs` routes each action in one exhaustive match,
//!   and `state/rules.rs` keeps the one cross-cutting rule (what is shown belongs to the board
//!   on screen).
//!   The solve's slice is `state/solve/` (its tables, workers and how a specialised method's
//!   answer was got: `state/solve/tables.rs`); its worker is `hooks/solve.rs`, its panel
//!   `components/solve.rs`, its tables' lines `components/solve_tables.rs`.
//! - [`coach`]: what is known about the moves left (exact, or at least / at most).
//! - [`race`]: a race's plan and answers, and the generator's pure board maker.
//! - [`experiment`]: the Experiment view's form (read into the core's experiment config), its
//!   cells and progress in words, its charts' log scale.
//! - [`step_through`]: the step-through view's model: a replay of the core's trace (OPEN,
//!   CLOSED, the tree) that checks itself against the core.
//! - [`url`]: the share link to and from a `State`; [`best`]: the best games by hand, as text;
//!   [`format`](mod@format): numbers, durations and lines people read.
//!
//! **The effects and the view**
//! - [`hooks`]: one hook per effect (the solve's, the coach's and the step-through view's
//!   workers on one worker slot; timers; document listeners; the URL; storage).
//! - [`components`]: the page's parts with narrow props; [`app`]: the layout that wires the
//!   state, the hooks and the components.
//! - [`download`]: files in and out; [`panic`](mod@panic): a visible message instead of a frozen page.
//! - [`storage`]: the one accessor of the browser's local storage (theme, How to play, bests).
//! - [`prerender`]: the first screen drawn natively at build time for index.html, and the seed
//!   the page's app takes from it so that it draws the same board.
//!
//! **The worker boundary**
//! - [`protocol`]: the serde messages between page and worker; [`client`]: the page's side of a
//!   worker; [`trace_limits`]: the step-through view's limits, shared by both sides.
//! - [`two_workers`]: a big-board solve on two workers: when the page asks for a second one
//!   (cores and memory) and how the two workers' answers merge (shared by both sides).
//! - [`ahead`]: watching a solve at once: where the playback is, how far ahead the worker
//!   improves the rest, and which answers splice in (shared by both sides).
//! - [`worker`]: the worker's side (queue and refusals, solves, table cache, table builds,
//!   distances and traces); [`idb`]: the IndexedDB byte cache it keeps tables in.
//! - [`picture`]: the picture worker (a chosen picture measured, decoded or drawn off the
//!   page's thread, with a deadline) and the page's side of it.

#![deny(missing_docs)]

pub mod ahead;
pub mod app;
pub mod best;
pub mod client;
pub mod coach;
pub mod components;
pub mod download;
pub mod experiment;
pub mod format;
pub mod hooks;
pub mod idb;
pub mod panic;
pub mod picture;
pub mod prerender;
pub mod protocol;
pub mod race;
pub mod state;
pub mod step_through;
pub mod storage;
pub mod trace_limits;
pub mod two_workers;
pub mod url;
pub mod worker;

#[cfg(test)]
mod code_map {
    /// The crate docs' code map names every public module declared here.
    #[test]
    fn the_code_map_names_every_module() {
        let source = include_str!("lib.rs");
        let map: String = source.lines().filter(|l| l.starts_with("//!")).collect();
        for line in source.lines() {
            if let Some(name) = line
                .strip_prefix("pub mod ")
                .and_then(|r| r.strip_suffix(';'))
            {
                assert!(
                    map.contains(&format!("[`{name}`]")),
                    "the code map in lib.rs does not name `{name}`"
                );
            }
        }
    }
}
