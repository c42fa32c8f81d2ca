//! HBase's typed API (`org.apache.hadoop.hbase.types`, `#[rowkey(encoding = "hbase_ordered")]`):
//! each field as its `Ordered*` type writes it with `OrderedBytes`, the fields concatenated as
//! `Struct.encode` does (trailing NULLs of nullable members dropped). `#[desc]` is `DESCENDING`:
//! every byte, the header included, inverted by the writer.
//!
//! | Rust | HBase type | bytes |
//! |---|---|---|
//! | `i8`..`i64` | `OrderedInt8`..`OrderedInt64` | `0x29`..`0x2c`, big-endian, sign bit flipped |
//! | `f32`, `f64` | `OrderedFloat32`, `OrderedFloat64` | `0x30`/`0x31`, Java's bits (one NaN), sign-magnitude flipped |
//! | `String` | `OrderedString` | `0x34`, UTF-8, `0x00` |
//! | `Vec<u8>` | `OrderedBlobVar` | `0x37`, 7 bits per byte, the last byte's top bit clear |
//! | `#[blob] Vec<u8>` | `OrderedBlob` | `0x38`, the bytes to the end of the key (DESC: then `0xFF`) |
//! | `Option<String>`, `Option<Vec<u8>>` | nullable | NULL is `0x05` |
//!
//! The `Raw*` members are the `#[java]`, `#[java(nul_terminated)]` and `#[fixed(N)]` formats
//! ([`Java`](crate::encoding::java::Java), [`JavaFloat`](crate::encoding::java::JavaFloat),
//! [`JavaStr`](crate::encoding::java::JavaStr), [`NulTerminated`](crate::encoding::java::NulTerminated),
//! [`Fixed`](crate::encoding::fixed::Fixed)): HBase's `Bytes` writes what Java code writes.

pub(crate) mod describe;

use crate::cursor::{Reader, Writer};
use crate::encoding::field_format::FieldFormat;
use crate::encoding::field_format::HbaseOrderedFormat;
use crate::encoding::native::bytes::{find_byte, utf8};
use crate::encoding::part::{Of, Part};
use crate::encoding::Format;
use crate::error::{DecodeError, EncodeError};
use crate::layout::value::ValueType;

const NULL: u8 = 0x05;
const TEXT: u8 = 0x34;
const TERM: u8 = 0x00;
const BLOB_VAR: u8 = 0x37;

/// Reads the header byte and checks it is `want`.
fn header(r: &mut Reader<'_>, want: u8, what: &'static str) -> Result<(), DecodeError> {
    let at = r.offset();
    if r.take_byte()? != want {
        return Err(r.invalid(at, what));
    }
    Ok(())
}

macro_rules! ordered_int {
    ($name:ident, $t:ty, $u:ty, $header:literal, $doc:literal) => {
        #[doc = $doc]
        #[derive(Debug, Clone, Copy)]
        pub struct $name;

        fixed_width! {
            impl[] Format<$t> for $name {
                width: 1 + core::mem::size_of::<$t>();
                format: FieldFormat::HbaseOrdered(HbaseOrderedFormat::$name);
                value: <$t as crate::layout::value::Typed>::value_type();
                fn write(v, w) {
                    let flipped = (*v as $u) ^ (1 << (<$u>::BITS - 1));
                    w.put_then(&[$header], &flipped.to_be_bytes());
                    Ok(())
                }
                fn read(r) {
                    header(r, $header, concat!("the ", stringify!($name), " header"))?;
                    let v = <$u>::from_be_bytes(r.take()?) ^ (1 << (<$u>::BITS - 1));
                    Ok(v as $t)
                }
            }
        }
    };
}

ordered_int!(
    Int8,
    i8,
    u8,
    0x29,
    "`OrderedInt8` (`i8`): `0x29`, then the byte with its sign bit flipped."
);
ordered_int!(
    Int16,
    i16,
    u16,
    0x2a,
    "`OrderedInt16` (`i16`): `0x2a`, then big-endian with the sign bit flipped."
);
ordered_int!(
    Int32,
    i32,
    u32,
    0x2b,
    "`OrderedInt32` (`i32`): `0x2b`, then big-endian with the sign bit flipped."
);
ordered_int!(
    Int64,
    i64,
    u64,
    0x2c,
    "`OrderedInt64` (`i64`): `0x2c`, then big-endian with the sign bit flipped."
);

