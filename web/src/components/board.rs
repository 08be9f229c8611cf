//! The grid of tiles, as the ARIA grid pattern: rows of gridcells in position order, each
//! holding its tile (or the blank) as a button, one of them in the tab order (roving tabindex);
//! arrows, Home and End move the focus between cells, Enter or Space slides the focused tile.
//! The cells scale with the space (the stylesheet sizes the font from the cell through container
//! query units), a polite live region announces each move, playback position and "Solved",
//! and the tiles can show the pieces of a picture. Moves slide through `flip` (a FLIP animation). A swipe on
//! the board slides the tile on that side of the blank into it, as the arrow key would.

mod announce;
mod flip;
mod nav;

use puzzle_core::{Board, Direction, Heuristic, HeuristicKind};
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement};
use yew::prelude::*;

use self::announce::Announcer;
use crate::components::picture::piece_position;

/// What the grid shows: only these, so a progress message or a chart does not redraw it.
#[derive(Properties, PartialEq)]
pub struct BoardProps {
    /// The board on screen.
    pub board: Board,
    /// The goal (tiles at home are marked; the overlay measures against it).
    pub goal: Board,
    /// The cell of the hinted tile.
    pub hint: Option<usize>,
    /// Whether the heuristic overlay is on.
    pub overlay: bool,
    /// How long a tile takes to slide (a little less than a move of the playback takes, see
    /// [`crate::state::Pace::slide_ms`]; 0: tiles jump).
    pub slide_ms: u32,
    /// A click on the tile at a cell.
    pub on_click: Callback<usize>,
    /// The playback position (step, total) while a solution is shown: its moves are announced
    /// as "moved 3 of 24", at most once a second.
    #[prop_or_default]
    pub progress: Option<(usize, usize)>,
    /// An image (URL) whose pieces the tiles show, each the piece of its goal cell.
    #[prop_or_default]
    pub picture: Option<AttrValue>,
    /// Whether the numbers show over a picture (they always show without one).
    #[prop_or(true)]
    pub numbers: bool,
    /// A swipe on the board: the way the tile next to the blank on that side slides (as the
    /// arrow key of that direction).
    #[prop_or_default]
    pub on_swipe: Callback<Direction>,
    /// The tiles a lesson's phase brings home: they and their goal cells are marked.
    #[prop_or_default]
    pub targets: Vec<u8>,
}

/// How far (CSS pixels) a pointer must travel between down and up to be a swipe, not a tap.
const SWIPE_MIN_PX: f64 = 24.0;

/// The way a tile slides for a pointer that went `dx`, `dy` pixels (`None`: a tap).
pub fn swipe_direction(dx: f64, dy: f64) -> Option<Direction> {
    if dx.abs().max(dy.abs()) < SWIPE_MIN_PX {
        return None;
    }
    Some(if dx.abs() > dy.abs() {
        if dx > 0.0 {
            Direction::Right
        } else {
            Direction::Left
        }
    } else if dy > 0.0 {
        Direction::Down
    } else {
        Direction::Up
    })
}

/// The share of a cell's width a tile number may take as its font size, by digits.
fn glyph_scale(cells: usize) -> f64 {
    match cells - 1 {
        0..=9 => 0.45,
        10..=99 => 0.4,
        _ => 0.32,
    }
}

