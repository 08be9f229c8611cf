//! The solve slice: one solve, in one of four states ([`Solve`]): none yet, running (with
//! the board and goal it is for, its progress, its answers so far and bound, and its tables'
//! build progress or origin), finished (its answer, with what the specialised methods add: where
//! the tables came from, the quality bound), or stopped (cancelled, failed or left, with no
//! answer). What is true of one state only is held by that state alone: a finished solve has no
//! progress, a stopped one no answer, and nothing of a solve outlives it into the next.
//! Answers are tagged with their request id: a stale one changes nothing. Its tables, workers
//! and what a specialised method's finished solve adds are in [`tables`].

mod finished;
mod proof;

pub use proof::{Proof, ProofStep, PROOF_MS};
pub(super) mod running;
pub mod tables;

use puzzle_core::{Board, Method, Progress, Solution, SolveOutcome};

use crate::protocol::{BuildProgress, ShippedTables, TablesInfo};
use tables::{DownloadFailure, HowSolved, Quality, Tables, WorkersInfo};

/// A solve and the worker's messages. A race's requests share the worker, so `Progress`,
/// `Solved` and `Failed` go to the race first when it waits for their id, and `Cancelled`
/// stops a running race first; an answer becomes the result and starts playback.
#[derive(Clone, Debug, PartialEq)]
pub enum SolveAction {
    /// The request `id` was sent to the worker.
    Started(u32),
    /// What the worker told about request `id` (its tables, their download, its workers, a
    /// lower bound): the solve slice takes it as it is.
    Told(u32, Told),
    /// A step of the proof of the result's lower bound (big boards, after the answer):
    /// the slice takes it as it is.
    Proof(ProofStep),
    /// Progress of request `id`.
    Progress(u32, Progress),
    /// The answer to request `id`.
    Solved(u32, Box<Solution>),
    /// A better answer to request `id` while its search goes on (anytime methods).
    Improved(u32, Box<Solution>),
    /// The grace for an exact answer of watched request `id` is over: the best answer so far
    /// plays, and any later one at once ([`crate::ahead::EXACT_GRACE_MS`]).
    WatchNow(u32),
    /// Plays one of the last solve's answers (0 = the first that came).
    PlayAnswer(usize),
    /// The worker could not answer request `id`.
    Failed(u32, String),
    /// The user cancelled the solve (the edge has terminated the worker).
    Cancelled,
}

/// How a solve's answers reach the board ([`crate::ahead`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Watch {
    /// Nothing plays before the final answer ("Wait for the best answer").
    #[default]
    Off,
    /// Watched, nothing plays yet: an exact method's grace ([`crate::ahead::EXACT_GRACE_MS`]).
    Waiting,
    /// Watched and playing: each answer that keeps the moves played splices in.
    Playing,
}

/// A solve in progress in the worker.
#[derive(Clone, Debug, PartialEq)]
pub struct Running {
    /// Id of the request; answers with another id are stale.
    pub id: u32,
    /// The board that was sent.
    pub start: Board,
    /// The goal that was sent: a change of goal stops the solve.
    pub goal: Board,
    /// The method that was sent.
    pub method: Method,
    /// The node budget that was sent.
    pub budget: Option<u64>,
    /// The last progress report.
    pub progress: Option<Progress>,
    /// The answers so far of an anytime method, each shorter than the one before (watched:
    /// the ones spliced into the playback).
    pub improved: Vec<Solution>,
    /// How its answers reach the board.
    pub watch: Watch,
    /// The proven shortest answer, once an exact one came (it may not have fitted the moves
    /// already played: it is then offered to play from the start).
    pub shortest: Option<Solution>,
    /// The largest lower bound on the moves from `start` the solve told: its answers' own and
    /// the worker's [`Told::Bound`] (the tables' estimate, once it has them). Every
    /// answer of the solve is stated against it ([`with_bound`]), so that no answer, the
    /// final one included, states less than the solve knows.
    pub lower_bound: Option<u32>,
    /// Its tables (specialised methods): being got, being built, or in hand.
    pub tables: Tables,
    /// The shipped tables it could not download (one entry a kind).
    pub download_failed: Vec<DownloadFailure>,
    /// The workers it runs on, where the worker told.
    pub workers: Option<WorkersInfo>,
}

