//! The Experiment view's runs: the core's textbook experiment (`puzzle_core::experiment`)
//! as one whole run, so the rows are the ones `npuzzle experiment` prints for the same config;
//! its progress (at most every [`PROGRESS_EVERY_MS`]) and each depth's row, with its boards,
//! are posted as they come, so the page's table fills in depth by depth. The distance table of
//! the last goal is kept for the next run.

use std::cell::RefCell;
use std::ops::ControlFlow;

use puzzle_core::experiment::{
    run_experiment_on, Controls, DepthRow, ExactDepths, ExperimentConfig, ExperimentProgress,
};
use puzzle_core::{Board, Tables};
use wasm_bindgen::JsCast;

use super::{with_state, PROGRESS_EVERY_MS};
use crate::protocol::FromWorker;

/// `performance.now()` in the worker: milliseconds to a fraction, for the solve times (the
/// worker's default clock, `Date.now()`, counts whole milliseconds, and most solves of a
/// small depth take less).
pub fn performance_now() -> f64 {
    js_sys::global()
        .dyn_into::<web_sys::WorkerGlobalScope>()
        .ok()
        .and_then(|scope| scope.performance())
        .map_or_else(js_sys::Date::now, |performance| performance.now())
}

/// Runs `config` for request `id`, handing `send` the progress (at most every
/// [`PROGRESS_EVERY_MS`] of `clock`), a row as each depth finishes and then the end; a config
/// that cannot run is one [`FromWorker::Failed`] before any solve.
pub fn run(
    id: u32,
    config: &ExperimentConfig,
    clock: fn() -> f64,
    send: &mut dyn FnMut(FromWorker),
) {
    let failed = |message: String| FromWorker::Failed { id, message };
    if let Err(error) = config.check() {
        return send(failed(error.to_string()));
    }
    // Every board of the last goal by its exact distance (3x3: 181,440 boards), kept.
    with_state(|state| {
        let mut cached = state.depths.borrow_mut();
        if cached.as_ref().is_none_or(|d| d.goal() != &config.goal) {
            *cached = None;
            match ExactDepths::build(&config.goal) {
                Ok(built) => *cached = Some(built),
                Err(error) => return send(failed(error.to_string())),
            }
        }
        let depths = cached.as_ref().expect("just built");
        // Both callbacks post; the run calls one at a time.
        let send = RefCell::new(send);
        let mut last_post = f64::NEG_INFINITY;
        let mut on_solve = |progress: &ExperimentProgress| {
            let now = clock();
            if now - last_post >= PROGRESS_EVERY_MS {
                last_post = now;
                let progress = progress.clone();
                (send.borrow_mut())(FromWorker::ExperimentProgress { id, progress });
            }
            ControlFlow::Continue(())
        };
        let mut on_row = |row: &DepthRow, boards: &[Board]| {
            (send.borrow_mut())(FromWorker::ExperimentRow {
                id,
                row: row.clone(),
                boards: boards.to_vec(),
            });
        };
        let mut controls = Controls {
            on_solve: Some(&mut on_solve),
            on_row: Some(&mut on_row),
            cancel: None,
            clock,
        };
        let reply = match run_experiment_on(config, depths, Tables::default(), &mut controls) {
            Ok(experiment) => FromWorker::ExperimentDone {
                id,
                elapsed_ms: experiment.elapsed_ms,
            },
            Err(error) => failed(error.to_string()),
        };
        (send.into_inner())(reply);
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzle_core::experiment::{parse_method, run_experiment};
    use puzzle_core::{Goal, Shape};

    /// A row with the times left out (they differ from run to run).
    fn timeless(mut row: DepthRow) -> DepthRow {
        for cell in &mut row.cells {
            cell.mean_ms = None;
        }
        row
    }

    fn collect(config: &ExperimentConfig) -> Vec<FromWorker> {
        let mut replies = Vec::new();
        run(7, config, puzzle_core::search::default_clock, &mut |r| {
            replies.push(r)
        });
        replies
    }

    /// Depth by depth, the rows are the whole run's, skipped cells included (IDDFS with a
    /// small budget hits it and is skipped after), and each row's boards are its seeded draw.
    #[test]
    fn rows_depth_by_depth_are_the_whole_runs() {
        let goal = Goal::Standard.board(Shape::square(3).unwrap()).unwrap();
        let config = ExperimentConfig {
            depths: vec![2, 8, 12, 14],
            boards: 4,
            methods: ["iddfs", "astar-manhattan"]
                .map(|m| parse_method(m).unwrap())
                .to_vec(),
            budget: Some(2_000),
            seed: 5,
            ..ExperimentConfig::textbook(goal.clone())
        };
        let whole = run_experiment(&config, Tables::default(), &mut Controls::default()).unwrap();
        let replies = collect(&config);
        let rows: Vec<(DepthRow, Vec<Board>)> = replies
            .iter()
            .filter_map(|r| match r {
                FromWorker::ExperimentRow { id: 7, row, boards } => {
                    Some((row.clone(), boards.clone()))
                }
                _ => None,
            })
            .collect();
        assert_eq!(rows.len(), 4);
        let depths = ExactDepths::build(&goal).unwrap();
        for ((row, boards), expected) in rows.into_iter().zip(whole.rows) {
            assert_eq!(boards, depths.draw_seeded(row.depth, 4, 5).unwrap());
            assert_eq!(timeless(row), timeless(expected));
        }
        assert!(
            matches!(
                replies.last(),
                Some(FromWorker::ExperimentDone { id: 7, .. })
            ),
            "{:?}",
            replies.last()
        );
        let skipped = &replies.iter().rev().nth(1);
        assert!(
            matches!(skipped, Some(FromWorker::ExperimentRow { row, .. }) if row.cells[0].status == puzzle_core::experiment::CellStatus::Skipped),
            "IDDFS hits 2,000 expansions by depth 12 and is skipped at 14"
        );
    }

    /// A config that cannot run is one failure with the core's reason, before any solve.
    #[test]
    fn bad_configs_fail_at_once_with_the_reason() {
        let goal = Goal::Standard.board(Shape::square(3).unwrap()).unwrap();
        let base = ExperimentConfig {
            depths: vec![2],
            boards: 1,
            ..ExperimentConfig::textbook(goal)
        };
        for (config, why) in [
            (
                ExperimentConfig {
                    depths: vec![2, 40],
                    ..base.clone()
                },
                "distances run from 0 to 31",
            ),
            (
                ExperimentConfig {
                    boards: 0,
                    ..base.clone()
                },
                "at least 1",
            ),
            (
                ExperimentConfig {
                    methods: Vec::new(),
                    ..base.clone()
                },
                "at least one method",
            ),
            (
                ExperimentConfig {
                    goal: Goal::Standard.board(Shape::square(4).unwrap()).unwrap(),
                    ..base.clone()
                },
                "at most 10 cells",
            ),
        ] {
            let replies = collect(&config);
            assert!(
                matches!(&replies[..], [FromWorker::Failed { id: 7, message }] if message.contains(why)),
                "{why}: {replies:?}"
            );
        }
    }
}
