//! Region split points: HBase's own algorithms byte for byte (RegionSplitter's
//! `HexStringSplit`, `DecimalStringSplit`, `UniformSplit`, `Bytes.split`, the Admin's
//! `getSplitKeys` and the HBase book's `getHexSplits`), bucket-aligned splits for salted keys,
//! quantiles of a sample, and [`check`], which finds regions no key can reach.

mod big;

use core::fmt;

use big::Big;

use crate::hbase::to_string_binary;
use crate::salt::{Salt, SaltText};

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
                    "last row ({last}) is configured less than first row ({first})"
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
            SplitError::NeedsSample(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for SplitError {}

/// HBase's `Bytes.split(a, b, num)`: `num + 2` keys, `a`, then `num` evenly spaced keys, then `b`.
/// The shorter input is zero-padded to the longer; when the range holds fewer than `num + 1`
/// values both get another `00` byte (and the returned ends are those extended arrays).
///
/// ```
/// use rowkey::splits::bytes_split;
/// let keys = bytes_split(b"", b"\x7a", 4).unwrap();
/// assert_eq!(keys, [vec![], vec![0x18], vec![0x30], vec![0x48], vec![0x60], vec![0x7a]]);
/// ```
pub fn bytes_split(a: &[u8], b: &[u8], num: usize) -> Result<Vec<Vec<u8>>, SplitError> {
    bytes_split_inclusive(a, b, false, num)
}

/// `Bytes.split(a, b, inclusive, num)`: `inclusive` adds one to the range before dividing.
pub fn bytes_split_inclusive(
    a: &[u8],
    b: &[u8],
    inclusive: bool,
    num: usize,
) -> Result<Vec<Vec<u8>>, SplitError> {
    let len = a.len().max(b.len());
    let mut a_padded = a.to_vec();
    a_padded.resize(len, 0);
    let mut b_padded = b.to_vec();
    b_padded.resize(len, 0);
    if a_padded >= b_padded {
        return Err(SplitError::EndNotAfterStart);
    }
    if num == 0 {
        return Err(SplitError::NoSplits);
    }
    let header = |p: &[u8]| Big::from_be_bytes(&[&[1, 0][..], p].concat());
    let start = header(&a_padded);
    let stop = header(&b_padded);
    let mut diff = stop.sub(&start);
    if inclusive {
        diff = diff.add(&Big::from_u64(1));
    }
    let splits = Big::from_u64(num as u64 + 1);
    if diff < splits {
        a_padded.push(0);
        b_padded.push(0);
        return bytes_split_inclusive(&a_padded, &b_padded, inclusive, num);
    }
    let interval = diff.div_u64(num as u64 + 1);
    let mut out = Vec::with_capacity(num + 2);
    out.push(a.to_vec());
    for i in 1..=num {
        let cur = start.add(&interval.mul_u64(i as u64)).to_be_bytes();
        // Drop the `01 00` header (or just `01` if the value grew into it).
        let drop = if cur.get(1) == Some(&0) { 2 } else { 1 };
        out.push(cur[drop.min(cur.len())..].to_vec());
    }
    out.push(b.to_vec());
    Ok(out)
}

/// `RawAsyncHBaseAdmin.getSplitKeys`: what `Admin.createTable(desc, start, end, regions)` uses.
pub fn admin_split_keys(
    start: &[u8],
    end: &[u8],
    regions: usize,
) -> Result<Vec<Vec<u8>>, SplitError> {
    if regions < 3 {
        return Err(SplitError::TooFewRegions);
    }
    if start >= end {
        return Err(SplitError::StartNotBeforeEnd);
    }
    if regions == 3 {
        return Ok(vec![start.to_vec(), end.to_vec()]);
    }
    bytes_split(start, end, regions - 3)
}

/// The HBase book's `getHexSplits(startKey, endKey, numRegions)`: `numRegions - 1` keys,
/// `String.format("%016x", …)` of evenly spaced values between two hex strings.
pub fn book_hex_splits(start: &str, end: &str, regions: usize) -> Result<Vec<Vec<u8>>, SplitError> {
    let parse = |s: &str| {
        Big::parse(s, 16).ok_or_else(|| SplitError::NotANumber {
            row: s.into(),
            radix: 16,
        })
    };
    let (lo, hi) = (parse(start)?, parse(end)?);
    if regions == 0 {
        return Err(SplitError::Empty);
    }
    let increment = hi.sub(&lo).div_u64(regions as u64);
    let first = lo.add(&increment);
    Ok((0..regions - 1)
        .map(|i| {
            format!(
                "{:0>16}",
                first.add(&increment.mul_u64(i as u64)).to_string_radix(16)
            )
            .into_bytes()
        })
        .collect())
}

/// RegionSplitter's `HexStringSplit` and `DecimalStringSplit`: rows are zero-padded numbers in
/// text (lowercase hex), as wide as the last row.
#[derive(Debug, Clone)]
pub struct NumberStringSplit {
    name: &'static str,
    radix: u32,
    first: Big,
    last: Big,
    width: usize,
}

impl NumberStringSplit {
    /// `HexStringSplit`: `00000000` to `ffffffff`.
    pub fn hex() -> Self {
        Self::new("HexStringSplit", 16, "FFFFFFFF")
    }

    /// `DecimalStringSplit`: `00000000` to `99999999`.
    pub fn decimal() -> Self {
        Self::new("DecimalStringSplit", 10, "99999999")
    }

    fn new(name: &'static str, radix: u32, last: &str) -> Self {
        NumberStringSplit {
            name,
            radix,
            // As in HBase: the first row starts at zero whatever the default string says.
            first: Big::default(),
            last: Big::parse(last, radix).unwrap_or_default(),
            width: last.len(),
        }
    }

    fn parse(&self, s: &str) -> Result<Big, SplitError> {
        Big::parse(s, self.radix).ok_or_else(|| SplitError::NotANumber {
            row: s.into(),
            radix: self.radix,
        })
    }

    /// `setFirstRow`.
    pub fn set_first_row(&mut self, row: &str) -> Result<(), SplitError> {
        self.first = self.parse(row)?;
        Ok(())
    }

    /// `setLastRow`; the rows' width becomes its length.
    pub fn set_last_row(&mut self, row: &str) -> Result<(), SplitError> {
        self.last = self.parse(row)?;
        self.width = row.len();
        Ok(())
    }

    fn row(&self, n: &Big) -> Vec<u8> {
        format!(
            "{:0>width$}",
            n.to_string_radix(self.radix),
            width = self.width
        )
        .into_bytes()
    }

    fn number(&self, row: &[u8]) -> Result<Big, SplitError> {
        if row.is_empty() {
            return Ok(Big::default());
        }
        let s = core::str::from_utf8(row).map_err(|_| SplitError::NotANumber {
            row: to_string_binary(row),
            radix: self.radix,
        })?;
        self.parse(s)
    }

    /// `firstRow()`.
    pub fn first_row(&self) -> Vec<u8> {
        self.row(&self.first)
    }

    /// `lastRow()`.
    pub fn last_row(&self) -> Vec<u8> {
        self.row(&self.last)
    }

    /// `split(n)`: `n - 1` split points; the last region gets the remainder.
    pub fn split(&self, n: usize) -> Result<Vec<Vec<u8>>, SplitError> {
        if self.last <= self.first {
            return Err(SplitError::LastBeforeFirst {
                first: String::from_utf8_lossy(&self.first_row()).into(),
                last: String::from_utf8_lossy(&self.last_row()).into(),
            });
        }
        self.spaced(&self.first, &self.last, n)
            .map(|(_, points)| points)
    }

    fn spaced(&self, s: &Big, e: &Big, n: usize) -> Result<(Big, Vec<Vec<u8>>), SplitError> {
        if n == 0 {
            return Err(SplitError::Empty);
        }
        let range = e.sub(s).add(&Big::from_u64(1));
        if range < Big::from_u64(n as u64) {
            return Err(SplitError::TooManySplits {
                n,
                range: range.to_string_radix(10),
            });
        }
        let size = range.div_u64(n as u64);
        Ok((
            size.clone(),
            (1..n)
                .map(|i| self.row(&s.add(&size.mul_u64(i as u64))))
                .collect(),
        ))
    }

    /// `split(start, end, numSplits, inclusive)`.
    pub fn split_between(
        &self,
        start: &[u8],
        end: &[u8],
        num_splits: usize,
        inclusive: bool,
    ) -> Result<Vec<Vec<u8>>, SplitError> {
        let (s, e) = (self.number(start)?, self.number(end)?);
        if e <= s {
            return Err(SplitError::LastBeforeFirst {
                first: to_string_binary(start),
                last: to_string_binary(end),
            });
        }
        let (_, mut points) = self.spaced(&s, &e, num_splits)?;
        if inclusive {
            points.insert(0, self.row(&s));
            points.push(self.row(&e));
        }
        Ok(points)
    }

    /// `split(start, end)`: the midpoint, `(start + end + 1) / 2` (the end row counts as
    /// inclusive, as HBase's output shows: `00000000`..`FFFFFFFF` splits at `80000000`).
    pub fn midpoint(&self, start: &[u8], end: &[u8]) -> Result<Vec<u8>, SplitError> {
        let (s, e) = (self.number(start)?, self.number(end)?);
        if e.is_zero() {
            return Err(SplitError::Empty);
        }
        Ok(self.row(&s.add(&e).add(&Big::from_u64(1)).div_u64(2)))
    }
}

impl fmt::Display for NumberStringSplit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} [{},{}]",
            self.name,
            String::from_utf8_lossy(&self.first_row()),
            String::from_utf8_lossy(&self.last_row())
        )
    }
}

