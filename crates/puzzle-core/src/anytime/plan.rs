//! The schedule of one solve, in one place: the board's regime (which tables it has and how it
//! compares with their core) picks the phases that run and their order ([`Plan::new`]); the
//! run ([`crate::anytime::run::Run::improve`]) executes them one after the other, each until
//! it converges or its share of the time is spent, and stops early only when the budget or
//! the caller does.
//!
//! What runs, by regime (every plan starts with the first answer and a quick window pass):
//!
//! - **Core only** (the core's tables cover the board: 5x5 and smaller, with tables): beams on
//!   the core ranked by the tables (or, with `core_beam_share` 0, weighted A* on the core),
//!   tails, then rounds of windows guided by the tables (plain windows only when there are no
//!   guided windows); beam windows with whole-board tables. On several threads the last lane
//!   proves a lower bound by IDA* after its growing beams instead (`lanes.rs`).
//! - **Core and outer** (tables, board larger than their core: 6x6 to 8x8): whole-board beams
//!   (ranked by the whole-board tables when given), paths to the core (line reduction up to
//!   7x7, the symmetric views' staged answers on 8x8) each followed by weighted A* on the core,
//!   then rounds of windows (guided ones on the core part, whole-board guided ones with
//!   whole-board tables, plain ones, tails with half the time left, longer and weighted
//!   windows), the rounds again with twice the expansions while they gain, and beam windows
//!   with whole-board tables. So a 6x6 with whole-board tables runs: first answer, quick
//!   windows, beams ranked by the tables, line reduction and core searches, rounds, rounds
//!   again, beam windows.
//! - **Untabled**: whole-board beams on boards over 25 cells, weighted A* on the whole board
//!   with linear conflict on smaller ones; then plain rounds of windows (whole-board guided
//!   ones first with whole-board tables) and beam windows with whole-board tables.

use crate::anytime::tuning::AnytimeTuning;
use crate::anytime::BigTables;

/// Boards of at most this many cells (5x5) have no whole-board beams: the core search or the
/// whole-board weighted A* do better there.
const SMALL_CELLS: usize = 25;

/// Largest board (in cells) that gets line reduction; larger ones take the symmetric views
/// (on 8x8 the reduction of so many lines does not finish in time: see `docs/BENCHMARKS.md`).
const LINE_REDUCTION_MAX_CELLS: usize = 49;

