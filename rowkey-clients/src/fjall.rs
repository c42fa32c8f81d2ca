//! fjall (feature `fjall`), the pure-Rust LSM store: a table is a keyspace
//! ([`FjallTable`]), read with one `range` per range of a plan, forward or reverse, every
//! range of a plan from one snapshot (a salted read is one point in time across its buckets);
//! writes are write batches. A re-key runs on two keyspaces ([`FjallMove`]) with its
//! checkpoints in a third ([`FjallCheckpoints`]).
//!
//! ```
//! use rowkey::RowKey;
//! use rowkey_clients::fjall::FjallTable;
//! use rowkey_clients::sorted::SortedTable;
//!
//! #[derive(RowKey)]
//! #[salt(md5, buckets = 16, of = "device")]
//! struct Reading { device: u32, ts: u64 }
//!
//! let dir = std::env::temp_dir().join(format!("rowkey-fjall-doc-{}", std::process::id()));
//! let db = fjall::Database::builder(&dir).temporary(true).open().unwrap();
//! let table = FjallTable::open(&db, "readings").unwrap();
//! let rows = (0..100u32).map(|device| (Reading { device, ts: 5 }.encode().unwrap(), Some(vec![])));
//! table.write(rows.collect()).unwrap();
//!
//! // Every bucket read, merged in key order: devices 10..20.
//! let plan = Reading::scan().device(10..20).plan().unwrap();
//! let rows: Vec<_> = table.read(&plan).collect::<Result<_, _>>().unwrap();
//! let devices: Vec<u32> = rows.iter().map(|(k, _)| Reading::decode(k).unwrap().device).collect();
//! assert_eq!(devices, (10..20).collect::<Vec<_>>());
//! ```

use std::ops::Bound;

use fjall::{Database, Keyspace, KeyspaceCreateOptions, Readable, Slice};
use rowkey_runtime::ScanRange;

use crate::sorted::{self, SameTable, SortedTable, TableCheckpoints, TableMove, Writes};

/// The longest key fjall takes (its `Keyspace::insert` and write batches panic beyond it;
/// [`FjallTable`] returns an error).
pub const MAX_KEY: usize = 65_535;

/// A keyspace of a fjall database as a [`SortedTable`].
#[derive(Clone)]
pub struct FjallTable {
    db: Database,
    keyspace: Keyspace,
    name: String,
}

impl std::fmt::Debug for FjallTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FjallTable")
            .field("name", &self.name)
            .finish()
    }
}

/// A re-key between two keyspaces of a fjall database.
pub type FjallMove = TableMove<FjallTable>;
/// A re-key's checkpoints in a keyspace of a fjall database.
pub type FjallCheckpoints = TableCheckpoints<FjallTable>;

impl FjallTable {
    /// The keyspace `name` of `db`, created if missing. A name fjall refuses (empty, or longer
    /// than 255 bytes) is an error here, not fjall's panic.
    pub fn open(db: &Database, name: &str) -> Result<Self, fjall::Error> {
        if name.is_empty() || name.len() > 255 {
            return Err(fjall::Error::Io(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                format!("fjall keyspace name {name:?}: 1 to 255 bytes"),
            )));
        }
        let keyspace = db.keyspace(name, KeyspaceCreateOptions::default)?;
        Ok(FjallTable {
            name: format!("fjall:{}", keyspace.path().display()),
            db: db.clone(),
            keyspace,
        })
    }

    /// The keyspace.
    pub fn keyspace(&self) -> &Keyspace {
        &self.keyspace
    }

    /// fjall panics on a key over 65,535 bytes: here it is an error.
    fn check(key: &[u8]) -> Result<(), fjall::Error> {
        if key.len() > MAX_KEY {
            return Err(fjall::Error::Io(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                format!(
                    "a key of {} bytes: fjall's keys are at most {MAX_KEY}",
                    key.len()
                ),
            )));
        }
        Ok(())
    }

    fn lock(&self) -> std::sync::Arc<std::sync::Mutex<()>> {
        sorted::locks::of(&self.name)
    }
}

impl FjallMove {
    /// The move from keyspace `old` to keyspace `new` of `db`, both created if missing.
    pub fn open(db: &Database, old: &str, new: &str) -> Result<Self, FjallError> {
        let (old, new) = (FjallTable::open(db, old)?, FjallTable::open(db, new)?);
        Ok(TableMove::between(old, new)?)
    }
}

