//! Whole-board beam search: breadth-first by depth, keeping at each depth only the `width`
//! boards with the smallest linear-conflict estimate (Manhattan distance plus linear
//! conflicts, updated per move), until the goal comes up. All boards of one depth have the
//! same moves so far, so the estimate alone ranks them; a wide beam keeps enough alternatives
//! that the tiles come home together instead of one line at a time, which is where the line
//! reduction loses most moves on 6x6 and up.
//!
//! Memory: the boards of one depth (`width` of them, a byte a cell, and about three times as
//! many candidates of 24 bytes), a parent link of 4 bytes for every board kept at every depth
//! (for the path), and a table of recently kept boards' hashes (16 entries a board of the
//! width) that keeps the beam from filling with boards it already holds (a lossy filter: a
//! board it forgot is only searched twice; two boards sharing a 64-bit hash are not a concern).

use crate::board::Board;
use crate::heuristic::{Heuristic, HeuristicKind};
use crate::moves::Direction;

use super::budget::{Budget, Halt};
use super::{AnytimeConfig, Run};

/// Entries of the table of seen boards (8 bytes each) a board kept at a depth: the table
/// remembers the last few depths (the shortest cycle of moves is 12 long), small enough to
/// stay in the processor's cache (lookups were two thirds of the time with 32 MB).
const SEEN_PER_WIDTH: usize = 16;

/// Candidates looked at per board kept: the beam's best are checked against the seen table in
/// turn until it is full, so duplicates do not take its places.
const SPARE: f64 = 1.25;

/// The widest beam (about 120 MB at its widest depth, whatever the links allow).
const MAX_WIDTH: usize = 1 << 20;

/// A board of the next depth, before the beam keeps it or not.
#[derive(Clone, Copy)]
struct Candidate {
    estimate: u32,
    /// Index of the board it came from (in the current depth), the direction in the low bits.
    link: u32,
    hash: u64,
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
struct Depth {
    cells: Vec<u8>,
    blank: Vec<u8>,
    estimate: Vec<u32>,
    hash: Vec<u64>,
}

impl Run<'_, '_, '_> {
    /// Beams of growing width on the whole board while `beam_share` of the time limit lasts,
    /// each bounded by the best length so far and offered: the first of
    /// [`AnytimeConfig::beam_width`] boards, each next one as wide as the time left allows
    /// (judged by the last one's time, at most 8 times wider) and the parent links allow.
    pub(super) fn beams(&mut self, config: &AnytimeConfig) -> Result<(), Halt> {
        if config.beam_width == 0 {
            return Ok(());
        }
        let until = config.time_limit_ms * config.beam_share;
        let mut width = config.beam_width;
        loop {
            let cap = (config.beam_links / self.best_len().max(1)).clamp(1, MAX_WIDTH);
            let width_now = width.min(cap);
            let began = self.budget.elapsed_ms();
            let found = search(
                &self.start,
                &self.goal,
                width_now,
                self.best_len(),
                until,
                &mut self.budget,
            )?;
            if let Some(moves) = found {
                self.offer(moves);
            }
            let took = (self.budget.elapsed_ms() - began).max(1.0);
            let left = until - self.budget.elapsed_ms();
            let grow = (0.8 * left / took).min(8.0);
            if width_now >= cap || grow < 1.5 || self.is_optimal() {
                return Ok(());
            }
            width = (width_now as f64 * grow) as usize;
        }
    }
}

