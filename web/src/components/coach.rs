//! Play with help: the live "optimal moves from here" count, the Hint button, and the
//! heuristic overlay's totals (h next to the true distance).

use puzzle_core::{Heuristic, HeuristicKind};
use yew::prelude::*;

use crate::insight::{Distance, Insight};
use crate::state::{Action, State};

/// Props of the coach bar.
#[derive(Properties, PartialEq)]
pub struct CoachProps {
    /// The page state.
    pub state: UseReducerHandle<State>,
    /// What is known about the distance left.
    pub insight: Insight,
}

/// The coach bar under the board.
#[function_component(Coach)]
pub fn coach(props: &CoachProps) -> Html {
    let state = &props.state;
    let insight = props.insight;
    let (count_text, count_data) = match insight.distance {
        Distance::Known(d) => (d.to_string(), d.to_string()),
        Distance::Computing => ("…".to_string(), "computing".to_string()),
        Distance::Unknown if !state.solvability().solvable => {
            ("none (unsolvable)".to_string(), "unsolvable".to_string())
        }
        Distance::Unknown => ("unknown".to_string(), "unknown".to_string()),
        Distance::Off => ("—".to_string(), "off".to_string()),
    };
    let hint_cell = insight.hint.and_then(|d| {
        let blank = state.puzzle.board.blank();
        state.shape().neighbour(blank, d)
    });
    let on_hint = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(cell) = hint_cell {
                state.dispatch(Action::ShowHint(cell));
            }
        })
    };
    let on_overlay = {
        let state = state.clone();
        Callback::from(move |_: Event| state.dispatch(Action::ToggleOverlay))
    };
    let on_live = {
        let state = state.clone();
        Callback::from(move |_: Event| state.dispatch(Action::ToggleLive))
    };
    let big = crate::insight::live_size(state.puzzle.board.cells().len());
    let summary = state.help.overlay.then(|| {
        let goal = &state.puzzle.goal_board;
        let manhattan = Heuristic::new(HeuristicKind::Manhattan, goal).estimate(&state.puzzle.board);
        let total = Heuristic::new(HeuristicKind::LinearConflict, goal).estimate(&state.puzzle.board);
        let pairs = Heuristic::new(HeuristicKind::LinearConflict, goal)
            .conflict_pairs(&state.puzzle.board)
            .len();
        html! {
            <p id="h-summary" class="h-summary">
                <span>{ "Estimate h = " }<strong id="h-total" data-h={total.to_string()}>{ total }</strong>
                    { format!(" (Manhattan {manhattan} + linear conflict {}; {pairs} pair{})", total - manhattan, if pairs == 1 { "" } else { "s" }) }</span>
                <span>{ " · true distance: " }<strong id="true-distance" data-distance={count_data.clone()}>{ count_text.clone() }</strong></span>
            </p>
        }
    });
    html! {
        <div class="coach" role="group" aria-label="help">
            <div class="row">
                <span class="optimal-count" aria-live="polite">
                    { "Optimal moves from here: " }
                    <strong id="optimal-count" data-count={count_data}>{ count_text }</strong>
                </span>
                <button id="hint" onclick={on_hint} disabled={hint_cell.is_none() || state.playback.is_some()}>{ "Hint" }</button>
                if big {
                    <label class="check" title="Solves each new board in a second worker while you play">
                        <input id="live-toggle" type="checkbox" checked={state.help.live_on} onchange={on_live} />
                        { "Live count" }
                    </label>
                }
                <label class="check">
                    <input id="overlay-toggle" type="checkbox" checked={state.help.overlay} onchange={on_overlay} />
                    { "Show heuristic" }
                </label>
            </div>
            { summary.unwrap_or_default() }
        </div>
    }
}
