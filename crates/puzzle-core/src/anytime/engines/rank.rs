//! How a beam ranks boards: the [`Ranker`] interface (an estimate computed once for the start,
//! then per move from the parent's), the linear-conflict ranker, and the [`Blend`] of a
//! table's estimate with linear conflict. Apart from the beam (`beam.rs`) and the rankers by
//! tables (`whole_rank.rs`, `core_rank.rs`), which both use them.

use crate::board::Board;
use crate::heuristic::{Heuristic, HeuristicKind, LineConflicts};
#[cfg(test)]
use crate::moves::Direction;

/// How a beam ranks the boards of a depth: an estimate of the moves left, computed once for
/// the start and then per move from the parent's (with whatever the ranker keeps a board,
/// `Aux`, e.g. its groups' table entries).
pub(crate) trait Ranker {
    /// What the ranker keeps with each board.
    type Aux: Copy;

    /// The estimate of the start board `cells`, and its `Aux`.
    fn root(&mut self, cells: &[u8]) -> (u32, Self::Aux);

    /// Prepares the children of the board `cells` kept with `aux`.
    fn expand(&mut self, cells: &[u8], aux: &Self::Aux);

    /// The estimate and `Aux` of the expanded board (estimate `before`) after its tile at
    /// `from` slides into the blank; `None` if that tile may not move.
    fn child(&mut self, before: u32, blank: usize, from: usize) -> Option<(u32, Self::Aux)>;
}

/// Ranks by linear conflict (Manhattan distance plus conflicts), updated per move.
pub(crate) struct LinearConflict {
    heuristic: Heuristic,
    board: Vec<u8>,
    /// The expanded board's conflicts, line by line.
    lines: LineConflicts,
}

impl LinearConflict {
    pub(crate) fn toward(goal: &Board) -> LinearConflict {
        LinearConflict {
            heuristic: Heuristic::new(HeuristicKind::LinearConflict, goal),
            board: Vec::with_capacity(goal.cells().len()),
            lines: LineConflicts::default(),
        }
    }
}

impl Ranker for LinearConflict {
    type Aux = LineConflicts;

    fn root(&mut self, cells: &[u8]) -> (u32, LineConflicts) {
        (
            self.heuristic.estimate(cells),
            self.heuristic.line_conflicts(cells),
        )
    }

    fn expand(&mut self, cells: &[u8], lines: &LineConflicts) {
        self.board.clear();
        self.board.extend_from_slice(cells);
        self.lines = *lines;
    }

    #[inline]
    fn child(&mut self, before: u32, blank: usize, from: usize) -> Option<(u32, LineConflicts)> {
        let mut lines = self.lines;
        let estimate =
            self.heuristic
                .after_slide_kept(before, &mut lines, &mut self.board, blank, from);
        self.board.swap(blank, from);
        Some((estimate, lines))
    }
}

/// How a whole-board ranker (`whole::WholeRanker`) puts the tables' estimate and linear conflict together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Blend {
    /// The larger of the two (both admissible): the growing beams' rank.
    Larger,
    /// `tables` times the tables' estimate plus `conflict` times linear conflict.
    Sum { tables: u32, conflict: u32 },
}

impl Blend {
    /// The blend of a board's `tables` estimate and its linear `conflict`.
    pub(crate) fn of(self, tables: u32, conflict: u32) -> u32 {
        match self {
            Blend::Larger => conflict.max(tables),
            Blend::Sum {
                tables: a,
                conflict: b,
            } => a * tables + b * conflict,
        }
    }
}

/// Walks `steps` moves from `board` (directions in a fixed, mixed order), checking at every
/// board that `ranker`'s per-move estimate equals `fresh`, the estimate computed from scratch.
#[cfg(test)]
pub(crate) fn assert_per_move_estimates<R: Ranker>(
    ranker: &mut R,
    mut board: Board,
    steps: usize,
    fresh: impl Fn(&Board) -> u32,
) {
    let (mut estimate, mut aux) = ranker.root(board.cells());
    assert_eq!(estimate, fresh(&board), "{board}");
    for step in 0..steps {
        let blank = board.blank();
        ranker.expand(board.cells(), &aux);
        let direction = Direction::ALL[(step * 7 + step / 3) % 4];
        let Some(from) = board.shape().neighbour(blank, direction) else {
            continue;
        };
        (estimate, aux) = ranker
            .child(estimate, blank, from)
            .expect("every tile moves");
        assert!(board.apply(direction));
        assert_eq!(estimate, fresh(&board), "step {step}: {board}");
    }
}
