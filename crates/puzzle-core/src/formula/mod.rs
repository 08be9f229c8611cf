//! Estimates written as formulas: a small language over named features of a board and its
//! goal, for the heuristic lab (write an estimate, find out exactly whether it overestimates,
//! see what it saves). The features are defined here and only here; the page and the CLI name
//! them.
//!
//! ```
//! use puzzle_core::formula::Formula;
//! use puzzle_core::Board;
//! let goal: Board = "1 2 3 4 5 6 7 8 0".parse().unwrap();
//! let board: Board = "8 1 3 4 0 2 7 6 5".parse().unwrap();
//! let formula: Formula = "max(manhattan, misplaced) + 0.5 * conflicts".parse().unwrap();
//! let estimate = formula.bind(&goal).unwrap();
//! assert_eq!(estimate.estimate(&board), 10);
//! let error = "manhattan + * 2".parse::<Formula>().unwrap_err();
//! assert_eq!(error.column, 13);
//! ```
//!
//! Beside the board-wide [`Feature`]s and the per-tile [`TileTerm`]s, `pdb(1,2,3)` is the
//! pattern table of those tiles ([`crate::pdb`]): the fewest moves *of those tiles* that bring
//! them home, the others unnamed. Tables of disjoint tiles add up (`pdb(1,2,3,4) +
//! pdb(5,6,7,8)` never overestimates); each is built when the formula is bound to a goal and
//! kept for the next binding, on boards of up to 16 cells, at most [`MAX_PDB_ENTRIES`] entries.
//!
//! **The rules of a value.** A formula is worked out in floating point. A division by zero
//! gives 0; a comparison gives 1 or 0; `if(c, a, b)` is `a` when `c` is not 0. The estimate a
//! search uses is the value rounded **up** to a whole move (an estimate of 4.2 moves promises
//! no more than one of 5: the distance is whole), and a negative value or one that is not a
//! number counts as 0.
//!
//! - [`parse`](mod@parse): the grammar and its errors; [`check`]: the exact verdicts over every
//!   board of a small shape.

pub mod check;
pub mod parse;

use std::fmt;
use std::str::FromStr;

use std::sync::{Arc, Mutex, PoisonError};

use crate::board::{Board, Shape};
use crate::heuristic::{Cells, Heuristic, HeuristicKind};
use crate::pdb::{AdditivePdb, Partition, PatternIndex};
use crate::search::Limits;

/// A formula that does not read, with the column (from 1, in characters) where it goes wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[error("column {column}: {message}")]
pub struct FormulaError {
    /// Where, counting characters from 1.
    pub column: usize,
    /// What was expected and what was found.
    pub message: String,
}

impl FormulaError {
    fn new(column: usize, message: impl Into<String>) -> FormulaError {
        FormulaError {
            column,
            message: message.into(),
        }
    }
}

/// A board-wide feature a formula can name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Feature {
    /// Tiles not on their goal cell.
    Misplaced,
    /// Sum of the tiles' row and column distances to their goal cells.
    Manhattan,
    /// What linear conflict adds to Manhattan (2 for each tile that must leave its line).
    Conflicts,
    /// Manhattan plus conflicts.
    LinearConflict,
    /// The blank's row and column distance to its goal cell.
    BlankDistance,
    /// 2 for each goal corner (not the blank's) whose tile is away while the two tiles beside
    /// the corner are home (Korf & Taylor's corner tiles).
    Corner,
    /// 2 when every tile that can make the last move (a tile whose goal cell is beside the
    /// blank's) must first step past its goal cell onto the blank's, else 0 (the last-move
    /// term of Korf & Taylor, for any goal).
    LastMove,
}

impl Feature {
    /// Every feature, in the order the docs list them.
    pub const ALL: [Feature; 7] = [
        Feature::Misplaced,
        Feature::Manhattan,
        Feature::Conflicts,
        Feature::LinearConflict,
        Feature::BlankDistance,
        Feature::Corner,
        Feature::LastMove,
    ];

    /// Its name in a formula.
    pub fn name(self) -> &'static str {
        match self {
            Feature::Misplaced => "misplaced",
            Feature::Manhattan => "manhattan",
            Feature::Conflicts => "conflicts",
            Feature::LinearConflict => "linear_conflict",
            Feature::BlankDistance => "blank_distance",
            Feature::Corner => "corner",
            Feature::LastMove => "last_move",
        }
    }

    fn from_name(name: &str) -> Option<Feature> {
        Feature::ALL.into_iter().find(|f| f.name() == name)
    }
}

