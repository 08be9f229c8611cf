//! wasm-bindgen tests, run in headless Chromium (see `.cargo/config.toml`):
//! the core on wasm32 (32-bit `usize`, the JS clock), the app rendered into a real DOM, the
//! worker messages as JS values and the table cache in the browser's IndexedDB.
//!
//! `CHROMEDRIVER=/usr/bin/chromedriver cargo test -p web --target wasm32-unknown-unknown --test browser`
#![cfg(target_arch = "wasm32")]

use std::time::Duration;

use puzzle_core::generate::{scramble_seeded, Scramble};
use puzzle_core::{solve, Algorithm, Board, Goal, Limits, Shape, SolveOutcome, SolverConfig};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};
use web_sys::HtmlElement;

wasm_bindgen_test_configure!(run_in_browser);

fn limits() -> Limits<'static> {
    Limits {
        clock: web::worker::clock,
        ..Limits::default()
    }
}

#[wasm_bindgen_test]
fn the_core_finds_the_optimum_on_wasm32() {
    let board: Board = "6 1 7 3 0 4 5 8 2".parse().unwrap();
    let goal = Goal::Snail.board(board.shape()).unwrap();
    for algorithm in [
        Algorithm::Bfs,
        Algorithm::Iddfs,
        Algorithm::AStar,
        Algorithm::IdaStar,
    ] {
        let config = SolverConfig {
            algorithm,
            ..SolverConfig::best_for(board.shape())
        };
        let solution = solve(&board, &goal, &config, &mut limits()).unwrap();
        assert_eq!(solution.length(), Some(24), "{algorithm}");
        assert_eq!(board.after(&solution.moves).unwrap(), goal);
        assert!(solution.stats.elapsed_ms >= 0.0);
    }
}

#[wasm_bindgen_test]
fn a_star_and_ida_star_agree_on_4x4_walks() {
    let shape = Shape::square(4).unwrap();
    let goal = Goal::Standard.board(shape).unwrap();
    for seed in 0..5 {
        let board = scramble_seeded(&goal, Scramble::Walk(40), true, seed);
        let length = |algorithm| {
            let config = SolverConfig {
                algorithm,
                ..SolverConfig::best_for(shape)
            };
            let solution = solve(&board, &goal, &config, &mut limits()).unwrap();
            assert_eq!(solution.outcome, SolveOutcome::Solved);
            solution.length()
        };
        assert_eq!(
            length(Algorithm::AStar),
            length(Algorithm::IdaStar),
            "seed {seed}"
        );
    }
}

#[wasm_bindgen_test]
async fn the_worker_clock_counts_milliseconds_since_1970() {
    let start = web::worker::clock();
    assert!(start > 1.0e12, "milliseconds since 1970: {start}");
    yew::platform::time::sleep(Duration::from_millis(40)).await;
    let waited = web::worker::clock() - start;
    // A timer fires no earlier than asked (give or take the clock's rounding); the upper
    // bound is only there to catch seconds counted as milliseconds.
    assert!((35.0..5_000.0).contains(&waited), "40 ms took {waited} ms");
}

#[wasm_bindgen_test]
async fn the_table_cache_keeps_bytes_in_indexeddb() {
    use web::idb;
    let key = format!("browser-test {} é/%", web::worker::clock());
    let bytes: Vec<u8> = (0..300_000u32).map(|i| (i * 7 % 251) as u8).collect();
    let db = idb::open().await.expect("IndexedDB opens");
    assert_eq!(idb::get(&db, &key).await, Ok(None), "nothing there yet");
    idb::put(&db, &key, &bytes)
        .await
        .expect("the write commits");
    assert_eq!(idb::get(&db, &key).await, Ok(Some(bytes.clone())));
    // A second connection (the store exists: no upgrade) reads the same, and a put replaces.
    let again = idb::open().await.expect("IndexedDB opens again");
    assert_eq!(idb::get(&again, &key).await, Ok(Some(bytes)));
    idb::put(&again, &key, &[1, 2, 3])
        .await
        .expect("the rewrite commits");
    assert_eq!(idb::get(&db, &key).await, Ok(Some(vec![1, 2, 3])));
    // A write that cannot commit (its connection closed) is an error, not a hang or a panic.
    db.close();
    assert!(idb::put(&db, &key, &[4]).await.is_err());
    assert_eq!(idb::get(&again, &key).await, Ok(Some(vec![1, 2, 3])));
}

