//! A big-board anytime solve on two workers, where the page's request allows two
//! ([`crate::two_workers`]): the rounds of a watched solve ([`super::watch::improve`]) run on
//! both, this worker as lane 0 of 2 and the second search worker ([`SecondSearch`]) as lane 1
//! of 2 (`puzzle_core::SolveOptions::lane`: other beam tie-breaks, its share of the
//! widest beams' other draws), each from the same board (the commit point) and the same best
//! rest, until the same time; the shorter rest wins ([`crate::two_workers::shorter`]). A solve
//! that waits for its best answer (not watched) is one round of the whole budget
//! ([`solve_waiting`]). [`Lanes`] is one solve's part of it: the rounds it sends, the answers
//! it merges, and what the page is told.
//!
//! A second search worker that cannot start or fails takes nothing away: the round's answer is
//! this worker's own, the solve goes on alone, and the page is told once
//! ([`crate::protocol::FromWorker::Workers`]).

use std::rc::Rc;

use puzzle_core::anytime::LaneOf;
use puzzle_core::{Board, Direction, Tables};
use web_sys::DedicatedWorkerGlobalScope;

use super::clock;
use super::held::wasm_memory;
use super::outbox::post;
use super::request::Run;
use super::second_search::{for_solve, SecondSearch};
use crate::protocol::{FromWorker, SolveRequest};

/// Longest wait for a second search worker started at a solve's first round to load (its wasm
/// compiled and started: a few hundred milliseconds).
const READY_WAIT_MS: f64 = 1_000.0;

/// The second search worker's part in one watched solve: its rounds, and what the page is told
/// ([`FromWorker::Workers`]: two workers once it takes part, one once it failed, and the
/// memory of both before the answer).
pub(super) struct Lanes {
    id: u32,
    second: Option<Rc<SecondSearch>>,
    /// The count of workers the page was told (0: nothing told).
    told: u32,
    /// The rounds sent to the second search worker while it held the tables, and how many kept its
    /// answer.
    rounds: (u32, u32),
}

impl Lanes {
    /// The lanes of the watched `request` with `tables`: a second search worker where the request
    /// allows two (the page is told at once if none can start).
    pub(super) async fn new(
        scope: &DedicatedWorkerGlobalScope,
        request: &SolveRequest,
        tables: Tables<'_>,
    ) -> Lanes {
        let mut lanes = Lanes {
            id: request.id,
            second: None,
            told: 0,
            rounds: (0, 0),
        };
        if request.workers.count >= 2 {
            match for_solve(&request.goal, tables) {
                Ok(second) => lanes.second = Some(second),
                Err(why) => lanes.tell_failed(scope, why),
            }
        }
        // Started just now (not while the tables came): it loads only while this worker
        // waits, and its rounds would wait for that.
        if let Some(second) = lanes.second.clone() {
            second.loaded(READY_WAIT_MS).await;
        }
        lanes
    }

    /// Tells the page the second search worker stopped, and goes on without it.
    fn tell_failed(&mut self, scope: &DedicatedWorkerGlobalScope, why: String) {
        self.second = None;
        self.told = 1;
        let message = FromWorker::Workers {
            id: self.id,
            count: 1,
            failed: Some(why),
            memory: vec![wasm_memory()],
            rounds: self.rounds,
        };
        post(scope, &message);
    }

    /// Whether the second search worker failed (the page is told, once).
    fn check(&mut self, scope: &DedicatedWorkerGlobalScope) {
        if let Some(why) = self.second.as_ref().and_then(|s| s.failed()) {
            self.tell_failed(scope, why);
        }
    }

