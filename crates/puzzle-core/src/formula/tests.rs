use proptest::prelude::*;

use super::check::{check, Verdicts};
use super::*;
use crate::analysis::DistanceTable;
use crate::Goal;

fn formula(text: &str) -> Formula {
    text.parse()
        .unwrap_or_else(|e| panic!("`{text}` should read: {e}"))
}

fn error(text: &str) -> FormulaError {
    text.parse::<Formula>().expect_err(text)
}

fn three() -> Shape {
    Shape::square(3).unwrap()
}

fn verdicts(text: &str, table: &DistanceTable) -> Verdicts {
    let estimate = formula(text).bind(table.goal()).unwrap();
    check(&estimate, table, &mut |_, _| true).unwrap()
}

#[test]
fn the_built_in_estimates_are_admissible_and_consistent_toward_every_goal() {
    for goal in [Goal::Standard, Goal::BlankFirst, Goal::Snail] {
        let table = DistanceTable::build(&goal.board(three()).unwrap()).unwrap();
        for text in ["misplaced", "manhattan", "manhattan + conflicts"] {
            let v = verdicts(text, &table);
            assert_eq!(v.boards, 181_440, "{goal:?} {text}");
            assert!(v.admissible() && v.consistent(), "{goal:?} {text}: {v:?}");
            assert!(v.mean_estimate < v.mean_distance);
        }
        let v = verdicts("manhattan + conflicts", &table);
        let names: Vec<_> = v.against.iter().map(|a| (a.kind, a.verdict())).collect();
        assert_eq!(
            names,
            [
                (HeuristicKind::Misplaced, "dominates"),
                (HeuristicKind::Manhattan, "dominates"),
                (HeuristicKind::LinearConflict, "equals"),
            ],
            "{goal:?}"
        );
    }
}

#[test]
fn twice_manhattan_overestimates_on_exactly_the_boards_counted_apart() {
    let goal = Goal::Standard.board(three()).unwrap();
    let table = DistanceTable::build(&goal).unwrap();
    let v = verdicts("2 * manhattan", &table);
    // Counted apart: the built-in Manhattan against the table, board by board.
    let manhattan = Heuristic::new(HeuristicKind::Manhattan, &goal);
    let (mut count, mut largest) = (0, 0);
    for (word, d) in table.packed() {
        let h = 2 * manhattan.estimate(&Board::unpack(three(), word).unwrap());
        if h > d {
            count += 1;
            largest = largest.max(h - d);
        }
    }
    assert!(count > 100_000, "{count}");
    assert_eq!((v.overestimated, v.largest_overestimate), (count, largest));
    assert!(!v.admissible() && !v.consistent());
    assert_eq!(v.examples.len(), check::EXAMPLES);
    let first = &v.examples[0];
    assert_eq!(
        first.estimate - first.distance,
        largest,
        "the largest first"
    );
    assert_eq!(table.distance(&first.board), Some(first.distance));
    assert_eq!(
        v.differences.iter().map(|&(_, n)| n).sum::<usize>(),
        181_440
    );
    assert_eq!(
        v.differences
            .iter()
            .filter(|&&(d, _)| d > 0)
            .map(|&(_, n)| n)
            .sum::<usize>(),
        count
    );
}

#[test]
fn a_formula_equal_to_a_built_in_gives_its_values_on_every_board() {
    let goal = Goal::Snail.board(three()).unwrap();
    let table = DistanceTable::build(&goal).unwrap();
    let pairs = [
        ("linear_conflict", HeuristicKind::LinearConflict),
        ("manhattan + conflicts", HeuristicKind::LinearConflict),
        ("max(manhattan, misplaced)", HeuristicKind::Manhattan),
        ("dist(1)+dist(2)+dist(3)+dist(4)+dist(5)+dist(6)+dist(7)+dist(8)", HeuristicKind::Manhattan),
        ("row(1)+col(1)+row(2)+col(2)+row(3)+col(3)+row(4)+col(4)+row(5)+col(5)+row(6)+col(6)+row(7)+col(7)+row(8)+col(8)", HeuristicKind::Manhattan),
    ];
    for (text, kind) in pairs {
        let estimate = formula(text).bind(&goal).unwrap();
        let builtin = Heuristic::new(kind, &goal);
        for (word, _) in table.packed().step_by(7) {
            let board = Board::unpack(three(), word).unwrap();
            assert_eq!(
                estimate.estimate(&board),
                builtin.estimate(&board),
                "{text} on {board}"
            );
        }
    }
}

