//! The one place a solve request becomes the core's call and the worker's reply: the worker's
//! [`Limits`] (node budget, progress about ten times a second, clock), each better answer
//! posted as it comes, and the answer or the failure. Every path of a solve (`solve.rs`,
//! `quick.rs`, `lanes.rs`, the queue's `inbox.rs`) ends here.

use puzzle_core::anytime::LaneOf;
use puzzle_core::{solve_with, Direction, SolveOptions, Tables};
use web_sys::DedicatedWorkerGlobalScope;

use super::outbox::{improved, progress_poster};
use super::{clock, REPORT_EVERY};
use crate::protocol::{FromWorker, SolveRequest};

/// Where a request's run starts and which run of a solve it is: by default from scratch, the
/// solve's only run.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Run<'a> {
    /// The best answer so far, for an anytime method to start from.
    pub(super) start: Option<&'a [Direction]>,
    /// Which of the runs of one solve on several workers this is (`super::lanes`).
    pub(super) lane: LaneOf,
}

/// Runs a solve with its tables and turns the result into the reply: the one place that
/// builds the worker's [`Limits`](puzzle_core::Limits) (node budget, progress about ten times a
/// second, clock).
pub(super) fn solve_request(
    scope: &DedicatedWorkerGlobalScope,
    request: &SolveRequest,
    tables: Tables,
    run: Run,
) -> FromWorker {
    let id = request.id;
    let mut report = progress_poster(scope, id, None);
    let mut limits = request_limits(request.max_expanded, &mut report);
    let mut improved = |solution: &puzzle_core::Solution| improved(scope, id, solution.clone());
    match solve_with(
        &request.board,
        &request.goal,
        &SolveOptions {
            tables,
            start: run.start,
            lane: run.lane,
            ..SolveOptions::new(&request.method)
        },
        &mut limits,
        &mut improved,
    ) {
        Ok(solution) => FromWorker::Done {
            id,
            solution: Box::new(solution),
        },
        Err(error) => FromWorker::Failed {
            id,
            message: error.to_string(),
        },
    }
}

/// The limits of a request's search: its node budget, progress to `report` every
/// [`REPORT_EVERY`] expansions, the worker's clock, one thread.
pub(super) fn request_limits<'a>(
    max_expanded: Option<u64>,
    report: &'a mut puzzle_core::search::ProgressFn<'a>,
) -> puzzle_core::Limits<'a> {
    puzzle_core::Limits {
        max_expanded,
        report_every: REPORT_EVERY,
        on_progress: Some(report),
        clock,
        threads: 1,
    }
}