impl Running {
    /// A solve of `method` from `start` towards `goal` under request `id` and node `budget`,
    /// its answers reaching the board as `watch` says: nothing told of it yet.
    pub fn new(
        id: u32,
        start: Board,
        goal: Board,
        method: Method,
        budget: Option<u64>,
        watch: Watch,
    ) -> Running {
        Running {
            id,
            start,
            goal,
            method,
            budget,
            watch,
            progress: None,
            improved: Vec::new(),
            shortest: None,
            lower_bound: None,
            tables: Tables::Getting,
            download_failed: Vec::new(),
            workers: None,
        }
    }

    /// What its special method adds to its answer (`None` for a generic search), with
    /// `quality`, its bound.
    fn how_solved(&self, quality: Option<Quality>) -> Option<HowSolved> {
        self.method.search_config().is_none().then(|| HowSolved {
            method: self.method.clone(),
            tables: self.tables.ready().cloned(),
            download_failed: self.download_failed.clone(),
            quality,
            workers: self.workers.clone(),
        })
    }

    /// Takes in what the worker told about it (`None`: nothing new).
    fn told(&mut self, told: Told) -> Option<()> {
        match told {
            Told::TablesBuilding(build) => self.tables = Tables::Building(build),
            Told::TablesReady(info) => self.tables = Tables::Ready(info),
            Told::DownloadFailed(tables, why) => self.failed(DownloadFailure { tables, why })?,
            Told::Workers(info) => self.told_workers(info)?,
            Told::Bound(bound) => return self.raise(Some(bound)).then_some(()),
        }
        Some(())
    }

    /// Notes the workers it runs on; a failure told stays told (the last word of a solve whose
    /// second worker stopped is that it stopped). `None` if it says nothing new.
    fn told_workers(&mut self, info: WorkersInfo) -> Option<()> {
        let failed = self.workers.as_ref().and_then(|w| w.failed.clone());
        let info = WorkersInfo {
            failed: info.failed.or(failed),
            ..info
        };
        if self.workers.as_ref() == Some(&info) {
            return None;
        }
        self.workers = Some(info);
        Some(())
    }

    /// Notes that it could not download some tables (replacing an older note about the same
    /// tables); `None` if it says nothing new.
    fn failed(&mut self, failure: DownloadFailure) -> Option<()> {
        if self.download_failed.contains(&failure) {
            return None;
        }
        self.download_failed.retain(|f| f.tables != failure.tables);
        self.download_failed.push(failure);
        Some(())
    }

    /// Keeps `bound` if it is larger than the bound held, and states every answer so far
    /// against it; whether it rose.
    fn raise(&mut self, bound: Option<u32>) -> bool {
        if bound <= self.lower_bound {
            return false;
        }
        self.lower_bound = bound;
        for answer in &mut self.improved {
            with_bound(answer, bound);
        }
        true
    }
}

/// States `solution` against `bound`, a lower bound on the moves of its board: its own lower
/// bound becomes the larger of the two. A proven shortest answer, and a board that cannot
/// reach the goal, keep theirs.
pub fn with_bound(solution: &mut Solution, bound: Option<u32>) {
    if solution.is_optimal() || solution.outcome == SolveOutcome::Unsolvable {
        return;
    }
    solution.lower_bound = solution.lower_bound.max(bound);
}

/// The answer of the last finished solve.
#[derive(Clone, Debug, PartialEq)]
pub struct Finished {
    /// The board that was solved.
    pub start: Board,
    /// The goal it was solved for.
    pub goal: Board,
    /// The node budget it ran under.
    pub budget: Option<u64>,
    /// What the core answered.
    pub solution: Solution,
    /// The answers longer than the one named (anytime methods), longest first.
    pub earlier: Vec<Solution>,
    /// The answers shorter than the one named, longest first: watched, the shortest came after
    /// the playback had left it (or another answer was picked to play).
    pub later: Vec<Solution>,
    /// What a specialised method adds to the answer (`None`: a generic search, or a race row).
    pub how_solved: Option<HowSolved>,
    /// Where the proof of its lower bound stands (big boards).
    pub proof: Proof,
}

impl Finished {
    /// Every answer of the solve, longest first (the one named among them).
    pub fn answers(&self) -> impl Iterator<Item = &Solution> {
        self.earlier
            .iter()
            .chain(std::iter::once(&self.solution))
            .chain(&self.later)
    }

