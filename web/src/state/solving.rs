//! The solving slice: the solve in flight (with the board and goal it is for), its answer, and
//! what the specialised methods add (database build progress, where the tables came from, the
//! quality bound). Answers are tagged with their request id: a stale one changes nothing.

use puzzle_core::{Board, Method, Progress, Solution, SolveOutcome};

use crate::engine_state::{DownloadFailure, Engine, Quality, WorkersInfo};
use crate::protocol::{BuildProgress, PdbInfo, ShippedTables};

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
    /// its proven shortest answer if that is shorter (it came after the playback had left it).
    fn of(running: Running, solution: Solution) -> Finished {
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
        Finished {
            start: running.start,
            goal: running.goal,
            budget: running.budget,
            earlier,
            later,
            solution,
        }
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

/// The solve in flight and the last answer.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Solving {
    /// The solve in progress, if any.
    pub running: Option<Running>,
    /// The last finished solve.
    pub result: Option<Finished>,
    /// The specialised solvers' progress and results.
    pub engine: Engine,
}

/// What changes solving: what the top-level reducer tells this slice (the page's own actions
/// are [`super::SolvingAction`] and [`super::RaceAction`], which it turns into these).
#[derive(Clone, Debug, PartialEq)]
pub enum SolvingChange {
    /// A request was sent: it replaces the result (and, if none ran, the engine's state).
    Started(Box<Running>),
    /// Progress of request `id`.
    Progress(u32, Progress),
    /// Build progress of the pattern database of request `id`.
    PdbBuilding(u32, BuildProgress),
    /// The pattern database of request `id` is ready.
    PdbReady(u32, PdbInfo),
    /// Request `id` could not download these shipped tables, for this reason (words).
    DownloadFailed(u32, ShippedTables, String),
    /// The workers request `id` runs on.
    Workers(u32, WorkersInfo),
    /// A better answer to request `id` while its search goes on (kept if shorter).
    Improved(u32, Box<Solution>),
    /// Request `id`'s answers now play as they come.
    Watching(u32),
    /// An exact answer of request `id`, proven shortest (it did not fit the moves played).
    Proven(u32, Box<Solution>),
    /// The answer to request `id`: it becomes the result.
    Finished(u32, Box<Solution>),
    /// Request `id` failed, or the solve was stopped (cancel, or its goal went): no answer.
    Stopped(Option<u32>),
    /// Drops the result (`None` if there is none).
    DropResult,
    /// Shows an answer that did not come from the running solve (a race row).
    Show(Box<Finished>),
    /// The result names answer `index` of its answers (the one that now plays).
    Name(usize),
}

impl Solving {
    /// Whether `id` is the running request.
    pub fn is_running(&self, id: u32) -> bool {
        self.running.as_ref().is_some_and(|r| r.id == id)
    }

    /// The next state of solving, or `None` when the action changes nothing.
    pub fn reduce(&self, action: SolvingChange) -> Option<Solving> {
        let mut next = self.clone();
        match action {
            SolvingChange::Started(running) => {
                if self.running.is_none() {
                    next.engine = Engine {
                        running: Some(running.method),
                        ..Engine::default()
                    };
                }
                next.running = Some(*running);
                next.engine.workers = None;
                next.result = None;
                next.engine.finished = None;
            }
            SolvingChange::Progress(id, progress) => {
                next.mine(id)?.progress = Some(progress);
            }
            SolvingChange::PdbBuilding(id, build) => {
                next.mine(id)?;
                next.engine.build = Some(build);
                // A build after tables were ready (the strong 4x4 tables after the small
                // ones ran out of budget): the line shows the build again.
                next.engine.pdb = None;
            }
            SolvingChange::PdbReady(id, info) => {
                next.mine(id)?;
                next.engine.pdb = Some(info);
            }
            SolvingChange::DownloadFailed(id, tables, why) => {
                next.mine(id)?;
                next.engine.failed(DownloadFailure { tables, why })?;
            }
            SolvingChange::Workers(id, info) => {
                next.mine(id)?;
                next.engine.told_workers(info)?;
            }
            SolvingChange::Improved(id, solution) => {
                let running = next.mine(id)?;
                let shorter = solution.outcome == SolveOutcome::Solved
                    && running
                        .improved
                        .last()
                        .is_none_or(|last| solution.moves.len() < last.moves.len());
                if !shorter {
                    return None;
                }
                if solution.is_optimal() {
                    running.shortest = Some((*solution).clone());
                }
                running.improved.push(*solution);
            }
            SolvingChange::Watching(id) => {
                let running = next.mine(id)?;
                if running.watch == Watch::Playing {
                    return None;
                }
                running.watch = Watch::Playing;
            }
            SolvingChange::Proven(id, solution) => {
                let running = next.mine(id)?;
                if running.shortest.as_ref() == Some(&*solution) {
                    return None;
                }
                running.shortest = Some(*solution);
            }
            SolvingChange::Finished(id, solution) => {
                let running = next.mine(id)?.clone();
                // A near-optimal answer carries its lower bound.
                let quality = solution.lower_bound.map(|lower_bound| Quality {
                    lower_bound,
                    ratio: solution.bound_ratio(),
                });
                next.engine.finished = self.engine.result(quality);
                next.engine.build = None;
                next.running = None;
                next.result = Some(Finished::of(running, *solution));
            }
            SolvingChange::Stopped(id) => {
                match id {
                    Some(id) => next.mine(id).map(|_| ())?,
                    None => self.running.as_ref().map(|_| ())?,
                };
                next.running = None;
                // A failure keeps the build line as it was; a stop drops it.
                if id.is_none() {
                    next.engine.build = None;
                }
            }
            SolvingChange::DropResult => {
                self.result.as_ref()?;
                next.result = None;
                next.engine.finished = None;
            }
            SolvingChange::Show(finished) => {
                next.result = Some(*finished);
                next.engine.finished = None;
            }
            SolvingChange::Name(index) => {
                let finished = self.result.as_ref()?;
                let named = finished.naming(index)?;
                if named == *finished {
                    return None;
                }
                next.result = Some(named);
            }
        }
        Some(next)
    }

