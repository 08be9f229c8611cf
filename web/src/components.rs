//! The page's parts. Each receives the reducer handle and dispatches actions; none does I/O.

pub mod board;
pub mod charts;
pub mod coach;
pub mod engine;
pub mod generator;
pub mod playback;
pub mod race;
pub mod result;
pub mod setup;
pub mod solver;
pub mod stepper;

use yew::prelude::*;

use crate::state::State;

/// Props shared by the parts: the state and its dispatcher.
#[derive(Properties, PartialEq)]
pub struct StateProps {
    /// The page state.
    pub state: UseReducerHandle<State>,
}
