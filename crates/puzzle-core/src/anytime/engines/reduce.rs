//! The path to the core on boards larger than it: the board is reduced one outer line (row or
//! column) at a time, each line solved by weighted A* over the positions of that line's tiles
//! and the blank inside the current rectangle (every other tile is "don't care"), with an
//! admissible estimate for that line: Manhattan distance of its tiles, their linear conflicts
//! in the line, and the blank's distance to the nearest misplaced tile. The order of the
//! reductions (which side next) is chosen by a small beam over the partial paths, scored by
//! moves so far plus linear conflict of the whole board.

use crate::board::{Board, Shape};
use crate::heuristic::{Heuristic, HeuristicKind};
use crate::moves::Direction;

use crate::anytime::engines::best_first::{self, Found, Node, Params, Space};
use crate::anytime::tables::big::Rect;
use crate::budget::{Budget, Halt};

/// Longest line handled (8x8).
const MAX_LINE: usize = 8;

/// An outer side of a rectangle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    Top,
    Bottom,
    Left,
    Right,
}

const SIDES: [Side; 4] = [Side::Top, Side::Bottom, Side::Left, Side::Right];

/// The sides of `rect` that lie outside `core` (lines that can be removed).
fn removable(rect: Rect, core: Rect) -> Vec<Side> {
    SIDES
        .into_iter()
        .filter(|side| match side {
            Side::Top => rect.row < core.row,
            Side::Bottom => rect.row + rect.height > core.row + core.height,
            Side::Left => rect.column < core.column,
            Side::Right => rect.column + rect.width > core.column + core.width,
        })
        .collect()
}

/// The cells of the line on `side` of `rect`.
fn line_cells(rect: Rect, side: Side, shape: Shape) -> Vec<usize> {
    let at = |row: usize, column: usize| row * shape.width() + column;
    match side {
        Side::Top => (0..rect.width)
            .map(|c| at(rect.row, rect.column + c))
            .collect(),
        Side::Bottom => (0..rect.width)
            .map(|c| at(rect.row + rect.height - 1, rect.column + c))
            .collect(),
        Side::Left => (0..rect.height)
            .map(|r| at(rect.row + r, rect.column))
            .collect(),
        Side::Right => (0..rect.height)
            .map(|r| at(rect.row + r, rect.column + rect.width - 1))
            .collect(),
    }
}

/// `rect` without the line on `side`.
fn shrink(mut rect: Rect, side: Side) -> Rect {
    match side {
        Side::Top => {
            rect.row += 1;
            rect.height -= 1;
        }
        Side::Bottom => rect.height -= 1,
        Side::Left => {
            rect.column += 1;
            rect.width -= 1;
        }
        Side::Right => rect.width -= 1,
    }
    rect
}

/// How the path to the core is searched.
#[derive(Clone, Debug)]
pub(crate) struct ReduceConfig {
    /// Weights on the line's guide: each line is searched with each, every path found goes
    /// to the beam.
    pub(crate) weights: Vec<f64>,
    /// States one line search may hold.
    pub(crate) line_nodes: usize,
    /// Partial paths kept between two reductions.
    pub(crate) beam: usize,
    /// Past this many milliseconds of the solve, the remaining lines are searched with the
    /// first weight only, one partial kept (the reduction then ends within a few tenths of a
    /// second even on 8x8, leaving short time limits to the core search).
    pub(crate) hurry_ms: f64,
}

/// One partial reduction: the board, the rectangle left, the moves so far.
#[derive(Clone)]
struct Partial {
    board: Board,
    rect: Rect,
    moves: Vec<Direction>,
    score: u32,
}

/// Paths from `start` that bring every tile outside `core` home, leaving the blank inside
/// `core` (the beam's last partials, best score first); none if every search of a line fails
/// (state cap) or the shape is not handled.
pub(crate) fn path_to_core(
    start: &Board,
    goal: &Board,
    core: Rect,
    config: &ReduceConfig,
    budget: &mut Budget,
) -> Result<Vec<Vec<Direction>>, Halt> {
    let shape = start.shape();
    let full = Rect {
        row: 0,
        column: 0,
        height: shape.height(),
        width: shape.width(),
    };
    let heuristic = Heuristic::new(HeuristicKind::LinearConflict, goal);
    let mut beam = vec![Partial {
        board: start.clone(),
        rect: full,
        moves: Vec::new(),
        score: 0,
    }];
    loop {
        if beam.iter().all(|p| removable(p.rect, core).is_empty()) {
            break;
        }
        let hurry = budget.elapsed_ms() > config.hurry_ms;
        if hurry {
            beam.truncate(1);
        }
        let weights = if hurry {
            &config.weights[..config.weights.len().min(1)]
        } else {
            &config.weights[..]
        };
        let mut next: Vec<Partial> = Vec::new();
        for partial in &beam {
            for (side, &weight) in removable(partial.rect, core)
                .into_iter()
                .flat_map(|side| weights.iter().map(move |w| (side, w)))
            {
                let Some(path) = solve_line(
                    &partial.board,
                    goal,
                    partial.rect,
                    side,
                    weight,
                    config.line_nodes,
                    budget,
                )?
                else {
                    continue;
                };

                let Ok(board) = partial.board.after(&path) else {
                    continue;
                };
                let mut moves = partial.moves.clone();
                moves.extend_from_slice(&path);
                let score = moves.len() as u32 + heuristic.estimate(&board);
                next.push(Partial {
                    board,
                    rect: shrink(partial.rect, side),
                    moves,
                    score,
                });
            }
        }
        if next.is_empty() {
            return Ok(Vec::new());
        }
        next.sort_by_key(|p| p.score);
        next.dedup_by(|a, b| a.board == b.board);
        next.truncate(config.beam.max(1));
        beam = next;
    }
    Ok(beam.into_iter().map(|p| p.moves).collect())
}

