//! Fuzzing the worker messages natively: the serde impls `protocol::from_js` uses, read here
//! through `serde_json` (the same derives), over arbitrary bytes and valid messages with one
//! part replaced by an arbitrary value. A message is refused with a short reason or decoded
//! into valid values, and the worker's handling of whatever decodes answers (or refuses with
//! a short `Failed`) without panicking. `web/tests/browser.rs` runs JS values through
//! `from_js` itself in Chromium.
//!
//! `FUZZ_CASES` sets the cases per property (default 2,000). The long run:
//! `FUZZ_CASES=100000 cargo test --release -p web --test fuzz_protocol`.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::fuzz_config;
use proptest::prelude::*;
use puzzle_core::anytime::{total_entries, BigTables};
use puzzle_core::pdb::Partition;
use puzzle_core::tuned::parallel::{Subsearch, WorkItem};
use puzzle_core::{
    solve_with, Board, Direction, Goal, Limits, Method, Progress, Shape, SolveOptions,
    SolveOutcome, Stats, TableKind,
};
use serde_json::Value;
use web::protocol::{
    unreadable, BuildProgress, FromCopy, FromWorker, Incoming, SolveRequest, TablesInfo, ToCopy,
    ToWorker, Workers, MAX_REASON,
};
use web::worker::{copy_refusal, distance, hold_guides, hold_tables, refusal, search_subtree};

fn board(text: &str) -> Board {
    text.parse().unwrap()
}

/// Valid page-to-worker and worker-to-copy messages, one of each kind and method family, on
/// small boards.
fn requests() -> Vec<Value> {
    let b3 = board("6 1 7 3 0 4 5 8 2");
    let g3 = Goal::Snail.board(b3.shape()).unwrap();
    let b4 = board("1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15");
    let g4 = Goal::Standard.board(b4.shape()).unwrap();
    let b5 = Goal::Standard.board(Shape::square(5).unwrap()).unwrap();
    let solve = |board: &Board, goal: &Board, method: &str, max_expanded| {
        ToWorker::Solve(SolveRequest {
            id: 7,
            board: board.clone(),
            goal: goal.clone(),
            method: method.parse().unwrap(),
            max_expanded,
            watch: None,
            workers: Workers::ONE,
        })
    };
    let page = [
        solve(&b3, &g3, "astar", Some(5000)),
        solve(&b3, &g3, "dfs", None),
        solve(&b3, &g3, "staged", None),
        solve(&b4, &g4, "pdb", None),
        solve(&b5, &b5, "anytime", None),
        ToWorker::Distance {
            id: 3,
            board: board("1 0 2 3"),
            goal: board("1 2 3 0"),
        },
        ToWorker::Experiment {
            id: 14,
            config: puzzle_core::experiment::ExperimentConfig {
                depths: vec![2, 4],
                boards: 2,
                ..puzzle_core::experiment::ExperimentConfig::textbook(
                    Goal::Standard.board(Shape::new(3, 2).unwrap()).unwrap(),
                )
            },
        },
        ToWorker::Taught {
            id: 16,
            board: board("3 1 2 0"),
            goal: board("1 2 3 0"),
        },
        ToWorker::Review {
            id: 17,
            game: web::protocol::lesson::Game {
                start: board("1 2 0 3"),
                goal: board("1 2 3 0"),
                moves: vec![puzzle_core::Direction::Right],
            },
        },
        ToWorker::CheckFormula {
            id: 15,
            formula: "manhattan + 2 * conflicts".into(),
            goal: board("1 2 3 0"),
        },
        ToWorker::Improve(SolveRequest {
            id: 8,
            board: b5.clone(),
            goal: b5.clone(),
            method: "anytime".parse().unwrap(),
            max_expanded: None,
            watch: None,
            workers: Workers::ONE,
        }),
    ];
    let copy = [
        ToCopy::BuildTable {
            id: 4,
            tiles: Partition::default_for(&g4).unwrap().groups()[0].clone(),
            goal: g4,
        },
        ToCopy::BuildBigTables {
            id: 9,
            goal: b5.clone(),
        },
        ToCopy::HoldTables {
            id: 10,
            bytes: vec![1, 2, 3],
        },
        ToCopy::HoldGuides {
            id: 12,
            goal: b5.clone(),
            split: 2,
            bytes: vec![1, 2, 3],
        },
        ToCopy::Round {
            id: 13,
            board: b5.clone(),
            goal: b5.clone(),
            start: vec![],
            until: 1000.0,
            lane: 1,
            lanes: 2,
            max_expanded: Some(10),
        },
        ToCopy::SearchItem {
            id: 11,
            item: WorkItem {
                start: b4.clone(),
                prefix: vec![Direction::Up, Direction::Left],
                bound: 40,
            },
        },
    ];
    let page = page.iter().map(|m| serde_json::to_value(m).unwrap());
    page.chain(copy.iter().map(|m| serde_json::to_value(m).unwrap()))
        .collect()
}

