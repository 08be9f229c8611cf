//! One budget for a whole improving solve (the anytime one, and the staged one's polish): the
//! time limit (read from `limits.clock` only), the node budget of the limits, and the progress
//! callback that may cancel; [`shared`] holds what the lanes of a solve on several threads
//! share through it.

use std::ops::ControlFlow;

use crate::search::{Limits, Progress};

pub(crate) mod shared;

use shared::Lane;

/// Why the anytime solver stops improving.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Halt {
    /// The time limit of the configuration passed.
    Time,
    /// The node budget of the limits ran out.
    Budget,
    /// The progress callback returned `Break`.
    Cancelled,
}

/// Expansions between two reads of the clock.
const CLOCK_EVERY: u64 = 1024;

/// Counts expansions of every sub-search, reports progress and enforces the limits.
pub(crate) struct Budget<'l, 'a> {
    limits: &'l mut Limits<'a>,
    start_ms: f64,
    /// Expansions a millisecond stands for, if time counts expansions ([`Budget::counting`]).
    work_clock: Option<f64>,
    time_limit_ms: f64,
    expanded: u64,
    next_report: u64,
    next_clock: u64,
    /// Length of the best solution so far, reported as the progress bound.
    pub(crate) best: Option<usize>,
    halted: Option<Halt>,
    /// The lane this budget's run is, when several run side by side (`lanes.rs`): its
    /// expansions are published and the caller's cancellation read at each clock read.
    pub(crate) lane: Option<Lane>,
}

impl<'l, 'a> Budget<'l, 'a> {
    /// A budget starting now, with `time_limit_ms` to run.
    pub(crate) fn new(limits: &'l mut Limits<'a>, time_limit_ms: f64) -> Self {
        let start_ms = (limits.clock)();
        let next_report = limits.report_every.max(1);
        Budget {
            limits,
            start_ms,
            work_clock: None,
            time_limit_ms,
            expanded: 0,
            next_report,
            next_clock: CLOCK_EVERY,
            best: None,
            halted: None,
            lane: None,
        }
    }

    /// The budget of one lane of a solve on several threads.
    pub(crate) fn in_lane(mut self, lane: Lane) -> Self {
        self.lane = Some(lane);
        self
    }

    /// The budget with its time counted in expansions, `per_ms` a millisecond, if given
    /// (`AnytimeConfig::work_clock`): a run then repeats exactly.
    pub(crate) fn counting(mut self, per_ms: Option<f64>) -> Self {
        self.work_clock = per_ms.filter(|&r| r > 0.0);
        self
    }

    /// Where this run's window passes start ([`crate::shorten::slide`]): 0 on one thread, lane `k`
    /// of `n` at `k * step / n`, so that the lanes' windows end on other boards and search
    /// other stretches of the answer they share.
    pub(crate) fn window_offset(&self, step: usize) -> usize {
        self.lane
            .as_ref()
            .map_or(0, |lane| lane.index * step / lane.count)
    }

    /// Milliseconds since the start (of the clock, or counted in expansions).
    pub(crate) fn elapsed_ms(&self) -> f64 {
        match self.work_clock {
            Some(per_ms) => self.expanded as f64 / per_ms,
            None => (self.limits.clock)() - self.start_ms,
        }
    }

    /// Milliseconds left of the time limit (0 once it has passed).
    pub(crate) fn left_ms(&self) -> f64 {
        (self.time_limit_ms - self.elapsed_ms()).max(0.0)
    }

    /// Expansions counted so far.
    pub(crate) fn expanded(&self) -> u64 {
        self.expanded
    }

    /// The limits, for a sub-solver that takes them directly.
    pub(crate) fn limits(&mut self) -> &mut Limits<'a> {
        self.limits
    }

    /// Stops for good with `halt`.
    pub(crate) fn halt(&mut self, halt: Halt) -> Halt {
        self.halted.get_or_insert(halt);
        halt
    }

    /// Adds `count` expansions done by a sub-solver that kept its own count.
    pub(crate) fn add(&mut self, count: u64) {
        self.expanded += count;
    }

    /// Whether the time limit has passed (reads the clock).
    pub(crate) fn out_of_time(&mut self) -> bool {
        if let Some(lane) = &self.lane {
            if lane.publish(self.expanded) {
                self.halt(Halt::Cancelled);
            }
        }
        if self.elapsed_ms() >= self.time_limit_ms {
            self.halt(Halt::Time);
        }
        self.halted.is_some()
    }

    /// Records one expansion; `Err` once the time, the node budget or the caller says stop.
    #[inline]
    pub(crate) fn tick(&mut self) -> Result<(), Halt> {
        if let Some(halt) = self.halted {
            return Err(halt);
        }
        self.expanded += 1;
        if let Some(max) = self.limits.max_expanded {
            if self.expanded > max {
                return Err(self.halt(Halt::Budget));
            }
        }
        if self.expanded >= self.next_clock {
            self.next_clock += CLOCK_EVERY;
            if self.out_of_time() {
                return Err(self.halted.unwrap_or(Halt::Time));
            }
        }
        if self.expanded >= self.next_report {
            self.next_report += self.limits.report_every.max(1);
            self.report()?;
        }
        Ok(())
    }

    /// Calls the progress callback now.
    pub(crate) fn report(&mut self) -> Result<(), Halt> {
        let elapsed_ms = self.elapsed_ms();
        let progress = Progress {
            expanded: self.expanded,
            generated: self.expanded,
            frontier: 0,
            bound: self.best.map(|b| b as f64),
            elapsed_ms,
        };
        if let Some(callback) = self.limits.on_progress.as_mut() {
            if let ControlFlow::Break(()) = callback(&progress) {
                return Err(self.halt(Halt::Cancelled));
            }
        }
        Ok(())
    }
}
