//! Apache Phoenix primary-key columns, byte for byte as `PTableImpl.newKey` writes them
//! (`#[rowkey(encoding = "phoenix")]`).
//!
//! - INTEGER, BIGINT, SMALLINT, TINYINT (`i32`, `i64`, `i16`, `i8`) and BINARY(N) (`[u8; N]`)
//!   are the binary layout's own bytes ([`Natural`](crate::encoding::Natural)).
//! - UNSIGNED_INT / UNSIGNED_LONG ([`UnsignedInt`], [`UnsignedLong`]): plain big-endian, at most
//!   `i32::MAX` / `i64::MAX`.
//! - UNSIGNED_TINYINT / UNSIGNED_SMALLINT ([`UnsignedTinyint`], [`UnsignedSmallint`]): the
//!   same for `u8` / `u16`, at most `i8::MAX` / `i16::MAX`.
//! - DOUBLE ([`Double`]): `l = doubleToLongBits(v); (l ^ ((l >> 63) | MIN)) + 1`.
//! - BOOLEAN, FLOAT, UNSIGNED_FLOAT, UNSIGNED_DOUBLE: see [`Boolean`], [`Float`],
//!   [`UnsignedFloat`], [`UnsignedDouble`].
//! - DATE, TIME, TIMESTAMP and their UNSIGNED_ forms from `std::time::SystemTime`: see
//!   [`Millis`] and [`Timestamp`]; a ROW_TIMESTAMP column of those or of BIGINT
//!   ([`RowTimestampBigint`]) is at or after 1970.
//! - CHAR(N) ([`Char`]): ASCII, padded with spaces.
//! - VARCHAR / VARBINARY ([`Varchar`], [`Varbinary`]): the raw bytes, no escaping. A VARCHAR that
//!   is not the last one written is followed by a separator: `00`, or `FF` when the column is
//!   DESC, not NULL and the table is row-key-order optimizable (`FF`). A DESC, optimizable
//!   variable-length column that is written last ends with an `FF` too. An empty value is NULL.
//!
//! `last` is decided at run time by the generated code: Phoenix drops trailing NULL columns, so
//! the last column written is the last non-NULL one. On `read`, `last` means the struct's last
//! field (the value runs to the end of the key); a column that ends the key early is found by its
//! missing separator.

use self::format::PhoenixFormat;
use crate::cursor::{Reader, Writer};
use crate::encoding::field_format::FieldFormat;
use crate::encoding::native::bytes::{find_byte, utf8};
use crate::encoding::Format;
use crate::error::{DecodeError, EncodeError};
use crate::layout::value::ValueType;

pub(crate) mod describe;
pub(crate) mod format;
mod scalar;
mod time;

pub use scalar::{Boolean, Double, Float, UnsignedDouble, UnsignedFloat};
pub use time::{Millis, RowTimestampBigint, TimeValue, Timestamp};

const PHOENIX: &str = "Phoenix";

fn refuse(w: &Writer<'_>, reason: &'static str) -> EncodeError {
    EncodeError::Unrepresentable {
        field: w.field(),
        encoding: PHOENIX,
        reason,
    }
}

/// The separator after a variable-length column, as stored (`SchemaUtil.getSeparatorByte`),
/// or `None` when none is written. `ff`: the column is DESC in an optimizable table, where a
/// value's separator (also written after the last column) is `FF` as stored.
#[inline]
fn separator(ff: bool, null: bool, last: bool) -> Option<u8> {
    if ff && !null {
        Some(0xFF)
    } else if last {
        None
    } else {
        Some(0x00)
    }
}

