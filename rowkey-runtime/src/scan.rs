//! Scans: [`ScanRange`] (HBase semantics: start inclusive, stop exclusive, empty stop = end of
//! table) and [`ScanPlan`], the ranges a partial key needs (one, or one per salt bucket).

use core::fmt;
use core::ops::Bound;

use crate::error::EncodeError;
use crate::hbase::shell_string;
use crate::io::Writer;
use crate::merge::{Merge, RowItem};
use crate::salt::{Salt, SaltText};

/// The most ranges a [`ScanPlan`] holds: a scan that does not fix the fields a salt hashes
/// needs one range per distinct salt, and a wider plan is an [`EncodeError::TooManyRanges`]
/// (a `width = 1` salt has at most 256, a `width = 2` one 65,536, whatever its bucket count).
/// `full_scan()` of such a key is one range over the whole table, whose rows come in salt order.
pub const MAX_PLAN_RANGES: usize = 1 << 16;

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

/// The ranges that together hold exactly the rows of a partial key.
///
/// ```
/// use rowkey::RowKey;
///
/// #[derive(RowKey)]
/// #[salt(md5, buckets = 4, of = "message_id")]
/// struct MessageKey { date: u32, time: u32, message_id: u64 }
///
/// let plan = MessageKey::scan().date(230611).plan().unwrap();
/// assert_eq!(plan.ranges().len(), 4); // one per bucket
/// let get = MessageKey::scan().date(230611).time(63031).message_id(1231231).plan().unwrap();
/// assert!(get.is_point());
/// assert_eq!(get.row().unwrap().len(), 17);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScanPlan {
    ranges: Vec<ScanRange>,
    point: bool,
    salt_len: usize,
    /// Rows the ranges hold that are not matches: set when a raw `#[java]` string is fixed
    /// before other fields, so `"row1"` also spans `"row10"`'s keys. Only keys of this length
    /// match (the raw string being the key's only variable-length part).
    key_len: Option<usize>,
}

/// One line per range (`scan ["start", "stop")`) or per row of a point plan (`get "row"`), as
/// the HBase shell reads them; `no rows` when the bounds exclude every key.
///
/// ```
/// use rowkey::RowKey;
///
/// #[derive(RowKey)]
/// #[salt(random, buckets = 2)]
/// struct Event { day: u8, id: u8 }
///
/// let plan = Event::scan().day(7).plan().unwrap();
/// let lines: Vec<String> = plan.to_string().lines().map(String::from).collect();
/// assert_eq!(lines, [r#"scan ["\x00\x07", "\x00\x08")"#, r#"scan ["\x01\x07", "\x01\x08")"#]);
/// let get = Event::scan().day(7).id(1).plan().unwrap();
/// assert_eq!(get.to_string().lines().next(), Some(r#"get "\x00\x07\x01""#));
/// ```
impl fmt::Display for ScanPlan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.ranges.is_empty() {
            return f.write_str("no rows");
        }
        if let Some(n) = self.key_len {
            writeln!(f, "filter: keys of {n} bytes")?;
        }
        for (i, r) in self.ranges.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            if self.point {
                write!(f, "get {}", shell_string(&r.start))?;
            } else {
                write!(f, "scan {r}")?;
            }
        }
        Ok(())
    }
}

impl ScanPlan {
    /// The ranges to scan, in bucket order. Empty when the bounds exclude every row.
    pub fn ranges(&self) -> &[ScanRange] {
        &self.ranges
    }

    /// True when every field is fixed: each range holds exactly one row (a Get).
    pub fn is_point(&self) -> bool {
        self.point
    }

    /// The row of a point plan with a single range (a deterministic salt or none).
    pub fn row(&self) -> Option<&[u8]> {
        match &self.ranges[..] {
            [only] if self.point => Some(&only.start),
            _ => None,
        }
    }

    /// The candidate rows of a point plan: one, or one per bucket of a random salt.
    pub fn rows(&self) -> Vec<&[u8]> {
        if self.point {
            self.ranges.iter().map(|r| &r.start[..]).collect()
        } else {
            Vec::new()
        }
    }

