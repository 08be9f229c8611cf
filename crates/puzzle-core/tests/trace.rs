//! Tracing a search: the observer sees exactly the search that runs without one.

use puzzle_core::heuristic::Heuristic;
use puzzle_core::search::astar::{astar, astar_traced};
use puzzle_core::search::{Expansion, Fate, Generated, Limits, Observer};
use puzzle_core::solver::{Algorithm, DEFAULT_DEPTH_LIMIT};
use puzzle_core::trace::{solve_traced, TraceEvent};
use puzzle_core::{solve, Board, Goal, HeuristicKind, SolveOutcome, SolverConfig};

fn seed() -> (Board, Board) {
    let board: Board = "6 1 7 3 0 4 5 8 2".parse().unwrap();
    let goal = Goal::Snail.board(board.shape()).unwrap();
    (board, goal)
}

fn config(algorithm: Algorithm, heuristic: HeuristicKind) -> SolverConfig {
    SolverConfig {
        algorithm,
        heuristic,
        depth_limit: DEFAULT_DEPTH_LIMIT,
    }
}

fn children(board: &Board) -> Vec<(Board, u32)> {
    board.children().map(|(_, child)| (child, 1)).collect()
}

/// Records the boards an observer is told were expanded.
#[derive(Default)]
struct Expanded(Vec<Board>);

impl Observer<Board, u32> for Expanded {
    fn expand(&mut self, step: Expansion<'_, Board, u32>) {
        self.0.push(step.node.clone());
    }
}

#[test]
fn a_traced_astar_expands_the_same_boards_in_the_same_order() {
    let (board, goal) = seed();
    let manhattan = Heuristic::new(HeuristicKind::Manhattan, &goal);
    // Without an observer: the successors closure runs once per expansion, in order.
    let mut untraced = Vec::new();
    let plain = astar(
        &board,
        |b: &Board| {
            untraced.push(b.clone());
            children(b)
        },
        |b| manhattan.estimate(b),
        |b| *b == goal,
        &mut Limits::default(),
    );
    let mut observer = Expanded::default();
    let traced = astar_traced(
        &board,
        children,
        |b| manhattan.estimate(b),
        |b| *b == goal,
        &mut Limits::default(),
        &mut observer,
    );
    assert_eq!(observer.0, untraced);
    assert_eq!(plain.stats.expanded, traced.stats.expanded);
    assert_eq!(plain.length(), Some(24));
    assert_eq!(traced.path(), plain.path());
}

#[test]
fn the_puzzle_trace_of_astar_ends_at_the_goal_with_f_never_decreasing() {
    let (board, goal) = seed();
    let config = config(Algorithm::AStar, HeuristicKind::Manhattan);
    let plain = solve(&board, &goal, &config, &mut Limits::default()).unwrap();
    let mut events = Vec::new();
    let traced = solve_traced(&board, &goal, &config, &mut Limits::default(), &mut |e| {
        events.push(e)
    })
    .unwrap();
    assert_eq!(traced.moves, plain.moves);
    assert_eq!(traced.stats.expanded, plain.stats.expanded);
    assert_eq!(traced.stats.generated, plain.stats.generated);
    let expansions: Vec<(Board, u32, u32)> = events
        .iter()
        .filter_map(|e| match e {
            TraceEvent::Expand { board, g, h, .. } => Some((board.clone(), *g, *h)),
            _ => None,
        })
        .collect();
    assert_eq!(expansions.len() as u64, plain.stats.expanded);
    assert_eq!(expansions[0].0, board);
    // Manhattan is consistent: f = g + h never decreases along A*'s expansion order.
    let f: Vec<u32> = expansions.iter().map(|(_, g, h)| g + h).collect();
    assert!(f.windows(2).all(|w| w[0] <= w[1]), "{f:?}");
    assert_eq!(
        events.last(),
        Some(&TraceEvent::Goal {
            board: goal.clone(),
            g: 24
        })
    );
    // The same boards as the generic A* over boards, in the same order.
    let manhattan = Heuristic::new(HeuristicKind::Manhattan, &goal);
    let mut untraced = Vec::new();
    astar(
        &board,
        |b: &Board| {
            untraced.push(b.clone());
            children(b)
        },
        |b| manhattan.estimate(b),
        |b| *b == goal,
        &mut Limits::default(),
    );
    let traced_boards: Vec<Board> = expansions.into_iter().map(|(b, _, _)| b).collect();
    assert_eq!(traced_boards, untraced);
}

