//! Bigtable row-key schema types that sort: every line of rowkey-testkit/data/bigtable_orderedcode.jsonl
//! (transcribed from google/orderedcode's tests, Google's Cassandra-to-Bigtable proxy's tests
//! and the admin API's reference; see rowkey-testkit/data/README.md).
//!
//! - Whole keys: a struct declared as the line's schema encodes the line's values to the line's
//!   key, and decodes it back; and the struct's `BigtableKey::ROW_KEY_SCHEMA` declares the
//!   line's schema (type, encoding and order of every field), so the schema a table gets from
//!   the key is the one whose bytes Google's tests show. `STRUCT()` (no fields) has no Rust
//!   counterpart.
//! - `orderedcode_int64`: google/orderedcode's signed format, which `#[ordered_code]` writes for
//!   Int64 (and Int32, "up to 5 bytes", for the values an i32 holds) before the struct's `00`
//!   escaping: a one-field key is the escaped bytes; decode gives the value back.
//! - `orderedcode_int64_corrupt`: bytes orderedcode's `Parse` rejects are `DecodeError`s.
//! - The library's other formats (`orderedcode_string`, `_uint64`, `_float64`, `_infinity`,
//!   `_trailing_string`) are not Bigtable key encodings; they are counted, not claimed.
//!
//! Then properties of the new types: order, round trip, canonical decode, hostile bytes.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use proptest::prelude::*;
use rowkey::encodings::bigtable::BigtableKey;
use rowkey::encodings::bigtable::{FieldType, IntEncoding, RowKeySchema};
use rowkey::{DecodeError, RowKey};
use serde_json::Value;

use rowkey_testkit::props as support;
use support::{hex, unhex_str as unhex};

/// A field value from a line's `values`.
trait FromJson {
    fn from_json(v: &Value) -> Self;
}

impl FromJson for String {
    fn from_json(v: &Value) -> Self {
        v.as_str().expect("a string").to_string()
    }
}

impl FromJson for Vec<u8> {
    fn from_json(v: &Value) -> Self {
        unhex(v["hex"].as_str().expect("bytes as {hex}"))
    }
}

impl FromJson for i64 {
    fn from_json(v: &Value) -> Self {
        v.as_str()
            .expect("a decimal string")
            .parse()
            .expect("an i64")
    }
}

impl FromJson for SystemTime {
    fn from_json(v: &Value) -> Self {
        at_micros(i64::from_json(v))
    }
}

fn at_micros(us: i64) -> SystemTime {
    let d = Duration::from_micros(us.unsigned_abs());
    if us >= 0 {
        UNIX_EPOCH + d
    } else {
        UNIX_EPOCH - d
    }
}

/// Bigtable's struct escaping of one field's bytes, written from the API text: `00` → `00 FF`.
fn escape(bytes: &[u8]) -> Vec<u8> {
    bytes
        .iter()
        .flat_map(|&b| if b == 0 { vec![0, 0xFF] } else { vec![b] })
        .collect()
}

fn check<K: RowKey + std::fmt::Debug + PartialEq>(key: K, want: &str) -> Result<(), String> {
    let got = key
        .encode()
        .map_err(|e| format!("encode of {key:?} failed: {e}"))?;
    if hex(&got) != want {
        return Err(format!("{key:?} encodes to {}, want {want}", hex(&got)));
    }
    let back = K::decode(&got).map_err(|e| format!("decode of {want} failed: {e}"))?;
    if back != key {
        return Err(format!("{want} decodes to {back:?}, want {key:?}"));
    }
    Ok(())
}

/// A key the line's system refused to write (its `error`): encode refuses it too, naming one of
/// its fields.
fn refused<K: RowKey + std::fmt::Debug>(key: K) -> Result<(), String> {
    match key.encode() {
        Ok(bytes) => Err(format!("{key:?} encodes to {}, want an error", hex(&bytes))),
        Err(e) if e.field().is_some() => Ok(()),
        Err(e) => Err(format!("{key:?} is refused without naming a field: {e}")),
    }
}

/// A schema as the file writes it: `type/encoding/order` per field.
fn signature(schema: RowKeySchema) -> String {
    let int = |e: IntEncoding| match e {
        IntEncoding::BigEndianBytes => "big_endian",
        IntEncoding::OrderedCodeBytes => "ordered_code",
    };
    let fields: Vec<String> = schema
        .fields()
        .iter()
        .map(|f| {
            let ty = match f.ty {
                FieldType::StringUtf8 => "string/utf8".to_string(),
                FieldType::Bytes => "bytes/raw".to_string(),
                FieldType::Int64(e) => format!("int64/{}", int(e)),
                FieldType::Int32(e) => format!("int32/{}", int(e)),
                FieldType::TimestampMicros(e) => format!("timestamp/{}", int(e)),
            };
            format!("{ty}/{}", if f.descending { "desc" } else { "asc" })
        })
        .collect();
    fields.join(",")
}

