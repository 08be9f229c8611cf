//! The whole-board tables' ranking of beam boards ([`crate::anytime::WholeTables`]): the
//! larger of their estimate and linear conflict (or a blend of the two), both updated per move.

use crate::anytime::tables::whole::{inverse, WholeTables, GROUP_SIZE, MAX_CELLS, MAX_GROUPS};
use crate::heuristic::{Heuristic, HeuristicKind, LineConflicts};

use crate::anytime::engines::rank::{Blend, Ranker};

/// Each group's entry, direct then transposed.
pub(crate) type Entries = [u8; 2 * MAX_GROUPS];

/// Ranks whole boards by the larger of the tables' estimate and linear conflict (both
/// updated per move: the moved tile's group is looked up again, directly and transposed).
pub(crate) struct WholeRanker<'t> {
    tables: &'t WholeTables,
    conflict: Heuristic,
    board: Vec<u8>,
    where_is: [u8; MAX_CELLS],
    entries: Entries,
    /// The expanded board's linear-conflict estimate, and its conflicts line by line.
    conflict_estimate: u32,
    lines: LineConflicts,
    blend: Blend,
}

impl<'t> WholeRanker<'t> {
    pub(crate) fn new(tables: &'t WholeTables) -> Self {
        Self::blended(tables, Blend::Larger)
    }

    /// Ranks by `blend` of the tables' estimate and linear conflict.
    pub(crate) fn blended(tables: &'t WholeTables, blend: Blend) -> Self {
        WholeRanker {
            blend,
            tables,
            conflict: Heuristic::new(HeuristicKind::LinearConflict, tables.goal()),
            board: Vec::with_capacity(tables.goal().cells().len()),
            where_is: [0; MAX_CELLS],
            entries: [0; 2 * MAX_GROUPS],
            conflict_estimate: 0,
            lines: LineConflicts::default(),
        }
    }

    fn sums(&self, entries: &Entries) -> (u32, u32) {
        let groups = self.tables.groups.len();
        let direct = entries[..groups].iter().map(|&v| u32::from(v)).sum();
        let mirrored = entries[MAX_GROUPS..MAX_GROUPS + groups]
            .iter()
            .map(|&v| u32::from(v))
            .sum();
        (direct, mirrored)
    }

    /// The entry of group `g` (transposed with `mirror`) when `tile` sits at `at`.
    #[inline]
    fn entry_with(&self, g: usize, mirror: bool, tile: u8, at: u8) -> u8 {
        let group = &self.tables.groups[g];
        let mut positions = [0u8; GROUP_SIZE];
        for (slot, &t) in group.iter().enumerate() {
            positions[slot] = match (&self.tables.reflection, mirror) {
                (Some(r), true) => {
                    let original = r.label[t as usize];
                    let cell = if original == tile {
                        at
                    } else {
                        self.where_is[original as usize]
                    };
                    r.cell[cell as usize]
                }
                _ if t == tile => at,
                _ => self.where_is[t as usize],
            };
        }
        self.tables.value(g, &positions)
    }
}

/// The rank of a board: the larger of the admissible estimates first, then the smaller linear
/// conflict among equals (measured on 8 of DeepCubeA's 6x6 dev states, beams of 50k boards:
/// 1.057 times its lengths, against 1.086 for linear conflict alone; the sum of the tables'
/// and linear conflict 1.056, the tables' estimate alone 1.098).
/// Other blends ([`Blend::Sum`]) rank about as well on average but keep other boards: on 7x7
/// a beam's length moves by 5-10 % from one blend to another (`beam.rs`, `BLENDS`).
#[inline]
fn rank(conflict: u32, direct: u32, mirrored: u32, blend: Blend) -> u32 {
    blend.of(direct.max(mirrored), conflict) * 256 + conflict
}

/// Linear conflict and the tables' entries of a ranked board.
#[derive(Clone, Copy)]
pub(crate) struct Kept {
    conflict: u32,
    lines: LineConflicts,
    entries: Entries,
}

