//! Pattern databases: the perfect index, the BFS builder against an independent abstract BFS
//! and against exact distances over whole 3x3 and 2x4 spaces, admissibility of the additive sum
//! and of the reflected lookup, the 6-6-3 tables on Korf's instances, serialization, progress
//! and cancellation.

use std::collections::{HashMap, VecDeque};
use std::ops::ControlFlow;
use std::sync::OnceLock;

use puzzle_core::generate::{random_walk, scramble_seeded, Scramble};
use puzzle_core::heuristic::{Heuristic, HeuristicKind};
use puzzle_core::pdb::{
    AdditivePdb, Axis, CorruptFault, Partition, PartitionFault, PatternIndex, PdbError, Reflection,
};
use puzzle_core::search::bfs::bfs_distances;
use puzzle_core::search::{FxIndexMap, Progress};
use puzzle_core::{solvability, Board, Goal, Limits, Shape};
use rand::rngs::StdRng;
use rand::SeedableRng;

fn neighbours(board: &Board) -> Vec<Board> {
    board
        .legal_moves()
        .map(|d| {
            let mut next = board.clone();
            next.apply(d);
            next
        })
        .collect()
}

fn exact(goal: &Board) -> FxIndexMap<Board, u32> {
    bfs_distances(goal, neighbours)
}

fn build(goal: &Board, partition: &Partition) -> AdditivePdb {
    AdditivePdb::build(goal, partition, &mut Limits::default()).unwrap()
}

fn korf_path() -> std::path::PathBuf {
    std::env::var_os("KORF100").map_or_else(
        || {
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../tests/fixtures/korf100.txt")
        },
        Into::into,
    )
}

/// Korf's instances: (board, listed optimal length).
fn korf() -> Vec<(Board, usize)> {
    let text = std::fs::read_to_string(korf_path()).expect("korf100.txt is readable");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let numbers: Vec<usize> = line
                .split_whitespace()
                .map(|t| t.parse().unwrap())
                .collect();
            let shape = Shape::square(4).unwrap();
            (
                Board::new(shape, numbers[..16].to_vec()).unwrap(),
                numbers[16],
            )
        })
        .collect()
}

fn blank_first_663() -> &'static AdditivePdb {
    static PDB: OnceLock<AdditivePdb> = OnceLock::new();
    PDB.get_or_init(|| {
        let goal = Goal::BlankFirst.board(Shape::square(4).unwrap()).unwrap();
        build(&goal, &Partition::korf_663(&goal).unwrap())
    })
}

#[test]
fn index_is_a_perfect_bijection() {
    // Up to 16 cells by tables, above by popcounts: both sides of the line.
    for (n, k) in [
        (4, 1),
        (6, 5),
        (8, 4),
        (9, 3),
        (9, 8),
        (16, 3),
        (12, 5),
        (17, 4),
        (25, 3),
        (36, 3),
        (64, 2),
    ] {
        let index = PatternIndex::new(n, k).unwrap();
        let expected: u64 = (n - k + 1..=n).map(|f| f as u64).product();
        assert_eq!(index.size(), expected, "size of {k} on {n}");
        let mut positions = [0u8; 16];
        let mut seen = std::collections::HashSet::new();
        for rank in 0..index.size() as usize {
            index.unrank(rank, &mut positions);
            let placement = &positions[..k];
            assert!(placement.iter().all(|&p| (p as usize) < n));
            let distinct: std::collections::HashSet<u8> = placement.iter().copied().collect();
            assert_eq!(distinct.len(), k, "cells of rank {rank} are distinct");
            assert_eq!(index.rank(placement), rank);
            assert!(seen.insert(placement.to_vec()));
        }
    }
    assert!(PatternIndex::new(9, 9).is_none());
    assert!(PatternIndex::new(65, 3).is_none());
    // Placements that cannot be counted in 64 bits.
    assert!(PatternIndex::new(64, 20).is_none());
    assert_eq!(PatternIndex::new(16, 6).unwrap().size(), 5_765_760);
}

