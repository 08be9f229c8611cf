//! The textbook experiment: boards at an exact depth against an independent BFS oracle, the
//! runner's figures against solves run one by one, determinism, budget flags, cancellation.

mod common;

use std::collections::HashMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};

use common::{goal3, oracle};
use puzzle_core::experiment::{
    effective_branching_factor, parse_method, run_experiment, to_csv, to_text, CellStatus,
    Controls, DepthError, DepthRow, ExactDepths, Experiment, ExperimentConfig, ExperimentError,
    ExperimentProgress, CSV_HEADER,
};
use puzzle_core::{
    solve_with, Board, Goal, Limits, Method, Shape, SolveError, SolveOptions, SolveOutcome, Tables,
};

fn methods(names: &[&str]) -> Vec<Method> {
    names.iter().map(|n| parse_method(n).unwrap()).collect()
}

fn config(goal: Board, depths: &[u32], boards: usize, names: &[&str]) -> ExperimentConfig {
    ExperimentConfig {
        depths: depths.to_vec(),
        boards,
        methods: methods(names),
        ..ExperimentConfig::textbook(goal)
    }
}

fn run(config: &ExperimentConfig) -> Experiment {
    run_experiment(config, Tables::default(), &mut Controls::default()).unwrap()
}

#[test]
fn drawn_boards_lie_exactly_at_the_asked_depth_for_every_goal() {
    for kind in [Goal::Standard, Goal::BlankFirst, Goal::Snail] {
        let goal = goal3(kind);
        let distances = oracle(&goal);
        let depths = ExactDepths::build(&goal).unwrap();
        assert_eq!(depths.max_depth(), *distances.values().max().unwrap());
        for depth in [0, 1, 2, 7, 16, 24, depths.max_depth()] {
            let expected = distances.values().filter(|&&d| d == depth).count();
            assert_eq!(depths.count(depth), expected, "depth {depth}");
            for board in depths.draw_seeded(depth, 40, 11).unwrap() {
                assert_eq!(distances[&board.pack().unwrap()], depth, "{board}");
            }
        }
    }
}

#[test]
fn draws_are_uniform_among_the_boards_at_a_depth() {
    let goal = goal3(Goal::Standard);
    let depths = ExactDepths::build(&goal).unwrap();
    // Depth 5 has a handful of boards: each should come up about equally often.
    let boards = depths.count(5);
    assert!((4..=40).contains(&boards), "{boards} boards at depth 5");
    // One board a seed (a draw of several gives distinct boards), over 400 x boards seeds.
    let draws = 400 * boards;
    let mut seen: HashMap<Board, usize> = HashMap::new();
    for seed in 0..draws as u64 {
        let drawn = depths.draw_seeded(5, 1, seed).unwrap();
        *seen.entry(drawn[0].clone()).or_default() += 1;
    }
    assert_eq!(seen.len(), boards, "every board is drawn");
    for (board, &count) in &seen {
        // 400 expected; the standard deviation is about 20.
        assert!((300..=500).contains(&count), "{board} drawn {count} times");
    }
    // The farthest depth has two boards; both come up.
    let far: std::collections::HashSet<Board> = depths
        .draw_seeded(depths.max_depth(), 50, 3)
        .unwrap()
        .into_iter()
        .collect();
    assert_eq!(far.len(), 2);
}

#[test]
fn optimal_methods_solve_every_board_in_exactly_its_depth() {
    let goal = goal3(Goal::Snail);
    let names = ["bfs", "iddfs", "astar-manhattan", "idastar-misplaced"];
    let experiment = run(&config(goal, &[3, 10, 15], 8, &names));
    for row in &experiment.rows {
        for (method, cell) in experiment.config.methods.iter().zip(&row.cells) {
            assert_eq!(
                cell.status,
                CellStatus::Complete,
                "{method:?} at {}",
                row.depth
            );
            assert_eq!((cell.runs, cell.solved), (8, 8));
            assert_eq!(cell.mean_length, Some(f64::from(row.depth)), "{method:?}");
        }
    }
}