/// Valid worker-to-page messages, one of each kind.
fn replies() -> Vec<Value> {
    let b = board("1 2 3 4 5 6 7 0 8");
    let solution = solve_with(
        &b,
        &Goal::Standard.board(b.shape()).unwrap(),
        &SolveOptions::new(&Method::default_for(b.shape())),
        &mut Limits::default(),
        &mut |_| {},
    )
    .unwrap();
    [
        FromWorker::Ready,
        FromWorker::Progress {
            id: 1,
            progress: Progress {
                expanded: 5,
                bound: Some(3.0),
                ..Progress::default()
            },
        },
        FromWorker::Done {
            id: 1,
            solution: Box::new(solution.clone()),
        },
        FromWorker::Improved {
            id: 1,
            solution: Box::new(solution),
        },
        FromWorker::Bound {
            id: 1,
            lower_bound: 95,
        },
        FromWorker::Building {
            id: 1,
            build: BuildProgress {
                filled: 5,
                total: 10,
                table: 0,
                tables: 3,
                elapsed_ms: 0.0,
                recent_seconds_left: None,
            },
        },
        FromWorker::TablesReady {
            id: 1,
            info: TablesInfo::Built {
                ms: 12.0,
                bytes: 100,
                repaired: false,
                saved: true,
                download_failed: true,
            },
        },
        FromWorker::Distance {
            id: 2,
            board: b.clone(),
            goal: b,
            distance: Some(0),
            first: Some(Direction::Left),
        },
        FromWorker::Workers {
            id: 1,
            count: 2,
            failed: None,
            memory: vec![64 << 20, 60 << 20],
            rounds: (4, 2),
        },
        FromWorker::ExperimentProgress {
            id: 14,
            progress: puzzle_core::experiment::ExperimentProgress {
                depth_index: 0,
                depth: 2,
                board_index: 1,
                boards: 8,
                method_index: 0,
                done: 3,
                total: 16,
            },
        },
        FromWorker::ExperimentRow {
            id: 14,
            row: puzzle_core::experiment::DepthRow {
                depth: 2,
                available: 4,
                boards: 4,
                cells: vec![puzzle_core::experiment::Cell::skipped()],
            },
            boards: vec![board("1 2 3 / 4 5 0")],
        },
        FromWorker::ExperimentDone {
            id: 14,
            elapsed_ms: 3.5,
        },
        FromWorker::Failed {
            id: 0,
            message: "no".into(),
        },
    ]
    .iter()
    .map(|m| serde_json::to_value(m).unwrap())
    .collect()
}

/// Valid copy-to-worker messages, one of each kind.
fn copy_replies() -> Vec<Value> {
    [
        FromCopy::Ready,
        FromCopy::Building {
            id: 4,
            build: BuildProgress {
                filled: 5,
                total: 10,
                table: 0,
                tables: 1,
                elapsed_ms: 0.0,
                recent_seconds_left: None,
            },
        },
        FromCopy::Table {
            id: 4,
            bytes: vec![78, 80, 68, 66, 2],
        },
        FromCopy::Held { id: 10 },
        FromCopy::Rounded {
            id: 13,
            moves: Some(vec![Direction::Up]),
            memory: 60 << 20,
        },
        FromCopy::Searched {
            id: 11,
            result: Subsearch {
                solution: Some(vec![Direction::Left]),
                next_bound: 1,
                outcome: SolveOutcome::Solved,
                stats: Stats::default(),
            },
        },
        FromCopy::Searched {
            id: 12,
            result: Subsearch {
                solution: None,
                next_bound: 52,
                outcome: SolveOutcome::NotFound,
                stats: Stats::default(),
            },
        },
        FromCopy::Failed {
            id: 0,
            message: "no".into(),
        },
    ]
    .iter()
    .map(|m| serde_json::to_value(m).unwrap())
    .collect()
}

