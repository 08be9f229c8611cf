//! A technical word with its plain-language explanation one press away ([`Term`]): a button
//! (reachable by Tab, opened by click, tap, Enter or Space, closed again the same way or by
//! Escape) that shows a short note under the word. The note is also the button's
//! description (`aria-describedby`), so a screen reader reads it without opening it. Not a
//! hover tooltip: touch screens have no hover. The texts live in [`glossary`].

use std::cell::Cell;

use yew::prelude::*;

thread_local! {
    /// The last id handed out: each term's note gets its own, even when a word appears twice.
    static LAST_ID: Cell<u32> = const { Cell::new(0) };
}

/// A fresh id for a note, `term-1`, `term-2`, ...
fn next_id() -> String {
    LAST_ID.with(|last| {
        last.set(last.get() + 1);
        format!("term-{}", last.get())
    })
}

/// Props of a term.
#[derive(Properties, PartialEq)]
pub struct TermProps {
    /// The word as the page shows it ("inversions", "Peak held").
    pub word: AttrValue,
    /// What it means, in a sentence or two of plain words.
    pub text: AttrValue,
    /// Extra classes for the wrapper.
    #[prop_or_default]
    pub class: Classes,
}

/// A word with its explanation behind a button.
#[function_component(Term)]
pub fn term(props: &TermProps) -> Html {
    let open = use_state(|| false);
    let id = use_memo((), |_| next_id());
    let toggle = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
    };
    let on_key = {
        let open = open.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Escape" && *open {
                e.stop_propagation();
                open.set(false);
            }
        })
    };
    html! {
        <span class={classes!("term", props.class.clone(), open.then_some("open"))}>
            <button type="button" class="term-word" aria-expanded={open.to_string()}
                aria-controls={(*id).clone()} aria-describedby={(*id).clone()}
                onclick={toggle} onkeydown={on_key}>
                { props.word.clone() }<span class="term-mark" aria-hidden="true">{ "?" }</span>
            </button>
            <span id={(*id).clone()} class="term-note" role="note" hidden={!*open}>{ props.text.clone() }</span>
        </span>
    }
}

