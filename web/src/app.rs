//! The root component: the layout. It owns the reducer and wires the effects of
//! [`crate::hooks`] (workers, timer, document listeners, URL) to the parts of
//! [`crate::components`].

use std::rc::Rc;

use puzzle_core::SolveOutcome;
use yew::prelude::*;

use crate::components::board::BoardView;
use crate::components::charts::DepthChart;
use crate::components::coach::Coach;
use crate::components::generator::GeneratorPanel;
use crate::components::playback::PlaybackBar;
use crate::components::race::RacePanel;
use crate::components::result::ResultPanel;
use crate::components::setup::Setup;
use crate::components::solver::SolverPanel;
use crate::download::read_text;
use crate::hooks::document::{use_keyboard, use_paste};
use crate::hooks::live::use_live_count;
use crate::hooks::playback::use_playback_timer;
use crate::hooks::solver::use_solver;
use crate::hooks::url::use_url_sync;
use crate::insight::insight;
use crate::state::{Action, State};

/// The page.
#[function_component(App)]
pub fn app() -> Html {
    let state = use_reducer(initial_state);
    let solver = use_solver(&state);
    use_live_count(&state);
    use_paste(state.dispatcher());
    use_keyboard(state.dispatcher());
    let playing = state.playback.as_ref().is_some_and(|p| p.playing);
    use_playback_timer(playing, state.speed_ms, state.dispatcher());
    use_url_sync(crate::url::to_query(&state));

    // Randomness stays at the edge: the click picks a seed, the reducer makes the board.
    let on_scramble = {
        let dispatcher = state.dispatcher();
        use_memo((), move |_| {
            Callback::from(move |()| {
                let seed = (js_sys::Math::random() * 9_007_199_254_740_992.0) as u64;
                dispatcher.dispatch(Action::ScrambleSeeded(seed));
            })
        })
    };
    let dismiss = {
        let dispatcher = state.dispatcher();
        Callback::from(move |_: MouseEvent| dispatcher.dispatch(Action::DismissNotice))
    };
    let on_dragover = Callback::from(|e: DragEvent| e.prevent_default());
    let on_drop = {
        let dispatcher = state.dispatcher();
        Callback::from(move |e: DragEvent| {
            e.prevent_default();
            let Some(data) = e.data_transfer() else {
                return;
            };
            let dispatcher = dispatcher.clone();
            if let Some(file) = data.files().and_then(|files| files.get(0)) {
                read_text(
                    &file,
                    Callback::from(move |text| dispatcher.dispatch(Action::Import(text))),
                );
            } else if let Ok(text) = data.get_data("text/plain") {
                if !text.trim().is_empty() {
                    dispatcher.dispatch(Action::Import(text));
                }
            }
        })
    };
    // Stable callbacks (made once), so narrow props compare equal between renders.
    let on_click = {
        let dispatcher = state.dispatcher();
        use_memo((), move |_| {
            Callback::from(move |cell| dispatcher.dispatch(Action::ClickCell(cell)))
        })
    };
    let solution = use_memo(state.result.as_ref().map(|r| r.solution.clone()), |s| {
        s.clone().map(Rc::new)
    });
    let moves = use_memo(
        state
            .result
            .as_ref()
            .filter(|f| f.solution.outcome == SolveOutcome::Solved)
            .map(|f| f.solution.moves.clone()),
        |moves| moves.clone().map(Rc::new),
    );
    let known = insight(&state);
    html! {
        <>
        <header class="top">
            <h1>{ "Sliding puzzle" }</h1>
            <p class="lede">{ "Slide the tiles home, or press Solve and watch a search find the shortest way." }</p>
        </header>
        <main class="layout">
            <section class="play" aria-label="puzzle">
                <div class="status" aria-live="polite">
                    <span id="move-count">{ format!("Moves: {}", state.hand_moves) }</span>
                    if state.is_solved() {
                        <span id="solved" class="badge">{ "Solved!" }</span>
                    }
                </div>
                <div id="drop-zone" class="drop-zone" ondragover={on_dragover} ondrop={on_drop}>
                    <BoardView board={state.board.clone()} goal={state.goal_board.clone()} hint={state.hint}
                        overlay={state.overlay} speed_ms={state.speed_ms} on_click={(*on_click).clone()} />
                </div>
                <PlaybackBar state={state.clone()} />
                <Coach state={state.clone()} insight={known} />
                <p class="hint">{ "Click a tile in the blank's row or column, or use the arrow keys / WASD." }</p>
                if let Some(notice) = &state.notice {
                    <p id="notice" class="notice" role="status">
                        <span>{ notice }</span>
                        <button class="link" onclick={dismiss} aria-label="dismiss message">{ "×" }</button>
                    </p>
                }
            </section>
            <div class="side">
                <Setup shape={state.shape()} goal={state.goal.clone()} goal_editor={state.goal_editor.clone()}
                    editor={state.editor.clone()} scramble={state.scramble} walk_length={state.walk_length}
                    dispatcher={state.dispatcher()} on_scramble={(*on_scramble).clone()} />
                <SolverPanel state={state.clone()} on_solve={solver.solve} on_cancel={solver.cancel.clone()} />
                <RacePanel shape={state.shape()} race={state.race.clone()} race_pick={state.race_pick.clone()}
                    can_race={state.can_race()} solving={state.running.is_some()}
                    playing={state.playback.as_ref().map(|p| (p.start.clone(), p.moves.clone()))}
                    dispatcher={state.dispatcher()} on_race={solver.race} on_cancel={solver.cancel} />
                <ResultPanel state={state.clone()} />
                <DepthChart solution={(*solution).clone()} />
                <GeneratorPanel board={state.board.clone()} goal={state.goal.clone()}
                    moves={(*moves).clone()} dispatcher={state.dispatcher()} />
                <crate::components::stepper::StepThrough board={state.board.clone()} goal={state.goal_board.clone()} />
            </div>
        </main>
        </>
    }
}

/// The state the page's URL describes (the default puzzle without one).
fn initial_state() -> State {
    let query = web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default();
    crate::url::from_query(&query).0
}
