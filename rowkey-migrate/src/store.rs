//! [`MoveStore`]: the two tables of a move as one store, and what a migration does with it: the
//! writers' ops ([`Migration::put`], [`Migration::remove`]), verification
//! ([`Migration::verify_store`]) and the purge of tombstones
//! ([`Migration::purge_tombstones`]), on top of the copy's [`CopyStore`].

use std::borrow::Cow;

use super::copy::{CopyStore, Rows};
use super::migration::Migration;
use super::protocol::{Op, Phase, PhaseWrites};
use super::verify::Verification;
use rowkey_runtime::EncodeError;
use rowkey_runtime::RowKey;
use rowkey_runtime::ScanRange;

/// One of the two tables of a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    /// The table keyed by `Old`.
    Old,
    /// The table keyed by `New`.
    New,
}

/// Everything a move does to its two tables: the copy's reads and conditional writes
/// ([`CopyStore`]), the writers' ops, the scans of verification, and the purge of tombstones.
/// rowkey-clients implements it for Bigtable and redb; implement it over another client to run
/// the whole move on it.
pub trait MoveStore: CopyStore {
    /// Applies a writer's `op` to `side`'s table: a put makes `value` (always given for a put)
    /// the row's whole value, replacing a tombstone; a delete removes the row; a tombstone
    /// replaces the row by the marker that the copy must not bring it back.
    fn apply(&self, side: Side, op: &Op, value: Option<&Self::Value>) -> Result<(), Self::Error>;

    /// Up to `limit` rows of `side`'s table within `range`, in ascending key order (fewer is
    /// fine: the caller reads on after the last, until a read returns none). A tombstone of the
    /// new table is `None`.
    fn scan(
        &self,
        side: Side,
        range: &ScanRange,
        limit: usize,
    ) -> Result<Rows<Option<Self::Value>>, Self::Error>;

    /// Deletes the new table's row `key` if it is still a tombstone (checked and deleted
    /// atomically, so a row a writer put since stays); true when it was.
    fn purge(&self, key: &[u8]) -> Result<bool, Self::Error>;

    /// A value's bytes, as verification hashes them (a Bigtable row's cells, serialized).
    fn value_bytes(value: &Self::Value) -> Cow<'_, [u8]>;
}

/// Rows per read of the drivers' scans.
const PAGE: usize = 1000;

/// Every row of `side`'s table within `range`, page by page, to `each`.
fn scan_all<S: MoveStore>(
    store: &S,
    side: Side,
    range: &ScanRange,
    mut each: impl FnMut(&[u8], Option<&S::Value>),
) -> Result<(), S::Error> {
    let mut rest = range.clone();
    loop {
        let rows = store.scan(side, &rest, PAGE)?;
        let Some((last, _)) = rows.last() else {
            return Ok(());
        };
        rest = rest.after(last);
        for (key, value) in &rows {
            each(key, value.as_ref());
        }
        if rest.is_empty() {
            return Ok(());
        }
    }
}

impl<Old: RowKey, New: RowKey> Migration<Old, New> {
    /// Applies a writer's [`PhaseWrites`] to `store`: the new table's op, then the old table's, each
    /// carrying `value` for a put.
    pub fn apply<S: MoveStore>(
        &self,
        store: &S,
        writes: &PhaseWrites,
        value: Option<&S::Value>,
    ) -> Result<(), S::Error> {
        if let Some(op) = &writes.new {
            store.apply(Side::New, op, value)?;
        }
        if let Some(op) = &writes.old {
            store.apply(Side::Old, op, value)?;
        }
        Ok(())
    }

    /// A writer's put of row `row` with `value` in `phase`, through `store`
    /// ([`write`](Self::write), then [`apply`](Self::apply)).
    pub fn put<S: MoveStore>(
        &self,
        store: &S,
        phase: Phase,
        row: New,
        value: &S::Value,
    ) -> Result<(), StoreError<S::Error>> {
        let writes = self.write(phase, row).map_err(StoreError::Encode)?;
        self.apply(store, &writes, Some(value))
            .map_err(StoreError::Store)
    }

    /// A writer's delete of row `row` in `phase`, through `store`: a tombstone in the new
    /// table while the copy may run, a delete after ([`delete`](Self::delete)).
    pub fn remove<S: MoveStore>(
        &self,
        store: &S,
        phase: Phase,
        row: New,
    ) -> Result<(), StoreError<S::Error>> {
        let writes = self.delete(phase, row).map_err(StoreError::Encode)?;
        self.apply(store, &writes, None).map_err(StoreError::Store)
    }

    /// Verification of the two tables in `store`: every row of the old table, unit by unit,
    /// and every live row of the new one, counted and hashed per unit
    /// ([`verify`](Self::verify)); the units that differ are read again to find each one's
    /// first differing logical key. Run it with the writers paused (or in the `Verify` phase
    /// before they resume): rows changing under it differ.
    pub fn verify_store<S: MoveStore>(&self, store: &S) -> Result<Verification, S::Error> {
        let pass = |keep: &[usize]| -> Result<Verification, S::Error> {
            let mut v = self.verify().keep(keep);
            for unit in &self.plan.units {
                if !keep.is_empty() && !keep.contains(&unit.index) {
                    continue;
                }
                scan_all(store, Side::Old, &unit.range, |k, val| {
                    if let Some(val) = val {
                        v.old_row(k, &S::value_bytes(val));
                    }
                })?;
            }
            scan_all(store, Side::New, &ScanRange::all(), |k, val| {
                if let Some(val) = val {
                    v.new_row(k, &S::value_bytes(val));
                }
            })?;
            Ok(v.finish())
        };
        let first = pass(&[])?;
        let differing = first.differing();
        if differing.is_empty() {
            return Ok(first);
        }
        let second = pass(&differing)?;
        Ok(Verification {
            units: first.units,
            differences: second.differences,
            unplaced: first.unplaced,
        })
    }

    /// The retired phase's clean-up: deletes every tombstone of the new table that still is
    /// one. Returns how many.
    pub fn purge_tombstones<S: MoveStore>(&self, store: &S) -> Result<usize, S::Error> {
        let mut dead = Vec::new();
        scan_all(store, Side::New, &ScanRange::all(), |k, val| {
            if val.is_none() {
                dead.push(k.to_vec());
            }
        })?;
        let mut purged = 0;
        for key in dead {
            purged += usize::from(store.purge(&key)?);
        }
        Ok(purged)
    }
}

/// A writer's op that could not be made or applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StoreError<E> {
    /// The row does not encode in one of the layouts.
    Encode(EncodeError),
    /// The store's error.
    Store(E),
}

impl<E: core::fmt::Display> core::fmt::Display for StoreError<E> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            StoreError::Encode(e) => write!(f, "the row does not encode: {e}"),
            StoreError::Store(e) => write!(f, "the store: {e}"),
        }
    }
}

impl<E: core::fmt::Display + core::fmt::Debug> std::error::Error for StoreError<E> {}