    /// Bytes of salt at the front of each key; the merge orders rows by what follows.
    pub fn salt_len(&self) -> usize {
        self.salt_len
    }

    /// The length every matching key has, for an inexact plan (see [`is_exact`](Self::is_exact)).
    pub fn key_len(&self) -> Option<usize> {
        self.key_len
    }

    /// True when `key` is in one of the ranges.
    pub fn contains(&self, key: &[u8]) -> bool {
        self.ranges.iter().any(|r| r.contains(key))
    }

    /// True when the ranges hold exactly the matching rows. False when the plan fixes a raw
    /// `#[java]` string that other fields follow: the ranges then also hold longer strings'
    /// rows (`"row1"` and `"row10"`), which [`merge`](Self::merge) and
    /// [`matches`](Self::matches) filter out by the key's length.
    pub fn is_exact(&self) -> bool {
        self.key_len.is_none()
    }

    /// True when `key` is one of the plan's rows: in a range, and through the filter of an
    /// inexact plan.
    ///
    /// ```
    /// use rowkey::RowKey;
    ///
    /// #[derive(RowKey)]
    /// struct Versioned { #[java] row: String, #[reverse_ts] ts: i64 }
    ///
    /// let plan = Versioned::scan().row("row1").plan().unwrap();
    /// assert!(!plan.is_exact());
    /// let row1 = Versioned { row: "row1".into(), ts: 5 }.encode().unwrap();
    /// let row10 = Versioned { row: "row10".into(), ts: 5 }.encode().unwrap();
    /// assert!(plan.contains(&row10) && !plan.matches(&row10));
    /// assert!(plan.matches(&row1));
    /// ```
    pub fn matches(&self, key: &[u8]) -> bool {
        self.contains(key) && self.key_len.is_none_or(|n| key.len() == n)
    }

    /// Merges one sorted stream per range (in the order of [`ranges`](Self::ranges)) into one
    /// stream in global key order, salt ignored. See [`Merge`].
    pub fn merge<I>(&self, streams: impl IntoIterator<Item = I>) -> Merge<I>
    where
        I: Iterator,
        I::Item: RowItem,
    {
        Merge::new(streams, self.salt_len).key_len(self.key_len)
    }
}

/// Implemented by the states of a generated scan builder that can be planned. Missing when a
/// hash salt without buckets hashes a field the partial key does not fix.
#[diagnostic::on_unimplemented(
    message = "this partial key does not fix every field that the key's md5 salt hashes, so no scan can find its rows",
    label = "fix the fields of `#[salt(md5, of = ...)]` before calling `.plan()`",
    note = "a hash salt without buckets cannot fan out; `#[salt(md5, buckets = N, of = ...)]` can scan any prefix"
)]
pub trait CanPlan {}

// The builder's refusals. Each is implemented by no type; a hidden builder method bounded by one
// turns a call the builder does not take into an error that teaches the rule. The generated
// code names the key, the fields and the builder's finishing method with marker types (named as
// the fields, in a module `field`: a name that std also has prints as `field::time`), since a
// derive cannot attach messages of its own in a `#![no_implicit_prelude]` module.

/// A field given out of key order.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Key}::scan()` takes the fields in key order {Order}, and the next one is `{Next}`",
    label = "`{Next}` comes before this field: fix it (or bound it) first"
)]
pub trait InKeyOrder<Key, Order, Next> {}

/// A field given after every field was fixed.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "every field of `{Key}` is fixed: call `.{Plan}()` for the row (a Get)",
    label = "no field is left to fix"
)]
pub trait AllFixed<Key, Plan> {}

/// A field given after a range.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "the range on `{Field}` ended the partial key of `{Key}`: a range bounds the last field a scan can constrain",
    label = "call `.{Plan}()` after the range"
)]
pub trait RangeEnded<Key, Field, Plan> {}

