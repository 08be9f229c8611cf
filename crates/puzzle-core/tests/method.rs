//! The one vocabulary of methods: names, defaults by size, fit, and `solve_with`'s errors.

use puzzle_core::pdb::{AdditivePdb, Partition};
use puzzle_core::search::Limits;
use puzzle_core::solver::Algorithm;
use puzzle_core::{
    solve_with, Board, Goal, HeuristicKind, Method, Shape, SolveError, SolveOptions, SolveOutcome,
    Tables,
};

fn shape(width: usize, height: usize) -> Shape {
    Shape::new(width, height).unwrap()
}

#[test]
fn every_name_reads_back_as_its_method() {
    for name in puzzle_core::method::METHOD_NAMES {
        let method: Method = name.parse().unwrap();
        assert_eq!(method.name(), name);
    }
    assert_eq!("A*".parse::<Method>(), Ok(Method::search(Algorithm::AStar)));
    assert_eq!("pattern-database".parse(), Ok(Method::PatternDatabase));
    let error = "dijkstra".parse::<Method>().unwrap_err().to_string();
    assert!(error.starts_with("unknown method `dijkstra`"), "{error}");
    // A huge name is quoted short.
    let error = "x"
        .repeat(100_000)
        .parse::<Method>()
        .unwrap_err()
        .to_string();
    assert!(error.len() < 200, "{}", error.len());
}

#[test]
fn defaults_follow_the_number_of_cells() {
    let check = |w, h, name: &str| assert_eq!(Method::default_for(shape(w, h)).name(), name);
    check(3, 3, "astar");
    check(3, 4, "astar");
    check(4, 4, "pdb");
    check(3, 5, "pdb");
    check(2, 8, "pdb");
    check(4, 5, "anytime");
    check(5, 5, "anytime");
    check(8, 8, "anytime");
    assert!(Method::default_for(shape(3, 3)).is_optimal());
    assert!(Method::default_for(shape(4, 4)).is_optimal());
    assert!(!Method::default_for(shape(6, 6)).is_optimal());
}

#[test]
fn a_method_that_does_not_fit_says_why() {
    let error = Method::PatternDatabase.fits(shape(5, 5)).unwrap_err();
    assert_eq!(
        error.to_string(),
        "the pdb method cannot solve a 5x5 board: it takes boards of up to 16 cells (4x4, 3x5, 2x8, ...)"
    );
    let menu = Method::all_for(shape(5, 5), HeuristicKind::Manhattan);
    assert!(!menu.contains(&Method::PatternDatabase));
    assert!(menu.contains(&Method::Staged));
    assert_eq!(
        Method::all_for(shape(4, 4), HeuristicKind::Manhattan).len(),
        9
    );
    assert!(!Method::all_for(shape(3, 3), HeuristicKind::Manhattan).contains(&Method::anytime()));
}

#[test]
fn solve_with_names_the_method_and_needs_tables_for_the_goal() {
    let board: Board = "8 6 7 2 5 4 3 0 1".parse().unwrap();
    let goal = Goal::Standard.board(board.shape()).unwrap();
    let mut limits = Limits::default();
    let missing = solve_with(
        &board,
        &goal,
        &SolveOptions::new(&Method::PatternDatabase),
        &mut limits,
        &mut |_| {},
    );
    assert!(matches!(missing, Err(SolveError::MissingTables { .. })));
    let partition = Partition::default_for(&goal).unwrap();
    let pdb = AdditivePdb::build(&goal, &partition, &mut Limits::default()).unwrap();
    let tables = Tables {
        pattern_db: Some(&pdb),
        big_board: None,
        whole_board: None,
    };
    let solution = solve_with(
        &board,
        &goal,
        &SolveOptions::new(&Method::PatternDatabase).with_tables(tables),
        &mut limits,
        &mut |_| {},
    )
    .unwrap();
    assert_eq!(solution.length(), Some(31));
    assert_eq!(solution.method, Method::PatternDatabase);
    assert!(solution.is_optimal());
    assert_eq!(solution.lower_bound, None);
    // Tables built for another goal are not used for this one.
    let snail = Goal::Snail.board(board.shape()).unwrap();
    let other = solve_with(
        &board,
        &snail,
        &SolveOptions::new(&Method::PatternDatabase).with_tables(tables),
        &mut limits,
        &mut |_| {},
    );
    assert!(matches!(other, Err(SolveError::MissingTables { .. })));
}

