//! OPEN as a table, next node first: each entry's board with its g, h and f = g + h.

use std::rc::Rc;

use puzzle_core::Board;
use yew::prelude::*;

use crate::components::mini::MiniBoard;
use crate::components::term::{glossary, Term};

/// One row: board, g, h.
pub type OpenRow = (Board, u32, u32);

/// Props of the OPEN table.
#[derive(Properties, PartialEq)]
pub struct OpenTableProps {
    /// The first entries, in the order they will be expanded.
    pub rows: Rc<Vec<OpenRow>>,
    /// Entries in all (as the core counts them).
    pub total: usize,
    /// How the method orders OPEN, in words.
    pub order: &'static str,
    /// The goal (to shade tiles at home).
    pub goal: Board,
    /// The caption's first word ("OPEN", or "Path" for depth-first methods).
    pub title: &'static str,
}

/// The OPEN table.
#[function_component(OpenTable)]
pub fn open_table(props: &OpenTableProps) -> Html {
    let rows = props.rows.iter().enumerate().map(|(i, (board, g, h))| {
        html! {
            <tr>
                <td class="num">{ i + 1 }</td>
                <td><MiniBoard board={board.clone()} goal={props.goal.clone()} /></td>
                <td class="num">{ g }</td>
                <td class="num">{ h }</td>
                <td class="num f">{ g + h }</td>
            </tr>
        }
    });
    let more = props.total.saturating_sub(props.rows.len());
    html! {
        <table class="open-list">
            <caption>
                <strong>{ format!("{} ({})", props.title, props.total) }</strong>
                <span class="muted">{ format!(" {}", props.order) }</span>
            </caption>
            <thead><tr>
                <th>{ "#" }</th><th>{ "board" }</th>
                <th><Term word="g" text={glossary::G} /></th>
                <th><Term word="h" text={glossary::H} /></th>
                <th><Term word="f" text={glossary::F} /></th>
            </tr></thead>
            <tbody>
                { for rows }
                if more > 0 {
                    <tr><td colspan="5" class="muted">{ format!("… {more} more") }</td></tr>
                }
            </tbody>
        </table>
    }
}