/// A range on a `#[reverse]` field.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Field}` has no range method: `#[reverse]` stores its bytes back to front, so its byte order does not follow its values",
    label = "fix `{Field}` to a value, or bound a field before it"
)]
pub trait NoRangeReversed<Field> {}

/// A range on a `#[java]` field.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Field}` has no range method: `#[java]` stores negatives after positives (as Java's Bytes.toBytes does), so its byte order does not follow its values",
    label = "fix `{Field}` to a value, or bound a field before it"
)]
pub trait NoRangeJava<Field> {}

/// A range on a Phoenix DESC VARCHAR of a table that is not row-key-order optimizable.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Field}` has no range method: without `row_key_order_optimizable`, Phoenix ends a DESC VARCHAR with 00, so \"ab\" sorts after \"a\" in both orders",
    label = "fix `{Field}` to a value, or declare the table `row_key_order_optimizable = true` (Phoenix's default since 4.12)"
)]
pub trait NoRangePhoenixDesc<Field> {}

/// A range on a Phoenix DESC VARBINARY.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Field}` has no range method: Phoenix writes a DESC VARBINARY as its inverted bytes then FF, and an inverted 00 is FF, so byte order does not follow its values",
    label = "fix `{Field}` to a value, or bound a field before it"
)]
pub trait NoRangePhoenixBinary<Field> {}

/// A range on a nullable Phoenix DESC column.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Field}` has no range method: Phoenix stores NULL first even in a DESC column, so None and the Some values do not form one range of bytes",
    label = "fix `{Field}` to a value (None included), or bound a field before it"
)]
pub trait NoRangePhoenixNullsFirst<Field> {}

/// A range on an HBase `OrderedBlobVar`.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Field}` has no range method: HBase's OrderedBlobVar writes 7 bits per byte and marks every byte but the last, so a shorter blob sorts first ([01] before [00 00]), not in byte-string order",
    label = "fix `{Field}` to a value, or bound a field before it"
)]
pub trait NoRangeOrderedBlobVar<Field> {}

/// A range on a nullable DESC member of an HBase `Struct` that may be dropped from the key.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Field}` has no range method: a DESC NULL is stored 0xFA, after every value, but Struct.encode drops NULLs at the end of the key, where they sort first",
    label = "fix `{Field}` to a value, or bound a field before it"
)]
pub trait NoRangeOrderedDescNull<Field> {}

/// A range on a Bigtable `Int64` (`BigEndianBytes`).
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Field}` has no range method: Bigtable's Int64 BigEndianBytes is two's complement, so negatives sort after positives",
    label = "fix `{Field}` to a value, or bound a field before it"
)]
pub trait NoRangeBigtableInt64<Field> {}

/// A range on a Phoenix DESC DECIMAL(p, s).
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Field}` has no range method: Phoenix writes a DESC DECIMAL(p, s) with its bytes not inverted, before a DESC separator, so its bytes sort neither up nor down",
    label = "fix `{Field}` to a value, or bound a field before it"
)]
pub trait NoRangePhoenixDescDecimal<Field> {}

/// A range on a raw `#[java]` string.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Field}` has no range method: a raw `#[java]` string has no terminator, so a longer string's keys sort among its own (\"ab\" + ts after \"a\" + any ts)",
    label = "fix `{Field}` to a value, or drop `#[java]` for an escaped, terminated string"
)]
pub trait NoRangeRaw<Field> {}

/// A range on a `#[java(terminated = b"..")]` field whose terminator has a byte other than `00`.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Field}` has no range method: its terminator has a byte other than 00, so a value sorts after its own extensions (\"a\" + \"|\" after \"ab\" + \"|\")",
    label = "fix `{Field}` to a value, or use an all-00 terminator to range over it"
)]
pub trait NoRangeTerminator<Field> {}

/// A range on a variable-width text part.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Field}` has no range method: a variable-width text part sorts as its text followed by the delimiter (\"9\" after \"10\")",
    label = "fix `{Field}` to a value, or give it a width (`#[decimal(N)]`, `#[fixed(N)]`) to range over it"
)]
pub trait NoRangeText<Field> {}

