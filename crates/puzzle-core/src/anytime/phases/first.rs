//! The first answer: the caller's start if it solves the board, else the staged answers
//! (quick placements first), loops cut.

use crate::anytime::run::Run;
use crate::budget::Halt;
use crate::moves::Direction;
use crate::shorten;
use crate::solution::SolveOutcome;
use crate::suboptimal::{solve_staged_checked, StagedConfig};

impl Run<'_, '_, '_> {
    /// The first answer: the caller's `start`, loops cut, if it solves the board (anything else
    /// is ignored), else the staged answers ([`Run::first_answer`]).
    pub(crate) fn start_from(&mut self, start: Option<&[Direction]>) -> Result<(), Halt> {
        if let Some(start) = start {
            self.offer_start(start.to_vec());
        }
        if self.best.is_none() {
            self.first_answer()
        } else {
            self.budget.report()
        }
    }

    /// The caller's start, loops cut, if it solves the board (anything else is ignored).
    pub(crate) fn offer_start(&mut self, moves: Vec<Direction>) {
        if self.start.after(&moves).ok().as_ref() == Some(&self.goal) {
            self.offer(shorten::cut_loops(&self.start, &moves));
        }
    }

    /// The staged answer, loops cut.
    pub(crate) fn first_answer(&mut self) -> Result<(), Halt> {
        // Quick placements first, so the first answer never waits for the chunked one (4 s on
        // 12x12, 21 s on 16x16 natively); each is offered if shorter.
        for config in [
            StagedConfig::quick(1),
            StagedConfig::quick(2),
            StagedConfig::default(),
        ] {
            let verdict = self.verdict.clone();
            let limits = self.budget.limits();
            let answer = solve_staged_checked(&self.start, &self.goal, verdict, &config, limits);
            self.budget.add(answer.solution.stats.expanded);
            match answer.solution.outcome {
                SolveOutcome::Solved => {
                    let moves = shorten::cut_loops(&self.start, &answer.solution.moves);
                    self.offer(moves);
                    self.budget.report()?;
                }
                SolveOutcome::Cancelled => return Err(self.budget.halt(Halt::Cancelled)),
                _ => return Err(self.budget.halt(Halt::Budget)),
            }
        }
        Ok(())
    }
}
