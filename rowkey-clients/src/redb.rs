//! redb (feature `redb`): a table `TableDefinition<&[u8], &[u8]>` as a
//! [`SortedTable`] ([`RedbTable`]: plans read merged, batches written in one write
//! transaction), and a live re-key between two tables of one database ([`RedbMove`], the
//! [`MoveStore`](rowkey_migrate::MoveStore) of `rowkey::migrate`). Values are bytes; in the new
//! table a live row is stored as `01` + its value and a tombstone as `00`. Every write is a redb
//! write transaction (one at a time), so the copy's check and write are atomic per batch.
//!
//! ```
//! use std::sync::Arc;
//! use redb::{backends::InMemoryBackend, Database};
//! use rowkey::migrate::{Migration, Phase, Plan, Progress};
//! use rowkey::RowKey;
//! use rowkey_clients::redb::RedbMove;
//!
//! #[derive(RowKey)]
//! struct Old { id: u32 }
//! #[derive(RowKey)]
//! #[salt(md5, buckets = 8, of = "id")]
//! struct New { id: u32 }
//!
//! let db = Arc::new(Database::builder().create_with_backend(InMemoryBackend::new()).unwrap());
//! let tables = RedbMove::new(db, "events", "events_salted").unwrap();
//! let m = Migration::new(Plan::from_points::<Old, New>(&[]), |o: Old| New { id: o.id }, |n: New| Old { id: n.id }).unwrap();
//! for id in 0..100 {
//!     m.put(&tables, Phase::Start, New { id }, &b"v".to_vec()).unwrap();
//! }
//! m.remove(&tables, Phase::Copy, New { id: 7 }).unwrap(); // a tombstone in the new table
//! let report = m.copy(&tables).run(&mut Progress::new(&m.plan)).unwrap();
//! assert_eq!(report.read, 99);
//! assert!(m.verify_store(&tables).unwrap().agrees());
//! assert_eq!(m.purge_tombstones(&tables).unwrap(), 1);
//! ```

use std::fmt;
use std::sync::Arc;

use redb::{AccessGuard, Database, ReadableDatabase, ReadableTable, TableDefinition};
use rowkey_runtime::ScanRange;

use crate::sorted::{SortedTable, TableCheckpoints, TableMove, Writes};

/// Why a move's store failed, or could not be set up.
#[derive(Debug)]
#[non_exhaustive]
pub enum RedbError {
    /// redb's error.
    Redb(redb::Error),
    /// The old and the new table are one table: the copy would write the new key's rows
    /// among the old ones.
    SameTable(String),
}

impl fmt::Display for RedbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RedbError::Redb(e) => write!(f, "redb: {e}"),
            RedbError::SameTable(t) => write!(
                f,
                "the old and the new table are both {t:?}: a move writes the new key's rows \
                 into a table of their own"
            ),
        }
    }
}

impl std::error::Error for RedbError {}

impl<E: Into<redb::Error>> From<E> for RedbError {
    fn from(e: E) -> Self {
        RedbError::Redb(e.into())
    }
}

/// A table of a redb database, `TableDefinition<&[u8], &[u8]>`, as a [`SortedTable`]. Each
/// range is read in a read transaction of its own; writes are write transactions (redb runs
/// one at a time, so a check and its write are atomic).
#[derive(Debug, Clone)]
pub struct RedbTable {
    db: Arc<Database>,
    table: String,
}

/// The two tables of a move in one redb database, both `TableDefinition<&[u8], &[u8]>`: the
/// old table's values as they are (the table your code wrote, keyed by the old key's bytes),
/// the new table's `01` + value, or `00` for a tombstone (read it through
/// [`MoveStore::scan`](rowkey_migrate::MoveStore::scan), which strips the byte and gives a
/// tombstone as `None`, or strip the first byte yourself after the cut-over).
pub type RedbMove = TableMove<RedbTable>;
/// A re-key's checkpoints in a table of a redb database.
pub type RedbCheckpoints = TableCheckpoints<RedbTable>;

type Def<'a> = TableDefinition<'a, &'static [u8], &'static [u8]>;

impl RedbTable {
    /// The table `table` of `db`, created if missing.
    pub fn new(db: Arc<Database>, table: &str) -> Result<Self, RedbError> {
        let tx = db.begin_write()?;
        tx.open_table(Def::new(table))?;
        tx.commit()?;
        Ok(RedbTable {
            db,
            table: table.to_string(),
        })
    }

