//! The orders and rules the README documents, written from the values, never from rowkey's
//! encoding: the generated layouts compare and validate keys with these.

use core::cmp::Ordering;
use core::ops::Bound;

/// `None` first, then `Some` values by `f`.
pub fn option<T>(a: &Option<T>, b: &Option<T>, f: impl Fn(&T, &T) -> Ordering) -> Ordering {
    match (a, b) {
        (None, None) => Ordering::Equal,
        (None, Some(_)) => Ordering::Less,
        (Some(_), None) => Ordering::Greater,
        (Some(x), Some(y)) => f(x, y),
    }
}

/// A variable-width text part: its text followed by the delimiter (none when last).
pub fn text_part(a: &[u8], b: &[u8], delimiter: u8, last: bool) -> Ordering {
    if last {
        a.cmp(b)
    } else {
        a.iter()
            .chain([delimiter].iter())
            .cmp(b.iter().chain([delimiter].iter()))
    }
}

/// An unpadded number in a text key: its decimal text, compared as text.
pub fn decimal_text(a: i128, b: i128) -> Ordering {
    a.to_string().cmp(&b.to_string())
}

/// `N` digits of `radix` read back to front (`#[reverse]` on `#[decimal(N)]`/`#[hex(N)]`).
pub fn reversed_digits(a: u128, b: u128, radix: u32, n: usize) -> Ordering {
    let digits = |v: u128| {
        let mut d = Vec::with_capacity(n);
        let mut x = v;
        for _ in 0..n {
            d.push(char::from_digit((x % u128::from(radix)) as u32, radix).unwrap_or('?'));
            x /= u128::from(radix);
        }
        d // least significant first: the reversed text
    };
    digits(a).cmp(&digits(b))
}

/// A value padded to `n` bytes with `pad`, read back to front.
pub fn reversed_padded(a: &[u8], b: &[u8], n: usize, pad: u8) -> Ordering {
    let r = |v: &[u8]| {
        let mut p = v.to_vec();
        p.resize(n, pad);
        p.reverse();
        p
    };
    r(a).cmp(&r(b))
}

/// The README's pad rule for `#[fixed(n, pad = c)]`: at most `n` bytes, not ending in the pad
/// byte, and no byte below it.
pub fn fits_pad(v: &[u8], n: usize, pad: u8) -> bool {
    v.len() <= n && v.last() != Some(&pad) && v.iter().all(|&b| b >= pad)
}

/// True when `range` runs backwards in the order `cmp`: its start after its end, or both ends
/// excluded at one value (std's `BTreeMap::range` panics on both; a plan refuses them).
pub fn reversed<T>(range: &(Bound<T>, Bound<T>), cmp: impl Fn(&T, &T) -> Ordering) -> bool {
    match range {
        (Bound::Included(a) | Bound::Excluded(a), Bound::Included(b) | Bound::Excluded(b)) => {
            match cmp(a, b) {
                Ordering::Greater => true,
                Ordering::Equal => matches!(range, (Bound::Excluded(_), Bound::Excluded(_))),
                Ordering::Less => false,
            }
        }
        _ => false,
    }
}

/// `range` the right way round (its values swapped; both ends excluded at one value become
/// `v..v`), unless `keep`: most generated ranges read rows, the kept ones check the refusal.
pub fn mostly_forward<T>(
    range: (Bound<T>, Bound<T>),
    cmp: impl Fn(&T, &T) -> Ordering,
    keep: bool,
) -> (Bound<T>, Bound<T>) {
    if keep || !reversed(&range, &cmp) {
        return range;
    }
    use Bound::{Excluded, Included};
    match range {
        (Excluded(a), Excluded(b)) if cmp(&a, &b).is_eq() => (Included(a), Excluded(b)),
        (Included(a), Included(b)) => (Included(b), Included(a)),
        (Included(a), Excluded(b)) => (Included(b), Excluded(a)),
        (Excluded(a), Included(b)) => (Excluded(b), Included(a)),
        (Excluded(a), Excluded(b)) => (Excluded(b), Excluded(a)),
        other => other,
    }
}

/// True when `v` lies within `range`, compared by `cmp`.
pub fn in_range<T>(v: &T, range: &(Bound<T>, Bound<T>), cmp: impl Fn(&T, &T) -> Ordering) -> bool {
    let lo = match &range.0 {
        Bound::Included(b) => cmp(v, b).is_ge(),
        Bound::Excluded(b) => cmp(v, b).is_gt(),
        Bound::Unbounded => true,
    };
    let hi = match &range.1 {
        Bound::Included(b) => cmp(v, b).is_le(),
        Bound::Excluded(b) => cmp(v, b).is_lt(),
        Bound::Unbounded => true,
    };
    lo && hi
}

