//! RocksDB (feature `rocksdb`, the `rocksdb` crate 0.20): a table is a column family
//! ([`RocksTable`]) of a database opened by [`RocksDb::open`], which gives each keyed table a
//! prefix extractor derived from its key's layout and checks it on every open.
//!
//! What it does for you, against RocksDB's classic traps:
//! - Every read sets each finite bound of its range as an iterate bound
//!   (`set_iterate_lower_bound`, `set_iterate_upper_bound`): a read never runs past its range,
//!   whatever the extractor (`prefix_iterator` without one returns every key at or after the
//!   prefix: rust-rocksdb#577, #816, #221).
//! - The extractor (the salt plus the leading fixed-width fields before the last field) is only
//!   an optimisation, with a prefix bloom filter: a forward read inside one prefix uses
//!   `prefix_same_as_start` (every key it can meet is in the extractor's domain,
//!   facebook/rocksdb#5923, #11771); every other read is a total-order seek.
//! - RocksDB does not keep an extractor across a reopen (rust-rocksdb#370): [`RocksDb::open`]
//!   sets it again from the key, and keeps its name (`rowkey.<layout>.<fingerprint>.<width>`)
//!   in the default column family, so a database opened with another key's extractor is
//!   refused ([`RocksError::Extractor`]), not read with the wrong blooms.
//!
//! ```
//! use rowkey::RowKey;
//! use rowkey_clients::rocksdb::{RocksDb, TableSpec};
//! use rowkey_clients::sorted::SortedTable;
//!
//! #[derive(RowKey)]
//! #[salt(md5, buckets = 16, of = "device")]
//! struct Reading { device: u32, ts: u64 }
//!
//! let dir = std::env::temp_dir().join(format!("rowkey-rocks-doc-{}", std::process::id()));
//! let db = RocksDb::open(&dir, &[TableSpec::keyed::<Reading>("readings")]).unwrap();
//! let table = db.table("readings").unwrap();
//! let rows = (0..100u64).map(|ts| (Reading { device: 3, ts }.encode().unwrap(), Some(vec![])));
//! table.write(rows.collect()).unwrap();
//!
//! let plan = Reading::scan().device(3).ts(90..).plan().unwrap();
//! assert_eq!(table.read_reverse(&plan).limit(4).count(), 4);
//! # drop((table, db));
//! # std::fs::remove_dir_all(&dir).unwrap();
//! ```

use std::collections::HashMap;
use std::fmt;
use std::path::Path;
use std::sync::{Arc, Mutex};

use rocksdb::{
    BlockBasedOptions, ColumnFamily, ColumnFamilyDescriptor, DBIteratorWithThreadMode, Direction,
    IteratorMode, Options, ReadOptions, SliceTransform, WriteBatch, DB,
};
use rowkey_runtime::scan::prefix_stop;
use rowkey_runtime::{RowKey, ScanRange};

use crate::sorted::{self, SameTable, SortedTable, TableCheckpoints, TableMove, Writes};

/// Why a RocksDB table could not be opened or read.
#[derive(Debug)]
#[non_exhaustive]
pub enum RocksError {
    /// RocksDB's error.
    Rocks(rocksdb::Error),
    /// The table was created with another key's prefix extractor: reading it with this key's
    /// would use blooms built for other prefixes. Open it with its own key, or move its rows.
    Extractor {
        /// The column family.
        table: String,
        /// The extractor its data was written with.
        stored: String,
        /// The extractor of the key given now.
        given: String,
    },
    /// No such table: it was not among those given to [`RocksDb::open`].
    NoTable(String),
    /// A move's two tables are one.
    SameTable(SameTable),
}

impl fmt::Display for RocksError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RocksError::Rocks(e) => write!(f, "rocksdb: {e}"),
            RocksError::Extractor {
                table,
                stored,
                given,
            } => write!(
                f,
                "table {table:?} was written with the prefix extractor {stored}, not {given} \
                 (the key given now): open it with the key it was written with"
            ),
            RocksError::NoTable(t) => write!(
                f,
                "no table {t:?}: name it in the tables given to RocksDb::open"
            ),
            RocksError::SameTable(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for RocksError {}

impl From<rocksdb::Error> for RocksError {
    fn from(e: rocksdb::Error) -> Self {
        RocksError::Rocks(e)
    }
}

/// The prefix extractor of a keyed table: a fixed width, and a name that says which key it is
/// for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Extractor {
    /// The prefix's width in bytes (at most 64).
    pub width: usize,
    /// `rowkey.<layout name>.<layout fingerprint>.<width>`.
    pub name: String,
}

