//! The race: pick methods, run them all on the board under one node budget, compare them in a
//! table and a log-scale chart, and play any row back on the board.

use std::sync::Arc;

use puzzle_core::formula::Formula;
use puzzle_core::{Board, Direction, Shape, SolveOutcome};
use yew::prelude::*;

use super::charts::RaceChart;
use super::term::{glossary, Term};
use crate::format::{count, duration, progress_line};
use crate::race::{available, outcome_word, Race, RaceEntry, RACE_METHODS};
use crate::state::{Action, PrefsAction, RaceAction, State};

/// Props of the race panel: the race and what decides its buttons, nothing else.
#[derive(Properties, PartialEq)]
pub struct RaceProps {
    /// The board size (which methods can race).
    pub shape: Shape,
    /// The last race.
    pub race: Option<Race>,
    /// Which methods race.
    pub race_pick: Vec<bool>,
    /// A formula of the heuristic lab that races too, guiding A*.
    #[prop_or_default]
    pub lab_formula: Option<Arc<Formula>>,
    /// Whether the Race button can be pressed.
    pub can_race: bool,
    /// Whether a solve runs (rows cannot be played then).
    pub solving: bool,
    /// Why the Race button cannot be pressed (its tooltip and a line next to it).
    #[prop_or_default]
    pub race_why: Option<AttrValue>,
    /// Why the rows' Play buttons cannot be pressed (a solve runs).
    #[prop_or_default]
    pub play_why: Option<AttrValue>,
    /// The solution being played back (its start and moves), to mark its row.
    pub playing: Option<(Board, Vec<Direction>)>,
    /// Where the panel's actions go.
    pub dispatcher: UseReducerDispatcher<State>,
    /// Starts a race (the edge plans it and sends the requests).
    pub on_race: Callback<()>,
    /// Stops the worker.
    pub on_cancel: Callback<()>,
}

/// The race panel.
#[function_component(RacePanel)]
pub fn race_panel(props: &RaceProps) -> Html {
    let state = &props.dispatcher;
    let race_running = props.race.as_ref().is_some_and(Race::is_running);
    let on_toggle = {
        let state = state.clone();
        Callback::from(move |i| state.dispatch(Action::Prefs(PrefsAction::ToggleRaceMethod(i))))
    };
    let on_play = {
        let state = state.clone();
        Callback::from(move |i| state.dispatch(Action::Race(RaceAction::PlayRaceEntry(i))))
    };
    let on_race = props.on_race.reform(|_: MouseEvent| {
        crate::hooks::reveal::reveal_soon("#race-table");
    });
    let on_cancel = props.on_cancel.reform(|_: MouseEvent| ());
    let (start_ref, cancel_ref) = use_race_focus(race_running);
    html! {
        <section class="panel" aria-labelledby="race-title" id="race">
            <h2 id="race-title">{ "Race the methods" }</h2>
            <p class="muted small-print">
                { format!("Every method solves the board on screen in turn, each allowed {} ", count(crate::race::RACE_BUDGET)) }
                <Term word="node expansions" text={glossary::BUDGET} />{ "." }
            </p>
            { race_picks(&PicksProps { shape: props.shape, picks: props.race_pick.clone(), locked: race_running, on_toggle }) }
            if let Some(formula) = &props.lab_formula {
                { formula_pick(formula, props.shape, race_running, state) }
            }
            <div class="row buttons">
                <button id="race-start" class="primary" ref={start_ref} disabled={!props.can_race} onclick={on_race}
                    title={props.race_why.clone()}
                    aria-describedby={props.race_why.is_some().then_some("race-why")}>{ "Race" }</button>
                if race_running {
                    <button id="race-cancel" class="danger" ref={cancel_ref} onclick={on_cancel}>{ "Cancel" }</button>
                }
                if let Some(why) = &props.race_why {
                    <span id="race-why" class="why">{ why.clone() }</span>
                }
            </div>
            if let Some(race) = &props.race {
                if race.is_running() {
                    <p id="race-progress" class="progress" role="status" aria-live="polite">
                        <span class="spinner" aria-hidden="true"></span>
                        { format!("Racing: {} of {} done, now {}", race.done(), race.entries.len(),
                            race.current().map(|i| race.entries[i].title()).unwrap_or_default()) }
                    </p>
                }
                <p class="muted small-print">{ format!("On {}", race.start.to_line()) }</p>
                { race_table(&TableProps { race: race.clone(), playing: props.playing.clone(),
                    play_off: props.solving || props.play_why.is_some(), play_why: props.play_why.clone(), on_play }) }
                <RaceChart race={race.clone()} />
            }
        </section>
    }
}

