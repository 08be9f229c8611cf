//! One anytime solve on several threads ([`Limits::threads`] above 1, natively): `threads`
//! runs of the same plan side by side ("lanes"), each a different draw, sharing one best
//! answer.
//!
//! - **Draws**: lane `k` breaks the ties of its growing beams and beam windows with salt `k`
//!   (lane 0 as a single-thread run), so they keep other boards, and takes every
//!   `threads`-th of the other problems the widest beams run on (blends, views, reverse
//!   problems, ties broken as on one thread; `phases/beams.rs`) and of the core beams' blends
//!   (`phases/core_beams.rs`): together the lanes run the single thread's draws, each lane
//!   half as many on two threads. Its window passes start `k / threads` of a step later
//!   (`Budget::window_offset`), so the lanes' windows end on other boards of the answer they
//!   share.
//! - **Proof**: where the core's tables cover the whole board (5x5 and smaller), the last
//!   lane, after its growing core beams, runs IDA* with them instead of more beams
//!   (`phases/core_beams.rs`, `Run::prove_core`): each iteration it finishes raises the
//!   shared lower bound ([`Lane::prove`]) that every lane's answer states, and once the bound
//!   reaches the best answer (or the search reaches the goal) that answer is proven shortest
//!   and every lane stops. Lanes run apart (`AnytimeConfig::lane`, the page's workers) do not.
//! - **Sharing**: every improvement goes to the shared best ([`Lane::offer`]); a lane prunes
//!   by the shared length ([`Run::best_len`](crate::anytime::run::Run::best_len)) and adopts the
//!   shared answer at its phase boundaries and between its draws and window passes, so the
//!   windows and tails work on the best answer any lane found.
//! - **The caller**: the calling thread only forwards improvements (strictly shorter, in
//!   order) to `on_improve` and calls the progress callback, with the expansions of all lanes;
//!   a `Break` stops every lane. Each lane keeps its own time limit and a `threads`-th of the node
//!   budget.
//! - **Faults**: a lane that panics loses nothing that it offered; the others go on, and the
//!   answer's [`Stats::thread_failures`](crate::search::Stats::thread_failures) says so.
//!
//! With one thread nothing here runs ([`crate::anytime::solve_anytime_checked`] runs the plan
//! on the calling thread), so wasm32, where threads cannot be spawned, never comes here.

use std::any::Any;
use std::sync::atomic::Ordering;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Arc;
use std::time::Duration;

use crate::search::Limits;
use crate::solution::SolveOutcome;
use crate::suboptimal::Approximate;

use crate::anytime::plan::Plan;
use crate::anytime::run::{Problem, Run};
use crate::anytime::Settings;
use crate::budget::shared::{Lane, Shared};
use crate::budget::{Budget, Halt};

/// How often the calling thread reports progress while the lanes run.
const REPORT_EVERY: Duration = Duration::from_millis(25);