/// Writes a VARCHAR's value (refusing `00`, which would read as its separator) and separator.
#[inline]
fn write_var(
    v: Option<&[u8]>,
    w: &mut Writer<'_>,
    ff: bool,
    last: bool,
    varchar: bool,
) -> Result<(), EncodeError> {
    let flip = w.flip();
    match v {
        Some([]) => {
            return Err(refuse(
                w,
                "an empty value is NULL in Phoenix; make the field an Option and write None",
            ))
        }
        Some(bytes) => {
            if varchar && let Some(index) = find_byte(bytes, 0) {
                return Err(EncodeError::ContainsDelimiter {
                    field: w.field(),
                    delimiter: 0,
                    index,
                });
            }
            w.put(bytes);
        }
        None => {}
    }
    if let Some(stored) = separator(ff, v.is_none(), last) {
        // The separator is not inverted with the value: written as stored.
        w.put_byte(stored ^ flip);
    }
    Ok(())
}

#[inline]
fn var_len(v: Option<&[u8]>, ff: bool, last: bool) -> usize {
    v.map_or(0, <[u8]>::len) + usize::from(separator(ff, v.is_none(), last).is_some())
}

/// Reads a VARCHAR column: `None` for NULL (an empty value). `last`: the struct's last field.
fn read_var(r: &mut Reader<'_>, ff: bool, last: bool) -> Result<Option<Vec<u8>>, DecodeError> {
    let flip = r.flip();
    let start = r.offset();
    let rest = r.rest();
    let (value, consumed) = if ff {
        // DESC, optimizable: NULL is a lone 00; a value runs to its FF.
        if rest.first() == Some(&0) {
            if last {
                return Err(r.invalid(start, "a DESC VARCHAR ending in FF (NULL is never last)"));
            }
            (None, 1)
        } else {
            match find_byte(rest, 0xFF) {
                Some(0) => {
                    return Err(r.invalid(start, "a non-empty DESC VARCHAR before its FF separator"))
                }
                Some(p) => (Some(&rest[..p]), p + 1),
                None => {
                    return Err(DecodeError::MissingTerminator {
                        field: r.field(),
                        offset: start,
                    })
                }
            }
        }
    } else if last {
        if let Some(p) = find_byte(rest, 0) {
            return Err(DecodeError::ContainsDelimiter {
                field: r.field(),
                offset: start + p,
                delimiter: 0,
            });
        }
        ((!rest.is_empty()).then_some(rest), rest.len())
    } else {
        match find_byte(rest, 0) {
            Some(p) => ((p > 0).then(|| &rest[..p]), p + 1),
            // The last column written: the key ends with it.
            None => ((!rest.is_empty()).then_some(rest), rest.len()),
        }
    };
    // A NUL inside a value (stored FF when inverted) is refused by encode.
    if let Some(p) = value.and_then(|v| find_byte(v, flip)) {
        return Err(DecodeError::ContainsDelimiter {
            field: r.field(),
            offset: start + p,
            delimiter: 0,
        });
    }
    let had_separator = consumed > value.map_or(0, <[u8]>::len);
    r.advance(consumed);
    // Phoenix drops trailing NULLs, so no key ends with the 00 separator.
    if had_separator && r.remaining() == 0 && !(ff && value.is_some()) {
        return Err(r.invalid(
            r.offset().saturating_sub(1),
            "a column after this separator (Phoenix drops trailing NULLs and their separators)",
        ));
    }
    Ok(value.map(|v| v.iter().map(|b| b ^ flip).collect()))
}

fn not_null<T>(r: &Reader<'_>, start: usize, v: Option<T>) -> Result<T, DecodeError> {
    v.ok_or_else(|| {
        r.invalid(
            start,
            "a non-empty value (Phoenix stores '' as NULL and this field is not an Option)",
        )
    })
}

/// VARCHAR (`String`, or `Option<String>` for a nullable column). `FF`: the column is DESC in
/// a row-key-order optimizable table, so a value's separator is `FF` and one follows the last
/// column too.
#[derive(Debug, Clone, Copy)]
pub struct Varchar<const FF: bool>;

impl<const FF: bool> Format<String> for Varchar<FF> {
    const WIDTH: Option<usize> = None;
    const MAX_WIDTH: Option<usize> = None;