/// Positions of the line's tiles (then the blank), 6 bits each.
type State = u64;

fn get(state: State, i: usize) -> usize {
    ((state >> (6 * i)) & 0x3F) as usize
}

fn set(state: &mut State, i: usize, cell: usize) {
    let shift = 6 * i;
    *state = (*state & !(0x3F << shift)) | ((cell as u64) << shift);
}

/// Exact costs of bringing one or two tiles of the line home, every move of the blank counted,
/// the blank kept inside the rectangle: breadth-first search backward from the homes. The sum
/// over the line's groups guides the line search (it is not admissible: the groups share the
/// blank's moves).
struct GroupTable {
    /// Indices of the group's tiles in the line.
    members: Vec<usize>,
    /// Cells of the board.
    n: usize,
    /// Cost by (first tile's cell, second tile's cell, blank's cell); 255 if unreachable.
    dist: Vec<u8>,
}

impl GroupTable {
    fn build(shape: Shape, rect: Rect, targets: &[usize], members: Vec<usize>) -> GroupTable {
        let n = shape.cells();
        let inside = |cell: usize| rect.contains(shape.row(cell), shape.column(cell));
        let pair = members.len() == 2;
        let size = if pair { n * n * n } else { n * n };
        let index = |a: usize, b: usize, blank: usize| {
            if pair {
                (a * n + b) * n + blank
            } else {
                a * n + blank
            }
        };
        let mut dist = vec![u8::MAX; size];
        let homes: Vec<usize> = members.iter().map(|&m| targets[m]).collect();
        let (a0, b0) = (homes[0], homes.get(1).copied().unwrap_or(0));
        let mut queue: Vec<(u8, u8, u8)> = Vec::new();
        for blank in (0..n).filter(|&c| inside(c) && !homes.contains(&c)) {
            dist[index(a0, b0, blank)] = 0;
            queue.push((a0 as u8, b0 as u8, blank as u8));
        }
        let mut head = 0;
        while head < queue.len() {
            let (a, b, blank) = queue[head];
            head += 1;
            let (a, b, blank) = (a as usize, b as usize, blank as usize);
            let d = dist[index(a, b, blank)];
            if d == u8::MAX - 1 {
                continue;
            }
            for direction in Direction::ALL {
                let Some(from) = shape.neighbour(blank, direction) else {
                    continue;
                };
                if !inside(from) {
                    continue;
                }
                let (mut na, mut nb) = (a, b);
                if from == a {
                    na = blank;
                } else if pair && from == b {
                    nb = blank;
                }
                let at = index(na, nb, from);
                if dist[at] == u8::MAX {
                    dist[at] = d + 1;
                    queue.push((na as u8, nb as u8, from as u8));
                }
            }
        }
        GroupTable { members, n, dist }
    }

    fn cost(&self, state: State, k: usize) -> u32 {
        let a = get(state, self.members[0]);
        let blank = get(state, k);
        let at = match self.members.get(1) {
            Some(&m) => (a * self.n + get(state, m)) * self.n + blank,
            None => a * self.n + blank,
        };
        u32::from(self.dist.get(at).copied().unwrap_or(u8::MAX))
    }
}

/// The line's tiles in groups of two (one single first when their count is odd), so that the
/// last two go together.
fn line_groups(shape: Shape, rect: Rect, targets: &[usize]) -> Vec<GroupTable> {
    let k = targets.len();
    let mut groups = Vec::new();
    let mut i = 0;
    if k % 2 == 1 {
        groups.push(GroupTable::build(shape, rect, targets, vec![0]));
        i = 1;
    }
    while i + 1 < k {
        groups.push(GroupTable::build(shape, rect, targets, vec![i, i + 1]));
        i += 2;
    }
    groups
}

