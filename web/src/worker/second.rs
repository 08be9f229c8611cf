//! The second worker of a big-board anytime solve (a [`WorkerCopy`] of this worker, where the
//! page's request allows two: [`crate::two_workers`]): the rounds of a watched solve
//! ([`super::watch::improve`]) run on both, this worker as lane 0 of 2 and the second as lane
//! 1 of 2 (`puzzle_core::solve_improving_in_lane`: other beam tie-breaks, its share of the
//! widest beams' other draws), each from the same board (the commit point) and the same best
//! rest, until the same time; the shorter rest wins ([`crate::two_workers::shorter`]). A solve
//! that waits for its best answer (not watched) is one round of the whole budget
//! ([`solve_waiting`]).
//!
//! This worker cannot read a message while its own round runs, so the second's answer is
//! merged when the round ends: [`Second::answer`] waits for it at most [`GRACE_MS`] (both
//! rounds end at one clock time, `Date.now()`, which both workers read). The second worker is
//! started once per set of tables and kept for the next solves ([`for_solve`]): it is sent
//! the tables' bytes ([`ToCopy::HoldGuides`]; it reads them while the rounds go on here
//! alone) and takes part from the round after its [`FromCopy::Held`].
//!
//! A second worker that cannot start, dies (an error event: a trap, memory it could not get),
//! or answers with a failure takes nothing away: the round's answer is this worker's own, the
//! solve goes on alone, and the page is told once ([`crate::protocol::FromWorker::Workers`]).

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use puzzle_core::anytime::{BigTables, LaneOf, WholeTables};
use puzzle_core::{Board, Direction, Tables};

use web_sys::DedicatedWorkerGlobalScope;

use super::cache::Cached;
use super::copy::WorkerCopy;
use super::held::wasm_memory;
use super::{clock, post};
use crate::protocol::{to_js, with_bytes, FromCopy, FromWorker, SolveRequest, ToCopy};

/// Longest wait for the second worker's answer after this worker's round ended: its round
/// ends at the same clock time, give or take its last clock reading and the message.
pub(super) const GRACE_MS: f64 = 250.0;

/// Longest time the second worker may take to load, or to read the tables once sent, before
/// it counts as failed.
const HOLD_GRACE_MS: f64 = 15_000.0;

/// Longest wait for a second worker started at a solve's first round to load (its wasm
/// compiled and started: a few hundred milliseconds).
const READY_WAIT_MS: f64 = 1_000.0;

thread_local! {
    /// This worker's second worker, with the key of the tables it holds (`None`: started
    /// early, none sent yet).
    static SECOND: RefCell<Option<(Option<String>, Rc<Second>)>> = const { RefCell::new(None) };
}

/// The second worker's answer to its last round: the round's id and its rest.
type Rounded = Rc<RefCell<Option<(u32, Option<Vec<Direction>>)>>>;

/// A copy of this worker that holds a solve's tables and runs rounds as lane 1 of 2.
pub(super) struct Second {
    copy: WorkerCopy<FromCopy>,
    /// The last round's answer.
    answer: Rounded,
    /// Its wasm memory as of its last answer, in bytes.
    memory: Rc<Cell<u64>>,
    /// When it was sent the tables, once it was.
    sent: Cell<Option<f64>>,
}

/// The key of the tables `tables` (as a solve toward `goal` lends them).
fn key_of(goal: &Board, tables: Tables) -> String {
    let big = tables
        .big_board
        .and_then(|_| <BigTables as Cached>::key(goal).ok());
    let whole = tables
        .whole_board
        .and_then(|_| <WholeTables as Cached>::key(goal).ok());
    format!("{big:?}/{whole:?}")
}

/// Starts the second worker where `request` allows two and none runs, before its tables are
/// in hand: it loads only while this worker is in its event loop (a copy's start, its `Ready`
/// and so the messages held for it wait for the owner's turns, which a long round never
/// gives), so it is started while the tables are read or downloaded. A failure here is
/// tried again and told by [`Lanes::new`].
pub(super) fn start_early(request: &SolveRequest) {
    if request.workers.count < 2 {
        return;
    }
    let running = SECOND.with(|s| {
        s.borrow()
            .as_ref()
            .is_some_and(|(_, second)| second.failed().is_none())
    });
    if !running {
        if let Ok(second) = Second::spawn() {
            SECOND.with(|s| *s.borrow_mut() = Some((None, second)));
        }
    }
}