    fn format() -> FieldFormat {
        FieldFormat::Phoenix(PhoenixFormat::Varchar { ff_separator: FF })
    }

    fn value_type() -> ValueType {
        ValueType::String
    }

    #[inline]
    fn len(v: &String, last: bool) -> usize {
        var_len(Some(v.as_bytes()), FF, last)
    }

    #[inline]
    fn write(v: &String, w: &mut Writer<'_>, last: bool) -> Result<(), EncodeError> {
        write_var(Some(v.as_bytes()), w, FF, last, true)
    }

    fn read(r: &mut Reader<'_>, last: bool) -> Result<String, DecodeError> {
        let start = r.offset();
        let v = read_var(r, FF, last)?;
        let v = not_null(r, start, v)?;
        utf8(v, r, start, false)
    }
}

impl<const FF: bool> Format<Option<String>> for Varchar<FF> {
    const WIDTH: Option<usize> = None;
    const MAX_WIDTH: Option<usize> = None;

    fn format() -> FieldFormat {
        FieldFormat::Phoenix(PhoenixFormat::Varchar { ff_separator: FF })
    }

    fn value_type() -> ValueType {
        ValueType::Option(Box::new(ValueType::String))
    }

    #[inline]
    fn len(v: &Option<String>, last: bool) -> usize {
        var_len(v.as_deref().map(str::as_bytes), FF, last)
    }

    #[inline]
    fn write(v: &Option<String>, w: &mut Writer<'_>, last: bool) -> Result<(), EncodeError> {
        write_var(v.as_deref().map(str::as_bytes), w, FF, last, true)
    }

    fn read(r: &mut Reader<'_>, last: bool) -> Result<Option<String>, DecodeError> {
        let start = r.offset();
        match read_var(r, FF, last)? {
            Some(v) => utf8(v, r, start, false).map(Some),
            None => Ok(None),
        }
    }
}

/// VARBINARY (`Vec<u8>` or `Option<Vec<u8>>`), Phoenix's last primary-key column only: the raw
/// bytes to the end of the key (then `FF` when DESC in an optimizable table).
#[derive(Debug, Clone, Copy)]
pub struct Varbinary<const FF: bool>;

fn write_varbinary(v: Option<&[u8]>, w: &mut Writer<'_>, ff: bool) -> Result<(), EncodeError> {
    write_var(v, w, ff, true, false)
}

fn read_varbinary(r: &mut Reader<'_>, ff: bool) -> Result<Option<Vec<u8>>, DecodeError> {
    let flip = r.flip();
    let start = r.offset();
    let rest = r.rest();
    let value = if ff {
        match rest.split_last() {
            Some((&0xFF, [])) => {
                return Err(r.invalid(start, "a non-empty DESC VARBINARY before its FF"))
            }
            Some((&0xFF, value)) => value,
            _ => return Err(r.invalid(start + rest.len(), "the FF that ends a DESC VARBINARY")),
        }
    } else {
        rest
    };
    r.advance(rest.len());
    Ok((!value.is_empty()).then(|| value.iter().map(|b| b ^ flip).collect()))
}

impl<const FF: bool> Format<Vec<u8>> for Varbinary<FF> {
    const WIDTH: Option<usize> = None;
    const MAX_WIDTH: Option<usize> = None;

    fn format() -> FieldFormat {
        FieldFormat::Phoenix(PhoenixFormat::Varbinary { ff_separator: FF })
    }

    fn value_type() -> ValueType {
        ValueType::Bytes
    }

    #[inline]
    fn len(v: &Vec<u8>, _last: bool) -> usize {
        v.len() + usize::from(FF)
    }

    #[inline]
    fn write(v: &Vec<u8>, w: &mut Writer<'_>, _last: bool) -> Result<(), EncodeError> {
        write_varbinary(Some(v), w, FF)
    }

