//! The solve while it runs: started, its progress and better answers, watched at once, failed
//! or cancelled (an anytime solve keeps its best answer). The router hands the solve's actions
//! here ([`route`]); a race's requests share the worker, and the router offers their messages
//! to the race first.

use puzzle_core::{Method, Progress, Solution};

use super::finished::{keep_best, kept_words};
use super::tables::Tables;
use super::{Running, SolveAction, SolveChange, Stop, Told, Watch};
use crate::state::{PlaybackAction, State};

/// A solve and the worker's messages about it (the router offers a race's to the race
/// first: [`crate::state::race::take`]).
pub(in crate::state) fn route(state: &State, action: SolveAction) -> Option<State> {
    let solve_only = |change| {
        Some(State {
            solve: state.solve.reduce(change)?,
            ..state.clone()
        })
    };
    match action {
        SolveAction::Started(id) => solve_started(state, id),
        // The solve only (for the running request).
        SolveAction::Told(id, told) => solve_only(SolveChange::Told(id, told)),
        SolveAction::Proof(step) => solve_only(SolveChange::Proof(step)),
        SolveAction::Progress(id, progress) => request_progress(state, id, progress),
        SolveAction::Solved(id, solution) => super::finished::solved(state, id, solution),
        SolveAction::Improved(id, solution) => improved(state, id, solution),
        SolveAction::WatchNow(id) => watch_now(state, id),
        SolveAction::PlayAnswer(index) => super::finished::play_answer(state, index),
        SolveAction::Failed(id, message) => solve_failed(state, id, message),
        SolveAction::Cancelled => cancelled(state),
    }
}

/// A solve was sent: it runs from the board on screen, and what played stops.
fn solve_started(state: &State, id: u32) -> Option<State> {
    let mut next = state.clone();
    let request = state.request(id);
    let watch = match request.watch {
        None => Watch::Off,
        // The anytime method's first answer comes in milliseconds: it plays.
        Some(_) if matches!(request.method, Method::Anytime { .. }) => Watch::Playing,
        Some(_) => Watch::Waiting,
    };
    let running = Running::new(
        id,
        state.puzzle.board.clone(),
        state.puzzle.goal_board.clone(),
        request.method,
        request.max_expanded,
        watch,
    );
    next.solve = state
        .solve
        .reduce(SolveChange::Started(Box::new(running)))?;
    next.notice = None;
    next.playback = None;
    Some(next)
}

/// Progress of the solve's request `id` (a race's is the race's: [`crate::state::race::take`]).
fn request_progress(state: &State, id: u32, progress: Progress) -> Option<State> {
    Some(State {
        solve: state.solve.reduce(SolveChange::Progress(id, progress))?,
        ..state.clone()
    })
}

/// A request of the solve failed (a race's row is the race's): an anytime solve keeps its
/// best answer, and any other solve stops, with a notice either way.
fn solve_failed(state: &State, id: u32, message: String) -> Option<State> {
    let mut next = state.clone();
    if let Some(kept) = state
        .solve
        .is_running(id)
        .then(|| keep_best(state, &mut next))
        .flatten()
    {
        // An anytime solve that fails keeps its answer (the one playing, if one is).
        next.notice = Some(format!(
            "The solver failed: {message}. Kept {}.",
            kept_words(state, kept)
        ));
    } else {
        let failed = SolveChange::Failed(id, message.clone());
        next.solve = state.solve.reduce(failed)?;
        next.notice = Some(format!("The solver failed: {message}"));
    }
    Some(next)
}

/// Cancel (a running race's is the race's): an anytime solve keeps its best answer; any
/// other solve stops, saying how far it got.
fn cancelled(state: &State) -> Option<State> {
    let mut next = state.clone();
    let running = state.solve.running()?;
    if let Some(kept) = keep_best(state, &mut next) {
        // Cancel stops what the person sees too: the board stays where the answer had
        // brought it (the moves played are real slides; going back would undo what was just
        // watched), and Play lets the kept answer play on.
        let paused = next
            .playback
            .as_ref()
            .filter(|p| p.playing)
            .and_then(|p| p.reduce(PlaybackAction::Pause));
        let words = kept_words(state, kept);
        next.notice = Some(match &paused {
            Some(p) => format!(
                "Stopped: kept {words}. The board stays at move {} of {}: press Play to let it play on.",
                p.step,
                p.moves.len()
            ),
            None => format!("Stopped: kept {words}."),
        });
        if paused.is_some() {
            next.playback = paused;
        }
        return Some(next);
    }
    next.solve = state.solve.reduce(SolveChange::Stopped(Stop::Cancelled))?;
    next.notice = Some(match &running.tables {
        Tables::Building(build) => format!(
            "Cancelled while building the pattern database ({:.0}% done): nothing was saved.",
            build.fraction() * 100.0
        ),
        _ => format!(
            "Cancelled: the solver was stopped after expanding {} nodes.",
            crate::format::count(running.progress.as_ref().map_or(0, |p| p.expanded))
        ),
    });
    Some(next)
}

/// A better answer while the search goes on: kept; watched, it plays (the first) or
/// splices into the playback (if it keeps the moves played; else only its proof of the
/// shortest length, or its lower bound, is kept).
fn improved(state: &State, id: u32, solution: Box<Solution>) -> Option<State> {
    let mut next = state.clone();
    let running = state.solve.running().filter(|r| r.id == id)?;
    if running.watch != Watch::Playing {
        next.solve = state.solve.reduce(SolveChange::Improved(id, solution))?;
        return Some(next);
    }
    let playing = state.playback.as_ref().filter(|p| p.start == running.start);
    // Whether the solve kept the answer (a shorter one), not only its larger bound.
    let kept = |solving: &super::Solve| {
        let held = |s: &super::Solve| s.running().map_or(0, |r| r.improved.len());
        held(solving) > held(&state.solve)
    };
    match playing.map(|p| p.spliced(&solution.moves)) {
        None => {
            let moves = solution.moves.clone();
            next.solve = state.solve.reduce(SolveChange::Improved(id, solution))?;
            if kept(&next.solve) {
                next.play(running.start.clone(), moves);
            }
        }
        Some(Some(spliced)) => {
            next.solve = state.solve.reduce(SolveChange::Improved(id, solution))?;
            if kept(&next.solve) {
                next.playback = Some(spliced);
            }
        }
        Some(None) if solution.is_optimal() => {
            next.solve = state.solve.reduce(SolveChange::Proven(id, solution))?;
        }
        // It does not fit the moves played: only its lower bound is kept (if larger).
        Some(None) => {
            let bound = SolveChange::Told(id, Told::Bound(solution.lower_bound?));
            next.solve = state.solve.reduce(bound)?;
        }
    }
    Some(next)
}

/// The grace of a watched exact method is over: its best answer so far plays, and
/// the ones after it as they come.
fn watch_now(state: &State, id: u32) -> Option<State> {
    let mut next = state.clone();
    let running = state.solve.running().filter(|r| r.id == id)?;
    next.solve = state.solve.reduce(SolveChange::Watching(id))?;
    let playing = state
        .playback
        .as_ref()
        .is_some_and(|p| p.start == running.start);
    if let Some(best) = running.improved.last().filter(|_| !playing) {
        next.play(running.start.clone(), best.moves.clone());
    }
    Some(next)
}
