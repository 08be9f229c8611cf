//! The command-line surface, declared with clap's derive API.

use std::path::PathBuf;

use clap::{ArgGroup, Args, Parser, Subcommand, ValueEnum};
use puzzle_core::{Guidance, Shape};

const ABOUT: &str =
    "Solve, generate and check sliding-tile puzzles (8-puzzle, 15-puzzle, any WxH board \
from 2x2 to 16x16) with BFS, DFS, IDDFS, greedy best-first, A* or IDA*.";

const LONG_ABOUT: &str = "\
Solve, generate and check sliding-tile puzzles (8-puzzle, 15-puzzle, any WxH board from 2x2 to \
16x16) with BFS, DFS, IDDFS, greedy best-first, A* or IDA*.

Boards are tile numbers row by row, 0 for the blank: `6 1 7 3 0 4 5 8 2`. Commas may separate \
numbers and `/` rows (`1 2 3 / 4 5 0`). A non-square one-line board needs --size WxH. Files use the \
n-puzzle format: `#` starts a comment, then a line with the size N (or WxH), then the rows. `-` \
reads the board from standard input.

Moves are named by the direction the blank moves: U, D, L, R.

Goals: standard (1 2 ... n-1, blank last), blank-first (0 1 2 ...), snail (the clockwise spiral), \
or the goal's own tile numbers.

Exit codes: 0 = answered (solved, or proved unsolvable by parity); 1 = a single solve stopped \
without an answer (budget exhausted, or not found within the depth limit); 2 = malformed input or \
usage error, with the reason on stderr.";