macro_rules! ordered_float {
    ($name:ident, $t:ty, $u:ty, $header:literal, $nan:literal, $doc:literal) => {
        #[doc = $doc]
        #[derive(Debug, Clone, Copy)]
        pub struct $name;

        fixed_width! {
            impl[] Format<$t> for $name {
                width: 1 + core::mem::size_of::<$t>();
                format: FieldFormat::HbaseOrdered(HbaseOrderedFormat::$name);
                value: <$t as crate::layout::value::Typed>::value_type();
                fn write(v, w) {
                    let bits: $u = if v.is_nan() { $nan } else { v.to_bits() };
                    let sign = 1 << (<$u>::BITS - 1);
                    let ordered = if bits & sign != 0 { !bits } else { bits | sign };
                    w.put_then(&[$header], &ordered.to_be_bytes());
                    Ok(())
                }
                fn read(r) {
                    header(r, $header, concat!("the ", stringify!($name), " header"))?;
                    let at = r.offset();
                    let ordered = <$u>::from_be_bytes(r.take()?);
                    let sign = 1 << (<$u>::BITS - 1);
                    let bits = if ordered & sign != 0 {
                        ordered ^ sign
                    } else {
                        !ordered
                    };
                    let v = <$t>::from_bits(bits);
                    if v.is_nan() && bits != $nan {
                        return Err(r.invalid(at, "Java's one NaN (doubleToLongBits)"));
                    }
                    Ok(v)
                }
            }
        }
    };
}

ordered_float!(
    Float32,
    f32,
    u32,
    0x30,
    0x7fc0_0000,
    "`OrderedFloat32` (`f32`): `0x30`, then `Float.floatToIntBits` (every NaN is Java's one NaN) with the sign bit flipped, all bits of a negative value."
);
ordered_float!(
    Float64,
    f64,
    u64,
    0x31,
    0x7ff8_0000_0000_0000,
    "`OrderedFloat64` (`f64`): `0x31`, then `Double.doubleToLongBits` (every NaN is Java's one NaN) with the sign bit flipped, all bits of a negative value."
);

/// `OrderedString` (`String`, or `Option<String>`: nullable, NULL is `0x05`): `0x34`, the UTF-8
/// bytes, `0x00`. A value holding U+0000 is refused, as HBase refuses it.
#[derive(Debug, Clone, Copy)]
pub struct Text;

fn write_text(v: &str, w: &mut Writer<'_>) -> Result<(), EncodeError> {
    if let Some(index) = find_byte(v.as_bytes(), 0) {
        return Err(EncodeError::ContainsDelimiter {
            field: w.field(),
            delimiter: 0,
            index,
        });
    }
    w.put_byte(TEXT);
    w.put_then(v.as_bytes(), &[TERM]);
    Ok(())
}

fn read_text(r: &mut Reader<'_>) -> Result<String, DecodeError> {
    header(r, TEXT, "the OrderedString header 0x34")?;
    let flip = r.flip();
    let start = r.offset();
    let rest = r.rest();
    let Some(end) = find_byte(rest, TERM ^ flip) else {
        return Err(DecodeError::MissingTerminator {
            field: r.field(),
            offset: start,
        });
    };
    let bytes = rest[..end].iter().map(|b| b ^ flip).collect();
    r.advance(end + 1);
    utf8(bytes, r, start, false)
}

impl Format<String> for Text {
    const WIDTH: Option<usize> = None;
    const MAX_WIDTH: Option<usize> = None;

    fn format() -> FieldFormat {
        FieldFormat::HbaseOrdered(HbaseOrderedFormat::Text)
    }

    fn value_type() -> ValueType {
        ValueType::String
    }

    #[inline]
    fn len(v: &String, _last: bool) -> usize {
        v.len() + 2
    }

    #[inline]
    fn write(v: &String, w: &mut Writer<'_>, _last: bool) -> Result<(), EncodeError> {
        write_text(v, w)
    }

    fn read(r: &mut Reader<'_>, _last: bool) -> Result<String, DecodeError> {
        read_text(r)
    }
}

/// `OrderedBlobVar` (`Vec<u8>`, or `Option<Vec<u8>>`: nullable, NULL is `0x05`): `0x37`, then
/// the bits of the value seven to a byte, every byte but the last with its top bit set; an empty
/// value is `0x37 0x00`.
#[derive(Debug, Clone, Copy)]
pub struct BlobVar;

