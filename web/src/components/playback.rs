//! Playback controls: restart, step back, play or pause, step, speed and a timeline to scrub;
//! above them, the answer being played: its length and its quality in words ("shortest
//! possible", "at most 1.08× the shortest"), so that both sit under the board with it.

use puzzle_core::Solution;
use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::components::select::on_select;
use crate::state::{
    Action, Finished, Playback, PlaybackAction, PrefsAction, SolveAction, State, Watch,
};

/// Speeds offered, as delays between moves in milliseconds.
pub const SPEEDS: [(u32, &str); 4] = [
    (700, "Slow"),
    (350, "Normal"),
    (150, "Fast"),
    (50, "Very fast"),
];

/// Props of the playback bar: only what it shows, so it redraws on a tick or a speed change
/// and not on a progress message.
#[derive(Properties, PartialEq)]
pub struct PlaybackProps {
    /// The solution being played back, if any.
    pub playback: Option<Playback>,
    /// Delay between playback moves.
    pub speed_ms: u32,
    /// The quality of the answer played, in words (see [`playing_quality`]).
    #[prop_or_default]
    pub quality: Option<String>,
    /// A shorter answer than the one playing, proven shortest, found after the playback had
    /// begun: its index among the result's answers and its length (offered in one click).
    #[prop_or_default]
    pub shorter: Option<(usize, usize)>,
    /// Sends actions to the page's reducer.
    pub dispatcher: UseReducerDispatcher<State>,
}

/// While a solve runs and nothing plays: what it has so far, in words, for the line under the
/// board ("Solving… best so far 431 moves, at most 1.85× the shortest", or "Solving…"), so a
/// phone shows the search's progress beside the board and not only a screen further down.
pub fn solving_words(best: Option<&Solution>) -> String {
    match best {
        Some(solution) => format!(
            "Solving… best so far {} moves, {}",
            solution.moves.len(),
            quality_words(solution)
        ),
        None => "Solving…".to_string(),
    }
}

/// While a watched solve plays its answer: where the playback is and that the search goes
/// on for the rest ("Playing move 37 of 113 · looking for a shorter way for the rest").
pub fn watching_words(step: usize, total: usize) -> String {
    if step >= total {
        format!("Played all {total} moves · the search goes on until its budget ends")
    } else {
        format!("Playing move {step} of {total} · looking for a shorter way for the rest")
    }
}

/// The line under the board while a solve runs: what it has so far while no answer plays
/// (see [`solving_words`]), where a watched solve's playback is (see [`watching_words`]).
pub fn solving_line(state: &State) -> Html {
    let Some(running) = state.solve.running() else {
        return Html::default();
    };
    let words = match &state.playback {
        Some(p) if running.watch == Watch::Playing && p.start == running.start => {
            watching_words(p.step, p.moves.len())
        }
        Some(_) => return Html::default(),
        None => solving_words(running.improved.iter().min_by_key(|s| s.moves.len())),
    };
    html! {
        <p id="solving-line" class="solving-line" role="status">{ words }</p>
    }
}

/// The words of a proven shortest answer (the playback bar styles only these as shortest).
pub const SHORTEST_WORDS: &str = "shortest possible";

/// How good an answer is, in words: [`SHORTEST_WORDS`] when it is proven so; "at most 1.08×
/// the shortest" from a lower bound; else "not proven shortest".
pub fn quality_words(solution: &Solution) -> String {
    if solution.is_optimal() {
        SHORTEST_WORDS.to_string()
    } else if let Some(ratio) = solution.ratio_at_most() {
        format!("at most {ratio}× the shortest")
    } else {
        "not proven shortest".to_string()
    }
}

