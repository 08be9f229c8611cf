//! The solve slice's own tests: each change on its own, through [`super::Solve::reduce`].

use super::*;
use crate::state::check::check;
use puzzle_core::{Goal, Limits, Shape};
use SolveChange as A;

fn running(id: u32) -> Box<Running> {
    let goal = Goal::Standard.board(Shape::square(3).unwrap()).unwrap();
    Box::new(Running::new(
        id,
        "1 2 3 4 5 6 0 7 8".parse().unwrap(),
        goal,
        Method::default_for(Shape::square(3).unwrap()),
        None,
        Watch::Off,
    ))
}

/// The workers line follows the running request's worker; a failure stays told, and
/// the next solve starts without a line.
#[test]
fn the_workers_line_follows_the_running_request() {
    let two = WorkersInfo {
        count: 2,
        failed: None,
        memory: vec![64 << 20, 60 << 20],
        rounds: (3, 1),
    };
    let failed = WorkersInfo {
        count: 1,
        failed: Some("it stopped".to_string()),
        memory: vec![64 << 20],
        rounds: (3, 1),
    };
    let told = check(
        Solve::reduce,
        &Solve::default(),
        vec![
            A::Started(running(1)),
            A::Told(2, Told::Workers(two.clone())),
            A::Told(1, Told::Workers(two.clone())),
            A::Told(1, Told::Workers(failed.clone())),
            A::Told(1, Told::Workers(two.clone())),
        ],
        |s| {
            let workers = s.running().unwrap().workers.as_ref().unwrap();
            assert_eq!(workers.failed, failed.failed);
        },
    );
    let same = told.running().unwrap().workers.clone().unwrap();
    assert_eq!(
        told.reduce(A::Told(1, Told::Workers(same))),
        None,
        "nothing new"
    );
    check(Solve::reduce, &told, vec![A::Started(running(2))], |s| {
        assert_eq!(s.running().unwrap().workers, None)
    });
}

#[test]
fn only_the_running_request_is_answered() {
    let r = running(4);
    let solution = puzzle_core::solve(
        &r.start,
        &r.goal,
        &puzzle_core::SolverConfig::best_for(r.start.shape()),
        &mut Limits::default(),
    )
    .unwrap();
    let done = check(
        Solve::reduce,
        &Solve::default(),
        vec![
            A::Started(r.clone()),
            A::Progress(3, Progress::default()),
            A::Finished(3, Box::new(solution.clone())),
            A::Finished(4, Box::new(solution.clone())),
            A::Finished(4, Box::new(solution)),
        ],
        |s| {
            assert!(s.running().is_none());
            let result = s.result().unwrap();
            assert_eq!((result.solution.moves.len(), &result.start), (2, &r.start));
            assert_eq!(result.how_solved, None, "a generic search has no label");
        },
    );
    check(Solve::reduce, &done, vec![A::DropResult], |s| {
        assert_eq!(*s, Solve::Idle)
    });
    assert_eq!(done.reduce(A::Stopped(Stop::Cancelled)), None);
    assert_eq!(done.reduce(A::Failed(4, "late".into())), None);
    check(
        Solve::reduce,
        &done,
        vec![
            A::Started(running(5)),
            A::Failed(6, "another's".into()),
            A::Failed(5, "it broke".into()),
            A::Stopped(Stop::Cancelled),
            A::DropResult,
        ],
        |s| assert_eq!(*s, Solve::Stopped(Stop::Failed("it broke".into()))),
    );
}

/// An answer of `moves` from `r`'s start that does not prove itself shortest, with
/// `bound` as its lower bound.
fn near(r: &Running, moves: &str, bound: u32) -> Box<Solution> {
    let mut solution = puzzle_core::solve(
        &r.start,
        &r.goal,
        &puzzle_core::SolverConfig::best_for(r.start.shape()),
        &mut Limits::default(),
    )
    .unwrap();
    solution.moves = puzzle_core::parse_moves(moves).unwrap();
    assert_eq!(r.start.after(&solution.moves).unwrap(), r.goal);
    solution.stats.optimal = false;
    solution.lower_bound = Some(bound);
    solution.method = r.method.clone();
    Box::new(solution)
}

