//! One column of the step-through view: one method's trace replayed to the shared step, with
//! its counts, the node being expanded, OPEN, the tree and the CSV export.

use std::cell::RefCell;
use std::rc::Rc;

use puzzle_core::{Algorithm, Board, Method};
use yew::prelude::*;

use super::open_table::{OpenRow, OpenTable};
use super::tree_view::{DrawNode, TreeView, X_GAP, Y_GAP};
use crate::components::mini::MiniBoard;
use crate::components::term::{glossary, Term};
use crate::download::download;
use crate::format::count;
use crate::step_through::trace_set::{Trace, MAX_EXPANSIONS};
use crate::step_through::tree::{NodeState, Tree, TreeNode};
use crate::step_through::Replay;

/// Most tree nodes drawn at once.
pub const DRAWN_NODES: usize = 400;
/// OPEN entries listed.
const OPEN_ROWS: usize = 6;
/// Up to this many drawn nodes, each shows its f.
const LABELLED_NODES: usize = 150;

/// Props of a column.
#[derive(Properties, PartialEq)]
pub struct PaneProps {
    /// The method.
    pub method: Method,
    /// Its trace so far (`None` before one is asked for).
    pub trace: Option<Trace>,
    /// The step to show.
    pub step: usize,
    /// The goal.
    pub goal: Board,
}

/// How a method orders OPEN, in words.
fn order_words(algorithm: Algorithm) -> &'static str {
    match algorithm {
        Algorithm::Bfs => "first in, first out",
        Algorithm::AStar => "smallest f = g + h first; ties: larger g, then older",
        Algorithm::Greedy => "smallest h first; ties: larger g, then older",
        _ => "deepest first (depth-first keeps only its path)",
    }
}

/// What the trace says about itself.
fn status(trace: Option<&Trace>, replay: &Replay) -> (String, &'static str) {
    let Some(trace) = trace else {
        return (String::new(), "");
    };
    if let Some(error) = &trace.error {
        return (format!("No trace: {error}"), "error");
    }
    if !trace.done {
        let so_far = count(trace.expansions as u64);
        return (format!("Tracing… {so_far} expansions so far"), "muted");
    }
    if trace.len == 0 {
        return (
            "The goal cannot be reached from this board: nothing to search.".into(),
            "warn",
        );
    }
    let steps = count(trace.expansions as u64);
    if trace.solved() {
        let moves = replay
            .goal
            .map(|g| replay.tree.nodes[g].g.to_string())
            .unwrap_or_else(|| "…".into());
        let reached = if replay.goal.is_some() {
            format!("Goal reached: {moves} moves after {steps} expansions.")
        } else {
            format!("Finds the goal after {steps} expansions.")
        };
        return (reached, "good");
    }
    if trace.limit_reached {
        return (
            format!(
                "The trace stops at the limit of {} expansions: this method needs more on \
                 this board (the limit keeps the page quick; a board nearer the goal fits).",
                count(MAX_EXPANSIONS)
            ),
            "warn",
        );
    }
    (
        format!("No solution within the depth limit ({steps} expansions)."),
        "warn",
    )
}

fn draw(tree: &Tree, current: Option<usize>, picked: Option<usize>) -> Vec<DrawNode> {
    let ids = tree.window(DRAWN_NODES, picked.or(current));
    let placed = tree.layout(&ids);
    let labelled = placed.len() <= LABELLED_NODES;
    let at = |p: &crate::step_through::tree::Placed| (p.x * X_GAP, p.y * Y_GAP);
    let spots: std::collections::HashMap<usize, (f64, f64)> =
        placed.iter().map(|p| (p.id, at(p))).collect();
    placed
        .iter()
        .map(|p| {
            let node = &tree.nodes[p.id];
            let mut class = node.state.name().to_string();
            for (on, word) in [
                (node.on_path, " path"),
                (current == Some(p.id), " current"),
                (picked == Some(p.id), " picked"),
            ] {
                if on {
                    class.push_str(word);
                }
            }
            let (x, y) = at(p);
            DrawNode {
                id: p.id,
                x,
                y,
                parent: p.parent.and_then(|q| spots.get(&q).copied()),
                class,
                label: if labelled && node.state != NodeState::Skipped {
                    node.f().to_string()
                } else {
                    String::new()
                },
                title: format!(
                    "{}  g={} h={} f={} ({})",
                    node.board.to_flat(),
                    node.g,
                    node.h,
                    node.f(),
                    node.state.name()
                ),
            }
        })
        .collect()
}

