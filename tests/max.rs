//! `#[max(N)]`: a cap on a variable-length string or byte vector, in every encoding. A longer
//! value is an `EncodeError` naming the field; a key holding one is a `DecodeError` naming the
//! field and where it starts; the key's `MAX_LEN` counts the cap in the encoding's bytes, equal
//! to the longest key found by brute force over the values the cap admits (nasty bytes
//! included), so `#[rowkey(max_len = N)]` can check a key with such fields.

use rowkey::{DecodeError, EncodeError, RowKey};

/// Every value of at most `max` bytes over `alphabet` (UTF-8 checked by the caller's type).
fn byte_values(alphabet: &[u8], max: usize) -> Vec<Vec<u8>> {
    let mut out = vec![Vec::new()];
    let mut level = vec![Vec::new()];
    for _ in 0..max {
        let mut next = Vec::new();
        for v in &level {
            for &b in alphabet {
                let mut w: Vec<u8> = v.clone();
                w.push(b);
                next.push(w);
            }
        }
        out.extend(next.iter().cloned());
        level = next;
    }
    out
}

/// Strings of at most `max` bytes: `00`, `01`, ASCII, the delimiter `:` and a 2-byte letter.
fn string_values(max: usize) -> Vec<String> {
    let mut out: Vec<String> = byte_values(b"\x00\x01a:\x7f", max)
        .into_iter()
        .map(|v| String::from_utf8(v).expect("ASCII"))
        .collect();
    for s in ["é", "aé", "éa", "\u{0}é"] {
        if s.len() <= max {
            out.push(s.to_string());
        }
    }
    out
}

/// Byte vectors of at most `max` bytes, `00` and `FF` among them.
fn bytes_values(max: usize) -> Vec<Vec<u8>> {
    byte_values(&[0x00, 0x01, 0x7f, 0xFE, 0xFF], max)
}

/// The longest key `make` encodes over every pair of values (the ones the encoding refuses for
/// reasons of its own, such as a `00` in a Phoenix VARCHAR, skipped), after checking that every
/// accepted key decodes back to its value.
fn longest<A: Clone, B: Clone, K: RowKey + PartialEq + core::fmt::Debug>(
    a: &[A],
    b: &[B],
    make: impl Fn(A, B) -> K,
) -> usize {
    let mut most = 0;
    for x in a {
        for y in b {
            let key = make(x.clone(), y.clone());
            if let Ok(bytes) = key.encode() {
                assert_eq!(K::decode(&bytes).as_ref(), Ok(&key));
                most = most.max(bytes.len());
            }
        }
    }
    most
}

macro_rules! capped_pair {
    ($name:ident, [$($attr:tt)*], $a:ident: [$($aa:tt)*] $at:ty, $b:ident: [$($ba:tt)*] $bt:ty) => {
        #[derive(RowKey, Debug, PartialEq, Clone)]
        $($attr)*
        struct $name {
            $($aa)*
            $a: $at,
            $($ba)*
            $b: $bt,
        }
    };
}