fn blob_var_len(n: usize) -> usize {
    if n == 0 {
        2
    } else {
        1 + (8 * n).div_ceil(7)
    }
}

fn write_blob_var(v: &[u8], w: &mut Writer<'_>) {
    w.put_byte(BLOB_VAR);
    if v.is_empty() {
        w.put_byte(0);
        return;
    }
    let groups = (8 * v.len()).div_ceil(7);
    let mut acc: u32 = 0;
    let mut bits = 0;
    let mut written = 0;
    let mut bytes = v.iter();
    while written < groups {
        if bits < 7 {
            acc = (acc << 8) | u32::from(bytes.next().copied().unwrap_or(0));
            bits += 8;
        }
        let group = ((acc >> (bits - 7)) & 0x7F) as u8;
        bits -= 7;
        written += 1;
        w.put_byte(if written < groups {
            group | 0x80
        } else {
            group
        });
    }
}

fn read_blob_var(r: &mut Reader<'_>) -> Result<Vec<u8>, DecodeError> {
    header(r, BLOB_VAR, "the OrderedBlobVar header 0x37")?;
    let flip = r.flip();
    let start = r.offset();
    let rest = r.rest();
    let Some(last) = rest.iter().position(|b| (b ^ flip) & 0x80 == 0) else {
        return Err(DecodeError::MissingTerminator {
            field: r.field(),
            offset: start,
        });
    };
    let groups = &rest[..=last];
    r.advance(last + 1);
    if groups.len() == 1 && groups[0] ^ flip == 0 {
        return Ok(Vec::new());
    }
    let n = groups.len() * 7 / 8;
    let mut out = Vec::with_capacity(n);
    let mut acc: u32 = 0;
    let mut bits = 0;
    for g in groups {
        acc = (acc << 7) | u32::from((g ^ flip) & 0x7F);
        bits += 7;
        if bits >= 8 {
            out.push((acc >> (bits - 8)) as u8);
            bits -= 8;
            acc &= (1 << bits) - 1;
        }
    }
    // Canonical: exactly the groups `n` bytes need, and zero padding bits.
    if out.len() != n || blob_var_len(n) != groups.len() + 1 || acc != 0 || n == 0 {
        return Err(r.invalid(start, "an OrderedBlobVar as HBase writes it"));
    }
    Ok(out)
}

impl Format<Vec<u8>> for BlobVar {
    const WIDTH: Option<usize> = None;
    const MAX_WIDTH: Option<usize> = None;

    fn format() -> FieldFormat {
        FieldFormat::HbaseOrdered(HbaseOrderedFormat::BlobVar)
    }

    fn value_type() -> ValueType {
        ValueType::Bytes
    }

    #[inline]
    fn len(v: &Vec<u8>, _last: bool) -> usize {
        blob_var_len(v.len())
    }

    #[inline]
    fn write(v: &Vec<u8>, w: &mut Writer<'_>, _last: bool) -> Result<(), EncodeError> {
        write_blob_var(v, w);
        Ok(())
    }

    fn read(r: &mut Reader<'_>, _last: bool) -> Result<Vec<u8>, DecodeError> {
        read_blob_var(r)
    }
}

/// `OrderedBlob` (`#[blob] Vec<u8>`, or `Option<Vec<u8>>`: nullable): `0x38`, then the bytes
/// as they are, to the end of the key (HBase's `Struct` takes it as the last member only).
/// DESCENDING inverts them and ends them with `0xFF` (a `0x00` before inverting), so a value
/// holding `0x00` is refused there, as HBase refuses it. `DESC`: the member is `#[desc]`.
#[derive(Debug, Clone, Copy)]
pub struct Blob<const DESC: bool>;

const BLOB: u8 = 0x38;

impl<const DESC: bool> Format<Vec<u8>> for Blob<DESC> {
    const WIDTH: Option<usize> = None;
    const MAX_WIDTH: Option<usize> = None;

    fn format() -> FieldFormat {
        FieldFormat::HbaseOrdered(HbaseOrderedFormat::Blob { desc: DESC })
    }

    fn value_type() -> ValueType {
        ValueType::Bytes
    }

