//! Whole-board beam search: breadth-first by depth, keeping at each depth only the `width`
//! boards with the smallest linear-conflict estimate (Manhattan distance plus linear
//! conflicts, updated per move), until the goal comes up. All boards of one depth have the
//! same moves so far, so the estimate alone ranks them; a wide beam keeps enough alternatives
//! that the tiles come home together instead of one line at a time, which is where the line
//! reduction loses most moves on 6x6 and up.
//!
//! Memory: the boards of one depth (`width` of them, a byte a cell, and about three times as
//! many candidates of 24 bytes), half a byte for every board kept at every depth (for the
//! path: which of its children the next depth kept, see [`Links`]), and a table of recently
//! kept boards' hashes (16 entries a board of the width) that keeps the beam from filling with
//! boards it already holds (a lossy filter: a board it forgot is only searched twice; two
//! boards sharing a 64-bit hash are not a concern).

use crate::board::Board;
use crate::moves::Direction;

use crate::anytime::engines::rank::Ranker;
use crate::budget::{Budget, Halt};

/// Entries of the table of seen boards (8 bytes each) a board kept at a depth: the table
/// remembers the last few depths (the shortest cycle of moves is 12 long), small enough to
/// stay in the processor's cache (lookups were two thirds of the time with 32 MB).
const SEEN_PER_WIDTH: usize = 16;

/// Candidates looked at per board kept: the beam's best are checked against the seen table in
/// turn until it is full, so duplicates do not take its places.
const SPARE: f64 = 1.25;

/// The widest beam (about 120 MB at its widest depth, whatever the links allow).
pub(crate) const MAX_WIDTH: usize = 1 << 20;

/// A board of the next depth, before the beam keeps it or not.
#[derive(Clone, Copy)]
struct Candidate<A> {
    estimate: u32,
    /// Index of the board it came from (in the current depth), the direction in the low bits.
    link: u32,
    hash: u64,
    aux: A,
}

/// Random keys for hashing (tile, cell) pairs: splitmix64 from a fixed seed (a hand-written
/// generator because the core takes no random-number dependency, and the keys must be the
/// same on every run for the searches to be repeatable).
fn zobrist_keys(cells: usize) -> Vec<u64> {
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    (0..cells * cells)
        .map(|_| {
            x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = x;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        })
        .collect()
}

/// The beam's boards of one depth: cells flat, one board after the other.
struct Depth<A> {
    cells: Vec<u8>,
    blank: Vec<u8>,
    /// The direction (index in [`Direction::ALL`]) of the move that made each board; 4 for
    /// the start.
    came: Vec<u8>,
    estimate: Vec<u32>,
    hash: Vec<u64>,
    aux: Vec<A>,
}

impl<A> Depth<A> {
    fn with_capacity(boards: usize, cells: usize) -> Self {
        Depth {
            cells: Vec::with_capacity(boards * cells),
            blank: Vec::with_capacity(boards),
            came: Vec::with_capacity(boards),
            estimate: Vec::with_capacity(boards),
            hash: Vec::with_capacity(boards),
            aux: Vec::with_capacity(boards),
        }
    }

    fn len(&self) -> usize {
        self.blank.len()
    }
}

/// One beam search: from `start` toward `goal` (same shape, at most 255 cells), `width`
/// boards a depth, for a path of fewer than `shorter_than` moves, until `until_ms` of the
/// budget's clock.
pub(crate) struct Beam<'b> {
    pub(crate) start: &'b Board,
    pub(crate) goal: &'b Board,
    pub(crate) width: usize,
    pub(crate) shorter_than: usize,
    pub(crate) until_ms: f64,
    /// Salts the hashes that break ties between boards of equal estimate: beams with other
    /// salts keep other boards.
    pub(crate) salt: u64,
}

