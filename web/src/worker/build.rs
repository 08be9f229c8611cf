//! Table builds with progress: a nested worker's one table ([`build_table`], its progress to
//! its owner as [`FromCopy::Building`]), any kind's tables with [`FromWorker::Building`] about
//! ten times a second ([`build_with_progress`], with the time since the build began and the
//! recent pace's time left), and the 4x4
//! databases built on two cores ([`build_pdb`]: one table in a nested worker, joined with
//! `puzzle_core::pdb::join`).

use std::cell::Cell;
use std::collections::VecDeque;
use std::ops::ControlFlow;
use std::rc::Rc;

use puzzle_core::anytime::{total_entries, BigTables};
use puzzle_core::pdb::join::{all_but, join_tables, nested_group, table_from_bytes};
use puzzle_core::pdb::{AdditivePdb, Partition, PatternIndex, PdbError};
use puzzle_core::{Board, Limits, Progress};
use web_sys::DedicatedWorkerGlobalScope;

use super::outbox::{post, post_table};
use super::{clock, nested, with_state, PROGRESS_EVERY_MS};
use crate::protocol::{BuildProgress, FromCopy, FromWorker, ToCopy};

/// How far back the recent pace of a build is measured, in milliseconds.
const PACE_WINDOW_MS: f64 = 4000.0;

/// When the build under way began and its recent progress, for the time shown with it
/// ([`begin`]; this worker keeps one, `WorkerState::build_clock`).
pub(super) struct BuildClock {
    /// When it began (this worker's clock; NaN when none has).
    start: f64,
    /// Its recent progress reports: (time, entries filled), oldest first.
    pace: VecDeque<(f64, u64)>,
}

impl Default for BuildClock {
    fn default() -> Self {
        BuildClock::new()
    }
}

impl BuildClock {
    /// No build yet.
    const fn new() -> Self {
        BuildClock {
            start: f64::NAN,
            pace: VecDeque::new(),
        }
    }

    /// A build begins at `start`: the pace of the one before is forgotten.
    fn restart(&mut self, start: f64) {
        self.start = start;
        self.pace.clear();
    }

    /// Sets `build`'s time since the build began and its time left at the recent pace (over
    /// the last [`PACE_WINDOW_MS`], once a second has passed), as of `now`; nothing before a
    /// build began.
    fn stamp(&mut self, now: f64, build: &mut BuildProgress) {
        if !self.start.is_finite() {
            return;
        }
        build.elapsed_ms = now - self.start;
        let pace = &mut self.pace;
        pace.push_back((now, build.filled));
        while pace.len() > 2 && pace[1].0 <= now - PACE_WINDOW_MS {
            pace.pop_front();
        }
        build.recent_seconds_left = pace.front().and_then(|&(then, filled_then)| {
            let rate = (build.filled.saturating_sub(filled_then)) as f64 / (now - then);
            (now - then >= 1000.0 && rate > 0.0)
                .then(|| build.total.saturating_sub(build.filled) as f64 / rate / 1000.0)
        });
    }
}

/// Starts the clock of a build that begins at `start` (the time [`FromWorker::Building`]
/// shows counts from there).
pub(super) fn begin(start: f64) {
    with_state(|state| state.build_clock.borrow_mut().restart(start));
}

/// Posts [`FromWorker::Building`] with the time since this worker's build began ([`begin`]).
fn post_building(scope: &DedicatedWorkerGlobalScope, id: u32, mut build: BuildProgress) {
    with_state(|state| state.build_clock.borrow_mut().stamp(clock(), &mut build));
    post(scope, &FromWorker::Building { id, build });
}

/// Posts a copy's progress on its build `id` to its owner as [`FromCopy::Building`].
fn post_copy_building(scope: &DedicatedWorkerGlobalScope, id: u32, mut build: BuildProgress) {
    with_state(|state| state.build_clock.borrow_mut().stamp(clock(), &mut build));
    post(scope, &FromCopy::Building { id, build });
}

/// Builds the table of one group (a nested worker's job) and posts it to its owner as
/// [`FromCopy::Table`], its bytes moved, not copied; progress as [`FromCopy::Building`].
pub(super) fn build_table(scope: &DedicatedWorkerGlobalScope, id: u32, goal: &Board, tiles: &[u8]) {
    let partition = Partition::new(vec![tiles.to_vec()]);
    let size = PatternIndex::new(goal.cells().len(), tiles.len()).map_or(0, |i| i.size());
    let report = |build| post_copy_building(scope, id, build);
    let built = build_reporting(&[size], plain_progress(&[size]), report, |limits| {
        AdditivePdb::build(goal, &partition, limits)
    });
    match built {
        Ok(pdb) => {
            let bytes = pdb.to_bytes();
            drop(pdb);
            post_table(scope, id, &bytes);
        }
        Err(message) => post(scope, &FromCopy::Failed { id, message }),
    }
}

