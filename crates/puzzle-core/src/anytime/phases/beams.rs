//! Whole-board beams (the phase): beams of growing width ranked by linear conflict, or by the
//! whole-board tables when given, then the widest width on other problems (the board's views,
//! the reverse problems, other blends of the tables' estimate); the beam itself is
//! [`crate::anytime::engines::beam`].

use crate::board::Board;
use crate::moves::Direction;
use crate::symmetry::View;

use crate::anytime::engines::beam::{Beam, MAX_WIDTH};
use crate::anytime::engines::rank::{Blend, LinearConflict, Ranker};
use crate::anytime::engines::whole_rank::WholeRanker;
use crate::anytime::run::Run;
use crate::anytime::Settings;
use crate::budget::Halt;

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
    pub(crate) fn beams(&mut self, settings: &Settings) -> Result<(), Halt> {
        let (start, goal) = (self.start.clone(), self.goal.clone());
        let views = View::all()
            .flat_map(|view| [(view, false), (view, true)])
            .take(settings.tuning.beams.problems)
            .map(|(view, reverse)| Other::View { view, reverse });
        let (widest, others, until) = match self.whole.clone() {
            None => {
                let until = settings.config.time_limit_ms * settings.tuning.beams.share;
                let mut ranker = LinearConflict::toward(&goal);
                let widest = self.beams_from(
                    &start,
                    &goal,
                    &[],
                    &mut ranker,
                    settings,
                    until,
                    Growth::ToCap,
                )?;
                (widest, views.skip(1).collect(), until)
            }
            Some(whole) => {
                let until = settings.config.time_limit_ms * settings.tuning.beams.whole_share;
                let mut ranker = WholeRanker::new(&whole);
                let blend = settings.tuning.beams.blend;
                let growth = if blend {
                    Growth::ShortOfCap
                } else {
                    Growth::ToCap
                };
                let widest =
                    self.beams_from(&start, &goal, &[], &mut ranker, settings, until, growth)?;
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
        // On several threads, each lane takes every `threads`-th of them, with the ties broken
        // as on one thread (salt 0): together the lanes run the single thread's draws, each in
        // its share of the time.
        let salt = 0;
        for other in self.my_draws(others, false) {
            let kind = usize::from(matches!(other, Other::Blend(_)));
            if until - self.budget.elapsed_ms() < took[kind] || self.is_optimal() {
                break;
            }
            self.adopt();
            let began = self.budget.elapsed_ms();
            let beam = |from, to, shorter_than| Beam {
                start: from,
                goal: to,
                width: widest.width,
                shorter_than,
                until_ms: until,
                salt,
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
    /// first of [`BeamKnobs::width`](crate::anytime::tuning::BeamKnobs::width) boards, each next one as wide as the time left
    /// allows (judged by the last one's time, at most 8 times wider) and the parent links
    /// allow, as far as `growth` says; the last one's width and time if the links capped it,
    /// or `growth` stopped it. `start` and `goal` may be the core's boards (core labels, same
    /// directions).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn beams_from<R: Ranker>(
        &mut self,
        start: &Board,
        goal: &Board,
        prefix: &[Direction],
        ranker: &mut R,
        settings: &Settings,
        until_ms: f64,
        growth: Growth,
    ) -> Result<Option<Widest>, Halt> {
        if settings.tuning.beams.width == 0 {
            return Ok(None);
        }
        let mut width = settings.tuning.beams.width;
        let salt = self.salt();
        loop {
            let allowed = self.best_len().saturating_sub(prefix.len());
            let cap = links_cap(settings, allowed);
            let width_now = width.min(cap);
            let began = self.budget.elapsed_ms();
            let beam = Beam {
                start,
                goal,
                width: width_now,
                shorter_than: allowed,
                until_ms,
                salt,
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
            if growth == Growth::ShortOfCap && width >= links_cap(settings, allowed) {
                return Ok(Some(Widest {
                    capped: true,
                    ..last
                }));
            }
        }
    }
}

/// The widest beam the parent links allow for paths of fewer than `allowed` moves.
fn links_cap(settings: &Settings, allowed: usize) -> usize {
    (settings.tuning.beams.links / allowed.max(1)).clamp(1, MAX_WIDTH)
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
pub(crate) enum Growth {
    /// Each next beam may take 0.8 of the time left, until the links cap the width.
    ToCap,
    /// As `ToCap`, but the beam the links would cap is not run: the other problems run at the
    /// last width instead.
    ShortOfCap,
    /// Each next beam may take 0.4 of the time left, so that beams ranked otherwise fit at the
    /// last width after it (other draws: see `core_beams.rs`).
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
pub(crate) struct Widest {
    pub(crate) width: usize,
    pub(crate) took_ms: f64,
    capped: bool,
}
