//! Solving: the live solvability verdict, the method, Solve and Cancel, and the progress line.

use puzzle_core::{Algorithm, HeuristicKind, Method, Shape, Solvability};
use yew::prelude::*;

use crate::components::answers::AnswersList;
use crate::components::number_field::NumberField;
use crate::components::select::on_select;
use crate::format::heuristic_label;
use crate::state::prefs::BUDGETS_MS;
use crate::state::{Action, Preferences, Solving, State};

/// Props of the solver panel: only what it shows, so other actions do not redraw it.
#[derive(Properties, PartialEq)]
pub struct SolverProps {
    /// The board's size.
    pub shape: Shape,
    /// The parity verdict for the board against the goal.
    pub verdict: Solvability,
    /// The method, heuristic and depth-limit choices.
    pub prefs: Preferences,
    /// The solve in flight and the specialised methods' progress (the result is not shown
    /// here: [`Solving::result`] is left out by the caller).
    pub solving: Solving,
    /// Whether the Solve button can be pressed.
    pub can_solve: bool,
    /// Why it cannot (shown next to it and as its tooltip).
    #[prop_or_default]
    pub solve_why: Option<AttrValue>,
    /// The lengths of the running anytime solve's answers so far (each can be played).
    #[prop_or_default]
    pub answers: Vec<usize>,
    /// The one of them being played back.
    #[prop_or_default]
    pub playing_answer: Option<usize>,
    /// Sends actions to the page's reducer.
    pub dispatcher: UseReducerDispatcher<State>,
    /// Sends the board to the worker.
    pub on_solve: Callback<()>,
    /// Stops the worker.
    pub on_cancel: Callback<()>,
}