/// RegionSplitter's `UniformSplit`: raw bytes from empty to eight `FF`.
#[derive(Debug, Clone)]
pub struct UniformSplit {
    first: Vec<u8>,
    last: Vec<u8>,
}

impl Default for UniformSplit {
    fn default() -> Self {
        UniformSplit {
            first: Vec::new(),
            last: vec![0xFF; 8],
        }
    }
}

impl UniformSplit {
    /// The defaults.
    pub fn new() -> Self {
        Self::default()
    }

    /// `setFirstRow` (parsed with `toBytesBinary`).
    pub fn set_first_row(&mut self, row: &str) {
        self.first = crate::hbase::from_string_binary(row);
    }

    /// `setLastRow` (parsed with `toBytesBinary`).
    pub fn set_last_row(&mut self, row: &str) {
        self.last = crate::hbase::from_string_binary(row);
    }

    /// `firstRow()`.
    pub fn first_row(&self) -> Vec<u8> {
        self.first.clone()
    }

    /// `lastRow()`.
    pub fn last_row(&self) -> Vec<u8> {
        self.last.clone()
    }

    /// `split(n)`: `n - 1` split points.
    pub fn split(&self, n: usize) -> Result<Vec<Vec<u8>>, SplitError> {
        if self.last <= self.first {
            return Err(SplitError::LastBeforeFirst {
                first: to_string_binary(&self.first),
                last: to_string_binary(&self.last),
            });
        }
        let all = bytes_split_inclusive(&self.first, &self.last, true, n.saturating_sub(1))?;
        Ok(all[1..all.len() - 1].to_vec())
    }

