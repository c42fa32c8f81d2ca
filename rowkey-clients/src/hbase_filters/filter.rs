//! HBase's row filters for a key layout: [`MultiRowRangeFilter`] (one scan over every range of
//! a fanned-out plan, instead of one scanner per salt bucket) and [`FuzzyRowFilter`] (the bytes
//! of some fields fixed at their offsets, every other byte free: "any bucket, this id").
//!
//! Neither filter is in HBase's filter language (`ParseFilter` registers neither, and neither
//! has `createFilterFromArguments`), so there is no `filterString` for them. They are given
//! here the two ways HBase takes them: the protobuf bytes of `hbase.pb.Filter` (Thrift 2's
//! `TScan.filterBytes`, HBase 2.2+, or any protobuf client), and the HBase shell's JRuby
//! expression for `scan 't', {FILTER => ...}`. `matches` is each filter's semantics as HBase
//! documents and implements it, for tests and for a look before a scan.

use super::protobuf;
use rowkey_runtime::hbase::shell_string;

/// The Java class of the multi-range filter, as `hbase.pb.Filter.name` carries it.
pub const MULTI_ROW_RANGE_FILTER: &str = "org.apache.hadoop.hbase.filter.MultiRowRangeFilter";
/// The Java class of the fuzzy filter.
pub const FUZZY_ROW_FILTER: &str = "org.apache.hadoop.hbase.filter.FuzzyRowFilter";

/// One `MultiRowRangeFilter.RowRange`: rows from `start` (inclusive) to `stop` (exclusive); an
/// empty `start` is the first row, an empty `stop` the end of the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowRange {
    /// The first row.
    pub start: Vec<u8>,
    /// The row after the last; empty for the end of the table.
    pub stop: Vec<u8>,
}

impl RowRange {
    /// `RowRange.contains` for a `[start, stop)` range.
    fn contains(&self, row: &[u8]) -> bool {
        row >= self.start.as_slice() && (self.stop.is_empty() || row < self.stop.as_slice())
    }
}

/// HBase's `MultiRowRangeFilter` over the ranges of a plan: one scan reads every range, the
/// filter seeking from one to the next. Made by
/// [`ScanPlanExt::to_multi_row_range_filter`](super::ScanPlanExt::to_multi_row_range_filter).
///
/// ```
/// use rowkey::hbase::ScanPlanExt;
/// use rowkey::RowKey;
///
/// #[derive(RowKey)]
/// #[salt(md5, buckets = 4, of = "id")]
/// struct Event { ts: u32, id: u32 }
///
/// let plan = Event::scan().ts(100..200).plan().unwrap();
/// let filter = plan.to_multi_row_range_filter();
/// assert_eq!(filter.ranges.len(), 4);
/// let key = Event { ts: 150, id: 7 }.encode().unwrap();
/// assert!(filter.matches(&key));
/// assert!(!filter.matches(&Event { ts: 200, id: 7 }.encode().unwrap()));
/// // The shell: scan 'events', {FILTER => ...}
/// assert!(filter.to_hbase_shell().starts_with("org.apache.hadoop.hbase.filter.MultiRowRangeFilter.new(["));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MultiRowRangeFilter {
    /// The ranges, sorted and disjoint (a plan's).
    pub ranges: Vec<RowRange>,
}

impl MultiRowRangeFilter {
    /// The filter over `ranges` (sorted and disjoint, as a plan's are).
    pub fn new(ranges: Vec<RowRange>) -> Self {
        MultiRowRangeFilter { ranges }
    }

    /// Whether HBase's filter lets `row` through: it lies in one of the ranges.
    pub fn matches(&self, row: &[u8]) -> bool {
        self.ranges.iter().any(|r| r.contains(row))
    }

    /// `MultiRowRangeFilter.toByteArray()`: `hbase.pb.MultiRowRangeFilter`, each range with its
    /// start (inclusive) and, unless it runs to the end of the table, its stop (exclusive).
    pub fn serialized(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for r in &self.ranges {
            let mut range = Vec::with_capacity(r.start.len() + r.stop.len() + 8);
            protobuf::bytes(&mut range, 1, &r.start);
            protobuf::boolean(&mut range, 2, true);
            if !r.stop.is_empty() {
                protobuf::bytes(&mut range, 3, &r.stop);
            }
            protobuf::boolean(&mut range, 4, false);
            protobuf::bytes(&mut out, 1, &range);
        }
        out
    }

