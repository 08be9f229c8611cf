//! The anytime big-board solver (`anytime::solve_anytime`) against the staged method
//! (`suboptimal::solve_staged`, default configuration), in the same run.
//!
//! ```text
//! cargo bench -p puzzle-core --bench bigboard -- [--sizes 5,6,7,8] [--boards N]
//!     [--time-limit MS] [--korf24] [--korf-only] [--no-tables] [--full] [--verbose]
//!     [--cache DIR] [--weights 2,1.7,...] [--core-nodes N] [--wide-nodes N] [--window-nodes N]
//!     [--max-window N] [--extra-rounds N] [--no-weighted-windows]
//!     [--weighted-windows 60:1.5,90:1.5] [--weighted-window-nodes N] [--views-share F]
//!     [--guided-windows 24,36,48] [--guided-nodes N] [--outer-beam N] [--outer-weights 0.8,0.7] [--outer-nodes N] [--outer-cores N]
//!     [--tracked-windows 16,24,32] [--tracked-nodes N] [--tail-weight W] [--tail-step N]
//!     [--tail-nodes N] [--beam-width N] [--beam-share S] [--beam-links N]
//!     [--beam-problems N] [--no-blend-beams] [--core-beam-share S] [--whole-beam-share S] [--no-whole]
//!     [--beam-window-span N] [--work-clock EXPANSIONS_PER_MS]
//!     [--compare-old] [--old-no-beams]
//!     [--bounds N]
//!     [--deepcubea] [--limits 1000,5000] [--skip K] [--threads 1,2] [--strong | --strong-only]
//! ```
//! For each size: seeded uniformly random solvable boards (seeds 0..N) toward the standard goal;
//! mean length, mean ratio to the lower bound, time to the first and to the final answer, for
//! both methods. The time limit defaults to 1 s on 5x5, 5 s on 6x6 and 15 s on 7x7 and 8x8
//! (`--time-limit` sets one for all sizes); by default 10 boards a size up to 6x6 and 5 above
//! (`--full`: 50 and 20; `--boards N` sets N for all). On 6x6 and 7x7 the solver gets
//! whole-board tables (`WholeTables`, built at the start: about 10 s and 33 s; `--no-whole`:
//! none). `--compare-old` also runs the last round's schedule (the same without whole-board
//! tables), or with `--old-no-beams` the one before the beams (`beam_width` 0, no whole-board
//! tables), on the same boards with the same limits; the knobs below change both
//! schedules (`--outer-beam 0`: no line reduction, `--guided-windows ''`: no guided windows).
//! `--korf24` adds Korf & Felner's 50 random 24-puzzles (`tests/fixtures/korf24_50.txt`, goal
//! blank first, each renamed toward the standard goal: the same problem) with the length and
//! ratio to the optimum at the 0.1 s mark and the time limit, on the last of `--threads`.
//! `--deepcubea` runs instead DeepCubeA's dev states (`tests/fixtures/deepcubea/`, goal
//! standard) for the sizes asked (5, 6, 7): the first `--boards N` states after `--skip K`
//! (default 20), one anytime run a board for each time limit of `--limits` (milliseconds; default
//! 1 s on 5x5, 5 s on 6x6, 15 s on 7x7): mean length, mean and max ratio to the reference
//! (optimal on 5x5, DeepCubeA's length on 6x6 and 7x7), the share of boards at or under the
//! reference, time to the first answer and peak resident memory of the solve (tables excluded);
//! with `--compare-old`, the old schedule on the same boards in the same run. `--threads 1,2`
//! runs each board once for each thread count (`Limits::threads`; default 1), so that one run
//! compares a single thread with all cores on the same boards; each row also gives the mean
//! and largest time of a board's last improvement (a plateau shows as a last improvement well
//! before the limit) and the process's CPU time over the wall time of its solves.
//! Table build time and memory are printed for each goal; `--cache DIR` keeps the tables there
//! (`BigTables::to_bytes`, `WholeTables::to_bytes`) and reads them back on the next run. The other options set the
//! solver's knobs (`AnytimeTuning`, by phase, run through `solve_anytime_tuned`); `--work-clock R` counts time in expansions (R a
//! millisecond, `AnytimeConfig::work_clock`): runs repeat exactly, for comparing settings where
//! the machine's load moves clock-limited runs more than the settings do (5x5 at 1 s).
//! `--strong` runs every board twice in the same run, with the strong tables (`Strength::Strong`,
//! built on every core, or read from `--cache`: the same folder and file names as the CLI's
//! cache, so `npuzzle tables --strong` builds them ahead) and with the shipped ones; each row
//! also gives the mean ratio of the answer to its own lower bound (how far the proof is from
//! the answer), and each table set its build time, peak memory while built and memory held;
//! `--strong-only` runs the strong tables alone.
//! `--bounds N` only prints, for each size, the mean Manhattan distance and linear-conflict
//! bound of N seeded uniformly random boards, and the anytime method's own bound (its tables): no solution of a board is shorter than them, so
//! a target mean below them cannot be met on uniform boards (6x6: 135.5 Manhattan on 200).

