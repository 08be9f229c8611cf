//! The experiment's method names: one word per column, the heuristic written into it
//! (`astar-manhattan`, `idastar-linear-conflict`, `iddfs`, `pdb`), read into and written from
//! the crate's [`Method`].

use super::error::ExperimentError;
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

/// The name [`parse_method`] reads back: the algorithm, and for informed searches `-` and the
/// heuristic.
pub fn method_key(method: &Method) -> String {
    match method.heuristic() {
        Some(heuristic) => format!("{}-{}", method.name(), heuristic.name()),
        None => method.name().to_string(),
    }
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
