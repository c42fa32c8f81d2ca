//! A Bigtable key read the way Bigtable's SQL reads it: driven by the table's declared
//! `row_key_schema` alone (`BigtableKey::ROW_KEY_SCHEMA`), written from the admin API's
//! `OrderedCodeBytes` text and google/orderedcode's format comments, not from rowkey's code.
//! Each generated Bigtable layout's keys must read back, field by field, as the values the
//! struct held: the schema a table declares is the one its bytes were written under.

use std::time::{SystemTime, UNIX_EPOCH};

use rowkey::encodings::bigtable::{FieldType, IntEncoding, RowKeySchema};

/// A field's value as the schema's type reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// `String`.
    Text(String),
    /// `Bytes`.
    Bytes(Vec<u8>),
    /// `Int64`, `Int32`, or a `Timestamp`'s microseconds.
    Int(i64),
}

/// A struct field's value, for comparison with what the schema reads.
pub trait FieldValue {
    /// The value.
    fn value(&self) -> Value;
}

impl FieldValue for String {
    fn value(&self) -> Value {
        Value::Text(self.clone())
    }
}

impl FieldValue for Vec<u8> {
    fn value(&self) -> Value {
        Value::Bytes(self.clone())
    }
}

impl FieldValue for i64 {
    fn value(&self) -> Value {
        Value::Int(*self)
    }
}

impl FieldValue for i32 {
    fn value(&self) -> Value {
        Value::Int(i64::from(*self))
    }
}

impl FieldValue for SystemTime {
    /// Whole microseconds since 1970 (the keys the fuzzer checks were accepted, so whole).
    fn value(&self) -> Value {
        Value::Int(match self.duration_since(UNIX_EPOCH) {
            Ok(d) => d.as_micros() as i64,
            Err(e) => -(e.duration().as_micros() as i64),
        })
    }
}

/// Reads `key` under `schema`: each field's bytes up to its `00 01` (after undoing a DESC
/// field's negation), `00 FF` → `00`, `00 00` an empty field, trailing fields absent when the
/// key ends (empty ASC strings and bytes), then each field's bytes by its type.
pub fn read(schema: &RowKeySchema, key: &[u8]) -> Result<Vec<Value>, String> {
    let mut pos = 0;
    let mut out = Vec::new();
    for f in schema.fields() {
        let int = !matches!(f.ty, FieldType::StringUtf8 | FieldType::Bytes);
        if pos == key.len() {
            if f.descending || int {
                return Err(format!("the key ends before field `{}`", f.name));
            }
            out.push(typed(f.ty, Vec::new())?);
            continue;
        }
        let flip = if f.descending { 0xFF } else { 0x00 };
        let mut body = Vec::new();
        let mut separated = false;
        let mut j = pos;
        while j < key.len() {
            let b = key[j] ^ flip;
            if b != 0 {
                body.push(b);
                j += 1;
                continue;
            }
            let next = key.get(j + 1).map(|n| n ^ flip);
            match next {
                Some(0xFF) => {
                    body.push(0);
                    j += 2;
                }
                Some(0x01) => {
                    j += 2;
                    separated = true;
                    break;
                }
                Some(0x00) if j == pos => {
                    j += 2;
                    if j < key.len() {
                        if key.get(j..j + 2).map(|s| [s[0] ^ flip, s[1] ^ flip]) != Some([0, 1]) {
                            return Err(format!("no 00 01 after empty field `{}`", f.name));
                        }
                        j += 2;
                        separated = true;
                    }
                    break;
                }
                _ => return Err(format!("a bare 00 in field `{}` at {j}", f.name)),
            }
        }
        if f.descending && !separated {
            return Err(format!("DESC field `{}` has no terminator", f.name));
        }
        pos = j;
        out.push(typed(f.ty, body)?);
    }
    if pos != key.len() {
        return Err(format!("{} bytes after the last field", key.len() - pos));
    }
    Ok(out)
}

fn typed(ty: FieldType, b: Vec<u8>) -> Result<Value, String> {
    let int = |e: IntEncoding, width: usize| match e {
        IntEncoding::BigEndianBytes if b.len() == width => {
            let mut v = if b[0] & 0x80 != 0 { -1i64 } else { 0 };
            for &x in &b {
                v = (v << 8) | i64::from(x);
            }
            Ok(Value::Int(v))
        }
        IntEncoding::BigEndianBytes => Err(format!("{} bytes for a {width}-byte integer", b.len())),
        IntEncoding::OrderedCodeBytes => ordered_code(&b).map(Value::Int),
    };
    match ty {
        FieldType::StringUtf8 => String::from_utf8(b)
            .map(Value::Text)
            .map_err(|e| e.to_string()),
        FieldType::Bytes => Ok(Value::Bytes(b)),
        FieldType::Int64(e) | FieldType::TimestampMicros(e) => int(e, 8),
        FieldType::Int32(e) => int(e, 4),
    }
}

/// google/orderedcode's signed int64: for x ≥ 0, `n` one bits, a zero bit, then x in the rest
/// of `n` bytes; a negative x is the bitwise NOT of the encoding of `!x`.
fn ordered_code(b: &[u8]) -> Result<i64, String> {
    if b.is_empty() || b.len() > 10 {
        return Err(format!("{} bytes of ordered code", b.len()));
    }
    let negative = b[0] & 0x80 == 0;
    let acc = b.iter().fold(0u128, |a, &x| {
        (a << 8) | u128::from(if negative { !x } else { x })
    });
    let bits = 8 * b.len() as u32;
    let n = b.len() as u32;
    let header = acc >> (bits - n - 1);
    if header != (1u128 << (n + 1)) - 2 {
        return Err(format!("ordered code header {header:b} for {n} bytes"));
    }
    let v = acc & ((1u128 << (bits - n - 1)) - 1);
    let v = i64::try_from(v).map_err(|_| "ordered code beyond i64".to_string())?;
    Ok(if negative { !v } else { v })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// google/orderedcode's examples (from its format comments and tests).
    #[test]
    fn ordered_code_examples() {
        let cases: [(&[u8], i64); 7] = [
            (&[0x80], 0),
            (&[0x7f], -1),
            (&[0xbf], 63),
            (&[0xc0, 0x40], 64),
            (&[0x3f, 0xbf], -65),
            (
                &[0xff, 0xc0, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
                i64::MAX,
            ),
            (
                &[0x00, 0x3f, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00],
                i64::MIN,
            ),
        ];
        for (bytes, want) in cases {
            assert_eq!(ordered_code(bytes), Ok(want), "{bytes:02x?}");
        }
        assert!(ordered_code(&[0xc0]).is_err());
    }
}
