//! The data-driven helper every slice's tests use: apply a list of actions through a reducer
//! (an action that changes nothing leaves the state as it was) and check the end state.

use std::fmt::Debug;

/// Applies `actions` in turn to `initial` through `reduce` and hands the end state to
/// `expected`, which asserts what it must be; returns the end state for further checks.
pub fn check<S, A, R, E>(reduce: R, initial: &S, actions: Vec<A>, expected: E) -> S
where
    S: Clone + Debug,
    R: Fn(&S, A) -> Option<S>,
    E: FnOnce(&S),
{
    let end = actions.into_iter().fold(initial.clone(), |state, action| {
        reduce(&state, action).unwrap_or(state)
    });
    expected(&end);
    end
}
