//! Java-compatible layouts: `#[java]` (plain two's complement, like HBase's `Bytes.toBytes`) and
//! `#[reverse_ts]` (`Bytes.toBytes(Long.MAX_VALUE - ts)`, newest first).

pub(crate) mod describe;
pub(crate) mod format;

use self::format::JavaFormat;
use super::field_format::FieldFormat;
pub use super::fixed::JavaFixed;
use super::Format;
use crate::cursor::{Reader, Writer};
use crate::error::{DecodeError, EncodeError};
use crate::layout::value::Typed;
use crate::layout::value::ValueType;

/// `#[java]`: a signed integer as big-endian two's complement, byte-for-byte HBase's
/// `Bytes.toBytes(long|int|short)`. Unlike the default encoding, negatives sort AFTER positives
/// (byte order is the order of the value's unsigned reinterpretation); use it to read and write
/// tables that Java code owns.
#[derive(Debug, Clone, Copy)]
pub struct Java;

/// `#[reverse_ts]`: stores `MAX - ts` exactly as `Bytes.toBytes(Long.MAX_VALUE - ts)` writes it
/// (`Integer.MAX_VALUE` for 32-bit fields), so the newest timestamp sorts first. Timestamps must
/// be in `0..=MAX`.
#[derive(Debug, Clone, Copy)]
pub struct ReverseTs;

