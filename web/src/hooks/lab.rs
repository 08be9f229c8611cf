//! The heuristic lab's worker: a worker of its own (a check of 1.8 million boards holds up no
//! solve), sent [`ToWorker::CheckFormula`] and stopped by Cancel or a new check. The lab's
//! state is UI state, held here: what the worker last said ([`LabStatus`]).

use std::rc::Rc;

use puzzle_core::formula::check::Verdicts;
use puzzle_core::Board;
use yew::prelude::*;

use super::worker_slot::use_worker_slot;
use crate::client::WorkerEvent;
use crate::protocol::{FromWorker, ToWorker};

/// Where the lab's check is.
#[derive(Clone, Debug, PartialEq)]
pub enum LabStatus {
    /// No check yet.
    Idle,
    /// Checking: boards done of all.
    Checking {
        /// Boards checked.
        done: usize,
        /// Boards to check.
        total: usize,
    },
    /// The verdicts on `formula`.
    Checked {
        /// The formula checked.
        formula: String,
        /// What the check found.
        verdicts: Rc<Verdicts>,
        /// How long it took, in milliseconds.
        elapsed_ms: f64,
    },
    /// Why the check did not run or failed.
    Failed(String),
    /// Cancelled by the person.
    Cancelled,
}

/// The lab's status and buttons.
#[derive(Clone, PartialEq)]
pub struct Lab {
    /// Where the check is.
    pub status: LabStatus,
    /// Checks a formula toward a goal (stopping a check before).
    pub check: Callback<(String, Board)>,
    /// Stops the check.
    pub cancel: Callback<()>,
    /// Stops any check and forgets the last verdicts (the goal on screen changed: they would
    /// describe another goal's boards).
    pub forget: Callback<()>,
}

/// What the status becomes on a reply of the lab's worker to request `running` (with the
/// formula it checks); `None` for any other reply.
pub fn next_status(event: WorkerEvent, running: u32, formula: &str) -> Option<LabStatus> {
    Some(match event {
        WorkerEvent::Reply(FromWorker::FormulaProgress { id, done, total }) if id == running => {
            LabStatus::Checking { done, total }
        }
        WorkerEvent::Reply(FromWorker::FormulaChecked {
            id,
            verdicts,
            elapsed_ms,
        }) if id == running => LabStatus::Checked {
            formula: formula.to_string(),
            verdicts: Rc::new(verdicts),
            elapsed_ms,
        },
        WorkerEvent::Reply(FromWorker::Failed { id, message }) if id == running => {
            LabStatus::Failed(message)
        }
        WorkerEvent::Crashed(message) => LabStatus::Failed(format!("the check stopped: {message}")),
        WorkerEvent::Reply(_) => return None,
    })
}

/// Owns the lab's worker.
#[hook]
pub fn use_lab() -> Lab {
    let status = use_state(|| LabStatus::Idle);
    // The request running and its formula.
    let running = use_mut_ref(|| (0u32, String::new()));
    let slot = {
        let (status, running) = (status.setter(), running.clone());
        use_worker_slot(Callback::from(move |event| {
            let (id, formula) = running.borrow().clone();
            if let Some(next) = next_status(event, id, &formula) {
                status.set(next);
            }
        }))
    };
    let check = {
        let (status, running, slot) = (status.setter(), running.clone(), slot.clone());
        use_callback((), move |(formula, goal): (String, Board), _| {
            slot.stop();
            let id = slot.new_id();
            *running.borrow_mut() = (id, formula.clone());
            status.set(LabStatus::Checking { done: 0, total: 0 });
            if let Err(message) = slot.send(&[ToWorker::CheckFormula { id, formula, goal }]) {
                status.set(LabStatus::Failed(message));
            }
        })
    };
    let stop_with = |then: LabStatus| {
        let (status, slot) = (status.setter(), slot.clone());
        Callback::from(move |()| {
            slot.stop();
            status.set(then.clone());
        })
    };
    let cancel = (*use_memo((), |_| stop_with(LabStatus::Cancelled))).clone();
    let forget = (*use_memo((), |_| stop_with(LabStatus::Idle))).clone();
    Lab {
        status: (*status).clone(),
        check,
        cancel,
        forget,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replies_of_the_running_check_become_its_status() {
        let progress = WorkerEvent::Reply(FromWorker::FormulaProgress {
            id: 2,
            done: 5,
            total: 9,
        });
        assert_eq!(
            next_status(progress.clone(), 2, "m"),
            Some(LabStatus::Checking { done: 5, total: 9 })
        );
        assert_eq!(
            next_status(progress, 3, "m"),
            None,
            "an older check's reply"
        );
        let failed = WorkerEvent::Reply(FromWorker::Failed {
            id: 2,
            message: "no".into(),
        });
        assert_eq!(
            next_status(failed, 2, "m"),
            Some(LabStatus::Failed("no".into()))
        );
        assert!(matches!(
            next_status(WorkerEvent::Crashed("out of memory".into()), 2, "m"),
            Some(LabStatus::Failed(m)) if m.contains("out of memory")
        ));
        assert_eq!(
            next_status(WorkerEvent::Reply(FromWorker::Ready), 2, "m"),
            None
        );
    }
}
