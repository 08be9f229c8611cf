//! The solve: a request run by the core's solver with its tables, posting progress about ten
//! times a second and each better answer as it comes ([`super::request::solve_request`], the one place that
//! builds the worker's [`Limits`]). Requests whose method needs tables get them from the cache
//! first ([`with_tables`]): the big-board tables here, after a quick staged first answer; the
//! pattern databases through [`super::quick`].

use std::cell::RefCell;
use std::rc::Rc;

use puzzle_core::anytime::{BigTables, WholeTables};
use puzzle_core::suboptimal::{solve_staged, StagedConfig};
use puzzle_core::{Board, Direction, Limits, SolveOutcome, TableKind, Tables};
use web_sys::DedicatedWorkerGlobalScope;

use super::cache::{cached, loaded, made, Cached, Loaded, Missing};
use super::improver::Improver;
use super::outbox::{improved, post};
use super::wait::next_turn;
use super::with_state;
use super::{bound, clock, lanes, quick, second_search, shipped, tableless, watch, whole};
use crate::protocol::{FromWorker, SolveRequest, TablesInfo};

/// The answer to `request`, whose method needs tables: they may come from memory, IndexedDB,
/// a download or a build, while [`FromWorker::Building`] and [`FromWorker::TablesReady`] tell
/// the page.
pub(super) async fn with_tables(
    scope: &DedicatedWorkerGlobalScope,
    request: &SolveRequest,
) -> FromWorker {
    let id = request.id;
    match request.method.needs(request.board.shape()) {
        Some(TableKind::BigBoard) => {
            // Loaded while the tables come, to take part once they have.
            second_search::start_early(request);
            // With the tables in memory the solver itself posts the staged answer first;
            // otherwise it shows at once, and the board improves without tables while they
            // load, download or build.
            let asked = clock();
            // Sent for at once, so that they come while the big-board tables do.
            whole::held_or_sent_for(scope, id, &request.goal);
            match BigTables::held(&request.goal) {
                Some(_) => match cached::<BigTables>(scope, id, &request.goal).await {
                    Ok(tables) => solve_with_big(scope, request, asked, &tables, None).await,
                    Err(message) => FromWorker::Failed { id, message },
                },
                None => improve_until_tables(scope, request, asked).await,
            }
        }
        _ => quick::solve_pdb_request(scope, request).await,
    }
}

/// The tables lent to a big-board solve: the big-board tables, and the whole-board ones if
/// they serve it.
fn guides<'t>(big: &'t BigTables, whole: Option<&'t WholeTables>) -> Tables<'t> {
    Tables {
        big_board: Some(big),
        whole_board: whole,
        ..Tables::default()
    }
}

/// Longest wait for whole-board tables on their way (IndexedDB or the download: 0.2 to 1 s
/// from a local server) before a solve with the big-board tables in hand starts without them.
const WHOLE_WAIT_MS: f64 = 3000.0;

/// The answer to the big-board `request` (asked at `asked`) with its `tables` in hand, and
/// the whole-board tables where they serve it ([`whole`]): while those are on their way, the
/// quick staged answer shows (unless it is `shown` already) and they are waited for, at most
/// [`WHOLE_WAIT_MS`] and a quarter of the budget (worth it: 6x6 at 15 s on DeepCubeA's dev
/// states, 1.068 -> 1.034 times its lengths with them, see the README).
async fn solve_with_big(
    scope: &DedicatedWorkerGlobalScope,
    request: &SolveRequest,
    asked: f64,
    tables: &BigTables,
    shown: Option<Vec<Direction>>,
) -> FromWorker {
    let goal = &request.goal;
    // Before any answer with them: the answers so far (and the quick staged one) came with
    // linear conflict only.
    let big_only = bound::tell(scope, request, guides(tables, None));
    let (whole, start) = if whole::coming(goal) {
        let start = shown.or_else(|| staged_first_answer(scope, request));
        let wait = WHOLE_WAIT_MS.min(tableless::budget_ms(request) / 4.0);
        (
            whole::within(scope, request.id, goal, asked + wait).await,
            start,
        )
    } else {
        (whole::held_or_sent_for(scope, request.id, goal), None)
    };
    let tables = guides(tables, whole.as_deref());
    if whole.is_some() && puzzle_core::lower_bound_with(&request.board, goal, tables) > big_only {
        bound::tell(scope, request, tables);
    }
    let request = budget_from(asked, request);
    let start = match start {
        None if request.watch.is_some() => staged_first_answer(scope, &request),
        start => start,
    };
    match start {
        Some(start) if request.watch.is_some() => {
            watch::improve(scope, &request, tables, start).await
        }
        start => lanes::solve_waiting(scope, &request, tables, start).await,
    }
}

