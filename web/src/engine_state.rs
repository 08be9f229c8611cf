//! The state of the core's specialised solvers on the page ([`puzzle_core::Method`]: pattern
//! databases, built in the worker on first use and cached in IndexedDB; staged placement; the
//! anytime method): their progress and results in the solving slice ([`Engine`]), and where
//! their tables came from in words. Their reducer steps are in [`crate::state`], their views
//! in [`crate::components::engine`]; the methods' names for people are the core's
//! ([`Method::description`], [`Method::short_label`]).

use puzzle_core::Method;

use crate::format::duration;
use crate::protocol::{BuildProgress, ShippedTables, TablesInfo, TablesSource};

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
    pub pdb: Option<TablesInfo>,
    /// The shipped tables it could not download.
    pub download_failed: Vec<DownloadFailure>,
    /// Its quality bound (staged).
    pub quality: Option<Quality>,
    /// The workers it ran on, where the worker told (big boards that could run on two).
    pub workers: Option<WorkersInfo>,
}

/// The special methods' part of the page state.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Engine {
    /// The method of the running solve (`None` before the first solve).
    pub running: Option<Method>,
    /// The last build progress of the running solve's database.
    pub build: Option<BuildProgress>,
    /// The running solve's database, once ready.
    pub pdb: Option<TablesInfo>,
    /// The shipped tables the running solve could not download (one entry a kind).
    pub download_failed: Vec<DownloadFailure>,
    /// What the result on screen came from (`None`: a generic method).
    pub finished: Option<EngineResult>,
    /// The workers the running solve runs on, where the worker told.
    pub workers: Option<WorkersInfo>,
}

/// The workers a big-board solve runs on ([`crate::protocol::FromWorker::Workers`]).
#[derive(Clone, Debug, PartialEq)]
pub struct WorkersInfo {
    /// 2 while the second worker takes part, 1 once it stopped.
    pub count: u32,
    /// Why the second worker stopped, in a few words.
    pub failed: Option<String>,
    /// The wasm memory of each worker, in bytes (the solver worker's first).
    pub memory: Vec<u64>,
    /// The rounds run on two workers, and how many kept the second worker's answer.
    pub rounds: (u32, u32),
}

impl WorkersInfo {
    /// The one line the page shows (`finished`: under the answer, else while it runs).
    pub fn text(&self, finished: bool) -> String {
        match (&self.failed, finished) {
            (Some(why), false) => format!(
                "The second worker failed ({why}); the solve goes on with one, keeping the best \
                 answer so far."
            ),
            (Some(why), true) => format!(
                "The second worker failed ({why}); the solve went on with one, keeping the best \
                 answer so far."
            ),
            (None, false) => "Solving on two workers (two cores): each round keeps the shorter \
                              answer of the two."
                .to_string(),
            (None, true) => "Solved on two workers (two cores).".to_string(),
        }
    }

    /// The workers' memory in MB, as "61+58".
    pub fn memory_mb(&self) -> String {
        let mb: Vec<String> = self
            .memory
            .iter()
            .map(|bytes| format!("{:.0}", *bytes as f64 / 1_048_576.0))
            .collect();
        mb.join("+")
    }
}

/// Shipped tables a solve could not download, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct DownloadFailure {
    /// Which tables.
    pub tables: ShippedTables,
    /// Why, in a few words ("HTTP 404", "a damaged or wrong file").
    pub why: String,
}

impl DownloadFailure {
    /// What the tables line says of it while the solve runs.
    pub fn running_text(&self) -> String {
        match self.tables {
            ShippedTables::BigBoard => format!(
                "The big-board tables could not be downloaded ({}), so they are being built \
                 here; the answers come without them meanwhile.",
                self.why
            ),
            ShippedTables::WholeBoard => format!(
                "The whole-board tables could not be downloaded ({}): the answers are made \
                 without them.",
                self.why
            ),
        }
    }

    /// What the line under the answer says of it.
    pub fn finished_text(&self) -> String {
        let (name, after) = match self.tables {
            ShippedTables::BigBoard => (
                "Big-board",
                " They are being built here for the next solve.",
            ),
            ShippedTables::WholeBoard => ("Whole-board", ""),
        };
        format!(
            "{name} tables could not be downloaded ({}): this answer was made without them.{after}",
            self.why
        )
    }
}

/// What the tables line adds about the shipped tables a solve could not download: each
/// failure's words (`finished`: under the answer, else while it runs). The big-board tables'
/// failure is left out once they are in hand (`pdb`): their source says "built … because the
/// download failed" then.
pub fn download_failed_text(
    failed: &[DownloadFailure],
    pdb: Option<&TablesInfo>,
    finished: bool,
) -> Option<String> {
    let texts: Vec<String> = failed
        .iter()
        .filter(|f| f.tables != ShippedTables::BigBoard || pdb.is_none())
        .map(|f| {
            if finished {
                f.finished_text()
            } else {
                f.running_text()
            }
        })
        .collect();
    (!texts.is_empty()).then(|| texts.join(" "))
}

impl Engine {
    /// What the running special method adds to its answer (`None` for a generic search),
    /// with `quality`, its bound.
    pub fn result(&self, quality: Option<Quality>) -> Option<EngineResult> {
        self.running
            .filter(|method| method.search_config().is_none())
            .map(|method| EngineResult {
                method,
                pdb: self.pdb.clone(),
                download_failed: self.download_failed.clone(),
                quality,
                workers: self.workers.clone(),
            })
    }

    /// Notes the workers the running solve runs on; a failure told stays told (the last word
    /// of a solve whose second worker stopped is that it stopped). `None` if it says nothing
    /// new.
    pub fn told_workers(&mut self, info: WorkersInfo) -> Option<()> {
        let failed = self.workers.as_ref().and_then(|w| w.failed.clone());
        let info = WorkersInfo {
            failed: info.failed.or(failed),
            ..info
        };
        if self.workers.as_ref() == Some(&info) {
            return None;
        }
        self.workers = Some(info);
        Some(())
    }

    /// Notes that the running solve could not download some tables (replacing an older note
    /// about the same tables); `None` if it says nothing new.
    pub fn failed(&mut self, failure: DownloadFailure) -> Option<()> {
        if self.download_failed.contains(&failure) {
            return None;
        }
        self.download_failed.retain(|f| f.tables != failure.tables);
        self.download_failed.push(failure);
        Some(())
    }
}

/// A byte count in megabytes, one decimal.
pub fn megabytes(bytes: u64) -> String {
    format!("{:.1} MB", bytes as f64 / 1_000_000.0)
}

/// Where a database came from, in words.
pub fn source_text(info: &TablesInfo) -> String {
    let size = megabytes(info.bytes);
    match info.source {
        TablesSource::Memory => format!("already in memory ({size})"),
        TablesSource::Cache => format!("loaded from cache in {} ({size})", duration(info.ms)),
        TablesSource::Unavailable => {
            "could not be made here, so the answer improved without them".to_string()
        }
        TablesSource::Built | TablesSource::Downloaded => {
            let verb = match info.source {
                TablesSource::Downloaded => "downloaded",
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
                ", saved in this browser for next time"
            } else {
                ", could not be saved in this browser (its storage is full or refused)"
            });
            text
        }
    }
}