impl Extractor {
    /// The extractor of `K`: its salt and the fixed-width fields before its last field (so a
    /// prefix is a group of rows, never one row), at most 64 bytes; `None` when that is
    /// nothing (a key whose first field is variable-width and unsalted).
    pub fn of<K: RowKey>() -> Option<Extractor> {
        let layout = K::layout();
        let mut width = layout.salt_width;
        let leading = layout.fields.len().saturating_sub(1);
        for field in &layout.fields[..leading] {
            match field.width {
                Some(w) => width += w,
                None => break,
            }
        }
        let width = width.min(MAX_WIDTH);
        (width > 0).then(|| Extractor {
            width,
            name: format!("rowkey.{}.{:016x}.{width}", layout.name, layout.fingerprint),
        })
    }

    fn transform(&self) -> SliceTransform {
        let (prefix, in_domain) = WIDTHS[self.width - 1];
        SliceTransform::create(self.name.as_str(), prefix, Some(in_domain))
    }
}

const MAX_WIDTH: usize = 64;

fn prefix<const N: usize>(key: &[u8]) -> &[u8] {
    // RocksDB calls the transform only on keys in its domain (at least N bytes).
    &key[..N.min(key.len())]
}

fn in_domain<const N: usize>(key: &[u8]) -> bool {
    key.len() >= N
}

type Transform = (fn(&[u8]) -> &[u8], fn(&[u8]) -> bool);

macro_rules! widths {
    ($($n:literal)*) => { [$((prefix::<$n> as fn(&[u8]) -> &[u8], in_domain::<$n> as fn(&[u8]) -> bool)),*] };
}

/// RocksDB takes a transform as a plain function: one per width.
const WIDTHS: [Transform; MAX_WIDTH] = widths!(
    1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32
    33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64
);

/// A table to open: a column family, keyed by a rowkey key (with its prefix extractor) or
/// plain (checkpoints, your own tables).
#[derive(Debug, Clone)]
pub struct TableSpec {
    name: String,
    extractor: Option<Extractor>,
}

impl TableSpec {
    /// A table of `K`'s rows, with `K`'s prefix extractor and a prefix bloom filter.
    pub fn keyed<K: RowKey>(name: &str) -> TableSpec {
        TableSpec {
            name: name.to_string(),
            extractor: Extractor::of::<K>(),
        }
    }

    /// A table without an extractor.
    pub fn plain(name: &str) -> TableSpec {
        TableSpec {
            name: name.to_string(),
            extractor: None,
        }
    }
}

/// A RocksDB database opened with its tables' extractors set and checked.
#[derive(Clone)]
pub struct RocksDb {
    db: Arc<DB>,
    extractors: Arc<HashMap<String, Option<Extractor>>>,
}

impl fmt::Debug for RocksDb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RocksDb")
            .field("path", &self.db.path())
            .finish()
    }
}

/// Where the default column family keeps a table's extractor name.
fn extractor_key(table: &str) -> Vec<u8> {
    format!("rowkey/prefix-extractor/{table}").into_bytes()
}

impl RocksDb {
    /// Opens (or creates) the database at `path` with `tables` as column families, creating
    /// the missing ones. Column families on disk that `tables` does not name are opened with
    /// default options. A keyed table written with another key's extractor is refused.
    pub fn open(path: impl AsRef<Path>, tables: &[TableSpec]) -> Result<RocksDb, RocksError> {
        let path = path.as_ref();
        let mut opts = Options::default();
        opts.create_if_missing(true);
        opts.create_missing_column_families(true);
        let on_disk = DB::list_cf(&opts, path).unwrap_or_default();
        let mut descriptors: Vec<ColumnFamilyDescriptor> = tables
            .iter()
            .map(|t| ColumnFamilyDescriptor::new(&t.name, table_options(t.extractor.as_ref())))
            .collect();
        for name in on_disk {
            if name != "default" && !tables.iter().any(|t| t.name == name) {
                descriptors.push(ColumnFamilyDescriptor::new(name, Options::default()));
            }
        }
        let db = DB::open_cf_descriptors(&opts, path, descriptors)?;
        for t in tables {
            let given = t.extractor.as_ref().map_or("none", |e| e.name.as_str());
            match db.get(extractor_key(&t.name))? {
                Some(stored) if stored != given.as_bytes() => {
                    return Err(RocksError::Extractor {
                        table: t.name.clone(),
                        stored: String::from_utf8_lossy(&stored).into_owned(),
                        given: given.to_string(),
                    })
                }
                Some(_) => {}
                None => db.put(extractor_key(&t.name), given)?,
            }
        }
        Ok(RocksDb {
            db: Arc::new(db),
            extractors: Arc::new(
                tables
                    .iter()
                    .map(|t| (t.name.clone(), t.extractor.clone()))
                    .collect(),
            ),
        })
    }

    /// The table `name`, one of those given to [`open`](Self::open).
    pub fn table(&self, name: &str) -> Result<RocksTable, RocksError> {
        let extractor = self
            .extractors
            .get(name)
            .ok_or_else(|| RocksError::NoTable(name.to_string()))?
            .clone();
        Ok(RocksTable {
            db: self.db.clone(),
            cf: name.to_string(),
            id: format!("rocksdb:{}#{name}", self.db.path().display()),
            extractor,
        })
    }

