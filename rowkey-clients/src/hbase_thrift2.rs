//! The `TScan` of HBase's Thrift 2 gateway (`THBaseService`: `openScanner`,
//! `getScannerResults`) from rowkey's scans (feature `hbase-thrift2`), with the thrift crate's
//! protocols.
//!
//! No crate generates HBase's Thrift 2 interface, so [`TScan`] is written here from HBase's
//! `thrift2/hbase.thrift`: the fields a row-key scan sets (`startRow` 1, `stopRow` 2, `caching`
//! 4, `filterString` 7, `reversed` 11, `limit` 15, `filterBytes` 18), serialized with their
//! field ids and types; the other fields are left unset, which the gateway reads as their
//! defaults. The gateway (`ThriftUtilities.scanFromThrift`) turns it into a Java `Scan` with
//! `withStartRow` (inclusive), `withStopRow` (exclusive) and `setReversed`, as Thrift 1 does:
//! a forward scan is exact ([`scan`]); a reversed scan has Thrift 1's limits (no inclusive
//! flags) and the same answer ([`reversed_scan`]: exact where byte strings allow, otherwise
//! [`Reversed::admit`] trims what comes back).
//! `filterBytes` (HBase 2.2+) carries a filter's protobuf, such as a plan's
//! [`MultiRowRangeFilter`](crate::hbase_filters::MultiRowRangeFilter): one scanner for every
//! salt bucket ([`one_scan`]).
//!
//! ```
//! use rowkey_clients::hbase_thrift2::scan;
//! use rowkey_runtime::ScanRange;
//!
//! let s = scan(&ScanRange::prefix(b"ab"));
//! assert_eq!((s.start_row.as_deref(), s.stop_row.as_deref()), (Some(&b"ab"[..]), Some(&b"ac"[..])));
//! ```

pub use crate::reversed::{Admit, Reversed};
use rowkey_runtime::{ScanPlan, ScanRange};

use crate::hbase_filters::ScanPlanExt;
use thrift::protocol::{
    TFieldIdentifier, TInputProtocol, TOutputProtocol, TSerializable, TStructIdentifier, TType,
};

/// HBase Thrift 2's `TScan`, the fields a row-key scan sets.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TScan {
    /// 1: the first row (inclusive).
    pub start_row: Option<Vec<u8>>,
    /// 2: the row after the last (exclusive); unset for the end of the table.
    pub stop_row: Option<Vec<u8>>,
    /// 4: rows per round trip.
    pub caching: Option<i32>,
    /// 7: a filter in HBase's filter language.
    pub filter_string: Option<Vec<u8>>,
    /// 11: scan backwards.
    pub reversed: Option<bool>,
    /// 15: at most this many rows.
    pub limit: Option<i32>,
    /// 18: a filter as `hbase.pb.Filter` bytes (HBase 2.2+).
    pub filter_bytes: Option<Vec<u8>>,
}

/// The forward scan of `range`: exact.
///
/// ```
/// use rowkey_clients::hbase_thrift2::scan;
/// use rowkey_runtime::ScanRange;
///
/// let s = scan(&ScanRange::all());
/// assert_eq!((s.start_row, s.stop_row), (Some(vec![]), None));
/// ```
pub fn scan(range: &ScanRange) -> TScan {
    TScan {
        start_row: Some(range.start.clone()),
        stop_row: (!range.stop.is_empty()).then(|| range.stop.clone()),
        ..TScan::default()
    }
}

/// The reversed scan of `range` and the check that trims what it reads to the range: the rows
/// and rules of the Thrift 1 module's `reversed_scan`, in Thrift 2's `TScan`.
///
/// ```
/// use rowkey_clients::hbase_thrift2::{reversed_scan, Admit};
/// use rowkey_runtime::ScanRange;
///
/// let r = reversed_scan(&ScanRange { start: b"k1\x00".to_vec(), stop: b"k9\x00".to_vec() });
/// assert!(r.is_exact());
/// assert_eq!(r.scan.start_row.as_deref(), Some(&b"k9"[..]));
/// assert_eq!(r.scan.reversed, Some(true));
/// let p = reversed_scan(&ScanRange::prefix(b"ab"));
/// assert_eq!(p.admit(b"ac"), Admit::Skip);
/// assert_eq!(p.admit(b"aa\xFF"), Admit::End);
/// ```
pub fn reversed_scan(range: &ScanRange) -> Reversed<TScan> {
    crate::reversed::reversed(range, |start_row, stop_row| TScan {
        start_row,
        stop_row,
        reversed: Some(true),
        ..TScan::default()
    })
}