/// A range on a `#[reverse_ts]` value under two `Option`s.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Field}` has no range method: a `#[reverse_ts]` value under two `Option`s has no single byte order",
    label = "fix `{Field}` to a value, or bound a field before it"
)]
pub trait NoRangeNested<Field> {}

/// Implemented by no type: `scan()` on a generic key is refused with this message.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "scan builders are generated for key structs without generic parameters, and `{Self}` has some",
    label = "no `scan()` for a generic key",
    note = "declare a non-generic key (a type alias is not enough), or build ranges with `ScanRange::prefix` and the key's `encode`"
)]
pub trait NonGenericKey {}

/// Implemented by no type: when the derive reports an error, `scan()` resolves to a projection
/// of this trait (bounded by a lifetime, so only uses are checked), so each use says the
/// builder is missing instead of resolving to `Iterator::scan`.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "the scan builder was not generated: fix the `#[derive(RowKey)]` error above",
    label = "no scan builder while the derive has an error"
)]
pub trait BuilderNotGenerated {
    /// Never named.
    type Builder;
}

/// Encodes one field alone, as it appears in its key: `len` bytes written by `write`.
#[doc(hidden)]
pub fn encode_with(
    len: usize,
    name: &'static str,
    flip: u8,
    write: impl FnOnce(&mut Writer<'_>) -> Result<(), EncodeError>,
) -> Result<Vec<u8>, EncodeError> {
    let mut buf = vec![0; len];
    let mut w = Writer::new(&mut buf);
    w.begin(name, flip);
    write(&mut w)?;
    w.finish()?;
    Ok(buf)
}

/// Maps a range bound through a field encoder.
#[doc(hidden)]
pub fn map_bound<T, O, E>(
    b: Bound<&T>,
    encode: impl Fn(&T) -> Result<O, E>,
) -> Bound<Result<O, E>> {
    match b {
        Bound::Included(v) => Bound::Included(encode(v)),
        Bound::Excluded(v) => Bound::Excluded(encode(v)),
        Bound::Unbounded => Bound::Unbounded,
    }
}

/// One interval of the ranged field's encoded bytes, in byte order. A range on a field is one
/// such interval, or two when the field's byte order is not monotone in its values (an `Option`
/// whose value is stored newest first: `None` sorts first, then `Some` from the newest).
#[derive(Debug, Clone)]
struct Segment {
    /// Bytes every key of the segment has right after the fixed fields (an `Option`'s `Some`
    /// tag); an unbounded side means "every such key".
    tag: Vec<u8>,
    lo: Bound<Enc>,
    hi: Bound<Enc>,
}

/// A field value's bytes as it appears in a partial key, for encodings that drop trailing
/// NULL fields (Phoenix): `bytes` as written when fields follow (separator included), and
/// `short`, the length of its form when it is the last field written (`None` for a NULL, which
/// is not written at all then). For every other encoding `short` is the whole length.
#[doc(hidden)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Enc {
    bytes: Vec<u8>,
    short: Option<usize>,
}

impl Enc {
    /// `bytes`, whose first `short` bytes are the value's form as the last field written.
    pub fn new(bytes: Vec<u8>, short: Option<usize>) -> Self {
        Enc { bytes, short }
    }
}

impl From<Vec<u8>> for Enc {
    fn from(bytes: Vec<u8>) -> Self {
        let short = Some(bytes.len());
        Enc { bytes, short }
    }
}

/// Encodes one field for a partial key of an encoding that drops trailing NULL fields: the
/// field as written when others follow, and the length of its form when written last
/// (`short`: `Some(len)` of that form, `None` when the value is NULL and is not written).
#[doc(hidden)]
pub fn encode_short(
    full: Result<Vec<u8>, EncodeError>,
    short: Option<usize>,
) -> Result<Enc, EncodeError> {
    full.map(|bytes| {
        let short = short.map(|n| n.min(bytes.len()));
        Enc { bytes, short }
    })
}

