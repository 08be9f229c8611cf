//! The grid of tiles. Tiles are buttons positioned by `transform`, rendered in tile order with
//! stable keys, so a move only changes a transform and CSS slides the tile (no layout shift).

use puzzle_core::{Board, Heuristic, HeuristicKind};
use yew::prelude::*;

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
    /// Playback speed (tiles slide a little faster than the moves come).
    pub speed_ms: u32,
    /// A click on the tile at a cell.
    pub on_click: Callback<usize>,
}

/// The puzzle grid.
#[function_component(BoardView)]
pub fn board_view(props: &BoardProps) -> Html {
    let board = &props.board;
    let shape = board.shape();
    let (width, height) = (shape.width(), shape.height());
    let mut cell_of = vec![0; board.cells().len()];
    for (cell, &tile) in board.cells().iter().enumerate() {
        cell_of[tile as usize] = cell;
    }
    let blank = board.blank();
    let movable = |cell: usize| {
        cell != blank
            && (shape.row(cell) == shape.row(blank) || shape.column(cell) == shape.column(blank))
    };
    let slide_ms = (props.speed_ms as f64 * 0.7).clamp(60.0, 220.0).round();
    let solved = board == &props.goal;
    let style = format!(
        "--cols:{width};--rows:{height};--slide:{slide_ms}ms;aspect-ratio:{width}/{height};font-size:{}rem",
        match width.max(height) {
            0..=3 => 2.0,
            4 => 1.6,
            5 => 1.3,
            _ => 1.0,
        }
    );
    let overlay = props.overlay.then(|| {
        let manhattan = Heuristic::new(HeuristicKind::Manhattan, &props.goal);
        let conflict = Heuristic::new(HeuristicKind::LinearConflict, &props.goal);
        (
            manhattan.manhattan_by_cell(board),
            conflict.conflict_pairs(board),
        )
    });
    let in_conflict = |cell: usize| {
        overlay
            .as_ref()
            .is_some_and(|(_, pairs)| pairs.iter().any(|&(a, b)| a == cell || b == cell))
    };
    let tiles = (0..cell_of.len()).map(|tile| {
        let cell = cell_of[tile];
        let (row, column) = (shape.row(cell), shape.column(cell));
        let position = format!("transform:translate({}%,{}%)", column * 100, row * 100);
        let onclick = props.on_click.reform(move |_: MouseEvent| cell);
        if tile == 0 {
            html! {
                <button key={tile} class="tile blank" style={position} aria-label="blank"
                    data-cell={cell.to_string()} tabindex="-1" {onclick}></button>
            }
        } else {
            let in_place = props.goal.tile(cell) as usize == tile;
            let hinted = props.hint == Some(cell);
            let badge = overlay.as_ref().map(|(by_cell, _)| by_cell[cell]);
            html! {
                <button key={tile}
                    class={classes!("tile", movable(cell).then_some("movable"), in_place.then_some("home"),
                        hinted.then_some("hinted"), in_conflict(cell).then_some("conflict"))}
                    style={position}
                    aria-label={format!("tile {tile}")}
                    data-cell={cell.to_string()}
                    {onclick}>
                    <span>{ tile }</span>
                    if let Some(h) = badge {
                        <i class="badge-h" data-h={h.to_string()} aria-hidden="true">{ h }</i>
                    }
                </button>
            }
        }
    });
    html! {
        <div class={classes!("board", solved.then_some("solved"))}
            role="grid"
            aria-label={format!("{shape} puzzle board")}
            data-board={board.to_flat()}
            {style}>
            { for tiles }
            if let Some((_, pairs)) = &overlay {
                <svg class="conflicts" viewBox={format!("0 0 {width} {height}")} preserveAspectRatio="none" aria-hidden="true">
                    { for pairs.iter().map(|&(a, b)| {
                        let centre = |c: usize| (shape.column(c) as f64 + 0.5, shape.row(c) as f64 + 0.5);
                        let ((x1, y1), (x2, y2)) = (centre(a), centre(b));
                        html! { <line class="conflict-line" x1={x1.to_string()} y1={y1.to_string()} x2={x2.to_string()} y2={y2.to_string()} /> }
                    }) }
                </svg>
            }
        </div>
    }
}