use std::time::Instant;

use puzzle_core::anytime::{
    solve_anytime_tuned, split_at_core, AnytimeConfig, AnytimeTuning, BigTables, CoreSplit, Guides,
    Strength, WholeTables,
};
use puzzle_core::generate::{scramble_seeded, Scramble};
use puzzle_core::heuristic::{Heuristic, HeuristicKind};
use puzzle_core::relabel::Relabel;
use puzzle_core::suboptimal::{solve_staged, StagedConfig};
use puzzle_core::{Board, Goal, Limits, Shape, SolveOutcome};

struct Options {
    sizes: Vec<usize>,
    boards: Option<u64>,
    time_limit: Option<f64>,
    korf: bool,
    random: bool,
    tables: bool,
    full: bool,
    verbose: bool,
    cache: Option<String>,
    compare: bool,
    old_no_beams: bool,
    whole: bool,
    bounds: Option<u64>,
    deepcubea: bool,
    limits: Vec<f64>,
    skip: usize,
    threads: Vec<usize>,
    strong: bool,
    /// With `--strong`: also the shipped tables on the same boards (`--strong-only`: not).
    shipped_too: bool,
    config: AnytimeConfig,
    tuning: AnytimeTuning,
}

fn options() -> Options {
    let mut options = Options {
        sizes: vec![5, 6, 7, 8],
        boards: None,
        time_limit: None,
        korf: false,
        random: true,
        tables: true,
        full: false,
        verbose: false,
        cache: None,
        compare: false,
        old_no_beams: false,
        whole: true,
        bounds: None,
        deepcubea: false,
        limits: Vec::new(),
        skip: 0,
        threads: vec![1],
        strong: false,
        shipped_too: true,
        config: AnytimeConfig::default(),
        tuning: AnytimeTuning::default(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--sizes" => options.sizes = list(args.next()),
            "--boards" => options.boards = args.next().and_then(|n| n.parse().ok()),
            "--time-limit" => options.time_limit = args.next().and_then(|n| n.parse().ok()),
            "--korf24" => options.korf = true,
            "--deepcubea" => options.deepcubea = true,
            "--skip" => options.skip = number(args.next()),
            "--limits" => options.limits = list(args.next()),
            "--threads" => options.threads = list(args.next()),
            "--lane" => {
                let lane: Vec<usize> = list(args.next());
                options.config.lane = puzzle_core::anytime::LaneOf {
                    index: lane.first().copied().unwrap_or(0),
                    count: lane.get(1).copied().unwrap_or(1),
                };
            }
            "--strong" => options.strong = true,
            "--strong-only" => {
                options.strong = true;
                options.shipped_too = false;
            }
            "--korf-only" => {
                options.korf = true;
                options.random = false;
            }
            "--no-tables" => options.tables = false,
            "--full" => options.full = true,
            "--verbose" => options.verbose = true,
            "--cache" => options.cache = args.next(),
            "--compare-old" => options.compare = true,
            "--old-no-beams" => options.old_no_beams = true,
            "--no-whole" => options.whole = false,
            "--bounds" => options.bounds = Some(number(args.next()) as u64),
            "--core-nodes" => options.tuning.core.nodes = number(args.next()),
            "--wide-nodes" => options.tuning.core.wide_nodes = number(args.next()),
            "--window-nodes" => options.tuning.windows.nodes = number(args.next()) as u64,
            "--max-window" => options.tuning.windows.max = number(args.next()),
            "--extra-rounds" => options.tuning.windows.extra_rounds = number(args.next()),
            "--guided-windows" => options.tuning.guided.windows = list(args.next()),
            "--guided-quick-nodes" => {
                options.tuning.guided.quick_nodes = number(args.next()) as u64
            }
            "--tail-weight" => {
                options.tuning.tails.weight =
                    args.next().and_then(|n| n.parse().ok()).unwrap_or(0.0)
            }
            "--tail-nodes" => options.tuning.tails.nodes = number(args.next()),
            "--beam-width" => options.tuning.beams.width = number(args.next()),
            "--beam-links" => options.tuning.beams.links = number(args.next()),
            "--work-clock" => options.config.work_clock = args.next().and_then(|n| n.parse().ok()),
            "--beam-share" => {
                options.tuning.beams.share = args.next().and_then(|n| n.parse().ok()).unwrap_or(0.0)
            }
            "--whole-beam-share" => {
                options.tuning.beams.whole_share =
                    args.next().and_then(|n| n.parse().ok()).unwrap_or(0.0)
            }
            "--beam-problems" => options.tuning.beams.problems = number(args.next()),
            "--no-blend-beams" => options.tuning.beams.blend = false,
            "--beam-window-span" => options.tuning.beams.window_span = number(args.next()),
            "--core-beam-share" => {
                options.tuning.core.beam_share =
                    args.next().and_then(|n| n.parse().ok()).unwrap_or(0.0)
            }
            "--tail-step" => options.tuning.tails.step = number(args.next()),
            "--tracked-windows" => options.tuning.to_core.tracked_windows = list(args.next()),
            "--tracked-nodes" => options.tuning.to_core.tracked_nodes = number(args.next()) as u64,
            "--guided-nodes" => options.tuning.guided.nodes = number(args.next()) as u64,
            "--no-weighted-windows" => options.tuning.windows.weighted.clear(),
            "--weighted-windows" => {
                options.tuning.windows.weighted = args
                    .next()
                    .unwrap_or_default()
                    .split(',')
                    .filter_map(|pair| {
                        let (w, x) = pair.split_once(':')?;
                        Some((w.trim().parse().ok()?, x.trim().parse().ok()?))
                    })
                    .collect()
            }
            "--weighted-window-nodes" => {
                options.tuning.windows.weighted_nodes = number(args.next())
            }
            "--views-share" => {
                options.tuning.to_core.views_share =
                    args.next().and_then(|n| n.parse().ok()).unwrap_or(0.0)
            }
            "--outer-beam" => options.tuning.to_core.line_beam = number(args.next()),
            "--outer-nodes" => options.tuning.to_core.line_nodes = number(args.next()),
            "--outer-cores" => options.tuning.core.paths = number(args.next()),
            "--outer-weights" => options.tuning.to_core.line_weights = list(args.next()),
            "--wide-weights" => options.tuning.core.wide_weights = list(args.next()),
            "--weights" => options.tuning.core.weights = list(args.next()),
            // `cargo bench` passes `--bench`; ignore it and any filter.
            _ => {}
        }
    }
    options
}