    #[inline]
    fn len(v: &Vec<u8>, _last: bool) -> usize {
        1 + v.len() + usize::from(DESC)
    }

    fn write(v: &Vec<u8>, w: &mut Writer<'_>, _last: bool) -> Result<(), EncodeError> {
        write_blob(v, DESC, w)
    }

    fn read(r: &mut Reader<'_>, _last: bool) -> Result<Vec<u8>, DecodeError> {
        read_blob(DESC, r)
    }
}

fn write_blob(v: &[u8], desc: bool, w: &mut Writer<'_>) -> Result<(), EncodeError> {
    // DESCENDING ends with a terminator (`FF` once inverted), which the value must not hold.
    if let Some(index) = if desc { find_byte(v, 0) } else { None } {
        return Err(EncodeError::ContainsDelimiter {
            field: w.field(),
            delimiter: 0,
            index,
        });
    }
    w.put_then(&[BLOB], v);
    if desc {
        w.put_byte(TERM);
    }
    Ok(())
}

fn read_blob(desc: bool, r: &mut Reader<'_>) -> Result<Vec<u8>, DecodeError> {
    header(r, BLOB, "the OrderedBlob header 0x38")?;
    let flip = r.flip();
    let start = r.offset();
    let rest = r.take_raw(r.remaining())?;
    if !desc {
        return Ok(rest.to_vec());
    }
    // DESCENDING: the inverted bytes, then the terminator, which nothing inside equals.
    match rest.iter().position(|&b| b == flip) {
        Some(end) if end + 1 == rest.len() => Ok(rest[..end].iter().map(|b| b ^ flip).collect()),
        Some(end) => Err(r.invalid(
            start + end + 1,
            "the end of the key after the OrderedBlob terminator",
        )),
        None => Err(DecodeError::MissingTerminator {
            field: r.field(),
            offset: start,
        }),
    }
}

/// A nullable member (`Option<T>` of a string or blob): NULL is `0x05`. `Struct.encode` drops
/// NULLs at the end of the key, so where only nullable members follow (`TAIL`), a stored `0x05`
/// that ends the key is refused. (Where a member that is never dropped follows, the key may end
/// there: a `RawString` of `""` writes no byte.)
#[derive(Debug, Clone, Copy)]
pub struct Nullable<F, const TAIL: bool = true>(F);

impl<T, F: Format<T>, const TAIL: bool> Format<Option<T>> for Nullable<F, TAIL> {
    const WIDTH: Option<usize> = None;
    const MAX_WIDTH: Option<usize> = match F::MAX_WIDTH {
        Some(n) => Some(n),
        None => None,
    };

    fn format() -> FieldFormat {
        FieldFormat::HbaseOrdered(HbaseOrderedFormat::Nullable {
            tail: TAIL,
            inner: Box::new(F::format()),
        })
    }

    fn value_type() -> ValueType {
        ValueType::Option(Box::new(F::value_type()))
    }

    #[inline]
    fn len(v: &Option<T>, last: bool) -> usize {
        nullable_len(&Of::<F>::NEW, v.as_ref(), last)
    }

    #[inline]
    fn write(v: &Option<T>, w: &mut Writer<'_>, last: bool) -> Result<(), EncodeError> {
        write_nullable(&Of::<F>::NEW, v.as_ref(), w, last)
    }

    fn read(r: &mut Reader<'_>, last: bool) -> Result<Option<T>, DecodeError> {
        read_nullable(&Of::<F>::NEW, TAIL, r, last)
    }
}

#[inline(always)]
fn nullable_len<T, P: Part<T> + ?Sized>(inner: &P, v: Option<&T>, last: bool) -> usize {
    v.map_or(1, |x| inner.len(x, last))
}

#[inline(always)]
fn write_nullable<T, P: Part<T> + ?Sized>(
    inner: &P,
    v: Option<&T>,
    w: &mut Writer<'_>,
    last: bool,
) -> Result<(), EncodeError> {
    match v {
        None => {
            w.put_byte(NULL);
            Ok(())
        }
        Some(x) => inner.write(x, w, last),
    }
}

fn read_nullable<T, P: Part<T> + ?Sized>(
    inner: &P,
    tail: bool,
    r: &mut Reader<'_>,
    last: bool,
) -> Result<Option<T>, DecodeError> {
    let at = r.offset();
    if r.rest().first().map(|b| b ^ r.flip()) == Some(NULL) {
        r.advance(1);
        if tail && r.remaining() == 0 {
            return Err(r.invalid(
                at,
                "a value (Struct.encode drops NULLs at the end of the key)",
            ));
        }
        return Ok(None);
    }
    inner.read(r, last).map(Some)
}

