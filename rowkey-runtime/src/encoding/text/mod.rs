//! Text layouts (`#[rowkey(delimiter = ":")]`): every part is text, and every part but the last
//! is followed by the delimiter. [`Delimited`] adds the delimiter to any format, which makes
//! each part's bytes prefix-free, so scans work as in binary keys.

pub(crate) mod describe;

use super::field_format::FieldFormat;
use super::part::{Of, Part};
use super::Format;
use crate::cursor::{Reader, Writer};
use crate::encoding::field_format::TextFormat;
use crate::error::{DecodeError, EncodeError, WidthUnit};
use crate::layout::value::ValueType;

/// Format `F`, then the delimiter `D` unless the part is last.
#[derive(Debug, Clone, Copy)]
pub struct Delimited<F, const D: u8>(F);

impl<T, F: Format<T>, const D: u8> Format<T> for Delimited<F, D> {
    const WIDTH: Option<usize> = match F::WIDTH {
        Some(w) => Some(w + 1),
        None => None,
    };
    const MAX_WIDTH: Option<usize> = match F::MAX_WIDTH {
        Some(w) => Some(w + 1),
        None => None,
    };

    fn format() -> FieldFormat {
        FieldFormat::Text(TextFormat::Delimited {
            delimiter: D,
            inner: Box::new(F::format()),
        })
    }

    fn value_type() -> ValueType {
        F::value_type()
    }

    #[inline]
    fn len(v: &T, last: bool) -> usize {
        F::len(v, last) + usize::from(!last)
    }

    #[inline]
    fn write(v: &T, w: &mut Writer<'_>, last: bool) -> Result<(), EncodeError> {
        write_delimited(&Of::<F>::NEW, D, v, w, last)
    }

    #[inline]
    fn read(r: &mut Reader<'_>, last: bool) -> Result<T, DecodeError> {
        read_delimited(&Of::<F>::NEW, D, r, last)
    }
}

#[inline(always)]
fn write_delimited<T, P: Part<T> + ?Sized>(
    inner: &P,
    d: u8,
    v: &T,
    w: &mut Writer<'_>,
    last: bool,
) -> Result<(), EncodeError> {
    inner.write(v, w, last)?;
    if !last {
        w.put_byte(d);
    }
    Ok(())
}

#[inline(always)]
fn read_delimited<T, P: Part<T> + ?Sized>(
    inner: &P,
    d: u8,
    r: &mut Reader<'_>,
    last: bool,
) -> Result<T, DecodeError> {
    let v = inner.read(r, last)?;
    if !last {
        expect_delimiter(r, d)?;
    }
    Ok(v)
}

/// Consumes the delimiter `d` or fails naming the part before it.
#[doc(hidden)]
pub fn expect_delimiter(r: &mut Reader<'_>, d: u8) -> Result<(), DecodeError> {
    let at = r.offset();
    match r.rest().first() {
        Some(&b) if b == d => {
            r.advance(1);
            Ok(())
        }
        found => Err(DecodeError::MissingDelimiter {
            field: r.field(),
            offset: at,
            delimiter: d,
            found: found.copied(),
        }),
    }
}

/// A variable-width text string: raw UTF-8 that must not contain the delimiter `D`; a non-last
/// one ends where the delimiter starts.
#[derive(Debug, Clone, Copy)]
pub struct TextStr<const D: u8>;

/// Fails if `bytes` contains the delimiter.
fn no_delimiter(field: &'static str, bytes: &[u8], d: u8) -> Result<(), EncodeError> {
    match bytes.iter().position(|&b| b == d) {
        Some(index) => Err(EncodeError::ContainsDelimiter {
            field,
            delimiter: d,
            index,
        }),
        None => Ok(()),
    }
}

/// Fails if the part's bytes, read from key offset `start`, contain the delimiter: `encode`
/// refuses such values, so such keys are not canonical.
fn delimiter_in_part(r: &Reader<'_>, start: usize, bytes: &[u8], d: u8) -> Result<(), DecodeError> {
    match bytes.iter().position(|&b| b == d) {
        Some(i) => Err(DecodeError::ContainsDelimiter {
            field: r.field(),
            offset: start + i,
            delimiter: d,
        }),
        None => Ok(()),
    }
}

