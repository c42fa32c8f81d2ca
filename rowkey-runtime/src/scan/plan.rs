//! [`ScanPlan`]: the ranges that hold exactly the rows of a partial key, what they hold, and
//! the merge of their rows.

use core::fmt;

use super::range::{prefix_stop, ScanRange};
use crate::hbase::shell_string;
use crate::merge::{Merge, RowItem};

/// The most ranges a [`ScanPlan`] holds: a scan that does not fix the fields a salt hashes
/// needs one range per distinct salt, and a wider plan is an [`EncodeError::TooManyRanges`](crate::EncodeError::TooManyRanges)
/// (a `width = 1` salt has at most 256, a `width = 2` one 65,536, whatever its bucket count).
/// `full_scan()` of such a key is one range over the whole table, whose rows come in salt order.
pub const MAX_PLAN_RANGES: usize = 1 << 16;

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
    pub(super) ranges: Vec<ScanRange>,
    pub(super) point: bool,
    pub(super) salt_len: usize,
    /// Rows the ranges hold that are not matches: set when a raw `#[java]` string is fixed
    /// before other fields, so `"row1"` also spans `"row10"`'s keys. Only keys of this length
    /// match (the raw string being the key's only variable-length part).
    pub(super) key_len: Option<usize>,
    /// The layout fingerprint of the key whose builder made the plan (`None` for a plan of
    /// bytes, [`ScanPlan::from_range`]).
    pub(super) key: Option<u64>,
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
    /// The plan of one range, read in key order: a unit of a migration, a table's split, a
    /// range built by hand.
    ///
    /// ```
    /// use rowkey::{ScanPlan, ScanRange};
    ///
    /// let plan = ScanPlan::from_range(ScanRange::prefix(b"user#7"));
    /// assert_eq!(plan.ranges(), [ScanRange::prefix(b"user#7")]);
    /// assert!(plan.contains(b"user#7/a") && !plan.contains(b"user#8"));
    /// assert!(ScanPlan::from_range(ScanRange::row(b"a").after(b"a")).ranges().is_empty());
    /// ```
    pub fn from_range(range: ScanRange) -> ScanPlan {
        ScanPlan {
            ranges: if range.is_empty() {
                Vec::new()
            } else {
                vec![range]
            },
            point: false,
            salt_len: 0,
            key_len: None,
            key: None,
        }
    }

    /// The ranges to scan, in bucket order. Empty when the bounds exclude every row.
    pub fn ranges(&self) -> &[ScanRange] {
        &self.ranges
    }

    /// The plan's rows after `row` in logical order (the key after the salt): the next page
    /// of a merged read whose last row was `row`. Each range starts after the key that `row`'s
    /// logical key has under the range's salt; ranges left empty are dropped.
    ///
    /// ```
    /// use rowkey::RowKey;
    ///
    /// #[derive(RowKey, Debug, PartialEq)]
    /// #[salt(md5, buckets = 4, of = "id")]
    /// struct Event { day: u32, id: u64 }
    ///
    /// let plan = Event::scan().day(7).plan().unwrap();
    /// let last = Event { day: 7, id: 40 }.encode().unwrap();
    /// let next = plan.after(&last);
    /// for id in [0u64, 39, 40, 41, 99] {
    ///     let key = Event { day: 7, id }.encode().unwrap();
    ///     assert_eq!(next.contains(&key), id > 40, "{id}");
    /// }
    /// // Descending reads continue below: `before`.
    /// assert!(plan.before(&last).contains(&Event { day: 7, id: 39 }.encode().unwrap()));
    /// ```
    pub fn after(&self, row: &[u8]) -> ScanPlan {
        self.narrowed(row, |range, key| range.after(key))
    }

    /// The plan's rows before `row` in logical order: the next page of a descending merged
    /// read (see [`after`](Self::after)).
    pub fn before(&self, row: &[u8]) -> ScanPlan {
        self.narrowed(row, |range, key| range.before(key))
    }

    /// Each range cut at `row`'s logical key under the range's own salt (or at `row` itself
    /// where a range spans several salts), empty ranges dropped.
    fn narrowed(&self, row: &[u8], cut: impl Fn(&ScanRange, &[u8]) -> ScanRange) -> ScanPlan {
        let logical = row.get(self.salt_len..).unwrap_or(&[]);
        let ranges = self
            .ranges
            .iter()
            .map(|r| match self.one_salt(r) {
                Some(salt) => cut(r, &[salt, logical].concat()),
                None => cut(r, row),
            })
            .filter(|r| !r.is_empty())
            .collect();
        ScanPlan {
            ranges,
            point: self.point,
            salt_len: self.salt_len,
            key_len: self.key_len,
            key: self.key,
        }
    }

    /// The one range from the first range's start to the last range's stop (the ranges are
    /// sorted): what a single scan with the plan's filter reads. `None` for a plan without
    /// ranges.
    ///
    /// ```
    /// use rowkey::RowKey;
    ///
    /// #[derive(RowKey)]
    /// #[salt(md5, buckets = 4, of = "id")]
    /// struct Event { day: u32, id: u64 }
    ///
    /// let plan = Event::scan().day(19_000).plan().unwrap();
    /// let span = plan.span().unwrap();
    /// // Bucket 0's day 19000 (0x4A38) up to the row after bucket 3's.
    /// assert_eq!(span.start, [0, 0, 0, 0x4A, 0x38]);
    /// assert_eq!(span.stop, [3, 0, 0, 0x4A, 0x39]);
    /// assert!(plan.ranges().iter().all(|r| span.start <= r.start && r.stop <= span.stop));
    /// ```
    pub fn span(&self) -> Option<ScanRange> {
        let (first, last) = (self.ranges.first()?, self.ranges.last()?);
        Some(ScanRange {
            start: first.start.clone(),
            stop: last.stop.clone(),
        })
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

    /// The layout fingerprint of the key whose builder made the plan
    /// ([`RowKey::LAYOUT_FINGERPRINT`](crate::RowKey::LAYOUT_FINGERPRINT)); `None` for a plan
    /// of bytes ([`from_range`](Self::from_range)).
    pub fn key_fingerprint(&self) -> Option<u64> {
        self.key
    }

    /// Whether the plan may be read as keys of `K`: made by the builder of a key of `K`'s
    /// layout (the same bytes: names aside, as the fingerprint is), or of bytes (which any key
    /// may read). A plan of another layout would match none of `K`'s rows, or others.
    ///
    /// ```
    /// use rowkey::RowKey;
    ///
    /// #[derive(RowKey)]
    /// struct Visit { user: u32, day: u32 }
    /// #[derive(RowKey)]
    /// struct Order { shop: u64, day: u32 }
    ///
    /// let plan = Visit::scan().user(7).plan().unwrap();
    /// assert!(plan.is_for::<Visit>() && !plan.is_for::<Order>());
    /// assert!(rowkey::ScanPlan::from_range(rowkey::ScanRange::all()).is_for::<Order>());
    /// ```
    pub fn is_for<K: crate::RowKey>(&self) -> bool {
        self.key.is_none_or(|k| k == K::LAYOUT_FINGERPRINT)
    }

    /// Bytes of salt at the front of each key (after a subspace's prefix, with it); the merge
    /// orders rows by what follows.
    pub fn salt_len(&self) -> usize {
        self.salt_len
    }

    /// The salt every key of `range` starts with, when it has one (a range of one bucket).
    fn one_salt<'r>(&self, range: &'r ScanRange) -> Option<&'r [u8]> {
        range.start.get(..self.salt_len).filter(|salt| {
            self.salt_len > 0 && (range.stop.starts_with(salt) || range.stop == prefix_stop(salt))
        })
    }

    /// The bytes a merge of the plan's streams skips: the salt, unless a range spans several
    /// salts (a full scan of a key salted with a hash prefix), whose rows can only come in
    /// stored order; then none, and the merged rows come in stored order.
    pub(crate) fn merge_skip(&self) -> usize {
        if self.ranges.iter().all(|r| self.one_salt(r).is_some()) {
            self.salt_len
        } else {
            0
        }
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

    /// The plan of the same rows under `prefix` (a subspace): every range moved under it, an
    /// end of table becoming the end of the prefix, and the prefix skipped with the salt when
    /// rows are merged.
    pub(crate) fn under(&self, prefix: &[u8]) -> ScanPlan {
        let moved = |key: &[u8]| [prefix, key].concat();
        ScanPlan {
            ranges: self
                .ranges
                .iter()
                .map(|r| ScanRange {
                    start: moved(&r.start),
                    stop: if r.stop.is_empty() {
                        prefix_stop(prefix)
                    } else {
                        moved(&r.stop)
                    },
                })
                .collect(),
            point: self.point,
            salt_len: prefix.len() + self.salt_len,
            key_len: self.key_len.map(|n| prefix.len() + n),
            key: self.key,
        }
    }

    /// Merges one sorted stream per range (in the order of [`ranges`](Self::ranges)) into one
    /// stream in global key order, salt ignored. See [`Merge`]. Where a range spans several
    /// salts (a full scan of a key salted with a hash prefix), rows can only come in stored
    /// order, and do.
    pub fn merge<I>(&self, streams: impl IntoIterator<Item = I>) -> Merge<I>
    where
        I: Iterator,
        I::Item: RowItem,
    {
        Merge::new(streams, self.merge_skip()).key_len(self.key_len)
    }
}
