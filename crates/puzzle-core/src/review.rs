//! A game played by hand, looked back on: the distance to the goal after each of the person's
//! moves, each move marked closer or farther, and how many moves took the person farther.
//!
//! Where the distance comes from is the caller's ([`Oracle`]): the exact table on boards of
//! up to 10 cells ([`TableOracle`]), a shortest answer found with the pattern databases on a
//! 4x4 (the CLI and the page's worker lend their tables), or bounds on bigger boards (a lower
//! bound, and the length of an answer found: [`Distance::Between`]).
//!
//! ```
//! use puzzle_core::analysis::DistanceTable;
//! use puzzle_core::review::{review, Step, TableOracle};
//! use puzzle_core::{parse_moves, Board, Goal};
//! let start: Board = "1 2 3 4 5 6 7 0 8".parse().unwrap();
//! let goal = Goal::Standard.board(start.shape()).unwrap();
//! let table = DistanceTable::build(&goal).unwrap();
//! let moves = parse_moves("LRR").unwrap();
//! let game = review(&start, &goal, &moves, &mut TableOracle(&table)).unwrap();
//! assert_eq!(game.steps(), [Step::Farther, Step::Closer, Step::Closer]);
//! assert_eq!((game.farther(), game.reached_goal()), (1, true));
//! ```

use thiserror::Error;

use crate::analysis::DistanceTable;
use crate::board::{Board, BoardError};
use crate::heuristic::{Heuristic, HeuristicKind};
use crate::known::{fewest_moves, fewest_moves_beside};
use crate::moves::{Direction, MoveError};
use crate::pdb::AdditivePdb;
use crate::search::Limits;
use crate::suboptimal::{solve_staged, StagedConfig};

/// The most moves a game reviewed may have.
pub const MAX_GAME_MOVES: usize = 100_000;

/// The distance from a board to the goal: exact, or known to lie between two bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "kind", rename_all = "kebab-case"))]
pub enum Distance {
    /// The fewest moves.
    Exact {
        /// The moves.
        moves: u32,
    },
    /// At least `lower` and at most `upper` moves.
    Between {
        /// A lower bound (an admissible estimate).
        lower: u32,
        /// An upper bound (the length of an answer found).
        upper: u32,
    },
}

impl Distance {
    /// The bounds, equal when exact.
    pub fn bounds(self) -> (u32, u32) {
        match self {
            Distance::Exact { moves } => (moves, moves),
            Distance::Between { lower, upper } => (lower, upper),
        }
    }
}

/// What a move did to the distance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Step {
    /// One move closer to the goal.
    Closer,
    /// One move farther (a move always changes the distance by exactly one).
    Farther,
    /// The bounds cannot tell.
    Unknown,
}

/// Gives the distance from a board to the goal, or `None` if it cannot (stopped, say).
pub trait Oracle {
    /// The distance from `board`.
    fn distance(&mut self, board: &Board) -> Option<Distance>;
}

/// The exact table as an oracle.
pub struct TableOracle<'t>(pub &'t DistanceTable);

impl Oracle for TableOracle<'_> {
    fn distance(&mut self, board: &Board) -> Option<Distance> {
        self.0
            .distance(board)
            .map(|moves| Distance::Exact { moves })
    }
}

impl<F: FnMut(&Board) -> Option<Distance>> Oracle for F {
    fn distance(&mut self, board: &Board) -> Option<Distance> {
        self(board)
    }
}

/// The exact distance over pattern databases (boards of up to 16 cells), for positions one
/// move apart asked in turn (a game): the first solved whole ([`fewest_moves`]), each next one
/// from the one before ([`fewest_moves_beside`]: one bounded search), any other solved whole.
pub struct PdbOracle<'a> {
    goal: &'a Board,
    pdb: &'a AdditivePdb,
    /// The last board asked and its distance.
    last: Option<(Board, u32)>,
}

