//! Korf's 100 random 15-puzzle instances solved optimally with additive pattern databases
//! (the default of `Partition::default_for`, 6-6-3 with `--partition 663`, 7-8 with
//! `--partition 78`) and the tuned IDA*, against our generic Manhattan + linear-conflict IDA*.
//!
//! ```text
//! cargo bench -p puzzle-core --bench korf100 -- [--first N | --instances 1,5,88 | --hardest [N]]
//!     [--with-lc-baseline | --lc-instances 1,2,3 | --lc-shortest N] [--no-plain] [--verbose]
//!     [--partition 663 | 78 | 771 | CELLS/CELLS/...] [--estimates-only]
//!     [--today] [--no-unpruned] [--unordered] [--threads N] [--build-only [fast|reference]]
//! ```
//! `--build-only` builds the partition's tables with the fast builder and then the reference
//! one (the builder before issue 10) in the same process, checks they are equal byte for byte,
//! prints each one's wall and CPU time and peak resident memory, and stops (`fast` or
//! `reference` builds with that one only).
//! The data file is `tests/fixtures/korf100.txt` in the workspace, or `$KORF100`; `--hardest`
//! reads the 17 positions that need 80 moves, `tests/fixtures/hardest4x4.txt` (first N): with
//! the 7-7-1 default all 17 take about 45 s on one core (1.3 to 5.5 s each, 19 to 71 M nodes),
//! plus the table build (about 21 s, or nothing with `$PDB_CACHE_DIR` set and filled).
//! Rows: the partition with reflection, redundant-move pruning and child ordering (the default
//! search), with `--unordered` the same without ordering, without pruning or ordering
//! (`--no-unpruned` drops it), without reflection either (`--no-plain`
//! drops it), with `--threads N` the default search on N threads (and the tables built on up
//! to N threads), and with `--today` the
//! method before issue 10 (6-6-3 + reflection, no pruning), built in the same run.
//! Every length must equal the listed optimum, or the process exits with status 1.
//! The LC baseline (~37M nodes an instance on average, about a minute and a half for ten)
//! runs by default on every 10th instance of the selection (1, 11, ..., 91 for all 100;
//! `--lc-every N` changes the step); `--with-lc-baseline` runs it on the whole selection
//! (many minutes), `--lc-instances` on a chosen list, `--lc-shortest N` on the N shortest
//! listed optima (quick but easy), `--lc-shortest 0` not at all.

use std::process::ExitCode;
use std::time::Instant;

use puzzle_core::pdb::{AdditivePdb, Builder, Partition};
use puzzle_core::tuned::parallel::{solve_pdb_parallel, ParallelConfig};
use puzzle_core::tuned::{solve_pdb, TunedOptions};
use puzzle_core::{
    solve, Algorithm, Board, Goal, HeuristicKind, Limits, Shape, SolveOutcome, SolverConfig,
};

const PUBLISHED_LC: f64 = 37_600_000.0;

/// Published mean nodes for a partition (by group sizes): (plain, with reflection).
fn published(sizes: &[usize]) -> (Option<f64>, Option<f64>) {
    let mut sorted = sizes.to_vec();
    sorted.sort_unstable();
    match sorted.as_slice() {
        [5, 5, 5] => (Some(3_090_405.0), None),
        [3, 6, 6] => (Some(617_555.0), None),
        [7, 8] => (Some(136_288.0), Some(36_710.0)),
        _ => (None, None),
    }
}

struct Instance {
    number: usize,
    board: Board,
    optimal: usize,
}

struct Options {
    selection: Option<Vec<usize>>,
    first: Option<usize>,
    lc: LcChoice,
    plain: bool,
    verbose: bool,
    /// Groups of goal cells, e.g. `4,5,8,9,12,13/6,7,10,11,14,15/1,2,3`.
    partition: Option<String>,
    estimates_only: bool,
    /// Run the 80-move positions (the first N, or all) instead of Korf's 100.
    hardest: Option<usize>,
    today: bool,
    unpruned: bool,
    unordered: bool,
    threads: Option<usize>,
    /// Only build the tables, with these builders in turn.
    build_only: Option<Vec<Builder>>,
}

