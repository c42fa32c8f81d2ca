//! Region split points and region checks for `#[derive(RowKey)]` keys: HBase's own algorithms
//! byte for byte (RegionSplitter's `HexStringSplit`, `DecimalStringSplit`, `UniformSplit`,
//! `Bytes.split`, the Admin's `getSplitKeys` and the HBase book's `getHexSplits`), bucket-aligned
//! splits for salted keys, quantiles of a sample, and [`check`], which finds regions no key can
//! reach.
//!
//! Depend on it through the facade: `rowkey = { version = "0.1", features = ["splits"] }` makes
//! this crate `rowkey::splits` and gives every derived key `K::split_points(regions)`:
//!
//! ```
//! use rowkey::RowKey;
//!
//! #[derive(RowKey)]
//! #[salt(md5, buckets = 16, of = "id")]
//! struct Event { ts: u64, id: u64 }
//!
//! assert_eq!(Event::split_points(4).unwrap(), [vec![4], vec![8], vec![12]]);
//! // In generic code:
//! assert_eq!(rowkey::splits::split_points::<Event>(4).unwrap(), Event::split_points(4).unwrap());
//! ```
//!
//! One file per kind of split: `regionsplitter` (HBase's algorithms), `buckets` (salted keys,
//! and the choice a key's layout makes), `sample` (quantiles of real keys); `reach` is the
//! reachability check, apart from all of them.

#![forbid(unsafe_code)]
#![warn(missing_docs)]
#![deny(rustdoc::broken_intra_doc_links, rustdoc::private_intra_doc_links)]

mod big;
mod buckets;
mod key;
mod reach;
mod regionsplitter;
mod sample;

use core::fmt;

pub use buckets::salt_buckets;
pub use key::split_points;
pub use reach::{check, Check, KeySpace};
pub use regionsplitter::{
    admin_split_keys, book_hex_splits, bytes_split, bytes_split_inclusive, decimal_string,
    hex_string, uniform, NumberStringSplit, UniformSplit,
};
pub use sample::from_sample;

/// The bound of [`Subspace::split_points`](rowkey_runtime::Subspace::split_points): every
/// derived key implements it (with this crate's [`SplitError`]), and generic code over keys
/// names it.
///
/// ```
/// use rowkey::splits::SplitPoints;
/// use rowkey::{RowKey, Subspace};
///
/// fn tenant_splits<K: RowKey + SplitPoints>(tenant: &Subspace, regions: usize) -> Vec<Vec<u8>> {
///     tenant.split_points::<K>(regions).unwrap_or_default()
/// }
///
/// #[derive(RowKey)]
/// #[salt(md5, buckets = 4, of = "id")]
/// struct Hit { id: u64 }
///
/// assert_eq!(tenant_splits::<Hit>(&Subspace::new(*b"t/"), 2), [b"t/\x02".to_vec()]);
/// ```
pub use rowkey_runtime::__private::splits::SplitPoints;

/// Why split points could not be computed. The messages are HBase's own where HBase has one.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SplitError {
    /// `Bytes.split`: the end is not after the start (after padding).
    EndNotAfterStart,
    /// `Bytes.split`: no intermediate split points were asked for.
    NoSplits,
    /// RegionSplitter: the last row is not after the first.
    LastBeforeFirst {
        /// First row as HBase prints it.
        first: String,
        /// Last row as HBase prints it.
        last: String,
    },
    /// RegionSplitter: more regions than rows in the range.
    TooManySplits {
        /// Regions asked for.
        n: usize,
        /// Rows in the range.
        range: String,
    },
    /// `getSplitKeys`: fewer than three regions.
    TooFewRegions,
    /// `getSplitKeys`: the start key is not below the end key.
    StartNotBeforeEnd,
    /// A row is not a number of the algorithm's radix.
    NotANumber {
        /// The text.
        row: String,
        /// The radix.
        radix: u32,
    },
    /// Zero regions, or a split of an empty end row.
    Empty,
    /// The layout's key space is not known from its type: give a sample.
    NeedsSample(&'static str),
}

impl fmt::Display for SplitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SplitError::EndNotAfterStart => f.write_str("b <= a"),
            SplitError::NoSplits => f.write_str("num cannot be <= 0"),
            SplitError::LastBeforeFirst { first, last } => {
                write!(
                    f,
                    "last row ({last}) is configured less than or equal to first row ({first}): \
                     the last row must be greater"
                )
            }
            SplitError::TooManySplits { n, range } => {
                write!(
                    f,
                    "split granularity ({n}) is greater than the range ({range})"
                )
            }
            SplitError::TooFewRegions => f.write_str("Must create at least three regions"),
            SplitError::StartNotBeforeEnd => f.write_str("Start key must be smaller than end key"),
            SplitError::NotANumber { row, radix } => {
                write!(f, "{row:?} is not a base-{radix} number")
            }
            SplitError::Empty => f.write_str(
                "nothing to split: at least one region and a non-empty range are needed",
            ),
            SplitError::NeedsSample(why) => {
                write!(f, "{why}; use splits::from_sample with real keys")
            }
        }
    }
}

impl std::error::Error for SplitError {}