/// Bounds on the encoded bytes of the ranged field.
#[derive(Debug, Clone)]
struct KeyBounds {
    segments: Vec<Segment>,
    /// The field is the last one, stored raw (no terminator).
    open: bool,
}

/// The state of a generated scan builder: the encoded fixed fields and the range on the next.
#[doc(hidden)]
#[derive(Debug, Clone)]
pub struct PartialKey {
    salt: Salt,
    text: Option<SaltText>,
    delimiter: u8,
    bytes: Vec<u8>,
    spans: Vec<(usize, usize)>,
    range: Option<KeyBounds>,
    error: Option<EncodeError>,
    /// The key length every match has, once a raw `#[java]` string is fixed.
    key_len: Option<usize>,
    /// The length of the shortest key with these fixed fields: `bytes.len()`, except where
    /// trailing NULL fields are dropped (Phoenix), where the key of the fixed fields alone ends
    /// after the last non-NULL one, in its last-field form.
    short: usize,
    /// The key of a struct whose every field is dropped (Bigtable's `00 00`), or the encoding
    /// that refuses to write it (an empty row key).
    empty_key: Result<&'static [u8], &'static str>,
}

impl PartialKey {
    pub fn new(salt: Salt, text: Option<SaltText>, delimiter: u8) -> Self {
        PartialKey {
            salt,
            text,
            delimiter,
            bytes: Vec::new(),
            spans: Vec::new(),
            range: None,
            error: None,
            key_len: None,
            short: 0,
            empty_key: Ok(&[]),
        }
    }

    /// For an encoding whose key with every field dropped is `bytes`, not empty (Bigtable).
    pub fn with_empty_key(mut self, bytes: &'static [u8]) -> Self {
        self.empty_key = Ok(bytes);
        self
    }

    /// For an encoding whose key with every field dropped would be empty, which it refuses
    /// ([`EncodeError::EmptyKey`]): a Get of that key is the error, and scans skip it.
    pub fn refusing_empty_key(mut self, encoding: &'static str) -> Self {
        self.empty_key = Err(encoding);
        self
    }

    /// Fixes the next field, a raw `#[java]` string that fields of `tail` fixed bytes follow:
    /// every matching key is the salt, the fields fixed so far, then `tail` bytes long.
    pub fn fix_raw(self, encoded: Result<Vec<u8>, EncodeError>, tail: Option<usize>) -> Self {
        let mut key = self.fix_encoded(encoded, 0);
        key.key_len = tail.map(|t| key.salt_width() + key.bytes.len() + t);
        key
    }

    /// Fixes the next field to its encoded bytes; the last `trim` of them (a text layout's
    /// delimiter) are not part of the value the salt hashes.
    pub fn fix_encoded(mut self, encoded: Result<Vec<u8>, EncodeError>, trim: usize) -> Self {
        match encoded {
            Ok(bytes) if self.error.is_none() => {
                let start = self.bytes.len();
                self.bytes.extend_from_slice(&bytes);
                self.spans
                    .push((start, self.bytes.len().saturating_sub(trim)));
                self.short = self.bytes.len();
            }
            Ok(_) => {}
            Err(e) => {
                self.error.get_or_insert(e);
            }
        }
        self
    }

    /// Fixes the next field of an encoding that drops trailing NULL fields (see [`Enc`]).
    pub fn fix_short(mut self, encoded: Result<Enc, EncodeError>) -> Self {
        match encoded {
            Ok(enc) if self.error.is_none() => {
                let start = self.bytes.len();
                self.bytes.extend_from_slice(&enc.bytes);
                self.spans.push((start, self.bytes.len()));
                if let Some(n) = enc.short {
                    self.short = start + n;
                }
            }
            Ok(_) => {}
            Err(e) => {
                self.error.get_or_insert(e);
            }
        }
        self
    }

