//! The editors slice: the "edit board" field and the custom-goal field, each with what the
//! user typed and the core's message when it does not parse.

use super::State;
use puzzle_core::{Board, Goal};

/// The edit-board and custom-goal fields only.
#[derive(Clone, Debug, PartialEq)]
pub enum EditorsAction {
    /// Opens the custom-goal field.
    CustomGoal,
    /// Opens or closes the edit field (filled with the current board when opened).
    ToggleEditor,
    /// Text typed into the edit field.
    EditText(String),
    /// A file that was not read as a board (too big, or unreadable): the edit field opens,
    /// its text kept, with this message.
    ImportRefused(String),
}

/// A text field whose content is parsed as the user types.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Editor {
    /// Whether the field is shown.
    pub open: bool,
    /// What the user typed.
    pub text: String,
    /// The core's message for the text, if it does not parse.
    pub error: Option<String>,
}

/// The two fields.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Editors {
    /// The "edit board" field.
    pub board: Editor,
    /// The custom-goal field.
    pub goal: Editor,
}

/// What changes the fields: what the top-level reducer tells this slice (the page's own actions
/// are [`super::EditorsAction`] and [`super::PuzzleAction`], which it turns into these).
#[derive(Clone, Debug, PartialEq)]
pub enum EditorsChange {
    /// Opens the board field with this board, or closes and empties it if open.
    ToggleBoard(Board),
    /// Closes the board field, keeping its text.
    CloseBoard,
    /// Empties and closes the board field (its board was used).
    ClearBoard,
    /// The board field's text could not be used: the core's message.
    BoardError(String),
    /// Text from a file, a drop or a paste that did not parse: shown open with the message.
    ImportFailed(String, String),
    /// Opens the goal field with this goal board.
    OpenGoal(Board),
    /// Text typed into the goal field, with the message if it does not give a goal.
    GoalText(String, Option<String>),
    /// The goal field shows this goal rule (open for a custom goal if `open`).
    ShowGoal(Goal, bool),
}

impl Editors {
    /// The fields for a page whose goal is `goal` (the goal field open for a custom goal).
    pub fn new(goal: &Goal) -> Editors {
        Editors {
            board: Editor::default(),
            goal: Editor {
                open: matches!(goal, Goal::Custom(_)),
                text: goal_text(goal),
                error: None,
            },
        }
    }

    /// The fields with `text` typed into the board field (the page's
    /// [`super::EditorsAction::EditText`]; parsed here, so the error shows as one types).
    pub fn board_typed(&self, text: String) -> Editors {
        let mut next = self.clone();
        next.board.error = Board::parse(&text, None).err().map(|e| e.to_string());
        next.board.text = text;
        next
    }

    /// The next fields, or `None` when the action changes nothing.
    pub fn reduce(&self, action: EditorsChange) -> Option<Editors> {
        let mut next = self.clone();
        match action {
            EditorsChange::ToggleBoard(board) => {
                next.board = if self.board.open {
                    Editor::default()
                } else {
                    Editor {
                        open: true,
                        text: board.to_line(),
                        error: None,
                    }
                };
            }
            EditorsChange::CloseBoard => next.board.open = false,
            EditorsChange::ClearBoard => next.board = Editor::default(),
            EditorsChange::BoardError(error) => next.board.error = Some(error),
            EditorsChange::ImportFailed(text, error) => {
                next.board = Editor {
                    open: true,
                    text,
                    error: Some(error),
                }
            }
            EditorsChange::OpenGoal(board) => {
                next.goal = Editor {
                    open: true,
                    text: board.to_line(),
                    error: None,
                }
            }
            EditorsChange::GoalText(text, error) => {
                next.goal.text = text;
                next.goal.error = error;
            }
            EditorsChange::ShowGoal(goal, open) => {
                next.goal = Editor {
                    open,
                    text: goal_text(&goal),
                    error: None,
                }
            }
        }
        Some(next)
    }
}

/// The text naming a goal: its name, or its tiles for a custom one.
pub fn goal_text(goal: &Goal) -> String {
    match goal {
        Goal::Custom(board) => board.to_line(),
        named => named.to_string(),
    }
}

/// The editors only (opened from the board or goal on screen).
pub(super) fn route(state: &State, action: EditorsAction) -> Option<State> {
    let mut next = state.clone();
    let change = match action {
        EditorsAction::CustomGoal => EditorsChange::OpenGoal(state.puzzle.goal_board.clone()),
        EditorsAction::ToggleEditor => EditorsChange::ToggleBoard(state.puzzle.board.clone()),
        EditorsAction::EditText(text) => {
            next.editors = state.editors.board_typed(text);
            return Some(next);
        }
        EditorsAction::ImportRefused(message) => {
            EditorsChange::ImportFailed(state.editors.board.text.clone(), message)
        }
    };
    next.editors_do(change);
    Some(next)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::check::check;
    use EditorsChange as A;

    #[test]
    fn the_board_field_parses_as_one_types() {
        let board: Board = "1 2 3 4 5 6 7 8 0".parse().unwrap();
        let opened = check(
            Editors::reduce,
            &Editors::new(&Goal::Snail),
            vec![A::ToggleBoard(board.clone())],
            |_| {},
        );
        check(
            |e: &Editors, text| Some(e.board_typed(text)),
            &opened,
            vec!["1 2 x".to_string()],
            |e| {
                assert!(e.board.open);
                assert_eq!(e.board.text, "1 2 x");
                assert!(e.board.error.as_deref().unwrap().contains("`x`"));
                assert_eq!(e.goal.text, "snail");
                assert!(!e.goal.open);
            },
        );
        check(
            Editors::reduce,
            &Editors::default(),
            vec![A::ToggleBoard(board.clone()), A::ToggleBoard(board.clone())],
            |e| assert_eq!(e.board, Editor::default()),
        );
        check(
            Editors::reduce,
            &Editors::default(),
            vec![
                A::OpenGoal(board),
                A::GoalText("1 2".into(), Some("short".into())),
            ],
            |e| {
                assert!(e.goal.open);
                assert_eq!(e.goal.error.as_deref(), Some("short"));
            },
        );
    }
}
