//! The anytime big-board solver: legal solutions on every shape and goal, strictly shorter
//! improvements, an admissible lower bound (against exact optima on 3x3 and 4x4 and against
//! Korf & Felner's optimal lengths on 5x5), prompt cancellation with the best so far, parity,
//! and tables that survive serialization and reject garbage.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

use proptest::prelude::*;
use puzzle_core::anytime::{
    lower_bound, solve_anytime, solve_anytime_tuned, total_entries, AnytimeConfig, AnytimeTuning,
    BigTables, Guides, WholeTables,
};
use puzzle_core::generate::{random_walk, scramble_seeded, Scramble};
use puzzle_core::search::Progress;
use puzzle_core::suboptimal::Approximate;
use puzzle_core::{solve, swap_fix, Board, Goal, Limits, Shape, SolveOutcome, SolverConfig};
use rand::rngs::StdRng;
use rand::SeedableRng;

fn quick(time_limit_ms: f64) -> AnytimeConfig {
    AnytimeConfig {
        time_limit_ms,
        ..AnytimeConfig::default()
    }
}

/// A configuration and the knobs it runs with: the product's, unless a test switches phases
/// off ([`solve_anytime_tuned`]).
#[derive(Clone, Debug, Default)]
struct Tuned {
    config: AnytimeConfig,
    tuning: AnytimeTuning,
}

impl From<AnytimeConfig> for Tuned {
    fn from(config: AnytimeConfig) -> Tuned {
        Tuned {
            config,
            tuning: AnytimeTuning::default(),
        }
    }
}

/// No time limit, and the shortest windows only (no long, guided or weighted ones).
fn short_windows() -> Tuned {
    let mut tuning = AnytimeTuning::default();
    tuning.windows.min = 2;
    tuning.windows.max = 2;
    tuning.windows.extra_rounds = 0;
    tuning.windows.weighted.clear();
    Tuned {
        config: quick(f64::INFINITY),
        tuning,
    }
}

/// Solves and checks: legal, reaching the goal, improvements strictly shorter, the answer the
/// last improvement, never below the lower bound. Returns the answer.
fn check(board: &Board, goal: &Board, tables: Option<&BigTables>, run: &Tuned) -> Approximate {
    let guides = Guides {
        core: tables,
        whole: None,
    };
    check_guided(board, goal, guides, run)
}

/// [`check`] with whole-board tables too.
fn check_guided(board: &Board, goal: &Board, guides: Guides, run: &Tuned) -> Approximate {
    let mut lengths = Vec::new();
    let mut record = |answer: &Approximate| {
        assert_eq!(board.after(&answer.solution.moves).unwrap(), *goal);
        lengths.push(answer.solution.moves.len());
    };
    let answer = solve_anytime_tuned(
        board,
        goal,
        guides,
        &run.config,
        &run.tuning,
        &mut Limits::default(),
        &mut record,
    )
    .unwrap();
    assert_eq!(answer.solution.outcome, SolveOutcome::Solved, "{board}");
    assert_eq!(board.after(&answer.solution.moves).unwrap(), *goal);
    assert!(lengths.windows(2).all(|w| w[1] < w[0]), "{lengths:?}");
    assert_eq!(lengths.last(), Some(&answer.solution.moves.len()));
    assert!(answer.solution.moves.len() as u32 >= answer.lower_bound);
    answer
}

fn goals(shape: Shape) -> Vec<Board> {
    [Goal::Standard, Goal::BlankFirst, Goal::Snail]
        .iter()
        .map(|g| g.board(shape).unwrap())
        .collect()
}

#[test]
fn solves_rectangles_and_goals_without_tables() {
    for (w, h) in [(5, 4), (4, 6), (6, 5), (5, 5), (3, 3), (7, 7)] {
        let shape = Shape::new(w, h).unwrap();
        for goal in goals(shape) {
            let board = scramble_seeded(&goal, Scramble::Uniform, true, 3);
            check(&board, &goal, None, &quick(30.0).into());
            assert!(check(&goal, &goal, None, &quick(30.0).into())
                .solution
                .moves
                .is_empty());
        }
    }
}