const MAIN_EXAMPLES: &str = "\
Synopsis:
  npuzzle solve [BOARD] [--file F] [--size WxH] [--goal standard|blank-first|snail|\"<cells>\"]
                [--algorithm bfs|dfs|iddfs|greedy|astar|idastar|pdb|staged|anytime]
                [--time-limit SECONDS] [--threads N]
                [--heuristic misplaced|manhattan|linear-conflict|FORMULA]
                [--depth-limit N] [--max-nodes N] [--json]
  npuzzle solve --batch FILE [same options]     # one board a line, '#' comments
  npuzzle generate --size WxH [--walk N | --random] [--unsolvable] [--seed S] [--count K]
                   [--goal ...] [--format auto|flat|line|npuzzle]
  npuzzle check BOARD [--size WxH] [--goal ...] [--json]
  npuzzle experiment [--size WxH] [--depths 2..24:2] [--boards 100] [--methods LIST]
                     [--budget N] [--seed S] [--goal ...] [--no-skip] [--csv|--json]

JSON (--json), one object a line: board, goal, solvable, outcome (solved, unsolvable,
budget-exhausted, not-found), length and moves (null unless solved), expanded, generated,
max_frontier, elapsed_ms, algorithm, heuristic (null for blind methods), optimal, explanation.
Run `npuzzle help <COMMAND>` for each command's options.

Examples:
  npuzzle solve 6 1 7 3 0 4 5 8 2 --goal snail
  npuzzle solve \"8 6 7 2 5 4 3 0 1\" --algorithm idastar --heuristic manhattan --json
  npuzzle solve --file puzzle.txt
  npuzzle solve --batch boards.txt --json
  npuzzle generate --size 4x4 --walk 40 --seed 7 --count 5
  npuzzle check 1 2 3 4 5 6 8 7 0
  npuzzle experiment --depths 2..20:2 --boards 50 --csv";

const SOLVE_EXAMPLES: &str = "\
Examples:
  npuzzle solve 6 1 7 3 0 4 5 8 2 --goal snail
  npuzzle solve \"1 2 3 / 4 0 5\"                    # a 3x2 board, rows split by /
  npuzzle solve 1 2 3 4 0 5 --size 3x2
  npuzzle solve 8 6 7 2 5 4 3 0 1 -a astar -H manhattan --json
  npuzzle solve 5 1 2 3 0 6 7 4 9 10 11 8 13 14 15 12 -a bfs --max-nodes 100000
  npuzzle solve --file puzzle.txt                  # n-puzzle format, `#` comments
  echo \"8 1 3 4 0 2 7 6 5\" | npuzzle solve -
  npuzzle solve --batch boards.txt --json          # one board a line, one result a line
  npuzzle solve 14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3 --goal blank-first   # pdb, 57 moves
  npuzzle generate --size 6 --seed 3 | npuzzle solve - -a staged
  npuzzle solve 5 1 2 3 0 6 7 4 9 10 11 8 13 14 15 12 -a method --explain   # as people do it

Defaults: A* with linear conflict up to 12 cells; IDA* over pattern databases (optimal) up to
16 cells (the 4x4 databases take seconds to build once, then load from the cache folder);
the staged near-optimal method above (its report gives a lower bound and the ratio to it).
Unsolvable boards are answered at once from parity, without search.
Single board: exit 0 when solved or unsolvable, 1 when stopped without an answer, 2 on bad input.
Batch: exit 0 when every line was read (whatever the outcomes), 2 if a line was malformed.";

const GENERATE_EXAMPLES: &str = "\
Examples:
  npuzzle generate --size 3x3                      # one uniformly random solvable board
  npuzzle generate --size 4 --walk 30 --seed 42 --count 10
  npuzzle generate --size 3x2 --unsolvable --seed 1
  npuzzle generate --size 4x4 --format npuzzle > puzzle.txt

The same --seed (with the same other options) always prints the same boards.";

const CHECK_EXAMPLES: &str = "\
Examples:
  npuzzle check 1 2 3 4 5 6 8 7 0
  npuzzle check 6 1 7 3 0 4 5 8 2 --goal snail --json
  npuzzle check \"1 2 3 / 5 4 0\"

Exit code 0 whether the board is solvable or not; 2 on bad input.";

const HEURISTIC_EXAMPLES: &str = "\
Examples:
  npuzzle heuristic check 'manhattan + conflicts'
  npuzzle heuristic check '2 * manhattan' --goal snail --json
  npuzzle heuristic check 'max(manhattan, misplaced) + last_move' --size 2x5
  npuzzle heuristic check 'pdb(1,2,3,4) + pdb(5,6,7,8)'
  npuzzle heuristic check 'manhattan + conflicts + corner' --size 4x4 --solve 200

A formula names the estimates misplaced, manhattan, conflicts, linear_conflict,
blank_distance, corner and last_move, per tile dist(T), row(T) and col(T), and the pattern
table of some tiles, pdb(1,2,3): the fewest moves of those tiles that bring them home (tables
of disjoint tiles add up; at most 6 tiles on a 4x4, built when the formula is used). It may use
numbers, + - * /, comparisons, max, min, abs, floor, ceil and if(c, a, b). Its value is
rounded up to a whole move; a negative one counts as 0, a division by zero gives 0.
Up to 10 cells every board is checked against its exact distance (proven); from 11 to 16
cells, a sample of boards whose fewest moves are known (checked on them, not proven).
Exit code 0 whatever the verdicts; 2 on a formula that does not read.";

/// `npuzzle`: the command line.
#[derive(Debug, Parser)]
#[command(
    name = "npuzzle",
    version,
    about = ABOUT,
    long_about = LONG_ABOUT,
    after_help = MAIN_EXAMPLES,
    propagate_version = true
)]
pub struct Cli {
    /// The subcommand to run.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve a board (or every board of a batch file) and print the moves and statistics.
    #[command(after_help = SOLVE_EXAMPLES)]
    Solve(SolveArgs),
    /// Print random boards: uniform or a random walk, solvable or not, reproducible with --seed.
    #[command(after_help = GENERATE_EXAMPLES)]
    Generate(GenerateArgs),
    /// Tell whether a board can reach the goal, and why (permutation parity; no search).
    #[command(after_help = CHECK_EXAMPLES)]
    Check(CheckArgs),
    /// Print every step of a generic search as CSV (or JSON lines), for a lab report: each
    /// expansion with g, h, f and the OPEN and CLOSED sizes, each child with what became of it.
    #[command(after_help = TRACE_EXAMPLES)]
    Trace(TraceArgs),
    /// Measure search costs, the textbook's way: for each solution depth, the mean nodes each
    /// method generates over random boards of exactly that depth, and the effective branching
    /// factor b* (boards of up to 10 cells: 3x3, 2x5, ...).
    #[command(after_help = EXPERIMENT_EXAMPLES)]
    Experiment(ExperimentArgs),
    /// Write the tables the default method of a board size needs (pattern databases up to 16
    /// cells, big-board tables above) to a file, in the form the web app reads: built once,
    /// or copied from the cache folder. The web app's build ships the standard goal's.
    Tables(TablesArgs),
    /// Estimates written as formulas: `heuristic check` gives the exact verdicts on one.
    #[command(subcommand)]
    Heuristic(HeuristicCommand),
    /// Look back on a game played by hand: the distance to the goal after each move (exact up
    /// to 16 cells, bounds above), each move closer or farther, and how many went farther.
    #[command(after_help = REVIEW_EXAMPLES)]
    Review(ReviewArgs),
}

