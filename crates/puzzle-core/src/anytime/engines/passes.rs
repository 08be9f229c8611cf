//! The anytime solver's window passes beyond the plain one ([`crate::shorten::window_pass`]):
//! windows guided by the tables, windows that keep only the tracked tiles home, and windows
//! searched by weighted A*; each slides with [`crate::shorten::slide`].

use crate::board::Board;
use crate::moves::Direction;

use crate::anytime::engines::best_first::Found;
use crate::anytime::engines::guided;
use crate::anytime::engines::tracked;
use crate::anytime::engines::widestar;
use crate::budget::{Budget, Halt};
use crate::shorten::slide;

/// Like [`crate::shorten::window_pass`] on a board of the tables' goal's shape and labels (a core board for
/// [`crate::anytime::BigTables`], a whole one for [`crate::anytime::WholeTables`]), each window guided by the tables
/// relabelled toward its end board ([`guided`]), so much longer windows settle.
pub(crate) fn guided_window_pass<T: guided::Additive>(
    core_start: &Board,
    moves: &[Direction],
    tables: &T,
    window: usize,
    node_cap: u64,
    budget: &mut Budget,
) -> (Vec<Direction>, Option<Halt>) {
    let exact = |at: &Board, target: &Board, max_len: usize, budget: &mut Budget| {
        guided::shortest_guided(at, target, tables, max_len, node_cap, budget)
    };
    slide(
        core_start,
        moves,
        window,
        (window / 3).max(1),
        budget,
        exact,
    )
}

/// Like [`crate::shorten::window_pass`] on a path to the core, each window replaced by the shortest stretch
/// that leaves the `tracked` tiles and the blank where it left them ([`tracked`]): the path
/// still brings those tiles home, the others end elsewhere.
pub(crate) fn tracked_window_pass(
    start: &Board,
    moves: &[Direction],
    tracked: &[bool],
    window: usize,
    node_cap: u64,
    budget: &mut Budget,
) -> (Vec<Direction>, Option<Halt>) {
    let loose = |at: &Board, target: &Board, max_len: usize, budget: &mut Budget| {
        tracked::shortest_loose(at, target, tracked, max_len, node_cap, budget)
    };
    slide(start, moves, window, (window / 3).max(1), budget, loose)
}

/// Like [`crate::shorten::window_pass`], but each window is searched by weighted A* (`weight`, at most
/// `node_cap` states): shorter, not necessarily shortest, so long windows stay affordable.
pub(crate) fn weighted_window_pass(
    start: &Board,
    moves: &[Direction],
    window: usize,
    weight: f64,
    node_cap: usize,
    budget: &mut Budget,
) -> (Vec<Direction>, Option<Halt>) {
    let weighted =
        |at: &Board, target: &Board, max_len: usize, budget: &mut Budget| match widestar::search(
            at,
            target,
            weight,
            max_len + 1,
            node_cap,
            budget,
        )? {
            Found::Path(path) => Ok(Some(path)),
            _ => Ok(None),
        };
    slide(start, moves, window, window / 2, budget, weighted)
}
