//! Play with help: "moves from here" (the same form on every size: the exact number when it
//! is known, else the range it lies in), the Hint button with a line beside it (which move and
//! how good, or why there is none), and the heuristic overlay's totals (h next to the true
//! distance), each technical word explained where it appears.

use puzzle_core::{solvability, Board, Heuristic, HeuristicKind};
use yew::prelude::*;

use crate::coach::{Advice, Bounds, Distance, Known};
use crate::components::term::{glossary, Term};
use crate::state::{Action, CoachAction, CoachOwn, State};

/// Props of the coach bar: only what it shows, so a progress message does not redraw it.
#[derive(Properties, PartialEq)]
pub struct CoachProps {
    /// The board on screen.
    pub board: Board,
    /// The goal.
    pub goal: Board,
    /// Whether the heuristic overlay is on.
    pub overlay: bool,
    /// Whether the exact count is on (boards too big for a table).
    pub count_on: bool,
    /// Whether a solution is on the board (played or paused; the hint itself follows
    /// [`Known::advice`], which tells the two apart).
    pub playing: bool,
    /// What is known about the distance left.
    pub known: Known,
    /// Sends actions to the page's reducer.
    pub dispatcher: UseReducerDispatcher<State>,
}

/// The coach bar under the board.
#[function_component(CoachPanel)]
pub fn coach(props: &CoachProps) -> Html {
    let state = &props.dispatcher;
    let (board, goal) = (&props.board, &props.goal);
    let solvable = solvability(board, goal).is_ok_and(|verdict| verdict.solvable);
    let known = props.known;
    let (count_text, count_data) = count_words(known, solvable);
    let hint_cell = match known.advice {
        Advice::Move { direction, .. } => board.shape().neighbour(board.blank(), direction),
        _ => None,
    };
    let can_hint = hint_cell.is_some() || known.advice == Advice::Ask;
    let on_hint = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| match hint_cell {
            Some(cell) => state.dispatch(Action::Coach(CoachAction::Own(CoachOwn::ShowHint(cell)))),
            None => state.dispatch(Action::Coach(CoachAction::AskHint)),
        })
    };
    let note = hint_note(known, board);
    let on_overlay = {
        let state = state.clone();
        Callback::from(move |_: Event| {
            state.dispatch(Action::Coach(CoachAction::Own(CoachOwn::ToggleOverlay)))
        })
    };
    let on_live = {
        let state = state.clone();
        Callback::from(move |_: Event| {
            state.dispatch(Action::Coach(CoachAction::Own(CoachOwn::ToggleCount)))
        })
    };
    let big = crate::coach::count_size(board.cells().len());
    let summary = props.overlay.then(|| {
        let manhattan = Heuristic::new(HeuristicKind::Manhattan, goal).estimate(board);
        let total = Heuristic::new(HeuristicKind::LinearConflict, goal).estimate(board);
        let pairs = Heuristic::new(HeuristicKind::LinearConflict, goal)
            .conflict_pairs(board)
            .len();
        html! {
            <p id="h-summary" class="h-summary">
                <span><Term word="Estimate h" text={glossary::ESTIMATE} />{ " = " }
                    <strong id="h-total" data-h={total.to_string()}>{ total }</strong>
                    { format!(" ({manhattan} for ") }<Term word="Manhattan" text={glossary::MANHATTAN} />
                    { format!(" + {} for ", total - manhattan) }<Term word="linear conflicts" text={glossary::LINEAR_CONFLICT} />
                    { format!(": {})", counted(pairs, "pair")) }</span>
                <span>{ " · true distance: " }<strong id="true-distance" data-distance={count_data.clone()}>{ count_text.clone() }</strong></span>
            </p>
        }
    });
    html! {
        <div class="coach" role="group" aria-label="coach">
            <div class="row">
                <span class="optimal-count">
                    <Term word="Moves from here" text={glossary::MOVES_FROM_HERE} />{ ": " }
                    <strong id="optimal-count" aria-live="polite" data-count={count_data}
                        data-at-least={known.bounds.at_least.to_string()}
                        data-at-most={known.bounds.at_most.map(|m| m.to_string())}>{ count_text }</strong>
                </span>
                <button id="hint" onclick={on_hint} disabled={!can_hint}
                    data-advice={advice_data(known.advice)}
                    title={hint_title(known.advice, props.playing)}>{ "Hint" }</button>
                <span id="hint-note" class="hint-note" aria-live="polite">{ note }</span>
                if big {
                    <span class="check-with-term">
                        <label class="check">
                            <input id="count-toggle" type="checkbox" checked={props.count_on} onchange={on_live} />
                            { "Count exactly" }
                        </label>
                        <Term word="why here?" text={glossary::EXACT_COUNT} />
                    </span>
                }
                <label class="check">
                    <input id="overlay-toggle" type="checkbox" checked={props.overlay} onchange={on_overlay} />
                    { "Show heuristic" }
                </label>
            </div>
            { summary.unwrap_or_default() }
        </div>
    }
}

