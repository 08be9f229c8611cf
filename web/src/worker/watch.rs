//! The worker's side of a watched solve ([`crate::ahead`]): the page's last playhead, the
//! rounds that shorten the moves not yet played of an anytime answer ([`improve`]), and an
//! exact method's shortest rest from the board the playback reached ([`exact_rest`]).
//!
//! Every answer posted starts with the moves the page plays, up to a commit point past where
//! the playback will be by then, so the page splices it in without touching what was played.

use puzzle_core::{
    solvability, solve_with, Board, Direction, Method, Solution, SolveOptions, SolveOutcome, Stats,
    Tables,
};
use web_sys::DedicatedWorkerGlobalScope;

use super::lanes::Lanes;
use super::outbox::{improved, progress_poster};
use super::request::request_limits;
use super::wait::next_turn;
use super::{clock, with_state};
use crate::ahead::{commit_point, round_ms, splice, Playhead};
use crate::protocol::{FromWorker, SolveRequest};
use crate::two_workers::shorter;

/// The shortest round worth starting, in milliseconds.
const MIN_ROUND_MS: f64 = 50.0;

/// Keeps the page's report of where the playback of request `id` is (read between rounds).
pub(super) fn report(id: u32, playhead: Playhead) {
    with_state(|state| *state.playhead.borrow_mut() = Some((id, playhead, clock())));
}

/// The last report for request `id`, with the milliseconds since it came.
fn reported(id: u32) -> Option<(Playhead, f64)> {
    with_state(|state| {
        let p = state.playhead.borrow();
        let (for_id, playhead, at) = p.as_ref()?;
        (*for_id == id).then(|| (playhead.clone(), clock() - at))
    })
}

/// Whether `moves` take `board` to `goal`.
fn solves(board: &Board, goal: &Board, moves: &[Direction]) -> bool {
    board.after(moves).is_ok_and(|end| end == *goal)
}

/// The answer the page plays, if it reported one for `request` that solves the board, with
/// the step it reached and the milliseconds since.
fn playing(request: &SolveRequest) -> Option<(Playhead, f64)> {
    reported(request.id).filter(|(p, _)| solves(&request.board, &request.goal, &p.moves))
}

/// A whole answer to `request`: `moves`, with `from`'s counters and method where there is one.
fn answer(request: &SolveRequest, moves: Vec<Direction>, from: Option<&Solution>) -> Solution {
    Solution {
        outcome: SolveOutcome::Solved,
        moves,
        stats: from.map(|s| s.stats.clone()).unwrap_or_default(),
        method: request.method.clone(),
        lower_bound: None,
        solvability: solvability(&request.board, &request.goal)
            .expect("a request's board and goal have one shape"),
    }
}