#[test]
fn the_extra_terms_add_to_manhattan_without_overestimating() {
    let goal = Goal::Standard.board(three()).unwrap();
    let table = DistanceTable::build(&goal).unwrap();
    for text in ["manhattan + last_move", "manhattan + corner"] {
        let v = verdicts(text, &table);
        assert!(v.admissible(), "{text}: {} boards over", v.overestimated);
        let over_manhattan = &v.against[1];
        assert!(
            over_manhattan.higher > 0 && over_manhattan.lower == 0,
            "{text}"
        );
    }
    // A hundredth of a move is a whole move once rounded up: where Manhattan is exact and the
    // blank is away, this overestimates by one.
    let v = verdicts("manhattan + blank_distance / 100", &table);
    assert_eq!(v.largest_overestimate, 1);
    assert!(v.overestimated > 0);
    // The goal itself is 0, and a board one move away is 1, whatever the terms.
    let estimate = formula("manhattan + last_move + corner")
        .bind(&goal)
        .unwrap();
    assert_eq!(estimate.estimate(&goal), 0);
    let (_, near) = goal.children().next().unwrap();
    assert_eq!(estimate.estimate(&near), 1);
}

#[test]
fn values_follow_the_stated_rules() {
    let goal = Goal::Standard.board(three()).unwrap();
    let board: Board = "8 1 3 4 0 2 7 6 5".parse().unwrap();
    let value = |text: &str| formula(text).bind(&goal).unwrap().value(&board);
    let estimate = |text: &str| formula(text).bind(&goal).unwrap().estimate(&board);
    assert_eq!(value("manhattan"), 10.0);
    assert_eq!(value("misplaced"), 5.0);
    assert_eq!(value("1.5 * manhattan"), 15.0);
    assert_eq!(value("manhattan / 0"), 0.0, "a division by zero gives 0");
    assert_eq!(value("if(misplaced > 4, 7, 3)"), 7.0);
    assert_eq!(
        value("min(3, 2, 9) + max(1) + abs(-2) + floor(1.7) + ceil(1.2)"),
        2.0 + 1.0 + 2.0 + 1.0 + 2.0
    );
    assert_eq!(value("2 - 3 - 4"), -5.0, "left to right");
    assert_eq!(value("2 + 3 * 4"), 14.0);
    assert_eq!(value("(2 + 3) * 4 == 20"), 1.0);
    assert_eq!(value("blank_distance"), 2.0);
    assert_eq!(estimate("manhattan / 3"), 4, "rounded up: 3.33 is 4");
    assert_eq!(estimate("0 - manhattan"), 0, "a negative value counts as 0");
    assert_eq!(value("MANHATTAN".to_lowercase().as_str()), 10.0);
}

#[test]
fn errors_point_at_the_column_and_say_what_was_expected() {
    let cases = [
        (
            "manhattan + * 2",
            13,
            "expected a number, a name or `(`, found `*`",
        ),
        ("manhatan", 1, "unknown `manhatan`"),
        (
            "2 * (manhattan + 1",
            19,
            "expected `)` to close the `(` at column 5, found the end",
        ),
        (
            "max(1, 2",
            9,
            "expected `,` or `)` to close the call at column 1",
        ),
        ("if(1, 2)", 1, "`if` takes 3 values, not 2"),
        ("abs()", 5, "expected a number, a name or `(`, found `)`"),
        ("dist(x)", 6, "expected a tile number, found `x`"),
        (
            "manhattan 2",
            11,
            "expected an operator or the end, found `2`",
        ),
        ("1..2", 1, "`1..2` is not a number"),
        ("   ", 1, "the formula is empty"),
        ("foo(1)", 1, "unknown `foo`"),
        ("manhattan # 2", 11, "found `#`"),
    ];
    for (text, column, words) in cases {
        let e = error(text);
        assert_eq!(e.column, column, "{text}: {e}");
        assert!(e.message.contains(words), "{text}: {e}");
    }
    let goal = Goal::Standard.board(three()).unwrap();
    let e = formula("manhattan + dist(9)").bind(&goal).unwrap_err();
    assert_eq!(
        (e.column, e.message.as_str()),
        (18, "there is no tile 9 on this board: its tiles are 1 to 8")
    );
    assert!(
        formula("dist(0)").bind(&goal).is_err(),
        "the blank is no tile"
    );
}

