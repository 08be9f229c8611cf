//! The root component: the layout. It owns the reducer and wires the effects of
//! [`crate::hooks`] (workers, timer, document listeners, URL) to the parts of
//! [`crate::components`].

use yew::prelude::*;

use crate::coach::known;
use crate::components::board::BoardView;
use crate::components::charts::DepthChart;
use crate::components::coach::CoachPanel;
use crate::components::generator::GeneratorPanel;
use crate::components::how_to::HowToPlay;
use crate::components::picture::PicturePicker;
use crate::components::play::{PlayResult, PlayStatus, UndoRedo};
use crate::components::playback::{playing_quality, solving_line, PlaybackBar};
use crate::components::race::RacePanel;
use crate::components::result::ResultPanel;
use crate::components::solve::SolvePanel;
use crate::components::step_through::StepThrough;
use crate::components::tabs::{ViewPanel, ViewTabs};
use crate::hooks::board_input::use_board_input;
use crate::hooks::coach::use_exact_count;
use crate::hooks::document::{use_keyboard, use_paste};
use crate::hooks::drop::use_drop_import;
use crate::hooks::picture::use_picture;
use crate::hooks::play::use_shortest;
use crate::hooks::playback::use_playback_timer;
use crate::hooks::result_views::use_result_views;
use crate::hooks::reveal::use_reveal_board;
use crate::hooks::scramble::use_scramble;
use crate::hooks::solve::use_solve;
use crate::hooks::url::{state_from_address, use_url_sync};
use crate::state::{State, View};

/// The page: the board with its answer, and the views as tabs.
///
/// The board column (Size, Scramble, Solve and More options over the board; status, board,
/// the playback bar with the answer's length and quality; Undo and Redo) is always there; the views sit
/// beside it on a desktop and under it on a phone: "Play & solve" (the method, the result),
/// "Race", "Experiment" (search costs by depth), "Make & share" (generate, import, export) and "Step through", which takes the
/// page's width (the board then sits small at its side).
#[function_component(App)]
pub fn app() -> Html {
    let state = use_reducer(state_from_address);
    let solver = use_solve(&state);
    let experiment = crate::hooks::experiment::use_experiment(&state);
    let lab = crate::hooks::lab::use_lab();
    let lesson = crate::hooks::lesson::use_lesson(&state);
    use_exact_count(&state);
    use_shortest(&state);
    use_paste(state.dispatcher());
    use_keyboard(state.dispatcher());
    let playing = state.playback.as_ref().is_some_and(|p| p.playing);
    use_playback_timer(playing, state.pace().tick_ms, state.dispatcher());
    use_url_sync(crate::url::to_query(&state), state.view, state.dispatcher());
    let picture = use_picture();
    let on_scramble = use_scramble(state.dispatcher());
    crate::hooks::first_screen::use_first_screen(
        state.dispatcher(),
        solver.solve.clone(),
        on_scramble.clone(),
    );
    let drop = use_drop_import(state.dispatcher(), picture.set_file.clone());
    let input = use_board_input(state.dispatcher());
    let (solution, moves) = use_result_views(state.solve.result());
    use_reveal_board(
        state
            .playback
            .as_ref()
            .map(|p| (p.start.clone(), p.moves.clone())),
    );
    let parts = Parts {
        state: &state,
        solver: &solver,
        picture: &picture,
        input: &input,
        drop: &drop,
        on_scramble,
        copy_link: crate::hooks::copy_link::use_copy_link(),
        lesson: &lesson,
    };
    let view = state.view;
    let how_to = use_state(|| false);
    html! {
        <>
        { crate::components::header::header(&how_to) }
        <main class={classes!("layout", format!("in-{}", view.name()), view.is_wide().then_some("wide"))}>
            { board_column(&parts) }
            <div class="views">
                <HowToPlay asked={*how_to} on_close={Callback::from(move |()| how_to.set(false))} />
                <ViewTabs {view} dispatcher={state.dispatcher()} />
                { play_view(&parts, solution) }
                <ViewPanel view={View::Race} current={view}>
                    { race_view(&parts) }
                </ViewPanel>
                <ViewPanel view={View::Experiment} current={view}>
                    <crate::components::experiment::ExperimentPanel shape={state.shape()} goal_board={state.puzzle.goal_board.clone()}
                        goal={state.puzzle.goal.clone()} run={state.experiment.clone()} handle={experiment}
                        dispatcher={state.dispatcher()} lab_formula={state.prefs.lab_formula.clone()} />
                    <crate::components::lab::LabPanel goal_board={state.puzzle.goal_board.clone()}
                        goal={state.puzzle.goal.clone()} {lab} dispatcher={state.dispatcher()}
                        handed={state.prefs.lab_formula.clone()} />
                </ViewPanel>
                <ViewPanel view={View::Share} current={view}>
                    <GeneratorPanel board={state.puzzle.board.clone()} goal={state.puzzle.goal.clone()}
                        scramble={state.prefs.scramble} walk_length={state.prefs.walk_length}
                        {moves} dispatcher={state.dispatcher()} />
                    <p class="row">
                        <crate::components::copy_link::CopyLinkButton link={parts.copy_link.clone()} prefix="share-" />
                    </p>
                </ViewPanel>
                <ViewPanel view={View::Step} current={view}>
                    <StepThrough board={state.puzzle.board.clone()} goal={state.puzzle.goal_board.clone()} shown={view == View::Step}
                        formula={state.prefs.lab_formula.clone()} />
                </ViewPanel>
            </div>
        </main>
        </>
    }
}

