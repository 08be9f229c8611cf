//! Which tables a big board gets natively: the strong ones ([`Strength::Strong`], one more
//! tile a group) where the memory budget holds them, else the shipped ones, and on how many
//! threads they are built.

use puzzle_core::anytime::{BigTables, Strength, WholeTables};
use puzzle_core::Board;

/// Bytes in a gigabyte as `--memory` counts it (10^9).
const GB: f64 = 1e9;

/// The share of the machine's memory the tables may take when `--memory` is not given.
pub const DEFAULT_SHARE: f64 = 0.5;

/// The memory the tables of a solve may take, and whether strong tables were asked for.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Bytes the tables may hold, built or loaded, counting the working memory of a build.
    pub bytes: u64,
    /// `--strong`: build the strong tables when they are missing (they are used whenever
    /// they are in the cache and fit).
    pub build: bool,
}

impl Budget {
    /// `--memory GB` if given, else [`DEFAULT_SHARE`] of the machine's memory.
    pub fn new(memory_gb: Option<f64>, build: bool) -> Budget {
        let bytes = match memory_gb {
            Some(gb) => (gb * GB) as u64,
            None => (machine_memory() as f64 * DEFAULT_SHARE) as u64,
        };
        Budget { bytes, build }
    }

    /// The budget for messages: `12.3 GB`, or `50 MB` under a gigabyte.
    pub fn text(&self) -> String {
        size_text(self.bytes)
    }
}

/// The tables one goal gets and the threads that build them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The core's tables.
    pub core: Strength,
    /// The whole board's (only where [`WholeTables::wanted`]).
    pub whole: Strength,
    /// Threads a build may use: as many as the cores, and as the memory left holds tables
    /// being built (at least 1).
    pub threads: usize,
}

/// Bytes the strong tables of `goal` hold once built: the core's, and the whole board's
/// where it has them.
pub fn strong_bytes(goal: &Board) -> (u64, u64) {
    let core = BigTables::entries(goal, Strength::Strong).iter().sum();
    let whole = if WholeTables::wanted(goal) {
        WholeTables::entries(goal, Strength::Strong).iter().sum()
    } else {
        0
    };
    (core, whole)
}

/// The tables `goal` gets under `budget` on `cores` cores: the strong core tables if they fit
/// with one of them being built, then the strong whole-board tables if they fit too; the
/// shipped ones otherwise, with a line saying what did not fit.
pub fn choose(goal: &Board, budget: Budget, cores: usize) -> (Choice, Option<String>) {
    let (core, whole) = strong_bytes(goal);
    let core_build = BigTables::build_bytes(goal, Strength::Strong);
    let whole_build = if whole > 0 {
        WholeTables::build_bytes(goal, Strength::Strong)
    } else {
        0
    };
    let strong_core = core > 0 && core + core_build <= budget.bytes;
    let strong_whole = strong_core && whole > 0 && core + whole + whole_build <= budget.bytes;
    let (held, building) = match (strong_core, strong_whole) {
        (true, true) => (core + whole, core_build.max(whole_build)),
        (true, false) => (core, core_build),
        _ => (0, 0),
    };
    let threads =
        (budget.bytes.saturating_sub(held) / building.max(1)).clamp(1, cores.max(1) as u64);
    let wanted = core + whole;
    let short = (wanted > 0 && held < wanted).then(|| {
        format!(
            "--memory {} holds {} of the strong tables of {} ({}, and up to {} for each table \
             being built); the others are the shipped tables",
            budget.text(),
            if held == 0 { "none" } else { "some" },
            goal.shape(),
            size_text(wanted),
            size_text(core_build.max(whole_build)),
        )
    });
    let strength = |strong: bool| {
        if strong {
            Strength::Strong
        } else {
            Strength::Shipped
        }
    };
    let choice = Choice {
        core: strength(strong_core),
        whole: strength(strong_whole),
        threads: threads as usize,
    };
    (choice, short)
}

/// Bytes for messages: `1.8 GB`, or `316 MB` under a gigabyte.
pub fn size_text(bytes: u64) -> String {
    if bytes as f64 >= GB {
        format!("{:.1} GB", bytes as f64 / GB)
    } else {
        format!("{:.0} MB", bytes as f64 / 1e6)
    }
}

/// The machine's memory in bytes: `MemTotal` of `/proc/meminfo` (Linux), else 8 GB. Read by
/// hand: one line of one file, where a system-information crate would bring a large
/// dependency for one number.
pub fn machine_memory() -> u64 {
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| {
            let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
            let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
            Some(kb * 1024)
        })
        .unwrap_or(8_000_000_000)
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzle_core::{Goal, Shape};

    fn goal(side: usize) -> Board {
        Goal::Standard.board(Shape::square(side).unwrap()).unwrap()
    }

    #[test]
    fn a_large_budget_gets_every_strong_table_on_every_core() {
        let budget = Budget::new(Some(64.0), true);
        let (choice, short) = choose(&goal(6), budget, 2);
        assert_eq!(choice.core, Strength::Strong);
        assert_eq!(choice.whole, Strength::Strong);
        assert_eq!(choice.threads, 2);
        assert!(short.is_none());
    }

    #[test]
    fn a_small_budget_keeps_the_shipped_tables_and_says_so() {
        let (choice, short) = choose(&goal(7), Budget::new(Some(0.5), true), 2);
        assert_eq!(choice.core, Strength::Shipped);
        assert_eq!(choice.whole, Strength::Shipped);
        assert!(short
            .unwrap()
            .contains("holds none of the strong tables of 7x7"));
        // Enough for the core's but not the whole 7x7 board's.
        let (choice, short) = choose(&goal(7), Budget::new(Some(3.0), true), 2);
        assert_eq!(
            (choice.core, choice.whole),
            (Strength::Strong, Strength::Shipped)
        );
        assert!(short.unwrap().contains("holds some"));
    }

    #[test]
    fn the_machine_has_memory() {
        assert!(machine_memory() > 100_000_000);
    }
}