/// The solver panel.
#[function_component(SolverPanel)]
pub fn solver_panel(props: &SolverProps) -> Html {
    let state = &props.dispatcher;
    let verdict = &props.verdict;
    let (prefs, solving, shape) = (&props.prefs, &props.solving, props.shape);
    let on_algorithm = on_select::<Method>(state, Action::SetMethod);
    let on_heuristic = on_select::<HeuristicKind>(state, Action::SetHeuristic);
    let on_depth = {
        let state = state.clone();
        Callback::from(move |n: u64| state.dispatch(Action::SetDepthLimit(n as usize)))
    };
    let on_budget = on_select::<u32>(state, Action::SetBudget);
    let on_fix = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::SwapFix))
    };
    let on_solve = {
        let on_solve = props.on_solve.clone();
        Callback::from(move |_: MouseEvent| on_solve.emit(()))
    };
    let solve_ref = use_node_ref();
    let cancel_ref = use_node_ref();
    let cancel_pressed = use_mut_ref(|| false);
    let on_cancel = {
        let on_cancel = props.on_cancel.clone();
        let cancel_pressed = cancel_pressed.clone();
        Callback::from(move |_: MouseEvent| {
            *cancel_pressed.borrow_mut() = true;
            on_cancel.emit(())
        })
    };
    let running = solving.running.as_ref();
    {
        // Only a solve starting or ending moves the focus, never the first drawing.
        let (solve_ref, cancel_ref) = (solve_ref.clone(), cancel_ref.clone());
        let drawn = use_mut_ref(|| false);
        use_effect_with(running.is_some(), move |&running| {
            let cancelled = std::mem::take(&mut *cancel_pressed.borrow_mut());
            if std::mem::replace(&mut *drawn.borrow_mut(), true) {
                keep_focus(running, cancelled, &solve_ref, &cancel_ref);
            }
        });
    }
    let search = prefs.effective_method(shape).search_config().copied();
    let informed = search.is_some_and(|config| config.algorithm.is_informed());
    let uses_depth =
        search.is_some_and(|config| matches!(config.algorithm, Algorithm::Dfs | Algorithm::Iddfs));
    html! {
        <section class="panel" aria-labelledby="solve-title">
            <h2 id="solve-title">{ "Solve" }</h2>
            <div id="solvability" class={classes!("verdict", if verdict.solvable { "ok" } else { "bad" })} role="status">
                if verdict.solvable {
                    <strong>{ "Solvable. " }</strong>
                } else {
                    <strong>{ "Unsolvable. " }</strong>
                }
                <span>{ explanation(verdict) }</span>
                if !verdict.solvable {
                    <div><button id="fix" onclick={on_fix}>{ "Fix: swap two tiles" }</button></div>
                }
            </div>
            <div class="row">
                <label>{ "Method" }
                    <select id="algorithm" onchange={on_algorithm}>
                        { crate::components::engine::options(prefs, shape) }
                    </select>
                </label>
                if informed {
                    <label>{ "Heuristic" }
                        <select id="heuristic" onchange={on_heuristic}>
                            { for HeuristicKind::ALL.into_iter().map(|h| html! {
                                <option value={h.name()} selected={h == prefs.heuristic}>{ heuristic_label(h) }</option>
                            }) }
                        </select>
                    </label>
                }
                if uses_depth {
                    <NumberField id="depth" label="Depth limit" value={prefs.depth_limit as u64} min={1} max={200} on_value={on_depth} />
                }
                if let Method::Anytime { time_limit_ms } = prefs.effective_method(shape) {
                    <label title="The first answer comes at once; the longer the search, the shorter the answer. Cancel keeps the best so far.">
                        { "Improve for" }
                        <select id="budget" onchange={on_budget}>
                            { for BUDGETS_MS.into_iter().map(|ms| html! {
                                <option value={ms.to_string()} selected={ms == time_limit_ms}>{ budget_label(ms) }</option>
                            }) }
                        </select>
                    </label>
                }
            </div>
            <div class="row buttons">
                <button id="solve" class="primary" ref={solve_ref} disabled={!props.can_solve} onclick={on_solve}
                    title={props.solve_why.clone()}
                    aria-describedby={props.solve_why.is_some().then_some("solve-why")}>{ "Solve" }</button>
                if running.is_some() {
                    <button id="cancel" class="danger" ref={cancel_ref} onclick={on_cancel}>{ "Cancel" }</button>
                }
                if let Some(why) = &props.solve_why {
                    <span id="solve-why" class="why">{ why.clone() }</span>
                }
            </div>
            { crate::components::engine::status_view(solving, shape) }
            if let Some(text) = crate::components::engine::progress_text(solving, shape) {
                <p id="progress" class="progress" role="status" aria-live="polite">
                    <span class="spinner" aria-hidden="true"></span>
                    { text }
                </p>
            }
            if running.is_some() {
                <AnswersList lengths={props.answers.clone()} playing={props.playing_answer} dispatcher={state.clone()} />
            }
        </section>
    }
}

/// A budget in words: "15 s", "2 min".
fn budget_label(ms: u32) -> String {
    if ms >= 60_000 && ms.is_multiple_of(60_000) {
        format!("{} min", ms / 60_000)
    } else {
        format!("{} s", ms / 1000)
    }
}

/// Where the focus goes when a solve starts or ends, if the button that had it went away or
/// was disabled (the page body has it): Cancel while a solve runs; after Cancel, Solve; after
/// an answer, the playback's Play or Pause (else Solve). Focus never scrolls the page here.
fn keep_focus(running: bool, cancelled: bool, solve: &NodeRef, cancel: &NodeRef) {
    if !crate::hooks::reveal::focus_lost(&[solve]) {
        return;
    }
    let target = if running {
        cancel.cast::<web_sys::Element>()
    } else if cancelled {
        solve.cast::<web_sys::Element>()
    } else {
        web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.query_selector(".playback #pause, .playback #play").ok())
            .flatten()
            .or_else(|| solve.cast::<web_sys::Element>())
    };
    if let Some(target) = target {
        crate::hooks::reveal::focus_quietly(&target);
    }
}

/// The verdict in plain words: the core's explanation, with a capital letter.
fn explanation(verdict: &Solvability) -> String {
    let text = verdict.explain();
    let text = text
        .split_once(": ")
        .map_or(text.as_str(), |(_, reason)| reason)
        .to_string();
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => format!("{}{}.", first.to_uppercase(), chars.as_str()),
        None => text,
    }
}
