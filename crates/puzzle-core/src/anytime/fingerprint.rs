//! A golden test of the anytime searches: each weighted search, the window passes and whole
//! anytime and staged solves on seeded 5x5, 6x6 and 7x7 boards, limited by states or
//! expansions only (no clock), written as lengths, a hash of the moves and the expansions
//! spent, and compared line by line with `anytime/fingerprint.golden`. A change of the
//! searches' code that keeps their behaviour gives the same text (the check a restructuring of
//! the anytime solver must pass); a change meant to alter them writes the file anew with
//! `FINGERPRINT_WRITE=1`, and the diff shows what moved.
//!
//! ```text
//! cargo test -p puzzle-core --release --lib anytime::fingerprint -- --ignored --nocapture
//! ```
//! Ignored in the normal run (about a minute on this machine, plus the tables' first build).
//! The tables are cached in `target/fingerprint-tables` (about 26 MB a goal, 3 goals);
//! `FINGERPRINT_ONLY=core,reduce` runs only those sections and compares nothing (their times
//! go to stderr).

use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Instant;

use crate::board::{Board, Shape};
use crate::generate::{scramble_seeded, Scramble};
use crate::goal::Goal;
use crate::moves::Direction;
use crate::search::Limits;
use crate::suboptimal::{solve_staged, StagedConfig};

use crate::anytime::engines::best_first::Found;
use crate::anytime::engines::{passes, reduce, wastar, widestar};
use crate::anytime::{core, solve_anytime_tuned, AnytimeConfig, AnytimeTuning, BigTables, Guides};
use crate::budget::Budget;
use crate::shorten;

fn tables_for(goal: &Board) -> BigTables {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/fingerprint-tables");
    let path = dir.join(BigTables::cache_key(goal));
    if let Some(tables) = std::fs::read(&path)
        .ok()
        .and_then(|bytes| BigTables::from_bytes(&bytes).ok())
        .and_then(|tables| tables.bind(goal))
    {
        return tables;
    }
    let tables = BigTables::build(goal, &mut Limits::default()).unwrap();
    let _ = std::fs::create_dir_all(&dir);
    let _ = std::fs::write(&path, tables.to_bytes());
    tables
}

/// Length and an FNV-1a hash of the moves.
fn moves(path: &[Direction]) -> String {
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    for direction in path {
        let code = Direction::ALL.iter().position(|d| d == direction).unwrap() as u64;
        hash = (hash ^ code).wrapping_mul(0x0100_0000_01b3);
    }
    format!("{} moves #{:08x}", path.len(), hash as u32)
}

fn found(result: &Found) -> String {
    match result {
        Found::Path(path) => moves(path),
        Found::NoneShorter => "none shorter".into(),
        Found::OutOfMemory => "out of memory".into(),
    }
}

fn goal(side: usize) -> Board {
    Goal::Standard.board(Shape::square(side).unwrap()).unwrap()
}

fn staged(board: &Board, goal: &Board) -> Vec<Direction> {
    let answer = solve_staged(
        board,
        goal,
        &StagedConfig::default(),
        &mut Limits::default(),
    );
    shorten::cut_loops(board, &answer.unwrap().solution.moves)
}

/// The core search (tables) at decreasing weights, each pruned by the best so far.
fn core_searches(out: &mut String, tables: &[(usize, BigTables)]) {
    for (side, tables) in tables {
        let goal = goal(*side);
        for seed in 1..=2 {
            let board = scramble_seeded(&goal, Scramble::Uniform, true, seed);
            let base = staged(&board, &goal);
            let split = core::split(&board, &base, tables).unwrap();
            let mut best = base.len();
            for weight in [2.0, 1.5, 1.2] {
                let mut limits = Limits::default();
                let mut budget = Budget::new(&mut limits, f64::INFINITY);
                let allowed = best - split.prefix.len();
                let result = wastar::search(
                    &split.core_start,
                    tables,
                    weight,
                    allowed,
                    300_000,
                    &mut budget,
                )
                .unwrap();
                if let Found::Path(path) = &result {
                    best = split.prefix.len() + path.len();
                }
                let expanded = budget.expanded();
                writeln!(
                    out,
                    "core {side}x{side} seed {seed} w {weight}: {} ({expanded} expanded)",
                    found(&result)
                )
                .unwrap();
            }
        }
    }
}