#[wasm_bindgen_test]
fn a_table_reply_moves_its_bytes_as_a_uint8array_and_reads_back() {
    use wasm_bindgen::JsValue;
    use web::protocol::{from_js, table_to_js, to_js, FromCopy, FromWorker};
    let bytes: Vec<u8> = (0..=255).collect();
    let table = FromCopy::Table {
        id: 7,
        bytes: bytes.clone(),
    };
    let (value, transfer) = table_to_js(7, &bytes);
    let field = js_sys::Reflect::get(&value, &JsValue::from_str("bytes")).unwrap();
    let array = field
        .dyn_ref::<js_sys::Uint8Array>()
        .expect("the bytes as a Uint8Array, not a list of numbers");
    assert_eq!(transfer.length(), 1);
    assert_eq!(transfer.get(0), JsValue::from(array.buffer()));
    assert_eq!(from_js::<FromCopy>(value.clone()), Ok(table.clone()));
    // Its buffer alone, and the list of numbers `to_js` writes, read back the same.
    js_sys::Reflect::set(&value, &JsValue::from_str("bytes"), &array.buffer()).unwrap();
    assert_eq!(from_js::<FromCopy>(value.clone()), Ok(table.clone()));
    assert_eq!(from_js::<FromCopy>(to_js(&table)), Ok(table));
    // A copy's answer is no reply the page reads.
    assert!(from_js::<FromWorker>(value.clone()).is_err());
    // A number that is not a byte is refused.
    let numbers = js_sys::Array::of2(&JsValue::from(1), &JsValue::from(256));
    js_sys::Reflect::set(&value, &JsValue::from_str("bytes"), &numbers).unwrap();
    assert!(from_js::<FromCopy>(value).is_err());
}

#[wasm_bindgen_test]
async fn the_app_renders_tile_buttons_that_slide() {
    let window = web_sys::window().unwrap();
    // Without a board in the link the page opens scrambled: this test starts from a link to
    // the solved board.
    window
        .history()
        .unwrap()
        .replace_state_with_url(
            &wasm_bindgen::JsValue::NULL,
            "",
            Some("?board=1,2,3,4,5,6,7,8,0"),
        )
        .unwrap();
    let document = window.document().unwrap();
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    yew::Renderer::<web::app::App>::with_root(root.clone()).render();
    yew::platform::time::sleep(Duration::from_millis(50)).await;

    let grid = root.query_selector("[role=grid]").unwrap().expect("a grid");
    assert_eq!(
        grid.get_attribute("data-board").unwrap(),
        "1 2 3 4 5 6 7 8 0"
    );
    assert_eq!(grid.query_selector_all("button").unwrap().length(), 9);
    assert!(root.query_selector("#solved").unwrap().is_some());

    let tile = |number: u32| -> HtmlElement {
        grid.query_selector(&format!("[data-tile='{number}']"))
            .unwrap()
            .unwrap()
            .dyn_into()
            .unwrap()
    };
    tile(8).click();
    yew::platform::time::sleep(Duration::from_millis(20)).await;
    assert_eq!(
        grid.get_attribute("data-board").unwrap(),
        "1 2 3 4 5 6 7 0 8"
    );
    // The tile is now in the last cell, in position order (row 3 of the ARIA grid).
    assert_eq!(tile(8).get_attribute("data-cell").unwrap(), "8");
    let rows = grid.query_selector_all("[role=row]").unwrap();
    assert_eq!(rows.length(), 3);
    assert_eq!(
        tile(8).closest("[role=row]").unwrap().unwrap(),
        rows.get(2).unwrap().dyn_into::<web_sys::Element>().unwrap()
    );
    assert_eq!(tile(8).text_content().unwrap(), "tile 8");
    // A tile outside the blank's row and column does not move.
    tile(1).click();
    yew::platform::time::sleep(Duration::from_millis(20)).await;
    assert_eq!(
        grid.get_attribute("data-board").unwrap(),
        "1 2 3 4 5 6 7 0 8"
    );
    assert!(root.query_selector("#solved").unwrap().is_none());
    let moves = root.query_selector("#move-count").unwrap().unwrap();
    assert_eq!(moves.text_content().unwrap(), "Moves: 1");
}

