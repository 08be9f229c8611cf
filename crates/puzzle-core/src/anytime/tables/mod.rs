//! The pattern databases the phases are guided by: the core's ([`big`], [`BigTables`]) and the
//! whole board's ([`whole`], [`WholeTables`]), built by the general table builder (`pdb/general.rs`), stored in the byte format
//! of [`table_file`], and read per move by the searches through [`entries`].

pub(crate) mod big;
pub(crate) mod entries;
pub(crate) mod groups;
pub(crate) mod table_file;
pub(crate) mod whole;

pub use big::{total_entries, BigTables};
pub use whole::WholeTables;

use crate::board::Board;
use crate::pdb::PdbError;
use crate::search::Limits;

/// What a cache of tables needs of a set toward one goal, of one strength: the core's
/// ([`BigTables`]) and the whole board's ([`WholeTables`]) answer alike, so one cache code
/// serves both (the command line's on disk).
pub trait TableSet: Sized {
    /// The set in words, e.g. `big-board tables`.
    const NAME: &'static str;

    /// Entries of each table [`TableSet::build_as`] makes (one byte each); empty if the goal
    /// cannot have them.
    fn entries(goal: &Board, strength: Strength) -> Vec<u64>;

    /// Builds the set; with `limits.threads` above 1 (natively) its tables side by side.
    fn build_as(goal: &Board, strength: Strength, limits: &mut Limits) -> Result<Self, PdbError>;

    /// The name a cache files the set under.
    fn cache_key_as(goal: &Board, strength: Strength) -> String;

    /// The set as bytes ([`TableSet::from_bytes`] reads them back).
    fn to_bytes(&self) -> Vec<u8>;

    /// A set read back from [`TableSet::to_bytes`]; damaged or foreign bytes are an error.
    fn from_bytes(bytes: &[u8]) -> Result<Self, PdbError>;

    /// Whether the set is of `strength` and serves a solve toward `goal`.
    fn serves_as(&self, goal: &Board, strength: Strength) -> bool;
}

impl TableSet for BigTables {
    const NAME: &'static str = "big-board tables";

    fn entries(goal: &Board, strength: Strength) -> Vec<u64> {
        BigTables::entries(goal, strength)
    }

    fn build_as(goal: &Board, strength: Strength, limits: &mut Limits) -> Result<Self, PdbError> {
        BigTables::build_as(goal, strength, limits)
    }

    fn cache_key_as(goal: &Board, strength: Strength) -> String {
        BigTables::cache_key_as(goal, strength)
    }

    fn to_bytes(&self) -> Vec<u8> {
        BigTables::to_bytes(self)
    }

    fn from_bytes(bytes: &[u8]) -> Result<Self, PdbError> {
        BigTables::from_bytes(bytes)
    }

    fn serves_as(&self, goal: &Board, strength: Strength) -> bool {
        self.serves(goal) && self.strength() == strength
    }
}

impl TableSet for WholeTables {
    const NAME: &'static str = "whole-board tables";

    fn entries(goal: &Board, strength: Strength) -> Vec<u64> {
        WholeTables::entries(goal, strength)
    }

    fn build_as(goal: &Board, strength: Strength, limits: &mut Limits) -> Result<Self, PdbError> {
        WholeTables::build_as(goal, strength, limits)
    }

    fn cache_key_as(goal: &Board, strength: Strength) -> String {
        WholeTables::cache_key_as(goal, strength)
    }

    fn to_bytes(&self) -> Vec<u8> {
        WholeTables::to_bytes(self)
    }

    fn from_bytes(bytes: &[u8]) -> Result<Self, PdbError> {
        WholeTables::from_bytes(bytes)
    }

    fn serves_as(&self, goal: &Board, strength: Strength) -> bool {
        self.goal() == goal && self.strength() == strength
    }
}

/// Which size of pattern tables: the ones the page ships (sized for a browser tab), or the
/// strong ones a native run builds where the machine has the memory (one more tile a group:
/// 6-tile groups for the 5x5 core, 510 MB; 5-tile groups for the whole 6x6 board, 316 MB,
/// and the whole 7x7 board, 1.8 GB). Both are exact pattern databases, so both estimates
/// are admissible; the strong ones are larger and rank boards better.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Strength {
    /// The page's tables: 5-tile groups for the core, 4-tile groups for the whole board.
    #[default]
    Shipped,
    /// One more tile a group: 6 for the core, 5 for the whole board.
    Strong,
}

impl Strength {
    /// A word for messages and file names: `shipped` or `strong`.
    pub fn name(self) -> &'static str {
        match self {
            Strength::Shipped => "shipped",
            Strength::Strong => "strong",
        }
    }
}
