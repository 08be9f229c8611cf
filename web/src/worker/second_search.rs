//! The second search worker of a big-board anytime solve (a [`WorkerCopy`] of this worker,
//! where the page's request allows two: [`crate::two_workers`]; not the page's count and hint
//! worker, `hooks/coach.rs`): it holds the solve's tables and runs each round as lane 1 of 2
//! while this worker runs lane 0 (`lanes`, which merges the two rests).
//!
//! This worker cannot read a message while its own round runs, so the second's answer is
//! merged when the round ends: [`SecondSearch::answer`] waits for it at most [`GRACE_MS`]
//! (both rounds end at one clock time, `Date.now()`, which both workers read). The second
//! search worker is started once per set of tables and kept for the next solves
//! ([`for_solve`]; early, while the tables come: [`start_early`]): it is sent the tables'
//! bytes ([`ToCopy::HoldGuides`]; it reads them while the rounds go on here alone) and takes
//! part from the round after its [`FromCopy::Held`] (its life: `copy::Life::Holding`). Its
//! side of the work is `held` ([`super::held::hold_guides`], [`super::held::round`]).
//!
//! One that cannot start, fails in its life (an error event: a trap, memory it could not
//! get; a `Failed` reply), or does not load or read the tables in time ([`HOLD_GRACE_MS`])
//! takes nothing away: the round's answer is this worker's own, and the solve goes on alone.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use puzzle_core::anytime::{BigTables, WholeTables};
use puzzle_core::{Board, Direction, Tables};

use super::cache::Cached;
use super::copy::WorkerCopy;
use super::{clock, with_state};
use crate::protocol::{to_js, with_bytes, FromCopy, SolveRequest, ToCopy};

/// Longest wait for the second search worker's answer after this worker's round ended: its round
/// ends at the same clock time, give or take its last clock reading and the message.
pub(super) const GRACE_MS: f64 = 250.0;

/// Longest time the second search worker may take to load, or to read the tables once sent, before
/// it counts as failed.
pub(super) const HOLD_GRACE_MS: f64 = 15_000.0;

/// The second search worker's answer to its last round: the round's id and its rest.
type Rounded = Rc<RefCell<Option<(u32, Option<Vec<Direction>>)>>>;

/// A copy of this worker that holds a solve's tables and runs rounds as lane 1 of 2.
pub(super) struct SecondSearch {
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

/// Starts the second search worker where `request` allows two and none runs, before its tables are
/// in hand: it loads only while this worker is in its event loop (a copy's start, its `Ready`
/// and so the messages held for it wait for the owner's turns, which a long round never
/// gives), so it is started while the tables are read or downloaded. A failure here is
/// tried again and told by `lanes::Lanes::new`.
pub(super) fn start_early(request: &SolveRequest) {
    if request.workers.count < 2 {
        return;
    }
    let running = with_state(|state| {
        state
            .second_search
            .borrow()
            .as_ref()
            .is_some_and(|(_, second)| second.failed().is_none())
    });
    if !running {
        if let Ok(second) = SecondSearch::spawn() {
            with_state(|state| *state.second_search.borrow_mut() = Some((None, second)));
        }
    }
}

/// The second search worker for a solve toward `goal` with `tables`: the one running, if it holds
/// them (or none yet: it is sent them) and has not failed, else a new one sent them. `Err`:
/// why none could start.
pub(super) fn for_solve(goal: &Board, tables: Tables) -> Result<Rc<SecondSearch>, String> {
    let key = key_of(goal, tables);
    let running = with_state(|state| {
        state
            .second_search
            .borrow()
            .as_ref()
            .filter(|(_, second)| second.failed().is_none())
            .cloned()
    });
    match running {
        Some((Some(held), second)) if held == key => return Ok(second),
        Some((None, second)) => {
            second.hold(goal, tables);
            with_state(|state| {
                *state.second_search.borrow_mut() = Some((Some(key), second.clone()))
            });
            return Ok(second);
        }
        _ => {}
    }
    // The one holding other tables goes (terminated) before the new one takes its memory.
    with_state(|state| state.second_search.borrow_mut().take());
    let second = SecondSearch::spawn()?;
    second.hold(goal, tables);
    with_state(|state| *state.second_search.borrow_mut() = Some((Some(key), second.clone())));
    Ok(second)
}

impl SecondSearch {
    fn spawn() -> Result<Rc<SecondSearch>, String> {
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
        Ok(Rc::new(SecondSearch {
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
    pub(super) async fn loaded(&self, ms: f64) {
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
    /// (this worker's clock), as lane 1 of 2; the id its answer will carry.
    pub(super) fn send_round(
        &self,
        board: &Board,
        goal: &Board,
        start: &[Direction],
        until: f64,
        max_expanded: Option<u64>,
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
