//! The solver's tuning knobs ([`AnytimeTuning`]), grouped by the phase that reads them: what
//! the big-board benchmark varies to compare settings (`benches/bigboard.rs`, through
//! [`crate::anytime::solve_anytime_tuned`]). The product's solves never set them: they run
//! on [`AnytimeTuning::default`], the product's numbers, each written once here.

/// The anytime solver's knobs, by phase; the defaults are the product's. Which phases a
/// board's plan runs is the plan's to say (`plan.rs`); a knob set to zero (a share, a weight,
/// a span, no windows) leaves its phase out.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AnytimeTuning {
    /// The window passes over the answer (`phases/windows.rs`).
    pub windows: WindowKnobs,
    /// The windows guided by the relabelled tables (`phases/windows.rs`, `whole_windows.rs`).
    pub guided: GuidedKnobs,
    /// The weighted A* searches of the core and of small whole boards (`core_search.rs`).
    pub core: CoreKnobs,
    /// The way to the core on boards larger than it (`phases/to_core.rs`).
    pub to_core: ToCoreKnobs,
    /// The tail searches (`phases/tails.rs`).
    pub tails: TailKnobs,
    /// The whole-board beams and beam windows (`phases/beams.rs`, `beam_windows.rs`).
    pub beams: BeamKnobs,
}

/// The window passes: stretches of the answer replaced by optimal ones.
#[derive(Clone, Debug, PartialEq)]
pub struct WindowKnobs {
    /// Smallest window of moves replaced by an optimal stretch.
    pub min: usize,
    /// Largest window.
    pub max: usize,
    /// Expansions allowed to the search of one window.
    pub nodes: u64,
    /// Passes after the windows converge, each with windows 12 moves longer and a budget
    /// three times larger (they use the time left).
    pub extra_rounds: usize,
    /// Then long windows by weighted A*: (window length, weight) pairs, in order.
    pub weighted: Vec<(usize, f64)>,
    /// States the weighted search of one long window may hold.
    pub weighted_nodes: usize,
}

impl Default for WindowKnobs {
    fn default() -> Self {
        WindowKnobs {
            min: 12,
            max: 36,
            nodes: 200_000,
            extra_rounds: 3,
            weighted: vec![(60, 1.5), (90, 1.5), (120, 1.3)],
            weighted_nodes: 200_000,
        }
    }
}

/// The guided windows: with tables, stretches of the part of the answer inside the core
/// searched exactly with the tables relabelled toward each window's end.
#[derive(Clone, Debug, PartialEq)]
pub struct GuidedKnobs {
    /// Window lengths (after the short windows converge, in rounds until one gains nothing;
    /// none: no guided windows).
    pub windows: Vec<usize>,
    /// Expansions allowed to one guided window.
    pub nodes: u64,
    /// Expansions a guided window gets in the quick round after each core search's answer
    /// (0: none).
    pub quick_nodes: u64,
}

impl Default for GuidedKnobs {
    fn default() -> Self {
        GuidedKnobs {
            windows: vec![48, 60, 72],
            nodes: 300_000,
            quick_nodes: 30_000,
        }
    }
}

/// The weighted A* searches of the core (with tables) and of whole boards of at most 25
/// cells (without), and the core beams before them.
#[derive(Clone, Debug, PartialEq)]
pub struct CoreKnobs {
    /// States the weighted A* of the core may hold (about 60 bytes each).
    pub nodes: usize,
    /// Weights of the successive core searches (each at least 1); none where core beams
    /// ([`CoreKnobs::beam_share`]) search the whole board.
    pub weights: Vec<f64>,
    /// Weights of the successive whole-board searches (linear conflict; boards of at most
    /// 25 cells solved without tables).
    pub wide_weights: Vec<f64>,
    /// States a whole-board search may hold (about 80 bytes each).
    pub wide_nodes: usize,
    /// Paths to the core (best first) that get the full core search, time permitting.
    pub paths: usize,
    /// When the tables cover the whole board (5x5 and smaller): share of the time limit (from
    /// the start of the solve) the beams ranked by the tables (`core_beams.rs`) may use, before
    /// the core search (0: none). Larger boards' core parts are short and nearly solved when
    /// the core is reached: measured on DeepCubeA's 6x6 dev states (10 boards, 10 s), no
    /// shorter answers (138.9 moves either way), 58 MB more memory.
    pub beam_share: f64,
}