/// The quality in words of the answer being played back, found among the answers of the last
/// solve (finished or running) and the race's (`None`: nothing plays, or it is none of them).
pub fn playing_quality(state: &State) -> Option<String> {
    let playback = state.playback.as_ref()?;
    let from = |start: &puzzle_core::Board| *start == playback.start;
    let result = state.solve.result().into_iter().filter(|f| from(&f.start));
    let running = state.solve.running().into_iter().filter(|r| from(&r.start));
    let race = state.race.iter().filter(|r| from(&r.start));
    // Watched, the shortest answer came after the playback had left it.
    let late = result
        .clone()
        .filter(|f| f.solution.moves == playback.moves)
        .find_map(Finished::shortest)
        .map(|shortest| late_words(playback.moves.len(), shortest));
    late.or_else(|| {
        result
            .flat_map(|f| f.answers())
            .chain(running.flat_map(|r| r.improved.iter()))
            .chain(race.flat_map(|r| r.entries.iter().filter_map(|e| e.solution())))
            .find(|s| s.moves == playback.moves)
            .map(quality_words)
    })
}

/// The quality of a watched answer of `length` moves whose shortest (`shortest` moves) came
/// after the playback had begun: "2 more than the shortest, because playback began before it
/// was found".
pub fn late_words(length: usize, shortest: usize) -> String {
    let more = length.saturating_sub(shortest);
    format!(
        "{more} more than the shortest ({shortest}), because playback began before it was found"
    )
}

/// A button's content: an icon (drawn, not a font's glyph, which not every device has), and
/// its word (which a phone shows to screen readers only).
fn labelled(icon: &'static str, word: &'static str) -> Html {
    let path = match icon {
        "restart" => "M3 3h2v10H3zM13 3v10L6 8z",
        "back" => "M11 3v10L4 8z",
        "play" => "M5 3v10l8-5z",
        "pause" => "M4 3h3v10H4zM9 3h3v10H9z",
        "end" => "M1 3v10l6-5zM7 3v10l6-5zM13 3h2v10h-2z",
        _ => "M3 3v10l7-5zM11 3h2v10h-2z",
    };
    html! {
        <>
            <svg class="icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
                <path d={path} fill="currentColor" />
            </svg>
            <span class="word">{ word }</span>
        </>
    }
}

