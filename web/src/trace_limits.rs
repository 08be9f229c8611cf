//! The step-through view's limits on a trace, shared by the page, which asks within them
//! ([`crate::step_through::trace_set`] re-exports them), and the worker, which refuses a
//! [`crate::protocol::ToWorker::Trace`] past them and streams its events in chunks of
//! [`CHUNK_EVENTS`]. Neither side's module: the worker imports nothing of the page.

/// Most expansions traced per method. A 3x3 A* with Manhattan needs a few hundred to a few
/// thousand; BFS on a hard 3x3 needs up to 180,000, so it stops here and the view says so.
/// 5,000 expansions are about 15,000 events: a few MB on the page, replayed in milliseconds.
pub const MAX_EXPANSIONS: u64 = 5_000;

/// Events per message from the worker, so the page never decodes one giant message.
pub const CHUNK_EVENTS: usize = 500;

/// Largest board the view traces (4x4): bigger boards are too large to read as mini-boards.
pub const MAX_CELLS: usize = 16;
