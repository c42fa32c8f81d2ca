//! The errors of a move that are not a client's own: a plan that cannot be made, read or
//! resumed, a writer's op that could not be made or applied, a checkpoint store or a task that
//! failed.

use core::fmt;

use super::fingerprints::Fingerprints;
use rowkey_runtime::EncodeError;
use rowkey_splits::SplitError;

/// Why a plan cannot be made, read or resumed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MigrateError {
    /// The plan was made for other layouts than the types have now: a field, an attribute or
    /// the salt changed since.
    LayoutChanged {
        /// The layouts in the plan.
        planned: Fingerprints,
        /// The layouts of the types now.
        now: Fingerprints,
    },
    /// The old layout gives no split points of its own (see
    /// [`rowkey_splits::split_points`]): plan from a sample of its keys.
    Split(SplitError),
    /// A plan's text does not parse: the line (1-based) and what is wrong.
    BadPlan {
        /// The line.
        line: usize,
        /// What is wrong with it.
        what: String,
    },
    /// Two old rows would get one new key: the copy would lose one. The judge's report names
    /// the edit and shows the two rows.
    RowsCollide {
        /// The judge's verdict on the pair, as text.
        report: String,
    },
    /// The new key orders the old rows differently, their salts set aside (fields reordered,
    /// a `#[desc]` added): a mid-move read cannot merge the two tables. The judge's report
    /// shows two rows. Move such a pair with [`Migration::reordering`](super::Migration::reordering),
    /// reading the old table alone until the cut-over.
    OrderChanged {
        /// The judge's verdict on the pair, as text.
        report: String,
    },
    /// A progress file's text (checkpoints) does not parse: the line (1-based) and what is
    /// wrong.
    BadProgress {
        /// The line.
        line: usize,
        /// What is wrong with it.
        what: String,
    },
}

impl fmt::Display for MigrateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MigrateError::LayoutChanged { planned, now } => write!(
                f,
                "the plan was made for layouts {planned}, but the key types are now {now}: \
                 a layout changed since, so make a new plan"
            ),
            // (The hint names the plan's own function, not the splits crate's.)
            MigrateError::Split(SplitError::NeedsSample(why)) => write!(
                f,
                "no units for the old layout: {why}; use Plan::from_sample with a sample of \
                 the old table's keys (Bigtable's SampleRowKeys, HBase's region boundaries)"
            ),
            MigrateError::Split(e) => write!(f, "no units for the old layout: {e}"),
            MigrateError::BadPlan { line, what } => write!(f, "plan line {line}: {what}"),
            MigrateError::RowsCollide { report } => write!(
                f,
                "two old rows would get one new key, so the copy would lose rows:\n{report}"
            ),
            MigrateError::OrderChanged { report } => write!(
                f,
                "the new key orders the old rows differently (salts aside), so a mid-move read \
                 cannot merge the two tables; move it with Migration::reordering and read the \
                 old table alone until the cut-over:\n{report}"
            ),
            MigrateError::BadProgress { line, what } => {
                write!(f, "progress line {line}: {what}")
            }
        }
    }
}

impl std::error::Error for MigrateError {}

/// A writer's op that could not be made or applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StoreError<E> {
    /// The row does not encode in one of the layouts.
    Encode(EncodeError),
    /// The store's error.
    Store(E),
    /// A row of the old table that has no new key (a mid-move read).
    Row(crate::row::RowError),
}

impl<E: core::fmt::Display> core::fmt::Display for StoreError<E> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            StoreError::Encode(e) => write!(f, "the row does not encode: {e}"),
            StoreError::Store(e) => write!(f, "the store: {e}"),
            StoreError::Row(e) => write!(f, "{e}"),
        }
    }
}

impl<E: core::fmt::Display + core::fmt::Debug> std::error::Error for StoreError<E> {}
/// A checkpoint store that failed: what it was doing and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckpointError(pub String);

impl fmt::Display for CheckpointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CheckpointError {}

/// The environment does not say which task this is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TaskError(pub String);

impl fmt::Display for TaskError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TaskError {}
