//! The page's effects, one hook each. Each owns its timer, listener or worker and drops it to
//! cancel; each turns what happens outside into [`crate::state::Action`]s. None renders.
//!
//! - [`solve`]: the solver worker (solves and races): one request-id counter, one place that
//!   turns replies into actions, spawn errors always shown, the worker stopped when the state
//!   no longer wants its request.
//! - [`coach`]: the coach's worker, that counts the optimal moves left (exact tables of small
//!   boards live there, off the page's thread).
//! - [`experiment`]: the Experiment view's worker, a depth's row at a time; stopped on Cancel,
//!   a new run, or a change of size or goal.
//! - [`lab`]: the heuristic lab's worker, checking a formula over every board; stopped on
//!   Cancel or a new check.
//! - [`lesson`]: "Solve it yourself"'s workers: the method's phases (Show me how, its hint)
//!   and the review of a game played by hand.
//! - [`document`]: the keyboard and paste listeners on the document.
//! - [`step_through`]: the step-through view's worker, streaming traces of the searches.
//! - [`playback`]: the playback timer.
//! - [`play`]: the game by hand: the clock before each hand input, the worker asked for a
//!   game's fewest moves, the best results in local storage.
//! - [`picture`]: the picture the tiles show (an object URL) and its numbers toggle.
//! - [`url`]: the share link in the address bar; [`copy_link`]: that link to the clipboard.
//! - [`mod@drop`]: files and text dropped on the board are imported.
//! - [`scramble`]: the Scramble button's random seed.
//! - [`first_screen`]: the taps and the press made on the first screen before the app came,
//!   done again when it has drawn.
//! - [`how_to_solve`]: the Solve panel's "How to solve" disclosure, open for a teacher, kept.
//! - [`board_input`]: the board's click and swipe callbacks and the notice's dismiss, made once.
//! - [`result_views`]: the last result shared with the charts and the generator.
//! - [`reveal`]: the board scrolled into view when a playback starts; focus without scrolling.
//! - [`worker_slot`]: the worker the solver, the exact count, the experiment and the step-through view each
//!   own: spawned on need, new request ids, stopped (terminated) and spawned afresh.

pub mod board_input;
pub mod coach;
pub mod copy_link;
pub mod document;
pub mod drop;
pub mod experiment;
pub mod first_screen;
pub mod how_to_solve;
pub mod lab;
pub mod lesson;
pub mod picture;
pub mod play;
pub mod playback;
pub mod result_views;
pub mod reveal;
pub mod scramble;
pub mod solve;
pub mod step_through;
pub mod url;
pub mod worker_slot;
