//! "Step through": two searches on the same board, stepped together node by node, each with
//! the node being expanded, OPEN in its order, CLOSED, the growing tree and a CSV export (the
//! model is [`crate::stepper`]; the traces come from [`crate::hooks::trace`]'s worker).

pub mod mini;
pub mod open_table;
pub mod pane;
pub mod tree_view;

use gloo_timers::callback::Interval;
use puzzle_core::{Algorithm, Board, HeuristicKind, Method, SolverConfig};
use yew::prelude::*;

use crate::hooks::trace::use_trace;
use crate::stepper::control::{Control, ControlAction, SPEEDS};
use crate::stepper::trace_set::{MAX_CELLS, MAX_EXPANSIONS};
use pane::Pane;

/// Props of the view: the board on screen and its goal, nothing else.
#[derive(Properties, PartialEq)]
pub struct StepThroughProps {
    /// The board to search from.
    pub board: Board,
    /// The goal.
    pub goal: Board,
}

/// The generic searches that can be traced on boards of `board`'s shape (the core's list,
/// with each heuristic for the informed ones), blind ones first.
pub fn traceable(board: &Board) -> Vec<SolverConfig> {
    let mut configs: Vec<SolverConfig> = Vec::new();
    for heuristic in HeuristicKind::ALL {
        for method in Method::all_for(board.shape(), heuristic) {
            if let Some(config) = method.search_config() {
                let same = |c: &SolverConfig| Method::Search(*c).label() == method.label();
                if !configs.iter().any(same) {
                    configs.push(*config);
                }
            }
        }
    }
    configs.sort_by_key(|c| Algorithm::ALL.iter().position(|a| *a == c.algorithm));
    configs
}

/// The index of the first of `configs` run by `algorithm` (with `heuristic` if informed).
fn find(configs: &[SolverConfig], algorithm: Algorithm, heuristic: HeuristicKind) -> usize {
    configs
        .iter()
        .position(|c| {
            c.algorithm == algorithm && (!algorithm.is_informed() || c.heuristic == heuristic)
        })
        .unwrap_or(0)
}