    /// `hbase.pb.Filter` for this filter: the bytes of Thrift 2's `TScan.filterBytes`.
    pub fn to_filter_bytes(&self) -> Vec<u8> {
        protobuf::filter(MULTI_ROW_RANGE_FILTER, &self.serialized())
    }

    /// The same rows in HBase's filter language, for the `filterString` of a Thrift `TScan`
    /// (Thrift 1 has no `filterBytes`): per range `RowFilter(>=, 'binary:start') AND
    /// RowFilter(<, 'binary:stop')` (a bound that is the table's end left out), the ranges
    /// joined by `OR`; a `'` in a row is written `''`. No range is `RowFilter(<, 'binary:')`,
    /// which no row passes.
    ///
    /// `ParseFilter` takes the bytes as they are (`binary:` takes the rest of the argument, any
    /// byte) and Thrift carries `filterString` as bytes, so any row key works. HBase evaluates
    /// these row filters on every row between the scan's start and stop rows, where
    /// `MultiRowRangeFilter` seeks from range to range: prefer
    /// [`to_filter_bytes`](Self::to_filter_bytes) where the gateway takes them (Thrift 2, HBase
    /// 2.2+). Not for the HBase shell, whose Ruby strings reach `ParseFilter` as UTF-8: use
    /// [`to_hbase_shell`](Self::to_hbase_shell) there.
    ///
    /// ```
    /// use rowkey::hbase::{MultiRowRangeFilter, RowRange};
    ///
    /// let filter = MultiRowRangeFilter::new(vec![
    ///     RowRange { start: b"a".to_vec(), stop: b"b'".to_vec() },
    ///     RowRange { start: b"x".to_vec(), stop: vec![] },
    /// ]);
    /// assert_eq!(
    ///     filter.to_filter_string(),
    ///     b"(RowFilter(>=, 'binary:a') AND RowFilter(<, 'binary:b''')) OR RowFilter(>=, 'binary:x')"
    /// );
    /// ```
    pub fn to_filter_string(&self) -> Vec<u8> {
        let row_filter = |op: &[u8], row: &[u8]| {
            let mut f = [b"RowFilter(", op, b", 'binary:"].concat();
            for &b in row {
                f.push(b);
                if b == b'\'' {
                    f.push(b'\'');
                }
            }
            f.extend_from_slice(b"')");
            f
        };
        if self.ranges.is_empty() {
            return row_filter(b"<", b"");
        }
        let ranges: Vec<Vec<u8>> = self
            .ranges
            .iter()
            .map(|r| {
                let lower = (!r.start.is_empty()).then(|| row_filter(b">=", &r.start));
                let upper = (!r.stop.is_empty()).then(|| row_filter(b"<", &r.stop));
                match (lower, upper) {
                    (Some(lower), Some(upper)) => {
                        [&b"("[..], &lower, b" AND ", &upper, b")"].concat()
                    }
                    (Some(one), None) | (None, Some(one)) => one,
                    (None, None) => row_filter(b">=", b""),
                }
            })
            .collect();
        ranges.join(&b" OR "[..])
    }

    /// The HBase shell's expression for `FILTER => ...`: the filter built with its Java
    /// constructor, each row as a Ruby string turned into Java bytes.
    pub fn to_hbase_shell(&self) -> String {
        let ranges: Vec<String> = self
            .ranges
            .iter()
            .map(|r| {
                format!(
                    "{MULTI_ROW_RANGE_FILTER}::RowRange.new({}.to_java_bytes, true, {}.to_java_bytes, false)",
                    shell_string(&r.start),
                    shell_string(&r.stop)
                )
            })
            .collect();
        format!("{MULTI_ROW_RANGE_FILTER}.new([{}])", ranges.join(", "))
    }
}

/// Why a [`FuzzyRowFilter`] cannot be made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FuzzyError {
    /// No field has this name.
    UnknownField(String),
    /// The field has no fixed place in every key: a field of varying width comes before it, or
    /// its own width varies.
    NotAtFixedOffset(&'static str),
    /// No field was given: every row would match.
    NoField,
    /// The template does not encode.
    Encode(String),
}

impl core::fmt::Display for FuzzyError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            FuzzyError::UnknownField(name) => write!(f, "the key has no field `{name}`"),
            FuzzyError::NotAtFixedOffset(name) => write!(
                f,
                "field `{name}` has no fixed offset and width in every key (a field of varying \
                 width comes before it, or its own width varies), so a fuzzy row key cannot pin it"
            ),
            FuzzyError::NoField => {
                f.write_str("a fuzzy row filter needs at least one field to fix")
            }
            FuzzyError::Encode(e) => write!(f, "the template does not encode: {e}"),
        }
    }
}

