//! Keys Java code already wrote (HBase's `Bytes.add` of `Bytes.toBytes` parts): every line of
//! `rowkey-testkit/data/java_concat.jsonl` encodes to its key and decodes back through a derived struct
//! of its shape.

use rowkey_testkit::props as support;

use rowkey::{EncodeError, RowKey};
use support::{golden, unhex};

/// `Bytes.add(Bytes.toBytes(s), Bytes.toBytes(Long.MAX_VALUE - ts))`.
#[derive(RowKey, Debug, PartialEq)]
struct StrRevTs {
    #[java]
    s: String,
    #[java]
    #[reverse_ts]
    ts: i64,
}

/// The same with rowkey's checked reverse timestamp: equal bytes for `ts >= 0`, an error below.
#[derive(RowKey, Debug, PartialEq)]
struct StrRevTsChecked {
    #[java]
    s: String,
    #[reverse_ts]
    ts: i64,
}

/// `Bytes.add(Bytes.toBytes(s), Bytes.toBytes(i), Bytes.toBytes(Long.MAX_VALUE - ts))`.
#[derive(RowKey, Debug, PartialEq)]
struct StrIntRevTs {
    #[java]
    s: String,
    #[java]
    i: i32,
    #[java]
    #[reverse_ts]
    ts: i64,
}

/// `Bytes.add(Bytes.toBytes(i), Bytes.toBytes(s), Bytes.toBytes(Long.MAX_VALUE - ts))`.
#[derive(RowKey, Debug, PartialEq)]
struct IntStrRevTs {
    #[java]
    i: i32,
    #[java]
    s: String,
    #[java]
    #[reverse_ts]
    ts: i64,
}

/// `Bytes.add(new byte[][] {toBytes(s), {0x00}, toBytes(s2), toBytes(i), toBytes(MAX - ts)})`.
#[derive(RowKey, Debug, PartialEq)]
struct Arrays5 {
    #[java(nul_terminated)]
    s: String,
    #[java]
    s2: String,
    #[java]
    i: i32,
    #[java]
    #[reverse_ts]
    ts: i64,
}

fn text(v: &serde_json::Value, k: &str) -> String {
    v[k].as_str()
        .unwrap_or_else(|| panic!("{k} in {v}"))
        .to_string()
}

fn num<T: std::str::FromStr>(v: &serde_json::Value, k: &str) -> T
where
    T::Err: std::fmt::Debug,
{
    v[k].as_str().unwrap().parse().unwrap()
}

/// Encodes to the line's key and decodes back.
fn same<K: RowKey + PartialEq + std::fmt::Debug>(line: &serde_json::Value, k: K) {
    let key = unhex(&line["key"]);
    assert_eq!(k.encode().unwrap(), key, "{}", line["id"]);
    assert_eq!(K::decode(&key).unwrap(), k, "{}", line["id"]);
}

#[test]
fn every_java_concat_line() {
    let lines = golden("java_concat.jsonl");
    assert_eq!(lines.len(), 181);
    let mut seen = [0usize; 4];
    let mut ambiguous = 0;
    for line in &lines {
        let (s, ts): (String, i64) = (text(line, "s"), num(line, "ts"));
        match line["kind"].as_str().unwrap() {
            "str_revts" => {
                seen[0] += 1;
                same(line, StrRevTs { s: s.clone(), ts });
                let checked = StrRevTsChecked { s, ts };
                if ts >= 0 {
                    same(line, checked);
                } else {
                    assert_eq!(
                        checked.encode().unwrap_err(),
                        EncodeError::NegativeTimestamp {
                            field: "ts",
                            value: ts
                        }
                    );
                }
            }
            "str_int_revts" => {
                seen[1] += 1;
                same(
                    line,
                    StrIntRevTs {
                        s,
                        i: num(line, "i"),
                        ts,
                    },
                );
            }
            "int_str_revts" => {
                seen[2] += 1;
                same(
                    line,
                    IntStrRevTs {
                        i: num(line, "i"),
                        s,
                        ts,
                    },
                );
            }
            "arrays_5" => {
                seen[3] += 1;
                let k = Arrays5 {
                    s: s.clone(),
                    s2: text(line, "s2"),
                    i: num(line, "i"),
                    ts,
                };
                if s.contains('\0') {
                    // The Java key is ambiguous: its first part holds the separator. rowkey
                    // refuses to write it, and reads the bytes back as the other split.
                    ambiguous += 1;
                    assert!(matches!(
                        k.encode().unwrap_err(),
                        EncodeError::ContainsDelimiter {
                            field: "s",
                            delimiter: 0,
                            ..
                        }
                    ));
                    let key = unhex(&line["key"]);
                    let read = Arrays5::decode(&key).unwrap();
                    assert_eq!(read.encode().unwrap(), key);
                    assert_eq!(read.s, s.split('\0').next().unwrap());
                } else {
                    same(line, k);
                }
            }
            other => panic!("kind {other}"),
        }
    }
    assert_eq!(seen, [94, 43, 28, 16]);
    assert_eq!(ambiguous, 1);
}