    /// The move from table `old` to table `new`.
    pub fn move_tables(&self, old: &str, new: &str) -> Result<RocksMove, RocksError> {
        TableMove::between(self.table(old)?, self.table(new)?).map_err(RocksError::SameTable)
    }

    /// The database, for what rowkey does not do.
    pub fn db(&self) -> &Arc<DB> {
        &self.db
    }
}

fn table_options(extractor: Option<&Extractor>) -> Options {
    let mut opts = Options::default();
    if let Some(e) = extractor {
        opts.set_prefix_extractor(e.transform());
        opts.set_memtable_prefix_bloom_ratio(0.1);
        let mut block = BlockBasedOptions::default();
        block.set_bloom_filter(10.0, false);
        block.set_whole_key_filtering(true);
        opts.set_block_based_table_factory(&block);
    }
    opts
}

/// A column family of a [`RocksDb`] as a [`SortedTable`].
#[derive(Clone)]
pub struct RocksTable {
    db: Arc<DB>,
    cf: String,
    id: String,
    extractor: Option<Extractor>,
}

impl fmt::Debug for RocksTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RocksTable")
            .field("name", &self.id)
            .finish()
    }
}

/// A re-key between two column families of a [`RocksDb`].
pub type RocksMove = TableMove<RocksTable>;
/// A re-key's checkpoints in a column family of a [`RocksDb`].
pub type RocksCheckpoints = TableCheckpoints<RocksTable>;

impl RocksTable {
    fn cf(&self) -> &ColumnFamily {
        self.db.cf_handle(&self.cf).expect(
            "a RocksTable's column family was opened with its database and is never dropped",
        )
    }

    fn lock(&self) -> Arc<Mutex<()>> {
        sorted::locks::of(&self.id)
    }

    /// The read options of `range`: its bounds, and prefix mode only for a forward read
    /// within one extractor prefix.
    pub fn read_options(&self, range: &ScanRange, reverse: bool) -> ReadOptions {
        let mut opts = ReadOptions::default();
        opts.set_iterate_lower_bound(range.start.clone());
        if !range.stop.is_empty() {
            opts.set_iterate_upper_bound(range.stop.clone());
        }
        let in_one_prefix = self.extractor.as_ref().is_some_and(|e| {
            range.start.len() >= e.width && {
                let end = prefix_stop(&range.start[..e.width]);
                !range.stop.is_empty() && (end.is_empty() || range.stop <= end)
            }
        });
        if in_one_prefix && !reverse {
            opts.set_prefix_same_as_start(true);
        } else {
            opts.set_total_order_seek(true);
        }
        opts
    }
}

impl SortedTable for RocksTable {
    type Error = rocksdb::Error;
    type Bytes = Box<[u8]>;
    type Rows<'a> = DBIteratorWithThreadMode<'a, DB>;

    fn rows(&self, range: &ScanRange, reverse: bool) -> Self::Rows<'_> {
        let mode = if reverse {
            IteratorMode::End
        } else {
            IteratorMode::From(&range.start, Direction::Forward)
        };
        self.db
            .iterator_cf_opt(self.cf(), self.read_options(range, reverse), mode)
    }

    fn name(&self) -> String {
        self.id.clone()
    }

    fn get(&self, key: &[u8]) -> Result<Option<Vec<u8>>, rocksdb::Error> {
        self.db.get_cf(self.cf(), key)
    }

    fn write(&self, batch: Writes) -> Result<(), rocksdb::Error> {
        let lock = self.lock();
        let _held = lock.lock().unwrap_or_else(|e| e.into_inner());
        let mut b = WriteBatch::default();
        for (k, v) in batch {
            match v {
                Some(v) => b.put_cf(self.cf(), k, v),
                None => b.delete_cf(self.cf(), k),
            }
        }
        self.db.write(b)
    }

    fn put_absent(&self, rows: Vec<(Vec<u8>, Vec<u8>)>) -> Result<usize, rocksdb::Error> {
        let lock = self.lock();
        let _held = lock.lock().unwrap_or_else(|e| e.into_inner());
        let mut b = WriteBatch::default();
        let mut written = 0;
        for (k, v) in rows {
            if self.db.get_pinned_cf(self.cf(), &k)?.is_none() {
                b.put_cf(self.cf(), k, v);
                written += 1;
            }
        }
        self.db.write(b)?;
        Ok(written)
    }

    fn delete_if(&self, key: &[u8], expected: &[u8]) -> Result<bool, rocksdb::Error> {
        let lock = self.lock();
        let _held = lock.lock().unwrap_or_else(|e| e.into_inner());
        let dead = self
            .db
            .get_pinned_cf(self.cf(), key)?
            .is_some_and(|v| &*v == expected);
        if dead {
            self.db.delete_cf(self.cf(), key)?;
        }
        Ok(dead)
    }
}
