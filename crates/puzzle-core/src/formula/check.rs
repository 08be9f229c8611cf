//! Exact verdicts on an estimate, over every board of a shape of at most
//! [`MAX_TABLE_CELLS`](crate::analysis::MAX_TABLE_CELLS) cells that can reach the goal: whether
//! it ever overestimates (how often, by how much, and the boards that show it), whether it is
//! consistent (the moves along which it drops by more than one), and how informed it is (its
//! mean against the true mean, and against each built-in estimate). On larger boards the same
//! verdicts over a sample of boards whose fewest moves are known ([`check_known`] over
//! [`crate::known::known_boards`]): checked on those boards, not proven.

use std::collections::BTreeMap;

use crate::analysis::{DistanceTable, TableTooLarge};
use crate::board::Board;
use crate::heuristic::{Heuristic, HeuristicKind};

use super::Estimate;

/// How many boards of the largest overestimates a verdict keeps.
pub const EXAMPLES: usize = 10;

/// A board with the estimate and the true distance there.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Example {
    /// The board.
    pub board: Board,
    /// The formula's estimate (rounded up, as a search uses it).
    pub estimate: u32,
    /// The fewest moves to the goal.
    pub distance: u32,
}

/// How the estimate compares with one built-in, board by board.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Against {
    /// The built-in.
    pub kind: HeuristicKind,
    /// Boards where the formula's estimate is higher.
    pub higher: usize,
    /// Boards where it is lower.
    pub lower: usize,
}

impl Against {
    /// "dominates", "is dominated by", "equals" or "neither".
    pub fn verdict(&self) -> &'static str {
        match (self.higher, self.lower) {
            (0, 0) => "equals",
            (_, 0) => "dominates",
            (0, _) => "is dominated by",
            _ => "neither",
        }
    }
}

/// The verdicts on an estimate over every board that can reach one goal.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Verdicts {
    /// Boards checked: every board that can reach the goal, or a sample ([`check_known`]).
    pub boards: usize,
    /// Whether they are every board (the verdicts are then proven), not a sample.
    pub exact: bool,
    /// Boards where the estimate is above the true distance.
    pub overestimated: usize,
    /// The largest overestimate, in moves (0 when admissible).
    pub largest_overestimate: u32,
    /// Up to [`EXAMPLES`] boards of the largest overestimates, largest first.
    pub examples: Vec<Example>,
    /// Moves (each pair of neighbouring boards once) across which the estimate changes by more
    /// than one: 0 for a consistent estimate.
    pub inconsistent_moves: usize,
    /// The mean estimate.
    pub mean_estimate: f64,
    /// The mean true distance.
    pub mean_distance: f64,
    /// Against misplaced tiles, Manhattan distance and linear conflict.
    pub against: Vec<Against>,
    /// `h - h*` over all boards: `(difference, boards)` from the lowest difference up.
    pub differences: Vec<(i64, usize)>,
}

impl Verdicts {
    /// Whether the estimate never overestimates (the shortest answers are then proven).
    pub fn admissible(&self) -> bool {
        self.overestimated == 0
    }

    /// Whether it never drops by more than one in a move.
    pub fn consistent(&self) -> bool {
        self.inconsistent_moves == 0
    }
}

/// The verdicts on `estimate` toward `table`'s goal (the table built for the goal the estimate
/// was bound to). `progress(done, total)` is told every 4096 boards and stops the check when
/// it answers `false` (then `None`).
pub fn check(
    estimate: &Estimate,
    table: &DistanceTable,
    progress: &mut dyn FnMut(usize, usize) -> bool,
) -> Option<Verdicts> {
    let goal = table.goal();
    let shape = goal.shape();
    let mut tally = Tally::new(goal);
    let total = table.len();
    for (done, (word, distance)) in table.packed().enumerate() {
        if done % 4096 == 0 && !progress(done, total) {
            return None;
        }
        let board = Board::unpack(shape, word).expect("packed from a valid board");
        let h = tally.add(estimate, &board, distance);
        // Each pair of neighbours once: from the board with the smaller packed word.
        for (_, child) in board.children() {
            if child.pack().expect("at most 16 cells") > word {
                tally.inconsistent += usize::from(estimate.estimate(&child).abs_diff(h) > 1);
            }
        }
    }
    progress(total, total);
    Some(tally.verdicts(total, true))
}

