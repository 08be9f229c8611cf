//! The experiment slice: the Experiment view's last run (running, finished, cancelled, stopped
//! or failed), its rows as each depth finishes, the boards each row was measured on, and where
//! the run is. The form and what the view shows are in [`crate::experiment`]; the worker's side
//! in `web/src/worker/experiment.rs`.

use puzzle_core::experiment::{DepthRow, Experiment, ExperimentConfig, ExperimentProgress};
use puzzle_core::{Board, Goal};

/// How a run ended.
#[derive(Clone, Debug, PartialEq)]
pub enum RunEnd {
    /// Every depth ran, in this many milliseconds (the worker's clock).
    Done(f64),
    /// Cancelled by the user: the rows are the depths finished before.
    Cancelled,
    /// Stopped because the size or goal changed (the page's notice says so).
    Stopped,
    /// The worker refused the config or failed, for this reason.
    Failed(String),
}

/// One run of the experiment.
#[derive(Clone, Debug, PartialEq)]
pub struct ExperimentRun {
    /// The request id its worker answers with.
    pub id: u32,
    /// What is measured (its goal is the goal board on screen when it started).
    pub config: ExperimentConfig,
    /// The named goal of that board (so a board of a row can be played toward it).
    pub goal: Goal,
    /// A row per depth finished, in the config's order.
    pub rows: Vec<DepthRow>,
    /// The boards each row was measured on (the same seeded draw `npuzzle experiment` makes).
    pub boards: Vec<Vec<Board>>,
    /// Where the run is, as of the worker's last report.
    pub progress: Option<ExperimentProgress>,
    /// How it ended; `None` while it runs.
    pub end: Option<RunEnd>,
}

/// What happens to the run: the view's buttons and the worker's replies (each tagged with its
/// request id: a reply to an older run is dropped).
#[derive(Clone, Debug, PartialEq)]
pub enum ExperimentAction {
    /// A run was sent to the worker.
    Started(Box<ExperimentRun>),
    /// Where request `id` is.
    Progress(u32, ExperimentProgress),
    /// A finished depth of request `id` and its boards.
    Row(u32, DepthRow, Vec<Board>),
    /// Request `id` ran every depth, in this many milliseconds.
    Done(u32, f64),
    /// Request `id` failed (or its worker died), for this reason.
    Failed(u32, String),
    /// The user cancelled the run (the edge terminates the worker).
    Cancel,
}

impl ExperimentRun {
    /// A run of `config` (toward the named `goal`) under request `id`, nothing measured yet.
    pub fn new(id: u32, config: ExperimentConfig, goal: Goal) -> ExperimentRun {
        ExperimentRun {
            id,
            config,
            goal,
            rows: Vec::new(),
            boards: Vec::new(),
            progress: None,
            end: None,
        }
    }

    /// Whether the worker is still at it.
    pub fn is_running(&self) -> bool {
        self.end.is_none()
    }

    /// Whether the run was given up while its worker may still be busy (cancelled or
    /// stopped): the edge terminates that worker.
    pub fn abandoned(&self) -> bool {
        matches!(self.end, Some(RunEnd::Cancelled | RunEnd::Stopped))
    }

    /// The rows so far as the core's [`Experiment`] (for its CSV): cancelled unless every
    /// depth ran.
    pub fn experiment(&self) -> Experiment {
        let elapsed_ms = match self.end {
            Some(RunEnd::Done(ms)) => ms,
            _ => 0.0,
        };
        Experiment {
            config: self.config.clone(),
            rows: self.rows.clone(),
            cancelled: !matches!(self.end, Some(RunEnd::Done(_))),
            elapsed_ms,
        }
    }

    /// Stops a running run because the size or goal changed (`None`: it was not running).
    pub fn stopped(&self) -> Option<ExperimentRun> {
        self.is_running().then(|| ExperimentRun {
            end: Some(RunEnd::Stopped),
            ..self.clone()
        })
    }
}