/// An independent abstract BFS (0-1 BFS on (pattern cells, blank cell) with a hash map): the
/// fewest pattern-tile moves from the goal placement to every placement.
fn naive_pattern_distances(goal: &Board, tiles: &[u8]) -> HashMap<Vec<u8>, u32> {
    let shape = goal.shape();
    let start: Vec<u8> = tiles
        .iter()
        .map(|&t| goal.position_of(t).unwrap() as u8)
        .collect();
    let mut best: HashMap<(Vec<u8>, u8), u32> = HashMap::new();
    let mut deque = VecDeque::new();
    deque.push_back((start, goal.blank() as u8, 0u32));
    while let Some((cells, blank, cost)) = deque.pop_front() {
        if let Some(&known) = best.get(&(cells.clone(), blank)) {
            if known <= cost {
                continue;
            }
        }
        best.insert((cells.clone(), blank), cost);
        for d in puzzle_core::Direction::ALL {
            let Some(to) = shape.neighbour(blank as usize, d) else {
                continue;
            };
            let mut next = cells.clone();
            match cells.iter().position(|&c| c as usize == to) {
                Some(slot) => {
                    next[slot] = blank;
                    deque.push_back((next, to as u8, cost + 1));
                }
                None => deque.push_front((next, to as u8, cost)),
            }
        }
    }
    let mut by_placement: HashMap<Vec<u8>, u32> = HashMap::new();
    for ((cells, _), cost) in best {
        let entry = by_placement.entry(cells).or_insert(cost);
        *entry = (*entry).min(cost);
    }
    by_placement
}

#[test]
fn tables_equal_an_independent_abstract_bfs() {
    let cases = [
        (Shape::square(3).unwrap(), Goal::Standard, vec![3, 3, 2]),
        (Shape::square(3).unwrap(), Goal::Snail, vec![4, 4]),
        (Shape::new(4, 2).unwrap(), Goal::BlankFirst, vec![2, 5]),
        (Shape::new(2, 3).unwrap(), Goal::Standard, vec![1, 4]),
    ];
    for (shape, goal, sizes) in cases {
        let goal = goal.board(shape).unwrap();
        let pdb = build(&goal, &Partition::by_reading_order(&goal, &sizes).unwrap());
        for table in pdb.tables() {
            let naive = naive_pattern_distances(&goal, table.tiles());
            assert!(naive.len() as u64 <= table.index().size());
            let mut positions = [0u8; 16];
            for rank in 0..table.len() {
                table.index().unrank(rank, &mut positions);
                let k = table.tiles().len();
                // Placements the abstract BFS never reaches hold 0.
                assert_eq!(
                    u32::from(table.value_at(rank)),
                    naive.get(&positions[..k]).copied().unwrap_or(0),
                    "{shape} goal {goal} tiles {:?} placement {:?}",
                    table.tiles(),
                    &positions[..k]
                );
            }
        }
    }
}

/// Every state of the space: table entries, the additive sum and the max with the reflection
/// never exceed the true distance; the reflection preserves distances and agrees with the
/// direct lookup on the reflected board.
fn check_whole_space(goal: &Board, partition: &Partition) {
    let pdb = build(goal, partition);
    let distances = exact(goal);
    let manhattan = Heuristic::new(HeuristicKind::Manhattan, goal);
    let mut positions = vec![[0u8; 16]; pdb.tables().len()];
    let mut exact_hits = 0;
    for (board, &distance) in &distances {
        for (cell, &tile) in board.cells().iter().enumerate() {
            if let Some((g, slot)) = pdb.group_of(tile) {
                positions[g][slot] = cell as u8;
            }
        }
        for (g, table) in pdb.tables().iter().enumerate() {
            assert!(u32::from(table.value(&positions[g])) <= distance);
        }
        let direct = pdb.estimate_direct(board.cells());
        assert!(direct <= distance, "{board}: sum {direct} > {distance}");
        assert!(
            direct >= manhattan.estimate(board),
            "a pattern needs its Manhattan moves: {board} {direct} {partition:?} goal {goal}"
        );
        let estimate = pdb.estimate(board.cells());
        assert!(estimate <= distance, "{board}: {estimate} > {distance}");
        exact_hits += usize::from(estimate == distance);
        if let Some(reflection) = pdb.reflection() {
            let reflected = reflection.apply(board);
            assert_eq!(
                distances.get(&reflected),
                Some(&distance),
                "{board} reflected"
            );
            assert_eq!(reflection.apply(&reflected), *board);
            assert_eq!(
                pdb.estimate_reflected(board.cells()),
                Some(pdb.estimate_direct(reflected.cells()))
            );
            assert_eq!(estimate, direct.max(pdb.estimate_direct(reflected.cells())));
        }
    }
    assert!(exact_hits > 0);
}

