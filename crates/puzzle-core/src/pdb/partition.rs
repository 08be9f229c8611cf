//! Partitions of the tiles into disjoint patterns, for any goal.

use crate::board::{Board, Shape};

use super::index::PatternIndex;
use super::{PartitionFault, PdbError};

/// Disjoint groups of tiles (never the blank); one pattern database is built per group and
/// their values are added. Tiles left out of every group simply do not count.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Partition {
    groups: Vec<Vec<u8>>,
}

/// The 6-6-3 layout for the blank-first 4x4 goal, as goal cells (cell 0 is the blank's):
/// `{1,4,5,8,9,12}`, `{2,3,6,7,10,11}`, `{13,14,15}`. Chosen by measurement among compact
/// 6-6-3 layouts: on Korf's 100 instances its mean estimate is 42.37 (43.27 with the
/// reflection) and IDA* with the reflection generates 445,164 nodes an instance on average;
/// the layout usually drawn for the blank-last goal, turned half a turn
/// (`{1,2,4,5,8,9}`, `{3,6,7,10,11,15}`, `{12,13,14}`), gives 42.13 (42.79) and 637,180 nodes.
const KORF_663: [&[usize]; 3] = [&[1, 4, 5, 8, 9, 12], &[2, 3, 6, 7, 10, 11], &[13, 14, 15]];

/// The 7-7-1 layout for the blank-first 4x4 goal, as goal cells: the two left columns but the
/// blank's cell, the two right columns but cell 3, and cell 3 alone (its table is its Manhattan
/// distance). Chosen by measurement among 7-7-1 layouts on Korf's 100 instances (IDA* with the
/// reflection, nodes generated an instance): this one 99,158; leaving out cell 14 instead,
/// 113,837; cell 15 (the top and bottom halves, or the left and right halves), 139,214;
/// cell 5 with two 2x4 blocks around the blank, 883,118.
const SPLIT_771: [&[usize]; 3] = [&[2, 6, 7, 10, 11, 14, 15], &[1, 4, 5, 8, 9, 12, 13], &[3]];

/// The 7-8 layout for the blank-first 4x4 goal: the top half and the bottom half.
const KORF_78: [&[usize]; 2] = [&[1, 2, 3, 4, 5, 6, 7], &[8, 9, 10, 11, 12, 13, 14, 15]];

impl Partition {
    /// Groups of tile numbers; checked against a board when a database is built.
    pub fn new(groups: Vec<Vec<u8>>) -> Partition {
        Partition { groups }
    }

    /// The groups of tiles.
    pub fn groups(&self) -> &[Vec<u8>] {
        &self.groups
    }

    /// The tiles sitting on each group of goal cells (cells must not hold the goal's blank).
    pub fn from_goal_cells(goal: &Board, cell_groups: &[&[usize]]) -> Result<Partition, PdbError> {
        let n = goal.cells().len();
        let groups = cell_groups
            .iter()
            .map(|cells| {
                cells
                    .iter()
                    .map(|&c| {
                        if c < n {
                            Ok(goal.tile(c))
                        } else {
                            Err(PdbError::BadPartition {
                                reason: PartitionFault::CellOffBoard {
                                    cell: c,
                                    shape: goal.shape(),
                                },
                            })
                        }
                    })
                    .collect::<Result<Vec<u8>, PdbError>>()
            })
            .collect::<Result<_, _>>()?;
        let partition = Partition { groups };
        partition.check(goal.shape())?;
        Ok(partition)
    }

    /// A 6-6-3 partition in the manner of Korf & Felner (two 5,765,760-entry tables and one of
    /// 3,360) for a 4x4 goal. The layout is defined for the blank in the top-left corner; for a blank in another
    /// corner it is rotated or reflected there, and for a blank elsewhere the blank's cell and
    /// the corner swap roles (still admissible, slightly weaker).
    pub fn korf_663(goal: &Board) -> Result<Partition, PdbError> {
        Partition::from_layout(goal, &KORF_663)
    }

    /// The 7-8 partition (57,657,600 and 518,918,400 entries, held half a byte an entry:
    /// 288 MB): 27,738 nodes an instance on Korf's 100 with the default search, but the larger
    /// table needs 1.4 GB and about 2 minutes of one core to build (3.6 GB and some 250 s
    /// before issue 10's builder), so it is a native-only option (`npuzzle solve --pdb-78`).
    pub fn korf_78(goal: &Board) -> Result<Partition, PdbError> {
        Partition::from_layout(goal, &KORF_78)
    }

    /// A 7-7-1 partition (two 57,657,600-entry tables, stored half a byte an entry: 57.7 MB)
    /// for a 4x4 goal, placed like [`Partition::korf_663`]. It is the default for 4x4
    /// ([`Partition::default_for`]): 4.5 times fewer nodes than 6-6-3 on Korf's 100 (99,158
    /// against 445,164 with the reflection), for tables a browser can hold and cache (17 MB
    /// gzipped); the build takes about 10 s a table natively (20 s of CPU for both on a busy
    /// machine, 2.3 times less than the reference builder), 274 MB at its peak.
    pub fn split_771(goal: &Board) -> Result<Partition, PdbError> {
        Partition::from_layout(goal, &SPLIT_771)
    }

    fn from_layout(goal: &Board, layout: &[&[usize]]) -> Result<Partition, PdbError> {
        let shape = goal.shape();
        if (shape.width(), shape.height()) != (4, 4) {
            return Err(PdbError::BadPartition {
                reason: PartitionFault::Not4x4(shape),
            });
        }
        let map = corner_map(shape, goal.blank());
        let groups: Vec<Vec<usize>> = layout
            .iter()
            .map(|cells| cells.iter().map(|&c| map[c]).collect())
            .collect();
        let refs: Vec<&[usize]> = groups.iter().map(Vec::as_slice).collect();
        Partition::from_goal_cells(goal, &refs)
    }