#[wasm_bindgen_test]
fn messages_cross_as_js_values_and_come_back_equal() {
    use web::protocol::{from_js, to_js, FromWorker, SolveRequest, ToWorker};
    let board: Board = "6 1 7 3 0 4 5 8 2".parse().unwrap();
    let goal = Goal::Snail.board(board.shape()).unwrap();
    let request = ToWorker::Solve(SolveRequest {
        id: 3,
        board: board.clone(),
        goal: goal.clone(),
        method: puzzle_core::Method::default_for(board.shape()),
        max_expanded: Some(10),
        watch: None,
        workers: web::protocol::Workers { count: 2 },
    });
    let value = to_js(&request);
    assert!(value.is_object(), "a JS object, not JSON text");
    assert_eq!(from_js::<ToWorker>(value), Ok(request));
    let mut solution = solve(
        &board,
        &goal,
        &SolverConfig::best_for(board.shape()),
        &mut limits(),
    )
    .unwrap();
    solution.moves = solution.moves.repeat(400);
    let done = FromWorker::Done {
        id: 3,
        solution: Box::new(solution),
    };
    assert_eq!(from_js::<FromWorker>(to_js(&done)), Ok(done));
    assert!(from_js::<ToWorker>(wasm_bindgen::JsValue::from_str("{")).is_err());
}

/// SplitMix64: a seeded generator for the fuzz test below (written here because `rand` needs
/// `getrandom`'s JS feature on wasm32, and a fixed seed makes a failure reproducible).
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A JSON value to put in place of a part of a message.
fn random_json(rng: &mut SplitMix) -> serde_json::Value {
    use serde_json::{json, Value};
    match rng.below(12) {
        0 => Value::Null,
        1 => json!(rng.next() & 1 == 0),
        2 => json!(rng.next() as i64),
        3 => json!(rng.below(20)),
        4 => json!(-1),
        5 => json!(f64::from_bits(rng.next()).clamp(-1e300, 1e300)),
        6 => json!("x".repeat(rng.below(3000))),
        7 => json!(["solve", "distance", "pdb", "astar", "anytime", "up", "built"][rng.below(7)]),
        8 => json!([rng.below(20), rng.below(20)]),
        9 => {
            json!({ "shape": [rng.below(20), rng.below(20)], "cells": (0..rng.below(30)).map(|_| rng.below(300)).collect::<Vec<_>>() })
        }
        10 => json!({}),
        _ => json!([]),
    }
}

/// Replaces a random node of `value` (or removes a key) with a random value.
fn mutate_json(value: &mut serde_json::Value, rng: &mut SplitMix) {
    use serde_json::Value;
    // Mostly down to a leaf, so that many mutants keep their shape and some still decode.
    let stop = rng.below(8) == 0;
    match value {
        Value::Object(map) if !map.is_empty() && !stop => {
            let key = map.keys().nth(rng.below(map.len())).unwrap().clone();
            if rng.below(6) == 0 {
                map.remove(&key);
            } else {
                mutate_json(map.get_mut(&key).unwrap(), rng);
            }
        }
        Value::Array(items) if !items.is_empty() && !stop => {
            let at = rng.below(items.len());
            mutate_json(&mut items[at], rng);
        }
        _ => *value = random_json(rng),
    }
}