/// `OrderedNumeric` (`rust_decimal::Decimal`, or `Option<Decimal>`, with the `decimal`
/// feature): HBase's variable-length decimal (SQLite4's key encoding). Zero is `0x15`; otherwise
/// a header that carries the sign and the size of the base-100 exponent `E`, `E` itself as a
/// varint where it does not fit the header, then the base-100 digits `X` as `2X + 1`, the last
/// as `2X`, all complemented for a negative value.
#[derive(Debug, Clone, Copy)]
pub struct Numeric;

#[cfg(feature = "decimal")]
mod numeric {
    use super::{FieldFormat, Format, HbaseOrderedFormat, Numeric};
    use crate::cursor::{Reader, Writer};
    use crate::error::{DecodeError, EncodeError};
    use crate::layout::value::ValueType;
    use rust_decimal::Decimal as D;

    const ZERO: u8 = 0x15;
    /// Header, varint (up to 9 bytes) and up to 18 digits.
    const MAX: usize = 28;

    /// SQLite4's varint (`OrderedBytes.putVaruint64`), for the exponents a `Decimal` has.
    fn varint(v: u64, out: &mut Vec<u8>) {
        if v < 241 {
            out.push(v as u8);
        } else if v < 2288 {
            let y = v - 240;
            out.extend([(y / 256 + 241) as u8, (y % 256) as u8]);
        } else {
            let y = v - 2288;
            out.extend([249, (y / 256) as u8, (y % 256) as u8]);
        }
    }

    /// HBase's bytes of `v` (ascending).
    pub(super) fn to_bytes(v: &D) -> Vec<u8> {
        let m = v.mantissa();
        if m == 0 {
            return vec![ZERO];
        }
        let neg = m < 0;
        let mut u = m.unsigned_abs();
        let mut scale = v.scale() as i64;
        while u.is_multiple_of(10) {
            u /= 10;
            scale -= 1;
        }
        let mut digits: Vec<u8> = u.to_string().bytes().map(|b| b - b'0').collect();
        // value = 0.digits × 10^k; align k on base 100.
        let k = digits.len() as i64 - scale;
        let e = if k % 2 == 0 { k / 2 } else { (k + 1) / 2 };
        if k.rem_euclid(2) == 1 {
            digits.insert(0, 0);
        }
        if digits.len() % 2 == 1 {
            digits.push(0);
        }
        let mut mantissa: Vec<u8> = digits
            .chunks(2)
            .map(|p| 2 * (10 * p[0] + p[1]) + 1)
            .collect();
        if let Some(last) = mantissa.last_mut() {
            *last &= 0xFE;
        }
        let mut out = Vec::with_capacity(MAX);
        if e > 10 {
            out.push(if neg { 0x08 } else { 0x22 });
            let at = out.len();
            varint(e as u64, &mut out);
            if neg {
                out[at..].iter_mut().for_each(|b| *b = !*b);
            }
        } else if e >= 1 {
            out.push(if neg { 0x13 - e as u8 } else { 0x17 + e as u8 });
        } else {
            out.push(if neg { 0x14 } else { 0x16 });
            let at = out.len();
            varint((-e) as u64, &mut out);
            if !neg {
                out[at..].iter_mut().for_each(|b| *b = !*b);
            }
        }
        if neg {
            mantissa.iter_mut().for_each(|b| *b = !*b);
        }
        out.extend(mantissa);
        out
    }

