//! Tables the methods need (pattern databases for `pdb`, big-board tables for `anytime`):
//! built once per goal, kept in memory for a batch, and cached on disk so the next run loads
//! them in milliseconds instead of rebuilding.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::ops::ControlFlow;
use std::path::PathBuf;

use puzzle_core::anytime::{BigTables, Strength, TableSet, WholeTables};
use puzzle_core::pdb::{AdditivePdb, Partition, PdbError};
use puzzle_core::search::Progress;
use puzzle_core::{Board, Limits};

use crate::strong::{self, Budget};

/// Built or loaded databases, by goal.
pub struct PdbStore {
    dir: Option<PathBuf>,
    loaded: HashMap<String, (AdditivePdb, String)>,
    big: HashMap<String, BigTables>,
    whole: HashMap<String, WholeTables>,
    /// Whether 4x4 boards get the 7-8 partition instead of the default 7-7-1.
    use_78: bool,
    /// The memory the big-board tables may take, and whether strong ones are built.
    budget: Budget,
    /// Lines already said about the budget, so a batch says each once.
    said: Vec<String>,
}

/// The big-board tables of one goal and a name for reports.
pub struct BigBoardTables<'s> {
    /// The core's tables.
    pub core: &'s BigTables,
    /// The whole board's, on 6x6 and 7x7.
    pub whole: Option<&'s WholeTables>,
    /// E.g. `strong-big-board-tables` (`big-board-tables` for the shipped ones).
    pub name: String,
}

impl PdbStore {
    /// A store caching files in `dir` (none: build every time).
    pub fn new(dir: Option<PathBuf>) -> PdbStore {
        PdbStore {
            dir,
            loaded: HashMap::new(),
            big: HashMap::new(),
            whole: HashMap::new(),
            use_78: false,
            budget: Budget::new(None, false),
            said: Vec::new(),
        }
    }

    /// The same store with the memory budget of the strong tables.
    pub fn with_budget(mut self, budget: Budget) -> PdbStore {
        self.budget = budget;
        self
    }

