//! `npuzzle trace`: every step of a generic search, as CSV or JSON lines.

use std::io::Write;
use std::process::ExitCode;

use anyhow::{bail, Result};
use puzzle_core::trace::{solve_formula_traced, solve_traced, to_csv, TraceEvent};
use puzzle_core::{Board, Limits, Method, Solution, SolveOutcome};

use crate::args::TraceArgs;
use crate::input::{board_text, goal_board};

/// Runs `trace` with `args`, writing the events to `out`.
pub fn run(args: &TraceArgs, out: &mut dyn Write) -> Result<ExitCode> {
    let board = Board::parse(&board_text(&args.board)?, args.size)?;
    let goal = goal_board(&args.goal, board.shape())?;
    let mut method = args.algorithm.clone();
    if let Some(guidance) = &args.heuristic {
        method = method.guided_by(guidance.clone());
    }
    if let Some(depth) = args.depth_limit {
        method = method.with_depth_limit(depth);
    }
    let mut events = Vec::new();
    let mut limits = Limits::with_budget(args.max_nodes);
    if let Method::Formula { algorithm, formula } = &method {
        let solution =
            solve_formula_traced(&board, &goal, *algorithm, formula, &mut limits, &mut |e| {
                events.push(e)
            })?;
        return finish(args, &method, &events, &solution, out);
    }
    let Some(config) = method.search_config() else {
        bail!(
            "`{}` cannot be traced: trace works with bfs, dfs, iddfs, greedy, astar and idastar",
            method.name()
        );
    };
    let solution = solve_traced(&board, &goal, config, &mut limits, &mut |e| events.push(e))?;
    finish(args, &method, &events, &solution, out)
}

/// Writes the events of a traced solve, and its outcome to stderr.
fn finish(
    args: &TraceArgs,
    method: &Method,
    events: &[TraceEvent],
    solution: &Solution,
    out: &mut dyn Write,
) -> Result<ExitCode> {
    if args.json {
        for event in events {
            writeln!(out, "{}", serde_json::to_string(&EventJson::from(event))?)?;
        }
    } else {
        write!(out, "{}", to_csv(events))?;
    }
    let outcome = solution.outcome;
    eprintln!(
        "{}: {} after {} expansions{}",
        method.label(),
        outcome.name(),
        solution.stats.expanded,
        solution
            .length()
            .map(|n| format!(", {n} moves"))
            .unwrap_or_default()
    );
    Ok(match outcome {
        SolveOutcome::Solved | SolveOutcome::Unsolvable => ExitCode::SUCCESS,
        _ => ExitCode::from(1),
    })
}

/// One event as a JSON line.
#[derive(serde::Serialize)]
struct EventJson {
    action: &'static str,
    board: Option<String>,
    g: Option<u32>,
    h: Option<u32>,
    fate: Option<&'static str>,
    open: Option<usize>,
    closed: Option<usize>,
    bound: Option<u32>,
}

impl From<&TraceEvent> for EventJson {
    fn from(event: &TraceEvent) -> Self {
        let mut json = EventJson {
            action: "",
            board: None,
            g: None,
            h: None,
            fate: None,
            open: None,
            closed: None,
            bound: None,
        };
        match event {
            TraceEvent::Iteration { bound } => {
                json.action = "iteration";
                json.bound = Some(*bound);
            }
            TraceEvent::Expand {
                board,
                g,
                h,
                open,
                closed,
            } => {
                json.action = "expand";
                json.board = Some(board.to_flat());
                (json.g, json.h, json.open, json.closed) =
                    (Some(*g), Some(*h), *open, Some(*closed));
            }
            TraceEvent::Generated { board, g, h, fate } => {
                json.action = "generate";
                json.board = Some(board.to_flat());
                (json.g, json.h) = (Some(*g), Some(*h));
                json.fate = Some(puzzle_core::trace::fate_name(*fate));
            }
            TraceEvent::Goal { board, g } => {
                json.action = "goal";
                json.board = Some(board.to_flat());
                json.g = Some(*g);
            }
        }
        json
    }
}