    /// `split(start, end, numSplits, inclusive)`; empty ends mean the configured rows.
    pub fn split_between(
        &self,
        start: &[u8],
        end: &[u8],
        num_splits: usize,
        inclusive: bool,
    ) -> Result<Vec<Vec<u8>>, SplitError> {
        let start = if start.is_empty() {
            &self.first[..]
        } else {
            start
        };
        let end = if end.is_empty() { &self.last[..] } else { end };
        if end <= start {
            return Err(SplitError::LastBeforeFirst {
                first: to_string_binary(start),
                last: to_string_binary(end),
            });
        }
        // HBase always divides the inclusive range, then drops the ends if not asked for.
        let all = bytes_split_inclusive(start, end, true, num_splits.saturating_sub(1))?;
        Ok(if inclusive {
            all
        } else {
            all[1..all.len() - 1].to_vec()
        })
    }

    /// `split(start, end)`: the midpoint.
    pub fn midpoint(&self, start: &[u8], end: &[u8]) -> Result<Vec<u8>, SplitError> {
        Ok(bytes_split(start, end, 1)?.swap_remove(1))
    }
}

impl fmt::Display for UniformSplit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "UniformSplit [{},{}]",
            to_string_binary(&self.first),
            to_string_binary(&self.last)
        )
    }
}

