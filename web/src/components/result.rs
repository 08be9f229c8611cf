//! The answer: length, optimality, the search's counters, why it stopped, and the move list
//! with the current playback step highlighted.

use puzzle_core::SolveOutcome;
use yew::prelude::*;

use crate::components::answers::AnswersList;
use crate::format::{count, duration, heuristic_label, stop_reason};
use crate::methods::EngineResult;
use crate::state::{Action, Finished, PlaybackAction, State};

/// Props of the result panel: only what it shows, so a progress message does not redraw it.
#[derive(Properties, PartialEq)]
pub struct ResultProps {
    /// The last answer, if any.
    pub result: Option<Finished>,
    /// What a specialised method adds to it (name, tables' origin, quality bound).
    pub engine: Option<EngineResult>,
    /// The playback step, while the answer on screen is the one played back.
    pub step: Option<usize>,
    /// The depth limit of the menu (for the stop reason of a depth-limited search).
    pub depth_limit: usize,
    /// The lengths of the solve's answers (several for an anytime solve), each playable.
    #[prop_or_default]
    pub answers: Vec<usize>,
    /// The one of them being played back.
    #[prop_or_default]
    pub playing_answer: Option<usize>,
    /// Sends actions to the page's reducer.
    pub dispatcher: UseReducerDispatcher<State>,
}

/// The result panel (empty until a solve finishes).
#[function_component(ResultPanel)]
pub fn result_panel(props: &ResultProps) -> Html {
    let state = &props.dispatcher;
    let Some(finished) = &props.result else {
        return html! {};
    };
    let solution = &finished.solution;
    let stats = &solution.stats;
    let method = match solution.method.heuristic() {
        Some(h) => format!(
            "{} with {}",
            puzzle_core::method::algorithm_label(solution.method.algorithm()),
            heuristic_label(h).to_lowercase()
        ),
        None => puzzle_core::method::algorithm_label(solution.method.algorithm()).to_string(),
    };
    let method = crate::components::engine::result_method(props.engine.as_ref())
        .map_or(method, str::to_string);
    let step = props.step;
    let moves = solution.moves.iter().enumerate().map(|(index, direction)| {
        let current = step == Some(index + 1);
        let done = step.is_some_and(|s| index < s);
        let onclick = {
            let state = state.clone();
            Callback::from(move |_: MouseEvent| state.dispatch(Action::Playback(PlaybackAction::Seek(index + 1))))
        };
        html! {
            <li>
                <button class={classes!("move", current.then_some("current"), done.then_some("done"))}
                    aria-current={current.then_some("step")}
                    aria-label={format!("move {}: blank {}", index + 1, direction_word(*direction))}
                    disabled={step.is_none()}
                    title={step.is_none().then_some("Play this answer to step through its moves.")}
                    {onclick}>{ direction.letter() }</button>
            </li>
        }
    });
    let reason = stop_reason(
        solution,
        finished.budget,
        solution
            .method
            .search_config()
            .map_or(props.depth_limit, |config| config.depth_limit),
    );
    html! {
        <section class="panel" aria-labelledby="result-title" id="result">
            <h2 id="result-title">{ "Result" }</h2>
            if let Some(lengths) = finished.lengths() {
                <p id="answers" class="muted">{ lengths }</p>
                <AnswersList lengths={props.answers.clone()} playing={props.playing_answer} dispatcher={state.clone()} />
            }
            if solution.outcome == SolveOutcome::Solved {
                <p class="headline">
                    <span id="length" data-length={solution.moves.len().to_string()}>
                        { format!("{} moves", solution.moves.len()) }
                    </span>
                    { " · " }
                    if solution.is_optimal() {
                        <span id="optimal" class="good">{ "guaranteed shortest" }</span>
                    } else {
                        <span id="optimal" class="warn">{ "not guaranteed shortest" }</span>
                    }
                </p>
            } else if let Some(reason) = &reason {
                <p id="stop-reason" class="error" role="alert">{ reason }</p>
            }
            <p id="result-for" class="muted small-print">{ answer_for(finished, step) }</p>
            { crate::components::engine::result_view(props.engine.as_ref(), solution) }
            <dl class="stats">
                <div><dt>{ "Method" }</dt><dd>{ method }</dd></div>
                <div><dt>{ "Nodes expanded" }</dt><dd id="expanded">{ count(stats.expanded) }</dd></div>
                <div><dt>{ "Nodes generated" }</dt><dd>{ count(stats.generated) }</dd></div>
                <div><dt>{ "Peak frontier" }</dt><dd>{ count(stats.max_frontier) }</dd></div>
                <div><dt>{ "Time" }</dt><dd>{ duration(stats.elapsed_ms) }</dd></div>
            </dl>
            if !solution.moves.is_empty() {
                <h3>{ "Moves of the blank" }</h3>
                <ol class="moves" aria-label="solution moves">{ for moves }</ol>
            } else if solution.outcome == SolveOutcome::Solved {
                <p>{ "The board is already the goal: nothing to do." }</p>
            }
        </section>
    }
}

fn direction_word(direction: puzzle_core::Direction) -> &'static str {
    match direction {
        puzzle_core::Direction::Up => "up",
        puzzle_core::Direction::Down => "down",
        puzzle_core::Direction::Left => "left",
        puzzle_core::Direction::Right => "right",
    }
}

/// Which board the answer is for: the one on screen, or the start of the playback showing one
/// of its steps (the page shows no answer for any other board).
fn answer_for(finished: &Finished, step: Option<usize>) -> String {
    match step {
        Some(step) if step > 0 => format!(
            "For the board {} (the playback's start); the board shows move {step} of {}.",
            finished.start.to_line(),
            finished.solution.moves.len()
        ),
        _ => "For the board on screen.".to_string(),
    }
}
