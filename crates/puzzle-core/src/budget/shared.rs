//! What the lanes of a solve on several threads share (`lanes.rs`): the best answer, the
//! caller's cancellation and each lane's expansions; and a lane's place among them.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use crate::moves::Direction;

/// What the lanes of one solve share.
pub(crate) struct Shared {
    best: Mutex<Option<Vec<Direction>>>,
    /// The length of `best` (`usize::MAX` while there is none), read without the lock.
    len: AtomicUsize,
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