/// Any JSON value, nested a little.
fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        (0u64..20).prop_map(Value::from),
        Just(Value::from(-1)),
        Just(Value::from(u32::MAX as u64 + 1)),
        any::<String>().prop_map(Value::from),
        prop::sample::select(vec![
            "solve",
            "distance",
            "done",
            "failed",
            "pdb",
            "astar",
            "anytime",
            "staged",
            "manhattan",
            "up",
            "memory",
            "solved",
        ])
        .prop_map(Value::from),
        (1usize..2000).prop_map(|n| Value::from("x".repeat(n))),
    ];
    leaf.prop_recursive(3, 24, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec(("[a-z_]{1,12}", inner), 0..6)
                .prop_map(|pairs| Value::Object(pairs.into_iter().collect())),
            // A board's wire form with arbitrary numbers: a size and cells.
            (0u64..20, 0u64..20, prop::collection::vec(0u64..300, 0..30))
                .prop_map(|(w, h, cells)| serde_json::json!({ "shape": [w, h], "cells": cells })),
        ]
    })
}

/// Every node of `value` (pre-order), as a path of keys and indexes.
fn paths(value: &Value, here: &mut Vec<PathStep>, out: &mut Vec<Vec<PathStep>>) {
    out.push(here.clone());
    match value {
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                here.push(PathStep::Index(i));
                paths(item, here, out);
                here.pop();
            }
        }
        Value::Object(map) => {
            for (key, item) in map {
                here.push(PathStep::Key(key.clone()));
                paths(item, here, out);
                here.pop();
            }
        }
        _ => {}
    }
}

#[derive(Clone, Debug)]
enum PathStep {
    Key(String),
    Index(usize),
}

fn node_mut<'v>(value: &'v mut Value, path: &[PathStep]) -> &'v mut Value {
    path.iter().fold(value, |node, step| match step {
        PathStep::Key(key) => &mut node[key.as_str()],
        PathStep::Index(i) => &mut node[*i],
    })
}

/// One of `messages` with one node replaced, removed or given a stray sibling key.
fn mutate(messages: Vec<Value>) -> impl Strategy<Value = Value> {
    (
        prop::sample::select(messages),
        any::<prop::sample::Index>(),
        0u8..3,
        any_json(),
    )
        .prop_map(|(mut message, at, how, new)| {
            let mut all = Vec::new();
            paths(&message, &mut Vec::new(), &mut all);
            let path = at.get(&all).clone();
            match (how, path.split_last()) {
                (1, Some((PathStep::Key(key), parent))) => {
                    if let Value::Object(map) = node_mut(&mut message, parent) {
                        map.remove(key);
                    }
                }
                (2, _) => {
                    if let Value::Object(map) = node_mut(&mut message, &path) {
                        map.insert("stray".into(), new);
                    }
                }
                _ => *node_mut(&mut message, &path) = new,
            }
            message
        })
}

/// A board from the serde form is always valid: a permutation of `0..cells`.
fn valid(board: &Board) -> bool {
    let mut cells = board.cells().to_vec();
    cells.sort_unstable();
    cells.iter().enumerate().all(|(i, &t)| i == t as usize) && board.shape().cells() == cells.len()
}

/// A request decoded as `protocol::incoming` decodes it: a copy's if its `type` is one of
/// [`ToCopy::TYPES`], else the page's.
fn decode_request(text: &str) -> Result<Incoming, serde_json::Error> {
    let kind = serde_json::from_str::<Value>(text).ok().and_then(|value| {
        let kind = value.get("type")?.as_str()?;
        Some(ToCopy::TYPES.contains(&kind))
    });
    match kind {
        Some(true) => serde_json::from_str(text).map(Incoming::Copy),
        _ => serde_json::from_str(text).map(Incoming::Page),
    }
}

/// A worker's refusal of a request: the page's kind of reply to the page's request, a copy's
/// to its owner's.
#[derive(Debug, PartialEq)]
enum Refusal {
    Page(FromWorker),
    Copy(FromCopy),
}

impl Refusal {
    /// The request and the reason, if the refusal is a `Failed` (as every refusal must be).
    fn failed(&self) -> Option<(u32, &str)> {
        match self {
            Refusal::Page(FromWorker::Failed { id, message })
            | Refusal::Copy(FromCopy::Failed { id, message }) => Some((*id, message)),
            _ => None,
        }
    }
}

