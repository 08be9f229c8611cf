//! The proof of a finished solve's lower bound (big boards): due after an anytime answer not
//! proven shortest, asked, and ended with the bound the coach's worker proved, which every
//! answer is then stated against.

use puzzle_core::Method;

use super::tables::Quality;
use super::{with_bound, Finished};

/// Where the proof of a finished solve's lower bound stands: after a big-board anytime answer
/// that is not proven shortest, the coach's worker's IDA* over the stored tables raises the
/// bound by itself ([`crate::protocol::ToWorker::Prove`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Proof {
    /// None runs for this result: not a big-board anytime answer, or proven shortest.
    #[default]
    NotDue,
    /// Due: no request sent yet.
    Due,
    /// Request `id` raises it.
    Proving(u32),
    /// Over (failed, let go, or it proved no more than the bound stated): not run again.
    Over,
    /// Over: it raised the bound stated from this one to the one the answers now carry.
    Raised(u32),
}

/// A step of a proof, as the page and the worker tell it: the same words in the page's
/// action and in the slice's change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProofStep {
    /// Request `id` was sent to raise the result's bound.
    Asked(u32),
    /// Request `id` ended: with the bound it proved, or `None` (it failed, or was let go).
    Ended(u32, Option<u32>),
}

/// How long a proof may run, in milliseconds: on Korf and Felner's 50 24-puzzles 3 s raised
/// the page's tables' bound from 80.2 to 92.9 moves on average (optimal 100.8), see
/// `docs/BENCHMARKS.md`.
pub const PROOF_MS: u32 = 3000;

impl Finished {
    /// Whether a proof could raise the bound of this result: an anytime answer on a board whose
    /// tables the worker proves with (5x5, whose core tables cover it; 6x6 and 7x7, with the
    /// whole-board tables), not proven shortest.
    pub(super) fn provable(&self) -> bool {
        let method = self.how_solved.as_ref().map(|h| &h.method);
        matches!(method, Some(Method::Anytime { .. }))
            && (25..=49).contains(&self.start.cells().len())
            && self.solution.length().is_some()
            && !self.solution.is_optimal()
    }

    /// Whether a proof is due and still to be sent.
    pub fn wants_proof(&self) -> bool {
        self.proof == Proof::Due
    }

    /// The next proof step, or `None` when it is not this result's.
    pub(super) fn prove(&mut self, step: ProofStep) -> Option<()> {
        match step {
            ProofStep::Asked(id) if self.proof == Proof::Due => {
                self.proof = Proof::Proving(id);
            }
            ProofStep::Ended(id, bound) if self.proof == Proof::Proving(id) => {
                let stated = self.solution.lower_bound.unwrap_or(0);
                self.proof = match bound {
                    Some(bound) if bound > stated => {
                        self.raise(bound);
                        Proof::Raised(stated)
                    }
                    _ => Proof::Over,
                };
            }
            _ => return None,
        }
        Some(())
    }

    /// Every answer stated against `bound` (an answer no longer than it is shortest), and
    /// the quality line with it.
    fn raise(&mut self, bound: u32) {
        let answers = (self.earlier.iter_mut())
            .chain(std::iter::once(&mut self.solution))
            .chain(self.later.iter_mut());
        for answer in answers {
            match answer.length() {
                Some(length) if length <= bound as usize && !answer.is_optimal() => {
                    answer.stats.optimal = true;
                    answer.lower_bound = None;
                }
                _ => with_bound(answer, Some(bound)),
            }
        }
        let (lower_bound, ratio) = (self.solution.lower_bound, self.solution.ratio_at_most());
        if let Some(how) = self.how_solved.as_mut().filter(|h| h.quality.is_some()) {
            how.quality = lower_bound.map(|lower_bound| Quality { lower_bound, ratio });
        }
    }
}
