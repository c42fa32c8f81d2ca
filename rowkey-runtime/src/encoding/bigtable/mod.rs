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
//! Field encodings: [`Bytes`] for `String` (UTF-8) and `Vec<u8>`; [`BigEndian`] for `i64` and
//! `i32` (`Int64` / `Int32` `BigEndianBytes`: two's complement, whose "sorted mode" Bigtable
//! defines for non-negative values only, so a negative value, or a `Timestamp` before 1970, is
//! refused both ways) and for a `SystemTime` (a `Timestamp` as `Int64` microseconds);
//! [`OrderedCode`] for the same types under `#[ordered_code]` (`OrderedCodeBytes`: every value
//! sorts). The integer types are [`IntValue`]s.
//! `last` is decided at run time by the generated code: whether the field is the last one that
//! remains. On `read`, the field finds its own end (its `00 01`, or the end of the key).

pub(crate) mod describe;
pub(crate) mod format;
pub mod ordered_code;
mod schema;

pub use schema::{BigtableKey, FieldType, IntEncoding, RowKeySchema, SchemaError, SchemaField};

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use self::format::BigtableFormat;
use crate::cursor::{Reader, Writer};
use crate::encoding::field_format::FieldFormat;
use crate::encoding::native::bytes::{find_byte, utf8};
use crate::encoding::Format;
use crate::error::{DecodeError, EncodeError};
use crate::layout::value::Typed;
use crate::layout::value::ValueType;

/// The key of a struct whose every field was removed (rule 6), and an empty field (rule 3).
pub const EMPTY: [u8; 2] = [0x00, 0x00];

/// Writes `value` escaped (rules 2 to 4): `desc` fields always get the separator. A
/// word-at-a-time scan for each `00`, and each run copied at once with what follows it.
/// Inlined always, as the integer fields' writes are: LLVM left them as calls, and a key of
/// two strings and two integers encoded 1.2x slower for it (`cargo bench --bench ratios`).
#[inline(always)]
fn write_field(value: &[u8], w: &mut Writer<'_>, last: bool) {
    let separated = w.flip() != 0 || !last;
    if value.is_empty() {
        w.put(&EMPTY);
    } else {
        let mut rest = value;
        while let Some(zero) = find_byte(rest, 0) {
            w.put_then(&rest[..zero], &[0x00, 0xFF]);
            rest = &rest[zero + 1..];
        }
        w.put(rest);
    }
    if separated {
        w.put(&[0x00, 0x01]);
    }
}

/// An integer field's `n` bytes, the low bytes of `word` (big-endian): written from a register
/// when none is `00` (so no stack copy is reloaded after narrow stores; one 8-byte store for the
/// usual integer of at most 8 bytes), escaped otherwise.
#[inline(always)]
fn write_int_field(word: u128, n: usize, w: &mut Writer<'_>, last: bool) {
    if w.flip() == 0 && !has_zero_byte(word, n) {
        if n <= 8 {
            w.put_word(((word as u64) << (64 - 8 * n)).to_be_bytes(), n);
        } else {
            w.put_word((word << (128 - 8 * n)).to_be_bytes(), n);
        }
        if !last {
            w.put(&[0x00, 0x01]);
        }
    } else {
        let bytes = word.to_be_bytes();
        write_field(&bytes[16 - n..], w, last);
    }
}

/// The length [`write_int_field`] writes.
#[inline]
fn int_field_len(word: u128, n: usize, desc: bool, last: bool) -> usize {
    if !has_zero_byte(word, n) {
        n + if desc || !last { 2 } else { 0 }
    } else {
        let bytes = word.to_be_bytes();
        field_len(&bytes[16 - n..], desc, last)
    }
}

/// Whether one of the low `n` (1 to 16) bytes of `word` is `00`: a word-at-a-time test of each
/// 64-bit half it reaches, so an integer of at most 8 bytes needs no 128-bit arithmetic.
#[inline]
fn has_zero_byte(word: u128, n: usize) -> bool {
    if n <= 8 {
        has_zero_byte64(word as u64, n)
    } else {
        has_zero_byte64(word as u64, 8) || has_zero_byte64((word >> 64) as u64, n - 8)
    }
}