/// The worker's refusal of a decoded request, if it refuses it.
fn refused(message: &Incoming) -> Option<Refusal> {
    match message {
        Incoming::Page(message) => refusal(message).map(Refusal::Page),
        Incoming::Copy(message) => copy_refusal(message).map(Refusal::Copy),
    }
}

/// What the worker does with a decoded request, minus posting: a refusal, or (for requests
/// cheap enough to run here) the distance or a solve within a small budget. Tables are never
/// built here (the worker builds them in the browser).
fn handle(message: &Incoming) -> Result<(), TestCaseError> {
    if let Some(reply) = refused(message) {
        match reply.failed() {
            Some((_, message)) => {
                prop_assert!(!message.is_empty() && message.chars().count() <= MAX_REASON)
            }
            None => prop_assert!(false, "a refusal is Failed: {reply:?}"),
        }
        return Ok(());
    }
    match message {
        Incoming::Page(message) => handle_page(message),
        Incoming::Copy(message) => handle_copy(message),
    }
}

/// [`handle`] for a copy's request that was not refused.
fn handle_copy(message: &ToCopy) -> Result<(), TestCaseError> {
    match message {
        // Bytes that are not tables are refused, not trusted; a subtree is searched only
        // over tables held (none here: no random bytes pass the checksum).
        ToCopy::HoldTables { id, bytes } => match hold_tables(*id, bytes) {
            FromCopy::Failed { message, .. } => {
                prop_assert!(!message.is_empty() && message.chars().count() <= MAX_REASON)
            }
            other => prop_assert!(false, "random bytes held: {other:?}"),
        },
        ToCopy::HoldGuides {
            id,
            goal,
            split,
            bytes,
        } => match hold_guides(*id, goal, *split, bytes) {
            FromCopy::Failed { message, .. } => {
                prop_assert!(!message.is_empty() && message.chars().count() <= MAX_REASON)
            }
            // Nothing to read is nothing held: the rounds run without tables.
            FromCopy::Held { .. } => prop_assert!(bytes.is_empty()),
            other => prop_assert!(false, "random bytes held: {other:?}"),
        },
        // A round is run in the browser only (it reads the worker's clock).
        ToCopy::Round { board, goal, .. } => prop_assert!(valid(board) && valid(goal)),
        ToCopy::SearchItem { id, item } => {
            prop_assert!(valid(&item.start));
            let reply = search_subtree(*id, item);
            prop_assert!(matches!(reply, FromCopy::Failed { .. }), "{reply:?}");
        }
        // Only tables that some goal's core has (none is built here).
        ToCopy::BuildBigTables { goal, .. } => {
            prop_assert!(valid(goal) && total_entries(goal) > 0);
        }
        // Only the tables the solver worker asks a nested one for (none is built here).
        ToCopy::BuildTable { goal, tiles, .. } => {
            prop_assert!(valid(goal));
            let partition = Partition::default_for(goal);
            prop_assert!(partition.is_ok_and(|p| p.groups().contains(tiles)));
        }
    }
    Ok(())
}