#[test]
fn figures_match_solves_run_one_by_one() {
    let goal = goal3(Goal::Standard);
    // A budget IDDFS meets at depth 14 on some boards but not all.
    let mut config = config(
        goal.clone(),
        &[14],
        12,
        &["iddfs", "greedy-misplaced", "astar-misplaced"],
    );
    config.budget = Some(8_000);
    let experiment = run(&config);
    let boards = ExactDepths::build(&goal)
        .unwrap()
        .draw_seeded(14, 12, config.seed)
        .unwrap();
    for (method, cell) in config.methods.iter().zip(&experiment.rows[0].cells) {
        let (mut generated, mut expanded, mut lengths, mut hits) = (vec![], vec![], vec![], 0);
        for board in &boards {
            let mut limits = Limits::with_budget(8_000);
            let solution = solve_with(
                board,
                &goal,
                &SolveOptions::new(method),
                &mut limits,
                &mut |_| {},
            )
            .unwrap();
            match solution.outcome {
                SolveOutcome::Solved => {
                    generated.push(solution.stats.generated as f64);
                    expanded.push(solution.stats.expanded as f64);
                    lengths.push(solution.moves.len() as f64);
                }
                SolveOutcome::BudgetExhausted => hits += 1,
                other => panic!("{other:?}"),
            }
        }
        let mean = |v: &[f64]| (!v.is_empty()).then(|| v.iter().sum::<f64>() / v.len() as f64);
        assert_eq!(cell.budget_hits, hits, "{method:?}");
        assert_eq!(cell.solved, generated.len());
        assert_eq!(cell.solved + cell.budget_hits, cell.runs);
        assert_eq!(cell.mean_generated, mean(&generated), "{method:?}");
        assert_eq!(cell.mean_expanded, mean(&expanded));
        assert_eq!(cell.mean_length, mean(&lengths));
        assert_eq!(
            cell.branching_factor,
            mean(&generated).and_then(|n| effective_branching_factor(n, 14))
        );
        let expected = if hits > 0 {
            CellStatus::Flagged
        } else {
            CellStatus::Complete
        };
        assert_eq!(cell.status, expected, "{method:?}");
    }
    let iddfs = &experiment.rows[0].cells[0];
    assert!(iddfs.budget_hits > 0 && iddfs.solved > 0, "{iddfs:?}");
}

#[test]
fn a_method_that_hit_the_budget_is_flagged_then_skipped_deeper() {
    let goal = goal3(Goal::Standard);
    let mut config = config(goal, &[4, 12, 16, 20], 6, &["iddfs", "astar-manhattan"]);
    config.budget = Some(2_000);
    let experiment = run(&config);
    let iddfs: Vec<CellStatus> = experiment.rows.iter().map(|r| r.cells[0].status).collect();
    let first_hit = iddfs
        .iter()
        .position(|&s| s == CellStatus::Flagged)
        .expect("IDDFS hits a 2,000-node budget by depth 16");
    assert!(iddfs[..first_hit]
        .iter()
        .all(|&s| s == CellStatus::Complete));
    assert!(iddfs[first_hit + 1..]
        .iter()
        .all(|&s| s == CellStatus::Skipped));
    assert!(first_hit + 1 < iddfs.len(), "some depth is skipped");
    for row in &experiment.rows {
        assert_eq!(
            row.cells[1].status,
            CellStatus::Complete,
            "A* is not skipped"
        );
    }
    let text = to_text(&experiment);
    assert!(text.contains("skipped"), "{text}");
    assert!(text.contains("hit the budget"), "{text}");

    // Without skipping, the deeper cells run and are flagged too.
    config.skip_after_budget = false;
    let all = run(&config);
    let deepest = &all.rows.last().unwrap().cells[0];
    assert_eq!(deepest.status, CellStatus::Flagged);
    assert!(deepest.budget_hits > 0);
}

#[test]
fn the_same_seed_gives_the_same_table_and_another_seed_another() {
    let goal = goal3(Goal::Standard);
    let names = ["iddfs", "astar-misplaced"];
    let strip = |mut e: Experiment| {
        e.elapsed_ms = 0.0;
        for row in &mut e.rows {
            for cell in &mut row.cells {
                cell.mean_ms = None;
            }
        }
        e
    };
    let first = strip(run(&config(goal.clone(), &[6, 12], 10, &names)));
    let again = strip(run(&config(goal.clone(), &[6, 12], 10, &names)));
    assert_eq!(first, again);
    // A depth's boards do not depend on the other depths asked for.
    let alone = strip(run(&config(goal.clone(), &[12], 10, &names)));
    assert_eq!(alone.rows[0], first.rows[1]);
    let mut other = config(goal, &[6, 12], 10, &names);
    other.seed = 99;
    assert_ne!(strip(run(&other)).rows[1], first.rows[1]);
}