/// The explanations, short and plain, one place for every panel.
pub mod glossary {
    /// Inversions, as the solvability verdict counts them.
    pub const INVERSIONS: &str = "Read the tiles row by row, skipping the blank: each pair \
        in the wrong order (a bigger number before a smaller one) is one inversion. Sliding a \
        tile sideways never changes the count; sliding one up or down jumps it past the tiles \
        in between.";
    /// Parity.
    pub const PARITY: &str = "Whether a number is even or odd. Slides can only reach boards \
        whose parity (of inversions, plus the blank's row on even widths) is the goal's: that is \
        why half of all boards can never be solved.";
    /// The blank's row on boards of even width.
    pub const BLANK_ROW: &str = "On a board of even width, each slide up or down flips the \
        parity of the inversions and moves the blank one row, so the rows between the blank \
        and its goal row are added to the count.";
    /// The estimate h.
    pub const ESTIMATE: &str = "h is a quick guess of the moves left that is never too high: \
        Manhattan plus 2 for each linear conflict. The real number of moves is at least h.";
    /// Manhattan distance.
    pub const MANHATTAN: &str = "For each tile, the rows plus columns between it and its goal \
        cell, added up. A slide moves one tile one cell, so no solution is shorter than this.";
    /// Linear conflict.
    pub const LINEAR_CONFLICT: &str = "Two tiles already in their goal row (or column) but in \
        the wrong order: one must step out of the line and back to let the other pass, 2 moves \
        more than Manhattan counts.";
    /// Misplaced tiles.
    pub const MISPLACED: &str = "The number of tiles not on their goal cell: each needs at \
        least one move. Weaker than Manhattan, which also counts how far.";
    /// Nodes expanded.
    pub const EXPANDED: &str = "A node is one board the search reached. Expanding it means \
        looking at the boards one slide away. Fewer expansions mean a better-guided search.";
    /// Nodes generated.
    pub const GENERATED: &str = "Boards made while expanding (up to 4 per expansion, one per \
        slide), counted even when seen before.";
    /// The most boards held at once.
    pub const PEAK_HELD: &str = "The most boards the search kept waiting to be looked at, at \
        one moment: a measure of the memory it needs. IDA* and depth-first keep only their \
        current line of moves.";
    /// The search's time.
    pub const TIME: &str = "How long the search took in this browser, from the start of the \
        search to the answer (tables built beforehand not included).";
    /// A shortest answer.
    pub const SHORTEST: &str = "The method proves that no solution has fewer moves.";
    /// A near-shortest answer.
    pub const NEAR_SHORTEST: &str = "The method is fast but does not prove the answer is the \
        shortest; when it knows a lower bound, it says how far from the shortest it can at most \
        be. On 5x5 to 7x7 a few seconds of exact search after the answer (in the counting \
        worker) then raise that bound.";
    /// Moves from here.
    pub const MOVES_FROM_HERE: &str = "The fewest slides that bring this board to the goal. \
        Exact when it is known (every board up to 3x3, 4x4 once counted or solved); otherwise \
        the range it must lie in: at least the estimate h, at most the length of an answer \
        known for this board.";
    /// The exact count on boards of 11 to 16 cells.
    pub const EXACT_COUNT: &str = "On boards of 11 to 16 cells, the counting worker (a worker of \
        the page's own, beside the solver's; it also finds the hints) solves each new board \
        exactly while you play (a few seconds each, using a processor core). Smaller \
        boards are always counted; bigger ones take too long to count exactly.";
    /// OPEN.
    pub const OPEN: &str = "The boards found but not yet looked at, in the order the method \
        will take them: the search's to-do list (also called the frontier).";
    /// CLOSED.
    pub const CLOSED: &str = "The boards already looked at (expanded), kept so that none is \
        looked at twice.";
    /// The path of a depth-first search.
    pub const PATH: &str = "Depth-first searches keep only the line of moves from the start to \
        the board they look at now.";
    /// g.
    pub const G: &str = "g: the moves made from the start to reach this board.";
    /// h.
    pub const H: &str = "h: the estimate of the moves left from this board to the goal, never \
        too high.";
    /// f.
    pub const F: &str = "f = g + h: the estimated length of a whole solution through this \
        board. A* looks at the smallest f first.";
    /// The iterations of IDA* and IDDFS.
    pub const ITERATIONS: &str = "IDA* and IDDFS search again and again, each time allowing a \
        little more: a higher limit on f = g + h (IDA*) or on the depth (IDDFS). These are the \
        limits, one per round; the last round finds the answer.";
    /// The race's node budget.
    pub const BUDGET: &str = "Each method may expand at most this many boards; one that needs \
        more stops with \"budget hit\", which shows how much work it needs.";
    /// The method picker.
    pub const METHOD: &str = "How the computer looks for a solution. \"Shortest\" methods prove \
        their answer has the fewest moves; \"fast\" ones answer sooner with an answer that may be \
        longer. \"Guided by\" names the estimate of the moves left that steers the search.";
    /// The anytime methods' time.
    pub const IMPROVE_FOR: &str = "Big boards get an answer at once; the search then keeps \
        looking for shorter ones for this long (while the answer plays, unless you wait for the \
        best). A longer time usually gives a shorter answer. Cancel keeps the best so far.";
    /// The race's method names.
    pub const RACE_NAMES: &str = "BFS and IDDFS try every board in order of distance; A* and \
        IDA* are guided by an estimate of the moves left and still find the shortest answer; \
        greedy follows the estimate alone: fast, but its answer can be long. The estimates: \
        misplaced counts tiles off their goal cell, Manhattan adds each tile's rows and columns \
        to go, lin. conflict (linear conflict) adds 2 for each pair of tiles that must pass each \
        other in their goal row or column.";
}