#[test]
fn admissible_over_the_whole_3x3_space() {
    let shape = Shape::square(3).unwrap();
    let custom = scramble_seeded(
        &Goal::Standard.board(shape).unwrap(),
        Scramble::Uniform,
        true,
        11,
    );
    for goal in [
        Goal::Standard,
        Goal::BlankFirst,
        Goal::Snail,
        Goal::Custom(custom),
    ] {
        let goal = goal.board(shape).unwrap();
        for sizes in [&[4, 4][..], &[3, 3, 2], &[2, 2, 2, 2], &[5, 3]] {
            check_whole_space(&goal, &Partition::by_reading_order(&goal, sizes).unwrap());
        }
        check_whole_space(&goal, &Partition::default_for(&goal).unwrap());
    }
}

#[test]
fn admissible_over_the_whole_2x4_and_3x2_spaces() {
    for shape in [Shape::new(4, 2).unwrap(), Shape::new(2, 3).unwrap()] {
        for goal in [Goal::Standard, Goal::BlankFirst, Goal::Snail] {
            let goal = goal.board(shape).unwrap();
            let tiles = shape.cells() - 1;
            for sizes in [vec![tiles / 2, tiles - tiles / 2], vec![1; tiles]] {
                check_whole_space(&goal, &Partition::by_reading_order(&goal, &sizes).unwrap());
            }
        }
    }
}

#[test]
fn a_table_of_every_tile_is_the_exact_distance() {
    for shape in [Shape::square(3).unwrap(), Shape::new(4, 2).unwrap()] {
        let goal = Goal::Snail.board(shape).unwrap();
        let pdb = build(&goal, &Partition::default_for(&goal).unwrap());
        assert_eq!(pdb.tables().len(), 1);
        for (board, &distance) in &exact(&goal) {
            assert_eq!(pdb.estimate_direct(board.cells()), distance, "{board}");
        }
    }
}

#[test]
fn reflection_exists_only_when_the_goal_blank_is_on_a_diagonal() {
    let four = Shape::square(4).unwrap();
    let axis = |goal: &Board| Reflection::for_goal(goal).map(|r| r.axis());
    assert_eq!(
        axis(&Goal::BlankFirst.board(four).unwrap()),
        Some(Axis::Main)
    );
    assert_eq!(axis(&Goal::Standard.board(four).unwrap()), Some(Axis::Main));
    // The 4x4 snail ends at row 2, column 1: on the anti-diagonal.
    assert_eq!(axis(&Goal::Snail.board(four).unwrap()), Some(Axis::Anti));
    let off: Board = "1 0 2 3 / 4 5 6 7 / 8 9 10 11 / 12 13 14 15"
        .parse()
        .unwrap();
    assert_eq!(axis(&off), None);
    assert_eq!(
        axis(&Goal::Standard.board(Shape::new(4, 2).unwrap()).unwrap()),
        None
    );
    // The reflection fixes the goal and is an involution.
    for goal in [Goal::BlankFirst, Goal::Standard, Goal::Snail] {
        let goal = goal.board(four).unwrap();
        let reflection = Reflection::for_goal(&goal).unwrap();
        assert_eq!(reflection.apply(&goal), goal);
        let board = scramble_seeded(&goal, Scramble::Uniform, true, 3);
        let reflected = reflection.apply(&board);
        assert_ne!(reflected, board);
        assert_eq!(reflection.apply(&reflected), board);
        assert!(solvability(&reflected, &goal).unwrap().solvable);
    }
}

