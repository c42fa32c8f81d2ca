//! Phoenix DATE, TIME and TIMESTAMP and their UNSIGNED_ forms, from `std::time::SystemTime`
//! (`PDate`, `PTime`, `PTimestamp`, `PUnsigned*`).
//!
//! - DATE and TIME ([`Millis`]): the milliseconds since 1970-01-01 UTC as 8 big-endian bytes with
//!   the sign bit flipped (`PLong`'s codec). They hold whole milliseconds: a `SystemTime` with a
//!   fraction of a millisecond is an `EncodeError`, never rounded.
//! - TIMESTAMP ([`Timestamp`]): those 8 bytes for the millisecond at or before the instant, then a
//!   4-byte big-endian count of the nanoseconds after it (0..=999,999). An instant before 1970
//!   keeps that split: 1 ns before 1970 is millisecond −1 plus 999,999 ns.
//! - The UNSIGNED_ forms are the same bytes without the sign flip, for instants at or after 1970.
//!
//! Every instant whose millisecond fits an `i64` encodes; the bytes sort as the instants do.
//! Decode refuses what encode never writes: a nanosecond count of 1,000,000 or more (an old
//! Phoenix's whole-fraction form, which today's Phoenix reads by *replacing* the fraction), a
//! count with its high bit set, and an UNSIGNED_ value with its high bit set.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use super::refuse;
use crate::cursor::{Reader, Writer};
use crate::error::{DecodeError, EncodeError};

const NANOS_PER_MILLI: u128 = 1_000_000;

/// The millisecond at or before `t` (since 1970, UTC) and the nanoseconds after it, or `None`
/// when the millisecond does not fit an `i64`.
pub(crate) fn split(t: &SystemTime) -> Option<(i64, u32)> {
    match t.duration_since(UNIX_EPOCH) {
        Ok(after) => {
            let ns = after.as_nanos();
            let millis = i64::try_from(ns / NANOS_PER_MILLI).ok()?;
            Some((millis, (ns % NANOS_PER_MILLI) as u32))
        }
        Err(before) => {
            let ns = before.duration().as_nanos();
            // -ns = millis * 10^6 + sub, with 0 <= sub < 10^6.
            let whole = ns.div_ceil(NANOS_PER_MILLI);
            let sub = (whole * NANOS_PER_MILLI - ns) as u32;
            let millis = i64::try_from(whole)
                .ok()
                .map(|w| -w)
                .or((whole == 1 << 63).then_some(i64::MIN))?;
            Some((millis, sub))
        }
    }
}

/// The instant `millis` milliseconds and `sub` nanoseconds after 1970, or `None` when the
/// platform's `SystemTime` cannot hold it.
pub(crate) fn join(millis: i64, sub: u32) -> Option<SystemTime> {
    let base = if millis >= 0 {
        UNIX_EPOCH.checked_add(Duration::from_millis(millis as u64))
    } else {
        UNIX_EPOCH.checked_sub(Duration::from_millis(millis.unsigned_abs()))
    }?;
    base.checked_add(Duration::from_nanos(u64::from(sub)))
}

const TOO_FAR: &str = "a Phoenix date or time's milliseconds since 1970 fit in an i64";
const FRACTION: &str = "a Phoenix DATE or TIME holds whole milliseconds; this instant has a \
                        fraction of one (use TIMESTAMP, or round it)";

/// Phoenix: "Value of a ROW_TIMESTAMP column cannot be less than zero".
pub(crate) const ROW_TS_BEFORE_1970: &str =
    "a Phoenix ROW_TIMESTAMP is at or after 1970-01-01 (it is the cells' timestamp)";
const BEFORE_1970: &str =
    "an UNSIGNED_DATE, UNSIGNED_TIME or UNSIGNED_TIMESTAMP is at or after 1970-01-01";

/// The 8 bytes of a millisecond count: sign bit flipped unless `UNSIGNED`.
#[inline]
fn millis_bytes<const UNSIGNED: bool>(millis: i64) -> [u8; 8] {
    if UNSIGNED {
        millis.to_be_bytes()
    } else {
        (millis ^ i64::MIN).to_be_bytes()
    }
}

/// The millisecond count of 8 bytes; `None` for an UNSIGNED_ value with its high bit set.
#[inline]
fn millis_of<const UNSIGNED: bool>(b: [u8; 8]) -> Option<i64> {
    let raw = i64::from_be_bytes(b);
    if UNSIGNED {
        (raw >= 0).then_some(raw)
    } else {
        Some(raw ^ i64::MIN)
    }
}