/// [`handle`] for a page's request that was not refused.
fn handle_page(message: &ToWorker) -> Result<(), TestCaseError> {
    match message {
        // Read from IndexedDB only if stored under the goal's key; a playhead is used only
        // if its moves solve the watched board (`worker/watch.rs`).
        ToWorker::ReadTables { goal } => prop_assert!(valid(goal)),
        ToWorker::Playhead { .. } => {}
        // Checked like a distance's: one shape, valid boards (the proof reads stored tables).
        ToWorker::Prove { board, goal, .. } => {
            prop_assert!(valid(board) && valid(goal) && board.shape() == goal.shape());
        }
        ToWorker::Distance { id, board, goal } => {
            prop_assert!(valid(board) && valid(goal));
            // Tables of up to 9 cells build in well under a second in a debug build.
            if goal.cells().len() <= 9 {
                match distance(*id, board, goal) {
                    FromWorker::Distance { id: got, .. } => prop_assert_eq!(got, *id),
                    other => prop_assert!(false, "distance answered {other:?}"),
                }
            }
        }
        ToWorker::Solve(request) => {
            prop_assert!(valid(&request.board) && valid(&request.goal));
            prop_assert!(request.method.fits(request.board.shape()).is_ok());
            // The first steps of the table path: naming the tables for the goal.
            match request.method.needs(request.board.shape()) {
                Some(TableKind::PatternDatabase) => {
                    if let Err(error) = Partition::default_for(&request.goal) {
                        prop_assert!(error.to_string().chars().count() <= MAX_REASON);
                    }
                }
                Some(TableKind::BigBoard) => {
                    prop_assert!(total_entries(&request.goal) > 0);
                    prop_assert!(BigTables::cache_key(&request.goal).starts_with("bigtables-"));
                }
                None => {}
            }
            if request.method.needs(request.board.shape()).is_none()
                && request.board.cells().len() <= 9
            {
                let mut limits = Limits {
                    max_expanded: Some(2_000),
                    ..Limits::default()
                };
                if let Err(error) = solve_with(
                    &request.board,
                    &request.goal,
                    &SolveOptions::new(&request.method),
                    &mut limits,
                    &mut |_| {},
                ) {
                    prop_assert!(error.to_string().chars().count() <= MAX_REASON);
                }
            }
        }
        // A nested worker's improvement without tables (not run here: it takes its budget).
        ToWorker::Improve(request) => {
            prop_assert!(valid(&request.board) && valid(&request.goal));
            prop_assert!(request.method.fits(request.board.shape()).is_ok());
        }
        // The method runs on any board of one shape with its goal; run up to 4x4: its
        // phases solve the board, or it says in a line why not (the parity).
        ToWorker::Taught { id, board, goal } => {
            prop_assert!(valid(board) && valid(goal) && board.shape() == goal.shape());
            if board.cells().len() <= 16 {
                match web::worker::taught(*id, board, goal) {
                    FromWorker::Taught { id: got, phases } => {
                        prop_assert_eq!(got, *id);
                        let moves: Vec<_> = phases.iter().flat_map(|p| p.moves.clone()).collect();
                        prop_assert!(board.after(&moves).is_ok_and(|end| end == *goal));
                    }
                    FromWorker::Failed { message, .. } => {
                        prop_assert!(!message.is_empty() && message.chars().count() <= MAX_REASON)
                    }
                    other => prop_assert!(false, "the method answered {other:?}"),
                }
            }
        }
        // A game let through can be played: one shape, legal moves, not too many.
        ToWorker::Review { game, .. } => {
            prop_assert!(valid(&game.start) && valid(&game.goal));
            prop_assert!(game.start.after(&game.moves).is_ok());
        }
        // A check that was let through reads and fits an exact table; run on 2x2 and 2x3.
        ToWorker::CheckFormula { id, formula, goal } => {
            prop_assert!(valid(goal) && goal.cells().len() <= 10);
            let estimate = formula.parse::<puzzle_core::formula::Formula>();
            prop_assert!(estimate.is_ok_and(|f| f.bind(goal).is_ok()));
            if goal.cells().len() <= 6 {
                let mut replies = Vec::new();
                web::worker::check_formula(*id, formula, goal, || 0.0, &mut |r| replies.push(r));
                let checked = matches!(
                    replies.last(),
                    Some(FromWorker::FormulaChecked { id: got, .. }) if got == id
                );
                prop_assert!(checked, "a check answered {:?}", replies.last());
            }
        }
        // Run small: boards of up to 6 cells (their distance table builds at once), two
        // depths of two boards, a budget of 500 expansions.
        ToWorker::Experiment { id, config } => {
            prop_assert!(valid(&config.goal) && config.check().is_ok());
            if config.goal.cells().len() <= 6 {
                let small = puzzle_core::experiment::ExperimentConfig {
                    depths: config.depths.iter().copied().take(2).collect(),
                    boards: config.boards.min(2),
                    budget: Some(config.budget.unwrap_or(500).min(500)),
                    ..config.clone()
                };
                let mut replies = Vec::new();
                web::worker::run_experiment(
                    *id,
                    &small,
                    puzzle_core::search::default_clock,
                    &mut |reply| replies.push(reply),
                );
                for reply in &replies {
                    match reply {
                        FromWorker::ExperimentProgress { id: got, .. }
                        | FromWorker::ExperimentRow { id: got, .. }
                        | FromWorker::ExperimentDone { id: got, .. } => prop_assert_eq!(got, id),
                        FromWorker::Failed { message, .. } => {
                            prop_assert!(message.chars().count() <= MAX_REASON)
                        }
                        other => prop_assert!(false, "an experiment answered {other:?}"),
                    }
                }
            }
        }
        ToWorker::Trace {
            id,
            board,
            goal,
            method,
            max_expansions,
        } => {
            prop_assert!(valid(board) && valid(goal) && board.shape() == goal.shape());
            if board.cells().len() <= 9 {
                let mut replies = Vec::new();
                web::worker::trace(
                    *id,
                    board,
                    goal,
                    method,
                    (*max_expansions).min(500),
                    &mut |reply| replies.push(reply),
                );
                for reply in &replies {
                    match reply {
                        FromWorker::TraceChunk { id: got, .. } => prop_assert_eq!(got, id),
                        FromWorker::Failed { message, .. } => {
                            prop_assert!(message.chars().count() <= MAX_REASON)
                        }
                        other => prop_assert!(false, "a trace answered {other:?}"),
                    }
                }
            }
        }
    }
    Ok(())
}

