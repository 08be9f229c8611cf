//! `npuzzle heuristic check`: the exact verdicts on an estimate written as a formula
//! (`puzzle_core::formula`), over every board of a size of at most 10 cells.

use std::io::Write;
use std::process::ExitCode;

use anyhow::{anyhow, bail, Result};
use indicatif::ProgressBar;
use puzzle_core::analysis::MAX_TABLE_CELLS;
use puzzle_core::formula::check::{check_goal, check_known, Verdicts};
use puzzle_core::formula::{Estimate, Formula, FormulaError};
use puzzle_core::known::known_boards;
use puzzle_core::Board;
use serde::Serialize;

use crate::args::HeuristicCheckArgs;
use crate::input::{goal_board, one_line};
use crate::pdb_store::PdbStore;
use crate::progress::bar;

/// Runs `heuristic check` with `args`, writing the verdicts to `out`.
pub fn run(args: &HeuristicCheckArgs, out: &mut dyn Write) -> Result<ExitCode> {
    let goal = goal_board(&args.goal, args.size)?;
    let formula: Formula = args
        .formula
        .parse()
        .map_err(|e| pointed(&args.formula, &e))?;
    let estimate = formula
        .bind(&goal)
        .map_err(|e| pointed(&args.formula, &e))?;
    let verdicts = if goal.cells().len() <= MAX_TABLE_CELLS {
        let progress = bar(0, "boards");
        let verdicts = check_goal(&estimate, &goal, &mut tell(&progress))?;
        progress.finish_and_clear();
        verdicts
    } else {
        sampled(args, &goal, &estimate)?
    }
    .expect("never cancelled");
    if args.json {
        let json = CheckJson::new(&formula, args, &verdicts);
        writeln!(out, "{}", serde_json::to_string(&json)?)?;
    } else {
        write_text(out, &formula, args, &verdicts)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The progress callback of a check drawing on `bar`.
fn tell(bar: &ProgressBar) -> impl FnMut(usize, usize) -> bool + '_ {
    |done, total| {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
        true
    }
}

/// The verdicts over boards of known distance, on a board too large for an exact check: the
/// published ones and `args.solve` solved now with the pattern databases.
fn sampled(
    args: &HeuristicCheckArgs,
    goal: &Board,
    estimate: &Estimate,
) -> Result<Option<Verdicts>> {
    if goal.cells().len() > 16 {
        bail!(
            "a check takes boards of up to 16 cells (every board up to {MAX_TABLE_CELLS}, a sample above); {} has {}",
            args.size,
            goal.cells().len()
        );
    }
    let mut store = PdbStore::new(PdbStore::default_dir());
    let pdb = if args.solve > 0 {
        Some(store.get(goal)?.0)
    } else {
        None
    };
    let progress = bar(args.solve as u64, "boards solved");
    let known = known_boards(goal, pdb, args.solve, args.seed, &mut tell(&progress));
    progress.finish_and_clear();
    let known = known.expect("never cancelled");
    if known.is_empty() {
        bail!("no board of known distance to check on: ask for some with --solve N");
    }
    Ok(check_known(estimate, goal, &known, &mut |_, _| true))
}

/// The formula, a caret under the column the error points at, and the error.
fn pointed(text: &str, error: &FormulaError) -> anyhow::Error {
    let shown: String = text.chars().take(200).collect();
    let caret = format!("{}^", " ".repeat(error.column.saturating_sub(1).min(200)));
    anyhow!("the formula does not read:\n  {shown}\n  {caret}\n{error}")
}

fn write_text(
    out: &mut dyn Write,
    formula: &Formula,
    args: &HeuristicCheckArgs,
    v: &Verdicts,
) -> Result<()> {
    if v.exact {
        writeln!(out, "{formula} on {}, goal {}: every one of the {} boards that reach the goal, against its exact distance.", args.size, args.goal, v.boards)?;
    } else {
        writeln!(out, "{formula} on {}, goal {}: checked on {} boards whose fewest moves are known, not proven (a board of {} cells has too many to check them all).", args.size, args.goal, v.boards, args.size.cells())?;
    }
    if v.admissible() && !v.exact {
        writeln!(
            out,
            "admissible on these boards: never above the fewest moves (not proven for every board)"
        )?;
    } else if v.admissible() {
        writeln!(
            out,
            "admissible: yes, never above the fewest moves (its A* answers are the shortest)"
        )?;
    } else {
        writeln!(
            out,
            "admissible: no, above the fewest moves on {} boards ({:.2} %), by up to {} moves; for example:",
            v.overestimated,
            100.0 * v.overestimated as f64 / v.boards as f64,
            v.largest_overestimate
        )?;
        for e in v.examples.iter().take(3) {
            writeln!(
                out,
                "  {}  estimate {}, fewest moves {}",
                one_line(&e.board),
                e.estimate,
                e.distance
            )?;
        }
    }
    if v.consistent() && !v.exact {
        writeln!(
            out,
            "consistent on these boards: no move from them changes it by more than one"
        )?;
    } else if v.consistent() {
        writeln!(out, "consistent: yes, no move changes it by more than one")?;
    } else {
        writeln!(
            out,
            "consistent: no, {} moves change it by more than one",
            v.inconsistent_moves
        )?;
    }
    writeln!(
        out,
        "informed: mean estimate {:.3} against the mean distance {:.3} ({:.1} %)",
        v.mean_estimate,
        v.mean_distance,
        100.0 * v.mean_estimate / v.mean_distance
    )?;
    for a in &v.against {
        writeln!(
            out,
            "  against {}: {} (higher on {} boards, lower on {})",
            a.kind,
            a.verdict(),
            a.higher,
            a.lower
        )?;
    }
    Ok(())
}

/// The JSON form of the verdicts.
#[derive(Serialize)]
struct CheckJson<'a> {
    formula: &'a str,
    size: String,
    goal: &'a str,
    boards: usize,
    /// Whether `boards` is every board (the verdicts proven) or a sample.
    exact: bool,
    admissible: bool,
    overestimated: usize,
    largest_overestimate: u32,
    examples: Vec<ExampleJson>,
    consistent: bool,
    inconsistent_moves: usize,
    mean_estimate: f64,
    mean_distance: f64,
    against: Vec<AgainstJson>,
    /// `[h - h*, boards]` from the lowest difference up.
    differences: &'a [(i64, usize)],
}

