//! The messages between the solver worker and its copies (`web/src/worker/copy.rs`): a copy
//! runs the same script as the solver worker, so it reads the page's messages too (a copy
//! improving a board without tables is sent [`ToWorker::Improve`]) and answers with
//! [`FromWorker`]; these are the requests only a worker sends its copy. A worker reads both
//! kinds with [`incoming`].

use puzzle_core::tuned::parallel::WorkItem;
use puzzle_core::Board;
use serde::{Deserialize, Serialize};
use wasm_bindgen::JsValue;

use super::{from_js, to_js, FromWorker, ToWorker};

/// Worker to its copy.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum ToCopy {
    /// Build one pattern table (a group of the goal's default partition,
    /// `puzzle_core::pdb::Partition::default_for`) and answer [`FromWorker::Table`]. The
    /// solver worker sends it to a nested worker of its own, to build two tables at once.
    BuildTable {
        /// Chosen by the sender; the answer carries it back.
        id: u32,
        /// The goal the table leads to.
        goal: Board,
        /// The group's tiles, in the partition's order.
        tiles: Vec<u8>,
    },
    /// Build the anytime method's big-board tables (`puzzle_core::anytime::BigTables`) for
    /// `goal` and answer [`FromWorker::Table`] with their stored form. The solver worker sends
    /// it to a nested worker of its own, to go on improving the board meanwhile.
    BuildBigTables {
        /// Chosen by the sender; the answer carries it back.
        id: u32,
        /// The goal the tables lead to.
        goal: Board,
    },
    /// Keep these pattern databases for the [`ToCopy::SearchItem`]s that follow and answer
    /// [`FromWorker::Held`]. The solver worker sends it to a nested worker of its own, to
    /// search the large iterations of a 4x4 on two cores. Posted by [`with_bytes`].
    HoldTables {
        /// Chosen by the sender; the answer carries it back.
        id: u32,
        /// Their stored form (`AdditivePdb::to_bytes`).
        #[serde(with = "serde_bytes")]
        bytes: Vec<u8>,
    },
    /// Search one subtree of an IDA* iteration over the held tables; answered by
    /// [`FromWorker::Searched`].
    SearchItem {
        /// Chosen by the sender; the answer carries it back.
        id: u32,
        /// The subtree.
        item: WorkItem,
    },
}

impl ToCopy {
    /// The `type` of each message (its serde tag), which no [`ToWorker`] has.
    pub const TYPES: [&'static str; 4] = [
        "build-table",
        "build-big-tables",
        "hold-tables",
        "search-item",
    ];
}

/// A message a worker reads: from the page, or from the worker whose copy it is.
#[derive(Clone, Debug, PartialEq)]
pub enum Incoming {
    /// From the page (or a copy's owner passing on a page's kind of request).
    Page(ToWorker),
    /// A request only a worker sends its copy.
    Copy(ToCopy),
}

/// Reads a message posted to a worker: a [`ToCopy`] if its `type` is one of
/// [`ToCopy::TYPES`], else a [`ToWorker`] (whose decoder says what is wrong with it, if
/// anything).
pub fn incoming(value: JsValue) -> Result<Incoming, String> {
    let kind = js_sys::Reflect::get(&value, &JsValue::from_str("type"))
        .ok()
        .and_then(|kind| kind.as_string());
    match kind {
        Some(kind) if ToCopy::TYPES.contains(&kind.as_str()) => from_js(value).map(Incoming::Copy),
        _ => from_js(value).map(Incoming::Page),
    }
}

/// [`FromWorker::Table`] as a JS value with its bytes in a `Uint8Array`, and the transfer
/// list that moves that array's buffer to the receiver instead of copying it.
pub fn table_to_js(id: u32, bytes: &[u8]) -> (JsValue, js_sys::Array) {
    let empty = FromWorker::Table {
        id,
        bytes: Vec::new(),
    };
    with_bytes(&empty, bytes)
}

/// `message` (whose `bytes` field is empty) as a JS value with `bytes` in a `Uint8Array`
/// (not an array of numbers, as [`to_js`] would make them), and the transfer list that moves
/// that array's buffer to the receiver instead of copying it.
pub fn with_bytes<T: Serialize>(message: &T, bytes: &[u8]) -> (JsValue, js_sys::Array) {
    let value = to_js(message);
    let array = js_sys::Uint8Array::from(bytes);
    // Setting a field of a plain object made just above cannot fail.
    js_sys::Reflect::set(&value, &JsValue::from_str("bytes"), &array).ok();
    (value, js_sys::Array::of1(&array.buffer()))
}

#[cfg(test)]
mod tests {
    use super::super::{decode, encode, SolveRequest};
    use super::*;
    use puzzle_core::{Goal, Limits, Method, Shape};

