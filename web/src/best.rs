//! The best games by hand, per board size, as the browser keeps them: the fewest moves and
//! the best time, each on its own (they may come from different games). Pure: the records and
//! what counts as one are here; the storage and its JSON text are the edge's
//! ([`crate::hooks::play`], through the browser's `JSON` and `serde-wasm-bindgen`, so the page
//! carries no JSON parser of its own). Stored text that does not read (another version, a hand
//! edit, garbage) counts as none.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// The storage key.
pub const STORAGE_KEY: &str = "sliding-puzzle-best-v1";

/// The best results of one size.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Best {
    /// The fewest moves of a game won by hand.
    pub moves: usize,
    /// The shortest time of a game won by hand, in milliseconds.
    pub ms: f64,
}

/// The best results by size (`"3x3"`, ...).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Bests(pub BTreeMap<String, Best>);

impl Bests {
    /// The records that make sense (at least one move, a time that is a number and not
    /// negative); the others are left out.
    pub fn cleaned(self) -> Bests {
        Bests(
            self.0
                .into_iter()
                .filter(|(_, best)| best.moves > 0 && best.ms.is_finite() && best.ms >= 0.0)
                .collect(),
        )
    }

    /// The best of a size.
    pub fn get(&self, size: &str) -> Option<Best> {
        self.0.get(size).copied()
    }

    /// Adds a game won in `moves` and `ms` on `size`; `true` if a best improved.
    pub fn record(&mut self, size: &str, moves: usize, ms: f64) -> bool {
        if moves == 0 || !ms.is_finite() || ms < 0.0 {
            return false;
        }
        let game = Best { moves, ms };
        match self.0.get_mut(size) {
            None => {
                self.0.insert(size.to_string(), game);
                true
            }
            Some(best) => {
                let before = *best;
                best.moves = best.moves.min(moves);
                best.ms = best.ms.min(ms);
                *best != before
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the edge does with the stored text (there with the browser's JSON).
    impl Bests {
        fn parse(text: Option<&str>) -> Bests {
            text.and_then(|t| serde_json::from_str::<Bests>(t).ok())
                .map_or_else(Bests::default, Bests::cleaned)
        }

        fn to_text(&self) -> String {
            serde_json::to_string(self).unwrap()
        }
    }

    #[test]
    fn each_best_is_kept_on_its_own_and_survives_the_text() {
        let mut bests = Bests::default();
        assert!(bests.record("3x3", 30, 40_000.0));
        assert!(bests.record("3x3", 24, 90_000.0));
        assert!(!bests.record("3x3", 40, 50_000.0));
        assert!(bests.record("4x4", 80, 200_000.0));
        assert_eq!(
            bests.get("3x3"),
            Some(Best {
                moves: 24,
                ms: 40_000.0
            })
        );
        assert_eq!(Bests::parse(Some(&bests.to_text())), bests);
        assert_eq!(bests.get("5x5"), None);
    }

    #[test]
    fn garbage_reads_as_no_bests() {
        for text in [
            None,
            Some(""),
            Some("{"),
            Some("[1,2]"),
            Some("null"),
            Some(r#"{"3x3":{"moves":-1,"ms":2}}"#),
            Some(r#"{"3x3":"fast"}"#),
        ] {
            assert_eq!(Bests::parse(text), Bests::default(), "{text:?}");
        }
        let kept = Bests::parse(Some(
            r#"{"3x3":{"moves":0,"ms":5},"4x4":{"moves":9,"ms":5}}"#,
        ));
        assert_eq!(kept.get("3x3"), None);
        assert_eq!(kept.get("4x4").map(|b| b.moves), Some(9));
        let mut bests = Bests::default();
        assert!(!bests.record("3x3", 5, f64::NAN));
        assert!(!bests.record("3x3", 0, 5.0));
    }
}