/// A comma-separated list of numbers (the items that do not read are left out).
fn list<T: std::str::FromStr>(arg: Option<String>) -> Vec<T> {
    arg.unwrap_or_default()
        .split(',')
        .filter_map(|s| s.trim().parse().ok())
        .collect()
}

fn number(arg: Option<String>) -> usize {
    arg.and_then(|n| n.parse().ok()).expect("a number")
}

/// The tables of one goal: the core's, and on boards larger than 5x5 the whole board's.
struct Tables {
    core: Option<BigTables>,
    whole: Option<WholeTables>,
}

fn build_tables(goal: &Board, options: &Options) -> Tables {
    build_tables_as(goal, options, Strength::Shipped)
}

/// [`build_tables`] of either strength.
fn build_tables_as(goal: &Board, options: &Options, strength: Strength) -> Tables {
    let whole = (options.tables && (26..=49).contains(&goal.cells().len()))
        .then(|| whole_tables(goal, options, strength));
    Tables {
        core: build_core_tables(goal, options, strength),
        whole,
    }
}

/// Limits that build on every core.
fn every_core() -> Limits<'static> {
    Limits {
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        ..Limits::default()
    }
}

/// The whole-board tables toward `goal`, through the `--cache` folder ([`cached`]).
fn whole_tables(goal: &Board, options: &Options, strength: Strength) -> WholeTables {
    cached(
        options,
        &WholeTables::cache_key_as(goal, strength),
        &format!(
            "{} whole-board tables for the {} goal",
            strength.name(),
            goal.shape()
        ),
        |bytes| {
            WholeTables::from_bytes(bytes)
                .ok()
                .filter(|w| w.goal() == goal && w.strength() == strength)
        },
        || WholeTables::build_as(goal, strength, &mut every_core()).expect("tables build"),
        |whole| (whole.to_bytes(), whole.memory_bytes()),
    )
}

fn build_core_tables(goal: &Board, options: &Options, strength: Strength) -> Option<BigTables> {
    if !options.tables {
        return None;
    }
    let name = if goal.cells().len() > 25 {
        "standard".to_string()
    } else {
        goal.to_string()
    };
    Some(cached(
        options,
        &BigTables::cache_key_as(goal, strength),
        &format!(
            "{} tables for the {} goal `{name}`",
            strength.name(),
            goal.shape()
        ),
        |bytes| {
            BigTables::from_bytes(bytes)
                .ok()
                .filter(|t| t.strength() == strength)
                .and_then(|t| t.bind(goal))
        },
        || BigTables::build_as(goal, strength, &mut every_core()).expect("tables build"),
        |tables| (tables.to_bytes(), tables.memory_bytes()),
    ))
}

