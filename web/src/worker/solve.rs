//! The solve: a request run by the core's solver with its tables, posting progress about ten
//! times a second and each better answer as it comes ([`solve_request`], the one place that
//! builds the worker's [`Limits`]). Requests whose method needs tables get them from the cache
//! first ([`with_tables`]): the big-board tables here, after a quick staged first answer; the
//! pattern databases through [`super::quick`].

use std::ops::ControlFlow;

use puzzle_core::anytime::BigTables;
use puzzle_core::suboptimal::{solve_staged, StagedConfig};
use puzzle_core::{solve_improving, Limits, Progress, TableKind, Tables};
use web_sys::DedicatedWorkerGlobalScope;

use super::cache::{cached, Cached};
use super::{clock, post, quick, PROGRESS_EVERY_MS, REPORT_EVERY};
use crate::protocol::{FromWorker, SolveRequest};

/// The answer to `request`, whose method needs tables: they may come from memory, IndexedDB,
/// a download or a build, while [`FromWorker::Building`] and [`FromWorker::PdbReady`] tell
/// the page.
pub(super) async fn with_tables(
    scope: &DedicatedWorkerGlobalScope,
    request: &SolveRequest,
) -> FromWorker {
    let id = request.id;
    match request.method.needs(request.board.shape()) {
        Some(TableKind::BigBoard) => {
            // While the tables load or build, the staged answer shows at once; with them in
            // memory the solver itself posts it first (running it here too would only repeat
            // that work).
            let asked = clock();
            let key = BigTables::key(&request.goal).unwrap_or_default();
            if !BigTables::with_memory(|m| m.contains_key(&key)) {
                first_answer(scope, request);
            }
            match cached::<BigTables>(scope, id, &request.goal).await {
                Ok(tables) => solve_request(
                    scope,
                    &budget_from(asked, request),
                    Tables {
                        big_board: Some(&tables),
                        ..Tables::default()
                    },
                ),
                Err(message) => FromWorker::Failed { id, message },
            }
        }
        _ => quick::solve_pdb_request(scope, request).await,
    }
}

/// `request` with its time budget counted from `asked` (the time spent getting tables and the
/// first answer is taken off), so that the page's budget runs from Solve.
fn budget_from(asked: f64, request: &SolveRequest) -> SolveRequest {
    let mut request = request.clone();
    if let puzzle_core::Method::Anytime { time_limit_ms } = request.method {
        let spent = (clock() - asked).max(0.0) as u32;
        request.method = request
            .method
            .with_time_limit(time_limit_ms.saturating_sub(spent).max(1));
    }
    request
}

/// A progress callback that posts [`FromWorker::Progress`] at most every [`PROGRESS_EVERY_MS`].
fn progress_poster(
    scope: &DedicatedWorkerGlobalScope,
    id: u32,
) -> impl FnMut(&Progress) -> ControlFlow<()> + '_ {
    let mut last_post = f64::NEG_INFINITY;
    move |progress: &Progress| {
        if progress.elapsed_ms - last_post >= PROGRESS_EVERY_MS {
            last_post = progress.elapsed_ms;
            post(
                scope,
                &FromWorker::Progress {
                    id,
                    progress: progress.clone(),
                },
            );
        }
        ControlFlow::Continue(())
    }
}

/// Posts the quick staged answer of an anytime request as its first
/// [`FromWorker::Improved`] (milliseconds on any board, while its tables may take seconds to
/// load or build).
fn first_answer(scope: &DedicatedWorkerGlobalScope, request: &SolveRequest) {
    let mut limits = Limits {
        clock,
        ..Limits::default()
    };
    let staged = solve_staged(
        &request.board,
        &request.goal,
        &StagedConfig::quick(1),
        &mut limits,
    );
    if let Ok(answer) = staged {
        if answer.solution.length().is_some() {
            let mut solution = answer.solution;
            solution.method = request.method;
            post(
                scope,
                &FromWorker::Improved {
                    id: request.id,
                    solution: Box::new(solution),
                },
            );
        }
    }
}

/// Runs a solve with its tables and turns the result into the reply: the one place that
/// builds the worker's [`Limits`] (node budget, progress about ten times a second, clock).
pub(super) fn solve_request(
    scope: &DedicatedWorkerGlobalScope,
    request: &SolveRequest,
    tables: Tables,
) -> FromWorker {
    let id = request.id;
    let mut report = progress_poster(scope, id);
    let mut limits = Limits {
        max_expanded: request.max_expanded,
        report_every: REPORT_EVERY,
        on_progress: Some(&mut report),
        clock,
        threads: 1,
    };
    let mut improved = |solution: &puzzle_core::Solution| {
        post(
            scope,
            &FromWorker::Improved {
                id,
                solution: Box::new(solution.clone()),
            },
        )
    };
    match solve_improving(
        &request.board,
        &request.goal,
        &request.method,
        tables,
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
