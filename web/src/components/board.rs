//! The grid of tiles. Tiles are buttons positioned by `transform`, rendered in tile order with
//! stable keys, so a move only changes a transform and CSS slides the tile (no layout shift).

use yew::prelude::*;

use super::StateProps;
use crate::state::Action;

/// The puzzle grid.
#[function_component(BoardView)]
pub fn board_view(props: &StateProps) -> Html {
    let state = &props.state;
    let board = &state.board;
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
    let slide_ms = (state.speed_ms as f64 * 0.7).clamp(60.0, 220.0).round();
    let solved = state.is_solved();
    let style = format!(
        "--cols:{width};--rows:{height};--slide:{slide_ms}ms;aspect-ratio:{width}/{height};font-size:{}rem",
        match width.max(height) {
            0..=3 => 2.0,
            4 => 1.6,
            5 => 1.3,
            _ => 1.0,
        }
    );
    let tiles = (0..cell_of.len()).map(|tile| {
        let cell = cell_of[tile];
        let (row, column) = (shape.row(cell), shape.column(cell));
        let position = format!("transform:translate({}%,{}%)", column * 100, row * 100);
        let onclick = {
            let state = state.clone();
            Callback::from(move |_: MouseEvent| state.dispatch(Action::ClickCell(cell)))
        };
        if tile == 0 {
            html! {
                <button key={tile} class="tile blank" style={position} aria-label="blank"
                    data-cell={cell.to_string()} tabindex="-1" {onclick}></button>
            }
        } else {
            let in_place = state.goal_board.tile(cell) as usize == tile;
            html! {
                <button key={tile}
                    class={classes!("tile", movable(cell).then_some("movable"), in_place.then_some("home"))}
                    style={position}
                    aria-label={format!("tile {tile}")}
                    data-cell={cell.to_string()}
                    {onclick}>
                    <span>{ tile }</span>
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
        </div>
    }
}
