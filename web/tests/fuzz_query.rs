//! Fuzzing the share link's reader (`url::from_query`): arbitrary strings and near-valid
//! mutations of valid links never panic, every message about a bad part is short however long
//! the input, and what is read survives the link.
//!
//! Only `from_query`, `to_query`, `==` and `State::default()` are used (no field of `State`),
//! so the test does not depend on how the state is laid out.
//!
//! `FUZZ_CASES` sets the cases per property (default 2,000). The long run:
//! `FUZZ_CASES=100000 cargo test --release -p web --test fuzz_query`.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::fuzz_config;
use proptest::prelude::*;
use puzzle_core::generate::{scramble_seeded, Scramble};
use puzzle_core::{Goal, HeuristicKind, Method, Shape};
use web::state::State;
use web::url::{from_query, to_query};

/// Longest message allowed about one part of a link, whatever the input.
const MAX_MESSAGE: usize = 300;

/// A canonical link: each key the page writes, in a shape, board, goal and method that fit.
fn valid_query() -> impl Strategy<Value = String> {
    (
        (2usize..=7, 2usize..=7),
        any::<u64>(),
        0usize..5,
        0usize..puzzle_core::method::METHOD_NAMES.len(),
        0usize..HeuristicKind::ALL.len(),
        1usize..=200,
    )
        .prop_map(|((w, h), seed, goal, method, heuristic, depth)| {
            let shape = Shape::new(w, h).unwrap();
            let cells = |b: &puzzle_core::Board| {
                b.cells()
                    .iter()
                    .map(u8::to_string)
                    .collect::<Vec<_>>()
                    .join(",")
            };
            let standard = Goal::Standard.board(shape).unwrap();
            let board = scramble_seeded(&standard, Scramble::Uniform, seed % 2 == 0, seed);
            let goal = match goal {
                0 => "standard".to_string(),
                1 => "blank-first".to_string(),
                2 => "snail".to_string(),
                _ => cells(&scramble_seeded(&standard, Scramble::Uniform, true, !seed)),
            };
            let mut query = format!("?size={shape}&board={}&goal={goal}", cells(&board));
            let name = puzzle_core::method::METHOD_NAMES[method];
            let method: Method = name.parse().unwrap();
            if method.fits(shape).is_ok() {
                query.push_str(&format!("&method={name}"));
                if method.heuristic().is_some() {
                    let heuristic = HeuristicKind::ALL[heuristic].name();
                    query.push_str(&format!("&heuristic={heuristic}"));
                }
                if matches!(name, "dfs" | "iddfs") {
                    query.push_str(&format!("&depth={depth}"));
                }
            }
            query
        })
}

/// Pieces that near-valid links are made of: keys, separators, escapes, numbers, long runs.
fn junk() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("&".to_string()),
        Just("=".to_string()),
        Just("?".to_string()),
        Just("%".to_string()),
        Just("%2C".to_string()),
        Just("%C3%A9".to_string()),
        Just("%FF%FE".to_string()),
        Just("%+1".to_string()),
        Just("+".to_string()),
        Just(",".to_string()),
        Just("x".to_string()),
        Just("&size=16x16".to_string()),
        Just("&size=1x99999999999999999999".to_string()),
        Just("&board=".to_string()),
        Just("&goal=".to_string()),
        Just("&method=pdb".to_string()),
        Just("&method=anytime".to_string()),
        Just("&heuristic=".to_string()),
        Just("&depth=0".to_string()),
        Just("&depth=-1".to_string()),
        (0u64..300).prop_map(|n| n.to_string()),
        "[a-z0-9,%=&+-]{1,12}".prop_map(String::from),
        (1usize..3000, "[0-9a-z%]").prop_map(|(n, s)| s.repeat(n)),
        any::<String>(),
    ]
}

/// A valid link with a piece inserted, a range removed or replaced, or cut short.
fn mutated_query() -> impl Strategy<Value = String> {
    (
        valid_query(),
        prop::collection::vec((any::<usize>(), any::<usize>(), 0u8..4, junk()), 1..4),
    )
        .prop_map(|(query, edits)| {
            let mut chars: Vec<char> = query.chars().collect();
            for (at, len, how, piece) in edits {
                let at = at % (chars.len() + 1);
                let end = (at + len % 8).min(chars.len());
                match how {
                    0 => {
                        chars.splice(at..at, piece.chars());
                    }
                    1 => {
                        chars.drain(at..end);
                    }
                    2 => {
                        chars.splice(at..end, piece.chars());
                    }
                    _ => chars.truncate(at),
                }
            }
            chars.into_iter().collect()
        })
}

/// What every link must give: no panic (the test would fail), short messages, and a state
/// whose own link reads back to the same state with no message.
fn check(query: &str) -> Result<(), TestCaseError> {
    let (state, errors) = from_query(query);
    for error in &errors {
        prop_assert!(
            error.chars().count() < MAX_MESSAGE,
            "{} characters: {}",
            error.chars().count(),
            error
        );
    }
    // The link of a state holds only what its method uses (the heuristic and depth menus of a
    // method without them stay out), so one reading normalises it: from then on, exact.
    let link = to_query(&state);
    let (back, back_errors) = from_query(&link);
    prop_assert!(back_errors.is_empty(), "{link}: {back_errors:?}");
    prop_assert_eq!(&to_query(&back), &link);
    let (again, again_errors) = from_query(&to_query(&back));
    prop_assert!(again_errors.is_empty());
    prop_assert!(again == back, "{link} does not read back to the same state");
    if errors.is_empty() {
        prop_assert_eq!(to_query(&state), link);
    }
    Ok(())
}

proptest! {
    #![proptest_config(fuzz_config())]

    #[test]
    fn arbitrary_strings_never_break_the_link_reader(query in any::<String>()) {
        check(&query)?;
    }

    #[test]
    fn valid_links_read_without_a_message_and_round_trip(query in valid_query()) {
        let (state, errors) = from_query(&query);
        prop_assert!(errors.is_empty(), "{query}: {errors:?}");
        prop_assert_eq!(from_query(&to_query(&state)), (state, vec![]));
        check(&query)?;
    }

    #[test]
    fn mutated_links_are_read_or_get_short_messages(query in mutated_query()) {
        check(&query)?;
    }
}

#[test]
fn an_empty_link_is_the_default_state() {
    assert_eq!(from_query(""), (State::default(), vec![]));
    assert_eq!(from_query("?"), (State::default(), vec![]));
}

#[test]
fn a_megabyte_value_in_any_key_gives_short_messages() {
    let long = "9".repeat(1 << 20);
    for key in ["size", "board", "goal", "method", "heuristic", "depth"] {
        let (_, errors) = from_query(&format!("?{key}={long}"));
        assert_eq!(errors.len(), 1, "{key}");
        assert!(
            errors[0].len() < MAX_MESSAGE,
            "{key}: {} bytes",
            errors[0].len()
        );
    }
}
