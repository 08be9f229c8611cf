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

/// Runs a solve with its tables and turns the result into the reply: the one place that
/// builds the worker's [`Limits`] (node budget, progress about ten times a second, clock).
pub(super) fn solve_request(
    scope: &DedicatedWorkerGlobalScope,
    request: &SolveRequest,
    tables: Tables,
) -> FromWorker {
    solve_request_from(scope, request, tables, None)
}

/// [`solve_request`], an anytime method starting from `start` (the best answer so far).
pub(super) fn solve_request_from(
    scope: &DedicatedWorkerGlobalScope,
    request: &SolveRequest,
    tables: Tables,
    start: Option<Vec<Direction>>,
) -> FromWorker {
    solve_request_in_lane(scope, request, tables, start, LaneOf::default())
}

/// [`solve_request_from`] as run `lane` of the runs of one solve on several workers
/// (`super::lanes`).
pub(super) fn solve_request_in_lane(
    scope: &DedicatedWorkerGlobalScope,
    request: &SolveRequest,
    tables: Tables,
    start: Option<Vec<Direction>>,
    lane: LaneOf,
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
            start: start.as_deref(),
            lane,
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
