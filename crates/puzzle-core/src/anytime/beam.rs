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

use super::budget::{Budget, Halt};
use super::rank::{Blend, LinearConflict, Ranker};
use super::whole::WholeRanker;
use super::{AnytimeConfig, Run};
use crate::symmetry::View;

/// Entries of the table of seen boards (8 bytes each) a board kept at a depth: the table
/// remembers the last few depths (the shortest cycle of moves is 12 long), small enough to
/// stay in the processor's cache (lookups were two thirds of the time with 32 MB).
const SEEN_PER_WIDTH: usize = 16;

/// Candidates looked at per board kept: the beam's best are checked against the seen table in
/// turn until it is full, so duplicates do not take its places.
const SPARE: f64 = 1.25;

/// The widest beam (about 120 MB at its widest depth, whatever the links allow).
pub(super) const MAX_WIDTH: usize = 1 << 20;

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

impl Run<'_, '_, '_> {
    /// Beams of growing width on the whole board while `beam_share` of the time limit lasts,
    /// ranked by linear conflict (see [`Run::beams_from`]); once a beam is as wide as the
    /// links allow, the other problems ([`Run::other_problems`]) at that width. With
    /// whole-board tables, the growing beams rank by them (`whole.rs`) for
    /// `whole_beam_share` of the time, short of the width the links cap (where a wider beam
    /// has stopped gaining), and the board ranked by each of the [`BLENDS`] at that width then
    /// comes first among the other problems, in turn with the views ranked by linear conflict
    /// (the board's own first):
    /// the rankings keep different boards at the widest widths, where each alone stops
    /// gaining (6x6 dev states, 3 boards, 230k boards a depth: 1.046 times DeepCubeA's
    /// lengths with the tables, 1.062 with linear conflict), and on 7x7 another ranking
    /// gains more than a wider beam (see [`BLENDS`]).
    pub(super) fn beams(&mut self, config: &AnytimeConfig) -> Result<(), Halt> {
        let (start, goal) = (self.start.clone(), self.goal.clone());
        let views = View::all()
            .flat_map(|view| [(view, false), (view, true)])
            .take(config.beam_problems)
            .map(|(view, reverse)| Other::View { view, reverse });
        let (widest, others, until) = match self.whole.clone() {
            None => {
                let until = config.time_limit_ms * config.beam_share;
                let mut ranker = LinearConflict::toward(&goal);
                let widest = self.beams_from(
                    &start,
                    &goal,
                    &[],
                    &mut ranker,
                    config,
                    until,
                    Growth::ToCap,
                )?;
                (widest, views.skip(1).collect(), until)
            }
            Some(whole) => {
                let until = config.time_limit_ms * config.whole_beam_share;
                let mut ranker = WholeRanker::new(&whole);
                let blend = config.blend_beams;
                let growth = if blend {
                    Growth::ShortOfCap
                } else {
                    Growth::ToCap
                };
                let widest =
                    self.beams_from(&start, &goal, &[], &mut ranker, config, until, growth)?;
                let blends = if blend { &BLENDS[..] } else { &[] };
                (widest, interleave(blends, views), until)
            }
        };
        match widest {
            Some(widest) if widest.capped => self.other_problems(&widest, others, until),
            _ => Ok(()),
        }
    }

    /// Beams of the widest width on other problems with the same answers, in turn while time
    /// is left for one more of them (each kind judged by its last beam's time: linear
    /// conflict ranks in about half the time the tables take). The views (flips,
    /// transposition) and the reverse problems (from the goal toward the board), ranked by
    /// linear conflict: it ranks a view's boards as it does the board's, but ties (most
    /// boards) fall differently, and the reverse ranks other boards, so each beam keeps other
    /// boards and the best of their answers is kept. Measured on DeepCubeA's dev states (one
    /// run): 6x6 at 60 s 1.052 -> 1.026 times DeepCubeA's lengths (3 boards), 7x7 at 30 s
    /// 1.123 -> 1.108 (5 boards). With whole-board tables, the board itself ranked by other
    /// blends of them and linear conflict ([`BLENDS`]) too.
    fn other_problems(
        &mut self,
        widest: &Widest,
        others: Vec<Other>,
        until: f64,
    ) -> Result<(), Halt> {
        let (start, goal) = (&self.start.clone(), &self.goal.clone());
        let whole = self.whole.clone();
        // The last beam's time of each kind: linear conflict's, the tables'.
        let mut took = [widest.took_ms / 2.0, widest.took_ms];
        for other in others {
            let kind = usize::from(matches!(other, Other::Blend(_)));
            if until - self.budget.elapsed_ms() < took[kind] || self.is_optimal() {
                break;
            }
            let began = self.budget.elapsed_ms();
            let beam = |from, to, shorter_than| Beam {
                start: from,
                goal: to,
                width: widest.width,
                shorter_than,
                until_ms: until,
                salt: 0,
            };
            let found = match other {
                Other::View { view, reverse } => {
                    let (Some(from), Some(to)) = (view.board(start), view.board(goal)) else {
                        continue;
                    };
                    let (from, to) = if reverse { (to, from) } else { (from, to) };
                    let mut ranker = LinearConflict::toward(&to);
                    let found =
                        beam(&from, &to, self.best_len()).search(&mut ranker, &mut self.budget)?;
                    found.map(|moves| match reverse {
                        // The blank's moves from the goal to the board, played back.
                        true => view.moves_back(
                            &moves.iter().rev().map(|d| d.opposite()).collect::<Vec<_>>(),
                        ),
                        false => view.moves_back(&moves),
                    })
                }
                Other::Blend(blend) => {
                    let Some(whole) = &whole else { continue };
                    let mut ranker = WholeRanker::blended(whole, blend);
                    beam(start, goal, self.best_len()).search(&mut ranker, &mut self.budget)?
                }
            };
            took[kind] = self.budget.elapsed_ms() - began;
            if let Some(moves) = found {
                self.offer(moves);
            }
        }
        Ok(())
    }

    /// Beams of growing width from `start` (the board after `prefix`) toward `goal`, until
    /// `until_ms`, each bounded by the best length so far and offered behind `prefix`: the
    /// first of [`AnytimeConfig::beam_width`] boards, each next one as wide as the time left
    /// allows (judged by the last one's time, at most 8 times wider) and the parent links
    /// allow, as far as `growth` says; the last one's width and time if the links capped it,
    /// or `growth` stopped it. `start` and `goal` may be the core's boards (core labels, same
    /// directions).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn beams_from<R: Ranker>(
        &mut self,
        start: &Board,
        goal: &Board,
        prefix: &[Direction],
        ranker: &mut R,
        config: &AnytimeConfig,
        until_ms: f64,
        growth: Growth,
    ) -> Result<Option<Widest>, Halt> {
        if config.beam_width == 0 {
            return Ok(None);
        }
        let mut width = config.beam_width;
        loop {
            let allowed = self.best_len().saturating_sub(prefix.len());
            let cap = links_cap(config, allowed);
            let width_now = width.min(cap);
            let began = self.budget.elapsed_ms();
            let beam = Beam {
                start,
                goal,
                width: width_now,
                shorter_than: allowed,
                until_ms,
                salt: 0,
            };
            if let Some(moves) = beam.search(ranker, &mut self.budget)? {
                let mut whole = prefix.to_vec();
                whole.extend(moves);
                self.offer(whole);
            }
            let took = (self.budget.elapsed_ms() - began).max(1.0);
            if self.is_optimal() {
                return Ok(None);
            }
            let last = Widest {
                width: width_now,
                took_ms: took,
                capped: width_now >= cap,
            };
            let left = until_ms - self.budget.elapsed_ms();
            let grow = (growth.share_of_time_left() * left / took).min(8.0);
            if last.capped || grow < 1.5 {
                return Ok(Some(last));
            }
            width = (width_now as f64 * grow) as usize;
            let allowed = self.best_len().saturating_sub(prefix.len());
            if growth == Growth::ShortOfCap && width >= links_cap(config, allowed) {
                return Ok(Some(Widest {
                    capped: true,
                    ..last
                }));
            }
        }
    }
}