/// The whole-board search with linear conflict at decreasing weights.
fn wide_searches(out: &mut String) {
    for (side, seeds, nodes) in [
        (4, 1..=3, 300_000),
        (5, 1..=3, 300_000),
        (6, 1..=1, 100_000),
    ] {
        let goal = goal(side);
        for seed in seeds {
            let board = scramble_seeded(&goal, Scramble::Uniform, true, seed);
            let mut best = staged(&board, &goal).len();
            for weight in [3.0, 2.5, 2.0] {
                let mut limits = Limits::default();
                let mut budget = Budget::new(&mut limits, f64::INFINITY);
                let result =
                    widestar::search(&board, &goal, weight, best, nodes, &mut budget).unwrap();
                if let Found::Path(path) = &result {
                    best = path.len();
                }
                let expanded = budget.expanded();
                writeln!(
                    out,
                    "wide {side}x{side} seed {seed} w {weight}: {} ({expanded} expanded)",
                    found(&result)
                )
                .unwrap();
            }
        }
    }
}

/// The line reduction to the core.
fn reductions(out: &mut String, tables: &[(usize, BigTables)]) {
    for (side, tables) in tables.iter().filter(|(side, _)| *side > 5) {
        let goal = goal(*side);
        for seed in 1..=2 {
            let board = scramble_seeded(&goal, Scramble::Uniform, true, seed);
            let mut limits = Limits::default();
            let mut budget = Budget::new(&mut limits, f64::INFINITY);
            let config = reduce::ReduceConfig {
                weights: vec![0.8, 0.6],
                line_nodes: 100_000,
                beam: 2,
                hurry_ms: f64::INFINITY,
            };
            let core = tables.layout().rect;
            let paths = reduce::path_to_core(&board, &goal, core, &config, &mut budget).unwrap();
            let shown: Vec<String> = paths.iter().map(|p| moves(p)).collect();
            let expanded = budget.expanded();
            writeln!(
                out,
                "reduce {side}x{side} seed {seed}: {} ({expanded} expanded)",
                shown.join(", ")
            )
            .unwrap();
        }
    }
}

/// Exact and weighted window passes over the staged answers.
fn window_passes(out: &mut String) {
    for side in [5, 6, 7] {
        let goal = goal(side);
        let board = scramble_seeded(&goal, Scramble::Uniform, true, 1);
        let base = staged(&board, &goal);
        for (window, nodes) in [(12, 20_000), (24, 50_000)] {
            let mut limits = Limits::default();
            let mut budget = Budget::new(&mut limits, f64::INFINITY);
            let (path, halt) =
                shorten::window_pass(&board, &base, window, window / 2, nodes, &mut budget);
            assert!(halt.is_none());
            let expanded = budget.expanded();
            writeln!(
                out,
                "windows {side}x{side} w {window}: {} -> {} ({expanded} expanded)",
                base.len(),
                moves(&path)
            )
            .unwrap();
        }
        let mut limits = Limits::default();
        let mut budget = Budget::new(&mut limits, f64::INFINITY);
        let (path, halt) =
            passes::weighted_window_pass(&board, &base, 60, 1.5, 50_000, &mut budget);
        assert!(halt.is_none());
        let expanded = budget.expanded();
        writeln!(
            out,
            "weighted windows {side}x{side}: {} -> {} ({expanded} expanded)",
            base.len(),
            moves(&path)
        )
        .unwrap();
    }
}

/// Whole anytime solves, stopped by the node budget only (the clock reads 0).
fn anytime_solves(out: &mut String, tables: &[(usize, BigTables)]) {
    let cases: [(usize, bool, usize, u64); 6] = [
        (5, true, 4, 3_000_000),
        (5, false, 4, 3_000_000),
        (6, true, 4, 3_000_000),
        (6, true, 0, 2_000_000),
        (7, true, 4, 3_000_000),
        (7, false, 4, 1_000_000),
    ];
    for (side, with_tables, beam, budget) in cases {
        let goal = goal(side);
        let board = scramble_seeded(&goal, Scramble::Uniform, true, 2);
        let tables = with_tables
            .then(|| tables.iter().find(|(s, _)| *s == side).map(|(_, t)| t))
            .flatten();
        let config = AnytimeConfig {
            time_limit_ms: 1e12,
            ..AnytimeConfig::default()
        };
        let mut tuning = AnytimeTuning::default();
        tuning.to_core.line_beam = beam;
        let mut limits = Limits {
            max_expanded: Some(budget),
            clock: || 0.0,
            ..Limits::default()
        };
        let mut steps = Vec::new();
        let guides = Guides {
            core: tables,
            whole: None,
        };
        let answer = solve_anytime_tuned(
            &board,
            &goal,
            guides,
            &config,
            &tuning,
            &mut limits,
            &mut |a| {
                steps.push(format!(
                    "{}@{}",
                    a.solution.moves.len(),
                    a.solution.stats.expanded
                ))
            },
        )
        .unwrap();
        writeln!(
            out,
            "anytime {side}x{side} tables {with_tables} beam {beam}: {} ({} expanded) steps {}",
            moves(&answer.solution.moves),
            answer.solution.stats.expanded,
            steps.join(" ")
        )
        .unwrap();
    }
}

