//! The Experiment view's pure side: the methods it offers, its form read into the core's
//! `ExperimentConfig` (every mistake a sentence, never a panic), the progress line, the table's
//! cells in words and the charts' log scale. The run itself is the state's
//! ([`crate::state::ExperimentRun`]) and the worker's.

use std::sync::Arc;

use puzzle_core::analysis::MAX_TABLE_CELLS;
use puzzle_core::experiment::{
    parse_method, Cell, CellStatus, ExperimentConfig, ExperimentProgress, DEFAULT_BUDGET,
    DEFAULT_SEED,
};
use puzzle_core::formula::Formula;
use puzzle_core::{Algorithm, Board, Method, Shape};

use crate::format::{count, plural};

/// The methods the view offers, by the experiment's name for each (`npuzzle experiment
/// --methods`), and whether each is picked at first: the textbook's four, then BFS, greedy
/// and IDA*.
pub const METHODS: [(&str, bool); 8] = [
    ("iddfs", true),
    ("astar-misplaced", true),
    ("astar-manhattan", true),
    ("astar-linear-conflict", true),
    ("bfs", false),
    ("greedy-manhattan", false),
    ("idastar-manhattan", false),
    ("idastar-linear-conflict", false),
];

/// Boards per depth in the page at first (the command line's default is 100): 20 keeps the
/// whole default table under about 15 s.
pub const PAGE_BOARDS: usize = 20;

/// Most boards per depth the page runs.
pub const MAX_BOARDS: u64 = 1_000;

/// Most depths (rows) one run may have.
pub const MAX_ROWS: usize = 100;

/// The method of the view's `index`-th checkbox.
pub fn method(index: usize) -> Method {
    parse_method(METHODS[index].0).expect("the view's method names parse")
}

/// The column of the heuristic lab's `formula`: A* guided by it.
pub fn formula_method(formula: &Arc<Formula>) -> Method {
    Method::Formula {
        algorithm: Algorithm::AStar,
        formula: formula.clone(),
    }
}

/// A cell's mean excess length (moves beyond the depth) for a method that is not optimal:
/// `+0.4`, or `—` when no solve finished.
pub fn excess_text(cell: &Cell) -> String {
    cell.mean_excess
        .map_or("—".to_string(), |e| format!("+{e:.1}"))
}

/// Whether boards of `shape` have exact depths (a table of every board: at most 10 cells).
pub fn supports(shape: Shape) -> bool {
    shape.cells() <= MAX_TABLE_CELLS
}

/// The view's form, as typed.
#[derive(Clone, Debug, PartialEq)]
pub struct Form {
    /// One per [`METHODS`].
    pub picked: [bool; METHODS.len()],
    /// The first depth.
    pub from: String,
    /// The last depth (included when the step lands on it).
    pub to: String,
    /// The step between depths.
    pub step: String,
    /// Boards per depth.
    pub boards: String,
    /// Whether the heuristic lab's formula, when there is one, is a column (A* guided by it).
    pub formula: bool,
}

impl Default for Form {
    fn default() -> Self {
        Form {
            picked: METHODS.map(|(_, picked)| picked),
            from: "2".to_string(),
            to: "24".to_string(),
            step: "2".to_string(),
            boards: PAGE_BOARDS.to_string(),
            formula: true,
        }
    }
}

/// `text` as a whole number from `min` to `max`, or a sentence naming the `field`.
fn whole(field: &str, text: &str, min: u64, max: u64) -> Result<u64, String> {
    let trimmed = text.trim();
    let shown = puzzle_core::error::excerpt(trimmed);
    match trimmed.parse::<u64>() {
        Ok(n) if (min..=max).contains(&n) && trimmed.bytes().all(|b| b.is_ascii_digit()) => Ok(n),
        _ if trimmed.is_empty() => Err(format!(
            "{field}: enter a whole number from {min} to {max}."
        )),
        _ => Err(format!(
            "{field}: `{shown}` is not a whole number from {min} to {max}."
        )),
    }
}