/// Whether one of the low `n` (1 to 8) bytes of `word` is `00` (the bytes above them set to
/// `FF` first).
#[inline]
fn has_zero_byte64(word: u64, n: usize) -> bool {
    const LO: u64 = u64::from_ne_bytes([1; 8]);
    const HI: u64 = u64::from_ne_bytes([0x80; 8]);
    let x = word | !(u64::MAX >> (64 - 8 * n));
    x.wrapping_sub(LO) & !x & HI != 0
}

/// The length [`write_field`] writes: one word-at-a-time scan when there is no `00`.
#[inline]
fn field_len(value: &[u8], desc: bool, last: bool) -> usize {
    let mut body = if value.is_empty() { 2 } else { value.len() };
    let mut rest = value;
    while let Some(zero) = find_byte(rest, 0) {
        body += 1;
        rest = &rest[zero + 1..];
    }
    body + if desc || !last { 2 } else { 0 }
}

/// One field found in the key by [`scan_field`]: its stored value bytes (escapes included,
/// still inverted when `#[desc]`) and how many `00 FF` escapes they hold.
struct Field<'a> {
    stored: &'a [u8],
    escapes: usize,
    flip: u8,
}

impl Field<'_> {
    /// The unescaped length.
    #[inline(always)]
    fn len(&self) -> usize {
        self.stored.len() - self.escapes
    }

    /// Copies the unescaped (and un-inverted) bytes into `out`, which has room for them.
    #[inline]
    fn unescape_into(&self, out: &mut Vec<u8>) {
        let flip = self.flip;
        let mut rest = self.stored;
        loop {
            let run = find_byte(rest, flip).unwrap_or(rest.len());
            if flip == 0 {
                out.extend_from_slice(&rest[..run]);
            } else {
                out.extend(rest[..run].iter().map(|b| b ^ flip));
            }
            if run == rest.len() {
                return;
            }
            out.push(0);
            rest = &rest[run + 2..];
        }
    }
}

