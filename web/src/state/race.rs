//! The race slice: the answers of a race's requests, by id, and stopping it. Planning a race
//! and what it shows are in [`crate::race`].

use puzzle_core::{Progress, Solution};

use crate::race::Race;

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
