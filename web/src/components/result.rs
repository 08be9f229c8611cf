//! The answer: length, optimality, why it stopped, the move list (the tile each move slides,
//! with the current playback step highlighted) and the search's counters under "Search
//! details".

use puzzle_core::{Method, Solution, SolveOutcome};
use yew::prelude::*;

use crate::components::answers::AnswersList;
use crate::components::term::{glossary, Term};
use crate::format::{count, duration, stop_reason};
use crate::state::{Action, Finished, PlaybackAction, Proof, State};

/// The line under a big-board answer while the coach's worker proves a better bound for it.
const PROVING_WORDS: &str = "Proving a better lower bound for this board…";

/// The proof's state as the page's tests read it (`data-proof` on the Result).
fn proof_name(proof: Proof) -> &'static str {
    match proof {
        Proof::NotDue => "none",
        Proof::Due | Proof::Proving(_) => "proving",
        Proof::Over => "over",
        Proof::Raised(_) => "raised",
    }
}

/// The line under a big-board answer whose bound the proof raised from `from`: to the bound
/// the answer now carries, or to its own length (it is the shortest).
fn proved_line(from: u32, solution: &Solution) -> Html {
    let (to, shortest) = match solution.lower_bound {
        Some(to) => (to, ""),
        None => (solution.moves.len() as u32, ": this answer is the shortest"),
    };
    let words = format!(
        "A few seconds of exact search raised the lower bound from {from} to {to} moves{shortest}."
    );
    html! {
        <p id="proved" class="muted small-print" data-from={from.to_string()} data-to={to.to_string()}>{ words }</p>
    }
}

/// Props of the result panel: only what it shows, so a progress message does not redraw it.
#[derive(Properties, PartialEq)]
pub struct ResultProps {
    /// The last answer, if any, with what a specialised method adds to it (name, tables'
    /// origin, quality bound).
    pub result: Option<Finished>,
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
    /// When this answer was found and when its search ended, in milliseconds from Solve,
    /// when it is the last solve's (tables' download or build included).
    #[prop_or_default]
    pub found: Option<crate::hooks::solve::Found>,
    /// Sends actions to the page's reducer.
    pub dispatcher: UseReducerDispatcher<State>,
}