/// Finds the field at the reader: up to its `00 01` separator, or to the end of the key (the
/// last field that remains, ASC), refusing what rules 1 to 4 never write; moves past it. One
/// word-at-a-time scan for the (inverted) `00`s; nothing is copied, so a caller allocates
/// once, at the exact length, or reads an integer in one load.
#[inline(always)]
fn scan_field<'a>(r: &mut Reader<'a>) -> Result<Field<'a>, DecodeError> {
    let flip = r.flip();
    let start = r.offset();
    let rest = r.rest();
    let (mut i, mut escapes) = (0, 0);
    let mut separated = false;
    let mut empty_marker = false;
    let value;
    loop {
        let Some(zero) = find_byte(&rest[i..], flip) else {
            i = rest.len();
            value = i;
            break;
        };
        i += zero;
        let Some(next) = rest.get(i + 1).map(|n| n ^ flip) else {
            return Err(r.invalid(start + i, "00 followed by FF, 01 or (an empty field) 00"));
        };
        match next {
            0xFF => {
                escapes += 1;
                i += 2;
            }
            0x01 if i == 0 => {
                return Err(r.invalid(start, "a field before 00 01 (an empty field is 00 00)"));
            }
            0x01 => {
                value = i;
                i += 2;
                separated = true;
                break;
            }
            0x00 if i == 0 => {
                empty_marker = true;
                value = 0;
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
    Ok(Field {
        stored: &rest[..value],
        escapes,
        flip,
    })
}

/// Reads one field's value (see [`scan_field`]) into one allocation of its exact length.
#[inline(always)]
fn read_field(r: &mut Reader<'_>) -> Result<Vec<u8>, DecodeError> {
    let field = scan_field(r)?;
    if field.escapes == 0 && field.flip == 0 {
        return Ok(field.stored.to_vec());
    }
    let mut out = Vec::with_capacity(field.len());
    field.unescape_into(&mut out);
    Ok(out)
}

/// Reads an integer field's bytes (at most 10 once unescaped): `(word, n)`, the `n` bytes
/// the low bytes of `word`, big-endian. An ASC field without an escape and with eight bytes
/// of key from its start is one load; any other is copied through the stack.
#[inline(always)]
fn read_int_field(r: &mut Reader<'_>) -> Result<Option<(u128, usize)>, DecodeError> {
    let whole = r.rest();
    let field = scan_field(r)?;
    let n = field.len();
    if n == 0 || n > 10 {
        return Ok(None);
    }
    if field.escapes == 0
        && field.flip == 0
        && n <= 8
        && let Some(word) = whole.get(..8)
    {
        let word = u64::from_be_bytes(word.try_into().unwrap_or_default());
        return Ok(Some((u128::from(word >> (64 - 8 * n)), n)));
    }
    // Unescaped through the stack: each stored byte un-inverted, a `00 FF` read as `00`.
    let mut buf = [0u8; 16];
    let (mut at, mut i) = (16 - n, 0);
    while let Some(&b) = field.stored.get(i) {
        buf[at] = b ^ field.flip;
        i += if buf[at] == 0 { 2 } else { 1 };
        at += 1;
    }
    Ok(Some((u128::from_be_bytes(buf), n)))
}

/// `Bytes` (raw bytes, for `Vec<u8>`) and `String` (its UTF-8 bytes) fields; `DESC` for a
/// `#[desc]` field, whose separator is always written.
#[derive(Debug, Clone, Copy)]
pub struct Bytes<const DESC: bool>;

impl<const DESC: bool> Format<Vec<u8>> for Bytes<DESC> {
    const WIDTH: Option<usize> = None;
    const MAX_WIDTH: Option<usize> = None;

    fn format() -> FieldFormat {
        FieldFormat::Bigtable(BigtableFormat::Bytes { desc: DESC })
    }

    fn value_type() -> ValueType {
        ValueType::Bytes
    }

    #[inline]
    fn len(v: &Vec<u8>, last: bool) -> usize {
        field_len(v, DESC, last)
    }

    #[inline]
    fn write(v: &Vec<u8>, w: &mut Writer<'_>, last: bool) -> Result<(), EncodeError> {
        write_field(v, w, last);
        Ok(())
    }

    #[inline(always)]
    fn read(r: &mut Reader<'_>, _last: bool) -> Result<Vec<u8>, DecodeError> {
        read_field(r)
    }
}

impl<const DESC: bool> Format<String> for Bytes<DESC> {
    const WIDTH: Option<usize> = None;
    const MAX_WIDTH: Option<usize> = None;

    fn format() -> FieldFormat {
        FieldFormat::Bigtable(BigtableFormat::Bytes { desc: DESC })
    }

    fn value_type() -> ValueType {
        ValueType::String
    }

    #[inline]
    fn len(v: &String, last: bool) -> usize {
        field_len(v.as_bytes(), DESC, last)
    }

    #[inline]
    fn write(v: &String, w: &mut Writer<'_>, last: bool) -> Result<(), EncodeError> {
        write_field(v.as_bytes(), w, last);
        Ok(())
    }

    #[inline(always)]
    fn read(r: &mut Reader<'_>, _last: bool) -> Result<String, DecodeError> {
        let start = r.offset();
        let v = read_field(r)?;
        utf8(v, r, start, true)
    }
}

/// `Int64` or `Int32` with `BigEndianBytes`: `i64`, `i32`, and a `Timestamp` (`SystemTime`) as
/// its `Int64` microseconds. Eight (four) bytes of two's complement, escaped like any field;
/// `DESC` is `#[desc]`. Non-negative values only ([`EncodeError::Unrepresentable`] names the
/// field; decode refuses a key that holds one): Bigtable's type reference defines the sorted
/// mode of `BigEndianBytes` for them, and a negative value would sort after all of them.
#[derive(Debug, Clone, Copy)]
pub struct BigEndian<const DESC: bool>;

/// `Int64`, `Int32` or `Timestamp` with `OrderedCodeBytes` (`#[ordered_code]`): google/
/// orderedcode's signed format (1 to 10 bytes; see [`ordered_code`]), so every value sorts.
#[derive(Debug, Clone, Copy)]
pub struct OrderedCode<const DESC: bool>;

/// A field type that Bigtable stores as an integer: `i64` and `SystemTime` (`Int64`), `i32`
/// (`Int32`).
pub trait IntValue: Typed {
    /// Bytes of its `BigEndianBytes` form: 8 or 4.
    const WIDTH: usize;
    /// The longest field, `BigEndianBytes`: every byte `00` and escaped, then the separator.
    const BIG_ENDIAN_MAX: usize = 2 * Self::WIDTH + 2;
    /// The longest field, `OrderedCodeBytes`: 10 bytes with at most 8 `00`s for an `Int64`,
    /// 5 with at most 3 for an `Int32`; then the separator.
    const ORDERED_CODE_MAX: usize;
    /// What a read expects when the bytes are not a value.
    const EXPECTED: &'static str;

    /// The integer Bigtable stores, or why there is none (a time between microseconds).
    fn to_int(&self) -> Result<i64, &'static str>;
    /// The value of an integer read back, or what was expected instead.
    fn from_int(n: i64) -> Result<Self, &'static str>;
}

impl IntValue for i64 {
    const WIDTH: usize = 8;
    const ORDERED_CODE_MAX: usize = 20;
    const EXPECTED: &'static str = "an Int64: eight bytes";

    #[inline]
    fn to_int(&self) -> Result<i64, &'static str> {
        Ok(*self)
    }

    #[inline]
    fn from_int(n: i64) -> Result<Self, &'static str> {
        Ok(n)
    }
}