    /// Groups of the given sizes, taking the goal's tiles in reading order (blank skipped).
    pub fn by_reading_order(goal: &Board, sizes: &[usize]) -> Result<Partition, PdbError> {
        let tiles: Vec<u8> = goal.cells().iter().copied().filter(|&t| t != 0).collect();
        if sizes.iter().sum::<usize>() > tiles.len() {
            return Err(PdbError::BadPartition {
                reason: PartitionFault::TooFewTiles {
                    sizes: sizes.to_vec(),
                    tiles: tiles.len(),
                },
            });
        }
        let mut rest = &tiles[..];
        let mut groups = Vec::new();
        for &size in sizes {
            let (group, tail) = rest.split_at(size);
            groups.push(group.to_vec());
            rest = tail;
        }
        let partition = Partition { groups };
        partition.check(goal.shape())?;
        Ok(partition)
    }

    /// Small tables to search with while the [`Partition::default_for`] ones do not exist yet,
    /// where those take long to build: 5-5-5 in reading order on 4x4 (1.6 MB, built in about
    /// 0.3 s of one core; Korf's 100 in 1.1M nodes generated on average, the hardest in 2.2 s,
    /// against 59k nodes with 7-7-1). `None` on other sizes, whose default tables build in moments.
    pub fn quick_for(goal: &Board) -> Option<Partition> {
        let shape = goal.shape();
        ((shape.width(), shape.height()) == (4, 4))
            .then(|| Partition::by_reading_order(goal, &[5, 5, 5]).ok())
            .flatten()
    }

    /// The strongest partition that fits in memory for any board of up to 16 cells: 7-7-1
    /// ([`Partition::split_771`]: 57.7 MB held, built once in about 20 s of one core and
    /// 274 MB) on 4x4, otherwise groups of at most 6 tiles in reading order (a single table up
    /// to 8 tiles when that covers the board, e.g. 3x3 and 2x4, which is then exact). The
    /// command line and the web page's worker both use it.
    pub fn default_for(goal: &Board) -> Result<Partition, PdbError> {
        let shape = goal.shape();
        if (shape.width(), shape.height()) == (4, 4) {
            return Partition::split_771(goal);
        }
        let tiles = shape.cells().saturating_sub(1);
        let sizes: Vec<usize> = if tiles <= 8 {
            vec![tiles]
        } else {
            let count = tiles.div_ceil(6);
            (0..count)
                .map(|i| tiles / count + usize::from(i < tiles % count))
                .collect()
        };
        Partition::by_reading_order(goal, &sizes)
    }

    /// Total number of table entries (one byte each) for a board of `shape`.
    pub fn entries(&self, shape: Shape) -> u64 {
        self.groups
            .iter()
            .filter_map(|g| PatternIndex::new(shape.cells(), g.len()))
            .map(|index| index.size())
            .sum()
    }

    /// Checks that the groups are non-empty, disjoint, hold no blank and fit `shape`.
    pub fn check(&self, shape: Shape) -> Result<(), PdbError> {
        let n = shape.cells();
        if n > 16 {
            return Err(PdbError::BadPartition {
                reason: PartitionFault::BoardTooLarge(shape),
            });
        }
        if self.groups.is_empty() {
            return Err(PdbError::BadPartition {
                reason: PartitionFault::NoGroups,
            });
        }
        let mut seen = vec![false; n];
        for group in &self.groups {
            if group.is_empty() {
                return Err(PdbError::BadPartition {
                    reason: PartitionFault::EmptyGroup,
                });
            }
            for &tile in group {
                let t = tile as usize;
                if t == 0 || t >= n {
                    return Err(PdbError::BadPartition {
                        reason: PartitionFault::NotATile { tile, shape },
                    });
                }
                if std::mem::replace(&mut seen[t], true) {
                    return Err(PdbError::BadPartition {
                        reason: PartitionFault::TileInTwoGroups(tile),
                    });
                }
            }
        }
        Ok(())
    }

    /// A text key naming a goal and this partition, for caching built databases.
    pub fn cache_key(&self, goal: &Board) -> String {
        let groups: Vec<String> = self
            .groups
            .iter()
            .map(|g| g.iter().map(u8::to_string).collect::<Vec<_>>().join(","))
            .collect();
        format!(
            "pdb:{}:{}:{}",
            goal.shape(),
            goal.to_flat(),
            groups.join("|")
        )
    }
}

/// A symmetry of the square sending cell 0 to `blank` when `blank` is a corner; otherwise the
/// identity with cells 0 and `blank` exchanged. `map[c]` is the image of cell `c`.
fn corner_map(shape: Shape, blank: usize) -> Vec<usize> {
    let (w, h) = (shape.width(), shape.height());
    let n = shape.cells();
    let (row, column) = (shape.row(blank), shape.column(blank));
    let flip_rows = row == h - 1 && row != 0;
    let flip_columns = column == w - 1 && column != 0;
    let corner = (row == 0 || row == h - 1) && (column == 0 || column == w - 1);
    (0..n)
        .map(|c| {
            if corner {
                let r = if flip_rows { h - 1 - c / w } else { c / w };
                let k = if flip_columns { w - 1 - c % w } else { c % w };
                r * w + k
            } else if c == 0 {
                blank
            } else if c == blank {
                0
            } else {
                c
            }
        })
        .collect()
}