/// The playback bar (shown while a solution can be played).
#[function_component(PlaybackBar)]
pub fn playback_bar(props: &PlaybackProps) -> Html {
    let state = &props.dispatcher;
    let Some(playback) = &props.playback else {
        return html! {};
    };
    let send = |action: Action| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(action.clone()))
    };
    let on_seek = {
        let state = state.clone();
        Callback::from(move |e: InputEvent| {
            let value = e.target_unchecked_into::<HtmlInputElement>().value();
            if let Ok(step) = value.parse::<usize>() {
                state.dispatch(Action::Playback(PlaybackAction::Seek(step)));
            }
        })
    };
    let on_speed = on_select::<u32>(state, |ms| Action::Prefs(PrefsAction::SetSpeed(ms)));
    let total = playback.moves.len();
    html! {
        <div class="playback" role="group" aria-label="playback">
            <p class="answer-line" id="playing">
                <span id="playing-length" data-length={total.to_string()}>{ format!("{total} moves") }</span>
                if let Some(quality) = &props.quality {
                    { " · " }<span id="playing-quality" class={if quality == SHORTEST_WORDS { "good" } else { "warn" }}>{ quality }</span>
                }
            </p>
            if let Some((index, length)) = props.shorter {
                <button id="play-shortest" class="primary small" onclick={send(Action::Solve(SolveAction::PlayAnswer(index)))}>
                    { format!("Play the {length}-move answer from the start") }
                </button>
            }
            <div class="row buttons">
                <button id="restart" onclick={send(Action::Playback(PlaybackAction::Restart))} disabled={playback.step == 0}
                    title={(playback.step == 0).then_some("Already at the start.")}>{ labelled("restart", "Restart") }</button>
                <button id="step-back" onclick={send(Action::Playback(PlaybackAction::StepBack))} disabled={playback.step == 0}
                    title={(playback.step == 0).then_some("Already at the start.")} aria-label="Step back">{ labelled("back", "Back") }</button>
                if playback.playing {
                    <button id="pause" class="primary" onclick={send(Action::Playback(PlaybackAction::Pause))}>{ labelled("pause", "Pause") }</button>
                } else {
                    <button id="play" class="primary" onclick={send(Action::Playback(PlaybackAction::Play))}>{ labelled("play", "Play") }</button>
                }
                <button id="step" onclick={send(Action::Playback(PlaybackAction::StepForward))} disabled={playback.at_end()}
                    title={playback.at_end().then_some("Already at the last move.")}>{ labelled("step", "Step") }</button>
                <button id="skip-end" onclick={send(Action::Playback(PlaybackAction::SkipToEnd))} disabled={playback.at_end()}
                    title={if playback.at_end() { "Already at the last move." } else { "Skip to the end: show the goal reached" }}
                    aria-label="To the end">{ labelled("end", "End") }</button>
            </div>
            <div class="row timeline-row">
                <label class="timeline">
                    <span id="step-count" data-step={playback.step.to_string()} data-total={total.to_string()}>
                        <span class="word">{ "Step " }</span>{ format!("{} / {}", playback.step, total) }
                    </span>
                    <input id="timeline" type="range" min="0" max={total.to_string()}
                        value={playback.step.to_string()} oninput={on_seek} aria-label="timeline" />
                </label>
                <label class="speed">{ "Speed" }
                    <select id="speed" onchange={on_speed}>
                        { for SPEEDS.into_iter().map(|(ms, label)| html! {
                            <option value={ms.to_string()} selected={ms == props.speed_ms}>{ label }</option>
                        }) }
                    </select>
                </label>
            </div>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::{reduce, Action, PuzzleAction, SolveAction};
    use puzzle_core::search::Limits;

    #[test]
    fn the_answer_played_is_named_by_its_quality() {
        let state = State::default();
        let start: puzzle_core::Board = "8 1 3 4 0 2 7 6 5".parse().unwrap();
        let state = reduce(
            &state,
            Action::Puzzle(PuzzleAction::Scramble(start.clone())),
        )
        .unwrap();
        assert_eq!(playing_quality(&state), None, "nothing plays");
        let state = reduce(&state, Action::Solve(SolveAction::Started(1))).unwrap();
        let config = puzzle_core::SolverConfig::best_for(start.shape());
        let mut solution = puzzle_core::solve(
            &start,
            &state.puzzle.goal_board,
            &config,
            &mut Limits::default(),
        )
        .unwrap();
        assert!(solution.is_optimal());
        let played = reduce(
            &state,
            Action::Solve(SolveAction::Solved(1, Box::new(solution.clone()))),
        )
        .unwrap();
        assert!(played.playback.is_some());
        assert_eq!(
            playing_quality(&played).as_deref(),
            Some("shortest possible")
        );
        solution.stats.optimal = false;
        solution.lower_bound = Some(solution.moves.len() as u32 - 2);
        let near = reduce(
            &state,
            Action::Solve(SolveAction::Solved(1, Box::new(solution.clone()))),
        )
        .unwrap();
        let ratio =
            puzzle_core::RatioAtMost::new(solution.moves.len(), solution.moves.len() as u32 - 2);
        assert_eq!(
            playing_quality(&near),
            Some(format!("at most {ratio}× the shortest"))
        );
        solution.lower_bound = None;
        assert_eq!(quality_words(&solution), "not proven shortest");
    }

    /// While a solve runs the line names its best answer so far with its quality, and
    /// without one it says only that the search runs.
    #[test]
    fn the_solving_line_names_the_best_answer_so_far() {
        assert_eq!(solving_words(None), "Solving…");
        let start: puzzle_core::Board = "8 1 3 4 0 2 7 6 5".parse().unwrap();
        let goal: puzzle_core::Board = "1 2 3 4 5 6 7 8 0".parse().unwrap();
        let config = puzzle_core::SolverConfig::best_for(start.shape());
        let mut solution =
            puzzle_core::solve(&start, &goal, &config, &mut Limits::default()).unwrap();
        let length = solution.moves.len();
        solution.stats.optimal = false;
        solution.lower_bound = Some(length as u32 / 2);
        assert_eq!(
            solving_words(Some(&solution)),
            format!("Solving… best so far {length} moves, at most 2.00× the shortest")
        );
    }
}