/// The second worker for a solve toward `goal` with `tables`: the one running, if it holds
/// them (or none yet: it is sent them) and has not failed, else a new one sent them. `Err`:
/// why none could start.
pub(super) fn for_solve(goal: &Board, tables: Tables) -> Result<Rc<Second>, String> {
    let key = key_of(goal, tables);
    let running = SECOND.with(|s| {
        s.borrow()
            .as_ref()
            .filter(|(_, second)| second.failed().is_none())
            .cloned()
    });
    match running {
        Some((Some(held), second)) if held == key => return Ok(second),
        Some((None, second)) => {
            second.hold(goal, tables);
            SECOND.with(|s| *s.borrow_mut() = Some((Some(key), second.clone())));
            return Ok(second);
        }
        _ => {}
    }
    // The one holding other tables goes (terminated) before the new one takes its memory.
    SECOND.with(|s| s.borrow_mut().take());
    let second = Second::spawn()?;
    second.hold(goal, tables);
    SECOND.with(|s| *s.borrow_mut() = Some((Some(key), second.clone())));
    Ok(second)
}

impl Second {
    fn spawn() -> Result<Rc<Second>, String> {
        let answer = Rounded::default();
        let memory = Rc::new(Cell::new(0));
        let copy = {
            let (answer, memory) = (answer.clone(), memory.clone());
            WorkerCopy::spawn(move |reply| match reply {
                FromCopy::Rounded {
                    id,
                    moves,
                    memory: used,
                } => {
                    memory.set(used);
                    *answer.borrow_mut() = Some((id, moves));
                }
                // Its life (`Ready`, `Held`, `Failed`), and the answers to requests this
                // owner does not send.
                FromCopy::Ready
                | FromCopy::Held { .. }
                | FromCopy::Failed { .. }
                | FromCopy::Building { .. }
                | FromCopy::Table { .. }
                | FromCopy::Searched { .. } => {}
            })
        }
        .ok_or("no second worker can start here")?;
        Ok(Rc::new(Second {
            copy,
            answer,
            memory,
            sent: Cell::new(None),
        }))
    }

    /// Sends it `tables` (toward `goal`) to hold.
    fn hold(&self, goal: &Board, tables: Tables) {
        let mut bytes = tables
            .big_board
            .map(BigTables::to_bytes)
            .unwrap_or_default();
        let split = bytes.len() as u64;
        if let Some(whole) = tables.whole_board {
            bytes.extend_from_slice(&whole.to_bytes());
        }
        let hold = ToCopy::HoldGuides {
            id: 0,
            goal: goal.clone(),
            split,
            bytes: Vec::new(),
        };
        let (message, transfer) = with_bytes(&hold, &bytes);
        self.copy.post(message, Some(transfer));
        self.sent.set(Some(clock()));
    }

    /// Why it failed (or did not load, or read the tables, in time), if it did.
    pub(super) fn failed(&self) -> Option<String> {
        if let Some(why) = self.copy.failed() {
            return Some(why);
        }
        let late = |since: f64| clock() - since > HOLD_GRACE_MS;
        let unread = self.sent.get().is_some_and(late) && !self.copy.holds();
        (unread || (!self.copy.loaded() && late(self.copy.started())))
            .then(|| "it did not start in time".to_string())
    }

    /// Waits in the event loop until it has loaded (its `Ready`), at most `ms`.
    async fn loaded(&self, ms: f64) {
        let until = clock() + ms;
        while !self.copy.loaded() && self.failed().is_none() && clock() < until {
            self.copy.next_reply_until(until).await;
        }
    }

    /// Whether it holds the tables and takes rounds.
    pub(super) fn ready(&self) -> bool {
        self.copy.holds() && self.failed().is_none()
    }

    /// Its wasm memory as of its last answer, in bytes (0 before one).
    pub(super) fn memory(&self) -> u64 {
        self.memory.get()
    }