#[test]
fn near_optimal_answers_carry_a_lower_bound() {
    let goal = Goal::Standard.board(shape(5, 5)).unwrap();
    let board = puzzle_core::generate::scramble_seeded(
        &goal,
        puzzle_core::generate::Scramble::Uniform,
        true,
        7,
    );
    let solution = solve_with(
        &board,
        &goal,
        &SolveOptions::new(&Method::Staged),
        &mut Limits::default(),
        &mut |_| {},
    )
    .unwrap();
    assert_eq!(solution.outcome, SolveOutcome::Solved);
    assert_eq!(solution.method, Method::Staged);
    let bound = solution.lower_bound.expect("a bound");
    assert!(solution.moves.len() as u32 >= bound);
    let ratio = solution.bound_ratio().unwrap();
    assert!((ratio - solution.moves.len() as f64 / f64::from(bound)).abs() < 1e-9);
}

#[test]
fn shape_mismatch_is_an_error() {
    let board: Board = "1 2 3 0".parse().unwrap();
    let goal = Goal::Standard.board(shape(3, 3)).unwrap();
    let result = solve_with(
        &board,
        &goal,
        &SolveOptions::new(&Method::default_for(board.shape())),
        &mut Limits::default(),
        &mut |_| {},
    );
    assert!(matches!(result, Err(SolveError::Board(_))));
}

#[test]
fn every_method_on_the_menu_solves_small_boards_of_every_shape() {
    for (w, h) in [(2, 2), (2, 3), (3, 2), (2, 5), (3, 3), (4, 3), (2, 6)] {
        let goal = Goal::Standard.board(shape(w, h)).unwrap();
        let board = puzzle_core::generate::scramble_seeded(
            &goal,
            puzzle_core::generate::Scramble::Walk(12),
            true,
            3,
        );
        let partition = Partition::default_for(&goal).unwrap();
        let pdb = AdditivePdb::build(&goal, &partition, &mut Limits::default()).unwrap();
        for method in Method::all_for(goal.shape(), HeuristicKind::Manhattan) {
            // The walk is 12 moves: a depth limit of 12 keeps DFS within its budget.
            let method = method.with_depth_limit(12).with_time_limit(50);
            let tables = Tables {
                pattern_db: Some(&pdb),
                big_board: None,
                whole_board: None,
            };
            let solution = solve_with(
                &board,
                &goal,
                &SolveOptions::new(&method).with_tables(tables),
                &mut Limits::with_budget(200_000),
                &mut |_| {},
            )
            .unwrap();
            assert_eq!(solution.outcome, SolveOutcome::Solved, "{method} {w}x{h}");
            assert_eq!(
                board.after(&solution.moves).unwrap(),
                goal,
                "{method} {w}x{h}"
            );
            assert_eq!(solution.method, method);
        }
    }
}

#[test]
fn the_catalog_of_hardest_positions_is_solvable_and_the_3x3_ones_need_31() {
    use puzzle_core::analysis::DistanceTable;
    let hardest = puzzle_core::catalog::hardest();
    assert_eq!(hardest.len(), 19);
    for famous in &hardest {
        let goal = famous.goal.board(famous.board.shape()).unwrap();
        assert!(
            puzzle_core::solvability(&famous.board, &goal)
                .unwrap()
                .solvable,
            "{}",
            famous.name
        );
        // Manhattan + linear conflict never exceeds the optimum it claims.
        let estimate = puzzle_core::Heuristic::new(HeuristicKind::LinearConflict, &goal)
            .estimate(&famous.board);
        assert!(estimate <= famous.optimal, "{}", famous.name);
    }
    let goal = Goal::Standard.board(shape(3, 3)).unwrap();
    let table = DistanceTable::build(&goal).unwrap();
    for famous in hardest.iter().filter(|f| f.board.shape() == shape(3, 3)) {
        assert_eq!(table.distance(&famous.board), Some(31), "{}", famous.name);
    }
    // The 4x4 ones are distinct, and closed under the diagonal reflection of their goal.
    let fours: Vec<&Board> = hardest
        .iter()
        .filter(|f| f.optimal == 80)
        .map(|f| &f.board)
        .collect();
    let goal4 = Goal::BlankFirst.board(shape(4, 4)).unwrap();
    let reflection = puzzle_core::pdb::Reflection::for_goal(&goal4).unwrap();
    for board in &fours {
        assert!(fours.contains(&&reflection.apply(board)));
        assert_eq!(fours.iter().filter(|b| b == &board).count(), 1);
    }
}

