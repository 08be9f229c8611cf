//! The state of the core's specialised solvers on the page ([`puzzle_core::Method`]: pattern
//! databases, built in the worker on first use and cached in IndexedDB; staged placement; the
//! anytime method): their progress and results in the solving slice ([`Engine`]), and where
//! their tables came from in words. Their reducer steps are in [`crate::state`], their views
//! in [`crate::components::engine`]; the methods' names for people are the core's
//! ([`Method::description`], [`Method::short_label`]).

use puzzle_core::Method;

use crate::format::duration;
use crate::protocol::{BuildProgress, PdbInfo, PdbSource};

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
    /// The method of the running solve (`None` before the first solve).
    pub running: Option<Method>,
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
        PdbSource::Unavailable => {
            "could not be made here, so the answer improved without them".to_string()
        }
        PdbSource::Built | PdbSource::Downloaded => {
            let verb = match info.source {
                PdbSource::Downloaded => "downloaded",
                _ => "built",
            };
            let mut text = format!("{verb} in {} ({size})", duration(info.ms));
            if info.download_failed {
                text.push_str(" because the download failed");
            }
            if info.repaired {
                text.push_str(", replacing an unreadable cached copy");
            }
            text.push_str(if info.saved {
                ", saved for next time"
            } else if info.storing {
                ", being stored in this browser for next time"
            } else {
                ", could not be saved"
            });
            text
        }
    }
}
