//! `#[fixed(N)]`: strings and byte vectors padded to exactly N bytes; integers narrowed (or
//! widened) to N big-endian bytes.

use crate::cursor::{Reader, Writer};
use crate::error::{DecodeError, EncodeError, WidthUnit};

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
    if pad != 0 {
        if let Some(index) = bytes.iter().position(|&b| b < pad) {
            return Err(EncodeError::BelowPad {
                field,
                index,
                byte: bytes[index],
                pad,
            });
        }
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
    if pad != 0 {
        if let Some(i) = bytes.iter().position(|&b| b < pad) {
            return Err(DecodeError::BelowPad {
                field: r.field(),
                offset: start + i,
                byte: bytes[i],
                pad,
            });
        }
    }
    Ok((bytes, start))
}

/// The types `#[fixed(N)]` applies to: strings and byte vectors (padded), integers (narrowed).
#[diagnostic::on_unimplemented(
    message = "`#[fixed(N)]` applies to String, Vec<u8> and integers, not `{Self}`",
    label = "no fixed-width form",
    note = "implement `rowkey::KeyCodec` for `{Self}` with the width it needs, and drop the attribute"
)]
pub trait FixedWidth: Sized {
    /// Writes the value in exactly `N` bytes (padded with `PAD` for strings and bytes).
    fn write_fixed<const N: usize, const PAD: u8>(
        &self,
        w: &mut Writer<'_>,
    ) -> Result<(), EncodeError>;
    /// Reads a value written by [`write_fixed`](Self::write_fixed).
    fn read_fixed<const N: usize, const PAD: u8>(r: &mut Reader<'_>) -> Result<Self, DecodeError>;
}

fixed_width! {
    impl[T: FixedWidth, const N: usize, const PAD: u8] Format<T> for Fixed<N, PAD> {
        width: N;
        fn write(v, w) {
            v.write_fixed::<N, PAD>(w)
        }
        fn read(r) {
            T::read_fixed::<N, PAD>(r)
        }
    }
}

impl FixedWidth for Vec<u8> {
    #[inline]
    fn write_fixed<const N: usize, const PAD: u8>(
        &self,
        w: &mut Writer<'_>,
    ) -> Result<(), EncodeError> {
        check_pad(w.field(), self, N, PAD)?;
        w.put(self);
        w.fill(PAD, N - self.len());
        Ok(())
    }

    #[inline]
    fn read_fixed<const N: usize, const PAD: u8>(r: &mut Reader<'_>) -> Result<Self, DecodeError> {
        read_padded(r, N, PAD).map(|(v, _)| v)
    }
}

impl FixedWidth for String {
    #[inline]
    fn write_fixed<const N: usize, const PAD: u8>(
        &self,
        w: &mut Writer<'_>,
    ) -> Result<(), EncodeError> {
        check_pad(w.field(), self.as_bytes(), N, PAD)?;
        w.put(self.as_bytes());
        w.fill(PAD, N - self.len());
        Ok(())
    }

    #[inline]
    fn read_fixed<const N: usize, const PAD: u8>(r: &mut Reader<'_>) -> Result<Self, DecodeError> {
        let (bytes, start) = read_padded(r, N, PAD)?;
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
            #[inline]
            fn write_fixed<const N: usize, const PAD: u8>(&self, w: &mut Writer<'_>) -> Result<(), EncodeError> {
                const { assert!(N >= 1 && N <= 16, "#[fixed(N)] on an integer needs N in 1..=16") };
                let x = *self as u128;
                if N < 16 && x >> (8 * N) != 0 {
                    return Err(does_not_fit(w.field(), self, N));
                }
                w.put(&x.to_be_bytes()[16 - N..]);
                Ok(())
            }

            #[inline]
            fn read_fixed<const N: usize, const PAD: u8>(r: &mut Reader<'_>) -> Result<Self, DecodeError> {
                let at = r.offset();
                let x = read_be(r, N)?;
                <$t>::try_from(x).map_err(|_| r.out_of_range(at))
            }
        }
    )*};
}

macro_rules! fixed_signed {
    ($($t:ty),*) => {$(
        impl FixedWidth for $t {
            #[inline]
            fn write_fixed<const N: usize, const PAD: u8>(&self, w: &mut Writer<'_>) -> Result<(), EncodeError> {
                const { assert!(N >= 1 && N <= 16, "#[fixed(N)] on an integer needs N in 1..=16") };
                let x = *self as i128;
                if outside_signed(x, N) {
                    return Err(does_not_fit(w.field(), self, N));
                }
                let ordered = (x as u128) ^ (1u128 << (8 * N - 1));
                w.put(&ordered.to_be_bytes()[16 - N..]);
                Ok(())
            }

            #[inline]
            fn read_fixed<const N: usize, const PAD: u8>(r: &mut Reader<'_>) -> Result<Self, DecodeError> {
                let at = r.offset();
                let x = read_be(r, N)? ^ (1u128 << (8 * N - 1));
                <$t>::try_from(sign_extend(x, 8 * N)).map_err(|_| r.out_of_range(at))
            }
        }
    )*};
}

fixed_unsigned!(u8, u16, u32, u64, u128);
fixed_signed!(i8, i16, i32, i64, i128);

fixed_width! {
    impl[T: super::java::JavaInt, const N: usize] Format<T> for JavaFixed<N> {
        width: N;
        fn write(v, w) {
            const {
                assert!(
                    N >= 1 && N <= 16,
                    "#[fixed(N)] on an integer needs N in 1..=16"
                )
            };
            let x = v.to_i128();
            if outside_signed(x, N) {
                return Err(does_not_fit(w.field(), x, N));
            }
            w.put(&(x as u128).to_be_bytes()[16 - N..]);
            Ok(())
        }
        fn read(r) {
            let at = r.offset();
            let x = read_be(r, N)?;
            T::from_i128(sign_extend(x, 8 * N)).ok_or_else(|| r.out_of_range(at))
        }
    }
}
