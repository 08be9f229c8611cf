//! The effective branching factor b*: the branching factor a uniform tree of depth d would need
//! to hold the N nodes a search generated, `N + 1 = 1 + b + b^2 + ... + b^d` (Russell &
//! Norvig's measure of a heuristic's quality: the closer to 1, the better).

/// Nodes below the root of a uniform tree of branching `b` and depth `depth`:
/// `b + b^2 + ... + b^depth` (evaluated by Horner's rule).
///
/// ```
/// use puzzle_core::experiment::uniform_tree_nodes;
/// assert_eq!(uniform_tree_nodes(2.0, 3), 14.0);
/// assert_eq!(uniform_tree_nodes(1.0, 5), 5.0);
/// ```
pub fn uniform_tree_nodes(b: f64, depth: u32) -> f64 {
    (0..depth).fold(0.0, |sum, _| (sum + 1.0) * b)
}

/// The effective branching factor b* of a search that generated `nodes` nodes to find a
/// solution `depth` moves deep: the `b` with [`uniform_tree_nodes`]`(b, depth) == nodes`,
/// found by bisection to full `f64` precision.
///
/// Edge cases, each with a clear answer rather than a guess:
/// - `depth == 0` (the start was the goal) or `nodes` not finite: `None`, no tree to fit;
/// - `nodes <= depth` (no more nodes than a bare path, which b = 1 already gives): `Some(1.0)`.
///
/// ```
/// use puzzle_core::experiment::effective_branching_factor;
/// // 1 + 2 + 4 + 8 = 15 nodes, so N = 14 below the root at depth 3: b* = 2.
/// assert!((effective_branching_factor(14.0, 3).unwrap() - 2.0).abs() < 1e-12);
/// assert_eq!(effective_branching_factor(3.0, 5), Some(1.0));
/// assert_eq!(effective_branching_factor(10.0, 0), None);
/// ```
pub fn effective_branching_factor(nodes: f64, depth: u32) -> Option<f64> {
    if depth == 0 || !nodes.is_finite() {
        return None;
    }
    if nodes <= f64::from(depth) {
        return Some(1.0);
    }
    // b^depth <= nodes, so b* <= nodes^(1/depth); and b* > 1 since nodes > depth.
    let (mut low, mut high) = (
        1.0_f64,
        nodes.powf(1.0 / f64::from(depth)).max(1.0) * 1.000_001,
    );
    // The sum grows with b, so bisection converges; 200 halvings exhaust f64's precision.
    for _ in 0..200 {
        let middle = 0.5 * (low + high);
        if middle <= low || middle >= high {
            break;
        }
        if uniform_tree_nodes(middle, depth) < nodes {
            low = middle;
        } else {
            high = middle;
        }
    }
    Some(0.5 * (low + high))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The polynomial summed term by term, independently of Horner's rule.
    fn direct(b: f64, depth: u32) -> f64 {
        (1..=depth).map(|i| b.powi(i as i32)).sum()
    }

    proptest! {
        #[test]
        fn b_star_inverts_the_uniform_tree_size(b in 1.0f64..5.0, depth in 1u32..25) {
            let nodes = direct(b, depth);
            let found = effective_branching_factor(nodes, depth).unwrap();
            prop_assert!(
                ((found - b) / b).abs() < 1e-6,
                "b = {b}, d = {depth}, N = {nodes}: solved {found}"
            );
        }

        #[test]
        fn horner_matches_the_direct_sum(b in 0.5f64..5.0, depth in 0u32..25) {
            let (h, d) = (uniform_tree_nodes(b, depth), direct(b, depth));
            prop_assert!((h - d).abs() <= 1e-9 * d.max(1.0));
        }
    }

    #[test]
    fn textbook_figures_come_back() {
        // Russell & Norvig: 52 nodes at depth 5 give b* = 1.92.
        let b = effective_branching_factor(52.0, 5).unwrap();
        assert!((b - 1.92).abs() < 0.005, "{b}");
    }

    #[test]
    fn edge_cases_have_clear_answers() {
        assert_eq!(effective_branching_factor(0.0, 0), None);
        assert_eq!(effective_branching_factor(100.0, 0), None);
        assert_eq!(effective_branching_factor(f64::NAN, 4), None);
        assert_eq!(effective_branching_factor(f64::INFINITY, 4), None);
        assert_eq!(effective_branching_factor(0.0, 4), Some(1.0));
        assert_eq!(effective_branching_factor(4.0, 4), Some(1.0));
        let just_above = effective_branching_factor(4.0001, 4).unwrap();
        assert!(just_above > 1.0 && just_above < 1.0001, "{just_above}");
        // One level: b* is the node count itself.
        assert!((effective_branching_factor(3.5, 1).unwrap() - 3.5).abs() < 1e-12);
    }
}