impl std::error::Error for FuzzyError {}

/// HBase's `FuzzyRowFilter` with one fuzzy key: the bytes of some fields fixed, every other
/// byte (the salt, the other fields) free. For "any bucket, this id" or "any date, this id"
/// lookups on a key whose fields before them have fixed widths. The pattern ends with the last
/// fixed field, so every key of the layout is compared on every fixed byte.
///
/// ```
/// use rowkey::hbase::FuzzyRowFilter;
/// use rowkey::RowKey;
///
/// #[derive(RowKey)]
/// #[salt(md5, buckets = 8, of = "user")]
/// struct Visit { user: u32, day: u32, page: u32 }
///
/// // Every visit to page 42, whatever the user, day and bucket.
/// let template = Visit { user: 0, day: 0, page: 42 };
/// let filter = FuzzyRowFilter::matching(&template, &["page"]).unwrap();
/// assert_eq!(filter.mask, [1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0]);
/// assert!(filter.matches(&Visit { user: 7, day: 19000, page: 42 }.encode().unwrap()));
/// assert!(!filter.matches(&Visit { user: 7, day: 19000, page: 43 }.encode().unwrap()));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FuzzyRowFilter {
    /// The fuzzy row key: the fixed bytes, `00` where the mask is 1.
    pub key: Vec<u8>,
    /// One byte per byte of `key`: `0` fixed, `1` any.
    pub mask: Vec<u8>,
}

impl FuzzyRowFilter {
    /// The filter fixing the bytes of `key` within `spans` (each `start..end`), every other
    /// byte free; the pattern ends with the last span. (For a key type, see
    /// [`FuzzyRowFilter::matching`].)
    ///
    /// ```
    /// use rowkey::hbase::FuzzyRowFilter;
    ///
    /// let f = FuzzyRowFilter::from_spans(b"\x07abcd", &[3..5]);
    /// assert_eq!((f.key, f.mask), (b"\0\0\0cd".to_vec(), vec![1, 1, 1, 0, 0]));
    /// ```
    pub fn from_spans(key: &[u8], spans: &[core::ops::Range<usize>]) -> Self {
        let end = spans
            .iter()
            .map(|s| s.end)
            .max()
            .unwrap_or(0)
            .min(key.len());
        let mut mask = vec![1u8; end];
        for span in spans {
            mask[span.start.min(end)..span.end.min(end)].fill(0);
        }
        let key = key[..end]
            .iter()
            .zip(&mask)
            .map(|(&b, &m)| if m == 0 { b } else { 0 })
            .collect();
        FuzzyRowFilter { key, mask }
    }

    /// Whether HBase's filter lets `row` through (`FuzzyRowFilter.satisfies`): every fixed byte
    /// equal, comparing no further than the shorter of the row and the pattern.
    pub fn matches(&self, row: &[u8]) -> bool {
        row.iter()
            .zip(self.key.iter().zip(&self.mask))
            .all(|(r, (k, m))| *m != 0 || r == k)
    }

    /// `FuzzyRowFilter.toByteArray()`: `hbase.pb.FuzzyRowFilter` with one `BytesBytesPair`
    /// (the key, the mask as written by the client: `0` fixed, `1` any).
    pub fn serialized(&self) -> Vec<u8> {
        let mut pair = Vec::with_capacity(self.key.len() * 2 + 4);
        protobuf::bytes(&mut pair, 1, &self.key);
        protobuf::bytes(&mut pair, 2, &self.mask);
        let mut out = Vec::with_capacity(pair.len() + 2);
        protobuf::bytes(&mut out, 1, &pair);
        out
    }

    /// `hbase.pb.Filter` for this filter: the bytes of Thrift 2's `TScan.filterBytes`.
    pub fn to_filter_bytes(&self) -> Vec<u8> {
        protobuf::filter(FUZZY_ROW_FILTER, &self.serialized())
    }

    /// The HBase shell's expression for `FILTER => ...`.
    pub fn to_hbase_shell(&self) -> String {
        format!(
            "{FUZZY_ROW_FILTER}.new([org.apache.hadoop.hbase.util.Pair.new({}.to_java_bytes, {}.to_java_bytes)])",
            shell_string(&self.key),
            shell_string(&self.mask)
        )
    }
}