impl<const D: u8> Format<String> for TextStr<D> {
    const WIDTH: Option<usize> = None;
    const MAX_WIDTH: Option<usize> = None;

    fn format() -> FieldFormat {
        FieldFormat::Text(TextFormat::Str { delimiter: D })
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
        write_str(v, D, w)
    }

    #[inline]
    fn read(r: &mut Reader<'_>, last: bool) -> Result<String, DecodeError> {
        read_str(D, r, last)
    }
}

#[inline(always)]
fn write_str(v: &str, d: u8, w: &mut Writer<'_>) -> Result<(), EncodeError> {
    no_delimiter(w.field(), v.as_bytes(), d)?;
    w.put(v.as_bytes());
    Ok(())
}

#[inline(always)]
fn read_str(d: u8, r: &mut Reader<'_>, last: bool) -> Result<String, DecodeError> {
    let start = r.offset();
    let rest = r.rest();
    let n = if last {
        delimiter_in_part(r, start, rest, d)?;
        rest.len()
    } else {
        rest.iter().position(|&b| b == d).unwrap_or(rest.len())
    };
    r.advance(n);
    crate::encoding::native::utf8(rest[..n].to_vec(), r, start, false)
}

/// `#[fixed(N)]` text strings must not contain the delimiter either (a reader splitting on it
/// would cut them).
#[derive(Debug, Clone, Copy)]
pub struct TextFixed<const N: usize, const PAD: u8, const D: u8>;

impl<const N: usize, const PAD: u8, const D: u8> Format<String> for TextFixed<N, PAD, D> {
    const WIDTH: Option<usize> = Some(N);
    const MAX_WIDTH: Option<usize> = Some(N);

    fn format() -> FieldFormat {
        FieldFormat::Text(TextFormat::Fixed {
            width: N,
            pad: PAD,
            delimiter: D,
        })
    }

    fn value_type() -> ValueType {
        ValueType::String
    }

    #[inline]
    fn len(_v: &String, _last: bool) -> usize {
        N
    }

    #[inline]
    fn write(v: &String, w: &mut Writer<'_>, _last: bool) -> Result<(), EncodeError> {
        write_fixed(v, (N, PAD, D), w)
    }

    #[inline]
    fn read(r: &mut Reader<'_>, _last: bool) -> Result<String, DecodeError> {
        read_fixed((N, PAD, D), r)
    }
}

/// `TextFixed`'s body, its width, pad and delimiter as arguments.
#[inline(always)]
fn write_fixed(
    v: &String,
    (n, pad, d): (usize, u8, u8),
    w: &mut Writer<'_>,
) -> Result<(), EncodeError> {
    use super::fixed::FixedWidth;
    no_delimiter(w.field(), v.as_bytes(), d)?;
    v.write_fixed(n, pad, w)
}

#[inline(always)]
fn read_fixed((n, pad, d): (usize, u8, u8), r: &mut Reader<'_>) -> Result<String, DecodeError> {
    use super::fixed::FixedWidth;
    let start = r.offset();
    let v = String::read_fixed(n, pad, r)?;
    delimiter_in_part(r, start, v.as_bytes(), d)?;
    Ok(v)
}

/// An integer as unpadded decimal text (`1231231`, `-5`): the last part of a text key only.
/// Variable width, so it sorts as text, not as a number ("10" < "9").
#[derive(Debug, Clone, Copy)]
pub struct TextInt;

