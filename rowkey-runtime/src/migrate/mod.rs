//! Changing a live table's key: a migration from rows keyed by `Old` to rows keyed by `New`
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
//!   phase, and the writers' [`Writes`] in each (the new table first, tombstones for deletes
//!   while the copy may run).
//! - [`Migration::copy`]: the units run by worker threads from their [`Progress`], batch by
//!   batch, writing only rows the new table does not have ([`CopyStore`]); killed, it resumes
//!   from the last checkpoint saved.
//! - [`Migration::verify`]: per-unit counts and checksums of both tables' logical rows, and a
//!   differing unit's first logical key; [`create_commands`]: the new table pre-split.
//! - [`convert_key`]: one row's new key (decode `Old`, convert, encode `New`); a row that does
//!   not decode or encode is a [`RowError`] naming the unit and the key, never skipped.

//!
//! ## Running units elsewhere
//!
//! A unit is a range of the old table and a checkpoint, both plain text
//! ([`Plan::to_text`], [`Progress::to_text`]): any executor can run it. A tokio task per unit
//! calls its client's scan and check-and-mutate as [`CopyStore`] does; a Spark or Beam job
//! reads the plan's text, makes one element (partition) per unit, and in each reads the unit's
//! range from its checkpoint with the store's connector, converts each key with
//! [`convert_key`], writes with check-and-mutate, and saves its checkpoint line; the driver
//! collects the lines into the progress file. Units are independent, so a failed task reruns
//! alone.

mod checkpoint;
mod copy;
mod cutover;
mod dual;
#[cfg(feature = "async")]
mod dual_stream;
mod migration;
mod plan;
mod progress;
mod protocol;
mod row;
mod verify;

pub use checkpoint::Checkpoint;
pub use copy::{Copy, CopyError, CopyReport, CopyStore, Rows};
pub use cutover::{create_commands, CbtError, CreateCommands};
pub use dual::Dual;
#[cfg(feature = "async")]
pub use dual_stream::DualStream;
pub use migration::{salt_width, Migration};
pub use plan::{Fingerprints, MigrateError, Plan, Unit};
pub use progress::Progress;
pub use protocol::{Op, Phase, Reads, Writes};
pub use row::{convert_key, ConvertError, RowError};
pub use verify::{Difference, Tally, UnitCheck, Unplaced, Verification, Verify};
