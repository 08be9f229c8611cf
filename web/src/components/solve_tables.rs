//! The solve's tables and workers on screen (the specialised methods'; their state is
//! [`crate::state::solve::tables`]): the progress line, the tables' status while a solve runs,
//! the workers line, and the extra lines of their result ([`result_view`]).

use puzzle_core::{Method, Solution};
use yew::prelude::*;

use crate::format::{count, progress_line};
use crate::protocol::BuildProgress;
use crate::state::solve::tables::{
    download_failed_text, source_text, HowSolved, Tables, WorkersInfo,
};
use crate::state::Running;
use puzzle_core::Shape;

/// What the running method's tables are called.
fn tables_name(running: &Running) -> &'static str {
    match running.method {
        Method::Anytime { .. } => "big-board tables",
        _ => "pattern database",
    }
}

/// Whether the running method uses tables the worker prepares (with a progress bar).
fn uses_tables(running: &Running, shape: Shape) -> bool {
    running.method.needs(shape).is_some()
}

fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// What the progress line says for the running solve.
pub fn progress_text(running: Option<&Running>, shape: Shape) -> Option<String> {
    let running = running?;
    let algorithm = running.method.algorithm();
    let preparing = uses_tables(running, shape) && running.tables.ready().is_none();
    let best = running.improved.last().map(|best| {
        let lengths: Vec<String> = running
            .improved
            .iter()
            .map(|s| s.moves.len().to_string())
            .collect();
        let ratio = best
            .ratio_at_most()
            .map(|r| format!(", at most {r}× the shortest"))
            .unwrap_or_default();
        format!("{} moves{ratio}, still improving", lengths.join(" → "))
    });
    if let Some(best) = best {
        return Some(best);
    }
    Some(match &running.progress {
        Some(progress) => progress_line(algorithm, progress),
        // The build has its own line and bar.
        None if preparing && matches!(running.tables, Tables::Building(_)) => return None,
        None if preparing => format!("Preparing the {}…", tables_name(running)),
        None => "Starting the solver…".to_string(),
    })
}

/// The database line under the solver while a database solve runs: a progress bar while it
/// builds, then where it came from; and which shipped tables could not be downloaded.
pub fn status_view(running: Option<&Running>, shape: Shape) -> Html {
    let Some(running) = running.filter(|r| uses_tables(r, shape)) else {
        return html! {};
    };
    html! {
        <>
        { tables_status(running) }
        { workers_view(running.workers.as_ref(), false) }
        </>
    }
}

/// The one line saying which workers a big-board solve runs on (`finished`: under its
/// answer): two, or one after the second failed; nothing where the worker did not tell.
/// `data-workers` is the count, `data-memory-mb` each worker's wasm memory.
pub fn workers_view(workers: Option<&WorkersInfo>, finished: bool) -> Html {
    let Some(workers) = workers else {
        return html! {};
    };
    let class = if workers.failed.is_some() {
        "workers warn"
    } else {
        "workers"
    };
    html! {
        <p id="workers" class={class} role="status" data-workers={workers.count.to_string()}
            data-failed={workers.failed.is_some().then_some("true")}
            data-memory-mb={workers.memory_mb()}
            data-rounds={format!("{}/{}", workers.rounds.1, workers.rounds.0)}>
            { workers.text(finished) }
        </p>
    }
}

/// The tables line of [`status_view`].
fn tables_status(running: &Running) -> Html {
    let failed = download_failed_text(&running.download_failed, running.tables.ready(), false)
        // A space between the two texts for readers of the text (the line is a flex row).
        .map(|text| html! { <>{ " " }<span class="download-failed">{ text }</span></> });
    match &running.tables {
        Tables::Ready(info) => html! {
            <p id="pdb-status" class="pdb-status" role="status" data-source={info.source_name()}>
                <span>{ format!("{} {}.", capitalized(tables_name(running)), source_text(info)) }</span>
                { failed }
            </p>
        },
        Tables::Building(build) => {
            let percent = build.percent();
            let playable = !running.improved.is_empty();
            html! {
                <div id="pdb-status" class="pdb-status" role="status" data-source="building"
                    data-seconds-left={build.seconds_left().map(|s| format!("{s:.1}"))}>
                    <progress id="pdb-progress" max="100" value={percent.to_string()}></progress>
                    <span>{ build_text(tables_name(running), build, playable) }</span>
                    { failed }
                </div>
            }
        }
        Tables::Getting => html! {
            <p id="pdb-status" class="pdb-status" role="status" data-source="loading">
                <span>{ format!("Getting the {}: from this browser's cache, else a one-time download or build…", tables_name(running)) }</span>
                { failed }
            </p>
        },
    }
}

/// The one line of a build: what is made, that it is made once, its share done and the time
/// left at its pace so far, and whether an answer can be played meanwhile.
pub fn build_text(name: &str, build: &BuildProgress, playable: bool) -> String {
    let percent = build.percent();
    let left = match build.seconds_left() {
        None => "estimating the time left".to_string(),
        Some(s) if s < 10.0 => "a few seconds left".to_string(),
        Some(s) if s < 90.0 => format!("about {} s left", ((s / 5.0).ceil() * 5.0) as u32),
        Some(s) => format!("about {} min left", (s / 60.0).round() as u32),
    };
    let meanwhile = if playable {
        " You can play the first answer meanwhile."
    } else {
        ""
    };
    format!(
        "Preparing the {name} for this goal, once for this browser: {percent:.0}%, {left} \
         ({} of {} entries).{meanwhile}",
        count(build.filled),
        count(build.total),
    )
}

/// The extra lines of the result: the quality bound (staged) or the database's origin.
pub fn result_view(finished: Option<&HowSolved>, solution: &Solution) -> Html {
    let Some(finished) = finished else {
        return html! {};
    };
    let quality = finished
        .quality
        .as_ref()
        .filter(|_| solution.length().is_some());
    let failed = download_failed_text(&finished.download_failed, finished.tables.as_ref(), true);
    html! {
        <>
        if let Some(quality) = quality {
            <p id="quality" class="quality warn" data-lower-bound={quality.lower_bound.to_string()}>
                { format!(
                    "Near-optimal, not guaranteed shortest: {} moves; every solution needs at least {} (lower bound){}.",
                    solution.moves.len(),
                    quality.lower_bound,
                    quality.ratio.map(|r| format!(", so this one is at most {r}× the shortest")).unwrap_or_default(),
                ) }
            </p>
        }
        if let Some(info) = &finished.tables {
            <p id="pdb-source" class="pdb-source small-print muted" data-source={info.source_name()} data-ms={format!("{:.1}", info.ms())} data-bytes={info.bytes().to_string()}>
                { format!("{} {}.", if matches!(finished.method, Method::Anytime { .. }) { "Big-board tables" } else { "Pattern database" }, source_text(info)) }
                if let Some(failed) = failed.clone() {
                    { " " }<span class="download-failed">{ failed }</span>
                }
            </p>
        } else if let Some(failed) = failed {
            // Without the big-board tables: the line says which tables the answer went without.
            <p id="pdb-source" class="pdb-source small-print warn" data-source="none">{ failed }</p>
        }
        { workers_view(finished.workers.as_ref(), true) }
        </>
    }
}

#[cfg(test)]
mod tests;
