//! The experiment's method names: one word per column, the heuristic written into it
//! (`astar-manhattan`, `idastar-linear-conflict`, `iddfs`, `pdb`), or an informed search and a
//! formula of one's own (`astar:max(manhattan, misplaced)`), read into and written from the
//! crate's [`Method`].

use std::sync::Arc;

use super::error::ExperimentError;
use crate::formula::Formula;
use crate::heuristic::HeuristicKind;
use crate::method::{Algorithm, Method, SolverConfig, DEFAULT_DEPTH_LIMIT};

/// The textbook's columns (Russell & Norvig): iterative deepening, then A* with ever better
/// estimates.
pub const DEFAULT_METHODS: [&str; 4] = [
    "iddfs",
    "astar-misplaced",
    "astar-manhattan",
    "astar-linear-conflict",
];

/// [`DEFAULT_METHODS`] as methods.
pub fn default_methods() -> Vec<Method> {
    DEFAULT_METHODS
        .iter()
        .map(|name| parse_method(name).expect("the default names parse"))
        .collect()
}

/// Reads a method name: `bfs`, `dfs`, `iddfs`, `pdb`, or an informed search and its heuristic
/// joined by `-` (`greedy-misplaced`, `astar-manhattan`, `idastar-linear-conflict`; an
/// informed search alone gets linear conflict). Case and `*` as in [`Method`]'s own names.
///
/// ```
/// use puzzle_core::experiment::{method_key, parse_method};
/// use puzzle_core::HeuristicKind;
/// let method = parse_method("A*-Manhattan").unwrap();
/// assert_eq!(method.heuristic(), Some(HeuristicKind::Manhattan));
/// assert_eq!(method_key(&method), "astar-manhattan");
/// assert!(parse_method("astar-euclid").is_err());
/// ```
pub fn parse_method(text: &str) -> Result<Method, ExperimentError> {
    let name = crate::error::excerpt(text);
    if let Some((head, formula)) = text.split_once(':') {
        return parse_formula_method(head, formula, name);
    }
    let wanted = text.trim().to_ascii_lowercase();
    if let Some((head, tail)) = wanted.split_once('-') {
        if let (Ok(algorithm), Ok(heuristic)) =
            (head.parse::<Algorithm>(), tail.parse::<HeuristicKind>())
        {
            if !algorithm.is_informed() {
                return Err(ExperimentError::BlindWithHeuristic {
                    name,
                    algorithm: algorithm.name(),
                });
            }
            return Ok(Method::Search(SolverConfig {
                algorithm,
                heuristic,
                depth_limit: DEFAULT_DEPTH_LIMIT,
            }));
        }
    }
    wanted
        .parse::<Method>()
        .map_err(|_| ExperimentError::UnknownMethod { name })
}

/// `algorithm:formula`, read by [`parse_method`].
fn parse_formula_method(
    head: &str,
    formula: &str,
    name: String,
) -> Result<Method, ExperimentError> {
    let algorithm = head
        .parse::<Algorithm>()
        .map_err(|_| ExperimentError::UnknownMethod { name: name.clone() })?;
    if !algorithm.is_informed() {
        return Err(ExperimentError::BlindWithHeuristic {
            name,
            algorithm: algorithm.name(),
        });
    }
    let formula = formula
        .parse::<Formula>()
        .map_err(|error| ExperimentError::Formula { name, error })?;
    Ok(Method::Formula {
        algorithm,
        formula: Arc::new(formula),
    })
}

/// The name [`parse_method`] reads back: the algorithm, and for informed searches `-` and the
/// heuristic, or `:` and the formula.
pub fn method_key(method: &Method) -> String {
    if let Method::Formula { algorithm, formula } = method {
        return format!("{}:{}", algorithm.name(), formula.text());
    }
    match method.heuristic() {
        Some(heuristic) => format!("{}-{}", method.name(), heuristic.name()),
        None => method.name().to_string(),
    }
}

/// A comma-separated list of method names split into names, commas inside a formula's
/// brackets kept (`astar-manhattan, astar:max(manhattan, misplaced)` is two names).
///
/// ```
/// use puzzle_core::experiment::split_methods;
/// assert_eq!(
///     split_methods("iddfs, astar:max(manhattan, misplaced),pdb"),
///     ["iddfs", "astar:max(manhattan, misplaced)", "pdb"]
/// );
/// ```
pub fn split_methods(text: &str) -> Vec<&str> {
    let mut names = Vec::new();
    let (mut depth, mut start) = (0usize, 0);
    for (at, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                names.push(text[start..at].trim());
                start = at + 1;
            }
            _ => {}
        }
    }
    names.push(text[start..].trim());
    names.retain(|name| !name.is_empty());
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_reads_back_as_its_method() {
        let mut methods = vec![Method::PatternDatabase];
        for algorithm in Algorithm::ALL {
            for heuristic in HeuristicKind::ALL {
                methods.push(Method::Search(SolverConfig {
                    algorithm,
                    heuristic,
                    depth_limit: DEFAULT_DEPTH_LIMIT,
                }));
            }
        }
        for method in methods {
            let back = parse_method(&method_key(&method)).unwrap();
            assert_eq!(method_key(&back), method_key(&method));
            assert_eq!(back.heuristic(), method.heuristic(), "{method:?}");
        }
    }

    #[test]
    fn bad_names_are_errors_that_say_why() {
        let unknown = parse_method("astar-euclid").unwrap_err();
        assert!(unknown.to_string().contains("astar-manhattan"), "{unknown}");
        let blind = parse_method("bfs-manhattan").unwrap_err();
        assert!(blind.to_string().contains("blind"), "{blind}");
        assert_eq!(
            parse_method("idastar-pdb").unwrap(),
            Method::PatternDatabase
        );
        assert_eq!(default_methods().len(), DEFAULT_METHODS.len());
    }
}