fn check_request(text: &str) -> Result<(), TestCaseError> {
    match decode_request(text) {
        Ok(message) => handle(&message),
        Err(error) => {
            prop_assert!(unreadable(&error).chars().count() <= MAX_REASON + 1);
            Ok(())
        }
    }
}

fn check_reply(text: &str) -> Result<(), TestCaseError> {
    match serde_json::from_str::<FromWorker>(text) {
        Ok(FromWorker::Done { solution, .. } | FromWorker::Improved { solution, .. }) => {
            // The moves are directions and the method a known one; nothing else to hold.
            prop_assert!(!solution.method.name().is_empty());
        }
        Ok(FromWorker::Distance { board, goal, .. }) => {
            prop_assert!(valid(&board) && valid(&goal))
        }
        Ok(_) => {}
        Err(error) => prop_assert!(unreadable(&error).chars().count() <= MAX_REASON + 1),
    }
    Ok(())
}

/// A copy's reply, as its owner reads it: refused with a short reason, or read (a table's
/// bytes are checked when the owner reads them, by their checksum; a subtree's result is
/// moves and counts, nothing to hold).
fn check_copy_reply(text: &str) -> Result<(), TestCaseError> {
    if let Err(error) = serde_json::from_str::<FromCopy>(text) {
        prop_assert!(unreadable(&error).chars().count() <= MAX_REASON + 1);
    }
    Ok(())
}

/// A valid board of any supported shape, small ones more often.
fn any_board() -> impl Strategy<Value = Board> {
    let side = prop_oneof![3 => 2usize..=4, 1 => 2usize..=16];
    (side.clone(), side, any::<u64>()).prop_map(|(w, h, seed)| {
        let goal = Goal::Standard.board(Shape::new(w, h).unwrap()).unwrap();
        puzzle_core::generate::scramble_seeded(
            &goal,
            puzzle_core::generate::Scramble::Uniform,
            seed % 3 != 0,
            seed,
        )
    })
}

/// Requests that decode but need not make sense: board and goal of any shapes (the same one
/// half the time), any method, any budget.
fn decodable_requests() -> impl Strategy<Value = ToWorker> {
    (
        any_board(),
        any_board(),
        any::<bool>(),
        prop::sample::select(puzzle_core::method::METHOD_NAMES.to_vec()),
        prop::option::of(0u64..5_000),
        any::<bool>(),
        any::<u32>(),
    )
        .prop_map(|(board, other, same, method, max_expanded, solve, id)| {
            let goal = if same {
                Goal::Standard.board(board.shape()).unwrap()
            } else {
                other
            };
            if solve {
                ToWorker::Solve(SolveRequest {
                    id,
                    board,
                    goal,
                    method: method.parse().unwrap(),
                    max_expanded,
                    watch: None,
                    workers: Workers::ONE,
                })
            } else {
                ToWorker::Distance { id, board, goal }
            }
        })
}