const REVIEW_EXAMPLES: &str = "\
Examples:
  npuzzle review 1 2 3 4 5 6 7 0 8 --moves LRR
  npuzzle review 6 1 7 3 0 4 5 8 2 --goal snail --moves ULDRRD --json
  npuzzle review 5 1 2 3 0 6 7 4 9 10 11 8 13 14 15 12 --moves URRRDDD

Distances are exact up to 10 cells (the distance table), exact on 11 to 16 cells (each
position solved with the pattern databases, cached like solve's), and bounds above (linear
conflict below, a staged answer's length above). A game of at most 100,000 moves.
Exit code 0 when reviewed; 2 on bad input (an illegal move names its step).";

/// Options of `npuzzle review`.
#[derive(Debug, Args)]
pub struct ReviewArgs {
    /// The board the game started from: numbers row by row (0 or _ for the blank).
    #[arg(value_name = "BOARD", num_args = 1.., required = true)]
    pub board: Vec<String>,

    /// The moves of the blank played, e.g. ULDR (the letters solve prints).
    #[arg(short, long, value_name = "MOVES")]
    pub moves: String,

    /// Board size WxH (or N for NxN), when the numbers alone do not tell.
    #[arg(short, long, value_name = "WxH")]
    pub size: Option<Shape>,

    /// Goal: standard, blank-first, snail, or the goal's tile numbers in quotes.
    #[arg(short, long, value_name = "GOAL", default_value = "standard")]
    pub goal: String,

    /// Print a JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
}

/// The subcommands of `npuzzle heuristic`.
#[derive(Debug, Subcommand)]
pub enum HeuristicCommand {
    /// Check a formula over every board of a small size (at most 10 cells) against the exact
    /// distances: admissible, consistent, how informed against the built-in estimates.
    #[command(after_help = HEURISTIC_EXAMPLES)]
    Check(HeuristicCheckArgs),
}

/// Options of `npuzzle heuristic check`.
#[derive(Debug, Args)]
pub struct HeuristicCheckArgs {
    /// The formula, in quotes, e.g. 'manhattan + 2 * conflicts'.
    #[arg(value_name = "FORMULA")]
    pub formula: String,

    /// Board size WxH (or N for NxN): every board up to 10 cells; a sample up to 16 (4x4).
    #[arg(short, long, value_name = "WxH", default_value = "3x3")]
    pub size: Shape,

    /// Goal: standard, blank-first, snail, or the goal's tile numbers in quotes.
    #[arg(short, long, value_name = "GOAL", default_value = "standard")]
    pub goal: String,

    /// On boards of 11 to 16 cells: how many boards from random walks to solve on the spot
    /// (with the pattern databases, cached like `solve`'s) beside Korf's 100 and the 17 of 80
    /// moves (carried to the goal where a symmetry allows).
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub solve: usize,

    /// Seed of those random walks.
    #[arg(long, value_name = "SEED", default_value_t = 1)]
    pub seed: u64,

    /// Print a JSON object with the verdicts.
    #[arg(long)]
    pub json: bool,
}

/// Options of `npuzzle tables`.
#[derive(Debug, Args)]
pub struct TablesArgs {
    /// Board size WxH (or N for NxN).
    #[arg(short, long, value_name = "WxH")]
    pub size: Shape,

    /// Goal: standard, blank-first, snail, or the goal's tile numbers in quotes.
    #[arg(short, long, value_name = "GOAL", default_value = "standard")]
    pub goal: String,

    /// The file to write (not with --strong).
    #[arg(short, long, value_name = "FILE", required_unless_present = "strong")]
    pub out: Option<PathBuf>,

    /// Build the strong tables of the size into the cache folder instead (one more tile a
    /// group: 510 MB for the 5x5 core, plus 316 MB for the whole 6x6 board or 1.8 GB for
    /// 7x7), on every core the memory budget allows, so that later solves start at once.
    #[arg(long, conflicts_with_all = ["whole", "quick", "out"])]
    pub strong: bool,

    /// Gigabytes the strong tables may take, the working memory of their build included
    /// [default: half the machine's memory].
    #[arg(long, value_name = "GB", value_parser = parse_memory, requires = "strong")]
    pub memory: Option<f64>,

    /// Folder of the cache the strong tables go to [default: $NPUZZLE_CACHE_DIR,
    /// $XDG_CACHE_HOME/npuzzle or ~/.cache/npuzzle].
    #[arg(long, value_name = "DIR", requires = "strong")]
    pub cache_dir: Option<PathBuf>,

    /// Write the whole-board tables instead: the anytime method's second guide on 6x6 and
    /// 7x7 boards.
    #[arg(long, conflicts_with = "quick")]
    pub whole: bool,

    /// Write the small 4x4 pattern databases instead (5-5-5, 1.6 MB): what the web app
    /// searches first while the strong ones come.
    #[arg(long)]
    pub quick: bool,
}

/// Options of `npuzzle solve`.
#[derive(Debug, Args)]
#[command(group(ArgGroup::new("input").required(true).args(["board", "file", "batch"])))]
pub struct SolveArgs {
    /// The board: tile numbers row by row, 0 for the blank, e.g. `6 1 7 3 0 4 5 8 2` (one
    /// argument or several); `-` reads it from standard input.
    #[arg(value_name = "BOARD", num_args = 1..)]
    pub board: Vec<String>,

    /// Read the board from a file in the n-puzzle format (`#` comments, a size line, the rows);
    /// `-` for standard input.
    #[arg(short, long, value_name = "F")]
    pub file: Option<PathBuf>,

    /// Solve every board of FILE, one board a line (`#` starts a comment), printing one result a
    /// line; `-` for standard input.
    #[arg(short, long, value_name = "FILE")]
    pub batch: Option<PathBuf>,

    /// Board size WxH (or N for NxN); needed for non-square boards given on one line.
    #[arg(short, long, value_name = "WxH")]
    pub size: Option<Shape>,

    /// Goal: standard, blank-first, snail, or the goal's tile numbers in quotes.
    #[arg(short, long, value_name = "GOAL", default_value = "standard")]
    pub goal: String,

    /// Method: bfs, dfs, iddfs, greedy, astar, idastar (generic searches), pdb (IDA* over
    /// additive pattern databases, optimal, up to 16 cells), staged (fast near-optimal
    /// placement, with a quality bound), anytime (near-optimal, improving until --time-limit)
    /// or method (the way people are taught, a line at a time; see --explain)
    /// [default: astar with linear conflict up to 12 cells, pdb up to 16, anytime above].
    #[arg(short, long, value_name = "METHOD")]
    pub algorithm: Option<puzzle_core::Method>,

    /// Folder where pattern databases are cached between runs [default: $NPUZZLE_CACHE_DIR,
    /// $XDG_CACHE_HOME/npuzzle or ~/.cache/npuzzle].
    #[arg(long, value_name = "DIR")]
    pub cache_dir: Option<PathBuf>,

    /// Build pattern databases in memory only; read and write no cache files.
    #[arg(long, conflicts_with = "cache_dir")]
    pub no_cache: bool,

    /// On 4x4, use the larger 7-8 pattern databases instead of 7-7-1: about half the nodes,
    /// but 288 MB held and, on first use, about 2 minutes and 1.4 GB to build (then cached).
    #[arg(long)]
    pub pdb_78: bool,

    /// Heuristic of greedy, astar and idastar: misplaced, manhattan or linear-conflict
    /// [default: linear-conflict], or a formula such as 'max(manhattan, misplaced)' (see
    /// `npuzzle heuristic check`; its answers are not claimed shortest); ignored by blind
    /// methods.
    #[arg(short = 'H', long, value_name = "NAME|FORMULA")]
    pub heuristic: Option<Guidance>,

    /// Deepest path dfs explores and iddfs tries [default: 40].
    #[arg(short, long, value_name = "N")]
    pub depth_limit: Option<usize>,

    /// Stop after expanding N nodes (outcome `budget-exhausted`).
    #[arg(short, long, value_name = "N")]
    pub max_nodes: Option<u64>,

    /// Threads the pattern-database search and the anytime method may use (1: the anytime
    /// method's single-thread run) [default: every core].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: Option<u16>,

    /// Seconds the anytime method spends improving its answer, 0.001 to 3600 [default: 2].
    #[arg(short, long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub time_limit: Option<u32>,

    /// Big boards: build the strong tables (one more tile a group) if they are not cached
    /// yet; once cached they are used whenever they fit --memory. See `npuzzle tables --strong`.
    #[arg(long)]
    pub strong: bool,

    /// Gigabytes the big-board tables may take, the working memory of a build included
    /// [default: half the machine's memory]; too little for the strong tables keeps the
    /// shipped ones.
    #[arg(long, value_name = "GB", value_parser = parse_memory)]
    pub memory: Option<f64>,

    /// Big boards: after the answer, spend S more seconds raising its lower bound (IDA*
    /// over the strongest tables held: each depth it clears proves the answer no shorter
    /// than the next); an answer it finds on the way is optimal and replaces the other.
    #[arg(long, value_name = "S", value_parser = parse_seconds)]
    pub prove_gap: Option<u32>,

    /// With --algorithm method: the method's phases, each with its tiles and its moves (in
    /// JSON, a "phases" list).
    #[arg(long, conflicts_with = "batch")]
    pub explain: bool,

    /// Print one JSON object per board (one a line) instead of the readable report.
    #[arg(long)]
    pub json: bool,
}

/// Reads `--time-limit` seconds as whole milliseconds.
fn parse_seconds(text: &str) -> Result<u32, String> {
    match text.trim().parse::<f64>() {
        Ok(seconds) if (0.001..=3600.0).contains(&seconds) => Ok((seconds * 1000.0).round() as u32),
        _ => Err(format!(
            "`{}` is not a time limit: give seconds from 0.001 to 3600, e.g. 2 or 0.5",
            puzzle_core::error::excerpt(text)
        )),
    }
}

/// Reads `--memory` gigabytes (0.001 to 1,000,000).
fn parse_memory(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(gb) if (0.001..=1e6).contains(&gb) => Ok(gb),
        _ => Err(format!(
            "`{}` is not a memory size: give gigabytes, e.g. 4 or 0.5",
            puzzle_core::error::excerpt(text)
        )),
    }
}

