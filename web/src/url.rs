//! The share link: the board, goal, size, method and open view in the query string, and back.
//!
//! `?size=3x3&board=6,1,7,3,0,4,5,8,2&goal=snail&method=astar&heuristic=linear-conflict&depth=40&view=race`
//!
//! The view is left out for the default one ("Play & solve"). A formula the heuristic lab
//! handed to the Race and the Experiment travels as `formula=` (escaped).

use std::sync::Arc;

use puzzle_core::error::excerpt;
use puzzle_core::formula::Formula;
use puzzle_core::{Algorithm, Board, Goal, Guidance, Method, Shape};

use crate::state::{State, View};

/// The query string (with its `?`) for a state.
pub fn to_query(state: &State) -> String {
    let cells = |board: &Board| {
        board
            .cells()
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join(",")
    };
    let goal = match &state.puzzle.goal {
        Goal::Custom(board) => cells(board),
        named => named.to_string(),
    };
    let method = state.effective_method();
    let mut query = format!(
        "?size={}&board={}&goal={}&method={}",
        state.shape(),
        cells(&state.puzzle.board),
        goal,
        method.name(),
    );
    if let Method::Formula { formula, .. } = &method {
        query.push_str(&format!("&heuristic={}", escaped(formula.text())));
    } else if let Some(heuristic) = method.heuristic() {
        query.push_str(&format!("&heuristic={}", heuristic.name()));
    }
    if let Some(config) = method.search_config() {
        if matches!(config.algorithm, Algorithm::Dfs | Algorithm::Iddfs) {
            query.push_str(&format!("&depth={}", config.depth_limit));
        }
    }
    if let Some(formula) = &state.prefs.lab_formula {
        query.push_str(&format!("&formula={}", escaped(formula.text())));
    }
    if state.view != View::default() {
        query.push_str(&format!("&view={}", state.view.name()));
    }
    // The board came from the solver's playback: a game from it (after a reload too) is no
    // record ([`crate::state::NoRecord::Playback`]).
    if state.play.from_playback {
        query.push_str("&from=solver");
    }
    query
}

/// The view a query string names, and a message when it names one that does not exist (the
/// page then opens the default view).
pub fn view_from_query(query: &str) -> (View, Option<String>) {
    let text = value(query, "view");
    match text {
        None => (View::default(), None),
        Some(text) => match View::parse(&text) {
            Some(view) => (view, None),
            None => (
                View::default(),
                Some(format!(
                    "view in the link: `{}` is not one of {}",
                    excerpt(&text),
                    View::ALL.map(View::name).join(", ")
                )),
            ),
        },
    }
}

/// The state a query string describes, and a message for each part that could not be read
/// (those parts keep their defaults).
pub fn from_query(query: &str) -> (State, Vec<String>) {
    let mut errors = Vec::new();
    let get = |key: &str| value(query, key);
    let mut shape = Shape::square(3).expect("3x3 is supported");
    if let Some(text) = get("size") {
        match text.parse::<Shape>() {
            Ok(s) => shape = s,
            Err(e) => errors.push(format!("size in the link: {e}")),
        }
    }
    let board = get("board").and_then(|text| match Board::parse(&text, Some(shape)) {
        Ok(board) => Some(board),
        Err(e) => {
            errors.push(format!("board in the link: {e}"));
            None
        }
    });
    let shape = board.as_ref().map_or(shape, Board::shape);
    let goal = get("goal")
        .and_then(|text| {
            match Goal::parse(&text, Some(shape)).and_then(|g| g.board(shape).map(|_| g)) {
                Ok(goal) => Some(goal),
                Err(e) => {
                    errors.push(format!("goal in the link: {e}"));
                    None
                }
            }
        })
        .unwrap_or(Goal::Standard);
    let mut state = State::new(shape, goal);
    if let Some(board) = board {
        state.puzzle.board = board;
    }
    if let Some(text) = get("method") {
        match text
            .parse::<Method>()
            .and_then(|method| method.fits(shape).map(|()| method))
        {
            Ok(method) => state.prefs.method = method,
            Err(e) => errors.push(format!("method in the link: {e}")),
        }
    }
    if let Some(text) = get("heuristic") {
        // A built-in is the menu's heuristic choice; a formula guides the method itself.
        match text.parse::<Guidance>() {
            Ok(Guidance::BuiltIn(heuristic)) => state.prefs.heuristic = heuristic,
            Ok(formula) => state.prefs.method = state.prefs.method.clone().guided_by(formula),
            Err(e) => errors.push(format!("heuristic in the link: {e}")),
        }
    }
    if let Some(text) = get("depth") {
        match text.trim().parse::<usize>() {
            Ok(depth) if (1..=200).contains(&depth) => state.prefs.depth_limit = depth,
            _ => errors.push(format!(
                "depth in the link: `{}` is not a depth limit from 1 to 200",
                excerpt(&text)
            )),
        }
    }
    if let Some(text) = get("formula") {
        match text.parse::<Formula>() {
            Ok(formula) => state.prefs.lab_formula = Some(Arc::new(formula)),
            Err(e) => errors.push(format!("formula in the link: {e}")),
        }
    }
    state.prefs.method = state.with_choices(state.prefs.method.clone());
    let (view, error) = view_from_query(query);
    state.view = view;
    errors.extend(error);
    if !errors.is_empty() {
        state.notice = Some(format!(
            "Part of the link was not used: {}",
            errors.join("; ")
        ));
    }
    (state, errors)
}

