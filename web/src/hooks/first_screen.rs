//! The app takes the first screen's place: what was done on the board index.html drew before
//! the wasm came (`web/first-taps.js`) is done again through the reducer, then the first screen
//! goes.

use yew::prelude::*;

use crate::prerender::Press;
use crate::state::{Action, PlayAction, Reading, State};

/// Once the app has drawn: the taps made on the first screen ([`crate::prerender::take`]) are
/// dispatched as the hand clicks they were, each with the clock read at its tap; a Solve or
/// Scramble pressed there is then made with `solve` or `scramble` (at the next render, so the
/// solver reads the board the taps left); the first screen and the loading text go.
#[hook]
pub fn use_first_screen(
    dispatcher: UseReducerDispatcher<State>,
    solve: Callback<()>,
    scramble: Callback<()>,
) {
    let press = use_state(|| None::<Press>);
    {
        let press = press.setter();
        use_effect_with((), move |_| {
            let early = crate::prerender::take();
            for (cell, ms) in early.taps {
                dispatcher.dispatch(Action::Play(PlayAction::Reading(Reading::Clock(ms))));
                dispatcher.dispatch(Action::Play(PlayAction::ClickCell(cell)));
            }
            // Set only when pressed: a state set re-renders the whole app, at every start.
            if early.press.is_some() {
                press.set(early.press);
            }
            crate::prerender::remove();
        });
    }
    use_effect_with(*press, move |press| match press {
        Some(Press::Solve) => solve.emit(()),
        Some(Press::Scramble) => scramble.emit(()),
        None => {}
    });
}