#[test]
fn every_method_reports_as_many_events_as_it_counts() {
    let board: Board = "1 2 3 4 5 6 0 7 8".parse().unwrap();
    let board = board
        .after(&puzzle_core::parse_moves("URDLURDL").unwrap())
        .unwrap();
    let goal = Goal::Standard.board(board.shape()).unwrap();
    for algorithm in Algorithm::ALL {
        let config = config(algorithm, HeuristicKind::LinearConflict);
        let plain = solve(&board, &goal, &config, &mut Limits::default()).unwrap();
        let mut events = Vec::new();
        let traced = solve_traced(&board, &goal, &config, &mut Limits::default(), &mut |e| {
            events.push(e)
        })
        .unwrap();
        assert_eq!(traced.outcome, SolveOutcome::Solved, "{algorithm}");
        assert_eq!(traced.moves, plain.moves, "{algorithm}");
        assert_eq!(traced.stats.expanded, plain.stats.expanded, "{algorithm}");
        let count = |keep: &dyn Fn(&TraceEvent) -> bool| events.iter().filter(|e| keep(e)).count();
        let expanded = count(&|e| matches!(e, TraceEvent::Expand { .. }));
        assert_eq!(expanded as u64, plain.stats.expanded, "{algorithm}");
        // Graph searches count skipped duplicates as generated; depth-first ones do not count
        // the move back to the parent.
        let depth_first = matches!(
            algorithm,
            Algorithm::Dfs | Algorithm::Iddfs | Algorithm::IdaStar
        );
        let generated = count(&|e| match e {
            TraceEvent::Generated { fate, .. } => !depth_first || *fate != Fate::Skipped,
            _ => false,
        });
        assert_eq!(generated as u64, plain.stats.generated, "{algorithm}");
        let iterations = count(&|e| matches!(e, TraceEvent::Iteration { .. }));
        assert_eq!(
            iterations,
            plain.stats.iteration_bounds.len(),
            "{algorithm}"
        );
        assert!(
            matches!(events.last(), Some(TraceEvent::Goal { board: b, .. }) if *b == goal),
            "{algorithm}"
        );
    }
}

/// Counts what entered and left OPEN.
#[derive(Default)]
struct OpenCount {
    entered: usize,
    left: usize,
    /// OPEN as reported at each expansion, and as counted from the events.
    reported: Vec<Option<usize>>,
    counted: Vec<Option<usize>>,
}

impl Observer<Board, usize> for OpenCount {
    fn expand(&mut self, step: Expansion<'_, Board, usize>) {
        self.left += 1;
        self.reported.push(step.open);
        // The start, plus every child opened so far, minus every board expanded.
        self.counted.push(Some(1 + self.entered - self.left));
        assert_eq!(step.closed, self.left);
    }
    fn generated(&mut self, child: Generated<'_, Board, usize>) {
        if child.fate == Fate::Opened {
            self.entered += 1;
        }
    }
}

#[test]
fn bfs_open_list_sizes_add_up() {
    let (board, goal) = seed();
    let mut observer = OpenCount::default();
    let result = puzzle_core::search::bfs::bfs_traced(
        &board,
        |b: &Board| children(b).into_iter().map(|(b, _)| b).collect::<Vec<_>>(),
        |b| *b == goal,
        &mut Limits::default(),
        &mut observer,
    );
    assert_eq!(result.length(), Some(24));
    assert_eq!(observer.left as u64, result.stats.expanded);
    assert_eq!(observer.reported, observer.counted);
}
