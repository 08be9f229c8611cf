//! Generate, import and export: a seeded board generator (the same settings and seed give
//! every student the same board), the catalogue's hardest positions, and the n-puzzle text
//! format in and out as files.
//!
//! The generator has no size, goal or scramble menus of its own: it makes a board of the
//! page's size, for the page's goal, scrambled the page's way (the one set of those controls,
//! [`crate::components::setup`]), so Generate never changes the goal. A hardest position made
//! for another goal says so and asks before it changes the goal.

use std::rc::Rc;

use puzzle_core::catalog::Famous;
use puzzle_core::{format_moves, Board, Direction, Goal};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::components::mini::MiniBoard;
use crate::components::number_field::NumberField;
use crate::download::{download, read_board_file};
use crate::race::{generate, GeneratorSpec};
use crate::state::{Action, EditorsAction, PuzzleAction, ScrambleHow, State};

/// Props of the generator and files panel: the page's board settings, what it exports, and
/// where its boards go.
#[derive(Properties, PartialEq)]
pub struct GeneratorProps {
    /// The board on screen (its size is the generator's; Export board).
    pub board: Board,
    /// The goal rule (the generator's; named in the exported file).
    pub goal: Goal,
    /// How the page scrambles (the generator's too).
    pub scramble: ScrambleHow,
    /// Length of a random-walk scramble.
    pub walk_length: usize,
    /// The moves of the last solve, when it solved (Export solution).
    pub moves: Option<Rc<Vec<Direction>>>,
    /// Where generated and imported boards go.
    pub dispatcher: UseReducerDispatcher<State>,
}

/// The generator's own settings: the kind of board and the seed.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Own {
    /// Whether the board must be able to reach the goal.
    solvable: bool,
    /// The seed.
    seed: u64,
}

/// What the generator makes with the page's settings and its own.
fn spec_for(props: &GeneratorProps, own: Own) -> GeneratorSpec {
    GeneratorSpec {
        shape: props.board.shape(),
        goal: props.goal.clone(),
        solvable: own.solvable,
        walk: (props.scramble == ScrambleHow::Walk).then_some(props.walk_length),
        seed: own.seed,
    }
}

/// The page's settings the generator uses, in words.
fn settings_words(spec: &GeneratorSpec) -> String {
    let how = match spec.walk {
        Some(n) => format!("a random walk of {n} moves"),
        None => "uniformly random".to_string(),
    };
    let goal = match &spec.goal {
        Goal::Custom(_) => "the custom goal".to_string(),
        named => format!("the {named} goal"),
    };
    format!(
        "Makes a {} board for {goal}, {how}: the board's Size, Goal and Scramble.",
        spec.shape
    )
}

