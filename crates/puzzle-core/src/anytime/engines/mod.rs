//! The searches the phases run, each knowing nothing of the schedule: the beam ([`beam`]) and
//! its rankings ([`rank`], [`core_rank`], [`whole_rank`]), one weighted A* ([`best_first`])
//! over the core ([`wastar`]), the whole board ([`widestar`]) and the lines of the line
//! reduction ([`reduce`]), exact window searches by IDA* guided by the tables ([`guided`]) or
//! loosened ([`tracked`]), both walking on [`crate::shorten::ida`] as the plain windows do,
//! and the passes of those windows over an answer ([`passes`]).

pub(crate) mod beam;
pub(crate) mod best_first;
pub(crate) mod core_rank;
pub(crate) mod guided;
pub(crate) mod passes;
pub(crate) mod rank;
pub(crate) mod reduce;
pub(crate) mod tracked;
pub(crate) mod wastar;
pub(crate) mod whole_rank;
pub(crate) mod widestar;
