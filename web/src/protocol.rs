//! The messages between the page and the solver worker.
//!
//! Both directions are serde types sent as JSON text: a growable encoding, so a solution of any
//! length fits (unlike a fixed-size buffer), and a field can be added without breaking the other
//! side's decoder.

use puzzle_core::{Board, Progress, Solution, SolverConfig};
use serde::{Deserialize, Serialize};

/// Where Trunk puts the worker's loader script, relative to the page.
pub const WORKER_URL: &str = "./worker_loader.js";

/// A solve request.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SolveRequest {
    /// Chosen by the page; every answer carries it back.
    pub id: u32,
    /// The board to solve.
    pub board: Board,
    /// The goal board (same shape).
    pub goal: Board,
    /// Method, heuristic and depth limit.
    pub config: SolverConfig,
    /// Node budget; `None` runs until solved or cancelled.
    pub max_expanded: Option<u64>,
}

/// Page to worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum ToWorker {
    /// Solve a board.
    Solve(SolveRequest),
}

/// Worker to page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum FromWorker {
    /// The worker's wasm is loaded and it listens.
    Ready,
    /// A progress report of request `id`.
    Progress {
        /// The request.
        id: u32,
        /// Counters so far.
        progress: Progress,
    },
    /// The answer to request `id`.
    Done {
        /// The request.
        id: u32,
        /// What the core answered.
        solution: Box<Solution>,
    },
    /// Request `id` could not be answered.
    Failed {
        /// The request (0 if the message could not be read).
        id: u32,
        /// Why.
        message: String,
    },
}

/// Encodes a message.
pub fn encode<T: Serialize>(message: &T) -> String {
    serde_json::to_string(message).expect("protocol messages always serialize")
}

/// Decodes a message, or says why it could not.
pub fn decode<T: for<'de> Deserialize<'de>>(text: &str) -> Result<T, String> {
    serde_json::from_str(text).map_err(|e| format!("unreadable message: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzle_core::{Direction, Goal, Limits, Shape, SolveOutcome};

    #[test]
    fn requests_round_trip() {
        let board: Board = "6 1 7 3 0 4 5 8 2".parse().unwrap();
        let request = ToWorker::Solve(SolveRequest {
            id: 3,
            goal: Goal::Snail.board(board.shape()).unwrap(),
            config: SolverConfig::best_for(board.shape()),
            board,
            max_expanded: Some(10),
        });
        assert_eq!(decode::<ToWorker>(&encode(&request)), Ok(request));
    }

    #[test]
    fn long_solutions_fit() {
        let board: Board = "1 2 3 4 5 6 7 8 0".parse().unwrap();
        let goal = board.clone();
        let mut solution = puzzle_core::solve(
            &board,
            &goal,
            &SolverConfig::best_for(Shape::square(3).unwrap()),
            &mut Limits::default(),
        )
        .unwrap();
        solution.moves = [Direction::Up, Direction::Down].repeat(5000);
        // JSON keeps times to display precision, not bit for bit: use an exact value here.
        solution.stats.elapsed_ms = 12.5;
        let message = FromWorker::Done {
            id: 1,
            solution: Box::new(solution),
        };
        let text = encode(&message);
        assert!(text.len() > 10_000);
        let decoded = decode::<FromWorker>(&text);
        assert!(
            decoded == Ok(message),
            "a 10,000-move answer survives the round trip"
        );
        assert_eq!(SolveOutcome::Solved.name(), "solved");
    }

    #[test]
    fn garbage_is_an_error_not_a_panic() {
        assert!(decode::<ToWorker>("{").is_err());
        assert!(decode::<ToWorker>(r#"{"type":"solve","id":1}"#).is_err());
        // A board that breaks the core's invariants is refused by its checked wire form.
        let bad = r#"{"type":"solve","id":1,"board":{"shape":[2,2],"cells":[1,1,2,0]},"goal":{"shape":[2,2],"cells":[1,2,3,0]},"config":{"algorithm":"astar","heuristic":"manhattan","depth_limit":4},"max_expanded":null}"#;
        let error = decode::<ToWorker>(bad).unwrap_err();
        assert!(error.contains("more than once"), "{error}");
    }
}
