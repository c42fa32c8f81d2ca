//! One test per bug the random-layout fuzzer found (issue 8), each the minimal reproduction,
//! asserting what the README promises.

use std::collections::BTreeMap;

use rowkey::{DecodeError, EncodeError, RowKey, ScanPlan, SplitError, MAX_ROW_LENGTH};

/// Runs `plan` against `keys` stored in a sorted map; returns the merged rows, decoded.
fn scan<K: RowKey>(keys: &[K], plan: &ScanPlan) -> Vec<K> {
    let store: BTreeMap<Vec<u8>, ()> = keys.iter().map(|k| (k.encode().unwrap(), ())).collect();
    let streams: Vec<Vec<Vec<u8>>> = plan
        .ranges()
        .iter()
        .map(|r| {
            store
                .range::<[u8], _>(r.to_bounds())
                .map(|(k, _)| k.clone())
                .collect()
        })
        .collect();
    plan.merge(streams.into_iter().map(Vec::into_iter))
        .map(|k| K::decode(&k).unwrap())
        .collect()
}

// Bug 1: padded fixed-width strings did not sort in string order.

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(delimiter = ":")]
struct Code {
    #[fixed(4, pad = '_')]
    code: String,
    #[decimal(2)]
    n: u8,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(delimiter = ":")]
