//! Redundant-move pruning: exact over whole small spaces, on the 31-move 3x3 boards, on
//! rectangles and other goals; fewer nodes than without it; the automaton itself.

mod common;

use puzzle_core::generate::{random_walk, scramble_seeded, Scramble};
use puzzle_core::pdb::{AdditivePdb, Partition};
use puzzle_core::pruning::MovePruning;
use puzzle_core::tuned::{solve_pdb, TunedOptions};
use puzzle_core::{Board, Goal, Limits, Shape, SolveOutcome};
use rand::rngs::StdRng;
use rand::SeedableRng;

fn build(goal: &Board, sizes: &[usize]) -> AdditivePdb {
    let partition = Partition::by_reading_order(goal, sizes).unwrap();
    AdditivePdb::build(goal, &partition, &mut Limits::default()).unwrap()
}

/// Solves with pruning (`prune`), and child ordering too when `order`.
fn solve_with(board: &Board, pdb: &AdditivePdb, prune: bool, order: bool) -> (usize, u64) {
    let options = TunedOptions {
        reflection: true,
        prune_redundant: prune,
        order_children: order,
    };
    let solution = solve_pdb(board, pdb, &options, &mut Limits::default()).unwrap();
    assert_eq!(solution.outcome, SolveOutcome::Solved);
    assert_eq!(board.after(&solution.moves).unwrap(), *pdb.goal());
    (solution.length().unwrap(), solution.stats.generated)
}

/// Solves with pruning and ordering (`prune`) or neither.
fn solve(board: &Board, pdb: &AdditivePdb, prune: bool) -> (usize, u64) {
    solve_with(board, pdb, prune, prune)
}

/// Lines of a fixture: (board, listed optimum); `#` lines are comments.
fn fixture(name: &str, shape: Shape) -> Vec<(Board, usize)> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures")
        .join(name);
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let numbers: Vec<usize> = line
                .split_whitespace()
                .map(|t| t.parse().unwrap())
                .collect();
            let n = shape.cells();
            (
                Board::new(shape, numbers[..n].to_vec()).unwrap(),
                numbers[n],
            )
        })
        .collect()
}

#[test]
fn exact_on_every_sampled_3x3_board_and_the_two_hardest() {
    let shape = Shape::square(3).unwrap();
    for goal in [Goal::Standard, Goal::BlankFirst, Goal::Snail] {
        let goal = goal.board(shape).unwrap();
        let exact = common::oracle(&goal);
        let pdb = build(&goal, &[4, 4]);
        for seed in 0..150 {
            let board = scramble_seeded(&goal, Scramble::Uniform, true, seed);
            let distance = exact[&board.pack().unwrap()] as usize;
            let (pruned, _) = solve(&board, &pdb, true);
            let (plain, plain_nodes) = solve(&board, &pdb, false);
            let (unordered, unordered_nodes) = solve_with(&board, &pdb, true, false);
            assert_eq!(pruned, distance, "{board}");
            assert_eq!(plain, distance, "{board}");
            assert_eq!(unordered, distance, "{board}");
            // Pruning alone never generates more (ordering may, in the last iteration).
            assert!(unordered_nodes <= plain_nodes);
        }
    }
    let goal = Goal::Standard.board(shape).unwrap();
    let pdb = build(&goal, &[2, 3, 3]);
    let hardest = fixture("hardest3x3.txt", shape);
    assert_eq!(hardest.len(), 2);
    for (board, optimum) in hardest {
        assert_eq!(optimum, 31);
        assert_eq!(solve(&board, &pdb, true).0, 31);
    }
}

#[test]
fn exact_on_whole_rectangle_spaces() {
    for shape in [Shape::new(4, 2).unwrap(), Shape::new(2, 4).unwrap()] {
        for goal in [Goal::Standard, Goal::BlankFirst] {
            let goal = goal.board(shape).unwrap();
            let pdb = build(&goal, &[3, 4]);
            for (&packed, &distance) in common::oracle(&goal).iter().step_by(37) {
                let board = Board::unpack(shape, packed).unwrap();
                assert_eq!(solve(&board, &pdb, true).0, distance as usize, "{board}");
            }
        }
    }
}

