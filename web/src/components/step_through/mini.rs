//! A board drawn small (a CSS grid), for OPEN entries, the node being expanded and a picked
//! node of the tree.

use puzzle_core::Board;
use yew::prelude::*;

/// Props of a mini-board.
#[derive(Properties, PartialEq)]
pub struct MiniProps {
    /// The board.
    pub board: Board,
    /// The goal: tiles already home are shaded.
    pub goal: Board,
}

/// A board drawn small.
#[function_component(MiniBoard)]
pub fn mini_board(props: &MiniProps) -> Html {
    let width = props.board.shape().width();
    let style = format!("--mini-w: {width}");
    let label = format!("board {}", props.board.to_flat());
    let cells = props.board.cells().iter().enumerate().map(|(i, &tile)| {
        let home = props.goal.cells().get(i) == Some(&tile);
        let class = match (tile, home) {
            (0, _) => "mini-cell blank",
            (_, true) => "mini-cell home",
            _ => "mini-cell",
        };
        html! { <span {class}>{ if tile == 0 { String::new() } else { tile.to_string() } }</span> }
    });
    html! {
        <div class="mini" {style} role="img" aria-label={label} data-board={props.board.to_flat()}>
            { for cells }
        </div>
    }
}