/// What decides the schedule: the core's tables a solve has (bound to its goal), and whether
/// they cover the whole board.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Regime<'t> {
    /// The core's tables cover the whole board (5x5 and smaller).
    CoreOnly(&'t BigTables),
    /// The core's tables on a board larger than their core: a path to the core, then the core.
    CoreAndOuter(&'t BigTables),
    /// No core tables.
    Untabled,
}

impl<'t> Regime<'t> {
    /// The regime of a solve with `tables` (already bound to its goal).
    pub(crate) fn of(tables: Option<&'t BigTables>) -> Regime<'t> {
        match tables {
            Some(t) if t.covers_whole_board() => Regime::CoreOnly(t),
            Some(t) => Regime::CoreAndOuter(t),
            None => Regime::Untabled,
        }
    }
}

/// Where the core searches start from: the paths to the core they complete.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Paths {
    /// The best answer's (the core is the whole board: the path is empty).
    Answer,
    /// The line reduction's paths and the staged answer's, loosened and ranked by a quick core
    /// search (`phases/to_core.rs`).
    LineReduction,
    /// The staged answers of the board's symmetric views, the shortest way to the core kept.
    Views,
}

/// One phase of a plan, with the tables it uses.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Step<'t> {
    /// The caller's start if it solves the board, else the staged answers (`phases/first.rs`).
    FirstAnswer,
    /// One pass of the shortest windows (`phases/windows.rs`).
    QuickWindows,
    /// Whole-board beams, ranked by the whole-board tables when given (`phases/beams.rs`).
    Beams,
    /// Weighted A* on the whole board with linear conflict, weights decreasing
    /// (`phases/core_search.rs`).
    WideSearch,
    /// Beams on the core ranked by its tables, then by blends with linear conflict
    /// (`phases/core_beams.rs`).
    CoreBeams(&'t BigTables),
    /// Weighted A* on the core, weights decreasing, from each path to it (best first, while
    /// time lasts; `phases/core_search.rs`, `phases/to_core.rs`).
    CoreSearch(&'t BigTables, Paths),
    /// Weighted A* from boards along the core part of the answer, with at most this share of
    /// the time left (`phases/tails.rs`).
    Tails(&'t BigTables, f64),
    /// Rounds of windows until they converge (`phases/windows.rs`).
    Rounds(Rounds<'t>),
    /// The same rounds again with twice the expansions a window, while they gain.
    RoundsAgain(Rounds<'t>),
    /// Beam windows ranked by the whole-board tables, until the time limit
    /// (`phases/beam_windows.rs`).
    BeamWindows,
}

/// What one round of windows runs, in this order.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Rounds<'t> {
    /// Windows of the core part guided by the core's tables, in rounds until one gains
    /// nothing.
    pub(crate) guided: Option<&'t BigTables>,
    /// Whether the plain rounds follow (when the guided windows cover the whole board, they
    /// do what the plain ones would).
    pub(crate) plain: bool,
    /// Windows over the whole answer guided by the whole-board tables, before the plain ones.
    pub(crate) whole: bool,
    /// Tails after the plain rounds, with at most half the time left.
    pub(crate) tails: Option<&'t BigTables>,
}

/// The phases of one solve, in order.
#[derive(Clone, Debug)]
pub(crate) struct Plan<'t> {
    pub(crate) steps: Vec<Step<'t>>,
}

impl<'t> Plan<'t> {
    /// The plan for a board of `cells` cells in `regime`, `whole` when whole-board tables toward
    /// its goal are given; the knobs of `tuning` switch phases off (a zero share, weight or
    /// span, no guided windows).
    pub(crate) fn new(
        regime: Regime<'t>,
        whole: bool,
        cells: usize,
        tuning: &AnytimeTuning,
    ) -> Plan<'t> {
        let tails = |t| (tuning.tails.weight > 0.0).then_some(t);
        let guided = |t| (!tuning.guided.windows.is_empty()).then_some(t);
        let mut steps = vec![Step::FirstAnswer, Step::QuickWindows];
        match regime {
            Regime::CoreOnly(t) => {
                steps.push(match tuning.core.beam_share > 0.0 {
                    true => Step::CoreBeams(t),
                    false => Step::CoreSearch(t, Paths::Answer),
                });
                steps.extend(tails(t).map(|t| Step::Tails(t, 1.0)));
                steps.push(Step::Rounds(Rounds {
                    guided: guided(t),
                    plain: guided(t).is_none(),
                    whole,
                    tails: tails(t),
                }));
            }
            Regime::CoreAndOuter(t) => {
                if cells > SMALL_CELLS {
                    steps.push(Step::Beams);
                }
                let paths = match tuning.to_core.line_beam > 0 && cells <= LINE_REDUCTION_MAX_CELLS
                {
                    true => Paths::LineReduction,
                    false => Paths::Views,
                };
                steps.push(Step::CoreSearch(t, paths));
                let rounds = Rounds {
                    guided: guided(t),
                    plain: true,
                    whole,
                    tails: tails(t),
                };
                steps.extend([Step::Rounds(rounds), Step::RoundsAgain(rounds)]);
            }
            Regime::Untabled => {
                steps.push(match cells > SMALL_CELLS {
                    true => Step::Beams,
                    false => Step::WideSearch,
                });
                steps.push(Step::Rounds(Rounds {
                    guided: None,
                    plain: true,
                    whole,
                    tails: None,
                }));
            }
        }
        if whole && tuning.beams.window_span > 0 {
            steps.push(Step::BeamWindows);
        }
        Plan { steps }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The phases' names in order.
    fn names(plan: &Plan) -> Vec<String> {
        let name = |step: &Step| format!("{step:?}").split('(').next().unwrap().to_string();
        plan.steps.iter().map(name).collect()
    }

    /// Without core tables: beams over 25 cells, the whole-board search up to 25; beam windows
    /// only with whole-board tables; phases whose knob is off are left out.
    #[test]
    fn untabled_plans_follow_the_size_and_the_whole_board_tables() {
        let tuning = AnytimeTuning::default();
        let big = Plan::new(Regime::Untabled, true, 36, &tuning);
        let expected = [
            "FirstAnswer",
            "QuickWindows",
            "Beams",
            "Rounds",
            "BeamWindows",
        ];
        assert_eq!(names(&big), expected);
        let small = Plan::new(Regime::Untabled, false, 16, &tuning);
        assert_eq!(
            names(&small),
            ["FirstAnswer", "QuickWindows", "WideSearch", "Rounds"]
        );
        let mut no_span = AnytimeTuning::default();
        no_span.beams.window_span = 0;
        let big = Plan::new(Regime::Untabled, true, 36, &no_span);
        assert!(!names(&big).contains(&"BeamWindows".to_string()));
    }
}