impl Beam<'_> {
    /// The path found, if any: `None` when the beam dies out, reaches `shorter_than` moves or
    /// runs past its time. Every expanded board is a tick of `budget`.
    pub(crate) fn search<R: Ranker>(
        &self,
        ranker: &mut R,
        budget: &mut Budget,
    ) -> Result<Option<Vec<Direction>>, Halt> {
        let n = self.start.cells().len();
        if n > 255 || self.start.shape() != self.goal.shape() {
            return Ok(None);
        }
        if self.start == self.goal {
            return Ok(Some(Vec::new()));
        }
        let keys = zobrist_keys(n);
        let width = self.width.clamp(1, MAX_WIDTH);
        let entries = (width * SEEN_PER_WIDTH)
            .next_power_of_two()
            .clamp(1 << 16, 1 << 22);
        let mut seen = Seen {
            hashes: vec![0u64; entries],
        };
        let mut depth = Depth::with_capacity(1, n);
        let (estimate, aux) = ranker.root(self.start.cells());
        let hash = self
            .start
            .cells()
            .iter()
            .enumerate()
            .filter(|(_, &t)| t != 0)
            .fold(0u64, |h, (cell, &t)| h ^ keys[t as usize * n + cell]);
        seen.mark(hash);
        depth.cells.extend_from_slice(self.start.cells());
        depth.blank.push(self.start.blank() as u8);
        depth.came.push(4);
        depth.estimate.push(estimate);
        depth.hash.push(hash);
        depth.aux.push(aux);
        let mut links = Links::default();
        let mut candidates = Vec::with_capacity((width * 3).min(1 << 16));
        for _ in 1..self.shorter_than {
            if budget.elapsed_ms() > self.until_ms {
                return Ok(None);
            }
            if let Some(link) = self.children(&depth, ranker, &keys, &mut candidates, budget)? {
                return Ok(Some(links.path(link)));
            }
            keep_best(&mut candidates, width, self.salt, &mut seen);
            if candidates.is_empty() {
                return Ok(None);
            }
            links.push(depth.len(), &candidates);
            depth = self.next_depth(&depth, &candidates);
        }
        Ok(None)
    }

    /// Every child of the boards of `depth` into `candidates`, in the order of their parents
    /// and then of [`Direction::ALL`] (the move back excluded); the goal's link if a child is
    /// the goal.
    fn children<R: Ranker>(
        &self,
        depth: &Depth<R::Aux>,
        ranker: &mut R,
        keys: &[u64],
        candidates: &mut Vec<Candidate<R::Aux>>,
        budget: &mut Budget,
    ) -> Result<Option<u32>, Halt> {
        let shape = self.start.shape();
        let n = shape.cells();
        candidates.clear();
        for i in 0..depth.len() {
            budget.tick()?;
            let board = &depth.cells[i * n..(i + 1) * n];
            let blank = depth.blank[i] as usize;
            let back = Direction::ALL
                .get(depth.came[i] as usize)
                .map(|d| d.opposite());
            ranker.expand(board, &depth.aux[i]);
            for (d, direction) in Direction::ALL.into_iter().enumerate() {
                if back == Some(direction) {
                    continue;
                }
                let Some(from) = shape.neighbour(blank, direction) else {
                    continue;
                };
                let Some((estimate, aux)) = ranker.child(depth.estimate[i], blank, from) else {
                    continue;
                };
                let link = ((i as u32) << 2) | d as u32;
                if estimate == 0 && self.solves(board, blank, from) {
                    return Ok(Some(link));
                }
                let tile = board[from] as usize;
                let hash = depth.hash[i] ^ keys[tile * n + from] ^ keys[tile * n + blank];
                candidates.push(Candidate {
                    estimate,
                    link,
                    hash,
                    aux,
                });
            }
        }
        Ok(None)
    }

    /// Whether `board` with its tile at `from` slid into `blank` is the goal.
    fn solves(&self, board: &[u8], blank: usize, from: usize) -> bool {
        let goal = self.goal.cells();
        goal[blank] == board[from]
            && goal[from] == 0
            && (0..board.len())
                .filter(|&c| c != blank && c != from)
                .all(|c| board[c] == goal[c])
    }

    /// The boards of the candidates kept, built from their parents in `depth`.
    fn next_depth<A: Copy>(&self, depth: &Depth<A>, kept: &[Candidate<A>]) -> Depth<A> {
        let shape = self.start.shape();
        let n = shape.cells();
        let mut next = Depth::with_capacity(kept.len(), n);
        for c in kept {
            let parent = (c.link >> 2) as usize;
            let direction = Direction::ALL[(c.link & 3) as usize];
            let blank = depth.blank[parent] as usize;
            let from = shape
                .neighbour(blank, direction)
                .expect("a candidate's move is legal");
            let at = next.cells.len();
            next.cells
                .extend_from_slice(&depth.cells[parent * n..(parent + 1) * n]);
            next.cells.swap(at + from, at + blank);
            next.blank.push(from as u8);
            next.came.push((c.link & 3) as u8);
            next.estimate.push(c.estimate);
            next.hash.push(c.hash);
            next.aux.push(c.aux);
        }
        next
    }
}

/// The table of recently kept boards' hashes (one a slot, the last kept wins).
struct Seen {
    hashes: Vec<u64>,
}

impl Seen {
    fn slot(&self, hash: u64) -> usize {
        (hash as usize) & (self.hashes.len() - 1)
    }

    /// Marks `hash` seen; `false` if it already was.
    fn mark(&mut self, hash: u64) -> bool {
        let slot = self.slot(hash);
        let fresh = self.hashes[slot] != hash;
        self.hashes[slot] = hash;
        fresh
    }
}