/// One method's column.
#[function_component(Pane)]
pub fn pane(props: &PaneProps) -> Html {
    let algorithm = props.method.algorithm();
    let holder = use_mut_ref(|| (u32::MAX, Replay::new(algorithm)));
    // The picked node, with the trace and iteration it belongs to (replays of one trace
    // number their nodes alike; an iteration of IDDFS or IDA* starts a new tree).
    let picked = use_state(|| None::<(u32, Option<u32>, usize)>);
    let id = props.trace.as_ref().map_or(u32::MAX, |t| t.id);
    let reset = {
        let held: &RefCell<(u32, Replay)> = &holder;
        let held = held.borrow();
        held.0 != id || held.1.step > props.step
    };
    if reset {
        *holder.borrow_mut() = (id, Replay::new(algorithm));
    }
    if let Some(trace) = &props.trace {
        holder.borrow_mut().1.advance(trace.events(), props.step);
    }
    let held = holder.borrow();
    let replay = &held.1;
    let tree = &replay.tree;
    let picked_id = (*picked)
        .filter(|&(trace, bound, p)| trace == id && bound == replay.bound && p < tree.nodes.len())
        .map(|(_, _, p)| p);
    let (line, tone) = status(props.trace.as_ref(), replay);

    let method = &props.method;
    let name = match (method, method.heuristic()) {
        (Method::Formula { .. }, _) => format!("{}-formula", algorithm.name()),
        (_, Some(h)) => format!("{}-{}", algorithm.name(), h.name()),
        (_, None) => algorithm.name().to_string(),
    };
    let on_export = {
        let (trace, name) = (props.trace.clone(), name.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(trace) = &trace {
                download(&format!("trace-{name}.csv"), &trace.csv()).ok();
            }
        })
    };
    let on_pick = {
        let picked = picked.clone();
        let bound = replay.bound;
        Callback::from(move |node: usize| picked.set(Some((id, bound, node))))
    };
    let current = replay.current.and_then(|c| tree.nodes.get(c));
    let open_rows: Vec<OpenRow> = replay
        .open_top(OPEN_ROWS)
        .into_iter()
        .map(|i| {
            (
                tree.nodes[i].board.clone(),
                tree.nodes[i].g,
                tree.nodes[i].h,
            )
        })
        .collect();
    let open_total = replay
        .open_len()
        .unwrap_or_else(|| replay.open_top(usize::MAX).len());
    let stale = replay.open_stale();
    let drawn = Rc::new(draw(tree, replay.current, picked_id));
    let focus = drawn
        .iter()
        .find(|n| Some(n.id) == replay.current)
        .map(|n| (n.x, n.y));
    let done = props.trace.as_ref().is_some_and(|t| t.done && t.len > 0);
    let current_title = match (replay.goal, replay.step) {
        (Some(_), _) => "Goal",
        (None, 0) => "Start",
        _ => "Expanding",
    };
    let goal = &props.goal;
    html! {
        <div class="pane" data-method={name.clone()}>
            <h3 class="pane-title">{ method.short_label() }</h3>
            <p class={classes!("pane-status", "small-print", tone)} aria-live="polite">{ line }</p>
            { counts(replay) }
            if stale > 0 {
                <p class="small-print muted">{ format!("OPEN counts {stale} entries superseded by a cheaper path, dropped when reached.") }</p>
            }
            if let Some(iteration) = replay.bound {
                <p class="small-print muted">{ format!("Iteration with bound {iteration}") }</p>
            }
            if let Some(node) = current {
                { node_card(&NodeCardProps { node: node.clone(), goal: goal.clone(), class: "current".into(), title: current_title.into(), picked: false }) }
            }
            <OpenTable rows={Rc::new(open_rows)} total={open_total} order={order_words(algorithm)}
                goal={goal.clone()} title={if replay.depth_first() { "Path" } else { "OPEN" }} />
            if let Some(mismatch) = &replay.mismatch {
                <p class="error small-print">{ format!("The replay differs from the core {mismatch}") }</p>
            }
            <TreeView nodes={drawn} {on_pick} total={tree.nodes.len()} {focus} />
            <p class="legend small-print">
                <span class="key expanded">{ "expanded" }</span>
                <span class="key open">{ "in OPEN" }</span>
                <span class="key skipped">{ "skipped" }</span>
                <span class="key path">{ "solution path" }</span>
            </p>
            if let Some(node) = picked_id.and_then(|p| tree.nodes.get(p)) {
                { node_card(&NodeCardProps { node: node.clone(), goal: goal.clone(), class: "current picked-node".into(),
                    title: "Picked node".into(), picked: true }) }
            }
            <button class="export" onclick={on_export} disabled={!done}>{ "Export CSV" }</button>
        </div>
    }
}

/// The counts: expanded, OPEN and CLOSED (the path, for depth-first methods), each word
/// explained.
fn counts(replay: &Replay) -> Html {
    let depth_first = replay.depth_first();
    let counts = [
        (
            "expanded",
            "expanded",
            glossary::EXPANDED,
            replay.step.to_string(),
        ),
        (
            "open",
            "OPEN",
            glossary::OPEN,
            replay
                .open_len()
                .map_or_else(|| "—".to_string(), |n| n.to_string()),
        ),
        (
            "closed",
            if depth_first { "path" } else { "CLOSED" },
            if depth_first {
                glossary::PATH
            } else {
                glossary::CLOSED
            },
            replay.closed.to_string(),
        ),
    ];
    html! {
        <dl class="counts">
            { for counts.iter().map(|(key, word, text, value)| html! {
                <div><dt><Term word={*word} text={*text} /></dt><dd data-count={*key}>{ value }</dd></div>
            }) }
        </dl>
    }
}

/// Props of a node card.
struct NodeCardProps {
    /// The node.
    node: TreeNode,
    /// The goal (tiles home are shaded).
    goal: Board,
    /// The card's classes.
    class: AttrValue,
    /// Its heading.
    title: AttrValue,
    /// Whether it is the picked node (which also says when it was expanded, or its state).
    picked: bool,
}

/// A node's board with its heading and g, h and f.
fn node_card(props: &NodeCardProps) -> Html {
    let node = &props.node;
    html! {
        <div class={props.class.clone()}>
            <MiniBoard board={node.board.clone()} goal={props.goal.clone()} />
            <div>
                <strong>{ props.title.clone() }</strong>
                <p class="gh">{ format!("g = {}  h = {}  f = {}", node.g, node.h, node.f()) }</p>
                if props.picked {
                    <p class="small-print muted">{ match node.expanded_at {
                        Some(at) => format!("expanded at step {at}"),
                        None => node.state.name().to_string(),
                    } }</p>
                }
            </div>
        </div>
    }
}