    /// The value of HBase's bytes `b` (ascending), when a `Decimal` holds it.
    fn from_bytes(b: &[u8]) -> Option<D> {
        let (&head, rest) = b.split_first()?;
        if head == ZERO {
            return rest.is_empty().then_some(D::ZERO);
        }
        let neg = head < ZERO;
        let varint_len = |first: u8| match first {
            0..=240 => 1,
            241..=248 => 2,
            _ => 3,
        };
        let (e, digits): (i64, &[u8]) = match head {
            0x08 | 0x22 | 0x14 | 0x16 => {
                let comp = matches!(head, 0x08 | 0x16);
                let un = |x: u8| if comp { !x } else { x };
                let first = un(*rest.first()?);
                let n = varint_len(first);
                let raw: Vec<u8> = rest.get(..n)?.iter().map(|&x| un(x)).collect();
                let v = match n {
                    1 => u64::from(raw[0]),
                    2 => (u64::from(raw[0]) - 241) * 256 + u64::from(raw[1]) + 240,
                    _ => 2288 + 256 * u64::from(raw[1]) + u64::from(raw[2]),
                } as i64;
                let e = if matches!(head, 0x08 | 0x22) { v } else { -v };
                (e, &rest[n..])
            }
            0x09..=0x13 => (i64::from(0x13 - head), rest),
            0x17..=0x21 => (i64::from(head - 0x17), rest),
            _ => return None,
        };
        let mut m: i128 = 0;
        for (i, &byte) in digits.iter().enumerate() {
            let byte = if neg { !byte } else { byte };
            let last = i + 1 == digits.len();
            if (byte & 1 == 0) != last {
                return None;
            }
            m = m.checked_mul(100)?.checked_add(i128::from(byte / 2))?;
        }
        let shift = e - digits.len() as i64;
        let (mut m, mut scale) = if shift >= 0 {
            (
                m.checked_mul(100i128.checked_pow(u32::try_from(shift).ok()?)?)?,
                0u32,
            )
        } else {
            (m, u32::try_from(-2 * shift).ok()?)
        };
        while scale > 0 && m % 10 == 0 {
            m /= 10;
            scale -= 1;
        }
        let v = D::try_from_i128_with_scale(if neg { -m } else { m }, scale).ok()?;
        // Canonical: the bytes HBase writes for that value.
        (to_bytes(&v) == b).then_some(v.normalize())
    }

    /// Reads one `OrderedNumeric` (header, varint, digits up to the terminal one).
    pub(super) fn read(r: &mut Reader<'_>) -> Result<D, DecodeError> {
        let flip = r.flip();
        let start = r.offset();
        let rest = r.rest();
        let bad = |r: &Reader<'_>| {
            r.invalid(
                start,
                "an OrderedNumeric that a rust_decimal::Decimal holds",
            )
        };
        let Some(&head) = rest.first() else {
            return Err(r.truncated(1));
        };
        let head = head ^ flip;
        let neg = head < ZERO;
        // The header and any varint, then the digits up to the terminal one.
        let mut end = 1;
        if matches!(head, 0x08 | 0x22 | 0x14 | 0x16) {
            let comp = matches!(head, 0x08 | 0x16);
            let first = rest
                .get(1)
                .map(|x| x ^ flip)
                .ok_or_else(|| r.truncated(2))?;
            let first = if comp { !first } else { first };
            end += match first {
                0..=240 => 1,
                241..=248 => 2,
                _ => 3,
            };
        }
        if head != ZERO {
            loop {
                let Some(&byte) = rest.get(end) else {
                    return Err(DecodeError::MissingTerminator {
                        field: r.field(),
                        offset: start,
                    });
                };
                let byte = byte ^ flip;
                let byte = if neg { !byte } else { byte };
                end += 1;
                if byte & 1 == 0 {
                    break;
                }
                if end > MAX {
                    return Err(bad(r));
                }
            }
        }
        let bytes: Vec<u8> = rest
            .get(..end)
            .ok_or_else(|| bad(r))?
            .iter()
            .map(|x| x ^ flip)
            .collect();
        let v = from_bytes(&bytes).ok_or_else(|| bad(r))?;
        r.advance(end);
        Ok(v)
    }

    impl Format<D> for Numeric {
        const WIDTH: Option<usize> = None;
        const MAX_WIDTH: Option<usize> = Some(MAX);

        fn format() -> FieldFormat {
            FieldFormat::HbaseOrdered(HbaseOrderedFormat::Numeric)
        }

        fn value_type() -> ValueType {
            ValueType::Decimal
        }

        #[inline]
        fn len(v: &D, _last: bool) -> usize {
            to_bytes(v).len()
        }

        fn write(v: &D, w: &mut Writer<'_>, _last: bool) -> Result<(), EncodeError> {
            w.put(&to_bytes(v));
            Ok(())
        }

        fn read(r: &mut Reader<'_>, _last: bool) -> Result<D, DecodeError> {
            read(r)
        }
    }
}
