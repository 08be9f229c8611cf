//! Boards at an exact depth: every board of a small size sorted by its true distance to the goal
//! (from [`DistanceTable`], a breadth-first search from the goal), and seeded draws among those
//! at one distance, each board equally likely.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use thiserror::Error;

use crate::analysis::{DistanceTable, TableTooLarge};
use crate::board::{Board, Shape};

/// Why boards at a depth cannot be drawn.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DepthError {
    /// The board is too large for an exact distance table.
    #[error("boards at an exact depth need every board's true distance: {0}")]
    TooLarge(TableTooLarge),
    /// No board of this size lies at that distance from the goal.
    #[error(
        "no {shape} board lies exactly {depth} moves from this goal: distances run from 0 to {max}"
    )]
    NoBoards {
        /// The board size.
        shape: Shape,
        /// The depth asked for.
        depth: u32,
        /// The largest distance any board has.
        max: u32,
    },
}

// By hand rather than `#[from]`, which would also make the table error the source and have
// chained reports (`{:#}`) say it twice.
impl From<TableTooLarge> for DepthError {
    fn from(error: TableTooLarge) -> Self {
        DepthError::TooLarge(error)
    }
}

/// Every board that can reach one goal, grouped by its exact distance to it.
///
/// ```
/// use puzzle_core::experiment::ExactDepths;
/// use puzzle_core::{Goal, Shape};
/// let goal = Goal::Standard.board(Shape::square(3).unwrap()).unwrap();
/// let depths = ExactDepths::build(&goal).unwrap();
/// assert_eq!(depths.max_depth(), 31);
/// assert_eq!(depths.count(31), 2);
/// let boards = depths.draw_seeded(20, 5, 7).unwrap();
/// assert_eq!(boards, depths.draw_seeded(20, 5, 7).unwrap());
/// ```
#[derive(Clone, Debug)]
pub struct ExactDepths {
    goal: Board,
    /// Packed boards at each distance (index = distance), in breadth-first order.
    by_depth: Vec<Vec<u64>>,
}

impl ExactDepths {
    /// Runs the breadth-first search from `goal` (3x3: 181,440 boards, well under a second;
    /// boards of up to [`crate::analysis::MAX_TABLE_CELLS`] cells).
    pub fn build(goal: &Board) -> Result<ExactDepths, DepthError> {
        let table = DistanceTable::build(goal)?;
        let mut by_depth: Vec<Vec<u64>> = Vec::new();
        for (word, distance) in table.packed() {
            let d = distance as usize;
            if by_depth.len() <= d {
                by_depth.resize_with(d + 1, Vec::new);
            }
            by_depth[d].push(word);
        }
        Ok(ExactDepths {
            goal: goal.clone(),
            by_depth,
        })
    }

    /// The goal the distances lead to.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The largest distance of any board (31 on 3x3).
    pub fn max_depth(&self) -> u32 {
        self.by_depth.len().saturating_sub(1) as u32
    }

    /// How many boards lie exactly `depth` moves from the goal.
    pub fn count(&self, depth: u32) -> usize {
        self.by_depth.get(depth as usize).map_or(0, Vec::len)
    }

    /// Whether some board lies exactly `depth` moves from the goal; if not, why.
    pub fn check(&self, depth: u32) -> Result<(), DepthError> {
        if self.count(depth) > 0 {
            Ok(())
        } else {
            Err(DepthError::NoBoards {
                shape: self.goal.shape(),
                depth,
                max: self.max_depth(),
            })
        }
    }

    /// `count` distinct boards exactly `depth` moves from the goal, drawn uniformly among all
    /// such boards; a depth with at most `count` boards gives each of them once (so fewer than
    /// `count`: the caller reports how many).
    pub fn draw(
        &self,
        depth: u32,
        count: usize,
        rng: &mut impl Rng,
    ) -> Result<Vec<Board>, DepthError> {
        self.check(depth)?;
        let words = &self.by_depth[depth as usize];
        let shape = self.goal.shape();
        let unpack = |word: u64| Board::unpack(shape, word).expect("packed from a valid board");
        if count >= words.len() {
            return Ok(words.iter().map(|&word| unpack(word)).collect());
        }
        // Drawn one at a time, a repeat drawn again (fewer than all boards are wanted, so this
        // ends; at most `count` of `len` taken, each draw is new with chance above 1/`len`).
        // As a u64, not a usize: rand samples a usize range with the platform's width, so
        // wasm32 (the page's worker) would draw other boards than a 64-bit build for the same
        // seed. As a u64 both draw the boards a 64-bit usize did.
        let mut taken = std::collections::HashSet::with_capacity(count);
        let mut boards = Vec::with_capacity(count);
        while boards.len() < count {
            let index = rng.gen_range(0..words.len() as u64) as usize;
            if taken.insert(index) {
                boards.push(unpack(words[index]));
            }
        }
        Ok(boards)
    }