/// 3x3 at its farthest depth, 31, with five boards asked for and A* alone.
fn config_far(goal: Board) -> ExperimentConfig {
    config(goal, &[31], 5, &["astar-manhattan"])
}

#[test]
fn progress_counts_every_solve_and_cancelling_stops_the_run() {
    let goal = goal3(Goal::Standard);
    let config = config(goal.clone(), &[6, 8, 10], 5, &["bfs", "astar-manhattan"]);
    let mut seen: Vec<ExperimentProgress> = Vec::new();
    let mut record = |p: &ExperimentProgress| {
        seen.push(p.clone());
        ControlFlow::Continue(())
    };
    let mut controls = Controls {
        on_solve: Some(&mut record),
        ..Controls::default()
    };
    let full = run_experiment(&config, Tables::default(), &mut controls).unwrap();
    assert!(!full.cancelled);
    assert_eq!(seen.len(), 30);
    assert!(seen
        .iter()
        .enumerate()
        .all(|(i, p)| p.done == i + 1 && p.total == 30));
    assert_eq!(
        (
            seen[7].depth_index,
            seen[7].board_index,
            seen[7].method_index
        ),
        (0, 3, 1)
    );

    // Asked for more boards than a depth has (31: two boards), each is measured once, and the
    // progress counts the solves there are.
    let mut totals = Vec::new();
    let mut record = |p: &ExperimentProgress| {
        totals.push((p.total, p.boards));
        ControlFlow::Continue(())
    };
    let mut controls = Controls {
        on_solve: Some(&mut record),
        ..Controls::default()
    };
    let farthest = config_far(goal);
    let far = run_experiment(&farthest, Tables::default(), &mut controls).unwrap();
    assert_eq!((far.rows[0].boards, far.rows[0].available), (2, 2));
    assert_eq!(far.rows[0].cells[0].runs, 2);
    assert_eq!(totals, vec![(2, 2); 2]);
    assert!(to_text(&far).contains("depth 31: only 2 distinct boards"));

    // A callback that says stop after 12 solves: the first depth (10 solves) is kept.
    let mut count = 0;
    let mut stop = |_: &ExperimentProgress| {
        count += 1;
        if count == 12 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    let mut controls = Controls {
        on_solve: Some(&mut stop),
        ..Controls::default()
    };
    let cut = run_experiment(&config, Tables::default(), &mut controls).unwrap();
    assert!(cut.cancelled);
    assert_eq!(cut.rows.len(), 1);
    assert!(to_text(&cut).contains("Cancelled"));

    // A flag set beforehand (or from another thread) stops it before any solve.
    let flag = AtomicBool::new(true);
    let mut controls = Controls {
        cancel: Some(&flag),
        ..Controls::default()
    };
    let none = run_experiment(&config, Tables::default(), &mut controls).unwrap();
    assert!(none.cancelled && none.rows.is_empty());
    flag.store(false, Ordering::Relaxed);
    let mut controls = Controls {
        cancel: Some(&flag),
        ..Controls::default()
    };
    let again = run_experiment(&config, Tables::default(), &mut controls).unwrap();
    assert_eq!(again.rows.len(), 3);
}

/// Each depth's row is handed over as it is finished, with the boards it was measured on
/// (the seeded draw), and equals the run's own row.
#[test]
fn each_row_is_handed_over_with_its_boards_as_it_is_finished() {
    let goal = goal3(Goal::Standard);
    let config = config(goal.clone(), &[4, 8, 12], 6, &["iddfs", "astar-manhattan"]);
    let mut handed: Vec<(DepthRow, Vec<Board>)> = Vec::new();
    let mut on_row = |row: &DepthRow, boards: &[Board]| handed.push((row.clone(), boards.to_vec()));
    let mut controls = Controls {
        on_row: Some(&mut on_row),
        ..Controls::default()
    };
    let table = run_experiment(&config, Tables::default(), &mut controls).unwrap();
    let depths = ExactDepths::build(&goal).unwrap();
    assert_eq!(handed.len(), 3);
    for ((row, boards), expected) in handed.iter().zip(&table.rows) {
        assert_eq!(row, expected);
        assert_eq!(
            boards,
            &depths.draw_seeded(row.depth, 6, config.seed).unwrap()
        );
    }
}

#[test]
fn a_flag_set_during_a_solve_cancels_inside_it() {
    let goal = goal3(Goal::Standard);
    let mut config = config(goal, &[24], 1, &["iddfs"]);
    config.budget = None;
    // The clock is read as the run starts, as the solve starts and as the search reports
    // (every 4,096 expansions): the flag flips at that third reading, so only a check inside
    // the search can see it (with one board, none comes after the solve).
    static READS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    static FLAG: AtomicBool = AtomicBool::new(false);
    fn clock() -> f64 {
        if READS.fetch_add(1, Ordering::Relaxed) >= 2 {
            FLAG.store(true, Ordering::Relaxed);
        }
        0.0
    }
    let mut controls = Controls {
        cancel: Some(&FLAG),
        clock,
        ..Controls::default()
    };
    let experiment = run_experiment(&config, Tables::default(), &mut controls).unwrap();
    assert!(experiment.cancelled);
    assert!(experiment.rows.is_empty());
}

#[test]
fn bad_input_is_refused_before_any_solve() {
    let goal = goal3(Goal::Standard);
    let refuse = |config: ExperimentConfig| {
        run_experiment(&config, Tables::default(), &mut Controls::default()).unwrap_err()
    };
    let base = config(goal.clone(), &[4], 3, &["iddfs"]);
    assert_eq!(
        refuse(ExperimentConfig {
            boards: 0,
            ..base.clone()
        }),
        ExperimentError::NoBoards
    );
    assert_eq!(
        refuse(ExperimentConfig {
            depths: vec![],
            ..base.clone()
        }),
        ExperimentError::NoDepths
    );
    assert_eq!(
        refuse(ExperimentConfig {
            depths: vec![4, 32],
            ..base.clone()
        }),
        ExperimentError::Depth(DepthError::NoBoards {
            shape: goal.shape(),
            depth: 32,
            max: 31
        })
    );
    assert!(matches!(
        refuse(ExperimentConfig {
            methods: methods(&["pdb"]),
            ..base.clone()
        }),
        ExperimentError::Method(SolveError::MissingTables { .. })
    ));
    let four = Goal::Standard.board(Shape::square(4).unwrap()).unwrap();
    assert!(matches!(
        refuse(ExperimentConfig {
            goal: four,
            ..base.clone()
        }),
        ExperimentError::Depth(DepthError::TooLarge(_))
    ));
    assert_eq!(
        refuse(ExperimentConfig {
            budget: Some(0),
            ..base
        }),
        ExperimentError::ZeroBudget
    );
}

#[test]
fn csv_has_a_line_per_depth_and_method() {
    let goal = goal3(Goal::Standard);
    let experiment = run(&config(goal, &[2, 8], 4, &["iddfs", "greedy-manhattan"]));
    let csv = to_csv(&experiment);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], CSV_HEADER);
    assert_eq!(lines.len(), 1 + 2 * 2);
    let columns = CSV_HEADER.split(',').count();
    assert!(
        lines.iter().all(|l| l.split(',').count() == columns),
        "{csv}"
    );
    assert!(lines[3].starts_with("8,"), "{csv}");
    assert!(
        lines[4].starts_with("8,") && lines[4].contains(",greedy-manhattan,"),
        "{csv}"
    );
}