/// The standard goal's databases solve toward any goal with the blank in a corner (through a
/// symmetry and a renaming of the tiles), and the answers are optimal: on 3x3, every length
/// equals the exact distance of a breadth-first table over the whole state space of that goal,
/// the moves reach that goal, and the parity verdict is the board's own.
#[test]
fn standard_databases_solve_toward_goals_with_the_blank_in_a_corner() {
    use puzzle_core::analysis::DistanceTable;
    use puzzle_core::generate::{scramble_seeded, Scramble};
    use puzzle_core::solvability;
    let standard = Goal::Standard.board(shape(3, 3)).unwrap();
    let partition = Partition::default_for(&standard).unwrap();
    let pdb = AdditivePdb::build(&standard, &partition, &mut Limits::default()).unwrap();
    let tables = Tables {
        pattern_db: Some(&pdb),
        big_board: None,
        whole_board: None,
    };
    let goals = [
        Goal::BlankFirst.board(shape(3, 3)).unwrap(),
        "2 1 0 3 4 5 6 7 8".parse().unwrap(),
        "4 1 2 3 8 5 6 7 0".parse().unwrap(),
        "3 1 2 4 5 6 0 7 8".parse().unwrap(),
    ];
    for goal in goals {
        let oracle = DistanceTable::build(&goal).unwrap();
        for seed in 0..8 {
            let board = scramble_seeded(&goal, Scramble::Uniform, seed % 4 != 3, seed);
            let solution = solve_with(
                &board,
                &goal,
                &SolveOptions::new(&Method::PatternDatabase).with_tables(tables),
                &mut Limits::default(),
                &mut |_| {},
            )
            .unwrap();
            assert_eq!(solution.solvability, solvability(&board, &goal).unwrap());
            match oracle.distance(&board) {
                Some(distance) => {
                    assert_eq!(
                        solution.length(),
                        Some(distance as usize),
                        "{board} -> {goal}"
                    );
                    assert!(solution.is_optimal());
                    assert_eq!(board.after(&solution.moves).unwrap(), goal);
                }
                None => assert_eq!(solution.outcome, SolveOutcome::Unsolvable),
            }
        }
    }
}

/// Every method has its own menu entry, which says first what it guarantees, and a plain
/// explanation; the short labels are the race table's.
#[test]
fn every_method_is_described_in_words_of_its_own() {
    use puzzle_core::{HeuristicKind, Method, Shape};
    let shape = Shape::square(4).unwrap();
    let mut seen = std::collections::HashSet::new();
    for heuristic in HeuristicKind::ALL {
        for method in Method::all_for(shape, heuristic) {
            let entry = method.description();
            let opening = if method.is_optimal() { "Shortest" } else { "" };
            assert!(entry.starts_with(opening), "{entry}");
            if let Some(h) = method.heuristic() {
                assert!(
                    entry.ends_with(puzzle_core::method::heuristic_label(h)),
                    "{entry}"
                );
            }
            seen.insert(entry);
            assert!(method.explanation().len() > 80, "{}", method.name());
        }
    }
    // 3 blind searches, 3 informed ones with 3 heuristics each, pattern databases, staged,
    // anytime: 15 different entries.
    assert_eq!(seen.len(), 15);
    assert_eq!(
        Method::search(puzzle_core::Algorithm::AStar)
            .with_heuristic(HeuristicKind::Manhattan)
            .short_label(),
        "A* · Manhattan"
    );
    assert_eq!(Method::PatternDatabase.short_label(), "IDA* · pattern DB");
}