/// The puzzle grid and its live region.
#[function_component(BoardView)]
pub fn board_view(props: &BoardProps) -> Html {
    let board = &props.board;
    let shape = board.shape();
    let (width, height) = (shape.width(), shape.height());
    let cells = shape.cells();
    let grid = use_node_ref();
    let announcement = use_announcement(board, &props.goal, props.progress);
    use_slides(&grid, board);
    let focus = use_grid_focus(&grid, board);
    let swipe = use_swipe(&props.on_swipe, &props.on_click);

    let slide_ms = props.slide_ms;
    let solved = board == &props.goal;
    let mut style = format!(
        "--cols:{width};--rows:{height};--slide:{slide_ms}ms;--glyph:{};aspect-ratio:{width}/{height}",
        glyph_scale(cells)
    );
    if let Some(url) = &props.picture {
        // An object URL (blob:…) or a plain URL: quotes and backslashes escaped for CSS.
        let escaped = url.replace('\\', "\\\\").replace('"', "\\\"");
        style.push_str(&format!(";--picture:url(\"{escaped}\")"));
    }
    let overlay = props.overlay.then(|| Overlay::of(board, &props.goal));
    let rows = (0..height).map(|row| {
        html! {
            <div class="board-row" role="row" key={row}>
                { for (0..width).map(|column| {
                    let cell = row * width + column;
                    let tile = tile_button(props, overlay.as_ref(), cell, focus.tabbable, &swipe.on_tile_click);
                    let target = props.targets.contains(&props.goal.tile(cell));
                    html! { <div class={classes!("cell", target.then_some("target-cell"))} role="gridcell" key={cell}>{ tile }</div> }
                }) }
            </div>
        }
    });
    html! {
        <>
        <div class={classes!("board", solved.then_some("solved"), props.picture.is_some().then_some("picture"),
                (props.picture.is_some() && !props.numbers).then_some("no-numbers"))}
            role="grid"
            ref={grid}
            aria-label={format!("{shape} puzzle board")}
            aria-describedby="board-keys"
            data-board={board.to_flat()}
            onkeydown={focus.on_keydown}
            onfocusin={focus.on_focusin}
            onpointerdown={swipe.on_pointerdown}
            onpointerup={swipe.on_pointerup}
            onpointercancel={swipe.on_pointercancel}
            {style}>
            { for rows }
            if let Some(overlay) = &overlay {
                { conflict_lines(shape, &overlay.pairs) }
            }
        </div>
        <p id="board-keys" class="sr-only">
            { "Arrow keys move between cells; Enter or Space slides the tile into the blank." }
        </p>
        <p id="board-announce" class="sr-only" aria-live="polite" aria-atomic="true">{ announcement }</p>
        </>
    }
}

/// The live region's text: a board change is described once, when it is first drawn.
#[hook]
fn use_announcement(board: &Board, goal: &Board, progress: Option<(usize, usize)>) -> String {
    let announcer = use_mut_ref(Announcer::default);
    let said = use_mut_ref(|| None::<Board>);
    let mut last = said.borrow_mut();
    if let Some(before) = last.as_ref().filter(|b| *b != board) {
        announcer
            .borrow_mut()
            .board_changed(before, board, goal, progress, js_sys::Date::now());
    }
    *last = Some(board.clone());
    let text = announcer.borrow().text().to_string();
    text
}

/// Slides the tiles that moved since the last drawing.
#[hook]
fn use_slides(grid: &NodeRef, board: &Board) {
    let grid = grid.clone();
    let drawn = use_mut_ref(|| None::<Board>);
    use_effect_with(board.clone(), move |board| {
        let before = drawn.borrow_mut().replace(board.clone());
        if let (Some(before), Some(element)) = (before, grid.cast::<Element>()) {
            flip::slide(&element, &before, board);
        }
    });
}

/// Whether the tile at `cell` can slide into the blank (it shares the blank's row or column).
fn movable(board: &Board, cell: usize) -> bool {
    let (shape, blank) = (board.shape(), board.blank());
    cell != blank
        && (shape.row(cell) == shape.row(blank) || shape.column(cell) == shape.column(blank))
}

/// The roving tabindex: the cell in the tab order, and the keys that move the focus.
struct GridFocus {
    tabbable: usize,
    on_keydown: Callback<KeyboardEvent>,
    on_focusin: Callback<FocusEvent>,
}

