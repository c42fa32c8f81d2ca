//! One lock per table of an embedded store, shared by every handle of the table in the process:
//! what makes a check-and-write atomic (the copy's write-if-absent, the purge) against the
//! writers' puts, for stores whose plain handles have no transactions (fjall's `Database`,
//! RocksDB's `DB`). Both stores allow one process per database, so a lock in the process is a
//! lock on the table.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// The lock of the table named `name` (its [`SortedTable::name`](super::SortedTable::name)).
pub(crate) fn of(name: &str) -> Arc<Mutex<()>> {
    static LOCKS: OnceLock<Mutex<HashMap<String, Arc<Mutex<()>>>>> = OnceLock::new();
    let mut locks = LOCKS
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    locks.entry(name.to_string()).or_default().clone()
}