impl Default for CoreKnobs {
    fn default() -> Self {
        CoreKnobs {
            nodes: 2_000_000,
            weights: vec![2.0, 1.7, 1.5, 1.4, 1.3, 1.2, 1.1],
            wide_weights: vec![3.0, 2.5, 2.0, 1.7, 1.5],
            wide_nodes: 1_000_000,
            paths: 3,
            beam_share: 0.8,
        }
    }
}

/// Boards larger than the core: the way to it.
#[derive(Clone, Debug, PartialEq)]
pub struct ToCoreKnobs {
    /// Share of the time limit during which the symmetric views of the board are tried for a
    /// shorter path to the core (with `line_beam: 0`), or the line reduction searches with
    /// every weight and its whole beam (after it: the first weight, one partial).
    pub views_share: f64,
    /// Partial paths kept by the beam that reduces the board to the core one outer line at a
    /// time (0: the staged answers of the symmetric views instead, the schedule before line
    /// reduction).
    pub line_beam: usize,
    /// Weights on the line estimate, one reduction to the core each, tried in order while
    /// [`ToCoreKnobs::views_share`] of the time is left (the estimate overcounts, so weights
    /// below 1 give shorter lines and bigger searches).
    pub line_weights: Vec<f64>,
    /// States one line search may hold (about 60 bytes each).
    pub line_nodes: usize,
    /// Window lengths of the paths to the core shortened with only the outer tiles and the
    /// blank kept (`tracked.rs`), before the core searches. Measured in one run (DeepCubeA
    /// dev states, 10 s a board on 6x6, 30 s on 7x7, with the tails): 6x6 169.5 -> 168.5,
    /// 7x7 365.3 -> 359.3 moves (outside the core 284.8 -> 271.2).
    pub tracked_windows: Vec<usize>,
    /// Expansions allowed to one such window.
    pub tracked_nodes: u64,
}

impl Default for ToCoreKnobs {
    fn default() -> Self {
        ToCoreKnobs {
            views_share: 0.25,
            line_beam: 4,
            line_weights: vec![0.8, 0.7, 0.6, 0.5],
            line_nodes: 300_000,
            tracked_windows: vec![16, 24, 32],
            tracked_nodes: 100_000,
        }
    }
}

/// The tail searches: weighted A* from boards along the answer toward the goal.
#[derive(Clone, Debug, PartialEq)]
pub struct TailKnobs {
    /// First weight (0: no tail searches); see the module documentation of `tails.rs`.
    pub weight: f64,
    /// Moves between two tail searches' starts (passes after the first start half a step
    /// later or earlier).
    pub step: usize,
    /// States a tail search may hold (about 55 bytes each, freed after each search). Measured:
    /// 500k states instead of 2M found none of the tails 2M found on the stuck 5x5 boards.
    pub nodes: usize,
}

impl Default for TailKnobs {
    fn default() -> Self {
        TailKnobs {
            weight: 1.4,
            step: 8,
            nodes: 2_000_000,
        }
    }
}

/// The whole-board beams (boards larger than the core, or than 5x5 without tables) and, with
/// whole-board tables, the beam windows.
#[derive(Clone, Debug, PartialEq)]
pub struct BeamKnobs {
    /// Width of the first whole-board beam search (`beam.rs`; 0: none). Later beams are as
    /// wide as the time allows.
    pub width: usize,
    /// Share of the time limit the beams may use, counted from the start of the solve.
    pub share: f64,
    /// The same share when whole-board tables ([`crate::anytime::WholeTables`]) rank the
    /// beams: the growing beams and then the beam windows end there.
    pub whole_share: f64,
    /// With whole-board tables: moves a beam window spans (`beam_windows.rs`; 0: none). They
    /// run once everything else has converged, until the time limit.
    pub window_span: usize,
    /// Boards all depths of one beam may keep (half a byte each for the path): caps its width
    /// at this divided by the best length so far.
    pub links: usize,
    /// Problems ranked by linear conflict a whole-board beam as wide as the links allow is
    /// run on, while time is left: the board's own, then its symmetric views and the reverse
    /// problems (at most 16; 1: the board only). With whole-board tables and
    /// [`BeamKnobs::blend`], the growing beams' last width short of the links' cap.
    pub problems: usize,
    /// With whole-board tables: whether the growing beams stop short of the links' cap and
    /// the board ranked by other blends of the tables and linear conflict runs at that width
    /// first among the other problems (`beam.rs`, `BLENDS`).
    pub blend: bool,
}

impl Default for BeamKnobs {
    fn default() -> Self {
        BeamKnobs {
            width: 1000,
            share: 0.5,
            whole_share: 0.75,
            window_span: 80,
            links: 32_000_000,
            problems: 16,
            blend: true,
        }
    }
}