/// The answer to the watched anytime `request` with `tables`, from `start` (an answer already
/// posted): rounds of the anytime method until the
/// budget ends, each improving the moves after the commit point of the page's answer, each
/// better whole answer posted as [`FromWorker::Improved`].
pub(super) async fn improve(
    scope: &DedicatedWorkerGlobalScope,
    request: &SolveRequest,
    tables: Tables<'_>,
    start: Vec<Direction>,
) -> FromWorker {
    let id = request.id;
    let ms_per_move = request.watch.unwrap_or(1);
    let time_limit_ms = match &request.method {
        Method::Anytime { time_limit_ms } => *time_limit_ms,
        _ => 0,
    };
    let deadline = clock() + f64::from(time_limit_ms);
    let mut best = start;
    let posted = clock();
    let bound = puzzle_core::lower_bound_with(&request.board, &request.goal, tables);
    let mut last: Option<Solution> = None;
    // The commit point of the round that made `best` (0: the first answer).
    let mut best_from = 0;
    // Where the page allows, each round runs on a second search worker too ([`Lanes`]).
    let mut lanes = Lanes::new(scope, request, tables).await;
    for round in 0.. {
        // The page's reports come in between two rounds.
        next_turn(0).await;
        let (step, since) = match playing(request) {
            Some((playhead, since)) => {
                // The page plays another answer than `best`: it could not splice `best` in
                // (it had played past `best_from`), or it has not had it yet.
                let on_its_way = playhead.step <= best_from
                    && playhead.moves.get(..best_from) == best.get(..best_from)
                    && best.len() < playhead.moves.len();
                if !on_its_way {
                    best = playhead.moves;
                    best_from = 0;
                }
                (playhead.step, since)
            }
            None => (1, clock() - posted),
        };
        let left = deadline - clock();
        if left < MIN_ROUND_MS {
            break;
        }
        let ms = round_ms(round, left);
        let at = commit_point(step, ms_per_move, since, ms, best.len());
        let Ok(from) = request.board.after(&best[..at]) else {
            break;
        };
        if at >= best.len() {
            break;
        }
        let method = request.method.clone().with_time_limit(ms.max(1.0) as u32);
        let mut report = progress_poster(scope, id, None);
        let mut limits = request_limits(request.max_expanded, &mut report);
        let whole = |rest: &Solution| Solution {
            lower_bound: Some(bound),
            ..answer(request, splice(&best, at, &rest.moves), Some(rest))
        };
        let mut improved = |rest: &Solution| improved(scope, id, whole(rest));
        let rest = &best[at..];
        let until = clock() + ms.max(1.0);
        let (lane, sent) = lanes.send(
            scope,
            &from,
            &request.goal,
            rest,
            until,
            request.max_expanded,
        );
        let options = SolveOptions {
            tables,
            start: Some(rest),
            lane,
            ..SolveOptions::new(&method)
        };
        match solve_with(&from, &request.goal, &options, &mut limits, &mut improved) {
            Ok(found) => {
                // This worker's rest was posted as it came; the second search worker's, merged now,
                // only if shorter.
                let ours = Some(found.moves.clone()).filter(|moves| moves.len() < rest.len());
                let theirs = lanes.answer(scope, sent).await;
                if let Some(moves) = shorter(&from, &request.goal, ours.clone(), theirs) {
                    let solution = whole(&Solution {
                        moves,
                        ..found.clone()
                    });
                    if ours.is_none_or(|ours| solution.moves.len() < at + ours.len()) {
                        lanes.kept_second();
                        super::outbox::improved(scope, id, solution.clone());
                    }
                    best = solution.moves.clone();
                    best_from = at;
                    last = Some(solution);
                }
            }
            Err(error) => {
                return FromWorker::Failed {
                    id,
                    message: error.to_string(),
                }
            }
        }
    }
    lanes.finish(scope);
    let solution = Solution {
        lower_bound: Some(bound),
        ..answer(request, best, last.as_ref())
    };
    FromWorker::Done {
        id,
        solution: Box::new(solution),
    }
}

/// How much longer than the search from the start a shortest rest is allowed to take in the
/// commit point: the rest runs on one core, the first search may have run on two.
const REST_SEARCH_FACTOR: f64 = 1.5;

/// The final answer to the watched exact `request` whose search answered `reply`: that answer, if nothing plays yet or the page's answer keeps to it up to the
/// commit point; else (once that shortest answer is posted, for the page to know its length)
/// the page's moves up to the commit point and a shortest rest from there, by `search`.
pub(super) async fn exact_rest(
    scope: &DedicatedWorkerGlobalScope,
    request: &SolveRequest,
    reply: FromWorker,
    search: impl FnOnce(&SolveRequest) -> Option<FromWorker>,
) -> FromWorker {
    let (id, Some(ms_per_move)) = (request.id, request.watch) else {
        return reply;
    };
    let FromWorker::Done { solution, .. } = &reply else {
        return reply;
    };
    if !solution.is_optimal() {
        return reply;
    }
    next_turn(0).await;
    let Some((playhead, since)) = playing(request) else {
        return reply;
    };
    // The search alone, not the tables' download or build before it.
    let search_ms = solution.stats.elapsed_ms * REST_SEARCH_FACTOR;
    let at = commit_point(
        playhead.step,
        ms_per_move,
        since,
        search_ms,
        playhead.moves.len(),
    );
    if playhead.moves.get(..at) == solution.moves.get(..at) || at >= playhead.moves.len() {
        return reply;
    }
    let shortest = solution.moves.len() as u32;
    improved(scope, id, (**solution).clone());
    let Ok(from) = request.board.after(&playhead.moves[..at]) else {
        return reply;
    };
    let rest_request = SolveRequest {
        board: from,
        ..request.clone()
    };
    match search(&rest_request) {
        Some(FromWorker::Done { solution: rest, .. }) if rest.length().is_some() => {
            let moves = splice(&playhead.moves, at, &rest.moves);
            let solution = Solution {
                stats: Stats {
                    optimal: moves.len() as u32 == shortest,
                    ..rest.stats.clone()
                },
                lower_bound: (moves.len() as u32 != shortest).then_some(shortest),
                ..answer(request, moves, Some(&rest))
            };
            FromWorker::Done {
                id,
                solution: Box::new(solution),
            }
        }
        _ => reply,
    }
}
