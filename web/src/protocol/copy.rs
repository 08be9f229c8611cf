//! The messages between the solver worker and its copies (`web/src/worker/copy.rs`): the
//! requests only a worker sends its copy ([`ToCopy`]) and the copy's answers to them
//! ([`FromCopy`]).
//!
//! A copy runs the same script as the solver worker, so it reads the page's messages too: a
//! worker reads both kinds with [`incoming`], and a copy improving a board without tables is
//! sent [`ToWorker::Improve`] and answers it as it would the page, with [`FromWorker`]. Its
//! owner reads each copy's replies as the kind it asked for: [`FromCopy`] from a copy sent
//! [`ToCopy`] requests, [`FromWorker`] from one sent the page's. Two messages every worker
//! posts before it knows who started it, its `Ready` and the `Failed` of a message it could not
//! read, have one form in both enums, as has the progress of a build, so that a copy's owner
//! reads them as [`FromCopy::Ready`], [`FromCopy::Failed`] and [`FromCopy::Building`].
//!
//! [`FromWorker`]: super::FromWorker

use puzzle_core::tuned::parallel::{Subsearch, WorkItem};
use puzzle_core::{Board, Direction};
use serde::{Deserialize, Serialize};
use wasm_bindgen::JsValue;

use super::{from_js, to_js, BuildProgress, ToWorker};

/// Worker to its copy.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum ToCopy {
    /// Build one pattern table (a group of the goal's default partition,
    /// `puzzle_core::pdb::Partition::default_for`) and answer [`FromCopy::Table`]. The
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
    /// `goal` and answer [`FromCopy::Table`] with their stored form. The solver worker sends
    /// it to a nested worker of its own, to go on improving the board meanwhile.
    BuildBigTables {
        /// Chosen by the sender; the answer carries it back.
        id: u32,
        /// The goal the tables lead to.
        goal: Board,
    },
    /// Keep these pattern databases for the [`ToCopy::SearchItem`]s that follow and answer
    /// [`FromCopy::Held`]. The solver worker sends it to a nested worker of its own, to
    /// search the large iterations of a 4x4 on two cores. Posted by [`with_bytes`].
    HoldTables {
        /// Chosen by the sender; the answer carries it back.
        id: u32,
        /// Their stored form (`AdditivePdb::to_bytes`).
        #[serde(with = "serde_bytes")]
        bytes: Vec<u8>,
    },
    /// Keep these big-board tables (and the whole-board ones, if any) toward `goal` for the
    /// [`ToCopy::Round`]s that follow and answer [`FromCopy::Held`]: the second search worker
    /// of a big-board solve (`web/src/worker/second_search.rs`). Posted by [`with_bytes`].
    HoldGuides {
        /// Chosen by the sender; the answer carries it back.
        id: u32,
        /// The goal the tables serve (as the solve asks for them).
        goal: Board,
        /// Where the big-board tables' stored form ends in `bytes` (0: none) and the
        /// whole-board tables' begins (to the end: none if empty).
        split: u64,
        /// `BigTables::to_bytes` then `WholeTables::to_bytes`.
        #[serde(with = "serde_bytes")]
        bytes: Vec<u8>,
    },
    /// Run the anytime method as lane `lane` of two on `board`, from `start`, until this
    /// worker's clock reads `until` (the owner's round ends then too), over the held tables;
    /// answered by [`FromCopy::Rounded`].
    Round {
        /// Chosen by the sender; the answer carries it back.
        id: u32,
        /// Where the round starts (the board after the moves the page plays first).
        board: Board,
        /// The goal.
        goal: Board,
        /// The best rest known: the round's answer is never longer.
        start: Vec<Direction>,
        /// When the round ends (milliseconds of `Date.now()`, which both workers read).
        until: f64,
        /// This run's lane (of `lanes`).
        lane: u32,
        /// How many runs share the round.
        lanes: u32,
        /// The request's node budget.
        max_expanded: Option<u64>,
    },
    /// Search one subtree of an IDA* iteration over the held tables; answered by
    /// [`FromCopy::Searched`].
    SearchItem {
        /// Chosen by the sender; the answer carries it back.
        id: u32,
        /// The subtree.
        item: WorkItem,
    },
}

impl ToCopy {
    /// The `type` of each message (its serde tag), which no [`ToWorker`] has.
    pub const TYPES: [&'static str; 6] = [
        "build-table",
        "build-big-tables",
        "hold-tables",
        "hold-guides",
        "round",
        "search-item",
    ];
}