/// The verdicts on `estimate` over a sample: boards whose fewest moves to `goal` are known
/// (on boards too large for an exact table), each move from a sampled board checked for
/// consistency. Not proven: [`Verdicts::exact`] is false. `progress` as for [`check`], every
/// 64 boards.
pub fn check_known(
    estimate: &Estimate,
    goal: &Board,
    known: &[(Board, u32)],
    progress: &mut dyn FnMut(usize, usize) -> bool,
) -> Option<Verdicts> {
    let mut tally = Tally::new(goal);
    for (done, (board, distance)) in known.iter().enumerate() {
        if done % 64 == 0 && !progress(done, known.len()) {
            return None;
        }
        let h = tally.add(estimate, board, *distance);
        for (_, child) in board.children() {
            tally.inconsistent += usize::from(estimate.estimate(&child).abs_diff(h) > 1);
        }
    }
    progress(known.len(), known.len());
    Some(tally.verdicts(known.len(), false))
}

/// The counts a check adds up, board by board.
struct Tally {
    builtins: Vec<Heuristic>,
    against: Vec<Against>,
    overestimated: usize,
    largest: u32,
    inconsistent: usize,
    sum_h: u64,
    sum_d: u64,
    examples: Vec<Example>,
    differences: BTreeMap<i64, usize>,
}

impl Tally {
    fn new(goal: &Board) -> Tally {
        Tally {
            builtins: HeuristicKind::ALL
                .iter()
                .map(|&kind| Heuristic::new(kind, goal))
                .collect(),
            against: HeuristicKind::ALL
                .iter()
                .map(|&kind| Against {
                    kind,
                    higher: 0,
                    lower: 0,
                })
                .collect(),
            overestimated: 0,
            largest: 0,
            inconsistent: 0,
            sum_h: 0,
            sum_d: 0,
            examples: Vec::new(),
            differences: BTreeMap::new(),
        }
    }

    /// Counts `board`, `distance` moves from the goal; its estimate.
    fn add(&mut self, estimate: &Estimate, board: &Board, distance: u32) -> u32 {
        let h = estimate.estimate(board);
        self.sum_h += u64::from(h);
        self.sum_d += u64::from(distance);
        *self
            .differences
            .entry(i64::from(h) - i64::from(distance))
            .or_default() += 1;
        for (builtin, tally) in self.builtins.iter().zip(&mut self.against) {
            let b = builtin.estimate(board);
            tally.higher += usize::from(h > b);
            tally.lower += usize::from(h < b);
        }
        if h > distance {
            self.overestimated += 1;
            self.largest = self.largest.max(h - distance);
            keep_largest(
                &mut self.examples,
                Example {
                    board: board.clone(),
                    estimate: h,
                    distance,
                },
            );
        }
        h
    }

    fn verdicts(self, boards: usize, exact: bool) -> Verdicts {
        let mean = |sum: u64| sum as f64 / boards.max(1) as f64;
        Verdicts {
            boards,
            exact,
            overestimated: self.overestimated,
            largest_overestimate: self.largest,
            examples: self.examples,
            inconsistent_moves: self.inconsistent,
            mean_estimate: mean(self.sum_h),
            mean_distance: mean(self.sum_d),
            against: self.against,
            differences: self.differences.into_iter().collect(),
        }
    }
}

/// Keeps the [`EXAMPLES`] largest overestimates, largest first (the first met among equals).
fn keep_largest(examples: &mut Vec<Example>, example: Example) {
    let over = |e: &Example| e.estimate - e.distance;
    let at = examples.partition_point(|e| over(e) >= over(&example));
    if at < EXAMPLES {
        examples.insert(at, example);
        examples.truncate(EXAMPLES);
    }
}

/// The verdicts on `estimate` toward `goal`, the exact table built first.
pub fn check_goal(
    estimate: &Estimate,
    goal: &Board,
    progress: &mut dyn FnMut(usize, usize) -> bool,
) -> Result<Option<Verdicts>, TableTooLarge> {
    let table = DistanceTable::build(goal)?;
    Ok(check(estimate, &table, progress))
}