#[test]
fn solves_with_tables_on_core_and_whole_board() {
    // 4x5 (the core is the whole board) and 4x6 (a 4x5 core behind one outer row): groups of
    // at most 4 tiles on 20 cells, built in a blink.
    for (w, h) in [(4, 5), (4, 6)] {
        let shape = Shape::new(w, h).unwrap();
        for goal in goals(shape) {
            let tables = BigTables::build(&goal, &mut Limits::default()).unwrap();
            for seed in 0..3 {
                let board = scramble_seeded(&goal, Scramble::Uniform, true, seed);
                let with = check(&board, &goal, Some(&tables), &quick(60.0).into());
                let bound = lower_bound(&board, &goal, Some(&tables));
                assert_eq!(with.lower_bound, bound);
            }
        }
    }
}

#[test]
fn tables_for_another_goal_are_ignored() {
    let shape = Shape::new(4, 5).unwrap();
    let standard = Goal::Standard.board(shape).unwrap();
    let snail = Goal::Snail.board(shape).unwrap();
    let tables = BigTables::build(&standard, &mut Limits::default()).unwrap();
    let board = scramble_seeded(&snail, Scramble::Uniform, true, 1);
    check(&board, &snail, Some(&tables), &quick(30.0).into());
}

/// Boards that share a core share its tables: the 3x5 standard goal's, bound to the 3x6 and
/// 3x7 standard goals, are what a build for those goals makes (same layout, same bytes), under
/// the same cache key; a goal with another core is not served.
#[test]
fn one_build_serves_every_size_with_the_same_core() {
    let goal = |w| Goal::Standard.board(Shape::new(w, 3).unwrap()).unwrap();
    let small = BigTables::build(&goal(5), &mut Limits::default()).unwrap();
    for width in [6, 7] {
        let built = BigTables::build(&goal(width), &mut Limits::default()).unwrap();
        assert_eq!(small.bind(&goal(width)).as_ref(), Some(&built), "3x{width}");
        assert!(small.serves(&goal(width)));
        assert_eq!(
            BigTables::cache_key(&goal(width)),
            BigTables::cache_key(&goal(5))
        );
        let stored = BigTables::from_bytes(&built.to_bytes()).unwrap();
        assert_eq!(stored.bind(&goal(width)).as_ref(), Some(&built));
    }
    let blank_first = Goal::BlankFirst.board(Shape::new(7, 3).unwrap()).unwrap();
    assert!(!small.serves(&blank_first));
    assert!(small.bind(&blank_first).is_none());
    assert_ne!(
        BigTables::cache_key(&blank_first),
        BigTables::cache_key(&goal(5))
    );
}

/// The standard goal's tables also serve goals a symmetry and a renaming lead there from (the
/// blank in another corner): the anytime method through `solve_with` uses them, its answers
/// reach the board's own goal, and its parity verdict is the board's own.
#[test]
fn standard_tables_serve_a_goal_with_the_blank_in_another_corner() {
    use puzzle_core::relabel::Relabel;
    use puzzle_core::{solvability, solve_with, Method, SolveOptions, Tables};
    let shape = Shape::new(5, 3).unwrap();
    let standard = Goal::Standard.board(shape).unwrap();
    let tables = BigTables::build(&standard, &mut Limits::default()).unwrap();
    let blank_first = Goal::BlankFirst.board(shape).unwrap();
    let method = Method::Anytime { time_limit_ms: 200 };
    let mut above_linear_conflict = 0;
    for seed in 0..3 {
        let board = scramble_seeded(&blank_first, Scramble::Uniform, true, seed);
        let with = Tables {
            big_board: Some(&tables),
            ..Tables::default()
        };
        let answer = solve_with(
            &board,
            &blank_first,
            &SolveOptions::new(&method).with_tables(with),
            &mut Limits::default(),
            &mut |_| {},
        )
        .unwrap();
        assert_eq!(answer.outcome, SolveOutcome::Solved);
        assert_eq!(board.after(&answer.moves).unwrap(), blank_first);
        assert_eq!(
            answer.solvability,
            solvability(&board, &blank_first).unwrap()
        );
        // The bound is the whole-board tables' estimate of the renamed board.
        let bound = answer.lower_bound.unwrap();
        assert!(bound <= answer.moves.len() as u32);
        let renamed = Relabel::between(&blank_first, &standard)
            .unwrap()
            .board(&board)
            .unwrap();
        assert_eq!(bound, lower_bound(&renamed, &standard, Some(&tables)));
        above_linear_conflict += bound - lower_bound(&board, &blank_first, None);
    }
    assert!(above_linear_conflict > 0, "the tables were used");
}