/// What the parts of the page are drawn from: the state and the hooks' callbacks.
struct Parts<'a> {
    state: &'a UseReducerHandle<State>,
    solver: &'a crate::hooks::solve::Solver,
    picture: &'a crate::hooks::picture::Picture,
    input: &'a crate::hooks::board_input::BoardInput,
    drop: &'a crate::hooks::drop::DropHandlers,
    on_scramble: Callback<()>,
    copy_link: crate::hooks::copy_link::CopyLink,
    lesson: &'a crate::hooks::lesson::LessonWorkers,
}

/// The board column: the toolbar (Size, Scramble, Solve, More options) over the board and,
/// the page's message over the board and, directly under it, the answer playing (length,
/// quality, playback controls); then Undo, Redo, the picture and Copy link, and the coach.
fn board_column(parts: &Parts) -> Html {
    let (state, input, picture) = (parts.state, parts.input, parts.picture);
    let progress = state.playback.as_ref().map(|p| (p.step, p.moves.len()));
    let slide_ms = state.pace().slide_ms();
    html! {
        <section class="play" aria-label="puzzle">
            { crate::components::toolbar::for_page(parts.state, parts.solver, parts.on_scramble.clone()) }
            <div id="stage" class="stage">
                // The page's messages sit right under Solve (Cancel) and over the board, so they
                // are in view wherever the board is (it is brought into view when it changes).
                if let Some(notice) = &state.notice {
                    <p id="notice" class="notice" role="status">
                        <span>{ notice }</span>
                        <button class="link" onclick={input.dismiss.clone()} aria-label="dismiss message">{ "×" }</button>
                    </p>
                }
                if let Some(lesson) = &state.lesson {
                    <crate::components::lesson::LessonBar lesson={lesson.clone()}
                        playback={state.playback.as_ref().map(|p| (p.step, p.playing))} play={state.play.clone()}
                        board={state.puzzle.board.clone()} goal={state.puzzle.goal_board.clone()}
                        asked={parts.lesson.asked.clone()} show_me_how={parts.lesson.show_me_how.clone()}
                        hint={parts.lesson.hint.clone()} dispatcher={state.dispatcher()} />
                }
                <PlayStatus play={state.play.clone()} playback={progress} solved={state.is_solved()}
                    {slide_ms} invite={state.invites()} />
                <div id="drop-zone" class="drop-zone" ondragover={parts.drop.on_dragover.clone()} ondrop={parts.drop.on_drop.clone()}>
                    <BoardView board={state.puzzle.board.clone()} goal={state.puzzle.goal_board.clone()} hint={state.coach.hint}
                        overlay={state.coach.overlay} {slide_ms} on_click={input.on_click.clone()}
                        {progress} picture={picture.url.clone()} numbers={picture.numbers} on_swipe={input.on_swipe.clone()}
                        targets={state.lesson.as_ref().map(crate::state::Lesson::targets).unwrap_or_default()} />
                </div>
            </div>
            <PlaybackBar playback={state.playback.clone()} speed_ms={state.prefs.speed_ms}
                shorter={state.solve.result().and_then(crate::state::Finished::shorter_to_play)}
                quality={playing_quality(state)} dispatcher={state.dispatcher()} />
            { solving_line(state) }
            <div class="board-actions">
                <UndoRedo play={state.play.clone()} on_undo={input.undo.clone()} on_redo={input.redo.clone()} />
                <PicturePicker picture={picture.clone()} />
                <crate::components::copy_link::CopyLinkButton link={parts.copy_link.clone()} />
            </div>
            <PlayResult play={state.play.clone()} />
            <CoachPanel board={state.puzzle.board.clone()} goal={state.puzzle.goal_board.clone()} overlay={state.coach.overlay}
                count_on={state.coach.count_on} playing={state.playback.is_some()} known={known(state)} dispatcher={state.dispatcher()} />
            <p class="hint">
                <span class="for-mouse">{ "Click a tile in the blank's row or column, or use the arrow keys." }</span>
                <span class="for-touch">{ "Tap a tile in the blank's row or column, or swipe on the board." }</span>
            </p>
        </section>
    }
}

