//! [`MemoryStore`]: both tables of a move in memory, for tests of a migration and for
//! simulations (`rowkey migrate`).

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt;
use std::sync::{Mutex, MutexGuard};

use rowkey_runtime::ScanRange;

use super::{CopyStore, MoveStore, Rows, Side};
use crate::protocol::Op;

/// The two tables of a move as sorted maps in memory: the old table's rows (key → value) and
/// the new table's (key → value, or `None` for a tombstone). A [`MoveStore`], so a whole move
/// (writers, copy, mid-move reads, verification, purge) runs on it as on a real store: the
/// store to test your conversions and your writers' code against before a real table.
///
/// ```
/// use rowkey::migrate::{CopyStore, MemoryStore, MoveStore, Op, Side};
/// use rowkey::ScanRange;
///
/// let store = MemoryStore::new();
/// store.load_old([(vec![1], b"a".to_vec()), (vec![2], b"b".to_vec())]);
/// assert_eq!(store.read_old(&ScanRange::all(), 10).unwrap().len(), 2);
/// // The copy writes only absent rows: a tombstone keeps a deleted row out.
/// store.apply(Side::New, &Op::Tombstone(vec![9, 2]), None).unwrap();
/// let written = store.write_absent(vec![(vec![9, 1], b"a".to_vec()), (vec![9, 2], b"b".to_vec())]);
/// assert_eq!(written.unwrap(), 1);
/// assert_eq!(store.new_rows(), [(vec![9, 1], Some(b"a".to_vec())), (vec![9, 2], None)]);
/// ```
#[derive(Debug)]
pub struct MemoryStore<V = Vec<u8>> {
    old: Mutex<BTreeMap<Vec<u8>, V>>,
    new: Mutex<BTreeMap<Vec<u8>, Option<V>>>,
    page: usize,
}

impl<V> Default for MemoryStore<V> {
    fn default() -> Self {
        MemoryStore {
            old: Mutex::new(BTreeMap::new()),
            new: Mutex::new(BTreeMap::new()),
            page: usize::MAX,
        }
    }
}

/// What [`MemoryStore`] refuses: a tombstone in the old table (the protocol never writes one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemoryError(pub String);

impl fmt::Display for MemoryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for MemoryError {}

/// A poisoned lock is taken as it is: a test that panicked while holding it fails by itself.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl<V: Clone> MemoryStore<V> {
    /// Two empty tables.
    pub fn new() -> Self {
        Self::default()
    }

    /// Every read returns at most `rows` rows, fewer than asked (as a server's pages may be cut
    /// short): readers must read on after the last row returned.
    pub fn with_page(mut self, rows: usize) -> Self {
        self.page = rows.max(1);
        self
    }

    /// Puts `rows` into the old table.
    pub fn load_old(&self, rows: impl IntoIterator<Item = (Vec<u8>, V)>) {
        lock(&self.old).extend(rows);
    }

    /// The old table's rows, in key order.
    pub fn old_rows(&self) -> Vec<(Vec<u8>, V)> {
        lock(&self.old)
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect()
    }

    /// The new table's rows in key order, a tombstone as `None`.
    pub fn new_rows(&self) -> Vec<(Vec<u8>, Option<V>)> {
        lock(&self.new)
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect()
    }

    /// Up to `limit` rows of `side`'s table within `range` (at most the page), in key order.
    fn rows(&self, side: Side, range: &ScanRange, limit: usize) -> Rows<Option<V>> {
        let take = limit.min(self.page);
        match side {
            Side::Old => lock(&self.old)
                .range::<[u8], _>(range.to_bounds())
                .take(take)
                .map(|(k, v)| (k.clone(), Some(v.clone())))
                .collect(),
            Side::New => lock(&self.new)
                .range::<[u8], _>(range.to_bounds())
                .take(take)
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
        }
    }
}

impl<V: Clone + Send> CopyStore for MemoryStore<V> {
    type Value = V;
    type Error = MemoryError;

    fn read_old(&self, range: &ScanRange, limit: usize) -> Result<Rows<V>, MemoryError> {
        Ok(self
            .rows(Side::Old, range, limit)
            .into_iter()
            .filter_map(|(k, v)| Some((k, v?)))
            .collect())
    }

    fn write_absent(&self, rows: Rows<V>) -> Result<usize, MemoryError> {
        let mut new = lock(&self.new);
        let before = new.len();
        for (k, v) in rows {
            new.entry(k).or_insert(Some(v));
        }
        Ok(new.len() - before)
    }
}

impl<V: Clone + Send + AsRef<[u8]>> MoveStore for MemoryStore<V> {
    fn apply(&self, side: Side, op: &Op, value: Option<&V>) -> Result<(), MemoryError> {
        match (side, op) {
            (Side::Old, Op::Put(k)) => {
                let value = value.ok_or_else(|| MemoryError("a put without a value".into()))?;
                lock(&self.old).insert(k.clone(), value.clone());
            }
            (Side::Old, Op::Delete(k)) => {
                lock(&self.old).remove(k);
            }
            (Side::Old, Op::Tombstone(_)) => {
                return Err(MemoryError("a tombstone in the old table".into()))
            }
            (Side::New, Op::Put(k)) => {
                lock(&self.new).insert(k.clone(), value.cloned());
            }
            (Side::New, Op::Delete(k)) => {
                lock(&self.new).remove(k);
            }
            (Side::New, Op::Tombstone(k)) => {
                lock(&self.new).insert(k.clone(), None);
            }
        }
        Ok(())
    }

    fn scan(
        &self,
        side: Side,
        range: &ScanRange,
        limit: usize,
    ) -> Result<Rows<Option<V>>, MemoryError> {
        Ok(self.rows(side, range, limit))
    }

    fn purge(&self, key: &[u8]) -> Result<bool, MemoryError> {
        let mut new = lock(&self.new);
        let dead = new.get(key).is_some_and(Option::is_none);
        if dead {
            new.remove(key);
        }
        Ok(dead)
    }

    fn value_bytes(value: &V) -> Cow<'_, [u8]> {
        Cow::Borrowed(value.as_ref())
    }
}
