//! The generic search API serves a problem that is not a sliding puzzle.

#[path = "../examples/word_ladder.rs"]
mod word_ladder;

use puzzle_core::search::Outcome;
use word_ladder::*;

fn assert_ladder(path: &[String], from: &str, to: &str) {
    let words = dictionary();
    assert_eq!(path.first().map(String::as_str), Some(from));
    assert_eq!(path.last().map(String::as_str), Some(to));
    for pair in path.windows(2) {
        assert!(words.contains(&pair[1]), "{} is not a word", pair[1]);
        assert!(
            neighbours(&pair[0], &words).contains(&pair[1]),
            "{} -> {} is not one edit",
            pair[0],
            pair[1]
        );
    }
}

#[test]
fn horse_becomes_nurse_in_two_steps_by_every_optimal_method() {
    let bfs = ladder_bfs("horse", "nurse");
    let astar = ladder_astar("horse", "nurse");
    let idastar = ladder_idastar("horse", "nurse");
    assert_eq!(bfs.length(), Some(2));
    assert_eq!(astar.length(), Some(2));
    assert_eq!(idastar.length(), Some(2));
    assert_ladder(bfs.path().unwrap(), "horse", "nurse");
    assert_ladder(astar.path().unwrap(), "horse", "nurse");
    assert_ladder(idastar.path().unwrap(), "horse", "nurse");
    // The estimate lets A* look at fewer words than blind search.
    assert!(astar.stats.expanded <= bfs.stats.expanded);
}

#[test]
fn longer_ladders_agree_between_bfs_and_astar() {
    for (from, to) in [("word", "core"), ("horse", "muse"), ("nurses", "card")] {
        let bfs = ladder_bfs(from, to);
        let astar = ladder_astar(from, to);
        assert!(bfs.length().is_some(), "{from} -> {to}");
        assert_eq!(bfs.length(), astar.length(), "{from} -> {to}");
        assert_ladder(astar.path().unwrap(), from, to);
    }
}

#[test]
fn an_unreachable_word_is_no_solution_not_an_error() {
    assert_eq!(ladder_bfs("horse", "zzyzx").outcome, Outcome::NoSolution);
    assert_eq!(ladder_astar("horse", "zzyzx").outcome, Outcome::NoSolution);
}

#[test]
fn estimate_never_overestimates_on_the_dictionary() {
    let words = dictionary();
    for from in &words {
        for to in &words {
            if let Some(exact) = ladder_bfs(from, to).length() {
                assert!(estimate(from, to) as usize <= exact, "{from} -> {to}");
            }
        }
    }
}
