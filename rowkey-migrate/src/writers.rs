//! A writer's put and delete through a [`MoveStore`]: the phase's [`PhaseWrites`] made and
//! applied, the new table first.

use super::error::StoreError;
use super::migration::Migration;
use super::protocol::{Phase, PhaseWrites};
use super::store::{MoveStore, Side};
use rowkey_runtime::RowKey;

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
}
