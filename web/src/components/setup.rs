//! Board set-up: the size menu (in the toolbar), and the options under "More options": the
//! goal with a picture of it, the kind of scramble and the board editor.

use puzzle_core::{Goal, Shape};
use web_sys::{HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

use crate::components::mini::MiniBoard;
use crate::components::number_field::NumberField;
use crate::state::{
    goal_text, Action, Editor, EditorsAction, PrefsAction, PuzzleAction, ScrambleHow, State,
};

/// Props of the set-up panel: its fields only, so moves, ticks and progress do not redraw it.
#[derive(Properties, PartialEq)]
pub struct SetupProps {
    /// The board size.
    pub shape: Shape,
    /// The goal rule.
    pub goal: Goal,
    /// The custom-goal field.
    pub goal_editor: Editor,
    /// The edit-board field.
    pub editor: Editor,
    /// How Scramble works.
    pub scramble: ScrambleHow,
    /// Length of a random-walk scramble.
    pub walk_length: usize,
    /// Where the panel's actions go.
    pub dispatcher: UseReducerDispatcher<State>,
    /// The goal board (its picture beside the Goal menu).
    pub goal_board: puzzle_core::Board,
}

/// The set-up panel.
#[function_component(Setup)]
pub fn setup(props: &SetupProps) -> Html {
    let state = &props.dispatcher;
    let send = |f: fn(String) -> Action| {
        let state = state.clone();
        Callback::from(move |text| state.dispatch(f(text)))
    };
    let goal_value = if props.goal_editor.open || matches!(props.goal, Goal::Custom(_)) {
        "custom".to_string()
    } else {
        goal_text(&props.goal)
    };
    let on_goal = {
        let state = state.clone();
        Callback::from(move |e: Event| {
            let value = e.target_unchecked_into::<HtmlSelectElement>().value();
            match value.as_str() {
                "custom" => state.dispatch(Action::Editors(EditorsAction::CustomGoal)),
                name => {
                    if let Ok(goal) = name.parse::<Goal>() {
                        let seed = crate::hooks::scramble::random_seed();
                        state.dispatch(Action::Puzzle(PuzzleAction::SetGoal(goal, seed)));
                    }
                }
            }
        })
    };
    let on_how = {
        let state = state.clone();
        Callback::from(move |how| state.dispatch(Action::Prefs(PrefsAction::SetScramble(how))))
    };
    let on_walk = {
        let state = state.clone();
        Callback::from(move |n: u64| {
            state.dispatch(Action::Prefs(PrefsAction::SetWalkLength(n as usize)))
        })
    };
    let toggle_editor = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            state.dispatch(Action::Editors(EditorsAction::ToggleEditor))
        })
    };
    let on_apply = {
        let state = state.clone();
        Callback::from(move |()| state.dispatch(Action::Puzzle(PuzzleAction::ApplyEdit)))
    };
    html! {
        <section class="panel" aria-labelledby="setup-title">
            <h2 id="setup-title">{ "More options" }</h2>
            <div class="row goal-row">
                <label>{ "Goal" }
                    <select id="goal" onchange={on_goal}>
                        { for [("standard", "Standard (1 2 3 … blank)"), ("blank-first", "Blank first"), ("snail", "Snail (spiral)"), ("custom", "Custom…")]
                            .into_iter()
                            .map(|(value, label)| html! {
                                <option value={value} selected={goal_value == value}>{ label }</option>
                            }) }
                    </select>
                </label>
                { goal_picture(&props.goal_board) }
            </div>
            if props.goal_editor.open {
                { goal_editor(&EditorProps { editor: props.goal_editor.clone(), on_text: send(|text| Action::Puzzle(PuzzleAction::GoalText(text, crate::hooks::scramble::random_seed()))) }) }
            }
            { scramble_row(&ScrambleProps { walk: props.scramble == ScrambleHow::Walk, walk_length: props.walk_length, on_how, on_walk }) }
            <div class="row buttons">
                <button id="edit" onclick={toggle_editor} aria-expanded={props.editor.open.to_string()}>
                    { if props.editor.open { "Close editor" } else { "Edit board" } }
                </button>
            </div>
            if props.editor.open {
                { board_editor(&BoardEditorProps { editor: props.editor.clone(), on_text: send(|text| Action::Editors(EditorsAction::EditText(text))), on_apply }) }
            }
        </section>
    }
}

/// A small picture of the goal board, beside the Goal menu (numbers up to 5x5; bigger goals
/// show their shape only).
fn goal_picture(goal: &puzzle_core::Board) -> Html {
    html! {
        <figure id="goal-picture" class="goal-picture" aria-label={format!("the goal: {}", goal.to_line())}>
            <MiniBoard board={goal.clone()} goal={goal.clone()} numbers={goal.cells().len() <= 25} />
            <figcaption>{ "the goal" }</figcaption>
        </figure>
    }
}

/// Props of the size menu.
#[derive(Properties, PartialEq)]
pub struct SizeProps {
    /// The board size.
    pub shape: Shape,
    /// Called with a new size.
    pub on_shape: Callback<Shape>,
}