enum LcChoice {
    Every(usize),
    Shortest(usize),
    All,
    Listed(Vec<usize>),
}

fn parse_list(text: &str) -> Vec<usize> {
    text.split(',')
        .filter(|t| !t.trim().is_empty())
        .map(|t| t.trim().parse().expect("instance numbers are 1..100"))
        .collect()
}

fn options() -> Options {
    let mut options = Options {
        selection: None,
        first: None,
        lc: LcChoice::Every(10),
        plain: true,
        verbose: false,
        partition: None,
        estimates_only: false,
        hardest: None,
        today: false,
        unpruned: true,
        unordered: false,
        threads: None,
        build_only: None,
    };
    let mut args = std::env::args().skip(1).peekable();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--first" => options.first = args.next().and_then(|n| n.parse().ok()),
            "--instances" => options.selection = args.next().map(|l| parse_list(&l)),
            "--with-lc-baseline" => options.lc = LcChoice::All,
            "--lc-instances" => options.lc = LcChoice::Listed(parse_list(&args.next().unwrap())),
            "--lc-every" => {
                options.lc = LcChoice::Every(args.next().and_then(|n| n.parse().ok()).unwrap())
            }
            "--lc-shortest" => {
                options.lc = LcChoice::Shortest(args.next().and_then(|n| n.parse().ok()).unwrap())
            }
            "--no-plain" => options.plain = false,
            "--verbose" => options.verbose = true,
            "--partition" => options.partition = args.next(),
            "--estimates-only" => options.estimates_only = true,
            "--hardest" => {
                options.hardest = Some(usize::MAX);
                if let Some(n) = args.peek().and_then(|n| n.parse().ok()) {
                    options.hardest = Some(n);
                    args.next();
                }
            }
            "--today" => options.today = true,
            "--no-unpruned" => options.unpruned = false,
            "--unordered" => options.unordered = true,
            "--threads" => options.threads = args.next().and_then(|n| n.parse().ok()),
            "--build-only" => {
                options.build_only = Some(match args.peek().map(String::as_str) {
                    Some("fast") => vec![Builder::Fast],
                    Some("reference") => vec![Builder::Reference],
                    _ => vec![Builder::Fast, Builder::Reference],
                });
                if options.build_only.as_ref().is_some_and(|b| b.len() == 1) {
                    args.next();
                }
            }
            // `cargo bench` passes `--bench`; ignore it and any filter.
            _ => {}
        }
    }
    options
}

fn load(hardest: bool) -> Vec<Instance> {
    let path = if hardest {
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/fixtures/hardest4x4.txt"
        )
        .to_string()
    } else {
        std::env::var("KORF100").unwrap_or_else(|_| {
            concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../tests/fixtures/korf100.txt"
            )
            .to_string()
        })
    };
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {path}: {e}"));
    let shape = Shape::square(4).unwrap();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .enumerate()
        .map(|(i, line)| {
            let numbers: Vec<usize> = line
                .split_whitespace()
                .map(|t| t.parse().unwrap())
                .collect();
            Instance {
                number: i + 1,
                board: Board::new(shape, numbers[..16].to_vec()).unwrap(),
                optimal: numbers[16],
            }
        })
        .collect()
}

/// Peak resident memory of this process so far (Linux), in MB.
fn peak_rss_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