    /// The tables the anytime method gets for `goal`: the strong ones where they fit the
    /// memory budget and are cached or asked for (`--strong`), else the shipped ones.
    pub fn big_board(&mut self, goal: &Board) -> Result<BigBoardTables<'_>, PdbError> {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let (choice, short) = strong::choose(goal, self.budget, cores);
        // Strong where the budget holds it and it is asked for (`--strong`) or already cached.
        let usable = |fits: Strength, key: String| match fits {
            Strength::Strong
                if self.budget.build || self.path(&key).is_some_and(|p| p.exists()) =>
            {
                Strength::Strong
            }
            _ => Strength::Shipped,
        };
        let core = usable(choice.core, BigTables::cache_key_as(goal, Strength::Strong));
        let whole = usable(
            choice.whole,
            WholeTables::cache_key_as(goal, Strength::Strong),
        );
        if let Some(line) = short.filter(|_| self.budget.build) {
            if !self.said.contains(&line) {
                crate::progress::suspend(|| eprintln!("note: {line}"));
                self.said.push(line);
            }
        }
        self.get_big_as(goal, core, choice.threads)?;
        if WholeTables::wanted(goal) {
            self.get_whole_as(goal, whole, choice.threads)?;
        }
        let name = match core {
            Strength::Strong => "strong-big-board-tables",
            Strength::Shipped => "big-board-tables",
        };
        Ok(BigBoardTables {
            core: &self.big[&BigTables::cache_key_as(goal, core)],
            whole: WholeTables::wanted(goal)
                .then(|| &self.whole[&WholeTables::cache_key_as(goal, whole)]),
            name: name.to_string(),
        })
    }

    /// The same store, giving 4x4 boards the 7-8 partition ([`Partition::korf_78`]) when
    /// `on`: its own cache files, built once like the others.
    pub fn with_78(mut self, on: bool) -> PdbStore {
        self.use_78 = on;
        self
    }

    /// The partition used for `goal`.
    fn partition(&self, goal: &Board) -> Result<Partition, PdbError> {
        let shape = goal.shape();
        if self.use_78 && (shape.width(), shape.height()) == (4, 4) {
            return Partition::korf_78(goal);
        }
        Partition::default_for(goal)
    }

    /// The default cache folder: `$NPUZZLE_CACHE_DIR`, else `$XDG_CACHE_HOME/npuzzle`, else
    /// `~/.cache/npuzzle`.
    pub fn default_dir() -> Option<PathBuf> {
        let env = |name| std::env::var_os(name).filter(|v| !v.is_empty());
        env("NPUZZLE_CACHE_DIR")
            .map(PathBuf::from)
            .or_else(|| env("XDG_CACHE_HOME").map(|d| PathBuf::from(d).join("npuzzle")))
            .or_else(|| env("HOME").map(|d| PathBuf::from(d).join(".cache/npuzzle")))
    }

    /// The database for `goal` and a name for reports (e.g. `pdb-7-7-1+reflection`).
    pub fn get(&mut self, goal: &Board) -> Result<(&AdditivePdb, String), PdbError> {
        let partition = self.partition(goal)?;
        let key = partition.cache_key(goal);
        if !self.loaded.contains_key(&key) {
            let pdb = self.load(&key, goal, &partition).map_or_else(
                || {
                    let pdb = build(goal, &partition)?;
                    self.save(&key, &pdb);
                    Ok::<_, PdbError>(pdb)
                },
                Ok,
            )?;
            let sizes: Vec<String> = partition
                .groups()
                .iter()
                .map(|g| g.len().to_string())
                .collect();
            let reflected = if pdb.reflection().is_some() {
                "+reflection"
            } else {
                ""
            };
            let name = format!("pdb-{}{reflected}", sizes.join("-"));
            self.loaded.insert(key.clone(), (pdb, name));
        }
        let (pdb, name) = &self.loaded[&key];
        Ok((pdb, name.clone()))
    }

    /// The big-board tables that serve `goal` (the anytime method), built or loaded once and
    /// shared by every goal with the same core (the standard goals of 5x5 to 16x16).
    pub fn get_big(&mut self, goal: &Board) -> Result<&BigTables, PdbError> {
        self.get_big_as(goal, Strength::Shipped, 1)
    }

    /// [`PdbStore::get_big`] of either strength, built on `threads` threads if missing.
    pub fn get_big_as(
        &mut self,
        goal: &Board,
        strength: Strength,
        threads: usize,
    ) -> Result<&BigTables, PdbError> {
        let key = self.cache(|store| &mut store.big, goal, strength, threads)?;
        Ok(&self.big[&key])
    }

    /// The whole-board tables toward `goal` (the anytime method on boards larger than 5x5),
    /// built or loaded once.
    pub fn get_whole(&mut self, goal: &Board) -> Result<&WholeTables, PdbError> {
        self.get_whole_as(goal, Strength::Shipped, 1)
    }

    /// [`PdbStore::get_whole`] of either strength, built on `threads` threads if missing.
    pub fn get_whole_as(
        &mut self,
        goal: &Board,
        strength: Strength,
        threads: usize,
    ) -> Result<&WholeTables, PdbError> {
        let key = self.cache(|store| &mut store.whole, goal, strength, threads)?;
        Ok(&self.whole[&key])
    }

    /// Puts the tables of `strength` toward `goal` into the map `held` picks, once: read from
    /// the cache folder if intact and for this goal and strength, else built on `threads`
    /// threads and written there. Returns their key in the map.
    fn cache<T: TableSet>(
        &mut self,
        held: fn(&mut PdbStore) -> &mut HashMap<String, T>,
        goal: &Board,
        strength: Strength,
        threads: usize,
    ) -> Result<String, PdbError> {
        let key = T::cache_key_as(goal, strength);
        if held(self).contains_key(&key) {
            return Ok(key);
        }
        let cached = self
            .path(&key)
            .and_then(|path| std::fs::read(path).ok())
            .and_then(|bytes| match T::from_bytes(&bytes) {
                Ok(tables) if tables.serves_as(goal, strength) => Some(tables),
                _ => {
                    eprintln!(
                        "note: ignoring damaged or foreign cached {} {}; rebuilding",
                        strength.name(),
                        T::NAME
                    );
                    None
                }
            });
        let tables = match cached {
            Some(tables) => tables,
            None => {
                let tables = build_set::<T>(goal, strength, threads)?;
                self.write(&key, &tables.to_bytes(), T::NAME);
                tables
            }
        };
        held(self).insert(key.clone(), tables);
        Ok(key)
    }

    fn path(&self, key: &str) -> Option<PathBuf> {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        key.hash(&mut hasher);
        Some(
            self.dir
                .as_ref()?
                .join(format!("pdb-{:016x}.bin", hasher.finish())),
        )
    }

    /// Writes a cache file; failing to cache (a full or read-only disk) is one line, not an
    /// error. The bytes go to a temporary file renamed over the cache file once complete, so
    /// an interrupted write never leaves a half file under the cache's name.
    fn write(&self, key: &str, bytes: &[u8], what: &str) {
        let Some(path) = self.path(key) else { return };
        let partial = path.with_extension(format!("part-{}", std::process::id()));
        let written = path
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| std::fs::write(&partial, bytes))
            .and_then(|()| std::fs::rename(&partial, &path));
        if let Err(error) = written {
            let _ = std::fs::remove_file(&partial);
            crate::progress::suspend(|| {
                eprintln!(
                    "note: could not cache the {what} in {}: {error}; going on without the file",
                    path.display()
                )
            });
        }
    }

    /// The cache file of `key`, if there is a cache folder (for `npuzzle tables --strong`).
    pub fn file_of(&self, key: &str) -> Option<PathBuf> {
        self.path(key)
    }

    /// A cached database, if its file exists and is intact and for this goal and partition.
    fn load(&self, key: &str, goal: &Board, partition: &Partition) -> Option<AdditivePdb> {
        let bytes = std::fs::read(self.path(key)?).ok()?;
        match AdditivePdb::from_bytes(&bytes) {
            Ok(pdb) if pdb.goal() == goal && pdb.partition() == partition => Some(pdb),
            _ => {
                eprintln!(
                    "note: ignoring a damaged or foreign cached pattern database; rebuilding"
                );
                None
            }
        }
    }

    fn save(&self, key: &str, pdb: &AdditivePdb) {
        self.write(key, &pdb.to_bytes(), "pattern database");
    }
}