/// The answer to the big-board `request` (asked at `asked`) whose tables are not in memory:
/// from IndexedDB (a moment), else made. Where the app ships them (the standard goal's), the
/// download takes a second or so, while this worker improves the staged answer without them in slices
/// ([`improve_in_slices`]: a nested improver's start-up and run slowed the download's
/// inflating and checking, 6x6 at 2 s ended longer). Other goals' tables come from IndexedDB
/// or a build of 17-36 s in a nested worker, while a nested [`Improver`] runs the anytime
/// method without them, unsliced (slices where no nested worker runs). Once they come, the
/// rest of the budget runs with them from the best answer so far; if they cannot be had,
/// without them; if the budget ends first, the best answer so far is the answer and the
/// tables go on coming, for the next solve ([`on_the_way`]).
async fn improve_until_tables(
    scope: &DedicatedWorkerGlobalScope,
    request: &SolveRequest,
    asked: f64,
) -> FromWorker {
    let (id, goal) = (request.id, &request.goal);
    let staged = staged_first_answer(scope, request);
    let missing = match loaded::<BigTables>(scope, id, goal).await {
        // The solver's own staged answers (the quick one again, and the longer ones).
        Ok(Loaded::Ready(tables)) => {
            return solve_with_big(scope, request, asked, &tables, staged).await
        }
        Ok(Loaded::Missing(missing)) => missing,
        Err(message) => return FromWorker::Failed { id, message },
    };
    if let Some(path) = BigTables::shipped(goal) {
        shipped::start(path);
        return improve_in_slices(scope, request, asked, staged, missing).await;
    }
    let Some(improver) = Improver::spawn(scope, &budget_from(asked, request), staged.clone())
    else {
        return improve_in_slices(scope, request, asked, staged, missing).await;
    };
    let arrival = on_the_way(scope, id, goal, missing);
    let deadline = asked + tableless::budget_ms(request);
    let got = loop {
        if let Some(got) = arrival.borrow().clone() {
            break Some(got);
        }
        if clock() >= deadline {
            break None;
        }
        next_turn(tableless::WAIT_MS).await;
    };
    let best = improver.best();
    drop(improver);
    match got {
        Some(tables) => with_or_without(scope, &budget_from(asked, request), tables, best).await,
        None => before_tables(scope, request, best),
    }
}

/// Where big-board tables on their way arrive (`None` until they do); this worker keeps one
/// for each key on its way (`WorkerState::big_on_the_way`).
pub(super) type Arrival = Rc<RefCell<Option<Got>>>;

/// The big-board tables of `goal` on their way: the download or build in flight for their
/// key, else one started now (its progress goes to request `id`), stored when made.
fn on_the_way(
    scope: &DedicatedWorkerGlobalScope,
    id: u32,
    goal: &Board,
    missing: Missing,
) -> Arrival {
    let key = BigTables::key(goal).unwrap_or_default();
    if let Some(arrival) = with_state(|state| state.big_on_the_way.borrow().get(&key).cloned()) {
        return arrival;
    }
    let arrival: Arrival = Rc::default();
    with_state(|state| {
        let mut on_the_way = state.big_on_the_way.borrow_mut();
        on_the_way.insert(key.clone(), arrival.clone());
    });
    let (slot, scope, goal) = (arrival.clone(), scope.clone(), goal.clone());
    wasm_bindgen_futures::spawn_local(async move {
        let got = made::<BigTables>(&scope, id, &goal, missing).await;
        *slot.borrow_mut() = Some(got);
        with_state(|state| state.big_on_the_way.borrow_mut().remove(&key));
    });
    arrival
}

/// The answer when the budget ends before the tables come: the best so far (after a last
/// moment of the method without tables from it). The tables go on coming, for the next solve.
fn before_tables(
    scope: &DedicatedWorkerGlobalScope,
    request: &SolveRequest,
    best: Option<Vec<Direction>>,
) -> FromWorker {
    let id = request.id;
    match tableless::slice(scope, request, best.as_deref(), 1.0) {
        Some(answer) => FromWorker::Done {
            id,
            solution: Box::new(answer),
        },
        None => FromWorker::Failed {
            id,
            message: "no answer could be made without the tables".to_string(),
        },
    }
}

/// The big-board tables, or why they could not be had.
type Got = Result<Rc<BigTables>, String>;