/// Issue 56: a search guided by a formula solves through `solve_with` like any method, against
/// the exact distances of every board: an admissible formula under A* finds the shortest
/// answer, one that overestimates finds a real answer that may be longer; neither is claimed
/// shortest, and the solution names its formula.
#[test]
fn a_formula_guides_any_informed_search_and_is_never_claimed_shortest() {
    use puzzle_core::analysis::DistanceTable;
    use puzzle_core::generate::{scramble_seeded, Scramble};
    use puzzle_core::Guidance;
    let goal = Goal::Snail.board(shape(3, 3)).unwrap();
    let oracle = DistanceTable::build(&goal).unwrap();
    let guided = |algorithm: &str, formula: &str| {
        let guidance: Guidance = formula.parse().unwrap();
        algorithm.parse::<Method>().unwrap().guided_by(guidance)
    };
    let admissible = guided("astar", "max(manhattan, misplaced) + 0 * corner");
    let heavy = guided("astar", "3 * manhattan");
    let (mut longer, mut boards) = (0, 0);
    for seed in 0..12 {
        let board = scramble_seeded(&goal, Scramble::Uniform, seed % 5 != 4, seed);
        for method in [
            &admissible,
            &heavy,
            &guided("idastar", "manhattan + conflicts"),
        ] {
            let solution = solve_with(
                &board,
                &goal,
                &SolveOptions::new(method),
                &mut Limits::default(),
                &mut |_| {},
            )
            .unwrap();
            assert_eq!(&solution.method, method);
            assert!(!solution.is_optimal(), "{}", method.label());
            let Some(distance) = oracle.distance(&board) else {
                assert_eq!(solution.outcome, SolveOutcome::Unsolvable);
                continue;
            };
            assert_eq!(board.after(&solution.moves).unwrap(), goal);
            let length = solution.length().unwrap();
            if method == &heavy {
                assert!(length >= distance as usize);
                longer += usize::from(length > distance as usize);
                boards += 1;
            } else {
                assert_eq!(length, distance as usize, "{} on {board}", method.label());
            }
        }
    }
    assert!(
        longer > 0,
        "3 x Manhattan was shortest on all {boards} boards"
    );
    // A built-in name stays the built-in; a blind search ignores the guidance, as it ignores a
    // heuristic; a formula naming a tile the board lacks does not fit it.
    let named = guided("greedy", "manhattan");
    assert_eq!(named.heuristic(), Some(HeuristicKind::Manhattan));
    assert_eq!(
        guided("bfs", "2 * manhattan"),
        Method::search(Algorithm::Bfs)
    );
    let error = guided("astar", "dist(9)").fits(shape(3, 3)).unwrap_err();
    assert!(error.to_string().contains("tile"), "{error}");
    assert!(guided("astar", "dist(9)").fits(shape(4, 4)).is_ok());
    let wrong = "manhattan +* 2".parse::<Guidance>().unwrap_err();
    assert!(wrong.contains("column 12"), "{wrong}");
    assert_eq!(heavy.short_label(), "A* · 3 * manhattan");
}

/// The method people are taught is never shorter than the shortest (every 61st board of 3x3
/// against the exact table), and as a method of the dispatcher its answer is the same, never
/// claimed shortest unless it is.
#[test]
fn the_method_is_never_shorter_than_the_shortest() {
    use puzzle_core::analysis::DistanceTable;
    use puzzle_core::taught::solve_taught;
    use puzzle_core::{solve_with, Board, Goal, Limits, Method, Shape, SolveOptions};
    let goal = Goal::Standard.board(Shape::square(3).unwrap()).unwrap();
    let table = DistanceTable::build(&goal).unwrap();
    let options = SolveOptions::new(&Method::Taught);
    for (word, distance) in table.packed().step_by(61) {
        let board = Board::unpack(goal.shape(), word).unwrap();
        let taught = solve_taught(&board, &goal, &mut Limits::default()).unwrap();
        assert!(taught.moves().len() as u32 >= distance, "{board}");
        let solution =
            solve_with(&board, &goal, &options, &mut Limits::default(), &mut |_| {}).unwrap();
        assert_eq!(solution.moves, taught.moves());
        assert!(!solution.is_optimal() || taught.moves().len() as u32 == distance);
    }
}