/// One struct per schema of the file: its signature (`type/encoding/order` per field), its
/// fields. `check_line` builds the struct from a line's values and checks it.
macro_rules! shapes {
    ($($name:ident [$($sig:literal),*] { $($(#[$attr:ident])* $f:ident: $t:ty),* })*) => {
        $(
            #[derive(RowKey, Debug, PartialEq, Clone)]
            #[rowkey(encoding = "bigtable")]
            struct $name { $($(#[$attr])* $f: $t),* }
        )*

        fn check_line(sig: &str, values: &[Value], key: Option<&str>) -> Option<Result<(), String>> {
            $(
                if sig == [$($sig),*].join(",") {
                    let declared = signature(<$name as BigtableKey>::ROW_KEY_SCHEMA);
                    if declared != sig {
                        return Some(Err(format!("{} declares {declared}, the line {sig}", stringify!($name))));
                    }
                    let mut values = values.iter();
                    let k = $name { $($f: FromJson::from_json(values.next().unwrap())),* };
                    return Some(match key {
                        Some(key) => check(k, key),
                        None => refused(k),
                    });
                }
            )*
            None
        }
    };
}

shapes! {
    S ["string/utf8/asc"] { a: String }
    I ["int64/ordered_code/asc"] { #[ordered_code] a: i64 }
    B ["int64/big_endian/asc"] { a: i64 }
    IntIntStr ["int64/ordered_code/asc", "int64/ordered_code/asc", "string/utf8/asc"] {
        #[ordered_code] a: i64, #[ordered_code] b: i64, c: String
    }
    IntInt ["int64/ordered_code/asc", "int64/ordered_code/asc"] {
        #[ordered_code] a: i64, #[ordered_code] b: i64
    }
    StrIntStr ["string/utf8/asc", "int64/ordered_code/asc", "string/utf8/asc"] {
        a: String, #[ordered_code] b: i64, c: String
    }
    StrBeStr ["string/utf8/asc", "int64/big_endian/asc", "string/utf8/asc"] {
        a: String, b: i64, c: String
    }
    StrBeStrStr ["string/utf8/asc", "int64/big_endian/asc", "string/utf8/asc", "string/utf8/asc"] {
        a: String, b: i64, c: String, d: String
    }
    RawRawRaw ["bytes/raw/asc", "bytes/raw/asc", "bytes/raw/asc"] { a: Vec<u8>, b: Vec<u8>, c: Vec<u8> }
    R ["bytes/raw/asc"] { a: Vec<u8> }
    RawRaw ["bytes/raw/asc", "bytes/raw/asc"] { a: Vec<u8>, b: Vec<u8> }
    StrRaw ["string/utf8/asc", "bytes/raw/asc"] { a: String, b: Vec<u8> }
    StrStrStr ["string/utf8/asc", "string/utf8/asc", "string/utf8/asc"] { a: String, b: String, c: String }
    StrStr ["string/utf8/asc", "string/utf8/asc"] { a: String, b: String }
    T ["timestamp/ordered_code/asc"] { #[ordered_code] a: SystemTime }
    D ["string/utf8/desc"] { #[desc] a: String }
    DescStr ["string/utf8/desc", "string/utf8/asc"] { #[desc] a: String, b: String }
    StrDescStr ["string/utf8/asc", "string/utf8/desc", "string/utf8/asc"] {
        a: String, #[desc] b: String, c: String
    }
    StrDesc ["string/utf8/asc", "string/utf8/desc"] { a: String, #[desc] b: String }
}

#[derive(RowKey, Debug, PartialEq, Clone)]
#[rowkey(encoding = "bigtable")]
struct Ordered64 {
    #[ordered_code]
    v: i64,
}

#[derive(RowKey, Debug, PartialEq, Clone)]
#[rowkey(encoding = "bigtable")]
struct Ordered32 {
    #[ordered_code]
    v: i32,
}

#[test]
fn every_line() {
    let text = rowkey_testkit::golden::text("bigtable_orderedcode.jsonl");
    let mut failures = Vec::new();
    let mut counts = std::collections::BTreeMap::<String, usize>::new();
    for (n, line) in text.lines().enumerate() {
        let l: Value = serde_json::from_str(line).unwrap();
        let at = format!("line {}: {}", n + 1, l["source"]);
        let result = if let Some(schema) = l["schema"].as_array() {
            let sig: Vec<String> = schema
                .iter()
                .map(|f| {
                    format!(
                        "{}/{}/{}",
                        f["type"].as_str().unwrap(),
                        f["encoding"].as_str().unwrap(),
                        f["order"].as_str().unwrap()
                    )
                })
                .collect();
            let values = l["values"].as_array().unwrap();
            let kind = if schema.is_empty() {
                "struct_without_fields"
            } else {
                "whole_key"
            };
            *counts.entry(kind.into()).or_default() += 1;
            match kind {
                // A key struct has at least one field.
                "struct_without_fields" => Ok(()),
                // A line with an `error` and no key: the value has no bytes in the schema.
                _ => check_line(&sig.join(","), values, l["key"].as_str())
                    .unwrap_or_else(|| Err(format!("no struct declared for schema {sig:?}"))),
            }
        } else {
            let kind = l["kind"].as_str().unwrap();
            *counts.entry(kind.into()).or_default() += 1;
            let bytes = unhex(l["bytes"].as_str().unwrap());
            match kind {
                "orderedcode_int64" => {
                    let v = i64::from_json(&l["value"]);
                    let key = hex(&escape(&bytes));
                    let narrow = match i32::try_from(v) {
                        Ok(v32) => check(Ordered32 { v: v32 }, &key),
                        Err(_) => match Ordered32::decode(&escape(&bytes)) {
                            Err(DecodeError::Invalid {
                                field: "v",
                                offset: 0,
                                ..
                            }) => Ok(()),
                            other => Err(format!("{v} read as an i32: {other:?}")),
                        },
                    };
                    check(Ordered64 { v }, &key).and(narrow)
                }
                "orderedcode_int64_corrupt" => match Ordered64::decode(&escape(&bytes)) {
                    Err(
                        DecodeError::Invalid { field: "v", .. } | DecodeError::Truncated { .. },
                    ) => Ok(()),
                    other => Err(format!("{} decoded: {other:?}", hex(&bytes))),
                },
                "orderedcode_string"
                | "orderedcode_uint64"
                | "orderedcode_float64"
                | "orderedcode_infinity"
                | "orderedcode_trailing_string" => Ok(()),
                other => Err(format!("unknown kind {other}")),
            }
        };
        if let Err(e) = result {
            failures.push(format!("{at}: {e}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    let counts: Vec<(String, usize)> = counts.into_iter().collect();
    let count = |k: &str| counts.iter().find(|(n, _)| n == k).map_or(0, |c| c.1);
    assert_eq!(count("whole_key"), 31, "{counts:?}");
    assert_eq!(count("struct_without_fields"), 1);
    assert_eq!(
        (
            count("orderedcode_int64"),
            count("orderedcode_int64_corrupt")
        ),
        (70, 9)
    );
    assert_eq!(counts.iter().map(|c| c.1).sum::<usize>(), 168);
}

// Properties of the new types, over values that favour the length boundaries of orderedcode
// (±2^(7n-1)), the limits, 0 and -1, and bytes that hold 00.

fn int64() -> impl Strategy<Value = i64> {
    prop_oneof![
        (1u32..=10, -2i64..=1, any::<bool>()).prop_map(|(n, d, neg)| {
            let edge = 1i128 << (7 * n - 1).min(63);
            let v = (edge + i128::from(d)).clamp(i128::from(i64::MIN), i128::from(i64::MAX));
            let v = if neg { -v } else { v };
            v.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64
        }),
        Just(i64::MIN),
        Just(i64::MAX),
        Just(0),
        Just(-1),
        any::<i64>(),
        (any::<i64>(), 0u32..64).prop_map(|(v, s)| v >> s),
    ]
}

fn text() -> impl Strategy<Value = String> {
    proptest::collection::vec(prop::sample::select(vec!['\0', 'a', 'b', '\u{ff}']), 0..3)
        .prop_map(|c| c.into_iter().collect())
}

fn time() -> impl Strategy<Value = SystemTime> {
    // Whole microseconds, before and after 1970, near the i64 limits of what SystemTime holds.
    int64().prop_map(|us| at_micros(us / 1_000_000 * 997))
}

#[derive(RowKey, Debug, PartialEq, Clone)]
#[rowkey(encoding = "bigtable")]
struct Mixed {
    #[ordered_code]
    a: i64,
    #[ordered_code]
    #[desc]
    b: i32,
    c: String,
    #[ordered_code]
    at: SystemTime,
}

#[derive(RowKey, Debug, PartialEq, Clone)]
#[rowkey(encoding = "bigtable")]
struct BigEndian {
    a: i32,
    #[desc]
    b: i64,
    at: SystemTime,
}

fn mixed() -> impl Strategy<Value = Mixed> {
    (int64(), int64(), text(), time()).prop_map(|(a, b, c, at)| Mixed {
        a,
        b: b as i32,
        c,
        at,
    })
}

fn logical(m: &Mixed) -> impl Ord + '_ {
    (m.a, std::cmp::Reverse(m.b), &m.c, m.at)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn byte_order_is_value_order(x in mixed(), y in mixed()) {
        let (ex, ey) = (x.encode().unwrap(), y.encode().unwrap());
        prop_assert_eq!(ex.cmp(&ey), logical(&x).cmp(&logical(&y)), "{:?} {:?}", x, y);
    }

    #[test]
    fn round_trip_and_canonical(x in mixed(), a in int64(), b in int64(), at in time()) {
        let e = x.encode().unwrap();
        prop_assert_eq!(Mixed::decode(&e).unwrap(), x.clone());
        prop_assert!(e.len() <= Mixed::MAX_LEN.unwrap_or(usize::MAX));
        // BigEndianBytes takes non-negative values only ("Sorted mode: non-negative values
        // are supported"); a negative one, or a time before 1970, is refused naming the field.
        let be = BigEndian { a: a as i32, b, at };
        let negative = [(a as i32) < 0, b < 0, at < UNIX_EPOCH];
        match be.encode() {
            Ok(e) => {
                prop_assert_eq!(negative, [false; 3]);
                prop_assert_eq!(BigEndian::decode(&e).unwrap(), be);
                prop_assert!(e.len() <= BigEndian::MAX_LEN.unwrap());
            }
            Err(err) => {
                let first = ["a", "b", "at"][negative.iter().position(|&n| n).unwrap()];
                prop_assert_eq!(err.field(), Some(first));
            }
        }
        let o = Ordered64 { v: a };
        prop_assert!(o.encode().unwrap().len() <= Ordered64::MAX_LEN.unwrap());
    }

    #[test]
    fn hostile_bytes(x in mixed(), edits in proptest::collection::vec((any::<usize>(), any::<u8>(), 0..4u8), 1..4)) {
        let mut bytes = x.encode().unwrap();
        for (at, b, op) in edits {
            let i = at % (bytes.len() + 1);
            match op {
                0 if i < bytes.len() => bytes[i] = b,
                1 => bytes.insert(i, b),
                2 if i < bytes.len() => { bytes.remove(i); }
                _ => bytes.truncate(i),
            }
        }
        // Never a panic; what decodes encodes back to the same bytes.
        if let Ok(k) = Mixed::decode(&bytes) {
            prop_assert_eq!(k.encode().unwrap(), bytes.clone());
        }
        if let Ok(k) = BigEndian::decode(&bytes) {
            prop_assert_eq!(k.encode().unwrap(), bytes);
        }
    }
}

/// The longest keys: MAX_LEN is reached, never passed (i64::MIN has eight `00`s in
/// orderedcode, -1 has none; BigEndianBytes 0 is eight `00`s). A negative BigEndianBytes
/// value is refused, as the proxy refuses it: Bigtable sorts non-negative ones only.
#[test]
fn max_len_is_the_longest_key() {
    let longest = [
        i64::MIN,
        i64::MIN + 1,
        -1,
        0,
        1,
        i64::MAX,
        -(1 << 62),
        1 << 56,
    ]
    .iter()
    .map(|&v| Ordered64 { v }.encode().unwrap().len())
    .max()
    .unwrap();
    assert_eq!(Some(longest), Ordered64::MAX_LEN);
    let longest = [
        i32::MIN,
        i32::MIN + 1,
        -1,
        0,
        1,
        i32::MAX,
        -(1 << 27),
        1 << 24,
    ]
    .iter()
    .map(|&v| Ordered32 { v }.encode().unwrap().len())
    .max()
    .unwrap();
    assert_eq!(Some(longest), Ordered32::MAX_LEN);
    // Escaping comes before a DESC field's inversion: its longest value is 0 too.
    let zero = BigEndian {
        a: 0,
        b: 0,
        at: UNIX_EPOCH,
    };
    assert_eq!(zero.encode().unwrap().len(), BigEndian::MAX_LEN.unwrap());
    assert_eq!(
        B { a: i64::MAX }.encode().unwrap(),
        [0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],
        "the largest value needs no escape"
    );
    assert_eq!(B { a: -1 }.encode().unwrap_err().field(), Some("a"));
}

/// A time with a fraction of a microsecond, or beyond i64 microseconds, is an error naming the
/// field: never rounded.
#[test]
fn timestamps_are_whole_microseconds() {
    let odd = T {
        a: UNIX_EPOCH + Duration::from_nanos(1_500),
    };
    let err = odd.encode().unwrap_err();
    assert!(
        err.to_string().contains("`a`") || format!("{err:?}").contains("\"a\""),
        "{err}"
    );
    let far = T {
        a: UNIX_EPOCH + Duration::from_secs(1 << 50),
    };
    assert!(far.encode().is_err());
    let before = T {
        a: UNIX_EPOCH - Duration::from_micros(1),
    };
    assert_eq!(hex(&before.encode().unwrap()), "7f");
    assert_eq!(T::decode(&[0x7F]).unwrap(), before);
}
