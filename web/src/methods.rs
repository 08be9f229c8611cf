//! The two solvers beyond the core's generic methods: optimal IDA* on a pattern database
//! (4x4, any goal; the database is built in the worker on first use and cached in IndexedDB)
//! and the staged near-optimal solver (5x5 and up): their part of the page state
//! ([`Engine`]). Their reducer steps are in [`crate::state`], their views in
//! [`crate::components::engine`].

use puzzle_core::Shape;

use crate::format::duration;
use crate::protocol::{BuildProgress, PdbInfo, PdbSource};

/// Which solver the Solve button uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Method {
    /// One of the core's generic methods (`State::config`).
    #[default]
    Generic,
    /// IDA* + additive pattern database: optimal, 4x4 only.
    Pdb,
    /// Staged placement: near-optimal and fast, for big boards.
    Staged,
    /// Near-optimal and improving: the staged answer at once, then shorter ones for a few
    /// seconds, with the big-board tables built in the worker and cached like the databases.
    Anytime,
}

impl Method {
    /// The special methods, in menu order.
    pub const SPECIAL: [Method; 3] = [Method::Pdb, Method::Anytime, Method::Staged];

    /// The default for a board size: the database on 4x4, staged from 5x5 up, else generic.
    pub fn default_for(shape: Shape) -> Method {
        if Method::Pdb.available(shape) {
            Method::Pdb
        } else if shape.width() >= 5 && shape.height() >= 5 {
            Method::Anytime
        } else {
            Method::Generic
        }
    }

    /// Whether the method can be picked for a board size.
    pub fn available(self, shape: Shape) -> bool {
        match self {
            Method::Generic => true,
            Method::Pdb => shape.width() == 4 && shape.height() == 4,
            Method::Staged | Method::Anytime => shape.cells() >= 20,
        }
    }

    /// The name in the menu's value and the link (`None` for the generic methods).
    pub fn name(self) -> Option<&'static str> {
        match self {
            Method::Generic => None,
            Method::Pdb => Some("pdb"),
            Method::Staged => Some("staged"),
            Method::Anytime => Some("anytime"),
        }
    }

    /// The method of a name.
    pub fn from_name(name: &str) -> Option<Method> {
        Method::SPECIAL.into_iter().find(|m| m.name() == Some(name))
    }

    /// Whether the worker prepares tables for it (with a progress bar while they build).
    pub fn uses_tables(self) -> bool {
        matches!(self, Method::Pdb | Method::Anytime)
    }

    /// The menu label.
    pub fn label(self) -> &'static str {
        match self {
            Method::Generic => "Generic",
            Method::Pdb => "IDA* + pattern database (optimal)",
            Method::Staged => "Staged (near-optimal, fast)",
            Method::Anytime => "Anytime (near-optimal, improving)",
        }
    }

    /// The name in the result.
    pub fn short(self) -> &'static str {
        match self {
            Method::Generic => "generic",
            Method::Pdb => "IDA* + pattern database",
            Method::Staged => "staged placement (near-optimal)",
            Method::Anytime => "anytime (near-optimal, improving)",
        }
    }
}

/// The quality bound of a near-optimal answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Quality {
    /// An admissible lower bound on the optimal length.
    pub lower_bound: u32,
    /// Length over the lower bound.
    pub ratio: Option<f64>,
}

/// What a special method's finished solve adds to the result.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineResult {
    /// The method that answered.
    pub method: Method,
    /// Where its database came from.
    pub pdb: Option<PdbInfo>,
    /// Its quality bound (staged).
    pub quality: Option<Quality>,
}

/// The special methods' part of the page state.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Engine {
    /// The method of the running solve.
    pub running: Method,
    /// The last build progress of the running solve's database.
    pub build: Option<BuildProgress>,
    /// The running solve's database, once ready.
    pub pdb: Option<PdbInfo>,
    /// What the result on screen came from (`None`: a generic method).
    pub finished: Option<EngineResult>,
}

/// A byte count in megabytes, one decimal.
pub fn megabytes(bytes: u64) -> String {
    format!("{:.1} MB", bytes as f64 / 1_000_000.0)
}

/// Where a database came from, in words.
pub fn source_text(info: &PdbInfo) -> String {
    let size = megabytes(info.bytes);
    match info.source {
        PdbSource::Memory => format!("already in memory ({size})"),
        PdbSource::Cache => format!("loaded from cache in {} ({size})", duration(info.ms)),
        PdbSource::Built => {
            let mut text = format!("built in {} ({size})", duration(info.ms));
            if info.repaired {
                text.push_str(", replacing an unreadable cached copy");
            }
            text.push_str(if info.saved {
                ", saved for next time"
            } else {
                ", could not be saved"
            });
            text
        }
    }
}