/// Options of `npuzzle generate`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// Board size WxH (or N for NxN), from 2 to 16 a side.
    #[arg(short, long, value_name = "WxH")]
    pub size: Shape,

    /// Scramble by a random walk of N moves of the blank from the goal (never undoing a move).
    #[arg(short, long, value_name = "N", conflicts_with = "random")]
    pub walk: Option<usize>,

    /// Scramble uniformly at random among the boards of the wanted solvability (the default).
    #[arg(short, long)]
    pub random: bool,

    /// Print boards that can never reach the goal (a walk is followed by one tile swap).
    #[arg(short, long)]
    pub unsolvable: bool,

    /// Seed for reproducible boards: board i of --count uses seed S + i.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,

    /// How many boards to print.
    #[arg(short, long, value_name = "K", default_value_t = 1)]
    pub count: usize,

    /// Goal the boards are scrambled from: standard, blank-first, snail, or tile numbers.
    #[arg(short, long, value_name = "GOAL", default_value = "standard")]
    pub goal: String,

    /// Output format: auto (flat for square boards, rows split by ` / ` otherwise), flat, line,
    /// or npuzzle (size line then rows; boards separated by a blank line).
    #[arg(short, long, value_enum, default_value_t = Format::Auto)]
    pub format: Format,
}