proptest! {
    #![proptest_config(fuzz_config())]

    #[test]
    fn decodable_nonsense_is_refused_or_handled(message in decodable_requests()) {
        let text = serde_json::to_string(&message).unwrap();
        let decoded: ToWorker = serde_json::from_str(&text).unwrap();
        prop_assert_eq!(&decoded, &message);
        handle(&Incoming::Page(decoded))?;
    }

    #[test]
    fn arbitrary_bytes_are_refused_or_read(bytes in prop::collection::vec(any::<u8>(), 0..512)) {
        let text = String::from_utf8_lossy(&bytes);
        check_request(&text)?;
        check_reply(&text)?;
        check_copy_reply(&text)?;
    }

    #[test]
    fn arbitrary_json_is_refused_or_read(value in any_json()) {
        let text = value.to_string();
        check_request(&text)?;
        check_reply(&text)?;
        check_copy_reply(&text)?;
    }

    #[test]
    fn requests_with_a_part_replaced_are_refused_or_handled(value in mutate(requests())) {
        check_request(&value.to_string())?;
    }

    #[test]
    fn replies_with_a_part_replaced_are_refused_or_read(value in mutate(replies())) {
        check_reply(&value.to_string())?;
    }

    #[test]
    fn copy_replies_with_a_part_replaced_are_refused_or_read(value in mutate(copy_replies())) {
        check_copy_reply(&value.to_string())?;
    }

    #[test]
    fn requests_with_text_damage_are_refused_or_handled(
        message in prop::sample::select(requests()),
        at in any::<prop::sample::Index>(),
        byte in any::<u8>(),
        cut in any::<bool>(),
    ) {
        let mut bytes = message.to_string().into_bytes();
        let at = at.index(bytes.len());
        if cut { bytes.truncate(at) } else { bytes[at] = byte }
        check_request(&String::from_utf8_lossy(&bytes))?;
    }
}

#[test]
fn the_unmutated_messages_decode() {
    for text in requests().iter().map(Value::to_string) {
        let message = decode_request(&text).unwrap();
        assert_eq!(refused(&message), None, "{text}");
    }
    for text in replies().iter().map(Value::to_string) {
        serde_json::from_str::<FromWorker>(&text).unwrap();
    }
    for text in copy_replies().iter().map(Value::to_string) {
        serde_json::from_str::<FromCopy>(&text).unwrap();
    }
}

#[test]
fn requests_that_cannot_run_are_refused_before_any_table_is_built() {
    let big = Goal::Standard.board(Shape::square(16).unwrap()).unwrap();
    let small = board("1 2 3 0");
    let b4 = Goal::Standard.board(Shape::square(4).unwrap()).unwrap();
    let solve = |board: &Board, goal: &Board, method: &str| {
        Incoming::Page(ToWorker::Solve(SolveRequest {
            id: 9,
            board: board.clone(),
            goal: goal.clone(),
            method: method.parse().unwrap(),
            max_expanded: None,
            watch: None,
            workers: Workers::ONE,
        }))
    };
    let build_table = |goal: &Board, tiles: Vec<u8>| {
        Incoming::Copy(ToCopy::BuildTable {
            id: 9,
            goal: goal.clone(),
            tiles,
        })
    };
    for group in Partition::default_for(&b4).unwrap().groups() {
        assert_eq!(refused(&build_table(&b4, group.clone())), None, "{group:?}");
    }
    let cases = [
        (solve(&big, &big, "pdb"), "up to 16 cells"),
        (solve(&b4, &small, "pdb"), "size mismatch"),
        (solve(&big, &b4, "anytime"), "size mismatch"),
        (solve(&small, &small, "anytime"), "12 cells and more"),
        (solve(&small, &small, "staged"), "side of at least 3"),
        (
            Incoming::Page(ToWorker::Distance {
                id: 9,
                board: b4.clone(),
                goal: b4.clone(),
            }),
            "at most 10 cells",
        ),
        (
            Incoming::Page(ToWorker::Distance {
                id: 9,
                board: small.clone(),
                goal: board("1 2 3 / 4 5 0"),
            }),
            "size mismatch",
        ),
        (build_table(&b4, vec![1, 2, 3]), "not a group"),
        (build_table(&b4, vec![]), "not a group"),
        (build_table(&b4, vec![15, 0, 1, 2, 3, 4, 5]), "not a group"),
        (build_table(&big, vec![1, 2, 3]), "up to 16 cells"),
    ];
    for (message, reason) in cases {
        let refusal = refused(&message);
        match refusal.as_ref().and_then(Refusal::failed) {
            Some((9, why)) => assert!(why.contains(reason), "{why}"),
            _ => panic!("{message:?}: {refusal:?}"),
        }
    }
}

#[test]
fn a_megabyte_message_type_gets_a_short_reason() {
    let text = format!(r#"{{"type":"{}"}}"#, "q".repeat(1 << 20));
    let error = serde_json::from_str::<ToWorker>(&text).unwrap_err();
    assert!(error.to_string().len() > 1 << 20, "serde quotes it whole");
    assert!(unreadable(&error).chars().count() <= MAX_REASON + 1);
}
