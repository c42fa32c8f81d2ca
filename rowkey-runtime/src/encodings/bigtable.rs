//! Bigtable row-key schemas (`#[rowkey(encoding = "bigtable")]`): a `Type.Struct` with the
//! `OrderedCodeBytes` encoding, as Bigtable documents it (the rules, in order):
//!
//! 1. while the last remaining field is ASC and encodes to `""`, remove it;
//! 2. in each remaining field, replace `00` with `00 FF`;
//! 3. a remaining field that encodes to `""` becomes `00 00`;
//! 4. append `00 01` to each remaining field, except the last remaining one if it is ASC;
//! 5. bitwise negate DESC fields (the writer's inversion: `#[desc]`);
//! 6. concatenate, or emit `00 00` when no field remains.
//!
//! Field encodings: [`Bytes`] for `String` (UTF-8) and `Vec<u8>`; [`Int64`] and [`Int32`] for
//! `i64` and `i32` (`BigEndianBytes`: two's complement, so negatives sort after positives), and
//! for a `SystemTime` (a `Timestamp` as `Int64` microseconds); [`OrderedCode`] for the same
//! types under `#[ordered_code]` (`OrderedCodeBytes`: every value sorts).
//! `last` is decided at run time by the generated code: whether the field is the last one that
//! remains. On `read`, the field finds its own end (its `00 01`, or the end of the key).

pub mod ordered_code;
mod schema;

pub use schema::{BigtableKey, FieldType, IntEncoding, RowKeySchema, SchemaError, SchemaField};

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::codec::bytes::{find_byte, utf8};
use crate::error::{DecodeError, EncodeError};
use crate::format::Format;
use crate::io::{Reader, Writer};

/// The key of a struct whose every field was removed (rule 6), and an empty field (rule 3).
pub const EMPTY: [u8; 2] = [0x00, 0x00];

/// Writes `value` escaped (rules 2 to 4): `desc` fields always get the separator.
#[inline]
fn write_field(value: &[u8], w: &mut Writer<'_>, last: bool) {
    let desc = w.flip() != 0;
    if value.is_empty() {
        w.put(&EMPTY);
    } else if find_byte(value, 0).is_none() {
        w.put(value);
    } else {
        for chunk in value.split_inclusive(|&b| b == 0) {
            w.put(chunk);
            if chunk.last() == Some(&0) {
                w.put_byte(0xFF);
            }
        }
    }
    if desc || !last {
        w.put(&[0x00, 0x01]);
    }
}

#[inline]
fn field_len(value: &[u8], desc: bool, last: bool) -> usize {
    let body = if value.is_empty() {
        2
    } else {
        value.len() + value.iter().filter(|&&b| b == 0).count()
    };
    body + if desc || !last { 2 } else { 0 }
}

/// Reads one field's value: up to its `00 01` separator, or to the end of the key (the last
/// field that remains, ASC). Refuses what rules 1 to 4 never write.
fn read_field(r: &mut Reader<'_>) -> Result<Vec<u8>, DecodeError> {
    let flip = r.flip();
    let start = r.offset();
    let rest = r.rest();
    let mut out = Vec::new();
    let mut i = 0;
    let mut separated = false;
    let mut empty_marker = false;
    while i < rest.len() {
        let b = rest[i] ^ flip;
        if b != 0 {
            out.push(b);
            i += 1;
            continue;
        }
        let Some(next) = rest.get(i + 1).map(|n| n ^ flip) else {
            return Err(r.invalid(start + i, "00 followed by FF, 01 or (an empty field) 00"));
        };
        match next {
            0xFF => {
                out.push(0);
                i += 2;
            }
            0x01 if i == 0 => {
                return Err(r.invalid(start, "a field before 00 01 (an empty field is 00 00)"));
            }
            0x01 => {
                i += 2;
                separated = true;
                break;
            }
            0x00 if i == 0 => {
                empty_marker = true;
                i += 2;
                // Only a separator or the end of the key may follow an empty field.
                if i < rest.len() {
                    let sep = &rest[i..rest.len().min(i + 2)];
                    if sep.iter().map(|b| b ^ flip).eq([0x00, 0x01]) {
                        i += 2;
                        separated = true;
                    } else {
                        return Err(r.invalid(start + i, "00 01 after an empty field (00 00)"));
                    }
                }
                break;
            }
            _ => return Err(r.invalid(start + i + 1, "FF, 01 or (an empty field) 00 after 00")),
        }
    }
    let desc = flip != 0;
    if desc && !separated {
        return Err(DecodeError::MissingTerminator {
            field: r.field(),
            offset: start,
        });
    }
    r.advance(i);
    if !desc && !separated {
        // The last remaining ASC field: rule 1 removes it when empty, so an explicit empty field
        // here is only the whole key of a struct with no field left (rule 6).
        if empty_marker && start != 0 {
            return Err(r.invalid(start, "a non-empty last field (Bigtable drops empty ones)"));
        }
    } else if separated && !desc && r.remaining() == 0 {
        return Err(r.invalid(
            r.offset().saturating_sub(2),
            "a field after this 00 01 (the last ASC field has no separator)",
        ));
    }
    Ok(out)
}