impl Ranker for WholeRanker<'_> {
    type Aux = Kept;

    fn root(&mut self, cells: &[u8]) -> (u32, Kept) {
        self.where_is = inverse(cells);
        let mut entries = [0u8; 2 * MAX_GROUPS];
        let direct = self
            .tables
            .sum(&self.where_is, false, &mut entries[..MAX_GROUPS]);
        let mirrored = match self.tables.reflection {
            Some(_) => self
                .tables
                .sum(&self.where_is, true, &mut entries[MAX_GROUPS..]),
            None => 0,
        };
        let conflict = self.conflict.estimate(cells);
        let lines = self.conflict.line_conflicts(cells);
        (
            rank(conflict, direct, mirrored, self.blend),
            Kept {
                conflict,
                lines,
                entries,
            },
        )
    }

    fn expand(&mut self, cells: &[u8], aux: &Kept) {
        self.board.clear();
        self.board.extend_from_slice(cells);
        self.where_is = inverse(cells);
        self.entries = aux.entries;
        self.conflict_estimate = aux.conflict;
        self.lines = aux.lines;
    }

    #[inline]
    fn child(&mut self, _before: u32, blank: usize, from: usize) -> Option<(u32, Kept)> {
        let mut lines = self.lines;
        let conflict = self.conflict.after_slide_kept(
            self.conflict_estimate,
            &mut lines,
            &mut self.board,
            blank,
            from,
        );
        self.board.swap(blank, from);
        let tile = self.board[from];
        let mut entries = self.entries;
        let g = self.tables.group_of[tile as usize] as usize;
        entries[g] = self.entry_with(g, false, tile, blank as u8);
        if let Some(r) = &self.tables.reflection {
            let twin = r.label[tile as usize] as usize;
            let m = self.tables.group_of[twin] as usize;
            entries[MAX_GROUPS + m] = self.entry_with(m, true, tile, blank as u8);
        }
        let (direct, mirrored) = self.sums(&entries);
        Some((
            rank(conflict, direct, mirrored, self.blend),
            Kept {
                conflict,
                lines,
                entries,
            },
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::anytime::engines::rank::assert_per_move_estimates;
    use crate::anytime::tables::whole::tables_for;
    use crate::board::Board;
    use crate::generate::{scramble_seeded, Scramble};
    use crate::goal::Goal;
    use crate::Shape;

    /// Along random walks, the ranker's rank per move is the one computed from scratch (the
    /// larger of linear conflict and the tables' estimate, or a sum of the two, then linear
    /// conflict) (square goals with the transposed lookup, an oblong board without it, a goal
    /// with the blank off the diagonal).
    #[test]
    fn per_move_estimates_match_a_fresh_estimate() {
        let blends = [
            Blend::Larger,
            Blend::Sum {
                tables: 3,
                conflict: 1,
            },
        ];
        for (width, height, goal) in [
            (4, 4, Goal::Standard),
            (4, 4, Goal::Snail),
            (4, 3, Goal::Standard),
            (3, 3, Goal::BlankFirst),
        ] {
            let goal = goal.board(Shape::new(width, height).unwrap()).unwrap();
            let tables = tables_for(&goal);
            let conflict = Heuristic::new(HeuristicKind::LinearConflict, &goal);
            for blend in blends {
                let fresh = |board: &Board| {
                    let conflict = conflict.estimate(board.cells());
                    let tables = tables.estimate(board.cells());
                    let primary = match blend {
                        Blend::Larger => tables.max(conflict),
                        Blend::Sum { .. } => 3 * tables + conflict,
                    };
                    primary * 256 + conflict
                };
                let mut ranker = WholeRanker::blended(&tables, blend);
                let board = scramble_seeded(&goal, Scramble::Uniform, true, 3);
                assert_per_move_estimates(&mut ranker, board, 400, fresh);
            }
        }
    }
}
