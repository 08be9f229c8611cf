use super::*;
use crate::board::Shape;
use crate::generate::{scramble_seeded, Scramble};
use crate::Goal;

/// Plays `taught` on `board`, checking after each phase that its tiles are home and that
/// every tile an earlier phase brought home is still there; the end is the goal.
fn check_phases(board: &Board, goal: &Board, taught: &Taught) -> Result<(), String> {
    let mut now = board.clone();
    let mut home: Vec<usize> = Vec::new();
    for (i, phase) in taught.phases.iter().enumerate() {
        now = now
            .after(&phase.moves)
            .map_err(|e| format!("phase {i} ({}): {e}", phase.name))?;
        home.extend(&phase.cells);
        for &cell in &home {
            if now.tile(cell) != goal.tile(cell) {
                return Err(format!(
                    "after phase {i} ({}) cell {cell} holds {} on {now}",
                    phase.name,
                    now.tile(cell)
                ));
            }
        }
        let tiles: Vec<u8> = phase.cells.iter().map(|&c| goal.tile(c)).collect();
        if tiles != phase.tiles {
            return Err(format!("phase {i}: tiles {:?} for cells", phase.tiles));
        }
    }
    if now != *goal {
        return Err(format!("ends at {now}, not the goal"));
    }
    if home.len() + 1 != goal.cells().len() {
        return Err(format!("{} tiles brought home", home.len()));
    }
    Ok(())
}

#[test]
fn every_phase_ends_with_its_tiles_home_on_every_size_and_goal() {
    let shapes = [
        (2, 2, 40),
        (3, 2, 40),
        (2, 3, 40),
        (3, 3, 200),
        (4, 2, 40),
        (2, 5, 40),
        (4, 4, 200),
        (5, 3, 60),
        (3, 6, 40),
        (5, 5, 60),
        (6, 4, 30),
        (7, 7, 15),
        (8, 8, 10),
        (10, 6, 5),
        (12, 12, 3),
        (16, 16, 2),
    ];
    let mut boards = 0;
    for (width, height, count) in shapes {
        let shape = Shape::new(width, height).unwrap();
        for goal in [Goal::Standard, Goal::BlankFirst, Goal::Snail] {
            let goal = goal.board(shape).unwrap();
            for seed in 0..count {
                let board = scramble_seeded(&goal, Scramble::Uniform, true, seed);
                let taught = solve_taught(&board, &goal, &mut Limits::default())
                    .unwrap_or_else(|e| panic!("{board} toward {goal}: {e}"));
                if let Err(why) = check_phases(&board, &goal, &taught) {
                    panic!("{width}x{height} toward {goal}, seed {seed}: {why}");
                }
                boards += 1;
            }
        }
    }
    assert!(boards > 2_000, "{boards} boards");
}

#[test]
fn the_phases_are_named_as_people_are_taught() {
    let goal = Goal::Standard.board(Shape::square(4).unwrap()).unwrap();
    let board = scramble_seeded(&goal, Scramble::Uniform, true, 3);
    let taught = solve_taught(&board, &goal, &mut Limits::default()).unwrap();
    let names: Vec<&str> = taught.phases.iter().map(|p| p.name.as_str()).collect();
    // The first row, then the first column, then the 3x3 left: its first row, and the last
    // 2x3 at once.
    assert_eq!(
        names,
        [
            "Row 1: tiles 1 and 2",
            "Row 1: tiles 3 and 4, the corner trick",
            "Column 1: tile 5",
            "Column 1: tiles 9 and 13, the corner trick",
            "Row 2: tile 6",
            "Row 2: tiles 7 and 8, the corner trick",
            "The last 3x2: tiles 10, 11, 12, 14 and 15",
        ]
    );
    let kinds: Vec<PhaseKind> = taught.phases.iter().map(|p| p.kind).collect();
    assert_eq!(kinds[1], PhaseKind::CornerTrick);
    assert_eq!(kinds[6], PhaseKind::Last);
    // Toward the blank-first goal the bottom row comes first.
    let blank_first = Goal::BlankFirst.board(goal.shape()).unwrap();
    let board = scramble_seeded(&blank_first, Scramble::Uniform, true, 3);
    let taught = solve_taught(&board, &blank_first, &mut Limits::default()).unwrap();
    assert_eq!(taught.phases[0].name, "Row 4: tiles 15 and 14");
}

#[test]
fn bad_boards_are_refused_in_words() {
    let goal = Goal::Standard.board(Shape::square(3).unwrap()).unwrap();
    let swapped = goal.swapped(0, 1);
    assert_eq!(
        solve_taught(&swapped, &goal, &mut Limits::default()),
        Err(TaughtError::Unsolvable)
    );
    let other = Goal::Standard.board(Shape::square(4).unwrap()).unwrap();
    assert!(matches!(
        solve_taught(&other, &goal, &mut Limits::default()),
        Err(TaughtError::Board(_))
    ));
    let taught = solve_taught(&goal, &goal, &mut Limits::default()).unwrap();
    assert!(taught.moves().is_empty(), "the goal needs no move");
    assert!(check_phases(&goal, &goal, &taught).is_ok());
}