/// The bound a solve states is the largest it was told, by an answer (kept or not) or by
/// the worker, and every answer, the final one included, is stated against it: a later
/// answer with a weaker bound never lowers it; a proven shortest answer keeps its own.
#[test]
fn every_answer_is_stated_against_the_largest_bound_told() {
    let r = Box::new(Running {
        method: Method::Anytime {
            time_limit_ms: 1000,
        },
        ..*running(1)
    });
    // The start needs 2 moves (RR); the bounds told are 0, then 1, then 2.
    let bounds = |s: &Solve| {
        let running = s.running().unwrap();
        let answers: Vec<_> = running.improved.iter().map(|a| a.lower_bound).collect();
        (running.lower_bound, answers)
    };
    let told = check(
        Solve::reduce,
        &Solve::default(),
        vec![
            A::Started(r.clone()),
            A::Improved(1, near(&r, "RRUDUD", 0)),
            A::Told(1, Told::Bound(1)),
            A::Improved(1, near(&r, "RRUD", 0)),
        ],
        |_| {},
    );
    assert_eq!(bounds(&told), (Some(1), vec![Some(1), Some(1)]));
    assert_eq!(
        told.reduce(A::Told(1, Told::Bound(1))),
        None,
        "not larger: nothing new"
    );
    assert_eq!(
        told.reduce(A::Told(2, Told::Bound(2))),
        None,
        "another request's"
    );
    // A longer answer is not kept, its larger bound is.
    let raised = told.reduce(A::Improved(1, near(&r, "RRUDUD", 2))).unwrap();
    assert_eq!(bounds(&raised), (Some(2), vec![Some(2), Some(2)]));
    // The final answer with a weaker bound is stated against the largest.
    let done = raised.reduce(A::Finished(1, near(&r, "RR", 0))).unwrap();
    let result = done.result().unwrap();
    let stated: Vec<_> = result.answers().map(|a| a.lower_bound).collect();
    assert_eq!(stated, vec![Some(2); 3]);
    let quality = result.how_solved.as_ref().unwrap().quality.clone();
    assert_eq!(
        quality,
        Some(Quality {
            lower_bound: 2,
            ratio: Some(puzzle_core::RatioAtMost::new(2, 2))
        })
    );
    // The final answer's own bound counts too, for every answer.
    let done = told.reduce(A::Finished(1, near(&r, "RR", 2))).unwrap();
    let stated: Vec<_> = done
        .result()
        .unwrap()
        .answers()
        .map(|a| a.lower_bound)
        .collect();
    assert_eq!(stated, vec![Some(2); 3]);
    // A proven shortest answer states no bound.
    let mut shortest = near(&r, "RR", 0);
    shortest.stats.optimal = true;
    shortest.lower_bound = None;
    let done = told.reduce(A::Finished(1, shortest)).unwrap();
    assert_eq!(done.result().unwrap().solution.lower_bound, None);
}

#[test]
fn a_build_after_ready_tables_shows_the_build_again() {
    let build = BuildProgress {
        filled: 10,
        total: 100,
        table: 0,
        tables: 3,
        elapsed_ms: 0.0,
        recent_seconds_left: None,
    };
    let small = TablesInfo::Built {
        ms: 600.0,
        bytes: 1_572_000,
        repaired: false,
        saved: true,
        download_failed: false,
    };
    check(
        Solve::reduce,
        &Solve::default(),
        vec![
            A::Started(running(1)),
            A::Told(1, Told::TablesBuilding(build.clone())),
            A::Told(1, Told::TablesReady(small.clone())),
        ],
        |s| assert_eq!(s.running().unwrap().tables, Tables::Ready(small.clone())),
    );
    check(
        Solve::reduce,
        &Solve::default(),
        vec![
            A::Started(running(1)),
            A::Told(1, Told::TablesReady(small)),
            A::Told(1, Told::TablesBuilding(build.clone())),
        ],
        |s| {
            let tables = &s.running().unwrap().tables;
            assert_eq!(
                *tables,
                Tables::Building(build.clone()),
                "the strong build is shown"
            );
        },
    );
}

/// Nothing of a solve outlives it. Before, the method of the solve (`engine.running`), its
/// tables, their download failures and its build were kept after it ended, and kept by a
/// solve started while it ran: that solve's answer was then labelled with the method and
/// tables of the one before (a generic search's answer "from the pattern database, loaded
/// from cache"), and its tables line showed the other's tables.
#[test]
fn nothing_of_a_solve_outlives_it() {
    let tables = Box::new(Running {
        method: Method::PatternDatabase,
        ..*running(1)
    });
    let cache = TablesInfo::Cache {
        ms: 40.0,
        bytes: 11_000_000,
    };
    let with_tables = check(
        Solve::reduce,
        &Solve::default(),
        vec![
            A::Started(tables.clone()),
            A::Told(1, Told::TablesReady(cache.clone())),
            A::Told(
                1,
                Told::DownloadFailed(ShippedTables::BigBoard, "HTTP 404".into()),
            ),
        ],
        |s| assert_eq!(s.running().unwrap().tables, Tables::Ready(cache.clone())),
    );
    // A generic search started while it ran (a second Solve before the first's end).
    let generic = running(2);
    assert!(generic.method.search_config().is_some(), "a generic search");
    let solution = puzzle_core::solve(
        &generic.start,
        &generic.goal,
        &puzzle_core::SolverConfig::best_for(generic.start.shape()),
        &mut Limits::default(),
    )
    .unwrap();
    check(
        Solve::reduce,
        &with_tables,
        vec![A::Started(generic.clone())],
        |s| assert_eq!(s.running(), Some(&*generic), "nothing of the solve before"),
    );
    check(
        Solve::reduce,
        &with_tables,
        vec![
            A::Started(generic.clone()),
            A::Finished(2, Box::new(solution.clone())),
        ],
        |s| {
            assert_eq!(
                s.result().unwrap().how_solved,
                None,
                "not labelled as the other"
            )
        },
    );
    // After it ended, its method and tables are nowhere: the result says them, and once
    // the result goes, the state is the same as before any solve.
    let done = check(
        Solve::reduce,
        &with_tables,
        vec![A::Finished(1, Box::new(solution))],
        |s| {
            let engine = s.result().unwrap().how_solved.as_ref().unwrap();
            assert_eq!(
                (engine.method.clone(), engine.tables.as_ref()),
                (Method::PatternDatabase, Some(&cache))
            );
        },
    );
    assert_eq!(done.reduce(A::DropResult), Some(Solve::Idle));
    let stopped = with_tables.reduce(A::Stopped(Stop::Cancelled)).unwrap();
    assert_eq!(stopped, Solve::Stopped(Stop::Cancelled));
}

