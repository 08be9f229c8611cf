//! The Solve panel: the live solvability verdict, "How to solve" (the method and its settings, closed
//! for a player: [`crate::hooks::how_to_solve`]), the search time, and the progress line. Solve
//! and Cancel are over the board ([`crate::components::toolbar`]).

use std::sync::Arc;

use puzzle_core::formula::Formula;
use puzzle_core::{Algorithm, Guidance, HeuristicKind, Method, Shape, Solvability};
use yew::prelude::*;

use crate::components::answers::AnswersList;
use crate::components::number_field::NumberField;
use crate::components::select::on_select;
use crate::components::term::{glossary, Term};
use crate::hooks::how_to_solve::use_how_to_solve;
use crate::state::prefs::BUDGETS_MS;
use crate::state::{Action, Preferences, PrefsAction, PuzzleAction, Running, State, View};

/// Props of the solver panel: only what it shows, so other actions do not redraw it.
#[derive(Properties, PartialEq)]
pub struct SolveProps {
    /// The board's size.
    pub shape: Shape,
    /// The parity verdict for the board against the goal.
    pub verdict: Solvability,
    /// The method, heuristic and depth-limit choices.
    pub prefs: Preferences,
    /// The solve in flight, with its tables' progress (the result is not shown here).
    pub running: Option<Running>,
    /// Why Solve (over the board) cannot be pressed, if it cannot (shown here and as its
    /// tooltip).
    #[prop_or_default]
    pub solve_why: Option<AttrValue>,
    /// The lengths of the running anytime solve's answers so far (each can be played).
    #[prop_or_default]
    pub answers: Vec<usize>,
    /// The one of them being played back.
    #[prop_or_default]
    pub playing_answer: Option<usize>,
    /// Sends actions to the page's reducer.
    pub dispatcher: UseReducerDispatcher<State>,
    /// The view shown (Race and Step through open "How to solve").
    pub view: View,
}

