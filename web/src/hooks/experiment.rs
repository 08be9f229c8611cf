//! The Experiment view's worker: a worker of its own (the solver, the exact count and the
//! step-through view are never held up by a minute of solves), which runs the experiment a
//! depth at a time and streams its progress and rows back ([`use_experiment`]). Cancel
//! terminates it, as does a new run and a change of size or goal (the state then says the run
//! was stopped: [`crate::state::ExperimentRun::abandoned`]).

use puzzle_core::experiment::ExperimentConfig;
use puzzle_core::Goal;
use yew::prelude::*;

use super::worker_slot::use_worker_slot;
use crate::client::WorkerEvent;
use crate::protocol::{FromWorker, ToWorker};
use crate::state::{Action, ExperimentAction, ExperimentRun, State};

/// The view's buttons.
#[derive(Clone, PartialEq)]
pub struct ExperimentHandle {
    /// Runs a config toward the named goal (stopping any run before).
    pub start: Callback<(ExperimentConfig, Goal)>,
    /// Cancels the run (its rows so far stay).
    pub cancel: Callback<()>,
}

/// The action a reply of the experiment's worker becomes (`running`: the id of the run, which
/// a crash fails); `None` for the replies of other requests.
pub fn action_for(event: WorkerEvent, running: Option<u32>) -> Option<ExperimentAction> {
    Some(match event {
        WorkerEvent::Reply(FromWorker::ExperimentProgress { id, progress }) => {
            ExperimentAction::Progress(id, progress)
        }
        WorkerEvent::Reply(FromWorker::ExperimentRow { id, row, boards }) => {
            ExperimentAction::Row(id, row, boards)
        }
        WorkerEvent::Reply(FromWorker::ExperimentDone { id, elapsed_ms }) => {
            ExperimentAction::Done(id, elapsed_ms)
        }
        WorkerEvent::Reply(FromWorker::Failed { id, message }) => {
            ExperimentAction::Failed(id, message)
        }
        WorkerEvent::Crashed(message) => ExperimentAction::Failed(running?, message),
        WorkerEvent::Reply(_) => return None,
    })
}

/// Owns the experiment's worker.
#[hook]
pub fn use_experiment(state: &UseReducerHandle<State>) -> ExperimentHandle {
    let running = use_mut_ref(|| None::<u32>);
    *running.borrow_mut() = state
        .experiment
        .as_ref()
        .filter(|r| r.is_running())
        .map(|r| r.id);
    let slot = {
        let (dispatcher, running) = (state.dispatcher(), running.clone());
        use_worker_slot(Callback::from(move |event| {
            if let Some(action) = action_for(event, *running.borrow()) {
                dispatcher.dispatch(Action::Experiment(action));
            }
        }))
    };
    // A run given up (cancelled, or stopped by a new size or goal) may still be solving.
    {
        let slot = slot.clone();
        let abandoned = state.experiment.as_ref().map(|r| (r.id, r.abandoned()));
        use_effect_with(abandoned, move |abandoned| {
            if matches!(abandoned, Some((_, true))) {
                slot.stop();
            }
        });
    }
    let handle = {
        let dispatcher = state.dispatcher();
        use_memo((), move |_| {
            let start = {
                let (dispatcher, slot) = (dispatcher.clone(), slot.clone());
                Callback::from(move |(config, goal): (ExperimentConfig, Goal)| {
                    // A fresh worker: the old one may still be solving.
                    slot.stop();
                    let id = slot.new_id();
                    let run = ExperimentRun::new(id, config.clone(), goal);
                    dispatcher
                        .dispatch(Action::Experiment(ExperimentAction::Started(Box::new(run))));
                    if let Err(message) = slot.send(&[ToWorker::Experiment { id, config }]) {
                        dispatcher
                            .dispatch(Action::Experiment(ExperimentAction::Failed(id, message)));
                    }
                })
            };
            let cancel = Callback::from(move |()| {
                slot.stop();
                dispatcher.dispatch(Action::Experiment(ExperimentAction::Cancel));
            });
            ExperimentHandle { start, cancel }
        })
    };
    (*handle).clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replies_become_the_runs_actions_and_a_crash_fails_the_run() {
        let done = WorkerEvent::Reply(FromWorker::ExperimentDone {
            id: 4,
            elapsed_ms: 9.0,
        });
        assert_eq!(
            action_for(done, Some(4)),
            Some(ExperimentAction::Done(4, 9.0))
        );
        let crash = WorkerEvent::Crashed("out of memory".into());
        assert_eq!(
            action_for(crash.clone(), Some(4)),
            Some(ExperimentAction::Failed(4, "out of memory".into()))
        );
        assert_eq!(action_for(crash, None), None, "nothing runs: nothing fails");
        assert_eq!(
            action_for(WorkerEvent::Reply(FromWorker::Ready), Some(4)),
            None
        );
    }
}