    /// Sends it a round from `board` toward `goal`, from the rest `start`, until `until`
    /// (this worker's clock), as lane 1 of 2; the id its answer will carry. `fail`: the test
    /// hook ([`crate::protocol::Workers::fail_second`]).
    pub(super) fn send_round(
        &self,
        board: &Board,
        goal: &Board,
        start: &[Direction],
        until: f64,
        max_expanded: Option<u64>,
        fail: bool,
    ) -> u32 {
        let id = self.copy.next_id();
        let round = ToCopy::Round {
            id,
            board: board.clone(),
            goal: goal.clone(),
            start: start.to_vec(),
            until,
            lane: 1,
            lanes: 2,
            max_expanded,
            fail,
        };
        self.copy.post(to_js(&round), None);
        id
    }

    /// The answer to round `id`: its rest if shorter than the round's start, waited for in
    /// the event loop at most [`GRACE_MS`] (`None` after that, or if it failed). Not waited
    /// for while it still reads the tables: it runs the round once it has, if time is left.
    pub(super) async fn answer(&self, id: u32) -> Option<Vec<Direction>> {
        let deadline = clock() + GRACE_MS;
        // The replies that came during the round (its `Held`, say) are read first.
        self.copy.next_reply_until(clock()).await;
        loop {
            if let Some((for_id, moves)) = self.answer.borrow_mut().take() {
                if for_id == id {
                    return moves;
                }
                // An older round's, come late: this round's may follow.
            }
            // Not waited for while it reads the tables (a round comes after its `Held`), nor
            // once it failed.
            if !self.copy.holds() || clock() >= deadline {
                return None;
            }
            self.copy.next_reply_until(deadline).await;
        }
    }
}

/// The second worker's part in one watched solve: its rounds, and what the page is told
/// ([`FromWorker::Workers`]: two workers once it takes part, one once it failed, and the
/// memory of both before the answer).
pub(super) struct Lanes {
    id: u32,
    second: Option<Rc<Second>>,
    /// The test hook ([`crate::protocol::Workers::fail_second`]).
    fail: bool,
    /// The count of workers the page was told (0: nothing told).
    told: u32,
    /// The rounds sent to the second worker while it held the tables, and how many kept its
    /// answer.
    rounds: (u32, u32),
}

impl Lanes {
    /// The lanes of the watched `request` with `tables`: a second worker where the request
    /// allows two (the page is told at once if none can start).
    pub(super) async fn new(
        scope: &DedicatedWorkerGlobalScope,
        request: &SolveRequest,
        tables: Tables<'_>,
    ) -> Lanes {
        let mut lanes = Lanes {
            id: request.id,
            second: None,
            fail: request.workers.fail_second,
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

    /// Tells the page the second worker stopped, and goes on without it.
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

    /// Whether the second worker failed (the page is told, once).
    fn check(&mut self, scope: &DedicatedWorkerGlobalScope) {
        if let Some(why) = self.second.as_ref().and_then(|s| s.failed()) {
            self.tell_failed(scope, why);
        }
    }

    /// Sends the second worker, if it takes part, the round from `board` toward `goal` from
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
        let id = second.send_round(board, goal, start, until, max_expanded, self.fail);
        self.tell_two(scope);
        (LaneOf { index: 0, count: 2 }, Some(id))
    }

    /// Tells the page, once, that the second worker takes part (once it holds the tables).
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
    fn tell_both(&self, scope: &DedicatedWorkerGlobalScope, second: &Second) {
        let message = FromWorker::Workers {
            id: self.id,
            count: 2,
            failed: None,
            memory: vec![wasm_memory(), second.memory()],
            rounds: self.rounds,
        };
        post(scope, &message);
    }

    /// The second worker's answer to round `id` (`None`: nothing shorter, late, or failed).
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

    /// Counts a round that kept the second worker's answer.
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
/// shorter answer kept; else [`super::request::solve_request_from`] alone.
pub(super) async fn solve_waiting(
    scope: &DedicatedWorkerGlobalScope,
    request: &SolveRequest,
    tables: Tables<'_>,
    start: Option<Vec<Direction>>,
) -> FromWorker {
    if request.workers.count < 2 {
        return super::request::solve_request_from(scope, request, tables, start);
    }
    let mut lanes = Lanes::new(scope, request, tables).await;
    let until = clock() + super::tableless::budget_ms(request);
    let rest = start.clone().unwrap_or_default();
    let (board, goal) = (&request.board, &request.goal);
    let (lane, sent) = lanes.send(scope, board, goal, &rest, until, request.max_expanded);
    let reply = super::request::solve_request_in_lane(scope, request, tables, start, lane);
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