/// The solver panel.
#[function_component(SolvePanel)]
pub fn solve_panel(props: &SolveProps) -> Html {
    let state = &props.dispatcher;
    let verdict = &props.verdict;
    let (prefs, shape) = (&props.prefs, props.shape);
    let on_method = on_select::<MenuKey>(state, |key| Action::Prefs(PrefsAction::SetMethod(key.0)));
    let on_depth = {
        let state = state.clone();
        Callback::from(move |n: u64| {
            state.dispatch(Action::Prefs(PrefsAction::SetDepthLimit(n as usize)))
        })
    };
    let on_budget = on_select::<u32>(state, |ms| Action::Prefs(PrefsAction::SetBudget(ms)));
    let on_wait = {
        let state = state.clone();
        Callback::from(move |e: Event| {
            let input = e.target_unchecked_into::<web_sys::HtmlInputElement>();
            state.dispatch(Action::Prefs(PrefsAction::SetWaitForBest(input.checked())))
        })
    };
    let on_fix = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::Puzzle(PuzzleAction::SwapFix)))
    };
    let running = props.running.as_ref();
    let usual = Method::default_for(shape);
    let other_method =
        prefs.method.name() != usual.name() || prefs.method.heuristic() != usual.heuristic();
    let disclosure = use_how_to_solve(props.view, other_method);
    let chosen = prefs.effective_method(shape);
    let search = chosen.search_config().copied();
    let uses_depth =
        search.is_some_and(|config| matches!(config.algorithm, Algorithm::Dfs | Algorithm::Iddfs));
    html! {
        <section class="panel" aria-labelledby="solve-title">
            <h2 id="solve-title">{ "Solve" }</h2>
            { verdict_view(verdict, on_fix) }
            <details id="how-to-solve" class="how-to-solve" ref={disclosure.node} open={disclosure.open} ontoggle={disclosure.on_toggle}>
            <summary>{ "How to solve: the method and its settings" }</summary>
            <div class="row">
                <label class="method-field">{ "Method" }
                    <select id="algorithm" onchange={on_method}>
                        { method_options(&chosen, shape, prefs.lab_formula.as_ref()) }
                    </select>
                </label>
            </div>
            <p class="method-about small-print">
                <Term word="How this method works" text={chosen.explanation()} />
                { " " }
                <Term word="Shortest or fast?" text={glossary::METHOD} />
            </p>
            if uses_depth {
                <div class="row">
                    <NumberField id="depth" label="Depth limit" value={prefs.depth_limit as u64} min={1} max={200} on_value={on_depth} />
                </div>
            }
            <p class="row">
                <label class="check" title={WAIT_FOR_BEST}>
                    <input id="wait-for-best" type="checkbox" checked={prefs.wait_for_best} onchange={on_wait} />
                    { "Wait for the best answer" }
                </label>
                <span class="small-print" id="wait-about">{ WAIT_FOR_BEST }</span>
            </p>
            </details>
            <div class="row">
                if let Method::Anytime { time_limit_ms } = prefs.effective_method(shape) {
                    <label title="The first answer comes at once; the longer the search, the shorter the answer. Cancel keeps the best so far.">
                        { "Improve for" }
                        <select id="budget" onchange={on_budget}>
                            { for BUDGETS_MS.into_iter().map(|ms| html! {
                                <option value={ms.to_string()} selected={ms == time_limit_ms}>{ budget_label(ms) }</option>
                            }) }
                        </select>
                    </label>
                    <span class="small-print"><Term word="What is this time?" text={glossary::IMPROVE_FOR} /></span>
                }
            </div>
            if let Some(why) = &props.solve_why {
                <p id="solve-why" class="why">{ why.clone() }</p>
            }
            { crate::components::solve_tables::status_view(running, shape) }
            if let Some(text) = crate::components::solve_tables::progress_text(running, shape) {
                <p id="progress" class="progress" role="status" aria-live="polite">
                    <span class="spinner" aria-hidden="true"></span>
                    { text }
                </p>
            }
            if running.is_some() {
                <AnswersList lengths={props.answers.clone()} playing={props.playing_answer} dispatcher={state.clone()} />
            }
        </section>
    }
}

/// What "Wait for the best answer" does, in one sentence.
pub const WAIT_FOR_BEST: &str = "Off: the first answer plays at once and the rest keeps getting shorter while it plays. On: nothing moves until the search has used its time.";

/// A budget in words: "15 s", "2 min".
fn budget_label(ms: u32) -> String {
    if ms >= 60_000 && ms.is_multiple_of(60_000) {
        format!("{} min", ms / 60_000)
    } else {
        format!("{} s", ms / 1000)
    }
}

/// A menu entry's value: the method's name, with its heuristic for an informed search
/// (`astar:manhattan`) or its formula (`astar:2 * manhattan`), so that one menu carries both.
pub fn menu_key(method: &Method) -> String {
    if let Method::Formula { formula, .. } = method {
        return format!("{}:{}", method.name(), formula.text());
    }
    match method.heuristic() {
        Some(h) => format!("{}:{}", method.name(), h.name()),
        None => method.name().to_string(),
    }
}

/// A menu value read back into its method.
#[derive(Clone, Debug, PartialEq)]
pub struct MenuKey(pub Method);

impl std::str::FromStr for MenuKey {
    type Err = ();
    fn from_str(text: &str) -> Result<MenuKey, ()> {
        let (name, heuristic) = text.split_once(':').unwrap_or((text, ""));
        let method = name.parse::<Method>().map_err(|_| ())?;
        Ok(MenuKey(match heuristic {
            "" => method,
            h => method.guided_by(h.parse::<Guidance>().map_err(|_| ())?),
        }))
    }
}

