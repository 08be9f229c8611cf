//! The solver's tuning knobs ([`AnytimeTuning`]): what the big-board benchmark varies to compare
//! settings; a caller of the solver leaves them at their defaults.

/// The anytime solver's knobs, set by the big-board benchmark (`benches/bigboard.rs`) to
/// compare settings; the defaults are the product's. Which of them a board's plan uses is
/// the plan's to say (`plan.rs`).
#[derive(Clone, Debug, PartialEq)]
pub struct AnytimeTuning {
    /// Smallest window of moves replaced by an optimal stretch.
    pub min_window: usize,
    /// Largest window.
    pub max_window: usize,
    /// Expansions allowed to the search of one window.
    pub window_nodes: u64,
    /// Passes after the windows converge, each with windows 12 moves longer and a budget
    /// three times larger (they use the time left).
    pub extra_rounds: usize,
    /// With tables, window lengths of the part of the solution inside the core searched
    /// exactly with the tables relabelled toward each window's end (after the short windows
    /// converge, in rounds until one gains nothing).
    pub guided_windows: Vec<usize>,
    /// Expansions allowed to one guided window.
    pub guided_nodes: u64,
    /// Expansions a guided window gets in the quick round after each core search's answer
    /// (0: none).
    pub guided_quick_nodes: u64,
    /// Then long windows by weighted A*: (window length, weight) pairs, in order.
    pub weighted_windows: Vec<(usize, f64)>,
    /// States the weighted search of one long window may hold.
    pub weighted_window_nodes: usize,
    /// States the weighted A* of the core may hold (about 60 bytes each).
    pub core_nodes: usize,
    /// Weights of the successive core searches (each at least 1); none where core beams
    /// ([`AnytimeTuning::core_beam_share`]) search the whole board.
    pub core_weights: Vec<f64>,
    /// Share of the time limit during which the symmetric views of the board are tried for a
    /// shorter path to the core (with `outer_beam: 0`), or the line reduction searches with
    /// every weight and its whole beam (after it: the first weight, one partial).
    pub views_share: f64,
    /// Weights of the successive whole-board searches (linear conflict; boards of at most
    /// 25 cells solved without tables).
    pub wide_weights: Vec<f64>,
    /// States a whole-board search may hold (about 80 bytes each).
    pub wide_nodes: usize,
    /// Boards larger than the core: partial paths kept by the beam that reduces the board to
    /// the core one outer line at a time (0: the staged answers of the symmetric views
    /// instead, the schedule before line reduction).
    pub outer_beam: usize,
    /// Weights on the line estimate, one reduction to the core each, tried in order while
    /// [`AnytimeTuning::views_share`] of the time is left (the estimate overcounts, so
    /// weights below 1 give shorter lines and bigger searches).
    pub outer_weights: Vec<f64>,
    /// States one line search may hold (about 60 bytes each).
    pub outer_nodes: usize,
    /// Paths to the core (best first) that get the full core search, time permitting.
    pub outer_cores: usize,
    /// Boards larger than the core: window lengths of the paths to the core shortened with
    /// only the outer tiles and the blank kept (`tracked.rs`), before the core searches.
    /// Measured in one run (DeepCubeA dev states, 10 s a board on 6x6, 30 s on 7x7, with the
    /// tails): 6x6 169.5 -> 168.5, 7x7 365.3 -> 359.3 moves (outside the core 284.8 -> 271.2).
    pub tracked_windows: Vec<usize>,
    /// Expansions allowed to one such window.
    pub tracked_nodes: u64,
    /// First weight of the tail searches (0: none); see the module documentation.
    pub tail_weight: f64,
    /// Moves between two tail searches' starts (passes after the first start half a step
    /// later or earlier).
    pub tail_step: usize,
    /// States a tail search may hold (about 55 bytes each, freed after each search). Measured:
    /// 500k states instead of 2M found none of the tails 2M found on the stuck 5x5 boards.
    pub tail_nodes: usize,
    /// Boards larger than the core (or than 5x5 without tables): width of the first
    /// whole-board beam search (`beam.rs`; 0: none). Later beams are as wide as the time
    /// allows.
    pub beam_width: usize,
    /// Share of the time limit the beams may use, counted from the start of the solve.
    pub beam_share: f64,
    /// The same share when whole-board tables ([`crate::anytime::WholeTables`]) rank the beams: the growing
    /// beams and then the beam windows end there.
    pub whole_beam_share: f64,
    /// With whole-board tables: moves a beam window spans (`beam_windows.rs`; 0: none). They
    /// run once everything else has converged, until the time limit.
    pub beam_window_span: usize,
    /// Boards all depths of one beam may keep (half a byte each for the path): caps its width
    /// at this divided by the best length so far.
    pub beam_links: usize,
    /// Problems ranked by linear conflict a whole-board beam as wide as the links allow is
    /// run on, while time is left: the board's own, then its symmetric views and the reverse
    /// problems (at most 16; 1: the board only). With whole-board tables and
    /// [`AnytimeTuning::blend_beams`], the growing beams' last width short of the links' cap.
    pub beam_problems: usize,
    /// With whole-board tables: whether the growing beams stop short of the links' cap and
    /// the board ranked by other blends of the tables and linear conflict runs at that width
    /// first among the other problems (`beam.rs`, `BLENDS`).
    pub blend_beams: bool,
    /// When the tables cover the whole board (5x5 and smaller): share of the time limit (from
    /// the start of the solve) the beams ranked by the tables (`core_beams.rs`) may use, before
    /// the core search (0: none). Larger boards' core parts are short and nearly solved when
    /// the core is reached: measured on DeepCubeA's 6x6 dev states (10 boards, 10 s), no
    /// shorter answers (138.9 moves either way), 58 MB more memory.
    pub core_beam_share: f64,
}

impl Default for AnytimeTuning {
    fn default() -> Self {
        AnytimeTuning {
            min_window: 12,
            max_window: 36,
            window_nodes: 200_000,
            extra_rounds: 3,
            guided_windows: vec![48, 60, 72],
            guided_nodes: 300_000,
            guided_quick_nodes: 30_000,
            weighted_windows: vec![(60, 1.5), (90, 1.5), (120, 1.3)],
            weighted_window_nodes: 200_000,
            core_nodes: 2_000_000,
            core_weights: vec![2.0, 1.7, 1.5, 1.4, 1.3, 1.2, 1.1],
            views_share: 0.25,
            wide_weights: vec![3.0, 2.5, 2.0, 1.7, 1.5],
            wide_nodes: 1_000_000,
            outer_beam: 4,
            outer_weights: vec![0.8, 0.7, 0.6, 0.5],
            outer_nodes: 300_000,
            outer_cores: 3,
            tracked_windows: vec![16, 24, 32],
            tracked_nodes: 100_000,
            tail_weight: 1.4,
            tail_step: 8,
            tail_nodes: 2_000_000,
            beam_width: 1000,
            beam_share: 0.5,
            whole_beam_share: 0.75,
            beam_window_span: 80,
            beam_links: 32_000_000,
            beam_problems: 16,
            blend_beams: true,
            core_beam_share: 0.8,
        }
    }
}
