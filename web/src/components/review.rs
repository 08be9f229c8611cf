//! A game played by hand, looked back on: the distance to the goal after each move as an SVG
//! chart (exact, or a band between two bounds), each move marked closer or farther, a summary,
//! and the review's link. A click on the chart puts the board where the game was after that
//! move and lets the shortest answer from there play (the page's Solve, once the board is on
//! screen).

use puzzle_core::review::{Distance, Review, Step};
use puzzle_core::Board;
use yew::prelude::*;

use crate::format::plural;
use crate::hooks::lesson::ReviewStatus;
use crate::protocol::lesson::Game;
use crate::state::{Action, PuzzleAction, State};

/// Props of the review.
#[derive(Properties, PartialEq)]
pub struct ReviewProps {
    /// Where the review is.
    pub status: ReviewStatus,
    /// The page's link for a game.
    pub link: Callback<Game, String>,
    /// Sends the board of a point.
    pub dispatcher: UseReducerDispatcher<State>,
    /// Solves the board on screen.
    pub solve: Callback<()>,
    /// The board on screen (the solve waits for the point's board to be there).
    pub board: Board,
}

/// The review's status, chart and summary.
#[function_component(ReviewView)]
pub fn review_view(props: &ReviewProps) -> Html {
    // The point's board, to solve once it is on screen.
    let pending = use_state(|| None::<Board>);
    {
        let (pending, solve) = (pending.clone(), props.solve.clone());
        use_effect_with(
            (props.board.clone(), (*pending).clone()),
            move |(board, want)| {
                if want.as_ref() == Some(board) {
                    pending.set(None);
                    solve.emit(());
                }
            },
        );
    }
    match &props.status {
        ReviewStatus::Idle => html! {},
        ReviewStatus::Reviewing {
            done,
            total,
            building,
        } => html! {
            <p id="review-status" class="progress" role="status">
                <progress max={total.max(&1).to_string()} value={done.to_string()} />
                { if *building { "Building the pattern databases for the exact distances (once per size)…".to_string() }
                  else { format!("Reviewing: {done} of {} positions", total) } }
            </p>
        },
        ReviewStatus::Failed(why) => {
            html! { <p id="review-status" class="error" role="alert">{ why }</p> }
        }
        ReviewStatus::Reviewed {
            game,
            review,
            elapsed_ms,
        } => {
            let on_point = {
                let (game, dispatcher, pending) =
                    (game.clone(), props.dispatcher.clone(), pending.clone());
                Callback::from(move |index: usize| {
                    let Some(moves) = game.moves.get(..index) else {
                        return;
                    };
                    let Ok(board) = game.start.after(moves) else {
                        return;
                    };
                    pending.set(Some(board.clone()));
                    dispatcher.dispatch(Action::Puzzle(PuzzleAction::Scramble(board)));
                })
            };
            let link = props.link.emit((**game).clone());
            html! {
                <div id="review" class="review" data-moves={review.moves.len().to_string()} data-farther={review.farther().to_string()}
                    data-elapsed-ms={format!("{elapsed_ms:.0}")}>
                    <p id="review-summary">{ summary(review) }</p>
                    { chart(review, on_point) }
                    <p class="muted small-print">{ "Click a point: the board goes there, and the shortest answer from there plays." }
                        { " " }<a id="review-link" href={link}>{ "Link to this review" }</a></p>
                </div>
            }
        }
    }
}

/// "30 moves: 12 took you farther from the goal. The shortest from the start was 18 moves; you
/// reached the goal."
fn summary(review: &Review) -> String {
    let moves = review.moves.len();
    let start = distance_words(review.shortest_from_start());
    let end = if review.reached_goal() {
        "you reached the goal".to_string()
    } else {
        let last = *review.distances.last().expect("a position at least");
        format!("you stopped {} from it", distance_words(last))
    };
    format!(
        "{}: {} took you farther from the goal. The shortest from the start: {start}; {end}.",
        plural(moves, "move"),
        review.farther()
    )
}

/// "18 moves", or "between 40 and 52 moves".
fn distance_words(distance: Distance) -> String {
    match distance {
        Distance::Exact { moves } => plural(moves as usize, "move"),
        Distance::Between { lower, upper } => format!("between {lower} and {upper} moves"),
    }
}

