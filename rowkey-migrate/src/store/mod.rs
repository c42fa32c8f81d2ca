//! What a move needs of its stores, as traits a client implements: the copy's reads and
//! conditional writes ([`CopyStore`]), everything a whole move does to its two tables
//! ([`MoveStore`]), and where the copy's checkpoints are kept so every worker sees them
//! ([`Checkpoints`]). rowkey-clients implements them for Bigtable and redb; here,
//! [`MemoryStore`] keeps both tables in memory and [`CheckpointDir`] the checkpoints in a
//! directory.

mod dir;
mod memory;

pub use dir::CheckpointDir;
pub use memory::{MemoryError, MemoryStore};

use std::borrow::Cow;
use std::fmt;

use crate::checkpoint::{Checkpoint, Progress};
use crate::error::CheckpointError;
use crate::plan::Plan;
use crate::protocol::Op;
use rowkey_runtime::ScanRange;

/// A batch of rows: keys and values.
pub type Rows<V> = Vec<(Vec<u8>, V)>;

/// What the copy needs of the two tables. Implement it over your client (a Bigtable, HBase or
/// TiKV client, an embedded store); the copy calls it from several threads at once.
pub trait CopyStore: Sync {
    /// A row's value (its cells), carried over unchanged.
    type Value: Send;
    /// The client's error.
    type Error: fmt::Display + Send;

    /// Up to `limit` rows of the old table within `range`, in ascending key order. Fewer is
    /// fine (a page cut short by the server, rows deleted while read): the copy reads on after
    /// the last row returned, and takes a unit as finished only when a read returns no row.
    fn read_old(&self, range: &ScanRange, limit: usize) -> Result<Rows<Self::Value>, Self::Error>;

    /// Writes each of `rows` (new keys) into the new table **only if the new table has no row
    /// at its key** — neither a value nor a tombstone — checked and written atomically per row
    /// (Bigtable's `CheckAndMutateRow` without a predicate, writing in `false_mutations`;
    /// HBase's `checkAndMutate` on the row's absence; a transaction). Returns how many it wrote.
    fn write_absent(&self, rows: Rows<Self::Value>) -> Result<usize, Self::Error>;
}

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

/// Where a plan's units' checkpoints live, shared by every worker of the copy, in whatever
/// process and machine: [`CopyRun::checkpoints`](super::CopyRun::checkpoints) saves each batch's
/// checkpoint there and [`CopyRun::resume`](super::CopyRun::resume) starts from what it holds. A
/// unit's last save wins. Implement it over any store every worker can reach (a table, an
/// object store, a shared file system).
pub trait Checkpoints: Sync {
    /// Every unit's saved checkpoint for `plan` (a unit with none is not started).
    fn load(&self, plan: &Plan) -> Result<Progress, CheckpointError>;
    /// Saves one unit's checkpoint for `plan`.
    fn save(&self, plan: &Plan, checkpoint: &Checkpoint) -> Result<(), CheckpointError>;
    /// The job's plan: stores `plan` when none is stored yet (atomically: of workers starting
    /// together, one stores its plan and every one gets it back), and returns the plan stored.
    /// A worker makes its migration from the plan this returns; a run whose plan is not it
    /// is refused by [`CopyRun::resume`](super::CopyRun::resume), since a plan made again
    /// (from a fresh `SampleRowKeys`, say) names other units and would start the copy over.
    ///
    /// The default stores nothing and returns `plan`: a store of checkpoints that cannot keep a
    /// plan cannot tell two plans apart.
    fn job_plan(&self, plan: &Plan) -> Result<Plan, CheckpointError> {
        Ok(plan.clone())
    }
}

/// Rows per read of the drivers' scans.
pub(crate) const PAGE: usize = 1000;

/// Every row of `side`'s table within `range`, page by page, to `each`.
pub(crate) fn scan_all<S: MoveStore>(
    store: &S,
    side: Side,
    range: &ScanRange,
    mut each: impl FnMut(Vec<u8>, Option<S::Value>),
) -> Result<(), S::Error> {
    let mut rest = range.clone();
    loop {
        let rows = store.scan(side, &rest, PAGE)?;
        let Some((last, _)) = rows.last() else {
            return Ok(());
        };
        rest = rest.after(last);
        for (key, value) in rows {
            each(key, value);
        }
        if rest.is_empty() {
            return Ok(());
        }
    }
}
