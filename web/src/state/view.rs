//! The view slice: which of the page's views is open. "Play & solve" is the board with its
//! answer; the secondary tools (race, experiment, make & share, step through) open as views of
//! their own.
//! The view is part of the share link (`view=race`), so each one is reachable by address.

/// One of the page's views, shown as a tab.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum View {
    /// The board, Solve, the result and its playback (the page opens here).
    #[default]
    Play,
    /// The race of the methods on the board on screen.
    Race,
    /// The textbook experiment: mean nodes and b* per depth and method, over many boards.
    Experiment,
    /// Generate a board, hardest positions, import and export.
    Share,
    /// The step-through view of two searches, node by node (the page's full width).
    Step,
}

impl View {
    /// Every view, in the order of the tabs.
    pub const ALL: [View; 5] = [
        View::Play,
        View::Race,
        View::Experiment,
        View::Share,
        View::Step,
    ];

    /// The view's name in the link and in element ids (`play`, `race`, `experiment`, `share`,
    /// `step`).
    pub fn name(self) -> &'static str {
        match self {
            View::Play => "play",
            View::Race => "race",
            View::Experiment => "experiment",
            View::Share => "share",
            View::Step => "step",
        }
    }

    /// The tab's label.
    pub fn label(self) -> &'static str {
        match self {
            View::Play => "Play & solve",
            View::Race => "Race",
            View::Experiment => "Experiment",
            View::Share => "Make & share",
            View::Step => "Step through",
        }
    }

    /// The view a link names (`None` for any other text).
    pub fn parse(text: &str) -> Option<View> {
        View::ALL.into_iter().find(|v| v.name() == text.trim())
    }

    /// The view `by` tabs away, wrapping around at either end (arrow keys on the tabs).
    pub fn step(self, by: isize) -> View {
        let count = View::ALL.len() as isize;
        let at = View::ALL.iter().position(|&v| v == self).unwrap_or(0) as isize;
        View::ALL[(at + by).rem_euclid(count) as usize]
    }

    /// Whether the view takes the page's full width (the board then sits small at its side).
    pub fn is_wide(self) -> bool {
        self == View::Step
    }
}

#[cfg(test)]
mod tests {
    use super::View;
    use crate::state::{reduce, Action, PuzzleAction, SolveAction, State};

    #[test]
    fn opening_a_view_changes_nothing_else() {
        let start = State::default();
        let state = reduce(
            &start,
            Action::Puzzle(PuzzleAction::Scramble("8 1 3 4 0 2 7 6 5".parse().unwrap())),
        )
        .unwrap();
        let state = reduce(&state, Action::Solve(SolveAction::Started(1))).unwrap();
        let next = reduce(&state, Action::ShowView(View::Race)).unwrap();
        assert_eq!(next.view, View::Race);
        assert!(
            next.solve.running().is_some(),
            "a solve goes on in another view"
        );
        assert_eq!(
            State {
                view: View::Play,
                ..next.clone()
            },
            state
        );
        assert!(reduce(&next, Action::ShowView(View::Race)).is_none());
    }

    #[test]
    fn names_read_back_and_anything_else_is_refused() {
        for view in View::ALL {
            assert_eq!(View::parse(view.name()), Some(view));
        }
        assert_eq!(View::parse(" race "), Some(View::Race));
        for text in ["", "Race", "steps", "play&", "\u{0}"] {
            assert_eq!(View::parse(text), None, "{text:?}");
        }
        assert_eq!(View::default(), View::Play);
    }

    #[test]
    fn arrows_wrap_around_the_tabs() {
        assert_eq!(View::Play.step(1), View::Race);
        assert_eq!(View::Play.step(-1), View::Step);
        assert_eq!(View::Step.step(1), View::Play);
        assert_eq!(View::Race.step(1), View::Experiment);
        assert_eq!(View::Share.step(-1), View::Experiment);
        assert_eq!(View::Race.step(0), View::Race);
        assert!(View::Step.is_wide() && !View::Play.is_wide());
    }
}