    fn read(r: &mut Reader<'_>, _last: bool) -> Result<Vec<u8>, DecodeError> {
        let start = r.offset();
        let v = read_varbinary(r, FF)?;
        not_null(r, start, v)
    }
}

impl<const FF: bool> Format<Option<Vec<u8>>> for Varbinary<FF> {
    const WIDTH: Option<usize> = None;
    const MAX_WIDTH: Option<usize> = None;

    fn format() -> FieldFormat {
        FieldFormat::Phoenix(PhoenixFormat::Varbinary { ff_separator: FF })
    }

    fn value_type() -> ValueType {
        ValueType::Option(Box::new(ValueType::Bytes))
    }

    #[inline]
    fn len(v: &Option<Vec<u8>>, _last: bool) -> usize {
        v.as_ref().map_or(0, |v| v.len() + usize::from(FF))
    }

    #[inline]
    fn write(v: &Option<Vec<u8>>, w: &mut Writer<'_>, _last: bool) -> Result<(), EncodeError> {
        write_varbinary(v.as_deref(), w, FF)
    }

    fn read(r: &mut Reader<'_>, _last: bool) -> Result<Option<Vec<u8>>, DecodeError> {
        read_varbinary(r, FF)
    }
}

/// CHAR(N) (`#[fixed(N)] String`): ASCII from `' '` up, padded with spaces to N bytes. A value
/// that ends with a space, is empty (NULL in Phoenix), or holds a control character (it would
/// sort after shorter values, whose padding is a space) is refused.
#[derive(Debug, Clone, Copy)]
pub struct Char<const N: usize>;

impl<const N: usize> Format<String> for Char<N> {
    const WIDTH: Option<usize> = Some(N);
    const MAX_WIDTH: Option<usize> = Some(N);

    fn format() -> FieldFormat {
        FieldFormat::Phoenix(PhoenixFormat::Char { width: N })
    }

    fn value_type() -> ValueType {
        ValueType::String
    }

    #[inline]
    fn len(_v: &String, _last: bool) -> usize {
        N
    }

    fn write(v: &String, w: &mut Writer<'_>, _last: bool) -> Result<(), EncodeError> {
        write_char(v, N, w)
    }

    fn read(r: &mut Reader<'_>, _last: bool) -> Result<String, DecodeError> {
        read_char(N, r)
    }
}

/// CHAR(n)'s bytes of `v`.
fn write_char(v: &str, n: usize, w: &mut Writer<'_>) -> Result<(), EncodeError> {
    let bytes = v.as_bytes();
    if !v.is_ascii() {
        return Err(refuse(
            w,
            "a CHAR column holds ASCII only; use a VARCHAR (String)",
        ));
    }
    if bytes.len() > n {
        return Err(EncodeError::TooLong {
            field: w.field(),
            len: bytes.len(),
            max: n,
        });
    }
    if bytes.is_empty() {
        return Err(refuse(
            w,
            "an empty CHAR is NULL in Phoenix, and CHAR key columns are NOT NULL",
        ));
    }
    if let Some(index) = bytes.iter().position(|&b| b < b' ') {
        return Err(EncodeError::BelowPad {
            field: w.field(),
            index,
            byte: bytes[index],
            pad: b' ',
        });
    }
    if bytes.last() == Some(&b' ') {
        return Err(EncodeError::EndsWithPad {
            field: w.field(),
            pad: b' ',
        });
    }
    w.put(bytes);
    w.fill(b' ', n - bytes.len());
    Ok(())
}

/// Reads CHAR(n) back.
fn read_char(n: usize, r: &mut Reader<'_>) -> Result<String, DecodeError> {
    let start = r.offset();
    let flip = r.flip();
    let raw = r.take_raw(n)?;
    let mut out: Vec<u8> = raw.iter().map(|b| b ^ flip).collect();
    while out.last() == Some(&b' ') {
        out.pop();
    }
    if let Some(p) = out.iter().position(|&b| !(b' '..0x80).contains(&b)) {
        return Err(r.invalid(
            start + p,
            "an ASCII character from ' ' up in a Phoenix CHAR",
        ));
    }
    if out.is_empty() {
        return Err(r.invalid(start, "a non-blank CHAR (Phoenix stores '' as NULL)"));
    }
    utf8(out, r, start, false)
}