/// Why a fjall move could not be set up.
#[derive(Debug)]
#[non_exhaustive]
pub enum FjallError {
    /// fjall's error.
    Fjall(fjall::Error),
    /// Both keyspaces are one.
    SameTable(SameTable),
}

impl std::fmt::Display for FjallError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FjallError::Fjall(e) => write!(f, "fjall: {e}"),
            FjallError::SameTable(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for FjallError {}

impl From<fjall::Error> for FjallError {
    fn from(e: fjall::Error) -> Self {
        FjallError::Fjall(e)
    }
}

impl From<SameTable> for FjallError {
    fn from(e: SameTable) -> Self {
        FjallError::SameTable(e)
    }
}

/// `range`'s bounds as fjall takes them: fjall panics on a bound over [`MAX_KEY`] bytes (a
/// page resuming after a key of that length asks for its key + `00`), so such a bound becomes
/// the same set of keys of at most `MAX_KEY` bytes: a longer `S` truncated to `T` keeps the
/// keys above `T` from a start and the keys up to `T` below a stop.
fn bounds(range: &ScanRange) -> (Bound<&[u8]>, Bound<&[u8]>) {
    let (start, stop) = range.to_bounds();
    let start = match start {
        Bound::Included(s) if s.len() > MAX_KEY => Bound::Excluded(&s[..MAX_KEY]),
        b => b,
    };
    let stop = match stop {
        Bound::Excluded(s) if s.len() > MAX_KEY => Bound::Included(&s[..MAX_KEY]),
        b => b,
    };
    (start, stop)
}

/// The rows of one range of a [`FjallTable`], forward or reverse.
pub struct FjallRows {
    iter: fjall::Iter,
    reverse: bool,
}

impl Iterator for FjallRows {
    type Item = Result<(Slice, Slice), fjall::Error>;

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        let guard = if self.reverse {
            self.iter.next_back()?
        } else {
            self.iter.next()?
        };
        Some(guard.into_inner())
    }
}

impl SortedTable for FjallTable {
    type Error = fjall::Error;
    type Bytes = Slice;
    type Rows<'a> = FjallRows;

    fn rows(&self, range: &ScanRange, reverse: bool) -> FjallRows {
        FjallRows {
            iter: self.keyspace.range::<&[u8], _>(bounds(range)),
            reverse,
        }
    }

    /// Every range from one snapshot of the database.
    fn rows_of(&self, ranges: &[ScanRange], reverse: bool) -> Vec<FjallRows> {
        let snapshot = self.db.snapshot();
        ranges
            .iter()
            .map(|r| FjallRows {
                iter: snapshot.range::<&[u8], _>(&self.keyspace, bounds(r)),
                reverse,
            })
            .collect()
    }

    fn name(&self) -> String {
        self.name.clone()
    }

    fn get(&self, key: &[u8]) -> Result<Option<Vec<u8>>, fjall::Error> {
        if key.len() > MAX_KEY {
            return Ok(None);
        }
        Ok(self.keyspace.get(key)?.map(|v| v.to_vec()))
    }

    fn write(&self, batch: Writes) -> Result<(), fjall::Error> {
        let lock = self.lock();
        let _held = lock.lock().unwrap_or_else(|e| e.into_inner());
        for (k, _) in &batch {
            Self::check(k)?;
        }
        let mut b = self.db.batch();
        for (k, v) in batch {
            match v {
                Some(v) => b.insert(&self.keyspace, k, v),
                None => b.remove(&self.keyspace, k),
            }
        }
        b.commit()
    }

    fn put_absent(&self, rows: Vec<(Vec<u8>, Vec<u8>)>) -> Result<usize, fjall::Error> {
        let lock = self.lock();
        let _held = lock.lock().unwrap_or_else(|e| e.into_inner());
        for (k, _) in &rows {
            Self::check(k)?;
        }
        let mut b = self.db.batch();
        let mut written = 0;
        for (k, v) in rows {
            if !self.keyspace.contains_key(&k)? {
                b.insert(&self.keyspace, k, v);
                written += 1;
            }
        }
        b.commit()?;
        Ok(written)
    }

    fn delete_if(&self, key: &[u8], expected: &[u8]) -> Result<bool, fjall::Error> {
        let lock = self.lock();
        let _held = lock.lock().unwrap_or_else(|e| e.into_inner());
        if key.len() > MAX_KEY {
            return Ok(false);
        }
        let dead = self.keyspace.get(key)?.is_some_and(|v| &*v == expected);
        if dead {
            self.keyspace.remove(key)?;
        }
        Ok(dead)
    }
}
