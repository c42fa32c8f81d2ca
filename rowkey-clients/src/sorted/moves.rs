//! [`TableMove`]: a live re-key between two tables of a sorted store.

use std::borrow::Cow;
use std::fmt;

use rowkey_migrate::{CopyStore, MoveStore, Op, Rows, Side};
use rowkey_runtime::ScanRange;

use super::SortedTable;

const LIVE: u8 = 1;
const TOMBSTONE: u8 = 0;

/// The two tables of a move as the [`MoveStore`] of `rowkey::migrate`: the old table's values
/// as your code wrote them, the new table's as `01` + value, or `00` for a tombstone (the
/// marker that the copy must not bring a deleted row back). Read the new table through
/// [`MoveStore::scan`] or `Migration::read`, which strip the byte; after the cut-over, strip
/// the first byte yourself (or rewrite the table once).
///
/// The copy's write-if-absent and the purge are the tables' own atomic operations
/// ([`SortedTable::put_absent`], [`SortedTable::delete_if`]): a transaction in redb, fjall and
/// RocksDB, a transaction comparing `create_revision` to 0 in etcd.
#[derive(Debug, Clone)]
pub struct TableMove<T> {
    old: T,
    new: T,
}

/// The old and the new table of a move are one table: the copy would write the new key's rows
/// among the old ones.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SameTable(pub String);

impl fmt::Display for SameTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the old and the new table are both {}: a move writes the new key's rows into a \
             table of their own",
            self.0
        )
    }
}

impl std::error::Error for SameTable {}

impl<T: SortedTable> TableMove<T> {
    /// The move from `old` to `new`, refused when they are one table.
    pub fn between(old: T, new: T) -> Result<Self, SameTable> {
        if old.name() == new.name() {
            return Err(SameTable(old.name()));
        }
        Ok(TableMove { old, new })
    }

    /// The old table.
    pub fn old(&self) -> &T {
        &self.old
    }

    /// The new table (values prefixed by the live/tombstone byte).
    pub fn new_table(&self) -> &T {
        &self.new
    }

    fn table(&self, side: Side) -> &T {
        match side {
            Side::Old => &self.old,
            Side::New => &self.new,
        }
    }
}

impl<T: SortedTable> CopyStore for TableMove<T> {
    type Value = Vec<u8>;
    type Error = T::Error;

    fn read_old(&self, range: &ScanRange, limit: usize) -> Result<Rows<Vec<u8>>, T::Error> {
        self.old
            .rows(range, false)
            .take(limit.max(1))
            .map(|row| row.map(|(k, v)| (k.as_ref().to_vec(), v.as_ref().to_vec())))
            .collect()
    }

    fn write_absent(&self, rows: Rows<Vec<u8>>) -> Result<usize, T::Error> {
        let live = rows
            .into_iter()
            .map(|(k, v)| {
                let mut stored = Vec::with_capacity(v.len() + 1);
                stored.push(LIVE);
                stored.extend_from_slice(&v);
                (k, stored)
            })
            .collect();
        self.new.put_absent(live)
    }
}

impl<T: SortedTable> MoveStore for TableMove<T> {
    fn apply(&self, side: Side, op: &Op, value: Option<&Vec<u8>>) -> Result<(), T::Error> {
        let write = match op {
            Op::Put(k) => {
                let v = value.map_or(&[][..], Vec::as_slice);
                let stored = match side {
                    Side::Old => v.to_vec(),
                    Side::New => [&[LIVE][..], v].concat(),
                };
                (k.clone(), Some(stored))
            }
            Op::Delete(k) => (k.clone(), None),
            Op::Tombstone(k) => (k.clone(), Some(vec![TOMBSTONE])),
        };
        self.table(side).write(vec![write])
    }

    fn scan(
        &self,
        side: Side,
        range: &ScanRange,
        limit: usize,
    ) -> Result<Rows<Option<Vec<u8>>>, T::Error> {
        self.table(side)
            .rows(range, false)
            .take(limit.max(1))
            .map(|row| {
                let (k, v) = row?;
                let v = v.as_ref();
                let value = match side {
                    Side::Old => Some(v.to_vec()),
                    Side::New => (v.first() == Some(&LIVE)).then(|| v[1..].to_vec()),
                };
                Ok((k.as_ref().to_vec(), value))
            })
            .collect()
    }

    fn purge(&self, key: &[u8]) -> Result<bool, T::Error> {
        self.new.delete_if(key, &[TOMBSTONE])
    }

    fn value_bytes(value: &Vec<u8>) -> Cow<'_, [u8]> {
        Cow::Borrowed(value)
    }
}
