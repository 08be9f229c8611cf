//! Playback controls: restart, step back, play or pause, step, speed and a timeline to scrub.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::components::select::on_select;
use crate::state::{Action, Playback, PlaybackAction, State};

/// Speeds offered, as delays between moves in milliseconds.
pub const SPEEDS: [(u32, &str); 4] = [
    (700, "Slow"),
    (350, "Normal"),
    (150, "Fast"),
    (50, "Very fast"),
];

/// Props of the playback bar: only what it shows, so it redraws on a tick or a speed change
/// and not on a progress message.
#[derive(Properties, PartialEq)]
pub struct PlaybackProps {
    /// The solution being played back, if any.
    pub playback: Option<Playback>,
    /// Delay between playback moves.
    pub speed_ms: u32,
    /// Sends actions to the page's reducer.
    pub dispatcher: UseReducerDispatcher<State>,
}

/// The playback bar (shown while a solution can be played).
#[function_component(PlaybackBar)]
pub fn playback_bar(props: &PlaybackProps) -> Html {
    let state = &props.dispatcher;
    let Some(playback) = &props.playback else {
        return html! {};
    };
    let send = |action: Action| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(action.clone()))
    };
    let on_seek = {
        let state = state.clone();
        Callback::from(move |e: InputEvent| {
            let value = e.target_unchecked_into::<HtmlInputElement>().value();
            if let Ok(step) = value.parse::<usize>() {
                state.dispatch(Action::Playback(PlaybackAction::Seek(step)));
            }
        })
    };
    let on_speed = on_select::<u32>(state, Action::SetSpeed);
    let total = playback.moves.len();
    html! {
        <div class="playback" role="group" aria-label="playback">
            <div class="row buttons">
                <button id="restart" onclick={send(Action::Playback(PlaybackAction::Restart))} disabled={playback.step == 0}
                    title={(playback.step == 0).then_some("Already at the start.")}>{ "Restart" }</button>
                <button id="step-back" onclick={send(Action::Playback(PlaybackAction::StepBack))} disabled={playback.step == 0}
                    title={(playback.step == 0).then_some("Already at the start.")}>{ "Step back" }</button>
                if playback.playing {
                    <button id="pause" class="primary" onclick={send(Action::Playback(PlaybackAction::Pause))}>{ "Pause" }</button>
                } else {
                    <button id="play" class="primary" onclick={send(Action::Playback(PlaybackAction::Play))}>{ "Play" }</button>
                }
                <button id="step" onclick={send(Action::Playback(PlaybackAction::StepForward))} disabled={playback.at_end()}
                    title={playback.at_end().then_some("Already at the last move.")}>{ "Step" }</button>
                <label class="speed">{ "Speed" }
                    <select id="speed" onchange={on_speed}>
                        { for SPEEDS.into_iter().map(|(ms, label)| html! {
                            <option value={ms.to_string()} selected={ms == props.speed_ms}>{ label }</option>
                        }) }
                    </select>
                </label>
            </div>
            <label class="timeline">
                <span id="step-count" data-step={playback.step.to_string()} data-total={total.to_string()}>
                    { format!("Step {} / {}", playback.step, total) }
                </span>
                <input id="timeline" type="range" min="0" max={total.to_string()}
                    value={playback.step.to_string()} oninput={on_seek} aria-label="timeline" />
            </label>
        </div>
    }
}