macro_rules! text_int {
    ($($t:ty => $max:expr),*) => {$(
        impl Format<$t> for TextInt {
            const WIDTH: Option<usize> = None;
            const MAX_WIDTH: Option<usize> = Some($max);

            fn format() -> FieldFormat {
                FieldFormat::Text(TextFormat::Int)
            }

            fn value_type() -> ValueType {
                <$t as crate::layout::value::Typed>::value_type()
            }

            #[inline]
            fn len(v: &$t, _last: bool) -> usize {
                decimal_len(i128::from(*v).unsigned_abs()) + usize::from(*v < (0 as $t))
            }

            #[inline]
            fn write(v: &$t, w: &mut Writer<'_>, _last: bool) -> Result<(), EncodeError> {
                let mut buf = [0u8; 40];
                let s = format_int(i128::from(*v), &mut buf);
                w.put(s);
                Ok(())
            }

            #[inline]
            fn read(r: &mut Reader<'_>, _last: bool) -> Result<$t, DecodeError> {
                let at = r.offset();
                let rest = r.rest();
                let n = rest.iter().position(|b| !(b.is_ascii_digit() || *b == b'-')).unwrap_or(rest.len());
                let text = &rest[..n];
                r.advance(n);
                parse_int(text, at, r.field())
                    .and_then(|x| <$t>::try_from(x).map_err(|_| DecodeError::OutOfRange { field: r.field(), offset: at }))
            }
        }
    )*};
}

text_int!(u8 => 3, u16 => 5, u32 => 10, u64 => 20, i8 => 4, i16 => 6, i32 => 11, i64 => 20);

/// Formats `v` in decimal into the end of `buf`.
fn format_int(v: i128, buf: &mut [u8; 40]) -> &[u8] {
    let mut i = buf.len();
    let mut x = v.unsigned_abs();
    loop {
        i -= 1;
        buf[i] = b'0' + (x % 10) as u8;
        x /= 10;
        if x == 0 {
            break;
        }
    }
    if v < 0 {
        i -= 1;
        buf[i] = b'-';
    }
    &buf[i..]
}

fn decimal_len(mut x: u128) -> usize {
    let mut n = 1;
    while x >= 10 {
        x /= 10;
        n += 1;
    }
    n
}

/// Parses canonical decimal text: no `+`, no leading zeros, no `-0`.
fn parse_int(text: &[u8], at: usize, field: &'static str) -> Result<i128, DecodeError> {
    let (neg, digits) = match text.split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, text),
    };
    let bad = |offset: usize, byte: Option<u8>, expected: &'static str| match byte {
        Some(byte) => DecodeError::NotADigit {
            field,
            offset,
            byte,
            expected,
        },
        None => DecodeError::Truncated {
            field,
            offset,
            needed: 1,
            available: 0,
        },
    };
    let first = usize::from(neg);
    match digits {
        [] => return Err(bad(at + first, None, "a decimal digit")),
        [b'0', _, ..] => {
            return Err(bad(
                at + first,
                Some(b'0'),
                "a number without a leading zero (encode writes 5, not 05)",
            ))
        }
        [b'0'] if neg => {
            return Err(bad(
                at,
                Some(b'-'),
                "0 without a sign (encode writes 0, not -0)",
            ))
        }
        _ => {}
    }
    let mut x: i128 = 0;
    for (i, &c) in digits.iter().enumerate() {
        if !c.is_ascii_digit() {
            return Err(bad(at + first + i, Some(c), "a decimal digit"));
        }
        x = x
            .checked_mul(10)
            .and_then(|x| x.checked_add(i128::from(c - b'0')))
            .ok_or(DecodeError::OutOfRange { field, offset: at })?;
    }
    Ok(if neg { -x } else { x })
}

/// `#[reverse_ts]` in text: `MAX - ts` as zero-padded decimal digits (19 for 64-bit, the
/// width of Long.MAX_VALUE; 10 for 32-bit).
#[derive(Debug, Clone, Copy)]
pub struct TextReverseTs;

impl<T: super::java::Timestamp> Format<T> for TextReverseTs {
    const WIDTH: Option<usize> = Some(Self::digits::<T>());
    const MAX_WIDTH: Option<usize> = Some(Self::digits::<T>());

    fn format() -> FieldFormat {
        FieldFormat::Text(TextFormat::ReverseTs)
    }

    fn value_type() -> ValueType {
        T::value_type()
    }

