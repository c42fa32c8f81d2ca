//! The `TScan` of HBase's Thrift 1 gateway from rowkey's scans (feature `hbase-thrift`), for
//! `scannerOpenWithScan` through the [hbase-thrift](https://docs.rs/hbase-thrift) crate.
//!
//! The gateway (`ThriftHBaseServiceHandler.scannerOpenWithScan`) turns a `TScan` into a Java
//! `Scan` with `withStartRow` (inclusive) and `withStopRow` (exclusive), and `setReversed` when
//! `reversed` is set. A forward scan is
//! therefore exact: [`scan`]. A reversed scan starts at its start row, inclusive, and ends
//! before its stop row, exclusive: the other way round from the range it reads, and Thrift 1
//! has no inclusive flags to fix it. [`reversed_scan`] is exact where byte strings allow (a
//! bound ending in `00` has an immediate predecessor, as the stop of [`ScanRange::row`] and the
//! start of [`ScanRange::after`] do; an empty bound is the table's end), and
//! otherwise reads at most one row above the range and the rows below it until the client
//! stops: [`ReversedThriftScan::admit`] says which rows to keep and when to close the scanner.
//!
//! ```
//! use rowkey::ScanRange;
//! use rowkey_clients::hbase_thrift::scan;
//!
//! let s = scan(&ScanRange::prefix(b"ab"));
//! assert_eq!(s.start_row.as_deref(), Some(&b"ab"[..]));
//! assert_eq!(s.stop_row.as_deref(), Some(&b"ac"[..]));
//! ```

use hbase_thrift::hbase::TScan;
use rowkey_runtime::{ScanPlan, ScanRange};

use crate::hbase_filters::ScanPlanExt;

/// The forward scan of `range`: `start_row` inclusive, `stop_row` exclusive (unset for an empty
/// stop, the end of the table). Exact. Set `columns`, `caching` and the rest on the result.
///
/// ```
/// use rowkey::ScanRange;
/// use rowkey_clients::hbase_thrift::scan;
///
/// let s = scan(&ScanRange::prefix(b"\xFF"));
/// assert_eq!((s.start_row, s.stop_row), (Some(b"\xFF".to_vec()), None));
/// assert_ne!(s.reversed, Some(true));
/// ```
pub fn scan(range: &ScanRange) -> TScan {
    TScan {
        start_row: Some(range.start.clone()),
        stop_row: (!range.stop.is_empty()).then(|| range.stop.clone()),
        ..TScan::default()
    }
}

/// One forward scan over every range of `plan` (a fanned-out read: one range per salt bucket),
/// instead of one scanner per range: from the first range's start to the last range's stop,
/// with the plan's ranges as HBase's filter language in `filter_string`
/// ([`MultiRowRangeFilter::to_filter_string`](crate::hbase_filters::MultiRowRangeFilter::to_filter_string):
/// row filters, `AND` within a range, `OR` between). `None` for a plan without ranges.
///
/// Thrift 1 has no `filterBytes`, so the region servers test the row filters on every row
/// between the two ends rather than seeking from range to range as Thrift 2's
/// `hbase_thrift2::one_scan` (`MultiRowRangeFilter`) does: worth it when
/// the ranges lie close together (a time range over a few buckets), not for a handful of rows
/// spread over the table.
///
/// ```
/// use rowkey::RowKey;
/// use rowkey_clients::hbase_thrift::one_scan;
///
/// #[derive(RowKey)]
/// #[salt(md5, buckets = 4, of = "id")]
/// struct Event { day: u32, id: u64 }
///
/// let plan = Event::scan().day(19_000).plan().unwrap(); // 4 ranges
/// let s = one_scan(&plan).unwrap();
/// assert_eq!(s.start_row.as_deref(), Some(plan.ranges()[0].start.as_slice()));
/// assert!(s.filter_string.unwrap().starts_with(b"(RowFilter(>=, 'binary:"));
/// ```
pub fn one_scan(plan: &ScanPlan) -> Option<TScan> {
    Some(TScan {
        filter_string: Some(plan.to_multi_row_range_filter().to_filter_string()),
        ..scan(&plan.span()?)
    })
}

/// The reversed scan of `range` and the check that trims what it reads to the range.
///
/// - Top: the scan starts at `stop` minus its last byte when that byte is `00` (the largest
///   row below `stop`), exact; at the last row of the table for an empty stop, exact; else at
///   `stop` itself, which reads the row `stop` if it exists.
/// - Bottom: the scan ends above `start` minus its last byte when that byte is `00`, exact;
///   at the first row of the table for an empty start, exact; else at the first row of the
///   table, so the client closes the scanner at the first row below `start`.
///
/// ```
/// use rowkey::ScanRange;
/// use rowkey_clients::hbase_thrift::{reversed_scan, Admit};
///
/// // A page's rest of the range starts at the last row + 00: exact at both ends.
/// let r = reversed_scan(&ScanRange { start: b"k1\x00".to_vec(), stop: b"k9\x00".to_vec() });
/// assert!(r.is_exact());
/// assert_eq!(r.scan.start_row.as_deref(), Some(&b"k9"[..]));
/// assert_eq!(r.scan.stop_row.as_deref(), Some(&b"k1"[..]));
/// assert_eq!(r.scan.reversed, Some(true));
///
/// let p = reversed_scan(&ScanRange::prefix(b"ab"));
/// assert!(!p.is_exact());
/// assert_eq!(p.admit(b"ac"), Admit::Skip); // the stop row, read by the inclusive start
/// assert_eq!(p.admit(b"ab\xFF"), Admit::Take);
/// assert_eq!(p.admit(b"aa\xFF"), Admit::End); // below the range: close the scanner
/// ```
pub fn reversed_scan(range: &ScanRange) -> ReversedThriftScan {
    crate::reversed::reversed(range, |start_row, stop_row| TScan {
        start_row,
        stop_row,
        reversed: Some(true),
        ..TScan::default()
    })
}

/// A reversed Thrift 1 scan and the range it must be trimmed to (see [`reversed_scan`]).
pub type ReversedThriftScan = crate::reversed::Reversed<TScan>;

pub use crate::reversed::{Admit, Reversed};
