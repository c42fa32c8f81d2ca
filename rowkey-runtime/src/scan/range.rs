//! [`ScanRange`]: a range of rows with HBase's semantics, its prefix stop row, and the same rows
//! as HBase's reversed scans and shell read them.

use core::fmt;
use core::ops::Bound;

use crate::hbase::shell_string;

/// The stop row (exclusive) of a scan over every key that starts with `prefix`, exactly as
/// HBase's `ClientUtil.calculateTheClosestNextRowKeyForPrefix` computes it: drop trailing `FF`
/// bytes, then increment the last byte. An empty result means "no stop row" (end of table): the
/// answer for an empty or all-`FF` prefix.
///
/// ```
/// use rowkey::scan::prefix_stop;
///
/// assert_eq!(prefix_stop(&[0x12, 0x23, 0xFF, 0xFF]), vec![0x12, 0x24]);
/// assert_eq!(prefix_stop(b"abc"), b"abd".to_vec());
/// assert!(prefix_stop(&[0xFF, 0xFF]).is_empty());
/// ```
pub fn prefix_stop(prefix: &[u8]) -> Vec<u8> {
    match prefix.iter().rposition(|&b| b != 0xFF) {
        Some(i) => {
            let mut stop = prefix[..=i].to_vec();
            stop[i] += 1;
            stop
        }
        None => Vec::new(),
    }
}

/// A range of rows: `start` inclusive, `stop` exclusive, an empty `stop` meaning the end of the
/// table (HBase's `EMPTY_END_ROW`).
///
/// ```
/// use rowkey::ScanRange;
///
/// let r = ScanRange::prefix(b"ab");
/// assert!(r.contains(b"ab") && r.contains(b"ab\xff\xff") && !r.contains(b"ac"));
/// assert_eq!(r.to_hbase_shell(), r#"{STARTROW => "ab", STOPROW => "ac"}"#);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct ScanRange {
    /// First row (inclusive).
    pub start: Vec<u8>,
    /// Row after the last (exclusive); empty for the end of the table.
    pub stop: Vec<u8>,
}

impl ScanRange {
    /// Every row that starts with `prefix`.
    pub fn prefix(prefix: &[u8]) -> Self {
        ScanRange {
            start: prefix.to_vec(),
            stop: prefix_stop(prefix),
        }
    }

    /// Exactly the row `key` (stop is `key` followed by `00`, its immediate successor).
    pub fn row(key: &[u8]) -> Self {
        let mut stop = key.to_vec();
        stop.push(0);
        ScanRange {
            start: key.to_vec(),
            stop,
        }
    }

    /// The whole table.
    pub fn all() -> Self {
        ScanRange {
            start: Vec::new(),
            stop: Vec::new(),
        }
    }

    /// True when `key` is in the range.
    pub fn contains(&self, key: &[u8]) -> bool {
        key >= &self.start[..] && (self.stop.is_empty() || key < &self.stop[..])
    }

    /// True when no key can be in the range.
    pub fn is_empty(&self) -> bool {
        !self.stop.is_empty() && self.start >= self.stop
    }

    /// The range as bounds for `BTreeMap::range`, redb, fjall or TiKV.
    ///
    /// ```
    /// use std::collections::BTreeMap;
    /// use rowkey::ScanRange;
    ///
    /// let map: BTreeMap<Vec<u8>, ()> = [b"a1".to_vec(), b"b1".to_vec()].into_iter().map(|k| (k, ())).collect();
    /// let hits: Vec<_> = map.range::<[u8], _>(ScanRange::prefix(b"b").to_bounds()).collect();
    /// assert_eq!(hits.len(), 1);
    /// ```
    pub fn to_bounds(&self) -> (Bound<&[u8]>, Bound<&[u8]>) {
        let stop = if self.stop.is_empty() {
            Bound::Unbounded
        } else {
            Bound::Excluded(&self.stop[..])
        };
        (Bound::Included(&self.start[..]), stop)
    }

    /// The range as owned bounds, for clients whose range types own their keys (TiKV's
    /// `BoundRange::from((Bound<Vec<u8>>, Bound<Vec<u8>>))`, sled, fjall).
    ///
    /// ```
    /// use std::ops::Bound;
    /// use rowkey::ScanRange;
    ///
    /// assert_eq!(
    ///     ScanRange::prefix(b"ab").into_bounds(),
    ///     (Bound::Included(b"ab".to_vec()), Bound::Excluded(b"ac".to_vec()))
    /// );
    /// assert_eq!(ScanRange::all().into_bounds().1, Bound::Unbounded);
    /// ```
    pub fn into_bounds(self) -> (Bound<Vec<u8>>, Bound<Vec<u8>>) {
        let stop = if self.stop.is_empty() {
            Bound::Unbounded
        } else {
            Bound::Excluded(self.stop)
        };
        (Bound::Included(self.start), stop)
    }

    /// The rest of the range after `key` (a page's last row): start at `key` + `00`, the
    /// first key above it. The stop is kept.
    ///
    /// ```
    /// use rowkey::ScanRange;
    ///
    /// let next = ScanRange::prefix(b"a").after(b"a7");
    /// assert_eq!((next.start.as_slice(), next.stop.as_slice()), (&b"a7\0"[..], &b"b"[..]));
    /// ```
    pub fn after(&self, key: &[u8]) -> ScanRange {
        let mut start = key.to_vec();
        start.push(0);
        ScanRange {
            start: start.max(self.start.clone()),
            stop: self.stop.clone(),
        }
    }

