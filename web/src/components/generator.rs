//! Generate, import and export: a seeded board generator (the same settings and seed give
//! every student the same board), and the n-puzzle text format in and out as files.

use std::rc::Rc;

use puzzle_core::{format_moves, Board, Direction, Goal, Shape};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::components::number_field::NumberField;
use crate::download::{download, read_text};
use crate::race::{generate, GeneratorSpec};
use crate::state::{Action, State};

/// Props of the generator and files panel: what it exports, and where its boards go.
#[derive(Properties, PartialEq)]
pub struct GeneratorProps {
    /// The board on screen (Export board).
    pub board: Board,
    /// The goal rule (named in the exported file).
    pub goal: Goal,
    /// The moves of the last solve, when it solved (Export solution).
    pub moves: Option<Rc<Vec<Direction>>>,
    /// Where generated and imported boards go.
    pub dispatcher: UseReducerDispatcher<State>,
}

/// The generator and files panel.
#[function_component(GeneratorPanel)]
pub fn generator_panel(props: &GeneratorProps) -> Html {
    let state = &props.dispatcher;
    let spec = use_state(|| GeneratorSpec {
        shape: Shape::square(3).expect("3x3 is supported"),
        goal: Goal::Snail,
        solvable: true,
        walk: None,
        seed: 2026,
    });
    let on_spec = {
        let spec = spec.clone();
        Callback::from(move |next: GeneratorSpec| spec.set(next))
    };
    let on_generate = {
        let (state, spec) = (state.clone(), spec.clone());
        Callback::from(move |_: MouseEvent| {
            let (goal, board) = generate(&spec);
            state.dispatch(Action::Generated(goal, board));
        })
    };
    let on_famous = {
        let state = state.clone();
        Callback::from(move |(goal, board)| state.dispatch(Action::Generated(goal, board)))
    };
    let on_import = {
        let state = state.clone();
        Callback::from(move |text| state.dispatch(Action::Import(text)))
    };
    html! {
        <section class="panel" aria-labelledby="gen-title" id="generator">
            <h2 id="gen-title">{ "Generate, import, export" }</h2>
            { generator_settings(&SettingsProps { spec: (*spec).clone(), board_shape: props.board.shape(), on_spec }) }
            <div class="row buttons">
                <button id="generate" class="primary" onclick={on_generate}>{ "Generate" }</button>
            </div>
            { famous_picker(&FamousProps { on_pick: on_famous }) }
            { file_buttons(&FilesProps { board: props.board.clone(), goal: props.goal.clone(), moves: props.moves.clone(), on_import }) }
            <p class="muted small-print">{ "You can also drop an n-puzzle file on the board, or paste a board anywhere on the page." }</p>
        </section>
    }
}

/// Props of the generator's settings.
struct SettingsProps {
    /// The settings shown.
    spec: GeneratorSpec,
    /// The board on screen's shape (always offered in the size menu).
    board_shape: Shape,
    /// Called with the changed settings.
    on_spec: Callback<GeneratorSpec>,
}

/// The generator's settings: size, goal, kind, scramble, walk length and seed.
fn generator_settings(props: &SettingsProps) -> Html {
    let spec = &props.spec;
    let update = |f: fn(&mut GeneratorSpec, String)| {
        let (spec, on_spec) = (spec.clone(), props.on_spec.clone());
        Callback::from(move |e: Event| {
            let value = e
                .target_dyn_into::<HtmlSelectElement>()
                .map(|s| s.value())
                .or_else(|| e.target_dyn_into::<HtmlInputElement>().map(|i| i.value()))
                .unwrap_or_default();
            let mut next = spec.clone();
            f(&mut next, value);
            on_spec.emit(next);
        })
    };
    let on_size = update(|s, v| {
        if let Ok(shape) = v.parse::<Shape>() {
            s.shape = shape;
        }
    });
    let on_goal = update(|s, v| {
        if let Ok(goal) = v.parse::<Goal>() {
            s.goal = goal;
        }
    });
    let on_solvable = update(|s, v| s.solvable = v == "solvable");
    let on_how = update(|s, v| {
        s.walk = (v == "walk").then_some(s.walk.unwrap_or(30));
    });
    let set = |f: fn(&mut GeneratorSpec, u64)| {
        let (spec, on_spec) = (spec.clone(), props.on_spec.clone());
        Callback::from(move |n: u64| {
            let mut next = spec.clone();
            f(&mut next, n);
            on_spec.emit(next);
        })
    };
    let on_walk = set(|s, n| s.walk = Some(n as usize));
    let on_seed = set(|s, n| s.seed = n);
    let walk = spec.walk.is_some();
    // The squares the size menu offers, plus the board's own size and the chosen one.
    let mut sizes: Vec<Shape> = (2..=8).filter_map(|n| Shape::square(n).ok()).collect();
    for shape in [props.board_shape, spec.shape] {
        if !sizes.contains(&shape) {
            sizes.push(shape);
        }
    }
    html! {
        <>
            <div class="row">
                <label>{ "Size" }
                    <select id="gen-size" onchange={on_size}>
                        { for sizes.iter().map(|&s| html! {
                            <option value={s.to_string()} selected={s == spec.shape}>{ s.to_string() }</option>
                        }) }
                    </select>
                </label>
                <label>{ "Goal" }
                    <select id="gen-goal" onchange={on_goal}>
                        { for [("snail", "Snail (spiral)"), ("standard", "Standard"), ("blank-first", "Blank first")].into_iter().map(|(v, l)| html! {
                            <option value={v} selected={crate::state::goal_text(&spec.goal) == v}>{ l }</option>
                        }) }
                    </select>
                </label>
                <label>{ "Kind" }
                    <select id="gen-solvable" onchange={on_solvable}>
                        <option value="solvable" selected={spec.solvable}>{ "Solvable" }</option>
                        <option value="unsolvable" selected={!spec.solvable}>{ "Unsolvable" }</option>
                    </select>
                </label>
            </div>
            <div class="row">
                <label>{ "Scramble" }
                    <select id="gen-how" onchange={on_how}>
                        <option value="uniform" selected={!walk}>{ "Uniformly random" }</option>
                        <option value="walk" selected={walk}>{ "Random walk" }</option>
                    </select>
                </label>
                if let Some(n) = spec.walk {
                    <NumberField id="gen-walk" label="Moves" value={n as u64} min={1} max={500} on_value={on_walk} />
                }
                <NumberField id="gen-seed" label="Seed" class="seed" value={spec.seed} min={0} max={u64::MAX} on_value={on_seed} />
            </div>
        </>
    }
}