#[derive(Serialize)]
struct ExampleJson {
    board: String,
    estimate: u32,
    distance: u32,
}

#[derive(Serialize)]
struct AgainstJson {
    heuristic: String,
    verdict: &'static str,
    higher: usize,
    lower: usize,
}

impl<'a> CheckJson<'a> {
    fn new(formula: &'a Formula, args: &'a HeuristicCheckArgs, v: &'a Verdicts) -> Self {
        CheckJson {
            formula: formula.text(),
            size: args.size.to_string(),
            goal: &args.goal,
            boards: v.boards,
            exact: v.exact,
            admissible: v.admissible(),
            overestimated: v.overestimated,
            largest_overestimate: v.largest_overestimate,
            examples: v
                .examples
                .iter()
                .map(|e| ExampleJson {
                    board: one_line(&e.board),
                    estimate: e.estimate,
                    distance: e.distance,
                })
                .collect(),
            consistent: v.consistent(),
            inconsistent_moves: v.inconsistent_moves,
            mean_estimate: v.mean_estimate,
            mean_distance: v.mean_distance,
            against: v
                .against
                .iter()
                .map(|a| AgainstJson {
                    heuristic: a.kind.to_string(),
                    verdict: a.verdict(),
                    higher: a.higher,
                    lower: a.lower,
                })
                .collect(),
            differences: &v.differences,
        }
    }
}