    /// Sends the second search worker, if it takes part, the round from `board` toward `goal` from
    /// the rest `start` until `until`: this worker's lane for the round (0 of 2, or 0 of 1
    /// alone) and the id of the second's answer. Sent while it still loads or reads the
    /// tables too: it runs what is left of the round once it has read them.
    pub(super) fn send(
        &mut self,
        scope: &DedicatedWorkerGlobalScope,
        board: &Board,
        goal: &Board,
        start: &[Direction],
        until: f64,
        max_expanded: Option<u64>,
    ) -> (LaneOf, Option<u32>) {
        self.check(scope);
        let Some(second) = self.second.as_ref() else {
            return (LaneOf::default(), None);
        };
        let id = second.send_round(board, goal, start, until, max_expanded);
        self.tell_two(scope);
        (LaneOf { index: 0, count: 2 }, Some(id))
    }

    /// Tells the page, once, that the second search worker takes part (once it holds the tables).
    fn tell_two(&mut self, scope: &DedicatedWorkerGlobalScope) {
        let Some(second) = self.second.as_ref().filter(|s| s.ready()) else {
            return;
        };
        if self.told != 2 {
            self.told = 2;
            self.tell_both(scope, second);
        }
    }

    /// Posts that the solve runs on two workers, with both workers' memory and the rounds.
    fn tell_both(&self, scope: &DedicatedWorkerGlobalScope, second: &SecondSearch) {
        let message = FromWorker::Workers {
            id: self.id,
            count: 2,
            failed: None,
            memory: vec![wasm_memory(), second.memory()],
            rounds: self.rounds,
        };
        post(scope, &message);
    }

    /// The second search worker's answer to round `id` (`None`: nothing shorter, late, or failed).
    pub(super) async fn answer(
        &mut self,
        scope: &DedicatedWorkerGlobalScope,
        id: Option<u32>,
    ) -> Option<Vec<Direction>> {
        let second = self.second.clone()?;
        let answer = second.answer(id?).await;
        if second.ready() {
            self.rounds.0 += 1;
        }
        self.tell_two(scope);
        answer
    }

    /// Counts a round that kept the second search worker's answer.
    pub(super) fn kept_second(&mut self) {
        self.rounds.1 += 1;
    }

    /// Before the answer: a failure not yet told, and the memory of both workers.
    pub(super) fn finish(&mut self, scope: &DedicatedWorkerGlobalScope) {
        self.check(scope);
        if let (Some(second), 2) = (self.second.as_ref(), self.told) {
            self.tell_both(scope, second);
        }
    }
}

/// The answer to the big-board anytime `request` that waits for its best answer (not
/// watched), with `tables`, from `start`: on two workers where the request allows, the whole
/// budget as one round (this worker lane 0 of 2, the second lane 1 of 2, each one
/// uninterrupted run, as the native lanes but for the answers shared between them), the
/// shorter answer kept; else [`super::request::solve_request`] alone.
pub(super) async fn solve_waiting(
    scope: &DedicatedWorkerGlobalScope,
    request: &SolveRequest,
    tables: Tables<'_>,
    start: Option<Vec<Direction>>,
) -> FromWorker {
    if request.workers.count < 2 {
        let run = Run {
            start: start.as_deref(),
            ..Run::default()
        };
        return super::request::solve_request(scope, request, tables, run);
    }
    let mut lanes = Lanes::new(scope, request, tables).await;
    let until = clock() + super::tableless::budget_ms(request);
    let rest = start.clone().unwrap_or_default();
    let (board, goal) = (&request.board, &request.goal);
    let (lane, sent) = lanes.send(scope, board, goal, &rest, until, request.max_expanded);
    let run = Run {
        start: start.as_deref(),
        lane,
    };
    let reply = super::request::solve_request(scope, request, tables, run);
    let theirs = lanes.answer(scope, sent).await;
    let reply = match reply {
        FromWorker::Done { id, mut solution } if solution.length().is_some() => {
            let ours = Some(solution.moves.clone());
            if let Some(moves) = crate::two_workers::shorter(board, goal, ours, theirs) {
                if moves.len() < solution.moves.len() {
                    lanes.kept_second();
                    solution.moves = moves;
                }
            }
            FromWorker::Done { id, solution }
        }
        other => other,
    };
    lanes.finish(scope);
    reply
}
