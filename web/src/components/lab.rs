//! The heuristic lab, under the Experiment: write an estimate as a formula (an error shows
//! under the character it points at, as you type), check it over every board of the size on
//! screen in a worker (progress, Cancel), and read the exact verdicts: admissible (the boards
//! it overestimates, each loadable), consistent, how informed against the built-ins, and a
//! chart of h − h* over all boards. The check's worker is [`crate::hooks::lab`]'s.

use puzzle_core::analysis::MAX_TABLE_CELLS;
use puzzle_core::formula::check::Verdicts;
use puzzle_core::formula::{Formula, FormulaError};
use puzzle_core::{Board, Goal};
use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::format::count;
use crate::hooks::lab::{Lab, LabStatus};
use crate::protocol::{MAX_CHECK_CELLS, SOLVED_HERE};
use crate::state::{Action, PrefsAction, PuzzleAction, State, View};

/// Formulas to start from.
pub const EXAMPLES: [&str; 6] = [
    "manhattan + conflicts",
    "max(manhattan, misplaced)",
    "manhattan + 2 * conflicts",
    "1.5 * manhattan",
    "manhattan + conflicts + last_move + corner",
    "pdb(1,2,3,4) + pdb(5,6,7)",
];

/// Props of the lab.
#[derive(Properties, PartialEq)]
pub struct LabProps {
    /// The goal board on screen (the check's boards lead to it).
    pub goal_board: Board,
    /// The named goal on screen (for a loaded board).
    pub goal: Goal,
    /// The check's status and buttons.
    pub lab: Lab,
    /// For a board's Load button.
    pub dispatcher: UseReducerDispatcher<State>,
    /// The formula handed to the Race and the Experiment (from a link, say): the editor
    /// starts with it.
    #[prop_or_default]
    pub handed: Option<std::sync::Arc<Formula>>,
}

/// Why `text` cannot be checked toward `goal`, as the error of the formula.
pub fn formula_error(text: &str, goal: &Board) -> Option<FormulaError> {
    text.parse::<Formula>()
        .and_then(|f| f.fits(goal.cells().len()))
        .err()
}

/// The lab.
#[function_component(LabPanel)]
pub fn lab_panel(props: &LabProps) -> Html {
    let text = use_state(|| {
        props
            .handed
            .as_ref()
            .map_or(EXAMPLES[0].to_string(), |f| f.text().to_string())
    });
    let error = formula_error(&text, &props.goal_board);
    let cells = props.goal_board.cells().len();
    // Every board up to MAX_TABLE_CELLS; a sample of boards of known distance up to 16 cells.
    let (exact, fits) = (cells <= MAX_TABLE_CELLS, cells <= MAX_CHECK_CELLS);
    let checking = matches!(props.lab.status, LabStatus::Checking { .. });
    // Verdicts belong to the goal they were checked for: a new size or goal forgets them.
    {
        let forget = props.lab.forget.clone();
        use_effect_with(props.goal_board.clone(), move |_| forget.emit(()));
    }
    let on_input = {
        let text = text.clone();
        Callback::from(move |e: InputEvent| {
            text.set(e.target_unchecked_into::<HtmlInputElement>().value())
        })
    };
    let on_check = {
        let (check, text, goal) = (
            props.lab.check.clone(),
            text.clone(),
            props.goal_board.clone(),
        );
        Callback::from(move |_: MouseEvent| check.emit(((*text).clone(), goal.clone())))
    };
    // Hands the formula to the Race and the Experiment, then shows where it went.
    let hand_over = |then: fn(&UseReducerDispatcher<State>)| {
        let (dispatcher, text) = (props.dispatcher.clone(), text.clone());
        Callback::from(move |_: MouseEvent| {
            if let Ok(formula) = text.parse::<Formula>() {
                let formula = Some(std::sync::Arc::new(formula));
                dispatcher.dispatch(Action::Prefs(PrefsAction::SetLabFormula(formula)));
                then(&dispatcher);
            }
        })
    };
    let on_race = hand_over(|d| d.dispatch(Action::ShowView(View::Race)));
    let on_step = hand_over(|d| d.dispatch(Action::ShowView(View::Step)));
    let on_experiment =
        hand_over(|_| crate::hooks::reveal::reveal_soon("#experiment-method-formula"));
    let examples = EXAMPLES.iter().map(|example| {
        let text = text.clone();
        let onclick = Callback::from(move |_: MouseEvent| text.set(example.to_string()));
        html! { <button class="lab-example" {onclick}><code>{ *example }</code></button> }
    });
    html! {
        <section class="panel lab" aria-labelledby="lab-title">
            <h2 id="lab-title">{ "Heuristic lab" }</h2>
            <p class="muted">{ "Write an estimate of the moves left and find out, over every board of this size, whether it ever says more than the fewest moves (then A* may miss the shortest answer), and how close it comes. Names: misplaced, manhattan, conflicts, linear_conflict, blank_distance, corner, last_move; per tile dist(5), row(5), col(5); pdb(1,2,3), the fewest moves of those tiles that bring them home (tables of different tiles add up); numbers, + − * /, < <= > >= == !=, max, min, abs, floor, ceil, if(c, a, b). The value is rounded up to a whole move; below 0 counts as 0; a division by zero gives 0." }</p>
            <label for="lab-formula">{ "Formula" }</label>
            <input id="lab-formula" type="text" spellcheck="false" autocomplete="off" value={(*text).clone()}
                oninput={on_input} aria-invalid={error.is_some().to_string()}
                aria-describedby={error.as_ref().map(|_| "lab-error")} />
            if let Some(error) = &error {
                { pointed(&text, error) }
            }
            <div class="row lab-examples">{ "Try: " }{ for examples }</div>
            if !fits {
                <p id="lab-too-large" class="why">{ format!("The check takes boards of up to {MAX_CHECK_CELLS} cells: every board up to {MAX_TABLE_CELLS} (3x3, 2x4, 2x5), a sample of boards of known distance on 4x4 and 3x4. Choose one of those sizes in Play & solve.") }</p>
            } else if !exact {
                <p id="lab-sampled" class="muted">{ format!("A board of {cells} cells has too many boards to check them all: the check takes Korf's 100 and the 17 boards of 80 moves (where a symmetry carries them to this goal) and {SOLVED_HERE} boards solved now with the pattern databases. Checked on those boards, not proven.") }</p>
            }
            <div class="row">
                <button id="lab-check" class="primary" onclick={on_check}
                    disabled={checking || error.is_some() || !fits}>{ if exact { "Check every board" } else { "Check on known boards" } }</button>
                <button id="lab-race" onclick={on_race} disabled={error.is_some()}
                    title="Race A* guided by this formula against the built-in methods on the board on screen">{ "Race it with A*" }</button>
                <button id="lab-experiment" onclick={on_experiment} disabled={error.is_some() || !exact}
                    title="A column of the Experiment above: A* guided by this formula, with its mean excess length">{ "Add to the Experiment" }</button>
                <button id="lab-step" onclick={on_step} disabled={error.is_some()}
                    title="Step through A* guided by this formula beside A* with Manhattan, node by node">{ "Step through with it" }</button>
                if checking {
                    <button id="lab-cancel" onclick={props.lab.cancel.reform(|_: MouseEvent| ())}>{ "Cancel" }</button>
                }
            </div>
            { status(&props.lab.status, exact, &props.goal, &props.dispatcher) }
        </section>
    }
}

