//! [tikv-client](https://docs.rs/tikv-client)'s `BoundRange` and `Key` from rowkey's scans
//! (feature `tikv`).
//!
//! A [`ScanRange`] is `[start, stop)` with an empty stop meaning the end of the key space;
//! [`bound_range`] gives `Included(start)` and `Excluded(stop)` or `Unbounded`, which
//! `RawClient::scan`, `scan_reverse` and `batch_scan` read exactly. A point plan is read with
//! `batch_get` ([`keys`]). `RawClient::scan` returns at most [`MAX_SCAN_LIMIT`] pairs per call;
//! `rowkey::stream::Pages` turns that call into a stream of the whole range.
//!
//! Reverse scans: tikv-client 0.4's `scan_reverse` takes the same `BoundRange` and returns
//! pairs in descending order within one region; reading its source (`RawClient::scan_inner`),
//! it walks the regions of a range from the low end, and its documentation says it cannot
//! scan from an empty upper key. Use it for ranges that lie inside one region and have a stop
//! ([`reverse_bound_range`] refuses an unbounded one); otherwise scan forward and reverse the
//! merged rows.
//!
//! ```
//! use rowkey::RowKey;
//! use rowkey_clients::tikv::bound_ranges;
//!
//! #[derive(RowKey)]
//! #[salt(md5, buckets = 4, of = "id")]
//! struct Event { day: u32, id: u64 }
//!
//! let plan = Event::scan().day(7).plan().unwrap();
//! let ranges = bound_ranges(&plan);
//! assert_eq!(ranges.len(), 4);
//! // What TiKV is sent: start key, end key (exclusive).
//! let (start, end) = ranges[0].clone().into_keys();
//! assert_eq!(Vec::<u8>::from(start), plan.ranges()[0].start);
//! assert_eq!(end.map(Vec::<u8>::from), Some(plan.ranges()[0].stop.clone()));
//! ```

use core::fmt;
use core::ops::Bound;

use rowkey_runtime::{ScanPlan, ScanRange};
use tikv_client::{BoundRange, Key};

/// The most pairs one `RawClient::scan` or `scan_reverse` call returns (tikv-client refuses a
/// larger `limit` with `MaxScanLimitExceeded`): the page size to give `rowkey::stream::Pages`.
pub const MAX_SCAN_LIMIT: usize = 10240;

/// The range as tikv-client's `BoundRange`: `Included(start)`, and `Excluded(stop)` or
/// `Unbounded` for an empty stop.
///
/// ```
/// use std::ops::Bound;
/// use rowkey::ScanRange;
/// use rowkey_clients::tikv::bound_range;
/// use tikv_client::Key;
///
/// let r = bound_range(&ScanRange::prefix(b"ab"));
/// assert_eq!(r.from, Bound::Included(Key::from(b"ab".to_vec())));
/// assert_eq!(r.to, Bound::Excluded(Key::from(b"ac".to_vec())));
/// assert_eq!(bound_range(&ScanRange::prefix(b"\xFF")).to, Bound::Unbounded);
/// ```
pub fn bound_range(range: &ScanRange) -> BoundRange {
    let (from, to) = range.clone().into_bounds();
    BoundRange::new(key_bound(from), key_bound(to))
}

/// One `BoundRange` per range of the plan, in bucket order: one `scan` each (merged with
/// `plan.fan_out`), or all of them in one `batch_scan`, which returns them one after the other.
pub fn bound_ranges(plan: &ScanPlan) -> Vec<BoundRange> {
    plan.ranges().iter().map(bound_range).collect()
}

/// The keys of a point plan, for `RawClient::batch_get`: one, or one per bucket of a random
/// salt. Empty for a plan that is not a point plan.
///
/// ```
/// use rowkey::RowKey;
/// use rowkey_clients::tikv::keys;
///
/// #[derive(RowKey)]
/// #[salt(random, buckets = 3)]
/// struct Event { day: u32, id: u64 }
///
/// let get = Event::scan().day(7).id(1).plan().unwrap();
/// assert_eq!(keys(&get).len(), 3);
/// assert!(keys(&Event::scan().day(7).plan().unwrap()).is_empty());
/// ```
pub fn keys(plan: &ScanPlan) -> Vec<Key> {
    plan.rows()
        .into_iter()
        .map(|r| Key::from(r.to_vec()))
        .collect()
}

/// The range for `RawClient::scan_reverse`, refused when it has no stop: tikv-client cannot
/// start a reverse scan at the end of the key space (see the [module](self) documentation).
///
/// ```
/// use rowkey::ScanRange;
/// use rowkey_clients::tikv::{bound_range, reverse_bound_range};
///
/// let r = ScanRange::prefix(b"ab");
/// assert_eq!(reverse_bound_range(&r), Ok(bound_range(&r)));
/// assert!(reverse_bound_range(&ScanRange::prefix(b"\xFF\xFF")).is_err());
/// ```
pub fn reverse_bound_range(range: &ScanRange) -> Result<BoundRange, UnboundedReverse> {
    if range.stop.is_empty() {
        Err(UnboundedReverse)
    } else {
        Ok(bound_range(range))
    }
}

/// A reverse scan was asked for a range with no stop row, which tikv-client cannot read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnboundedReverse;

impl fmt::Display for UnboundedReverse {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            "tikv-client cannot scan in reverse from the end of the key space: \
             the range has no stop row; scan it forward and reverse the rows",
        )
    }
}

impl std::error::Error for UnboundedReverse {}

fn key_bound(b: Bound<Vec<u8>>) -> Bound<Key> {
    match b {
        Bound::Included(k) => Bound::Included(Key::from(k)),
        Bound::Excluded(k) => Bound::Excluded(Key::from(k)),
        Bound::Unbounded => Bound::Unbounded,
    }
}