/// The next run, or `None` when nothing changes: a reply for another request or after the run
/// ended, a cancel when nothing runs.
pub fn reduce(run: Option<&ExperimentRun>, action: ExperimentAction) -> Option<ExperimentRun> {
    if let ExperimentAction::Started(started) = action {
        return Some(*started);
    }
    let run = run.filter(|r| r.is_running())?;
    let mut next = run.clone();
    match action {
        ExperimentAction::Started(_) => unreachable!("handled above"),
        ExperimentAction::Cancel => next.end = Some(RunEnd::Cancelled),
        ExperimentAction::Progress(id, progress) if id == run.id => {
            next.progress = Some(progress);
        }
        ExperimentAction::Row(id, row, boards) if id == run.id => {
            next.rows.push(row);
            next.boards.push(boards);
        }
        ExperimentAction::Done(id, ms) if id == run.id => next.end = Some(RunEnd::Done(ms)),
        ExperimentAction::Failed(id, message) if id == run.id => {
            next.end = Some(RunEnd::Failed(message));
        }
        _ => return None,
    }
    Some(next)
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzle_core::experiment::Cell;
    use puzzle_core::Shape;

    fn run(id: u32) -> ExperimentRun {
        let goal = Goal::Standard.board(Shape::square(3).unwrap()).unwrap();
        let config = ExperimentConfig {
            depths: vec![2, 4],
            boards: 2,
            ..ExperimentConfig::textbook(goal)
        };
        ExperimentRun::new(id, config, Goal::Standard)
    }

    fn row(depth: u32) -> DepthRow {
        DepthRow {
            depth,
            available: 4,
            boards: 4,
            cells: vec![Cell::skipped(); 4],
        }
    }

    fn progress(done: usize) -> ExperimentProgress {
        ExperimentProgress {
            depth_index: 0,
            depth: 2,
            board_index: 1,
            boards: 8,
            method_index: 2,
            done,
            total: 16,
        }
    }

    #[test]
    fn rows_fill_in_depth_by_depth_and_end_with_done() {
        let started = reduce(None, ExperimentAction::Started(Box::new(run(3)))).unwrap();
        let next = reduce(Some(&started), ExperimentAction::Progress(3, progress(5))).unwrap();
        assert_eq!(next.progress, Some(progress(5)));
        let next = reduce(Some(&next), ExperimentAction::Row(3, row(2), vec![])).unwrap();
        let next = reduce(Some(&next), ExperimentAction::Row(3, row(4), vec![])).unwrap();
        assert_eq!(next.rows, vec![row(2), row(4)]);
        assert_eq!(next.boards.len(), 2);
        assert!(next.experiment().cancelled, "not done yet");
        let done = reduce(Some(&next), ExperimentAction::Done(3, 250.0)).unwrap();
        assert_eq!(done.end, Some(RunEnd::Done(250.0)));
        assert!(!done.is_running() && !done.abandoned());
        let table = done.experiment();
        assert!(!table.cancelled && table.elapsed_ms == 250.0 && table.rows.len() == 2);
        // After the end, nothing changes it but a new run.
        assert_eq!(reduce(Some(&done), ExperimentAction::Cancel), None);
        assert_eq!(
            reduce(Some(&done), ExperimentAction::Row(3, row(6), vec![])),
            None
        );
        let again = reduce(Some(&done), ExperimentAction::Started(Box::new(run(4))));
        assert_eq!(again.map(|r| (r.id, r.rows.len())), Some((4, 0)));
    }

    #[test]
    fn replies_to_another_request_are_dropped() {
        let started = run(3);
        for action in [
            ExperimentAction::Progress(2, progress(1)),
            ExperimentAction::Row(2, row(2), vec![]),
            ExperimentAction::Done(2, 1.0),
            ExperimentAction::Failed(4, "no".into()),
        ] {
            assert_eq!(reduce(Some(&started), action.clone()), None, "{action:?}");
        }
        assert_eq!(reduce(None, ExperimentAction::Cancel), None);
        assert_eq!(reduce(None, ExperimentAction::Done(3, 1.0)), None);
    }

    /// Issue 16's rule: a new size or goal stops a running experiment and says so; a new
    /// board of the same goal does not, and a finished run's rows stay.
    #[test]
    fn a_size_or_goal_change_stops_a_running_experiment_with_a_notice() {
        use crate::state::{reduce as page, Action, PuzzleAction, State};
        let started = Action::Experiment(ExperimentAction::Started(Box::new(run(3))));
        let state = page(&State::default(), started).unwrap();
        let scrambled = "8 1 3 4 0 2 7 6 5".parse().unwrap();
        let moved = page(&state, Action::Puzzle(PuzzleAction::Scramble(scrambled))).unwrap();
        assert!(moved.experiment.as_ref().unwrap().is_running(), "same goal");
        let bigger = Action::Puzzle(PuzzleAction::SetShape(Shape::square(4).unwrap(), 7));
        let next = page(&moved, bigger.clone()).unwrap();
        let stopped = next.experiment.as_ref().unwrap();
        assert_eq!(stopped.end, Some(RunEnd::Stopped));
        assert!(stopped.abandoned());
        assert_eq!(
            next.notice.as_deref(),
            Some("The board size changed during the experiment: the experiment was stopped.")
        );
        let snail = Action::Puzzle(PuzzleAction::SetGoal(Goal::Snail, 7));
        let next = page(&moved, snail).unwrap();
        assert!(next
            .notice
            .unwrap()
            .starts_with("The goal changed during the experiment"));
        let done = page(&moved, Action::Experiment(ExperimentAction::Done(3, 5.0))).unwrap();
        let after = page(&done, bigger).unwrap();
        assert_eq!(after.experiment, done.experiment, "a finished table stays");
    }

    #[test]
    fn cancel_stop_and_failure_end_a_run_and_say_whether_to_stop_the_worker() {
        let started = run(3);
        let cancelled = reduce(Some(&started), ExperimentAction::Cancel).unwrap();
        assert_eq!(cancelled.end, Some(RunEnd::Cancelled));
        assert!(cancelled.abandoned() && cancelled.experiment().cancelled);
        let stopped = started.stopped().unwrap();
        assert!(stopped.abandoned() && stopped.end == Some(RunEnd::Stopped));
        assert_eq!(stopped.stopped(), None, "a run stops once");
        let failed = reduce(Some(&started), ExperimentAction::Failed(3, "why".into())).unwrap();
        assert_eq!(failed.end, Some(RunEnd::Failed("why".into())));
        assert!(!failed.abandoned(), "a failed worker is idle");
    }
}
