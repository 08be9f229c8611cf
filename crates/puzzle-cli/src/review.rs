//! `npuzzle review`: a game played by hand looked back on (`puzzle_core::review`), with the
//! distances from the exact table (up to 10 cells), the pattern databases (up to 16) or bounds.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use puzzle_core::analysis::{DistanceTable, MAX_TABLE_CELLS};
use puzzle_core::review::{
    review_with_progress, BoundsOracle, Distance, PdbOracle, Review, Step, TableOracle,
};
use puzzle_core::{format_moves, parse_moves, Board};
use serde::Serialize;

use crate::args::ReviewArgs;
use crate::input::{board_text, goal_board, one_line};
use crate::pdb_store::PdbStore;
use crate::progress::bar;

/// Runs `review` with `args`, writing the review to `out`.
pub fn run(args: &ReviewArgs, out: &mut dyn Write) -> Result<ExitCode> {
    let start = Board::parse(&board_text(&args.board)?, args.size)?;
    let goal = goal_board(&args.goal, start.shape())?;
    let moves = parse_moves(&args.moves)?;
    let progress = bar(moves.len() as u64 + 1, "positions");
    let mut tell = |done: usize, _| progress.set_position(done as u64);
    let cells = goal.cells().len();
    let reviewed = if cells <= MAX_TABLE_CELLS {
        let table = DistanceTable::build(&goal)?;
        review_with_progress(&start, &goal, &moves, &mut TableOracle(&table), &mut tell)
    } else if cells <= 16 {
        let mut store = PdbStore::new(PdbStore::default_dir());
        let (pdb, _) = store.get(&goal)?;
        let mut oracle = PdbOracle::new(&goal, pdb);
        review_with_progress(&start, &goal, &moves, &mut oracle, &mut tell)
    } else {
        let mut bounded = BoundsOracle::new(&goal);
        review_with_progress(&start, &goal, &moves, &mut bounded, &mut tell)
    }?;
    progress.finish_and_clear();
    if args.json {
        let json = ReviewJson::new(&start, &goal, &reviewed);
        writeln!(out, "{}", serde_json::to_string(&json)?)?;
    } else {
        write!(out, "{}", text(&reviewed))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// "21", or "30 to 41" for bounds.
fn distance_text(distance: Distance) -> String {
    match distance {
        Distance::Exact { moves } => moves.to_string(),
        Distance::Between { lower, upper } => format!("{lower} to {upper}"),
    }
}

/// "1 move", "21 moves", "30 to 41 moves".
fn moves_text(distance: Distance) -> String {
    match distance {
        Distance::Exact { moves: 1 } => "1 move".to_string(),
        other => format!("{} moves", distance_text(other)),
    }
}

/// The table of moves and distances, then the summary.
fn text(r: &Review) -> String {
    let steps = r.steps();
    let mut out = format!(
        "  move  played  distance\n     0  start   {:>8}\n",
        distance_text(r.distances[0])
    );
    for (i, (&direction, step)) in r.moves.iter().zip(&steps).enumerate() {
        let mark = match step {
            Step::Closer => "closer",
            Step::Farther => "farther",
            Step::Unknown => "",
        };
        out.push_str(&format!(
            "  {:>4}  {:<6}  {:>8}  {mark}\n",
            i + 1,
            direction.to_string(),
            distance_text(r.distances[i + 1])
        ));
    }
    let end = if r.reached_goal() {
        "you reached the goal".to_string()
    } else {
        format!(
            "the game ended {} from the goal",
            moves_text(*r.distances.last().expect("the start at least"))
        )
    };
    out.push_str(&format!(
        "\n{} played, {} of them took you farther from the goal; the shortest from the start is {}; {end}.\n",
        moves_text(Distance::Exact { moves: r.moves.len() as u32 }),
        r.farther(),
        moves_text(r.shortest_from_start())
    ));
    out
}

/// The JSON form of a review.
#[derive(Serialize)]
struct ReviewJson<'a> {
    board: String,
    goal: String,
    moves: String,
    /// At the start, then after each move.
    distances: &'a [Distance],
    /// What each move did.
    steps: Vec<Step>,
    farther: usize,
    shortest_from_start: Distance,
    reached_goal: bool,
}

impl<'a> ReviewJson<'a> {
    fn new(start: &Board, goal: &Board, r: &'a Review) -> Self {
        ReviewJson {
            board: one_line(start),
            goal: one_line(goal),
            moves: format_moves(&r.moves),
            distances: &r.distances,
            steps: r.steps(),
            farther: r.farther(),
            shortest_from_start: r.shortest_from_start(),
            reached_goal: r.reached_goal(),
        }
    }
}
