//! Windows of the path to the core that only keep what the rest of that path needs.
//!
//! For a fixed sequence of blank moves, every tile's trajectory depends on its own cell and the
//! blank's only: the others do not change where it goes. So a stretch of the path to the core
//! (the moves that bring the tiles outside the core home) may be replaced by any shorter one
//! that leaves the *tracked* tiles (those whose home is outside the core) and the blank where
//! the stretch left them: the moves after it still bring every tracked tile home, and only the
//! core tiles end elsewhere (the core is searched again afterwards). Such a target is far
//! looser than the exact end board the plain windows ([`crate::shorten::ida`]) must reach, so the same
//! stretch can often be done in fewer moves.
//!
//! The search is IDA* over the tracked tiles and the blank (the other tiles are alike), with
//! the larger of the tracked tiles' Manhattan distances and the blank's distance to its cell as
//! the admissible estimate.

use crate::board::{Board, Shape};
use crate::moves::Direction;

use crate::budget::{Budget, Halt};
use crate::shorten::ida::{self, distance, Walk};

/// The label of every untracked tile on the searched board.
const UNTRACKED: u8 = u8::MAX;

/// A path of at most `max_len` moves from `start` after which every tile with
/// `tracked[tile]` and the blank stand where they stand in `target`; shortest among such
/// paths, or `None` if there is none or `node_cap` expansions did not settle it.
pub(crate) fn shortest_loose(
    start: &Board,
    target: &Board,
    tracked: &[bool],
    max_len: usize,
    node_cap: u64,
    budget: &mut Budget,
) -> Result<Option<Vec<Direction>>, Halt> {
    let shape = start.shape();
    if target.shape() != shape || tracked.len() < shape.cells() {
        return Ok(None);
    }
    let mut home = vec![0u8; shape.cells()];
    for (cell, &tile) in target.cells().iter().enumerate() {
        home[tile as usize] = cell as u8;
    }
    let cells: Vec<u8> = start
        .cells()
        .iter()
        .map(|&t| {
            if t == 0 || tracked[t as usize] {
                t
            } else {
                UNTRACKED
            }
        })
        .collect();
    let manhattan = cells
        .iter()
        .enumerate()
        .filter(|&(_, &t)| t != 0 && t != UNTRACKED)
        .map(|(c, &t)| distance(shape, c, home[t as usize] as usize))
        .sum();
    let mut walk = Loose {
        shape,
        home,
        target_blank: target.blank(),
        cells,
        blank: start.blank(),
        manhattan,
    };
    ida::deepen_within(&mut walk, max_len, node_cap, budget)
}

/// The board with its untracked tiles all alike, searched toward the tracked tiles' cells.
struct Loose {
    shape: Shape,
    /// `home[tile]`: the tile's cell on the target board.
    home: Vec<u8>,
    target_blank: usize,
    /// The board, untracked tiles all [`UNTRACKED`].
    cells: Vec<u8>,
    blank: usize,
    /// The tracked tiles' Manhattan distances to their cells on the target.
    manhattan: u32,
}

impl Loose {
    /// Moves the tile at `from` to the blank at `to`.
    fn swap(&mut self, from: usize, to: usize) {
        let tile = self.cells[from];
        if tile != UNTRACKED {
            let home = self.home[tile as usize] as usize;
            self.manhattan =
                self.manhattan + distance(self.shape, to, home) - distance(self.shape, from, home);
        }
        self.cells.swap(from, to);
        self.blank = from;
    }
}

impl Walk for Loose {
    /// The tile's old cell and its new one.
    type Saved = (usize, usize);

    fn shape(&self) -> Shape {
        self.shape
    }

    fn blank(&self) -> usize {
        self.blank
    }

    fn estimate(&self) -> u32 {
        self.manhattan
            .max(distance(self.shape, self.blank, self.target_blank))
    }

    fn is_goal(&self, h: u32) -> bool {
        h == 0
    }

    fn slide(&mut self, from: usize) -> Self::Saved {
        let to = self.blank;
        self.swap(from, to);
        (from, to)
    }

    fn undo(&mut self, (from, to): Self::Saved) {
        self.swap(to, from);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{scramble_seeded, Scramble};
    use crate::search::Limits;
    use crate::{Goal, Shape};

    /// On 3x3 with every tile tracked the search is exact: its paths are as long as the plain
    /// windows' (IDA* toward the board); with fewer tracked tiles they are never longer, and
    /// they leave the tracked tiles and the blank where the target has them.
    #[test]
    fn looser_targets_give_paths_no_longer_and_correct() {
        let goal = Goal::Standard.board(Shape::square(3).unwrap()).unwrap();
        let all = vec![true; 9];
        let some: Vec<bool> = (0..9).map(|t| t == 1 || t == 2 || t == 3).collect();
        let mut shorter = 0;
        for seed in 0..20 {
            let start = scramble_seeded(&goal, Scramble::Uniform, true, seed);
            let target = scramble_seeded(&goal, Scramble::Uniform, true, seed + 100);
            let mut limits = Limits::default();
            let mut budget = Budget::new(&mut limits, f64::INFINITY);
            let exact =
                crate::shorten::ida::shortest_between(&start, &target, 40, u64::MAX, &mut budget)
                    .unwrap()
                    .expect("a path");
            let full = shortest_loose(&start, &target, &all, 40, u64::MAX, &mut budget)
                .unwrap()
                .expect("a path");
            assert_eq!(full.len(), exact.len());
            assert_eq!(start.after(&full).unwrap(), target);
            let loose = shortest_loose(&start, &target, &some, 40, u64::MAX, &mut budget)
                .unwrap()
                .expect("a path");
            assert!(loose.len() <= exact.len());
            shorter += usize::from(loose.len() < exact.len());
            let end = start.after(&loose).unwrap();
            assert_eq!(end.blank(), target.blank());
            for tile in [1, 2, 3] {
                assert_eq!(end.position_of(tile), target.position_of(tile));
            }
        }
        assert!(shorter > 10, "three tracked tiles should need fewer moves");
    }
}