/// One scan for every range of `plan`: from the first range's start to the last range's stop,
/// with the plan's `MultiRowRangeFilter` in `filterBytes`, so the region servers seek from
/// range to range. `None` for a plan of no range (nothing to read).
///
/// ```
/// use rowkey::RowKey;
/// use rowkey_clients::hbase_thrift2::one_scan;
///
/// #[derive(RowKey)]
/// #[salt(md5, buckets = 8, of = "id")]
/// struct Event { day: u32, id: u64 }
///
/// let plan = Event::scan().day(19_000).plan().unwrap(); // 8 ranges
/// let s = one_scan(&plan).unwrap();
/// assert_eq!(s.start_row.as_deref(), Some(plan.ranges()[0].start.as_slice()));
/// assert!(s.filter_bytes.is_some());
/// ```
pub fn one_scan(plan: &ScanPlan) -> Option<TScan> {
    Some(TScan {
        filter_bytes: Some(plan.to_multi_row_range_filter().to_filter_bytes()),
        ..scan(&plan.span()?)
    })
}

fn field(name: &str, ty: TType, id: i16) -> TFieldIdentifier {
    TFieldIdentifier::new(name, ty, id)
}

/// Writes field `(name, type, id)` when it is set.
fn put<T>(
    o: &mut dyn TOutputProtocol,
    (name, ty, id): (&str, TType, i16),
    value: Option<T>,
    write: impl FnOnce(&mut dyn TOutputProtocol, T) -> thrift::Result<()>,
) -> thrift::Result<()> {
    let Some(v) = value else {
        return Ok(());
    };
    o.write_field_begin(&field(name, ty, id))?;
    write(o, v)?;
    o.write_field_end()
}

impl TSerializable for TScan {
    fn read_from_in_protocol(i: &mut dyn TInputProtocol) -> thrift::Result<Self> {
        let mut out = TScan::default();
        i.read_struct_begin()?;
        loop {
            let f = i.read_field_begin()?;
            if f.field_type == TType::Stop {
                break;
            }
            match (f.id, f.field_type) {
                (Some(1), TType::String) => out.start_row = Some(i.read_bytes()?),
                (Some(2), TType::String) => out.stop_row = Some(i.read_bytes()?),
                (Some(4), TType::I32) => out.caching = Some(i.read_i32()?),
                (Some(7), TType::String) => out.filter_string = Some(i.read_bytes()?),
                (Some(11), TType::Bool) => out.reversed = Some(i.read_bool()?),
                (Some(15), TType::I32) => out.limit = Some(i.read_i32()?),
                (Some(18), TType::String) => out.filter_bytes = Some(i.read_bytes()?),
                (_, ty) => i.skip(ty)?,
            }
            i.read_field_end()?;
        }
        i.read_struct_end()?;
        Ok(out)
    }

    fn write_to_out_protocol(&self, o: &mut dyn TOutputProtocol) -> thrift::Result<()> {
        o.write_struct_begin(&TStructIdentifier::new("TScan"))?;
        let bytes = |o: &mut dyn TOutputProtocol, v: &[u8]| o.write_bytes(v);
        let int = |o: &mut dyn TOutputProtocol, v: i32| o.write_i32(v);
        put(
            o,
            ("startRow", TType::String, 1),
            self.start_row.as_deref(),
            bytes,
        )?;
        put(
            o,
            ("stopRow", TType::String, 2),
            self.stop_row.as_deref(),
            bytes,
        )?;
        put(o, ("caching", TType::I32, 4), self.caching, int)?;
        put(
            o,
            ("filterString", TType::String, 7),
            self.filter_string.as_deref(),
            bytes,
        )?;
        put(o, ("reversed", TType::Bool, 11), self.reversed, |o, v| {
            o.write_bool(v)
        })?;
        put(o, ("limit", TType::I32, 15), self.limit, int)?;
        put(
            o,
            ("filterBytes", TType::String, 18),
            self.filter_bytes.as_deref(),
            bytes,
        )?;
        o.write_field_stop()?;
        o.write_struct_end()
    }
}