macro_rules! unsigned {
    ($name:ident, $t:ty, $s:ty, $sql:literal, $reason:literal) => {
        #[doc = concat!("Phoenix ", $sql, " (`", stringify!($t), "`): big-endian, at most `", stringify!($s), "::MAX`.")]
        #[derive(Debug, Clone, Copy)]
        pub struct $name;

        fixed_width! {
            impl[] Format<$t> for $name {
                width: core::mem::size_of::<$t>();
                format: FieldFormat::Phoenix(PhoenixFormat::$name);
                value: <$t as crate::layout::value::Typed>::value_type();
                fn write(v, w) {
                    if *v > <$s>::MAX as $t {
                        return Err(refuse(w, $reason));
                    }
                    w.put(&v.to_be_bytes());
                    Ok(())
                }
                fn read(r) {
                    let start = r.offset();
                    let v = <$t>::from_be_bytes(r.take()?);
                    if v > <$s>::MAX as $t {
                        return Err(r.out_of_range(start));
                    }
                    Ok(v)
                }
            }
        }
    };
}

unsigned!(
    UnsignedInt,
    u32,
    i32,
    "UNSIGNED_INT",
    "an UNSIGNED_INT is at most 2147483647 (i32::MAX)"
);
unsigned!(
    UnsignedTinyint,
    u8,
    i8,
    "UNSIGNED_TINYINT",
    "an UNSIGNED_TINYINT is at most 127 (i8::MAX)"
);
unsigned!(
    UnsignedSmallint,
    u16,
    i16,
    "UNSIGNED_SMALLINT",
    "an UNSIGNED_SMALLINT is at most 32767 (i16::MAX)"
);
unsigned!(
    UnsignedLong,
    u64,
    i64,
    "UNSIGNED_LONG",
    "an UNSIGNED_LONG is at most 9223372036854775807 (i64::MAX)"
);

/// Phoenix DECIMAL (`rust_decimal::Decimal` or `Option<Decimal>`, with the `decimal` feature;
/// `PDataType.toBytes(BigDecimal)`): the value without trailing zeros as base-100 digits after an
/// exponent byte; a negative value's digits are complemented and end with `0x66`. Variable
/// length, with a VARCHAR's separators. Decode gives the value normalized (`1.50` reads as `1.5`,
/// which is equal).
#[derive(Debug, Clone, Copy)]
pub struct Decimal<const FF: bool>;

/// Phoenix DECIMAL(P, S) (`#[precision(P, S)] rust_decimal::Decimal`, with the `decimal`
/// feature): DECIMAL's bytes, for values with at most `P - S` integer digits and `S` decimal
/// places (Phoenix would round the extra places down; here they are an `EncodeError`). Under
/// `#[desc]` the value bytes are written uninverted, as Phoenix's UPSERT writes them; only the
/// separator follows the DESC rules (the derive gives this field no inversion).
#[derive(Debug, Clone, Copy)]
pub struct FixedDecimal<const P: u32, const S: u32, const FF: bool>;

#[cfg(feature = "decimal")]
pub(super) mod decimal {
    use super::{read_var, write_var, Decimal, FieldFormat, FixedDecimal, Format, PhoenixFormat};
    use crate::cursor::{Reader, Writer};
    use crate::error::{DecodeError, EncodeError};
    use crate::layout::value::ValueType;
    use rust_decimal::Decimal as D;

    /// The longest DECIMAL a `rust_decimal::Decimal` gives: 29 digits, negative.
    const MAX: usize = 18;