/// A big-board answer's bound is proved better by itself, once: the bound proved is stated
/// with every answer and in the quality line, an answer no longer than it is shortest, and
/// only the proof sent is heard (and none is due for a small board).
#[test]
fn a_proof_raises_the_bound_of_every_answer_once() {
    let shape = Shape::square(5).unwrap();
    let goal = Goal::Standard.board(shape).unwrap();
    let start: Board = goal
        .after(&puzzle_core::parse_moves("LL").unwrap())
        .unwrap();
    let r = Box::new(Running::new(
        1,
        start,
        goal,
        Method::Anytime {
            time_limit_ms: 1000,
        },
        None,
        Watch::Off,
    ));
    let wanted = check(
        Solve::reduce,
        &Solve::default(),
        vec![
            A::Started(r.clone()),
            A::Improved(1, near(&r, "RRUDUDUD", 2)),
            A::Finished(1, near(&r, "RRUDUD", 2)),
        ],
        |_| {},
    );
    assert!(
        wanted.result().unwrap().wants_proof(),
        "due as the answer comes"
    );
    let ended = |id, bound| A::Proof(ProofStep::Ended(id, bound));
    assert_eq!(wanted.reduce(ended(7, Some(4))), None, "not asked");
    let proving = wanted.reduce(A::Proof(ProofStep::Asked(7))).unwrap();
    assert_eq!(proving.proving(), Some(7));
    assert!(!proving.result().unwrap().wants_proof(), "sent once");
    assert_eq!(proving.reduce(A::Proof(ProofStep::Asked(8))), None);
    assert_eq!(proving.reduce(ended(8, Some(4))), None, "another proof's");

    let proved = proving.reduce(ended(7, Some(4))).unwrap();
    let result = proved.result().unwrap();
    assert_eq!(proved.proving(), None);
    assert_eq!(result.proof, Proof::Raised(2));
    assert!(!result.wants_proof(), "not due again");
    let stated: Vec<_> = result.answers().map(|a| a.lower_bound).collect();
    assert_eq!(stated, vec![Some(4), Some(4)]);
    assert_eq!(
        result.how_solved.as_ref().unwrap().quality,
        Some(Quality {
            lower_bound: 4,
            ratio: Some(puzzle_core::RatioAtMost::new(6, 4))
        })
    );

    // A bound as long as the answer proves it shortest; a longer answer stays bounded.
    let shortest = proving.reduce(ended(7, Some(6))).unwrap();
    let result = shortest.result().unwrap();
    assert_eq!(result.proof, Proof::Raised(2));
    assert!(result.solution.is_optimal());
    assert_eq!(result.solution.lower_bound, None);
    assert_eq!(result.how_solved.as_ref().unwrap().quality, None);
    assert_eq!(result.earlier[0].lower_bound, Some(6));
    assert!(!result.earlier[0].is_optimal());

    // A proof that failed leaves the bounds as they were.
    let failed = proving.reduce(ended(7, None)).unwrap();
    let result = failed.result().unwrap();
    assert_eq!(result.proof, Proof::Over);
    assert_eq!(result.solution.lower_bound, Some(2));
    // So does one that proved no more than the bound stated.
    let level = proving.reduce(ended(7, Some(2))).unwrap();
    let result = level.result().unwrap();
    assert_eq!(result.proof, Proof::Over);
    assert_eq!(result.solution.lower_bound, Some(2));

    // A small board's answer asks for none.
    let small = running(2);
    let done = check(
        Solve::reduce,
        &Solve::default(),
        vec![
            A::Started(small.clone()),
            A::Finished(2, near(&small, "RRUD", 1)),
        ],
        |_| {},
    );
    assert_eq!(done.result().unwrap().proof, Proof::NotDue);
    assert_eq!(done.reduce(A::Proof(ProofStep::Asked(3))), None);
}
