//! `#[fixed(N)]`: strings and byte vectors padded to exactly N bytes; integers narrowed (or
//! widened) to N big-endian bytes.

use super::field_format::FieldFormat;
use super::part::{by_type, closures, wrong_type, DynPart};
use crate::cursor::{Reader, Writer};
use crate::error::{DecodeError, EncodeError, WidthUnit};
use crate::layout::value::Typed;
use crate::layout::value::ValueType;

/// `#[fixed(N)]`. On `String` / `Vec<u8>`: the value followed by `PAD` bytes up to N; a longer
/// value, one ending in `PAD`, or one holding a byte below `PAD` is an error (the pad rule, which
/// keeps byte order equal to the values' order). On integers: N big-endian bytes (sign bit flipped
/// for signed types, as in their natural encoding); a value that needs more is an error.
#[derive(Debug, Clone, Copy)]
pub struct Fixed<const N: usize, const PAD: u8 = 0>;

/// `#[java] #[fixed(N)]`: a signed integer narrowed to N bytes of two's complement.
#[derive(Debug, Clone, Copy)]
pub struct JavaFixed<const N: usize>;

/// The pad rule: a value fits `#[fixed(N, pad = c)]` when it has at most N bytes, does not end
/// in the pad byte (decoding strips trailing pads) and holds no byte below the pad byte (a
/// shorter value's padding would then sort above it: with pad `_`, `"AB"` would sort before
/// `"A"`). With the default pad `00` the last rule is always met.
fn check_pad(field: &'static str, bytes: &[u8], n: usize, pad: u8) -> Result<(), EncodeError> {
    if bytes.len() > n {
        return Err(EncodeError::TooLong {
            field,
            len: bytes.len(),
            max: n,
        });
    }
    if bytes.last() == Some(&pad) {
        return Err(EncodeError::EndsWithPad { field, pad });
    }
    if pad != 0
        && let Some(index) = bytes.iter().position(|&b| b < pad)
    {
        return Err(EncodeError::BelowPad {
            field,
            index,
            byte: bytes[index],
            pad,
        });
    }
    Ok(())
}

/// Reads N padded bytes, strips the trailing pad and applies the pad rule of [`check_pad`], so
/// that only keys `encode` writes decode.
fn read_padded(r: &mut Reader<'_>, n: usize, pad: u8) -> Result<(Vec<u8>, usize), DecodeError> {
    let start = r.offset();
    let flip = r.flip();
    let raw = r.take_raw(n)?;
    let mut bytes: Vec<u8> = raw.iter().map(|b| b ^ flip).collect();
    let keep = bytes.iter().rposition(|&b| b != pad).map_or(0, |i| i + 1);
    bytes.truncate(keep);
    if pad != 0
        && let Some(i) = bytes.iter().position(|&b| b < pad)
    {
        return Err(DecodeError::BelowPad {
            field: r.field(),
            offset: start + i,
            byte: bytes[i],
            pad,
        });
    }
    Ok((bytes, start))
}

/// The types `#[fixed(N)]` applies to: strings and byte vectors (padded), integers (narrowed).
#[diagnostic::on_unimplemented(
    message = "`#[fixed(N)]` applies to String, Vec<u8> and integers, not `{Self}`",
    label = "no fixed-width form",
    note = "implement `rowkey::KeyCodec` for `{Self}` with the width it needs, and drop the attribute"
)]
pub trait FixedWidth: Typed {
    /// An integer, whose width is 1..=16 bytes.
    const INTEGER: bool;
    /// Whether `n` bytes is a width of the type (1..=16 for an integer).
    fn width_fits(n: usize) -> bool {
        !Self::INTEGER || (1..=16).contains(&n)
    }
    /// Writes the value in exactly `n` bytes (padded with `pad` for strings and bytes).
    fn write_fixed(&self, n: usize, pad: u8, w: &mut Writer<'_>) -> Result<(), EncodeError>;
    /// Reads a value written by [`write_fixed`](Self::write_fixed).
    fn read_fixed(n: usize, pad: u8, r: &mut Reader<'_>) -> Result<Self, DecodeError>;
}

fixed_width! {
    impl[T: FixedWidth, const N: usize, const PAD: u8] Format<T> for Fixed<N, PAD> {
        width: N;
        format: FieldFormat::Fixed { width: N, pad: PAD };
        value: T::value_type();
        fn write(v, w) {
            const {
                assert!(
                    !T::INTEGER || (N >= 1 && N <= 16),
                    "#[fixed(N)] on an integer needs N in 1..=16"
                )
            };
            v.write_fixed(N, PAD, w)
        }
        fn read(r) {
            T::read_fixed(N, PAD, r)
        }
    }
}

/// `#[fixed(N)]` run from a description, for values of `ty`.
pub(crate) fn part(n: usize, pad: u8, ty: &ValueType) -> Result<DynPart, String> {
    fn make<T: FixedWidth + 'static>(n: usize, pad: u8) -> Result<DynPart, String> {
        if !T::width_fits(n) {
            return Err(format!(
                "#[fixed({n})] does not fit a {}: an integer takes 1..=16 bytes",
                T::value_type()
            ));
        }
        Ok(closures(
            Some(n),
            Some(n),
            move |_, _| n,
            move |v, w, _| match T::from_value(v) {
                Some(t) => t.write_fixed(n, pad, w),
                None => Err(wrong_type(w.field())),
            },
            move |r, _| T::read_fixed(n, pad, r).map(|t| t.to_value()),
        ))
    }
    by_type!(ty, make(n, pad), [
        U8 => u8, U16 => u16, U32 => u32, U64 => u64, U128 => u128,
        I8 => i8, I16 => i16, I32 => i32, I64 => i64, I128 => i128,
        String => String, Bytes => Vec<u8>,
    ])
}

impl FixedWidth for Vec<u8> {
    const INTEGER: bool = false;