    #[inline]
    fn len(_v: &T, _last: bool) -> usize {
        Self::digits::<T>()
    }

    #[inline]
    fn write(v: &T, w: &mut Writer<'_>, _last: bool) -> Result<(), EncodeError> {
        let stored = v.reversed(w.field())?;
        match T::BYTES {
            8 => <super::digits::Decimal<19> as Format<u64>>::write(&stored, w, false),
            _ => <super::digits::Decimal<10> as Format<u64>>::write(&stored, w, false),
        }
    }

    #[inline]
    fn read(r: &mut Reader<'_>, _last: bool) -> Result<T, DecodeError> {
        let at = r.offset();
        let stored = match T::BYTES {
            8 => <super::digits::Decimal<19> as Format<u64>>::read(r, false)?,
            _ => <super::digits::Decimal<10> as Format<u64>>::read(r, false)?,
        };
        T::from_reversed(stored).ok_or_else(|| r.out_of_range(at))
    }
}

impl TextReverseTs {
    /// 19 digits (the width of `Long.MAX_VALUE`) for 64-bit timestamps, 10 for 32-bit.
    const fn digits<T: super::java::Timestamp>() -> usize {
        if T::BYTES == 8 {
            19
        } else {
            10
        }
    }
}

/// `#[desc]` on `#[decimal(N)]` / `#[hex(N)]` in text: the digit complement (9 - d, or 15 - d
/// in hex), which is `MAX_N - v` written with the same digits. Readable, and descending.
#[derive(Debug, Clone, Copy)]
pub struct Complement<F, const BASE: u32, const N: usize>(F);

/// The largest value of N digits of `base`, saturated to u128.
const fn digits_max(base: u32, n: usize) -> u128 {
    match (base as u128).checked_pow(n as u32) {
        Some(p) => p - 1,
        None => u128::MAX,
    }
}

impl<T: super::digits::Unsigned, F: Format<u128>, const BASE: u32, const N: usize> Format<T>
    for Complement<F, BASE, N>
{
    const WIDTH: Option<usize> = F::WIDTH;
    const MAX_WIDTH: Option<usize> = F::MAX_WIDTH;

    fn format() -> FieldFormat {
        FieldFormat::Text(TextFormat::Complement {
            base: BASE,
            digits: N,
            inner: Box::new(<F as Format<u128>>::format()),
        })
    }

    fn value_type() -> ValueType {
        T::value_type()
    }

    #[inline]
    fn len(_v: &T, last: bool) -> usize {
        F::len(&0, last)
    }

    #[inline]
    fn write(v: &T, w: &mut Writer<'_>, last: bool) -> Result<(), EncodeError> {
        write_complement(&Of::<F>::NEW, (BASE, N), *v, w, last)
    }

    #[inline]
    fn read(r: &mut Reader<'_>, last: bool) -> Result<T, DecodeError> {
        read_complement(&Of::<F>::NEW, (BASE, N), r, last)
    }
}

#[inline(always)]
fn write_complement<T: super::digits::Unsigned, P: Part<u128> + ?Sized>(
    inner: &P,
    (base, n): (u32, usize),
    v: T,
    w: &mut Writer<'_>,
    last: bool,
) -> Result<(), EncodeError> {
    let max = digits_max(base, n);
    let x = v.to_u128();
    if x > max {
        let unit = if base == 16 {
            WidthUnit::HexDigits
        } else {
            WidthUnit::DecimalDigits
        };
        return Err(EncodeError::DoesNotFit {
            field: w.field(),
            value: v.to_string(),
            width: n,
            unit,
        });
    }
    inner.write(&(max - x), w, last)
}

#[inline(always)]
fn read_complement<T: super::digits::Unsigned, P: Part<u128> + ?Sized>(
    inner: &P,
    (base, n): (u32, usize),
    r: &mut Reader<'_>,
    last: bool,
) -> Result<T, DecodeError> {
    let at = r.offset();
    let stored = inner.read(r, last)?;
    T::from_u128(digits_max(base, n) - stored).ok_or_else(|| r.out_of_range(at))
}