/// Props of the hardest-positions menu.
struct FamousProps {
    /// Called with the picked position's goal and board.
    on_pick: Callback<(Goal, Board)>,
}

/// The menu of the catalogue's hardest positions.
fn famous_picker(props: &FamousProps) -> Html {
    let on_famous = {
        let on_pick = props.on_pick.clone();
        Callback::from(move |e: Event| {
            let select = e.target_unchecked_into::<HtmlSelectElement>();
            let famous = select
                .value()
                .parse::<usize>()
                .ok()
                .and_then(|i| puzzle_core::catalog::hardest().into_iter().nth(i));
            if let Some(famous) = famous {
                on_pick.emit((famous.goal, famous.board));
            }
            // Picking the same position again must fire `change` again.
            select.set_value("");
        })
    };
    html! {
        <div class="row">
            <label>{ "Hardest positions" }
                <select id="famous" onchange={on_famous}>
                    <option value="" selected=true>{ "Pick one…" }</option>
                    { for puzzle_core::catalog::hardest().into_iter().enumerate().map(|(i, f)| html! {
                        <option value={i.to_string()}>{ format!("{} (goal {})", f.name, f.goal) }</option>
                    }) }
                </select>
            </label>
        </div>
    }
}

/// Props of the import and export buttons.
struct FilesProps {
    /// The board on screen (Export board).
    board: Board,
    /// The goal rule (named in the exported file).
    goal: Goal,
    /// The moves of the last solve, when it solved (Export solution).
    moves: Option<Rc<Vec<Direction>>>,
    /// Called with the text of an imported file.
    on_import: Callback<String>,
}

/// Import a file; export the board, or the solution on one line or one move a line.
fn file_buttons(props: &FilesProps) -> Html {
    let on_export_board = {
        let text = format!(
            "# sliding puzzle, goal: {}\n{}",
            crate::state::goal_text(&props.goal),
            props.board.to_npuzzle()
        );
        Callback::from(move |_: MouseEvent| {
            download("puzzle.txt", &text).ok();
        })
    };
    let moves = props.moves.clone();
    let on_export_string = {
        let moves = moves.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(moves) = &moves {
                download("solution.txt", &format!("{}\n", format_moves(moves))).ok();
            }
        })
    };
    let on_export_lines = {
        let moves = moves.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(moves) = &moves {
                let text: String = moves.iter().map(|d| format!("{}\n", d.letter())).collect();
                download("solution-lines.txt", &text).ok();
            }
        })
    };
    let on_file = {
        let on_import = props.on_import.clone();
        Callback::from(move |e: Event| {
            let input = e.target_unchecked_into::<HtmlInputElement>();
            if let Some(file) = input.files().and_then(|files| files.get(0)) {
                read_text(&file, on_import.clone());
            }
            // Picking the same file again must fire `change` again.
            input.set_value("");
        })
    };
    let no_moves = moves
        .is_none()
        .then_some("Nothing to export yet: solve the board first.");
    html! {
        <div class="row buttons files">
            <label class="file-pick">
                { "Import file…" }
                <input id="import-file" type="file" accept=".txt,.puzzle,text/plain" onchange={on_file} />
            </label>
            <button id="export-board" onclick={on_export_board}>{ "Export board" }</button>
            <button id="export-moves" onclick={on_export_string} disabled={moves.is_none()} title={no_moves}>{ "Export solution" }</button>
            <button id="export-lines" onclick={on_export_lines} disabled={moves.is_none()} title={no_moves}>{ "Solution, one move a line" }</button>
        </div>
    }
}