/// Keeps in `candidates` the `width` best not seen before (smallest estimate first, ties
/// broken by the hash: an arbitrary but repeatable order that does not favour the
/// descendants of any one board), looking at no more than [`SPARE`] times `width` of them,
/// in their order (their parents' and directions', as [`Links`] needs).
fn keep_best<A: Copy>(
    candidates: &mut Vec<Candidate<A>>,
    width: usize,
    salt: u64,
    seen: &mut Seen,
) {
    let mut ranked: Vec<(u64, u32)> = candidates
        .iter()
        .enumerate()
        .map(|(i, c)| {
            (
                (u64::from(c.estimate) << 32) | tie_break(c.hash, salt),
                i as u32,
            )
        })
        .collect();
    let looked_at = (width as f64 * SPARE) as usize;
    if ranked.len() > looked_at {
        ranked.select_nth_unstable(looked_at);
        ranked.truncate(looked_at);
    }
    ranked.sort_unstable();
    let mut keep = vec![false; candidates.len()];
    let mut kept = 0;
    for &(_, i) in &ranked {
        if !seen.mark(candidates[i as usize].hash) {
            continue;
        }
        keep[i as usize] = true;
        kept += 1;
        if kept == width {
            break;
        }
    }
    let mut flags = keep.into_iter();
    candidates.retain(|_| flags.next() == Some(true));
}

/// A repeatable pseudo-random 32-bit key of a board's `hash` under `salt`. Salt 0 keeps the
/// first beams' order; any other salt goes through a full mix (splitmix64's finaliser) of
/// hash and salt, so that two salts order ties independently: XOR-ing a small salt into the
/// hash before one multiplication only shifts every key by about the same amount and keeps
/// nearly the same boards.
#[inline]
fn tie_break(hash: u64, salt: u64) -> u64 {
    if salt == 0 {
        return hash.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32;
    }
    let mut z = hash ^ salt.wrapping_mul(0xD6E8_FEB8_6659_FD93);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (z ^ (z >> 31)) >> 32
}

/// The parent links of a beam's path, half a byte a board kept: for every depth, which of
/// each board's children (a bit a direction of [`Direction::ALL`]) the next depth kept. The
/// boards of a depth are in the order of their parents and directions, so the `j`-th board
/// is the `j`-th set bit over the masks. (Hand-written: 4-byte parent indices capped the width
/// at an eighth of this on 7x7 with the same memory.)
#[derive(Default)]
struct Links {
    /// Per depth, the masks of the boards of the depth before, two to a byte (low nibble
    /// first).
    masks: Vec<Vec<u8>>,
}

impl Links {
    /// Records the boards `kept` from the `parents` boards of the last depth (in link order).
    fn push<A>(&mut self, parents: usize, kept: &[Candidate<A>]) {
        let mut masks = vec![0u8; parents.div_ceil(2)];
        for c in kept {
            let parent = (c.link >> 2) as usize;
            masks[parent / 2] |= 1 << ((c.link & 3) as usize + 4 * (parent % 2));
        }
        self.masks.push(masks);
    }

    /// The moves from the start to the board `link` leads to (a parent of the last depth
    /// and a direction).
    fn path(&self, link: u32) -> Vec<Direction> {
        let mut moves = Vec::with_capacity(self.masks.len() + 1);
        moves.push(Direction::ALL[(link & 3) as usize]);
        let mut index = (link >> 2) as usize;
        for masks in self.masks.iter().rev() {
            let (parent, direction) = nth_child(masks, index);
            moves.push(Direction::ALL[direction]);
            index = parent;
        }
        moves.reverse();
        moves
    }
}