/// The line beside Hint: the move shown and how good it is ("Slide 7: the best move, 20
/// left."), what is under way, or why there is no hint; empty while a hint can be asked.
pub fn hint_note(known: Known, board: &Board) -> String {
    match known.advice {
        Advice::Move {
            direction,
            best,
            left,
        } => {
            let cell = board.shape().neighbour(board.blank(), direction);
            let Some(cell) = cell.filter(|&c| known.shown == Some(c)) else {
                return String::new();
            };
            let tile = board.tile(cell);
            if best {
                format!(
                    "Slide {tile}: the best move ({} left).",
                    counted(left as usize, "move")
                )
            } else {
                format!(
                    "Slide {tile}: a good move, from an answer of {} (not proven shortest).",
                    counted(left as usize, "move")
                )
            }
        }
        Advice::Ask => String::new(),
        Advice::Finding if known.distance == Distance::Computing => {
            "Counting the moves from here for the hint…".to_string()
        }
        Advice::Finding => "Finding a good move…".to_string(),
        Advice::Not(why) => why.words().to_string(),
    }
}

/// The Hint button's tooltip.
fn hint_title(advice: Advice, playing: bool) -> &'static str {
    match advice {
        Advice::Move { best: true, .. } => "Highlight the tile of the best move",
        Advice::Move { .. } => "Highlight the next tile of the best answer known for this board",
        Advice::Ask => "Find a good move (a short solve, a moment) and highlight its tile",
        Advice::Finding => "Finding the move…",
        Advice::Not(_) if playing => {
            "No hint during playback: pause it, or move a tile to take over."
        }
        Advice::Not(why) => why.words(),
    }
}

/// The button's `data-advice`, for tests and styles: "best", "good", "ask", "finding" or "none".
fn advice_data(advice: Advice) -> &'static str {
    match advice {
        Advice::Move { best: true, .. } => "best",
        Advice::Move { .. } => "good",
        Advice::Ask => "ask",
        Advice::Finding => "finding",
        Advice::Not(_) => "none",
    }
}

/// `n` with its word, plural unless one.
fn counted(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// "Moves from here" in words, and its `data-count`: the exact number ("exactly 20") when it
/// is known, else the range it lies in ("at least 74, at most 106"; "at least 74" with no
/// answer known yet), whatever the board's size. Never a dash or "unknown".
pub fn count_words(known: Known, solvable: bool) -> (String, String) {
    if !solvable {
        return (
            "none: the goal cannot be reached".to_string(),
            "unsolvable".to_string(),
        );
    }
    let exact = match known.distance {
        Distance::Known(d) => Some(d),
        _ => known.bounds.exact(),
    };
    if let Some(d) = exact {
        return (format!("exactly {d}"), d.to_string());
    }
    let data = match known.distance {
        Distance::Computing => "computing",
        Distance::Off => "off",
        _ => "unknown",
    };
    let mut text = range_words(known.bounds);
    if known.distance == Distance::Computing {
        text.push_str(" (counting…)");
    }
    (text, data.to_string())
}

/// "at least 74, at most 106", or "at least 74".
fn range_words(bounds: Bounds) -> String {
    match bounds.at_most {
        Some(most) => format!("at least {}, at most {most}", bounds.at_least),
        None => format!("at least {}", bounds.at_least),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn known(distance: Distance, at_least: u32, at_most: Option<u32>) -> Known {
        Known {
            distance,
            hint: None,
            bounds: Bounds { at_least, at_most },
            advice: Advice::Ask,
            shown: None,
        }
    }

    /// The same form on every size: exact, or a range, never a dash or "unknown".
    #[test]
    fn moves_from_here_read_the_same_on_every_size() {
        let words = |i, solvable| count_words(i, solvable).0;
        assert_eq!(
            words(known(Distance::Known(20), 14, None), true),
            "exactly 20"
        );
        assert_eq!(
            words(known(Distance::Off, 74, Some(106)), true),
            "at least 74, at most 106"
        );
        assert_eq!(
            words(known(Distance::Unknown, 74, None), true),
            "at least 74"
        );
        assert_eq!(
            words(known(Distance::Computing, 40, Some(52)), true),
            "at least 40, at most 52 (counting…)"
        );
        // A known answer as short as the bound is exact.
        assert_eq!(
            count_words(known(Distance::Unknown, 30, Some(30)), true),
            ("exactly 30".to_string(), "30".to_string())
        );
        assert_eq!(
            words(known(Distance::Unknown, 0, None), false),
            "none: the goal cannot be reached"
        );
    }
}