/// Focus follows the race like the solve's: Race (disabled) to its Cancel, then back to Race.
/// Returns the refs of the Race and Cancel buttons.
#[hook]
fn use_race_focus(race_running: bool) -> (NodeRef, NodeRef) {
    let start_ref = use_node_ref();
    let cancel_ref = use_node_ref();
    {
        let (start_ref, cancel_ref) = (start_ref.clone(), cancel_ref.clone());
        let drawn = use_mut_ref(|| false);
        use_effect_with(race_running, move |&running| {
            let first = !std::mem::replace(&mut *drawn.borrow_mut(), true);
            if first || !crate::hooks::reveal::focus_lost(&[&start_ref]) {
                return;
            }
            let target = if running { &cancel_ref } else { &start_ref };
            if let Some(target) = target.cast::<web_sys::Element>() {
                crate::hooks::reveal::focus_quietly(&target);
            }
        });
    }
    (start_ref, cancel_ref)
}

/// Props of the method checkboxes.
struct PicksProps {
    /// The board size (which methods can race).
    shape: Shape,
    /// Which methods race, by index in [`RACE_METHODS`].
    picks: Vec<bool>,
    /// Whether the picks are locked (a race runs).
    locked: bool,
    /// Called with the index of a toggled method.
    on_toggle: Callback<usize>,
}

/// A checkbox per method that can race on this board size.
fn race_picks(props: &PicksProps) -> Html {
    let locked = props.locked;
    let picks = RACE_METHODS
        .iter()
        .enumerate()
        .filter(|(_, m)| available(m, props.shape))
        .map(|(i, method)| {
            let onchange = props.on_toggle.reform(move |_: Event| i);
            html! {
                <label class="pick" title={if locked {
                    format!("{}: the picks are locked while the race runs.", method.description())
                } else {
                    method.description()
                }}>
                    <input type="checkbox" checked={props.picks[i]} {onchange}
                        disabled={locked} data-method={method.short_label()}
                        aria-description={method.description()} />
                    { method.short_label() }
                </label>
            }
        });
    html! {
        <fieldset class="picks">
            <legend>{ "Methods " }<Term word="what the names mean" text={glossary::RACE_NAMES} /></legend>
            { for picks }
        </fieldset>
    }
}

/// The lab's formula in the race: A* guided by it, unticked to take it out (it does not fit a
/// board whose tiles it does not all name).
fn formula_pick(
    formula: &Arc<Formula>,
    shape: Shape,
    locked: bool,
    state: &UseReducerDispatcher<State>,
) -> Html {
    let method = crate::experiment::formula_method(formula);
    let why = method.fits(shape).err().map(|e| e.to_string());
    let onchange = {
        let state = state.clone();
        Callback::from(move |_: Event| {
            state.dispatch(Action::Prefs(PrefsAction::SetLabFormula(None)))
        })
    };
    html! {
        <div class="picks lab-pick">
            <label class="pick" title={method.description()}>
                <input id="race-formula" type="checkbox" checked=true {onchange} disabled={locked}
                    data-method={method.short_label()} aria-description={method.description()} />
                { format!("Your formula: {} (not proven shortest)", method.label()) }
            </label>
            if let Some(why) = why {
                <p class="why">{ format!("It cannot race on this board: {why}.") }</p>
            }
        </div>
    }
}

/// Props of the race's table.
struct TableProps {
    /// The race.
    race: Race,
    /// The solution being played back (its start and moves), to mark its row.
    playing: Option<(Board, Vec<Direction>)>,
    /// Whether the rows' Play buttons are disabled.
    play_off: bool,
    /// Why they are (their tooltip).
    play_why: Option<AttrValue>,
    /// Called with the index of the row to play back.
    on_play: Callback<usize>,
}

