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

#![deny(missing_docs)]

pub mod app;
pub mod best;
pub mod client;
pub mod components;
pub mod download;
pub mod engine_state;
pub mod format;
pub mod hooks;
pub mod idb;
pub mod insight;
pub mod panic;
pub mod protocol;
pub mod race;
pub mod state;
pub mod stepper;
pub mod trace_limits;
pub mod url;
pub mod worker;