/// The chart: the distance after each move (a line, or a band between the bounds), each move's
/// point coloured by its step; a click picks the move nearest it.
fn chart(review: &Review, on_point: Callback<usize>) -> Html {
    let (width, height, left, top, bottom) = (560.0, 200.0, 34.0, 10.0, 24.0);
    let plot_w = width - left - 8.0;
    let plot_h = height - top - bottom;
    let count = review.distances.len();
    let max = review
        .distances
        .iter()
        .map(|d| d.bounds().1)
        .max()
        .unwrap_or(1)
        .max(1) as f64;
    let x = move |i: usize| left + plot_w * i as f64 / (count.max(2) - 1) as f64;
    let y = move |d: u32| top + plot_h * (1.0 - f64::from(d) / max);
    let line = |pick: fn(Distance) -> u32| {
        review
            .distances
            .iter()
            .enumerate()
            .map(|(i, &d)| format!("{:.1},{:.1}", x(i), y(pick(d))))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let steps = review.steps();
    // A point for each position of a game short enough to tell them apart.
    let points = (count <= 400).then(|| {
        review.distances.iter().enumerate().map(|(i, d)| {
            let upper = d.bounds().1;
            let class = match i.checked_sub(1).map(|s| steps[s]) {
                None => "start",
                Some(Step::Closer) => "closer",
                Some(Step::Farther) => "farther",
                Some(Step::Unknown) => "unknown",
            };
            let words = distance_words(*d);
            let onclick = on_point.reform(move |e: MouseEvent| {
                e.stop_propagation();
                i
            });
            // Enter or Space on a focused point picks it, as a click does.
            let onkeydown = {
                let on_point = on_point.clone();
                Callback::from(move |e: KeyboardEvent| {
                    if e.key() == "Enter" || e.key() == " " {
                        e.prevent_default();
                        on_point.emit(i);
                    }
                })
            };
            html! {
                <circle class={classes!("review-point", class)} cx={format!("{:.1}", x(i))} cy={format!("{:.1}", y(upper))} r="4"
                    data-move={i.to_string()} data-distance={upper.to_string()} {onclick} {onkeydown}
                    tabindex="0" role="button" aria-label={format!("after move {i}: {words} from the goal, {class}")}>
                    <title>{ format!("After move {i}: {words} from the goal ({class})") }</title>
                </circle>
            }
        }).collect::<Html>()
    });
    let on_area = {
        let on_point = on_point.clone();
        Callback::from(move |e: MouseEvent| {
            let Some(svg) = e
                .current_target()
                .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
            else {
                return;
            };
            let rect = svg.get_bounding_client_rect();
            let at = (f64::from(e.client_x()) - rect.left()) / rect.width().max(1.0) * width;
            let index = ((at - left) / plot_w * (count.max(2) - 1) as f64).round();
            on_point.emit(index.clamp(0.0, (count - 1) as f64) as usize);
        })
    };
    let exact = review
        .distances
        .iter()
        .all(|d| matches!(d, Distance::Exact { .. }));
    html! {
        <svg id="review-chart" class="chart review-chart" viewBox={format!("0 0 {width} {height}")} role="group"
            aria-label={format!("distance to the goal after each of {}", plural(count - 1, "move"))} onclick={on_area}>
            <line class="axis" x1={left.to_string()} y1={format!("{:.1}", y(0))} x2={(width - 8.0).to_string()} y2={format!("{:.1}", y(0))} />
            <text class="tick" x="2" y={format!("{:.1}", y(0) + 4.0)}>{ "0" }</text>
            <text class="tick" x="2" y={format!("{:.1}", top + 8.0)}>{ format!("{max:.0}") }</text>
            <text class="tick" x={left.to_string()} y={(height - 6.0).to_string()}>{ "start" }</text>
            <text class="tick" x={(width - 8.0).to_string()} y={(height - 6.0).to_string()} text-anchor="end">{ format!("move {}", count - 1) }</text>
            if exact {
                <polyline class="review-line" points={line(|d| d.bounds().0)} />
            } else {
                <polyline class="review-line lower" points={line(|d| d.bounds().0)} />
                <polyline class="review-line upper" points={line(|d| d.bounds().1)} />
            }
            { for points }
        </svg>
    }
}