use proptest::prelude::*;
use support::{bytes, string};

/// A raw string first, fixed-width fields after it.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct RawFirst {
    #[java]
    s: Vec<u8>,
    a: u32,
    #[reverse_ts]
    ts: i64,
}

/// In the middle: self-delimiting fields before it, fixed-width after.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct RawMiddle {
    a: u16,
    b: String,
    #[java]
    s: String,
    c: [u8; 2],
}

/// Last, as Java writes `Bytes.add(Bytes.toBytes(id), Bytes.toBytes(s))`.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct RawLast {
    #[java]
    a: i32,
    #[java]
    s: Vec<u8>,
}

/// Decodes arbitrary bytes without panicking; what decodes re-encodes to the same bytes.
fn hostile<K: RowKey + std::fmt::Debug>(b: &[u8]) -> Result<(), TestCaseError> {
    if let Ok(k) = K::decode(b) {
        prop_assert_eq!(k.encode().unwrap(), b.to_vec(), "{:?}", k);
    }
    let _ = K::explain(b);
    Ok(())
}

proptest! {
    #[test]
    fn raw_string_first(s in bytes(), a in any::<u32>(), ts in 0..=i64::MAX, cut in any::<usize>(), flip in any::<(usize, u8)>()) {
        let k = RawFirst { s, a, ts };
        let key = k.encode().unwrap();
        prop_assert_eq!(key.len(), k.s.len() + 12);
        prop_assert_eq!(RawFirst::decode(&key).unwrap(), k);
        hostile::<RawFirst>(&key[..cut % (key.len() + 1)])?;
        let mut m = key.clone();
        if !m.is_empty() { let i = flip.0 % m.len(); m[i] ^= flip.1; }
        hostile::<RawFirst>(&m)?;
    }

    #[test]
    fn raw_string_in_the_middle(a in any::<u16>(), b in string(), s in string(), c in any::<[u8; 2]>(), cut in any::<usize>(), extra in bytes()) {
        let k = RawMiddle { a, b, s, c };
        let key = k.encode().unwrap();
        prop_assert_eq!(RawMiddle::decode(&key).unwrap(), k);
        hostile::<RawMiddle>(&key[..cut % (key.len() + 1)])?;
        let mut longer = key.clone();
        longer.extend_from_slice(&extra);
        hostile::<RawMiddle>(&longer)?;
    }

    #[test]
    fn raw_string_last(a in any::<i32>(), s in bytes(), noise in bytes()) {
        let k = RawLast { a, s };
        let key = k.encode().unwrap();
        prop_assert_eq!(&key[..4], &a.to_be_bytes());
        prop_assert_eq!(RawLast::decode(&key).unwrap(), k);
        hostile::<RawLast>(&noise)?;
    }
}

/// `#[java(terminated = b"..")]`: HBase's `TerminatedWrapper` with a terminator of its own.
/// The bytes are the value then the terminator (inverted under `#[desc]`); a value in which
/// the terminator would be found before its end is refused, also where it straddles the end.
#[test]
fn java_terminated_writes_the_terminator_and_refuses_values_that_hold_it() {
    #[derive(RowKey, Debug, PartialEq)]
    struct Key {
        #[java(terminated = b"\0\0")]
        a: Vec<u8>,
        #[desc]
        #[java(terminated = b"|")]
        b: String,
    }
    let key = Key {
        a: vec![1, 0, 2],
        b: "x".into(),
    };
    let bytes = key.encode().unwrap();
    // 01 00 02 | 00 00 | !'x' !'|'
    assert_eq!(bytes, [1, 0, 2, 0, 0, !b'x', !b'|']);
    assert_eq!(Key::decode(&bytes).unwrap(), key);
    for a in [vec![0, 0], vec![1, 0], vec![0]] {
        let err = Key {
            a: a.clone(),
            b: String::new(),
        }
        .encode()
        .unwrap_err();
        assert!(
            matches!(
                err,
                rowkey::EncodeError::ContainsDelimiter { field: "a", .. }
            ),
            "{a:?}: {err}"
        );
    }
    let err = Key {
        a: vec![],
        b: "a|b".into(),
    }
    .encode()
    .unwrap_err();
    assert!(matches!(
        err,
        rowkey::EncodeError::ContainsDelimiter {
            field: "b",
            delimiter: b'|',
            index: 1
        }
    ));
    // No terminator: a decode error naming the field.
    assert!(matches!(
        Key::decode(&[1, 2, 0]),
        Err(rowkey::DecodeError::MissingTerminator { field: "a", .. })
    ));
}
