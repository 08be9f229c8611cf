//! The Experiment view: the textbook table of search costs (Russell & Norvig) measured in the
//! page. The form (methods, depths, boards per depth), Run and Cancel with the progress, then
//! the table (mean nodes generated and b* per depth and method, flagged and skipped cells
//! marked), the charts ([`super::experiment_chart`]), the CSV and a board of each row to play.
//! The run is in the state ([`ExperimentRun`]); its worker in [`crate::hooks::experiment`].

use std::cell::Cell as Counter;
use std::rc::Rc;
use std::sync::Arc;

use puzzle_core::experiment::{method_key, to_csv, CellStatus, DEFAULT_BOARDS, DEFAULT_BUDGET};
use puzzle_core::formula::Formula;
use puzzle_core::{Board, Goal, Shape};
use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::experiment_chart::ExperimentCharts;
use crate::experiment::{
    b_text, cell_note, excess_text, formula_method, method, nodes_text, progress_text, supports,
    too_large, Form, METHODS,
};
use crate::format::count;
use crate::hooks::experiment::ExperimentHandle;
use crate::state::{Action, ExperimentRun, PuzzleAction, RunEnd, State, View};

/// Props of the view.
#[derive(Properties, PartialEq)]
pub struct ExperimentProps {
    /// The board size on screen.
    pub shape: Shape,
    /// The goal board on screen (a run's boards lead to it).
    pub goal_board: Board,
    /// The named goal on screen.
    pub goal: Goal,
    /// The last run.
    pub run: Option<ExperimentRun>,
    /// Run and Cancel.
    pub handle: ExperimentHandle,
    /// For a row's Play button.
    pub dispatcher: UseReducerDispatcher<State>,
    /// The heuristic lab's formula, offered as a column (A* guided by it).
    #[prop_or_default]
    pub lab_formula: Option<Arc<Formula>>,
}

/// The whole view.
#[function_component(ExperimentPanel)]
pub fn experiment_panel(props: &ExperimentProps) -> Html {
    let form = use_state(Form::default);
    // Each press of a row's Play plays the next of its boards (kept across renders).
    let presses = (*use_memo((), |_| Rc::new(Counter::new(0usize)))).clone();
    let running = props.run.as_ref().is_some_and(ExperimentRun::is_running);
    let config = form.config(&props.goal_board, props.lab_formula.as_ref());
    let on_run = {
        let (handle, config, goal) = (props.handle.clone(), config.clone(), props.goal.clone());
        Callback::from(move |_: MouseEvent| {
            if let Ok(config) = config.clone() {
                handle.start.emit((config, goal.clone()));
            }
        })
    };
    let on_cancel = props.handle.cancel.reform(|_: MouseEvent| ());
    html! {
        <section class="panel experiment" aria-labelledby="experiment-title">
            <h2 id="experiment-title">{ "Search costs by depth" }</h2>
            <p class="muted">{ "For each depth, random boards exactly that many moves from the goal, each solved by every method you pick: the mean number of nodes each generates, and the effective branching factor b* that number implies (the textbook's table of search costs)." }</p>
            if !supports(props.shape) {
                <p id="experiment-unsupported" class="why">{ too_large(props.shape) }</p>
            } else {
                { experiment_form(&form, running, props.lab_formula.as_ref()) }
                if let Err(message) = &config {
                    <p id="experiment-error" class="error" role="alert">{ message }</p>
                }
                <div class="row">
                    <button id="experiment-run" class="primary" onclick={on_run}
                        disabled={running || config.is_err()}>{ "Run" }</button>
                    if running {
                        <button id="experiment-cancel" onclick={on_cancel}>{ "Cancel" }</button>
                    }
                </div>
            }
            if let Some(run) = &props.run {
                { run_status(run) }
                if !run.rows.is_empty() {
                    { experiment_table(run, &props.dispatcher, &presses) }
                    <ExperimentCharts run={run.clone()} />
                    { csv_button(run) }
                }
            }
            { explanation() }
        </section>
    }
}

/// The heuristic lab's formula as a column: ticked at first, unticked to leave it out.
fn formula_pick(form: &UseStateHandle<Form>, locked: bool, formula: &Arc<Formula>) -> Html {
    let method = formula_method(formula);
    let onchange = {
        let form = form.clone();
        Callback::from(move |_: Event| {
            let mut next = (*form).clone();
            next.formula = !next.formula;
            form.set(next);
        })
    };
    html! {
        <label class="pick" title={method.description()}>
            <input type="checkbox" id="experiment-method-formula" checked={form.formula}
                {onchange} disabled={locked} data-method={method_key(&method)} />
            { format!("{} (yours)", method.short_label()) }
        </label>
    }
}