    /// Bounds the next field by its encoded bounds, in value order. `descending` when its bytes
    /// sort against its values (`#[desc]` or `#[reverse_ts]`); `open` when it is the last field
    /// stored raw.
    pub fn range_encoded<E: Into<Enc>>(
        mut self,
        lo: Bound<Result<E, EncodeError>>,
        hi: Bound<Result<E, EncodeError>>,
        open: bool,
        descending: bool,
    ) -> Self {
        let (lo, hi) = (self.take(lo), self.take(hi));
        let (lo, hi) = if descending { (hi, lo) } else { (lo, hi) };
        self.range = Some(KeyBounds {
            segments: vec![Segment {
                tag: Vec::new(),
                lo,
                hi,
            }],
            open,
        });
        self
    }

    /// Bounds an `Option` field whose value sorts newest first (`#[reverse_ts]`): `None`
    /// (stored `00`) sorts before every `Some`, and the `Some` values (after the tag
    /// `some_tag`) sort against their values, so the range becomes up to two segments: `None`
    /// if the range holds it, and the `Some` values it holds. `encode` writes a value as the
    /// field; both bounds are encoded (an invalid bound is an error even where it is not needed).
    pub fn range_option_encoded<T>(
        mut self,
        lo: Bound<&Option<T>>,
        hi: Bound<&Option<T>>,
        encode: impl Fn(&Option<T>) -> Result<Vec<u8>, EncodeError>,
        some_tag: u8,
        open: bool,
    ) -> Self {
        let some_lo = matches!(lo, Bound::Included(Some(_)) | Bound::Excluded(Some(_)));
        let holds_none = matches!(lo, Bound::Unbounded | Bound::Included(None))
            && !matches!(hi, Bound::Excluded(None));
        let holds_some = !matches!(hi, Bound::Included(None) | Bound::Excluded(None));
        let enc_lo = self.take(map_bound(lo, &encode));
        let enc_hi = self.take(map_bound(hi, &encode));
        let mut segments = Vec::new();
        if holds_none {
            let none = self.take(Bound::Included(encode(&None)));
            segments.push(Segment {
                tag: Vec::new(),
                lo: none.clone(),
                hi: none,
            });
        }
        if holds_some {
            // Newest first: the upper value bound is the lower byte bound.
            segments.push(Segment {
                tag: vec![some_tag],
                lo: enc_hi,
                hi: if some_lo { enc_lo } else { Bound::Unbounded },
            });
        }
        self.range = Some(KeyBounds { segments, open });
        self
    }

    /// An encoded bound, or the first encoding error (kept for `plan`).
    fn take<E: Into<Enc>>(&mut self, b: Bound<Result<E, EncodeError>>) -> Bound<Enc> {
        match b {
            Bound::Included(Ok(e)) => Bound::Included(e.into()),
            Bound::Excluded(Ok(e)) => Bound::Excluded(e.into()),
            Bound::Unbounded => Bound::Unbounded,
            Bound::Included(Err(err)) | Bound::Excluded(Err(err)) => {
                self.error.get_or_insert(err);
                Bound::Unbounded
            }
        }
    }

    /// The plan of a scan over every key. Never fails: nothing is encoded, and a salt with
    /// more distinct values than [`MAX_PLAN_RANGES`] gets one range over the whole table.
    pub fn full(
        salt: Salt,
        text: Option<SaltText>,
        delimiter: u8,
        of: &[usize],
        fields: usize,
    ) -> ScanPlan {
        let key = PartialKey::new(salt, text, delimiter);
        let salt_len = key.salt_width();
        key.plan(of, fields).unwrap_or_else(|_| ScanPlan {
            ranges: vec![ScanRange::all()],
            point: false,
            salt_len,
            key_len: None,
        })
    }