impl Form {
    /// The depths the form asks for.
    pub fn depths(&self) -> Result<Vec<u32>, String> {
        let from = whole("From depth", &self.from, 0, 200)? as u32;
        let to = whole("To depth", &self.to, 0, 200)? as u32;
        let step = whole("Step", &self.step, 1, 200)? as usize;
        if from > to {
            return Err(format!(
                "The depth range is reversed: from {from} to {to}. Put the smaller depth first."
            ));
        }
        let depths: Vec<u32> = (from..=to).step_by(step).collect();
        if depths.len() > MAX_ROWS {
            return Err(format!(
                "{} depths is too many rows: at most {MAX_ROWS} (take a larger step).",
                depths.len()
            ));
        }
        Ok(depths)
    }

    /// The experiment the form asks for toward `goal` (the core's budget and seed, methods
    /// that hit the budget skipped at the larger depths), with a last column for `formula`
    /// (the heuristic lab's) when picked, or the first mistake in a sentence.
    pub fn config(
        &self,
        goal: &Board,
        formula: Option<&Arc<Formula>>,
    ) -> Result<ExperimentConfig, String> {
        if !supports(goal.shape()) {
            return Err(too_large(goal.shape()));
        }
        let depths = self.depths()?;
        let boards = whole("Boards per depth", &self.boards, 1, MAX_BOARDS)? as usize;
        let mut methods: Vec<Method> = (0..METHODS.len())
            .filter(|&i| self.picked[i])
            .map(method)
            .collect();
        if let Some(formula) = formula.filter(|_| self.formula) {
            let column = formula_method(formula);
            column
                .fits(goal.shape())
                .map_err(|e| format!("Your formula cannot be a column here: {e}."))?;
            methods.push(column);
        }
        if methods.is_empty() {
            return Err("Pick at least one method.".to_string());
        }
        Ok(ExperimentConfig {
            goal: goal.clone(),
            depths,
            boards,
            methods,
            budget: Some(DEFAULT_BUDGET),
            seed: DEFAULT_SEED,
            skip_after_budget: true,
        })
    }
}

/// The one sentence the view says on a size without exact depths.
pub fn too_large(shape: Shape) -> String {
    format!(
        "The experiment needs every board's exact distance, which only sizes of up to \
         {MAX_TABLE_CELLS} cells have (3x3, 2x4, 2x5 …): {shape} has {} cells.",
        shape.cells()
    )
}

/// "depth 14: board 37 of 100 (1,234 of 4,800 solves)".
pub fn progress_text(progress: &ExperimentProgress) -> String {
    format!(
        "depth {}: board {} of {} ({} of {} solves)",
        progress.depth,
        progress.board_index + 1,
        progress.boards,
        count(progress.done as u64),
        count(progress.total as u64)
    )
}

