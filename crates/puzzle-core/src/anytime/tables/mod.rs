//! The pattern databases the phases are guided by: the core's ([`big`], [`BigTables`]) and the
//! whole board's ([`whole`], [`WholeTables`]), built by [`pattern`], stored in the byte format
//! of [`table_file`], and read per move by the searches through [`entries`].

pub(crate) mod big;
pub(crate) mod entries;
pub(crate) mod pattern;
pub(crate) mod table_file;
pub(crate) mod whole;

pub use big::{total_entries, BigTables};
pub use whole::WholeTables;