/// The one cell in the tab order (the last focused, else the first tile that can move) and
/// the arrow, Home and End keys between cells.
#[hook]
fn use_grid_focus(grid: &NodeRef, board: &Board) -> GridFocus {
    let shape = board.shape();
    let cells = shape.cells();
    let focus = use_state(|| None::<usize>);
    let tabbable = focus
        .filter(|&cell| cell < cells)
        .or_else(|| (0..cells).find(|&c| movable(board, c)))
        .unwrap_or(0);
    let on_keydown = {
        let grid = grid.clone();
        let focus = focus.clone();
        Callback::from(move |e: KeyboardEvent| {
            let Some(cell) = cell_of(e.target()) else {
                return;
            };
            let Some(target) = nav::grid_target(shape, cell, &e.key(), e.ctrl_key()) else {
                return;
            };
            e.prevent_default();
            focus.set(Some(target));
            if let Some(element) = grid
                .cast::<Element>()
                .and_then(|g| {
                    g.query_selector(&format!("[data-cell=\"{target}\"]"))
                        .ok()?
                })
                .and_then(|e| e.dyn_into::<HtmlElement>().ok())
            {
                element.focus().ok();
            }
        })
    };
    let on_focusin = Callback::from(move |e: FocusEvent| {
        if let Some(cell) = cell_of(e.target()) {
            focus.set(Some(cell));
        }
    });
    GridFocus {
        tabbable,
        on_keydown,
        on_focusin,
    }
}

/// The pointer handlers of swipes, and the tile click that a swipe swallows.
struct Swipe {
    on_pointerdown: Callback<PointerEvent>,
    on_pointerup: Callback<PointerEvent>,
    on_pointercancel: Callback<PointerEvent>,
    /// A click on a cell (and whether it came from the keyboard).
    on_tile_click: Callback<(usize, bool)>,
}

/// Swipes: where the pointer went down; a swipe swallows the click that may follow it.
#[hook]
fn use_swipe(on_swipe: &Callback<Direction>, on_click: &Callback<usize>) -> Swipe {
    let pressed = use_mut_ref(|| None::<(f64, f64)>);
    let swiped = use_mut_ref(|| false);
    let on_pointerdown = {
        let (pressed, swiped) = (pressed.clone(), swiped.clone());
        Callback::from(move |e: PointerEvent| {
            *pressed.borrow_mut() = Some((e.client_x() as f64, e.client_y() as f64));
            *swiped.borrow_mut() = false;
        })
    };
    let on_pointerup = {
        let (pressed, swiped) = (pressed.clone(), swiped.clone());
        let on_swipe = on_swipe.clone();
        Callback::from(move |e: PointerEvent| {
            let Some((x, y)) = pressed.borrow_mut().take() else {
                return;
            };
            if let Some(direction) =
                swipe_direction(e.client_x() as f64 - x, e.client_y() as f64 - y)
            {
                *swiped.borrow_mut() = true;
                on_swipe.emit(direction);
            }
        })
    };
    let on_pointercancel = {
        let pressed = pressed.clone();
        Callback::from(move |_: PointerEvent| *pressed.borrow_mut() = None)
    };
    let on_tile_click = {
        let on_click = on_click.clone();
        Callback::from(move |(cell, keyboard): (usize, bool)| {
            // A click from Enter or Space (detail 0) is never the end of a swipe.
            let after_swipe = std::mem::take(&mut *swiped.borrow_mut());
            if keyboard || !after_swipe {
                on_click.emit(cell);
            }
        })
    };
    Swipe {
        on_pointerdown,
        on_pointerup,
        on_pointercancel,
        on_tile_click,
    }
}

/// The heuristic overlay: each cell's Manhattan share and the linear-conflict pairs.
struct Overlay {
    by_cell: Vec<u32>,
    pairs: Vec<(usize, usize)>,
}

impl Overlay {
    fn of(board: &Board, goal: &Board) -> Overlay {
        let manhattan = Heuristic::new(HeuristicKind::Manhattan, goal);
        let conflict = Heuristic::new(HeuristicKind::LinearConflict, goal);
        Overlay {
            by_cell: manhattan.manhattan_by_cell(board),
            pairs: conflict.conflict_pairs(board),
        }
    }
}