/// A row per method: its answer's length, optimality and counters (or where it stands), and
/// a Play button for a solved one.
fn race_table(props: &TableProps) -> Html {
    let race = &props.race;
    let rows = race.entries.iter().enumerate().map(|(i, entry)| {
        let label = entry.label();
        let current = race.current() == Some(i);
        let solution = entry.solution();
        let playable = solution.is_some_and(|s| s.outcome == SolveOutcome::Solved && !s.moves.is_empty());
        let is_playing = solution.is_some_and(|s| {
            props.playing.as_ref().is_some_and(|(start, moves)| start == &race.start && moves == &s.moves)
        });
        let onclick = props.on_play.reform(move |_: MouseEvent| i);
        html! {
            <tr class={classes!(current.then_some("current"), is_playing.then_some("playing"))}
                data-method={label.clone()}
                data-outcome={solution.map(|s| s.outcome.name()).unwrap_or("pending")}
                data-length={solution.and_then(|s| s.length()).map(|l| l.to_string()).unwrap_or_default()}
                data-optimal={solution.is_some_and(|s| s.is_optimal()).to_string()}>
                <th scope="row">{ label.clone() }</th>
                { entry_cells(race, entry, current) }
                <td>
                    if playable {
                        <button class="small" {onclick} aria-label={format!("play {label}")}
                            disabled={props.play_off}
                            title={props.play_why.clone()}>{ "Play" }</button>
                    }
                </td>
            </tr>
        }
    });
    html! {
        <div class="table-wrap">
            <table id="race-table">
                <thead>
                    <tr>
                        <th scope="col">{ "Method" }</th>
                        <th scope="col">{ "Moves" }</th>
                        <th scope="col"><Term word="Shortest?" text={glossary::SHORTEST} /></th>
                        <th scope="col"><Term word="Expanded" text={glossary::EXPANDED} /></th>
                        <th scope="col"><Term word="Generated" text={glossary::GENERATED} /></th>
                        <th scope="col"><Term word="Peak held" text={glossary::PEAK_HELD} /></th>
                        <th scope="col"><Term word="Time" text={glossary::TIME} /></th>
                        <th scope="col"><span class="sr-only">{ "Play" }</span></th>
                    </tr>
                </thead>
                <tbody>{ for rows }</tbody>
            </table>
        </div>
    }
}

/// The six result cells of a row: the answer's figures, its error, or where it stands.
fn entry_cells(race: &Race, entry: &RaceEntry, current: bool) -> Html {
    match (&entry.answer, entry.solution()) {
        (_, Some(s)) => {
            let solved = s.outcome == SolveOutcome::Solved;
            html! {
                <>
                <td class="num" data-col="length" data-label="Moves">{ if solved { s.moves.len().to_string() } else { "—".to_string() } }</td>
                <td data-col="optimal" data-label="Shortest?">
                    if s.is_optimal() {
                        <span class="good" title="guaranteed shortest">{ "yes" }</span>
                    } else if solved {
                        <span class="warn" title="not guaranteed shortest">{ "no" }</span>
                    } else {
                        <span class={if s.outcome == SolveOutcome::BudgetExhausted { "budget-hit" } else { "warn" }}>{ outcome_word(s) }</span>
                    }
                </td>
                <td class="num" data-label="Expanded">{ count(s.stats.expanded) }</td>
                <td class="num" data-label="Generated">{ count(s.stats.generated) }</td>
                <td class="num" data-label="Peak held">{ count(s.stats.max_frontier) }</td>
                <td class="num" data-label="Time">{ duration(s.stats.elapsed_ms) }</td>
                </>
            }
        }
        (Some(Err(message)), None) => {
            html! { <td colspan="6" class="error">{ message.clone() }</td> }
        }
        (_, None) => {
            let text = if race.cancelled {
                "cancelled".to_string()
            } else if current {
                entry.progress.as_ref().map_or("running…".to_string(), |p| {
                    progress_line(entry.method.algorithm(), p)
                })
            } else {
                "waiting".to_string()
            };
            html! { <td colspan="6" class="muted">{ text }</td> }
        }
    }
}
