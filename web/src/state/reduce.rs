//! The top-level reducer: hands each page [`Action`] to its slice's part of the router in one
//! exhaustive `match` (no catch-all: each nested enum is matched in full by one function, which
//! lives beside its slice's state: `play::route`, `puzzle::route`, `solve::running::route`, ...),
//! composes what several slices do for one action, and applies the rules of `rules.rs` once, at
//! the end. A part makes a slice's `*Change` only where it adds to what the page said (the board
//! on screen, the request) or where several actions come to one change; what a slice takes as
//! it comes it passes on whole ([`super::Told`], [`super::Reading`], [`super::CoachOwn`], the
//! preferences' and playback's actions).

use super::{
    coach, editors, lesson, play, playback, prefs, puzzle, race, rules, solve, Action, PlayAction,
    State,
};

/// The next state, or `None` when the action changes nothing (an illegal click, a stale answer).
pub fn reduce(state: &State, action: Action) -> Option<State> {
    let mut next = route(state, action)?;
    rules::keep_what_belongs(state, &mut next);
    rules::keep_the_game(&mut next);
    lesson::keep(&mut next);
    rules::count_the_hint(state, &mut next);
    Some(next)
}

/// Hands each action to the part of the reducer for its slice, each matching its own enum in
/// full; where an action is also another slice's business, says so here: a hand move is the
/// lesson's too (the person takes over), playback's steps show the lesson's phase, and a
/// worker's message or Cancel goes to a race first when the race waits for it.
pub(super) fn route(state: &State, action: Action) -> Option<State> {
    match action {
        Action::Play(action) => {
            let by_hand = !matches!(action, PlayAction::Reading(_));
            let mut next = play::route(state, action)?;
            if by_hand {
                lesson::after_hand_move(state, &mut next);
            }
            Some(next)
        }
        Action::Puzzle(action) => puzzle::route(state, action),
        Action::Editors(action) => editors::route(state, action),
        Action::Prefs(action) => prefs::route(state, action),
        Action::Solve(action) => {
            race::take(state, &action).or_else(|| solve::running::route(state, action))
        }
        Action::Playback(action) => {
            let mut next = playback::route(state, action)?;
            lesson::follow_playback(state, &mut next, action);
            Some(next)
        }
        Action::Race(action) => race::route(state, action),
        Action::Coach(action) => coach::route(state, action),
        Action::Lesson(action) => lesson::route(state, action),
        Action::Experiment(action) => {
            let run = super::experiment::reduce(state.experiment.as_ref(), action)?;
            Some(State {
                experiment: Some(run),
                ..state.clone()
            })
        }
        // The view only: nothing else changes with the tab.
        Action::ShowView(view) => (view != state.view).then(|| State {
            view,
            ..state.clone()
        }),
        Action::DismissNotice => {
            state.notice.as_ref()?;
            Some(State {
                notice: None,
                ..state.clone()
            })
        }
    }
}