/// The formula with a caret under the column its error points at, and the error's words.
fn pointed(text: &str, error: &FormulaError) -> Html {
    let caret = format!("{}^", " ".repeat(error.column.saturating_sub(1)));
    html! {
        <div id="lab-error" class="error lab-error" role="alert" data-column={error.column.to_string()}>
            <pre aria-hidden="true">{ text }{ "\n" }{ caret }</pre>
            <p>{ format!("Column {}: {}", error.column, error.message) }</p>
        </div>
    }
}

fn status(
    status: &LabStatus,
    exact: bool,
    goal: &Goal,
    dispatcher: &UseReducerDispatcher<State>,
) -> Html {
    let preparing = if exact {
        "Counting every board's fewest moves…"
    } else {
        "Getting the pattern databases to solve boards with…"
    };
    match status {
        LabStatus::Idle => html! {},
        LabStatus::Checking { done, total } => html! {
            <p id="lab-progress" role="status">
                <progress max={total.max(&1).to_string()} value={done.to_string()}></progress>
                { if *total == 0 { preparing.to_string() } else if exact { format!(" {} of {} boards", count(*done as u64), count(*total as u64)) } else { format!(" {} of {} boards solved", count(*done as u64), count(*total as u64)) } }
            </p>
        },
        LabStatus::Failed(message) => {
            html! { <p id="lab-failed" class="error" role="alert">{ message.clone() }</p> }
        }
        LabStatus::Cancelled => {
            html! { <p id="lab-cancelled" class="muted" role="status">{ "Check cancelled." }</p> }
        }
        LabStatus::Checked {
            formula,
            verdicts,
            elapsed_ms,
        } => verdicts_view(formula, verdicts, *elapsed_ms, goal, dispatcher),
    }
}

/// A board on one line as the CLI prints it: flat for squares, rows split by ` / ` otherwise.
fn one_line(board: &Board) -> String {
    let shape = board.shape();
    if shape.width() == shape.height() {
        board.to_flat()
    } else {
        board.to_line()
    }
}

fn percent(part: usize, whole: usize) -> String {
    format!("{:.2} %", 100.0 * part as f64 / whole.max(1) as f64)
}

