//! The Scramble button's randomness: the click picks a seed here, at the edge, and the pure
//! reducer makes the board from it ([`PuzzleAction::ScrambleSeeded`]).

use yew::prelude::*;

use crate::state::{Action, PuzzleAction, State};

/// A stable callback (made once) that scrambles with a fresh random seed.
#[hook]
pub fn use_scramble(dispatcher: UseReducerDispatcher<State>) -> Callback<()> {
    let callback = use_memo((), move |_| {
        Callback::from(move |()| {
            dispatcher.dispatch(Action::Puzzle(PuzzleAction::ScrambleSeeded(random_seed())));
        })
    });
    (*callback).clone()
}

/// A fresh random seed for a new board (Scramble, a new size or goal), below 2^53 so that it
/// survives a trip through a JS number.
pub fn random_seed() -> u64 {
    if cfg!(not(target_arch = "wasm32")) {
        // The first screen drawn at build time: the prerender's seed stands in.
        return crate::prerender::seed().unwrap_or(0);
    }
    (js_sys::Math::random() * 9_007_199_254_740_992.0) as u64
}