/// Exact optimum by the generic solver (IDA* with linear conflict).
fn optimum(board: &Board, goal: &Board) -> u32 {
    let config = SolverConfig::best_for(board.shape());
    let solution = solve(board, goal, &config, &mut Limits::default()).unwrap();
    solution.length().unwrap() as u32
}

#[test]
fn lower_bound_is_admissible_on_3x3_and_4x4() {
    let mut rng = StdRng::seed_from_u64(9);
    for side in [3, 4] {
        let shape = Shape::square(side).unwrap();
        for goal in goals(shape) {
            let tables = BigTables::build(&goal, &mut Limits::default()).unwrap();
            for i in 0..12 {
                let board = if side == 3 {
                    scramble_seeded(&goal, Scramble::Uniform, true, i)
                } else {
                    random_walk(&goal, 40, &mut rng)
                };
                let best = optimum(&board, &goal);
                let bound = lower_bound(&board, &goal, Some(&tables));
                assert!(bound <= best, "{board}: bound {bound} > optimum {best}");
                let answer = check(&board, &goal, Some(&tables), &quick(20.0).into());
                assert!(answer.solution.moves.len() as u32 >= best);
            }
        }
    }
}

fn korf_tables() -> &'static BigTables {
    static TABLES: OnceLock<BigTables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let goal = Goal::BlankFirst.board(Shape::square(5).unwrap()).unwrap();
        BigTables::build(&goal, &mut Limits::default()).unwrap()
    })
}

fn korf24() -> Vec<(Board, u32)> {
    let text = include_str!("../../../tests/fixtures/korf24_50.txt");
    let shape = Shape::square(5).unwrap();
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let numbers: Vec<usize> = line
                .split_whitespace()
                .map(|t| t.parse().unwrap())
                .collect();
            (
                Board::new(shape, numbers[..25].to_vec()).unwrap(),
                numbers[25] as u32,
            )
        })
        .collect()
}

#[test]
fn lower_bound_is_admissible_on_korf_and_felners_50() {
    let tables = korf_tables();
    let goal = tables.goal().clone();
    let instances = korf24();
    assert_eq!(instances.len(), 50);
    for (board, optimal) in &instances {
        let bound = lower_bound(board, &goal, Some(tables));
        assert!(
            bound <= *optimal,
            "{board}: bound {bound} > optimum {optimal}"
        );
        assert!(bound >= lower_bound(board, &goal, None));
    }
    // And a few solves with the real 5x5 tables.
    for (board, optimal) in instances.iter().take(3) {
        let answer = check(board, &goal, Some(tables), &quick(150.0).into());
        assert!(answer.solution.moves.len() as u32 >= *optimal);
    }
}