/// `Bytes` (raw bytes, for `Vec<u8>`) and `String` (its UTF-8 bytes) fields; `DESC` for a
/// `#[desc]` field, whose separator is always written.
#[derive(Debug, Clone, Copy)]
pub struct Bytes<const DESC: bool>;

impl<const DESC: bool> Format<Vec<u8>> for Bytes<DESC> {
    const WIDTH: Option<usize> = None;
    const MAX_WIDTH: Option<usize> = None;

    #[inline]
    fn len(v: &Vec<u8>, last: bool) -> usize {
        field_len(v, DESC, last)
    }

    #[inline]
    fn write(v: &Vec<u8>, w: &mut Writer<'_>, last: bool) -> Result<(), EncodeError> {
        write_field(v, w, last);
        Ok(())
    }

    fn read(r: &mut Reader<'_>, _last: bool) -> Result<Vec<u8>, DecodeError> {
        read_field(r)
    }
}

impl<const DESC: bool> Format<String> for Bytes<DESC> {
    const WIDTH: Option<usize> = None;
    const MAX_WIDTH: Option<usize> = None;

    #[inline]
    fn len(v: &String, last: bool) -> usize {
        field_len(v.as_bytes(), DESC, last)
    }

    #[inline]
    fn write(v: &String, w: &mut Writer<'_>, last: bool) -> Result<(), EncodeError> {
        write_field(v.as_bytes(), w, last);
        Ok(())
    }

    fn read(r: &mut Reader<'_>, _last: bool) -> Result<String, DecodeError> {
        let start = r.offset();
        let v = read_field(r)?;
        utf8(v, r, start, true)
    }
}

/// `Int64` with `BigEndianBytes`: `i64`, and a `Timestamp` (`SystemTime`) as its `Int64`
/// microseconds. Eight bytes of two's complement, escaped like any field; `DESC` is `#[desc]`.
#[derive(Debug, Clone, Copy)]
pub struct Int64<const DESC: bool>;

/// `Int32` with `BigEndianBytes` (`i32`): four bytes of two's complement.
#[derive(Debug, Clone, Copy)]
pub struct Int32<const DESC: bool>;

/// `Int64`, `Int32` or `Timestamp` with `OrderedCodeBytes` (`#[ordered_code]`): google/
/// orderedcode's signed format (1 to 10 bytes; see [`ordered_code`]), so every value sorts.
#[derive(Debug, Clone, Copy)]
pub struct OrderedCode<const DESC: bool>;

/// The integer formats' shared skeleton: the field's bytes from `to_bytes`, escaped; read back
/// with `from_bytes`, which says what it expected when the bytes are not a value.
macro_rules! int_field {
    ($format:ident, $ty:ty, $max:expr, |$v:ident, $w:ident| $to_bytes:expr, |$b:ident| $from_bytes:expr) => {
        impl<const DESC: bool> Format<$ty> for $format<DESC> {
            const WIDTH: Option<usize> = None;
            /// Each `00` escaped as `00 FF`, then the `00 01` separator (which the last ASC
            /// field does not write: the derive takes it off there).
            const MAX_WIDTH: Option<usize> = Some($max);

            #[inline]
            fn len($v: &$ty, last: bool) -> usize {
                let $w = None::<&Writer<'_>>;
                match $to_bytes {
                    Ok((buf, n)) => field_len(&buf[buf.len() - n..], DESC, last),
                    Err(_) => 0,
                }
            }

            #[inline]
            fn write($v: &$ty, w: &mut Writer<'_>, last: bool) -> Result<(), EncodeError> {
                let (buf, n) = {
                    let $w = Some(&*w);
                    $to_bytes?
                };
                write_field(&buf[buf.len() - n..], w, last);
                Ok(())
            }

            fn read(r: &mut Reader<'_>, _last: bool) -> Result<$ty, DecodeError> {
                let start = r.offset();
                let $b = read_field(r)?;
                let read: Result<$ty, &'static str> = $from_bytes;
                read.map_err(|expected| r.invalid(start, expected))
            }
        }
    };
}

