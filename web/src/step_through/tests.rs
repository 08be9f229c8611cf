use puzzle_core::trace::{solve_traced, TraceEvent};
use puzzle_core::{Algorithm, Board, Goal, HeuristicKind, Limits, Method, SolverConfig};

use super::trace_set::{Trace, TraceAction, TraceSet, MAX_EXPANSIONS};
use super::tree::NodeState;
use super::Replay;

const BOARD: &str = "6 1 7 3 0 4 5 8 2";

fn config(algorithm: Algorithm, heuristic: HeuristicKind) -> SolverConfig {
    SolverConfig {
        algorithm,
        heuristic,
        depth_limit: 40,
    }
}

/// The trace the worker sends for `board` towards `goal` (same limit).
fn trace(board: &str, goal: Goal, config: &SolverConfig) -> (Vec<TraceEvent>, Board) {
    let board: Board = board.parse().unwrap();
    let goal = goal.board(board.shape()).unwrap();
    let mut events = Vec::new();
    let mut limits = Limits::with_budget(MAX_EXPANSIONS);
    solve_traced(&board, &goal, config, &mut limits, &mut |e| events.push(e)).unwrap();
    (events, goal)
}

fn expands(events: &[TraceEvent]) -> Vec<(usize, Option<usize>)> {
    events
        .iter()
        .filter_map(|e| match e {
            TraceEvent::Expand { closed, open, .. } => Some((*closed, *open)),
            _ => None,
        })
        .collect()
}

/// Checks the tree's shape: one root, every parent generated and expanded before its child.
fn check_tree(replay: &Replay) {
    let nodes = &replay.tree.nodes;
    assert!(nodes[0].parent.is_none());
    for (id, node) in nodes.iter().enumerate().skip(1) {
        let parent = node.parent.expect("only the root has no parent");
        assert!(parent < id, "node {id} made before its parent {parent}");
        assert!(
            matches!(nodes[parent].state, NodeState::Expanded | NodeState::Goal)
                && nodes[parent].expanded_at.is_some(),
            "the parent of node {id} was not expanded"
        );
        assert_eq!(node.depth, nodes[parent].depth + 1);
    }
}

#[test]
fn twenty_steps_of_bfs_and_astar_count_what_the_core_counts() {
    for (algorithm, open_after_20) in [(Algorithm::Bfs, 15), (Algorithm::AStar, 16)] {
        let (events, _) = trace(
            BOARD,
            Goal::Snail,
            &config(algorithm, HeuristicKind::Manhattan),
        );
        let mut replay = Replay::new(algorithm);
        replay.advance(events.iter(), 20);
        assert_eq!(replay.mismatch, None);
        assert_eq!(replay.step, 20);
        let core = expands(&events);
        // CLOSED after 20 expansions is what the core reported at the 20th.
        assert_eq!(replay.closed, core[19].0);
        assert_eq!(replay.closed, 20);
        // OPEN now is what the core held before its 21st pop (no superseded entries here).
        assert_eq!(replay.open_stale(), 0);
        assert_eq!(replay.open_len(), core[20].1.map(|n| n + 1));
        // The numbers the browser test expects.
        assert_eq!(replay.open_len(), Some(open_after_20), "{algorithm:?}");
        check_tree(&replay);
        // The tree holds the root and every child generated so far.
        let generated = events[..replay.cursor]
            .iter()
            .filter(|e| matches!(e, TraceEvent::Generated { .. }))
            .count();
        assert_eq!(replay.tree.nodes.len(), generated + 1);
    }
}

