//! What rowkey needs of one table of a sorted key-value store, and what it builds on it for
//! every such store: [`SortedTable`] (implemented by `fjall::FjallTable`, `rocksdb::RocksTable`,
//! `redb::RedbTable` and `etcd::EtcdTable`), a plan read merged in key order
//! ([`SortedTable::read`]), and a live re-key's stores ([`TableMove`], [`TableCheckpoints`]).
//!
//! A plan is read with one native range read per range, with exact bounds (start inclusive,
//! stop exclusive, an empty stop the table's end), merged by [`rowkey_runtime::Merge`]: rows in
//! the key's logical order (salt skipped), an inexact plan's filter applied, a limit that stops
//! reading. A page resumes after its last row with [`ScanPlan::after`] (or
//! [`ScanPlan::before`] for a reverse read):
//!
//! ```
//! # #[cfg(feature = "redb")] {
//! use std::sync::Arc;
//! use redb::{backends::InMemoryBackend, Database};
//! use rowkey::RowKey;
//! use rowkey_clients::{redb::RedbTable, sorted::SortedTable};
//!
//! #[derive(RowKey)]
//! #[salt(md5, buckets = 16, of = "device")]
//! struct Reading { device: u32, ts: u64 }
//!
//! let db = Arc::new(Database::builder().create_with_backend(InMemoryBackend::new()).unwrap());
//! let table = RedbTable::new(db, "readings").unwrap();
//! let rows = (0..1000u64).map(|ts| (Reading { device: 7, ts }.encode().unwrap(), Some(b"v".to_vec())));
//! table.write(rows.collect()).unwrap();
//!
//! let plan = Reading::scan().device(7).ts(100..200).plan().unwrap();
//! let page: Vec<_> = table.read(&plan).limit(60).collect::<Result<_, _>>().unwrap();
//! let (last, _) = page.last().unwrap();
//! let rest: Vec<_> = table.read(&plan.after(last)).collect::<Result<_, _>>().unwrap();
//! assert_eq!(page.len() + rest.len(), 100);
//! assert_eq!(Reading::decode(&rest[0].0).unwrap().ts, 160);
//! # }
//! ```

mod checkpoints;
#[cfg(any(feature = "fjall", feature = "rocksdb"))]
pub(crate) mod locks;
mod moves;

pub use checkpoints::TableCheckpoints;
pub use moves::{SameTable, TableMove};

use std::fmt;

use rowkey_runtime::{Merge, ScanPlan, ScanRange};

/// A batch of writes: a key and its new value, or `None` to delete it.
pub type Writes = Vec<(Vec<u8>, Option<Vec<u8>>)>;

/// One table of a sorted store, keys and values bytes, keys ordered as unsigned bytes.
/// Implemented for fjall, RocksDB, redb and etcd (each behind its feature); implement it over
/// another store to get plan reads and a re-key on it.
pub trait SortedTable: Sync {
    /// The store's error.
    type Error: fmt::Display + fmt::Debug + Send + 'static;
    /// A key or value as the store's iterator hands it out (no copy where the store can help
    /// it): a `Vec<u8>`, a `Box<[u8]>`, fjall's `Slice`, a redb guard; `&key` is a `&[u8]`.
    type Bytes: AsRef<[u8]> + std::ops::Deref<Target = [u8]>;
    /// The rows of one range, in order.
    type Rows<'a>: Iterator<Item = Result<(Self::Bytes, Self::Bytes), Self::Error>>
    where
        Self: 'a;

    /// The rows of `range` in ascending key order, or descending when `reverse`: one native
    /// range read with exact bounds, read as it is iterated.
    fn rows(&self, range: &ScanRange, reverse: bool) -> Self::Rows<'_>;

    /// One stream per range of a plan, in the order of `ranges`. The default reads each with
    /// [`rows`](Self::rows); a store whose reads are requests overrides it to read them all at
    /// one point in time (etcd: one revision).
    fn rows_of(&self, ranges: &[ScanRange], reverse: bool) -> Vec<Self::Rows<'_>> {
        ranges.iter().map(|r| self.rows(r, reverse)).collect()
    }

    /// The table's name where it lives (`fjall:/data/db#events`): two handles of one table
    /// give the same name, so a move can refuse one table twice.
    fn name(&self) -> String;

    /// The value of `key`, if it has one.
    fn get(&self, key: &[u8]) -> Result<Option<Vec<u8>>, Self::Error>;

    /// Writes `batch` (puts and deletes): atomically where the store can (fjall, RocksDB and
    /// redb batches); etcd commits it in transactions under its limits, in order.
    fn write(&self, batch: Writes) -> Result<(), Self::Error>;

    /// Writes each row only if its key has no value, checked and written atomically per row;
    /// returns how many it wrote.
    fn put_absent(&self, rows: Vec<(Vec<u8>, Vec<u8>)>) -> Result<usize, Self::Error>;

    /// Deletes `key` if its value is `expected`, checked and deleted atomically; true when it
    /// was.
    fn delete_if(&self, key: &[u8], expected: &[u8]) -> Result<bool, Self::Error>;

    /// The rows of `plan` merged in the key's logical order (the salt skipped), an inexact
    /// plan's filter applied; `.limit(n)` stops after `n` rows. Errors come out as items.
    fn read(&self, plan: &ScanPlan) -> Merge<Self::Rows<'_>> {
        plan.merge(self.rows_of(plan.ranges(), false))
    }

    /// [`read`](Self::read) in descending order; the next page of a reverse read is
    /// `read_reverse(&plan.before(last))`.
    fn read_reverse(&self, plan: &ScanPlan) -> Merge<Self::Rows<'_>> {
        plan.merge(self.rows_of(plan.ranges(), true)).reverse()
    }
}
