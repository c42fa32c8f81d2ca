//! Changing a live table's key, for `#[derive(RowKey)]` keys: a migration from rows keyed by `Old` to rows keyed by `New`
//! (re-salting, adding a salt, another encoding), planned as independent, resumable units of
//! the old table's key space and guarded by both layouts' fingerprints.
//!
//! - [`Plan`]: the units (ranges of the old table, one per old salt bucket or between split
//!   points), recorded with `Old::LAYOUT_FINGERPRINT` and `New::LAYOUT_FINGERPRINT`; a plan
//!   refuses to resume under other layouts, and writes itself as text to keep beside its
//!   checkpoints.
//! - [`Checkpoint`]: a unit's progress, the last old key copied; the rest of the unit is the
//!   range after it.
//! - [`Dual`]: reads during the move, the old table's rows and the new table's merged in logical
//!   order, each logical row once (the new table's copy wins); `DualStream` (feature `async`)
//!   over an async client's streams.
//! - [`Migration`]: a plan and the conversions both ways; [`Phase`]: the protocol, phase by
//!   phase, and the writers' [`PhaseWrites`] in each (the new table first, tombstones for deletes
//!   while the copy may run).
//! - [`MoveStore`]: both tables over one store, and what the move does with it: the writers'
//!   ops ([`Migration::put`], [`Migration::remove`], in the phase a [`PhaseSwitch`] holds),
//!   verification ([`Migration::verify_store`]), the purge of tombstones
//!   ([`Migration::purge_tombstones`]). rowkey-clients ships it for Bigtable and redb.
//! - [`Migration::copy`]: the units run by worker threads from their [`Progress`], batch by
//!   batch, writing only rows the new table does not have ([`CopyStore`]); killed, it resumes
//!   from the last checkpoint saved, kept in [`Checkpoints`] every worker reaches
//!   ([`CheckpointDir`]; a Bigtable table in rowkey-clients).
//! - [`Migration::verify`]: per-unit counts and checksums of both tables' logical rows, and a
//!   differing unit's first logical key; [`create_commands`]: the new table pre-split.
//! - [`convert_key`]: one row's new key (decode `Old`, convert, encode `New`); a row that does
//!   not decode or encode is a [`RowError`] naming the unit and the key, never skipped.
//!
//! ## Many processes
//!
//! A table that outgrows one machine is copied by a job of many processes: each is a
//! [`Task`] (its index from `JOB_COMPLETION_INDEX` in a Kubernetes Indexed Job or
//! `CLOUD_RUN_TASK_INDEX` in a Cloud Run job) that runs every n-th unit of the plan
//! ([`Plan::from_env`]) with [`CopyRun::units`] and [`CopyRun::resume`], saving its checkpoints where
//! every process sees them; a task that dies is run again with the same index and resumes its
//! units where the dead one left them. [`JobSpec`] (and `rowkey migrate-job`) prints the
//! manifest. The worker program:
//!
//! ```no_run
//! use rowkey::migrate::{CheckpointDir, CopyStore, Migration, Plan, Task};
//! # use rowkey::RowKey;
//! # #[derive(RowKey)] struct Old { id: u32 }
//! # #[derive(RowKey)] struct New { id: u32 }
//!
//! fn worker(store: &impl CopyStore<Error = String>) -> Result<(), Box<dyn std::error::Error>> {
//!     let task = Task::from_env()?;
//!     let m = Migration::new(Plan::from_env()?, |o: Old| New { id: o.id }, |n: New| Old { id: n.id })?;
//!     let checkpoints = CheckpointDir::new("/mnt/shared/checkpoints");
//!     let units = task.units(&m.plan);
//!     let (report, _) = m.copy(store).units(&units).checkpoints(&checkpoints).resume()?;
//!     println!("task {}: {} rows copied", task.index, report.written);
//!     Ok(())
//! }
//! ```
//!
//! Any other executor can run units too: a unit is a range of the old table and a checkpoint
//! line, both plain text ([`Plan::to_text`], [`Progress::to_text`]).
//!
//! Depend on it through the facade, `rowkey = { version = "0.1", features = ["migrate"] }`,
//! which makes this crate `rowkey::migrate`; the stores for Bigtable and redb are in
//! `rowkey-clients` (features `bigtable` and `redb`).

#![forbid(unsafe_code)]
#![warn(missing_docs)]
#![deny(rustdoc::broken_intra_doc_links, rustdoc::private_intra_doc_links)]

mod checkpoint;
mod copy;
mod cutover;
mod dual;
#[cfg(feature = "async")]
mod dual_stream;
mod error;
mod fingerprints;
mod job;
mod migration;
mod plan;
mod protocol;
mod read;
mod row;
mod store;
mod task;
mod verify;
mod writers;

pub use checkpoint::{Checkpoint, Progress};
pub use copy::{CopyError, CopyFailure, CopyReport, CopyRun};
pub use cutover::{create_commands, CbtError, CreateCommands};
pub use dual::Dual;
#[cfg(feature = "async")]
pub use dual_stream::DualStream;
pub use error::{CheckpointError, MigrateError, StoreError, TaskError};
pub use fingerprints::Fingerprints;
pub use job::JobSpec;
pub use migration::{salt_width, Migration};
pub use plan::{Plan, Unit};
pub use protocol::{Op, Phase, PhaseSwitch, PhaseWrites, Reads};
pub use row::{convert_key, ConvertError, RowError};
pub use store::{
    CheckpointDir, Checkpoints, CopyStore, MemoryError, MemoryStore, MoveStore, Rows, Side,
};
pub use task::Task;
pub use verify::{Difference, Tally, UnitCheck, Unplaced, Verification, Verify};