#[test]
fn korf_663_tables_bound_every_korf_instance() {
    let pdb = blank_first_663();
    let sizes: Vec<usize> = pdb.tables().iter().map(|t| t.len()).collect();
    assert_eq!(sizes, [5_765_760, 5_765_760, 3_360]);
    assert_eq!(pdb.memory_bytes(), 5_765_760 * 2 + 3_360 + 15);
    let goal = pdb.goal().clone();
    let manhattan = Heuristic::new(HeuristicKind::Manhattan, &goal);
    let linear = Heuristic::new(HeuristicKind::LinearConflict, &goal);
    let reflection = pdb.reflection().expect("blank-first goal has a reflection");
    assert_eq!(pdb.estimate(goal.cells()), 0);
    let (mut pdb_sum, mut lc_sum) = (0, 0);
    for (board, optimal) in korf() {
        let direct = pdb.estimate_direct(board.cells());
        let reflected = pdb.estimate_reflected(board.cells()).unwrap();
        assert_eq!(
            reflected,
            pdb.estimate_direct(reflection.apply(&board).cells())
        );
        assert!(direct as usize <= optimal && reflected as usize <= optimal);
        assert!(direct >= manhattan.estimate(&board));
        // Same parity as the distance: every move changes each table's entry by at most one.
        assert_eq!((optimal as u32 - manhattan.estimate(&board)) % 2, 0);
        pdb_sum += direct.max(reflected);
        lc_sum += linear.estimate(&board);
    }
    assert!(
        pdb_sum > lc_sum,
        "6-6-3 is better informed than LC on average"
    );
    // Random walks: never above the walk's length.
    let mut rng = StdRng::seed_from_u64(5);
    for steps in 1..60 {
        let board = random_walk(&goal, steps, &mut rng);
        assert!(pdb.estimate(board.cells()) as usize <= steps);
    }
}

#[test]
fn tables_for_other_4x4_goals_stay_admissible() {
    let four = Shape::square(4).unwrap();
    let off: Board = "1 0 2 3 / 4 5 6 7 / 8 9 10 11 / 12 13 14 15"
        .parse()
        .unwrap();
    let mut rng = StdRng::seed_from_u64(9);
    for goal in [
        Goal::Standard.board(four).unwrap(),
        Goal::Snail.board(four).unwrap(),
        off,
    ] {
        let partition = Partition::korf_663(&goal).unwrap();
        let sizes: Vec<usize> = partition.groups().iter().map(Vec::len).collect();
        assert_eq!(sizes, [6, 6, 3]);
        assert!(partition.groups().iter().flatten().all(|&t| t != 0));
        // Five 3-tile tables keep the test fast; the 6-6-3 builder is checked above.
        let pdb = build(&goal, &Partition::by_reading_order(&goal, &[3; 5]).unwrap());
        let manhattan = Heuristic::new(HeuristicKind::Manhattan, &goal);
        assert_eq!(pdb.estimate(goal.cells()), 0);
        for steps in 1..80 {
            let board = random_walk(&goal, steps, &mut rng);
            let estimate = pdb.estimate(board.cells());
            assert!(estimate as usize <= steps);
            assert!(estimate >= manhattan.estimate(&board));
            if let Some(reflection) = pdb.reflection() {
                assert_eq!(
                    pdb.estimate_reflected(board.cells()),
                    Some(pdb.estimate_direct(reflection.apply(&board).cells()))
                );
            }
        }
    }
}

