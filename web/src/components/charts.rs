//! Charts drawn as inline SVG (readable at any zoom, testable in the DOM): the race's nodes
//! expanded per method and a run's nodes expanded per depth, both on a logarithmic scale.

use std::rc::Rc;

use puzzle_core::{Algorithm, Solution, SolveOutcome};
use yew::prelude::*;

use crate::components::term::{glossary, Term};
use crate::format::count;
use crate::race::Race;

/// Position of `value` on a log scale from 1 to `max`, between 0 and 1.
pub fn log_fraction(value: u64, max: u64) -> f64 {
    if value == 0 {
        return 0.0;
    }
    // Half a decade below 1, so that a single node still shows as a bar.
    let top = (max.max(10) as f64).log10() + 0.3;
    (((value as f64).log10() + 0.3) / top).clamp(0.0, 1.0)
}

/// `1`, `10`, `100`, `1k`, ... `1M`.
fn power_label(power: u32) -> String {
    match power {
        0..=2 => 10u64.pow(power).to_string(),
        3..=5 => format!("{}k", 10u64.pow(power - 3)),
        _ => format!("{}M", 10u64.pow(power - 6)),
    }
}

/// Props of the race chart.
#[derive(Properties, PartialEq)]
pub struct RaceChartProps {
    /// The race to draw.
    pub race: Race,
}

/// One horizontal bar per method: nodes expanded, log scale.
#[function_component(RaceChart)]
pub fn race_chart(props: &RaceChartProps) -> Html {
    let race = &props.race;
    let (label_w, bar_w, row_h, top) = (150.0, 230.0, 26.0, 22.0);
    let expanded = |i: usize| {
        let entry = &race.entries[i];
        entry
            .solution()
            .map(|s| s.stats.expanded)
            .or_else(|| entry.progress.as_ref().map(|p| p.expanded))
            .unwrap_or(0)
    };
    let max = (0..race.entries.len())
        .map(expanded)
        .max()
        .unwrap_or(0)
        .max(10);
    let powers = (max as f64).log10().ceil() as u32;
    let height = top + row_h * race.entries.len() as f64 + 6.0;
    let grid = (0..=powers).map(|p| {
        let x = label_w + bar_w * log_fraction(10u64.pow(p), 10u64.pow(powers));
        html! {
            <g class="tick">
                <line x1={x.to_string()} x2={x.to_string()} y1={(top - 4.0).to_string()} y2={(height - 4.0).to_string()} />
                <text x={x.to_string()} y={(top - 8.0).to_string()} text-anchor="middle">{ power_label(p) }</text>
            </g>
        }
    });
    let bars = race.entries.iter().enumerate().map(|(i, entry)| {
        let y = top + row_h * i as f64;
        let value = expanded(i);
        let w = bar_w * log_fraction(value, 10u64.pow(powers));
        let (class, note) = match entry.solution().map(|s| s.outcome) {
            Some(SolveOutcome::Solved) if entry.solution().is_some_and(|s| s.is_optimal()) => {
                ("bar optimal", String::new())
            }
            Some(SolveOutcome::Solved) => ("bar suboptimal", String::new()),
            Some(SolveOutcome::BudgetExhausted) => ("bar budget", " · budget hit".to_string()),
            Some(_) => ("bar stopped", " · stopped".to_string()),
            None if entry.answer.is_some() => ("bar stopped", " · failed".to_string()),
            None => ("bar pending", String::new()),
        };
        let label = entry.label();
        html! {
            <g>
                <text class="label" x={(label_w - 6.0).to_string()} y={(y + 16.0).to_string()} text-anchor="end">{ label.clone() }</text>
                <rect class={class} x={label_w.to_string()} y={(y + 4.0).to_string()} width={format!("{w:.1}")} height="17" rx="3"
                    data-method={label} data-expanded={value.to_string()}>
                    <title>{ format!("{} nodes expanded{note}", count(value)) }</title>
                </rect>
                <text class="value" x={(label_w + w + 5.0).to_string()} y={(y + 16.0).to_string()}>
                    { if entry.answer.is_some() || value > 0 { format!("{}{note}", count(value)) } else { String::new() } }
                </text>
            </g>
        }
    });
    html! {
        <figure class="chart">
            <svg id="race-chart" viewBox={format!("0 0 520 {height}")} role="img"
                aria-label="Nodes expanded by each method, logarithmic scale">
                { for grid }
                { for bars }
            </svg>
            <figcaption>{ "Nodes expanded (log scale: each grid line is ten times the last). Green: shortest guaranteed; blue: not guaranteed; orange: stopped at the node budget." }</figcaption>
        </figure>
    }
}