/// The button of the tile (or the blank) at `cell`.
fn tile_button(
    props: &BoardProps,
    overlay: Option<&Overlay>,
    cell: usize,
    tabbable: usize,
    on_tile_click: &Callback<(usize, bool)>,
) -> Html {
    let board = &props.board;
    let shape = board.shape();
    let tile = board.tile(cell);
    let tabindex = if cell == tabbable { "0" } else { "-1" };
    let onclick = on_tile_click.reform(move |e: MouseEvent| (cell, e.detail() == 0));
    if tile == 0 {
        return html! {
            <button class="tile blank" data-cell={cell.to_string()} {tabindex} {onclick}>
                <span class="sr-only">{ "blank" }</span>
            </button>
        };
    }
    let in_place = props.goal.tile(cell) == tile;
    let hinted = props.hint == Some(cell);
    let target = props.targets.contains(&tile);
    let in_conflict = overlay.is_some_and(|o| o.pairs.iter().any(|&(a, b)| a == cell || b == cell));
    let badge = overlay.map(|o| o.by_cell[cell]);
    let piece = props.picture.as_ref().and_then(|_| {
        let home = props.goal.position_of(tile)?;
        let (x, y) = piece_position(
            shape.column(home),
            shape.row(home),
            shape.width(),
            shape.height(),
        );
        Some(format!("--px:{x}%;--py:{y}%"))
    });
    html! {
        <button
            class={classes!("tile", movable(board, cell).then_some("movable"), in_place.then_some("home"),
                hinted.then_some("hinted"), in_conflict.then_some("conflict"), target.then_some("target"))}
            style={piece}
            data-cell={cell.to_string()}
            data-tile={tile.to_string()}
            aria-description={hinted.then_some("hint: slide this tile")}
            {tabindex}
            {onclick}>
            <span class="sr-only">{ "tile " }</span>
            <span class="num">{ tile }</span>
            if let Some(h) = badge {
                <i class="badge-h" data-h={h.to_string()} aria-hidden="true">{ h }</i>
            }
        </button>
    }
}

/// The overlay's lines between the tiles of each linear-conflict pair.
fn conflict_lines(shape: puzzle_core::Shape, pairs: &[(usize, usize)]) -> Html {
    let (width, height) = (shape.width(), shape.height());
    html! {
        <svg class="conflicts" viewBox={format!("0 0 {width} {height}")} preserveAspectRatio="none" aria-hidden="true">
            { for pairs.iter().map(|&(a, b)| {
                let centre = |c: usize| (shape.column(c) as f64 + 0.5, shape.row(c) as f64 + 0.5);
                let ((x1, y1), (x2, y2)) = (centre(a), centre(b));
                html! { <line class="conflict-line" x1={x1.to_string()} y1={y1.to_string()} x2={x2.to_string()} y2={y2.to_string()} /> }
            }) }
        </svg>
    }
}

/// The cell of the tile an event happened on (its `data-cell`).
fn cell_of(target: Option<web_sys::EventTarget>) -> Option<usize> {
    target?
        .dyn_into::<Element>()
        .ok()?
        .closest("[data-cell]")
        .ok()??
        .get_attribute("data-cell")?
        .parse()
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_swipe_goes_the_way_it_moved_most_and_a_short_one_is_a_tap() {
        assert_eq!(swipe_direction(40.0, 5.0), Some(Direction::Right));
        assert_eq!(swipe_direction(-40.0, 30.0), Some(Direction::Left));
        assert_eq!(swipe_direction(10.0, 60.0), Some(Direction::Down));
        assert_eq!(swipe_direction(0.0, -25.0), Some(Direction::Up));
        assert_eq!(swipe_direction(10.0, -12.0), None);
        assert_eq!(swipe_direction(0.0, 0.0), None);
    }
}