impl IntValue for i32 {
    const WIDTH: usize = 4;
    const ORDERED_CODE_MAX: usize = 10;
    const EXPECTED: &'static str = "an Int32: four bytes";

    #[inline]
    fn to_int(&self) -> Result<i64, &'static str> {
        Ok(i64::from(*self))
    }

    #[inline]
    fn from_int(n: i64) -> Result<Self, &'static str> {
        i32::try_from(n).map_err(|_| "an Int32: a value of 32 bits")
    }
}

/// A `Timestamp`'s `Int64`: whole microseconds since 1970 (negative before). A time with a
/// fraction of a microsecond, or beyond `i64` microseconds (about ±292,000 years), is refused:
/// never rounded or wrapped.
impl IntValue for SystemTime {
    const WIDTH: usize = 8;
    const ORDERED_CODE_MAX: usize = 20;
    const EXPECTED: &'static str = "a Timestamp: eight bytes of Int64 microseconds";

    fn to_int(&self) -> Result<i64, &'static str> {
        let (before, d) = match self.duration_since(UNIX_EPOCH) {
            Ok(d) => (false, d),
            Err(e) => (true, e.duration()),
        };
        if d.subsec_nanos() % 1_000 != 0 {
            return Err(
                "a Bigtable Timestamp is whole microseconds since 1970; this time has a fraction \
                 of a microsecond: round it first",
            );
        }
        let us = i128::try_from(d.as_micros()).unwrap_or(i128::MAX);
        i64::try_from(if before { -us } else { us }).map_err(|_| {
            "a Bigtable Timestamp is i64 microseconds since 1970; this time is beyond them"
        })
    }

    fn from_int(us: i64) -> Result<Self, &'static str> {
        from_micros(us)
    }
}

/// How an integer format lays out the integer: the bytes (right-aligned in the array, with
/// their count) and the reading back.
trait IntBytes {
    /// Why a negative value is refused, or `None` when the format sorts it.
    const NEGATIVE: Option<&'static str>;
    /// The value's bytes: the low `n` bytes of the word, big-endian (`n` at most 10).
    fn word<T: IntValue>(n: i64) -> (u128, usize);
    /// The value of the `n` bytes that are the low bytes of `word` (`n` 1 to 10).
    fn int<T: IntValue>(word: u128, n: usize) -> Option<i64>;
}

/// Bigtable's type reference for `BigEndianBytes`: "Sorted mode: non-negative values are
/// supported" (two's complement puts a negative's top bit above every non-negative value).
const BIG_ENDIAN_NEGATIVE: &str =
    "Bigtable's BigEndianBytes sorts non-negative values only (a negative value, or a Timestamp \
     before 1970, would sort after every other); use `#[ordered_code]` (OrderedCodeBytes) for \
     negative values";

impl<const DESC: bool> IntBytes for BigEndian<DESC> {
    const NEGATIVE: Option<&'static str> = Some(BIG_ENDIAN_NEGATIVE);

    #[inline]
    fn word<T: IntValue>(n: i64) -> (u128, usize) {
        // Two's complement in WIDTH bytes (an `i32` in 4).
        let mask = u128::MAX >> (128 - 8 * T::WIDTH);
        (u128::from(n as u64) & mask, T::WIDTH)
    }

