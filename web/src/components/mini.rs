//! A board drawn small (a CSS grid): the goal's picture beside the Goal menu, and in the
//! step-through view the OPEN entries, the node being expanded and a picked node of the tree.

use puzzle_core::Board;
use yew::prelude::*;

/// Props of a mini-board.
#[derive(Properties, PartialEq)]
pub struct MiniProps {
    /// The board.
    pub board: Board,
    /// The goal: tiles already home are shaded.
    pub goal: Board,
    /// Whether the tiles show their numbers (a big board's small picture shows its shape only).
    #[prop_or(true)]
    pub numbers: bool,
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
        let number = (tile != 0 && props.numbers).then(|| tile.to_string());
        html! { <span {class}>{ number.unwrap_or_default() }</span> }
    });
    html! {
        <div class="mini" {style} role="img" aria-label={label} data-board={props.board.to_flat()}>
            { for cells }
        </div>
    }
}