/// Runs `plan` on `limits.threads` lanes (see the module documentation) and answers with the
/// best any of them found.
pub(crate) fn solve(
    problem: &Problem,
    plan: &Plan,
    settings: &Settings,
    limits: &mut Limits,
    on_improve: &mut dyn FnMut(&Approximate),
) -> Approximate {
    let count = limits.threads.max(1);
    let shared = Arc::new(Shared::new(count));
    let (clock, report_every) = (limits.clock, limits.report_every);
    let lane_budget = limits.max_expanded.map(|max| max.div_ceil(count as u64));
    let start_ms = clock();
    let (sender, receiver) = mpsc::channel::<Approximate>();
    let mut cancelled = false;
    let mut failures = Vec::new();
    let mut reported = usize::MAX;
    std::thread::scope(|scope| {
        let lanes: Vec<_> = (0..count)
            .map(|index| {
                let lane = Lane {
                    index,
                    count,
                    shared: Arc::clone(&shared),
                    apart: false,
                };
                let sender = sender.clone();
                scope.spawn(move || {
                    let mut limits = Limits {
                        max_expanded: lane_budget,
                        report_every,
                        on_progress: None,
                        clock,
                        threads: 1,
                    };
                    let mut send = |better: &Approximate| drop(sender.send(better.clone()));
                    let budget = Budget::new(&mut limits, settings.config.time_limit_ms)
                        .counting(settings.config.work_clock)
                        .in_lane(lane);
                    let mut run = Run::new(problem, &mut send, budget);
                    run.improve(plan, settings).err()
                })
            })
            .collect();
        drop(sender);
        // Forward improvements until every lane has ended (its sender dropped).
        let mut last_report = clock();
        loop {
            match receiver.recv_timeout(REPORT_EVERY) {
                Ok(mut better) if better.solution.moves.len() < reported => {
                    reported = better.solution.moves.len();
                    better.solution.stats.expanded = shared.expanded();
                    better.solution.stats.generated = better.solution.stats.expanded;
                    on_improve(&better);
                }
                Ok(_) | Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => break,
            }
            if !cancelled && clock() - last_report >= REPORT_EVERY.as_secs_f64() * 1000.0 {
                last_report = clock();
                if report(limits, &shared, start_ms, reported).is_err() {
                    cancelled = true;
                    shared.stop.store(true, Ordering::Relaxed);
                }
            }
        }
        for lane in lanes {
            match lane.join() {
                Ok(Some(Halt::Cancelled)) => cancelled = true,
                Ok(_) => {}
                Err(payload) => failures.push(panic_message(payload.as_ref())),
            }
        }
    });
    let expanded = shared.expanded();
    let elapsed_ms = clock() - start_ms;
    let mut answer = match shared.best() {
        Some(moves) => {
            let bound = problem.lower_bound.max(shared.proven());
            let answer = problem.answer(moves, bound, expanded, elapsed_ms);
            // A lane that panicked as it shared its answer sent nothing.
            if answer.solution.moves.len() < reported {
                on_improve(&answer);
            }
            answer
        }
        None if cancelled => problem.unsolved(SolveOutcome::Cancelled),
        None => problem.unsolved(SolveOutcome::BudgetExhausted),
    };
    answer.solution.stats.thread_failures = failures
        .into_iter()
        .map(|why| format!("one of {count} search threads failed: {why}"))
        .collect();
    answer
}

/// Calls the caller's progress callback with the lanes' expansions; `Err` if it cancels.
fn report(limits: &mut Limits, shared: &Shared, start_ms: f64, best: usize) -> Result<(), ()> {
    let Some(callback) = limits.on_progress.as_mut() else {
        return Ok(());
    };
    let expanded = shared.expanded();
    let progress = crate::search::Progress {
        expanded,
        generated: expanded,
        frontier: 0,
        bound: (best < usize::MAX).then_some(best as f64),
        elapsed_ms: (limits.clock)() - start_ms,
    };
    match callback(&progress) {
        std::ops::ControlFlow::Break(()) => Err(()),
        std::ops::ControlFlow::Continue(()) => Ok(()),
    }
}

