//! Fuzzing every parser and decoder that takes outside input: arbitrary bytes and near-valid
//! mutations of valid input must give an error or a valid value, never a panic, and an error
//! message never quotes more than a few dozen characters of the input.
//!
//! Readers covered: board text (one-line, rows, n-puzzle files), goals, sizes, move strings,
//! method and heuristic names, pattern databases and big-board tables (the worker's
//! IndexedDB entries and the command line's cache files are these bytes).
//!
//! `FUZZ_CASES` sets the cases per property (default 2,000 in CI). The long run:
//! `FUZZ_CASES=100000 cargo test --release -p puzzle-core --test fuzz -- --nocapture`.

use proptest::prelude::*;
use proptest::test_runner::Config;
use puzzle_core::anytime::BigTables;
use puzzle_core::generate::{scramble_seeded, Scramble};
use puzzle_core::pdb::{AdditivePdb, Partition};
use puzzle_core::{
    parse_moves, solve_with, Board, Goal, HeuristicKind, Limits, Method, Shape, SolveOptions,
    Tables,
};

/// Longest error message allowed, whatever the input (messages quote at most 32 characters).
const MAX_MESSAGE: usize = 300;

fn cases() -> u32 {
    std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2_000)
}

fn config() -> Config {
    Config {
        cases: cases(),
        failure_persistence: None,
        ..Config::default()
    }
}

/// Text that looks like a board: numbers, separators, comments and size lines, sometimes huge.
fn near_board_text() -> impl Strategy<Value = String> {
    let token = prop_oneof![
        (0u64..40).prop_map(|n| n.to_string()),
        Just("/".to_string()),
        Just("\n".to_string()),
        Just(",".to_string()),
        Just("# note\n".to_string()),
        Just("-1".to_string()),
        Just("99999999999999999999999".to_string()),
        Just("x".to_string()),
        Just("\u{00e9}".to_string()),
        Just("\t".to_string()),
        "[0-9]{1,3}".prop_map(String::from),
    ];
    prop::collection::vec(token, 0..40).prop_map(|tokens| tokens.join(" "))
}

/// A valid board's text with one token replaced, dropped or duplicated.
fn mutated_board_text() -> impl Strategy<Value = String> {
    (
        2usize..=6,
        2usize..=6,
        any::<u64>(),
        0usize..64,
        0usize..3,
        0u64..70,
        0usize..3,
    )
        .prop_map(|(w, h, seed, at, how, value, format)| {
            let goal = Goal::Standard.board(Shape::new(w, h).unwrap()).unwrap();
            let board = scramble_seeded(&goal, Scramble::Uniform, true, seed);
            let text = match format {
                0 => board.to_line(),
                1 => board.to_flat(),
                _ => board.to_npuzzle(),
            };
            let mut tokens: Vec<String> = text.split(' ').map(String::from).collect();
            let at = at % tokens.len();
            match how {
                0 => tokens[at] = value.to_string(),
                1 => {
                    tokens.remove(at);
                }
                _ => tokens.insert(at, tokens[at].clone()),
            }
            tokens.join(" ")
        })
}