#[cfg(feature = "serde")]
#[test]
fn an_experiment_round_trips_through_json() {
    let goal = goal3(Goal::Standard);
    let experiment = run(&config(goal, &[4], 2, &["iddfs", "astar-manhattan"]));
    let json = serde_json::to_string(&experiment).unwrap();
    let back: Experiment = serde_json::from_str(&json).unwrap();
    // serde_json may read a float back one unit in the last place off (without its
    // float_roundtrip feature): compare the figures as the CSV prints them.
    assert_eq!(back.config, experiment.config);
    assert_eq!(to_csv(&back), to_csv(&experiment));
    assert!(json.contains("\"status\":\"complete\""), "{json}");
}

/// Issue 56: a formula equal to a built-in estimate is the same column: the same boards (same
/// seed), the same nodes, generated and expanded, at every depth, toward every goal.
#[test]
fn a_formula_equal_to_a_built_in_gives_the_built_ins_nodes() {
    let pairs = [
        ("astar-misplaced", "astar:misplaced"),
        ("astar-manhattan", "astar:manhattan"),
        ("astar-linear-conflict", "astar:manhattan + conflicts"),
        ("idastar-manhattan", "idastar:manhattan"),
        ("greedy-linear-conflict", "greedy:linear_conflict"),
    ];
    for kind in [Goal::Standard, Goal::Snail] {
        let names: Vec<&str> = pairs.iter().flat_map(|&(a, b)| [a, b]).collect();
        let experiment = run(&config(goal3(kind.clone()), &[4, 12, 18], 6, &names));
        for row in &experiment.rows {
            for (i, (built_in, formula)) in pairs.iter().enumerate() {
                let (a, b) = (&row.cells[2 * i], &row.cells[2 * i + 1]);
                let at = format!("{built_in} vs {formula}, depth {}, {kind:?}", row.depth);
                assert_eq!(a.mean_generated, b.mean_generated, "{at}");
                assert_eq!(a.mean_expanded, b.mean_expanded, "{at}");
                assert_eq!(a.mean_length, b.mean_length, "{at}");
                assert_eq!(a.solved, 6, "{at}");
            }
        }
    }
}

