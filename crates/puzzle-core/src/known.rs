//! Boards whose fewest moves to a goal are known, for checks on boards too large to check
//! every board (the heuristic lab's sampled verdicts on a 4x4): the published ones carried to
//! the goal, and boards solved on the spot.

use rand::rngs::StdRng;
use rand::SeedableRng;

use crate::board::Board;
use crate::catalog;
use crate::dispatch::{solve_with, SolveOptions, Tables};
use crate::generate::random_walk;
use crate::method::Method;
use crate::pdb::AdditivePdb;
use crate::relabel::Relabel;
use crate::search::Limits;

/// The fewest moves from `board` to `goal`, found by IDA* over `pdb` (databases for `goal`, or
/// for the goal a relabelling leads to); `None` if they do not serve it or the board cannot
/// reach the goal. What a board's distance is on 11 to 16 cells, for a sampled check and for
/// a game's review.
pub fn fewest_moves(board: &Board, goal: &Board, pdb: &AdditivePdb) -> Option<u32> {
    let method = Method::PatternDatabase;
    let options = SolveOptions::new(&method).with_tables(Tables {
        pattern_db: Some(pdb),
        ..Tables::default()
    });
    let solution = solve_with(board, goal, &options, &mut Limits::default(), &mut |_| {}).ok()?;
    solution.length().map(|length| length as u32)
}

/// The fewest moves from `board` to `goal` when a board one move away needs `beside`: one
/// more or one less (a move changes the distance by exactly one), told apart by one bounded
/// search over `pdb` at `beside - 1` ([`crate::tuned`]), far cheaper than a whole solve when
/// the answer is `beside + 1` (its deepest iteration is never run). `None` as for
/// [`fewest_moves`].
pub fn fewest_moves_beside(
    board: &Board,
    goal: &Board,
    pdb: &AdditivePdb,
    beside: u32,
) -> Option<u32> {
    if board == goal {
        return Some(0);
    }
    if beside == 0 {
        return Some(1);
    }
    let relabel = Relabel::between(goal, pdb.goal())?;
    let relabelled = relabel.board(board)?;
    let closer = crate::tuned::reaches_within(&relabelled, pdb, beside - 1);
    Some(if closer { beside - 1 } else { beside + 1 })
}

/// Boards with known fewest moves to `goal`, for
/// [`check_known`](crate::formula::check::check_known) on a 4x4: Korf's 100 and the 17 boards
/// of 80 moves ([`crate::catalog`]) where a symmetry carries their blank-first goal
/// to `goal` ([`Relabel`]; none on other boards or goals), then `count` boards from seeded
/// random walks of 1 to 100 moves from the goal, each solved on the spot by IDA* over `pdb`
/// (databases for `goal`, or for the goal a relabelling leads to). `progress(done, count)` is
/// told after each solve and stops it when it answers `false` (then `None`).
pub fn known_boards(
    goal: &Board,
    pdb: Option<&AdditivePdb>,
    count: usize,
    seed: u64,
    progress: &mut dyn FnMut(usize, usize) -> bool,
) -> Option<Vec<(Board, u32)>> {
    let mut known: Vec<(Board, u32)> = Vec::new();
    let published = catalog::korf100().into_iter().chain(catalog::hardest());
    for famous in published {
        let from = famous.goal.board(famous.board.shape()).ok();
        let relabel = from.and_then(|from| Relabel::between(&from, goal));
        if let Some(board) = relabel.and_then(|r| r.board(&famous.board)) {
            known.push((board, famous.optimal));
        }
    }
    let Some(pdb) = pdb else {
        return Some(known);
    };
    let mut rng = StdRng::seed_from_u64(seed);
    for i in 0..count {
        let steps = 1 + i * 100 / count.max(1);
        let board = random_walk(goal, steps, &mut rng);
        if let Some(length) = fewest_moves(&board, goal, pdb) {
            known.push((board, length));
        }
        if !progress(i + 1, count) {
            return None;
        }
    }
    Some(known)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::DistanceTable;
    use crate::formula::check::{check, check_known};
    use crate::formula::Formula;
    use crate::heuristic::{Heuristic, HeuristicKind};
    use crate::{Goal, Shape};

    fn formula(text: &str) -> Formula {
        text.parse().unwrap()
    }

    #[test]
    fn a_sample_of_known_boards_gives_verdicts_that_say_they_are_not_proven() {
        // Boards solved on the spot agree with the exact table (2x4: small enough for both).
        let goal = Goal::Standard.board(Shape::new(4, 2).unwrap()).unwrap();
        let table = DistanceTable::build(&goal).unwrap();
        let partition = crate::pdb::Partition::default_for(&goal).unwrap();
        let pdb = AdditivePdb::build(&goal, &partition, &mut Limits::default()).unwrap();
        let mut told = 0;
        let known = known_boards(&goal, Some(&pdb), 40, 7, &mut |done, total| {
            told = done;
            assert_eq!(total, 40);
            true
        })
        .unwrap();
        assert_eq!((known.len(), told), (40, 40), "no published boards of 2x4");
        for (board, distance) in &known {
            assert_eq!(table.distance(board), Some(*distance), "{board}");
        }
        assert!(known.iter().any(|(_, d)| *d >= 15), "walks reach far");
        let v = check_known(
            &formula("2 * manhattan").bind(&goal).unwrap(),
            &goal,
            &known,
            &mut |_, _| true,
        )
        .unwrap();
        assert!(!v.exact && v.boards == 40 && !v.admissible());
        let exact = check(
            &formula("2 * manhattan").bind(&goal).unwrap(),
            &table,
            &mut |_, _| true,
        )
        .unwrap();
        assert!(exact.exact && v.largest_overestimate <= exact.largest_overestimate);

        // On 4x4: Korf's 100 and the 17 of 80 moves, carried to any goal with a corner blank.
        for (goal, published) in [
            (Goal::Standard, 117),
            (Goal::BlankFirst, 117),
            (Goal::Snail, 0),
        ] {
            let goal = goal.board(Shape::square(4).unwrap()).unwrap();
            let known = known_boards(&goal, None, 10, 1, &mut |_, _| true).unwrap();
            assert_eq!(known.len(), published, "{goal}");
            let manhattan = Heuristic::new(HeuristicKind::Manhattan, &goal);
            for (board, distance) in &known {
                assert!(manhattan.estimate(board) <= *distance, "{board}");
                assert!(crate::solvability(board, &goal).unwrap().solvable);
            }
            let estimate = formula("manhattan + conflicts").bind(&goal).unwrap();
            if published > 0 {
                let v = check_known(&estimate, &goal, &known, &mut |_, _| true).unwrap();
                assert!(v.admissible() && v.consistent() && !v.exact);
                assert!(v.mean_distance > 50.0, "deep boards: {}", v.mean_distance);
            }
        }
        let lengths: u32 = crate::catalog::korf100().iter().map(|f| f.optimal).sum();
        assert_eq!(lengths, 5305, "Korf's 100 average 53.05 moves");
    }
}