/// The file of `key` in the `--cache` folder: the name the CLI's cache gives it
/// (`crates/puzzle-cli/src/pdb_store.rs`), so that both share one folder.
fn cache_file(dir: &str, key: &str) -> String {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    key.hash(&mut hasher);
    format!("{dir}/pdb-{:016x}.bin", hasher.finish())
}

/// Tables read from the `--cache` folder under `key` if `read` accepts the bytes there, else
/// built and written there; `what` they are, how long the build took, the process's peak
/// memory while it ran and the tables' size are printed (`bytes` gives the bytes to write
/// and the memory held).
fn cached<T>(
    options: &Options,
    key: &str,
    what: &str,
    read: impl FnOnce(&[u8]) -> Option<T>,
    build: impl FnOnce() -> T,
    bytes: impl FnOnce(&T) -> (Vec<u8>, usize),
) -> T {
    let file = options.cache.as_ref().map(|dir| cache_file(dir, key));
    let start = Instant::now();
    let stored = file.as_ref().and_then(|f| std::fs::read(f).ok());
    if let Some(tables) = stored.and_then(|b| read(&b)) {
        println!(
            "{what} read from the cache in {:.2} s",
            start.elapsed().as_secs_f64()
        );
        return tables;
    }
    let base = rss_mb();
    reset_peak_rss();
    let tables = build();
    let (written, held) = bytes(&tables);
    println!(
        "{what}: built in {:.2} s, {:.1} MB held, {:.0} MB peak while built",
        start.elapsed().as_secs_f64(),
        held as f64 / 1e6,
        peak_rss_mb() - base
    );
    if let Some(file) = file {
        let partial = format!("{file}.part");
        if std::fs::write(&partial, written).is_ok() {
            let _ = std::fs::rename(&partial, &file);
        }
    }
    tables
}

/// One anytime run: (ms, length) of every improvement, and the final answer's length and
/// lower bound.
struct Run {
    improvements: Vec<(f64, usize)>,
    moves: Vec<puzzle_core::Direction>,
    length: usize,
    lower_bound: u32,
    final_ms: f64,
}

impl Run {
    fn length_at(&self, ms: f64) -> Option<usize> {
        self.improvements
            .iter()
            .filter(|(t, _)| *t <= ms)
            .map(|&(_, l)| l)
            .next_back()
    }
}

fn run_anytime(
    board: &Board,
    goal: &Board,
    tables: &Tables,
    limit_ms: f64,
    options: &Options,
) -> Run {
    run_threads(board, goal, tables, limit_ms, options, 1)
}

/// [`run_anytime`] on `threads` threads (`Limits::threads`).
fn run_threads(
    board: &Board,
    goal: &Board,
    tables: &Tables,
    limit_ms: f64,
    options: &Options,
    threads: usize,
) -> Run {
    let config = AnytimeConfig {
        time_limit_ms: limit_ms,
        ..options.config.clone()
    };
    let start = Instant::now();
    let mut improvements = Vec::new();
    let mut record = |answer: &puzzle_core::suboptimal::Approximate| {
        improvements.push((
            start.elapsed().as_secs_f64() * 1e3,
            answer.solution.moves.len(),
        ));
    };
    let guides = Guides {
        core: tables.core.as_ref(),
        whole: tables.whole.as_ref().filter(|_| options.whole),
    };
    let answer = solve_anytime_tuned(
        board,
        goal,
        guides,
        &config,
        &options.tuning,
        &mut Limits {
            threads,
            ..Limits::default()
        },
        &mut record,
    )
    .unwrap();
    let final_ms = start.elapsed().as_secs_f64() * 1e3;
    assert!(answer.solution.stats.thread_failures.is_empty());
    assert_eq!(answer.solution.outcome, SolveOutcome::Solved);
    assert_eq!(board.after(&answer.solution.moves).unwrap(), *goal);
    Run {
        improvements,
        moves: answer.solution.moves.clone(),
        length: answer.solution.moves.len(),
        lower_bound: answer.lower_bound,
        final_ms,
    }
}

fn run_staged(board: &Board, goal: &Board) -> (usize, u32, f64) {
    let start = Instant::now();
    let answer = solve_staged(
        board,
        goal,
        &StagedConfig::default(),
        &mut Limits::default(),
    )
    .unwrap();
    let ms = start.elapsed().as_secs_f64() * 1e3;
    assert_eq!(board.after(&answer.solution.moves).unwrap(), *goal);
    (answer.solution.moves.len(), answer.lower_bound, ms)
}

fn default_limit(side: usize) -> f64 {
    match side {
        0..=5 => 1000.0,
        6 => 5000.0,
        _ => 15000.0,
    }
}