/// The step-through panel (closed until its button is pressed).
#[function_component(StepThrough)]
pub fn step_through(props: &StepThroughProps) -> Html {
    let open = use_state(|| false);
    let traces = use_trace();
    let control = use_reducer(Control::default);
    // The board and goal being traced: taken when the view opens or on request, so moves on
    // the board (or a solution playing back) do not restart the class's trace.
    let traced = use_state(|| None::<(Board, Board)>);
    let (board, goal) = traced
        .as_ref()
        .map_or((&props.board, &props.goal), |(b, g)| (b, g));
    let configs = traceable(board);
    let picks = use_state(|| {
        [
            find(&configs, Algorithm::Bfs, HeuristicKind::Manhattan),
            find(&configs, Algorithm::AStar, HeuristicKind::Manhattan),
        ]
    });
    let fits = board.cells().len() <= MAX_CELLS;
    // A pick past the end of a smaller size's list falls back to the first method.
    let chosen: Vec<SolverConfig> = picks
        .iter()
        .filter_map(|&i| configs.get(i).or(configs.first()).copied())
        .collect();
    let moved_on = traced.is_some() && (board, goal) != (&props.board, &props.goal);

    // Trace again whenever the traced board or the methods change.
    {
        let (start, dispatcher) = (traces.start.clone(), control.dispatcher());
        use_effect_with(
            ((*traced).clone().filter(|_| fits), chosen.clone()),
            move |(traced, chosen)| {
                if let Some((board, goal)) = traced {
                    dispatcher.dispatch(ControlAction::Restart);
                    start.emit((board.clone(), goal.clone(), chosen.clone()));
                }
            },
        );
    }
    let set = &traces.set;
    let available = set.traces.iter().map(|t| t.expansions).max().unwrap_or(0);
    let finished = !set.traces.is_empty() && set.traces.iter().all(|t| t.done);
    // The run timer: ticks while running, re-made when the speed or the traces change.
    {
        let dispatcher = control.dispatcher();
        use_effect_with(
            (control.running, control.speed, available, finished),
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

    let trace_screen = {
        let traced = traced.clone();
        let on_screen = (props.board.clone(), props.goal.clone());
        Callback::from(move |_: MouseEvent| traced.set(Some(on_screen.clone())))
    };
    let toggle_open = {
        let (open, traced) = (open.clone(), traced.clone());
        let on_screen = (props.board.clone(), props.goal.clone());
        Callback::from(move |_: MouseEvent| {
            traced.set((!*open).then(|| on_screen.clone()));
            open.set(!*open);
        })
    };
    // Projector view: the panel takes the whole window.
    let full = use_state(|| false);
    let toggle_full = {
        let full = full.clone();
        Callback::from(move |_: MouseEvent| full.set(!*full))
    };
    let act = |action: ControlAction| {
        let dispatcher = control.dispatcher();
        Callback::from(move |_: MouseEvent| dispatcher.dispatch(action))
    };
    let on_speed = {
        let dispatcher = control.dispatcher();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            if let Ok(i) = select.value().parse() {
                dispatcher.dispatch(ControlAction::Speed(i));
            }
        })
    };
    let picker = |column: usize| {
        let current = picks[column];
        let picks = picks.clone();
        let onchange = Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            if let Ok(i) = select.value().parse::<usize>() {
                let mut next = *picks;
                next[column] = i;
                picks.set(next);
            }
        });
        let options = configs.iter().enumerate().map(|(i, c)| {
            html! {
                <option value={i.to_string()} selected={current == i}>
                    { Method::Search(*c).label() }
                </option>
            }
        });
        html! {
            <label class="field">
                { format!("Method {}", column + 1) }
                <select {onchange} data-column={column.to_string()}>{ for options }</select>
            </label>
        }
    };

    let at_end = finished && control.step >= available;
    html! {
        <section class={classes!("panel", "stepper", (*full && *open).then_some("full"))}
            aria-labelledby="stepper-title" id="stepper">
            <div class="stepper-head">
                <h2 id="stepper-title">{ "Step through a search" }</h2>
                if *open {
                    <button onclick={toggle_full} aria-pressed={full.to_string()}>
                        { if *full { "Leave projector view" } else { "Projector view" } }
                    </button>
                }
                <button class={if *open { "" } else { "primary" }} onclick={toggle_open}
                    aria-expanded={open.to_string()} aria-controls="stepper-body">
                    { if *open { "Close" } else { "Step through" } }
                </button>
            </div>
            if !*open {
                <p class="small-print muted">{ "Watch two methods search this board node by node: OPEN with g, h and f, CLOSED, and the tree; export the trace as CSV for a lab report." }</p>
            } else if !fits {
                <p class="warn">{ format!("Step through takes boards of up to {MAX_CELLS} cells (4x4); this one has {}.", board.cells().len()) }</p>
                if moved_on {
                    <button onclick={trace_screen.clone()}>{ "Trace the board on screen" }</button>
                }
            } else {
                <div id="stepper-body">
                    if moved_on {
                        <p class="notice small-print" role="status">
                            <span>{ "The board on screen has changed; these traces are of the board it showed before." }</span>
                            <button onclick={trace_screen.clone()}>{ "Trace the board on screen" }</button>
                        </p>
                    }
                    <div class="row">{ picker(0) }{ picker(1) }</div>
                    <div class="row stepper-controls" role="group" aria-label="step controls">
                        <button onclick={act(ControlAction::Restart)} disabled={control.step == 0}>{ "Back to start" }</button>
                        <button onclick={act(ControlAction::Step(1, available))} disabled={at_end}>{ "Step" }</button>
                        <button onclick={act(ControlAction::Step(10, available))} disabled={at_end}>{ "Step 10" }</button>
                        <button class="primary" onclick={act(ControlAction::Toggle)} disabled={at_end && !control.running}>
                            { if control.running { "Pause" } else { "Run" } }
                        </button>
                        <button onclick={act(ControlAction::ToEnd(available))} disabled={at_end}>{ "To the end" }</button>
                        <label class="field speed">
                            { "Speed" }
                            <select onchange={on_speed}>
                                { for SPEEDS.iter().enumerate().map(|(i, (label, _, _))| html! {
                                    <option value={i.to_string()} selected={control.speed == i}>{ *label }</option>
                                }) }
                            </select>
                        </label>
                        <span class="step-count" id="step-count">{ format!("Step {}", control.step) }</span>
                    </div>
                    <p class="small-print muted">{ format!(
                        "Each method is traced for at most {} expansions (enough for A* on any 3x3 board; BFS and weak estimates stop there on hard ones); the tree draws the newest {} nodes.",
                        crate::format::count(MAX_EXPANSIONS), pane::DRAWN_NODES) }</p>
                    <div class="panes">
                        { for chosen.iter().enumerate().map(|(i, config)| html! {
                            <Pane config={*config} trace={set.traces.get(i).cloned()}
                                step={control.step} goal={goal.clone()} />
                        }) }
                    </div>
                </div>
            }
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_generic_search_with_each_estimate_blind_ones_first() {
        let board: Board = "6 1 7 3 0 4 5 8 2".parse().unwrap();
        let configs = traceable(&board);
        let labels: Vec<String> = configs.iter().map(|c| Method::Search(*c).label()).collect();
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
    }
}
