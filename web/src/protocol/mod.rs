//! The messages between the page and the solver worker ([`ToWorker`], [`FromWorker`]); those
//! between the solver worker and its copies alone are apart, in `copy.rs` ([`ToCopy`], read
//! with [`incoming`], and the copy's answers, [`FromCopy`]), re-exported here.
//!
//! Every message, both ways, is a serde type that crosses as a structured-clone JS value
//! (`serde-wasm-bindgen`): plain objects, arrays, numbers and strings, no JSON text to print
//! and parse. A solution of any length fits, and a field can be added without breaking the
//! other side's decoder. The tests below check the serde forms with `serde_json`, which reads
//! the same derives natively.

use serde::{Deserialize, Serialize};
use wasm_bindgen::JsValue;

mod copy;
mod from_worker;
pub mod lesson;
mod to_worker;

pub use copy::{incoming, table_to_js, with_bytes, FromCopy, Incoming, ToCopy};
pub use from_worker::{BuildProgress, FromWorker, ShippedTables, TablesInfo};
pub use to_worker::{SolveRequest, ToWorker, Workers, MAX_CHECK_CELLS, SOLVED_HERE};

/// Where Trunk puts the worker's loader script, relative to the page.
pub const WORKER_URL: &str = "./worker_loader.js";

/// Encodes a message as a JS value (maps as plain objects, `None` as `null`).
pub fn to_js<T: Serialize>(message: &T) -> JsValue {
    message
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .expect("protocol messages always serialize")
}

/// Reads a message posted with [`to_js`].
pub fn from_js<T: for<'de> Deserialize<'de>>(value: JsValue) -> Result<T, String> {
    serde_wasm_bindgen::from_value(value).map_err(unreadable)
}

/// Longest reason [`unreadable`] gives, in characters.
pub const MAX_REASON: usize = 200;

/// The reason a message could not be decoded, cut to [`MAX_REASON`] characters: serde's
/// errors quote the offending value whole (an unknown `type` of a megabyte, say).
pub fn unreadable(error: impl std::fmt::Display) -> String {
    let text = format!("unreadable message: {error}");
    match text.char_indices().nth(MAX_REASON) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text,
    }
}

/// The JSON text of a message (the serde form the tests check natively).
#[cfg(test)]
fn encode<T: Serialize>(message: &T) -> String {
    serde_json::to_string(message).expect("protocol messages always serialize")
}