    fn def(&self) -> Def<'_> {
        Def::new(&self.table)
    }

    fn range(
        &self,
        range: &ScanRange,
    ) -> Result<redb::Range<'static, &'static [u8], &'static [u8]>, RedbError> {
        let tx = self.db.begin_read()?;
        let t = tx.open_table(self.def())?;
        Ok(t.range::<&[u8]>(range.to_bounds())?)
    }
}

impl RedbMove {
    /// The move from table `old` to table `new` of `db`, creating them if missing; refused
    /// when both are one table.
    pub fn new(db: Arc<Database>, old: &str, new: &str) -> Result<Self, RedbError> {
        // Refused before either table is created (`TableMove::between` checks the tables).
        if old == new {
            return Err(RedbError::SameTable(old.to_string()));
        }
        let (old, new) = (RedbTable::new(db.clone(), old)?, RedbTable::new(db, new)?);
        TableMove::between(old, new).map_err(|e| RedbError::SameTable(e.0))
    }
}

/// A key or value of a [`RedbTable`]'s rows, as redb hands it out (no copy).
pub struct RedbBytes(AccessGuard<'static, &'static [u8]>);

impl AsRef<[u8]> for RedbBytes {
    fn as_ref(&self) -> &[u8] {
        self.0.value()
    }
}

impl std::ops::Deref for RedbBytes {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        self.0.value()
    }
}

/// The rows of one range of a [`RedbTable`], forward or reverse.
pub struct RedbRows {
    range: Result<redb::Range<'static, &'static [u8], &'static [u8]>, Option<RedbError>>,
    reverse: bool,
}

impl Iterator for RedbRows {
    type Item = Result<(RedbBytes, RedbBytes), RedbError>;

    fn next(&mut self) -> Option<Self::Item> {
        let range = match &mut self.range {
            Ok(range) => range,
            // The range could not be opened: its error once, then the end.
            Err(e) => return e.take().map(Err),
        };
        let row = if self.reverse {
            range.next_back()?
        } else {
            range.next()?
        };
        Some(
            row.map(|(k, v)| (RedbBytes(k), RedbBytes(v)))
                .map_err(RedbError::from),
        )
    }
}

impl SortedTable for RedbTable {
    type Error = RedbError;
    type Bytes = RedbBytes;
    type Rows<'a> = RedbRows;

    fn rows(&self, range: &ScanRange, reverse: bool) -> RedbRows {
        RedbRows {
            range: self.range(range).map_err(Some),
            reverse,
        }
    }

    fn name(&self) -> String {
        format!("redb:{:p}#{}", Arc::as_ptr(&self.db), self.table)
    }

    fn get(&self, key: &[u8]) -> Result<Option<Vec<u8>>, RedbError> {
        let tx = self.db.begin_read()?;
        let t = tx.open_table(self.def())?;
        Ok(t.get(key)?.map(|v| v.value().to_vec()))
    }

    fn write(&self, batch: Writes) -> Result<(), RedbError> {
        let tx = self.db.begin_write()?;
        {
            let mut t = tx.open_table(self.def())?;
            for (k, v) in batch {
                match v {
                    Some(v) => {
                        t.insert(k.as_slice(), v.as_slice())?;
                    }
                    None => {
                        t.remove(k.as_slice())?;
                    }
                }
            }
        }
        tx.commit()?;
        Ok(())
    }

    fn put_absent(&self, rows: Vec<(Vec<u8>, Vec<u8>)>) -> Result<usize, RedbError> {
        let tx = self.db.begin_write()?;
        let mut written = 0;
        {
            let mut t = tx.open_table(self.def())?;
            for (k, v) in rows {
                if t.get(k.as_slice())?.is_none() {
                    t.insert(k.as_slice(), v.as_slice())?;
                    written += 1;
                }
            }
        }
        tx.commit()?;
        Ok(written)
    }

    fn delete_if(&self, key: &[u8], expected: &[u8]) -> Result<bool, RedbError> {
        let tx = self.db.begin_write()?;
        let deleted = {
            let mut t = tx.open_table(self.def())?;
            let matches = t.get(key)?.is_some_and(|v| v.value() == expected);
            if matches {
                t.remove(key)?;
            }
            matches
        };
        tx.commit()?;
        Ok(deleted)
    }
}