/// Resets the peak resident memory of this process to its current size (Linux), so that the
/// next build's peak is its own.
fn reset_peak_rss() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// Builds the partition's tables with each builder in turn, reporting time and peak memory,
/// and checks that they are equal.
fn build_only(goal: &Board, partition: &Partition, builders: &[Builder]) -> ExitCode {
    println!("{}", load_line());
    let mut built: Vec<(Builder, Vec<u8>)> = Vec::new();
    for &builder in builders {
        reset_peak_rss();
        let cpu_start = cpu_seconds();
        let start = Instant::now();
        let pdb = AdditivePdb::build_with(goal, partition, builder, &mut Limits::default())
            .expect("the tables build");
        let seconds = start.elapsed().as_secs_f64();
        let cpu = cpu_seconds() - cpu_start;
        let peak = peak_rss_mb();
        let per_table: Vec<String> = pdb
            .tables()
            .iter()
            .map(|t| format!("{:.2}", t.build_ms().unwrap_or(0.0) / 1e3))
            .collect();
        println!(
            "  {builder:?} builder: {seconds:.2} s ({cpu:.2} s CPU; tables {} s), peak RSS {}, \
             estimated peak {:.1} MB, {:.2} MB held",
            per_table.join(" + "),
            peak.map_or("n/a".to_string(), |m| format!("{m:.1} MB")),
            pdb.tables()
                .iter()
                .map(|t| mb(builder.peak_bytes(t.index())))
                .fold(0.0, f64::max),
            mb(pdb.memory_bytes() as u64)
        );
        built.push((builder, pdb.to_bytes()));
    }
    println!("{}", load_line());
    if let [(_, first), rest @ ..] = built.as_slice() {
        if rest.iter().any(|(_, bytes)| bytes != first) {
            eprintln!("FAIL: the builders' tables differ");
            return ExitCode::FAILURE;
        }
        if !rest.is_empty() {
            println!("  the builders' tables are equal byte for byte");
        }
    }
    ExitCode::SUCCESS
}

/// The load average (Linux), to judge how far timings can be trusted on a shared machine.
fn load_line() -> String {
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    format!(
        "  load average: {}",
        load.split_whitespace()
            .take(3)
            .collect::<Vec<_>>()
            .join(" ")
    )
}

/// CPU seconds used by this process so far (user + system, Linux, 10 ms resolution): unlike
/// wall time, barely inflated when other processes share the cores.
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return f64::NAN;
    };
    // Fields after the command name (which is in parentheses): utime and stime are the 12th
    // and 13th of them, in clock ticks (100 a second on Linux).
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (ticks(11) + ticks(12)) / 100.0
}

fn mb(bytes: u64) -> f64 {
    bytes as f64 / 1e6
}

struct Run {
    nodes: Vec<u64>,
    times: Vec<f64>,
    seconds: f64,
    failures: usize,
}

fn run_pdb(
    instances: &[&Instance],
    pdb: &AdditivePdb,
    options: &TunedOptions,
    threads: usize,
    verbose: bool,
) -> Run {
    let mut run = Run {
        nodes: Vec::new(),
        times: Vec::new(),
        seconds: 0.0,
        failures: 0,
    };
    for instance in instances {
        let cpu_start = cpu_seconds();
        let start = Instant::now();
        let solution = if threads > 1 {
            solve_pdb_parallel(
                &instance.board,
                pdb,
                options,
                &ParallelConfig::threads(threads),
                &mut Limits::default(),
            )
        } else {
            solve_pdb(&instance.board, pdb, options, &mut Limits::default())
        }
        .unwrap();
        let seconds = start.elapsed().as_secs_f64();
        run.seconds += seconds;
        run.times.push(seconds);
        run.nodes.push(solution.stats.generated);
        let ok = solution.outcome == SolveOutcome::Solved
            && solution.length() == Some(instance.optimal)
            && instance.board.after(&solution.moves).ok().as_ref() == Some(pdb.goal());
        if !ok {
            run.failures += 1;
            eprintln!(
                "FAIL instance {}: {:?} length {:?}, listed optimum {}",
                instance.number,
                solution.outcome,
                solution.length(),
                instance.optimal
            );
        }
        if verbose {
            println!(
                "  #{:<3} len {:>2}  nodes {:>12}  {:>8.3} s  (CPU {:.2} s)",
                instance.number,
                instance.optimal,
                solution.stats.generated,
                seconds,
                cpu_seconds() - cpu_start
            );
        }
    }
    run
}

fn mean(values: &[u64]) -> f64 {
    values.iter().sum::<u64>() as f64 / values.len().max(1) as f64
}

