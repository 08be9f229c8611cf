//! # web
//!
//! The web app over `puzzle-core`: click, scramble, solve and watch the tiles slide home.
//!
//! Design decisions:
//! - **One pure reducer.** All page state lives in [`state::State`], changed only through
//!   [`state::Action`]; `reduce` has no timers, storage, randomness or workers, so it is
//!   unit-tested natively (`cargo test -p web`). Random boards come in through actions.
//! - **Effects at the edges.** Timers (playback), the URL, keyboard listeners and the solver
//!   worker are owned by the root component ([`app`]) and dropped to cancel.
//! - **Solving never runs on the page's thread.** [`worker`] is the web worker's side; the
//!   page talks to it through [`client::SolverWorker`] with the JSON messages of [`protocol`].
//!   Cancel terminates the worker and starts a fresh one, which stops even a search that never
//!   yields.
//! - **Shareable.** [`url`] turns the board, goal, size and method into a query string and back.

pub mod app;
pub mod client;
pub mod components;
pub mod download;
pub mod format;
pub mod hooks;
pub mod idb;
pub mod insight;
pub mod methods;
pub mod panic;
pub mod protocol;
pub mod race;
pub mod state;
pub mod url;
pub mod worker;