/// Builds the big-board tables for `goal` (a nested worker's job) and posts their stored form
/// to its owner as [`FromCopy::Table`], moved, not copied; progress as [`FromCopy::Building`].
pub(super) fn build_big_tables(scope: &DedicatedWorkerGlobalScope, id: u32, goal: &Board) {
    let sizes = [total_entries(goal)];
    let report = |build| post_copy_building(scope, id, build);
    let built = build_reporting(&sizes, plain_progress(&sizes), report, |limits| {
        BigTables::build(goal, limits)
    });
    match built {
        Ok(tables) => {
            let bytes = tables.to_bytes();
            drop(tables);
            post_table(scope, id, &bytes);
        }
        Err(message) => post(scope, &FromCopy::Failed { id, message }),
    }
}

/// The big-board tables for `goal` built in a nested worker, while this one goes on (it
/// relays the build's progress as [`FromWorker::Building`] whenever it is back in its event
/// loop); `None` if no nested worker runs here or it failed in any way (the caller builds them
/// itself then).
pub(super) async fn build_big_apart(
    scope: &DedicatedWorkerGlobalScope,
    id: u32,
    goal: &Board,
) -> Option<BigTables> {
    let helper = nested::Nested::spawn_for(&ToCopy::BuildBigTables {
        id,
        goal: goal.clone(),
    })?;
    let sizes = [total_entries(goal)];
    let shown = plain_progress(&sizes);
    // The build line at once: the nested worker takes a moment to load.
    post_building(scope, id, shown(0, 0));
    if !helper.started().await {
        return None;
    }
    let relay = {
        let scope = scope.clone();
        move |filled: u64| post_building(&scope, id, shown(filled, 0))
    };
    let bytes = helper.table(relay).await.ok()?;
    BigTables::from_bytes(&bytes)
        .ok()
        .filter(|tables| tables.serves(goal))
}

/// The progress of building tables of `sizes` entries in that order, as the page shows it.
pub(super) fn plain_progress(sizes: &[u64]) -> impl Fn(u64, usize) -> BuildProgress {
    let total: u64 = sizes.iter().sum();
    let tables = sizes.len();
    move |filled, table| BuildProgress {
        filled,
        total,
        table,
        tables,
        elapsed_ms: 0.0,
        recent_seconds_left: None,
    }
}

/// Runs `build` with a progress callback that posts [`FromWorker::Building`] about ten times a
/// second; `sizes` are the entries of each table, in build order, and `shown` makes the message
/// of the entries filled so far and the table being built (an index into `sizes`).
pub(super) fn build_with_progress<T>(
    scope: &DedicatedWorkerGlobalScope,
    id: u32,
    sizes: &[u64],
    shown: impl Fn(u64, usize) -> BuildProgress,
    build: impl FnOnce(&mut Limits) -> Result<T, PdbError>,
) -> Result<T, String> {
    let report = |progress| post_building(scope, id, progress);
    build_reporting(sizes, shown, report, build)
}

/// Runs `build` with a progress callback that hands `report` the progress `shown` makes
/// about ten times a second (see [`build_with_progress`]).
fn build_reporting<T>(
    sizes: &[u64],
    shown: impl Fn(u64, usize) -> BuildProgress,
    report: impl Fn(BuildProgress),
    build: impl FnOnce(&mut Limits) -> Result<T, PdbError>,
) -> Result<T, String> {
    let total: u64 = sizes.iter().sum();
    let tables = sizes.len();
    let mut last_post = f64::NEG_INFINITY;
    let mut on_progress = |progress: &Progress| {
        if progress.elapsed_ms - last_post >= PROGRESS_EVERY_MS {
            last_post = progress.elapsed_ms;
            let filled = progress.generated.min(total);
            let mut before = 0;
            let mut table = tables.saturating_sub(1);
            for (i, size) in sizes.iter().enumerate() {
                if filled < before + size {
                    table = i;
                    break;
                }
                before += size;
            }
            report(shown(filled, table));
        }
        ControlFlow::Continue(())
    };
    let mut limits = Limits {
        max_expanded: None,
        report_every: 1 << 16,
        on_progress: Some(&mut on_progress),
        clock,
        threads: 1,
    };
    build(&mut limits).map_err(|e| e.to_string())
}

