//! Windows guided by the pattern databases: shortest paths between two boards, with the
//! tables relabelled toward the window's end board. The core's tables ([`BigTables`], core
//! boards) and the whole board's ([`WholeTables`], whole boards) both serve ([`Additive`]).
//!
//! A stretch of a solution from board A to board B is the same problem as A with its tiles
//! renamed so that B becomes the core's goal layout: the tile B holds at a cell takes the name
//! of the goal's tile there. Two cells break the renaming: B's blank cell (the goal's tile
//! there has no counterpart, so its group is left out) and the goal's blank cell (B's tile
//! there has no name). Every other group keeps its table entry, an admissible count of its
//! own tiles' moves, and the tiles left out add their Manhattan distances: the sum stays
//! admissible and is far stronger than Manhattan with linear conflict, so windows several
//! times longer than [`crate::shorten::ida`]'s are settled. On a square board the transposed lookup
//! (the same renaming in the transposed frame) gives a second estimate; the larger one guides.

use crate::board::{Board, Shape};
use crate::moves::Direction;

use crate::anytime::tables::big::{BigTables, GROUP_SIZE, NO_GROUP};
use crate::anytime::tables::whole::WholeTables;
use crate::budget::{Budget, Halt};
use crate::shorten::ida::{self, distance, Walk};

/// Most cells (8x8).
const MAX_CELLS: usize = 64;
/// Most groups (the whole tables' on 8x8).
const MAX_GROUPS: usize = 16;

/// Additive pattern databases a window search can relabel: a goal whose tiles are in groups,
/// and for each group an admissible count of its own tiles' moves from any placement of them.
pub(crate) trait Additive {
    /// The goal, in the tables' frame (the core's labels for [`BigTables`]).
    fn goal(&self) -> &Board;
    /// The group of `tile` (a tile of the goal), [`NO_GROUP`] for none.
    fn group_of(&self, tile: u8) -> u8;
    /// The place of `tile` within its group.
    fn slot_of(&self, tile: u8) -> u8;
    /// How many groups there are.
    fn groups(&self) -> usize;
    /// The entry of group `g` with its tiles at `positions` (slot by slot).
    fn value(&self, g: usize, positions: &[u8]) -> u8;
}

impl Additive for BigTables {
    fn goal(&self) -> &Board {
        &self.layout().core_goal
    }
    fn group_of(&self, tile: u8) -> u8 {
        self.layout().group_of[tile as usize]
    }
    fn slot_of(&self, tile: u8) -> u8 {
        self.layout().slot_of[tile as usize]
    }
    fn groups(&self) -> usize {
        self.layout().groups.len()
    }
    fn value(&self, g: usize, positions: &[u8]) -> u8 {
        BigTables::value(self, g, positions)
    }
}

impl Additive for WholeTables {
    fn goal(&self) -> &Board {
        WholeTables::goal(self)
    }
    fn group_of(&self, tile: u8) -> u8 {
        self.tile_group(tile)
    }
    fn slot_of(&self, tile: u8) -> u8 {
        self.tile_slot(tile)
    }
    fn groups(&self) -> usize {
        self.group_count()
    }
    fn value(&self, g: usize, positions: &[u8]) -> u8 {
        WholeTables::value(self, g, positions)
    }
}

/// A path of at most `max_len` moves from `start` to `target` (boards of the tables' goal's
/// shape and labels) that is shortest among such paths, or `None` if there is none or
/// `node_cap` expansions did not settle it.
pub(crate) fn shortest_guided<T: Additive>(
    start: &Board,
    target: &Board,
    tables: &T,
    max_len: usize,
    node_cap: u64,
    budget: &mut Budget,
) -> Result<Option<Vec<Direction>>, Halt> {
    let shape = start.shape();
    if shape != tables.goal().shape()
        || target.shape() != shape
        || shape.cells() > MAX_CELLS
        || tables.groups() > MAX_GROUPS
    {
        return Ok(None);
    }
    if start == target {
        return Ok(Some(Vec::new()));
    }
    let transposed = transposition(shape);
    let mut walk = Ida::new(start, target, tables, &transposed);
    ida::deepen_within(&mut walk, max_len, node_cap, budget)
}