/// How `generate` prints a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Flat for square boards, `line` for rectangles (so the output parses without --size).
    Auto,
    /// All tiles on one line: `1 2 3 4 5 6 7 8 0`.
    Flat,
    /// Rows split by ` / `: `1 2 3 / 4 5 0`.
    Line,
    /// The n-puzzle file format: the size, then one row a line.
    Npuzzle,
}

const TRACE_EXAMPLES: &str = "\
Examples:
  npuzzle trace 6 1 7 3 0 4 5 8 2 --goal snail -a astar -H manhattan > astar.csv
  npuzzle trace 1 2 3 4 0 5 7 8 6 -a bfs --json
Columns: step (expansions so far), action (iteration, expand, generate, goal), board, g, h,
f = g + h, fate of a generated child (opened, reopened, skipped, cut-off, goal), OPEN size,
CLOSED size.";

/// Options of `npuzzle trace`.
#[derive(Debug, Args)]
pub struct TraceArgs {
    /// The board: tile numbers row by row, 0 for the blank; `-` reads it from standard input.
    #[arg(value_name = "BOARD", num_args = 1.., required = true)]
    pub board: Vec<String>,

    /// Board size WxH (or N for NxN); needed for non-square boards given on one line.
    #[arg(short, long, value_name = "WxH")]
    pub size: Option<Shape>,