/// An instant type Phoenix's date and time columns take: `SystemTime`, and chrono's
/// `DateTime<Utc>` with the `chrono` feature.
///
/// ```
/// use std::time::{Duration, UNIX_EPOCH};
/// use rowkey::encodings::phoenix::TimeValue;
///
/// let t = UNIX_EPOCH - Duration::from_nanos(1);
/// assert_eq!(t.millis(), Ok((-1, 999_999))); // the millisecond before, and the ns after it
/// assert_eq!(std::time::SystemTime::from_millis(-1, 999_999), Some(t));
/// ```
pub trait TimeValue: Sized {
    /// The millisecond at or before the instant and the nanoseconds after it, or the reason it
    /// has no Phoenix form.
    fn millis(&self) -> Result<(i64, u32), &'static str>;
    /// The instant `millis` ms and `sub` ns after 1970, if the type can hold it.
    fn from_millis(millis: i64, sub: u32) -> Option<Self>;

    /// What the bytes hold, as data (see [`KeyCodec::value_type`](crate::KeyCodec::value_type)):
    /// a type of your own is opaque unless it says which it stands for.
    fn value_type() -> crate::layout::value::ValueType {
        crate::layout::value::ValueType::Opaque(core::any::type_name::<Self>())
    }
}

impl TimeValue for SystemTime {
    fn value_type() -> crate::layout::value::ValueType {
        crate::layout::value::ValueType::SystemTime
    }
    fn millis(&self) -> Result<(i64, u32), &'static str> {
        split(self).ok_or(TOO_FAR)
    }
    fn from_millis(millis: i64, sub: u32) -> Option<Self> {
        join(millis, sub)
    }
}

/// The instant's millisecond and sub-millisecond nanoseconds, refused when it has no Phoenix
/// form, or is before 1970 for an UNSIGNED_ type or a ROW_TIMESTAMP.
#[inline]
fn checked<T: TimeValue, const UNSIGNED: bool, const ROW_TS: bool>(
    v: &T,
    w: &Writer<'_>,
) -> Result<(i64, u32), EncodeError> {
    let (millis, sub) = v.millis().map_err(|why| refuse(w, why))?;
    if UNSIGNED && millis < 0 {
        return Err(refuse(w, BEFORE_1970));
    }
    if ROW_TS && millis < 0 {
        return Err(refuse(w, ROW_TS_BEFORE_1970));
    }
    Ok((millis, sub))
}

/// The 8 bytes of a millisecond, refused (at `start`) as `checked` refuses them.
#[inline]
fn read_millis<const UNSIGNED: bool, const ROW_TS: bool>(
    r: &mut Reader<'_>,
    start: usize,
) -> Result<i64, DecodeError> {
    millis_of::<UNSIGNED>(r.take()?)
        .filter(|&m| !ROW_TS || m >= 0)
        .ok_or_else(|| r.out_of_range(start))
}

/// A TIMESTAMP's 4 bytes of nanoseconds after its millisecond (the field starts at `start`).
#[inline]
fn read_sub(r: &mut Reader<'_>, start: usize) -> Result<u32, DecodeError> {
    let sub = u32::from_be_bytes(r.take()?);
    if u128::from(sub) >= NANOS_PER_MILLI {
        return Err(r.invalid(
            start + 8,
            "a TIMESTAMP's nanoseconds after its millisecond, below 1000000 (an old Phoenix's \
             whole-fraction form is not read)",
        ));
    }
    Ok(sub)
}

/// Phoenix DATE or TIME (`UNSIGNED = false`) or UNSIGNED_DATE / UNSIGNED_TIME (`true`), from a
/// `SystemTime` of whole milliseconds: 8 bytes. `ROW_TS`: the table's ROW_TIMESTAMP column,
/// at or after 1970.
#[derive(Debug, Clone, Copy)]
pub struct Millis<const UNSIGNED: bool, const ROW_TS: bool = false>;

fixed_width! {
    impl[T: TimeValue, const UNSIGNED: bool, const ROW_TS: bool] Format<T> for Millis<UNSIGNED, ROW_TS> {
        width: 8;
        format: crate::encoding::field_format::FieldFormat::Phoenix(super::format::PhoenixFormat::Millis { unsigned: UNSIGNED, row_timestamp: ROW_TS });
        value: T::value_type();
        fn write(v, w) {
            let (millis, sub) = checked::<T, UNSIGNED, ROW_TS>(v, w)?;
            if sub != 0 {
                return Err(refuse(w, FRACTION));
            }
            w.put(&millis_bytes::<UNSIGNED>(millis));
            Ok(())
        }
        fn read(r) {
            let start = r.offset();
            let millis = read_millis::<UNSIGNED, ROW_TS>(r, start)?;
            T::from_millis(millis, 0).ok_or_else(|| r.out_of_range(start))
        }
    }
}