/// A shortest path from `start` to the tables' goal (a board in the tables' frame: the core's
/// labels for [`BigTables`]), by IDA* until found, `budget` halts or `enough` says so;
/// meanwhile `proven` is the bound each finished iteration proves, and `enough` hears it
/// ([`ida::deepen_proving`]). `None` if the board does not fit the tables.
pub(crate) fn prove<T: Additive>(
    start: &Board,
    tables: &T,
    proven: &mut u32,
    budget: &mut Budget,
    enough: &mut dyn FnMut(u32) -> bool,
) -> Result<Option<Vec<Direction>>, Halt> {
    let shape = start.shape();
    if shape != tables.goal().shape() || shape.cells() > MAX_CELLS || tables.groups() > MAX_GROUPS {
        return Ok(None);
    }
    let transposed = transposition(shape);
    let mut walk = Ida::new(start, tables.goal(), tables, &transposed);
    ida::deepen_proving(&mut walk, proven, budget, enough)
}

/// The transposition of the cells of a square `shape` (any other shape gets no use of it).
fn transposition(shape: Shape) -> Vec<u8> {
    let side = shape.width();
    (0..shape.cells())
        .map(|c| ((c % side) * side + c / side) as u8)
        .collect()
}

impl<'t, 'r, T: Additive> Ida<'t, 'r, T> {
    /// The walk from `start` toward `target`, with the direct lookup and, on a square board,
    /// the transposed one (the transposition maps a square core onto itself: the same renaming
    /// in the mirrored frame gives a second admissible estimate).
    fn new(start: &Board, target: &Board, tables: &'t T, transposed: &'r [u8]) -> Self {
        let shape = start.shape();
        let mut lookups = vec![Lookup::new(tables, target, start, None)];
        if shape.height() == shape.width() {
            lookups.push(Lookup::new(tables, target, start, Some(transposed)));
        }
        Ida {
            shape,
            tables,
            lookups,
            cells: start.cells().to_vec(),
            blank: start.blank(),
            target: target.cells().to_vec(),
        }
    }
}

/// Where a tile's estimate comes from in one lookup.
#[derive(Clone, Copy, PartialEq)]
enum Part {
    /// A slot (second field) of a group's table (first field).
    Group(u8, u8),
    /// Manhattan distance to this (mapped) cell.
    Alone(u8),
    /// The blank.
    Blank,
}

/// One estimate of the distance to the window's end: the renamed groups' entries plus the
/// Manhattan distances of the tiles left out, kept up to date move by move.
struct Lookup<'r> {
    /// The frame: `view[cell]` is the cell's image (the transposition), or none (direct).
    view: Option<&'r [u8]>,
    /// `part[tile]`, by the tile's name on the searched board.
    part: [Part; MAX_CELLS],
    /// Each group's tiles' (mapped) cells and entry; left-out groups stay 0.
    positions: [[u8; GROUP_SIZE]; MAX_GROUPS],
    values: [u32; MAX_GROUPS],
    intact: [bool; MAX_GROUPS],
    alone: u32,
    sum: u32,
}

impl<'r> Lookup<'r> {
    fn new<T: Additive>(tables: &T, target: &Board, start: &Board, view: Option<&'r [u8]>) -> Self {
        use Part::{Alone, Group};
        let shape = target.shape();
        let map_cell = |c: usize| view.map_or(c, |v| v[c] as usize);
        let goal = tables.goal().cells();
        // In the frame the end board is `target` moved by the view; each of its tiles takes the
        // name of the goal's tile at its cell.
        let mut mapped_target = vec![0u8; shape.cells()];
        for (c, &t) in target.cells().iter().enumerate() {
            mapped_target[map_cell(c)] = t;
        }
        let groups = tables.groups().min(MAX_GROUPS);
        let mut intact = [false; MAX_GROUPS];
        intact[..groups].fill(true);
        let end_blank = mapped_target.iter().position(|&t| t == 0).unwrap_or(0);
        // The goal's tile at the end board's blank cell has no counterpart: its group is out.
        let broken = tables.group_of(goal[end_blank]);
        if (broken as usize) < groups {
            intact[broken as usize] = false;
        }
        let mut part = [Part::Blank; MAX_CELLS];
        for (c, &tile) in mapped_target.iter().enumerate() {
            if tile == 0 {
                continue;
            }
            let name = goal[c];
            let gi = tables.group_of(name);
            part[tile as usize] = if goal[c] != 0 && gi != NO_GROUP && intact[gi as usize] {
                Group(gi, tables.slot_of(name))
            } else {
                Alone(c as u8)
            };
        }
        let mut lookup = Lookup {
            view,
            part,
            positions: [[0; GROUP_SIZE]; MAX_GROUPS],
            values: [0; MAX_GROUPS],
            intact,
            alone: 0,
            sum: 0,
        };
        for (c, &tile) in start.cells().iter().enumerate() {
            match lookup.part[tile as usize] {
                Group(gi, slot) => lookup.positions[gi as usize][slot as usize] = map_cell(c) as u8,
                Alone(to) => lookup.alone += distance(shape, map_cell(c), to as usize),
                Part::Blank => {}
            }
        }
        for gi in 0..groups {
            if lookup.intact[gi] {
                lookup.values[gi] = u32::from(tables.value(gi, &lookup.positions[gi]));
            }
        }
        lookup.sum = lookup.alone + lookup.values.iter().sum::<u32>();
        lookup
    }