capped_pair!(Binary, [], name: [#[max(3)]] String, tail: [#[max(3)]] Vec<u8>);
capped_pair!(BinaryDesc, [], name: [#[max(3)] #[desc]] Vec<u8>, tail: [#[max(2)] #[desc]] String);
capped_pair!(BinaryOption, [], name: [#[max(2)]] Option<String>, tail: [#[max(3)]] Option<Vec<u8>>);
capped_pair!(BinaryJava, [], name: [#[max(3)] #[java(nul_terminated)]] Vec<u8>, tail: [#[max(2)] #[java(terminated = b"\0\0")]] Vec<u8>);
capped_pair!(BinaryRaw, [], id: [] u16, tail: [#[max(3)] #[java]] Vec<u8>);
capped_pair!(Text, [#[rowkey(delimiter = "|")]], name: [#[max(3)]] String, tail: [#[max(2)]] String);
capped_pair!(Phoenix, [#[rowkey(encoding = "phoenix")]], name: [#[max(3)]] String, tail: [#[max(3)]] Option<Vec<u8>>);
capped_pair!(PhoenixDesc, [#[rowkey(encoding = "phoenix")]], name: [#[max(2)] #[desc]] Option<String>, tail: [#[max(3)] #[desc]] String);
capped_pair!(PhoenixDescOld, [#[rowkey(encoding = "phoenix", row_key_order_optimizable = false)]], name: [#[max(3)] #[desc]] String, tail: [#[max(2)] #[desc]] Vec<u8>);
capped_pair!(Bigtable, [#[rowkey(encoding = "bigtable")]], name: [#[max(3)]] Vec<u8>, tail: [#[max(2)]] String);
capped_pair!(BigtableDesc, [#[rowkey(encoding = "bigtable")]], name: [#[max(2)] #[desc]] String, tail: [#[max(3)] #[desc]] Vec<u8>);
capped_pair!(Ordered, [#[rowkey(encoding = "hbase_ordered")]], name: [#[max(3)]] Option<String>, tail: [#[max(3)]] Vec<u8>);
capped_pair!(OrderedBlob, [#[rowkey(encoding = "hbase_ordered")]], name: [#[max(8)] #[desc]] Vec<u8>, tail: [#[max(3)] #[blob] #[desc]] Vec<u8>);
capped_pair!(OrderedRaw, [#[rowkey(encoding = "hbase_ordered")]], name: [#[max(3)] #[java(nul_terminated)]] String, tail: [#[max(3)] #[java]] String);
capped_pair!(Fdb, [#[rowkey(encoding = "fdb_tuple")]], name: [#[max(3)]] Option<String>, tail: [#[max(3)]] Vec<u8>);

fn opt<T: Clone>(values: &[T]) -> Vec<Option<T>> {
    core::iter::once(None)
        .chain(values.iter().cloned().map(Some))
        .collect()
}

#[test]
fn max_len_is_the_longest_key_the_caps_admit_in_every_encoding() {
    let s2 = string_values(2);
    let s3 = string_values(3);
    let b2 = bytes_values(2);
    let b3 = bytes_values(3);
    let b8: Vec<Vec<u8>> = vec![vec![], vec![0; 8], vec![0xFF; 8], vec![0x80; 8], vec![1; 7]];
    let checks: Vec<(&str, Option<usize>, usize)> = vec![
        (
            "binary",
            Binary::MAX_LEN,
            longest(&s3, &b3, |name, tail| Binary { name, tail }),
        ),
        (
            "binary desc",
            BinaryDesc::MAX_LEN,
            longest(&b3, &s2, |name, tail| BinaryDesc { name, tail }),
        ),
        (
            "binary option",
            BinaryOption::MAX_LEN,
            longest(&opt(&s2), &opt(&b3), |name, tail| BinaryOption {
                name,
                tail,
            }),
        ),
        (
            "binary java",
            BinaryJava::MAX_LEN,
            longest(&b3, &b2, |name, tail| BinaryJava { name, tail }),
        ),
        (
            "binary raw",
            BinaryRaw::MAX_LEN,
            longest(&[0u16, 7], &b3, |id, tail| BinaryRaw { id, tail }),
        ),
        (
            "text",
            Text::MAX_LEN,
            longest(&s3, &s2, |name, tail| Text { name, tail }),
        ),
        (
            "phoenix",
            Phoenix::MAX_LEN,
            longest(&s3, &opt(&b3), |name, tail| Phoenix { name, tail }),
        ),
        (
            "phoenix desc",
            PhoenixDesc::MAX_LEN,
            longest(&opt(&s2), &s3, |name, tail| PhoenixDesc { name, tail }),
        ),
        (
            "phoenix desc, not optimizable",
            PhoenixDescOld::MAX_LEN,
            longest(&s3, &b2, |name, tail| PhoenixDescOld { name, tail }),
        ),
        (
            "bigtable",
            Bigtable::MAX_LEN,
            longest(&b3, &s2, |name, tail| Bigtable { name, tail }),
        ),
        (
            "bigtable desc",
            BigtableDesc::MAX_LEN,
            longest(&s2, &b3, |name, tail| BigtableDesc { name, tail }),
        ),
        (
            "hbase_ordered",
            Ordered::MAX_LEN,
            longest(&opt(&s3), &b3, |name, tail| Ordered { name, tail }),
        ),
        (
            "hbase_ordered blob",
            OrderedBlob::MAX_LEN,
            longest(&b8, &b3, |name, tail| OrderedBlob { name, tail }),
        ),
        (
            "hbase_ordered raw",
            OrderedRaw::MAX_LEN,
            longest(&s3, &s3, |name, tail| OrderedRaw { name, tail }),
        ),
        (
            "fdb_tuple",
            Fdb::MAX_LEN,
            longest(&opt(&s3), &b3, |name, tail| Fdb { name, tail }),
        ),
    ];
    let wrong: Vec<String> = checks
        .iter()
        .filter(|(_, claimed, found)| *claimed != Some(*found))
        .map(|(name, claimed, found)| format!("{name}: MAX_LEN {claimed:?}, longest key {found}"))
        .collect();
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn a_longer_value_is_refused_naming_the_field_and_its_cap() {
    let over = EncodeError::LongerThanMax {
        field: "name",
        len: 4,
        max: 3,
    };
    assert_eq!(
        Binary {
            name: "abcd".into(),
            tail: vec![]
        }
        .encode(),
        Err(over.clone())
    );
    assert_eq!(
        Phoenix {
            name: "abcd".into(),
            tail: None
        }
        .encode(),
        Err(over.clone())
    );
    assert_eq!(
        Fdb {
            name: Some("abcd".into()),
            tail: vec![]
        }
        .encode(),
        Err(over)
    );
    // UTF-8 bytes, not characters: "éé" is 4 bytes.
    assert_eq!(
        Text {
            name: "a".into(),
            tail: "é".into()
        }
        .encode()
        .map(|k| k.len()),
        Ok(4)
    );
    let err = Text {
        name: "éé".into(),
        tail: String::new(),
    }
    .encode()
    .unwrap_err();
    assert_eq!(err.field(), Some("name"));
    assert_eq!(
        err.to_string(),
        "field `name` is 4 bytes long, over its `#[max(3)]` cap"
    );
    // The last field too, and into an existing buffer.
    let mut out = vec![9];
    assert_eq!(
        Bigtable {
            name: vec![],
            tail: "abc".into()
        }
        .encode_into(&mut out),
        Err(EncodeError::LongerThanMax {
            field: "tail",
            len: 3,
            max: 2
        })
    );
}

/// The same layouts without the caps: they write the keys a capped layout never writes.
mod uncapped {
    use rowkey::RowKey;

    #[derive(RowKey)]
    pub struct Binary {
        pub name: String,
        pub tail: Vec<u8>,
    }

    #[derive(RowKey)]
    #[rowkey(encoding = "phoenix")]
    pub struct PhoenixDesc {
        #[desc]
        pub name: Option<String>,
        #[desc]
        pub tail: String,
    }

    #[derive(RowKey)]
    #[rowkey(encoding = "hbase_ordered")]
    pub struct OrderedBlob {
        #[desc]
        pub name: Vec<u8>,
        #[blob]
        #[desc]
        pub tail: Vec<u8>,
    }

    #[derive(RowKey)]
    #[rowkey(delimiter = "|")]
    pub struct Text {
        pub name: String,
        pub tail: String,
    }
}

#[test]
fn a_key_holding_a_longer_value_does_not_decode() {
    // Binary: `abcd` escaped and terminated (6 bytes) then the tail at byte 6.
    let key = uncapped::Binary {
        name: "abcd".into(),
        tail: vec![0, 0, 0, 0],
    }
    .encode()
    .unwrap();
    assert_eq!(
        Binary::decode(&key),
        Err(DecodeError::LongerThanMax {
            field: "name",
            offset: 0,
            len: 4,
            max: 3
        })
    );
    let key = uncapped::Binary {
        name: "ab".into(),
        tail: vec![0, 0, 0, 0],
    }
    .encode()
    .unwrap();
    let err = Binary::decode(&key).unwrap_err();
    assert_eq!(
        err,
        DecodeError::LongerThanMax {
            field: "tail",
            offset: 4,
            len: 4,
            max: 3
        }
    );
    assert_eq!(
        err.to_string(),
        "field `tail` at byte 4: the value is 4 bytes long, over the field's `#[max(3)]` cap, \
         which encode never writes"
    );
    // Phoenix DESC: a NULL first (one 00), then a 4-byte value at byte 1.
    let key = uncapped::PhoenixDesc {
        name: None,
        tail: "abcd".into(),
    }
    .encode()
    .unwrap();
    assert_eq!(
        PhoenixDesc::decode(&key),
        Err(DecodeError::LongerThanMax {
            field: "tail",
            offset: 1,
            len: 4,
            max: 3
        })
    );
    // OrderedBlobVar of 9 bytes: header and 11 groups, so the blob starts at byte 12.
    let key = uncapped::OrderedBlob {
        name: vec![0xFF; 9],
        tail: vec![1],
    }
    .encode()
    .unwrap();
    assert_eq!(
        OrderedBlob::decode(&key),
        Err(DecodeError::LongerThanMax {
            field: "name",
            offset: 0,
            len: 9,
            max: 8
        })
    );
    let key = uncapped::OrderedBlob {
        name: vec![],
        tail: vec![1, 2, 3, 4],
    }
    .encode()
    .unwrap();
    assert_eq!(
        OrderedBlob::decode(&key).map_err(|e| (e.field(), e.offset())),
        Err((Some("tail"), 2))
    );
    let key = uncapped::Text {
        name: "a".into(),
        tail: "abc".into(),
    }
    .encode()
    .unwrap();
    assert_eq!(key, b"a|abc");
    assert_eq!(
        Text::decode(&key),
        Err(DecodeError::LongerThanMax {
            field: "tail",
            offset: 2,
            len: 3,
            max: 2
        })
    );
}

/// `max_len` checks keys with capped fields: this layout is at most 1 + (2 * 16 + 2) + 8 = 43
/// bytes, within its budget of 43; a smaller budget is a compile error naming each field's
/// share (`rowkey-ui/tests/ui/max_len/capped-over.rs`).
#[derive(RowKey, Debug, PartialEq)]
#[rowkey(max_len = 43)]
#[salt(md5, of = "user", len = 1)]
struct Budgeted {
    #[max(16)]
    user: String,
    at: u64,
}

/// A capped last field is written bare in rowkey's binary layout: the budget counts 64, not
/// the escaped 130.
#[derive(RowKey, Debug, PartialEq)]
#[rowkey(max_len = 72)]
struct BareLast {
    at: u64,
    #[max(64)]
    path: String,
}

#[test]
fn max_len_budgets_count_capped_fields() {
    assert_eq!(Budgeted::MAX_LEN, Some(43));
    let widest = Budgeted {
        user: "\0".repeat(16),
        at: u64::MAX,
    };
    assert_eq!(widest.encode().map(|k| k.len()), Ok(43));
    assert_eq!(BareLast::MAX_LEN, Some(72));
    let widest = BareLast {
        at: 0,
        path: "\0".repeat(64),
    };
    assert_eq!(widest.encode().map(|k| k.len()), Ok(72));
    assert_eq!(BareLast::decode(&widest.encode().unwrap()), Ok(widest));
}

#[test]
fn scans_take_capped_fields() {
    let plan = Binary::scan().name("abc").plan().unwrap();
    let inside = Binary {
        name: "abc".into(),
        tail: vec![0xFF; 3],
    }
    .encode()
    .unwrap();
    assert!(plan.ranges().iter().any(|r| r.contains(&inside)));
    // A bound over the cap is refused like a value, naming the field.
    let err = Binary::scan().name("abcd").plan().unwrap_err();
    assert_eq!(err.field(), Some("name"));
}
