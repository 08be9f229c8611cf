//! The search one iteration at a time (`tuned::stepped`), its items searched in any order as
//! a second worker would: the BFS oracle's lengths on 3x3 for every goal (tables of another
//! goal through a relabel), the serial search's on 4x4, unsolvable boards and the node budget.

mod common;

use common::{assert_reaches, goal3, oracle};
use puzzle_core::generate::{random_walk, scramble_seeded, Scramble};
use puzzle_core::pdb::{AdditivePdb, Partition};
use puzzle_core::tuned::parallel::{search_item, ParallelConfig};
use puzzle_core::tuned::stepped::{Iterations, Next};
use puzzle_core::tuned::{solve_pdb, TunedOptions};
use puzzle_core::{Board, Goal, Limits, Shape, Solution, SolveOutcome};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

fn build(goal: &Board, sizes: &[usize]) -> AdditivePdb {
    let partition = Partition::by_reading_order(goal, sizes).unwrap();
    AdditivePdb::build(goal, &partition, &mut Limits::default()).unwrap()
}

/// Shares out every iteration that follows one of at least `from` nodes, in `items` pieces.
fn sharing(from: u64) -> ParallelConfig {
    ParallelConfig {
        threads: 2,
        parallel_from: from,
        items_per_thread: 4,
    }
}

/// Drives the search to its end, searching each iteration's items in a shuffled order (as two
/// workers would finish them); also returns how many iterations were shared out.
fn drive(
    board: &Board,
    goal: &Board,
    pdb: &AdditivePdb,
    parallel: ParallelConfig,
    limits: &mut Limits,
    rng: &mut StdRng,
) -> (Solution, usize) {
    let options = TunedOptions::default();
    let mut search = Iterations::new(board, goal, pdb, options, parallel).unwrap();
    let mut shared = 0;
    loop {
        match search.next(limits) {
            Next::Done(solution) => return (*solution, shared),
            Next::Items(mut items) => {
                shared += 1;
                items.shuffle(rng);
                for item in &items {
                    let mut part = search.part_limits(limits);
                    let result = search_item(item, pdb, &options, None, &mut part).unwrap();
                    if search.record(result) {
                        break;
                    }
                }
            }
        }
    }
}

#[test]
fn lengths_are_the_oracle_on_every_3x3_goal_through_the_standard_tables() {
    let standard = goal3(Goal::Standard);
    let pdb = build(&standard, &[4, 4]);
    let mut rng = StdRng::seed_from_u64(3);
    let mut shared = 0;
    for goal in [Goal::Standard, Goal::BlankFirst] {
        let goal = goal3(goal);
        let distances = oracle(&goal);
        for seed in 0..40u64 {
            let board = scramble_seeded(&goal, Scramble::Uniform, true, seed);
            let exact = distances[&board.pack().unwrap()] as usize;
            for from in [0, 50, u64::MAX] {
                let mut limits = Limits::default();
                let (solution, n) =
                    drive(&board, &goal, &pdb, sharing(from), &mut limits, &mut rng);
                shared += n;
                assert_eq!(solution.outcome, SolveOutcome::Solved, "{board}");
                assert_eq!(solution.length(), Some(exact), "{board} toward {goal}");
                assert!(solution.is_optimal());
                assert_reaches(&board, &solution.moves, &goal);
            }
        }
    }
    assert!(shared > 40, "iterations were shared out: {shared}");
}

#[test]
fn lengths_and_complete_counts_are_the_serial_search_on_4x4() {
    let goal = Goal::Standard.board(Shape::square(4).unwrap()).unwrap();
    let pdb = build(&goal, &[5, 5, 5]);
    let options = TunedOptions::default();
    let mut rng = StdRng::seed_from_u64(11);
    for walk in [20, 36, 50, 70] {
        let board = random_walk(&goal, walk, &mut rng);
        let serial = solve_pdb(&board, &pdb, &options, &mut Limits::default()).unwrap();
        let (solution, _) = drive(
            &board,
            &goal,
            &pdb,
            sharing(2_000),
            &mut Limits::default(),
            &mut rng,
        );
        assert_eq!(solution.length(), serial.length(), "{board}");
        assert_reaches(&board, &solution.moves, &goal);
        // Iterations before the last are searched completely, whatever the order.
        assert_eq!(
            solution.stats.iteration_bounds,
            serial.stats.iteration_bounds
        );
        // Never shared: exactly the serial search.
        let (alone, shared) = drive(
            &board,
            &goal,
            &pdb,
            sharing(u64::MAX),
            &mut Limits::default(),
            &mut rng,
        );
        assert_eq!(shared, 0);
        assert_eq!(alone.moves, serial.moves);
        assert_eq!(alone.stats.generated, serial.stats.generated);
    }
}

#[test]
fn unsolvable_boards_end_at_once_and_the_budget_stops_the_search() {
    let goal = goal3(Goal::Standard);
    let pdb = build(&goal, &[4, 4]);
    let mut rng = StdRng::seed_from_u64(5);
    let unsolvable = puzzle_core::swap_fix(&scramble_seeded(&goal, Scramble::Uniform, true, 1));
    let (solution, shared) = drive(
        &unsolvable,
        &goal,
        &pdb,
        sharing(0),
        &mut Limits::default(),
        &mut rng,
    );
    assert_eq!((solution.outcome, shared), (SolveOutcome::Unsolvable, 0));

    let board = Board::new(Shape::square(3).unwrap(), vec![8, 6, 7, 2, 5, 4, 3, 0, 1]).unwrap();
    let options = TunedOptions::default();
    let needed = solve_pdb(&board, &pdb, &options, &mut Limits::default()).unwrap();
    let budget = needed.stats.expanded / 2;
    let mut limits = Limits {
        max_expanded: Some(budget),
        ..Limits::default()
    };
    let (solution, _) = drive(&board, &goal, &pdb, sharing(0), &mut limits, &mut rng);
    assert_eq!(solution.outcome, SolveOutcome::BudgetExhausted);
    assert!(
        solution.stats.expanded <= budget + 1,
        "{} > {budget}",
        solution.stats.expanded
    );
    // A board of another size is refused, not searched.
    let four = Goal::Standard.board(Shape::square(4).unwrap()).unwrap();
    assert!(Iterations::new(&four, &four, &pdb, options, sharing(0)).is_err());
}
