//! Optimality against an exact oracle: BFS from the goal over all 181,440 reachable 3x3 boards.

mod common;

use common::{assert_reaches, board, goal3, oracle};
use puzzle_core::generate::{scramble_seeded, Scramble};
use puzzle_core::{
    solve, Algorithm, Board, Goal, Heuristic, HeuristicKind, Limits, SolveOutcome, SolverConfig,
};

const GOALS: [Goal; 3] = [Goal::Standard, Goal::BlankFirst, Goal::Snail];

fn config(algorithm: Algorithm, heuristic: HeuristicKind) -> SolverConfig {
    SolverConfig {
        algorithm,
        heuristic,
        depth_limit: 31,
    }
}

fn run(start: &Board, goal: &Board, config: SolverConfig) -> puzzle_core::Solution {
    solve(start, goal, &config, &mut Limits::default()).unwrap()
}

#[test]
fn oracle_covers_half_of_all_permutations_and_its_histogram_is_exact() {
    let distances = oracle(&goal3(Goal::Standard));
    let mut histogram = vec![0usize; 32];
    for &d in distances.values() {
        histogram[d as usize] += 1;
    }
    println!("3x3 distances to the standard goal (distance: boards):");
    for (d, count) in histogram.iter().enumerate() {
        println!("{d:>2}: {count}");
    }
    assert_eq!(distances.len(), 181_440);
    assert_eq!(histogram.iter().sum::<usize>(), 181_440);
    let farthest: Vec<Board> = distances
        .iter()
        .filter(|(_, &d)| d == 31)
        .map(|(&w, _)| Board::unpack(goal3(Goal::Standard).shape(), w).unwrap())
        .collect();
    assert_eq!(*distances.values().max().unwrap(), 31);
    assert_eq!(farthest.len(), 2);
    assert!(farthest.contains(&board("8 6 7 2 5 4 3 0 1")));
    assert!(farthest.contains(&board("6 4 7 8 5 0 3 2 1")));
}

#[test]
fn optimal_methods_match_the_oracle_on_random_boards_for_every_goal() {
    for goal_kind in GOALS {
        let goal = goal3(goal_kind.clone());
        let distances = oracle(&goal);
        for seed in 0..120u64 {
            let start = scramble_seeded(&goal, Scramble::Uniform, true, seed);
            let exact = distances[&start.pack().unwrap()] as usize;
            let mut methods = vec![config(Algorithm::Bfs, HeuristicKind::Manhattan)];
            for heuristic in HeuristicKind::ALL {
                methods.push(config(Algorithm::AStar, heuristic));
                methods.push(config(Algorithm::IdaStar, heuristic));
            }
            // Blind IDDFS grows as 1.7^depth: keep it to the boards it finishes quickly.
            if exact <= 20 {
                methods.push(config(Algorithm::Iddfs, HeuristicKind::Manhattan));
            }
            for method in methods {
                let solution = run(&start, &goal, method);
                assert_eq!(
                    solution.length(),
                    Some(exact),
                    "{:?}+{:?} on {start} to {goal_kind}",
                    method.algorithm,
                    method.heuristic
                );
                assert!(solution.is_optimal());
                assert_reaches(&start, &solution.moves, &goal);
            }
        }
    }
}

#[test]
fn greedy_and_depth_limited_dfs_return_legal_paths() {
    let goal = goal3(Goal::Standard);
    let distances = oracle(&goal);
    for seed in 0..100u64 {
        let start = scramble_seeded(&goal, Scramble::Uniform, true, seed);
        let exact = distances[&start.pack().unwrap()] as usize;
        let greedy = run(
            &start,
            &goal,
            config(Algorithm::Greedy, HeuristicKind::Manhattan),
        );
        assert_eq!(greedy.outcome, SolveOutcome::Solved);
        assert!(greedy.moves.len() >= exact);
        assert!(!greedy.is_optimal());
        assert_reaches(&start, &greedy.moves, &goal);
    }
    // DFS with a tight limit on short walks: finds a path within the limit, or none.
    for seed in 0..40u64 {
        let start = scramble_seeded(&goal, Scramble::Walk(10), true, seed);
        let exact = distances[&start.pack().unwrap()] as usize;
        let mut dfs = config(Algorithm::Dfs, HeuristicKind::Manhattan);
        dfs.depth_limit = 14;
        let solution = run(&start, &goal, dfs);
        assert_eq!(solution.outcome, SolveOutcome::Solved, "{start}");
        assert!(solution.moves.len() <= 14 && solution.moves.len() >= exact);
        assert_reaches(&start, &solution.moves, &goal);
        dfs.depth_limit = exact - 1;
        assert_eq!(run(&start, &goal, dfs).outcome, SolveOutcome::NotFound);
    }
}