/// A message from JSON text (see [`encode`]).
#[cfg(test)]
fn decode<T: for<'de> Deserialize<'de>>(text: &str) -> Result<T, String> {
    serde_json::from_str(text).map_err(unreadable)
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzle_core::experiment::{DepthRow, ExperimentProgress};
    use puzzle_core::{Board, Direction, Goal, Limits, Method, Shape, SolveOutcome};

    /// The tables' origin keeps its wire words (the `source` field, which the end-to-end
    /// tests read from a worker's reply) and says the same word in the page's `data-source`.
    #[test]
    fn tables_info_keeps_its_source_words() {
        let infos = [
            (TablesInfo::Memory { bytes: 1 }, "memory"),
            (TablesInfo::Cache { ms: 2.0, bytes: 1 }, "cache"),
            (
                TablesInfo::Downloaded {
                    ms: 2.0,
                    bytes: 1,
                    repaired: false,
                    saved: true,
                },
                "downloaded",
            ),
            (
                TablesInfo::Built {
                    ms: 2.0,
                    bytes: 1,
                    repaired: true,
                    saved: false,
                    download_failed: true,
                },
                "built",
            ),
            (
                TablesInfo::Failed {
                    why: "no memory".to_string(),
                },
                "unavailable",
            ),
        ];
        for (info, word) in infos {
            let value = serde_json::to_value(&info).unwrap();
            assert_eq!(value["source"], word);
            assert_eq!(info.source_name(), word);
            assert_eq!(serde_json::from_value::<TablesInfo>(value).unwrap(), info);
        }
    }

    #[test]
    fn requests_round_trip() {
        let board: Board = "6 1 7 3 0 4 5 8 2".parse().unwrap();
        let request = ToWorker::Solve(SolveRequest {
            id: 3,
            goal: Goal::Snail.board(board.shape()).unwrap(),
            method: Method::default_for(board.shape()),
            board,
            max_expanded: Some(10),
            watch: None,
            workers: Workers::ONE,
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
            &puzzle_core::SolverConfig::best_for(Shape::square(3).unwrap()),
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
    fn pdb_messages_round_trip() {
        let board: Board = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15".parse().unwrap();
        let request = SolveRequest {
            id: 7,
            goal: Goal::Standard.board(board.shape()).unwrap(),
            method: Method::PatternDatabase,
            board,
            max_expanded: None,
            watch: None,
            workers: Workers::ONE,
        };
        for message in [
            ToWorker::Solve(request.clone()),
            ToWorker::Solve(SolveRequest {
                method: Method::Staged,
                ..request
            }),
        ] {
            assert_eq!(decode::<ToWorker>(&encode(&message)), Ok(message));
        }
        let replies = [
            FromWorker::Building {
                id: 7,
                build: BuildProgress {
                    filled: 5,
                    total: 10,
                    table: 1,
                    tables: 3,
                    elapsed_ms: 0.0,
                    recent_seconds_left: None,
                },
            },
            FromWorker::TablesReady {
                id: 7,
                info: TablesInfo::Cache {
                    ms: 250.0,
                    bytes: 11_535_000,
                },
            },
            FromWorker::DownloadFailed {
                id: 7,
                tables: ShippedTables::BigBoard,
                why: "a damaged or wrong file".to_string(),
            },
            FromWorker::Bound {
                id: 7,
                lower_bound: 95,
            },
            FromWorker::Proved {
                id: 8,
                lower_bound: 97,
            },
        ];
        for reply in replies {
            assert_eq!(decode::<FromWorker>(&encode(&reply)), Ok(reply));
        }
        assert!(encode(&ToWorker::Solve(SolveRequest {
            id: 1,
            board: "1 0 2 3".parse().unwrap(),
            goal: "1 2 3 0".parse().unwrap(),
            method: Method::PatternDatabase,
            max_expanded: None,
            watch: None,
            workers: Workers::ONE,
        }))
        .contains(r#""type":"solve","id":1"#));
    }

    #[test]
    fn trace_messages_round_trip() {
        let board: Board = "1 2 3 4 0 5 7 8 6".parse().unwrap();
        let goal: Board = "1 2 3 4 5 6 7 8 0".parse().unwrap();
        let method = puzzle_core::SolverConfig::best_for(board.shape());
        let request = ToWorker::Trace {
            id: 5,
            board: board.clone(),
            goal: goal.clone(),
            method: Method::Search(method),
            max_expansions: 100,
        };
        assert_eq!(decode::<ToWorker>(&encode(&request)), Ok(request));
        let formula = Method::Formula {
            algorithm: puzzle_core::Algorithm::AStar,
            formula: std::sync::Arc::new("pdb(1,2,3) + pdb(4,5,6,7,8)".parse().unwrap()),
        };
        let request = ToWorker::Trace {
            id: 6,
            board: board.clone(),
            goal: goal.clone(),
            method: formula,
            max_expansions: 100,
        };
        assert_eq!(decode::<ToWorker>(&encode(&request)), Ok(request));
        let mut events = Vec::new();
        puzzle_core::trace::solve_traced(
            &board,
            &goal,
            &method,
            &mut Limits::default(),
            &mut |e| events.push(e),
        )
        .unwrap();
        assert!(events.len() > 3);
        let reply = FromWorker::TraceChunk {
            id: 5,
            events,
            done: true,
            limit_reached: false,
        };
        assert_eq!(decode::<FromWorker>(&encode(&reply)), Ok(reply));
    }

    #[test]
    fn experiment_messages_round_trip() {
        let goal = Goal::Standard.board(Shape::square(3).unwrap()).unwrap();
        let config = puzzle_core::experiment::ExperimentConfig {
            depths: vec![2, 4],
            boards: 3,
            ..puzzle_core::experiment::ExperimentConfig::textbook(goal.clone())
        };
        let request = ToWorker::Experiment { id: 9, config };
        assert!(encode(&request).contains(r#""type":"experiment","id":9"#));
        assert_eq!(decode::<ToWorker>(&encode(&request)), Ok(request));
        let row = DepthRow {
            depth: 2,
            available: 4,
            boards: 4,
            cells: vec![puzzle_core::experiment::Cell::skipped()],
        };
        let replies = [
            FromWorker::ExperimentProgress {
                id: 9,
                progress: ExperimentProgress {
                    depth_index: 1,
                    depth: 4,
                    board_index: 2,
                    boards: 8,
                    method_index: 0,
                    done: 7,
                    total: 24,
                },
            },
            FromWorker::ExperimentRow {
                id: 9,
                row,
                boards: vec![goal],
            },
            FromWorker::ExperimentDone {
                id: 9,
                elapsed_ms: 12.5,
            },
        ];
        for reply in replies {
            assert_eq!(decode::<FromWorker>(&encode(&reply)), Ok(reply));
        }
    }

    #[test]
    fn improve_round_trips() {
        let improve = ToWorker::Improve(SolveRequest {
            id: 4,
            board: Goal::Standard.board(Shape::square(6).unwrap()).unwrap(),
            goal: Goal::Snail.board(Shape::square(6).unwrap()).unwrap(),
            method: Method::Anytime { time_limit_ms: 900 },
            max_expanded: None,
            watch: None,
            workers: Workers::ONE,
        });
        assert!(encode(&improve).contains(r#""type":"improve","id":4"#));
        assert_eq!(decode::<ToWorker>(&encode(&improve)), Ok(improve));
    }

    #[test]
    fn garbage_is_an_error_not_a_panic() {
        assert!(decode::<ToWorker>("{").is_err());
        assert!(decode::<ToWorker>(r#"{"type":"solve","id":1}"#).is_err());
        // A board that breaks the core's invariants is refused by its checked wire form.
        let bad = r#"{"type":"solve","id":1,"board":{"shape":[2,2],"cells":[1,1,2,0]},"goal":{"shape":[2,2],"cells":[1,2,3,0]},"method":{"kind":"search","algorithm":"astar","heuristic":"manhattan","depth_limit":4},"max_expanded":null}"#;
        let error = decode::<ToWorker>(bad).unwrap_err();
        assert!(error.contains("more than once"), "{error}");
    }
}