    /// [`ExactDepths::draw`] from a seed: the same seed and depth give the same boards on every
    /// platform, whatever other depths are drawn.
    pub fn draw_seeded(
        &self,
        depth: u32,
        count: usize,
        seed: u64,
    ) -> Result<Vec<Board>, DepthError> {
        self.draw(
            depth,
            count,
            &mut StdRng::seed_from_u64(depth_seed(seed, depth)),
        )
    }
}

/// The seed of one depth's draws: the experiment's seed mixed with the depth (a SplitMix64
/// step), so each depth has its own stream.
fn depth_seed(seed: u64, depth: u32) -> u64 {
    let mut z = seed.wrapping_add(u64::from(depth).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::goal::Goal;

    #[test]
    fn counts_add_up_to_the_reachable_half() {
        let goal = Goal::Standard.board(Shape::new(3, 2).unwrap()).unwrap();
        let depths = ExactDepths::build(&goal).unwrap();
        let total: usize = (0..=depths.max_depth()).map(|d| depths.count(d)).sum();
        assert_eq!(total, 360);
        assert_eq!(depths.count(0), 1);
        assert_eq!(depths.draw_seeded(0, 3, 1).unwrap(), vec![goal.clone()]);
    }

    /// Asked for more boards than a depth has, the draw gives each once; asked for fewer, it
    /// gives distinct ones (3x3: the farthest depth, 31, has exactly 2 boards).
    #[test]
    fn draws_are_distinct_and_never_more_than_there_are() {
        let goal = Goal::Standard.board(Shape::square(3).unwrap()).unwrap();
        let depths = ExactDepths::build(&goal).unwrap();
        assert_eq!(depths.count(31), 2);
        let farthest = depths.draw_seeded(31, 1000, 5).unwrap();
        assert_eq!(farthest.len(), 2);
        assert_ne!(farthest[0], farthest[1]);
        for depth in [2, 5, 20, 30] {
            let wanted = 100.min(depths.count(depth) - 1);
            let boards = depths.draw_seeded(depth, wanted, 9).unwrap();
            let distinct: std::collections::HashSet<_> = boards.iter().collect();
            assert_eq!(
                (boards.len(), distinct.len()),
                (wanted, wanted),
                "depth {depth}"
            );
        }
    }

    #[test]
    fn beyond_the_farthest_is_an_error_not_a_panic() {
        let goal = Goal::Standard.board(Shape::square(2).unwrap()).unwrap();
        let depths = ExactDepths::build(&goal).unwrap();
        let max = depths.max_depth();
        let error = depths.draw_seeded(max + 1, 1, 0).unwrap_err();
        assert_eq!(
            error,
            DepthError::NoBoards {
                shape: goal.shape(),
                depth: max + 1,
                max
            }
        );
        assert!(error.to_string().contains("distances run from 0 to"));
    }

    #[test]
    fn four_by_four_is_refused_with_the_reason() {
        let goal = Goal::Standard.board(Shape::square(4).unwrap()).unwrap();
        let error = ExactDepths::build(&goal).unwrap_err();
        assert!(matches!(error, DepthError::TooLarge(_)));
        assert!(error.to_string().contains("at most 10 cells"), "{error}");
    }

    #[test]
    fn other_seeds_draw_other_boards() {
        let goal = Goal::Standard.board(Shape::square(3).unwrap()).unwrap();
        let depths = ExactDepths::build(&goal).unwrap();
        assert_ne!(
            depths.draw_seeded(20, 10, 1).unwrap(),
            depths.draw_seeded(20, 10, 2).unwrap()
        );
        assert_ne!(depth_seed(1, 20), depth_seed(1, 22));
    }
}