/// The mean admissible bounds (Manhattan, linear conflict, the shipped tables' and with
/// `--strong` the strong tables') of seeded uniform boards, per size.
fn bounds(options: &Options, boards: u64) {
    println!(
        "| board | boards | mean Manhattan | mean linear conflict | mean anytime bound (tables) | mean anytime bound (strong tables) |"
    );
    println!("| --- | --- | --- | --- | --- | --- |");
    for &side in &options.sizes {
        let Ok(shape) = Shape::square(side) else {
            continue;
        };
        let goal = Goal::Standard.board(shape).unwrap();
        let manhattan = Heuristic::new(HeuristicKind::Manhattan, &goal);
        let conflict = Heuristic::new(HeuristicKind::LinearConflict, &goal);
        let tables = build_tables(&goal, options);
        let strong = options
            .strong
            .then(|| build_tables_as(&goal, options, Strength::Strong));
        let (mut md, mut lc, mut tb, mut st) = (0u64, 0u64, 0u64, 0u64);
        for seed in 0..boards {
            let board = scramble_seeded(&goal, Scramble::Uniform, true, seed);
            md += u64::from(manhattan.estimate(&board));
            lc += u64::from(conflict.estimate(&board));
            // The anytime method's own admissible bound (its tables and LC), at once.
            tb += u64::from(run_anytime(&board, &goal, &tables, 1.0, options).lower_bound);
            if let Some(strong) = &strong {
                st += u64::from(run_anytime(&board, &goal, strong, 1.0, options).lower_bound);
            }
        }
        let n = boards.max(1) as f64;
        println!(
            "| {side}x{side} | {boards} | {:.1} | {:.1} | {:.1} | {} |",
            md as f64 / n,
            lc as f64 / n,
            tb as f64 / n,
            if strong.is_some() {
                format!("{:.1}", st as f64 / n)
            } else {
                "-".to_string()
            }
        );
    }
    println!("\nNo solution is shorter than either bound: their means bound any solver's mean.");
}

fn random_boards(options: &Options) {
    println!("| board | boards | method | time limit | mean length | mean ratio to bound | first answer ms | final answer ms |");
    println!("| --- | --- | --- | --- | --- | --- | --- | --- |");
    for &side in &options.sizes {
        let Ok(shape) = Shape::square(side) else {
            continue;
        };
        let goal = Goal::Standard.board(shape).unwrap();
        let tables = build_tables(&goal, options);
        let limit = options.time_limit.unwrap_or(default_limit(side));
        let boards = options.boards.unwrap_or(match (options.full, side) {
            (true, 0..=6) => 50,
            (true, _) => 20,
            (false, 0..=6) => 10,
            (false, _) => 5,
        });
        let (mut s_len, mut s_ratio, mut s_ms) = (0.0, 0.0, 0.0);
        let (mut a_len, mut a_ratio, mut a_first, mut a_final) = (0.0, 0.0, 0.0, 0.0);
        let (mut o_len, mut o_ratio, mut o_first, mut o_final) = (0.0, 0.0, 0.0, 0.0);
        let old = options.old();
        for seed in 0..boards {
            let board = scramble_seeded(&goal, Scramble::Uniform, true, seed);
            let (length, bound, ms) = run_staged(&board, &goal);
            s_len += length as f64;
            s_ratio += length as f64 / f64::from(bound.max(1));
            s_ms += ms;
            let run = run_anytime(&board, &goal, &tables, limit, options);
            a_len += run.length as f64;
            a_ratio += run.length as f64 / f64::from(run.lower_bound.max(1));
            a_first += run.improvements.first().map_or(0.0, |i| i.0);
            a_final += run.improvements.last().map_or(0.0, |i| i.0);
            if options.verbose {
                println!(
                    "seed {seed}: staged {length}, anytime {} (bound {}, {:.0} ms, steps {:?})",
                    run.length, run.lower_bound, run.final_ms, run.improvements
                );
            }
            if options.compare {
                let run = run_anytime(&board, &goal, &tables, limit, &old);
                o_len += run.length as f64;
                o_ratio += run.length as f64 / f64::from(run.lower_bound.max(1));
                o_first += run.improvements.first().map_or(0.0, |i| i.0);
                o_final += run.improvements.last().map_or(0.0, |i| i.0);
                if options.verbose {
                    println!("seed {seed}: old schedule {}", run.length);
                }
            }
        }
        let n = boards as f64;
        println!(
            "| {side}x{side} | {boards} | staged (default) | - | {:.1} | {:.2} | {:.1} | {:.1} |",
            s_len / n,
            s_ratio / n,
            s_ms / n,
            s_ms / n
        );
        println!(
            "| {side}x{side} | {boards} | anytime{} | {limit:.0} ms | {:.1} | {:.2} | {:.1} | {:.1} |",
            if tables.core.is_some() { " + tables" } else { "" },
            a_len / n,
            a_ratio / n,
            a_first / n,
            a_final / n
        );
        if options.compare {
            println!(
                "| {side}x{side} | {boards} | anytime, old schedule | {limit:.0} ms | {:.1} | {:.2} | {:.1} | {:.1} |",
                o_len / n,
                o_ratio / n,
                o_first / n,
                o_final / n
            );
        }
    }
    println!("\nSeeded uniformly random solvable boards (seeds 0..N), standard goal.");
}