impl<'a> PdbOracle<'a> {
    /// An oracle toward `goal` over `pdb` (databases for `goal`, or for the goal a relabelling
    /// leads to).
    pub fn new(goal: &'a Board, pdb: &'a AdditivePdb) -> Self {
        PdbOracle {
            goal,
            pdb,
            last: None,
        }
    }
}

impl Oracle for PdbOracle<'_> {
    fn distance(&mut self, board: &Board) -> Option<Distance> {
        let beside = self.last.as_ref().and_then(|(last, moves)| {
            let one_move = Direction::ALL
                .iter()
                .any(|&d| last.after(&[d]).is_ok_and(|next| next == *board));
            one_move.then_some(*moves)
        });
        let moves = match beside {
            Some(moves) => fewest_moves_beside(board, self.goal, self.pdb, moves)?,
            None => fewest_moves(board, self.goal, self.pdb)?,
        };
        self.last = Some((board.clone(), moves));
        Some(Distance::Exact { moves })
    }
}

/// Bounds for boards too big for exact distances: at least linear conflict's estimate, at most
/// the length of the staged solver's answer.
pub struct BoundsOracle<'a> {
    goal: &'a Board,
    lower: Heuristic,
    config: StagedConfig<'a>,
}

impl<'a> BoundsOracle<'a> {
    /// An oracle of bounds toward `goal`.
    pub fn new(goal: &'a Board) -> Self {
        BoundsOracle {
            goal,
            lower: Heuristic::new(HeuristicKind::LinearConflict, goal),
            config: StagedConfig::default(),
        }
    }
}

impl Oracle for BoundsOracle<'_> {
    fn distance(&mut self, board: &Board) -> Option<Distance> {
        let staged = solve_staged(board, self.goal, &self.config, &mut Limits::default()).ok()?;
        Some(Distance::Between {
            lower: self.lower.estimate(board),
            upper: staged.solution.length()? as u32,
        })
    }
}

/// A game looked back on: the distance at its start and after each move.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Review {
    /// The moves played.
    pub moves: Vec<Direction>,
    /// `distances[0]` at the start, `distances[i]` after the `i`-th move.
    pub distances: Vec<Distance>,
}

impl Review {
    /// What each move did, in order.
    pub fn steps(&self) -> Vec<Step> {
        self.distances
            .windows(2)
            .map(|pair| match (pair[0], pair[1]) {
                (Distance::Exact { moves: a }, Distance::Exact { moves: b }) if b < a => {
                    Step::Closer
                }
                (Distance::Exact { .. }, Distance::Exact { .. }) => Step::Farther,
                (before, after) => {
                    let ((low_a, high_a), (low_b, high_b)) = (before.bounds(), after.bounds());
                    if high_b < low_a {
                        Step::Closer
                    } else if low_b > high_a {
                        Step::Farther
                    } else {
                        Step::Unknown
                    }
                }
            })
            .collect()
    }

    /// How many moves took the person farther from the goal.
    pub fn farther(&self) -> usize {
        self.steps().iter().filter(|&&s| s == Step::Farther).count()
    }

    /// The distance from the start: the shortest the whole game could have been.
    pub fn shortest_from_start(&self) -> Distance {
        self.distances[0]
    }

    /// Whether the game ended at the goal.
    pub fn reached_goal(&self) -> bool {
        matches!(self.distances.last(), Some(Distance::Exact { moves: 0 }))
    }
}