/// Every method that fits `shape`, each informed search once per heuristic (strongest
/// first), and last the method people are taught (a link can name it, and a menu that lacked
/// it would show another method than the one Solve runs): the one menu of the Solve panel.
pub fn menu_entries(shape: Shape) -> Vec<Method> {
    const STRONGEST_FIRST: [HeuristicKind; 3] = [
        HeuristicKind::LinearConflict,
        HeuristicKind::Manhattan,
        HeuristicKind::Misplaced,
    ];
    Method::all_for(shape, HeuristicKind::LinearConflict)
        .into_iter()
        .flat_map(|method| match method.heuristic() {
            Some(_) => STRONGEST_FIRST
                .iter()
                .map(|&h| method.clone().with_heuristic(h))
                .collect(),
            None => vec![method],
        })
        .chain([Method::Taught])
        .collect()
}

/// The lab's `formula` guiding each informed search (greedy, A*, IDA*): the menu's entries
/// for it, as each built-in heuristic has one per search.
fn formula_entries(formula: &Arc<Formula>) -> impl Iterator<Item = Method> + '_ {
    Algorithm::ALL
        .into_iter()
        .filter(|algorithm| algorithm.is_informed())
        .map(|algorithm| Method::Formula {
            algorithm,
            formula: formula.clone(),
        })
}

/// The menu's options in two groups, the methods that prove the shortest answer and the fast
/// ones, each named by what it does ([`Method::description`]).
fn method_options(chosen: &Method, shape: Shape, lab_formula: Option<&Arc<Formula>>) -> Html {
    let chosen = menu_key(chosen);
    // The heuristic lab's formula, when handed over, guides each informed search as the
    // built-in heuristics do (never claimed shortest).
    let lab = lab_formula.into_iter().flat_map(formula_entries);
    let (shortest, fast): (Vec<Method>, Vec<Method>) = menu_entries(shape)
        .into_iter()
        .chain(lab.filter(|m| m.fits(shape).is_ok()))
        .partition(Method::is_optimal);
    let group = |label: &'static str, methods: Vec<Method>| {
        html! {
            <optgroup {label}>
                { for methods.iter().map(|m| {
                    let key = menu_key(m);
                    let selected = key == chosen;
                    html! { <option {selected} value={key}>{ m.description() }</option> }
                }) }
            </optgroup>
        }
    };
    html! {
        <>
        { group("Proves the shortest answer", shortest) }
        { group("May give a longer answer", fast) }
        </>
    }
}

/// `n` with its word, plural unless one.
fn counted(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// Even or odd.
fn parity_word(n: usize) -> &'static str {
    if n.is_multiple_of(2) {
        "even"
    } else {
        "odd"
    }
}

