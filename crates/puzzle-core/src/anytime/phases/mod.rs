//! The phases of the schedule, each a part of [`crate::anytime::Run`]'s work on the best
//! answer; which run, and in which order, is the plan's to say.

pub(crate) mod beam_windows;
pub(crate) mod beams;
pub(crate) mod core_beams;
pub(crate) mod core_search;
pub(crate) mod first;
pub(crate) mod tails;
pub(crate) mod to_core;
pub(crate) mod whole_windows;
pub(crate) mod windows;