/// A per-tile term: `dist(5)`, `row(5)`, `col(5)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TileTerm {
    /// The tile's Manhattan distance to its goal cell.
    Dist,
    /// The tile's row distance to its goal row.
    Row,
    /// The tile's column distance to its goal column.
    Col,
}

impl TileTerm {
    /// Every per-tile term.
    pub const ALL: [TileTerm; 3] = [TileTerm::Dist, TileTerm::Row, TileTerm::Col];

    /// Its name in a formula.
    pub fn name(self) -> &'static str {
        match self {
            TileTerm::Dist => "dist",
            TileTerm::Row => "row",
            TileTerm::Col => "col",
        }
    }

    fn from_name(name: &str) -> Option<TileTerm> {
        TileTerm::ALL.into_iter().find(|t| t.name() == name)
    }
}

/// A function of values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Function {
    /// The largest of one or more values.
    Max,
    /// The smallest of one or more values.
    Min,
    /// The size of a value.
    Abs,
    /// Rounded down.
    Floor,
    /// Rounded up.
    Ceil,
    /// `if(c, a, b)`: `a` when `c` is not 0, else `b`.
    If,
}

impl Function {
    /// Every function.
    pub const ALL: [Function; 6] = [
        Function::Max,
        Function::Min,
        Function::Abs,
        Function::Floor,
        Function::Ceil,
        Function::If,
    ];

    /// Its name in a formula.
    pub fn name(self) -> &'static str {
        match self {
            Function::Max => "max",
            Function::Min => "min",
            Function::Abs => "abs",
            Function::Floor => "floor",
            Function::Ceil => "ceil",
            Function::If => "if",
        }
    }

    fn from_name(name: &str) -> Option<Function> {
        Function::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The fewest and the most values it takes.
    fn arity(self) -> (usize, usize) {
        match self {
            Function::Max | Function::Min => (1, usize::MAX),
            Function::Abs | Function::Floor | Function::Ceil => (1, 1),
            Function::If => (3, 3),
        }
    }
}

/// A binary operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    Add,
    Subtract,
    Multiply,
    Divide,
    Less,
    AtMost,
    Greater,
    AtLeast,
    Equal,
    NotEqual,
}

/// A formula read into a tree (evaluated as it is: no text is read again per board).
#[derive(Clone, Debug, PartialEq)]
enum Node {
    Number(f64),
    Feature(Feature),
    /// A per-tile term, its tile, and the column the tile number is at (checked on binding).
    Tile(TileTerm, u8, usize),
    /// `pdb(1,2,3)`: the pattern table of these tiles (distinct, not the blank), and the
    /// column of `pdb` (the tiles and the table's size are checked on binding).
    Pdb(Vec<u8>, usize),
    Negate(Box<Node>),
    Binary(Op, Box<Node>, Box<Node>),
    Call(Function, Vec<Node>),
}

/// A formula that reads: its text and its tree. Bind it to a goal to evaluate it. Two
/// formulas are the same when their texts are (the tree follows from the text); in JSON a
/// formula is its text, read again on the way in.
#[derive(Clone, Debug)]
pub struct Formula {
    text: String,
    tree: Node,
    /// The pattern tables its `pdb(...)` terms were built into, kept for the next binding
    /// to the same goal (an experiment binds once a board); shared by its clones.
    tables: Arc<Mutex<Vec<BuiltTable>>>,
}

/// A `pdb(...)` term's table toward one goal.
#[derive(Debug)]
struct BuiltTable {
    goal: Vec<u8>,
    tiles: Vec<u8>,
    pdb: Arc<AdditivePdb>,
}

/// The most entries the table of a `pdb(...)` term may hold: 6 tiles of a 4x4 (5,765,760),
/// or every tile of a 3x3 (362,880), built in a second or two where the formula is bound.
pub const MAX_PDB_ENTRIES: u64 = 6_000_000;

/// The most entries a formula's tables may hold together (each group counted once): two tables
/// of 6 tiles and one of 3 on a 4x4 (11,534,880), a few seconds to build and 12 MB held, so
/// that a long formula of many large tables is refused, not built for minutes.
pub const MAX_PDB_TOTAL_ENTRIES: u64 = 12_000_000;

impl PartialEq for Formula {
    fn eq(&self, other: &Formula) -> bool {
        self.text == other.text
    }
}

impl Eq for Formula {}

