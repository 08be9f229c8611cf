//! A second user of the generic search API: a word ladder.
//!
//! Turn one word into another by inserting, deleting or changing one letter at a time, every
//! step being a word of the dictionary. Run: `cargo run -p puzzle-core --example word_ladder --
//! horse nurse`.
//!
//! The estimate counts letters that still have to appear (or disappear), as multisets. A
//! positional "differing letters" count would overestimate once insertions are allowed
//! ("abcd" to "bcd" differs in every position but is one deletion away), and A* needs an
//! estimate that never overestimates.

#![allow(dead_code)] // the integration test includes this file as a module

use std::collections::HashSet;

use puzzle_core::search::{astar::astar, bfs::bfs, idastar::idastar, Limits, SearchResult};

/// A small dictionary, enough for a few ladders and a word that no ladder reaches.
pub const DICTIONARY: &[&str] = &[
    "horse", "house", "hose", "nose", "norse", "nurse", "purse", "curse", "course", "source",
    "worse", "word", "cord", "card", "care", "core", "bore", "more", "mouse", "rouse", "rose",
    "ruse", "fuse", "muse", "morse", "nurses", "zzyzx",
];

/// The words one edit away from `word` that are in `dictionary`.
pub fn neighbours(word: &str, dictionary: &HashSet<String>) -> Vec<String> {
    let letters: Vec<char> = word.chars().collect();
    let mut found = Vec::new();
    let mut keep = |candidate: String| {
        if candidate != word && dictionary.contains(&candidate) && !found.contains(&candidate) {
            found.push(candidate);
        }
    };
    for i in 0..=letters.len() {
        for c in 'a'..='z' {
            let mut inserted = letters.clone();
            inserted.insert(i, c);
            keep(inserted.into_iter().collect());
            if i < letters.len() {
                let mut changed = letters.clone();
                changed[i] = c;
                keep(changed.into_iter().collect());
            }
        }
        if i < letters.len() {
            let mut deleted = letters.clone();
            deleted.remove(i);
            keep(deleted.into_iter().collect());
        }
    }
    found
}

/// Edits still needed at least: each edit adds at most one missing letter and removes at most
/// one extra letter.
pub fn estimate(word: &str, target: &str) -> u32 {
    let mut counts = [0i32; 128];
    word.bytes().for_each(|b| counts[b as usize & 127] += 1);
    target.bytes().for_each(|b| counts[b as usize & 127] -= 1);
    let extra: i32 = counts.iter().filter(|&&c| c > 0).sum();
    let missing: i32 = -counts.iter().filter(|&&c| c < 0).sum::<i32>();
    extra.max(missing) as u32
}

/// The dictionary as a set.
pub fn dictionary() -> HashSet<String> {
    DICTIONARY.iter().map(|w| w.to_string()).collect()
}

/// Shortest ladder by A*.
pub fn ladder_astar(from: &str, to: &str) -> SearchResult<String, u32> {
    let words = dictionary();
    astar(
        &from.to_string(),
        |w| neighbours(w, &words).into_iter().map(|n| (n, 1)),
        |w| estimate(w, to),
        |w| w == to,
        &mut Limits::default(),
    )
}

/// Shortest ladder by IDA*.
pub fn ladder_idastar(from: &str, to: &str) -> SearchResult<String, u32> {
    let words = dictionary();
    idastar(
        &from.to_string(),
        |w| neighbours(w, &words).into_iter().map(|n| (n, 1)),
        |w| estimate(w, to),
        |w| w == to,
        &mut Limits::default(),
    )
}

/// Shortest ladder by breadth-first search (the blind reference).
pub fn ladder_bfs(from: &str, to: &str) -> SearchResult<String, usize> {
    let words = dictionary();
    bfs(
        &from.to_string(),
        |w| neighbours(w, &words),
        |w| w == to,
        &mut Limits::default(),
    )
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (from, to) = match args.as_slice() {
        [from, to] => (from.as_str(), to.as_str()),
        _ => ("horse", "nurse"),
    };
    let result = ladder_astar(from, to);
    match result.path() {
        Some(path) => println!("{}", path.join(" -> ")),
        None => println!("no ladder from {from} to {to} in this dictionary"),
    }
    println!(
        "A*: {} expanded, {} generated",
        result.stats.expanded, result.stats.generated
    );
}
