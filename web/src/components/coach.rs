//! Play with help: the live "optimal moves from here" count, the Hint button, and the
//! heuristic overlay's totals (h next to the true distance).

use puzzle_core::{solvability, Board, Heuristic, HeuristicKind};
use yew::prelude::*;

use crate::insight::{Distance, Insight};
use crate::state::{Action, State};

/// Props of the coach bar: only what it shows, so a progress message does not redraw it.
#[derive(Properties, PartialEq)]
pub struct CoachProps {
    /// The board on screen.
    pub board: Board,
    /// The goal.
    pub goal: Board,
    /// Whether the heuristic overlay is on.
    pub overlay: bool,
    /// Whether the live count is on (boards too big for a table).
    pub live_on: bool,
    /// Whether a solution is being played back (no hints then).
    pub playing: bool,
    /// What is known about the distance left.
    pub insight: Insight,
    /// Sends actions to the page's reducer.
    pub dispatcher: UseReducerDispatcher<State>,
}

/// The coach bar under the board.
#[function_component(Coach)]
pub fn coach(props: &CoachProps) -> Html {
    let state = &props.dispatcher;
    let (board, goal) = (&props.board, &props.goal);
    let solvable = solvability(board, goal).is_ok_and(|verdict| verdict.solvable);
    let insight = props.insight;
    let (count_text, count_data) = match insight.distance {
        Distance::Known(d) => (d.to_string(), d.to_string()),
        Distance::Computing => ("…".to_string(), "computing".to_string()),
        Distance::Unknown if !solvable => {
            ("none (unsolvable)".to_string(), "unsolvable".to_string())
        }
        Distance::Unknown => ("unknown".to_string(), "unknown".to_string()),
        Distance::Off => ("—".to_string(), "off".to_string()),
    };
    let hint_cell = insight.hint.and_then(|d| {
        let blank = board.blank();
        board.shape().neighbour(blank, d)
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
    let big = crate::insight::live_size(board.cells().len());
    let summary = props.overlay.then(|| {
        let manhattan = Heuristic::new(HeuristicKind::Manhattan, goal).estimate(board);
        let total = Heuristic::new(HeuristicKind::LinearConflict, goal).estimate(board);
        let pairs = Heuristic::new(HeuristicKind::LinearConflict, goal)
            .conflict_pairs(board)
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
                <button id="hint" onclick={on_hint} disabled={hint_cell.is_none() || props.playing}
                    title={if props.playing {
                        Some("No hints during playback: move a tile to take over.")
                    } else if hint_cell.is_none() {
                        Some("No hint: the board is the goal, or the distance from here is not known yet.")
                    } else {
                        None
                    }}>{ "Hint" }</button>
                if big {
                    <label class="check" title="Solves each new board in a second worker while you play">
                        <input id="live-toggle" type="checkbox" checked={props.live_on} onchange={on_live} />
                        { "Live count" }
                    </label>
                }
                <label class="check">
                    <input id="overlay-toggle" type="checkbox" checked={props.overlay} onchange={on_overlay} />
                    { "Show heuristic" }
                </label>
            </div>
            { summary.unwrap_or_default() }
        </div>
    }
}