fn main() -> ExitCode {
    let options = options();
    let all = load(options.hardest.is_some());
    let mut selected: Vec<&Instance> = match (&options.selection, options.first, options.hardest) {
        (_, _, Some(n)) => all.iter().take(n).collect(),
        (Some(list), _, _) => list.iter().map(|&n| &all[n - 1]).collect(),
        (None, Some(n), _) => all.iter().take(n).collect(),
        (None, None, _) => all.iter().collect(),
    };
    selected.dedup_by_key(|i| i.number);
    let goal = Goal::BlankFirst.board(Shape::square(4).unwrap()).unwrap();
    let partition = match &options.partition {
        Some(text) if text == "78" => Partition::korf_78(&goal).unwrap(),
        Some(text) if text == "663" => Partition::korf_663(&goal).unwrap(),
        Some(text) if text == "771" => Partition::split_771(&goal).unwrap(),
        Some(text) => {
            let groups: Vec<Vec<usize>> = text.split('/').map(parse_list).collect();
            let refs: Vec<&[usize]> = groups.iter().map(Vec::as_slice).collect();
            Partition::from_goal_cells(&goal, &refs).unwrap()
        }
        None => Partition::default_for(&goal).unwrap(),
    };

    if let Some(builders) = &options.build_only {
        println!(
            "building {:?} for goal {goal}, builders {builders:?}",
            partition.groups()
        );
        return build_only(&goal, &partition, builders);
    }
    println!("{}", load_line());
    if options.hardest.is_some() {
        println!("The 80-move positions: {} selected", selected.len());
    } else {
        println!("Korf 100: {} instances selected", selected.len());
    }
    println!(
        "pattern databases: {:?} for goal {goal}",
        partition.groups()
    );
    // `$PDB_CACHE_DIR`, when set, keeps the built tables between runs (to compare searches).
    let cache_file = std::env::var_os("PDB_CACHE_DIR").map(|dir| {
        let key = partition
            .cache_key(&goal)
            .replace([':', ' ', '/', '|', ','], "_");
        std::path::PathBuf::from(dir).join(format!("{key}.npdb"))
    });
    if let Some(pdb) = cache_file
        .as_ref()
        .and_then(|file| std::fs::read(file).ok())
        .and_then(|bytes| AdditivePdb::from_bytes(&bytes).ok())
    {
        println!(
            "  tables read from {}",
            cache_file.as_ref().unwrap().display()
        );
        return run_all(&options, &selected, &goal, &partition, pdb);
    }
    let start = Instant::now();
    let pdb = match options.threads {
        Some(threads) => {
            println!("  building the tables on up to {threads} threads");
            AdditivePdb::build_parallel(&goal, &partition, threads, &mut Limits::default())
        }
        None => AdditivePdb::build(&goal, &partition, &mut Limits::default()),
    }
    .unwrap();
    let build_seconds = start.elapsed().as_secs_f64();
    if let Some(file) = &cache_file {
        let _ = std::fs::write(file, pdb.to_bytes());
    }
    let stats = pdb.build_stats().unwrap();
    for table in pdb.tables() {
        println!(
            "  table {:?}: {} entries, {:.2} MB, max entry {}, built in {:.2} s, build peak {:.1} MB",
            table.tiles(),
            table.len(),
            mb(table.memory_bytes() as u64),
            table.max_value(),
            table.build_ms().unwrap_or(0.0) / 1e3,
            mb(Builder::Fast.peak_bytes(table.index()))
        );
    }
    println!(
        "  all tables: built in {:.2} s ({} abstract states expanded), {:.2} MB held, build peak {:.1} MB (process peak RSS {})",
        build_seconds,
        stats.expanded,
        mb(pdb.memory_bytes() as u64),
        mb(pdb.build_peak_bytes()),
        peak_rss_mb().map_or("n/a".to_string(), |m| format!("{m:.1} MB"))
    );
    let bytes = pdb.to_bytes();
    let start = Instant::now();
    let reloaded = AdditivePdb::from_bytes(&bytes).unwrap();
    println!(
        "  serialized: {:.2} MB, read back in {:.3} s",
        mb(bytes.len() as u64),
        start.elapsed().as_secs_f64()
    );
    drop(reloaded);
    run_all(&options, &selected, &goal, &partition, pdb)
}

