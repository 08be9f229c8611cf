//! "Step through": two searches on the same board, stepped together node by node, each with
//! the node being expanded, OPEN in its order, CLOSED, the growing tree and a CSV export (the
//! model is [`crate::step_through`]; the traces come from [`crate::hooks::step_through`]'s worker).

pub mod open_table;
pub mod pane;
pub mod tree_view;

use std::sync::Arc;

use gloo_timers::callback::Interval;
use puzzle_core::formula::Formula;
use puzzle_core::{Algorithm, Board, HeuristicKind, Method};
use yew::prelude::*;

use crate::hooks::step_through::use_step_through;
use crate::step_through::control::{Control, ControlAction, SPEEDS};
use crate::step_through::trace_set::{TraceSet, MAX_CELLS, MAX_EXPANSIONS};
use pane::Pane;

/// Props of the view: the board on screen and its goal, nothing else.
#[derive(Properties, PartialEq)]
pub struct StepThroughProps {
    /// The board to search from.
    pub board: Board,
    /// The goal.
    pub goal: Board,
    /// Whether the view is shown (showing it opens the panel on the board on screen).
    #[prop_or_default]
    pub shown: bool,
    /// The heuristic lab's formula, if one was handed over: the informed searches guided by it
    /// are offered too, and the second column picks A* with it.
    #[prop_or_default]
    pub formula: Option<Arc<Formula>>,
}

/// The searches that can be traced on boards of `board`'s shape (the core's generic ones,
/// with each heuristic for the informed ones, then each informed one guided by `formula` if it
/// fits the board), blind ones first.
pub fn traceable(board: &Board, formula: Option<&Arc<Formula>>) -> Vec<Method> {
    let mut methods: Vec<Method> = Vec::new();
    for heuristic in HeuristicKind::ALL {
        for method in Method::all_for(board.shape(), heuristic) {
            let same = |m: &Method| m.label() == method.label();
            if method.search_config().is_some() && !methods.iter().any(same) {
                methods.push(method);
            }
        }
    }
    let guided = formula.filter(|f| f.fits(board.cells().len()).is_ok());
    if let Some(formula) = guided {
        let informed = Algorithm::ALL.into_iter().filter(|a| a.is_informed());
        methods.extend(informed.map(|algorithm| Method::Formula {
            algorithm,
            formula: formula.clone(),
        }));
    }
    methods.sort_by_key(|m| Algorithm::ALL.iter().position(|a| *a == m.algorithm()));
    methods
}

/// The index of the first of `methods` run by `algorithm` (with `heuristic` if informed).
fn find(methods: &[Method], algorithm: Algorithm, heuristic: HeuristicKind) -> usize {
    methods
        .iter()
        .position(|m| {
            m.search_config().is_some_and(|c| {
                c.algorithm == algorithm && (!algorithm.is_informed() || c.heuristic == heuristic)
            })
        })
        .unwrap_or(0)
}

/// The index of A* guided by the formula in `methods`, if there.
fn formula_astar(methods: &[Method]) -> Option<usize> {
    methods.iter().position(|m| {
        matches!(
            m,
            Method::Formula {
                algorithm: Algorithm::AStar,
                ..
            }
        )
    })
}

/// The two columns' picks among `configs`: BFS and A* with Manhattan at first; a formula
/// handed over (a new one) goes into the second column, A* guided by it, beside A* with
/// Manhattan; taken away, a pick past the end of the list goes back to A* with Manhattan.
#[hook]
fn use_picks(configs: &[Method], formula: Option<Arc<Formula>>) -> UseStateHandle<[usize; 2]> {
    let picks = use_state(|| {
        [
            find(configs, Algorithm::Bfs, HeuristicKind::Manhattan),
            formula_astar(configs)
                .unwrap_or_else(|| find(configs, Algorithm::AStar, HeuristicKind::Manhattan)),
        ]
    });
    {
        let (picks, configs) = (picks.clone(), configs.to_vec());
        use_effect_with(formula, move |formula| {
            let astar = find(&configs, Algorithm::AStar, HeuristicKind::Manhattan);
            let second = formula
                .as_ref()
                .and_then(|_| formula_astar(&configs))
                .unwrap_or(astar);
            let first = if formula.is_some() { astar } else { picks[0] };
            if *picks != [first, second] && (formula.is_some() || picks[1] >= configs.len()) {
                picks.set([first, second]);
            }
        });
    }
    picks
}