/// Solves the line on `side` of `rect`: moves of the blank inside `rect` after which every
/// goal tile of that line is home. `None` when the search exceeds `max_nodes` states.
fn solve_line(
    board: &Board,
    goal: &Board,
    rect: Rect,
    side: Side,
    weight: f64,
    max_nodes: usize,
    budget: &mut Budget,
) -> Result<Option<Vec<Direction>>, Halt> {
    let shape = board.shape();
    if shape.cells() > 64 || rect.height < 2 || rect.width < 2 {
        return Ok(None);
    }
    let cells = line_cells(rect, side, shape);
    if cells.len() > MAX_LINE || cells.iter().any(|&c| goal.tile(c) == 0) {
        return Ok(None);
    }
    let mut position = vec![0usize; shape.cells()];
    for (cell, &tile) in board.cells().iter().enumerate() {
        position[tile as usize] = cell;
    }
    let k = cells.len();
    let mut root: State = 0;
    for (i, &cell) in cells.iter().enumerate() {
        set(&mut root, i, position[goal.tile(cell) as usize]);
    }
    set(&mut root, k, board.blank());
    let groups = line_groups(shape, rect, &cells);
    let mut space = Line {
        groups,
        k,
        rect,
        shape,
    };
    let h0 = space.h(root);
    let params = Params {
        weight: weight.max(0.1),
        shorter_than: usize::MAX,
        max_nodes,
    };
    match best_first::search(&mut space, root, board.blank(), h0, &params, budget)? {
        Found::Path(path) => Ok(Some(path)),
        Found::NoneShorter | Found::OutOfMemory => Ok(None),
    }
}

/// The line's tiles and the blank in the rectangle left.
struct Line {
    groups: Vec<GroupTable>,
    /// Tiles of the line (the blank's position is field `k` of the state).
    k: usize,
    rect: Rect,
    shape: Shape,
}

impl Line {
    /// The guide: the sum of the groups' costs.
    fn h(&self, state: State) -> u32 {
        self.groups.iter().map(|g| g.cost(state, self.k)).sum()
    }
}

impl Space for Line {
    type State = State;

    #[inline(always)]
    fn shape(&self) -> Shape {
        self.shape
    }

    fn expand(&mut self, _node: &Node<State>, _shorter_than: u32) -> bool {
        true
    }

    /// The blank stays in the rectangle; a line tile it meets takes its place.
    #[inline(always)]
    fn child(&mut self, state: &State, blank: usize, from: usize) -> Option<State> {
        let shape = self.shape;
        if !self.rect.contains(shape.row(from), shape.column(from)) {
            return None;
        }
        let mut child = *state;
        if let Some(i) = (0..self.k).find(|&i| get(*state, i) == from) {
            set(&mut child, i, blank);
        }
        set(&mut child, self.k, from);
        Some(child)
    }

    #[inline(always)]
    fn estimate(&mut self, child: &State, _blank: usize, _from: usize) -> u32 {
        self.h(*child)
    }

    #[inline(always)]
    fn is_goal(&self, _state: &State, h: u32) -> bool {
        h == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{scramble_seeded, Scramble};
    use crate::goal::Goal;
    use crate::search::Limits;

    /// Every path brings the tiles outside the core home and leaves the blank in the core, on
    /// square and oblong boards and a goal whose core is not in a corner.
    #[test]
    fn paths_reach_the_core() {
        for (w, h, goal) in [
            (6, 6, Goal::Standard),
            (7, 5, Goal::Standard),
            (6, 7, Goal::Snail),
        ] {
            let goal = goal.board(Shape::new(w, h).unwrap()).unwrap();
            let layout =
                crate::anytime::tables::big::Layout::for_goal(&goal, Default::default()).unwrap();
            let core = layout.rect;
            let shape = goal.shape();
            for seed in 0..2 {
                let board = scramble_seeded(&goal, Scramble::Uniform, true, seed);
                let mut limits = Limits::default();
                let mut budget = Budget::new(&mut limits, f64::INFINITY);
                let config = ReduceConfig {
                    weights: vec![0.8, 0.6],
                    line_nodes: 100_000,
                    beam: 2,
                    hurry_ms: f64::INFINITY,
                };
                let paths = path_to_core(&board, &goal, core, &config, &mut budget).unwrap();
                assert!(!paths.is_empty());
                for path in paths {
                    let at = board.after(&path).unwrap();
                    assert!(core.contains(shape.row(at.blank()), shape.column(at.blank())));
                    for cell in 0..shape.cells() {
                        if !core.contains(shape.row(cell), shape.column(cell)) {
                            assert_eq!(at.tile(cell), goal.tile(cell));
                        }
                    }
                }
            }
        }
    }
}