/// `HexStringSplit` with its defaults: `n - 1` split points for `n` regions.
///
/// ```
/// let s = rowkey::splits::hex_string(4).unwrap();
/// assert_eq!(s, [b"40000000".to_vec(), b"80000000".to_vec(), b"c0000000".to_vec()]);
/// ```
pub fn hex_string(regions: usize) -> Result<Vec<Vec<u8>>, SplitError> {
    NumberStringSplit::hex().split(regions)
}

/// `DecimalStringSplit` with its defaults.
pub fn decimal_string(regions: usize) -> Result<Vec<Vec<u8>>, SplitError> {
    NumberStringSplit::decimal().split(regions)
}

/// `UniformSplit` with its defaults: 8-byte split points.
pub fn uniform(regions: usize) -> Result<Vec<Vec<u8>>, SplitError> {
    UniformSplit::new().split(regions)
}

/// Split points on bucket bytes: with `regions == buckets`, Phoenix's pre-split (`[01]` …
/// `[n-1]`); with fewer regions, whole buckets spread evenly. Never inside a bucket: more
/// regions than buckets is an error (use [`from_sample`] to split inside buckets).
///
/// ```
/// let s = rowkey::splits::salt_buckets(16, 4).unwrap();
/// assert_eq!(s, [vec![4], vec![8], vec![12]]);
/// ```
pub fn salt_buckets(buckets: u16, regions: usize) -> Result<Vec<Vec<u8>>, SplitError> {
    bucket_starts(usize::from(buckets), regions)
        .map(|b| b.into_iter().map(|b| vec![b as u8]).collect())
}

/// The first bucket of every region but the first.
pub(crate) fn bucket_starts(buckets: usize, regions: usize) -> Result<Vec<usize>, SplitError> {
    if regions == 0 || buckets == 0 {
        return Err(SplitError::Empty);
    }
    if regions > buckets {
        return Err(SplitError::NeedsSample(
            "more regions than salt buckets would split inside a bucket; split at most one region per bucket or use splits::from_sample",
        ));
    }
    Ok((1..regions)
        .map(|i| (i as u128 * buckets as u128 / regions as u128) as usize)
        .collect())
}

/// Split points at the quantiles of a sample of real keys (sorted, distinct).
///
/// ```
/// let sample: Vec<Vec<u8>> = (0..100u8).map(|i| vec![i]).collect();
/// assert_eq!(rowkey::splits::from_sample(&sample, 4).unwrap(), [vec![25], vec![50], vec![75]]);
/// ```
pub fn from_sample<K: AsRef<[u8]>>(keys: &[K], regions: usize) -> Result<Vec<Vec<u8>>, SplitError> {
    if regions == 0 {
        return Err(SplitError::Empty);
    }
    let mut sorted: Vec<&[u8]> = keys.iter().map(AsRef::as_ref).collect();
    sorted.sort_unstable();
    sorted.dedup();
    if sorted.len() < regions {
        return Err(SplitError::TooManySplits {
            n: regions,
            range: sorted.len().to_string(),
        });
    }
    let mut points: Vec<Vec<u8>> = (1..regions)
        .map(|i| sorted[i * sorted.len() / regions].to_vec())
        .collect();
    points.dedup();
    Ok(points)
}