    /// Every copy message's type is in [`ToCopy::TYPES`], and no page message's is.
    #[test]
    fn the_copy_types_are_the_copy_messages() {
        let goal = Goal::Standard.board(Shape::square(4).unwrap()).unwrap();
        let copy = [
            ToCopy::BuildTable {
                id: 1,
                goal: goal.clone(),
                tiles: vec![1],
            },
            ToCopy::BuildBigTables {
                id: 1,
                goal: goal.clone(),
            },
            ToCopy::HoldTables {
                id: 1,
                bytes: vec![],
            },
            ToCopy::SearchItem {
                id: 1,
                item: WorkItem {
                    start: goal.clone(),
                    prefix: vec![],
                    bound: 1,
                },
            },
        ];
        let type_of = |text: String| {
            let value: serde_json::Value = serde_json::from_str(&text).unwrap();
            value["type"].as_str().unwrap().to_string()
        };
        let types: Vec<String> = copy.iter().map(|m| type_of(encode(m))).collect();
        assert_eq!(types, ToCopy::TYPES);
        let request = SolveRequest {
            id: 1,
            board: goal.clone(),
            goal: goal.clone(),
            method: Method::PatternDatabase,
            max_expanded: None,
            watch: None,
        };
        let page = [
            ToWorker::Solve(request.clone()),
            ToWorker::Improve(request),
            ToWorker::Distance {
                id: 1,
                board: goal.clone(),
                goal: goal.clone(),
            },
            ToWorker::ReadTables { goal },
        ];
        for message in &page {
            assert!(!ToCopy::TYPES.contains(&type_of(encode(message)).as_str()));
        }
    }

    #[test]
    fn pair_messages_round_trip_and_the_far_side_finds_the_same_answer() {
        use puzzle_core::pdb::{AdditivePdb, Partition};
        use puzzle_core::tuned::parallel::{search_item, split_iteration};
        use puzzle_core::tuned::TunedOptions;
        let goal = Goal::Standard.board(Shape::square(3).unwrap()).unwrap();
        let partition = Partition::by_reading_order(&goal, &[4, 4]).unwrap();
        let pdb = AdditivePdb::build(&goal, &partition, &mut Limits::default()).unwrap();
        let hold = ToCopy::HoldTables {
            id: 1,
            bytes: pdb.to_bytes(),
        };
        let Ok(ToCopy::HoldTables { bytes, .. }) = decode::<ToCopy>(&encode(&hold)) else {
            panic!("hold-tables does not round-trip");
        };
        let held = AdditivePdb::from_bytes(&bytes).unwrap();
        // The 31-move board, its last iteration split; every item crosses and is searched
        // over the tables that crossed, with the answers of the tables here.
        let board: Board = "8 6 7 2 5 4 3 0 1".parse().unwrap();
        let options = TunedOptions::default();
        let split = split_iteration(&board, &pdb, &options, 31, 8, &mut Limits::default());
        let items = split.unwrap().items;
        assert!(items.len() >= 8, "{}", items.len());
        let mut solved = 0;
        for (id, item) in items.into_iter().enumerate() {
            let id = id as u32;
            let request = ToCopy::SearchItem { id, item };
            let text = encode(&request);
            assert!(text.contains(r#""type":"search-item""#), "{text}");
            let Ok(ToCopy::SearchItem { item, .. }) = decode::<ToCopy>(&text) else {
                panic!("search-item does not round-trip: {text}");
            };
            let there = search_item(&item, &held, &options, None, &mut Limits::default());
            let here = search_item(&item, &pdb, &options, None, &mut Limits::default());
            let (mut result, mut here) = (there.unwrap(), here.unwrap());
            (result.stats.elapsed_ms, here.stats.elapsed_ms) = (0.0, 0.0);
            assert_eq!(result, here);
            if let Some(moves) = &result.solution {
                assert_eq!(board.after(moves).as_ref(), Ok(&goal));
                assert_eq!(moves.len(), 31);
                solved += 1;
            }
            let reply = FromWorker::Searched { id, result };
            assert_eq!(decode::<FromWorker>(&encode(&reply)), Ok(reply));
        }
        assert!(solved > 0, "the last iteration holds a solution");
        let held = FromWorker::Held { id: 1 };
        assert_eq!(decode::<FromWorker>(&encode(&held)), Ok(held));
    }

    #[test]
    fn table_messages_round_trip() {
        let request = ToCopy::BuildTable {
            id: 9,
            goal: Goal::Standard.board(Shape::square(4).unwrap()).unwrap(),
            tiles: vec![1, 5, 6, 9, 10, 13, 14],
        };
        let text = encode(&request);
        assert!(text.contains(r#""type":"build-table","id":9"#), "{text}");
        assert_eq!(decode::<ToCopy>(&text), Ok(request));
        let reply = FromWorker::Table {
            id: 9,
            bytes: vec![0, 1, 255, 78],
        };
        let text = encode(&reply);
        assert!(text.contains(r#""bytes":[0,1,255,78]"#), "{text}");
        assert_eq!(decode::<FromWorker>(&text), Ok(reply));
        let big = ToCopy::BuildBigTables {
            id: 4,
            goal: Goal::Snail.board(Shape::square(6).unwrap()).unwrap(),
        };
        let text = encode(&big);
        assert!(
            text.contains(r#""type":"build-big-tables","id":4"#),
            "{text}"
        );
        assert_eq!(decode::<ToCopy>(&text), Ok(big));
        let error = decode::<FromWorker>(r#"{"type":"table","id":9,"bytes":[256]}"#).unwrap_err();
        assert!(error.contains("256"), "{error}");
    }
}