#[test]
fn bytes_round_trip_and_corruption_is_detected() {
    let goal = Goal::Snail.board(Shape::square(3).unwrap()).unwrap();
    let pdb = build(&goal, &Partition::by_reading_order(&goal, &[4, 4]).unwrap());
    let bytes = pdb.to_bytes();
    let back = AdditivePdb::from_bytes(&bytes).unwrap();
    assert_eq!(back.goal(), pdb.goal());
    assert_eq!(back.partition(), pdb.partition());
    assert_eq!(back.tables(), pdb.tables());
    assert_eq!(back.reflection(), pdb.reflection());
    assert!(back.build_stats().is_none() && pdb.build_stats().is_some());
    let mut flipped = bytes.clone();
    flipped[bytes.len() / 2] ^= 1;
    assert!(matches!(
        AdditivePdb::from_bytes(&flipped),
        Err(PdbError::Corrupt {
            reason: CorruptFault::ChecksumMismatch
        })
    ));
    assert!(matches!(
        AdditivePdb::from_bytes(&bytes[..bytes.len() - 1]),
        Err(PdbError::Corrupt { .. })
    ));
    let hello = AdditivePdb::from_bytes(b"hello").unwrap_err();
    assert_eq!(
        hello,
        PdbError::Corrupt {
            reason: CorruptFault::MissingHeader
        }
    );
    assert_eq!(
        hello.to_string(),
        "not a valid pattern database: missing header"
    );
}

#[test]
fn bad_partitions_say_what_is_wrong_in_a_typed_reason() {
    let goal = Goal::Standard.board(Shape::square(4).unwrap()).unwrap();
    let fault = |groups: Vec<Vec<u8>>| match Partition::new(groups).check(goal.shape()) {
        Err(PdbError::BadPartition { reason }) => reason,
        other => panic!("not a bad partition: {other:?}"),
    };
    assert_eq!(fault(vec![]), PartitionFault::NoGroups);
    assert_eq!(
        fault(vec![vec![1, 2], vec![2]]),
        PartitionFault::TileInTwoGroups(2)
    );
    assert_eq!(
        fault(vec![vec![0]]),
        PartitionFault::NotATile {
            tile: 0,
            shape: goal.shape()
        }
    );
    let error = Partition::by_reading_order(&goal, &[8, 8]).unwrap_err();
    assert_eq!(
        error.to_string(),
        "bad partition: groups of [8, 8] need more than the 15 tiles of the board"
    );
}