impl std::hash::Hash for Formula {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.text.hash(state);
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Formula {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.text)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Formula {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Formula, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

impl FromStr for Formula {
    type Err = FormulaError;
    fn from_str(text: &str) -> Result<Formula, FormulaError> {
        Ok(Formula {
            text: text.trim().to_string(),
            tree: parse::parse(text)?,
            tables: Arc::default(),
        })
    }
}

impl fmt::Display for Formula {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl Formula {
    /// The formula as written (trimmed).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The formula prepared for `goal`: a tile it names must be a tile of that board, and
    /// the tables of its `pdb(...)` terms are built here (once a goal: they are kept).
    pub fn bind(&self, goal: &Board) -> Result<Estimate, FormulaError> {
        self.fits(goal.cells().len())?;
        let mut goal_cell = vec![0usize; goal.cells().len()];
        for (cell, &tile) in goal.cells().iter().enumerate() {
            goal_cell[tile as usize] = cell;
        }
        let mut pdbs = Vec::new();
        let mut failed = None;
        visit(&self.tree, &mut |node| {
            if let Node::Pdb(tiles, column) = node {
                if failed.is_none() && !pdbs.iter().any(|(t, _)| t == tiles) {
                    match self.table(goal, tiles) {
                        Ok(pdb) => pdbs.push((tiles.clone(), pdb)),
                        Err(error) => failed = Some(FormulaError::new(*column, error)),
                    }
                }
            }
        });
        if let Some(error) = failed {
            return Err(error);
        }
        Ok(Estimate {
            tree: self.tree.clone(),
            pdbs,
            shape: goal.shape(),
            goal: goal.cells().to_vec(),
            goal_cell,
            misplaced: Heuristic::new(HeuristicKind::Misplaced, goal),
            manhattan: Heuristic::new(HeuristicKind::Manhattan, goal),
            linear_conflict: Heuristic::new(HeuristicKind::LinearConflict, goal),
        })
    }

    /// Whether every tile the formula names is a tile of a board of `cells` cells and every
    /// `pdb(...)` table fits that board, and if not, where the first fault is. Cheap: nothing
    /// is built (the page asks it on its own thread).
    pub fn fits(&self, cells: usize) -> Result<(), FormulaError> {
        let tiles = cells.saturating_sub(1);
        let mut bad = None;
        let (mut groups, mut entries) = (Vec::<Vec<u8>>::new(), 0u64);
        visit(&self.tree, &mut |node| {
            if bad.is_some() {
                return;
            }
            match node {
                Node::Tile(_, tile, column) if *tile as usize == 0 || *tile as usize > tiles => {
                    bad = Some(no_tile(*tile, cells, *column));
                }
                Node::Pdb(group, column) => {
                    bad = pdb_fault(group, cells, *column);
                    if bad.is_none() && !groups.contains(group) {
                        groups.push(group.clone());
                        entries += PatternIndex::new(cells, group.len()).map_or(0, |i| i.size());
                        if entries > MAX_PDB_TOTAL_ENTRIES {
                            bad = Some(FormulaError::new(
                                *column,
                                format!(
                                    "with this table the formula's pdb(...) tables hold {entries} \
                                     entries; at most {MAX_PDB_TOTAL_ENTRIES} in all (two of 6 \
                                     tiles and one of 3 on a 4x4)"
                                ),
                            ));
                        }
                    }
                }
                _ => {}
            }
        });
        bad.map_or(Ok(()), Err)
    }

    /// The table of `tiles` toward `goal`, built or kept from an earlier binding.
    fn table(&self, goal: &Board, tiles: &[u8]) -> Result<Arc<AdditivePdb>, String> {
        let mut kept = self.tables.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(built) = kept
            .iter()
            .find(|b| b.tiles == tiles && b.goal == goal.cells())
        {
            return Ok(Arc::clone(&built.pdb));
        }
        let partition = Partition::new(vec![tiles.to_vec()]);
        let pdb = AdditivePdb::build(goal, &partition, &mut Limits::default())
            .map(Arc::new)
            .map_err(|error| error.to_string())?;
        kept.push(BuiltTable {
            goal: goal.cells().to_vec(),
            tiles: tiles.to_vec(),
            pdb: Arc::clone(&pdb),
        });
        Ok(pdb)
    }
}

/// "There is no tile 9 on this board", at `column`, for a board of `cells` cells.
fn no_tile(tile: u8, cells: usize, column: usize) -> FormulaError {
    let tiles = cells.saturating_sub(1);
    FormulaError::new(
        column,
        format!("there is no tile {tile} on this board: its tiles are 1 to {tiles}"),
    )
}

/// Why the table of `pdb(group)` cannot be built for a board of `cells` cells, if it cannot.
fn pdb_fault(group: &[u8], cells: usize, column: usize) -> Option<FormulaError> {
    let tiles = cells.saturating_sub(1);
    if cells > 16 {
        return Some(FormulaError::new(
            column,
            format!("pdb(...) takes boards of up to 16 cells; this one has {cells}"),
        ));
    }
    if let Some(&tile) = group.iter().find(|&&t| t as usize > tiles) {
        return Some(no_tile(tile, cells, column));
    }
    match PatternIndex::new(cells, group.len()) {
        Some(index) if index.size() <= MAX_PDB_ENTRIES => None,
        index => Some(FormulaError::new(
            column,
            format!(
                "the table of {} tiles on {cells} cells would hold {} entries; a formula's \
                 tables hold at most {MAX_PDB_ENTRIES} (6 tiles of a 4x4)",
                group.len(),
                index.map_or("too many".to_string(), |i| i.size().to_string()),
            ),
        )),
    }
}

/// Calls `f` on every node of `tree`.
fn visit(tree: &Node, f: &mut impl FnMut(&Node)) {
    f(tree);
    match tree {
        Node::Negate(inner) => visit(inner, f),
        Node::Binary(_, a, b) => {
            visit(a, f);
            visit(b, f);
        }
        Node::Call(_, arguments) => arguments.iter().for_each(|a| visit(a, f)),
        Node::Number(_) | Node::Feature(_) | Node::Tile(..) | Node::Pdb(..) => {}
    }
}

/// A formula bound to a goal: the estimate of any board of that shape.
#[derive(Clone, Debug)]
pub struct Estimate {
    tree: Node,
    /// The table of each `pdb(...)` term, by its tiles.
    pdbs: Vec<(Vec<u8>, Arc<AdditivePdb>)>,
    shape: Shape,
    goal: Vec<u8>,
    /// `goal_cell[tile]`: the tile's cell in the goal.
    goal_cell: Vec<usize>,
    misplaced: Heuristic,
    manhattan: Heuristic,
    linear_conflict: Heuristic,
}

/// The features of one board, each worked out when the formula first needs it.
#[derive(Default)]
struct Known {
    manhattan: Option<u32>,
    linear_conflict: Option<u32>,
}

impl Estimate {
    /// The estimate a search uses: the value rounded up to a whole move, at least 0.
    pub fn estimate<B: Cells + ?Sized>(&self, board: &B) -> u32 {
        let value = self.value(board);
        if value.is_nan() || value <= 0.0 {
            0
        } else {
            value.ceil().min(f64::from(u32::MAX)) as u32
        }
    }

    /// The formula's value on `board` as worked out, before rounding.
    pub fn value<B: Cells + ?Sized>(&self, board: &B) -> f64 {
        self.eval(&self.tree, board, &mut Known::default())
    }

    fn eval<B: Cells + ?Sized>(&self, node: &Node, board: &B, known: &mut Known) -> f64 {
        match node {
            Node::Number(n) => *n,
            Node::Feature(feature) => f64::from(self.feature(*feature, board, known)),
            Node::Tile(term, tile, _) => f64::from(self.tile_term(*term, *tile, board)),
            Node::Pdb(tiles, _) => self
                .pdbs
                .iter()
                .find(|(t, _)| t == tiles)
                .map_or(0.0, |(_, pdb)| f64::from(pdb.estimate_direct(board))),
            Node::Negate(inner) => -self.eval(inner, board, known),
            Node::Binary(op, a, b) => {
                let (a, b) = (self.eval(a, board, known), self.eval(b, board, known));
                let truth = |t: bool| if t { 1.0 } else { 0.0 };
                match op {
                    Op::Add => a + b,
                    Op::Subtract => a - b,
                    Op::Multiply => a * b,
                    Op::Divide if b == 0.0 => 0.0,
                    Op::Divide => a / b,
                    Op::Less => truth(a < b),
                    Op::AtMost => truth(a <= b),
                    Op::Greater => truth(a > b),
                    Op::AtLeast => truth(a >= b),
                    Op::Equal => truth(a == b),
                    Op::NotEqual => truth(a != b),
                }
            }
            Node::Call(function, arguments) => {
                let mut value = |i: usize| self.eval(&arguments[i], board, known);
                match function {
                    Function::Max => (1..arguments.len()).fold(value(0), |m, i| m.max(value(i))),
                    Function::Min => (1..arguments.len()).fold(value(0), |m, i| m.min(value(i))),
                    Function::Abs => value(0).abs(),
                    Function::Floor => value(0).floor(),
                    Function::Ceil => value(0).ceil(),
                    Function::If => {
                        if value(0) != 0.0 {
                            value(1)
                        } else {
                            value(2)
                        }
                    }
                }
            }
        }
    }

    fn feature<B: Cells + ?Sized>(&self, feature: Feature, board: &B, known: &mut Known) -> u32 {
        match feature {
            Feature::Misplaced => self.misplaced.estimate(board),
            Feature::Manhattan => *known
                .manhattan
                .get_or_insert_with(|| self.manhattan.estimate(board)),
            Feature::LinearConflict => *known
                .linear_conflict
                .get_or_insert_with(|| self.linear_conflict.estimate(board)),
            Feature::Conflicts => {
                self.feature(Feature::LinearConflict, board, known)
                    - self.feature(Feature::Manhattan, board, known)
            }
            Feature::BlankDistance => self.distance(0, self.cell_of(0, board)),
            Feature::Corner => self.corner(board),
            Feature::LastMove => self.last_move(board),
        }
    }

    fn cell_of<B: Cells + ?Sized>(&self, tile: u8, board: &B) -> usize {
        (0..self.shape.cells())
            .find(|&c| board.tile_at(c) == tile)
            .unwrap_or(0)
    }

    /// Row and column steps from `cell` to `tile`'s goal cell.
    fn distance(&self, tile: u8, cell: usize) -> u32 {
        self.steps(cell, self.goal_cell[tile as usize])
    }

    fn steps(&self, a: usize, b: usize) -> u32 {
        let s = self.shape;
        (s.row(a).abs_diff(s.row(b)) + s.column(a).abs_diff(s.column(b))) as u32
    }

    fn tile_term<B: Cells + ?Sized>(&self, term: TileTerm, tile: u8, board: &B) -> u32 {
        let (s, at, home) = (
            self.shape,
            self.cell_of(tile, board),
            self.goal_cell[tile as usize],
        );
        match term {
            TileTerm::Dist => self.steps(at, home),
            TileTerm::Row => s.row(at).abs_diff(s.row(home)) as u32,
            TileTerm::Col => s.column(at).abs_diff(s.column(home)) as u32,
        }
    }

    /// The cells beside `cell`.
    fn beside(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        let s = self.shape;
        let (row, column) = (s.row(cell), s.column(cell));
        [
            (row > 0).then(|| cell - s.width()),
            (row + 1 < s.height()).then(|| cell + s.width()),
            (column > 0).then(|| cell - 1),
            (column + 1 < s.width()).then(|| cell + 1),
        ]
        .into_iter()
        .flatten()
    }

    fn corner<B: Cells + ?Sized>(&self, board: &B) -> u32 {
        let s = self.shape;
        let last = s.cells() - 1;
        let corners = [0, s.width() - 1, last + 1 - s.width(), last];
        let mut total = 0;
        for (i, &corner) in corners.iter().enumerate() {
            if corners[..i].contains(&corner) || self.goal[corner] == 0 {
                continue;
            }
            let away = board.tile_at(corner) != self.goal[corner];
            let neighbours_home = self
                .beside(corner)
                .all(|n| self.goal[n] != 0 && board.tile_at(n) == self.goal[n]);
            if away && neighbours_home {
                total += 2;
            }
        }
        total
    }

    fn last_move<B: Cells + ?Sized>(&self, board: &B) -> u32 {
        let blank_home = self.goal_cell[0];
        let at_goal = (0..self.shape.cells()).all(|c| board.tile_at(c) == self.goal[c]);
        if at_goal {
            return 0;
        }
        // A tile whose goal cell `home` is beside the blank's makes the last move from the
        // blank's goal cell; it gets there at no extra cost if that cell is on its way home.
        let every_one_detours = self.beside(blank_home).all(|home| {
            let tile = self.goal[home];
            let at = self.cell_of(tile, board);
            self.steps(at, blank_home) + 1 != self.steps(at, home)
        });
        if every_one_detours {
            2
        } else {
            0
        }
    }
}

#[cfg(test)]
mod tests;