/// The message a panic carried, if it was text.
fn panic_message(payload: &(dyn Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::anytime::{solve_anytime, AnytimeConfig};
    use crate::generate::{scramble_seeded, Scramble};
    use crate::{Goal, Shape};

    /// A lane that panics once an answer is shared (holding the lock) loses nothing: the other
    /// goes on, the answer solves the board, improvements come strictly shorter, and the answer
    /// says one thread failed.
    #[test]
    fn a_lane_that_panics_loses_no_answer() {
        let goal = Goal::Standard.board(Shape::square(6).unwrap()).unwrap();
        let board = scramble_seeded(&goal, Scramble::Uniform, true, 3);
        let config = AnytimeConfig {
            time_limit_ms: 300.0,
            ..AnytimeConfig::default()
        };
        let mut limits = Limits {
            threads: 2,
            ..Limits::default()
        };
        let mut lengths = Vec::new();
        crate::budget::shared::PANIC_LANE.with(|lane| lane.set(1));
        let answer = solve_anytime(&board, &goal, None, &config, &mut limits, &mut |better| {
            lengths.push(better.solution.moves.len())
        });
        crate::budget::shared::PANIC_LANE.with(|lane| lane.set(0));
        let answer = answer.unwrap();
        assert_eq!(answer.solution.outcome, SolveOutcome::Solved);
        assert_eq!(board.after(&answer.solution.moves).unwrap(), goal);
        assert!(lengths.windows(2).all(|w| w[1] < w[0]), "{lengths:?}");
        assert_eq!(lengths.last(), Some(&answer.solution.moves.len()));
        let failures = &answer.solution.stats.thread_failures;
        assert_eq!(failures.len(), 1, "{failures:?}");
        assert!(failures[0].starts_with("one of 2 search threads failed: injected fault"));
    }

    /// A run apart as lane 1 of 2 (`AnytimeConfig::lane`, one thread) solves the board and
    /// makes other draws than lane 0 of 2 and a plain run, which make the same (lane 0 breaks
    /// ties as one thread does): on some of these boards its answers differ.
    #[test]
    fn a_run_apart_as_lane_one_makes_other_draws() {
        let goal = Goal::Standard.board(Shape::square(6).unwrap()).unwrap();
        let run = |seed: u64, lane: crate::anytime::LaneOf| {
            let board = scramble_seeded(&goal, Scramble::Uniform, true, seed);
            let config = AnytimeConfig {
                time_limit_ms: 2000.0,
                work_clock: Some(1000.0),
                lane,
                ..AnytimeConfig::default()
            };
            let mut lengths = Vec::new();
            let answer = solve_anytime(
                &board,
                &goal,
                None,
                &config,
                &mut Limits::default(),
                &mut |b| lengths.push(b.solution.moves.len()),
            )
            .unwrap();
            assert_eq!(board.after(&answer.solution.moves).unwrap(), goal);
            (answer.solution.moves, lengths)
        };
        let lane = |index| crate::anytime::LaneOf { index, count: 2 };
        let mut differ = 0;
        for seed in 0..3 {
            let plain = run(seed, crate::anytime::LaneOf::default());
            assert_eq!(run(seed, lane(0)), plain, "seed {seed}");
            if run(seed, lane(1)) != plain {
                differ += 1;
            }
        }
        assert!(differ > 0, "lane 1 repeated lane 0 on every board");
    }

    /// On two threads with tables that cover the board, the last lane proves: on 3x3 boards
    /// (their optimum from the crate's exact A*) the answer comes out proven shortest,
    /// its stated bound its length, well before the time limit; on one thread the same
    /// solves state no more than the tables' estimate (the proof lane is what raises it).
    #[test]
    fn the_last_lane_proves_the_answer_shortest() {
        use crate::anytime::BigTables;
        use crate::generate::random_walk;
        use rand::SeedableRng;
        let goal = Goal::Standard.board(Shape::square(3).unwrap()).unwrap();
        let tables = BigTables::build(&goal, &mut Limits::default()).unwrap();
        let mut rng = rand::rngs::StdRng::seed_from_u64(39);
        let config = AnytimeConfig {
            time_limit_ms: 60_000.0,
            ..AnytimeConfig::default()
        };
        let mut raised = 0;
        for walk in [30, 60, 90] {
            let board = random_walk(&goal, walk, &mut rng);
            let oracle = crate::SolverConfig::best_for(goal.shape());
            let optimum = crate::solve(&board, &goal, &oracle, &mut Limits::default())
                .unwrap()
                .length()
                .unwrap() as u32;
            let solve = |threads, time_limit_ms| {
                let mut limits = Limits {
                    threads,
                    ..Limits::default()
                };
                let config = AnytimeConfig {
                    time_limit_ms,
                    ..config.clone()
                };
                // Growing beams capped early (a few thousand boards wide), so that the proof
                // starts at once.
                let mut tuning = crate::anytime::AnytimeTuning::default();
                tuning.beams.links = 100_000;
                let guides = crate::anytime::Guides {
                    core: Some(&tables),
                    whole: None,
                };
                let (board, goal) = (&board, &goal);
                let solve = crate::anytime::solve_anytime_tuned;
                solve(
                    board,
                    goal,
                    guides,
                    &config,
                    &tuning,
                    &mut limits,
                    &mut |_| {},
                )
                .unwrap()
            };
            let two = solve(2, config.time_limit_ms);
            assert_eq!(board.after(&two.solution.moves).unwrap(), goal);
            assert_eq!(two.solution.moves.len() as u32, optimum, "{board}");
            assert_eq!(two.lower_bound, optimum, "{board}: proven shortest");
            assert!(two.solution.stats.optimal);
            assert!(
                two.solution.stats.elapsed_ms < 30_000.0,
                "ended once proven"
            );
            let one = solve(1, 300.0);
            assert!(one.lower_bound <= two.lower_bound);
            raised += usize::from(one.lower_bound < optimum);
        }
        assert!(raised > 0, "the tables' estimate alone proved every answer");
    }
}
