//! The byte format the core's tables ([`crate::anytime::BigTables`]) and the whole board's
//! ([`crate::anytime::WholeTables`]) share: a 4-byte magic, a version byte, a goal's shape (width,
//! height) and tiles, the tables one byte an entry, and a 64-bit FNV-1a checksum of all that
//! comes before it. Each kind names its magic and version and derives its tables' sizes from
//! the goal, so they are not stored.

use crate::anytime::tables::Strength;
use crate::board::{Board, Shape};
use crate::pdb::{CorruptFault, PdbError};

/// 64-bit FNV-1a.
pub(crate) fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The bytes of `tables` toward `goal` under `magic` and `version`.
pub(crate) fn write(magic: &[u8; 4], version: u8, goal: &Board, tables: &[Vec<u8>]) -> Vec<u8> {
    let held: usize = tables.iter().map(Vec::len).sum();
    let mut out = Vec::with_capacity(held + goal.cells().len() + 16);
    out.extend_from_slice(magic);
    out.push(version);
    out.push(goal.shape().width() as u8);
    out.push(goal.shape().height() as u8);
    out.extend_from_slice(goal.cells());
    for table in tables {
        out.extend_from_slice(table);
    }
    let checksum = fnv1a(&out);
    out.extend_from_slice(&checksum.to_le_bytes());
    out
}

/// Bytes written by [`write`] with the same `magic` and `version`, read back: the goal, and
/// the rest of the body for [`tables`]. Anything else gives [`PdbError::Corrupt`].
pub(crate) fn read<'b>(
    bytes: &'b [u8],
    magic: &[u8; 4],
    version: u8,
) -> Result<(Board, &'b [u8]), PdbError> {
    if bytes.len() < magic.len() + 3 + 8 || &bytes[..4] != magic {
        return Err(corrupt(CorruptFault::MissingHeader));
    }
    let (body, tail) = bytes.split_at(bytes.len() - 8);
    let mut stored = [0u8; 8];
    stored.copy_from_slice(tail);
    if fnv1a(body) != u64::from_le_bytes(stored) {
        return Err(corrupt(CorruptFault::ChecksumMismatch));
    }
    if body[4] != version {
        return Err(corrupt(CorruptFault::UnknownVersion));
    }
    let shape = Shape::new(body[5] as usize, body[6] as usize)
        .map_err(|_| corrupt(CorruptFault::BadBoardSize))?;
    let n = shape.cells();
    let goal_cells = body
        .get(7..7 + n)
        .ok_or_else(|| corrupt(CorruptFault::Truncated))?;
    let goal = Board::new(shape, goal_cells.iter().map(|&t| t as usize).collect())
        .map_err(|_| corrupt(CorruptFault::BadGoal))?;
    Ok((goal, &body[7 + n..]))
}

/// Which strength wrote `bytes`, by its magic (`magic` names each strength's); the shipped one
/// when neither matches (reading then fails on the magic).
pub(crate) fn strength_of(bytes: &[u8], magic: fn(Strength) -> &'static [u8; 4]) -> Strength {
    [Strength::Shipped, Strength::Strong]
        .into_iter()
        .find(|&s| bytes.starts_with(magic(s)))
        .unwrap_or_default()
}

/// The tables of `sizes` entries each, one after the other, that make up `rest` exactly.
pub(crate) fn tables(
    rest: &[u8],
    sizes: impl Iterator<Item = u64>,
) -> Result<Vec<Vec<u8>>, PdbError> {
    let mut at = 0usize;
    let mut tables = Vec::new();
    for size in sizes {
        let size = usize::try_from(size).map_err(|_| corrupt(CorruptFault::TableTooLarge))?;
        let end = at
            .checked_add(size)
            .ok_or_else(|| corrupt(CorruptFault::Truncated))?;
        let table = rest
            .get(at..end)
            .ok_or_else(|| corrupt(CorruptFault::Truncated))?;
        tables.push(table.to_vec());
        at = end;
    }
    if at != rest.len() {
        return Err(corrupt(CorruptFault::TrailingBytes));
    }
    Ok(tables)
}

/// A [`PdbError::Corrupt`] for `reason`.
pub(crate) fn corrupt(reason: CorruptFault) -> PdbError {
    PdbError::Corrupt { reason }
}
