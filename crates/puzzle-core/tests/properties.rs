//! Property tests: round trips and invariants over random boards of many shapes.

use proptest::prelude::*;
use puzzle_core::generate::{scramble_seeded, Scramble};
use puzzle_core::{solvability, Board, Direction, Goal, Shape};

fn any_board() -> impl Strategy<Value = Board> {
    (2usize..=8, 2usize..=8, any::<u64>(), any::<bool>()).prop_map(|(w, h, seed, solvable)| {
        let goal = Goal::Standard.board(Shape::new(w, h).unwrap()).unwrap();
        scramble_seeded(&goal, Scramble::Uniform, solvable, seed)
    })
}

proptest! {
    #[test]
    fn line_format_round_trips(board in any_board()) {
        prop_assert_eq!(Board::parse(&board.to_line(), None).unwrap(), board.clone());
        prop_assert_eq!(Board::parse(&board.to_flat(), Some(board.shape())).unwrap(), board.clone());
        prop_assert_eq!(Board::parse(&board.to_npuzzle(), None).unwrap(), board);
    }

    #[test]
    fn packing_round_trips(board in any_board()) {
        match board.pack() {
            Some(word) => prop_assert_eq!(Board::unpack(board.shape(), word).unwrap(), board),
            None => prop_assert!(board.cells().len() > 16),
        }
    }

    #[test]
    fn legal_moves_keep_solvability(board in any_board(), picks in prop::collection::vec(0usize..4, 1..50)) {
        let goal = Goal::Snail.board(board.shape()).unwrap();
        let before = solvability(&board, &goal).unwrap().solvable;
        let mut current = board;
        for pick in picks {
            let legal: Vec<Direction> = current.legal_moves().collect();
            let d = legal[pick % legal.len()];
            prop_assert!(current.apply(d));
            prop_assert_eq!(solvability(&current, &goal).unwrap().solvable, before);
        }
    }

    #[test]
    fn a_move_and_its_opposite_cancel(board in any_board()) {
        for d in board.legal_moves() {
            prop_assert_eq!(board.after(&[d, d.opposite()]).unwrap(), board.clone());
        }
    }

    #[test]
    fn clicking_a_tile_in_line_with_the_blank_moves_it_next_to_where_the_blank_was(board in any_board(), cell in 0usize..64) {
        let cell = cell % board.cells().len();
        match board.slide_moves(cell) {
            Some(moves) => {
                let after = board.after(&moves).unwrap();
                prop_assert_eq!(after.blank(), cell);
                prop_assert_eq!(after.tile(board.blank()) != 0, true);
            }
            None => {
                let shape = board.shape();
                prop_assert!(cell == board.blank()
                    || (shape.row(cell) != shape.row(board.blank())
                        && shape.column(cell) != shape.column(board.blank())));
            }
        }
    }
}