    /// Phoenix's bytes of `v` in `out`; returns their length.
    pub(super) fn to_bytes(v: &D, out: &mut [u8; MAX]) -> usize {
        let m = v.mantissa();
        if m == 0 {
            out[0] = 0x80;
            return 1;
        }
        let neg = m < 0;
        let mut u = m.unsigned_abs();
        // BigDecimal.stripTrailingZeros: the scale may go below zero.
        let mut scale = v.scale() as i32;
        while u.is_multiple_of(10) {
            u /= 10;
            scale -= 1;
        }
        let precision = u.ilog10() as i32 + 1;
        let exp_offset = scale.rem_euclid(2);
        let len = if neg { 2 } else { 1 } + (precision + 1 + exp_offset) / 2;
        let mut index = len as usize;
        if neg {
            let sc = scale - (len - 3) * 2;
            out[0] = !((-(sc + exp_offset) / 2 + 65 + 128) as u8) & 0x7F;
            index -= 1;
            out[index] = 102;
        } else {
            let sc = scale - (len - 2) * 2;
            out[0] = ((-(sc + exp_offset) / 2 + 65) as u8) | 0x80;
        }
        let mut mult: u128 = if exp_offset == 1 { 10 } else { 1 };
        loop {
            let div = 100 / mult;
            let d = (u % div * mult) as u8;
            u /= div;
            index -= 1;
            out[index] = if neg { 101 - d } else { d + 1 };
            mult = 1;
            if u == 0 {
                break;
            }
        }
        len as usize
    }

    /// The value of Phoenix's bytes, when a `Decimal` holds it and they are canonical.
    fn from_bytes(b: &[u8]) -> Option<D> {
        let (&head, rest) = b.split_first()?;
        if b == [0x80] {
            return Some(D::ZERO);
        }
        let neg = head & 0x80 == 0;
        let (e, digits) = if neg {
            let (&last, digits) = rest.split_last()?;
            if last != 102 {
                return None;
            }
            (62 - i32::from(head), digits)
        } else {
            (i32::from(head & 0x7F) - 65, rest)
        };
        let mut m: i128 = 0;
        for &byte in digits {
            let d = if neg {
                101 - i32::from(byte)
            } else {
                i32::from(byte) - 1
            };
            if !(0..100).contains(&d) {
                return None;
            }
            m = m.checked_mul(100)?.checked_add(i128::from(d))?;
        }
        let k = e - (digits.len() as i32 - 1);
        let (mut m, mut scale) = if k >= 0 {
            (m.checked_mul(100i128.checked_pow(k as u32)?)?, 0)
        } else {
            (m, (-2 * k) as u32)
        };
        // An odd scale leaves a trailing zero digit: drop it so that 29 digits fit.
        while scale > 0 && m % 10 == 0 {
            m /= 10;
            scale -= 1;
        }
        let v = D::try_from_i128_with_scale(if neg { -m } else { m }, scale).ok()?;
        // Canonical: the bytes Phoenix writes for that value.
        let mut again = [0u8; MAX];
        let n = to_bytes(&v, &mut again);
        (again[..n] == *b).then_some(v.normalize())
    }

    pub(super) fn read<const FF: bool>(
        r: &mut Reader<'_>,
        last: bool,
    ) -> Result<Option<D>, DecodeError> {
        let start = r.offset();
        match read_var(r, FF, last)? {
            None => Ok(None),
            Some(b) => from_bytes(&b).map(Some).ok_or_else(|| {
                r.invalid(
                    start,
                    "a Phoenix DECIMAL that a rust_decimal::Decimal holds",
                )
            }),
        }
    }

    pub(super) fn write<const FF: bool>(
        v: Option<&D>,
        w: &mut Writer<'_>,
        last: bool,
    ) -> Result<(), EncodeError> {
        let mut buf = [0u8; MAX];
        match v {
            Some(v) => {
                let n = to_bytes(v, &mut buf);
                write_var(Some(&buf[..n]), w, FF, last, false)
            }
            None => write_var(None, w, FF, last, false),
        }
    }