    /// The result of `running` when its final `solution` came: the answers before it that
    /// are longer (the final answer repeats the last improvement of an anytime method), and
    /// its proven shortest answer if that is shorter (it came after the playback had left it);
    /// with what its special method adds, `how_solved`.
    fn of(running: Running, solution: Solution, how_solved: Option<HowSolved>) -> Finished {
        let later = running
            .shortest
            .filter(|shortest| shortest.moves.len() < solution.moves.len())
            .into_iter()
            .collect();
        let earlier = running
            .improved
            .into_iter()
            .filter(|e| e.moves.len() > solution.moves.len())
            .collect();
        let mut finished = Finished {
            start: running.start,
            goal: running.goal,
            budget: running.budget,
            earlier,
            later,
            solution,
            how_solved,
            proof: Proof::NotDue,
        };
        if finished.provable() {
            finished.proof = Proof::Due;
        }
        finished
    }

    /// The proven shortest length when the answer named is longer.
    pub fn shortest(&self) -> Option<usize> {
        self.shorter_to_play().map(|(_, length)| length)
    }

    /// The index among [`Finished::answers`] of the proven shortest answer, with its length,
    /// when the one named is longer (it can be played from the start in one click).
    pub fn shorter_to_play(&self) -> Option<(usize, usize)> {
        let shortest = self.later.iter().position(|s| s.is_optimal())?;
        let index = self.earlier.len() + 1 + shortest;
        Some((index, self.later[shortest].moves.len()))
    }

    /// This result naming answer `index` of [`Finished::answers`] (the one that plays), the
    /// others kept around it; `None` past the answers.
    pub fn naming(&self, index: usize) -> Option<Finished> {
        let mut all: Vec<Solution> = self.answers().cloned().collect();
        if index >= all.len() {
            return None;
        }
        let later = all.split_off(index + 1);
        let solution = all.pop()?;
        Some(Finished {
            solution,
            earlier: all,
            later,
            ..self.clone()
        })
    }

    /// The lengths of the answers, as "156 → 131 → 118 moves" (`None` with a single answer).
    pub fn lengths(&self) -> Option<String> {
        if self.earlier.is_empty() && self.later.is_empty() {
            return None;
        }
        let lengths: Vec<String> = self.answers().map(|s| s.moves.len().to_string()).collect();
        Some(format!("{} moves", lengths.join(" → ")))
    }
}

/// The last solve: none yet, running, finished with its answer, or stopped without one.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Solve {
    /// No solve since the page opened, or its answer was put away (a new board).
    #[default]
    Idle,
    /// A solve in progress in the worker.
    Running(Box<Running>),
    /// The answer on screen: the last solve's (a cancelled anytime solve ends here too, with
    /// its best answer so far), or a race row's.
    Finished(Box<Finished>),
    /// The last solve ended without an answer, and why.
    Stopped(Stop),
}

/// Why a solve ended without an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The person pressed Cancel.
    Cancelled,
    /// The worker could not answer, and said why.
    Failed(String),
    /// The board or goal it was for left the screen.
    Left,
}

/// What the worker tells about a running request that the solve slice takes as it is: one list,
/// carried by the page's action ([`super::SolveAction::Told`]) and by
/// [`SolveChange::Told`] alike (a told bound also comes from the router, with an answer).
#[derive(Clone, Debug, PartialEq)]
pub enum Told {
    /// Build progress of its tables (again after tables were ready: the strong 4x4 tables
    /// after the small ones ran out of budget).
    TablesBuilding(BuildProgress),
    /// Its tables are ready.
    TablesReady(TablesInfo),
    /// It could not download these shipped tables, for this reason (words).
    DownloadFailed(ShippedTables, String),
    /// The workers it runs on.
    Workers(WorkersInfo),
    /// A lower bound on the moves of its board (kept if larger), from the tables the worker
    /// has in hand (big-board solves): its answers are stated against the largest told.
    Bound(u32),
}

/// What changes the solve: what the top-level reducer tells this slice (the page's own actions
/// are [`super::SolveAction`] and [`super::RaceAction`], which it turns into these).
#[derive(Clone, Debug, PartialEq)]
pub enum SolveChange {
    /// A request was sent: it replaces whatever was there (the result, or the solve before).
    Started(Box<Running>),
    /// Progress of request `id`.
    Progress(u32, Progress),
    /// What the worker told about request `id`.
    Told(u32, Told),
    /// A better answer to request `id` while its search goes on (kept if shorter; its lower
    /// bound is kept if larger, whether the answer is or not).
    Improved(u32, Box<Solution>),
    /// Request `id`'s answers now play as they come.
    Watching(u32),
    /// An exact answer of request `id`, proven shortest (it did not fit the moves played).
    Proven(u32, Box<Solution>),
    /// The answer to request `id`: it becomes the result.
    Finished(u32, Box<Solution>),
    /// Request `id` failed, and why: no answer.
    Failed(u32, String),
    /// The running solve was stopped (cancel, or its board or goal went): no answer.
    Stopped(Stop),
    /// A step of the proof of the result's bound.
    Proof(ProofStep),
    /// Drops the result (`None` if there is none).
    DropResult,
    /// Shows an answer that did not come from a solve (a race row; not while a solve runs).
    Show(Box<Finished>),
    /// The result names answer `index` of its answers (the one that now plays).
    Name(usize),
}

