//! What the lanes of a solve on several threads share (`lanes.rs`): the best answer, the
//! caller's cancellation and each lane's expansions; and a lane's place among them.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use crate::moves::Direction;

/// What the lanes of one solve share.
pub(crate) struct Shared {
    best: Mutex<Option<Vec<Direction>>>,
    /// The length of `best` (`usize::MAX` while there is none), read without the lock.
    len: AtomicUsize,
    /// The largest lower bound a lane proved by search (0 while none did).
    proven: AtomicU32,
    /// Set when the caller cancels: every lane stops at its next clock read.
    pub(crate) stop: AtomicBool,
    /// Expansions of each lane, as last published.
    expanded: Vec<AtomicU64>,
    /// Test hook: the lane of this index plus one panics (see [`Lane::publish`]); read from
    /// [`PANIC_LANE`] of the thread that makes the solve's `Shared`, so that tests running
    /// side by side do not trip each other's solves.
    #[cfg(test)]
    panic_lane: usize,
}

impl Shared {
    pub(crate) fn new(lanes: usize) -> Self {
        Shared {
            best: Mutex::new(None),
            len: AtomicUsize::new(usize::MAX),
            proven: AtomicU32::new(0),
            stop: AtomicBool::new(false),
            expanded: (0..lanes).map(|_| AtomicU64::new(0)).collect(),
            #[cfg(test)]
            panic_lane: PANIC_LANE.with(std::cell::Cell::get),
        }
    }

    pub(crate) fn expanded(&self) -> u64 {
        self.expanded
            .iter()
            .map(|e| e.load(Ordering::Relaxed))
            .sum()
    }

    /// The largest lower bound a lane proved by search (0 while none did).
    pub(crate) fn proven(&self) -> u32 {
        self.proven.load(Ordering::Acquire)
    }

    pub(crate) fn best(&self) -> Option<Vec<Direction>> {
        // A lane that panicked never holds the lock over a half-written answer: the answer
        // is replaced whole.
        self.best
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }
}

/// One lane of a solve on several threads: its place among them and what they share.
#[derive(Clone)]
pub(crate) struct Lane {
    pub(crate) index: usize,
    pub(crate) count: usize,
    pub(crate) shared: Arc<Shared>,
    /// Whether the other lanes run apart (in other workers: nothing is shared with them).
    pub(crate) apart: bool,
}

impl Lane {
    /// Lane `index` of `count` with nothing shared: one run of several the caller runs apart
    /// (`AnytimeConfig::lane`).
    pub(crate) fn alone(index: usize, count: usize) -> Lane {
        let count = count.max(1);
        Lane {
            index: index % count,
            count,
            shared: Arc::new(Shared::new(count)),
            apart: true,
        }
    }

    /// Publishes this lane's expansions; whether the caller has cancelled.
    pub(crate) fn publish(&self, expanded: u64) -> bool {
        self.shared.expanded[self.index].store(expanded, Ordering::Relaxed);
        // The test's fault: this lane panics at its first clock reading after some lane shared
        // an answer, holding the lock (which the others must survive). Here, not in `offer`:
        // a lane the other always beats never offers anything.
        #[cfg(test)]
        if self.shared.panic_lane == self.index + 1 && self.best_len() != usize::MAX {
            let _held = self
                .shared
                .best
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            panic!("injected fault in lane {}", self.index);
        }
        self.shared.stop.load(Ordering::Relaxed)
    }

    /// The length of the best answer any lane found (`usize::MAX` if none).
    pub(crate) fn best_len(&self) -> usize {
        self.shared.len.load(Ordering::Acquire)
    }

    /// Makes `moves` (a solution) the shared best if they are shorter.
    pub(crate) fn offer(&self, moves: &[Direction]) {
        let mut best = self
            .shared
            .best
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if moves.len() < best.as_ref().map_or(usize::MAX, Vec::len) {
            *best = Some(moves.to_vec());
            self.shared.len.store(moves.len(), Ordering::Release);
        }
    }

    /// Makes `bound` the shared proven lower bound if it is larger.
    pub(crate) fn prove(&self, bound: u32) {
        self.shared.proven.fetch_max(bound, Ordering::AcqRel);
    }

    /// The lane that proves bounds while the others search ([`Lane::prove`]): the last of
    /// several lanes that share their answers; none among lanes run apart.
    pub(crate) fn proof_lane(&self) -> Option<usize> {
        (!self.apart && self.count > 1).then_some(self.count - 1)
    }

    /// Whether this lane is the one that proves ([`Lane::proof_lane`]).
    pub(crate) fn proves(&self) -> bool {
        self.proof_lane() == Some(self.index)
    }

    /// The shared best answer if it is shorter than `len` moves.
    pub(crate) fn shorter_than(&self, len: usize) -> Option<Vec<Direction>> {
        if self.best_len() >= len {
            return None;
        }
        self.shared.best().filter(|moves| moves.len() < len)
    }

    /// The beams' tie-breaking salt of this lane (0 for the first, as with one thread).
    pub(crate) fn salt(&self) -> u64 {
        self.index as u64
    }
}

#[cfg(test)]
thread_local! {
    /// Test hook: in the solves this thread starts, the lane of this index (plus one) panics
    /// at its first clock reading once an answer is shared.
    pub(crate) static PANIC_LANE: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Only the last of several lanes that share their answers proves; a lane run apart (the
    /// page's second worker) never does, nor a lone one; the shared bound only rises.
    #[test]
    fn the_last_shared_lane_proves_and_the_bound_only_rises() {
        let shared = Arc::new(Shared::new(2));
        let lane = |index| Lane {
            index,
            count: 2,
            shared: Arc::clone(&shared),
            apart: false,
        };
        assert!(!lane(0).proves());
        assert!(lane(1).proves());
        assert!(!Lane::alone(1, 2).proves());
        assert!(!Lane::alone(0, 1).proves());
        lane(1).prove(70);
        lane(0).prove(64);
        assert_eq!(shared.proven(), 70);
    }
}
