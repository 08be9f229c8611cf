//! The traces the step-through view shows, as they arrive from the worker in chunks: the
//! page's side of [`crate::protocol::FromWorker::TraceChunk`], pure so it is tested natively.

use std::rc::Rc;

use puzzle_core::trace::{to_csv, TraceEvent};

pub use crate::trace_limits::{CHUNK_EVENTS, MAX_CELLS, MAX_EXPANSIONS};

/// One method's trace so far.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    /// The request it answers.
    pub id: u32,
    /// The chunks received, in order.
    pub chunks: Vec<Rc<Vec<TraceEvent>>>,
    /// Events received.
    pub len: usize,
    /// Expansions received.
    pub expansions: usize,
    /// Whether the last chunk came.
    pub done: bool,
    /// Whether the trace stopped at [`MAX_EXPANSIONS`].
    pub limit_reached: bool,
    /// Why the trace failed, if it did.
    pub error: Option<String>,
}

impl PartialEq for Trace {
    /// Chunks only grow, so the counts tell two versions of a trace apart cheaply.
    fn eq(&self, other: &Self) -> bool {
        (self.id, self.len, self.done, &self.error)
            == (other.id, other.len, other.done, &other.error)
    }
}

impl Trace {
    /// An empty trace for request `id`.
    pub fn new(id: u32) -> Self {
        Trace {
            id,
            ..Trace::default()
        }
    }

    /// Every event received, in order.
    pub fn events(&self) -> impl Iterator<Item = &TraceEvent> {
        self.chunks.iter().flat_map(|c| c.iter())
    }

    /// Adds a chunk.
    pub fn push(&mut self, events: Vec<TraceEvent>, done: bool, limit_reached: bool) {
        self.len += events.len();
        self.expansions += events
            .iter()
            .filter(|e| matches!(e, TraceEvent::Expand { .. }))
            .count();
        if !events.is_empty() {
            self.chunks.push(Rc::new(events));
        }
        self.done |= done;
        self.limit_reached |= limit_reached;
    }

    /// Whether the trace ended at the goal.
    pub fn solved(&self) -> bool {
        matches!(
            self.chunks.last().and_then(|c| c.last()),
            Some(TraceEvent::Goal { .. })
        )
    }

    /// The trace as CSV for a lab report (`puzzle_core::trace::to_csv`).
    pub fn csv(&self) -> String {
        let events: Vec<TraceEvent> = self.events().cloned().collect();
        to_csv(&events)
    }
}

/// What can happen to the traces.
#[derive(Clone, Debug, PartialEq)]
pub enum TraceAction {
    /// New traces were asked for with these request ids (the old ones are dropped).
    Started(Vec<u32>),
    /// A chunk of request `id` came.
    Chunk {
        /// The request.
        id: u32,
        /// The events.
        events: Vec<TraceEvent>,
        /// Whether it is the last.
        done: bool,
        /// Whether the trace stopped at its limit.
        limit_reached: bool,
    },
    /// Request `id` failed.
    Failed(u32, String),
}

/// The traces of the view, one per column.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TraceSet {
    /// One per method, in column order.
    pub traces: Vec<Trace>,
}

impl TraceSet {
    /// The set after `action` (a chunk for a request no longer shown is ignored).
    pub fn apply(&mut self, action: TraceAction) {
        match action {
            TraceAction::Started(ids) => self.traces = ids.into_iter().map(Trace::new).collect(),
            TraceAction::Chunk {
                id,
                events,
                done,
                limit_reached,
            } => {
                if let Some(trace) = self.traces.iter_mut().find(|t| t.id == id) {
                    trace.push(events, done, limit_reached);
                }
            }
            TraceAction::Failed(id, message) => {
                if let Some(trace) = self.traces.iter_mut().find(|t| t.id == id) {
                    trace.error = Some(message);
                    trace.done = true;
                }
            }
        }
    }
}

impl yew::Reducible for TraceSet {
    type Action = TraceAction;
    fn reduce(self: Rc<Self>, action: TraceAction) -> Rc<Self> {
        let mut next = (*self).clone();
        next.apply(action);
        Rc::new(next)
    }
}