/// The signed integers `#[java]` writes as Java's `Bytes.toBytes` does.
#[diagnostic::on_unimplemented(
    message = "`#[java]` writes signed integers (i8 to i128) as Java's Bytes.toBytes does, not `{Self}`",
    label = "not a signed integer",
    note = "unsigned integers are already written as Java writes them: drop `#[java]`"
)]
pub trait JavaInt: Copy + Typed {
    /// The value widened.
    fn to_i128(self) -> i128;
    /// The value narrowed back, `None` when it does not fit.
    fn from_i128(x: i128) -> Option<Self>;
    /// Writes the value's big-endian two's complement bytes.
    fn put_be(self, w: &mut Writer<'_>);
    /// Reads big-endian two's complement bytes.
    fn take_be(r: &mut Reader<'_>) -> Result<Self, DecodeError>;
    /// The width in bytes.
    const BYTES: usize;
}

macro_rules! java {
    ($($t:ty),*) => {$(
        impl JavaInt for $t {
            #[inline(always)]
            fn to_i128(self) -> i128 {
                self as i128
            }
            #[inline(always)]
            fn from_i128(x: i128) -> Option<Self> {
                <$t>::try_from(x).ok()
            }
            #[inline(always)]
            fn put_be(self, w: &mut Writer<'_>) {
                w.put(&self.to_be_bytes());
            }
            #[inline(always)]
            fn take_be(r: &mut Reader<'_>) -> Result<Self, DecodeError> {
                Ok(<$t>::from_be_bytes(r.take()?))
            }
            const BYTES: usize = core::mem::size_of::<$t>();
        }
    )*};
}

java!(i8, i16, i32, i64, i128);

fixed_width! {
    impl[T: JavaInt] Format<T> for Java {
        width: T::BYTES;
        format: FieldFormat::Java(JavaFormat::Int);
        value: T::value_type();
        fn write(v, w) {
            v.put_be(w);
            Ok(())
        }
        fn read(r) {
            T::take_be(r)
        }
    }
}

/// The timestamps `#[reverse_ts]` stores as `MAX - ts`: i64 and u64 (`Long.MAX_VALUE - ts`),
/// i32 and u32 (`Integer.MAX_VALUE - ts`).
#[diagnostic::on_unimplemented(
    message = "`#[reverse_ts]` needs an i64 or u64 timestamp (or i32/u32), not `{Self}`",
    label = "not a timestamp type",
    note = "store the timestamp as an i64 of milliseconds, as HBase does"
)]
pub trait Timestamp: Copy + Typed {
    /// The stored width: 8 or 4 bytes.
    const BYTES: usize;
    /// Writes `MAX - self`, or fails for a negative (or, unsigned, too large) timestamp.
    fn write_reversed(self, w: &mut Writer<'_>) -> Result<(), EncodeError>;
    /// Reads a stored `MAX - ts` back.
    fn read_reversed(r: &mut Reader<'_>) -> Result<Self, DecodeError>;
    /// `MAX - self` as stored, widened (for the text form).
    fn reversed(self, field: &'static str) -> Result<u64, EncodeError>;
    /// The timestamp of a stored `MAX - ts`, `None` when out of range.
    fn from_reversed(stored: u64) -> Option<Self>;
}

fixed_width! {
    impl[T: Timestamp] Format<T> for ReverseTs {
        width: T::BYTES;
        format: FieldFormat::Java(JavaFormat::ReverseTs);
        value: T::value_type();
        fn write(v, w) {
            v.write_reversed(w)
        }
        fn read(r) {
            T::read_reversed(r)
        }
    }
}

macro_rules! reverse_ts {
    ($($t:ty => $s:ty),*) => {$(
        impl Timestamp for $t {
            const BYTES: usize = core::mem::size_of::<$s>();

            #[inline]
            fn write_reversed(self, w: &mut Writer<'_>) -> Result<(), EncodeError> {
                let ts = check_ts(self, w.field())?;
                w.put(&(<$s>::MAX - ts).to_be_bytes());
                Ok(())
            }

            #[inline]
            fn read_reversed(r: &mut Reader<'_>) -> Result<Self, DecodeError> {
                let at = r.offset();
                let stored = <$s>::from_be_bytes(r.take()?);
                if stored < 0 {
                    return Err(r.out_of_range(at));
                }
                #[allow(clippy::unnecessary_cast, trivial_numeric_casts)]
                Ok((<$s>::MAX - stored) as $t)
            }

            #[inline]
            fn reversed(self, field: &'static str) -> Result<u64, EncodeError> {
                let ts = check_ts(self, field)?;
                Ok((<$s>::MAX - ts) as u64)
            }

            #[inline]
            fn from_reversed(stored: u64) -> Option<Self> {
                let stored = <$s>::try_from(stored).ok()?;
                #[allow(clippy::unnecessary_cast, trivial_numeric_casts)]
                Some((<$s>::MAX - stored) as $t)
            }
        }
    )*};
}

reverse_ts!(i64 => i64, u64 => i64, i32 => i32, u32 => i32);

/// Range checks a timestamp, returning it in the signed storage type.
trait CheckTs<S> {
    fn check(self, field: &'static str) -> Result<S, EncodeError>;
}

#[inline]
fn check_ts<T: CheckTs<S>, S>(ts: T, field: &'static str) -> Result<S, EncodeError> {
    ts.check(field)
}

macro_rules! signed_ts {
    ($($t:ty),*) => {$(
        impl CheckTs<$t> for $t {
            #[inline]
            fn check(self, field: &'static str) -> Result<$t, EncodeError> {
                if self < 0 {
                    return Err(EncodeError::NegativeTimestamp { field, value: i64::from(self) });
                }
                Ok(self)
            }
        }
    )*};
}

macro_rules! unsigned_ts {
    ($($t:ty => $s:ty),*) => {$(
        impl CheckTs<$s> for $t {
            #[inline]
            fn check(self, field: &'static str) -> Result<$s, EncodeError> {
                <$s>::try_from(self).map_err(|_| EncodeError::TimestampTooLarge {
                    field,
                    value: u64::from(self),
                    max: <$s>::MAX as u64,
                })
            }
        }
    )*};
}

signed_ts!(i64, i32);
unsigned_ts!(u64 => i64, u32 => i32);

/// `#[java]` on `String` / `Vec<u8>`: the bytes exactly as `Bytes.toBytes(String)` (UTF-8) or
/// a `byte[]` writes them: raw, no escape, no terminator. The key's only variable-length field;
/// its length is what the fixed-width fields leave (the derive reads it from a window that ends
/// where they start). Byte order is not string order against longer strings (`"ab"` + ts sorts
/// after `"a"` + any ts), so it has no range in scans.
#[derive(Debug, Clone, Copy)]
pub struct JavaStr;

impl Format<Vec<u8>> for JavaStr {
    const WIDTH: Option<usize> = None;
    const MAX_WIDTH: Option<usize> = None;

    fn format() -> FieldFormat {
        FieldFormat::Java(JavaFormat::Str)
    }

    fn value_type() -> ValueType {
        ValueType::Bytes
    }

    #[inline]
    fn len(v: &Vec<u8>, _last: bool) -> usize {
        v.len()
    }

    #[inline]
    fn write(v: &Vec<u8>, w: &mut Writer<'_>, _last: bool) -> Result<(), EncodeError> {
        w.put(v);
        Ok(())
    }

    #[inline]
    fn read(r: &mut Reader<'_>, _last: bool) -> Result<Vec<u8>, DecodeError> {
        let flip = r.flip();
        let rest = r.take_raw(r.remaining())?;
        Ok(unflip(rest, flip))
    }
}

impl Format<String> for JavaStr {
    const WIDTH: Option<usize> = None;
    const MAX_WIDTH: Option<usize> = None;

    fn format() -> FieldFormat {
        FieldFormat::Java(JavaFormat::Str)
    }

    fn value_type() -> ValueType {
        ValueType::String
    }

    #[inline]
    fn len(v: &String, _last: bool) -> usize {
        v.len()
    }

    #[inline]
    fn write(v: &String, w: &mut Writer<'_>, _last: bool) -> Result<(), EncodeError> {
        w.put(v.as_bytes());
        Ok(())
    }

    #[inline]
    fn read(r: &mut Reader<'_>, _last: bool) -> Result<String, DecodeError> {
        let start = r.offset();
        let flip = r.flip();
        let rest = r.take_raw(r.remaining())?;
        crate::encoding::native::utf8(unflip(rest, flip), r, start, false)
    }
}

/// The stored bytes as the value's (un-inverted under `#[desc]`); a plain copy otherwise.
#[inline]
fn unflip(stored: &[u8], flip: u8) -> Vec<u8> {
    if flip == 0 {
        stored.to_vec()
    } else {
        stored.iter().map(|b| b ^ flip).collect()
    }
}

/// `#[java]` on `f32` / `f64` in an HBase Struct key (`RawFloat` / `RawDouble`): the bits of
/// `Float.floatToIntBits` / `Double.doubleToLongBits` big-endian, as `Bytes.putFloat` /
/// `putDouble` write them: every NaN is Java's one NaN, which alone decodes. Negatives sort after
/// positives, and among themselves backwards: no range in scans.
#[derive(Debug, Clone, Copy)]
pub struct JavaFloat;

macro_rules! java_float {
    ($t:ty, $u:ty, $nan:literal) => {
        fixed_width! {
            impl[] Format<$t> for JavaFloat {
                width: core::mem::size_of::<$t>();
                format: FieldFormat::Java(JavaFormat::Float);
                value: <$t as Typed>::value_type();
                fn write(v, w) {
                    let bits: $u = if v.is_nan() { $nan } else { v.to_bits() };
                    w.put(&bits.to_be_bytes());
                    Ok(())
                }
                fn read(r) {
                    let at = r.offset();
                    let bits = <$u>::from_be_bytes(r.take()?);
                    let v = <$t>::from_bits(bits);
                    if v.is_nan() && bits != $nan {
                        return Err(r.invalid(at, "Java's one NaN (floatToIntBits/doubleToLongBits)"));
                    }
                    Ok(v)
                }
            }
        }
    };
}

java_float!(f32, u32, 0x7fc0_0000);
java_float!(f64, u64, 0x7ff8_0000_0000_0000);

/// `#[java] #[reverse_ts]`: `Long.MAX_VALUE - ts` (`Integer.MAX_VALUE - ts` for `i32`) with
/// Java's wrap-around, for every timestamp, as Java code that never checked its timestamps
/// wrote them: a negative `ts` wraps (`-1` is stored as `Long.MIN_VALUE`). Newest first only
/// among non-negative timestamps, so no range in scans.
#[derive(Debug, Clone, Copy)]
pub struct JavaReverseTs;

macro_rules! java_reverse_ts {
    ($($t:ty),*) => {$(
        fixed_width! {
            impl[] Format<$t> for JavaReverseTs {
                width: core::mem::size_of::<$t>();
                format: FieldFormat::Java(JavaFormat::WrappingReverseTs);
                value: <$t as Typed>::value_type();
                fn write(v, w) {
                    w.put(&<$t>::MAX.wrapping_sub(*v).to_be_bytes());
                    Ok(())
                }
                fn read(r) {
                    Ok(<$t>::MAX.wrapping_sub(<$t>::from_be_bytes(r.take()?)))
                }
            }
        }
    )*}
}

java_reverse_ts!(i64, i32);

/// `#[java(nul_terminated)]` on `String` / `Vec<u8>`: the raw bytes, then one `00` byte, as Java
/// code writes `Bytes.add(Bytes.toBytes(s), new byte[] {0}, ...)` (and Phoenix writes a
/// VARCHAR). A value holding `00` is refused (`EncodeError::ContainsDelimiter`): the key could
/// not be split back. Self-delimiting and in string order (a prefix sorts first), so it can sit
/// anywhere and take a range; `#[desc]` inverts it, the terminator becoming `FF`.
#[derive(Debug, Clone, Copy)]
pub struct NulTerminated;

/// Writes `bytes` then `00`, or refuses a `00` inside.
#[inline]
fn write_nul_terminated(bytes: &[u8], w: &mut Writer<'_>) -> Result<(), EncodeError> {
    if let Some(index) = bytes.iter().position(|&b| b == 0) {
        return Err(EncodeError::ContainsDelimiter {
            field: w.field(),
            delimiter: 0,
            index,
        });
    }
    w.put_then(bytes, &[0]);
    Ok(())
}

/// Reads the bytes up to the terminator (`00`, stored `FF` under `#[desc]`).
#[inline]
fn read_nul_terminated(r: &mut Reader<'_>) -> Result<(Vec<u8>, usize), DecodeError> {
    let start = r.offset();
    let flip = r.flip();
    let rest = r.rest();
    let Some(p) = rest.iter().position(|&b| b == flip) else {
        return Err(DecodeError::MissingTerminator {
            field: r.field(),
            offset: start,
        });
    };
    let out = rest[..p].iter().map(|b| b ^ flip).collect();
    r.advance(p + 1);
    Ok((out, start))
}

impl Format<Vec<u8>> for NulTerminated {
    const WIDTH: Option<usize> = None;
    const MAX_WIDTH: Option<usize> = None;

    fn format() -> FieldFormat {
        FieldFormat::Java(JavaFormat::NulTerminated)
    }

    fn value_type() -> ValueType {
        ValueType::Bytes
    }

    #[inline]
    fn len(v: &Vec<u8>, _last: bool) -> usize {
        v.len() + 1
    }

    #[inline]
    fn write(v: &Vec<u8>, w: &mut Writer<'_>, _last: bool) -> Result<(), EncodeError> {
        write_nul_terminated(v, w)
    }

    #[inline]
    fn read(r: &mut Reader<'_>, _last: bool) -> Result<Vec<u8>, DecodeError> {
        read_nul_terminated(r).map(|(v, _)| v)
    }
}

impl Format<String> for NulTerminated {
    const WIDTH: Option<usize> = None;
    const MAX_WIDTH: Option<usize> = None;

    fn format() -> FieldFormat {
        FieldFormat::Java(JavaFormat::NulTerminated)
    }

    fn value_type() -> ValueType {
        ValueType::String
    }

    #[inline]
    fn len(v: &String, _last: bool) -> usize {
        v.len() + 1
    }

    #[inline]
    fn write(v: &String, w: &mut Writer<'_>, _last: bool) -> Result<(), EncodeError> {
        write_nul_terminated(v.as_bytes(), w)
    }

    #[inline]
    fn read(r: &mut Reader<'_>, _last: bool) -> Result<String, DecodeError> {
        let (bytes, start) = read_nul_terminated(r)?;
        crate::encoding::native::utf8(bytes, r, start, false)
    }
}

/// `#[java(terminated = b"..")]` on `String` / `Vec<u8>`: the raw bytes, then the `N`-byte
/// terminator (`TERM`, big-endian in the low `N` bytes), as HBase's `TerminatedWrapper`
/// (`RawStringTerminated`, `RawBytesTerminated`) writes it; `#[desc]` inverts both. A value in
/// which the terminator would be found before its end (inside it, or straddling its end) is
/// refused, since decode stops at the first terminator. Byte order is the values' order only
/// for an all-`00` terminator (the others have no range in scans).
#[derive(Debug, Clone, Copy)]
pub struct Terminated<const N: usize, const TERM: u128>;

impl<const N: usize, const TERM: u128> Terminated<N, TERM> {
    const BYTES: [u8; 16] = TERM.to_be_bytes();

    fn term() -> &'static [u8] {
        &Self::BYTES[16 - N..]
    }
}

/// Where `term` first starts in `bytes`, each byte XORed with `flip`.
fn find(term: &[u8], bytes: &[u8], flip: u8) -> Option<usize> {
    bytes
        .windows(term.len())
        .position(|w| w.iter().zip(term).all(|(b, t)| b ^ flip == *t))
}

/// Where `term` would first be found in `v` followed by it, if before `v`'s end: inside
/// `v`, or straddling its end (the last bytes of `v` and the first of the terminator). No
/// copy: the value is checked in place.
fn early(term: &[u8], v: &[u8]) -> Option<usize> {
    let n = term.len();
    find(term, v, 0).or_else(|| {
        (v.len().saturating_sub(n - 1)..v.len()).find(|&i| {
            let inside = &v[i..];
            term.starts_with(inside) && term[inside.len()..] == term[..n - inside.len()]
        })
    })
}

/// `Terminated`'s write, its terminator an argument.
pub(crate) fn write_terminated(
    term: &[u8],
    v: &[u8],
    w: &mut Writer<'_>,
) -> Result<(), EncodeError> {
    if let Some(index) = early(term, v) {
        return Err(EncodeError::ContainsDelimiter {
            field: w.field(),
            delimiter: term[0],
            index,
        });
    }
    w.put_then(v, term);
    Ok(())
}

/// `Terminated`'s read, its terminator an argument.
pub(crate) fn read_terminated(
    term: &[u8],
    r: &mut Reader<'_>,
) -> Result<(Vec<u8>, usize), DecodeError> {
    let start = r.offset();
    let flip = r.flip();
    let rest = r.rest();
    let Some(p) = find(term, rest, flip) else {
        return Err(DecodeError::MissingTerminator {
            field: r.field(),
            offset: start,
        });
    };
    let out = rest[..p].iter().map(|b| b ^ flip).collect();
    r.advance(p + term.len());
    Ok((out, start))
}

impl<const N: usize, const TERM: u128> Format<Vec<u8>> for Terminated<N, TERM> {
    const WIDTH: Option<usize> = None;
    const MAX_WIDTH: Option<usize> = None;

    fn format() -> FieldFormat {
        FieldFormat::Java(JavaFormat::Terminated {
            terminator: Self::term().to_vec(),
        })
    }

    fn value_type() -> ValueType {
        ValueType::Bytes
    }

    #[inline]
    fn len(v: &Vec<u8>, _last: bool) -> usize {
        v.len() + N
    }

    fn write(v: &Vec<u8>, w: &mut Writer<'_>, _last: bool) -> Result<(), EncodeError> {
        write_terminated(Self::term(), v, w)
    }

    fn read(r: &mut Reader<'_>, _last: bool) -> Result<Vec<u8>, DecodeError> {
        read_terminated(Self::term(), r).map(|(v, _)| v)
    }
}

impl<const N: usize, const TERM: u128> Format<String> for Terminated<N, TERM> {
    const WIDTH: Option<usize> = None;
    const MAX_WIDTH: Option<usize> = None;

    fn format() -> FieldFormat {
        FieldFormat::Java(JavaFormat::Terminated {
            terminator: Self::term().to_vec(),
        })
    }

    fn value_type() -> ValueType {
        ValueType::String
    }

    #[inline]
    fn len(v: &String, _last: bool) -> usize {
        v.len() + N
    }

    fn write(v: &String, w: &mut Writer<'_>, _last: bool) -> Result<(), EncodeError> {
        write_terminated(Self::term(), v.as_bytes(), w)
    }

    fn read(r: &mut Reader<'_>, _last: bool) -> Result<String, DecodeError> {
        read_terminated_string(Self::term(), r)
    }
}

/// `Terminated`'s read of a string.
pub(crate) fn read_terminated_string(
    term: &[u8],
    r: &mut Reader<'_>,
) -> Result<String, DecodeError> {
    let (bytes, start) = read_terminated(term, r)?;
    crate::encoding::native::utf8(bytes, r, start, false)
}
