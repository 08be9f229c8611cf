//! Improving a big board without its tables while they load, download or build, on this
//! worker's one thread (where no nested [`super::improver::Improver`] can run): the anytime
//! method without tables (windows with linear conflict; a whole-board search on 5x5) in short
//! slices, each starting from the best answer so far ([`slice`]), with a turn of the event
//! loop between two ([`super::wait::next_turn`]) so that IndexedDB and the download are handled; the tables
//! are adopted once they come. Each slice starts the schedule over, so this ends longer than
//! one run: measured natively over 10 s (200-800 ms slices), 138 moves against 114 and 128 on
//! two 5x5 boards, 232 against 216 on a 6x6.

use puzzle_core::{solve_with, Direction, Limits, Method, Solution, SolveOptions};
use web_sys::DedicatedWorkerGlobalScope;

use super::clock;
use super::outbox::improved;
use crate::protocol::SolveRequest;

/// The first slice, in milliseconds: a download of the standard goal's tables takes a
/// second or so, and each of its steps (the response, the body) waits for the slice under way,
/// so slices stay this short while they gain.
pub(super) const FIRST_SLICE_MS: f64 = 100.0;
/// Slices stay [`FIRST_SLICE_MS`] long this long after Solve (the shipped tables' download
/// is over by then on most connections: measured on 6x6 with slices growing from the start,
/// the tables came 0.3-0.4 s later than without slices, and the answers at 2 s were longer).
pub(super) const SHORT_SLICES_MS: f64 = 2500.0;
/// The longest slice: after slices that gained nothing, longer ones let the later (longer
/// window) passes of the schedule run, at the cost of adopting the tables up to this late.
pub(super) const LONGEST_SLICE_MS: f64 = 800.0;

/// The pause between two slices while a download may be on its way.
pub(super) const PAUSE_MS: u32 = 15;
/// How long to wait between two looks for the tables once the budget is spent.
pub(super) const WAIT_MS: u32 = 50;

/// One slice of `ms` of the anytime method on `request` without tables, from `start` (the
/// best answer so far), posting each answer shorter than `start` as [`FromWorker::Improved`]
/// (with the request's method). The slice's answer, or `None` if the solver refused.
pub(super) fn slice(
    scope: &DedicatedWorkerGlobalScope,
    request: &SolveRequest,
    start: Option<&[Direction]>,
    ms: f64,
) -> Option<Solution> {
    let mut limits = Limits {
        max_expanded: request.max_expanded,
        clock,
        ..Limits::default()
    };
    let method = request
        .method
        .clone()
        .with_time_limit(ms.clamp(1.0, f64::from(u32::MAX)) as u32);
    let mut shortest = start.map_or(usize::MAX, <[Direction]>::len);
    let mut improved = |solution: &Solution| {
        if solution.moves.len() < shortest {
            shortest = solution.moves.len();
            // Named for the request's method, not the slice's.
            let solution = Solution {
                method: request.method.clone(),
                ..solution.clone()
            };
            improved(scope, request.id, solution);
        }
    };
    let mut answer = solve_with(
        &request.board,
        &request.goal,
        &SolveOptions {
            start,
            ..SolveOptions::new(&method)
        },
        &mut limits,
        &mut improved,
    )
    .ok()?;
    answer.method = request.method.clone();
    Some(answer)
}

/// The time budget of `request` in milliseconds (0 for methods without one).
pub(super) fn budget_ms(request: &SolveRequest) -> f64 {
    match &request.method {
        Method::Anytime { time_limit_ms } => f64::from(*time_limit_ms),
        _ => 0.0,
    }
}
