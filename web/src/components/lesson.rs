//! "Solve it yourself": the lesson's bar over the board ([`LessonBar`]: the phase announced,
//! Back and Next phase, Your turn, the method's hint, the end's comparison) and its panel in
//! Play & solve ([`LessonPanel`]: Show me how, and Review my game with its chart).

use puzzle_core::Board;
use yew::prelude::*;

use crate::components::review::ReviewView;
use crate::format::plural;
use crate::hooks::lesson::{Asked, LessonWorkers};
use crate::protocol::lesson::Game;
use crate::state::{Action, Lesson, LessonAction, Play, State};

/// Props of the bar over the board.
#[derive(Properties, PartialEq)]
pub struct LessonBarProps {
    /// The lesson going on.
    pub lesson: Lesson,
    /// The playback step and whether it plays, while the method plays.
    pub playback: Option<(usize, bool)>,
    /// The person's game (their moves in their turn, the fewest from its start).
    pub play: Play,
    /// The board on screen and its goal.
    pub board: Board,
    /// The goal.
    pub goal: Board,
    /// What the method's worker is doing.
    pub asked: Asked,
    /// Asks the method's phases or next move.
    pub show_me_how: Callback<(Board, Board)>,
    /// Asks the method's next move.
    pub hint: Callback<(Board, Board)>,
    /// Sends the lesson's actions.
    pub dispatcher: UseReducerDispatcher<State>,
}

/// The lesson's bar: "Step 3 of 11: Row 1: tiles 3 and 4, the corner trick" and its buttons.
#[function_component(LessonBar)]
pub fn lesson_bar(props: &LessonBarProps) -> Html {
    let lesson = &props.lesson;
    let send = |action: LessonAction| {
        let dispatcher = props.dispatcher.clone();
        Callback::from(move |_: MouseEvent| dispatcher.dispatch(Action::Lesson(action.clone())))
    };
    let ask = |callback: &Callback<(Board, Board)>| {
        let (callback, board, goal) = (callback.clone(), props.board.clone(), props.goal.clone());
        Callback::from(move |_: MouseEvent| callback.emit((board.clone(), goal.clone())))
    };
    let count = lesson.phases.len();
    let shown = lesson.shown();
    let name = |i: usize| {
        lesson
            .phases
            .get(i)
            .map_or("", |p| p.name.as_str())
            .to_string()
    };
    let close = html! {
        <button class="link lesson-close" onclick={send(LessonAction::Close)} aria-label="end the lesson">{ "×" }</button>
    };
    let body = match (&lesson.turn, props.playback) {
        (Some(turn), _) if turn.phase >= count => {
            html! { <p id="lesson-phase" class="lesson-line" data-done="true">{ end_words(props) }</p> }
        }
        (Some(turn), _) => {
            let home =
                (turn.phase > turn.first).then(|| format!("{} home. ", name(turn.phase - 1)));
            let busy = props.asked == Asked::Hint;
            html! {
                <>
                <p id="lesson-phase" class="lesson-line" data-phase={shown.to_string()} data-turn="true">
                    <strong>{ format!("Your turn, step {} of {count}: ", shown + 1) }</strong>{ name(shown) }
                    if let Some(home) = home { <span class="lesson-home">{ format!(" ({})", home.trim_end()) }</span> }
                </p>
                <div class="row lesson-buttons">
                    <button id="lesson-hint" onclick={ask(&props.hint)} disabled={busy}
                        title="The next move of the method from here">{ if busy { "Finding…" } else { "Method's hint" } }</button>
                    <button id="lesson-watch" onclick={ask(&props.show_me_how)}>{ "Show me how from here" }</button>
                </div>
                </>
            }
        }
        (None, playback) => {
            let step = playback.map_or(0, |(step, _)| step);
            let done = step >= lesson.end_of(shown);
            let playing = playback.is_some_and(|(_, playing)| playing);
            html! {
                <>
                <p id="lesson-phase" class="lesson-line" data-phase={shown.to_string()} data-done={done.to_string()}>
                    <strong>{ format!("Step {} of {count}: ", shown + 1) }</strong>{ name(shown) }
                    if done { <span class="lesson-home">{ " ✓ home" }</span> }
                </p>
                <div class="row lesson-buttons">
                    <button id="lesson-back" onclick={send(LessonAction::Back)} disabled={step == 0 && !playing}>{ "◀ Back" }</button>
                    <button id="lesson-next" onclick={send(LessonAction::Next)}
                        disabled={done && step >= lesson.moves().len()}>{ "Next phase ▶" }</button>
                    <button id="lesson-turn" onclick={send(LessonAction::YourTurn)}>{ "Your turn" }</button>
                </div>
                </>
            }
        }
    };
    let failed = match &props.asked {
        Asked::Failed(why) => Some(why.clone()),
        _ => None,
    };
    html! {
        <div id="lesson-bar" class="lesson-bar" role="region" aria-label="the method, phase by phase" aria-live="polite">
            <div class="lesson-main">{ body }</div>
            { close }
            if let Some(why) = failed { <p class="error">{ why }</p> }
        </div>
    }
}

