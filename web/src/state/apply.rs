//! What the router's parts do to the whole state, as methods of [`State`]: a board set or
//! shown, a hand move, an answer played, the result dropped. Each keeps the slices that follow
//! one another in step (the puzzle shows the playback's board; a new board drops the result).

use puzzle_core::{Board, Direction};

use super::{
    scrambled, EditorsChange, Play, PlayChange, Playback, PuzzleChange, SolveChange, State,
};

impl State {
    /// Applies a puzzle action (which is always possible for those the router sends).
    pub(super) fn puzzle_do(&mut self, action: PuzzleChange) {
        if let Some(puzzle) = self.puzzle.reduce(action) {
            self.puzzle = puzzle;
        }
    }

    /// Applies an editors action.
    pub(super) fn editors_do(&mut self, action: EditorsChange) {
        if let Some(editors) = self.editors.reduce(action) {
            self.editors = editors;
        }
    }

    /// Drops the result and its playback.
    pub(super) fn drop_result(&mut self) {
        if let Some(solving) = self.solve.reduce(SolveChange::DropResult) {
            self.solve = solving;
        }
        self.playback = None;
    }

    /// Sets a new board (scramble, edit, import): clears counters, results, playback and hint;
    /// on a new size the method goes back to the default, and a custom goal that does not fit
    /// gives way to the standard one with a notice.
    pub(super) fn set_board(&mut self, board: Board) {
        let before = self.puzzle.clone();
        self.puzzle_do(PuzzleChange::SetBoard(board));
        let shape = self.shape();
        if self.puzzle.goal != before.goal {
            self.editors_do(EditorsChange::ShowGoal(self.puzzle.goal.clone(), false));
            self.notice = Some(format!(
                "The custom goal does not fit a {shape} board: using the standard goal."
            ));
        }
        if shape != before.shape() {
            self.prefs = self.prefs.reset_method(shape);
        }
        self.drop_result();
        self.coach.hint = None;
    }

    /// A new game on the board on screen, marked as brought from outside the page (a link, the
    /// editor, a file): a record then needs a start further from the goal
    /// ([`Play::min_record_moves`]).
    pub(crate) fn bring_game(&mut self) {
        let mut play = Play::new(
            self.puzzle.board.clone(),
            self.puzzle.goal_board.clone(),
            self.play.now_ms,
        );
        play.brought = true;
        self.play = play;
    }

    /// A new game for the size and goal of this state: a board scrambled from `seed` (the
    /// chosen kind of scramble; never the goal), with the clock, the moves, the result and
    /// the hint cleared as for any new board.
    pub(super) fn new_game(&mut self, seed: u64) {
        let board = scrambled(self, seed);
        self.set_board(board);
    }

    /// Plays `moves` from `start`: the board follows playback.
    pub(super) fn play(&mut self, start: Board, moves: Vec<Direction>) {
        let playback = Playback::new(start, moves);
        self.puzzle_do(PuzzleChange::Show(playback.board()));
        self.playback = Some(playback);
    }

    /// A hand move of the blank along `moves`: the board and the game move on; leaves
    /// playback. `None` if the move is illegal.
    pub(super) fn hand_move(&mut self, moves: Vec<Direction>) -> Option<()> {
        self.slide_by_hand(moves.clone())?;
        self.play = self
            .play
            .reduce(PlayChange::Moved(moves, self.puzzle.board.clone()))?;
        Some(())
    }

    /// Slides the board by hand (a move, an undo or a redo); leaves playback (with a notice).
    /// `None` if the move is illegal.
    pub(super) fn slide_by_hand(&mut self, moves: Vec<Direction>) -> Option<()> {
        self.puzzle = self.puzzle.reduce(PuzzleChange::Slide(moves))?;
        if self.playback.take().is_some() {
            self.notice = Some(
                "Playback stopped because you moved a tile. Press Solve to solve from here."
                    .to_string(),
            );
        }
        Some(())
    }
}
