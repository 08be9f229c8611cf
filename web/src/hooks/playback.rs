//! The playback timer: an interval that dispatches [`PlaybackAction::Tick`] while playback plays.

use gloo_timers::callback::Interval;
use yew::prelude::*;

use crate::state::{Action, PlaybackAction, State};

/// Ticks every `speed_ms` while `playing`; changing either (or pausing) drops the interval.
#[hook]
pub fn use_playback_timer(playing: bool, speed_ms: u32, dispatcher: UseReducerDispatcher<State>) {
    use_effect_with((playing, speed_ms), move |&(playing, speed)| {
        let interval = playing.then(|| {
            Interval::new(speed, move || {
                dispatcher.dispatch(Action::Playback(PlaybackAction::Tick))
            })
        });
        move || drop(interval)
    });
}