/// The keys a layout can produce, for [`check`]: fixed-length strings over an alphabet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeySpace {
    len: usize,
    alphabet: Vec<u8>,
}

impl KeySpace {
    /// Keys of exactly `len` bytes, each one of `alphabet`.
    pub fn new(len: usize, alphabet: &[u8]) -> Self {
        let mut alphabet = alphabet.to_vec();
        alphabet.sort_unstable();
        alphabet.dedup();
        KeySpace { len, alphabet }
    }

    /// `len` lowercase hex digits (`{:016x}` keys).
    pub fn hex(len: usize) -> Self {
        Self::new(len, b"0123456789abcdef")
    }

    /// `len` decimal digits.
    pub fn decimal(len: usize) -> Self {
        Self::new(len, b"0123456789")
    }

    /// `len` arbitrary bytes.
    pub fn bytes(len: usize) -> Self {
        Self::new(len, &(0..=255).collect::<Vec<u8>>())
    }

    /// The smallest key of the space that is `>= from`.
    fn ceil(&self, from: &[u8]) -> Option<Vec<u8>> {
        let (min, a) = (*self.alphabet.first()?, &self.alphabet);
        let valid = from
            .iter()
            .take(self.len)
            .take_while(|b| a.binary_search(b).is_ok())
            .count();
        if valid == from.len() && from.len() <= self.len {
            let mut k = from.to_vec();
            k.resize(self.len, min);
            return Some(k);
        }
        for i in (0..=valid.min(self.len.saturating_sub(1))).rev() {
            if let Some(&c) = a.iter().find(|&&c| Some(&c) > from.get(i)) {
                let mut k = from[..i].to_vec();
                k.push(c);
                k.resize(self.len, min);
                return Some(k);
            }
        }
        None
    }
}

/// What [`check`] found: the regions (by index, 0 = before the first split point) that no key
/// of the key space falls into.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Check {
    /// Number of regions (`splits.len() + 1`).
    pub regions: usize,
    /// Regions no key can reach.
    pub unreachable: Vec<usize>,
    bounds: Vec<(Vec<u8>, Vec<u8>)>,
}

impl Check {
    /// True when every region can receive keys.
    pub fn is_ok(&self) -> bool {
        self.unreachable.is_empty()
    }
}

impl fmt::Display for Check {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_ok() {
            return write!(f, "all {} regions can receive keys", self.regions);
        }
        write!(
            f,
            "{} of {} regions can never receive a key:",
            self.unreachable.len(),
            self.regions
        )?;
        for &i in &self.unreachable {
            let (s, e) = &self.bounds[i];
            write!(
                f,
                "\n  region {i}: [{}, {})",
                to_string_binary(s),
                if e.is_empty() {
                    "end".into()
                } else {
                    to_string_binary(e)
                }
            )?;
        }
        Ok(())
    }
}

/// Finds the regions that no key of `space` can fall into: the HBase book's lesson that hex
/// keys split with `Bytes.split` leave regions in between that only bytes like `:` or `a`..`f`
/// the keys never contain would reach.
///
/// ```
/// use rowkey::splits::{check, hex_string, KeySpace};
/// assert!(check(&hex_string(10).unwrap(), &KeySpace::hex(8)).is_ok());
/// ```
pub fn check<K: AsRef<[u8]>>(splits: &[K], space: &KeySpace) -> Check {
    let mut bounds = Vec::with_capacity(splits.len() + 1);
    let mut start: Vec<u8> = Vec::new();
    for s in splits {
        bounds.push((start.clone(), s.as_ref().to_vec()));
        start = s.as_ref().to_vec();
    }
    bounds.push((start, Vec::new()));
    let unreachable = bounds
        .iter()
        .enumerate()
        .filter(|(_, (s, e))| match space.ceil(s) {
            Some(k) => !e.is_empty() && k >= *e,
            None => true,
        })
        .map(|(i, _)| i)
        .collect();
    Check {
        regions: bounds.len(),
        unreachable,
        bounds,
    }
}

