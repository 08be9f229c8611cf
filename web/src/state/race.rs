//! The race slice: the answers of a race's requests, by id, and stopping it. Planning a race
//! and what it shows are in [`crate::race`].

use puzzle_core::{Progress, Solution};

use super::{Finished, Proof, SolveAction, SolveChange, State};
use crate::race::Race;
use puzzle_core::SolveOutcome;

/// Starting a race and playing its rows (its requests' answers are [`SolveAction`]s).
#[derive(Clone, Debug, PartialEq)]
pub enum RaceAction {
    /// A race was planned and its requests sent to the worker.
    RaceStarted(Box<Race>),
    /// Plays the solution of one race row back on the board (and shows it as the result).
    PlayRaceEntry(usize),
}

/// What changes a race: what the top-level reducer tells it (the worker's answers come as
/// [`super::SolveAction`]s, which go to the race first when it waits for their id).
#[derive(Clone, Debug, PartialEq)]
pub enum RaceChange {
    /// Progress of request `id`.
    Progress(u32, Progress),
    /// The answer (or the worker's failure) for request `id`.
    Answer(u32, Result<Box<Solution>, String>),
    /// Stops the methods that have not answered.
    Cancel,
}

/// The next race, or `None` when the action is not for it (an id it does not wait for, or a
/// cancel when nothing runs).
pub fn reduce(race: &Race, action: RaceChange) -> Option<Race> {
    let mut next = race.clone();
    match action {
        RaceChange::Progress(id, progress) => next.waiting(id)?.progress = Some(progress),
        RaceChange::Answer(id, answer) => next.waiting(id)?.answer = Some(answer.map(|s| *s)),
        RaceChange::Cancel => {
            if !race.is_running() {
                return None;
            }
            next.cancelled = true;
        }
    }
    Some(next)
}

/// Starting a race, and playing one of its rows.
pub(super) fn route(state: &State, action: RaceAction) -> Option<State> {
    match action {
        RaceAction::RaceStarted(race) => race_started(state, *race),
        RaceAction::PlayRaceEntry(index) => play_race_entry(state, index),
    }
}

/// A race starts (not while a solve or a race runs): playback stops.
fn race_started(state: &State, race: Race) -> Option<State> {
    let mut next = state.clone();
    if state.solve.running().is_some() || state.race_running() {
        return None;
    }
    next.race = Some(race);
    next.playback = None;
    next.notice = None;
    Some(next)
}

/// Plays a race row: its start becomes the board, its answer plays and is shown as the result.
fn play_race_entry(state: &State, index: usize) -> Option<State> {
    let mut next = state.clone();
    let race = state.race.as_ref()?;
    let solution = race.entries.get(index)?.solution()?.clone();
    if state.solve.running().is_some() || race.goal != state.puzzle.goal_board {
        return None;
    }
    next.set_board(race.start.clone());
    if solution.outcome == SolveOutcome::Solved && !solution.moves.is_empty() {
        next.play(race.start.clone(), solution.moves.clone());
    }
    let finished = Finished {
        start: race.start.clone(),
        goal: race.goal.clone(),
        budget: Some(race.budget),
        solution,
        earlier: Vec::new(),
        later: Vec::new(),
        how_solved: None,
        proof: Proof::NotDue,
    };
    next.solve = next.solve.reduce(SolveChange::Show(Box::new(finished)))?;
    Some(next)
}

/// A worker's message about a race's request, or Cancel while a race runs: the race's, if it
/// waits for the request (`None`: the solve's).
pub(super) fn take(state: &State, action: &SolveAction) -> Option<State> {
    let race = state.race.as_ref()?;
    let change = match action {
        SolveAction::Progress(id, progress) => RaceChange::Progress(*id, progress.clone()),
        SolveAction::Failed(id, message) => RaceChange::Answer(*id, Err(message.clone())),
        SolveAction::Solved(id, solution) => RaceChange::Answer(*id, Ok(solution.clone())),
        SolveAction::Cancelled => RaceChange::Cancel,
        _ => return None,
    };
    let race = reduce(race, change)?;
    let mut next = state.clone();
    if *action == SolveAction::Cancelled {
        let stopped = race.entries.len() - race.done();
        next.notice = Some(format!(
            "Race cancelled: {stopped} method{} did not run to the end.",
            if stopped == 1 { "" } else { "s" }
        ));
    }
    next.race = Some(race);
    Some(next)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::check::check;

    #[test]
    fn answers_go_to_waiting_entries_only() {
        let board: puzzle_core::Board = "8 1 3 4 0 2 7 6 5".parse().unwrap();
        let goal = puzzle_core::Goal::Standard.board(board.shape()).unwrap();
        let race = Race::plan(&board, &goal, &crate::race::DEFAULT_PICK, 1, 100);
        let end = check(
            reduce,
            &race,
            vec![
                RaceChange::Progress(1, Progress::default()),
                RaceChange::Answer(1, Err("no".into())),
                RaceChange::Answer(1, Err("late".into())),
                RaceChange::Cancel,
            ],
            |r| {
                assert!(r.entries[0].progress.is_some());
                assert_eq!(r.entries[0].answer, Some(Err("no".to_string())));
                assert!(r.cancelled && !r.is_running());
            },
        );
        assert_eq!(reduce(&end, RaceChange::Cancel), None);
        assert_eq!(reduce(&end, RaceChange::Answer(2, Err("x".into()))), None);
    }
}