    fn map(&self, cell: usize) -> usize {
        self.view.map_or(cell, |v| v[cell] as usize)
    }

    /// Moves `tile` from `from` to `to`; returns what [`Lookup::undo`] needs.
    fn slide<T: Additive>(
        &mut self,
        tables: &T,
        shape: Shape,
        tile: u8,
        from: usize,
        to: usize,
    ) -> u32 {
        match self.part[tile as usize] {
            Part::Group(gi, slot) => {
                let gi = gi as usize;
                let old = self.values[gi];
                self.positions[gi][slot as usize] = self.map(to) as u8;
                self.values[gi] = u32::from(tables.value(gi, &self.positions[gi]));
                self.sum = self.sum + self.values[gi] - old;
                old
            }
            Part::Alone(goal) => {
                let before = distance(shape, self.map(from), goal as usize);
                let after = distance(shape, self.map(to), goal as usize);
                self.sum = self.sum + after - before;
                0
            }
            Part::Blank => 0,
        }
    }

    /// Takes back [`Lookup::slide`] of `tile` to `from` (`saved` is what it returned).
    fn undo(&mut self, shape: Shape, tile: u8, from: usize, to: usize, saved: u32) {
        match self.part[tile as usize] {
            Part::Group(gi, slot) => {
                let gi = gi as usize;
                self.positions[gi][slot as usize] = self.map(from) as u8;
                self.sum = self.sum + saved - self.values[gi];
                self.values[gi] = saved;
            }
            Part::Alone(goal) => {
                let before = distance(shape, self.map(from), goal as usize);
                let after = distance(shape, self.map(to), goal as usize);
                self.sum = self.sum + before - after;
            }
            Part::Blank => {}
        }
    }
}

/// A board searched toward `target`.
struct Ida<'t, 'r, T> {
    shape: Shape,
    tables: &'t T,
    lookups: Vec<Lookup<'r>>,
    cells: Vec<u8>,
    blank: usize,
    target: Vec<u8>,
}

impl<T: Additive> Walk for Ida<'_, '_, T> {
    /// The tile's old cell (the blank's now), its new one, and each lookup's saved entry.
    type Saved = (usize, usize, [u32; 2]);

    fn shape(&self) -> Shape {
        self.shape
    }

    fn blank(&self) -> usize {
        self.blank
    }

    fn estimate(&self) -> u32 {
        self.lookups.iter().map(|l| l.sum).max().unwrap_or(0)
    }

    fn is_goal(&self, h: u32) -> bool {
        h == 0 && self.cells == self.target
    }

    fn slide(&mut self, from: usize) -> Self::Saved {
        let to = self.blank;
        let tile = self.cells[from];
        let mut saved = [0u32; 2];
        for (lookup, slot) in self.lookups.iter_mut().zip(&mut saved) {
            *slot = lookup.slide(self.tables, self.shape, tile, from, to);
        }
        self.cells.swap(from, to);
        self.blank = from;
        (from, to, saved)
    }

