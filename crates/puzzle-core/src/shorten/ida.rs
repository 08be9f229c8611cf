//! Iterative deepening (IDA*) on one board changed in place, with an explicit path and no
//! copies: every window search of the improving solvers runs on it. Each supplies a [`Walk`]:
//! its board, its estimate kept up to date move by move, and its goal test. Here too the plain
//! one, [`shortest_between`]: linear conflict toward an arbitrary target board (the crate's
//! [`Heuristic`], updated per move by `Heuristic::after_slide`); the anytime solver's windows
//! guided by tables (`anytime/engines/guided.rs`) and its loosened ones (`tracked.rs`) walk
//! on it too.

use crate::board::{Board, Shape};
use crate::heuristic::{Heuristic, HeuristicKind};
use crate::moves::Direction;

use crate::budget::{Budget, Halt};

/// A path of at most `max_len` moves from `start` to `target` that is shortest among such
/// paths, or `None` if there is none or `node_cap` expansions did not settle it.
pub(crate) fn shortest_between(
    start: &Board,
    target: &Board,
    max_len: usize,
    node_cap: u64,
    budget: &mut Budget,
) -> Result<Option<Vec<Direction>>, Halt> {
    if start == target {
        return Ok(Some(Vec::new()));
    }
    let estimate = Heuristic::new(HeuristicKind::LinearConflict, target);
    let mut cells = start.cells().to_vec();
    let h = estimate.estimate(&cells[..]);
    let mut walk = Toward {
        shape: start.shape(),
        blank: start.blank(),
        h,
        cells: &mut cells,
        target: target.cells(),
        estimate: &estimate,
    };
    within(&mut walk, max_len, node_cap, budget, Root::Uncounted)
}

/// A board walked toward a target board under linear conflict.
struct Toward<'w> {
    shape: Shape,
    blank: usize,
    /// The estimate of `cells`.
    h: u32,
    cells: &'w mut Vec<u8>,
    target: &'w [u8],
    estimate: &'w Heuristic,
}

impl Walk for Toward<'_> {
    /// The blank's cell and the estimate before the slide.
    type Saved = (usize, u32);

    fn shape(&self) -> Shape {
        self.shape
    }

    fn blank(&self) -> usize {
        self.blank
    }

    fn estimate(&self) -> u32 {
        self.h
    }

    fn is_goal(&self, h: u32) -> bool {
        h == 0 && self.cells[..] == *self.target
    }

    fn slide(&mut self, from: usize) -> Self::Saved {
        let saved = (self.blank, self.h);
        self.h = self
            .estimate
            .after_slide(self.h, self.cells, self.blank, from);
        self.blank = from;
        saved
    }

    fn undo(&mut self, (blank, h): Self::Saved) {
        self.cells.swap(blank, self.blank);
        self.blank = blank;
        self.h = h;
    }
}

/// A board searched in place, with an admissible estimate kept up to date move by move.
pub(crate) trait Walk {
    /// What [`Walk::slide`] hands to [`Walk::undo`].
    type Saved: Copy;

    fn shape(&self) -> Shape;

    /// The blank's cell.
    fn blank(&self) -> usize;

    /// The estimate of the board as it is.
    fn estimate(&self) -> u32;

    /// Whether the board, of estimate `h`, is a goal.
    fn is_goal(&self, h: u32) -> bool;

    /// Slides the tile at `from` (a neighbour of the blank) into the blank.
    fn slide(&mut self, from: usize) -> Self::Saved;

    /// Takes back the last [`Walk::slide`]: the blank goes back to where the tile came from.
    fn undo(&mut self, saved: Self::Saved);
}

/// A path of at most `max_len` moves from the walk's board to a goal that is shortest among
/// such paths, or `None` if there is none or `node_cap` expansions did not settle it.
pub(crate) fn deepen_within<W: Walk>(
    walk: &mut W,
    max_len: usize,
    node_cap: u64,
    budget: &mut Budget,
) -> Result<Option<Vec<Direction>>, Halt> {
    within(walk, max_len, node_cap, budget, Root::Counted)
}

