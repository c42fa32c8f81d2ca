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
//! - [`convert_key`]: one row's new key (decode `Old`, convert, encode `New`); a row that does
//!   not decode or encode is a [`RowError`] naming the unit and the key, never skipped.

mod checkpoint;
mod dual;
#[cfg(feature = "async")]
mod dual_stream;
mod plan;
mod row;

pub use checkpoint::Checkpoint;
pub use dual::Dual;
#[cfg(feature = "async")]
pub use dual_stream::DualStream;
pub use plan::{Fingerprints, MigrateError, Plan, Unit};
pub use row::{convert_key, ConvertError, RowError};