/// The methods, depths and boards per depth.
fn experiment_form(
    form: &UseStateHandle<Form>,
    locked: bool,
    lab_formula: Option<&Arc<Formula>>,
) -> Html {
    let picks = METHODS.iter().enumerate().map(|(i, (key, _))| {
        let onchange = {
            let form = form.clone();
            Callback::from(move |_: Event| {
                let mut next = (*form).clone();
                next.picked[i] = !next.picked[i];
                form.set(next);
            })
        };
        let method = method(i);
        html! {
            <label class="pick" title={method.description()}>
                <input type="checkbox" id={format!("experiment-method-{key}")} checked={form.picked[i]}
                    {onchange} disabled={locked} data-method={*key} />
                { method.short_label() }
            </label>
        }
    });
    let field = |id: &'static str, label: &'static str, value: &str, set: fn(&mut Form, String)| {
        let form = form.clone();
        let oninput = Callback::from(move |e: InputEvent| {
            let mut next = (*form).clone();
            set(
                &mut next,
                e.target_unchecked_into::<HtmlInputElement>().value(),
            );
            form.set(next);
        });
        html! {
            <label for={id}>{ label }
                <input {id} type="text" inputmode="numeric" size="4" value={value.to_string()} {oninput} disabled={locked} />
            </label>
        }
    };
    html! {
        <>
            <fieldset class="picks">
                <legend>{ "Methods" }</legend>
                { for picks }
                if let Some(formula) = lab_formula {
                    { formula_pick(form, locked, formula) }
                }
            </fieldset>
            <div class="row">
                { field("experiment-from", "From depth", &form.from, |f, v| f.from = v) }
                { field("experiment-to", "To depth", &form.to, |f, v| f.to = v) }
                { field("experiment-step", "Step", &form.step, |f, v| f.step = v) }
                { field("experiment-boards", "Boards per depth", &form.boards, |f, v| f.boards = v) }
            </div>
            <p class="muted">{ format!(
                "Boards per depth: {} here to keep it quick (`npuzzle experiment` uses {DEFAULT_BOARDS}). Each solve may expand up to {} nodes; a method that hits that budget is skipped at the larger depths.",
                crate::experiment::PAGE_BOARDS, count(DEFAULT_BUDGET)
            ) }</p>
        </>
    }
}

/// Where the run is, or how it ended.
fn run_status(run: &ExperimentRun) -> Html {
    let (text, class) = match (&run.end, &run.progress) {
        (None, Some(progress)) => (format!("Running: {} …", progress_text(progress)), "muted"),
        (None, None) => ("Running: drawing the boards …".to_string(), "muted"),
        (Some(RunEnd::Done(ms)), _) => (
            format!(
                "Done: {} depths × {} boards in {}.{}",
                run.rows.len(),
                run.config.boards,
                crate::format::duration(*ms),
                crate::experiment::fewer_boards_text(&run.rows, run.config.boards)
            ),
            "muted",
        ),
        (Some(RunEnd::Cancelled), _) => (
            format!(
                "Cancelled: the table has the {} depths finished before.",
                run.rows.len()
            ),
            "why",
        ),
        (Some(RunEnd::Stopped), _) => (
            format!(
                "Stopped: the size or goal changed. The table has the {} depths finished before.",
                run.rows.len()
            ),
            "why",
        ),
        (Some(RunEnd::Failed(message)), _) => (format!("Could not run: {message}"), "error"),
    };
    html! {
        <p id="experiment-progress" class={class} role="status" data-state={match &run.end {
            None => "running",
            Some(RunEnd::Done(_)) => "done",
            Some(RunEnd::Cancelled) => "cancelled",
            Some(RunEnd::Stopped) => "stopped",
            Some(RunEnd::Failed(_)) => "failed",
        }}>{ text }</p>
    }
}