#[test]
fn an_error_fits_one_line_of_a_message_at_most_200_characters() {
    let far = format!("{}{}", "1+".repeat(980), "a".repeat(40));
    let e = error(&far);
    assert!(e.message.starts_with("unknown `aaaa"), "{e}");
    assert!(
        e.to_string().chars().count() <= 200,
        "{} characters",
        e.to_string().chars().count()
    );
}

#[test]
fn hostile_formulas_are_refused_with_words_not_a_crash() {
    let long = "1+".repeat(50_000) + "1";
    assert!(error(&long).message.contains("at most 2000 characters"));
    let deep = "(".repeat(10_000) + "1" + &")".repeat(10_000);
    let e = error(&deep[..1_990]);
    assert!(e.message.contains("nested more than 64 deep"), "{e}");
    let signs = "-".repeat(1_000) + "1";
    assert!(error(&signs).message.contains("nested"));
    assert!(error("dist(99999)")
        .message
        .contains("expected a tile number"));
    assert!(error("1e400").message.contains("not a number") || "1e400".parse::<Formula>().is_err());
}

/// Small formulas from the language's pieces.
fn pieces() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        Just("manhattan".to_string()),
        Just("misplaced".to_string()),
        Just("conflicts".to_string()),
        Just("corner".to_string()),
        Just("last_move".to_string()),
        Just("blank_distance".to_string()),
        (1u8..9).prop_map(|t| format!("dist({t})")),
        prop::sample::subsequence(vec![1u8, 2, 3, 4, 5, 6, 7, 8], 1..4).prop_map(|tiles| {
            let tiles: Vec<String> = tiles.iter().map(u8::to_string).collect();
            format!("pdb({})", tiles.join(","))
        }),
        (0u32..100).prop_map(|n| format!("{n}")),
        Just("0.5".to_string()),
    ];
    leaf.prop_recursive(4, 32, 3, |inner| {
        prop_oneof![
            (
                inner.clone(),
                prop::sample::select(vec!["+", "-", "*", "/", "<", ">=", "=="]),
                inner.clone()
            )
                .prop_map(|(a, op, b)| format!("({a} {op} {b})")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("max({a}, {b})")),
            (inner.clone(), inner.clone(), inner.clone())
                .prop_map(|(c, a, b)| format!("if({c}, {a}, {b})")),
            inner.clone().prop_map(|a| format!("-{a}")),
            inner.prop_map(|a| format!("floor({a})")),
        ]
    })
}

proptest! {
    #[test]
    fn any_text_reads_or_is_refused_without_a_panic(text in "\\PC{0,80}") {
        if let Err(e) = text.parse::<Formula>() {
            prop_assert!(e.column >= 1 && e.column <= text.chars().count() + 1, "{e} in {text:?}");
        }
    }

    #[test]
    fn every_formula_of_the_language_evaluates_to_a_whole_estimate(text in pieces(), seed in any::<u64>()) {
        let goal = Goal::Standard.board(three()).unwrap();
        let estimate = formula(&text).bind(&goal).unwrap();
        let board = crate::generate::scramble_seeded(&goal, crate::generate::Scramble::Uniform, true, seed);
        let value = estimate.value(&board);
        let h = estimate.estimate(&board);
        if value.is_nan() || value <= 0.0 {
            prop_assert_eq!(h, 0);
        } else {
            prop_assert!(f64::from(h) >= value.min(f64::from(u32::MAX)) && f64::from(h) < value + 1.0);
        }
    }
}

/// A long run of digits is quoted short, as every reader quotes its input.
#[test]
fn long_numbers_are_quoted_short() {
    for text in [
        format!("{}1", "9".repeat(400)),
        format!("dist({})", "7".repeat(400)),
    ] {
        let error = text.parse::<Formula>().unwrap_err();
        assert_eq!(error.column, if text.starts_with('d') { 6 } else { 1 });
        assert!(error.message.chars().count() < 80, "{}", error.message);
    }
}