    /// The rest of the range below `key` (the last row of a page read in descending order):
    /// the stop becomes `key` (exclusive). The start is kept.
    ///
    /// ```
    /// use rowkey::ScanRange;
    ///
    /// let next = ScanRange::prefix(b"a").before(b"a7");
    /// assert_eq!((next.start.as_slice(), next.stop.as_slice()), (&b"a"[..], &b"a7"[..]));
    /// ```
    pub fn before(&self, key: &[u8]) -> ScanRange {
        let stop = if self.stop.is_empty() || key < &self.stop[..] {
            key.to_vec()
        } else {
            self.stop.clone()
        };
        ScanRange {
            start: self.start.clone(),
            stop,
        }
    }

    /// The same rows read from the high end, as an HBase reversed scan takes them
    /// (`Scan.setReversed(true)`, whose start row is the upper one):
    /// `withStartRow(start_row, start_inclusive)` and `withStopRow(stop_row, stop_inclusive)`.
    /// An empty `start_row` starts at the last row of the table.
    ///
    /// ```
    /// use rowkey::ScanRange;
    ///
    /// let r = ScanRange::prefix(b"ab").to_hbase_reversed();
    /// assert_eq!(r.start_row, b"ac"); // exclusive: the row above every "ab..." row
    /// assert!(!r.start_inclusive);
    /// assert_eq!(r.stop_row, b"ab"); // inclusive
    /// assert!(r.stop_inclusive);
    /// assert_eq!(
    ///     r.to_hbase_shell(),
    ///     r#"{REVERSED => true, STARTROW => "ac", STOPROW => "ab"}"#
    /// );
    /// ```
    pub fn to_hbase_reversed(&self) -> ReversedScan {
        ReversedScan {
            start_row: self.stop.clone(),
            start_inclusive: false,
            stop_row: self.start.clone(),
            stop_inclusive: true,
        }
    }

    /// The range as HBase shell scan options, with bytes escaped as `Bytes.toStringBinary`
    /// does, inside double quotes so that the shell (Ruby) turns `\xHH` back into bytes.
    pub fn to_hbase_shell(&self) -> String {
        let mut s = format!("{{STARTROW => {}", shell_string(&self.start));
        if !self.stop.is_empty() {
            s.push_str(&format!(", STOPROW => {}", shell_string(&self.stop)));
        }
        s.push('}');
        s
    }
}

/// The rows of a [`ScanRange`] as an HBase reversed scan reads them, from the high end (see
/// [`ScanRange::to_hbase_reversed`]): the arguments of `Scan.withStartRow(start_row,
/// start_inclusive)` and `withStopRow(stop_row, stop_inclusive)` on a `Scan` with
/// `setReversed(true)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ReversedScan {
    /// The upper row, where the scan starts; empty for the last row of the table.
    pub start_row: Vec<u8>,
    /// Whether `start_row` itself is read (false: it is the exclusive stop of the range).
    pub start_inclusive: bool,
    /// The lower row, where the scan ends.
    pub stop_row: Vec<u8>,
    /// Whether `stop_row` itself is read (true: it is the inclusive start of the range).
    pub stop_inclusive: bool,
}

impl ReversedScan {
    /// True when `key` is among the rows the scan reads.
    pub fn contains(&self, key: &[u8]) -> bool {
        let below_start = self.start_row.is_empty()
            || key < &self.start_row[..]
            || (self.start_inclusive && key == &self.start_row[..]);
        let above_stop =
            key > &self.stop_row[..] || (self.stop_inclusive && key == &self.stop_row[..]);
        below_start && above_stop
    }

    /// The HBase shell's scan options. The shell takes a reversed scan's `STARTROW` as
    /// inclusive and `STOPROW` as exclusive, the reverse of what the range needs at both ends:
    /// the options read the range's rows, plus the row `start_row` if it exists, minus the row
    /// `stop_row` if it exists. Use the Java API (or filter) where that matters.
    pub fn to_hbase_shell(&self) -> String {
        let mut s = String::from("{REVERSED => true");
        if !self.start_row.is_empty() {
            s.push_str(&format!(", STARTROW => {}", shell_string(&self.start_row)));
        }
        s.push_str(&format!(", STOPROW => {}}}", shell_string(&self.stop_row)));
        s
    }
}

/// `["start", "stop")` in `Bytes.toStringBinary` form (as the HBase shell reads them), `end`
/// for an empty stop row.
///
/// ```
/// use rowkey::ScanRange;
/// assert_eq!(ScanRange::prefix(b"a\x00").to_string(), r#"["a\x00", "a\x01")"#);
/// assert_eq!(ScanRange::prefix(b"\xFF").to_string(), r#"["\xFF", end)"#);
/// ```
impl fmt::Display for ScanRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}, ", shell_string(&self.start))?;
        if self.stop.is_empty() {
            f.write_str("end)")
        } else {
            write!(f, "{})", shell_string(&self.stop))
        }
    }
}

/// Like `Display`'s strings: `ScanRange { start: "\x01", stop: "\x02" }`.
impl fmt::Debug for ScanRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ScanRange")
            .field("start", &BinaryString(&self.start))
            .field("stop", &BinaryString(&self.stop))
            .finish()
    }
}

/// Bytes that `Debug` as a quoted `toStringBinary` string.
struct BinaryString<'a>(&'a [u8]);

impl fmt::Debug for BinaryString<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&shell_string(self.0))
    }
}
