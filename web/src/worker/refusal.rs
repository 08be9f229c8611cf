//! Refusals: the answer to a decoded request that cannot run, given before any table is loaded
//! or built ([`refusal`] for the page's requests, [`copy_refusal`] for a copy's). The serde
//! form checks each board; these check what it cannot: that board and goal have one shape,
//! that the method fits it, that a table can be made, that a copy is asked for tables the
//! solver worker would ask for.

use puzzle_core::analysis::{TableTooLarge, MAX_TABLE_CELLS};
use puzzle_core::pdb::Partition;
use puzzle_core::{Board, BoardError};

use crate::protocol::{FromCopy, FromWorker, ToCopy, ToWorker};
use crate::trace_limits::{MAX_CELLS, MAX_EXPANSIONS};

/// The answer to a decoded request that cannot run, checked before any table is loaded or
/// built: the serde form checks each board, but not that board and goal have one shape, that
/// the method fits it, or that a distance table can be made (a proof takes any size: a board
/// without tables stored keeps its bound). `None` if it can run.
pub fn refusal(message: &ToWorker) -> Option<FromWorker> {
    let (id, board, goal, method) = match message {
        ToWorker::Solve(request) | ToWorker::Improve(request) => (
            request.id,
            &request.board,
            &request.goal,
            Some(&request.method),
        ),
        ToWorker::Distance { id, board, goal } => (*id, board, goal, None),
        ToWorker::Prove {
            id, board, goal, ..
        } => return mismatch(board, goal).map(|message| FromWorker::Failed { id: *id, message }),
        // A playhead is checked by the round that reads it; tables are read only if stored.
        ToWorker::Playhead { .. } | ToWorker::ReadTables { .. } => return None,
        ToWorker::Experiment { id, config } => {
            return config.check().err().map(|error| FromWorker::Failed {
                id: *id,
                message: error.to_string(),
            })
        }
        ToWorker::CheckFormula { id, formula, goal } => {
            return super::formula::refusal(formula, goal)
                .map(|message| FromWorker::Failed { id: *id, message })
        }
        ToWorker::Taught { id, board, goal } => {
            return mismatch(board, goal).map(|message| FromWorker::Failed { id: *id, message })
        }
        ToWorker::Review { id, game } => {
            return game
                .check()
                .map(|message| FromWorker::Failed { id: *id, message })
        }
        ToWorker::Trace {
            id,
            board,
            goal,
            max_expansions,
            ..
        } => {
            // The step-through view's own limits: a request past them is not the page's.
            let reason = if let Some(mismatch) = mismatch(board, goal) {
                mismatch
            } else if board.cells().len() > MAX_CELLS || *max_expansions > MAX_EXPANSIONS {
                format!(
                    "a trace takes boards of up to {MAX_CELLS} cells and up to {MAX_EXPANSIONS} expansions"
                )
            } else {
                return None;
            };
            return Some(FromWorker::Failed {
                id: *id,
                message: reason,
            });
        }
    };
    let reason = if let Some(mismatch) = mismatch(board, goal) {
        mismatch
    } else if let Some(method) = method {
        method.fits(board.shape()).err()?.to_string()
    } else if goal.cells().len() > MAX_TABLE_CELLS {
        TableTooLarge {
            cells: goal.cells().len(),
            max: MAX_TABLE_CELLS,
        }
        .to_string()
    } else {
        return None;
    };
    Some(FromWorker::Failed {
        id,
        message: reason,
    })
}

/// Why `board` cannot be taken toward `goal`, if they differ in shape.
fn mismatch(board: &Board, goal: &Board) -> Option<String> {
    let error = BoardError::ShapeMismatch {
        board: board.shape(),
        goal: goal.shape(),
    };
    (board.shape() != goal.shape()).then(|| error.to_string())
}

/// The answer to a decoded copy request that cannot run ([`refusal`]'s kin): a table
/// that is not one the solver worker asks for, big-board tables that serve no goal. Tables
/// sent are checked as they are read (their checksum), a subtree as it is searched (its
/// board). `None` if it can run.
pub fn copy_refusal(message: &ToCopy) -> Option<FromCopy> {
    match message {
        ToCopy::BuildTable { id, goal, tiles } => {
            table_refusal(goal, tiles).map(|message| FromCopy::Failed { id: *id, message })
        }
        ToCopy::BuildBigTables { id, goal } => (puzzle_core::anytime::total_entries(goal) == 0)
            .then(|| FromCopy::Failed {
                id: *id,
                message: "no big-board tables serve this goal".to_string(),
            }),
        ToCopy::HoldTables { .. }
        | ToCopy::SearchItem { .. }
        | ToCopy::HoldGuides { .. }
        | ToCopy::Round { .. } => None,
    }
}

/// Why a [`ToCopy::BuildTable`] cannot run (`None` if it can): its tiles must be a group
/// of the goal's default partition, the only tables the solver worker asks a nested one for.
fn table_refusal(goal: &Board, tiles: &[u8]) -> Option<String> {
    match Partition::default_for(goal) {
        Err(error) => Some(error.to_string()),
        Ok(partition) if partition.groups().iter().any(|group| group == tiles) => None,
        Ok(_) => Some(format!(
            "the {} tiles asked for are not a group of the pattern tables of this goal",
            tiles.len()
        )),
    }
}