/// The generator and files panel.
#[function_component(GeneratorPanel)]
pub fn generator_panel(props: &GeneratorProps) -> Html {
    let state = &props.dispatcher;
    let own = use_state(|| Own {
        solvable: true,
        seed: short_seed(),
    });
    let spec = spec_for(props, *own);
    let on_solvable = {
        let own = own.clone();
        Callback::from(move |e: Event| {
            let solvable = e.target_unchecked_into::<HtmlSelectElement>().value() == "solvable";
            own.set(Own { solvable, ..*own });
        })
    };
    let on_seed = {
        let own = own.clone();
        Callback::from(move |seed: u64| own.set(Own { seed, ..*own }))
    };
    let make = {
        let state = state.clone();
        move |spec: &GeneratorSpec| {
            let (goal, board) = generate(spec);
            state.dispatch(Action::Puzzle(PuzzleAction::Generated(goal, board)));
        }
    };
    // Generate: a new seed each press (shown in the field, so it can be shared). The page does
    // not scroll to the board: the board made shows small beside the button, so Generate can be
    // pressed again and again where it is (on a phone the board is a screen away).
    let on_generate = {
        let (own, spec, make) = (own.clone(), spec.clone(), make.clone());
        Callback::from(move |_: MouseEvent| {
            let seed = short_seed();
            own.set(Own { seed, ..*own });
            make(&GeneratorSpec {
                seed,
                ..spec.clone()
            });
        })
    };
    // The board of the seed in the field (a seed someone shared).
    let on_seeded = {
        let spec = spec.clone();
        Callback::from(move |_: MouseEvent| {
            make(&spec);
            crate::hooks::reveal::reveal_board();
        })
    };
    let on_import = {
        let state = state.clone();
        Callback::from(move |text| {
            state.dispatch(Action::Puzzle(PuzzleAction::Import(text)));
            crate::hooks::reveal::reveal_board();
        })
    };
    let on_refused = {
        let state = state.clone();
        Callback::from(move |why| {
            state.dispatch(Action::Editors(EditorsAction::ImportRefused(why)))
        })
    };
    html! {
        <section class="panel" aria-labelledby="gen-title" id="generator">
            <h2 id="gen-title">{ "Generate, import, export" }</h2>
            <p id="gen-settings" class="muted small-print">{ settings_words(&spec) }</p>
            <div class="row">
                <label>{ "Kind" }
                    <select id="gen-solvable" onchange={on_solvable}>
                        <option value="solvable" selected={own.solvable}>{ "Solvable" }</option>
                        <option value="unsolvable" selected={!own.solvable}>{ "Unsolvable" }</option>
                    </select>
                </label>
                <NumberField id="gen-seed" label="Seed" class="seed" value={own.seed} min={0} max={u64::MAX} on_value={on_seed} />
            </div>
            <div class="row buttons">
                <button id="generate" class="primary" onclick={on_generate} title="A new board from a new random seed">{ "Generate" }</button>
                <button id="generate-seed" onclick={on_seeded}>{ format!("Board of seed {}", own.seed) }</button>
            </div>
            if let Ok(goal) = props.goal.board(props.board.shape()) {
                <figure id="gen-preview" class="goal-picture">
                    <MiniBoard board={props.board.clone()} {goal} numbers={props.board.shape().cells() <= 36} />
                    <figcaption>{ "The board on screen" }</figcaption>
                </figure>
            }
            <FamousPicker goal={props.goal.clone()} dispatcher={state.clone()} />
            { file_buttons(&FilesProps { board: props.board.clone(), goal: props.goal.clone(), moves: props.moves.clone(), on_import, on_refused }) }
            <p class="muted small-print">{ "You can also drop an n-puzzle file on the board, or paste a board anywhere on the page." }</p>
        </section>
    }
}

/// A random seed short enough to read out to a class (below a million).
fn short_seed() -> u64 {
    crate::hooks::scramble::random_seed() % 1_000_000
}

/// Props of the hardest-positions menu.
#[derive(Properties, PartialEq)]
struct FamousProps {
    /// The board's goal (a position for another goal asks before changing it).
    goal: Goal,
    /// Where the picked position goes.
    dispatcher: UseReducerDispatcher<State>,
}

/// The goal a hardest position needs, when it is not the board's (`None`: it loads at once).
fn other_goal<'a>(famous: &'a Famous, goal: &Goal) -> Option<&'a Goal> {
    (famous.goal != *goal).then_some(&famous.goal)
}