/// The step-through panel (closed until its button is pressed).
#[function_component(StepThrough)]
pub fn step_through(props: &StepThroughProps) -> Html {
    let open = use_state(|| false);
    // The board and goal being traced: taken when the view opens or on request, so moves on
    // the board (or a solution playing back) do not restart the class's trace.
    let traced = use_state(|| None::<(Board, Board)>);
    let (board, goal) = traced
        .as_ref()
        .map_or((&props.board, &props.goal), |(b, g)| (b, g));
    let configs = traceable(board, props.formula.as_ref());
    let picks = use_picks(&configs, props.formula.clone());
    let fits = board.cells().len() <= MAX_CELLS;
    // A pick past the end of a smaller size's list falls back to the first method.
    let chosen: Vec<Method> = picks
        .iter()
        .filter_map(|&i| configs.get(i).or(configs.first()).cloned())
        .collect();
    let moved_on = traced.is_some() && (board, goal) != (&props.board, &props.goal);

    let (set, control) = use_stepping((*traced).clone().filter(|_| fits), chosen.clone());
    let available = set.traces.iter().map(|t| t.expansions).max().unwrap_or(0);
    let finished = !set.traces.is_empty() && set.traces.iter().all(|t| t.done);

    let trace_screen = {
        let traced = traced.clone();
        let on_screen = (props.board.clone(), props.goal.clone());
        Callback::from(move |_: MouseEvent| traced.set(Some(on_screen.clone())))
    };
    let on_open = {
        let (open, traced) = (open.clone(), traced.clone());
        let on_screen = (props.board.clone(), props.goal.clone());
        Callback::from(move |()| {
            traced.set((!*open).then(|| on_screen.clone()));
            open.set(!*open);
        })
    };
    {
        // Showing the view opens it on the board on screen: no second click.
        let (open, on_open) = (open.clone(), on_open.clone());
        use_effect_with(props.shown, move |&shown| {
            if shown && !*open {
                on_open.emit(());
            }
        });
    }
    // Projector view: the panel takes the whole window.
    let full = use_state(|| false);
    // On a phone one method shows at a time (the switch picks it).
    let shown = use_state(|| 0usize);
    let on_full = {
        let full = full.clone();
        Callback::from(move |()| full.set(!*full))
    };
    let on_action = {
        let dispatcher = control.dispatcher();
        Callback::from(move |action| dispatcher.dispatch(action))
    };
    let picker = |column: usize| {
        let current = picks[column];
        let picks = picks.clone();
        let on_pick = Callback::from(move |i: usize| {
            let mut next = *picks;
            next[column] = i;
            picks.set(next);
        });
        method_picker(&PickerProps {
            column,
            configs: configs.clone(),
            current,
            on_pick,
        })
    };

    html! {
        <section class={classes!("panel", "stepper", (*full && *open).then_some("full"))}
            aria-labelledby="stepper-title" id="stepper">
            { step_through_head(&HeadProps { open: *open, full: *full, on_open, on_full }) }
            if !*open {
                <p class="small-print muted">{ "Watch two methods search this board node by node: OPEN with g, h and f, CLOSED, and the tree; export the trace as CSV for a lab report." }</p>
            } else if !fits {
                <div id="stepper-body">
                    <p class="warn">{ format!("Step through takes boards of up to {MAX_CELLS} cells (4x4); this one has {}.", board.cells().len()) }</p>
                    if moved_on {
                        <button onclick={trace_screen.clone()}>{ "Trace the board on screen" }</button>
                    }
                </div>
            } else {
                <div id="stepper-body">
                    if moved_on {
                        <p class="notice small-print" role="status">
                            <span>{ "The board on screen has changed; these traces are of the board it showed before." }</span>
                            <button onclick={trace_screen.clone()}>{ "Trace the board on screen" }</button>
                        </p>
                    }
                    <div class="row method-pickers">{ picker(0) }{ picker(1) }</div>
                    { step_controls(&ControlsProps { step: control.step, available, finished, running: control.running,
                        speed: control.speed, on_action }) }
                    <p class="small-print muted">{ format!(
                        "Each method is traced for at most {} expansions (enough for A* on any 3x3 board; BFS and weak estimates stop there on hard ones); the tree draws the newest {} nodes.",
                        crate::format::count(MAX_EXPANSIONS), pane::DRAWN_NODES) }</p>
                    { pane_switch(&chosen, &shown) }
                    <div class="panes">
                        { for chosen.iter().enumerate().map(|(i, config)| html! {
                            <div class={classes!("pane-slot", (i != *shown).then_some("not-shown"))}>
                                <Pane method={config.clone()} trace={set.traces.get(i).cloned()}
                                    step={control.step} goal={goal.clone()} />
                            </div>
                        }) }
                    </div>
                </div>
            }
        </section>
    }
}

