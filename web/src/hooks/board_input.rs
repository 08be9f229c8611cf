//! The page's stable input callbacks: a click on a cell, a swipe on the board, the undo and
//! redo buttons, and the notice's dismiss button, each made once so the components' narrow props compare equal between renders.

use puzzle_core::Direction;
use yew::prelude::*;

use crate::hooks::play::hand;
use crate::state::{Action, PlayAction, State};

/// Callbacks that turn the board's and the notice's input into actions.
#[derive(Clone, PartialEq)]
pub struct BoardInput {
    /// A click (or Enter) on the tile in this cell.
    pub on_click: Callback<usize>,
    /// A swipe towards this direction: the tile on that side of the blank slides into it.
    pub on_swipe: Callback<Direction>,
    /// Hides the notice.
    pub dismiss: Callback<MouseEvent>,
    /// Takes the last hand move back.
    pub undo: Callback<MouseEvent>,
    /// Makes the last move taken back again.
    pub redo: Callback<MouseEvent>,
}

/// The board's and the notice's callbacks, made once.
#[hook]
pub fn use_board_input(dispatcher: UseReducerDispatcher<State>) -> BoardInput {
    let input = use_memo((), move |_| {
        let click = dispatcher.clone();
        let swipe = dispatcher.clone();
        let (undo, redo) = (dispatcher.clone(), dispatcher.clone());
        BoardInput {
            undo: Callback::from(move |_: MouseEvent| hand(&undo, Action::Play(PlayAction::Undo))),
            redo: Callback::from(move |_: MouseEvent| hand(&redo, Action::Play(PlayAction::Redo))),
            on_click: Callback::from(move |cell| {
                hand(&click, Action::Play(PlayAction::ClickCell(cell)))
            }),
            on_swipe: Callback::from(move |tile: Direction| {
                hand(
                    &swipe,
                    Action::Play(PlayAction::MoveBlank(State::key_move(tile))),
                )
            }),
            dismiss: Callback::from(move |_: MouseEvent| {
                dispatcher.dispatch(Action::DismissNotice)
            }),
        }
    });
    (*input).clone()
}
