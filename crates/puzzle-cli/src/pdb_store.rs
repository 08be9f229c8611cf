//! Tables the methods need (pattern databases for `pdb`, big-board tables for `anytime`):
//! built once per goal, kept in memory for a batch, and cached on disk so the next run loads
//! them in milliseconds instead of rebuilding.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::ops::ControlFlow;
use std::path::PathBuf;

use puzzle_core::anytime::{total_entries, BigTables, WholeTables};
use puzzle_core::pdb::{AdditivePdb, Partition, PdbError};
use puzzle_core::search::Progress;
use puzzle_core::{Board, Limits};

/// Built or loaded databases, by goal.
pub struct PdbStore {
    dir: Option<PathBuf>,
    loaded: HashMap<String, (AdditivePdb, String)>,
    big: HashMap<String, BigTables>,
    whole: HashMap<String, WholeTables>,
    /// Whether 4x4 boards get the 7-8 partition instead of the default 7-7-1.
    use_78: bool,
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
        }
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
        let key = BigTables::cache_key(goal);
        if !self.big.contains_key(&key) {
            let cached = self
                .path(&key)
                .and_then(|path| std::fs::read(path).ok())
                .and_then(|bytes| match BigTables::from_bytes(&bytes) {
                    Ok(tables) if tables.serves(goal) => Some(tables),
                    _ => {
                        eprintln!(
                            "note: ignoring damaged or foreign cached big-board tables; rebuilding"
                        );
                        None
                    }
                });
            let tables = match cached {
                Some(tables) => tables,
                None => {
                    let tables = build_big(goal)?;
                    self.write(&key, &tables.to_bytes(), "big-board tables");
                    tables
                }
            };
            self.big.insert(key.clone(), tables);
        }
        Ok(&self.big[&key])
    }

    /// The whole-board tables toward `goal` (the anytime method on boards larger than 5x5),
    /// built or loaded once.
    pub fn get_whole(&mut self, goal: &Board) -> Result<&WholeTables, PdbError> {
        let key = WholeTables::cache_key(goal);
        if !self.whole.contains_key(&key) {
            let cached = self
                .path(&key)
                .and_then(|path| std::fs::read(path).ok())
                .and_then(|bytes| match WholeTables::from_bytes(&bytes) {
                    Ok(tables) if tables.goal() == goal => Some(tables),
                    _ => {
                        eprintln!(
                            "note: ignoring damaged or foreign cached whole-board tables; rebuilding"
                        );
                        None
                    }
                });
            let tables = match cached {
                Some(tables) => tables,
                None => {
                    let tables = build_whole(goal)?;
                    self.write(&key, &tables.to_bytes(), "whole-board tables");
                    tables
                }
            };
            self.whole.insert(key.clone(), tables);
        }
        Ok(&self.whole[&key])
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

    /// Writes a cache file; failing to cache is not an error.
    fn write(&self, key: &str, bytes: &[u8], what: &str) {
        let Some(path) = self.path(key) else { return };
        let written = path
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| std::fs::write(&path, bytes));
        if let Err(error) = written {
            eprintln!(
                "note: could not cache the {what} in {}: {error}",
                path.display()
            );
        }
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
    with_progress(total, |limits| AdditivePdb::build(goal, partition, limits))
}

/// Builds big-board tables, telling the user on stderr (about 10 s for a 5x5 core).
fn build_big(goal: &Board) -> Result<BigTables, PdbError> {
    let total = total_entries(goal).max(1);
    eprintln!(
        "building big-board tables for this goal ({total} entries, once; cached afterwards)..."
    );
    with_progress(total, |limits| BigTables::build(goal, limits))
}

/// Builds whole-board tables, telling the user on stderr (about 10 s on 6x6, 30 s on 7x7).
fn build_whole(goal: &Board) -> Result<WholeTables, PdbError> {
    let total = WholeTables::total_entries(goal).max(1);
    eprintln!(
        "building whole-board tables for this goal ({total} entries, once; cached afterwards)..."
    );
    with_progress(total, |limits| WholeTables::build(goal, limits))
}

/// Runs a build with a progress bar of `total` entries on stderr, drawn only when stderr is a
/// terminal (`indicatif` hides it otherwise: scripts and logs get the one line above).
fn with_progress<T>(total: u64, build: impl FnOnce(&mut Limits) -> T) -> T {
    let bar = crate::progress::bar(total, "entries");
    let mut report = |progress: &Progress| {
        bar.set_position(progress.generated.min(total));
        ControlFlow::Continue(())
    };
    let mut limits = Limits {
        report_every: 1 << 16,
        on_progress: Some(&mut report),
        ..Limits::default()
    };
    let built = build(&mut limits);
    bar.finish_and_clear();
    built
}
