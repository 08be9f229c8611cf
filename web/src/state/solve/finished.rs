//! The solve's end: its final answer kept as the result (spliced into the playback where it
//! fits the moves played, else the answer playing goes on), an answer of it replayed, and the
//! best answer so far kept when a solve is cancelled or fails.

use puzzle_core::{Solution, SolveOutcome};

use super::{Solve, SolveChange, Told, Watch};
use crate::state::{PuzzleChange, State};

/// The solve's answer (a race's is the race's): kept as the result, and playback starts if
/// the board is still the one that was solved, else a notice says why not.
pub(super) fn solved(state: &State, id: u32, solution: Box<Solution>) -> Option<State> {
    let mut next = state.clone();
    let running = state.solve.running().filter(|r| r.id == id)?;
    let start = running.start.clone();
    // The final answer's bound is kept, also where an earlier answer plays on and becomes the
    // result (`watched_final`): every answer is stated against the largest bound told.
    let told = solution.lower_bound;
    if let Some(solving) =
        told.and_then(|b| next.solve.reduce(SolveChange::Told(id, Told::Bound(b))))
    {
        next.solve = solving;
    }
    let solution = next.watched_final(id, solution);
    // The search is over: what is left of the answer playing now plays in its share of the
    // rest's time (`pace`), no longer at the speed that left the search room.
    if let Some(playback) = next.playback.as_ref().filter(|p| p.start == start) {
        next.playback = Some(playback.paced_from_here());
    }
    let solved = solution.outcome == SolveOutcome::Solved;
    let moves = solution.moves.clone();
    next.solve = next.solve.reduce(SolveChange::Finished(id, solution))?;
    // An earlier answer of this solve is being played: it goes on, the final one is
    // offered in the answers list.
    let playing = next.playback.as_ref().filter(|p| p.start == start);
    if let Some(playing) = playing.filter(|_| solved) {
        if playing.moves != moves {
            next.notice = Some(format!(
                "The final answer came in ({} moves): play it from the answers list.",
                moves.len()
            ));
        }
    } else if solved && !moves.is_empty() {
        // The rule keeps a running solve only while its start is on screen.
        next.play(start, moves);
    }
    Some(next)
}

/// Replays: the board goes back to the answer's start and playback starts. While an
/// anytime solve still improves, its answers so far can play: the solve goes on (it was
/// sent its own start and goal), and its later answers join the list.
pub(super) fn play_answer(state: &State, index: usize) -> Option<State> {
    let mut next = state.clone();
    let (start, goal, solution) = match &state.solve {
        Solve::Running(running) => (&running.start, &running.goal, running.improved.get(index)?),
        Solve::Finished(finished) => (
            &finished.start,
            &finished.goal,
            finished.answers().nth(index)?,
        ),
        Solve::Idle | Solve::Stopped(_) => return None,
    };
    if *goal != state.puzzle.goal_board
        || solution.outcome != SolveOutcome::Solved
        || solution.moves.is_empty()
    {
        return None;
    }
    next.puzzle_do(PuzzleChange::SetBoard(start.clone()));
    next.play(start.clone(), solution.moves.clone());
    next.notice = None;
    // The Result names the answer that plays (Restart then restarts it).
    if state.solve.running().is_none() {
        if let Some(solving) = next.solve.reduce(SolveChange::Name(index)) {
            next.solve = solving;
        }
    }
    Some(next)
}

/// Ends the running solve with the answer that is playing, if one of its answers plays, else
/// its shortest so far, as if it were the final one (it becomes the result and plays unless
/// one of its answers already plays), so the Result is always what the board shows: `next`
/// becomes that state and the answer is the kept answer's length; `None` (and `next`
/// untouched) if it has none.
pub(super) fn keep_best(state: &State, next: &mut State) -> Option<usize> {
    let running = state.solve.running()?;
    let playing = state
        .playback
        .as_ref()
        .filter(|p| p.start == running.start)
        .and_then(|p| running.improved.iter().find(|s| s.moves == p.moves));
    let kept = playing.or(running.improved.last())?;
    *next = solved(state, running.id, Box::new(kept.clone()))?;
    Some(kept.moves.len())
}

/// What [`keep_best`] kept (an answer of `kept` moves), in the notice's words: "the shortest
/// answer found so far (118 moves)".
pub(super) fn kept_words(state: &State, kept: usize) -> String {
    let running = state.solve.running();
    let shortest = running
        .and_then(|r| r.improved.last())
        .map(|s| s.moves.len());
    match shortest.filter(|&shortest| shortest < kept) {
        Some(shortest) => {
            format!("the answer that is playing ({kept} moves; the shortest found has {shortest})")
        }
        None => format!("the shortest answer found so far ({kept} moves)"),
    }
}

impl State {
    /// The answer a watched solve `id` ends with when its final `solution` comes: spliced into
    /// the playback if it keeps the moves played, else the answer that plays (the Result is
    /// what the board shows; a shortest length it proves is kept). Unwatched: `solution`.
    pub(super) fn watched_final(&mut self, id: u32, solution: Box<Solution>) -> Box<Solution> {
        let Some(running) = self.solve.running().filter(|r| r.id == id) else {
            return solution;
        };
        let playing = self.playback.as_ref().filter(|p| p.start == running.start);
        let Some(playing) = playing.filter(|p| {
            running.watch == Watch::Playing
                && solution.outcome == SolveOutcome::Solved
                && p.moves != solution.moves
        }) else {
            return solution;
        };
        if let Some(spliced) = playing.spliced(&solution.moves) {
            self.playback = Some(spliced);
            return solution;
        }
        let kept = running.improved.iter().find(|s| s.moves == playing.moves);
        let Some(mut kept) = kept.cloned() else {
            return solution;
        };
        // As long as a proven shortest answer: a shortest answer too.
        if solution.is_optimal() && kept.moves.len() == solution.moves.len() {
            kept.stats.optimal = true;
            kept.lower_bound = None;
        }
        if solution.is_optimal() && solution.moves.len() < kept.moves.len() {
            if let Some(solving) = self.solve.reduce(SolveChange::Proven(id, solution.clone())) {
                self.solve = solving;
            }
        }
        Box::new(kept)
    }
}