    /// The running request `id`.
    fn mine(&mut self, id: u32) -> Option<&mut Running> {
        self.running.as_mut().filter(|r| r.id == id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::check::check;
    use puzzle_core::{Goal, Limits, Shape};
    use SolvingChange as A;

    fn running(id: u32) -> Box<Running> {
        let goal = Goal::Standard.board(Shape::square(3).unwrap()).unwrap();
        Box::new(Running {
            id,
            start: "1 2 3 4 5 6 0 7 8".parse().unwrap(),
            goal,
            method: Method::default_for(Shape::square(3).unwrap()),
            budget: None,
            progress: None,
            improved: Vec::new(),
            watch: Watch::Off,
            shortest: None,
        })
    }

    /// The workers line follows the running request's worker; a failure stays told, and
    /// the next solve starts without a line.
    #[test]
    fn the_workers_line_follows_the_running_request() {
        let two = WorkersInfo {
            count: 2,
            failed: None,
            memory: vec![64 << 20, 60 << 20],
            rounds: (3, 1),
        };
        let failed = WorkersInfo {
            count: 1,
            failed: Some("it stopped".to_string()),
            memory: vec![64 << 20],
            rounds: (3, 1),
        };
        let told = check(
            Solving::reduce,
            &Solving::default(),
            vec![
                A::Started(running(1)),
                A::Workers(2, two.clone()),
                A::Workers(1, two.clone()),
                A::Workers(1, failed.clone()),
                A::Workers(1, two.clone()),
            ],
            |s| {
                let workers = s.engine.workers.as_ref().unwrap();
                assert_eq!(workers.failed, failed.failed);
            },
        );
        let same = told.engine.workers.clone().unwrap();
        assert_eq!(told.reduce(A::Workers(1, same)), None, "nothing new");
        check(Solving::reduce, &told, vec![A::Started(running(2))], |s| {
            assert_eq!(s.engine.workers, None)
        });
    }

    #[test]
    fn only_the_running_request_is_answered() {
        let r = running(4);
        let solution = puzzle_core::solve(
            &r.start,
            &r.goal,
            &puzzle_core::SolverConfig::best_for(r.start.shape()),
            &mut Limits::default(),
        )
        .unwrap();
        let done = check(
            Solving::reduce,
            &Solving::default(),
            vec![
                A::Started(r.clone()),
                A::Progress(3, Progress::default()),
                A::Finished(3, Box::new(solution.clone())),
                A::Finished(4, Box::new(solution.clone())),
                A::Finished(4, Box::new(solution)),
            ],
            |s| {
                assert!(s.running.is_none());
                let result = s.result.as_ref().unwrap();
                assert_eq!((result.solution.moves.len(), &result.start), (2, &r.start));
                assert_eq!(s.engine.finished, None, "a generic search has no label");
            },
        );
        check(Solving::reduce, &done, vec![A::DropResult], |s| {
            assert!(s.result.is_none())
        });
        assert_eq!(done.reduce(A::Stopped(None)), None);
        check(
            Solving::reduce,
            &done,
            vec![
                A::Started(running(5)),
                A::Stopped(Some(6)),
                A::Stopped(Some(5)),
            ],
            |s| assert_eq!((s.running.is_none(), s.result.is_none()), (true, true)),
        );
    }

    #[test]
    fn a_build_after_ready_tables_shows_the_build_again() {
        use crate::protocol::PdbSource;
        let build = BuildProgress {
            filled: 10,
            total: 100,
            table: 0,
            tables: 3,
            elapsed_ms: 0.0,
            recent_seconds_left: None,
        };
        let small = PdbInfo {
            source: PdbSource::Built,
            ms: 600.0,
            bytes: 1_572_000,
            memory_bytes: 1_572_000,
            repaired: false,
            saved: true,
            download_failed: false,
        };
        check(
            Solving::reduce,
            &Solving::default(),
            vec![
                A::Started(running(1)),
                A::PdbBuilding(1, build.clone()),
                A::PdbReady(1, small.clone()),
            ],
            |s| assert_eq!(s.engine.pdb.as_ref(), Some(&small)),
        );
        check(
            Solving::reduce,
            &Solving::default(),
            vec![
                A::Started(running(1)),
                A::PdbReady(1, small),
                A::PdbBuilding(1, build.clone()),
            ],
            |s| {
                assert_eq!(s.engine.pdb, None, "the strong build is shown");
                assert_eq!(s.engine.build.as_ref(), Some(&build));
            },
        );
    }
}
