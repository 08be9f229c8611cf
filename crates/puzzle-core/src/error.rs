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

#[cfg(test)]
mod tests {
    use crate::{Algorithm, UnknownAlgorithm};

    #[test]
    fn an_unknown_algorithm_is_a_typed_error_quoting_an_excerpt() {
        assert_eq!("A*".parse::<Algorithm>(), Ok(Algorithm::AStar));
        let error = "bogo".parse::<Algorithm>().unwrap_err();
        assert_eq!(
            error,
            UnknownAlgorithm {
                text: "bogo".into()
            }
        );
        assert_eq!(
            error.to_string(),
            "unknown algorithm `bogo`: use bfs, dfs, iddfs, greedy, astar or idastar"
        );
        let long = "x".repeat(100).parse::<Algorithm>().unwrap_err();
        assert_eq!(long.text.chars().count(), 33);
    }
}