/// Builds the default partition's tables for `goal`. With two cores or more, a nested worker
/// builds the second largest table meanwhile ([`nested`]; this worker first waits for it to
/// load, well under a second); if it fails in any way, this worker builds that table too,
/// after its own.
///
/// Progress: while building its own tables this worker shows their share done for the whole
/// (the nested worker's table, of the same size, advances alongside: it cannot hear the
/// nested worker's reports while busy); while it waits, the nested worker's reports, never
/// going back. After a failure of the nested worker the bar goes back to the share really
/// done (this worker's tables) and goes on from there while it builds the missing table.
pub(super) async fn build_pdb(
    scope: &DedicatedWorkerGlobalScope,
    id: u32,
    goal: &Board,
) -> Result<AdditivePdb, String> {
    let partition = Partition::default_for(goal).map_err(|e| e.to_string())?;
    let groups = partition.groups();
    let cells = goal.cells().len();
    let sizes: Vec<u64> = groups
        .iter()
        .map(|g| PatternIndex::new(cells, g.len()).map_or(0, |i| i.size()))
        .collect();
    let helper =
        nested_group(&sizes).and_then(|g| Some((g, nested::Nested::spawn(id, goal, &groups[g])?)));
    let helper = match helper {
        Some((away, helper)) if helper.started().await => Some((away, helper)),
        _ => None,
    };
    let Some((away, helper)) = helper else {
        return build_with_progress(scope, id, &sizes, plain_progress(&sizes), |limits| {
            AdditivePdb::build(goal, &partition, limits)
        });
    };
    let total: u64 = sizes.iter().sum();
    let tables = groups.len();
    let here: Vec<usize> = (0..tables).filter(|&g| g != away).collect();
    let here_sizes: Vec<u64> = here.iter().map(|&g| sizes[g]).collect();
    let here_total: u64 = here_sizes.iter().sum();
    let shown = Rc::new(Cell::new(0u64));
    let own = {
        let shown = shown.clone();
        let here = here.clone();
        move |filled: u64, table: usize| {
            // The share of this worker's tables done, for all of them.
            let filled =
                (u128::from(filled) * u128::from(total) / u128::from(here_total.max(1))) as u64;
            shown.set(filled);
            BuildProgress {
                filled,
                total,
                table: here[table],
                tables,
                elapsed_ms: 0.0,
                recent_seconds_left: None,
            }
        }
    };
    let here_partition = all_but(&partition, away);
    let built = build_with_progress(scope, id, &here_sizes, own, |limits| {
        AdditivePdb::build(goal, &here_partition, limits)
    })?
    .tables()
    .to_vec();
    let away_size = sizes[away];
    let relay = {
        let scope = scope.clone();
        move |filled: u64| {
            let filled = shown.get().max(here_total + filled.min(away_size));
            shown.set(filled);
            let build = BuildProgress {
                filled,
                total,
                table: away,
                tables,
                elapsed_ms: 0.0,
                recent_seconds_left: None,
            };
            post_building(&scope, id, build);
        }
    };
    let expected = Partition::new(vec![groups[away].clone()]);
    let table = helper
        .table(relay)
        .await
        .ok()
        .and_then(|bytes| table_from_bytes(&bytes, goal, &groups[away]));
    let table = match table {
        Some(table) => table,
        // Any failure of the nested worker: this one builds the table itself, quietly.
        None => {
            let size = [away_size];
            let rest = move |filled: u64, _| BuildProgress {
                filled: here_total + filled,
                total,
                table: away,
                tables,
                elapsed_ms: 0.0,
                recent_seconds_left: None,
            };
            build_with_progress(scope, id, &size, rest, |limits| {
                AdditivePdb::build(goal, &expected, limits)
            })?
            .tables()[0]
                .clone()
        }
    };
    join_tables(goal, &partition, built, away, table).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn filled(filled: u64) -> BuildProgress {
        BuildProgress {
            filled,
            total: 1000,
            table: 0,
            tables: 1,
            elapsed_ms: 0.0,
            recent_seconds_left: None,
        }
    }

    /// The time shown counts from the build's start; the time left comes from the pace of the
    /// last few seconds, once a second of it is known, and a new build starts afresh.
    #[test]
    fn a_build_shows_its_time_and_the_time_left_at_its_recent_pace() {
        let mut clock = BuildClock::new();
        let mut build = filled(10);
        clock.stamp(500.0, &mut build);
        assert_eq!((build.elapsed_ms, build.recent_seconds_left), (0.0, None));
        clock.restart(1000.0);
        let mut build = filled(0);
        clock.stamp(1000.0, &mut build);
        assert_eq!((build.elapsed_ms, build.recent_seconds_left), (0.0, None));
        let mut build = filled(50);
        clock.stamp(1500.0, &mut build);
        assert_eq!(build.recent_seconds_left, None, "half a second: too soon");
        let mut build = filled(100);
        clock.stamp(2000.0, &mut build);
        assert_eq!(build.elapsed_ms, 1000.0);
        // 100 entries a second, 900 left.
        assert_eq!(build.recent_seconds_left, Some(9.0));
        // Ten entries a second for ten seconds, then a hundred: the time left is the last
        // four seconds' (500 left at 100 a second), not the whole build's (it would be 14 s).
        clock.restart(0.0);
        for second in 0..=14u64 {
            let done = if second <= 10 {
                second * 10
            } else {
                100 + (second - 10) * 100
            };
            let mut build = filled(done);
            clock.stamp(second as f64 * 1000.0, &mut build);
            if second == 14 {
                assert_eq!(build.recent_seconds_left, Some(5.0));
            }
        }
        // A new build starts afresh.
        clock.restart(20_000.0);
        let mut build = filled(0);
        clock.stamp(20_500.0, &mut build);
        assert_eq!((build.elapsed_ms, build.recent_seconds_left), (500.0, None));
    }
}