/// The end of the person's turn: their moves against the method's and the shortest.
fn end_words(props: &LessonBarProps) -> String {
    let turn = props.lesson.turn.as_ref().expect("the person's turn");
    let play = &props.play;
    let shortest = match play.shortest {
        Some(moves) => format!("the shortest is {}", plural(moves as usize, "move")),
        None => format!(
            "the shortest is at least {}",
            plural(play.bound as usize, "move")
        ),
    };
    format!(
        "Every tile is home. You took {} from where you took over; the method took {}; {shortest}.",
        plural(play.moves(), "move"),
        plural(turn.method_moves, "move"),
    )
}

/// Props of the panel in Play & solve.
#[derive(Properties, PartialEq)]
pub struct LessonPanelProps {
    /// The board on screen.
    pub board: Board,
    /// Its goal.
    pub goal: Board,
    /// Whether the board can reach the goal.
    pub solvable: bool,
    /// Why the method cannot start now (a solve or race runs), if so.
    pub busy: Option<AttrValue>,
    /// The person's game on the board.
    pub play: Play,
    /// The lesson's workers.
    pub workers: LessonWorkers,
    /// The page (the review's link is the page's own with the game).
    pub state_link: Callback<Game, String>,
    /// Sends actions (a point of the chart sets the board).
    pub dispatcher: UseReducerDispatcher<State>,
    /// Solves the board on screen (the shortest from a point of the chart).
    pub solve: Callback<()>,
}

/// "Solve it yourself": Show me how, and Review my game.
#[function_component(LessonPanel)]
pub fn lesson_panel(props: &LessonPanelProps) -> Html {
    let solved = props.board == props.goal;
    let why_not = if solved {
        Some("The board is solved: scramble it first.".to_string())
    } else if !props.solvable {
        Some("This board cannot reach the goal: press Fix first.".to_string())
    } else {
        props.busy.as_ref().map(|b| b.to_string())
    };
    let asking = props.workers.asked == Asked::Phases;
    let on_show = {
        let (show, board, goal) = (
            props.workers.show_me_how.clone(),
            props.board.clone(),
            props.goal.clone(),
        );
        Callback::from(move |_: MouseEvent| show.emit((board.clone(), goal.clone())))
    };
    let game = Game {
        start: props.play.start.clone(),
        goal: props.play.goal.clone(),
        moves: props.play.done.iter().flatten().copied().collect(),
    };
    let on_review = {
        let (review, game) = (props.workers.review_game.clone(), game.clone());
        Callback::from(move |_: MouseEvent| review.emit(game.clone()))
    };
    html! {
        <section class="panel lesson-panel" aria-labelledby="lesson-title">
            <h2 id="lesson-title">{ "Solve it yourself" }</h2>
            <p class="muted">{ "The method people are taught: the first row home, then the first column, and so on, \
                the last two tiles of each line together (the corner trick), until a small rectangle is left." }</p>
            <div class="row">
                <button id="show-me-how" onclick={on_show} disabled={why_not.is_some() || asking}
                    title={why_not.clone().unwrap_or_default()}>{ if asking { "Working it out…" } else { "Show me how" } }</button>
                <button id="review-game" onclick={on_review} disabled={game.moves.is_empty()}
                    title={if game.moves.is_empty() { "Play some moves by hand first." } else { "A chart of how far from the goal each of your moves left you" }}>
                    { format!("Review my game ({})", plural(game.moves.len(), "move")) }</button>
            </div>
            if let Some(why) = why_not.filter(|_| !solved) { <p class="why">{ why }</p> }
            <ReviewView status={props.workers.review.clone()} link={props.state_link.clone()}
                dispatcher={props.dispatcher.clone()} solve={props.solve.clone()} board={props.board.clone()} />
        </section>
    }
}