#[test]
fn fewer_nodes_same_lengths_on_4x4_and_3x4() {
    let mut rng = StdRng::seed_from_u64(10);
    for shape in [Shape::square(4).unwrap(), Shape::new(3, 4).unwrap()] {
        let goal = Goal::Standard.board(shape).unwrap();
        let tiles = shape.cells() - 1;
        let pdb = build(&goal, &[tiles / 3, tiles / 3, tiles - 2 * (tiles / 3)]);
        let (mut pruned_total, mut plain_total) = (0, 0);
        for steps in [30, 36, 40, 44, 48] {
            let board = random_walk(&goal, steps, &mut rng);
            let (pruned, pruned_nodes) = solve(&board, &pdb, true);
            let (plain, plain_nodes) = solve(&board, &pdb, false);
            assert_eq!(pruned, plain, "{board}");
            pruned_total += pruned_nodes;
            plain_total += plain_nodes;
        }
        assert!(
            pruned_total < plain_total,
            "{pruned_total} vs {plain_total}"
        );
    }
}

#[test]
fn the_automaton_refuses_known_redundant_sequences_only() {
    use puzzle_core::Direction::{self, Down, Left, Right, Up};
    let shape = Shape::square(4).unwrap();
    let automaton = MovePruning::new(shape, 12);
    assert!(automaton.redundant() > 0 && automaton.states() > 16);
    let index = |d: Direction| Direction::ALL.iter().position(|&x| x == d).unwrap() as u8;
    let accepts = |start: usize, moves: &[Direction]| {
        let mut state = automaton.root(start);
        moves.iter().all(|&d| {
            state = automaton.step(state, index(d));
            state != MovePruning::PRUNED
        })
    };
    // Twelve moves around a 2x2 square give the start back: always redundant.
    let around = [Right, Down, Left, Up].repeat(3);
    assert!(!accepts(0, &around));
    // Eight moves one way around a 2x2 square equal four the other way.
    assert!(!accepts(0, &[Right, Down, Left, Up].repeat(2)));
    assert!(accepts(0, &[Right, Down, Left, Up]));
    // A straight line and short walks are never redundant.
    assert!(accepts(0, &[Right, Right, Right, Down, Down, Down]));
    assert!(accepts(5, &[Up, Left]));
    // The automaton that prunes nothing accepts everything legal.
    let none = MovePruning::none(shape);
    let mut state = none.root(0);
    for d in around {
        state = none.step(state, index(d));
        assert_ne!(state, MovePruning::PRUNED);
    }
}

/// The 80-move fixture: 17 distinct solvable boards for the blank-first goal, closed under
/// the goal's diagonal reflection, whose admissible 5-5-5 estimate stays within 80 with the
/// parity of 80 (the benchmark `--hardest` solves each to exactly 80).
#[test]
fn the_80_move_fixture_is_consistent() {
    use puzzle_core::pdb::Reflection;
    let shape = Shape::square(4).unwrap();
    let goal = Goal::BlankFirst.board(shape).unwrap();
    let boards = fixture("hardest4x4.txt", shape);
    assert_eq!(boards.len(), 17);
    let reflection = Reflection::for_goal(&goal).unwrap();
    let set: std::collections::HashSet<Board> = boards.iter().map(|(b, _)| b.clone()).collect();
    assert_eq!(set.len(), 17);
    let pdb = build(&goal, &[5, 5, 5]);
    for (board, optimum) in &boards {
        assert_eq!(*optimum, 80);
        assert!(puzzle_core::solvability(board, &goal).unwrap().solvable);
        assert!(set.contains(&reflection.apply(board)), "{board}");
        let estimate = pdb.estimate(board.cells());
        assert!(
            estimate <= 80 && estimate.is_multiple_of(2),
            "{board}: {estimate}"
        );
    }
    // Gasser's position (1995), quoted for this goal.
    let gasser: Board = "15 14 8 12 10 11 9 13 2 6 5 1 3 7 4 0".parse().unwrap();
    assert!(set.contains(&gasser));
}
