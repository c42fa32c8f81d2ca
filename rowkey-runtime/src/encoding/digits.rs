//! `#[decimal(N)]` and `#[hex(N)]`: unsigned integers as N zero-padded ASCII digits, readable in
//! the HBase shell and still in numeric order.

use crate::cursor::{Reader, Writer};
use crate::error::{DecodeError, EncodeError, WidthUnit};

/// `#[decimal(N)]`: N zero-padded decimal digits (`#[decimal(6)]` writes 63031 as `063031`).
#[derive(Debug, Clone, Copy)]
pub struct Decimal<const N: usize>;

/// `#[hex(N)]`: N zero-padded lowercase hex digits (`{:016x}`). Decoding accepts lowercase only,
/// so every key has exactly one spelling.
#[derive(Debug, Clone, Copy)]
pub struct Hex<const N: usize>;

const HEX: &[u8; 16] = b"0123456789abcdef";

/// Writes `x` as `n` digits of `base` (2..=16); `n` is at most 39.
#[inline]
fn write_digits(w: &mut Writer<'_>, mut x: u128, n: usize, base: u128) {
    let mut buf = [b'0'; 39];
    let mut i = buf.len();
    if let Ok(mut small) = u64::try_from(x) {
        let b = base as u64;
        while small != 0 {
            i -= 1;
            buf[i] = HEX[(small % b) as usize];
            small /= b;
        }
    } else {
        while x != 0 {
            i -= 1;
            buf[i] = HEX[(x % base) as usize];
            x /= base;
        }
    }
    w.put(&buf[buf.len() - n..]);
}

/// Reads `n` digits of `base`; `None` when the value overflows u128.
#[inline]
fn read_digits(r: &mut Reader<'_>, n: usize, base: u32) -> Result<Option<u128>, DecodeError> {
    let start = r.offset();
    let flip = r.flip();
    let raw = r.take_raw(n)?;
    let mut acc: Option<u128> = Some(0);
    for (i, &stored) in raw.iter().enumerate() {
        let c = stored ^ flip;
        let d = match c {
            b'0'..=b'9' if base >= 10 || u32::from(c - b'0') < base => u32::from(c - b'0'),
            b'a'..=b'f' if base == 16 => u32::from(c - b'a' + 10),
            _ => {
                return Err(DecodeError::NotADigit {
                    field: r.field(),
                    offset: start + i,
                    byte: stored,
                    expected: if base == 16 {
                        "a lowercase hex digit (`#[hex(N)]` writes 0-9 and a-f)"
                    } else {
                        "a decimal digit"
                    },
                })
            }
        };
        acc = acc
            .and_then(|a| a.checked_mul(u128::from(base)))
            .and_then(|a| a.checked_add(u128::from(d)));
    }
    Ok(acc)
}

/// True when `x` needs more than `n` digits of `base`.
#[inline]
fn too_wide(x: u128, n: usize, base: u128) -> bool {
    match base.checked_pow(n as u32) {
        Some(limit) => x >= limit,
        None => false,
    }
}

/// The unsigned integers `#[decimal(N)]` and `#[hex(N)]` write (u8 to u128).
#[diagnostic::on_unimplemented(
    message = "`#[decimal(N)]` and `#[hex(N)]` write unsigned integers (u8 to u128), not `{Self}`",
    label = "not an unsigned integer",
    note = "store the number in a u32/u64 field, or implement `rowkey::KeyCodec` for `{Self}` and drop the attribute"
)]
pub trait Unsigned: Copy + core::fmt::Display + crate::layout::value::Typed {
    /// The value widened.
    fn to_u128(self) -> u128;
    /// The value narrowed back, `None` when it does not fit.
    fn from_u128(x: u128) -> Option<Self>;
}

macro_rules! unsigned {
    ($($t:ty),*) => {$(
        impl Unsigned for $t {
            #[inline(always)]
            fn to_u128(self) -> u128 {
                self as u128
            }
            #[inline(always)]
            fn from_u128(x: u128) -> Option<Self> {
                <$t>::try_from(x).ok()
            }
        }
    )*};
}

unsigned!(u8, u16, u32, u64, u128);

/// `N` digits of `base` (10 or 16): the shared body of [`Decimal`] and [`Hex`].
#[inline]
fn write_number<T: Unsigned>(
    v: T,
    w: &mut Writer<'_>,
    n: usize,
    base: u128,
    unit: WidthUnit,
) -> Result<(), EncodeError> {
    let x = v.to_u128();
    if too_wide(x, n, base) {
        return Err(EncodeError::DoesNotFit {
            field: w.field(),
            value: v.to_string(),
            width: n,
            unit,
        });
    }
    write_digits(w, x, n, base);
    Ok(())
}

#[inline]
fn read_number<T: Unsigned>(r: &mut Reader<'_>, n: usize, base: u32) -> Result<T, DecodeError> {
    let at = r.offset();
    read_digits(r, n, base)?
        .and_then(T::from_u128)
        .ok_or_else(|| r.out_of_range(at))
}

fixed_width! {
    impl[T: Unsigned, const N: usize] Format<T> for Decimal<N> {
        width: N;
        format: super::field_format::FieldFormat::Decimal { digits: N };
        value: T::value_type();
        fn write(v, w) {
            const { assert!(N >= 1 && N <= 39, "#[decimal(N)] needs N in 1..=39") };
            write_number(*v, w, N, 10, WidthUnit::DecimalDigits)
        }
        fn read(r) {
            read_number(r, N, 10)
        }
    }
}

fixed_width! {
    impl[T: Unsigned, const N: usize] Format<T> for Hex<N> {
        width: N;
        format: super::field_format::FieldFormat::Hex { digits: N };
        value: T::value_type();
        fn write(v, w) {
            const { assert!(N >= 1 && N <= 32, "#[hex(N)] needs N in 1..=32") };
            write_number(*v, w, N, 16, WidthUnit::HexDigits)
        }
        fn read(r) {
            read_number(r, N, 16)
        }
    }
}

/// `#[decimal(n)]` (`base` 10) or `#[hex(n)]` (16) run from a description, for values of `ty`.
pub(crate) fn part(
    n: usize,
    base: u32,
    ty: &crate::layout::value::ValueType,
) -> Result<super::part::DynPart, String> {
    use super::part::{by_type, closures, wrong_type, DynPart};
    fn make<T: Unsigned + 'static>(n: usize, base: u32) -> Result<DynPart, String> {
        let max = if base == 10 { 39 } else { 32 };
        if !(1..=max).contains(&n) {
            return Err(format!(
                "{n} digits of base {base}: the digits take 1..={max}"
            ));
        }
        let unit = if base == 10 {
            WidthUnit::DecimalDigits
        } else {
            WidthUnit::HexDigits
        };
        Ok(closures(
            Some(n),
            Some(n),
            move |_, _| n,
            move |v, w, _| match T::from_value(v) {
                Some(t) => write_number(t, w, n, u128::from(base), unit),
                None => Err(wrong_type(w.field())),
            },
            move |r, _| read_number::<T>(r, n, base).map(|t| t.to_value()),
        ))
    }
    by_type!(ty, make(n, base), [U8 => u8, U16 => u16, U32 => u32, U64 => u64, U128 => u128])
}
