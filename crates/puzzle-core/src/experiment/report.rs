//! The experiment's table as CSV (one line per depth and method, every figure) and as aligned
//! text in the textbook's layout (mean nodes generated and b* per method, a row per depth).

use std::fmt::Write;

use super::cell::{Cell, CellStatus};
use super::methods::method_key;
use super::runner::Experiment;

/// The CSV header [`to_csv`] writes.
pub const CSV_HEADER: &str = "depth,available,method,label,status,runs,solved,budget_hits,\
not_found,mean_generated,median_generated,mean_expanded,median_expanded,mean_ms,mean_length,\
branching_factor,mean_excess";

/// The table as CSV: [`CSV_HEADER`], then a line per depth and method; figures a cell lacks
/// (skipped, or no solve finished) are empty.
pub fn to_csv(experiment: &Experiment) -> String {
    let mut out = String::new();
    out.push_str(CSV_HEADER);
    out.push('\n');
    for row in &experiment.rows {
        for (method, cell) in experiment.config.methods.iter().zip(&row.cells) {
            let figures = [
                cell.mean_generated,
                cell.median_generated,
                cell.mean_expanded,
                cell.median_expanded,
                cell.mean_ms,
                cell.mean_length,
                cell.branching_factor,
                cell.mean_excess,
            ]
            .map(|figure| figure.map_or(String::new(), |v| format!("{v:.6}")))
            .join(",");
            let _ = writeln!(
                out,
                "{},{},{},{},{},{},{},{},{},{figures}",
                row.depth,
                row.available,
                csv_field(&method_key(method)),
                csv_field(&method.short_label()),
                cell.status.name(),
                cell.runs,
                cell.solved,
                cell.budget_hits,
                cell.not_found,
            );
        }
    }
    out
}

/// The table as aligned text: per method the mean nodes generated and b* (and the mean
/// excess length, moves beyond the depth, for methods that are not optimal), `*` on flagged cells with a note below
/// saying how many solves each left out, `skipped` where the method was not run.
pub fn to_text(experiment: &Experiment) -> String {
    let config = &experiment.config;
    let mut header = vec!["depth".to_string()];
    for method in &config.methods {
        header.push(method.short_label());
        header.push("b*".to_string());
        if !method.is_optimal() {
            header.push("excess".to_string());
        }
    }
    let mut lines = vec![header];
    let mut notes = Vec::new();
    for row in &experiment.rows {
        let mut line = vec![row.depth.to_string()];
        for (method, cell) in config.methods.iter().zip(&row.cells) {
            line.extend(text_cell(cell, method.is_optimal()));
            if cell.is_flagged() {
                notes.push(flag_note(&method.short_label(), row.depth, cell));
            }
        }
        lines.push(line);
    }
    let mut widths = vec![0; lines[0].len()];
    for line in &lines {
        for (width, text) in widths.iter_mut().zip(line) {
            *width = (*width).max(text.chars().count());
        }
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Search costs by solution depth: {} boards a depth (seed {}), goal {}, budget {} nodes expanded a solve.",
        config.boards,
        config.seed,
        experiment.config.goal,
        config
            .budget
            .map_or("none".to_string(), |b| thousands(b as f64)),
    );
    out.push_str("Mean nodes generated and b*, over the solves that finished.\n");
    for line in lines {
        let cells: Vec<String> = line
            .iter()
            .zip(&widths)
            .map(|(text, &width)| format!("{text:>width$}"))
            .collect();
        let _ = writeln!(out, "{}", cells.join("  ").trim_end());
    }
    if experiment.rows.iter().any(|row| {
        row.cells
            .iter()
            .any(|cell| cell.status == CellStatus::Skipped)
    }) {
        out.push_str("skipped: the method hit the budget at a smaller depth.\n");
    }
    for note in notes {
        let _ = writeln!(out, "{note}");
    }
    for row in experiment
        .rows
        .iter()
        .filter(|row| row.boards < config.boards)
    {
        let _ = writeln!(
            out,
            "depth {}: only {} distinct board{} at this depth, each measured once.",
            row.depth,
            row.boards,
            if row.boards == 1 { "" } else { "s" }
        );
    }
    if experiment.cancelled {
        out.push_str("Cancelled: the rows above are the depths finished.\n");
    }
    out
}

/// The note under the table for a flagged cell.
fn flag_note(label: &str, depth: u32, cell: &Cell) -> String {
    let why = if cell.not_found == 0 {
        "hit the budget"
    } else {
        "hit the budget or found nothing"
    };
    let rest = match cell.solved {
        0 => ", so there are no figures".to_string(),
        solved => format!("; the figures are over the other {solved}"),
    };
    format!(
        "* {label} at depth {depth}: {} of {} solves {why}{rest}",
        cell.runs - cell.solved,
        cell.runs,
    )
}

/// A cell's columns: nodes (with `*` when flagged), b*, and the excess length when not
/// optimal.
fn text_cell(cell: &Cell, optimal: bool) -> Vec<String> {
    let (nodes, b, excess) = match cell.status {
        CellStatus::Skipped => ("skipped".to_string(), String::new(), String::new()),
        _ => (
            cell.mean_generated.map_or("-".to_string(), thousands)
                + if cell.is_flagged() { "*" } else { "" },
            cell.branching_factor
                .map_or("-".to_string(), |b| format!("{b:.2}")),
            cell.mean_excess
                .map_or("-".to_string(), |e| format!("+{e:.1}")),
        ),
    };
    if optimal {
        vec![nodes, b]
    } else {
        vec![nodes, b, excess]
    }
}

/// `text` as one CSV field: quoted (quotes doubled) when it holds a comma, a quote or a line
/// break, as a formula's name can.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// `value` rounded, with a comma every three digits: `1,234,567`.
fn thousands(value: f64) -> String {
    let digits = format!("{:.0}", value.max(0.0));
    let mut out = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_are_grouped() {
        assert_eq!(thousands(0.0), "0");
        assert_eq!(thousands(999.4), "999");
        assert_eq!(thousands(1000.0), "1,000");
        assert_eq!(thousands(1_234_567.0), "1,234,567");
    }
}