struct Spaced {
    #[fixed(3)]
    code: String,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct BinaryPad {
    #[fixed(2, pad = ' ')]
    code: String,
}

#[test]
fn padded_strings_sort_in_string_order_or_are_refused() {
    // 'A' (0x41) is below '_' (0x5F): "AB" would sort before "A". Refused, naming the character.
    let err = Code {
        code: "AB".into(),
        n: 1,
    }
    .encode()
    .unwrap_err();
    assert_eq!(
        err,
        EncodeError::BelowPad {
            field: "code",
            index: 0,
            byte: b'A',
            pad: b'_'
        }
    );
    assert_eq!(
        err.to_string(),
        "field `code` holds 'A' (0x41) at byte 0, below the pad '_' (0x5F), so padded keys would \
         sort out of order; choose a pad below every character of the values (the default: 0x00 \
         in binary keys, ' ' in text keys)"
    );
    // Characters at or above the pad keep string order: "a" < "ab" < "b".
    let keys: Vec<Vec<u8>> = ["a", "ab", "b"]
        .iter()
        .map(|c| {
            Code {
                code: c.to_string(),
                n: 1,
            }
            .encode()
            .unwrap()
        })
        .collect();
    assert_eq!(keys[0], b"a___:01");
    assert!(keys[0] < keys[1] && keys[1] < keys[2]);

    // The default space pad: a tab (0x09) is refused, also as a range bound.
    let tab = Spaced { code: "a\t".into() };
    assert_eq!(
        tab.encode().unwrap_err(),
        EncodeError::BelowPad {
            field: "code",
            index: 1,
            byte: b'\t',
            pad: b' '
        }
    );
    assert!(Spaced::scan()
        .code_range("a".to_string()..="a\t".to_string())
        .plan()
        .is_err());
    let rows = vec![
        Spaced { code: "a".into() },
        Spaced { code: "a b".into() },
        Spaced { code: "a!".into() },
    ];
    let got = scan(
        &rows,
        &Spaced::scan()
            .code_range("a".to_string()..="a!".to_string())
            .plan()
            .unwrap(),
    );
    assert_eq!(
        got, rows,
        "\"a\" < \"a b\" < \"a!\" in string and in byte order"
    );
    assert_eq!(scan(&rows, &Spaced::full_scan()), rows);

    // Binary keys take a pad too, with the same rule; decode refuses what encode refuses.
    assert_eq!(
        BinaryPad {
            code: String::new()
        }
        .encode()
        .unwrap(),
        b"  "
    );
    assert_eq!(
        BinaryPad {
            code: "\u{1}".into()
        }
        .encode()
        .unwrap_err(),
        EncodeError::BelowPad {
            field: "code",
            index: 0,
            byte: 1,
            pad: b' '
        }
    );
    assert_eq!(
        BinaryPad::decode(&[0x01, 0x20]).unwrap_err(),
        DecodeError::BelowPad {
            field: "code",
            offset: 0,
            byte: 1,
            pad: b' '
        }
    );
}

// Bug 2: range scans on a `#[reverse_ts] Option<i64>` put `None` on the wrong side.

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Versions {
    id: u8,
    #[reverse_ts]
    ts: Option<i64>,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Descending {
    id: u8,
    #[desc]
    ts: Option<u32>,
}

#[test]
fn reverse_ts_option_ranges_keep_none_below_every_value() {
    let v = |ts| Versions { id: 1, ts };
    let rows = vec![v(None), v(Some(5)), v(Some(20))];
    let range = |r: (std::ops::Bound<Option<i64>>, std::ops::Bound<Option<i64>>)| {
        scan(&rows, &Versions::scan().id(1).ts_range(r).plan().unwrap())
            .into_iter()
            .map(|k| k.ts)
            .collect::<Vec<_>>()
    };
    use std::ops::Bound::*;
    // Values from 10 up: only Some(20). None is below every Some.
    assert_eq!(range((Included(Some(10)), Unbounded)), [Some(20)]);
    // Values below 10: None and Some(5), in key order (None first, then newest first).
    assert_eq!(range((Unbounded, Excluded(Some(10)))), [None, Some(5)]);
    assert_eq!(range((Included(None), Included(Some(10)))), [None, Some(5)]);
    assert_eq!(range((Excluded(None), Unbounded)), [Some(20), Some(5)]);
    assert_eq!(range((Included(None), Included(None))), [None]);
    assert_eq!(range((Unbounded, Unbounded)), [None, Some(20), Some(5)]);
    // An invalid bound is an error even where the range does not need it.
    assert!(Versions::scan()
        .id(1)
        .ts_range((Included(Some(-1)), Excluded(None)))
        .plan()
        .is_err());

    // `#[desc] Option<_>` reverses the whole field, None included: one descending range.
    let d = |ts| Descending { id: 1, ts };
    let rows = vec![d(Some(20)), d(Some(5)), d(None)];
    let got: Vec<_> = scan(
        &rows,
        &Descending::scan()
            .id(1)
            .ts_range(..Some(10))
            .plan()
            .unwrap(),
    )
    .into_iter()
    .map(|k| k.ts)
    .collect();
    assert_eq!(got, [Some(5), None]);
    let got: Vec<_> = scan(
        &rows,
        &Descending::scan()
            .id(1)
            .ts_range(Some(10)..)
            .plan()
            .unwrap(),
    )
    .into_iter()
    .map(|k| k.ts)
    .collect();
    assert_eq!(got, [Some(20)]);
}

// Bug 3: an exclusive upper bound that encodes to nothing became "end of table".

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Name {
    name: String,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[salt(random, buckets = 4)]
struct SaltedName {
    name: String,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Empty {
    nothing: [u8; 0],
    id: u8,
}

#[test]
fn exclusive_bound_at_the_empty_value_holds_nothing() {
    let rows = vec![Name { name: "a".into() }, Name { name: "b".into() }];
    let below_empty = Name::scan().name_range(..String::new()).plan().unwrap();
    assert!(below_empty.ranges().is_empty(), "{below_empty:?}");
    assert_eq!(scan(&rows, &below_empty), []);
    let backwards = Name::scan()
        .name_range("b".to_string()..String::new())
        .plan()
        .unwrap();
    assert_eq!(scan(&rows, &backwards), []);
    let salted = SaltedName::scan()
        .name_range(..String::new())
        .plan()
        .unwrap();
    assert!(salted.ranges().is_empty(), "{salted:?}");
    let rows = vec![Empty { nothing: [], id: 1 }];
    let plan = Empty::scan().nothing_range(..[]).plan().unwrap();
    assert_eq!(scan(&rows, &plan), []);
    assert_eq!(
        scan(&rows, &Empty::scan().nothing_range(..=[]).plan().unwrap()),
        rows
    );
}

// Bug 4: text decode accepted the delimiter inside a part (decode was not canonical).

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(delimiter = ":")]
struct HostPort {
    #[fixed(4)]
    host: String,
    port: u32,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(delimiter = ":")]
struct UserPath {
    user: String,
    path: String,
}

#[test]
fn text_decode_refuses_the_delimiter_inside_a_part() {
    let err = HostPort::decode(b"a:b :80").unwrap_err();
    assert_eq!(
        err,
        DecodeError::ContainsDelimiter {
            field: "host",
            offset: 1,
            delimiter: b':'
        }
    );
    assert_eq!(
        err.to_string(),
        "field `host` at byte 1: the part contains the delimiter ':' (0x3A), which encode never writes inside a part"
    );
    assert_eq!(
        UserPath::decode(b"ann:x:y").unwrap_err(),
        DecodeError::ContainsDelimiter {
            field: "path",
            offset: 5,
            delimiter: b':'
        }
    );
    // What encode writes still decodes.
    let k = UserPath {
        user: "ann".into(),
        path: "x/y".into(),
    };
    assert_eq!(UserPath::decode(&k.encode().unwrap()).unwrap(), k);
}

// Bug 5: explain panicked on a valid key with a long part.

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Blob {
    data: Vec<u8>,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(delimiter = ":")]
struct TextBlob {
    id: String,
}

#[test]
fn explain_shows_long_parts() {
    let key = Blob {
        data: vec![b'x'; 22_000],
    }
    .encode()
    .unwrap();
    let text = Blob::explain(&key);
    assert!(text.starts_with("data @0  78 78 78"), "{}", &text[..40]);
    assert_eq!(text.lines().count(), 1);
    let key = TextBlob {
        id: "\u{1}".repeat(16_500),
    }
    .encode()
    .unwrap();
    let text = TextBlob::explain(&key);
    assert!(text.starts_with(r"id @0  \x01\x01"));
    assert!(text.len() > 4 * 16_500);
}

// Bug 6: decode accepted keys over HBase's limit, which encode refuses.

#[test]
fn decode_refuses_keys_over_the_row_limit() {
    let err = Blob::decode(&[b'a'; 40_000]).unwrap_err();
    assert_eq!(
        err,
        DecodeError::KeyTooLong {
            len: 40_000,
            max: MAX_ROW_LENGTH
        }
    );
    assert_eq!(err.field(), None);
    assert_eq!(
        err.to_string(),
        "the key is 40000 bytes long, over HBase's row key limit of 32767 bytes"
    );
    assert!(Blob::explain(&[b'a'; 40_000]).contains("over HBase's row key limit"));
    // The longest key encode writes still decodes.
    let longest = Blob {
        data: vec![b'a'; MAX_ROW_LENGTH],
    };
    assert_eq!(Blob::decode(&longest.encode().unwrap()).unwrap(), longest);
}

// Bug 7: split points ignored a leading Option tag (and the type's maximum).

#[derive(RowKey, Debug, Clone, PartialEq)]
struct MaybeDate {
    #[decimal(6)]
    date: Option<u32>,
    id: u64,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct SmallDigits {
    #[decimal(3)]
    code: u8,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct WideDigits {
    #[decimal(20)]
    n: u64,
}

#[test]
fn split_points_follow_the_bytes_keys_start_with() {
    // Every key starts with the tag 00 or 01: digit split points would leave every write in
    // region 0. The layout says nothing of its key space: a sample is needed.
    assert!(matches!(
        MaybeDate::split_points(4),
        Err(SplitError::NeedsSample(_))
    ));
    // A u8 in three digits reaches "255" at most: DecimalStringSplit over 000..255 (256 rows,
    // 64 per region), not 000..999.
    assert_eq!(
        SmallDigits::split_points(4).unwrap(),
        [b"064".to_vec(), b"128".to_vec(), b"192".to_vec()]
    );
    let top = SmallDigits { code: u8::MAX }.encode().unwrap();
    assert!(SmallDigits::split_points(4)
        .unwrap()
        .iter()
        .all(|p| p[..] < top[..]));
    // A u64 in 20 digits reaches 18446744073709551615.
    let points = WideDigits::split_points(2).unwrap();
    assert_eq!(points, [b"09223372036854775808".to_vec()]);
}

// The README's merge exception: a full scan of an md5-prefix key is one range, in hash order.

#[derive(RowKey, Debug, Clone, PartialEq)]
#[salt(md5, len = 2, of = "id")]
struct Hashed {
    id: u32,
}

#[test]
fn full_scan_of_an_md5_prefix_comes_in_hash_order() {
    let rows: Vec<Hashed> = (0..50).map(|id| Hashed { id }).collect();
    let plan = Hashed::full_scan();
    assert_eq!(plan.ranges().len(), 1);
    let got = scan(&rows, &plan);
    assert_eq!(got.len(), 50);
    let bytes: Vec<Vec<u8>> = got.iter().map(|k| k.encode().unwrap()).collect();
    assert!(
        bytes.windows(2).all(|w| w[0] < w[1]),
        "hash order: sorted by the whole key"
    );
    assert!(got.windows(2).any(|w| w[0].id > w[1].id), "not id order");
}

// Found while adding other systems' encodings (issue 12), by the properties and the fuzzer: keys
// that decoded although encode never writes them.

/// A Phoenix DESC VARBINARY of an optimizable table: an empty value before the trailing FF is
/// not a key (NULL is not written at all).
#[test]
fn phoenix_desc_varbinary_empty_before_its_ff_is_refused() {
    #[derive(RowKey, Debug, PartialEq)]
    #[rowkey(encoding = "phoenix")]
    struct Key {
        #[desc]
        v: Option<Vec<u8>>,
    }
    assert!(Key::decode(&[0xFF]).is_err());
    assert_eq!(Key { v: None }.encode().unwrap(), b"");
    assert_eq!(Key::decode(b"").unwrap(), Key { v: None });
}

/// A DESC VARCHAR of a table without the optimizable flag: a stored FF is a NUL inside the
/// value, which encode refuses.
#[test]
fn phoenix_desc_varchar_with_a_nul_inside_is_refused() {
    #[derive(RowKey, Debug, PartialEq)]
    #[rowkey(encoding = "phoenix", row_key_order_optimizable = false)]
    struct Key {
        #[desc]
        v: String,
        tail: Option<String>,
    }
    assert!(matches!(
        Key::decode(&[0x9E, 0xFF]),
        Err(DecodeError::ContainsDelimiter {
            field: "v",
            offset: 1,
            ..
        })
    ));
    assert!(matches!(
        Key {
            v: "a\0".into(),
            tail: None
        }
        .encode(),
        Err(EncodeError::ContainsDelimiter { field: "v", .. })
    ));
}

/// Bigtable: after an empty field (00 00) only a separator or the end of the key may follow,
/// and an empty field is never written as nothing before its separator.
#[test]
fn bigtable_empty_fields_are_canonical() {
    #[derive(RowKey, Debug, PartialEq)]
    #[rowkey(encoding = "bigtable")]
    struct Key {
        a: String,
        b: String,
    }
    #[derive(RowKey, Debug, PartialEq)]
    #[rowkey(encoding = "bigtable")]
    struct DescKey {
        #[desc]
        a: Vec<u8>,
        b: String,
    }
    assert!(Key::decode(b"\x00\x00c").is_err());
    assert!(DescKey::decode(b"\xFF\xFF\xFF\xFE\x00\x01\xFF").is_err());
    assert_eq!(
        DescKey {
            a: vec![],
            b: "\u{1}".into()
        }
        .encode()
        .unwrap(),
        b"\xFF\xFF\xFF\xFE\x01"
    );
}

/// HBase Struct, a DESC nullable member fixed to NULL in a scan, where later members may be
/// dropped: the key of NULL alone (empty) and the keys that store it (FA ...) are not
/// neighbours, since every DESC value (CB ...) sorts between them; the plan was one range from
/// the first to the last and returned every row. Found by the fuzzer.
#[test]
fn hbase_desc_null_prefix_is_two_ranges() {
    #[derive(RowKey, Debug, Clone, PartialEq)]
    #[rowkey(encoding = "hbase_ordered")]
    struct Key {
        #[desc]
        a: Option<String>,
        #[desc]
        b: Option<String>,
    }
    let rows = [
        Key { a: None, b: None },
        Key {
            a: None,
            b: Some("x".into()),
        },
        Key {
            a: Some("a".into()),
            b: None,
        },
        Key {
            a: Some("b".into()),
            b: Some("y".into()),
        },
    ];
    let plan = Key::scan().a(None).plan().unwrap();
    let got = scan(&rows, &plan);
    assert_eq!(got, rows[..2].to_vec());
}

/// An HBase NULL ends the key when the member after it is a `RawString` of `""`, which writes
/// no byte: `Struct.encode` wrote `05` (the NULL is not trailing, a value follows it), and
/// decode refused it as a dropped trailing NULL. Found by the fuzzer.
#[test]
fn hbase_null_before_an_empty_raw_string_decodes() {
    #[derive(RowKey, Debug, Clone, PartialEq)]
    #[rowkey(encoding = "hbase_ordered")]
    struct Key {
        a: Option<String>,
        #[java]
        b: String,
    }
    let key = Key {
        a: None,
        b: String::new(),
    };
    // OrderedBytes.encodeNull (05), then RawString's zero bytes.
    assert_eq!(key.encode().unwrap(), [0x05]);
    assert_eq!(Key::decode(&[0x05]).unwrap(), key);
    // Nothing at all is no key: `b` is never dropped, and `a` is written before it.
    assert!(Key::decode(&[]).is_err());
}
