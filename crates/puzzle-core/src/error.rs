//! Typed errors. Every message says exactly what is wrong, in words a person understands.
//! Each error is defined beside what it is about ([`BoardError`] in [`crate::board`],
//! [`MoveError`] in [`crate::moves`]) and gathered here, so this module imports them and
//! they import nothing of it.

use thiserror::Error;

pub use crate::board::BoardError;
pub use crate::moves::MoveError;
pub use crate::text::{excerpt, EXCERPT_CHARS};

/// A search algorithm name that [`crate::Algorithm`]'s `FromStr` does not know.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown algorithm `{text}`: use bfs, dfs, iddfs, greedy, astar or idastar")]
pub struct UnknownAlgorithm {
    /// The offending text (shortened by [`excerpt`] if long).
    pub text: String,
}
