//! How a goal's tiles are split into the groups of additive pattern tables: compact blocks, so
//! that the tiles that get in each other's way share a table and their interactions count.

use crate::board::Board;

/// The goal's tiles (the blank left out) in groups of at most `size`, cut band by band: the
/// board is split into bands of two rows, each band is read column by column, and its tiles
/// are cut into near-equal groups (2x3 and 2x2 blocks for 5-tile groups on 5x5, 2x2 blocks
/// for 4-tile groups on 6x6). The tables the page ships use these.
pub(crate) fn by_band(goal: &Board, size: usize) -> Vec<Vec<u8>> {
    let mut groups = Vec::new();
    for band in bands(goal, 2, false) {
        groups.extend(cut(&band, size));
    }
    groups
}

/// The goal's tiles in groups of at most `size`, cut from one path through the board: bands
/// of `band_rows` rows (the last band what is left), each read column by column, every other
/// band from the right, so that a group that does not fit in one band carries on around the
/// band's end into the next one. With 6-tile groups on 5x5 and bands of three rows, every
/// group is a 3x2 or 2x3 block; the strong tables use these (the band height chosen by the
/// estimates' mean over random boards, `docs/BENCHMARKS.md`).
pub(crate) fn by_path(goal: &Board, size: usize, band_rows: usize) -> Vec<Vec<u8>> {
    let path: Vec<u8> = bands(goal, band_rows, true).concat();
    cut(&path, size)
}

/// The goal's tiles band by band (bands of `rows` rows from the top, read column by column,
/// top row first; with `turn`, every other band from the right), the blank left out.
fn bands(goal: &Board, rows: usize, turn: bool) -> Vec<Vec<u8>> {
    let shape = goal.shape();
    let rows = rows.max(1);
    (0..shape.height())
        .step_by(rows)
        .enumerate()
        .map(|(b, top)| {
            let band_rows = top..(top + rows).min(shape.height());
            let mut columns: Vec<usize> = (0..shape.width()).collect();
            if turn && b % 2 == 1 {
                columns.reverse();
            }
            columns
                .into_iter()
                .flat_map(|column| {
                    band_rows
                        .clone()
                        .map(move |row| row * shape.width() + column)
                })
                .map(|cell| goal.tile(cell))
                .filter(|&tile| tile != 0)
                .collect()
        })
        .collect()
}

/// `tiles` cut in order into the fewest near-equal pieces of at most `size`.
fn cut(tiles: &[u8], size: usize) -> Vec<Vec<u8>> {
    let pieces = tiles.len().div_ceil(size.max(1));
    let mut groups = Vec::with_capacity(pieces);
    let mut at = 0;
    for piece in 0..pieces {
        let take = (tiles.len() - at).div_ceil(pieces - piece);
        groups.push(tiles[at..at + take].to_vec());
        at += take;
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::goal::Goal;
    use crate::Shape;

    fn standard(width: usize, height: usize) -> Board {
        Goal::Standard
            .board(Shape::new(width, height).unwrap())
            .unwrap()
    }

    /// Every tile but the blank is in exactly one group, and no group is larger than asked.
    #[test]
    fn groups_cover_every_tile_once() {
        for (w, h) in [(3, 3), (4, 4), (5, 5), (6, 6), (7, 7), (4, 3), (8, 8)] {
            let goal = standard(w, h);
            for size in 2..=6 {
                for groups in [
                    by_band(&goal, size),
                    by_path(&goal, size, 2),
                    by_path(&goal, size, 3),
                ] {
                    let mut tiles: Vec<u8> = groups.concat();
                    tiles.sort_unstable();
                    let expected: Vec<u8> = (1..(w * h) as u8).collect();
                    assert_eq!(tiles, expected, "{w}x{h} size {size}");
                    assert!(groups.iter().all(|g| !g.is_empty() && g.len() <= size));
                }
            }
        }
    }

    /// The 5x5 standard goal in 6-tile groups from three-row bands: four blocks of 3x2 / 2x3.
    #[test]
    fn strong_5x5_groups_are_blocks() {
        let groups = by_path(&standard(5, 5), 6, 3);
        assert_eq!(
            groups,
            vec![
                vec![1, 6, 11, 2, 7, 12],
                vec![3, 8, 13, 4, 9, 14],
                vec![5, 10, 15, 20, 19, 24],
                vec![18, 23, 17, 22, 16, 21],
            ]
        );
        // The shipped 5-tile groups are unchanged.
        assert_eq!(
            by_band(&standard(5, 5), 5)[..2],
            [vec![1, 6, 2, 7, 3], vec![8, 4, 9, 5, 10]]
        );
    }
}