/// Props of the depth chart: the last finished run only.
#[derive(Properties, PartialEq)]
pub struct DepthChartProps {
    /// The answer whose search is drawn.
    pub solution: Option<Rc<Solution>>,
}

/// Nodes expanded per depth of the last finished run (and the bounds of its iterations).
#[function_component(DepthChart)]
pub fn depth_chart(props: &DepthChartProps) -> Html {
    let Some(solution) = props.solution.as_deref() else {
        return html! {};
    };
    let by_depth = &solution.stats.expanded_by_depth;
    if by_depth.is_empty() {
        return html! {};
    }
    let (left, width, top, plot_h) = (40.0, 430.0, 10.0, 130.0);
    let max = by_depth.iter().copied().max().unwrap_or(1).max(10);
    let powers = (max as f64).log10().ceil() as u32;
    let n = by_depth.len() as f64;
    let slot = width / n;
    let bottom = top + plot_h;
    let grid = (0..=powers).map(|p| {
        let y = bottom - plot_h * log_fraction(10u64.pow(p), 10u64.pow(powers));
        html! {
            <g class="tick">
                <line x1={left.to_string()} x2={(left + width).to_string()} y1={y.to_string()} y2={y.to_string()} />
                <text x={(left - 4.0).to_string()} y={(y + 4.0).to_string()} text-anchor="end">{ power_label(p) }</text>
            </g>
        }
    });
    let step = (by_depth.len() / 12).max(1);
    let bars = by_depth.iter().enumerate().map(|(depth, &value)| {
        let h = plot_h * log_fraction(value, 10u64.pow(powers));
        let x = left + slot * depth as f64 + slot * 0.12;
        html! {
            <g>
                <rect class="depth-bar" x={format!("{x:.1}")} y={format!("{:.1}", bottom - h)}
                    width={format!("{:.1}", slot * 0.76)} height={format!("{h:.1}")}
                    data-depth={depth.to_string()} data-count={value.to_string()}>
                    <title>{ format!("depth {depth}: {} nodes expanded", count(value)) }</title>
                </rect>
                if depth % step == 0 {
                    <text class="axis" x={format!("{:.1}", x + slot * 0.38)} y={(bottom + 14.0).to_string()} text-anchor="middle">{ depth }</text>
                }
            </g>
        }
    });
    let kind = if matches!(
        solution.method.algorithm(),
        Algorithm::IdaStar | Algorithm::Iddfs
    ) {
        "all iterations together"
    } else {
        "each board counted once"
    };
    let bounds = &solution.stats.iteration_bounds;
    html! {
        <section class="panel" aria-labelledby="depth-title" id="search-chart">
            <h2 id="depth-title">{ "The search, depth by depth" }</h2>
            <figure class="chart">
                <svg id="depth-chart" viewBox="0 0 480 176" role="img"
                    aria-label="Nodes expanded at each depth, logarithmic scale">
                    { for grid }
                    { for bars }
                    <text class="axis" x={(left + width).to_string()} y="173" text-anchor="end">{ "depth (moves from the start)" }</text>
                </svg>
                <figcaption>{ format!("Nodes expanded at each depth, log scale ({kind}). Blind search grows about threefold per move; a good heuristic keeps the bars flat.") }</figcaption>
            </figure>
            if !bounds.is_empty() {
                <p id="iterations" class="muted" data-count={bounds.len().to_string()}>
                    { format!("{} iterations, {} bounds: ", bounds.len(), if solution.method.algorithm() == Algorithm::IdaStar { "f" } else { "depth" }) }
                    { bounds.iter().map(|b| format!("{b}")).collect::<Vec<_>>().join(" → ") }
                    { " " }<Term word="what are these?" text={glossary::ITERATIONS} />
                </p>
            }
        </section>
    }
}