/// Split points for a key layout: `K::split_points` calls this with the layout's constants.
///
/// - bucket salts: whole buckets per region ([`salt_buckets`], in the text form of the salt);
/// - an md5 prefix: evenly over the digest (raw bytes, or uppercase hex in a text key);
/// - no salt, a leading `#[hex(N)]` / `#[decimal(N)]` field: `HexStringSplit` /
///   `DecimalStringSplit` over N digits;
/// - otherwise the key space depends on the data: [`SplitError::NeedsSample`].
#[doc(hidden)]
pub fn for_layout(
    salt: Salt,
    text: Option<SaltText>,
    leading: Option<(u32, usize, u128)>,
    regions: usize,
) -> Result<Vec<Vec<u8>>, SplitError> {
    if regions == 0 {
        return Err(SplitError::Empty);
    }
    if regions == 1 {
        return Ok(Vec::new());
    }
    match (salt, salt.buckets()) {
        (_, Some(_)) => match text {
            // Every distinct salt as it appears in the key, in byte order: at most 256 in a
            // text key.
            Some(t) => {
                let mut rendered: Vec<Vec<u8>> = salt
                    .bucket_salts()
                    .iter()
                    .map(|b| {
                        let mut out = [0u8; 32];
                        let n = t.render(b, &mut out);
                        out[..n].to_vec()
                    })
                    .collect();
                rendered.sort();
                Ok(bucket_starts(rendered.len(), regions)?
                    .into_iter()
                    .map(|i| rendered[i].clone())
                    .collect())
            }
            // Binary salts: the salt at each quantile, found without listing them all (a
            // salt of 2^31 - 1 buckets has that many).
            None => {
                let distinct = usize::try_from(salt.distinct_salts()).unwrap_or(usize::MAX);
                Ok(bucket_starts(distinct, regions)?
                    .into_iter()
                    .filter_map(|i| salt.nth_salt(i as u64))
                    .collect())
            }
        },
        (Salt::Md5 { len }, None) => {
            let len = usize::from(len);
            match text {
                None => {
                    let width = len.min(8);
                    if regions as u128 > 1u128 << (8 * width) {
                        return Err(SplitError::TooManySplits { n: regions, range: (1u128 << (8 * width)).to_string() });
                    }
                    Ok(uniform(regions)?.into_iter().map(|p| p[..width].to_vec()).collect())
                }
                Some(_) => {
                    let width = (2 * len).min(8);
                    let space = 1u64 << (4 * width);
                    if regions as u64 > space {
                        return Err(SplitError::TooManySplits { n: regions, range: space.to_string() });
                    }
                    Ok((1..regions as u64)
                        .map(|i| format!("{:0width$X}", (u128::from(space) * u128::from(i) / regions as u128)).into_bytes())
                        .collect())
                }
            }
        }
        _ => match leading {
            Some((radix, width, type_max)) => {
                let mut s = if radix == 16 {
                    NumberStringSplit::hex()
                } else {
                    NumberStringSplit::decimal()
                };
                // The largest value the field can hold: all digits, or the type's maximum.
                let digits_max = u128::from(radix)
                    .checked_pow(width as u32)
                    .map_or(u128::MAX, |p| p - 1);
                let last = Big::from_be_bytes(&digits_max.min(type_max).to_be_bytes()).to_string_radix(radix);
                s.set_last_row(&format!("{last:0>width$}"))?;
                s.split(regions)
            }
            None => Err(SplitError::NeedsSample(
                "an unsalted key's leading field does not say how keys spread; use splits::from_sample with real keys",
            )),
        },
    }
}