#[test]
fn heuristics_are_admissible_and_consistent_on_every_3x3_board() {
    for goal_kind in GOALS {
        let goal = goal3(goal_kind.clone());
        let distances = oracle(&goal);
        let shape = goal.shape();
        for kind in HeuristicKind::ALL {
            let heuristic = Heuristic::new(kind, &goal);
            for (&word, &exact) in &distances {
                let b = Board::unpack(shape, word).unwrap();
                let h = heuristic.estimate(&b);
                assert!(h <= exact, "{kind} overestimates {b}: {h} > {exact}");
                for child in b.legal_moves().map(|d| b.after(&[d]).unwrap()) {
                    let hc = heuristic.estimate(&child);
                    assert!(h <= hc + 1, "{kind} inconsistent on {b} -> {child}");
                }
            }
        }
    }
}

#[test]
fn incremental_heuristic_equals_full_evaluation_along_random_walks() {
    // The solver updates h per move; re-evaluating the boards on the path must give the same f.
    for goal_kind in GOALS {
        let goal = goal3(goal_kind);
        for kind in HeuristicKind::ALL {
            let heuristic = Heuristic::new(kind, &goal);
            for seed in 0..50usize {
                let mut b = scramble_seeded(&goal, Scramble::Walk(40), true, seed as u64);
                let mut h = heuristic.estimate(&b);
                for step in 0..60usize {
                    let legal: Vec<_> = b.legal_moves().collect();
                    let d = legal[(seed * 31 + step * 7) % legal.len()];
                    let child = b.after(&[d]).unwrap();
                    let (from, to) = (child.blank(), b.blank());
                    h = heuristic.after_move(h, &b, &child, b.tile(from), from, to);
                    assert_eq!(h, heuristic.estimate(&child), "{kind} after {d} from {b}");
                    b = child;
                }
            }
        }
    }
}

#[test]
fn distance_table_matches_the_oracle_and_its_hints_follow_optimal_paths() {
    use puzzle_core::analysis::DistanceTable;
    for goal_kind in GOALS {
        let goal = goal3(goal_kind);
        let distances = oracle(&goal);
        let table = DistanceTable::build(&goal).unwrap();
        assert_eq!(table.len(), distances.len());
        assert_eq!(table.histogram().iter().sum::<usize>(), 181_440);
        for seed in 0..50 {
            // Following any hinted move from a random board reaches the goal in exactly the
            // oracle's number of moves.
            let mut b = scramble_seeded(&goal, Scramble::Uniform, true, seed);
            let exact = distances[&b.pack().unwrap()];
            assert_eq!(table.distance(&b), Some(exact));
            for _ in 0..exact {
                let hints = table.optimal_moves(&b);
                assert!(!hints.is_empty(), "no hint from {b}");
                b = b.after(&hints[seed as usize % hints.len()..][..1]).unwrap();
            }
            assert_eq!(b, goal);
            assert!(table.optimal_moves(&b).is_empty());
        }
        let unsolvable = scramble_seeded(&goal, Scramble::Uniform, false, 1);
        assert_eq!(table.distance(&unsolvable), None);
    }
    let big = Goal::Standard.board("4".parse().unwrap()).unwrap();
    assert_eq!(
        DistanceTable::build(&big).unwrap_err().to_string(),
        "an exact distance table covers boards of at most 10 cells; this one has 16"
    );
}

#[test]
fn conflict_pairs_account_for_the_linear_conflict_bonus() {
    // Every board whose linear-conflict bonus is positive shows at least one pair, and a board
    // with no pair gets no bonus.
    let goal = goal3(Goal::Standard);
    let lc = Heuristic::new(HeuristicKind::LinearConflict, &goal);
    let md = Heuristic::new(HeuristicKind::Manhattan, &goal);
    for seed in 0..300 {
        let b = scramble_seeded(&goal, Scramble::Uniform, true, seed);
        let bonus = lc.estimate(&b) - md.estimate(&b);
        let pairs = lc.conflict_pairs(&b);
        assert_eq!(bonus == 0, pairs.is_empty(), "{b}");
        assert!(bonus as usize <= 2 * pairs.len(), "{b}");
    }
    let reversed = board("3 2 1 4 5 6 7 8 0");
    assert_eq!(lc.conflict_pairs(&reversed), vec![(0, 1), (0, 2), (1, 2)]);
    // Three reversed tiles: two must step aside, so +4, not +6.
    assert_eq!(lc.estimate(&reversed) - md.estimate(&reversed), 4);
}
