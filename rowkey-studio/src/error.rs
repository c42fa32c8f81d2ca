//! Why a study could not run.

use core::fmt;

use rowkey::EncodeError;

/// Why a study could not run: a key that does not encode, a read whose plan cannot be built, a
/// stream of writes that changed between the two passes, or a source that failed.
///
/// ```
/// use rowkey_studio::StudyError;
///
/// let e = StudyError::Replay { first: 10, second: 9 };
/// assert_eq!(
///     e.to_string(),
///     "the writes changed between the simulator's two passes: 10 writes, then 9"
/// );
/// ```
#[derive(Debug, Clone, PartialEq)]
pub enum StudyError {
    /// Design `design`'s key of write number `write` (0-based) does not encode.
    Encode {
        /// The design's name.
        design: String,
        /// The write's number.
        write: u64,
        /// Why.
        error: EncodeError,
    },
    /// Read `read` of design `design` has no plan.
    Plan {
        /// The design's name.
        design: String,
        /// The read's name.
        read: String,
        /// Why the builder refused.
        error: EncodeError,
    },
    /// A replay yielded a different number of writes the second time.
    Replay {
        /// Writes of the first pass.
        first: u64,
        /// Writes of the second pass.
        second: u64,
    },
    /// The writes' source failed (a file that cannot be read).
    Source(String),
}

impl fmt::Display for StudyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StudyError::Encode {
                design,
                write,
                error,
            } => write!(f, "design {design:?}: the key of write {write} does not encode: {error}"),
            StudyError::Plan {
                design,
                read,
                error,
            } => write!(f, "design {design:?}: read {read:?} has no plan: {error}"),
            StudyError::Replay { first, second } => write!(
                f,
                "the writes changed between the simulator's two passes: {first} writes, then {second}"
            ),
            StudyError::Source(what) => f.write_str(what),
        }
    }
}

impl std::error::Error for StudyError {}
