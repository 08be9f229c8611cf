//! The game by hand above and below the board: above, the move counter (or the playback's move
//! while an answer plays), the timer, the "Solved!" badge once the last slide has ended and the
//! invitation on a fresh board ([`PlayStatus`]); below, Undo and Redo ([`UndoRedo`]), the
//! result in words (with the help it had, and why it is no record when it is not) and the best
//! results of the size ([`PlayResult`]).

use puzzle_core::Shape;
use yew::prelude::*;

use crate::best::Best;
use crate::format::plural;
use crate::hooks::play::{use_after_slides, use_best, use_ticking_clock};
use crate::state::{clock_text, Finish, NoRecord, Play, MIN_RECORD_MOVES};

/// Props of the game's status line.
#[derive(Properties, PartialEq)]
pub struct PlayProps {
    /// The game by hand on the board on screen.
    pub play: Play,
    /// The playback's (step, total) while an answer plays on the board.
    pub playback: Option<(usize, usize)>,
    /// Whether the board is the goal.
    pub solved: bool,
    /// How long a tile takes to slide (the badge waits for the last one).
    pub slide_ms: u32,
    /// Whether to invite the person to play (a fresh board, nothing started).
    pub invite: bool,
}

/// The status line above the board (its height never changes, so the board never jumps: the
/// badge has its place kept, the timer, which has nothing to time while an answer plays,
/// gives way to the longer playback counter, and on a fresh board both give way to the
/// invitation).
#[function_component(PlayStatus)]
pub fn play_status(props: &PlayProps) -> Html {
    let play = &props.play;
    html! {
        <>
        <div class="status" aria-live="polite">
            <MoveCount moves={play.moves()} playback={props.playback} />
            // A fresh board invites in the line's own height (nothing to time, nothing solved
            // yet), so the board does not move when the invitation goes.
            if props.invite {
                <span id="invitation" class="invitation">{ "Slide a tile or press Solve." }</span>
            } else {
                <span class="badge-slot"><SolvedBadge solved={props.solved} slide_ms={props.slide_ms} /></span>
                if props.playback.is_none() {
                    <GameClock started_ms={play.started_ms} finished={play.finished} />
                }
            }
        </div>
        </>
    }
}

/// Props of the Undo and Redo buttons.
#[derive(Properties, PartialEq)]
pub struct UndoRedoProps {
    /// The game by hand on the board on screen.
    pub play: Play,
    /// Takes the last hand move back.
    pub on_undo: Callback<MouseEvent>,
    /// Makes the last move taken back again.
    pub on_redo: Callback<MouseEvent>,
}

/// Undo and Redo, under the board.
#[function_component(UndoRedo)]
pub fn undo_redo(props: &UndoRedoProps) -> Html {
    let play = &props.play;
    let can_undo = play.undo_moves().is_some();
    let can_redo = play.redo_moves().is_some();
    html! {
        <div class="row undo-redo" role="group" aria-label="your moves">
            <button id="undo" onclick={props.on_undo.clone()} disabled={!can_undo}
                aria-keyshortcuts="Control+Z" title={undo_title(can_undo)}>{ "Undo" }</button>
            <button id="redo" onclick={props.on_redo.clone()} disabled={!can_redo}
                aria-keyshortcuts="Control+Shift+Z Control+Y"
                title={if can_redo { "Make the move again (Ctrl+Shift+Z or Ctrl+Y)" } else { "No move to make again." }}>{ "Redo" }</button>
        </div>
    }
}

/// Props of the result below the board.
#[derive(Properties, PartialEq)]
pub struct PlayResultProps {
    /// The game by hand on the board on screen.
    pub play: Play,
}

/// The result in words once the goal was reached by hand, and the best results of the size
/// (kept in the browser; only a game that counts as a record is added, [`Play::record`]).
#[function_component(PlayResult)]
pub fn play_result(props: &PlayResultProps) -> Html {
    let play = &props.play;
    let shape = play.start.shape();
    let best = use_best(shape, &play.start, play.record());
    let help = Help {
        hints: play.hints,
        from_playback: play.from_playback,
        no_record: play.not_a_record(),
    };
    html! {
        <>
        <HandResult finished={play.finished} shortest={play.shortest} bound={play.bound} {help} />
        <BestLine {shape} {best} />
        </>
    }
}

