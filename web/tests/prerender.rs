//! The first screen drawn at build time (`web::prerender`) is the app's: natively, with the
//! seed of the page's placeholder, it draws the header, the toolbar, How to play and the board
//! the app's state starts from with that seed and no address.

#![cfg(not(target_arch = "wasm32"))]

use web::prerender::{fill, first_screen, PLACEHOLDER};

#[test]
fn the_first_screen_is_the_apps_with_the_seeds_board() {
    let html = first_screen::<web::app::App>(7);
    for part in [
        r#"class="top""#,
        r#"id="solve""#,
        r#"id="scramble""#,
        r#"id="size""#,
        "How to play",
        r#"role="grid""#,
    ] {
        assert!(html.contains(part), "no {part} in the first screen");
    }
    let board = web::url::initial_state("", 7).puzzle.board;
    let cells: Vec<String> = board.cells().iter().map(|c| c.to_string()).collect();
    assert!(
        html.contains(&format!(r#"data-board="{}""#, cells.join(" "))),
        "not the seed's board {board}"
    );
    let page = fill(&format!("<body>{PLACEHOLDER}</body>"), &html, 7).unwrap();
    assert!(page.contains(r#"data-seed="7""#));
    assert_eq!(
        fill("<body></body>", &html, 7),
        None,
        "no placeholder: refused"
    );
}