/// [`deepen_within`], the walk's own board counted or not (`root`).
fn within<W: Walk>(
    walk: &mut W,
    max_len: usize,
    node_cap: u64,
    budget: &mut Budget,
    root: Root,
) -> Result<Option<Vec<Direction>>, Halt> {
    let mut search = Deepening {
        walk,
        path: Vec::with_capacity(max_len + 1),
        spent: 0,
        node_cap,
    };
    let mut bound = search.walk.estimate();
    while bound as usize <= max_len {
        match search.probe(bound, budget, root)? {
            Probe::Found => return Ok(Some(search.path)),
            Probe::OutOfNodes | Probe::Exhausted => return Ok(None),
            Probe::Next(next) => bound = next,
        }
    }
    Ok(None)
}

/// Iterative deepening from the walk's board, with no cap on length or nodes, until a goal is
/// reached (the path returned is a shortest one) or the budget halts. After each iteration
/// that ends without a goal, `proven` rises to the next threshold: the estimate is
/// admissible, so no path is shorter. It starts at the board's estimate. `enough` hears each
/// bound proved and may end the search there (`true`: no path is returned).
pub(crate) fn deepen_proving<W: Walk>(
    walk: &mut W,
    proven: &mut u32,
    budget: &mut Budget,
    enough: &mut dyn FnMut(u32) -> bool,
) -> Result<Option<Vec<Direction>>, Halt> {
    let mut search = Deepening {
        walk,
        path: Vec::new(),
        spent: 0,
        node_cap: u64::MAX,
    };
    let mut bound = search.walk.estimate();
    *proven = (*proven).max(bound);
    loop {
        match search.probe(bound, budget, Root::Counted)? {
            Probe::Found => return Ok(Some(search.path)),
            Probe::OutOfNodes | Probe::Exhausted => return Ok(None),
            Probe::Next(next) => {
                bound = next;
                *proven = (*proven).max(next);
                if enough(*proven) {
                    return Ok(None);
                }
            }
        }
    }
}

/// Whether an iteration counts the expansion of the walk's own board (against the budget and
/// the node cap). The windows between two boards ([`shortest_between`]) never counted it:
/// counting it now would move every node cap and work-clock figure the golden fingerprint pins.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Root {
    Counted,
    Uncounted,
}

enum Probe {
    Found,
    /// The least `g + h` above the bound.
    Next(u32),
    Exhausted,
    OutOfNodes,
}

struct Deepening<'w, W> {
    walk: &'w mut W,
    path: Vec<Direction>,
    spent: u64,
    node_cap: u64,
}

impl<W: Walk> Deepening<'_, W> {
    /// One depth-first pass with `g + h <= bound` (`root` says whether this board's expansion
    /// counts; every board below it counts).
    fn probe(&mut self, bound: u32, budget: &mut Budget, root: Root) -> Result<Probe, Halt> {
        let g = self.path.len() as u32;
        let h = self.walk.estimate();
        if g + h > bound {
            return Ok(Probe::Next(g + h));
        }
        if self.walk.is_goal(h) {
            return Ok(Probe::Found);
        }
        if root == Root::Counted {
            budget.tick()?;
            self.spent += 1;
            if self.spent > self.node_cap {
                return Ok(Probe::OutOfNodes);
            }
        }
        let mut next = u32::MAX;
        for direction in Direction::ALL {
            if self.path.last() == Some(&direction.opposite()) {
                continue;
            }
            let Some(from) = self.walk.shape().neighbour(self.walk.blank(), direction) else {
                continue;
            };
            let saved = self.walk.slide(from);
            self.path.push(direction);
            let probe = self.probe(bound, budget, Root::Counted)?;
            if let Probe::Found = probe {
                // The path and the board stay as they are: the search is over.
                return Ok(Probe::Found);
            }
            self.path.pop();
            self.walk.undo(saved);
            match probe {
                Probe::Next(n) => next = next.min(n),
                Probe::Exhausted | Probe::Found => {}
                Probe::OutOfNodes => return Ok(Probe::OutOfNodes),
            }
        }
        Ok(if next == u32::MAX {
            Probe::Exhausted
        } else {
            Probe::Next(next)
        })
    }
}

/// Manhattan distance between two cells.
pub(crate) fn distance(shape: Shape, a: usize, b: usize) -> u32 {
    (shape.row(a).abs_diff(shape.row(b)) + shape.column(a).abs_diff(shape.column(b))) as u32
}