/// The menu of the catalogue's hardest positions. A position for the board's goal loads at
/// once; one for another goal says which, and loads (switching the goal) only when asked to.
#[function_component(FamousPicker)]
fn famous_picker(props: &FamousProps) -> Html {
    let pending = use_state(|| None::<Famous>);
    let confirm_ref = use_node_ref();
    {
        // The question takes the focus, so a keyboard or screen-reader user meets it at once.
        let confirm_ref = confirm_ref.clone();
        use_effect_with(pending.is_some(), move |&asking| {
            if asking {
                if let Some(button) = confirm_ref.cast::<web_sys::HtmlElement>() {
                    button.focus().ok();
                }
            }
        });
    }
    let load = {
        let state = props.dispatcher.clone();
        move |famous: Famous| {
            state.dispatch(Action::Puzzle(PuzzleAction::Generated(
                famous.goal,
                famous.board,
            )));
            crate::hooks::reveal::reveal_board();
        }
    };
    let on_famous = {
        let (pending, goal, load) = (pending.clone(), props.goal.clone(), load.clone());
        Callback::from(move |e: Event| {
            let select = e.target_unchecked_into::<HtmlSelectElement>();
            let famous = select
                .value()
                .parse::<usize>()
                .ok()
                .and_then(|i| puzzle_core::catalog::hardest().into_iter().nth(i));
            // Picking the same position again must fire `change` again.
            select.set_value("");
            match famous {
                Some(famous) if other_goal(&famous, &goal).is_some() => pending.set(Some(famous)),
                Some(famous) => {
                    pending.set(None);
                    load(famous);
                }
                None => {}
            }
        })
    };
    let on_switch = {
        let pending = pending.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(famous) = (*pending).clone() {
                load(famous);
            }
            pending.set(None);
        })
    };
    let on_keep = {
        let pending = pending.clone();
        Callback::from(move |_: MouseEvent| pending.set(None))
    };
    html! {
        <>
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
        if let Some(famous) = &*pending {
            <div id="famous-confirm" class="confirm" role="group" aria-labelledby="famous-question">
                <p id="famous-question">{ format!(
                    "{} is a position for the {} goal, and the board's goal is {}. Load it and switch the goal to {}? The goal then stays {} until you change it.",
                    famous.name, famous.goal, goal_words(&props.goal), famous.goal, famous.goal
                ) }</p>
                <div class="row buttons">
                    <button id="famous-switch" class="primary" ref={confirm_ref} onclick={on_switch}>
                        { format!("Switch to {} and load", famous.goal) }
                    </button>
                    <button id="famous-keep" onclick={on_keep}>{ "Keep my goal" }</button>
                </div>
            </div>
        }
        </>
    }
}

/// A goal in a sentence ("the custom one" for a custom goal, whose cells say little).
fn goal_words(goal: &Goal) -> String {
    match goal {
        Goal::Custom(_) => "a custom one".to_string(),
        named => named.to_string(),
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
    /// Called with the message when a file is not read (too big to be a board file).
    on_refused: Callback<String>,
}

/// The first line of an exported solution: which letters it uses (the screen names each move
/// by the tile that slides, the file by the blank, as `puzzle_core::parse_moves` reads it; `#`
/// starts a comment there).
pub const MOVES_HEADER: &str =
    "# moves of the blank: U up, D down, L left, R right (the tile that slides goes the other way)\n";

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
                download(
                    "solution.txt",
                    &format!("{MOVES_HEADER}{}\n", format_moves(moves)),
                )
                .ok();
            }
        })
    };
    let on_export_lines = {
        let moves = moves.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(moves) = &moves {
                let letters = moves.iter().map(|d| format!("{}\n", d.letter()));
                let text: String = std::iter::once(MOVES_HEADER.to_string())
                    .chain(letters)
                    .collect();
                download("solution-lines.txt", &text).ok();
            }
        })
    };
    let on_file = {
        let on_import = props.on_import.clone();
        let on_refused = props.on_refused.clone();
        Callback::from(move |e: Event| {
            let input = e.target_unchecked_into::<HtmlInputElement>();
            if let Some(file) = input.files().and_then(|files| files.get(0)) {
                read_board_file(&file, on_import.clone(), on_refused.clone());
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hardest_position_for_another_goal_is_asked_about() {
        let hardest = puzzle_core::catalog::hardest();
        let three = hardest
            .iter()
            .find(|f| f.board.shape().width() == 3)
            .unwrap();
        let four = hardest
            .iter()
            .find(|f| f.board.shape().width() == 4)
            .unwrap();
        assert_eq!(other_goal(three, &Goal::Standard), None);
        assert_eq!(other_goal(four, &Goal::Standard), Some(&Goal::BlankFirst));
        assert_eq!(other_goal(four, &Goal::BlankFirst), None);
        assert_eq!(other_goal(three, &Goal::Snail), Some(&Goal::Standard));
    }

    #[test]
    fn the_generator_says_which_of_the_page_settings_it_uses() {
        let spec = GeneratorSpec {
            shape: puzzle_core::Shape::square(4).unwrap(),
            goal: Goal::Snail,
            solvable: true,
            walk: Some(40),
            seed: 1,
        };
        assert_eq!(
            settings_words(&spec),
            "Makes a 4x4 board for the snail goal, a random walk of 40 moves: the board's Size, Goal and Scramble."
        );
        let (goal, board) = generate(&spec);
        assert_eq!((goal, board.shape()), (Goal::Snail, spec.shape));
    }
}