    /// The plan. `of` lists the salt's field indices in hash order; `fields` is the key's
    /// field count.
    pub fn plan(self, of: &[usize], fields: usize) -> Result<ScanPlan, EncodeError> {
        if let Some(e) = self.error {
            return Err(e);
        }
        let point = self.range.is_none() && self.spans.len() == fields;
        let p = &self.bytes;
        let inner = if point {
            match (self.short, self.empty_key) {
                (0, Err(encoding)) => return Err(EncodeError::EmptyKey { encoding }),
                (0, Ok(empty)) => vec![ScanRange::row(empty)],
                (n, _) => vec![ScanRange::row(&p[..n])],
            }
        } else {
            self.inner_ranges()
        };
        let salt_len = self.salt_width();
        let mut ranges = Vec::new();
        // Inexact only while other fields follow the raw string; a Get is exact.
        let key_len = if point { None } else { self.key_len };
        if inner.is_empty() {
            return Ok(ScanPlan {
                ranges,
                point,
                salt_len,
                key_len,
            });
        }
        let known: Option<Vec<&[u8]>> = of
            .iter()
            .map(|&i| self.spans.get(i).map(|&(s, e)| &p[s..e]))
            .collect();
        let salts: Vec<Vec<u8>> = match self.salt {
            Salt::None => vec![Vec::new()],
            salt if salt.hashes_fields() && known.is_some() => {
                let (bytes, n) = self.salt.compute(&known.unwrap_or_default(), &[]);
                vec![bytes[..n].to_vec()]
            }
            Salt::Phoenix { .. } if point => {
                let (bytes, n) = self.salt.compute(&[], &p[..self.short]);
                vec![bytes[..n].to_vec()]
            }
            // An md5 prefix whose fields are not fixed (only through `full_scan`): everything.
            Salt::Md5 { .. } => {
                return Ok(ScanPlan {
                    ranges: vec![ScanRange::all()],
                    point: false,
                    salt_len,
                    key_len,
                })
            }
            // A bucket salt whose input is not known: every distinct salt of its buckets, as
            // long as the plan stays within the limit.
            salt => {
                let ranges = salt.distinct_salts().saturating_mul(inner.len() as u64);
                if ranges > MAX_PLAN_RANGES as u64 {
                    return Err(EncodeError::TooManyRanges {
                        salt,
                        ranges,
                        max: MAX_PLAN_RANGES,
                    });
                }
                salt.bucket_salts()
            }
        };
        for salt in salts {
            let salt = self.salt_bytes(&salt);
            for inner in &inner {
                let range = salted(&salt, inner);
                if !range.is_empty() {
                    ranges.push(range);
                }
            }
        }
        Ok(ScanPlan {
            ranges,
            point,
            salt_len,
            key_len,
        })
    }

    /// Bytes the salt takes in the key: binary, or text plus the delimiter.
    fn salt_width(&self) -> usize {
        match self.text {
            None => self.salt.len(),
            Some(text) => text.width(self.salt) + 1,
        }
    }

    /// The salt as it appears in the key.
    fn salt_bytes(&self, salt: &[u8]) -> Vec<u8> {
        match self.text {
            None => salt.to_vec(),
            Some(text) => {
                let mut out = [0u8; 32];
                let n = text.render(salt, &mut out);
                let mut v = out[..n].to_vec();
                v.push(self.delimiter);
                v
            }
        }
    }

    /// The ranges of key bytes after the salt, in byte order; none when the bounds exclude
    /// everything.
    fn inner_ranges(&self) -> Vec<ScanRange> {
        let p = &self.bytes;
        // Where trailing fields may be dropped, the key of the fixed fields alone is shorter
        // than their full form `p`. When only 00 bytes (NULL separators) lie between the two, no
        // other key sorts in between and one range holds both; otherwise (HBase's DESC NULL is
        // FA, an empty Bigtable field 00 00 00 01) the short key is a row of its own.
        let short = Short {
            len: self.short,
            key: match (self.short, self.empty_key) {
                (0, Ok(empty)) => Some(empty),
                (0, Err(_)) => None,
                (n, _) => Some(&p[..n]),
            },
            apart: !p[self.short..].iter().all(|&b| b == 0),
        };
        let Some(KeyBounds { segments, open }) = &self.range else {
            return match short.key {
                Some(key) if short.apart => vec![ScanRange::row(key), ScanRange::prefix(p)],
                Some(_) => vec![ScanRange {
                    start: p[..self.short].to_vec(),
                    stop: prefix_stop(p),
                }],
                None => vec![ScanRange::prefix(p)],
            };
        };
        segments
            .iter()
            .flat_map(|segment| segment_ranges(p, &short, segment, *open))
            .filter(|r| !r.is_empty())
            .collect()
    }
}