#[test]
fn whole_traces_replay_node_for_node_and_end_at_the_goal() {
    let cases = [
        (BOARD, Algorithm::AStar, HeuristicKind::Manhattan),
        (BOARD, Algorithm::AStar, HeuristicKind::Misplaced),
        (BOARD, Algorithm::AStar, HeuristicKind::LinearConflict),
        (BOARD, Algorithm::Greedy, HeuristicKind::LinearConflict),
        (BOARD, Algorithm::Bfs, HeuristicKind::Manhattan),
        (BOARD, Algorithm::IdaStar, HeuristicKind::LinearConflict),
        (
            "1 2 3 0 4 6 7 5 8",
            Algorithm::Bfs,
            HeuristicKind::Manhattan,
        ),
        (
            "1 2 3 0 4 6 7 5 8",
            Algorithm::Iddfs,
            HeuristicKind::Manhattan,
        ),
        (
            "1 2 3 0 4 6 7 5 8",
            Algorithm::Dfs,
            HeuristicKind::Manhattan,
        ),
        (
            "1 2 3 4 5 6 7 8 0",
            Algorithm::AStar,
            HeuristicKind::Manhattan,
        ),
        ("1 2 0 3", Algorithm::Bfs, HeuristicKind::Manhattan),
    ];
    for (board, algorithm, heuristic) in cases {
        let goal = if board == BOARD {
            Goal::Snail
        } else {
            Goal::Standard
        };
        let (events, goal_board) = trace(board, goal, &config(algorithm, heuristic));
        let mut replay = Replay::new(algorithm);
        replay.advance(events.iter(), usize::MAX);
        let what = format!("{board} {algorithm:?} {heuristic:?}");
        assert_eq!(replay.mismatch, None, "{what}");
        assert_eq!(replay.cursor, events.len(), "{what}");
        assert_eq!(replay.step, expands(&events).len(), "{what}");
        check_tree(&replay);
        let solved = matches!(events.last(), Some(TraceEvent::Goal { .. }));
        if let Some(TraceEvent::Goal { g, .. }) = events.last() {
            let goal = replay.goal.expect("the goal is in the tree");
            let path = replay.tree.path_to(goal);
            assert_eq!(path[0], 0, "{what}");
            assert_eq!(path.len(), *g as usize + 1, "{what}");
            assert_eq!(replay.tree.nodes[goal].board, goal_board, "{what}");
            assert!(path.iter().all(|&id| replay.tree.nodes[id].on_path));
            let marked = replay.tree.nodes.iter().filter(|n| n.on_path).count();
            assert_eq!(marked, path.len(), "{what}");
        }
        // BFS on the hard board stops at the limit.
        // BFS and A* with misplaced tiles need more than the limit on the hard board.
        let over = board == BOARD
            && (algorithm == Algorithm::Bfs || heuristic == HeuristicKind::Misplaced);
        assert_eq!(solved, !over, "{what}");
        if over {
            assert_eq!(replay.step as u64, MAX_EXPANSIONS, "{what}");
        }
    }
}

#[test]
fn stepping_back_is_replaying_from_the_start() {
    let algorithm = Algorithm::AStar;
    let (events, _) = trace(
        BOARD,
        Goal::Snail,
        &config(algorithm, HeuristicKind::Manhattan),
    );
    let mut once = Replay::new(algorithm);
    once.advance(events.iter(), 37);
    let mut steps = Replay::new(algorithm);
    for k in 0..=37 {
        steps.advance(events.iter(), k);
        assert_eq!(steps.step, k);
    }
    assert_eq!(once.tree, steps.tree);
    assert_eq!(once.open_top(10), steps.open_top(10));
    // Step 0 shows the start alone in OPEN.
    let mut start = Replay::new(algorithm);
    start.advance(events.iter(), 0);
    assert_eq!((start.step, start.open_len()), (0, Some(1)));
    assert_eq!(start.open_top(5), vec![0]);
    assert_eq!(start.tree.nodes[0].board, BOARD.parse().unwrap());
}

#[test]
fn open_is_listed_in_the_order_the_method_expands() {
    for algorithm in [Algorithm::Bfs, Algorithm::AStar, Algorithm::Greedy] {
        let (events, _) = trace(
            BOARD,
            Goal::Snail,
            &config(algorithm, HeuristicKind::Manhattan),
        );
        for k in [1, 5, 20, 60] {
            let mut replay = Replay::new(algorithm);
            replay.advance(events.iter(), k);
            let head = replay.open_top(1)[0];
            // The head of OPEN is the next board the core expands.
            let next = events
                .iter()
                .filter_map(|e| match e {
                    TraceEvent::Expand { board, .. } => Some(board),
                    _ => None,
                })
                .nth(k)
                .unwrap();
            assert_eq!(&replay.tree.nodes[head].board, next, "{algorithm:?} {k}");
            let top = replay.open_top(10);
            let nodes = &replay.tree.nodes;
            if algorithm == Algorithm::AStar {
                assert!(top.windows(2).all(|w| nodes[w[0]].f() <= nodes[w[1]].f()));
            }
            if algorithm == Algorithm::Bfs {
                assert!(top.windows(2).all(|w| w[0] < w[1]));
            }
        }
    }
}

#[test]
fn the_drawn_window_is_bounded_and_laid_out_as_a_tree() {
    let algorithm = Algorithm::Bfs;
    let (events, _) = trace(
        BOARD,
        Goal::Snail,
        &config(algorithm, HeuristicKind::Manhattan),
    );
    let mut replay = Replay::new(algorithm);
    replay.advance(events.iter(), 1_000);
    assert!(replay.tree.nodes.len() > 2_000);
    let window = replay.tree.window(400, Some(5));
    assert!(window.len() <= 400 + 40, "{}", window.len());
    assert!(window.contains(&0) && window.contains(&5));
    let placed = replay.tree.layout(&window);
    assert_eq!(placed.len(), window.len());
    for p in &placed {
        if let Some(parent) = p.parent {
            let q = placed.iter().find(|q| q.id == parent).unwrap();
            assert_eq!(q.y + 1.0, p.y);
        }
    }
    // Leaves one column apart: no two nodes of a row share a place.
    let mut spots: Vec<(i64, i64)> = placed
        .iter()
        .map(|p| ((p.x * 2.0) as i64, p.y as i64))
        .collect();
    spots.sort_unstable();
    spots.dedup();
    assert_eq!(spots.len(), placed.len());
}