impl Solve {
    /// The solve in progress, if one runs.
    pub fn running(&self) -> Option<&Running> {
        match self {
            Solve::Running(running) => Some(running),
            _ => None,
        }
    }

    /// The answer on screen, if there is one.
    pub fn result(&self) -> Option<&Finished> {
        match self {
            Solve::Finished(finished) => Some(finished),
            _ => None,
        }
    }

    /// The request raising the result's bound, if one runs.
    pub fn proving(&self) -> Option<u32> {
        match self.result()?.proof {
            Proof::Proving(id) => Some(id),
            _ => None,
        }
    }

    /// Whether `id` is the running request.
    pub fn is_running(&self, id: u32) -> bool {
        self.running().is_some_and(|r| r.id == id)
    }

    /// The next state of the solve, or `None` when the action changes nothing.
    pub fn reduce(&self, action: SolveChange) -> Option<Solve> {
        let mut next = self.clone();
        match action {
            SolveChange::Started(running) => return Some(Solve::Running(running)),
            SolveChange::Progress(id, progress) => {
                next.mine(id)?.progress = Some(progress);
            }
            SolveChange::Told(id, told) => next.mine(id)?.told(told)?,
            SolveChange::Improved(id, solution) => {
                let running = next.mine(id)?;
                let raised = running.raise(solution.lower_bound);
                let shorter = solution.outcome == SolveOutcome::Solved
                    && running
                        .improved
                        .last()
                        .is_none_or(|last| solution.moves.len() < last.moves.len());
                if !shorter {
                    return raised.then_some(next);
                }
                let mut solution = *solution;
                with_bound(&mut solution, running.lower_bound);
                if solution.is_optimal() {
                    running.shortest = Some(solution.clone());
                }
                running.improved.push(solution);
            }
            SolveChange::Watching(id) => {
                let running = next.mine(id)?;
                if running.watch == Watch::Playing {
                    return None;
                }
                running.watch = Watch::Playing;
            }
            SolveChange::Proven(id, solution) => {
                let running = next.mine(id)?;
                if running.shortest.as_ref() == Some(&*solution) {
                    return None;
                }
                running.shortest = Some(*solution);
            }
            SolveChange::Finished(id, solution) => {
                let mut running = next.mine(id)?.clone();
                running.raise(solution.lower_bound);
                let mut solution = *solution;
                with_bound(&mut solution, running.lower_bound);
                // A near-optimal answer carries its lower bound.
                let quality = solution.lower_bound.map(|lower_bound| Quality {
                    lower_bound,
                    ratio: solution.ratio_at_most(),
                });
                let how_solved = running.how_solved(quality);
                let finished = Finished::of(running, solution, how_solved);
                return Some(Solve::Finished(Box::new(finished)));
            }
            SolveChange::Proof(step) => match &mut next {
                Solve::Finished(finished) => finished.prove(step)?,
                _ => return None,
            },
            SolveChange::Failed(id, why) => {
                next.mine(id)?;
                return Some(Solve::Stopped(Stop::Failed(why)));
            }
            SolveChange::Stopped(stop) => {
                self.running()?;
                return Some(Solve::Stopped(stop));
            }
            SolveChange::DropResult => {
                self.result()?;
                return Some(Solve::Idle);
            }
            SolveChange::Show(finished) => {
                if self.running().is_some() {
                    return None;
                }
                return Some(Solve::Finished(finished));
            }
            SolveChange::Name(index) => {
                let finished = self.result()?;
                let named = finished.naming(index)?;
                if named == *finished {
                    return None;
                }
                return Some(Solve::Finished(Box::new(named)));
            }
        }
        Some(next)
    }

    /// The running request `id`.
    fn mine(&mut self, id: u32) -> Option<&mut Running> {
        match self {
            Solve::Running(running) if running.id == id => Some(running),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests;
