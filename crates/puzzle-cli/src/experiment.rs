//! `npuzzle experiment`: the textbook table of search costs (mean nodes generated and b* per
//! solution depth and method), run by the core's `run_experiment` with a progress bar.

use std::io::Write;
use std::ops::ControlFlow;
use std::process::ExitCode;

use anyhow::{anyhow, bail, Result};
use puzzle_core::experiment::{
    parse_method, run_experiment, split_methods, to_csv, to_text, Controls, ExperimentConfig,
};
use puzzle_core::{Method, TableKind, Tables};

use crate::args::ExperimentArgs;
use crate::input::goal_board;
use crate::pdb_store::PdbStore;

/// Runs `experiment` with `args`, writing the table to `out`.
pub fn run(args: &ExperimentArgs, out: &mut dyn Write) -> Result<ExitCode> {
    let goal = goal_board(&args.goal, args.size)?;
    let depths = parse_depths(&args.depths)?;
    let methods = split_methods(&args.methods)
        .into_iter()
        .map(parse_method)
        .collect::<Result<Vec<Method>, _>>()?;
    let config = ExperimentConfig {
        goal,
        depths,
        boards: args.boards,
        methods,
        budget: Some(args.budget),
        seed: args.seed,
        skip_after_budget: !args.no_skip,
    };
    // The cheap checks first, so a bad request never waits for a table build.
    config.check()?;
    let mut store = PdbStore::new(PdbStore::default_dir());
    let shape = config.goal.shape();
    let pdb = match config
        .methods
        .iter()
        .any(|m| m.needs(shape) == Some(TableKind::PatternDatabase))
    {
        true => Some(store.get(&config.goal)?.0),
        false => None,
    };
    let tables = Tables {
        pattern_db: pdb,
        ..Tables::default()
    };
    let total = config.depths.len() * config.boards * config.methods.len();
    let bar = crate::progress::bar(total as u64, "solves");
    let mut on_solve = |progress: &puzzle_core::experiment::ExperimentProgress| {
        bar.set_position(progress.done as u64);
        ControlFlow::Continue(())
    };
    let mut controls = Controls {
        on_solve: Some(&mut on_solve),
        ..Controls::default()
    };
    let experiment = run_experiment(&config, tables, &mut controls);
    bar.finish_and_clear();
    let experiment = experiment?;
    if args.json {
        writeln!(out, "{}", serde_json::to_string(&experiment)?)?;
    } else if args.csv {
        write!(out, "{}", to_csv(&experiment))?;
    } else {
        write!(out, "{}", to_text(&experiment))?;
        writeln!(out, "Ran in {:.1} s.", experiment.elapsed_ms / 1000.0)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Most rows a depth list may make (no board of up to 10 cells lies 1,000 moves from a goal;
/// the bound keeps `0..4000000000` from filling memory before the core refuses it).
const MAX_DEPTHS: usize = 1_000;

/// Reads depths: a comma list of numbers and ranges, a range being `a..b` (b included) or
/// `a..b:step`; e.g. `2..24:2`, `4..8`, `2,6,10`, `2..10:4,20`.
pub fn parse_depths(text: &str) -> Result<Vec<u32>> {
    let mut depths = Vec::new();
    for item in text.split(',').map(str::trim) {
        let quoted = puzzle_core::error::excerpt(item);
        if item.is_empty() {
            bail!(
                "empty depth in `{}`: give e.g. 2..24:2, 4..8 or 2,6,10",
                excerpt(text)
            );
        }
        let Some((from, rest)) = item.split_once("..") else {
            depths.push(number(item, text)?);
            continue;
        };
        let (to, step) = match rest.split_once(':') {
            Some((to, step)) => (to, number(step, text)?),
            None => (rest, 1),
        };
        let (from, to) = (number(from, text)?, number(to, text)?);
        if step == 0 {
            bail!("depth range `{quoted}` has step 0: give a step of at least 1");
        }
        if from > to {
            bail!("depth range `{quoted}` is reversed: write the smaller depth first");
        }
        let count = (to - from) / step + 1;
        if depths.len() + count as usize > MAX_DEPTHS {
            bail!(
                "depths `{}` make more than {MAX_DEPTHS} rows",
                excerpt(text)
            );
        }
        depths.extend((from..=to).step_by(step as usize));
    }
    Ok(depths)
}

/// A depth (or step) of a depth list.
fn number(word: &str, text: &str) -> Result<u32> {
    word.trim().parse::<u32>().map_err(|_| {
        anyhow!(
            "`{}` in depths `{}` is not a whole number: give e.g. 2..24:2, 4..8 or 2,6,10",
            excerpt(word),
            excerpt(text)
        )
    })
}

fn excerpt(text: &str) -> String {
    puzzle_core::error::excerpt(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_lists_and_ranges() {
        assert_eq!(
            parse_depths("2..24:2").unwrap(),
            (2..=24).step_by(2).collect::<Vec<_>>()
        );
        assert_eq!(parse_depths("4..7").unwrap(), vec![4, 5, 6, 7]);
        assert_eq!(parse_depths("2, 6,10").unwrap(), vec![2, 6, 10]);
        assert_eq!(parse_depths("2..10:4,20").unwrap(), vec![2, 6, 10, 20]);
        assert_eq!(parse_depths("5..5").unwrap(), vec![5]);
    }

    #[test]
    fn bad_depths_say_why() {
        for (text, why) in [
            ("24..2", "reversed"),
            ("2..24:0", "step 0"),
            ("", "empty depth"),
            ("2,,4", "empty depth"),
            ("two", "not a whole number"),
            ("2..x", "not a whole number"),
            ("-2..4", "not a whole number"),
            ("0..4000000000", "more than 1000 rows"),
        ] {
            let error = parse_depths(text).unwrap_err().to_string();
            assert!(error.contains(why), "{text}: {error}");
        }
    }
}