fn run_all(
    options: &Options,
    selected: &[&Instance],
    goal: &Board,
    partition: &Partition,
    pdb: AdditivePdb,
) -> ExitCode {
    let sizes: Vec<usize> = partition.groups().iter().map(Vec::len).collect();
    let name = sizes
        .iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join("-");
    let (published_plain, published_reflected) = published(&sizes);

    let heuristics = [HeuristicKind::Manhattan, HeuristicKind::LinearConflict]
        .map(|kind| puzzle_core::Heuristic::new(kind, goal));
    let count = selected.len() as f64;
    let mean_of = |f: &dyn Fn(&Board) -> u32| {
        selected.iter().map(|i| f64::from(f(&i.board))).sum::<f64>() / count
    };
    println!(
        "  mean initial estimate: Manhattan {:.2}, linear conflict {:.2}, {name} {:.2}, {name} with reflection {:.2}; mean optimum {:.2}",
        mean_of(&|b| heuristics[0].estimate(b)),
        mean_of(&|b| heuristics[1].estimate(b)),
        mean_of(&|b| pdb.estimate_direct(b.cells())),
        mean_of(&|b| pdb.estimate(b.cells())),
        selected.iter().map(|i| i.optimal as f64).sum::<f64>() / count
    );

    if options.estimates_only {
        return ExitCode::SUCCESS;
    }
    let mut failures = 0;
    let mut reflected_nodes = Vec::new();
    let mut reflected_times = Vec::new();
    println!();
    println!(
        "| search | solved optimally | mean nodes generated | published | total s | CPU s | mean s | max s |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- | --- |");
    let mut rows = Vec::new();
    let today_pdb = options.today.then(|| {
        let start = Instant::now();
        let partition = Partition::korf_663(goal).unwrap();
        let pdb = AdditivePdb::build(goal, &partition, &mut Limits::default()).unwrap();
        println!(
            "today's 6-6-3 built in {:.2} s, {:.2} MB",
            start.elapsed().as_secs_f64(),
            mb(pdb.memory_bytes() as u64)
        );
        pdb
    });
    let pruned = TunedOptions {
        reflection: true,
        prune_redundant: true,
        order_children: true,
    };
    let unpruned = TunedOptions {
        prune_redundant: false,
        order_children: false,
        ..pruned
    };
    let plain = TunedOptions {
        reflection: false,
        prune_redundant: false,
        order_children: false,
    };
    let mut runs: Vec<(String, &AdditivePdb, TunedOptions, usize, Option<f64>)> = vec![(
        format!("{name} + reflection + move pruning + ordering, tuned IDA*"),
        &pdb,
        pruned,
        1,
        None,
    )];
    if let Some(threads) = options.threads {
        runs.push((
            format!("{name} + reflection + move pruning + ordering, {threads} threads"),
            &pdb,
            pruned,
            threads,
            None,
        ));
    }
    if options.unordered {
        runs.push((
            format!("{name} + reflection + move pruning, unordered children"),
            &pdb,
            TunedOptions {
                order_children: false,
                ..pruned
            },
            1,
            None,
        ));
    }
    if options.unpruned {
        runs.push((
            format!("{name} + reflection, tuned IDA*"),
            &pdb,
            unpruned,
            1,
            published_reflected,
        ));
    }
    if options.plain {
        runs.push((
            format!("{name}, tuned IDA*"),
            &pdb,
            plain,
            1,
            published_plain,
        ));
    }
    if let Some(today) = &today_pdb {
        runs.push((
            "today: 6-6-3 + reflection, tuned IDA*".to_string(),
            today,
            unpruned,
            1,
            None,
        ));
    }
    for (i, (label, pdb, search, threads, published)) in runs.iter().enumerate() {
        if options.verbose {
            println!("{label}:");
        }
        let cpu_start = cpu_seconds();
        let run = run_pdb(selected, pdb, search, *threads, options.verbose);
        let cpu = cpu_seconds() - cpu_start;
        failures += run.failures;
        if i == 0 {
            reflected_nodes = run.nodes.clone();
            reflected_times = run.times.clone();
        }
        let slowest = run.times.iter().copied().fold(0.0, f64::max);
        rows.push(format!(
            "| {label} | {}/{} | {:.0} | {} | {:.2} | {cpu:.2} | {:.4} | {:.3} |",
            selected.len() - run.failures,
            selected.len(),
            mean(&run.nodes),
            published.map_or("-".to_string(), |p| format!("{p:.0}")),
            run.seconds,
            run.seconds / selected.len() as f64,
            slowest
        ));
    }
    for row in &rows {
        println!("{row}");
    }

    // The LC baseline on its subset.
    let lc_set: Vec<usize> = match &options.lc {
        LcChoice::All => (0..selected.len()).collect(),
        LcChoice::Listed(list) => list
            .iter()
            .filter_map(|n| selected.iter().position(|i| i.number == *n))
            .collect(),
        LcChoice::Every(step) => (0..selected.len()).step_by((*step).max(1)).collect(),
        LcChoice::Shortest(count) => {
            let mut order: Vec<usize> = (0..selected.len()).collect();
            order.sort_by_key(|&i| (selected[i].optimal, selected[i].number));
            order.truncate(*count);
            order.sort();
            order
        }
    };
    if !lc_set.is_empty() {
        let config = SolverConfig {
            algorithm: Algorithm::IdaStar,
            heuristic: HeuristicKind::LinearConflict,
            depth_limit: 100,
        };
        let (mut lc_nodes, mut lc_seconds, mut pdb_nodes) = (0u64, 0f64, 0u64);
        let mut pdb_seconds = 0f64;
        let mut numbers = Vec::new();
        for &i in &lc_set {
            let instance = selected[i];
            let start = Instant::now();
            let solution = solve(&instance.board, goal, &config, &mut Limits::default()).unwrap();
            lc_seconds += start.elapsed().as_secs_f64();
            if solution.length() != Some(instance.optimal) {
                failures += 1;
                eprintln!("FAIL (LC) instance {}", instance.number);
            }
            lc_nodes += solution.stats.generated;
            pdb_nodes += reflected_nodes[i];
            pdb_seconds += reflected_times[i];
            numbers.push(instance.number);
            if options.verbose {
                println!(
                    "  LC #{:<3} nodes {:>12}  {:.2} s",
                    instance.number,
                    solution.stats.generated,
                    start.elapsed().as_secs_f64()
                );
            }
        }
        let count = lc_set.len() as f64;
        println!();
        println!(
            "LC baseline (generic IDA*, Manhattan + linear conflict) on {} instances {:?}{}:",
            lc_set.len(),
            numbers,
            match options.lc {
                LcChoice::Every(step) => format!(
                    " (a sample: every {step}th of the selection; --with-lc-baseline for all)"
                ),
                LcChoice::Shortest(_) => " (the shortest listed optima of the selection)".into(),
                _ => String::new(),
            }
        );
        println!(
            "  mean nodes {:.0} (published over all 100: {:.0}), total {:.2} s",
            lc_nodes as f64 / count,
            PUBLISHED_LC,
            lc_seconds
        );
        println!(
            "  {name} + reflection on the same instances: mean nodes {:.0}, total {:.3} s; LC/PDB ratio: {:.1}x nodes, {:.1}x time",
            pdb_nodes as f64 / count,
            pdb_seconds,
            lc_nodes as f64 / pdb_nodes.max(1) as f64,
            lc_seconds / pdb_seconds.max(1e-9)
        );
    }
    if failures > 0 {
        eprintln!("{failures} instance(s) not solved to the listed optimum");
        return ExitCode::FAILURE;
    }
    println!("{}", load_line());
    println!("\nall lengths equal the listed optima");
    ExitCode::SUCCESS
}