/// The phone's switch between the two methods' panes (hidden on wider screens, where both show).
fn pane_switch(chosen: &[Method], shown: &UseStateHandle<usize>) -> Html {
    html! {
        <div class="pane-switch" role="group" aria-label="method shown">
            { for chosen.iter().enumerate().map(|(i, config)| {
                let onclick = {
                    let shown = shown.clone();
                    Callback::from(move |_: MouseEvent| shown.set(i))
                };
                html! {
                    <button aria-pressed={(i == **shown).to_string()} {onclick}>
                        { config.short_label() }
                    </button>
                }
            }) }
        </div>
    }
}

/// The traces of `chosen` from `traced` (traced again whenever either changes, the step set
/// back to 0) and the step controls' state, with the run timer going.
#[hook]
fn use_stepping(
    traced: Option<(Board, Board)>,
    chosen: Vec<Method>,
) -> (UseReducerHandle<TraceSet>, UseReducerHandle<Control>) {
    let traces = use_step_through();
    let control = use_reducer(Control::default);
    {
        let (start, dispatcher) = (traces.start.clone(), control.dispatcher());
        use_effect_with((traced, chosen), move |(traced, chosen)| {
            if let Some((board, goal)) = traced {
                dispatcher.dispatch(ControlAction::Restart);
                start.emit((board.clone(), goal.clone(), chosen.clone()));
            }
        });
    }
    let set = &traces.set;
    let available = set.traces.iter().map(|t| t.expansions).max().unwrap_or(0);
    let finished = !set.traces.is_empty() && set.traces.iter().all(|t| t.done);
    use_run_timer(
        control.dispatcher(),
        control.running,
        control.speed,
        available,
        finished,
    );
    (traces.set, control)
}

/// The run timer: ticks while running, re-made when the speed or the traces change.
#[hook]
fn use_run_timer(
    dispatcher: UseReducerDispatcher<Control>,
    running: bool,
    speed: usize,
    available: usize,
    finished: bool,
) {
    use_effect_with(
        (running, speed, available, finished),
        move |&(running, speed, available, finished)| {
            let interval = running.then(|| {
                Interval::new(SPEEDS[speed].1, move || {
                    dispatcher.dispatch(ControlAction::Tick {
                        available,
                        finished,
                    })
                })
            });
            move || drop(interval)
        },
    );
}

/// Props of the panel's heading row.
struct HeadProps {
    /// Whether the panel is open.
    open: bool,
    /// Whether the projector view is on.
    full: bool,
    /// Opens or closes the panel.
    on_open: Callback<()>,
    /// Turns the projector view on or off.
    on_full: Callback<()>,
}

/// The title, the projector-view button (while open) and the open/close button.
fn step_through_head(props: &HeadProps) -> Html {
    let (open, full) = (props.open, props.full);
    html! {
        <div class="stepper-head">
            <h2 id="stepper-title">{ "Step through a search" }</h2>
            if open {
                <button onclick={props.on_full.reform(|_: MouseEvent| ())} aria-pressed={full.to_string()}>
                    { if full { "Leave projector view" } else { "Projector view" } }
                </button>
            }
            <button class={if open { "" } else { "primary" }} onclick={props.on_open.reform(|_: MouseEvent| ())}
                aria-expanded={open.to_string()} aria-controls="stepper-body">
                { if open { "Close" } else { "Step through" } }
            </button>
        </div>
    }
}

/// Props of a method menu.
struct PickerProps {
    /// Which column it picks for (0 or 1).
    column: usize,
    /// The searches offered.
    configs: Vec<Method>,
    /// The index of the one picked.
    current: usize,
    /// Called with the index of the newly picked one.
    on_pick: Callback<usize>,
}

/// The menu of the searches one column traces.
fn method_picker(props: &PickerProps) -> Html {
    let on_pick = props.on_pick.clone();
    let onchange = Callback::from(move |e: Event| {
        let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
        if let Ok(i) = select.value().parse::<usize>() {
            on_pick.emit(i);
        }
    });
    let options = props.configs.iter().enumerate().map(|(i, c)| {
        html! {
            <option value={i.to_string()} selected={props.current == i}>
                { c.short_label() }
            </option>
        }
    });
    html! {
        <label class="field">
            { format!("Method {}", props.column + 1) }
            <select {onchange} data-column={props.column.to_string()}>{ for options }</select>
        </label>
    }
}