/// The shortest key of a partial key's fixed fields (the ranged field and every field after
/// it dropped), and whether other keys sort between it and the fixed fields' full form.
struct Short<'a> {
    /// Bytes of the full form it keeps.
    len: usize,
    /// The key itself (an encoding's empty key when nothing is kept); `None` when the
    /// encoding refuses to write it.
    key: Option<&'a [u8]>,
    /// True when it must be a row of its own.
    apart: bool,
}

/// The key bytes of one segment of a ranged field after the fixed fields `p`; none when the
/// bounds exclude every key. Two ranges when the segment starts at the short key and that key
/// sorts apart from the others (see [`Short`]).
fn segment_ranges(p: &[u8], short: &Short<'_>, segment: &Segment, open: bool) -> Vec<ScanRange> {
    let joined = |e: &[u8]| [p, e].concat();
    // The first key with this value: its last-field form, or for a NULL the short key.
    let first = |e: &Enc| match e.short {
        Some(n) => joined(&e.bytes[..n]),
        None => p[..short.len].to_vec(),
    };
    // The first key after every key that has this field value.
    let after = |e: &[u8]| {
        if open {
            let mut k = joined(e);
            k.push(0);
            k
        } else {
            prefix_stop(&joined(e))
        }
    };
    let tagged = joined(&segment.tag);
    // Where the segment starts at the short key: the first key that writes the field.
    let written = match &segment.lo {
        Bound::Unbounded if segment.tag.is_empty() => Some(tagged.clone()),
        Bound::Included(e) if e.short.is_none() => Some(joined(&e.bytes)),
        _ => None,
    };
    let start = match &segment.lo {
        Bound::Unbounded if segment.tag.is_empty() => p[..short.len].to_vec(),
        Bound::Unbounded => tagged.clone(),
        Bound::Included(e) => first(e),
        Bound::Excluded(e) => {
            let s = after(&e.bytes);
            if s.is_empty() {
                // Nothing sorts after a value whose keys run to the end of the table.
                return Vec::new();
            }
            s
        }
    };
    let stop = match &segment.hi {
        Bound::Unbounded => prefix_stop(&tagged),
        Bound::Excluded(e) => {
            let s = first(e);
            if s.is_empty() {
                // Below the empty key there is nothing; an empty stop would mean the end.
                return Vec::new();
            }
            s
        }
        Bound::Included(e) => after(&e.bytes),
    };
    match (written, short.key) {
        // The short key, then the keys that write the field: what sorts between them (an HBase
        // DESC NULL's FA is above a DESC value's header) is not in the range.
        (Some(written), Some(key)) if short.apart => {
            let row = (stop.is_empty() || key < &stop[..]).then(|| ScanRange::row(key));
            row.into_iter()
                .chain([ScanRange {
                    start: written,
                    stop,
                }])
                .collect()
        }
        // The short key is no key: the rows start with the field.
        (Some(written), None) => vec![ScanRange {
            start: written,
            stop,
        }],
        _ => vec![ScanRange { start, stop }],
    }
}

/// `inner` under the salt bytes `salt`.
fn salted(salt: &[u8], inner: &ScanRange) -> ScanRange {
    let start = [salt, &inner.start[..]].concat();
    let stop = if inner.stop.is_empty() {
        prefix_stop(salt)
    } else {
        [salt, &inner.stop[..]].concat()
    };
    ScanRange { start, stop }
}