#[test]
fn build_reports_progress_and_can_be_cancelled() {
    let goal = Goal::Standard.board(Shape::square(4).unwrap()).unwrap();
    let partition = Partition::by_reading_order(&goal, &[5]).unwrap();
    let total = partition.entries(goal.shape());
    assert_eq!(total, 16 * 15 * 14 * 13 * 12);

    let mut reports: Vec<Progress> = Vec::new();
    let mut record = |p: &Progress| {
        reports.push(p.clone());
        ControlFlow::Continue(())
    };
    let mut limits = Limits {
        report_every: 10_000,
        on_progress: Some(&mut record),
        ..Limits::default()
    };
    let pdb = AdditivePdb::build(&goal, &partition, &mut limits).unwrap();
    let stats = pdb.build_stats().unwrap().clone();
    assert_eq!(stats.generated, total, "every entry filled once");
    assert_eq!(reports.len() as u64, stats.expanded / 10_000);
    assert!(reports.windows(2).all(|w| w[0].generated <= w[1].generated));
    assert!(reports.windows(2).all(|w| w[0].bound <= w[1].bound));
    assert!(reports.last().unwrap().generated <= total);

    let mut calls = 0;
    let mut cancel = |_: &Progress| {
        calls += 1;
        if calls == 3 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    let mut limits = Limits {
        report_every: 1_000,
        on_progress: Some(&mut cancel),
        ..Limits::default()
    };
    assert_eq!(
        AdditivePdb::build(&goal, &partition, &mut limits).unwrap_err(),
        PdbError::Cancelled
    );
    assert_eq!(calls, 3);
    assert_eq!(
        AdditivePdb::build(&goal, &partition, &mut Limits::with_budget(500)).unwrap_err(),
        PdbError::BudgetExhausted
    );
}

#[test]
fn bad_partitions_are_rejected() {
    let goal = Goal::Standard.board(Shape::square(3).unwrap()).unwrap();
    let bad = |groups: Vec<Vec<u8>>| {
        AdditivePdb::build(&goal, &Partition::new(groups), &mut Limits::default()).unwrap_err()
    };
    assert!(matches!(
        bad(vec![vec![1, 2], vec![2, 3]]),
        PdbError::BadPartition { .. }
    ));
    assert!(matches!(
        bad(vec![vec![0, 1]]),
        PdbError::BadPartition { .. }
    ));
    assert!(matches!(bad(vec![vec![9]]), PdbError::BadPartition { .. }));
    assert!(matches!(bad(vec![vec![]]), PdbError::BadPartition { .. }));
    assert!(matches!(bad(vec![]), PdbError::BadPartition { .. }));
    let big = Goal::Standard.board(Shape::square(5).unwrap()).unwrap();
    assert!(Partition::default_for(&big).is_err());
    assert!(Partition::korf_663(&goal).is_err());
    let four = Goal::Standard.board(Shape::square(4).unwrap()).unwrap();
    let seven_eight = Partition::korf_78(&four).unwrap();
    assert_eq!(seven_eight.entries(four.shape()), 57_657_600 + 518_918_400);
}

#[test]
fn easiest_korf_instances_solve_to_their_listed_optimum() {
    use puzzle_core::tuned::{solve_pdb, TunedOptions};
    use puzzle_core::SolveOutcome;
    let pdb = blank_first_663();
    let mut instances = korf();
    // The five shortest listed optima (the easiest instances by that published measure).
    instances.sort_by_key(|(_, optimal)| *optimal);
    for (board, optimal) in instances.into_iter().take(5) {
        for reflection in [true, false] {
            let config = TunedOptions {
                reflection,
                ..TunedOptions::default()
            };
            let solution = solve_pdb(&board, pdb, &config, &mut Limits::default()).unwrap();
            assert_eq!(solution.outcome, SolveOutcome::Solved);
            assert_eq!(solution.length(), Some(optimal), "{board}");
            assert_eq!(board.after(&solution.moves).unwrap(), *pdb.goal());
            // The first iteration's bound is the start's estimate.
            let start = if reflection {
                pdb.estimate(board.cells())
            } else {
                pdb.estimate_direct(board.cells())
            };
            assert_eq!(solution.stats.iteration_bounds[0], f64::from(start));
            assert_eq!(
                *solution.stats.iteration_bounds.last().unwrap(),
                optimal as f64
            );
        }
    }
}

/// Half-byte tables hold the same entries as byte tables, estimate the same, survive a round
/// trip, and version-1 bytes (before the encodings) are still read.
#[test]
fn nibble_tables_equal_byte_tables_and_both_formats_read_back() {
    use puzzle_core::pdb::Encoding;
    let cases = [
        (Shape::new(4, 3).unwrap(), Goal::Standard, vec![5, 6]),
        (
            Shape::square(4).unwrap(),
            Goal::BlankFirst,
            vec![4, 4, 4, 3],
        ),
        (Shape::square(3).unwrap(), Goal::Snail, vec![3, 4]),
    ];
    let mut rng = StdRng::seed_from_u64(3);
    for (shape, goal, sizes) in cases {
        let goal = goal.board(shape).unwrap();
        let bytes_pdb = build(&goal, &Partition::by_reading_order(&goal, &sizes).unwrap());
        let nibbles = bytes_pdb.clone().with_encoding(Encoding::Nibbles);
        for (a, b) in bytes_pdb.tables().iter().zip(nibbles.tables()) {
            assert_eq!(a.encoding(), Encoding::Bytes);
            assert_eq!(b.encoding(), Encoding::Nibbles);
            assert_eq!(b.memory_bytes(), a.len().div_ceil(2) + a.tiles().len());
            for rank in (0..a.len()).step_by(7) {
                assert_eq!(a.value_at(rank), b.value_at(rank));
            }
            assert_eq!(b.to_encoding(Encoding::Bytes).as_ref(), Some(a));
        }
        for steps in [10, 30, 60, 200] {
            let board = random_walk(&goal, steps, &mut rng);
            assert_eq!(
                bytes_pdb.estimate(board.cells()),
                nibbles.estimate(board.cells())
            );
        }
        let back = AdditivePdb::from_bytes(&nibbles.to_bytes()).unwrap();
        assert_eq!(back.tables(), nibbles.tables());
        // Version 1: no encoding byte per group; bytes tables only.
        let v2 = bytes_pdb.to_bytes();
        let n = shape.cells();
        let mut v1 = v2[..7 + n + 1].to_vec();
        v1[4] = 1;
        let mut at = 7 + n + 1;
        for _ in 0..bytes_pdb.tables().len() {
            let k = v2[at] as usize;
            v1.extend_from_slice(&v2[at..at + 1 + k]);
            at += 1 + k + 1;
        }
        v1.extend_from_slice(&v2[at..v2.len() - 8]);
        let hash = v1.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        });
        v1.extend_from_slice(&hash.to_le_bytes());
        let old = AdditivePdb::from_bytes(&v1).unwrap();
        assert_eq!(old.tables(), bytes_pdb.tables());
    }
    // A table holding every tile has unreachable placements: it stays in bytes.
    let goal = Goal::Standard.board(Shape::square(3).unwrap()).unwrap();
    let whole = build(&goal, &Partition::by_reading_order(&goal, &[8]).unwrap());
    assert!(whole.tables()[0].to_encoding(Encoding::Nibbles).is_none());
}