/// What helped a game, and why it is no record (if it is not).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Help {
    /// Hints shown during the game.
    pub hints: usize,
    /// Whether it began on a board the solver's playback brought.
    pub from_playback: bool,
    /// Why it is no record.
    pub no_record: Option<NoRecord>,
}

/// The Undo button's tooltip.
fn undo_title(can_undo: bool) -> &'static str {
    if can_undo {
        "Take the last move back (Ctrl+Z)"
    } else {
        "No hand move to take back."
    }
}

/// Props of the move counter.
#[derive(Properties, PartialEq)]
struct MoveCountProps {
    moves: usize,
    playback: Option<(usize, usize)>,
}

/// What the board's moves are: the moves of the answer the board shows while one plays back
/// ("Moves: 8 of 23 (the answer)"), else the hand moves since the board was set (taken-back
/// ones not counted): one label, and the words say which.
#[function_component(MoveCount)]
fn move_count(props: &MoveCountProps) -> Html {
    match props.playback {
        Some((step, total)) => html! {
            <span id="move-count" data-moves={step.to_string()} data-playback="true"
                title="The solver's answer is playing: the moves of it the board shows">
                { format!("Moves: {step} of {total}") }<span class="count-note">{ " (the answer)" }</span>
            </span>
        },
        None => html! {
            <span id="move-count" data-moves={props.moves.to_string()}
                title="Your moves since this board was set (a move taken back is not counted)">
                { format!("Moves: {}", props.moves) }
            </span>
        },
    }
}

/// Props of the timer.
#[derive(Properties, PartialEq)]
struct ClockProps {
    started_ms: Option<f64>,
    finished: Option<Finish>,
}

/// The time since the first hand move, as m:ss, stopped at the goal.
#[function_component(GameClock)]
fn game_clock(props: &ClockProps) -> Html {
    let running = props.started_ms.is_some() && props.finished.is_none();
    let now = use_ticking_clock(running);
    let ms = match (props.finished, props.started_ms) {
        (Some(finish), _) => finish.ms,
        (None, Some(started)) => now - started,
        (None, None) => 0.0,
    };
    let state = if props.finished.is_some() {
        "stopped"
    } else if running {
        "running"
    } else {
        "waiting"
    };
    html! {
        <span id="timer" role="timer" aria-label="time" data-state={state}
            title="Starts with your first move, stops when the board is solved">
            { format!("Time {}", clock_text(ms)) }
        </span>
    }
}

/// Props of the badge.
#[derive(Properties, PartialEq)]
struct BadgeProps {
    solved: bool,
    slide_ms: u32,
}

/// "Solved!", once the last tile has finished sliding home.
#[function_component(SolvedBadge)]
fn solved_badge(props: &BadgeProps) -> Html {
    // A frame more than the slide: the slide starts when the board has been drawn.
    let shown = use_after_slides(props.solved, props.slide_ms + 50);
    html! {
        if shown {
            <span id="solved" class="badge">{ "Solved!" }</span>
        }
    }
}

/// Props of the result.
#[derive(Properties, PartialEq)]
struct ResultProps {
    finished: Option<Finish>,
    shortest: Option<u32>,
    bound: u32,
    help: Help,
}

/// "Solved in 48 moves and 1:12 — the shortest is 22", once the goal was reached by hand.
#[function_component(HandResult)]
fn hand_result(props: &ResultProps) -> Html {
    let Some(finish) = props.finished else {
        return html! {};
    };
    html! {
        <>
        <p id="hand-result" class="hand-result" role="status"
            data-moves={finish.moves.to_string()} data-shortest={props.shortest.map(|s| s.to_string())}
            data-hints={props.help.hints.to_string()} data-record={props.help.no_record.is_none().to_string()}>
            { result_text(finish, props.shortest, props.bound, props.help) }
        </p>
        <p id="move-metric" class="muted small-print">{ "Moves counted as in How to play: " }{ crate::components::how_to::MOVE_METRIC }</p>
        </>
    }
}