fn korf24(options: &Options, name: &str, strength: Strength) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/fixtures/korf24_50.txt"
    );
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("reading {path}: {e}"));
    let shape = Shape::square(5).unwrap();
    // Each instance renamed toward the standard goal (the same problem turned half a turn),
    // so that the standard goal's tables serve it, the strong ones included.
    let goal = Goal::Standard.board(shape).unwrap();
    let blank_first = Goal::BlankFirst.board(shape).unwrap();
    let renamed = Relabel::between(&blank_first, &goal).expect("a corner blank renames");
    let tables = build_tables_as(&goal, options, strength);
    let threads = options.threads.last().copied().unwrap_or(1);
    let limit = options.time_limit.unwrap_or(1000.0);
    let mut over_bound = 0.0;
    let marks = [100.0, limit];
    let mut staged = (0.0, 0.0, 0f64);
    let mut at_mark = vec![(0.0, 0.0, 0f64); marks.len()];
    let mut bound_ok = true;
    let mut count = 0.0;
    for (i, line) in text.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        let numbers: Vec<usize> = line
            .split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        let board = Board::new(shape, numbers[..25].to_vec()).unwrap();
        let board = renamed.board(&board).expect("a 5x5 board");
        let optimal = numbers[25] as f64;
        let (length, _, _) = run_staged(&board, &goal);
        staged.0 += length as f64;
        staged.1 += length as f64 / optimal;
        staged.2 = staged.2.max(length as f64 / optimal);
        let run = run_threads(&board, &goal, &tables, limit, options, threads);
        bound_ok &= f64::from(run.lower_bound) <= optimal;
        over_bound += run.length as f64 / f64::from(run.lower_bound.max(1));
        for (slot, &mark) in at_mark.iter_mut().zip(&marks) {
            let length = run.length_at(mark).unwrap_or(run.length) as f64;
            slot.0 += length;
            slot.1 += length / optimal;
            slot.2 = slot.2.max(length / optimal);
        }
        if options.verbose {
            println!(
                "#{}: optimal {optimal}, staged {length}, anytime {:?}",
                i + 1,
                run.improvements
            );
        }
        count += 1.0;
    }
    println!("\nKorf & Felner's 50 random 24-puzzles (optimal mean 100.78), blank-first goal (renamed to the standard one), {threads} thread(s):");
    println!("| method | mean length | mean ratio to optimal | max ratio |");
    println!("| --- | --- | --- | --- |");
    println!(
        "| staged (default) | {:.1} | {:.3} | {:.3} |",
        staged.0 / count,
        staged.1 / count,
        staged.2
    );
    for (slot, mark) in at_mark.iter().zip(&marks) {
        println!(
            "| {name}{}, at {mark:.0} ms | {:.1} | {:.3} | {:.3} |",
            if tables.core.is_some() {
                " + tables"
            } else {
                ""
            },
            slot.0 / count,
            slot.1 / count,
            slot.2
        );
    }
    println!(
        "lower bound <= optimal on all {count} instances: {}; mean answer / own lower bound at {limit:.0} ms: {:.3}",
        if bound_ok { "yes" } else { "NO" },
        over_bound / count
    );
}

/// A memory line of this process's status (Linux), in MB: `VmHWM` is the peak since the last
/// reset, `VmRSS` the current size.
fn status_mb(field: &str) -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find(|l| l.starts_with(field))
        .and_then(|l| l.split_whitespace().nth(1)?.parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

fn peak_rss_mb() -> f64 {
    status_mb("VmHWM:")
}

fn rss_mb() -> f64 {
    status_mb("VmRSS:")
}

/// Resets the peak resident memory to the current size (Linux).
fn reset_peak_rss() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// CPU time of this process so far, all its threads (Linux: utime + stime of
/// `/proc/self/stat`, in ticks of 10 ms; 0 elsewhere). Read from `/proc` because `libc` is not
/// a dependency (`getrusage` would need it), and the tick of 100 a second is Linux's
/// `USER_HZ` on the machines the figures come from.
fn cpu_ms() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // The fields after the command name (which may hold spaces), from the third on.
    let Some((_, rest)) = stat.rsplit_once(')') else {
        return 0.0;
    };
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // utime and stime are fields 14 and 15 of the line: 12 and 13 after the name.
    (ticks(11) + ticks(12)) * 10.0
}

