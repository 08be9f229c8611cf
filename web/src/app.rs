//! The root component: the layout. It owns the reducer and wires the effects of
//! [`crate::hooks`] (workers, timer, document listeners, URL) to the parts of
//! [`crate::components`].

use yew::prelude::*;

use crate::components::board::BoardView;
use crate::components::charts::DepthChart;
use crate::components::coach::Coach;
use crate::components::generator::GeneratorPanel;
use crate::components::picture::PicturePicker;
use crate::components::play::{PlayResult, PlayStatus, UndoRedo};
use crate::components::playback::PlaybackBar;
use crate::components::race::RacePanel;
use crate::components::result::ResultPanel;
use crate::components::setup::Setup;
use crate::components::solver::SolverPanel;
use crate::components::stepper::StepThrough;
use crate::hooks::board_input::use_board_input;
use crate::hooks::document::{use_keyboard, use_paste};
use crate::hooks::drop::use_drop_import;
use crate::hooks::live::use_live_count;
use crate::hooks::picture::use_picture;
use crate::hooks::play::use_shortest;
use crate::hooks::playback::use_playback_timer;
use crate::hooks::result_views::use_result_views;
use crate::hooks::reveal::use_reveal_board;
use crate::hooks::scramble::use_scramble;
use crate::hooks::solver::use_solver;
use crate::hooks::url::{state_from_address, use_url_sync};
use crate::insight::insight;
use crate::state::Solving;

/// The page.
#[function_component(App)]
pub fn app() -> Html {
    let state = use_reducer(state_from_address);
    let solver = use_solver(&state);
    use_live_count(&state);
    use_shortest(&state);
    use_effect_with((), |_| remove_loading_text());
    use_paste(state.dispatcher());
    use_keyboard(state.dispatcher());
    let playing = state.playback.as_ref().is_some_and(|p| p.playing);
    use_playback_timer(playing, state.prefs.speed_ms, state.dispatcher());
    use_url_sync(crate::url::to_query(&state));
    let picture = use_picture();

    let on_scramble = use_scramble(state.dispatcher());
    let drop = use_drop_import(state.dispatcher(), picture.set_file.clone());
    let input = use_board_input(state.dispatcher());
    let (solution, moves) = use_result_views(state.solving.result.as_ref());
    let known = insight(&state);
    let (answers, playing_answer) = state.answers();
    use_reveal_board(
        state
            .playback
            .as_ref()
            .map(|p| (p.start.clone(), p.moves.clone())),
    );
    html! {
        <>
        <header class="top">
            <h1>{ "Sliding puzzle" }</h1>
            <p class="lede">{ "Slide the tiles home, or press Solve and watch a search find the shortest way." }</p>
        </header>
        <main class="layout">
            <section class="play" aria-label="puzzle">
                <PlayStatus play={state.play.clone()} playback={state.playback.as_ref().map(|p| (p.step, p.moves.len()))}
                    solved={state.is_solved()} slide_ms={crate::components::board::slide_ms(state.prefs.speed_ms)}
                    invite={state.invites()} />
                <div id="drop-zone" class="drop-zone" ondragover={drop.on_dragover} ondrop={drop.on_drop}>
                    <BoardView board={state.puzzle.board.clone()} goal={state.puzzle.goal_board.clone()} hint={state.help.hint}
                        overlay={state.help.overlay} speed_ms={state.prefs.speed_ms} on_click={input.on_click.clone()}
                        progress={state.playback.as_ref().map(|p| (p.step, p.moves.len()))}
                        picture={picture.url.clone()} numbers={picture.numbers} on_swipe={input.on_swipe.clone()} />
                </div>
                <UndoRedo play={state.play.clone()} on_undo={input.undo.clone()} on_redo={input.redo.clone()} />
                <PlayResult play={state.play.clone()} />
                <PicturePicker picture={picture.clone()} />
                <PlaybackBar playback={state.playback.clone()} speed_ms={state.prefs.speed_ms} dispatcher={state.dispatcher()} />
                <Coach board={state.puzzle.board.clone()} goal={state.puzzle.goal_board.clone()} overlay={state.help.overlay}
                    live_on={state.help.live_on} playing={state.playback.is_some()} insight={known} dispatcher={state.dispatcher()} />
                <p class="hint">{ "Click a tile in the blank's row or column, or use the arrow keys / WASD." }</p>
                if let Some(notice) = &state.notice {
                    <p id="notice" class="notice" role="status">
                        <span>{ notice }</span>
                        <button class="link" onclick={input.dismiss.clone()} aria-label="dismiss message">{ "×" }</button>
                    </p>
                }
            </section>
            <div class="side">
                <Setup shape={state.shape()} goal={state.puzzle.goal.clone()} goal_editor={state.editors.goal.clone()}
                    editor={state.editors.board.clone()} scramble={state.prefs.scramble} walk_length={state.prefs.walk_length}
                    dispatcher={state.dispatcher()} on_scramble={on_scramble} />
                <SolverPanel shape={state.shape()} verdict={state.solvability()} prefs={state.prefs.clone()}
                    solving={Solving { result: None, ..state.solving.clone() }} can_solve={state.can_solve()}
                    solve_why={state.solve_blocked().map(AttrValue::Static)} answers={answers.clone()} playing_answer={playing_answer}
                    dispatcher={state.dispatcher()} on_solve={solver.solve} on_cancel={solver.cancel.clone()} />
                <RacePanel shape={state.shape()} race={state.race.clone()} race_pick={state.prefs.race_pick.clone()}
                    can_race={state.can_race()} solving={state.solving.running.is_some()}
                    race_why={state.race_blocked().map(AttrValue::Static)} play_why={state.race_play_blocked().map(AttrValue::Static)}
                    playing={state.playback.as_ref().map(|p| (p.start.clone(), p.moves.clone()))}
                    dispatcher={state.dispatcher()} on_race={solver.race} on_cancel={solver.cancel} />
                <ResultPanel result={state.solving.result.clone()} engine={state.solving.engine.finished.clone()}
                    step={state.result_step()} depth_limit={state.prefs.depth_limit} answers={answers} playing_answer={playing_answer}
                    dispatcher={state.dispatcher()} />
                <DepthChart {solution} />
                <GeneratorPanel board={state.puzzle.board.clone()} goal={state.puzzle.goal.clone()}
                    {moves} dispatcher={state.dispatcher()} />
                <StepThrough board={state.puzzle.board.clone()} goal={state.puzzle.goal_board.clone()} />
            </div>
        </main>
        </>
    }
}

/// Removes the loading text of index.html, shown until the app first draws.
fn remove_loading_text() {
    if let Some(loading) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("loading"))
    {
        loading.remove();
    }
}