fn check_board_text(text: &str) -> Result<(), TestCaseError> {
    for shape in [
        None,
        Some(Shape::new(3, 3).unwrap()),
        Some(Shape::new(4, 2).unwrap()),
    ] {
        match Board::parse(text, shape) {
            Ok(board) => {
                // A valid value: a permutation of 0..cells that formats and reads back.
                let mut sorted = board.cells().to_vec();
                sorted.sort_unstable();
                prop_assert!(sorted.iter().enumerate().all(|(i, &t)| i == t as usize));
                prop_assert_eq!(Board::parse(&board.to_line(), None).unwrap(), board);
            }
            Err(error) => prop_assert!(error.to_string().len() <= MAX_MESSAGE, "{}", error),
        }
    }
    match Goal::parse(text, None) {
        Ok(goal) => prop_assert!(matches!(goal, Goal::Custom(_)) || text.trim().len() < 20),
        Err(error) => prop_assert!(error.to_string().len() <= MAX_MESSAGE),
    }
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn arbitrary_text_never_breaks_the_board_and_goal_readers(text in any::<String>()) {
        check_board_text(&text)?;
    }

    #[test]
    fn near_valid_text_never_breaks_the_board_and_goal_readers(text in near_board_text()) {
        check_board_text(&text)?;
    }

    #[test]
    fn mutated_boards_are_read_or_refused_with_a_reason(text in mutated_board_text()) {
        check_board_text(&text)?;
    }

    #[test]
    fn sizes_moves_and_method_names_never_panic(text in any::<String>()) {
        if let Ok(shape) = text.parse::<Shape>() {
            prop_assert!((2..=16).contains(&shape.width()) && (2..=16).contains(&shape.height()));
        }
        match parse_moves(&text) {
            Ok(moves) => prop_assert!(moves.len() <= text.chars().count()),
            Err(error) => prop_assert!(error.to_string().len() <= MAX_MESSAGE),
        }
        match text.parse::<Method>() {
            Ok(method) => prop_assert!(!method.name().is_empty()),
            Err(error) => prop_assert!(error.to_string().len() <= MAX_MESSAGE),
        }
        match text.parse::<HeuristicKind>() {
            Ok(heuristic) => prop_assert!(!heuristic.name().is_empty()),
            Err(error) => prop_assert!(error.len() <= MAX_MESSAGE),
        }
        // The experiment's column names (`astar-manhattan`, ...).
        match puzzle_core::experiment::parse_method(&text) {
            Ok(method) => prop_assert!(!method.name().is_empty()),
            Err(error) => prop_assert!(error.to_string().len() <= MAX_MESSAGE),
        }
    }

    #[test]
    fn arbitrary_bytes_are_never_taken_for_a_pattern_database(bytes in prop::collection::vec(any::<u8>(), 0..4096)) {
        prop_assert!(AdditivePdb::from_bytes(&bytes).is_err() || bytes.starts_with(b"NPDB"));
    }

    #[test]
    fn damaged_pattern_databases_are_refused_or_read_whole(at in any::<usize>(), value in any::<u8>(), cut in any::<bool>()) {
        let mut bytes = small_pdb_bytes().to_vec();
        let at = at % bytes.len();
        if cut {
            bytes.truncate(at);
        } else {
            bytes[at] = value;
        }
        if let Ok(pdb) = AdditivePdb::from_bytes(&bytes) {
            // Only a no-op change may be accepted: the tables read back must be the same.
            prop_assert_eq!(pdb.to_bytes(), small_pdb_bytes().to_vec());
        }
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn arbitrary_bytes_are_never_taken_for_big_board_tables(
        bytes in prop::collection::vec(any::<u8>(), 0..4096),
        header in any::<bool>(),
    ) {
        let mut bytes = bytes;
        if header {
            // Past the magic number, the checksum must refuse them.
            bytes.splice(0..bytes.len().min(4), *b"NBIG");
        }
        prop_assert!(BigTables::from_bytes(&bytes).is_err());
    }

    #[test]
    fn damaged_big_board_tables_are_refused_or_read_whole(
        at in any::<prop::sample::Index>(),
        value in any::<u8>(),
        how in 0u8..3,
    ) {
        let original = small_big_tables().to_bytes();
        let mut bytes = original.clone();
        let at = at.index(bytes.len());
        match how {
            0 => bytes[at] = value,
            1 => bytes.truncate(at),
            _ => bytes.insert(at, value),
        }
        if let Ok(tables) = BigTables::from_bytes(&bytes) {
            prop_assert_eq!(tables.to_bytes(), original);
        }
    }

    /// Damage behind a recomputed checksum (as a forged or buggy writer would leave it): the
    /// reader checks everything the checksum does not, and tables it accepts are whole and
    /// safe to solve with.
    #[test]
    fn resealed_big_board_tables_are_refused_or_read_whole(
        edits in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..4),
        header_only in any::<bool>(),
        cut in prop::option::of(any::<prop::sample::Index>()),
    ) {
        let mut body = small_big_tables().to_bytes();
        body.truncate(body.len() - 8);
        for (at, value) in edits {
            // Half the time within the header and goal (the first 7 + 12 bytes).
            let len = if header_only { 19 } else { body.len() };
            let at = at.index(len);
            body[at] = value;
        }
        if let Some(cut) = cut {
            body.truncate(cut.index(body.len()));
        }
        let checksum = fnv1a(&body);
        body.extend_from_slice(&checksum.to_le_bytes());
        if let Ok(tables) = BigTables::from_bytes(&body) {
            prop_assert_eq!(tables.to_bytes(), body);
            let goal = tables.goal().clone();
            if goal.cells().len() >= 12 {
                let board = scramble_seeded(&goal, Scramble::Walk(30), true, checksum);
                let mut limits = Limits { max_expanded: Some(2_000), ..Limits::default() };
                let method = Method::Anytime { time_limit_ms: 5 };
                let tables = Tables { big_board: Some(&tables), ..Tables::default() };
                if let Ok(solution) = solve_with(&board, &goal, &SolveOptions::new(&method).with_tables(tables), &mut limits, &mut |_| {}) {
                    if let Some(moves) = solution.length() {
                        prop_assert_eq!(&board.after(&solution.moves).unwrap(), &goal);
                        prop_assert!(moves > 0 || board == goal);
                    }
                }
            }
        }
    }
}

/// 64-bit FNV-1a, the checksum of the tables' byte format.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Big-board tables for a 4x3 goal (12 cells, the smallest the anytime method takes: about
/// 25,000 entries), built once.
fn small_big_tables() -> &'static BigTables {
    use std::sync::OnceLock;
    static TABLES: OnceLock<BigTables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let goal = Goal::Snail.board(Shape::new(4, 3).unwrap()).unwrap();
        let tables = BigTables::build(&goal, &mut Limits::default()).unwrap();
        let bytes = tables.to_bytes();
        assert_eq!(
            fnv1a(&bytes[..bytes.len() - 8]).to_le_bytes(),
            bytes[bytes.len() - 8..]
        );
        tables
    })
}

/// A small database (2x4 board) serialized once.
fn small_pdb_bytes() -> &'static [u8] {
    use std::sync::OnceLock;
    static BYTES: OnceLock<Vec<u8>> = OnceLock::new();
    BYTES.get_or_init(|| {
        let goal = Goal::Standard.board(Shape::new(4, 2).unwrap()).unwrap();
        let partition = Partition::by_reading_order(&goal, &[4, 3]).unwrap();
        AdditivePdb::build(&goal, &partition, &mut Limits::default())
            .unwrap()
            .to_bytes()
    })
}

#[test]
fn a_megabyte_token_gives_a_short_message() {
    let token = "9".repeat(1 << 20);
    let error = Board::parse(&format!("1 2 3 {token}"), None).unwrap_err();
    assert!(error.to_string().len() < 120, "{}", error.to_string().len());
    let goal_error = Goal::parse(&"q".repeat(100_000), None).unwrap_err();
    assert!(goal_error.to_string().len() < 150);
    let size_error = format!("{}x4", "7".repeat(100_000))
        .parse::<Shape>()
        .unwrap_err();
    assert!(size_error.to_string().len() < 150);
}
