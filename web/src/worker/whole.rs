//! The whole-board tables of 6x6 and 7x7 boards ([`WholeTables`]), the anytime method's second
//! guide there (beams ranked by them, exact windows over the whole answer): the app ships the
//! standard goal's (`scripts/web-tables.sh`, 1.5 and 3.2 MB gzipped), which serve every goal a
//! relabel leads to it. The first solve that wants them starts getting them (IndexedDB, else
//! the download, then stored: the table cache's path, [`Cached`]) and goes on meanwhile; they
//! are kept in memory and serve every later solve of that size. The page hears of them only if
//! their download fails ([`crate::protocol::FromWorker::DownloadFailed`], said in its tables
//! line; [`Cached::QUIET`]): the solve goes on without them. They are never built: other goals
//! go without (a 7x7 build takes about a minute and 125 MB in a tab).

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use puzzle_core::anytime::WholeTables;
use puzzle_core::relabel::canonical_goal;
use puzzle_core::{Board, Goal};
use web_sys::DedicatedWorkerGlobalScope;

use super::cache::{cached, Cached};
use super::wait::next_turn;
use super::{clock, tableless, with_state, WorkerState};
use crate::protocol::ShippedTables;

impl Cached for WholeTables {
    const QUIET: bool = true;
    fn key(goal: &Board) -> Result<String, String> {
        Ok(WholeTables::cache_key(&canonical_goal(goal)))
    }
    fn read(bytes: &[u8], goal: &Board) -> Option<Self> {
        WholeTables::from_bytes(bytes)
            .ok()
            .filter(|tables| *tables.goal() == canonical_goal(goal))
    }
    fn shipped(goal: &Board) -> Option<&'static str> {
        shipped_for(goal).map(|(path, _)| path)
    }
    fn told_as() -> Option<ShippedTables> {
        Some(ShippedTables::WholeBoard)
    }
    fn bytes(&self) -> Vec<u8> {
        self.to_bytes()
    }
    fn memory_bytes(&self) -> usize {
        WholeTables::memory_bytes(self)
    }
    async fn build(
        _scope: &DedicatedWorkerGlobalScope,
        _id: u32,
        _goal: &Board,
    ) -> Result<Self, String> {
        Err("whole-board tables are not built in the browser".to_string())
    }
    fn memory(state: &WorkerState) -> &RefCell<HashMap<String, Rc<Self>>> {
        &state.whole_tables
    }
}

/// The shipped file and the goal of the tables that serve `goal`, if the app ships them.
fn shipped_for(goal: &Board) -> Option<(&'static str, Board)> {
    if !WholeTables::wanted(goal) {
        return None;
    }
    let canonical = canonical_goal(goal);
    let shape = goal.shape();
    if canonical != Goal::Standard.board(shape).ok()? {
        return None;
    }
    let path = match (shape.width(), shape.height()) {
        (6, 6) => "tables/whole-6x6-standard.bin.gz",
        (7, 7) => "tables/whole-7x7-standard.bin.gz",
        _ => return None,
    };
    Some((path, canonical))
}

/// The tables that serve `goal` if this worker holds them; otherwise, where the app ships
/// them, they are sent for (once: IndexedDB, else the download, through [`cached`]) and a
/// later call finds them. A failed download is told to request `id`
/// ([`crate::protocol::FromWorker::DownloadFailed`]); the next request that wants them sends
/// for them again.
pub(super) fn held_or_sent_for(
    scope: &DedicatedWorkerGlobalScope,
    id: u32,
    goal: &Board,
) -> Option<Rc<WholeTables>> {
    let (_, canonical) = shipped_for(goal)?;
    let key = WholeTables::cache_key(&canonical);
    if let Some(tables) = WholeTables::with_memory(|m| m.get(&key).cloned()) {
        return Some(tables);
    }
    if with_state(|state| state.whole_coming.borrow_mut().insert(key.clone())) {
        let scope = scope.clone();
        wasm_bindgen_futures::spawn_local(async move {
            // Kept in memory by the cache; a failed download is told there (never built).
            cached::<WholeTables>(&scope, id, &canonical).await.ok();
            with_state(|state| state.whole_coming.borrow_mut().remove(&key));
        });
    }
    None
}

/// Whether the tables that serve `goal` are on their way.
pub(super) fn coming(goal: &Board) -> bool {
    shipped_for(goal).is_some_and(|(_, canonical)| {
        let key = WholeTables::cache_key(&canonical);
        with_state(|state| state.whole_coming.borrow().contains(&key))
    })
}

/// Waits in the event loop until the tables that serve `goal` are no longer on their way (come
/// or failed) or the clock passes `until`; then [`held_or_sent_for`] for request `id`.
pub(super) async fn within(
    scope: &DedicatedWorkerGlobalScope,
    id: u32,
    goal: &Board,
    until: f64,
) -> Option<Rc<WholeTables>> {
    while coming(goal) && clock() < until {
        next_turn(tableless::WAIT_MS).await;
    }
    held_or_sent_for(scope, id, goal)
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzle_core::Shape;

    /// Whether the app ships whole-board tables for boards of `shape` with the standard goal.
    fn ships(shape: Shape) -> bool {
        Goal::Standard
            .board(shape)
            .is_ok_and(|goal| shipped_for(&goal).is_some())
    }

    /// Only 6x6 and 7x7 get them, with the standard goal or one a relabel leads to it.
    #[test]
    fn shipped_for_six_and_seven_with_the_standard_goal() {
        for side in [3, 4, 5, 8, 9] {
            assert!(!ships(Shape::square(side).unwrap()), "{side}x{side}");
        }
        for side in [6, 7] {
            let shape = Shape::square(side).unwrap();
            assert!(ships(shape), "{side}x{side}");
            let snail = Goal::Snail.board(shape).unwrap();
            assert!(
                shipped_for(&snail).is_none(),
                "the snail goal has its blank inside"
            );
            let blank_first = Goal::BlankFirst.board(shape).unwrap();
            let (_, canonical) = shipped_for(&blank_first).expect("relabelled to the standard");
            assert_eq!(canonical, Goal::Standard.board(shape).unwrap());
        }
        assert!(!ships(Shape::new(6, 7).unwrap()), "no oblong files");
    }
}