/// A path from `start` to `goal` found by a beam of `width` boards, if it has fewer than
/// `shorter_than` moves; `None` when the beam dies out, reaches that depth or runs past
/// `until_ms` of the budget's clock. Every expanded board is a tick of `budget`.
pub(crate) fn search(
    start: &Board,
    goal: &Board,
    width: usize,
    shorter_than: usize,
    until_ms: f64,
    budget: &mut Budget,
) -> Result<Option<Vec<Direction>>, Halt> {
    let shape = start.shape();
    let n = shape.cells();
    if n > 255 || shape != goal.shape() {
        return Ok(None);
    }
    let heuristic = Heuristic::new(HeuristicKind::LinearConflict, goal);
    let start_estimate = heuristic.estimate(start);
    if start_estimate == 0 {
        return Ok(Some(Vec::new()));
    }
    let keys = zobrist_keys(n);
    let key = |tile: u8, cell: usize| keys[tile as usize * n + cell];
    let start_hash = start
        .cells()
        .iter()
        .enumerate()
        .filter(|(_, &t)| t != 0)
        .fold(0u64, |h, (cell, &t)| h ^ key(t, cell));
    let width = width.clamp(1, MAX_WIDTH);
    let entries = (width * SEEN_PER_WIDTH)
        .next_power_of_two()
        .clamp(1 << 16, 1 << 22);
    let mut seen = vec![0u64; entries];
    let slot = |hash: u64| (hash as usize) & (entries - 1);
    seen[slot(start_hash)] = start_hash;
    let mut depth = Depth {
        cells: start.cells().to_vec(),
        blank: vec![start.blank() as u8],
        estimate: vec![start_estimate],
        hash: vec![start_hash],
    };
    let mut links: Vec<Vec<u32>> = Vec::new();
    let mut candidates: Vec<Candidate> = Vec::with_capacity((width * 3).min(1 << 16));
    let mut scratch = vec![0u8; n];
    for _ in 1..shorter_than {
        if budget.elapsed_ms() > until_ms {
            return Ok(None);
        }
        candidates.clear();
        for i in 0..depth.blank.len() {
            budget.tick()?;
            let board = &depth.cells[i * n..(i + 1) * n];
            let blank = depth.blank[i] as usize;
            // The move that led here (none for the start), not to be undone.
            let back = links
                .last()
                .map(|l| Direction::ALL[(l[i] & 3) as usize].opposite());
            for (d, direction) in Direction::ALL.into_iter().enumerate() {
                if back == Some(direction) {
                    continue;
                }
                let Some(from) = shape.neighbour(blank, direction) else {
                    continue;
                };
                let tile = board[from];
                let hash = depth.hash[i] ^ key(tile, from) ^ key(tile, blank);
                scratch.copy_from_slice(board);
                let estimate = heuristic.after_slide(depth.estimate[i], &mut scratch, blank, from);
                let link = ((i as u32) << 2) | d as u32;
                if estimate == 0 {
                    links.push(vec![link]);
                    return Ok(Some(path(&links)));
                }
                candidates.push(Candidate {
                    estimate,
                    link,
                    hash,
                });
            }
        }
        if candidates.is_empty() {
            return Ok(None);
        }
        let looked_at = (width as f64 * SPARE) as usize;
        if candidates.len() > looked_at {
            candidates.select_nth_unstable_by_key(looked_at, |c| c.estimate);
            candidates.truncate(looked_at);
        }
        candidates.sort_unstable_by_key(|c| c.estimate);
        let mut kept = 0;
        for i in 0..candidates.len() {
            let c = candidates[i];
            if seen[slot(c.hash)] == c.hash {
                continue;
            }
            seen[slot(c.hash)] = c.hash;
            candidates[kept] = c;
            kept += 1;
            if kept == width {
                break;
            }
        }
        candidates.truncate(kept);
        if candidates.is_empty() {
            return Ok(None);
        }
        let mut next = Depth {
            cells: Vec::with_capacity(candidates.len() * n),
            blank: Vec::with_capacity(candidates.len()),
            estimate: Vec::with_capacity(candidates.len()),
            hash: Vec::with_capacity(candidates.len()),
        };
        for c in &candidates {
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
            next.estimate.push(c.estimate);
            next.hash.push(c.hash);
        }
        links.push(candidates.iter().map(|c| c.link).collect());
        depth = next;
    }
    Ok(None)
}

/// The moves from the start to the last link's board, following the links back.
fn path(links: &[Vec<u32>]) -> Vec<Direction> {
    let mut moves = Vec::with_capacity(links.len());
    let mut index = 0usize;
    for depth in links.iter().rev() {
        let link = depth[index];
        moves.push(Direction::ALL[(link & 3) as usize]);
        index = (link >> 2) as usize;
    }
    moves.reverse();
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{scramble_seeded, Scramble};
    use crate::goal::Goal;
    use crate::search::Limits;
    use crate::Shape;

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
                let moves = search(&board, &goal, 200, 2000, f64::INFINITY, &mut budget)
                    .unwrap()
                    .expect("a path");
                assert_eq!(board.after(&moves).unwrap(), goal);
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
            let moves = search(
                &board,
                &goal,
                200_000,
                usize::MAX,
                f64::INFINITY,
                &mut budget,
            )
            .unwrap()
            .unwrap();
            assert_eq!(moves.len(), optimum, "seed {seed}");
            assert_eq!(board.after(&moves).unwrap(), goal);
            let bounded =
                search(&board, &goal, 200_000, optimum, f64::INFINITY, &mut budget).unwrap();
            assert_eq!(bounded, None);
        }
    }
}
