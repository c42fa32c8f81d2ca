//! Bigtable row-key schemas (`#[rowkey(encoding = "bigtable")]`): every example of Bigtable's
//! `Type.Struct.Encoding.OrderedCodeBytes` reference, byte for byte, and the decode back.
//! (`STRUCT()` has no Rust counterpart: a key struct has at least one field.)

use rowkey::{DecodeError, RowKey};

#[derive(RowKey, Debug, PartialEq, Clone)]
#[rowkey(encoding = "bigtable")]
struct One {
    a: String,
}

#[derive(RowKey, Debug, PartialEq, Clone)]
#[rowkey(encoding = "bigtable")]
struct Two {
    a: String,
    b: String,
}

#[derive(RowKey, Debug, PartialEq, Clone)]
#[rowkey(encoding = "bigtable")]
struct Three {
    a: String,
    b: String,
    c: String,
}

#[derive(RowKey, Debug, PartialEq, Clone)]
#[rowkey(encoding = "bigtable")]
struct DescOne {
    #[desc]
    a: String,
}

#[derive(RowKey, Debug, PartialEq, Clone)]
#[rowkey(encoding = "bigtable")]
struct DescTwo {
    #[desc]
    a: String,
    b: String,
}

#[derive(RowKey, Debug, PartialEq, Clone)]
#[rowkey(encoding = "bigtable")]
struct DescThree {
    #[desc]
    a: String,
    b: String,
    c: String,
}

#[derive(RowKey, Debug, PartialEq, Clone)]
#[rowkey(encoding = "bigtable")]
struct MiddleDesc {
    a: String,
    #[desc]
    b: String,
    c: String,
}

#[derive(RowKey, Debug, PartialEq, Clone)]
#[rowkey(encoding = "bigtable")]
struct LastDesc {
    a: String,
    #[desc]
    b: String,
}

fn s(v: &str) -> String {
    v.to_owned()
}

/// Encodes `key`, compares with `want`, and decodes `want` back to `key`.
fn check<K: RowKey + std::fmt::Debug + PartialEq>(key: K, want: &[u8]) {
    let got = key.encode().unwrap();
    assert_eq!(got, want, "{key:?}");
    assert_eq!(K::decode(want).as_ref(), Ok(&key), "{want:02x?}");
}

#[test]
fn reference_examples() {
    check(One { a: s("") }, b"\x00\x00");
    check(Two { a: s(""), b: s("") }, b"\x00\x00");
    check(
        Two {
            a: s(""),
            b: s("B"),
        },
        b"\x00\x00\x00\x01B",
    );
    check(
        Two {
            a: s("A"),
            b: s(""),
        },
        b"A",
    );
    check(
        Three {
            a: s(""),
            b: s("B"),
            c: s(""),
        },
        b"\x00\x00\x00\x01B",
    );
    check(
        Three {
            a: s("A"),
            b: s(""),
            c: s("C"),
        },
        b"A\x00\x01\x00\x00\x00\x01C",
    );
}

#[test]
fn reference_examples_with_desc_fields() {
    check(DescOne { a: s("") }, b"\xFF\xFF\xFF\xFE");
    check(DescTwo { a: s(""), b: s("") }, b"\xFF\xFF\xFF\xFE");
    check(
        DescThree {
            a: s(""),
            b: s(""),
            c: s(""),
        },
        b"\xFF\xFF\xFF\xFE",
    );
    check(
        DescTwo {
            a: s(""),
            b: s("A"),
        },
        b"\xFF\xFF\xFF\xFEA",
    );
    check(
        MiddleDesc {
            a: s("A"),
            b: s(""),
            c: s(""),
        },
        b"A\x00\x01\xFF\xFF\xFF\xFE",
    );
    check(
        LastDesc {
            a: s(""),
            b: s("A"),
        },
        b"\x00\x00\x00\x01\xBE\xFF\xFE",
    );
}

/// Rule 2 (`00` becomes `00 FF`) and Int64 BigEndianBytes, from the reference's rules.
#[test]
fn escapes_and_int64() {
    check(
        Two {
            a: s("a\0b"),
            b: s("c"),
        },
        b"a\x00\xFFb\x00\x01c",
    );
    #[derive(RowKey, Debug, PartialEq)]
    #[rowkey(encoding = "bigtable")]
    struct Event {
        user: Vec<u8>,
        ts: i64,
    }
    check(
        Event {
            user: vec![0],
            ts: 1,
        },
        b"\x00\xFF\x00\x01\x00\xFF\x00\xFF\x00\xFF\x00\xFF\x00\xFF\x00\xFF\x00\xFF\x01",
    );
    check(
        Event {
            user: vec![],
            ts: i64::MAX,
        },
        b"\x00\x00\x00\x01\x7F\xFF\xFF\xFF\xFF\xFF\xFF\xFF",
    );
}

/// Keys Bigtable's rules never produce do not decode.
#[test]
fn non_canonical_keys_are_refused() {
    for bad in [
        &b""[..],             // the empty struct is 00 00
        b"A\x00\x01",         // a separator with no field after it
        b"\x00\x01B",         // an empty field written as nothing instead of 00 00
        b"A\x00\x01\x00\x00", // a trailing empty ASC field (dropped by rule 1)
        b"A\x00\x02",         // 00 followed by neither FF, 01 nor (an empty field) 00
    ] {
        assert!(Two::decode(bad).is_err(), "{bad:02x?} decoded");
    }
    assert!(matches!(
        DescOne::decode(b"\x9e"),
        Err(DecodeError::MissingTerminator {
            field: "a",
            offset: 0
        })
    ));
}

/// A scan that fixes a field also finds the keys whose later fields are empty (dropped).
#[test]
fn prefix_scans_find_dropped_fields() {
    let keys: Vec<Vec<u8>> = [
        Three {
            a: s("A"),
            b: s(""),
            c: s(""),
        },
        Three {
            a: s("A"),
            b: s("B"),
            c: s(""),
        },
        Three {
            a: s("A"),
            b: s(""),
            c: s("C"),
        },
        Three {
            a: s("AB"),
            b: s(""),
            c: s(""),
        },
        Three {
            a: s(""),
            b: s(""),
            c: s(""),
        },
    ]
    .iter()
    .map(|k| k.encode().unwrap())
    .collect();
    let plan = Three::scan().a(s("A")).plan().unwrap();
    let hits: Vec<_> = keys.iter().filter(|k| plan.contains(k)).collect();
    assert_eq!(hits.len(), 3);
    let all_empty = Three::scan().a(s("")).b(s("")).c(s("")).plan().unwrap();
    assert_eq!(all_empty.row(), Some(&b"\x00\x00"[..]));
}
