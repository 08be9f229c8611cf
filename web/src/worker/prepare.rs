//! The strong 4x4 tables, downloaded ([`super::shipped`]) or built behind the page's back
//! after a first answer came from the small ones ([`super::quick`]), so that they end up in
//! IndexedDB without anyone waiting.
//!
//! The big groups are built one after the other in a nested worker ([`Nested`]: one core
//! stays free for this worker's searches, which go on answering requests with the small
//! tables meanwhile); the small groups here, in moments; the whole is joined, kept in memory
//! and stored. One such build per goal at a time; any failure (one core, no `Worker` in
//! worker scopes, a nested worker that dies) just leaves the tables to be built when a search
//! needs them. Terminating this worker ends its nested one too.

use std::rc::Rc;

use puzzle_core::pdb::join::{table_from_bytes, NESTED_MIN_ENTRIES};
use puzzle_core::pdb::{AdditivePdb, Partition, PatternIndex};
use puzzle_core::relabel::canonical_goal;
use puzzle_core::{Board, Limits};

use super::cache::{downloaded, Cached};
use super::copy;
use super::nested::Nested;
use super::{clock, with_state};

/// Starts building the strong tables of `goal` in the background, unless they are in memory,
/// already being built, or no nested worker can run here.
pub fn prepare_strong(goal: &Board) {
    let Ok(key) = AdditivePdb::key(goal) else {
        return;
    };
    if !copy::available()
        || AdditivePdb::with_memory(|m| m.contains_key(&key))
        || !with_state(|state| state.preparing.borrow_mut().insert(key.clone()))
    {
        return;
    }
    let goal = goal.clone();
    wasm_bindgen_futures::spawn_local(async move {
        let fetched = match downloaded::<AdditivePdb>(&goal).await {
            Some(Ok((pdb, _))) => Ok(pdb),
            _ => build_apart(&canonical_goal(&goal)).await,
        };
        if let Ok(pdb) = fetched {
            let pdb = Rc::new(pdb);
            if let Ok(db) = crate::idb::open().await {
                crate::idb::put(&db, &key, &pdb.bytes()).await.ok();
            }
            AdditivePdb::with_memory(|m| m.insert(key.clone(), pdb));
        }
        with_state(|state| state.preparing.borrow_mut().remove(&key));
    });
}

/// The default tables of `goal`: big groups in a nested worker, one after the other, the rest
/// here.
async fn build_apart(goal: &Board) -> Result<AdditivePdb, String> {
    let partition = Partition::default_for(goal).map_err(|e| e.to_string())?;
    let cells = goal.cells().len();
    let big = |group: &Vec<u8>| {
        PatternIndex::new(cells, group.len()).map_or(0, |i| i.size()) >= NESTED_MIN_ENTRIES
    };
    let small: Vec<Vec<u8>> = partition
        .groups()
        .iter()
        .filter(|g| !big(g))
        .cloned()
        .collect();
    let mut limits = Limits {
        clock,
        ..Limits::default()
    };
    let mut here = AdditivePdb::build(goal, &Partition::new(small), &mut limits)
        .map_err(|e| e.to_string())?
        .tables()
        .to_vec()
        .into_iter();
    let mut tables = Vec::new();
    for group in partition.groups() {
        if !big(group) {
            tables.push(here.next().ok_or("a small table is missing")?);
            continue;
        }
        let helper = Nested::spawn(0, goal, group).ok_or("no nested worker")?;
        if !helper.started().await {
            return Err("the nested worker did not start".into());
        }
        let bytes = helper.table(|_| {}).await?;
        tables.push(table_from_bytes(&bytes, goal, group).ok_or("a damaged table")?);
    }
    AdditivePdb::from_tables(goal, &partition, tables).map_err(|e| e.to_string())
}