int_field!(
    Int64,
    i64,
    18,
    |v, _w| Ok::<_, EncodeError>((v.to_be_bytes(), 8)),
    |b| {
        <[u8; 8]>::try_from(&b[..])
            .map(i64::from_be_bytes)
            .map_err(|_| "an Int64: eight bytes")
    }
);
int_field!(
    Int32,
    i32,
    10,
    |v, _w| Ok::<_, EncodeError>((v.to_be_bytes(), 4)),
    |b| {
        <[u8; 4]>::try_from(&b[..])
            .map(i32::from_be_bytes)
            .map_err(|_| "an Int32: four bytes")
    }
);
int_field!(
    Int64,
    SystemTime,
    18,
    |v, w| micros(v, w).map(|us| (us.to_be_bytes(), 8)),
    |b| {
        <[u8; 8]>::try_from(&b[..])
            .map_err(|_| "a Timestamp: eight bytes of Int64 microseconds")
            .and_then(|b| from_micros(i64::from_be_bytes(b)))
    }
);
int_field!(
    OrderedCode,
    i64,
    20,
    |v, _w| Ok::<_, EncodeError>(ordered_code::encode(*v)),
    |b| { ordered_code::decode(&b).ok_or(ordered_code::EXPECTED) }
);
int_field!(
    OrderedCode,
    i32,
    10,
    |v, _w| Ok::<_, EncodeError>(ordered_code::encode(i64::from(*v))),
    |b| {
        ordered_code::decode(&b)
            .ok_or(ordered_code::EXPECTED)
            .and_then(|v| i32::try_from(v).map_err(|_| "an Int32: a value of 32 bits"))
    }
);
int_field!(
    OrderedCode,
    SystemTime,
    20,
    |v, w| micros(v, w).map(ordered_code::encode),
    |b| {
        ordered_code::decode(&b)
            .ok_or(ordered_code::EXPECTED)
            .and_then(from_micros)
    }
);

/// A `Timestamp`'s `Int64`: whole microseconds since 1970 (negative before). A time with a
/// fraction of a microsecond, or beyond `i64` microseconds (about ±292,000 years), is refused:
/// never rounded or wrapped. `w` names the field in the error (`None` when only measuring).
fn micros(t: &SystemTime, w: Option<&Writer<'_>>) -> Result<i64, EncodeError> {
    let refuse = |reason| EncodeError::Unrepresentable {
        field: w.map_or("", Writer::field),
        encoding: "Bigtable",
        reason,
    };
    let (before, d) = match t.duration_since(UNIX_EPOCH) {
        Ok(d) => (false, d),
        Err(e) => (true, e.duration()),
    };
    if d.subsec_nanos() % 1_000 != 0 {
        return Err(refuse(
            "a Bigtable Timestamp is whole microseconds since 1970; this time has a fraction of \
             a microsecond: round it first",
        ));
    }
    let us = i128::try_from(d.as_micros()).unwrap_or(i128::MAX);
    i64::try_from(if before { -us } else { us }).map_err(|_| {
        refuse("a Bigtable Timestamp is i64 microseconds since 1970; this time is beyond them")
    })
}

/// The time `us` microseconds from 1970, if this platform's `SystemTime` reaches it.
fn from_micros(us: i64) -> Result<SystemTime, &'static str> {
    let d = Duration::from_micros(us.unsigned_abs());
    if us >= 0 {
        UNIX_EPOCH.checked_add(d)
    } else {
        UNIX_EPOCH.checked_sub(d)
    }
    .ok_or("a Timestamp this platform's SystemTime can hold")
}

/// Whether the field encodes to `""`: rule 1 removes it when it is ASC and nothing follows.
pub trait Empty<T> {
    /// True when `v` encodes to `""`.
    fn is_empty(v: &T) -> bool;
}

impl Empty<String> for Bytes<false> {
    #[inline]
    fn is_empty(v: &String) -> bool {
        v.is_empty()
    }
}

impl Empty<Vec<u8>> for Bytes<false> {
    #[inline]
    fn is_empty(v: &Vec<u8>) -> bool {
        v.is_empty()
    }
}