/// The result in words: the moves, the time, the help it had ("with 4 hints", "after the
/// solver's playback"), the fewest moves (exact when known, else the bound), and why it is no
/// record when it is not.
pub fn result_text(finish: Finish, shortest: Option<u32>, bound: u32, help: Help) -> String {
    let moves = plural(finish.moves, "move");
    let time = clock_text(finish.ms);
    let mut helped = Vec::new();
    if help.hints > 0 {
        helped.push(format!("with {}", plural(help.hints, "hint")));
    }
    if help.from_playback {
        helped.push("after the solver's playback".to_string());
    }
    let helped: String = helped.iter().map(|h| format!(" {h}")).collect();
    let best = match shortest {
        Some(fewest) if fewest as usize == finish.moves => {
            format!("the shortest is {fewest}: you found it")
        }
        Some(fewest) => format!("the shortest is {fewest}"),
        None => format!("the shortest is at least {bound}"),
    };
    let why = match help.no_record {
        None => String::new(),
        Some(NoRecord::Hints) => ". Not counted for your best: hints helped".to_string(),
        Some(NoRecord::Playback) => {
            ". Not counted for your best: the solver played the start".to_string()
        }
        Some(NoRecord::Short { fewest, needed }) => format!(
            ". Not counted for your best: the board was {} from the goal (a best needs {needed} or more{})",
            plural(fewest as usize, "move"),
            if needed > MIN_RECORD_MOVES { " from a board of a link, a file or the editor" } else { "" }
        ),
    };
    format!("Solved in {moves} and {time}{helped} — {best}{why}")
}

/// Props of the best results.
#[derive(Properties, PartialEq)]
struct BestProps {
    shape: Shape,
    best: Option<Best>,
}

/// The best results of the size, kept in this browser.
#[function_component(BestLine)]
fn best_line(props: &BestProps) -> Html {
    let Some(best) = props.best else {
        return html! {};
    };
    html! {
        <p id="best" class="best" data-moves={best.moves.to_string()}>
            { format!("Your best on {}: {} · {}", props.shape, plural(best.moves, "move"), clock_text(best.ms)) }
        </p>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALONE: Help = Help {
        hints: 0,
        from_playback: false,
        no_record: None,
    };

    #[test]
    fn the_result_says_moves_time_and_the_shortest() {
        let finish = Finish {
            moves: 48,
            ms: 72_400.0,
        };
        assert_eq!(
            result_text(finish, Some(22), 14, ALONE),
            "Solved in 48 moves and 1:12 — the shortest is 22"
        );
        assert_eq!(
            result_text(finish, None, 14, ALONE),
            "Solved in 48 moves and 1:12 — the shortest is at least 14"
        );
    }

    /// Help is said, and why a game is no record.
    #[test]
    fn the_result_says_what_helped_and_why_it_is_no_record() {
        let finish = Finish {
            moves: 22,
            ms: 41_000.0,
        };
        let hinted = Help {
            hints: 4,
            from_playback: false,
            no_record: Some(NoRecord::Hints),
        };
        assert_eq!(
            result_text(finish, Some(20), 14, hinted),
            "Solved in 22 moves and 0:41 with 4 hints — the shortest is 20. Not counted for your best: hints helped"
        );
        let both = Help {
            hints: 1,
            from_playback: true,
            ..hinted
        };
        assert_eq!(
            result_text(finish, Some(22), 14, both),
            "Solved in 22 moves and 0:41 with 1 hint after the solver's playback — the shortest is 22: you found it. Not counted for your best: hints helped"
        );
        let one = Finish {
            moves: 1,
            ms: 900.0,
        };
        let short = Help {
            no_record: Some(NoRecord::Short {
                fewest: 1,
                needed: MIN_RECORD_MOVES,
            }),
            ..ALONE
        };
        assert_eq!(
            result_text(one, Some(1), 1, short),
            "Solved in 1 move and 0:00 — the shortest is 1: you found it. Not counted for your best: the board was 1 move from the goal (a best needs 10 or more)"
        );
    }
}