/// The rest of `request`'s budget from `best`, with `tables` if they came.
async fn with_or_without(
    scope: &DedicatedWorkerGlobalScope,
    request: &SolveRequest,
    tables: Got,
    best: Option<Vec<Direction>>,
) -> FromWorker {
    let whole = tables
        .is_ok()
        .then(|| whole::held_or_sent_for(scope, request.id, &request.goal))
        .flatten();
    let tables = match &tables {
        Ok(tables) => {
            let tables = guides(tables, whole.as_deref());
            bound::tell(scope, request, tables);
            tables
        }
        Err(why) => {
            // The page says so in its tables line, and keeps the answers it has.
            post(scope, &unavailable(request.id, why.clone()));
            Tables::default()
        }
    };
    match best {
        Some(best) if request.watch.is_some() => watch::improve(scope, request, tables, best).await,
        best => lanes::solve_waiting(scope, request, tables, best).await,
    }
}

/// The tables line's message when the big-board tables could not be had, and `why`.
fn unavailable(id: u32, why: String) -> FromWorker {
    let info = TablesInfo::Failed { why };
    FromWorker::TablesReady { id, info }
}

/// [`improve_until_tables`] on one thread: the tables are got behind slices of the anytime
/// method without them ([`tableless`]), each from the best answer so far, until they come or
/// the budget is spent (then the best answer is the answer, and they go on coming).
async fn improve_in_slices(
    scope: &DedicatedWorkerGlobalScope,
    request: &SolveRequest,
    asked: f64,
    mut best: Option<Vec<Direction>>,
    missing: Missing,
) -> FromWorker {
    let id = request.id;
    let arrival = on_the_way(scope, id, &request.goal, missing);
    let mut slice_ms = tableless::FIRST_SLICE_MS;
    // The first slice makes the solver's own staged answers (the longer ones may be shorter).
    let mut seeded = false;
    loop {
        let left = asked + tableless::budget_ms(request) - clock();
        let downloading = clock() - asked < tableless::SHORT_SLICES_MS;
        // A pause, not just a turn, while the download may be on its way: its body comes
        // in chunks, each read in a task of this worker.
        let pause = match (left >= 1.0, downloading) {
            (false, _) => tableless::WAIT_MS,
            (true, true) => tableless::PAUSE_MS,
            (true, false) => 0,
        };
        next_turn(pause).await;
        // With the whole-board tables too where they are on their way (they come about as
        // soon: 1.5 and 3.2 MB gzipped against 4.5), unless the budget ends.
        let whole_coming = whole::coming(&request.goal) && left >= 1.0;
        let arrived = arrival.borrow().clone().filter(|_| !whole_coming);
        if let Some(tables) = arrived {
            return with_or_without(scope, &budget_from(asked, request), tables, best).await;
        }
        if left < 1.0 {
            return before_tables(scope, request, best);
        }
        let start = best.as_deref().filter(|_| seeded);
        let Some(answer) = tableless::slice(scope, request, start, slice_ms.min(left)) else {
            continue;
        };
        seeded = true;
        if answer.outcome != SolveOutcome::Solved {
            return FromWorker::Done {
                id,
                solution: Box::new(answer),
            };
        }
        // A slice that gained nothing: the next one is longer, to reach the longer windows
        // (not while a download may be on its way: each of its steps waits for the slice).
        if !downloading && best.as_ref().is_some_and(|b| answer.moves.len() >= b.len()) {
            slice_ms = (slice_ms * 2.0).min(tableless::LONGEST_SLICE_MS);
        }
        best = Some(answer.moves);
    }
}

/// `request` with its time budget counted from `asked` (the time spent getting tables and the
/// first answer is taken off), so that the page's budget runs from Solve.
fn budget_from(asked: f64, request: &SolveRequest) -> SolveRequest {
    let mut request = request.clone();
    if let puzzle_core::Method::Anytime { time_limit_ms } = request.method {
        let spent = (clock() - asked).max(0.0) as u32;
        request.method = request
            .method
            .with_time_limit(time_limit_ms.saturating_sub(spent).max(1));
    }
    request
}

/// Posts the quick staged answer of an anytime request as its first
/// [`FromWorker::Improved`] (milliseconds on any board, while its tables may take seconds to
/// load or build), and returns its moves.
pub(super) fn staged_first_answer(
    scope: &DedicatedWorkerGlobalScope,
    request: &SolveRequest,
) -> Option<Vec<Direction>> {
    let mut limits = Limits {
        clock,
        ..Limits::default()
    };
    let staged = solve_staged(
        &request.board,
        &request.goal,
        &StagedConfig::quick(1),
        &mut limits,
    );
    let mut solution = staged.ok()?.solution;
    solution.length()?;
    solution.method = request.method.clone();
    let moves = solution.moves.clone();
    improved(scope, request.id, solution);
    Some(moves)
}