/// The table: a row per depth, mean nodes generated and b* per method, and a board to play.
fn experiment_table(
    run: &ExperimentRun,
    dispatcher: &UseReducerDispatcher<State>,
    presses: &Rc<Counter<usize>>,
) -> Html {
    let methods = &run.config.methods;
    // A method that is not optimal gets a third column: its mean excess length.
    let heads = methods.iter().map(|m| {
        let span = if m.is_optimal() { "2" } else { "3" };
        html! { <th scope="colgroup" colspan={span}>{ m.short_label() }</th> }
    });
    let subheads = methods.iter().map(|m| {
        html! { <>
            <th scope="col">{ "nodes" }</th><th scope="col">{ "b*" }</th>
            if !m.is_optimal() {
                <th scope="col" title="Mean moves beyond the shortest">{ "excess" }</th>
            }
        </> }
    });
    let rows = run.rows.iter().zip(&run.boards).map(|(row, boards)| {
        let depth = row.depth;
        let cells = methods.iter().zip(&row.cells).map(|(m, cell)| {
            let class = match cell.status {
                CellStatus::Complete => None,
                CellStatus::Flagged => Some("flagged"),
                CellStatus::Skipped => Some("skipped"),
            };
            let figure = |v: Option<f64>| v.map(|v| v.to_string()).unwrap_or_default();
            html! {
                <>
                <td class={classes!("num", class)} data-method={method_key(m)} data-depth={depth.to_string()}
                    data-status={cell.status.name()} data-generated={figure(cell.mean_generated)}
                    data-b={figure(cell.branching_factor)} title={cell_note(cell)}
                    data-label={m.short_label()}>{ nodes_text(cell) }</td>
                <td class={classes!("num", class)} data-label="b*">{ b_text(cell) }</td>
                if !m.is_optimal() {
                    <td class={classes!("num", class)} data-label="excess" data-excess={figure(cell.mean_excess)}>{ excess_text(cell) }</td>
                }
                </>
            }
        });
        let onclick = {
            let (dispatcher, boards, goal, presses) = (dispatcher.clone(), boards.clone(), run.goal.clone(), presses.clone());
            Callback::from(move |_: MouseEvent| {
                let Some(board) = boards.get(presses.get() % boards.len().max(1)).cloned() else { return };
                presses.set(presses.get() + 1);
                dispatcher.dispatch(Action::Puzzle(PuzzleAction::Generated(goal.clone(), board)));
                dispatcher.dispatch(Action::ShowView(View::Play));
            })
        };
        html! {
            <tr data-depth={depth.to_string()}>
                <th scope="row" data-boards={row.boards.to_string()}>
                    { depth }
                    if row.boards < run.config.boards {
                        <span class="small-print muted">{ format!(" ({} only)", row.boards) }</span>
                    }
                </th>
                { for cells }
                <td>
                    <button class="small" id={format!("experiment-play-{depth}")} {onclick}
                        disabled={boards.is_empty()}
                        aria-label={format!("Play one board {depth} moves from the goal")}>{ "Play one" }</button>
                </td>
            </tr>
        }
    });
    html! {
        <div class="table-wrap">
            <table id="experiment-table">
                <caption>{ format!(
                    "Mean nodes generated and b* over {} boards a depth (seed {}), {} goal {}. * some solves hit the budget (left out of the mean); skipped: not run after the method hit it.",
                    run.config.boards, run.config.seed, run.config.goal.shape(), run.config.goal
                ) }</caption>
                <thead>
                    <tr><th scope="col" rowspan="2">{ "depth" }</th>{ for heads }<th scope="col" rowspan="2">{ "board" }</th></tr>
                    <tr>{ for subheads }</tr>
                </thead>
                <tbody>{ for rows }</tbody>
            </table>
        </div>
    }
}

/// Download CSV: every figure of the rows so far (the core's `to_csv`).
fn csv_button(run: &ExperimentRun) -> Html {
    let experiment = run.experiment();
    let name = format!("experiment-{}.csv", run.config.goal.shape());
    let onclick = Callback::from(move |_: MouseEvent| {
        if let Err(error) = crate::download::download(&name, &to_csv(&experiment)) {
            web_sys::console::warn_1(&error);
        }
    });
    html! {
        <p class="row"><button id="experiment-csv" {onclick}>{ "Download CSV" }</button></p>
    }
}

/// What b* means and why the columns differ.
fn explanation() -> Html {
    html! {
        <p id="experiment-about" class="muted">
            <strong>{ "What the figures mean. " }</strong>
            { "The effective branching factor b* is the branching of a uniform tree, as deep as the solution, that would hold the nodes the search generated (N + 1 = 1 + b* + b*² + … + b*^d): the closer to 1, the better the method is guided. The columns differ because only the guidance differs: IDDFS knows nothing of the goal and searches every path up to each depth again and again, so its cost multiplies by about 2 a move here (it never makes the move that undoes the one before; the textbook counts those too and finds about 2.8); A* takes the most promising board first, and a better estimate (misplaced tiles, then Manhattan distance, then linear conflict: each never above the true distance, each at least the one before) leaves fewer boards to look at before the shortest answer is proven. Nodes are counted as in Step through and Race: expanded = taken from OPEN (its children made), generated = children made. A mean leaves out the solves that hit the node budget and the cell says so (*), never averaged silently." }
        </p>
    }
}