#[test]
fn unknown_encodings_and_garbage_are_rejected_without_panic() {
    let goal = Goal::Snail.board(Shape::square(3).unwrap()).unwrap();
    let pdb = build(&goal, &Partition::by_reading_order(&goal, &[4, 4]).unwrap());
    let mut bytes = pdb.to_bytes();
    let n = 9;
    let first_code = 7 + n + 1 + 1 + 4;
    bytes[first_code] = 7;
    let body = bytes.len() - 8;
    let hash = bytes[..body]
        .iter()
        .fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        });
    bytes[body..].copy_from_slice(&hash.to_le_bytes());
    assert!(matches!(
        AdditivePdb::from_bytes(&bytes),
        Err(PdbError::Corrupt { .. })
    ));
    let mut rng = StdRng::seed_from_u64(9);
    for len in [0, 3, 12, 20, 64, 300] {
        let mut junk: Vec<u8> = (0..len).map(|_| rand::Rng::gen(&mut rng)).collect();
        if len >= 4 {
            junk[..4].copy_from_slice(b"NPDB");
        }
        assert!(AdditivePdb::from_bytes(&junk).is_err());
    }
}

/// The default 4x4 partition is 7-7-1 for every blank position, and its tables would be
/// stored half a byte an entry.
#[test]
fn the_default_4x4_partition_is_7_7_1_for_any_goal() {
    use puzzle_core::pdb::NIBBLES_FROM_ENTRIES;
    let shape = Shape::square(4).unwrap();
    for goal in [Goal::Standard, Goal::BlankFirst, Goal::Snail] {
        let goal = goal.board(shape).unwrap();
        let partition = Partition::default_for(&goal).unwrap();
        let mut sizes: Vec<usize> = partition.groups().iter().map(Vec::len).collect();
        sizes.sort_unstable();
        assert_eq!(sizes, [1, 7, 7]);
        partition.check(shape).unwrap();
        assert_eq!(partition.entries(shape), 2 * 57_657_600 + 16);
        const { assert!(57_657_600 >= NIBBLES_FROM_ENTRIES) };
    }
    // Rotating the goal's blank to another corner rotates the layout with it.
    let blank_first = Goal::BlankFirst.board(shape).unwrap();
    let standard = Goal::Standard.board(shape).unwrap();
    let cells_of = |goal: &Board| -> Vec<Vec<usize>> {
        Partition::default_for(goal)
            .unwrap()
            .groups()
            .iter()
            .map(|g| {
                let mut cells: Vec<usize> =
                    g.iter().map(|&t| goal.position_of(t).unwrap()).collect();
                cells.sort_unstable();
                cells
            })
            .collect()
    };
    let turned: Vec<Vec<usize>> = cells_of(&blank_first)
        .into_iter()
        .map(|g| {
            let mut c: Vec<usize> = g.into_iter().map(|c| 15 - c).collect();
            c.sort_unstable();
            c
        })
        .collect();
    assert_eq!(cells_of(&standard), turned);
}