    pub(super) fn len<const FF: bool>(v: Option<&D>, last: bool) -> usize {
        let mut buf = [0u8; MAX];
        let n = v.map(|v| to_bytes(v, &mut buf));
        n.unwrap_or(0) + usize::from(super::separator(FF, v.is_none(), last).is_some())
    }

    impl<const FF: bool> Format<D> for Decimal<FF> {
        const WIDTH: Option<usize> = None;
        const MAX_WIDTH: Option<usize> = Some(MAX + 1);

        fn format() -> FieldFormat {
            FieldFormat::Phoenix(PhoenixFormat::Decimal { ff_separator: FF })
        }

        fn value_type() -> ValueType {
            ValueType::Decimal
        }

        #[inline]
        fn len(v: &D, last: bool) -> usize {
            len::<FF>(Some(v), last)
        }

        #[inline]
        fn write(v: &D, w: &mut Writer<'_>, last: bool) -> Result<(), EncodeError> {
            write::<FF>(Some(v), w, last)
        }

        fn read(r: &mut Reader<'_>, last: bool) -> Result<D, DecodeError> {
            let start = r.offset();
            let v = read::<FF>(r, last)?;
            super::not_null(r, start, v)
        }
    }

    /// True when `v` has at most `p - s` integer digits and `s` decimal places.
    fn fits(v: &D, p: u32, s: u32) -> bool {
        let v = v.normalize();
        let digits = if v.mantissa() == 0 {
            0
        } else {
            v.mantissa().unsigned_abs().ilog10() + 1
        };
        v.scale() <= s && digits.saturating_sub(v.scale()) <= p - s
    }

    /// DECIMAL(p, s)'s write: the value checked against the precision and scale.
    pub(super) fn write_fixed<const FF: bool>(
        v: Option<&D>,
        (p, s): (u32, u32),
        w: &mut Writer<'_>,
        last: bool,
    ) -> Result<(), EncodeError> {
        if let Some(x) = v {
            check(x, p, s, w)?;
        }
        write::<FF>(v, w, last)
    }

    fn check(v: &D, p: u32, s: u32, w: &Writer<'_>) -> Result<(), EncodeError> {
        if fits(v, p, s) {
            Ok(())
        } else {
            Err(super::refuse(
                w,
                "the value does not fit the column's DECIMAL(p, s): more than p - s integer \
                 digits, or more than s decimal places (Phoenix would round them down)",
            ))
        }
    }

    pub(super) fn read_fixed<const FF: bool>(
        r: &mut Reader<'_>,
        last: bool,
        p: u32,
        s: u32,
    ) -> Result<Option<D>, DecodeError> {
        let start = r.offset();
        let v = read::<FF>(r, last)?;
        match v {
            Some(x) if !fits(&x, p, s) => Err(r.invalid(
                start,
                "a DECIMAL that fits the column's precision and scale",
            )),
            v => Ok(v),
        }
    }

    impl<const P: u32, const S: u32, const FF: bool> Format<D> for FixedDecimal<P, S, FF> {
        const WIDTH: Option<usize> = None;
        const MAX_WIDTH: Option<usize> = Some(MAX + 1);

        fn format() -> FieldFormat {
            FieldFormat::Phoenix(PhoenixFormat::FixedDecimal {
                precision: P,
                scale: S,
                ff_separator: FF,
            })
        }

        fn value_type() -> ValueType {
            ValueType::Decimal
        }

        #[inline]
        fn len(v: &D, last: bool) -> usize {
            len::<FF>(Some(v), last)
        }

        fn write(v: &D, w: &mut Writer<'_>, last: bool) -> Result<(), EncodeError> {
            write_fixed::<FF>(Some(v), (P, S), w, last)
        }

        fn read(r: &mut Reader<'_>, last: bool) -> Result<D, DecodeError> {
            let start = r.offset();
            let v = read_fixed::<FF>(r, last, P, S)?;
            super::not_null(r, start, v)
        }
    }

