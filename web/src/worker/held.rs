//! A copy's side of the work its owner hands it with tables: it keeps the tables it is sent
//! ([`Held`], one slot whatever the kind) and works over them. A 4x4 search's helper (`pair`)
//! holds pattern databases ([`hold_tables`]) and searches subtrees ([`search_subtree`]); a big
//! board's second search worker (`second_search`) holds the big-board and whole-board tables
//! ([`hold_guides`]) and runs rounds as a lane of the anytime method ([`round`]). The tables
//! sent are checked as they are read (their checksum and goal); nothing here posts: the
//! answers go back to the worker's inbox, which posts them to the owner.

use puzzle_core::anytime::{BigTables, LaneOf, WholeTables};
use puzzle_core::pdb::AdditivePdb;
use puzzle_core::tuned::parallel::{search_item, WorkItem};
use puzzle_core::tuned::TunedOptions;
use puzzle_core::{solve_with, Board, Direction, Limits, Method, SolveOptions, Tables};

use super::cache::Cached;
use super::{clock, with_state};
use crate::protocol::FromCopy;

/// The tables a copy holds for its owner's requests (a copy is sent one kind, once; it keeps
/// them in `WorkerState::held`).
pub(super) enum Held {
    /// A 4x4's pattern databases ([`crate::protocol::ToCopy::HoldTables`]), for subtrees.
    Databases(AdditivePdb),
    /// A big board's guides ([`crate::protocol::ToCopy::HoldGuides`]), for rounds: the
    /// big-board tables and the whole-board ones, either of them possibly none.
    Guides {
        big: Option<BigTables>,
        whole: Option<WholeTables>,
    },
}

/// The helper's side of [`crate::protocol::ToCopy::HoldTables`]: reads and keeps the tables.
pub fn hold_tables(id: u32, bytes: &[u8]) -> FromCopy {
    match AdditivePdb::from_bytes(bytes) {
        Ok(pdb) => {
            with_state(|state| *state.held.borrow_mut() = Some(Held::Databases(pdb)));
            FromCopy::Held { id }
        }
        Err(error) => FromCopy::Failed {
            id,
            message: format!("the tables sent could not be read: {error}"),
        },
    }
}

/// The helper's side of [`crate::protocol::ToCopy::SearchItem`]: searches the subtree over
/// the held tables.
pub fn search_subtree(id: u32, item: &WorkItem) -> FromCopy {
    with_state(|state| {
        let held = state.held.borrow();
        let Some(Held::Databases(pdb)) = held.as_ref() else {
            let message = "no tables are held to search over".to_string();
            return FromCopy::Failed { id, message };
        };
        let options = TunedOptions::default();
        match search_item(item, pdb, &options, None, &mut Limits::default()) {
            Ok(result) => FromCopy::Searched { id, result },
            Err(error) => FromCopy::Failed {
                id,
                message: error.to_string(),
            },
        }
    })
}

/// The second search worker's side of [`crate::protocol::ToCopy::HoldGuides`]: reads and
/// keeps the tables.
pub fn hold_guides(id: u32, goal: &Board, split: u64, bytes: &[u8]) -> FromCopy {
    let (big, whole) = bytes.split_at((split as usize).min(bytes.len()));
    let big = (!big.is_empty()).then(|| <BigTables as Cached>::read(big, goal));
    let whole = (!whole.is_empty()).then(|| <WholeTables as Cached>::read(whole, goal));
    if big.as_ref().is_some_and(Option::is_none) || whole.as_ref().is_some_and(Option::is_none) {
        return FromCopy::Failed {
            id,
            message: "the tables sent could not be read".to_string(),
        };
    }
    let held = Held::Guides {
        big: big.flatten(),
        whole: whole.flatten(),
    };
    with_state(|state| *state.held.borrow_mut() = Some(held));
    FromCopy::Held { id }
}

/// The second search worker's side of [`crate::protocol::ToCopy::Round`]: the anytime method
/// as lane `lane` of `lanes` from `board`, from `start`, until `until`, over the held tables
/// (none held: none).
#[allow(clippy::too_many_arguments)]
pub fn round(
    id: u32,
    board: &Board,
    goal: &Board,
    start: &[Direction],
    until: f64,
    lane: LaneOf,
    max_expanded: Option<u64>,
) -> FromCopy {
    let ms = until - clock();
    // No start (a solve that waits for its best answer, from nothing yet): its own.
    let start = (!start.is_empty()).then_some(start);
    let moves = (ms >= 1.0)
        .then(|| {
            with_state(|state| {
                let held = state.held.borrow();
                let (big_board, whole_board) = match held.as_ref() {
                    Some(Held::Guides { big, whole }) => (big.as_ref(), whole.as_ref()),
                    Some(Held::Databases(_)) | None => (None, None),
                };
                let tables = Tables {
                    big_board,
                    whole_board,
                    ..Tables::default()
                };
                let method = Method::Anytime {
                    time_limit_ms: ms.min(f64::from(u32::MAX)) as u32,
                };
                let mut limits = Limits {
                    max_expanded,
                    clock,
                    ..Limits::default()
                };
                solve_with(
                    board,
                    goal,
                    &SolveOptions {
                        tables,
                        start,
                        lane,
                        ..SolveOptions::new(&method)
                    },
                    &mut limits,
                    &mut |_| {},
                )
                .ok()
            })
        })
        .flatten()
        .filter(|found| found.length().is_some())
        .map(|found| found.moves)
        .filter(|moves| start.is_none_or(|start| moves.len() < start.len()));
    FromCopy::Rounded {
        id,
        moves,
        memory: wasm_memory(),
    }
}

/// This worker's wasm memory (`WebAssembly.Memory.buffer.byteLength`), in bytes.
pub(super) fn wasm_memory() -> u64 {
    use wasm_bindgen::JsCast;
    wasm_bindgen::memory()
        .dyn_into::<js_sys::WebAssembly::Memory>()
        .map(|memory| {
            memory
                .buffer()
                .unchecked_into::<js_sys::ArrayBuffer>()
                .byte_length() as u64
        })
        .unwrap_or(0)
}