    #[inline(always)]
    fn int<T: IntValue>(word: u128, n: usize) -> Option<i64> {
        match n {
            8 if T::WIDTH == 8 => Some(word as u64 as i64),
            4 if T::WIDTH == 4 => Some(i64::from(word as u32 as i32)),
            _ => None,
        }
    }
}

impl<const DESC: bool> IntBytes for OrderedCode<DESC> {
    const NEGATIVE: Option<&'static str> = None;

    #[inline]
    fn word<T: IntValue>(n: i64) -> (u128, usize) {
        ordered_code::encode_word(n)
    }

    #[inline(always)]
    fn int<T: IntValue>(word: u128, n: usize) -> Option<i64> {
        ordered_code::decode_word(word, n)
    }
}

/// What a read of a negative `BigEndianBytes` value expected instead (encode never writes one).
const NEGATIVE_READ: &str = "a non-negative BigEndianBytes integer (its top bit clear)";

/// The integer formats: the field's bytes, escaped; read back through `from_int`, which says
/// what it expected when the bytes are not a value.
macro_rules! int_format {
    ($format:ident, $max:ident, $expected:expr) => {
        impl<T: IntValue, const DESC: bool> Format<T> for $format<DESC> {
            const WIDTH: Option<usize> = None;
            /// Each `00` escaped as `00 FF`, then the `00 01` separator (which the last ASC
            /// field does not write: the derive takes it off there).
            const MAX_WIDTH: Option<usize> = Some(T::$max);

            fn format() -> FieldFormat {
                FieldFormat::Bigtable(BigtableFormat::$format { desc: DESC })
            }

            fn value_type() -> ValueType {
                T::value_type()
            }

            #[inline]
            fn len(v: &T, last: bool) -> usize {
                match v.to_int() {
                    Ok(n) => {
                        let (word, n) = <Self as IntBytes>::word::<T>(n);
                        int_field_len(word, n, DESC, last)
                    }
                    Err(_) => 0,
                }
            }

            #[inline(always)]
            fn write(v: &T, w: &mut Writer<'_>, last: bool) -> Result<(), EncodeError> {
                let n = v
                    .to_int()
                    .and_then(|n| match <Self as IntBytes>::NEGATIVE {
                        Some(reason) if n < 0 => Err(reason),
                        _ => Ok(n),
                    })
                    .map_err(|reason| EncodeError::Unrepresentable {
                        field: w.field(),
                        encoding: "Bigtable",
                        reason,
                    })?;
                let (word, n) = <Self as IntBytes>::word::<T>(n);
                write_int_field(word, n, w, last);
                Ok(())
            }

            #[inline(always)]
            fn read(r: &mut Reader<'_>, _last: bool) -> Result<T, DecodeError> {
                let start = r.offset();
                read_int_field(r)?
                    .and_then(|(word, n)| <Self as IntBytes>::int::<T>(word, n))
                    .ok_or($expected)
                    .and_then(|n| match <Self as IntBytes>::NEGATIVE {
                        Some(_) if n < 0 => Err(NEGATIVE_READ),
                        _ => Ok(n),
                    })
                    .and_then(T::from_int)
                    .map_err(|e| r.invalid(start, e))
            }
        }
    };
}

int_format!(BigEndian, BIG_ENDIAN_MAX, T::EXPECTED);
int_format!(OrderedCode, ORDERED_CODE_MAX, ordered_code::EXPECTED);

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

#[cfg(test)]
mod tests {
    use super::has_zero_byte;

    /// The word-at-a-time test against a look at each of the low `n` bytes, for words with a
    /// `00` at every position, none, and `01`/`80`/`FF` bytes (the ones a borrow can fool).
    #[test]
    fn has_zero_byte_looks_at_exactly_the_low_n_bytes() {
        let mut words = vec![0u128, u128::MAX, u128::from_ne_bytes([0x01; 16])];
        for fill in [0x01u8, 0x80, 0xFF] {
            for at in 0..16 {
                let mut b = [fill; 16];
                b[at] = 0;
                words.push(u128::from_le_bytes(b));
                b[at] = 0x01;
                words.push(u128::from_le_bytes(b));
            }
        }
        for &word in &words {
            for n in 1..=16 {
                let by_bytes = word.to_le_bytes()[..n].contains(&0);
                assert_eq!(has_zero_byte(word, n), by_bytes, "{word:032x}, n = {n}");
            }
        }
    }
}