/// Why a game cannot be reviewed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ReviewError {
    /// The start and the goal do not go together.
    #[error(transparent)]
    Board(#[from] BoardError),
    /// A move the board does not allow.
    #[error(transparent)]
    Move(#[from] MoveError),
    /// More moves than [`MAX_GAME_MOVES`].
    #[error("a game of {moves} moves is too long to review: at most {MAX_GAME_MOVES}")]
    TooLong {
        /// The moves given.
        moves: usize,
    },
    /// The oracle gave no distance for a board (stopped).
    #[error("no distance for the board after move {after}")]
    Stopped {
        /// Moves played before that board.
        after: usize,
    },
}

/// Reviews the game `moves` from `start` toward `goal`, asking `oracle` the distance of each
/// board along it. `progress(done, total)` is told after each board.
pub fn review(
    start: &Board,
    goal: &Board,
    moves: &[Direction],
    oracle: &mut dyn Oracle,
) -> Result<Review, ReviewError> {
    review_with_progress(start, goal, moves, oracle, &mut |_, _| {})
}

/// [`review`] telling `progress(done, total)` after each board.
pub fn review_with_progress(
    start: &Board,
    goal: &Board,
    moves: &[Direction],
    oracle: &mut dyn Oracle,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Review, ReviewError> {
    crate::solvability::solvability(start, goal)?;
    if moves.len() > MAX_GAME_MOVES {
        return Err(ReviewError::TooLong { moves: moves.len() });
    }
    // Every move checked before any distance is asked for.
    start.after(moves)?;
    let mut board = start.clone();
    let mut distances = Vec::with_capacity(moves.len() + 1);
    for i in 0..=moves.len() {
        if i > 0 {
            board.apply(moves[i - 1]);
        }
        let known = if board == *goal {
            Some(Distance::Exact { moves: 0 })
        } else {
            oracle.distance(&board)
        };
        distances.push(known.ok_or(ReviewError::Stopped { after: i })?);
        progress(i + 1, moves.len() + 1);
    }
    Ok(Review {
        moves: moves.to_vec(),
        distances,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::random_walk;
    use crate::relabel::Relabel;
    use crate::{parse_moves, Goal, Shape};
    use rand::rngs::StdRng;
    use rand::seq::SliceRandom;
    use rand::SeedableRng;

    /// `count` random legal moves from `from`, and the board they reach.
    fn wander(from: &Board, count: usize, rng: &mut StdRng) -> (Vec<Direction>, Board) {
        let mut now = from.clone();
        let moves = (0..count)
            .map(|_| {
                let legal: Vec<Direction> = now.legal_moves().collect();
                let direction = *legal.choose(rng).unwrap();
                now.apply(direction);
                direction
            })
            .collect();
        (moves, now)
    }

    #[test]
    fn every_move_is_one_closer_or_one_farther_on_the_exact_table() {
        let goal = Goal::Snail.board(Shape::square(3).unwrap()).unwrap();
        let table = DistanceTable::build(&goal).unwrap();
        let mut rng = StdRng::seed_from_u64(5);
        let start = random_walk(&goal, 40, &mut rng);
        // A game: 30 random moves from the start, then the shortest way home.
        let (mut game, mut now) = wander(&start, 30, &mut rng);
        while now != goal {
            let first = table.optimal_moves(&now)[0];
            now.apply(first);
            game.push(first);
        }
        let r = review(&start, &goal, &game, &mut TableOracle(&table)).unwrap();
        assert_eq!(r.distances.len(), game.len() + 1);
        assert!(r.reached_goal());
        for (i, pair) in r.distances.windows(2).enumerate() {
            let (a, b) = (pair[0].bounds().0, pair[1].bounds().0);
            assert_eq!(a.abs_diff(b), 1, "move {i}");
        }
        let closer = r.steps().iter().filter(|&&s| s == Step::Closer).count();
        assert_eq!(closer + r.farther(), game.len());
        // Closer minus farther is the distance covered.
        let covered = r.shortest_from_start().bounds().0 as usize;
        assert_eq!(closer - r.farther(), covered);
    }

    /// The pattern databases' oracle, each position from the one before by one bounded
    /// search, gives the exact table's distances on every position of games that wander, pass
    /// through the goal, go on and come back (three goals, so relabelled tables too).
    #[test]
    fn the_pattern_oracle_from_move_to_move_gives_the_exact_distances() {
        let shape = Shape::square(3).unwrap();
        let standard = Goal::Standard.board(shape).unwrap();
        let partition = crate::pdb::Partition::by_reading_order(&standard, &[4, 4]).unwrap();
        let pdb = AdditivePdb::build(&standard, &partition, &mut crate::Limits::default()).unwrap();
        for (seed, goal) in [Goal::Standard, Goal::BlankFirst, Goal::Snail]
            .into_iter()
            .enumerate()
        {
            let goal = goal.board(shape).unwrap();
            let table = DistanceTable::build(&goal).unwrap();
            let mut rng = StdRng::seed_from_u64(seed as u64);
            let start = random_walk(&goal, 6, &mut rng);
            let (game, _) = wander(&start, 120, &mut rng);
            let exact = review(&start, &goal, &game, &mut TableOracle(&table)).unwrap();
            let mut oracle = PdbOracle::new(&goal, &pdb);
            let chained = review(&start, &goal, &game, &mut oracle);
            if Relabel::between(&goal, &standard).is_none() {
                assert!(chained.is_err(), "no tables for the snail goal");
                continue;
            }
            assert_eq!(chained.unwrap(), exact, "goal {goal}");
        }
    }

    /// The bounds' oracle holds the exact distance between its bounds on every position.
    #[test]
    fn the_bounds_oracle_holds_the_exact_distance() {
        let goal = Goal::Standard.board(Shape::square(3).unwrap()).unwrap();
        let table = DistanceTable::build(&goal).unwrap();
        let mut rng = StdRng::seed_from_u64(9);
        let start = random_walk(&goal, 30, &mut rng);
        let (game, _) = wander(&start, 40, &mut rng);
        let exact = review(&start, &goal, &game, &mut TableOracle(&table)).unwrap();
        let bounded = review(&start, &goal, &game, &mut BoundsOracle::new(&goal)).unwrap();
        for (exact, bounds) in exact.distances.iter().zip(&bounded.distances) {
            let (lower, upper) = bounds.bounds();
            let moves = exact.bounds().0;
            assert!(
                lower <= moves && moves <= upper,
                "{lower} <= {moves} <= {upper}"
            );
        }
    }

    #[test]
    fn bad_games_are_refused_in_words() {
        let goal = Goal::Standard.board(Shape::square(3).unwrap()).unwrap();
        let table = DistanceTable::build(&goal).unwrap();
        let oracle = &mut TableOracle(&table);
        let e = review(&goal, &goal, &parse_moves("DD").unwrap(), oracle).unwrap_err();
        assert_eq!(
            e.to_string(),
            "move 1 (D) is illegal: the blank is at the edge, row 3, column 3"
        );
        let long = vec![Direction::Left; MAX_GAME_MOVES + 1];
        assert!(matches!(
            review(&goal, &goal, &long, oracle),
            Err(ReviewError::TooLong { .. })
        ));
        let four = Goal::Standard.board(Shape::square(4).unwrap()).unwrap();
        assert!(matches!(
            review(&four, &goal, &[], oracle),
            Err(ReviewError::Board(_))
        ));
        let mut never = |_: &Board| None;
        let start = goal.after(&parse_moves("U").unwrap()).unwrap();
        assert_eq!(
            review(&start, &goal, &[], &mut never),
            Err(ReviewError::Stopped { after: 0 })
        );
    }

    #[test]
    fn bounds_tell_closer_or_farther_only_when_they_do_not_overlap() {
        let r = Review {
            moves: vec![Direction::Up; 3],
            distances: vec![
                Distance::Between {
                    lower: 10,
                    upper: 12,
                },
                Distance::Between {
                    lower: 11,
                    upper: 14,
                },
                Distance::Between {
                    lower: 15,
                    upper: 20,
                },
                Distance::Exact { moves: 13 },
            ],
        };
        assert_eq!(r.steps(), [Step::Unknown, Step::Farther, Step::Closer]);
        assert_eq!(r.farther(), 1);
        assert!(!r.reached_goal());
    }
}