/// A JS value JSON cannot hold: what a buggy page or a stray `postMessage` could send.
fn odd_js_value(rng: &mut SplitMix) -> wasm_bindgen::JsValue {
    use wasm_bindgen::JsValue;
    match rng.below(8) {
        0 => JsValue::UNDEFINED,
        1 => JsValue::from_f64(f64::NAN),
        2 => JsValue::from_f64(f64::INFINITY),
        3 => js_sys::BigInt::from(u64::MAX).into(),
        4 => js_sys::Symbol::for_("x").into(),
        5 => js_sys::Uint8Array::from(&[1u8, 2, 3, 0][..]).into(),
        6 => js_sys::Map::new().into(),
        _ => js_sys::Date::new_0().into(),
    }
}

#[wasm_bindgen_test]
fn from_js_refuses_or_reads_hundreds_of_mutated_js_values() {
    use web::protocol::{from_js, to_js, FromCopy, FromWorker, SolveRequest, ToWorker, MAX_REASON};
    let board: Board = "6 1 7 3 0 4 5 8 2".parse().unwrap();
    let goal = Goal::Snail.board(board.shape()).unwrap();
    let request = to_js(&ToWorker::Solve(SolveRequest {
        id: 3,
        board: board.clone(),
        goal: goal.clone(),
        method: "pdb".parse().unwrap(),
        max_expanded: Some(10),
        watch: None,
        workers: web::protocol::Workers::ONE,
    }));
    let distance = to_js(&ToWorker::Distance {
        id: 4,
        board: board.clone(),
        goal,
    });
    let reply = to_js(&FromWorker::Failed {
        id: 1,
        message: "no".into(),
    });
    let copy_reply = to_js(&FromCopy::Held { id: 2 });
    let samples: Vec<serde_json::Value> = [request, distance, reply, copy_reply]
        .iter()
        .map(|v| {
            let text = js_sys::JSON::stringify(v).unwrap().as_string().unwrap();
            serde_json::from_str(&text).unwrap()
        })
        .collect();
    let mut rng = SplitMix(11);
    let (mut read, mut refused) = (0, 0);
    for case in 0..600 {
        let mut value = samples[case % samples.len()].clone();
        for _ in 0..rng.below(3) {
            mutate_json(&mut value, &mut rng);
        }
        let js = js_sys::JSON::parse(&value.to_string()).unwrap();
        if case % 4 == 0 && js.is_object() {
            let keys = js_sys::Object::keys(js.unchecked_ref::<js_sys::Object>());
            let key = keys.get(rng.below(keys.length().max(1) as usize) as u32);
            if !key.is_undefined() {
                js_sys::Reflect::set(&js, &key, &odd_js_value(&mut rng)).unwrap();
            }
        }
        let js = if case % 50 == 7 {
            odd_js_value(&mut rng)
        } else {
            js
        };
        match from_js::<ToWorker>(js.clone()) {
            Ok(message) => {
                read += 1;
                match web::worker::refusal(&message) {
                    Some(FromWorker::Failed { message, .. }) => {
                        assert!(message.chars().count() <= MAX_REASON, "{message}")
                    }
                    Some(other) => panic!("a refusal is Failed: {other:?}"),
                    None => {}
                }
            }
            Err(reason) => {
                refused += 1;
                assert!(reason.chars().count() <= MAX_REASON + 1, "{reason}");
            }
        }
        if let Err(reason) = from_js::<FromWorker>(js.clone()) {
            assert!(reason.chars().count() <= MAX_REASON + 1, "{reason}");
        }
        if let Err(reason) = from_js::<FromCopy>(js) {
            assert!(reason.chars().count() <= MAX_REASON + 1, "{reason}");
        }
    }
    wasm_bindgen_test::console_log!(
        "from_js: {read} of 600 mutated values read, {refused} refused"
    );
    assert!(read > 10 && refused > 100, "{read} read, {refused} refused");
}