/// Phoenix TIMESTAMP (`UNSIGNED = false`) or UNSIGNED_TIMESTAMP (`true`), from a `SystemTime`:
/// 12 bytes, nanosecond precision. `ROW_TS`: the table's ROW_TIMESTAMP column, at or after 1970.
#[derive(Debug, Clone, Copy)]
pub struct Timestamp<const UNSIGNED: bool, const ROW_TS: bool = false>;

fixed_width! {
    impl[T: TimeValue, const UNSIGNED: bool, const ROW_TS: bool] Format<T> for Timestamp<UNSIGNED, ROW_TS> {
        width: 12;
        format: crate::encoding::field_format::FieldFormat::Phoenix(super::format::PhoenixFormat::Timestamp { unsigned: UNSIGNED, row_timestamp: ROW_TS });
        value: T::value_type();
        fn write(v, w) {
            let (millis, sub) = checked::<T, UNSIGNED, ROW_TS>(v, w)?;
            w.put(&millis_bytes::<UNSIGNED>(millis));
            w.put(&sub.to_be_bytes());
            Ok(())
        }
        fn read(r) {
            let start = r.offset();
            let millis = read_millis::<UNSIGNED, ROW_TS>(r, start)?;
            let sub = read_sub(r, start)?;
            T::from_millis(millis, sub).ok_or_else(|| r.out_of_range(start))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_and_join_keep_the_jdbc_split() {
        let ns = |n: u64| UNIX_EPOCH - Duration::from_nanos(n);
        assert_eq!(split(&ns(1)), Some((-1, 999_999)));
        assert_eq!(split(&ns(1_000_000)), Some((-1, 0)));
        assert_eq!(split(&ns(1_000_001)), Some((-2, 999_999)));
        assert_eq!(split(&UNIX_EPOCH), Some((0, 0)));
        for (m, s) in [(-1, 999_999), (-2, 0), (0, 1), (1_700_000_000_123, 456_789)] {
            assert_eq!(split(&join(m, s).unwrap()), Some((m, s)));
        }
        for m in [i64::MIN, i64::MAX] {
            assert_eq!(split(&join(m, 0).unwrap()), Some((m, 0)));
        }
        let past = join(i64::MIN, 0).unwrap() - Duration::from_nanos(1);
        assert_eq!(split(&past), None);
        let beyond = join(i64::MAX, 999_999).unwrap() + Duration::from_nanos(1);
        assert_eq!(split(&beyond), None);
    }
}

/// Phoenix BIGINT as the table's ROW_TIMESTAMP column (`#[phoenix(ROW_TIMESTAMP)] i64`): the
/// BIGINT bytes (sign bit flipped), at least 0 (the cells' timestamp in milliseconds).
#[derive(Debug, Clone, Copy)]
pub struct RowTimestampBigint;

fixed_width! {
    impl[] Format<i64> for RowTimestampBigint {
        width: 8;
        format: crate::encoding::field_format::FieldFormat::Phoenix(super::format::PhoenixFormat::RowTimestampBigint);
        value: crate::layout::value::ValueType::I64;
        fn write(v, w) {
            if *v < 0 {
                return Err(refuse(w, ROW_TS_BEFORE_1970));
            }
            w.put(&millis_bytes::<false>(*v));
            Ok(())
        }
        fn read(r) {
            let start = r.offset();
            millis_of::<false>(r.take()?)
                .filter(|&m| m >= 0)
                .ok_or_else(|| r.out_of_range(start))
        }
    }
}

/// `chrono::DateTime<Utc>` (feature `chrono`) as the same columns: the instant's millisecond
/// (at or before it) and the nanoseconds after, as for a `SystemTime`. A leap second (chrono's
/// nanoseconds of 1,000,000,000 or more) has no Phoenix form and is refused; decode refuses an
/// instant chrono cannot hold (beyond about ±262,000 years).
#[cfg(feature = "chrono")]
impl TimeValue for chrono::DateTime<chrono::Utc> {
    fn value_type() -> crate::layout::value::ValueType {
        crate::layout::value::ValueType::DateTime
    }
    fn millis(&self) -> Result<(i64, u32), &'static str> {
        let nanos = self.timestamp_subsec_nanos();
        if nanos >= 1_000_000_000 {
            return Err(
                "a leap second (chrono's nanoseconds of 1,000,000,000 or more) has no \
                        Phoenix date or time",
            );
        }
        Ok((self.timestamp_millis(), nanos % 1_000_000))
    }
    fn from_millis(millis: i64, sub: u32) -> Option<Self> {
        let nanos = (millis.rem_euclid(1000) as u32) * 1_000_000 + sub;
        chrono::DateTime::from_timestamp(millis.div_euclid(1000), nanos)
    }
}