/// The state the page opens with at this address, `seed` chosen at the edge: a link that
/// names a board opens it exactly (as [`from_query`] reads it); without a board, the page
/// opens on a uniformly scrambled board of the link's size and goal (3x3 towards the
/// standard goal by default), so that there is something to do at once.
pub fn initial_state(query: &str, seed: u64) -> State {
    let (mut state, _) = from_query(query);
    if names_board(query) {
        // A link's board may be a solver's position a few moves from the goal (see
        // `Play::min_record_moves`), or one its playback brought (`from=solver`).
        state.bring_game();
        state.play.from_playback = value(query, "from").as_deref() == Some("solver");
        return state;
    }
    let board = crate::state::scrambled(&state, seed);
    let scramble = crate::state::Action::Puzzle(crate::state::PuzzleAction::Scramble(board));
    match crate::state::reduce(&state, scramble) {
        // A notice about the rest of the link stays.
        Some(scrambled) => State {
            notice: state.notice.clone(),
            ..scrambled
        },
        None => state,
    }
}

/// The link of a game's review: the page's link with the game's start as its board and the
/// game as `game=4x4:RDLU…` (its size, then its moves).
pub fn game_query(state: &State, game: &crate::protocol::lesson::Game) -> String {
    let mut shown = state.clone();
    shown.puzzle.board = game.start.clone();
    shown.play.from_playback = false;
    shown.view = View::Play;
    format!(
        "{}&game={}",
        to_query(&shown),
        escaped(&format!(
            "{}:{}",
            game.start.shape(),
            puzzle_core::format_moves(&game.moves)
        ))
    )
}

/// The game a link holds (`game=`, played from the link's board toward its goal, as `state`
/// read them), or why it cannot be reviewed, in one line; `None`: the link holds no game.
pub fn game_from_query(
    query: &str,
    state: &State,
) -> Option<Result<crate::protocol::lesson::Game, String>> {
    let text = value(query, "game")?;
    let (size, moves) = text.split_once(':').unwrap_or(("", &text));
    let shape = state.shape();
    if !size.is_empty() && size.trim() != shape.to_string() {
        return Some(Err(format!(
            "the game is for a {} board, and the link's board is a {shape}",
            excerpt(size.trim())
        )));
    }
    let game = crate::protocol::lesson::Game {
        start: state.puzzle.board.clone(),
        goal: state.puzzle.goal_board.clone(),
        moves: match puzzle_core::parse_moves(moves) {
            Ok(moves) => moves,
            Err(error) => return Some(Err(error.to_string())),
        },
    };
    Some(match game.check() {
        Some(why) => Err(why),
        None => Ok(game),
    })
}

/// `text` escaped for a query string's value.
fn escaped(text: &str) -> String {
    form_urlencoded::byte_serialize(text.as_bytes()).collect()
}

/// Whether the query names a board (even one that does not read).
fn names_board(query: &str) -> bool {
    value(query, "board").is_some()
}

