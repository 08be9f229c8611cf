//! The answers of an anytime solve, as buttons: each plays that answer from the solve's start,
//! while the solve still improves or after it ended ("Play 156", "Play 131", ...).

use yew::prelude::*;

use crate::state::{Action, SolveAction, State};

/// Props of the answers list.
#[derive(Properties, PartialEq)]
pub struct AnswersProps {
    /// The lengths of the answers, in the order they came (longest first).
    pub lengths: Vec<usize>,
    /// The answer being played back, if one is.
    pub playing: Option<usize>,
    /// Sends [`SolveAction::PlayAnswer`].
    pub dispatcher: UseReducerDispatcher<State>,
}

/// "Play an answer:" and one button per answer (nothing for fewer than two answers while
/// finished: the result's own playback covers one).
#[function_component(AnswersList)]
pub fn answers_list(props: &AnswersProps) -> Html {
    if props.lengths.is_empty() {
        return html! {};
    }
    let buttons = props.lengths.iter().enumerate().map(|(index, length)| {
        let onclick = {
            let state = props.dispatcher.clone();
            Callback::from(move |_: MouseEvent| {
                state.dispatch(Action::Solve(SolveAction::PlayAnswer(index)))
            })
        };
        let playing = props.playing == Some(index);
        html! {
            <li>
                <button class={classes!("small", "answer", playing.then_some("playing"))}
                    data-length={length.to_string()} aria-pressed={playing.to_string()}
                    aria-label={format!("play the {length}-move answer")} {onclick}>
                    { format!("{length}") }
                </button>
            </li>
        }
    });
    html! {
        <div class="answers-play" role="group" aria-label="answers found so far">
            <span class="muted">{ "Play an answer:" }</span>
            <ul class="answer-list">{ for buttons }</ul>
        </div>
    }
}