#[test]
fn cancel_returns_promptly_with_the_best_so_far() {
    let goal = Goal::Standard.board(Shape::square(6).unwrap()).unwrap();
    let board = scramble_seeded(&goal, Scramble::Uniform, true, 5);
    // Cancel at the first progress report after the first answer.
    let improved = std::cell::Cell::new(false);
    let mut on_improve = |_: &Approximate| improved.set(true);
    let mut cancel = |_: &Progress| {
        if improved.get() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    let mut limits = Limits {
        report_every: 1000,
        on_progress: Some(&mut cancel),
        ..Limits::default()
    };
    let config = quick(60_000.0);
    let started = std::time::Instant::now();
    let answer = solve_anytime(&board, &goal, None, &config, &mut limits, &mut on_improve).unwrap();
    assert!(started.elapsed().as_secs_f64() < 5.0);
    assert!(improved.get());
    assert_eq!(answer.solution.outcome, SolveOutcome::Solved);
    assert_eq!(board.after(&answer.solution.moves).unwrap(), goal);
}

#[test]
fn cancel_before_any_answer_says_cancelled() {
    let goal = Goal::Standard.board(Shape::square(8).unwrap()).unwrap();
    let board = scramble_seeded(&goal, Scramble::Uniform, true, 2);
    let mut cancel = |_: &Progress| ControlFlow::Break(());
    let mut limits = Limits {
        report_every: 1,
        on_progress: Some(&mut cancel),
        ..Limits::default()
    };
    let mut on_improve = |_: &Approximate| panic!("no answer expected");
    let answer = solve_anytime(
        &board,
        &goal,
        None,
        &quick(1000.0),
        &mut limits,
        &mut on_improve,
    )
    .unwrap();
    assert_eq!(answer.solution.outcome, SolveOutcome::Cancelled);
    assert!(answer.solution.moves.is_empty());
}

static TICKS: AtomicU64 = AtomicU64::new(0);

/// A clock that advances 10 ms at every read.
fn ticking_clock() -> f64 {
    TICKS.fetch_add(10, Ordering::Relaxed) as f64
}

#[test]
fn time_comes_from_the_limits_clock_and_the_node_budget_stops() {
    let goal = Goal::Standard.board(Shape::square(7).unwrap()).unwrap();
    let board = scramble_seeded(&goal, Scramble::Uniform, true, 4);
    let mut limits = Limits {
        clock: ticking_clock,
        ..Limits::default()
    };
    let answer =
        solve_anytime(&board, &goal, None, &quick(50.0), &mut limits, &mut |_| {}).unwrap();
    assert_eq!(answer.solution.outcome, SolveOutcome::Solved);
    // A clock that never moves: only the node budget stops the improvements.
    fn frozen() -> f64 {
        0.0
    }
    let mut limits = Limits {
        clock: frozen,
        max_expanded: Some(400_000),
        ..Limits::default()
    };
    let answer = solve_anytime(&board, &goal, None, &quick(1.0), &mut limits, &mut |_| {}).unwrap();
    assert_eq!(answer.solution.outcome, SolveOutcome::Solved);
    assert_eq!(board.after(&answer.solution.moves).unwrap(), goal);
}

#[test]
fn unsolvable_boards_are_answered_by_parity() {
    for (w, h) in [(5, 5), (4, 6), (8, 8)] {
        let goal = Goal::Standard.board(Shape::new(w, h).unwrap()).unwrap();
        let board = swap_fix(&scramble_seeded(&goal, Scramble::Uniform, true, 1));
        let mut on_improve = |_: &Approximate| panic!("no answer expected");
        let answer = solve_anytime(
            &board,
            &goal,
            None,
            &quick(100.0),
            &mut Limits::default(),
            &mut on_improve,
        )
        .unwrap();
        assert_eq!(answer.solution.outcome, SolveOutcome::Unsolvable);
        assert!(!answer.solution.solvability.solvable);
    }
    let goal = Goal::Standard.board(Shape::square(5).unwrap()).unwrap();
    let other = Goal::Standard.board(Shape::square(6).unwrap()).unwrap();
    assert!(solve_anytime(
        &other,
        &goal,
        None,
        &quick(10.0),
        &mut Limits::default(),
        &mut |_| {}
    )
    .is_err());
}

fn small_tables() -> &'static BigTables {
    static TABLES: OnceLock<BigTables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let goal = Goal::Snail.board(Shape::new(4, 6).unwrap()).unwrap();
        BigTables::build(&goal, &mut Limits::default()).unwrap()
    })
}

#[test]
fn tables_round_trip_and_report_their_size() {
    let tables = small_tables();
    let bytes = tables.to_bytes();
    let back = BigTables::from_bytes(&bytes).unwrap();
    assert_eq!(back.bind(tables.goal()).as_ref(), Some(tables));
    assert_eq!(back.to_bytes(), bytes);
    assert_eq!(tables.memory_bytes() as u64, total_entries(tables.goal()));
    let key = BigTables::cache_key(tables.goal());
    assert_eq!(key, BigTables::cache_key(&back.goal().clone()));
    assert!(key.starts_with("bigtables-v"));
    assert_eq!(
        total_entries(&Goal::Standard.board(Shape::square(5).unwrap()).unwrap()),
        4 * 25 * 24 * 23 * 22 * 21 + 25 * 24 * 23 * 22
    );
}