    impl<const P: u32, const S: u32, const FF: bool> Format<Option<D>> for FixedDecimal<P, S, FF> {
        const WIDTH: Option<usize> = None;
        const MAX_WIDTH: Option<usize> = Some(MAX + 1);

        fn format() -> FieldFormat {
            FieldFormat::Phoenix(PhoenixFormat::FixedDecimal {
                precision: P,
                scale: S,
                ff_separator: FF,
            })
        }

        fn value_type() -> ValueType {
            ValueType::Option(Box::new(ValueType::Decimal))
        }

        #[inline]
        fn len(v: &Option<D>, last: bool) -> usize {
            len::<FF>(v.as_ref(), last)
        }

        fn write(v: &Option<D>, w: &mut Writer<'_>, last: bool) -> Result<(), EncodeError> {
            write_fixed::<FF>(v.as_ref(), (P, S), w, last)
        }

        fn read(r: &mut Reader<'_>, last: bool) -> Result<Option<D>, DecodeError> {
            read_fixed::<FF>(r, last, P, S)
        }
    }

    impl<const FF: bool> Format<Option<D>> for Decimal<FF> {
        const WIDTH: Option<usize> = None;
        const MAX_WIDTH: Option<usize> = Some(MAX + 1);

        fn format() -> FieldFormat {
            FieldFormat::Phoenix(PhoenixFormat::Decimal { ff_separator: FF })
        }

        fn value_type() -> ValueType {
            ValueType::Option(Box::new(ValueType::Decimal))
        }

        #[inline]
        fn len(v: &Option<D>, last: bool) -> usize {
            len::<FF>(v.as_ref(), last)
        }

        #[inline]
        fn write(v: &Option<D>, w: &mut Writer<'_>, last: bool) -> Result<(), EncodeError> {
            write::<FF>(v.as_ref(), w, last)
        }

        fn read(r: &mut Reader<'_>, last: bool) -> Result<Option<D>, DecodeError> {
            read::<FF>(r, last)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn enc<T, F: Format<T>>(v: &T, flip: u8, last: bool) -> Result<Vec<u8>, EncodeError> {
        let mut buf = vec![0u8; F::len(v, last)];
        let mut w = Writer::new(&mut buf);
        w.begin("f", flip);
        F::write(v, &mut w, last)?;
        w.finish()?;
        Ok(buf)
    }

    #[test]
    fn double_matches_phoenix_examples() {
        // From Phoenix's PDouble: 0.0, -0.0, 1.5 and +inf.
        let cases = [
            (0.0, "8000000000000001"),
            (-0.0, "8000000000000000"),
            (1.5, "bff8000000000001"),
            (f64::INFINITY, "fff0000000000001"),
        ];
        for (v, hex) in cases {
            let bytes = enc::<f64, Double>(&v, 0, true).unwrap();
            let got: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
            assert_eq!(got, hex, "{v}");
        }
    }

    #[test]
    fn separators_follow_sort_order_and_the_optimizable_flag() {
        let a = String::from("a");
        assert_eq!(
            enc::<String, Varchar<false>>(&a, 0, false).unwrap(),
            [0x61, 0x00]
        );
        assert_eq!(enc::<String, Varchar<false>>(&a, 0, true).unwrap(), [0x61]);
        assert_eq!(
            enc::<String, Varchar<true>>(&a, 0xFF, true).unwrap(),
            [0x9E, 0xFF]
        );
        assert_eq!(
            enc::<String, Varchar<false>>(&a, 0xFF, false).unwrap(),
            [0x9E, 0x00]
        );
        assert_eq!(
            enc::<String, Varchar<false>>(&a, 0xFF, true).unwrap(),
            [0x9E]
        );
        let none: Option<String> = None;
        assert_eq!(enc::<_, Varchar<true>>(&none, 0xFF, false).unwrap(), [0x00]);
    }
}