fn verdicts_view(
    formula: &str,
    v: &Verdicts,
    elapsed_ms: f64,
    goal: &Goal,
    dispatcher: &UseReducerDispatcher<State>,
) -> Html {
    let admissible = if v.admissible() && !v.exact {
        "Admissible on these boards: it never says more than their fewest moves. Not proven for every board.".to_string()
    } else if v.admissible() {
        "Admissible: it never says more than the fewest moves, so A* with it finds the shortest answers.".to_string()
    } else {
        format!(
            "Not admissible: it says more than the fewest moves on {} boards ({}), by up to {} moves. A* with it may miss the shortest answer.",
            count(v.overestimated as u64),
            percent(v.overestimated, v.boards),
            v.largest_overestimate
        )
    };
    let consistent = if v.consistent() && !v.exact {
        "Consistent on these boards: no move from them changes it by more than one.".to_string()
    } else if v.consistent() {
        "Consistent: no move changes it by more than one.".to_string()
    } else {
        format!(
            "Not consistent: {} moves change it by more than one.",
            count(v.inconsistent_moves as u64)
        )
    };
    let against = v.against.iter().map(|a| {
        html! {
            <li data-kind={a.kind.name()} data-verdict={a.verdict()}>
                { format!("Against {}: {} (higher on {} boards, lower on {})", a.kind, a.verdict(), count(a.higher as u64), count(a.lower as u64)) }
            </li>
        }
    });
    let examples = v.examples.iter().take(5).map(|e| {
        let (dispatcher, goal, board) = (dispatcher.clone(), goal.clone(), e.board.clone());
        let onclick = Callback::from(move |_: MouseEvent| {
            dispatcher.dispatch(Action::Puzzle(PuzzleAction::Generated(
                goal.clone(),
                board.clone(),
            )));
            dispatcher.dispatch(Action::ShowView(View::Play));
        });
        html! {
            <li>
                <code>{ one_line(&e.board) }</code>
                { format!(" estimate {}, fewest moves {} ", e.estimate, e.distance) }
                <button class="lab-load" {onclick}>{ "Load" }</button>
            </li>
        }
    });
    html! {
        <div id="lab-verdicts" data-admissible={v.admissible().to_string()} data-overestimated={v.overestimated.to_string()}
            data-consistent={v.consistent().to_string()}>
            <p id="lab-boards" class="muted" data-exact={v.exact.to_string()} data-boards={v.boards.to_string()}>{ if v.exact {
                format!("{formula}: all {} boards that reach the goal, against their fewest moves ({:.1} s).", count(v.boards as u64), elapsed_ms / 1000.0)
            } else {
                format!("{formula}: checked on {} boards whose fewest moves are known, not proven ({:.1} s).", count(v.boards as u64), elapsed_ms / 1000.0)
            } }</p>
            <p id="lab-admissible" class={if v.admissible() { "ok" } else { "warn" }}>{ admissible }</p>
            if !v.examples.is_empty() {
                <ul id="lab-examples">{ for examples }</ul>
            }
            <p id="lab-consistent">{ consistent }</p>
            <p id="lab-informed">{ format!("Mean estimate {:.2} against the mean of the fewest moves {:.2} ({:.1} %).", v.mean_estimate, v.mean_distance, 100.0 * v.mean_estimate / v.mean_distance) }</p>
            <ul id="lab-against">{ for against }</ul>
            { chart(&v.differences) }
        </div>
    }
}

/// Bars of how many boards have each h − h*: below 0 it falls short, above 0 it overestimates.
fn chart(differences: &[(i64, usize)]) -> Html {
    let (Some(&(low, _)), Some(&(high, _))) = (differences.first(), differences.last()) else {
        return html! {};
    };
    let (low, high) = (low.min(0), high.max(0));
    let most = differences
        .iter()
        .map(|&(_, n)| n)
        .max()
        .unwrap_or(1)
        .max(1) as f64;
    let span = (high - low + 1) as f64;
    let bar_width = 300.0 / span;
    let bars = differences.iter().map(|&(d, n)| {
        let height = 100.0 * n as f64 / most;
        let x = (d - low) as f64 * bar_width;
        let class = if d > 0 { "over" } else if d == 0 { "exact" } else { "short" };
        html! {
            <rect {class} x={format!("{x:.2}")} y={format!("{:.2}", 100.0 - height)} width={format!("{:.2}", (bar_width - 0.5).max(0.5))}
                height={format!("{height:.2}")}><title>{ format!("h − h* = {d}: {} boards", count(n as u64)) }</title></rect>
        }
    });
    let zero = (0 - low) as f64 * bar_width + bar_width / 2.0;
    html! {
        <figure id="lab-chart">
            <svg viewBox="0 0 300 112" role="img" aria-label="boards by how far the estimate is from the fewest moves">
                { for bars }
                <line class="zero" x1={format!("{zero:.2}")} x2={format!("{zero:.2}")} y1="0" y2="104" />
                <text x="0" y="111">{ low.to_string() }</text>
                <text x={format!("{zero:.2}")} y="111" text-anchor="middle">{ "0" }</text>
                <text x="300" y="111" text-anchor="end">{ high.to_string() }</text>
            </svg>
            <figcaption>{ "Boards by h − h*: left of 0 the estimate falls short of the fewest moves, right of 0 (red) it says more." }</figcaption>
        </figure>
    }
}
