//! The first screen's controls, above the board: Size, Scramble, Solve (Cancel in its place
//! while a solve runs, the focus following: `keep_focus`; the page's one Solve button) and
//! "More options", which opens the board's other settings (goal, kind of scramble,
//! the board editor) in place, under the row.

use puzzle_core::Shape;
use yew::prelude::*;

use crate::components::setup::{Setup, SizePicker};
use crate::state::{Action, PuzzleAction, State, View};

/// Props of the toolbar.
#[derive(Properties, PartialEq)]
pub struct ToolbarProps {
    /// The board size.
    pub shape: Shape,
    /// Called with a new size.
    pub on_shape: Callback<Shape>,
    /// Makes a new random board.
    pub on_scramble: Callback<()>,
    /// Whether a solve runs (Cancel then stands in Solve's place).
    pub running: bool,
    /// Why Solve cannot be pressed, if it cannot.
    #[prop_or_default]
    pub solve_why: Option<AttrValue>,
    /// The chosen method, for Solve's tooltip.
    pub method: AttrValue,
    /// Starts a solve.
    pub on_solve: Callback<()>,
    /// Stops the solve.
    pub on_cancel: Callback<()>,
    /// Whether the options must show (one of their editors is open).
    pub options_needed: bool,
    /// The options' panel.
    pub children: Html,
}

/// The toolbar, with the options' panel under it when opened.
#[function_component(Toolbar)]
pub fn toolbar(props: &ToolbarProps) -> Html {
    let open = use_state(|| false);
    let shown = *open || props.options_needed;
    let on_more = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(!shown))
    };
    let solve_ref = use_node_ref();
    let cancel_ref = use_node_ref();
    let cancel_pressed = use_mut_ref(|| false);
    {
        // Only a solve starting or ending moves the focus, never the first drawing.
        let (solve_ref, cancel_ref) = (solve_ref.clone(), cancel_ref.clone());
        let cancel_pressed = cancel_pressed.clone();
        let drawn = use_mut_ref(|| false);
        use_effect_with(props.running, move |&running| {
            let cancelled = std::mem::take(&mut *cancel_pressed.borrow_mut());
            if std::mem::replace(&mut *drawn.borrow_mut(), true) {
                keep_focus(running, cancelled, &solve_ref, &cancel_ref);
            }
        });
    }
    let solve = if props.running {
        let on_cancel = props.on_cancel.clone();
        let onclick = Callback::from(move |_: MouseEvent| {
            *cancel_pressed.borrow_mut() = true;
            on_cancel.emit(());
        });
        html! {
            <button id="cancel" class="danger" ref={cancel_ref} {onclick} title="Stop the search and the moves">{ "Cancel" }</button>
        }
    } else {
        let onclick = props.on_solve.reform(|_: MouseEvent| ());
        let title = props
            .solve_why
            .clone()
            .unwrap_or_else(|| format!("Solve with {}", props.method).into());
        html! {
            <button id="solve" class="primary" ref={solve_ref} {onclick} disabled={props.solve_why.is_some()}
                aria-describedby={props.solve_why.is_some().then_some("solve-why")} {title}>{ "Solve" }</button>
        }
    };
    html! {
        <>
            <div class="toolbar" role="group" aria-label="board and solve">
                <SizePicker shape={props.shape} on_shape={props.on_shape.clone()} />
                <button id="scramble" onclick={props.on_scramble.reform(|_: MouseEvent| ())}
                    title="A new random board of this size">{ "Scramble" }</button>
                { solve }
                <button id="more" class="more" onclick={on_more} aria-expanded={shown.to_string()}
                    aria-controls="more-options">
                    { if shown { "Fewer" } else { "More" } }<span class="options-word">{ " options" }</span>
                </button>
            </div>
            <div id="more-options" class="more-options" hidden={!shown}>
                { props.children.clone() }
            </div>
        </>
    }
}

/// The toolbar over the board, with the board's other options under "More options". Solve
/// opens "Play & solve", where the solve's progress and result show.
pub fn for_page(
    state: &UseReducerHandle<State>,
    solver: &crate::hooks::solve::Solver,
    on_scramble: Callback<()>,
) -> Html {
    let on_solve = {
        let (solve, dispatcher) = (solver.solve.clone(), state.dispatcher());
        Callback::from(move |()| {
            dispatcher.dispatch(Action::ShowView(View::Play));
            solve.emit(());
        })
    };
    let on_shape = {
        let dispatcher = state.dispatcher();
        Callback::from(move |shape| {
            let seed = crate::hooks::scramble::random_seed();
            dispatcher.dispatch(Action::Puzzle(PuzzleAction::SetShape(shape, seed)))
        })
    };
    let (editors, prefs) = (&state.editors, &state.prefs);
    html! {
        <Toolbar shape={state.shape()} {on_shape} {on_scramble}
            running={state.solve.running().is_some()} solve_why={state.solve_blocked().map(AttrValue::Static)}
            method={state.effective_method().label()} {on_solve} on_cancel={solver.cancel.clone()}
            options_needed={editors.board.open || editors.goal.open}>
            <Setup shape={state.shape()} goal={state.puzzle.goal.clone()} goal_editor={editors.goal.clone()}
                editor={editors.board.clone()} scramble={prefs.scramble} walk_length={prefs.walk_length}
                dispatcher={state.dispatcher()} goal_board={state.puzzle.goal_board.clone()} />
        </Toolbar>
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