/// A copy to the worker that started it: the answers to [`ToCopy`] requests.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum FromCopy {
    /// The copy's wasm is loaded and it listens: the [`FromWorker::Ready`] every worker posts
    /// first, in the same form.
    ///
    /// [`FromWorker::Ready`]: super::FromWorker::Ready
    Ready,
    /// How far the copy's build of [`ToCopy::BuildTable`] or [`ToCopy::BuildBigTables`] `id`
    /// is, about ten times a second (the form of [`FromWorker::Building`]; the owner shows the
    /// page its own).
    ///
    /// [`FromWorker::Building`]: super::FromWorker::Building
    Building {
        /// The request.
        id: u32,
        /// How far: entries filled of the one table or the big-board tables.
        build: BuildProgress,
    },
    /// The answer to [`ToCopy::BuildTable`]: the table as a one-group database
    /// (`AdditivePdb::to_bytes`); to [`ToCopy::BuildBigTables`]: the tables'
    /// `BigTables::to_bytes`. Posted by [`table_to_js`], which moves the bytes instead of
    /// copying them.
    Table {
        /// The request.
        id: u32,
        /// The stored form of a database of that one group.
        // Written with `serialize_bytes`; read from a `Uint8Array` or `ArrayBuffer` (through
        // `serde-wasm-bindgen`) or from an array of numbers (JSON).
        #[serde(with = "serde_bytes")]
        bytes: Vec<u8>,
    },
    /// The answer to [`ToCopy::HoldTables`]: the tables are read and kept.
    Held {
        /// The request.
        id: u32,
    },
    /// The answer to [`ToCopy::SearchItem`].
    Searched {
        /// The request.
        id: u32,
        /// What the subtree's search found.
        result: Subsearch,
    },
    /// The answer to [`ToCopy::Round`]: its rest if shorter than the start (`None`: nothing
    /// shorter, or the round could not run), and the wasm memory this worker holds, in bytes.
    Rounded {
        /// The request.
        id: u32,
        /// The shorter rest from the round's board.
        moves: Option<Vec<Direction>>,
        /// `WebAssembly.Memory.buffer.byteLength` of this worker.
        memory: u64,
    },
    /// Request `id` could not be answered: refused before it ran (`worker::copy_refusal`), its
    /// build failed, the tables sent were unreadable, or none are held to search over. Id 0: a
    /// message the copy could not read (the [`FromWorker::Failed`] every worker answers one
    /// with, in the same form).
    ///
    /// [`FromWorker::Failed`]: super::FromWorker::Failed
    Failed {
        /// The request (0 if the message could not be read).
        id: u32,
        /// Why.
        message: String,
    },
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

/// [`FromCopy::Table`] as a JS value with its bytes in a `Uint8Array`, and the transfer
/// list that moves that array's buffer to the receiver instead of copying it.
pub fn table_to_js(id: u32, bytes: &[u8]) -> (JsValue, js_sys::Array) {
    let empty = FromCopy::Table {
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
    use super::super::{decode, encode, FromWorker, SolveRequest, Workers};
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
            ToCopy::HoldGuides {
                id: 1,
                goal: goal.clone(),
                split: 0,
                bytes: vec![],
            },
            ToCopy::Round {
                id: 1,
                board: goal.clone(),
                goal: goal.clone(),
                start: vec![],
                until: 0.0,
                lane: 1,
                lanes: 2,
                max_expanded: None,
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
            workers: Workers::ONE,
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
            let reply = FromCopy::Searched { id, result };
            assert_eq!(decode::<FromCopy>(&encode(&reply)), Ok(reply));
        }
        assert!(solved > 0, "the last iteration holds a solution");
        let held = FromCopy::Held { id: 1 };
        assert_eq!(decode::<FromCopy>(&encode(&held)), Ok(held));
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
        let reply = FromCopy::Table {
            id: 9,
            bytes: vec![0, 1, 255, 78],
        };
        let text = encode(&reply);
        assert!(text.contains(r#""bytes":[0,1,255,78]"#), "{text}");
        assert_eq!(decode::<FromCopy>(&text), Ok(reply));
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
        let error = decode::<FromCopy>(r#"{"type":"table","id":9,"bytes":[256]}"#).unwrap_err();
        assert!(error.contains("256"), "{error}");
    }

    /// What every worker posts before it knows who started it (its `Ready`, the `Failed` of a
    /// message it could not read) and a build's progress read the same as a copy's reply; the
    /// copy's own answers are no reply the page reads.
    #[test]
    fn a_copy_s_owner_reads_the_forms_every_worker_posts_and_the_page_no_copy_answer() {
        let build = BuildProgress {
            filled: 5,
            total: 10,
            table: 0,
            tables: 1,
            elapsed_ms: 250.0,
            recent_seconds_left: Some(2.0),
        };
        let message = "unreadable message: missing field `id`".to_string();
        let shared = [
            (FromWorker::Ready, FromCopy::Ready),
            (
                FromWorker::Building {
                    id: 3,
                    build: build.clone(),
                },
                FromCopy::Building { id: 3, build },
            ),
            (
                FromWorker::Failed {
                    id: 0,
                    message: message.clone(),
                },
                FromCopy::Failed { id: 0, message },
            ),
        ];
        for (page, copy) in shared {
            assert_eq!(encode(&page), encode(&copy));
            assert_eq!(decode::<FromCopy>(&encode(&page)), Ok(copy.clone()));
            assert_eq!(decode::<FromWorker>(&encode(&copy)), Ok(page));
        }
        let result = puzzle_core::tuned::parallel::Subsearch {
            solution: None,
            next_bound: 52,
            outcome: puzzle_core::SolveOutcome::NotFound,
            stats: puzzle_core::Stats::default(),
        };
        let own = [
            FromCopy::Table {
                id: 1,
                bytes: vec![1, 2],
            },
            FromCopy::Held { id: 2 },
            FromCopy::Searched { id: 3, result },
        ];
        for reply in own {
            let text = encode(&reply);
            assert_eq!(decode::<FromCopy>(&text), Ok(reply));
            let error = decode::<FromWorker>(&text).unwrap_err();
            assert!(error.contains("unknown variant"), "{error}");
        }
    }
}