/// What the status line adds where a depth has fewer distinct boards than asked for (each is
/// measured once): " Only 2 boards lie at depth 31: each was measured once." (empty where
/// none).
pub fn fewer_boards_text(rows: &[puzzle_core::experiment::DepthRow], asked: usize) -> String {
    let fewer: Vec<_> = rows.iter().filter(|row| row.boards < asked).collect();
    match fewer.as_slice() {
        [] => String::new(),
        [row] => format!(
            " Only {} lie at depth {}: each was measured once.",
            plural(row.boards, "board"),
            row.depth
        ),
        rows => format!(
            " Fewer boards lie at some depths ({}): each was measured once.",
            rows.iter()
                .map(|row| format!("{} at depth {}", plural(row.boards, "board"), row.depth))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// A cell's mean nodes generated in the table: the figure, `*` when some solves hit the budget
/// (the mean leaves them out), `skipped`, or `—` when no solve finished.
pub fn nodes_text(cell: &Cell) -> String {
    match (cell.status, cell.mean_generated) {
        (CellStatus::Skipped, _) => "skipped".to_string(),
        (_, None) => "—*".to_string(),
        (CellStatus::Flagged, Some(n)) => format!("{}*", count(n.round() as u64)),
        (CellStatus::Complete, Some(n)) => count(n.round() as u64),
    }
}

/// A cell's b* in the table (two decimals), or `—`.
pub fn b_text(cell: &Cell) -> String {
    cell.branching_factor
        .map_or("—".to_string(), |b| format!("{b:.2}"))
}

/// What a cell's mark means, for its tooltip (`None`: a complete cell).
pub fn cell_note(cell: &Cell) -> Option<String> {
    match cell.status {
        CellStatus::Complete => None,
        CellStatus::Skipped => {
            Some("Skipped: this method hit the node budget at a smaller depth.".to_string())
        }
        CellStatus::Flagged => {
            let left = cell.runs - cell.solved;
            Some(match cell.solved {
                0 => format!("All {} solves hit the node budget: no figures.", cell.runs),
                solved => format!(
                    "{left} of {} solves hit the node budget; the mean is over the other {solved}.",
                    cell.runs
                ),
            })
        }
    }
}

/// Where `value` sits on a log scale from 10^`low` to 10^`high`, from 0 (bottom) to 1 (top).
pub fn log_position(value: f64, low: u32, high: u32) -> f64 {
    if value <= 0.0 || high <= low {
        return 0.0;
    }
    ((value.log10() - f64::from(low)) / f64::from(high - low)).clamp(0.0, 1.0)
}

/// The powers of ten that frame `values` (at least one decade): (low, high).
pub fn decades(values: impl Iterator<Item = f64>) -> (u32, u32) {
    let (mut low, mut high) = (f64::INFINITY, 0.0_f64);
    for value in values.filter(|v| *v > 0.0) {
        low = low.min(value);
        high = high.max(value);
    }
    if !low.is_finite() {
        return (0, 1);
    }
    let low = low.max(1.0).log10().floor() as u32;
    let high = (high.max(1.0).log10().ceil() as u32).max(low + 1);
    (low, high)
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzle_core::{Goal, Shape};

    fn goal(size: usize) -> Board {
        Goal::Standard.board(Shape::square(size).unwrap()).unwrap()
    }

    /// The lab's formula is the last column while ticked; one naming a tile the board lacks
    /// is a sentence, not a run.
    #[test]
    fn the_lab_formula_is_a_column_of_its_own() {
        let formula = Arc::new("2 * manhattan".parse::<Formula>().unwrap());
        let config = Form::default().config(&goal(3), Some(&formula)).unwrap();
        let textbook = ExperimentConfig::textbook(goal(3));
        assert_eq!(config.methods.len(), textbook.methods.len() + 1);
        assert_eq!(config.methods.last(), Some(&formula_method(&formula)));
        let unticked = Form {
            formula: false,
            ..Form::default()
        };
        assert_eq!(
            unticked.config(&goal(3), Some(&formula)).unwrap().methods,
            textbook.methods
        );
        let far = Arc::new("dist(12)".parse::<Formula>().unwrap());
        let error = Form::default().config(&goal(3), Some(&far)).unwrap_err();
        assert!(
            error.starts_with("Your formula cannot be a column here"),
            "{error}"
        );
    }

    #[test]
    fn the_default_form_is_the_textbook_table_with_fewer_boards() {
        let config = Form::default().config(&goal(3), None).unwrap();
        let textbook = ExperimentConfig::textbook(goal(3));
        assert_eq!(config.depths, textbook.depths);
        assert_eq!(config.methods, textbook.methods);
        assert_eq!(config.boards, PAGE_BOARDS);
        assert_eq!(
            (config.budget, config.seed),
            (textbook.budget, textbook.seed)
        );
        assert!(config.skip_after_budget);
        for (index, (key, _)) in METHODS.iter().enumerate() {
            assert_eq!(puzzle_core::experiment::method_key(&method(index)), *key);
        }
    }

    /// A depth with fewer boards than asked says how many it measured, once each.
    #[test]
    fn depths_with_fewer_boards_say_so() {
        let row = |depth, boards| puzzle_core::experiment::DepthRow {
            depth,
            available: boards,
            boards,
            cells: Vec::new(),
        };
        assert_eq!(fewer_boards_text(&[row(20, 100)], 100), "");
        assert_eq!(
            fewer_boards_text(&[row(20, 100), row(31, 2)], 1000),
            " Fewer boards lie at some depths (100 boards at depth 20, 2 boards at depth 31): each was measured once."
        );
        assert_eq!(
            fewer_boards_text(&[row(20, 1000), row(31, 2)], 1000),
            " Only 2 boards lie at depth 31: each was measured once."
        );
    }

    #[test]
    fn every_mistake_is_a_sentence() {
        let form = Form::default();
        for (changed, why) in [
            (
                Form {
                    from: "24".into(),
                    to: "2".into(),
                    ..form.clone()
                },
                "reversed",
            ),
            (
                Form {
                    boards: "0".into(),
                    ..form.clone()
                },
                "Boards per depth: `0`",
            ),
            (
                Form {
                    boards: "".into(),
                    ..form.clone()
                },
                "enter a whole number",
            ),
            (
                Form {
                    boards: "2.5".into(),
                    ..form.clone()
                },
                "`2.5` is not",
            ),
            (
                Form {
                    boards: "-3".into(),
                    ..form.clone()
                },
                "`-3` is not",
            ),
            (
                Form {
                    step: "0".into(),
                    ..form.clone()
                },
                "Step",
            ),
            (
                Form {
                    to: "x".into(),
                    ..form.clone()
                },
                "To depth",
            ),
            (
                Form {
                    picked: [false; 8],
                    ..form.clone()
                },
                "at least one method",
            ),
            (
                Form {
                    from: "0".into(),
                    to: "200".into(),
                    step: "1".into(),
                    ..form.clone()
                },
                "too many rows",
            ),
        ] {
            let error = changed.config(&goal(3), None).unwrap_err();
            assert!(error.contains(why), "{why}: {error}");
        }
        let error = form.config(&goal(4), None).unwrap_err();
        assert!(error.contains("4x4 has 16 cells"), "{error}");
        assert!(supports(Shape::new(2, 5).unwrap()) && !supports(Shape::square(4).unwrap()));
        let one = Form {
            from: "5".into(),
            to: "5".into(),
            ..form
        };
        assert_eq!(one.depths().unwrap(), vec![5]);
    }

    #[test]
    fn cells_say_what_they_left_out() {
        let mut cell = Cell::skipped();
        assert_eq!(nodes_text(&cell), "skipped");
        assert!(cell_note(&cell).unwrap().contains("smaller depth"));
        cell.status = CellStatus::Flagged;
        (cell.runs, cell.solved, cell.budget_hits) = (20, 17, 3);
        cell.mean_generated = Some(12_345.4);
        cell.branching_factor = Some(2.876);
        assert_eq!(nodes_text(&cell), "12,345*");
        assert_eq!(b_text(&cell), "2.88");
        assert!(cell_note(&cell).unwrap().starts_with("3 of 20 solves hit"));
        cell.status = CellStatus::Complete;
        assert_eq!(
            (nodes_text(&cell), cell_note(&cell)),
            ("12,345".to_string(), None)
        );
        let progress = ExperimentProgress {
            depth_index: 6,
            depth: 14,
            board_index: 36,
            boards: 100,
            method_index: 1,
            done: 1234,
            total: 4800,
        };
        assert_eq!(
            progress_text(&progress),
            "depth 14: board 37 of 100 (1,234 of 4,800 solves)"
        );
    }

    #[test]
    fn the_log_scale_frames_the_values() {
        assert_eq!(decades([5.0, 120_000.0].into_iter()), (0, 6));
        assert_eq!(decades([300.0].into_iter()), (2, 3));
        assert_eq!(decades(std::iter::empty()), (0, 1));
        assert_eq!(log_position(100.0, 0, 4), 0.5);
        assert_eq!(log_position(0.0, 0, 4), 0.0);
        assert_eq!(log_position(1e9, 0, 4), 1.0);
    }
}