/// The widest beam the parent links allow for paths of fewer than `allowed` moves.
fn links_cap(config: &AnytimeConfig, allowed: usize) -> usize {
    (config.beam_links / allowed.max(1)).clamp(1, MAX_WIDTH)
}

/// With whole-board tables, the blends of their estimate and linear conflict the board is
/// ranked by once the growing beams stop ([`Run::other_problems`]). A beam ranked by the
/// tables ends at about the same length whatever its ties, but another
/// ranking is another draw: DeepCubeA's 7x7 dev states (first 6, beams of 32k boards),
/// 1911 moves in all ranked by the larger estimate, 1825 with the best of it and these
/// three; the same beam twice as wide, about 2 % shorter.
const BLENDS: [Blend; 3] = [
    Blend::Sum {
        tables: 1,
        conflict: 1,
    },
    Blend::Sum {
        tables: 3,
        conflict: 1,
    },
    Blend::Sum {
        tables: 1,
        conflict: 3,
    },
];

/// A problem the growing beams' last width runs on after them ([`Run::other_problems`]).
#[derive(Clone, Copy)]
enum Other {
    /// A view of the board (or the reverse problem, from the goal toward the board), ranked by
    /// linear conflict.
    View { view: View, reverse: bool },
    /// The board itself, ranked by a blend of the whole-board tables and linear conflict.
    Blend(Blend),
}

/// `blends` and `views` taken in turn, a blend first (the rest of the longer one at the end).
fn interleave(blends: &[Blend], views: impl Iterator<Item = Other>) -> Vec<Other> {
    let mut first = blends.iter().copied().map(Other::Blend).peekable();
    let mut second = views.peekable();
    let mut all = Vec::new();
    while first.peek().is_some() || second.peek().is_some() {
        all.extend(first.next());
        all.extend(second.next());
    }
    all
}

/// How far [`Run::beams_from`] widens its beams.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Growth {
    /// Each next beam may take 0.8 of the time left, until the links cap the width.
    ToCap,
    /// As `ToCap`, but the beam the links would cap is not run: the other problems run at the
    /// last width instead.
    ShortOfCap,
    /// Each next beam may take 0.4 of the time left, so that beams ranked otherwise fit at the
    /// last width after it (other draws: see `core_beam.rs`).
    LeavingDraws,
}

impl Growth {
    /// The share of the time left the next, wider beam may take (judged by the last one's).
    fn share_of_time_left(self) -> f64 {
        match self {
            Growth::ToCap | Growth::ShortOfCap => 0.8,
            Growth::LeavingDraws => 0.4,
        }
    }
}

/// The last (widest) of the growing beams: its width and time, and whether that width is
/// final (the links capped it, or would cap the next beam), so that the other problems run at
/// it.
pub(super) struct Widest {
    pub(super) width: usize,
    pub(super) took_ms: f64,
    capped: bool,
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

/// A repeatable pseudo-random 32-bit key of a board's `hash` under `salt`.
#[inline]
fn tie_break(hash: u64, salt: u64) -> u64 {
    (hash ^ salt).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32
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
    use crate::anytime::whole::tables_for;
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
                super::super::ida::shortest_within(&board, &goal, 31, u64::MAX, &mut budget)
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
                    let optimum = crate::anytime::ida::shortest_within(
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
