//! Malformed input: one test per error kind, asserting the whole message.

use puzzle_core::{parse_moves, Board, Goal, Shape};

fn error(text: &str, shape: Option<&str>) -> String {
    let shape = shape.map(|s| s.parse::<Shape>().unwrap());
    Board::parse(text, shape).unwrap_err().to_string()
}

#[test]
fn empty_input() {
    let expected = "the board is empty: expected the tile numbers, e.g. `1 2 3 4 5 6 7 8 0`";
    assert_eq!(error("", None), expected);
    assert_eq!(error("  # only a comment\n\n", None), expected);
}

#[test]
fn non_number() {
    assert_eq!(
        error("1 2 x 4 5 6 7 8 0", None),
        "`x` is not a tile number: tiles are whole numbers, 0 for the blank"
    );
    assert_eq!(
        error("1 2 -3 4 5 6 7 8 0", None),
        "`-3` is not a tile number: tiles are whole numbers, 0 for the blank"
    );
}

#[test]
fn wrong_count_for_a_given_size() {
    assert_eq!(
        error("1 2 3 4 5 0", Some("3x3")),
        "a 3x3 board has 9 cells, but 6 numbers were given"
    );
}

#[test]
fn count_that_is_not_a_square() {
    assert_eq!(
        error("1 2 3 4 5 0 7", None),
        "7 numbers do not make a square board: give the size (e.g. 3x2) or separate rows with `/`"
    );
}

#[test]
fn duplicate_tile() {
    assert_eq!(
        error("1 2 3 4 5 6 7 7 0", None),
        "tile 7 appears more than once, and tile 8 is missing"
    );
}

#[test]
fn value_out_of_range() {
    assert_eq!(
        error("1 2 3 4 5 6 7 9 0", None),
        "tile 9 is out of range: a 3x3 board uses 0 to 8"
    );
}

#[test]
fn missing_tile_is_named_with_the_duplicate_that_took_its_place() {
    assert_eq!(
        Board::new(Shape::square(2).unwrap(), vec![0, 2, 2, 1])
            .unwrap_err()
            .to_string(),
        "tile 2 appears more than once, and tile 3 is missing"
    );
    assert_eq!(
        error("0 1 1 2", None),
        "tile 1 appears more than once, and tile 3 is missing"
    );
}

#[test]
fn ragged_rows() {
    assert_eq!(
        error("1 2 3 / 4 5 / 6 7 0", None),
        "row 2 has 2 numbers, but row 1 has 3: every row needs the same length"
    );
}

#[test]
fn unsupported_shape() {
    assert_eq!(
        "1x5".parse::<Shape>().unwrap_err().to_string(),
        "a 1x5 board is not supported: each side must be from 2 to 16"
    );
    assert_eq!(
        "4by4".parse::<Shape>().unwrap_err().to_string(),
        "`4by4` is not a board size: write N (a square board) or WxH, e.g. 4 or 3x2"
    );
}

#[test]
fn size_mismatch_between_board_and_goal() {
    let board: Board = "1 2 3 0".parse().unwrap();
    let goal = Goal::parse("1 2 3 4 5 6 7 8 0", None).unwrap();
    assert_eq!(
        goal.board(board.shape()).unwrap_err().to_string(),
        "size mismatch: the board is 2x2 but the goal is 3x3"
    );
}

#[test]
fn size_line_conflicting_with_the_given_size() {
    assert_eq!(
        error("3\n1 2 3\n4 5 6\n7 8 0", Some("4")),
        "the input describes a 3x3 board, but the size given is 4x4"
    );
}

#[test]
fn unknown_goal_name() {
    assert_eq!(
        Goal::parse("spiral-ish", None).unwrap_err().to_string(),
        "unknown goal `spiral-ish`: use standard, blank-first, snail, or the goal's tile numbers"
    );
}

#[test]
fn illegal_and_unknown_moves() {
    let board: Board = "0 1 2 3 4 5 6 7 8".parse().unwrap();
    assert_eq!(
        board
            .after(&parse_moves("DL").unwrap())
            .unwrap_err()
            .to_string(),
        "move 2 (L) is illegal: the blank is at the edge, row 2, column 1"
    );
    assert_eq!(
        parse_moves("U D Q").unwrap_err().to_string(),
        "move 3 is 'Q': moves are U, D, L or R (the direction the blank moves)"
    );
}

#[test]
fn accepted_formats_agree() {
    let expected: Board = "6 1 7 3 0 4 5 8 2".parse().unwrap();
    for text in [
        "6,1,7,3,0,4,5,8,2",
        "6 1 7 / 3 0 4 / 5 8 2",
        "6 1 7\n3 0 4\n5 8 2\n",
        "# the seed instance\n3\n6 1 7  # first row\n3 0 4\n5 8 2\n",
        "3\n6 1 7 3 0 4 5 8 2",
    ] {
        assert_eq!(Board::parse(text, None).unwrap(), expected, "{text:?}");
    }
    let wide = Board::parse("1 2 3 4 5 0", Some("3x2".parse().unwrap())).unwrap();
    assert_eq!(wide.to_line(), "1 2 3 / 4 5 0");
    assert_eq!(Board::parse("3x2\n1 2 3\n4 5 0", None).unwrap(), wide);
}

/// An unknown algorithm name is a typed error quoting an excerpt (moved from `error.rs`, whose
/// own tests may not import the methods that import it).
#[test]
fn an_unknown_algorithm_is_a_typed_error_quoting_an_excerpt() {
    use puzzle_core::{Algorithm, UnknownAlgorithm};
    assert_eq!("A*".parse::<Algorithm>(), Ok(Algorithm::AStar));
    let error = "bogo".parse::<Algorithm>().unwrap_err();
    assert_eq!(
        error,
        UnknownAlgorithm {
            text: "bogo".into()
        }
    );
    assert_eq!(
        error.to_string(),
        "unknown algorithm `bogo`: use bfs, dfs, iddfs, greedy, astar or idastar"
    );
    let long = "x".repeat(100).parse::<Algorithm>().unwrap_err();
    assert_eq!(long.text.chars().count(), 33);
}
