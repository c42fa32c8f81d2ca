//! A live re-key in an embedded redb database (feature `redb`): [`RedbMove`], the two tables of
//! a move in one database as the [`MoveStore`] of `rowkey::migrate`. Values are bytes; in the
//! new table a live row is stored as `01` + its value and a tombstone as `00`. Every write is a
//! redb write transaction (one at a time), so the copy's check and write are atomic per batch.
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

use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

use redb::{Database, ReadableDatabase, ReadableTable, TableDefinition};
use rowkey_migrate::{CopyStore, MoveStore, Op, Rows, Side};
use rowkey_runtime::ScanRange;

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

/// The two tables of a move in one redb database, both `TableDefinition<&[u8], &[u8]>`: the
/// old table's values as they are (the table your code wrote, keyed by the old key's bytes),
/// the new table's `01` + value, or `00` for a tombstone (read it through
/// [`MoveStore::scan`], which strips the byte and gives a tombstone as `None`, or strip the
/// first byte yourself after the cut-over).
#[derive(Debug, Clone)]
pub struct RedbMove {
    db: Arc<Database>,
    old: String,
    new: String,
}

const LIVE: u8 = 1;
const TOMBSTONE: u8 = 0;

type Def<'a> = TableDefinition<'a, &'static [u8], &'static [u8]>;

impl RedbMove {
    /// The move from table `old` to table `new` of `db`, creating them if missing; refused
    /// when both are one table.
    pub fn new(db: Arc<Database>, old: &str, new: &str) -> Result<Self, RedbError> {
        if old == new {
            return Err(RedbError::SameTable(old.to_string()));
        }
        let tx = db.begin_write()?;
        tx.open_table(Def::new(old))?;
        tx.open_table(Def::new(new))?;
        tx.commit()?;
        Ok(RedbMove {
            db,
            old: old.to_string(),
            new: new.to_string(),
        })
    }

    fn def(&self, side: Side) -> Def<'_> {
        match side {
            Side::Old => Def::new(&self.old),
            Side::New => Def::new(&self.new),
        }
    }
}

impl CopyStore for RedbMove {
    type Value = Vec<u8>;
    type Error = RedbError;

    fn read_old(&self, range: &ScanRange, limit: usize) -> Result<Rows<Vec<u8>>, RedbError> {
        Ok(self
            .scan(Side::Old, range, limit)?
            .into_iter()
            .filter_map(|(k, v)| v.map(|v| (k, v)))
            .collect())
    }

    fn write_absent(&self, rows: Rows<Vec<u8>>) -> Result<usize, RedbError> {
        let tx = self.db.begin_write()?;
        let mut written = 0;
        {
            let mut t = tx.open_table(self.def(Side::New))?;
            for (k, v) in rows {
                if t.get(k.as_slice())?.is_none() {
                    t.insert(k.as_slice(), [&[LIVE][..], &v].concat().as_slice())?;
                    written += 1;
                }
            }
        }
        tx.commit()?;
        Ok(written)
    }
}

impl MoveStore for RedbMove {
    fn apply(&self, side: Side, op: &Op, value: Option<&Vec<u8>>) -> Result<(), RedbError> {
        let tx = self.db.begin_write()?;
        {
            let mut t = tx.open_table(self.def(side))?;
            match op {
                Op::Put(k) => {
                    let v = value.map_or(&[][..], Vec::as_slice);
                    let stored = match side {
                        Side::Old => v.to_vec(),
                        Side::New => [&[LIVE][..], v].concat(),
                    };
                    t.insert(k.as_slice(), stored.as_slice())?;
                }
                Op::Delete(k) => {
                    t.remove(k.as_slice())?;
                }
                Op::Tombstone(k) => {
                    t.insert(k.as_slice(), &[TOMBSTONE][..])?;
                }
            }
        }
        tx.commit()?;
        Ok(())
    }

    fn scan(
        &self,
        side: Side,
        range: &ScanRange,
        limit: usize,
    ) -> Result<Rows<Option<Vec<u8>>>, RedbError> {
        let tx = self.db.begin_read()?;
        let t = tx.open_table(self.def(side))?;
        let mut out = Vec::new();
        for row in t.range::<&[u8]>(range.to_bounds())?.take(limit.max(1)) {
            let (k, v) = row?;
            let v = v.value();
            let value = match side {
                Side::Old => Some(v.to_vec()),
                Side::New => (v.first() == Some(&LIVE)).then(|| v[1..].to_vec()),
            };
            out.push((k.value().to_vec(), value));
        }
        Ok(out)
    }

    fn purge(&self, key: &[u8]) -> Result<bool, RedbError> {
        let tx = self.db.begin_write()?;
        let purged = {
            let mut t = tx.open_table(self.def(Side::New))?;
            let dead = t.get(key)?.is_some_and(|v| v.value() == [TOMBSTONE]);
            if dead {
                t.remove(key)?;
            }
            dead
        };
        tx.commit()?;
        Ok(purged)
    }

    fn value_bytes(value: &Vec<u8>) -> Cow<'_, [u8]> {
        Cow::Borrowed(value)
    }
}