/// Builds a database, telling the user on stderr (it takes seconds on 4x4).
fn build(goal: &Board, partition: &Partition) -> Result<AdditivePdb, PdbError> {
    let total = partition.entries(goal.shape()).max(1);
    eprintln!(
        "building pattern databases for this goal ({} entries, once; cached afterwards)...",
        total
    );
    with_progress(total, 1, |limits| {
        AdditivePdb::build(goal, partition, limits)
    })
}

/// Builds a set of big-board tables on `threads` threads, telling the user on stderr (the
/// core's about 10 s on a 5x5, the whole board's 10 s on 6x6 and 30 s on 7x7; the strong ones
/// about a minute a table).
fn build_set<T: TableSet>(goal: &Board, strength: Strength, threads: usize) -> Result<T, PdbError> {
    let total = T::entries(goal, strength).iter().sum::<u64>().max(1);
    say_building(&format!("{} {}", strength.name(), T::NAME), total, threads);
    with_progress(total, threads, |limits| T::build_as(goal, strength, limits))
}

/// The line before a build.
fn say_building(what: &str, total: u64, threads: usize) {
    let on = if threads > 1 {
        format!(" on {threads} threads")
    } else {
        String::new()
    };
    crate::progress::suspend(|| {
        eprintln!("building {what} for this goal ({total} entries{on}, once; cached afterwards)...")
    });
}

/// Runs a build on `threads` threads with a progress bar of `total` entries and the time left
/// on stderr, drawn only when stderr is a terminal (`indicatif` hides it otherwise: scripts
/// and logs get the one line above).
fn with_progress<T>(total: u64, threads: usize, build: impl FnOnce(&mut Limits) -> T) -> T {
    let bar = crate::progress::bar(total, "entries");
    let mut report = |progress: &Progress| {
        bar.set_position(progress.generated.min(total));
        ControlFlow::Continue(())
    };
    let mut limits = Limits {
        report_every: 1 << 16,
        on_progress: Some(&mut report),
        threads,
        ..Limits::default()
    };
    let built = build(&mut limits);
    bar.finish_and_clear();
    built
}