/// The parent and direction of the `n`-th set bit (from 0) over the nibble `masks`.
fn nth_child(masks: &[u8], mut n: usize) -> (usize, usize) {
    let mut chunks = masks.chunks(8);
    let mut byte = 0;
    for chunk in chunks.by_ref() {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        let count = u64::from_le_bytes(word).count_ones() as usize;
        if n < count {
            break;
        }
        n -= count;
        byte += chunk.len();
    }
    for (at, &mask) in masks[byte..].iter().enumerate() {
        for half in 0..2 {
            let nibble = (mask >> (4 * half)) & 15;
            let count = nibble.count_ones() as usize;
            if n < count {
                let direction = (0..4)
                    .filter(|d| nibble & (1 << d) != 0)
                    .nth(n)
                    .expect("n is below the nibble's count");
                return (2 * (byte + at) + half, direction);
            }
            n -= count;
        }
    }
    unreachable!("a kept board has a parent")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::anytime::engines::rank::LinearConflict;
    use crate::anytime::engines::whole_rank::WholeRanker;
    use crate::anytime::tables::whole::tables_for;
    use crate::generate::{scramble_seeded, Scramble};
    use crate::goal::Goal;
    use crate::search::Limits;
    use crate::Shape;

    /// A linear-conflict beam of `width` boards from `board`, without a time limit.
    fn search(
        board: &Board,
        goal: &Board,
        width: usize,
        shorter_than: usize,
        budget: &mut Budget,
    ) -> Result<Option<Vec<Direction>>, Halt> {
        let beam = Beam {
            start: board,
            goal,
            width,
            shorter_than,
            until_ms: f64::INFINITY,
            salt: 0,
        };
        beam.search(&mut LinearConflict::toward(goal), budget)
    }

    /// The beam's paths solve the board, on square and oblong boards and a goal with the
    /// blank inside.
    #[test]
    fn paths_solve_the_board() {
        for (w, h, goal) in [
            (3, 3, Goal::Standard),
            (4, 4, Goal::Snail),
            (6, 5, Goal::Standard),
            (6, 6, Goal::Standard),
        ] {
            let goal = goal.board(Shape::new(w, h).unwrap()).unwrap();
            for seed in 0..3 {
                let board = scramble_seeded(&goal, Scramble::Uniform, true, seed);
                let mut limits = Limits::default();
                let mut budget = Budget::new(&mut limits, f64::INFINITY);
                let moves = search(&board, &goal, 200, 2000, &mut budget)
                    .unwrap()
                    .expect("a path");
                assert_eq!(board.after(&moves).unwrap(), goal);
            }
        }
    }

    /// `nth_child` finds the same parent and direction as counting the set bits one by one,
    /// over masks of odd and even lengths that cross its 8-byte chunks.
    #[test]
    fn nth_child_counts_the_set_bits_in_order() {
        let mut x: u64 = 7;
        for length in [1usize, 2, 7, 8, 9, 17, 40] {
            let masks: Vec<u8> = (0..length)
                .map(|_| {
                    x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                    (x >> 56) as u8
                })
                .collect();
            let expected: Vec<(usize, usize)> = (0..2 * length)
                .flat_map(|parent| {
                    let nibble = (masks[parent / 2] >> (4 * (parent % 2))) & 15;
                    (0..4)
                        .filter(move |d| nibble & (1 << d) != 0)
                        .map(move |d| (parent, d))
                })
                .collect();
            for (n, &want) in expected.iter().enumerate() {
                assert_eq!(nth_child(&masks, n), want, "length {length}, child {n}");
            }
        }
    }

    /// A beam wider than any depth of the 3x3 state space is breadth-first search: its
    /// lengths are the optima (IDA*'s), and a bound at the optimum finds nothing.
    #[test]
    fn an_unbounded_beam_is_optimal_on_3x3() {
        let goal = Goal::Standard.board(Shape::square(3).unwrap()).unwrap();
        for seed in 0..8 {
            let board = scramble_seeded(&goal, Scramble::Uniform, true, seed);
            let mut limits = Limits::default();
            let mut budget = Budget::new(&mut limits, f64::INFINITY);
            let optimum =
                crate::shorten::ida::shortest_between(&board, &goal, 31, u64::MAX, &mut budget)
                    .unwrap()
                    .expect("3x3 optima are at most 31")
                    .len();
            let moves = search(&board, &goal, 200_000, usize::MAX, &mut budget)
                .unwrap()
                .unwrap();
            assert_eq!(moves.len(), optimum, "seed {seed}");
            assert_eq!(board.after(&moves).unwrap(), goal);
            let bounded = search(&board, &goal, 200_000, optimum, &mut budget).unwrap();
            assert_eq!(bounded, None);
        }
    }

    /// Beams ranked by the tables solve boards, and a beam wider than any depth of 3x3 finds
    /// the optimum.
    #[test]
    fn beams_ranked_by_the_tables_solve() {
        for (side, width) in [(3, 200_000), (4, 2_000)] {
            let goal = Goal::Standard.board(Shape::square(side).unwrap()).unwrap();
            let tables = tables_for(&goal);
            for seed in 0..3 {
                let board = scramble_seeded(&goal, Scramble::Uniform, true, seed);
                let mut limits = Limits::default();
                let mut budget = Budget::new(&mut limits, f64::INFINITY);
                let beam = Beam {
                    start: &board,
                    goal: &goal,
                    width,
                    shorter_than: usize::MAX,
                    until_ms: f64::INFINITY,
                    salt: 0,
                };
                let moves = beam
                    .search(&mut WholeRanker::new(&tables), &mut budget)
                    .unwrap()
                    .expect("a path");
                assert_eq!(board.after(&moves).unwrap(), goal);
                if side == 3 {
                    let optimum = crate::shorten::ida::shortest_between(
                        &board,
                        &goal,
                        31,
                        u64::MAX,
                        &mut budget,
                    )
                    .unwrap()
                    .expect("3x3 optima are at most 31");
                    assert_eq!(moves.len(), optimum.len(), "seed {seed}");
                }
            }
        }
    }
}