/// DeepCubeA's dev states of one size: (board, reference length).
fn deepcubea_boards(side: usize) -> Vec<(Board, f64)> {
    let cells = side * side;
    let path = format!(
        "{}/../../tests/fixtures/deepcubea/puzzle{}_dev.txt",
        env!("CARGO_MANIFEST_DIR"),
        cells - 1
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {path}: {e}"));
    let shape = Shape::square(side).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let (board, length) = line.split_once(';').expect("`cells ; length`");
            let board = Board::new(
                shape,
                board
                    .split_whitespace()
                    .map(|t| t.parse().unwrap())
                    .collect(),
            )
            .unwrap();
            (board, length.trim().parse().unwrap())
        })
        .collect()
}

/// Sums over the boards of one method at one time limit.
#[derive(Default)]
struct Tally {
    length: f64,
    ratio: f64,
    max_ratio: f64,
    at_most: usize,
    first_ms: f64,
    peak_mb: f64,
    boards: usize,
    /// Sums of the moves outside and inside the core and of the core's bound (boards larger
    /// than the core).
    outer: f64,
    core: f64,
    core_bound: f64,
    /// Sum and largest time of each board's last improvement (ms).
    last_ms: f64,
    max_last_ms: f64,
    /// CPU time (all threads) and wall time of the solves (ms).
    cpu_ms: f64,
    wall_ms: f64,
    /// Sum of each answer's length over its own lower bound.
    over_bound: f64,
}

impl Tally {
    fn add(&mut self, run: &Run, reference: f64, peak_mb: f64, split: Option<CoreSplit>) {
        if let Some(split) = split {
            self.outer += split.outer_moves as f64;
            self.core += split.core_moves as f64;
            self.core_bound += f64::from(split.core_bound);
        }
        let ratio = run.length as f64 / reference;
        self.over_bound += run.length as f64 / f64::from(run.lower_bound.max(1));
        self.length += run.length as f64;
        self.ratio += ratio;
        self.max_ratio = self.max_ratio.max(ratio);
        self.at_most += usize::from(run.length as f64 <= reference);
        self.first_ms += run.improvements.first().map_or(0.0, |i| i.0);
        let last = run.improvements.last().map_or(0.0, |i| i.0);
        self.last_ms += last;
        self.max_last_ms = self.max_last_ms.max(last);
        self.wall_ms += run.final_ms;
        self.peak_mb = self.peak_mb.max(peak_mb);
        self.boards += 1;
    }

    fn row(&self, side: usize, method: &str, limit: f64, reference: f64) {
        let n = self.boards.max(1) as f64;
        println!(
            "| {side}x{side} | {} | {method} | {} s | {:.2} | {:.2} | **{:.3}** | {:.3} | {:.3} | {} | {:.1} / {:.1} ({:.1}) | {:.0} | {:.0} / {:.0} | {:.2} | {:.0} |",
            self.boards,
            limit / 1e3,
            self.length / n,
            reference / n,
            self.ratio / n,
            self.max_ratio,
            self.over_bound / n,
            self.at_most,
            self.outer / n,
            self.core / n,
            self.core_bound / n,
            self.first_ms / n,
            self.last_ms / n,
            self.max_last_ms,
            self.cpu_ms / self.wall_ms.max(1.0),
            self.peak_mb
        );
    }
}