/// The first value of `key` in the query, read as the browser's `URLSearchParams` reads it:
/// `+` is a space, `%XX` a byte, bad escapes and bad UTF-8 are kept as text (and then refused
/// by the part's parser).
fn value(query: &str, key: &str) -> Option<String> {
    form_urlencoded::parse(query.trim_start_matches('?').as_bytes())
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 57: a review's link holds the game; one that cannot be played, is too long or
    /// is for another size says why in one line, and the rest of the link is read.
    #[test]
    fn a_game_survives_the_link_and_a_bad_one_says_why() {
        let (state, _) = from_query("?size=3x3&board=1,2,3,4,5,6,7,0,8");
        let game = crate::protocol::lesson::Game {
            start: state.puzzle.board.clone(),
            goal: state.puzzle.goal_board.clone(),
            moves: puzzle_core::parse_moves("RLR").unwrap(),
        };
        let query = game_query(&state, &game);
        assert!(query.contains("&game=3x3%3ARLR"), "{query}");
        let (read, errors) = from_query(&query);
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(game_from_query(&query, &read), Some(Ok(game)));
        assert_eq!(game_from_query("?size=3x3", &read), None);
        let bad = |game: &str| {
            let query = format!("?size=3x3&board=1,2,3,4,5,6,7,0,8&game={game}");
            let (read, errors) = from_query(&query);
            assert!(
                errors.is_empty(),
                "the rest of the link is read: {errors:?}"
            );
            assert_eq!(read.puzzle.board, state.puzzle.board);
            let why = game_from_query(&query, &read).unwrap().unwrap_err();
            assert!(!why.contains('\n'), "{why}");
            why
        };
        assert!(bad("3x3:RR").contains("cannot be played"));
        assert!(bad("3x3:RX").contains("'X'"));
        assert!(bad("4x4:R").contains("for a 4x4 board"));
        assert!(bad(&format!("3x3:{}", "RL".repeat(50_001))).contains("too long"));
    }

    /// Issue 56: the link keeps the lab's formula, escaped (`+`, `*`, `,`, brackets); one that
    /// does not read is a notice naming its column, and the rest of the link is used.
    #[test]
    fn the_lab_formula_survives_the_link() {
        let (mut state, _) = from_query("?size=3x3&board=6,1,7,3,0,4,5,8,2");
        let text = "max(manhattan, 2 * misplaced) + if(corner > 0, 1, 0)";
        state.prefs.lab_formula = Some(Arc::new(text.parse().unwrap()));
        let query = to_query(&state);
        assert!(!query.contains(' ') && query.contains("%2B"), "{query}");
        let (back, errors) = from_query(&query);
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(
            back.prefs.lab_formula.as_deref().map(Formula::text),
            Some(text)
        );
        let (broken, errors) = from_query("?size=3x3&formula=manhattan%20%2B%20%2A&view=race");
        assert_eq!(broken.prefs.lab_formula, None);
        assert_eq!(broken.view, View::Race);
        assert!(
            errors[0].starts_with("formula in the link: column 13"),
            "{errors:?}"
        );
    }

    #[test]
    fn a_state_survives_the_link() {
        let (mut state, errors) = from_query("");
        assert!(errors.is_empty());
        state.puzzle.board = "6 1 7 3 0 4 5 8 2".parse().unwrap();
        state.puzzle.goal = Goal::Snail;
        state.puzzle.goal_board = Goal::Snail.board(state.shape()).unwrap();
        state.prefs.depth_limit = 25;
        state.prefs.method = state.with_choices(Method::search(Algorithm::Dfs));
        let query = to_query(&state);
        assert_eq!(
            query,
            "?size=3x3&board=6,1,7,3,0,4,5,8,2&goal=snail&method=dfs&depth=25"
        );
        let (back, errors) = from_query(&query);
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(back.puzzle.board, state.puzzle.board);
        assert_eq!(back.puzzle.goal_board, state.puzzle.goal_board);
        assert_eq!(back.prefs.method, state.prefs.method);
        assert_eq!(back.prefs.depth_limit, 25);
    }

    #[test]
    fn custom_goals_and_rectangles_survive_the_link() {
        let (mut state, _) = from_query("?board=1,2,3,4,0,5&size=3x2");
        assert_eq!(state.shape(), Shape::new(3, 2).unwrap());
        let goal: Board = "5 4 3 / 2 1 0".parse().unwrap();
        state.puzzle.goal = Goal::Custom(goal.clone());
        state.puzzle.goal_board = goal.clone();
        let (back, errors) = from_query(&to_query(&state));
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(back.puzzle.goal_board, goal);
        assert_eq!(back.puzzle.board, state.puzzle.board);
    }

    #[test]
    fn bad_parts_fall_back_with_the_core_message() {
        let (state, errors) = from_query("?board=1,2,2,0&method=quantum&goal=snail");
        assert_eq!(state.puzzle.board, state.puzzle.goal_board);
        assert_eq!(state.prefs.method, Method::default_for(state.shape()));
        assert!(
            errors[0].contains("a 3x3 board has 9 cells, but 4 numbers were given"),
            "{errors:?}"
        );
        assert!(errors[1].contains("unknown method `quantum`"), "{errors:?}");
        assert!(state.notice.is_some());
    }

    #[test]
    fn without_a_board_the_page_opens_scrambled_and_a_link_opens_its_board() {
        let first = initial_state("", 7);
        assert!(!first.is_solved());
        assert!(first.solvability().solvable);
        assert_eq!(first.shape(), Shape::square(3).unwrap());
        assert_eq!(first.puzzle.goal, Goal::Standard);
        assert_eq!(first.play.start, first.puzzle.board);
        assert_eq!(
            first.play.started_ms, None,
            "the timer waits for the first move"
        );
        assert_ne!(initial_state("", 8).puzzle.board, first.puzzle.board);
        let four = initial_state("?size=4x4&goal=snail", 7);
        assert_eq!(four.shape(), Shape::square(4).unwrap());
        assert_eq!(four.puzzle.goal, Goal::Snail);
        assert!(!four.is_solved() && four.solvability().solvable);
        // A share link, even of the solved board, opens exactly that board.
        for link in [
            "?board=1,2,3,4,5,6,7,8,0",
            "?size=3x3&board=6,1,7,3,0,4,5,8,2",
        ] {
            let opened = initial_state(link, 7);
            assert_eq!(opened.puzzle, from_query(link).0.puzzle, "{link}");
            assert!(opened.play.brought, "{link}: a link's board, no dealt game");
            assert!(!opened.play.from_playback, "{link}");
        }
        // A board the solver's playback brought says so in its link, and a game from it,
        // after a reload too, is no record.
        let played = initial_state("?size=3x3&board=6,1,7,3,0,4,5,8,2&from=solver", 7);
        assert!(played.play.from_playback);
        assert!(to_query(&played).ends_with("&from=solver"));
        assert!(!to_query(&first).contains("from="));
        // A board that does not read falls back to the goal with a notice, as before.
        let bad = initial_state("?board=1,2", 7);
        assert!(bad.is_solved() && bad.notice.is_some());
        assert!(initial_state("?goal=nowhere", 7).notice.is_some());
    }

    #[test]
    fn the_view_survives_the_link_and_an_unknown_one_opens_the_default() {
        for view in View::ALL {
            let (mut state, _) = from_query("?board=1,2,3,0&size=2");
            state.view = view;
            let query = to_query(&state);
            assert_eq!(query.contains("view="), view != View::Play, "{query}");
            let (back, errors) = from_query(&query);
            assert!(errors.is_empty(), "{errors:?}");
            assert_eq!(back.view, view);
        }
        let (state, errors) = from_query("?view=race");
        assert_eq!((state.view, errors.len()), (View::Race, 0));
        for bad in ["?view=nowhere", "?view=", "?view=%FF", "?view=Race"] {
            let (state, errors) = from_query(bad);
            assert_eq!(state.view, View::Play, "{bad}");
            assert!(
                errors[0].starts_with("view in the link"),
                "{bad}: {errors:?}"
            );
        }
        // A link without a board still opens its view, on a scrambled board.
        assert_eq!(initial_state("?view=step", 3).view, View::Step);
    }

    #[test]
    fn escapes_are_decoded() {
        let (state, errors) = from_query("?board=1%2C2%2C3%2C0&size=2");
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(state.puzzle.board.to_line(), "1 2 / 3 0");
        // `+` is a space, keys are decoded too (as `URLSearchParams` reads them), and a `%`
        // without two hex digits stays as it is.
        let (state, errors) = from_query("?size=2&bo%61rd=1+2+3+0");
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(state.puzzle.board.to_line(), "1 2 / 3 0");
        let (_, errors) = from_query("?method=pdb%&depth=%zz");
        assert!(errors[0].contains("`pdb%`"), "{errors:?}");
        assert!(errors[1].contains("`%zz`"), "{errors:?}");
    }

    #[test]
    fn every_part_is_quoted_as_typed() {
        // Each name is read case-blind, and a bad one is quoted as it was typed, not
        // lowercased (the heuristic's was).
        let (state, errors) = from_query("?heuristic=Manhattan&method=A*");
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(state.prefs.heuristic, puzzle_core::HeuristicKind::Manhattan);
        let (_, errors) =
            from_query("?size=Big&goal=Nowhere&method=Fast&heuristic=AAAA&view=Nowhere");
        assert_eq!(errors.len(), 5, "{errors:?}");
        let typed = ["`Big`", "`Nowhere`", "`Fast`", "`AAAA`", "`Nowhere`"];
        for (error, typed) in errors.iter().zip(typed) {
            assert!(error.contains(typed), "{typed} in {error}");
        }
        assert!(!errors[3].contains("aaaa"), "{errors:?}");
    }
}