#[test]
fn chunks_build_the_trace_and_its_csv() {
    let cfg = config(Algorithm::AStar, HeuristicKind::Manhattan);
    let (events, _) = trace(BOARD, Goal::Snail, &cfg);
    let mut set = TraceSet::default();
    set.apply(TraceAction::Started(vec![3, 4]));
    for (i, chunk) in events.chunks(500).enumerate() {
        let last = (i + 1) * 500 >= events.len();
        set.apply(TraceAction::Chunk {
            id: 3,
            events: chunk.to_vec(),
            done: last,
            limit_reached: false,
        });
        // A chunk of an older request is ignored.
        set.apply(TraceAction::Chunk {
            id: 2,
            events: chunk.to_vec(),
            done: true,
            limit_reached: false,
        });
    }
    set.apply(TraceAction::Failed(4, "no".into()));
    let trace: &Trace = &set.traces[0];
    assert!(trace.done && trace.solved());
    assert_eq!(trace.len, events.len());
    assert_eq!(trace.expansions, expands(&events).len());
    assert_eq!(set.traces[1].error.as_deref(), Some("no"));
    let csv = trace.csv();
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some(puzzle_core::trace::CSV_HEADER));
    assert_eq!(lines.count(), events.len());
}

#[test]
fn the_worker_sends_a_long_trace_in_bounded_chunks_and_says_where_it_stopped() {
    use crate::protocol::FromWorker;
    use crate::step_through::trace_set::CHUNK_EVENTS;
    let board: Board = BOARD.parse().unwrap();
    let goal = Goal::Snail.board(board.shape()).unwrap();
    for (algorithm, limited) in [(Algorithm::Bfs, true), (Algorithm::AStar, false)] {
        let cfg = config(algorithm, HeuristicKind::Manhattan);
        let mut replies = Vec::new();
        crate::worker::trace(
            7,
            &board,
            &goal,
            &Method::Search(cfg),
            MAX_EXPANSIONS,
            &mut |r| replies.push(r),
        );
        let mut set = TraceSet::default();
        set.apply(TraceAction::Started(vec![7]));
        let count = replies.len();
        for (i, reply) in replies.into_iter().enumerate() {
            let FromWorker::TraceChunk {
                id,
                events,
                done,
                limit_reached,
            } = reply
            else {
                panic!("only chunks");
            };
            assert_eq!(id, 7);
            assert!(events.len() <= CHUNK_EVENTS);
            assert_eq!(done, i + 1 == count, "only the last chunk is done");
            assert_eq!(limit_reached, done && limited);
            set.apply(TraceAction::Chunk {
                id,
                events,
                done,
                limit_reached,
            });
        }
        let (events, _) = trace(BOARD, Goal::Snail, &cfg);
        let trace = &set.traces[0];
        assert!(trace.events().eq(events.iter()));
        assert_eq!(trace.solved(), !limited);
        if limited {
            assert!(count > 20, "{count} chunks");
            assert_eq!(trace.expansions as u64, MAX_EXPANSIONS);
        }
    }
    // An unsolvable board is an answer without steps.
    let swapped = goal.swapped(0, 1);
    let mut replies = Vec::new();
    let cfg = config(Algorithm::Bfs, HeuristicKind::Manhattan);
    crate::worker::trace(8, &swapped, &goal, &Method::Search(cfg), 10, &mut |r| {
        replies.push(r)
    });
    assert!(
        matches!(&replies[..], [FromWorker::TraceChunk { events, done: true, .. }] if events.is_empty())
    );
}

/// The lab's formula is stepped through like a built-in: A* guided by `manhattan` written as a
/// formula takes the built-in's very steps; a method that is not a search is refused in words.
#[test]
fn a_formula_traces_like_the_built_in_it_equals() {
    use crate::protocol::FromWorker;
    let board: Board = BOARD.parse().unwrap();
    let goal = Goal::Snail.board(board.shape()).unwrap();
    let events_of = |method: &Method| {
        let mut events = Vec::new();
        crate::worker::trace(3, &board, &goal, method, MAX_EXPANSIONS, &mut |r| match r {
            FromWorker::TraceChunk { events: e, .. } => events.extend(e),
            other => panic!("{other:?}"),
        });
        events
    };
    let formula = Method::Formula {
        algorithm: Algorithm::AStar,
        formula: std::sync::Arc::new("manhattan".parse().unwrap()),
    };
    let built_in = Method::Search(config(Algorithm::AStar, HeuristicKind::Manhattan));
    let events = events_of(&formula);
    assert!(events.len() > 10);
    assert_eq!(events, events_of(&built_in));
    let mut replies = Vec::new();
    crate::worker::trace(4, &board, &goal, &Method::PatternDatabase, 10, &mut |r| {
        replies.push(r)
    });
    assert!(
        matches!(&replies[..], [FromWorker::Failed { message, .. }] if message.contains("cannot be stepped through")),
        "{replies:?}"
    );
}