/// Staged solves, without and with the window pass.
fn staged_solves(out: &mut String) {
    for side in [5, 6, 7] {
        let goal = goal(side);
        for seed in 1..=3 {
            let board = scramble_seeded(&goal, Scramble::Uniform, true, seed);
            for window in [0, 24] {
                let config = StagedConfig {
                    window,
                    ..StagedConfig::default()
                };
                let answer = solve_staged(&board, &goal, &config, &mut Limits::default()).unwrap();
                writeln!(
                    out,
                    "staged {side}x{side} seed {seed} window {window}: {} ({} expanded)",
                    moves(&answer.solution.moves),
                    answer.solution.stats.expanded
                )
                .unwrap();
            }
        }
        // Mean lengths over more boards (the window pass's effect).
        for window in [0, 24] {
            let config = StagedConfig {
                window,
                ..StagedConfig::default()
            };
            let total: usize = (10..30)
                .map(|seed| {
                    let board = scramble_seeded(&goal, Scramble::Uniform, true, seed);
                    let answer =
                        solve_staged(&board, &goal, &config, &mut Limits::default()).unwrap();
                    answer.solution.moves.len()
                })
                .sum();
            let mean = total as f64 / 20.0;
            writeln!(
                out,
                "staged {side}x{side} seeds 10..30 window {window}: mean {mean:.2}"
            )
            .unwrap();
        }
    }
}

/// A named part of the fingerprint, writing its lines.
type Section<'a> = (&'static str, &'a dyn Fn(&mut String));

/// The golden file the fingerprint is compared with.
fn golden_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src/anytime/fingerprint.golden")
}

#[test]
#[ignore = "the anytime searches' golden fingerprint (about a minute): run before and after a refactoring"]
fn fingerprint_matches_the_golden_file() {
    let tables: Vec<(usize, BigTables)> = [5, 6, 7].map(|s| (s, tables_for(&goal(s)))).into();
    let sections: [Section; 6] = [
        ("core", &|out| core_searches(out, &tables)),
        ("wide", &wide_searches),
        ("reduce", &|out| reductions(out, &tables)),
        ("windows", &window_passes),
        ("anytime", &|out| anytime_solves(out, &tables)),
        ("staged", &staged_solves),
    ];
    // FINGERPRINT_ONLY=core,wide runs only those sections (for timing one of them).
    let only = std::env::var("FINGERPRINT_ONLY").ok();
    let mut all = String::new();
    for (name, section) in sections {
        if only
            .as_ref()
            .is_some_and(|only| !only.split(',').any(|o| o == name))
        {
            continue;
        }
        let clock = Instant::now();
        let mut out = String::new();
        section(&mut out);
        eprintln!("time {name}: {:.3} s", clock.elapsed().as_secs_f64());
        all.push_str(&out);
    }
    println!("{all}");
    if only.is_some() {
        return;
    }
    if std::env::var_os("FINGERPRINT_WRITE").is_some() {
        std::fs::write(golden_path(), &all).expect("the golden file is written");
        return;
    }
    let golden = std::fs::read_to_string(golden_path()).expect("the golden file exists");
    let changed: Vec<String> = golden
        .lines()
        .zip(all.lines())
        .filter(|(want, got)| want != got)
        .map(|(want, got)| format!("want {want}\n got {got}"))
        .collect();
    assert!(
        changed.is_empty() && golden.lines().count() == all.lines().count(),
        "the anytime searches behave differently ({} lines of {} changed; FINGERPRINT_WRITE=1 \
         writes the new text if that is meant):\n{}",
        changed.len(),
        golden.lines().count(),
        changed.join("\n")
    );
}
