//! A solve's tables and how a finished one was got, for the core's specialised methods
//! ([`puzzle_core::Method`]: pattern databases, built in the worker on first use and cached in
//! IndexedDB; staged placement; the anytime method): the running solve's tables ([`Tables`]),
//! the workers it runs on ([`WorkersInfo`]), the downloads that failed ([`DownloadFailure`]) and
//! what a finished one adds to its answer ([`HowSolved`]), all held by the solve slice
//! ([`super`]), and where the tables came from in words. Their reducer steps are in [`super`]
//! and `state/solve/running.rs`, their views in [`crate::components::solve_tables`]; the methods' names
//! for people are the core's ([`Method::description`], [`Method::short_label`]).

use puzzle_core::Method;

use crate::format::duration;
use crate::protocol::{BuildProgress, ShippedTables, TablesInfo};

/// The quality bound of a near-optimal answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Quality {
    /// An admissible lower bound on the optimal length.
    pub lower_bound: u32,
    /// Length over the lower bound, rounded up.
    pub ratio: Option<puzzle_core::RatioAtMost>,
}

/// What a special method's finished solve adds to the result.
#[derive(Clone, Debug, PartialEq)]
pub struct HowSolved {
    /// The method that answered.
    pub method: Method,
    /// Where its tables came from (`None`: the solve ended before they came).
    pub tables: Option<TablesInfo>,
    /// The shipped tables it could not download.
    pub download_failed: Vec<DownloadFailure>,
    /// Its quality bound (staged).
    pub quality: Option<Quality>,
    /// The workers it ran on, where the worker told (big boards that could run on two).
    pub workers: Option<WorkersInfo>,
}

/// The running solve's tables, as its tables line shows them.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Tables {
    /// Being got: from memory or this browser's cache, else downloaded or built (the worker
    /// told nothing yet).
    #[default]
    Getting,
    /// Being built, this far.
    Building(BuildProgress),
    /// In hand, or could not be had ([`TablesInfo::Failed`]).
    Ready(TablesInfo),
}

impl Tables {
    /// The tables once in hand (or known not to come).
    pub fn ready(&self) -> Option<&TablesInfo> {
        match self {
            Tables::Ready(info) => Some(info),
            _ => None,
        }
    }
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
/// failure is left out once they are in hand (`tables`): their source says "built … because
/// the download failed" then.
pub fn download_failed_text(
    failed: &[DownloadFailure],
    tables: Option<&TablesInfo>,
    finished: bool,
) -> Option<String> {
    let texts: Vec<String> = failed
        .iter()
        .filter(|f| f.tables != ShippedTables::BigBoard || tables.is_none())
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

/// A byte count in megabytes, one decimal.
pub fn megabytes(bytes: u64) -> String {
    format!("{:.1} MB", bytes as f64 / 1_000_000.0)
}

/// Where a database came from, in words.
pub fn source_text(info: &TablesInfo) -> String {
    let (verb, ms, bytes, repaired, saved, download_failed) = match info {
        TablesInfo::Memory { bytes } => {
            return format!("already in memory ({})", megabytes(*bytes))
        }
        TablesInfo::Cache { ms, bytes } => {
            return format!(
                "loaded from cache in {} ({})",
                duration(*ms),
                megabytes(*bytes)
            )
        }
        TablesInfo::Failed { .. } => {
            return "could not be made here, so the answer improved without them".to_string()
        }
        TablesInfo::Downloaded {
            ms,
            bytes,
            repaired,
            saved,
        } => ("downloaded", ms, bytes, repaired, saved, false),
        TablesInfo::Built {
            ms,
            bytes,
            repaired,
            saved,
            download_failed,
        } => ("built", ms, bytes, repaired, saved, *download_failed),
    };
    let mut text = format!("{verb} in {} ({})", duration(*ms), megabytes(*bytes));
    if download_failed {
        text.push_str(" because the download failed");
    }
    if *repaired {
        text.push_str(", replacing an unreadable cached copy");
    }
    text.push_str(if *saved {
        ", saved in this browser for next time"
    } else {
        ", could not be saved in this browser (its storage is full or refused)"
    });
    text
}