    /// Goal: standard, blank-first, snail, or the goal's tile numbers in quotes.
    #[arg(short, long, value_name = "GOAL", default_value = "standard")]
    pub goal: String,

    /// A generic search: bfs, dfs, iddfs, greedy, astar or idastar [default: astar].
    #[arg(short, long, value_name = "METHOD", default_value = "astar")]
    pub algorithm: puzzle_core::Method,

    /// Heuristic of greedy, astar and idastar [default: linear-conflict], or a formula.
    #[arg(short = 'H', long, value_name = "NAME|FORMULA")]
    pub heuristic: Option<Guidance>,

    /// Deepest path dfs explores and iddfs tries [default: 40].
    #[arg(short, long, value_name = "N")]
    pub depth_limit: Option<usize>,

    /// Stop after expanding N nodes: a trace grows by every child generated.
    #[arg(short, long, value_name = "N", default_value_t = 20_000)]
    pub max_nodes: u64,

    /// One JSON object a line instead of CSV.
    #[arg(long)]
    pub json: bool,
}

const EXPERIMENT_EXAMPLES: &str = "\
Examples:
  npuzzle experiment                                # the textbook table: 3x3, depths 2..24:2
  npuzzle experiment --depths 2..12 --boards 20 --methods bfs,iddfs,astar-manhattan
  npuzzle experiment --depths 4,8,16 --methods greedy-manhattan,astar-manhattan --csv > t.csv
  npuzzle experiment --size 2x5 --depths 10..30:5 --json

