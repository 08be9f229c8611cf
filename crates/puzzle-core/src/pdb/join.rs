//! Databases built in parts and joined: one group's table built elsewhere (another worker or
//! thread, which hands it over as the bytes of a one-group database), the other groups here,
//! and the whole put back together byte for byte as if built at once.
//!
//! The web worker uses this to build the 4x4 tables on two cores: [`nested_group`] picks the
//! group worth sending away, [`all_but`] is what stays, [`table_from_bytes`] checks what comes
//! back and [`join_tables`] puts the parts in place. Nothing here builds or waits.
//!
//! ```
//! use puzzle_core::pdb::join::{all_but, join_tables, table_from_bytes};
//! use puzzle_core::pdb::{AdditivePdb, Partition};
//! use puzzle_core::{Goal, Limits, Shape};
//! let goal = Goal::Standard.board(Shape::new(4, 2).unwrap()).unwrap();
//! let partition = Partition::by_reading_order(&goal, &[4, 3]).unwrap();
//! let build = |p: &Partition| AdditivePdb::build(&goal, p, &mut Limits::default()).unwrap();
//! let here = build(&all_but(&partition, 1)).tables().to_vec();
//! let away = partition.groups()[1].clone();
//! let bytes = build(&Partition::new(vec![away.clone()])).to_bytes();
//! let table = table_from_bytes(&bytes, &goal, &away).unwrap();
//! let joined = join_tables(&goal, &partition, here, 1, table).unwrap();
//! assert_eq!(joined.to_bytes(), build(&partition).to_bytes());
//! ```

use crate::board::Board;

use super::{AdditivePdb, Partition, PartitionFault, PatternTable, PdbError};

/// Groups whose tables are smaller than this are not worth building apart: they take less
/// time than starting another worker.
pub const NESTED_MIN_ENTRIES: u64 = 1 << 20;

/// The group to build apart, given the entries of each group's table: the second largest
/// (the builder keeps the largest), if it has [`NESTED_MIN_ENTRIES`] or more.
pub fn nested_group(sizes: &[u64]) -> Option<usize> {
    // Of equal tables the first counts as the larger (a scan, not a sort: this runs once per
    // build, and the web worker's code stays small).
    let largest = |but: Option<usize>| {
        (0..sizes.len())
            .filter(|&g| Some(g) != but)
            .min_by_key(|&g| std::cmp::Reverse(sizes[g]))
    };
    largest(largest(None)).filter(|&g| sizes[g] >= NESTED_MIN_ENTRIES)
}

/// The partition without its group `away` (the groups built here).
pub fn all_but(partition: &Partition, away: usize) -> Partition {
    let groups = partition.groups().iter().enumerate();
    Partition::new(
        groups
            .filter(|&(g, _)| g != away)
            .map(|(_, group)| group.clone())
            .collect(),
    )
}

/// The table in `bytes`, if they hold a one-group database of `group` towards `goal` (intact:
/// [`AdditivePdb::from_bytes`] checks the sum).
pub fn table_from_bytes(bytes: &[u8], goal: &Board, group: &[u8]) -> Option<PatternTable> {
    let pdb = AdditivePdb::from_bytes(bytes).ok()?;
    let [table] = pdb.tables() else {
        return None;
    };
    (pdb.goal() == goal && table.tiles() == group).then(|| table.clone())
}

/// The database of `partition` from the tables built here (every group but `away`, in order)
/// and the table of group `away`; an error if they do not make up `partition`.
pub fn join_tables(
    goal: &Board,
    partition: &Partition,
    mut here: Vec<PatternTable>,
    away: usize,
    table: PatternTable,
) -> Result<AdditivePdb, PdbError> {
    if away > here.len() {
        return Err(PdbError::BadPartition {
            reason: PartitionFault::TablesMismatch,
        });
    }
    here.insert(away, table);
    AdditivePdb::from_tables(goal, partition, here)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Goal, Limits, Shape};

    fn build(goal: &Board, partition: &Partition) -> AdditivePdb {
        AdditivePdb::build(goal, partition, &mut Limits::default()).unwrap()
    }

    /// Every group but one built as one database, the other as a one-group database sent as
    /// bytes (a nested worker's answer); joined, they are byte for byte the database built at
    /// once, whichever group went away.
    #[test]
    fn tables_built_apart_join_into_the_database_built_at_once() {
        let goal = Goal::Snail.board(Shape::new(4, 3).unwrap()).unwrap();
        let partition = Partition::by_reading_order(&goal, &[4, 4, 3]).unwrap();
        let whole = build(&goal, &partition).to_bytes();
        for (away, group) in partition.groups().iter().enumerate() {
            let here = build(&goal, &all_but(&partition, away)).tables().to_vec();
            let bytes = build(&goal, &Partition::new(vec![group.clone()])).to_bytes();
            let table = table_from_bytes(&bytes, &goal, group).expect("its own group");
            let joined = join_tables(&goal, &partition, here.clone(), away, table).unwrap();
            assert_eq!(joined.to_bytes(), whole, "group {away} built apart");
            // Bytes that are not that group's table are refused (and the worker builds it).
            let other = &partition.groups()[(away + 1) % 3];
            assert!(table_from_bytes(&bytes, &goal, other).is_none());
            let standard = Goal::Standard.board(goal.shape()).unwrap();
            assert!(table_from_bytes(&bytes, &standard, group).is_none());
            let mut damaged = bytes.clone();
            damaged[bytes.len() / 2] ^= 1;
            assert!(table_from_bytes(&damaged, &goal, group).is_none());
            assert!(
                table_from_bytes(&whole, &goal, group).is_none(),
                "three tables"
            );
            // In the wrong place: refused.
            let table = table_from_bytes(&bytes, &goal, group).unwrap();
            assert!(join_tables(&goal, &partition, here, (away + 1) % 3, table).is_err());
        }
    }

    #[test]
    fn the_nested_worker_gets_the_second_largest_table_if_it_is_worth_it() {
        let seven = 57_657_600;
        assert_eq!(nested_group(&[seven, seven, 16]), Some(1));
        assert_eq!(nested_group(&[16, seven, seven]), Some(2));
        assert_eq!(
            nested_group(&[16, seven, seven, seven]),
            Some(2),
            "ties: the first"
        );
        assert_eq!(nested_group(&[seven, 16]), None);
        assert_eq!(nested_group(&[seven]), None);
        assert_eq!(nested_group(&[]), None);
        let goal = Goal::Standard.board(Shape::square(4).unwrap()).unwrap();
        let partition = Partition::default_for(&goal).unwrap();
        assert_eq!(all_but(&partition, 1).groups().len(), 2);
        assert_eq!(all_but(&partition, 1).groups()[1], partition.groups()[2]);
    }

    /// A join past the end (more than one slot beyond the tables built here) is refused
    /// before anything is inserted.
    #[test]
    fn a_join_past_the_end_is_refused() {
        let goal = Goal::Standard.board(Shape::new(3, 2).unwrap()).unwrap();
        let partition = Partition::by_reading_order(&goal, &[3, 2]).unwrap();
        let here = build(&goal, &all_but(&partition, 1)).tables().to_vec();
        let away = build(&goal, &Partition::new(vec![partition.groups()[1].clone()]));
        let table = away.tables()[0].clone();
        assert_eq!(
            join_tables(&goal, &partition, here, 5, table).err(),
            Some(PdbError::BadPartition {
                reason: PartitionFault::TablesMismatch
            })
        );
    }
}