/// The size menu: the squares 2 to 8, and any rectangle from 2x2 to 16x16 through two number
/// fields (shown for "Other" or a size not in the menu).
#[function_component(SizePicker)]
pub fn size_picker(props: &SizeProps) -> Html {
    let shape = props.shape;
    let sizes: Vec<Shape> = (2..=8).filter_map(|n| Shape::square(n).ok()).collect();
    let custom_open = use_state(|| false);
    let custom = *custom_open || !sizes.contains(&shape);
    let on_size = {
        let on_shape = props.on_shape.clone();
        let custom_open = custom_open.clone();
        Callback::from(move |e: Event| {
            let value = e.target_unchecked_into::<HtmlSelectElement>().value();
            if value == "custom" {
                custom_open.set(true);
            } else if let Ok(shape) = value.parse::<Shape>() {
                custom_open.set(false);
                on_shape.emit(shape);
            }
        })
    };
    let resize = |f: fn(Shape, usize) -> Option<Shape>| {
        let on_shape = props.on_shape.clone();
        Callback::from(move |n: u64| {
            if let Some(next) = f(shape, n as usize) {
                on_shape.emit(next);
            }
        })
    };
    let on_width = resize(|s, w| Shape::new(w, s.height()).ok());
    let on_height = resize(|s, h| Shape::new(s.width(), h).ok());
    html! {
        <>
            <label>{ "Size" }
                <select id="size" onchange={on_size}>
                    { for sizes.iter().map(|s| html! {
                        <option value={s.to_string()} selected={!custom && *s == shape}>{ s.to_string() }</option>
                    }) }
                    // Chosen, it reads as the size itself (the fields beside it change it).
                    <option value="custom" selected={custom}>{ if custom { shape.to_string() } else { "Other W × H…".to_string() } }</option>
                </select>
            </label>
            if custom {
                <span class="size-fields" role="group" aria-label="width and height">
                    <NumberField id="size-w" label="Width" value={shape.width() as u64} min={2} max={16} on_value={on_width} />
                    <NumberField id="size-h" label="Height" value={shape.height() as u64} min={2} max={16} on_value={on_height} />
                </span>
            }
        </>
    }
}

/// Props of a text field parsed as the user types.
struct EditorProps {
    /// Its text and error.
    editor: Editor,
    /// Called with the text on each input.
    on_text: Callback<String>,
}

/// The custom-goal field and its error.
fn goal_editor(props: &EditorProps) -> Html {
    let oninput = props
        .on_text
        .reform(|e: InputEvent| e.target_unchecked_into::<HtmlInputElement>().value());
    let editor = &props.editor;
    html! {
        <>
            <label class="stack">{ "Custom goal (tile numbers, 0 = blank)" }
                <input id="goal-text" type="text" spellcheck="false" autocomplete="off"
                    value={editor.text.clone()} {oninput}
                    aria-invalid={editor.error.is_some().to_string()}
                    aria-describedby="goal-error" />
            </label>
            if let Some(error) = &editor.error {
                <p id="goal-error" class="error" role="alert">{ error }</p>
            }
        </>
    }
}

/// Props of the scramble row.
struct ScrambleProps {
    /// Whether Scramble makes a random walk (else a uniformly random board).
    walk: bool,
    /// Length of a random-walk scramble.
    walk_length: usize,
    /// Called with the chosen way to scramble.
    on_how: Callback<ScrambleHow>,
    /// Called with a new walk length.
    on_walk: Callback<u64>,
}

/// How Scramble works, and the walk's length for a random walk.
fn scramble_row(props: &ScrambleProps) -> Html {
    let on_how = props.on_how.reform(|e: Event| {
        if e.target_unchecked_into::<HtmlSelectElement>().value() == "walk" {
            ScrambleHow::Walk
        } else {
            ScrambleHow::Uniform
        }
    });
    let walk = props.walk;
    html! {
        <div class="row">
            <label>{ "Scramble" }
                <select id="scramble-how" onchange={on_how}>
                    <option value="uniform" selected={!walk}>{ "Uniformly random" }</option>
                    <option value="walk" selected={walk}>{ "Random walk" }</option>
                </select>
            </label>
            if walk {
                <NumberField id="walk-length" label="Moves" value={props.walk_length as u64} min={1} max={500} on_value={props.on_walk.clone()} />
            }
        </div>
    }
}

/// Props of the board editor.
struct BoardEditorProps {
    /// Its text and error.
    editor: Editor,
    /// Called with the text on each input.
    on_text: Callback<String>,
    /// Called when the board is submitted.
    on_apply: Callback<()>,
}

/// The edit-board form: a text area, its error and "Use this board".
fn board_editor(props: &BoardEditorProps) -> Html {
    let oninput = props
        .on_text
        .reform(|e: InputEvent| e.target_unchecked_into::<HtmlTextAreaElement>().value());
    let onsubmit = props.on_apply.reform(|e: SubmitEvent| e.prevent_default());
    let editor = &props.editor;
    html! {
        <form class="editor" {onsubmit}>
            <label class="help" for="board-text">
                { "Type or paste a board: " }<code>{ "6 1 7 3 0 4 5 8 2" }</code>{ ", rows split by / or new lines, or the n-puzzle file format" }
            </label>
            <textarea id="board-text" rows="4" spellcheck="false"
                value={editor.text.clone()} {oninput}
                aria-invalid={editor.error.is_some().to_string()}
                aria-describedby="board-error" />
            if let Some(error) = &editor.error {
                <p id="board-error" class="error" role="alert">{ error }</p>
            }
            <button type="submit" class="primary">{ "Use this board" }</button>
        </form>
    }
}