Methods: bfs, dfs, iddfs, pdb, or greedy, astar, idastar joined to a heuristic by `-`:
misplaced, manhattan or linear-conflict (astar-misplaced, idastar-linear-conflict, ...), or
to a formula by `:` (astar:max(manhattan, misplaced); commas inside brackets are the
formula's). A formula's column gives its mean excess length: moves beyond the depth.
Boards: drawn uniformly (with repeats) among every board exactly that many moves from the goal,
the same for the same --seed. Nodes: generated = children made, expanded = nodes taken from
OPEN; b* solves N + 1 = 1 + b + ... + b^d for the mean N generated. A solve stops after
--budget nodes expanded; a cell where some did is marked * and its means leave them out; a
method that hit the budget is skipped at larger depths unless --no-skip.
Exit code 0 when the table is printed; 2 on bad input (unknown method, empty or reversed depth
range, a depth no board has, --boards 0, a size above 10 cells).";

/// Options of `npuzzle experiment`.
#[derive(Debug, Args)]
pub struct ExperimentArgs {
    /// Board size WxH (or N for NxN), at most 10 cells.
    #[arg(short, long, value_name = "WxH", default_value = "3x3")]
    pub size: Shape,

    /// Goal: standard, blank-first, snail, or the goal's tile numbers in quotes.
    #[arg(short, long, value_name = "GOAL", default_value = "standard")]
    pub goal: String,

    /// Solution depths, one row each: `a..b:step`, `a..b` (b included), or a comma list of
    /// depths and ranges.
    #[arg(short, long, value_name = "LIST", default_value = "2..24:2")]
    pub depths: String,

    /// Random boards per depth.
    #[arg(short, long, value_name = "N", default_value_t = puzzle_core::experiment::DEFAULT_BOARDS)]
    pub boards: usize,

    /// Methods, one column each, separated by commas.
    #[arg(
        short,
        long,
        value_name = "LIST",
        default_value = "iddfs,astar-misplaced,astar-manhattan,astar-linear-conflict"
    )]
    pub methods: String,

    /// Nodes a solve may expand before it stops (counted as a budget hit).
    #[arg(long, value_name = "N", default_value_t = puzzle_core::experiment::DEFAULT_BUDGET)]
    pub budget: u64,

    /// Seed of the boards: the same seed gives the same boards.
    #[arg(long, value_name = "S", default_value_t = puzzle_core::experiment::DEFAULT_SEED)]
    pub seed: u64,

    /// Run every method at every depth, even after it hit the budget at a smaller one.
    #[arg(long)]
    pub no_skip: bool,

    /// Print CSV: a line per depth and method, with every figure.
    #[arg(long, conflicts_with = "json")]
    pub csv: bool,

    /// Print the whole table as one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Options of `npuzzle check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The board: tile numbers row by row, 0 for the blank; `-` reads it from standard input.
    #[arg(value_name = "BOARD", num_args = 1.., required = true)]
    pub board: Vec<String>,

    /// Board size WxH (or N for NxN); needed for non-square boards given on one line.
    #[arg(short, long, value_name = "WxH")]
    pub size: Option<Shape>,

    /// Goal: standard, blank-first, snail, or the goal's tile numbers in quotes.
    #[arg(short, long, value_name = "GOAL", default_value = "standard")]
    pub goal: String,

    /// Print a JSON object with the verdict and its parity terms.
    #[arg(long)]
    pub json: bool,
}
