//! The slide animation with tiles in position order (FLIP): after a render has put each tile in
//! its new cell, the tiles that moved are drawn back where they were with a transform and then
//! released, and the CSS transition on `transform` slides them home. Under
//! `prefers-reduced-motion: reduce` the stylesheet turns the transition off, so they jump.

use puzzle_core::Board;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement};

/// Slides the tiles that moved from `before` to `after` inside `grid`. A change of shape or a
/// jump that moves more tiles than one slide can (a scramble, a seek) is drawn without motion.
pub fn slide(grid: &Element, before: &Board, after: &Board) {
    let shape = after.shape();
    if before.shape() != shape {
        return;
    }
    let mut moved = Vec::new();
    for (cell, &tile) in after.cells().iter().enumerate() {
        let Some(from) = before.position_of(tile) else {
            return;
        };
        if tile != 0 && from != cell {
            let dx = shape.column(from) as i64 - shape.column(cell) as i64;
            let dy = shape.row(from) as i64 - shape.row(cell) as i64;
            moved.push((cell, dx, dy));
        }
    }
    if moved.is_empty() || moved.len() >= shape.width().max(shape.height()) {
        return;
    }
    let tiles: Vec<(HtmlElement, i64, i64)> = moved
        .into_iter()
        .filter_map(|(cell, dx, dy)| {
            let element = grid
                .query_selector(&format!("[data-cell=\"{cell}\"]"))
                .ok()??;
            Some((element.dyn_into::<HtmlElement>().ok()?, dx, dy))
        })
        .collect();
    // First and invert: each tile drawn in its old cell, without a transition.
    for (tile, dx, dy) in &tiles {
        let style = tile.style();
        style.set_property("transition", "none").ok();
        style
            .set_property(
                "transform",
                &format!("translate({}%, {}%)", dx * 100, dy * 100),
            )
            .ok();
    }
    // Reading a layout value makes the browser apply those styles before they are removed.
    if let Some((tile, _, _)) = tiles.first() {
        tile.offset_width();
    }
    // Play: back to no transform, through the stylesheet's transition.
    for (tile, _, _) in &tiles {
        let style = tile.style();
        style.remove_property("transition").ok();
        style.remove_property("transform").ok();
    }
}