/// Props of the step controls.
struct ControlsProps {
    /// The step shown.
    step: usize,
    /// The most steps any trace has so far.
    available: usize,
    /// Whether every trace is complete.
    finished: bool,
    /// Whether the run timer is on.
    running: bool,
    /// The index of the speed in [`SPEEDS`].
    speed: usize,
    /// Called with what a control does.
    on_action: Callback<ControlAction>,
}

/// Back to start, step, step 10, run/pause, to the end, the speed menu and the step count.
fn step_controls(props: &ControlsProps) -> Html {
    let (step, available) = (props.step, props.available);
    let act = |action: ControlAction| props.on_action.reform(move |_: MouseEvent| action);
    // A step shows its effect: the node now expanded comes into view (a phone's screen has the
    // controls and the menus, and the node under them).
    let step_by = |by: usize| {
        props.on_action.reform(move |_: MouseEvent| {
            crate::hooks::reveal::reveal_soon(".pane-slot:not(.not-shown) div.current");
            ControlAction::Step(by, available)
        })
    };
    let on_speed = {
        let on_action = props.on_action.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            if let Ok(i) = select.value().parse() {
                on_action.emit(ControlAction::Speed(i));
            }
        })
    };
    let at_end = props.finished && step >= available;
    html! {
        <div class="row stepper-controls" role="group" aria-label="step controls">
            <button onclick={act(ControlAction::Restart)} disabled={step == 0}>{ "Back to start" }</button>
            <button onclick={step_by(1)} disabled={at_end}>{ "Step" }</button>
            <button onclick={step_by(10)} disabled={at_end}>{ "Step 10" }</button>
            <button class="primary" onclick={act(ControlAction::Toggle)} disabled={at_end && !props.running}>
                { if props.running { "Pause" } else { "Run" } }
            </button>
            <button onclick={act(ControlAction::ToEnd(available))} disabled={at_end}>{ "To the end" }</button>
            <label class="field speed">
                { "Speed" }
                <select onchange={on_speed}>
                    { for SPEEDS.iter().enumerate().map(|(i, (label, _, _))| html! {
                        <option value={i.to_string()} selected={props.speed == i}>{ *label }</option>
                    }) }
                </select>
            </label>
            <span class="step-count" id="trace-step-count">{ format!("Step {}", step) }</span>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_generic_search_with_each_estimate_blind_ones_first() {
        let board: Board = "6 1 7 3 0 4 5 8 2".parse().unwrap();
        let configs = traceable(&board, None);
        let labels: Vec<String> = configs.iter().map(Method::label).collect();
        // BFS, DFS, IDDFS, then greedy, A* and IDA* with each of the three estimates.
        assert_eq!(labels.len(), 12, "{labels:?}");
        assert_eq!(&labels[..3], ["BFS", "DFS", "IDDFS"]);
        assert!(labels.contains(&"A* + Manhattan".to_string()));
        let defaults = (
            find(&configs, Algorithm::Bfs, HeuristicKind::Manhattan),
            find(&configs, Algorithm::AStar, HeuristicKind::Manhattan),
        );
        assert_eq!(
            (labels[defaults.0].as_str(), labels[defaults.1].as_str()),
            ("BFS", "A* + Manhattan")
        );
        assert_eq!(formula_astar(&configs), None);
    }

    #[test]
    fn a_handed_formula_guides_each_informed_search_after_the_built_ins() {
        let board: Board = "6 1 7 3 0 4 5 8 2".parse().unwrap();
        let formula: Arc<Formula> = Arc::new("pdb(1,2,3,4) + pdb(5,6,7,8)".parse().unwrap());
        let methods = traceable(&board, Some(&formula));
        assert_eq!(methods.len(), 15);
        let astar = formula_astar(&methods).expect("A* with the formula");
        assert_eq!(methods[astar].label(), "A* + pdb(1,2,3,4) + pdb(5,6,7,8)");
        // After A*'s three built-in estimates, before IDA*.
        assert_eq!(methods[astar - 1].algorithm(), Algorithm::AStar);
        assert_eq!(methods[astar + 1].algorithm(), Algorithm::IdaStar);
        // A formula naming a tile the board lacks is not offered.
        let small: Board = "1 2 3 0".parse().unwrap();
        assert_eq!(traceable(&small, Some(&formula)), traceable(&small, None));
    }
}