/// Phoenix DOUBLE: `f64::total_cmp`, with every NaN as Java's one NaN (after `+inf`).
pub fn phoenix_double(a: f64, b: f64) -> Ordering {
    let canonical = |x: f64| if x.is_nan() { f64::NAN } else { x };
    canonical(a).total_cmp(&canonical(b))
}

/// Phoenix FLOAT: `f32::total_cmp`, with every NaN as Java's one NaN (after `+inf`).
pub fn phoenix_float(a: f32, b: f32) -> Ordering {
    let canonical = |x: f32| if x.is_nan() { f32::NAN } else { x };
    canonical(a).total_cmp(&canonical(b))
}

/// An instant's nanoseconds since 1970 (negative before), as Phoenix splits them: the
/// millisecond at or before it and the nanoseconds after, when the millisecond fits an `i64`.
pub fn phoenix_instant(t: &std::time::SystemTime) -> Option<(i64, u32)> {
    let ns: i128 = match t.duration_since(std::time::UNIX_EPOCH) {
        Ok(d) => d.as_nanos() as i128,
        Err(e) => -(e.duration().as_nanos() as i128),
    };
    let millis = i64::try_from(ns.div_euclid(1_000_000)).ok()?;
    Some((millis, ns.rem_euclid(1_000_000) as u32))
}

/// A Phoenix TIMESTAMP `encode` accepts (`unsigned`: UNSIGNED_TIMESTAMP).
pub fn phoenix_timestamp(t: &std::time::SystemTime, unsigned: bool) -> bool {
    phoenix_instant(t).is_some_and(|(m, _)| !unsigned || m >= 0)
}

/// A Phoenix DATE or TIME `encode` accepts: whole milliseconds (`unsigned`: from 1970).
pub fn phoenix_date(t: &std::time::SystemTime, unsigned: bool) -> bool {
    phoenix_instant(t).is_some_and(|(m, sub)| sub == 0 && (!unsigned || m >= 0))
}

/// A chrono instant a Phoenix date or time column accepts: no leap second, whole milliseconds
/// for DATE and TIME (`whole`), from 1970 for the UNSIGNED_ forms.
pub fn phoenix_utc(t: &chrono::DateTime<chrono::Utc>, whole: bool, unsigned: bool) -> bool {
    let nanos = t.timestamp_subsec_nanos();
    nanos < 1_000_000_000
        && (!whole || nanos.is_multiple_of(1_000_000))
        && (!unsigned || t.timestamp_millis() >= 0)
}

/// A Phoenix CHAR(n) value `encode` accepts: 1 to n ASCII characters from `' '`, not ending
/// with a space.
pub fn phoenix_char(v: &str, n: usize) -> bool {
    !v.is_empty()
        && v.len() <= n
        && v.bytes().all(|b| (b' '..0x80).contains(&b))
        && !v.ends_with(' ')
}

/// The order of HBase's `RawFloat` bytes: `Float.floatToIntBits` as an unsigned number.
pub fn raw_float_bits(a: f32, b: f32) -> Ordering {
    let bits = |x: f32| if x.is_nan() { 0x7fc0_0000 } else { x.to_bits() };
    bits(a).cmp(&bits(b))
}

/// The order of HBase's `RawDouble` bytes: `Double.doubleToLongBits` as an unsigned number.
pub fn raw_double_bits(a: f64, b: f64) -> Ordering {
    let bits = |x: f64| {
        if x.is_nan() {
            0x7ff8_0000_0000_0000
        } else {
            x.to_bits()
        }
    };
    bits(a).cmp(&bits(b))
}

/// Java's float order: `f32::total_cmp`, with every NaN as Java's one NaN (after `+inf`).
pub fn java_float(a: f32, b: f32) -> Ordering {
    let canonical = |x: f32| if x.is_nan() { f32::NAN } else { x };
    canonical(a).total_cmp(&canonical(b))
}

/// True when `#[java(terminated = term)]` accepts `v`: the terminator is first found at the end.
pub fn terminated(v: &[u8], term: &[u8]) -> bool {
    let mut all = v.to_vec();
    all.extend_from_slice(term);
    all.windows(term.len()).position(|w| w == term) == Some(v.len())
}

/// The order of `v` + `term` as bytes: a `#[java(terminated = term)]` field's key order.
pub fn with_term(a: &[u8], b: &[u8], term: &[u8]) -> Ordering {
    a.iter().chain(term).cmp(b.iter().chain(term))
}