/// DeepCubeA's dev states: lengths against the reference at each time limit.
fn deepcubea(options: &Options) {
    println!("| board | boards | method | limit | mean length | mean reference | mean ratio | max ratio | answer / own bound | boards <= reference | moves outside / inside the core (core bound) | first answer ms | last improvement ms (mean / max) | CPU / wall | peak MB (solve) |");
    println!(
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
    );
    let old = options.old();
    for &side in &options.sizes {
        let Ok(shape) = Shape::square(side) else {
            continue;
        };
        let goal = Goal::Standard.board(shape).unwrap();
        let strength = if options.strong {
            Strength::Strong
        } else {
            Strength::Shipped
        };
        let tables = build_tables_as(&goal, options, strength);
        // With `--strong`, the shipped tables on the same boards in the same run.
        let shipped = (options.strong && options.shipped_too).then(|| build_tables(&goal, options));
        let boards: Vec<_> = deepcubea_boards(side)
            .into_iter()
            .skip(options.skip)
            .take(options.boards.unwrap_or(20) as usize)
            .collect();
        let reference: f64 = boards.iter().map(|(_, r)| r).sum();
        let limits = if options.limits.is_empty() {
            vec![default_limit(side)]
        } else {
            options.limits.clone()
        };
        for &limit in &limits {
            let mut new: Vec<Tally> = options.threads.iter().map(|_| Tally::default()).collect();
            let mut before = Tally::default();
            let mut with_shipped = Tally::default();
            for (i, (board, length)) in boards.iter().enumerate() {
                let split = |run: &Run| {
                    tables
                        .core
                        .as_ref()
                        .and_then(|t| split_at_core(board, &goal, &run.moves, t))
                };
                let mut run = None;
                for (tally, &threads) in new.iter_mut().zip(&options.threads) {
                    let base = rss_mb();
                    reset_peak_rss();
                    let cpu = cpu_ms();
                    let this = run_threads(board, &goal, &tables, limit, options, threads);
                    tally.cpu_ms += cpu_ms() - cpu;
                    tally.add(&this, *length, peak_rss_mb() - base, split(&this));
                    if options.verbose {
                        println!(
                            "#{} ({threads} threads): reference {length}, anytime {} in {:.0} ms, steps {:?}",
                            options.skip + i + 1,
                            this.length,
                            this.final_ms,
                            this.improvements
                        );
                    }
                    run = Some(this);
                }
                let Some(run) = run else { continue };
                if let Some(shipped) = &shipped {
                    let base = rss_mb();
                    reset_peak_rss();
                    let cpu = cpu_ms();
                    let threads = options.threads.last().copied().unwrap_or(1);
                    let this = run_threads(board, &goal, shipped, limit, options, threads);
                    with_shipped.cpu_ms += cpu_ms() - cpu;
                    with_shipped.add(&this, *length, peak_rss_mb() - base, split(&this));
                    if options.verbose {
                        println!(
                            "#{}: reference {length}, strong {} (bound {}), shipped {} (bound {})",
                            options.skip + i + 1,
                            run.length,
                            run.lower_bound,
                            this.length,
                            this.lower_bound
                        );
                    }
                }
                let old_length = options.compare.then(|| {
                    let base = rss_mb();
                    reset_peak_rss();
                    let cpu = cpu_ms();
                    let run = run_anytime(board, &goal, &tables, limit, &old);
                    before.cpu_ms += cpu_ms() - cpu;
                    before.add(&run, *length, peak_rss_mb() - base, split(&run));
                    run.length
                });
                if options.verbose && options.compare {
                    println!(
                        "#{}: reference {length}, anytime {} in {:.0} ms (old {old_length:?}), steps {:?}",
                        options.skip + i + 1,
                        run.length,
                        run.final_ms,
                        run.improvements
                    );
                }
            }
            let tables_name = if options.strong {
                ", strong tables"
            } else {
                ""
            };
            for (tally, threads) in new.iter().zip(&options.threads) {
                let method = match threads {
                    1 => format!("anytime (new){tables_name}, 1 thread"),
                    n => format!("anytime (new){tables_name}, {n} threads"),
                };
                tally.row(side, &method, limit, reference);
            }
            if shipped.is_some() {
                let threads = options.threads.last().copied().unwrap_or(1);
                let method = format!("anytime (new), shipped tables, {threads} threads");
                with_shipped.row(side, &method, limit, reference);
            }
            if options.compare {
                before.row(side, "anytime (old)", limit, reference);
            }
        }
    }
    println!("\nReference: optimal lengths on 5x5, DeepCubeA's on 6x6 and 7x7 (its full-set means 89.42, 124.65, 255.67).");
}

impl Options {
    /// The same options with the schedule before guided windows, for `--compare-old`.
    fn old(&self) -> Options {
        Options {
            config: self.config.clone(),
            tuning: old_tuning(&self.tuning, self.old_no_beams),
            whole: false,
            sizes: Vec::new(),
            cache: self.cache.clone(),
            limits: Vec::new(),
            threads: vec![1],
            ..*self
        }
    }
}

/// The last round's schedule (the same, without whole-board tables: beams ranked by linear
/// conflict), or with `--old-no-beams` the one before the beams (`beam_width` 0).
fn old_tuning(tuning: &AnytimeTuning, no_beams: bool) -> AnytimeTuning {
    let mut old = tuning.clone();
    if no_beams {
        old.beams.width = 0;
    }
    old
}

fn main() {
    let options = options();
    if let Some(boards) = options.bounds {
        bounds(&options, boards);
        return;
    }
    if options.deepcubea {
        deepcubea(&options);
        return;
    }
    if options.random {
        random_boards(&options);
    }
    if options.korf {
        if options.strong {
            korf24(&options, "anytime, strong tables", Strength::Strong);
            if options.shipped_too {
                korf24(&options, "anytime, shipped tables", Strength::Shipped);
            }
        } else {
            korf24(&options, "anytime", Strength::Shipped);
        }
        if options.compare {
            korf24(&options.old(), "anytime, old schedule", Strength::Shipped);
        }
    }
}
