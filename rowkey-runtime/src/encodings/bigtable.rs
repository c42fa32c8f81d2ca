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
//! Field encodings: [`Bytes`] for `String` (UTF-8) and `Vec<u8>`, and [`Int64`] for `i64`
//! (`Int64` with `BigEndianBytes`: two's complement, so negatives sort after positives).
//! `last` is decided at run time by the generated code: whether the field is the last one that
//! remains. On `read`, the field finds its own end (its `00 01`, or the end of the key).

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

/// `Int64` with `BigEndianBytes` (`i64`): eight bytes of two's complement, escaped like any
/// field; `DESC` is `#[desc]`.
#[derive(Debug, Clone, Copy)]
pub struct Int64<const DESC: bool>;

impl<const DESC: bool> Format<i64> for Int64<DESC> {
    const WIDTH: Option<usize> = None;
    /// Eight bytes, each `00` escaped as `00 FF`, then the `00 01` separator (which the last
    /// ASC field does not write: the derive takes it off there).
    const MAX_WIDTH: Option<usize> = Some(18);

    #[inline]
    fn len(v: &i64, last: bool) -> usize {
        field_len(&v.to_be_bytes(), DESC, last)
    }

    #[inline]
    fn write(v: &i64, w: &mut Writer<'_>, last: bool) -> Result<(), EncodeError> {
        write_field(&v.to_be_bytes(), w, last);
        Ok(())
    }

    fn read(r: &mut Reader<'_>, _last: bool) -> Result<i64, DecodeError> {
        let start = r.offset();
        let v = read_field(r)?;
        let bytes: [u8; 8] = v
            .try_into()
            .map_err(|_| r.invalid(start, "an Int64: eight bytes"))?;
        Ok(i64::from_be_bytes(bytes))
    }
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
