//! Keyboard movement between the grid's cells (the ARIA grid pattern): arrows to the
//! neighbouring cell, Home and End to the ends of the row, with Ctrl to the first and last cell.

use puzzle_core::{Direction, Shape};

/// The cell that `key` moves the focus to from `cell`, or `None` when the key is not a grid key
/// (the focus stays where it is at an edge: `Some(cell)`).
pub fn grid_target(shape: Shape, cell: usize, key: &str, ctrl: bool) -> Option<usize> {
    let step = |direction| Some(shape.neighbour(cell, direction).unwrap_or(cell));
    let row_start = shape.row(cell) * shape.width();
    match key {
        "ArrowUp" => step(Direction::Up),
        "ArrowDown" => step(Direction::Down),
        "ArrowLeft" => step(Direction::Left),
        "ArrowRight" => step(Direction::Right),
        "Home" if ctrl => Some(0),
        "End" if ctrl => Some(shape.cells() - 1),
        "Home" => Some(row_start),
        "End" => Some(row_start + shape.width() - 1),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrows_stop_at_the_edges_and_home_end_follow_the_row() {
        let shape = Shape::new(4, 3).unwrap();
        assert_eq!(grid_target(shape, 5, "ArrowUp", false), Some(1));
        assert_eq!(grid_target(shape, 5, "ArrowDown", false), Some(9));
        assert_eq!(grid_target(shape, 5, "ArrowLeft", false), Some(4));
        assert_eq!(grid_target(shape, 5, "ArrowRight", false), Some(6));
        assert_eq!(grid_target(shape, 1, "ArrowUp", false), Some(1));
        assert_eq!(grid_target(shape, 7, "ArrowRight", false), Some(7));
        assert_eq!(grid_target(shape, 5, "Home", false), Some(4));
        assert_eq!(grid_target(shape, 5, "End", false), Some(7));
        assert_eq!(grid_target(shape, 5, "Home", true), Some(0));
        assert_eq!(grid_target(shape, 5, "End", true), Some(11));
        assert_eq!(grid_target(shape, 5, "Enter", false), None);
        assert_eq!(grid_target(shape, 5, "w", false), None);
    }
}