    fn undo(&mut self, (from, to, saved): Self::Saved) {
        self.blank = to;
        self.cells.swap(from, to);
        let tile = self.cells[from];
        for (lookup, &slot) in self.lookups.iter_mut().zip(&saved) {
            lookup.undo(self.shape, tile, from, to, slot);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{scramble_seeded, Scramble};
    use crate::search::bfs::bfs_distances;
    use crate::search::Limits;
    use crate::{Goal, Shape};

    /// Every board's distance to `target` (3x3: the whole half of the state space).
    fn distances_to(target: &Board) -> rustc_hash::FxHashMap<Board, u32> {
        let packed = bfs_distances(&target.pack().unwrap(), |&word| {
            let board = Board::unpack(target.shape(), word).unwrap();
            board
                .children()
                .map(|(_, child)| child.pack().unwrap())
                .collect::<Vec<_>>()
        });
        packed
            .into_iter()
            .map(|(word, d)| (Board::unpack(target.shape(), word).unwrap(), d))
            .collect()
    }

    /// On 3x3 (the core is the whole board), toward end boards with the blank anywhere: the
    /// relabelled estimate never exceeds the true distance on any board, and the windows'
    /// search finds paths of exactly that distance.
    #[test]
    fn relabelled_estimate_is_admissible_and_paths_are_shortest() {
        let goal = Goal::Standard.board(Shape::square(3).unwrap()).unwrap();
        let tables = BigTables::build(&goal, &mut Limits::default()).unwrap();
        let relabel = |b: &Board| {
            let cells = b
                .cells()
                .iter()
                .map(|&t| tables.layout().label_of[t as usize] as usize);
            Board::new(tables.layout().core_goal.shape(), cells.collect()).unwrap()
        };
        let mut stronger = 0u64;
        for seed in 0..6 {
            let target = scramble_seeded(&goal, Scramble::Uniform, true, seed);
            let distances = distances_to(&target);
            assert_eq!(distances.len(), 181_440);
            let core_target = relabel(&target);
            let side = 3;
            let transposed: Vec<u8> = (0..9)
                .map(|c| ((c % side) * side + c / side) as u8)
                .collect();
            let lc = crate::heuristic::Heuristic::new(
                crate::heuristic::HeuristicKind::LinearConflict,
                &target,
            );
            for (i, (board, &distance)) in distances.iter().enumerate() {
                let core = relabel(board);
                let direct = Lookup::new(&tables, &core_target, &core, None).sum;
                let mirrored = Lookup::new(&tables, &core_target, &core, Some(&transposed)).sum;
                assert!(
                    direct <= distance,
                    "{board} to {target}: {direct} > {distance}"
                );
                assert!(
                    mirrored <= distance,
                    "{board} to {target}: {mirrored} > {distance}"
                );
                stronger += u64::from(direct > lc.estimate(board));
                if i % 4000 == 0 {
                    let mut limits = Limits::default();
                    let mut budget = Budget::new(&mut limits, f64::INFINITY);
                    let path =
                        shortest_guided(&core, &core_target, &tables, 40, u64::MAX, &mut budget)
                            .unwrap()
                            .expect("a path");
                    assert_eq!(path.len() as u32, distance, "{board} to {target}");
                    assert_eq!(board.after(&path).unwrap(), target);
                }
            }
        }
        assert!(
            stronger > 0,
            "the tables should beat linear conflict somewhere"
        );
    }

    /// The whole-board tables relabelled the same way, on 3x3 toward end boards with the blank
    /// anywhere and two goals: admissible on every board, and the windows' paths shortest.
    #[test]
    fn whole_tables_relabelled_are_admissible_and_paths_are_shortest() {
        let shape = Shape::square(3).unwrap();
        for goal in [Goal::Standard, Goal::Snail] {
            let goal = goal.board(shape).unwrap();
            let whole = WholeTables::build(&goal, &mut Limits::default()).unwrap();
            let transposed: Vec<u8> = (0..9).map(|c| ((c % 3) * 3 + c / 3) as u8).collect();
            for seed in 0..3 {
                let target = scramble_seeded(&goal, Scramble::Uniform, true, seed);
                let distances = distances_to(&target);
                for (i, (board, &distance)) in distances.iter().enumerate() {
                    for view in [None, Some(transposed.as_slice())] {
                        let sum = Lookup::new(&whole, &target, board, view).sum;
                        assert!(sum <= distance, "{board} to {target}: {sum} > {distance}");
                    }
                    if i % 6000 == 0 {
                        let mut limits = Limits::default();
                        let mut budget = Budget::new(&mut limits, f64::INFINITY);
                        let path =
                            shortest_guided(board, &target, &whole, 40, u64::MAX, &mut budget)
                                .unwrap()
                                .expect("a path");
                        assert_eq!(path.len() as u32, distance, "{board} to {target}");
                        assert_eq!(board.after(&path).unwrap(), target);
                    }
                }
            }
        }
    }
}