#[test]
fn tables_build_reports_progress_and_cancels() {
    let goal = Goal::Standard.board(Shape::new(4, 5).unwrap()).unwrap();
    let mut last = 0;
    let mut seen = |p: &Progress| {
        last = p.generated;
        ControlFlow::Continue(())
    };
    let mut limits = Limits {
        report_every: 1000,
        on_progress: Some(&mut seen),
        ..Limits::default()
    };
    BigTables::build(&goal, &mut limits).unwrap();
    assert!(last > 0 && last <= total_entries(&goal));
    let mut stop = |_: &Progress| ControlFlow::Break(());
    let mut limits = Limits {
        report_every: 1000,
        on_progress: Some(&mut stop),
        ..Limits::default()
    };
    assert!(BigTables::build(&goal, &mut limits).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn garbage_bytes_are_rejected(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        prop_assert!(BigTables::from_bytes(&bytes).is_err());
    }

    #[test]
    fn damaged_tables_are_rejected(cut in 0usize..1_000_000, flip in 0usize..1_000_000, bit in 0u8..8) {
        let bytes = small_tables().to_bytes();
        let cut = cut % bytes.len();
        prop_assert!(BigTables::from_bytes(&bytes[..cut]).is_err());
        let mut flipped = bytes.clone();
        flipped[flip % bytes.len()] ^= 1 << bit;
        prop_assert!(BigTables::from_bytes(&flipped).is_err());
        let mut header = b"NBIG".to_vec();
        header.extend_from_slice(&bytes[4..(4 + cut % 64).min(bytes.len())]);
        prop_assert!(BigTables::from_bytes(&header).is_err());
    }
}

/// A schedule of the core search at one high weight (no beams before it) and nothing after
/// it but, when asked, the tail searches (weighted A* from boards along the answer toward
/// the goal).
fn core_then(tails: bool) -> Tuned {
    let mut run = short_windows();
    let tuning = &mut run.tuning;
    tuning.core.beam_share = 0.0;
    tuning.guided.windows.clear();
    tuning.guided.quick_nodes = 0;
    tuning.core.weights = vec![3.0];
    tuning.tails.weight = if tails { 1.4 } else { 0.0 };
    run
}

/// The tail searches (after the core search, on the same answer) keep answers legal, never
/// below the optimum and never longer than the core search's alone (4x4: exact optima by
/// IDA*; no clock). How much they shorten is measured by the bench (`--tail-weight 0`).
#[test]
fn tails_never_lengthen_answers_nor_pass_the_optimum() {
    let goal = Goal::Standard.board(Shape::square(4).unwrap()).unwrap();
    let tables = BigTables::build(&goal, &mut Limits::default()).unwrap();
    let mut rng = StdRng::seed_from_u64(4);
    for _ in 0..8 {
        let board = random_walk(&goal, 80, &mut rng);
        let best = optimum(&board, &goal) as usize;
        let short = check(&board, &goal, Some(&tables), &core_then(true));
        let long = check(&board, &goal, Some(&tables), &core_then(false));
        let short = short.solution.moves.len();
        assert!(short >= best, "{board}: {short} < optimum {best}");
        assert!(short <= long.solution.moves.len(), "{board}");
    }
}

/// The whole-board beams (no tables needed) give legal answers on 6x6 and 7x5 boards, with a
/// goal whose blank is not in a corner too, and every answer on the way is legal and strictly
/// shorter (`check`); time counted in expansions so the run repeats. How much shorter the
/// beams make the answers is measured by the bench (`--beam-width 0`).
#[test]
fn beams_give_legal_answers_on_big_boards_without_tables() {
    let counted = AnytimeConfig {
        work_clock: Some(100.0),
        ..quick(600.0)
    };
    for (shape, goal, seed) in [
        (Shape::square(6).unwrap(), Goal::Standard, 1),
        (Shape::new(7, 5).unwrap(), Goal::Snail, 2),
    ] {
        let goal = goal.board(shape).unwrap();
        let board = scramble_seeded(&goal, Scramble::Uniform, true, seed);
        check(&board, &goal, None, &counted.clone().into());
    }
}

/// Beams on the core ranked by the tables, before the core search, give legal answers that
/// never pass the optimum (4x4: exact optima by IDA*; links capped so the widths stay at 1000
/// and 8000). How much shorter than the core search alone they are is measured by the bench
/// (`--core-beam-share 0`).
#[test]
fn core_beams_never_pass_the_optimum() {
    let goal = Goal::Standard.board(Shape::square(4).unwrap()).unwrap();
    let tables = BigTables::build(&goal, &mut Limits::default()).unwrap();
    let mut beams = core_then(false);
    beams.tuning.core.beam_share = 1.0;
    beams.tuning.beams.links = 600_000;
    let mut rng = StdRng::seed_from_u64(5);
    for _ in 0..8 {
        let board = random_walk(&goal, 80, &mut rng);
        let best = optimum(&board, &goal) as usize;
        let beamed = check(&board, &goal, Some(&tables), &beams)
            .solution
            .moves
            .len();
        assert!(beamed >= best, "{board}: {beamed} < optimum {best}");
    }
}

/// Once a whole-board beam is as wide as the links allow, the same width on the board's views
/// and the reverse problems gives legal answers that reach the goal, as the board's own beam
/// alone does (6x6 and an oblong 7x6 with the snail goal, no tables, no clock: the links cap
/// the width at about 1000 and the window passes are short). How much shorter they are is a
/// tuning figure, measured by the bench (`benches/bigboard.rs`, docs/BENCHMARKS.md).
#[test]
fn other_problems_give_legal_answers_on_capped_beams() {
    let capped = |problems: usize| {
        let mut run = short_windows();
        run.tuning.beams.links = 200_000;
        run.tuning.beams.problems = problems;
        run
    };
    for (shape, goal, seed) in [
        (Shape::square(6).unwrap(), Goal::Standard, 3),
        (Shape::square(6).unwrap(), Goal::Standard, 4),
        (Shape::new(7, 6).unwrap(), Goal::Snail, 5),
    ] {
        let goal = goal.board(shape).unwrap();
        let board = scramble_seeded(&goal, Scramble::Uniform, true, seed);
        // `check` asserts each answer legal, ending at the goal, no shorter than the bound.
        check(&board, &goal, None, &capped(16));
        check(&board, &goal, None, &capped(1));
    }
}

/// Beams ranked by whole-board tables, then by linear conflict on the other problems, give
/// legal answers (6x5 boards, no clock, the links capping the width) with a lower bound at
/// least linear conflict's and the tables' and at most the answer; tables toward another goal
/// are ignored. How much shorter the tables make the answers is measured by the bench.
#[test]
fn whole_tables_give_legal_answers_and_bounds() {
    let mut capped = short_windows();
    capped.tuning.beams.links = 300_000;
    capped.tuning.beams.problems = 3;
    let goal = Goal::Standard.board(Shape::new(6, 5).unwrap()).unwrap();
    let whole = WholeTables::build(&goal, &mut Limits::default()).unwrap();
    let guided = Guides {
        core: None,
        whole: Some(&whole),
    };
    for seed in 1..4 {
        let board = scramble_seeded(&goal, Scramble::Uniform, true, seed);
        let answer = check_guided(&board, &goal, guided, &capped);
        assert!(answer.lower_bound >= lower_bound(&board, &goal, None));
        assert!(answer.lower_bound >= whole.estimate(board.cells()));
    }
    let snail = Goal::Snail.board(goal.shape()).unwrap();
    let board = scramble_seeded(&snail, Scramble::Uniform, true, 1);
    let ignored = check_guided(&board, &snail, guided, &capped);
    let plain = check(&board, &snail, None, &capped);
    assert_eq!(ignored.solution.moves, plain.solution.moves);
}

/// A schedule with narrow whole-board beams (links capped so that the cap comes early) and
/// nothing after them but the shortest windows.
fn narrow_beams() -> Tuned {
    let mut run = short_windows();
    run.tuning.guided.windows.clear();
    run.tuning.beams.links = 100_000;
    run
}

/// Solves 6x5 boards of the standard and snail goals (the snail's blank is inside the board)
/// with whole-board tables under `with` and under `without`, seeds `1..seeds`; each answer
/// solves its board (`check_guided`), and with `each_no_longer` no answer under `with` is
/// longer than under `without`.
fn check_with_and_without(with: &Tuned, without: &Tuned, seeds: u64, each_no_longer: bool) {
    for goal in [Goal::Standard, Goal::Snail] {
        let goal = goal.board(Shape::new(6, 5).unwrap()).unwrap();
        let whole = WholeTables::build(&goal, &mut Limits::default()).unwrap();
        let guides = Guides {
            core: None,
            whole: Some(&whole),
        };
        for seed in 1..seeds {
            let board = scramble_seeded(&goal, Scramble::Uniform, true, seed);
            let a = check_guided(&board, &goal, guides, with)
                .solution
                .moves
                .len();
            let b = check_guided(&board, &goal, guides, without)
                .solution
                .moves
                .len();
            assert!(
                !each_no_longer || a <= b,
                "{goal} seed {seed}: {a} moves with, {b} without"
            );
        }
    }
}

/// Beam windows (stretches of the answer searched again by beams ranked by the whole-board
/// tables renamed toward the stretch's end) never lengthen an answer: a window only replaces a
/// stretch by a shorter one (no other rankings before them). How often they shorten one is
/// measured by the bench.
#[test]
fn beam_windows_never_lengthen_whole_beam_answers() {
    let config = |span| {
        let mut run = narrow_beams();
        run.tuning.beams.window_span = span;
        run.tuning.beams.blend = false;
        run
    };
    check_with_and_without(&config(40), &config(0), 3, true);
}

/// The board ranked by other blends of the whole-board tables and linear conflict, once the
/// growing beams stop short of the links' cap, gives legal answers (no other problem after
/// them, no beam windows). How much the blends shorten is measured by the bench.
#[test]
fn blend_beams_give_legal_answers() {
    let config = |blend| {
        let mut run = narrow_beams();
        run.tuning.beams.blend = blend;
        run.tuning.beams.problems = 1;
        run.tuning.beams.window_span = 0;
        run
    };
    check_with_and_without(&config(true), &config(false), 4, false);
}

/// With time counted in expansions (`work_clock`), a run repeats exactly and ends by itself
/// about when its expansions reach the time limit's worth: two runs give the same answer, and
/// a longer limit never a longer one (6x5 without tables: beams, windows; 5x6 snail).
#[test]
fn a_work_clock_run_repeats_exactly() {
    for (shape, goal, seed) in [
        (Shape::new(6, 5).unwrap(), Goal::Standard, 3),
        (Shape::new(5, 6).unwrap(), Goal::Snail, 4),
    ] {
        let goal = goal.board(shape).unwrap();
        let board = scramble_seeded(&goal, Scramble::Uniform, true, seed);
        let run = |time_limit_ms: f64| {
            let config = AnytimeConfig {
                time_limit_ms,
                work_clock: Some(100.0),
                ..AnytimeConfig::default()
            };
            let answer = check(&board, &goal, None, &config.into());
            (answer.solution.moves, answer.solution.stats.expanded)
        };
        let (first, expanded) = run(300.0);
        let (again, expanded_again) = run(300.0);
        assert_eq!(first, again, "{shape}: the same moves");
        assert_eq!(expanded, expanded_again, "{shape}: the same expansions");
        assert!(
            expanded <= 300 * 100 + 100_000,
            "{shape}: {expanded} expansions for 30000 of time"
        );
        let (longer, _) = run(3000.0);
        assert!(longer.len() <= first.len(), "{shape}");
    }
}

/// Solves on two threads and checks what [`check_guided`] checks: legal, improvements
/// strictly shorter and legal, the answer the last improvement, never below the lower bound;
/// and no thread failed.
fn check_two_threads(board: &Board, goal: &Board, guides: Guides, run: &Tuned) {
    let mut lengths = Vec::new();
    let mut record = |answer: &Approximate| {
        assert_eq!(board.after(&answer.solution.moves).unwrap(), *goal);
        lengths.push(answer.solution.moves.len());
    };
    let mut limits = Limits {
        threads: 2,
        ..Limits::default()
    };
    let answer = solve_anytime_tuned(
        board,
        goal,
        guides,
        &run.config,
        &run.tuning,
        &mut limits,
        &mut record,
    )
    .unwrap();
    assert_eq!(answer.solution.outcome, SolveOutcome::Solved, "{board}");
    assert_eq!(board.after(&answer.solution.moves).unwrap(), *goal);
    assert!(lengths.windows(2).all(|w| w[1] < w[0]), "{lengths:?}");
    assert_eq!(lengths.last(), Some(&answer.solution.moves.len()));
    assert!(answer.solution.moves.len() as u32 >= answer.lower_bound);
    assert!(answer.solution.stats.thread_failures.is_empty());
}

/// Two threads (issue 39): the lanes' shared answer keeps every invariant of one thread, on
/// 6x6, 7x7 and 7x5 without tables, and on 6x5 with whole-board tables and a width the links
/// cap early (so that the lanes share out the blends and views, and run beam windows).
#[test]
fn two_threads_keep_the_invariants() {
    for (w, h, seed) in [(6, 6, 1), (7, 7, 2), (7, 5, 3)] {
        let goal = Goal::Standard.board(Shape::new(w, h).unwrap()).unwrap();
        let board = scramble_seeded(&goal, Scramble::Uniform, true, seed);
        check_two_threads(&board, &goal, Guides::default(), &quick(300.0).into());
    }
    let goal = Goal::Standard.board(Shape::new(6, 5).unwrap()).unwrap();
    let whole = WholeTables::build(&goal, &mut Limits::default()).unwrap();
    let guides = Guides {
        core: None,
        whole: Some(&whole),
    };
    let mut capped = Tuned::from(quick(600.0));
    capped.tuning.beams.links = 300_000;
    capped.tuning.beams.problems = 4;
    for seed in 0..2 {
        let board = scramble_seeded(&goal, Scramble::Uniform, true, seed);
        check_two_threads(&board, &goal, guides, &capped);
    }
}

/// Two threads: the caller's cancellation stops both lanes promptly, with the best so far;
/// the node budget (shared between them) stops them under a clock that never moves.
#[test]
fn two_threads_stop_on_cancel_and_on_the_node_budget() {
    let goal = Goal::Standard.board(Shape::square(6).unwrap()).unwrap();
    let board = scramble_seeded(&goal, Scramble::Uniform, true, 5);
    let improved = std::cell::Cell::new(false);
    let mut on_improve = |_: &Approximate| improved.set(true);
    let mut cancel = |_: &Progress| match improved.get() {
        true => ControlFlow::Break(()),
        false => ControlFlow::Continue(()),
    };
    let mut limits = Limits {
        on_progress: Some(&mut cancel),
        threads: 2,
        ..Limits::default()
    };
    let started = std::time::Instant::now();
    let answer = solve_anytime(
        &board,
        &goal,
        None,
        &quick(60_000.0),
        &mut limits,
        &mut on_improve,
    )
    .unwrap();
    assert!(started.elapsed().as_secs_f64() < 5.0);
    assert_eq!(answer.solution.outcome, SolveOutcome::Solved);
    assert_eq!(board.after(&answer.solution.moves).unwrap(), goal);
    fn frozen() -> f64 {
        0.0
    }
    let mut limits = Limits {
        clock: frozen,
        max_expanded: Some(400_000),
        threads: 2,
        ..Limits::default()
    };
    let answer = solve_anytime(&board, &goal, None, &quick(1.0), &mut limits, &mut |_| {}).unwrap();
    assert_eq!(answer.solution.outcome, SolveOutcome::Solved);
    assert_eq!(board.after(&answer.solution.moves).unwrap(), goal);
}
