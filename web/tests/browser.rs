//! wasm-bindgen tests, run in headless Chromium (see `.cargo/config.toml`):
//! the core on wasm32 (32-bit `usize`, the JS clock) and the app rendered into a real DOM.
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
fn the_worker_clock_runs() {
    let a = web::worker::clock();
    assert!(a > 1.0e12, "milliseconds since 1970: {a}");
}

#[wasm_bindgen_test]
async fn the_app_renders_tile_buttons_that_slide() {
    let document = web_sys::window().unwrap().document().unwrap();
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

    let tile = |label: &str| -> HtmlElement {
        grid.query_selector(&format!("[aria-label='{label}']"))
            .unwrap()
            .unwrap()
            .dyn_into()
            .unwrap()
    };
    tile("tile 8").click();
    yew::platform::time::sleep(Duration::from_millis(20)).await;
    assert_eq!(
        grid.get_attribute("data-board").unwrap(),
        "1 2 3 4 5 6 7 0 8"
    );
    assert_eq!(
        tile("tile 8")
            .style()
            .get_property_value("transform")
            .unwrap(),
        "translate(200%, 200%)"
    );
    // A tile outside the blank's row and column does not move.
    tile("tile 1").click();
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