/// The verdict in plain words, each technical word explained where it appears: the
/// inversions of board and goal, their parity, and on even widths the blank's row.
fn verdict_view(verdict: &Solvability, on_fix: Callback<MouseEvent>) -> Html {
    let (board, goal) = (verdict.board_inversions, verdict.goal_inversions);
    let rows = verdict.blank_row_distance();
    let same = if verdict.solvable {
        "the same"
    } else {
        "different"
    };
    let ending = if verdict.solvable {
        ", so the goal can be reached."
    } else {
        ", so no sequence of slides reaches the goal. Swapping any two tiles makes it solvable."
    };
    let plain = if verdict.solvable {
        "the goal can be reached."
    } else {
        "no sequence of slides reaches the goal. Swapping any two tiles makes it solvable."
    };
    html! {
        <div id="solvability" class={classes!("verdict", if verdict.solvable { "ok" } else { "bad" })} role="status">
            <strong>{ if verdict.solvable { "Solvable ✓" } else { "Unsolvable ✗" } }</strong>
            { format!(": {plain} ") }
            <details class="why-details">
                <summary>{ "Why?" }</summary>
                <span>
                    { format!("The board has {board} ") }
                    <Term word={if board == 1 { "inversion" } else { "inversions" }} text={glossary::INVERSIONS} />
                    { format!(" ({}), the goal {goal} ({})", parity_word(board), parity_word(goal)) }
                    if verdict.width_is_even {
                        { ". On an even width " }
                        <Term word="the blank's row counts too" text={glossary::BLANK_ROW} />
                        { format!(": it is {} from its goal row, which makes {} against {goal}",
                            counted(rows, "row"), board + rows) }
                    }
                    { format!(": {same} ") }
                    <Term word="parity" text={glossary::PARITY} />
                    { ending }
                </span>
            </details>
            if !verdict.solvable {
                <div><button id="fix" onclick={on_fix}>{ "Fix: swap two tiles" }</button></div>
            }
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::{reduce, State};
    use puzzle_core::Goal;

    /// Every entry of the one menu reads back as itself, is picked with its heuristic, and a
    /// share link of it opens with the same entry (old `heuristic=` links included).
    #[test]
    fn every_menu_entry_round_trips_through_the_menu_and_the_link() {
        for size in [3, 4, 5] {
            let shape = Shape::square(size).unwrap();
            let start = State::new(shape, Goal::Standard);
            let entries = menu_entries(shape);
            let informed = entries.iter().filter(|m| m.heuristic().is_some()).count();
            assert_eq!(informed, 9, "greedy, A* and IDA* with each heuristic");
            assert_eq!(entries.last(), Some(&Method::Taught), "the taught method");
            for method in entries {
                let key = menu_key(&method);
                let read: MenuKey = key.parse().unwrap();
                assert_eq!(menu_key(&read.0), key);
                let picked = reduce(&start, Action::Prefs(PrefsAction::SetMethod(read.0)))
                    .unwrap_or(start.clone());
                assert_eq!(menu_key(&picked.effective_method()), key, "{size}: {key}");
                let (linked, errors) = crate::url::from_query(&crate::url::to_query(&picked));
                assert!(errors.is_empty(), "{errors:?}");
                assert_eq!(menu_key(&linked.effective_method()), key);
            }
        }
        // The lab's formula, handed over, is an entry for each informed search, picked and
        // linked as one, each under its search's budget (greedy and A* a node budget, IDA*
        // none: its memory is bounded and Cancel stops it).
        let mut start = State::new(Shape::square(3).unwrap(), Goal::Standard);
        let formula = std::sync::Arc::new("2 * manhattan".parse().unwrap());
        start.prefs.lab_formula = Some(std::sync::Arc::clone(&formula));
        let keys: Vec<String> = formula_entries(&formula).map(|m| menu_key(&m)).collect();
        assert_eq!(
            keys,
            [
                "greedy:2 * manhattan",
                "astar:2 * manhattan",
                "idastar:2 * manhattan"
            ]
        );
        for key in keys {
            let read: MenuKey = key.parse().unwrap();
            assert!(matches!(read.0, Method::Formula { .. }));
            assert!(!read.0.is_optimal(), "{key} is never claimed shortest");
            let picked = reduce(&start, Action::Prefs(PrefsAction::SetMethod(read.0))).unwrap();
            assert_eq!(menu_key(&picked.effective_method()), key);
            let (linked, errors) = crate::url::from_query(&crate::url::to_query(&picked));
            assert!(errors.is_empty(), "{errors:?}");
            assert_eq!(menu_key(&linked.effective_method()), key);
            assert_eq!(
                linked.request(1).max_expanded,
                crate::state::budget_for(linked.effective_method().algorithm()),
                "{key}: the budget of its search, as with a built-in heuristic"
            );
        }
        let (old, errors) = crate::url::from_query("?method=idastar&heuristic=manhattan");
        assert!(errors.is_empty());
        assert_eq!(menu_key(&old.effective_method()), "idastar:manhattan");
        assert!("astar:nonsense".parse::<MenuKey>().is_err());
    }

    #[test]
    fn entries_say_what_the_method_does() {
        let anytime = Method::anytime().description();
        assert!(
            anytime.starts_with("Fast, near-shortest: anytime"),
            "{anytime}"
        );
        let astar = Method::search(Algorithm::AStar).description();
        assert_eq!(astar, "Shortest: A* search guided by linear conflict");
    }
}