/// The result panel (empty until a solve finishes).
#[function_component(ResultPanel)]
pub fn result_panel(props: &ResultProps) -> Html {
    let state = &props.dispatcher;
    // Counted once per answer, not at every playback step.
    let shorter = *use_memo(props.result.clone(), |result| {
        result.as_ref().and_then(shorter_known)
    });
    let Some(finished) = &props.result else {
        return html! {};
    };
    let solution = &finished.solution;
    let method = solution.method.description();
    let step = props.step;
    let tiles = tiles_moved(&finished.start, &solution.moves);
    let moves = solution.moves.iter().zip(tiles).enumerate().map(|(index, (direction, tile))| {
        let current = step == Some(index + 1);
        let done = step.is_some_and(|s| index < s);
        let onclick = {
            let state = state.clone();
            Callback::from(move |_: MouseEvent| state.dispatch(Action::Playback(PlaybackAction::Seek(index + 1))))
        };
        let way = direction.opposite();
        html! {
            <li>
                <button class={classes!("move", current.then_some("current"), done.then_some("done"))}
                    aria-current={current.then_some("step")}
                    aria-label={format!("move {}: tile {tile} {}", index + 1, direction_word(way))}
                    data-letter={direction.letter().to_string()}
                    disabled={step.is_none()}
                    title={step.is_none().then_some("Play this answer to step through its moves.")}
                    {onclick}>{ format!("{tile}{}", arrow(way)) }</button>
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
        <section class="panel" aria-labelledby="result-title" id="result" data-proof={proof_name(finished.proof)}>
            <h2 id="result-title">{ "Result" }</h2>
            if let Some(lengths) = finished.lengths() {
                <p id="answers" class="muted">{ lengths }</p>
                <AnswersList lengths={props.answers.clone()} playing={props.playing_answer} dispatcher={state.clone()} />
            }
            if solution.outcome == SolveOutcome::Solved {
                { headline(solution) }
                if let Some(shortest) = finished.shortest() {
                    <p id="late-shortest" class="warn" data-shortest={shortest.to_string()}>
                        { format!("{} moves: {}.", solution.moves.len(),
                            crate::components::playback::late_words(solution.moves.len(), shortest)) }
                    </p>
                }
            } else if let Some(reason) = &reason {
                <p id="stop-reason" class="error" role="alert">{ reason }</p>
            }
            if let Some(shortest) = shorter {
                <p id="shorter-known" class="warn" data-shortest={shortest.to_string()}>{ format!(
                    "The shortest answer for this board has {shortest} moves: this one has {} more.",
                    solution.moves.len() - shortest) }</p>
            }
            <p id="result-for" class="muted small-print">{ answer_for(finished, step) }</p>
            if let Some(found) = &props.found {
                <p id="found-after" class="muted small-print">{ timing_words(found.after_ms, found.ended_ms, solution) }</p>
            }
            { crate::components::solve_tables::result_view(finished.how_solved.as_ref(), solution) }
            if matches!(finished.proof, Proof::Due | Proof::Proving(_)) {
                <p id="proving" class="muted small-print" role="status">{ PROVING_WORDS }</p>
            }
            if let Proof::Raised(from) = finished.proof {
                { proved_line(from, solution) }
            }
            <details id="search-details" class="search-details">
                <summary>{ "Search details" }</summary>
                { stats_view(&method, solution) }
            </details>
            if !solution.moves.is_empty() {
                <h3>{ "Moves: the tile that slides, and where" }</h3>
                <ol class="moves" aria-label="solution moves">{ for moves }</ol>
            } else if solution.outcome == SolveOutcome::Solved {
                <p>{ "The board is already the goal: nothing to do." }</p>
            }
        </section>
    }
}

/// When the answer came, in words that say what happened: "Found 1.2 s after Solve; the
/// search itself took 0.9 s"; an improving search that found it (`after_ms` after Solve) well
/// before it ended (`ended_ms`) says both: "Found 6.3 s after Solve; the search went on to
/// 15.0 s without a shorter one". An answer the search gave at once says so (and that the
/// tables were already held, for a pattern-database solve: the time after Solve was the
/// worker's, not the search's); a run that found nothing "stopped", without an answer.
pub fn timing_words(after_ms: f64, ended_ms: f64, solution: &Solution) -> String {
    let search_ms = solution.stats.elapsed_ms;
    if solution.outcome != SolveOutcome::Solved {
        format!(
            "Stopped {} after Solve without an answer; the search itself ran {}.",
            duration(ended_ms),
            duration(search_ms)
        )
    } else if ended_ms - after_ms >= SEARCH_WENT_ON_MS {
        format!(
            "Found {} after Solve; the search went on to {} without a shorter one.",
            duration(after_ms),
            duration(ended_ms)
        )
    } else if search_ms < 1.0 {
        let tables = if solution.method == Method::PatternDatabase {
            ", with the tables already held"
        } else {
            ""
        };
        format!(
            "Answered {} after Solve{tables}: the search itself took under 1 ms.",
            duration(after_ms)
        )
    } else {
        format!(
            "Found {} after Solve; the search itself took {}.",
            duration(after_ms),
            duration(search_ms)
        )
    }
}

/// The length in words with its quality, as the playback bar says it ("20 moves — shortest
/// possible", "118 moves — at most 1.08× the shortest", "40 moves — not proven shortest"),
/// each with what it means one press away.
fn headline(solution: &Solution) -> Html {
    let moves = solution.moves.len();
    let words = crate::components::playback::quality_words(solution);
    let (class, text) = if solution.is_optimal() {
        ("good", glossary::SHORTEST)
    } else {
        ("warn", glossary::NEAR_SHORTEST)
    };
    html! {
        <p class="headline">
            <span id="length" data-length={moves.to_string()}>
                { format!("{moves} move{}", if moves == 1 { "" } else { "s" }) }
            </span>
            { " — " }
            <span id="optimal" class={class} data-optimal={solution.is_optimal().to_string()}>
                <Term word={words} {text} />
            </span>
        </p>
    }
}

/// How much longer than the answer's finding the search must run for the timing line to say
/// both times (below it, they read as one).
const SEARCH_WENT_ON_MS: f64 = 500.0;

/// Whether a counter means something for the method that answered: the staged and anytime
/// methods run many small searches, so they have no one frontier, and they count every board
/// they make as looked at.
fn counts_frontier(method: &Method) -> bool {
    !matches!(method, Method::Staged | Method::Anytime { .. })
}

/// The search's counters, each explained; those that mean nothing for the method are left out.
fn stats_view(method: &str, solution: &Solution) -> Html {
    let stats = &solution.stats;
    let frontier = counts_frontier(&solution.method);
    let row = |word: &'static str, text: &'static str, value: String, id: Option<&'static str>| {
        html! {
            <div><dt><Term {word} {text} /></dt><dd id={id}>{ value }</dd></div>
        }
    };
    html! {
        <dl class="stats">
            <div><dt>{ "Method" }</dt><dd id="result-method">
                <Term word={method.to_string()} text={solution.method.explanation()} />
            </dd></div>
            { row("Nodes expanded", glossary::EXPANDED, count(stats.expanded), Some("expanded")) }
            if frontier && stats.generated != stats.expanded {
                { row("Nodes generated", glossary::GENERATED, count(stats.generated), Some("generated")) }
            }
            if frontier && stats.max_frontier > 0 {
                { row("Peak held", glossary::PEAK_HELD, count(stats.max_frontier), Some("peak-held")) }
            }
            { row("Search time", glossary::TIME, duration(stats.elapsed_ms), None) }
        </dl>
    }
}

/// Boards this small get their shortest length counted here when an answer is not proven
/// shortest (A* with linear conflict: a few milliseconds on a 3x3).
const COUNT_HERE_CELLS: usize = 9;

/// The shortest length of a solved board of at most [`COUNT_HERE_CELLS`] cells, when the
/// answer shown is longer and does not say so already (a watched answer's late shortest).
fn shorter_known(finished: &Finished) -> Option<usize> {
    let solution = &finished.solution;
    if solution.outcome != SolveOutcome::Solved
        || solution.is_optimal()
        || finished.shortest().is_some()
        || finished.start.cells().len() > COUNT_HERE_CELLS
    {
        return None;
    }
    let config = puzzle_core::SolverConfig::best_for(finished.start.shape());
    let mut limits = puzzle_core::search::Limits::with_budget(1_000_000);
    let exact = puzzle_core::solve(&finished.start, &finished.goal, &config, &mut limits).ok()?;
    exact
        .length()
        .filter(|&n| exact.is_optimal() && n < solution.moves.len())
}

/// The tile each move slides, from `start` (0 where a move is not legal, which an answer never
/// has).
fn tiles_moved(start: &puzzle_core::Board, moves: &[puzzle_core::Direction]) -> Vec<u8> {
    let mut board = start.clone();
    moves
        .iter()
        .map(|&direction| {
            let tile = board
                .shape()
                .neighbour(board.blank(), direction)
                .map_or(0, |cell| board.tile(cell));
            board.apply(direction);
            tile
        })
        .collect()
}

/// The arrow of a tile's slide.
fn arrow(direction: puzzle_core::Direction) -> char {
    match direction {
        puzzle_core::Direction::Up => '↑',
        puzzle_core::Direction::Down => '↓',
        puzzle_core::Direction::Left => '←',
        puzzle_core::Direction::Right => '→',
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

#[cfg(test)]
mod tests {
    use super::timing_words;
    use puzzle_core::search::Limits;

    /// An answer found well before its search ended says both times (a 5x5 answer on screen
    /// 6.3 s after Solve, the search on to 15 s); found at the end, the search's own time.
    #[test]
    fn the_timing_line_says_when_the_answer_on_screen_was_found() {
        let start: puzzle_core::Board = "8 1 3 4 0 2 7 6 5".parse().unwrap();
        let goal: puzzle_core::Board = "1 2 3 4 5 6 7 8 0".parse().unwrap();
        let config = puzzle_core::SolverConfig::best_for(start.shape());
        let mut solution =
            puzzle_core::solve(&start, &goal, &config, &mut Limits::default()).unwrap();
        solution.stats.elapsed_ms = 4000.0;
        assert_eq!(
            timing_words(6300.0, 15000.0, &solution),
            "Found 6.3 s after Solve; the search went on to 15.0 s without a shorter one."
        );
        assert_eq!(
            timing_words(15000.0, 15100.0, &solution),
            "Found 15.0 s after Solve; the search itself took 4.0 s."
        );
    }
}
