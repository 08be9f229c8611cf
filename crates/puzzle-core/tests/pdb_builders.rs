//! The fast table builder (`Builder::Fast`, the one every build uses) against the reference
//! builder it replaced: the same bytes for patterns of several sizes on boards of several
//! widths, goals and blank positions, and the same counts of work.

use puzzle_core::pdb::{AdditivePdb, Builder, Partition};
use puzzle_core::{Board, Goal, Limits, Shape};

/// Builds `partition` with both builders and checks every byte and the counters.
fn check_same(goal: &Board, partition: &Partition) {
    let fast = AdditivePdb::build_with(goal, partition, Builder::Fast, &mut Limits::default())
        .expect("fast build");
    let reference =
        AdditivePdb::build_with(goal, partition, Builder::Reference, &mut Limits::default())
            .expect("reference build");
    assert_eq!(
        fast.to_bytes(),
        reference.to_bytes(),
        "{:?} on {goal}",
        partition.groups()
    );
    for (a, b) in fast.tables().iter().zip(reference.tables()) {
        assert_eq!(a.max_value(), b.max_value());
        assert_eq!(a.encoding(), b.encoding());
    }
    let (f, r) = (
        fast.build_stats().unwrap(),
        reference.build_stats().unwrap(),
    );
    assert_eq!((f.expanded, f.generated), (r.expanded, r.generated));
}

#[test]
fn five_tile_4x4_patterns_are_identical_byte_for_byte() {
    let shape = Shape::square(4).unwrap();
    for goal in [Goal::BlankFirst, Goal::Standard, Goal::Snail] {
        let goal = goal.board(shape).unwrap();
        let partition = Partition::by_reading_order(&goal, &[5, 5, 5]).unwrap();
        check_same(&goal, &partition);
    }
    // Scattered tiles, which the tiles between two cells of a vertical move exercise.
    let goal = Goal::BlankFirst.board(shape).unwrap();
    let partition = Partition::from_goal_cells(&goal, &[&[15, 2, 9, 4, 12], &[1, 14]]).unwrap();
    check_same(&goal, &partition);
}

#[test]
fn other_widths_and_a_blank_in_the_middle_give_the_same_tables() {
    // Widths 3, 4, 2 and 8, the 3x3 space whole (every tile), and a blank on no corner.
    let cases = [
        ("1 2 3 / 4 5 6 / 7 8 0", vec![vec![1, 2, 3, 4, 5, 6, 7, 8]]),
        (
            "1 2 3 / 4 0 5 / 6 7 8",
            vec![vec![1, 5, 8], vec![2, 3, 4, 6, 7]],
        ),
        (
            "1 2 3 4 / 5 6 0 7 / 8 9 10 11",
            vec![vec![3, 7, 9, 10, 11, 1]],
        ),
        ("1 2 / 3 4 / 5 6 / 7 0", vec![vec![1, 2, 3, 4, 5, 6]]),
        (
            "1 2 3 4 5 6 7 8 / 9 10 11 12 13 14 15 0",
            vec![vec![1, 9, 12, 15, 6], vec![2, 3]],
        ),
    ];
    for (text, groups) in cases {
        let goal: Board = text.parse().unwrap();
        check_same(&goal, &Partition::new(groups));
    }
}
