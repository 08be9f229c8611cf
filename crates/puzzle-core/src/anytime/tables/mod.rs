//! The pattern databases the phases are guided by: the core's ([`big`], [`BigTables`]) and the
//! whole board's ([`whole`], [`WholeTables`]), built by [`pattern`], stored in the byte format
//! of [`table_file`], and read per move by the searches through [`entries`].

pub(crate) mod big;
pub(crate) mod entries;
pub(crate) mod groups;
pub(crate) mod pattern;
pub(crate) mod table_file;
pub(crate) mod whole;

pub use big::{total_entries, BigTables};
pub use whole::WholeTables;

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