#[test]
fn tables_built_on_threads_equal_those_built_in_turn_and_cancel() {
    for (shape, sizes) in [
        (Shape::new(4, 3).unwrap(), vec![5, 6]),
        (Shape::square(3).unwrap(), vec![3, 3, 2]),
    ] {
        let goal = Goal::Standard.board(shape).unwrap();
        let partition = Partition::by_reading_order(&goal, &sizes).unwrap();
        let serial = build(&goal, &partition);
        for threads in [0, 1, 2, 3] {
            let parallel =
                AdditivePdb::build_parallel(&goal, &partition, threads, &mut Limits::default())
                    .unwrap();
            assert_eq!(parallel.tables(), serial.tables());
            assert_eq!(parallel.partition(), serial.partition());
            let (a, b) = (
                parallel.build_stats().unwrap(),
                serial.build_stats().unwrap(),
            );
            assert_eq!((a.expanded, a.generated), (b.expanded, b.generated));
        }
    }
    let goal = Goal::Standard.board(Shape::square(4).unwrap()).unwrap();
    let partition = Partition::by_reading_order(&goal, &[5, 5, 5]).unwrap();
    let mut cancel = |_: &Progress| ControlFlow::Break(());
    let mut limits = Limits {
        report_every: 1000,
        on_progress: Some(&mut cancel),
        ..Limits::default()
    };
    assert!(matches!(
        AdditivePdb::build_parallel(&goal, &partition, 2, &mut limits),
        Err(PdbError::Cancelled)
    ));
}

/// Tables built as one-group databases (as separate web workers would), sent as bytes and
/// assembled, equal the database built at once.
#[test]
fn tables_built_apart_assemble_into_the_same_database() {
    let goal = Goal::Snail.board(Shape::new(4, 3).unwrap()).unwrap();
    let partition = Partition::by_reading_order(&goal, &[5, 6]).unwrap();
    let whole = build(&goal, &partition);
    let tables: Vec<_> = partition
        .groups()
        .iter()
        .map(|group| {
            let single = build(&goal, &Partition::new(vec![group.clone()]));
            let back = AdditivePdb::from_bytes(&single.to_bytes()).unwrap();
            back.tables()[0].clone()
        })
        .collect();
    let assembled = AdditivePdb::from_tables(&goal, &partition, tables.clone()).unwrap();
    assert_eq!(assembled.tables(), whole.tables());
    assert_eq!(assembled.reflection(), whole.reflection());
    let board = random_walk(&goal, 40, &mut StdRng::seed_from_u64(5));
    assert_eq!(
        assembled.estimate(board.cells()),
        whole.estimate(board.cells())
    );
    // Out of order, or for another partition: refused.
    let mut swapped = tables.clone();
    swapped.swap(0, 1);
    assert!(AdditivePdb::from_tables(&goal, &partition, swapped).is_err());
    assert!(AdditivePdb::from_tables(&goal, &partition, tables[..1].to_vec()).is_err());
}

#[test]
fn quick_tables_are_5_5_5_on_4x4_only() {
    use puzzle_core::pdb::Partition;
    for goal in [Goal::Standard, Goal::BlankFirst, Goal::Snail] {
        let board = goal.board(Shape::square(4).unwrap()).unwrap();
        let quick = Partition::quick_for(&board).expect("4x4 has quick tables");
        let sizes: Vec<usize> = quick.groups().iter().map(Vec::len).collect();
        assert_eq!(sizes, vec![5, 5, 5]);
        let mut tiles: Vec<u8> = quick.groups().concat();
        tiles.sort_unstable();
        assert_eq!(
            tiles,
            (1..=15).collect::<Vec<u8>>(),
            "every tile in one group"
        );
        assert_ne!(quick, Partition::default_for(&board).unwrap());
    }
    for (w, h) in [(3, 3), (3, 5), (5, 5)] {
        let board = Goal::Standard.board(Shape::new(w, h).unwrap()).unwrap();
        assert_eq!(Partition::quick_for(&board), None, "{w}x{h}");
    }
}