/// "Play & solve": the method and Solve, the result and its chart.
fn play_view(parts: &Parts, solution: Option<std::rc::Rc<puzzle_core::Solution>>) -> Html {
    let (state, solver) = (parts.state, parts.solver);
    let (answers, playing_answer) = state.answers();
    html! {
        <ViewPanel view={View::Play} current={state.view}>
            <SolvePanel shape={state.shape()} verdict={state.solvability()} prefs={state.prefs.clone()}
                running={state.solve.running().cloned()}
                solve_why={state.solve_blocked().map(AttrValue::Static)} answers={answers.clone()} playing_answer={playing_answer}
                dispatcher={state.dispatcher()} view={state.view} />
            <ResultPanel result={state.solve.result().cloned()}
                step={state.result_step()} depth_limit={state.prefs.depth_limit} answers={answers} playing_answer={playing_answer}
                found={solver.found_after(state)}
                dispatcher={state.dispatcher()} />
            <DepthChart {solution} />
            { lesson_panel(parts) }
        </ViewPanel>
    }
}

/// "Race": every method on the board on screen (a row plays on the board beside it).
fn race_view(parts: &Parts) -> Html {
    let (state, solver) = (parts.state, parts.solver);
    html! {
        <RacePanel shape={state.shape()} race={state.race.clone()} race_pick={state.prefs.race_pick.clone()}
            lab_formula={state.prefs.lab_formula.clone()}
            can_race={state.can_race()} solving={state.solve.running().is_some()}
            race_why={state.race_blocked().map(AttrValue::Static)} play_why={state.race_play_blocked().map(AttrValue::Static)}
            playing={state.playback.as_ref().map(|p| (p.start.clone(), p.moves.clone()))}
            dispatcher={state.dispatcher()} on_race={solver.race.clone()} on_cancel={solver.cancel.clone()} />
    }
}

/// "Solve it yourself" in Play & solve: Show me how, and Review my game.
fn lesson_panel(parts: &Parts) -> Html {
    let state = parts.state;
    // The handle, not a copy of the whole state on every render.
    let link = {
        let state = state.clone();
        Callback::from(move |game: crate::protocol::lesson::Game| {
            crate::url::game_query(&state, &game)
        })
    };
    html! {
        <crate::components::lesson::LessonPanel board={state.puzzle.board.clone()} goal={state.puzzle.goal_board.clone()}
            solvable={state.solvability().solvable}
            busy={(state.solve.running().is_some() || state.race_running()).then_some(AttrValue::Static("A solve or race is running: wait for it, or cancel it."))}
            play={state.play.clone()} workers={parts.lesson.clone()} state_link={link}
            dispatcher={state.dispatcher()} solve={parts.solver.solve.clone()} />
    }
}
