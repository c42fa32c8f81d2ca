//! HBase's split algorithms, byte for byte: RegionSplitter's `HexStringSplit`,
//! `DecimalStringSplit` and `UniformSplit`, `Bytes.split`, the Admin's `getSplitKeys` and the
//! HBase book's `getHexSplits`.

use core::fmt;

use super::big::Big;
use super::SplitError;
use rowkey_runtime::hbase::to_string_binary;

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
        self.first = rowkey_runtime::hbase::from_string_binary(row);
    }

    /// `setLastRow` (parsed with `toBytesBinary`).
    pub fn set_last_row(&mut self, row: &str) {
        self.last = rowkey_runtime::hbase::from_string_binary(row);
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