    #[inline]
    fn write_fixed(&self, n: usize, pad: u8, w: &mut Writer<'_>) -> Result<(), EncodeError> {
        check_pad(w.field(), self, n, pad)?;
        w.put(self);
        w.fill(pad, n - self.len());
        Ok(())
    }

    #[inline]
    fn read_fixed(n: usize, pad: u8, r: &mut Reader<'_>) -> Result<Self, DecodeError> {
        read_padded(r, n, pad).map(|(v, _)| v)
    }
}

impl FixedWidth for String {
    const INTEGER: bool = false;

    #[inline]
    fn write_fixed(&self, n: usize, pad: u8, w: &mut Writer<'_>) -> Result<(), EncodeError> {
        check_pad(w.field(), self.as_bytes(), n, pad)?;
        w.put(self.as_bytes());
        w.fill(pad, n - self.len());
        Ok(())
    }

    #[inline]
    fn read_fixed(n: usize, pad: u8, r: &mut Reader<'_>) -> Result<Self, DecodeError> {
        let (bytes, start) = read_padded(r, n, pad)?;
        crate::encoding::native::utf8(bytes, r, start, false)
    }
}

/// Reads N bytes as the low bytes of a u128.
#[inline]
fn read_be(r: &mut Reader<'_>, n: usize) -> Result<u128, DecodeError> {
    let flip = r.flip();
    let raw = r.take_raw(n)?;
    Ok(raw
        .iter()
        .fold(0u128, |acc, b| (acc << 8) | u128::from(b ^ flip)))
}

/// Sign-extends the low `bits` bits of `x`.
#[inline]
fn sign_extend(x: u128, bits: usize) -> i128 {
    let shift = 128 - bits as u32;
    ((x << shift) as i128) >> shift
}

fn does_not_fit(field: &'static str, value: impl ToString, n: usize) -> EncodeError {
    EncodeError::DoesNotFit {
        field,
        value: value.to_string(),
        width: n,
        unit: WidthUnit::Bytes,
    }
}

/// True when `x` is outside the range of an `n`-byte two's complement integer.
#[inline]
fn outside_signed(x: i128, n: usize) -> bool {
    n < 16 && (x < -(1i128 << (8 * n - 1)) || x >= 1i128 << (8 * n - 1))
}

macro_rules! fixed_unsigned {
    ($($t:ty),*) => {$(
        impl FixedWidth for $t {
            const INTEGER: bool = true;

            #[inline]
            fn write_fixed(&self, n: usize, _pad: u8, w: &mut Writer<'_>) -> Result<(), EncodeError> {
                let x = *self as u128;
                if n < 16 && x >> (8 * n) != 0 {
                    return Err(does_not_fit(w.field(), self, n));
                }
                w.put(&x.to_be_bytes()[16 - n..]);
                Ok(())
            }

            #[inline]
            fn read_fixed(n: usize, _pad: u8, r: &mut Reader<'_>) -> Result<Self, DecodeError> {
                let at = r.offset();
                let x = read_be(r, n)?;
                <$t>::try_from(x).map_err(|_| r.out_of_range(at))
            }
        }
    )*};
}

macro_rules! fixed_signed {
    ($($t:ty),*) => {$(
        impl FixedWidth for $t {
            const INTEGER: bool = true;

            #[inline]
            fn write_fixed(&self, n: usize, _pad: u8, w: &mut Writer<'_>) -> Result<(), EncodeError> {
                let x = *self as i128;
                if outside_signed(x, n) {
                    return Err(does_not_fit(w.field(), self, n));
                }
                let ordered = (x as u128) ^ (1u128 << (8 * n - 1));
                w.put(&ordered.to_be_bytes()[16 - n..]);
                Ok(())
            }

            #[inline]
            fn read_fixed(n: usize, _pad: u8, r: &mut Reader<'_>) -> Result<Self, DecodeError> {
                let at = r.offset();
                let x = read_be(r, n)? ^ (1u128 << (8 * n - 1));
                <$t>::try_from(sign_extend(x, 8 * n)).map_err(|_| r.out_of_range(at))
            }
        }
    )*};
}

fixed_unsigned!(u8, u16, u32, u64, u128);
fixed_signed!(i8, i16, i32, i64, i128);

fixed_width! {
    impl[T: super::java::JavaInt, const N: usize] Format<T> for JavaFixed<N> {
        width: N;
        format: FieldFormat::Java(super::java::format::JavaFormat::Fixed { width: N });
        value: T::value_type();
        fn write(v, w) {
            const {
                assert!(
                    N >= 1 && N <= 16,
                    "#[fixed(N)] on an integer needs N in 1..=16"
                )
            };
            write_java(v.to_i128(), N, w)
        }
        fn read(r) {
            read_java(N, r)
        }
    }
}

/// `#[java] #[fixed(n)]`'s bytes of `x`: `n` bytes of two's complement.
#[inline(always)]
pub(crate) fn write_java(x: i128, n: usize, w: &mut Writer<'_>) -> Result<(), EncodeError> {
    if outside_signed(x, n) {
        return Err(does_not_fit(w.field(), x, n));
    }
    w.put(&(x as u128).to_be_bytes()[16 - n..]);
    Ok(())
}

/// Reads `#[java] #[fixed(n)]`'s bytes back.
#[inline(always)]
pub(crate) fn read_java<T: super::java::JavaInt>(
    n: usize,
    r: &mut Reader<'_>,
) -> Result<T, DecodeError> {
    let at = r.offset();
    let x = read_be(r, n)?;
    T::from_i128(sign_extend(x, 8 * n)).ok_or_else(|| r.out_of_range(at))
}
