//! The two tables of the simulated move, in memory: sorted maps of key → message version; in
//! the new table a version or a tombstone (`None`).

use std::collections::BTreeMap;
use std::convert::Infallible;
use std::sync::Mutex;

use rowkey::migrate::{CopyStore, Op, PhaseWrites};
use rowkey::ScanRange;

/// A range's rows: key and version (`None`: a tombstone).
pub type Stream = std::vec::IntoIter<(Vec<u8>, Option<u64>)>;

/// The rows of `table` in each of `ranges`, their values through `cell`.
fn streams<V>(
    table: &BTreeMap<Vec<u8>, V>,
    ranges: &[ScanRange],
    cell: impl Fn(&V) -> Option<u64>,
) -> Vec<Stream> {
    ranges
        .iter()
        .map(|r| {
            table
                .range::<[u8], _>(r.to_bounds())
                .map(|(k, v)| (k.clone(), cell(v)))
                .collect::<Vec<_>>()
                .into_iter()
        })
        .collect()
}

/// The old table and the new one.
#[derive(Default)]
pub struct Tables {
    pub old: Mutex<BTreeMap<Vec<u8>, u64>>,
    pub new: Mutex<BTreeMap<Vec<u8>, Option<u64>>>,
}

impl Tables {
    /// A writer's change: the new table first, then the old.
    pub fn apply(&self, writes: &PhaseWrites, version: u64) {
        if let Some(op) = &writes.new {
            let mut new = self.new.lock().unwrap_or_else(|p| p.into_inner());
            match op {
                Op::Put(k) => new.insert(k.clone(), Some(version)),
                Op::Tombstone(k) => new.insert(k.clone(), None),
                Op::Delete(k) => new.remove(k),
            };
        }
        if let Some(op) = &writes.old {
            let mut old = self.old.lock().unwrap_or_else(|p| p.into_inner());
            match op {
                Op::Put(k) => old.insert(k.clone(), version),
                Op::Tombstone(k) | Op::Delete(k) => old.remove(k),
            };
        }
    }

    /// The rows of the old table in `ranges`, one stream per range.
    pub fn read_old(&self, ranges: &[ScanRange]) -> Vec<Stream> {
        let old = self.old.lock().unwrap_or_else(|p| p.into_inner());
        streams(&old, ranges, |v| Some(*v))
    }

    /// The rows (and tombstones) of the new table in `ranges`, one stream per range.
    pub fn read_new(&self, ranges: &[ScanRange]) -> Vec<Stream> {
        let new = self.new.lock().unwrap_or_else(|p| p.into_inner());
        streams(&new, ranges, |v| *v)
    }

    /// Deletes the tombstones; how many.
    pub fn purge(&self) -> usize {
        let mut new = self.new.lock().unwrap_or_else(|p| p.into_inner());
        let before = new.len();
        new.retain(|_, v| v.is_some());
        before - new.len()
    }
}

impl CopyStore for Tables {
    type Value = u64;
    type Error = Infallible;

    fn read_old(&self, range: &ScanRange, limit: usize) -> Result<Vec<(Vec<u8>, u64)>, Infallible> {
        let old = self.old.lock().unwrap_or_else(|p| p.into_inner());
        Ok(old
            .range::<[u8], _>(range.to_bounds())
            .take(limit)
            .map(|(k, v)| (k.clone(), *v))
            .collect())
    }

    fn write_absent(&self, rows: Vec<(Vec<u8>, u64)>) -> Result<usize, Infallible> {
        let mut new = self.new.lock().unwrap_or_else(|p| p.into_inner());
        let mut written = 0;
        for (k, v) in rows {
            if let std::collections::btree_map::Entry::Vacant(e) = new.entry(k) {
                e.insert(Some(v));
                written += 1;
            }
        }
        Ok(written)
    }
}