#[test]
fn a_pattern_of_every_tile_is_the_exact_distance_and_disjoint_patterns_add_up() {
    for goal in [Goal::Standard, Goal::Snail] {
        let table = DistanceTable::build(&goal.board(three()).unwrap()).unwrap();
        // Only the pattern's moves count; when every tile is in it, every move counts.
        let v = verdicts("pdb(1,2,3,4,5,6,7,8)", &table);
        assert_eq!(v.differences, [(0, 181_440)], "{goal:?}");
        // Disjoint tables add up without overestimating. They need not be consistent: an entry
        // is the fewest moves wherever the blank is, so one move can bring the blank to where
        // a tile must go a long way round.
        let v = verdicts("pdb(1,2,3,4) + pdb(5,6,7,8)", &table);
        assert!(v.admissible(), "{goal:?}: {v:?}");
        assert!(v.mean_estimate > verdicts("manhattan", &table).mean_estimate);
        let v = verdicts("pdb(1,2,3,4) + pdb(4,5,6,7,8)", &table);
        assert!(!v.admissible(), "tile 4 counted twice: {goal:?}");
    }
}

#[test]
fn a_pattern_table_is_built_once_a_goal_and_refused_where_it_cannot_be_built() {
    let goal = Goal::Standard.board(three()).unwrap();
    let f = formula("pdb(2, 1) + pdb(1,2) + pdb(2,1)");
    let (a, b) = (f.bind(&goal).unwrap(), f.clone().bind(&goal).unwrap());
    assert_eq!(a.pdbs.len(), 2, "one table for each group as written");
    assert!(Arc::ptr_eq(&a.pdbs[0].1, &b.pdbs[0].1), "kept, not rebuilt");
    let snail = Goal::Snail.board(three()).unwrap();
    let c = f.bind(&snail).unwrap();
    assert!(
        !Arc::ptr_eq(&a.pdbs[0].1, &c.pdbs[0].1),
        "another goal, another table"
    );

    let read_errors = [
        ("pdb(1, 1)", 8, "tile 1 is already in this pattern"),
        ("pdb(0, 1)", 5, "the blank (0) is not a tile of a pattern"),
        ("pdb()", 5, "expected a tile number, found `)`"),
        (
            "pdb(1, 2",
            9,
            "expected `,` or `)` to close the call at column 1",
        ),
        ("pdb(manhattan)", 5, "expected a tile number"),
    ];
    for (text, column, words) in read_errors {
        let e = error(text);
        assert_eq!(
            (e.column, e.message.contains(words)),
            (column, true),
            "{text}: {e}"
        );
    }
    let four = Goal::Standard.board(Shape::square(4).unwrap()).unwrap();
    let five = Goal::Standard.board(Shape::square(5).unwrap()).unwrap();
    let bind_errors = [
        ("manhattan + pdb(1, 9)", &goal, 13, "there is no tile 9"),
        (
            "pdb(1,2,3,4,5,6,7)",
            &four,
            1,
            "would hold 57657600 entries",
        ),
        ("pdb(1)", &five, 1, "boards of up to 16 cells"),
    ];
    for (text, goal, column, words) in bind_errors {
        let e = formula(text).bind(goal).unwrap_err();
        assert_eq!(
            (e.column, e.message.contains(words)),
            (column, true),
            "{text}: {e}"
        );
        assert_eq!(
            formula(text).fits(goal.cells().len()),
            Err(e),
            "fits says it first"
        );
    }
    // Six tiles of a 4x4 is the largest table a formula builds, and 6-6-3 the most tables.
    assert!(formula("pdb(1,2,3,4,5,6)").fits(16).is_ok());
    let most = "pdb(1,2,3,4,5,6) + pdb(7,8,9,10,11,12) + pdb(13,14,15) + pdb(1,2,3,4,5,6)";
    assert!(
        formula(most).fits(16).is_ok(),
        "a group written twice is one table"
    );
    let e = formula("pdb(1,2,3,4,5,6) + pdb(7,8,9,10,11,12) + pdb(1,2,3,4,5,7)")
        .fits(16)
        .unwrap_err();
    assert_eq!(e.column, 42, "{e}");
    assert!(e.message.contains("at most 12000000 in all"), "{e}");
}