/// An estimate that overestimates costs moves, and the table says how many: `astar:3 *
/// manhattan` is not claimed optimal, its mean excess length is its mean length beyond the
/// depth, never negative, and the CSV keeps a formula's commas inside one quoted field.
#[test]
fn an_overestimating_formula_reports_its_excess_length() {
    let names = [
        "astar-manhattan",
        "astar:3 * manhattan",
        "astar:max(manhattan, misplaced)",
    ];
    let experiment = run(&config(goal3(Goal::Standard), &[16, 20], 8, &names));
    let mut longer = 0.0;
    for row in &experiment.rows {
        let (exact, heavy) = (&row.cells[0], &row.cells[1]);
        assert_eq!(exact.mean_excess, Some(0.0));
        let excess = heavy.mean_excess.unwrap();
        assert!(excess >= 0.0, "{excess}");
        assert_eq!(
            heavy.mean_length.unwrap() - f64::from(row.depth),
            excess,
            "depth {}",
            row.depth
        );
        longer += excess;
    }
    assert!(longer > 0.0, "3 x Manhattan found only shortest answers");
    assert!(!experiment.config.methods[1].is_optimal());
    let text = to_text(&experiment);
    assert!(text.contains("excess"), "{text}");
    let csv = to_csv(&experiment);
    let line = csv.lines().find(|l| l.contains("max(")).unwrap();
    assert!(
        line.contains("\"astar:max(manhattan, misplaced)\""),
        "{line}"
    );
    assert_eq!(
        CSV_HEADER.split(',').count(),
        line.split(',').count() - 2,
        "one quoted field: {line}"
    );
}

#[test]
fn formula_columns_read_back_and_bad_ones_say_why() {
    use puzzle_core::experiment::{method_key, split_methods};
    let names = split_methods("iddfs, astar:max(manhattan, misplaced),idastar:dist(3) + 1");
    assert_eq!(names.len(), 3);
    for name in names {
        let method = parse_method(name).unwrap();
        assert_eq!(parse_method(&method_key(&method)).unwrap(), method);
    }
    let bad = parse_method("astar:manhattan +").unwrap_err().to_string();
    assert!(bad.contains("column"), "{bad}");
    let blind = parse_method("bfs:manhattan").unwrap_err().to_string();
    assert!(blind.contains("blind"), "{blind}");
    let far = config(goal3(Goal::Standard), &[4], 2, &["astar:dist(12)"]);
    let refused = run_experiment(&far, Tables::default(), &mut Controls::default()).unwrap_err();
    assert!(refused.to_string().contains("tile"), "{refused}");
}
