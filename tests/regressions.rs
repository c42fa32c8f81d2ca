//! One test per bug the random-layout fuzzer found, each the minimal reproduction,
//! asserting what the README promises.

use std::collections::BTreeMap;
use std::ops::Bound;

use rowkey::{DecodeError, EncodeError, RowKey, ScanPlan, MAX_ROW_LENGTH};

/// Runs `plan` against `keys` stored in a sorted map; returns the merged rows, decoded.
fn scan<K: RowKey>(keys: &[K], plan: &ScanPlan) -> Vec<K> {
    let store: BTreeMap<Vec<u8>, ()> = keys.iter().map(|k| (k.encode().unwrap(), ())).collect();
    rowkey_testkit::scan::read_plan(&store, plan)
        .iter()
        .map(|k| K::decode(k).unwrap())
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
        .code("a".to_string()..="a\t".to_string())
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
            .code("a".to_string()..="a!".to_string())
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
        scan(&rows, &Versions::scan().id(1).ts(r).plan().unwrap())
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
        .ts((Included(Some(-1)), Excluded(None)))
        .plan()
        .is_err());

    // `#[desc] Option<_>` reverses the whole field, None included: one descending range.
    let d = |ts| Descending { id: 1, ts };
    let rows = vec![d(Some(20)), d(Some(5)), d(None)];
    let got: Vec<_> = scan(
        &rows,
        &Descending::scan().id(1).ts(..Some(10)).plan().unwrap(),
    )
    .into_iter()
    .map(|k| k.ts)
    .collect();
    assert_eq!(got, [Some(5), None]);
    let got: Vec<_> = scan(
        &rows,
        &Descending::scan().id(1).ts(Some(10)..).plan().unwrap(),
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
    let below_empty = Name::scan().name(..String::new()).plan().unwrap();
    assert!(below_empty.ranges().is_empty(), "{below_empty:?}");
    assert_eq!(scan(&rows, &below_empty), []);
    // A range that runs backwards is refused, not an empty plan.
    let backwards = Name::scan().name("b".to_string()..String::new()).plan();
    assert!(
        matches!(
            backwards,
            Err(EncodeError::ReversedRange { field: "name", .. })
        ),
        "{backwards:?}"
    );
    let salted = SaltedName::scan().name(..String::new()).plan().unwrap();
    assert!(salted.ranges().is_empty(), "{salted:?}");
    let rows = vec![Empty { nothing: [], id: 1 }];
    let plan = Empty::scan().nothing(..[]).plan().unwrap();
    assert_eq!(scan(&rows, &plan), []);
    assert_eq!(
        scan(&rows, &Empty::scan().nothing(..=[]).plan().unwrap()),
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

#[cfg(feature = "splits")]
#[test]
fn split_points_follow_the_bytes_keys_start_with() {
    // Every key starts with the tag 00 or 01: digit split points would leave every write in
    // region 0. The layout says nothing of its key space: a sample is needed.
    assert!(matches!(
        MaybeDate::split_points(4),
        Err(rowkey::splits::SplitError::NeedsSample(_))
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

// Found while adding other systems' encodings, by the properties and the fuzzer: keys
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
    // NULL alone would be the empty row key, which encode refuses, and so decode.
    assert_eq!(
        Key { v: None }.encode().unwrap_err(),
        EncodeError::EmptyKey {
            encoding: "Phoenix"
        }
    );
    assert!(Key::decode(b"").is_err());
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
    // (`a` and `b` both NULL would be the empty row key, which encode refuses.)
    let rows = [
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
    assert_eq!(got, rows[..1].to_vec());
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

// A fixed NULL followed by a range. Where trailing NULL (or empty) fields
// are dropped, the key of the fixed fields alone is shorter than their full form; a range
// on the next field that starts at a NULL started at that short key, and so also held every
// key that sorts between the two: with a DESC NULL (FA), every DESC value (CB ...).

/// Every bound a range over `values` can take: none, and each value included or excluded.
fn bounds<V: Clone>(values: &[V]) -> Vec<core::ops::Bound<V>> {
    use core::ops::Bound;
    let mut out = vec![Bound::Unbounded];
    for v in values {
        out.push(Bound::Included(v.clone()));
        out.push(Bound::Excluded(v.clone()));
    }
    out
}

fn in_bounds<V: Ord>(v: &V, r: &(core::ops::Bound<V>, core::ops::Bound<V>)) -> bool {
    core::ops::RangeBounds::contains(r, v)
}

/// A range std's `BTreeMap::range` panics on: its start after its end, or both ends excluded
/// at one value. Plans refuse it.
fn backwards<V: Ord>(r: &(core::ops::Bound<V>, core::ops::Bound<V>)) -> bool {
    use core::ops::Bound::{Excluded, Included};
    match r {
        (Included(a) | Excluded(a), Included(b) | Excluded(b)) => {
            a > b || (a == b && matches!(r, (Excluded(_), Excluded(_))))
        }
        _ => false,
    }
}

/// The rows of `plan` over `keys` must be the keys `want` holds, in byte order; an exact plan
/// reads nothing else.
fn check_rows<K: RowKey + std::fmt::Debug + Clone + PartialEq>(
    keys: &[K],
    plan: &ScanPlan,
    want: impl Fn(&K) -> bool,
    what: &dyn Fn() -> String,
) {
    let mut expected: Vec<(Vec<u8>, K)> = keys
        .iter()
        .filter(|k| want(k))
        .map(|k| (k.encode().unwrap(), k.clone()))
        .collect();
    expected.sort_by(|a, b| a.0.cmp(&b.0));
    let expected: Vec<K> = expected.into_iter().map(|(_, k)| k).collect();
    assert_eq!(scan(keys, plan), expected, "{}: {plan}", what());
    if plan.is_exact() {
        for k in keys {
            let bytes = k.encode().unwrap();
            assert_eq!(
                plan.contains(&bytes),
                want(k),
                "{} reads {k:?}: {plan}",
                what()
            );
        }
    }
}

/// Every key of three fields over the values `a`, `b`, `c` that encodes (every field NULL is
/// the empty row key, which encode refuses).
fn product<K: RowKey, A: Clone, B: Clone, C: Clone>(
    a: &[A],
    b: &[B],
    c: &[C],
    make: impl Fn(A, B, C) -> K,
) -> Vec<K> {
    let mut keys = Vec::new();
    for x in a {
        for y in b {
            for z in c {
                keys.push(make(x.clone(), y.clone(), z.clone()));
            }
        }
    }
    keys.retain(|k| k.encode().is_ok());
    keys
}

/// For every fixed first and second field and every range on the third, the plan `plan`
/// returns exactly the keys whose `fields` match.
fn every_range_after_two_fixed<K, A, B, C>(
    keys: &[K],
    (a, b, c): (&[A], &[B], &[C]),
    fields: impl Fn(&K) -> (&A, &B, &C),
    plan: impl Fn(A, B, (core::ops::Bound<C>, core::ops::Bound<C>)) -> Result<ScanPlan, EncodeError>,
) where
    K: RowKey + std::fmt::Debug + Clone + PartialEq,
    A: Clone + PartialEq + std::fmt::Debug,
    B: Clone + PartialEq + std::fmt::Debug,
    C: Clone + Ord + std::fmt::Debug,
{
    for x in a {
        for y in b {
            for lo in bounds(c) {
                for hi in bounds(c) {
                    let r = (lo.clone(), hi.clone());
                    let plan = plan(x.clone(), y.clone(), r.clone());
                    if backwards(&r) {
                        assert!(
                            matches!(plan, Err(EncodeError::ReversedRange { .. })),
                            "{x:?}, {y:?}, then {r:?}: {plan:?}"
                        );
                        continue;
                    }
                    let plan = plan.unwrap();
                    check_rows(
                        keys,
                        &plan,
                        |k| {
                            let (ka, kb, kc) = fields(k);
                            ka == x && kb == y && in_bounds(kc, &r)
                        },
                        &|| format!("{x:?}, {y:?}, then {r:?}"),
                    );
                }
            }
        }
    }
}

#[test]
fn hbase_desc_null_then_a_range_holds_only_null_rows() {
    #[derive(RowKey, Debug, Clone, PartialEq)]
    #[rowkey(encoding = "hbase_ordered")]
    struct K {
        a: Option<Vec<u8>>,
        #[desc]
        b: Option<String>,
        c: Option<String>,
    }
    let k = |a: &[u8], b: Option<&str>, c: Option<&str>| K {
        a: Some(a.to_vec()),
        b: b.map(String::from),
        c: c.map(String::from),
    };
    // The reproduction: b = Some("z") and Some("") rows came back for b = None.
    let rows = [
        k(b"a", None, None),
        k(b"a", None, Some("c")),
        k(b"a", Some("z"), None),
        k(b"a", Some(""), Some("c")),
    ];
    let plan = K::scan()
        .a(Some(vec![97]))
        .b(None)
        .c((Bound::Unbounded, Bound::Unbounded))
        .plan()
        .unwrap();
    assert_eq!(scan(&rows, &plan), rows[..2].to_vec(), "{plan}");
    assert!(!plan.contains(&rows[2].encode().unwrap()));
    assert!(!plan.contains(&rows[3].encode().unwrap()));
    // Exhaustively over small values: every fixed a and b, every range on c.
    let a = [None, Some(vec![]), Some(vec![0]), Some(vec![97])];
    let s = [
        None,
        Some(String::new()),
        Some("a".into()),
        Some("z".into()),
    ];
    let keys = product(&a, &s, &s, |a, b, c| K { a, b, c });
    every_range_after_two_fixed(
        &keys,
        (&a, &s, &s),
        |k| (&k.a, &k.b, &k.c),
        |a, b, r| K::scan().a(a).b(b).c(r).plan(),
    );
}

#[test]
fn bigtable_empty_field_then_a_range_holds_only_empty_rows() {
    #[derive(RowKey, Debug, Clone, PartialEq)]
    #[rowkey(encoding = "bigtable")]
    struct K {
        a: String,
        b: Vec<u8>,
        c: String,
    }
    let s = [String::new(), "\0".into(), "a".into(), "x".into()];
    let b = [vec![], vec![0], vec![0, 0xFF], vec![1]];
    let keys = product(&s, &b, &s, |a, b, c| K { a, b, c });
    every_range_after_two_fixed(
        &keys,
        (&s, &b, &s),
        |k| (&k.a, &k.b, &k.c),
        |a, b, r| K::scan().a(a).b(b).c(r).plan(),
    );
}

#[test]
fn phoenix_null_then_a_range_holds_only_null_rows() {
    #[derive(RowKey, Debug, Clone, PartialEq)]
    #[rowkey(encoding = "phoenix")]
    struct K {
        a: String,
        b: Option<String>,
        c: Option<String>,
    }
    #[derive(RowKey, Debug, Clone, PartialEq)]
    #[rowkey(encoding = "phoenix")]
    struct D {
        a: String,
        #[desc]
        b: Option<String>,
        #[desc]
        c: String,
    }
    let a = ["a".to_string(), "b".to_string()];
    let s = [None, Some("a".into()), Some("ab".into()), Some("b".into())];
    let keys = product(&a, &s, &s, |a, b, c| K { a, b, c });
    every_range_after_two_fixed(
        &keys,
        (&a, &s, &s),
        |k| (&k.a, &k.b, &k.c),
        |a, b, r| K::scan().a(a).b(b).c(r).plan(),
    );
    let strings: Vec<String> = s.iter().flatten().cloned().collect();
    let desc = product(&a, &s, &strings, |a, b, c| D { a, b, c });
    every_range_after_two_fixed(
        &desc,
        (&a, &s, &strings),
        |k| (&k.a, &k.b, &k.c),
        |a, b, r| D::scan().a(a).b(b).c(r).plan(),
    );
}

// A Java-hash salt of 2^31 - 1 buckets. Planning walked every bucket to
// find the distinct salts (139 s for one prefix scan in a release build), and with `width = 8`
// a scan that does not fix the hashed fields built about 2^31 ranges. Planning now costs the
// distinct salts (at most 256 for `width = 1`); more ranges than the stated limit is an error
// naming the salt.

#[derive(RowKey, Debug, Clone, PartialEq)]
#[salt(java_hash, buckets = 2147483647, of = "id")]
struct WideSalt {
    day: u32,
    id: u64,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[salt(java_hash, buckets = 2147483647, width = 8, of = "id")]
struct WiderSalt {
    day: u32,
    id: u64,
}

#[test]
fn a_salt_of_two_billion_buckets_plans_its_distinct_salts() {
    // Width 1: 256 distinct salts, one range each, in bucket (= byte) order.
    let plan = WideSalt::scan().day(1).plan().unwrap();
    assert_eq!(plan.ranges().len(), 256);
    for (b, r) in plan.ranges().iter().enumerate() {
        assert_eq!(r.start, [&[b as u8][..], &1u32.to_be_bytes()].concat());
    }
    let full = WideSalt::full_scan();
    assert_eq!(full.ranges().len(), 256);
    #[cfg(feature = "splits")]
    assert_eq!(
        WideSalt::split_points(4).unwrap(),
        [vec![0x40], vec![0x80], vec![0xC0]]
    );
    // The rows come back: the plan holds every key of the day, whatever its salt.
    let keys: Vec<WideSalt> = (0..300u64).map(|id| WideSalt { day: 1, id }).collect();
    assert_eq!(scan(&keys, &plan), keys);
    // A Get fixes the hashed field: one row, its salt the Java hash of the id.
    let get = WideSalt::scan().day(1).id(7).plan().unwrap();
    assert_eq!(
        get.rows(),
        [&WideSalt { day: 1, id: 7 }.encode().unwrap()[..]]
    );

    // Width 8: every bucket is a salt of its own.
    let err = WiderSalt::scan().day(1).plan().unwrap_err();
    assert_eq!(
        err,
        EncodeError::TooManyRanges {
            salt: rowkey::salt::Salt::JavaHash {
                buckets: 2_147_483_647,
                width: 8
            },
            ranges: 2_147_483_647,
            max: rowkey::scan::MAX_PLAN_RANGES,
        }
    );
    assert_eq!(err.field(), Some("salt"));
    assert_eq!(
        err.to_string(),
        "the salt (java_hash, buckets = 2147483647, width = 8) has 2147483647 distinct values and \
         the scan does not fix the fields it hashes, so the plan would need 2147483647 ranges, \
         over the limit of 65536; fix those fields, or give the salt fewer buckets or a narrower \
         width"
    );
    // A full scan is every row: one range over the table, in salt order.
    let full = WiderSalt::full_scan();
    assert_eq!(full.ranges(), [rowkey::ScanRange::all()]);
    // Gets still plan, and the split points are the buckets at the quantiles.
    assert!(WiderSalt::scan().day(1).id(7).plan().unwrap().is_point());
    #[cfg(feature = "splits")]
    {
        let quarter = |q: u32| (q * (2_147_483_647 / 4) + q * 3 / 4).to_be_bytes();
        let splits = WiderSalt::split_points(4).unwrap();
        assert_eq!(splits.len(), 3);
        for (q, s) in (1..4).zip(&splits) {
            // The bucket at quantile q of 2^31 - 1, written twice (Java's shift modulo 32).
            assert_eq!(s[..4], s[4..]);
            assert_eq!(s[4..], quarter(q));
        }
    }
}

/// `nth_salt` against a brute force listing of every salt, for each width and bucket counts
/// around the width's range.
#[test]
fn nth_salt_is_the_sorted_list_of_distinct_salts() {
    for width in 1..=8u8 {
        for buckets in [1u32, 2, 255, 256, 257, 1000, 65_537, 70_000] {
            let salt = rowkey::salt::Salt::JavaHash { buckets, width };
            let mut all: Vec<Vec<u8>> = (0..buckets).map(|b| salt.bucket_salt(b)).collect();
            all.sort();
            all.dedup();
            assert_eq!(salt.distinct_salts(), all.len() as u64, "{salt}");
            for (n, want) in all.iter().enumerate().step_by(97) {
                assert_eq!(
                    salt.nth_salt(n as u64).as_ref(),
                    Some(want),
                    "{salt}, n = {n}"
                );
            }
            assert_eq!(salt.nth_salt(all.len() as u64), None);
            let mut listed = salt.bucket_salts();
            listed.sort();
            assert_eq!(listed, all, "{salt}");
        }
    }
}

// A Phoenix or HBase Struct key whose fields are all NULL encoded to the
// empty row key, which HBase (`Put` checks the row's length) and Bigtable refuse to store.
// Phoenix's own `PTableImpl.newKey` throws "Primary key may not be null" for it; with a salt
// it writes the salt byte alone (its hash of nothing, 1, modulo the buckets), which is a key.

#[test]
fn an_all_null_key_is_refused_where_it_would_be_empty() {
    #[derive(RowKey, Debug, Clone, PartialEq)]
    #[rowkey(encoding = "phoenix")]
    struct Phoenix {
        a: Option<String>,
        b: Option<Vec<u8>>,
    }
    #[derive(RowKey, Debug, Clone, PartialEq)]
    #[rowkey(encoding = "phoenix")]
    #[salt(phoenix, buckets = 4)]
    struct Salted {
        a: Option<String>,
    }
    #[derive(RowKey, Debug, Clone, PartialEq)]
    #[rowkey(encoding = "hbase_ordered")]
    struct Hbase {
        #[desc]
        a: Option<String>,
        b: Option<Vec<u8>>,
    }
    let empty = Phoenix { a: None, b: None };
    let err = empty.encode().unwrap_err();
    assert_eq!(
        err,
        EncodeError::EmptyKey {
            encoding: "Phoenix"
        }
    );
    assert_eq!(err.field(), None);
    assert_eq!(
        err.to_string(),
        "every field of the key is NULL, so Phoenix would write the empty row key, which HBase \
         and Bigtable refuse to store; give at least one field a value"
    );
    assert_eq!(empty.encode_into(&mut vec![]).unwrap_err(), err);
    assert_eq!(
        Hbase { a: None, b: None }.encode().unwrap_err(),
        EncodeError::EmptyKey {
            encoding: "HBase's Struct"
        }
    );
    // Decode is canonical: the empty key is no key.
    for e in [
        Phoenix::decode(&[]).unwrap_err(),
        Hbase::decode(&[]).unwrap_err(),
    ] {
        assert!(
            matches!(
                e,
                DecodeError::Invalid {
                    field: "a",
                    offset: 0,
                    ..
                }
            ),
            "{e:?}"
        );
    }
    assert!(
        Phoenix::explain(&[]).contains("not NULL"),
        "{}",
        Phoenix::explain(&[])
    );
    // A Get of it is the same error; scans skip it.
    assert_eq!(Phoenix::scan().a(None).b(None).plan().unwrap_err(), err);
    let keys = [
        Phoenix {
            a: None,
            b: Some(vec![1]),
        },
        Phoenix {
            a: Some("x".into()),
            b: None,
        },
    ];
    let plan = Phoenix::scan().a(None).plan().unwrap();
    assert_eq!(scan(&keys, &plan), keys[..1].to_vec());
    assert!(!plan.contains(&[]));
    let plan = Hbase::scan().a(None).plan().unwrap();
    assert!(!plan.contains(&[]), "{plan}");
    // Values make keys, which read back as the values.
    let x = Phoenix {
        a: Some("x".into()),
        b: None,
    };
    assert_eq!(x.encode().unwrap(), b"x");
    assert_eq!(Phoenix::decode(b"x").unwrap(), x);
    let empty_bytes = Hbase {
        a: None,
        b: Some(vec![]),
    };
    let key = empty_bytes.encode().unwrap();
    assert!(!key.is_empty());
    assert_eq!(Hbase::decode(&key).unwrap(), empty_bytes);
    // Salted, the key is Phoenix's salt byte: Arrays.hashCode of no bytes is 1; 1 % 4 = 1.
    let salted = Salted { a: None };
    assert_eq!(salted.encode().unwrap(), [1]);
    assert_eq!(Salted::decode(&[1]).unwrap(), salted);
    assert!(Salted::scan().a(None).plan().unwrap().is_point());
}

// `max_len` on another system's encoding was checked with rowkey's own
// widths: an HBase Struct key of one i64 (9 bytes) compiled under `max_len = 8`, a Bigtable one
// (16 bytes) under `max_len = 15` (rowkey-ui/tests/ui/max_len/*-widths.rs). The budget is now checked
// with each encoding's widths; `MAX_LEN` is the longest key (Bigtable's last ASC field writes no
// separator).

#[test]
fn max_len_uses_each_encodings_widths() {
    #[derive(RowKey)]
    #[rowkey(encoding = "hbase_ordered", max_len = 9)]
    struct Hbase {
        id: i64,
    }
    #[derive(RowKey)]
    #[rowkey(encoding = "bigtable", max_len = 16)]
    struct Bigtable {
        id: i64,
    }
    #[derive(RowKey)]
    #[rowkey(encoding = "bigtable", max_len = 18)]
    struct BigtableDesc {
        #[desc]
        id: i64,
    }
    #[derive(RowKey)]
    #[rowkey(encoding = "bigtable", max_len = 34)]
    struct BigtablePair {
        a: i64,
        b: i64,
    }
    #[derive(RowKey)]
    #[rowkey(encoding = "phoenix", max_len = 12)]
    struct Phoenix {
        a: i64,
        b: i32,
    }
    assert_eq!(Hbase::MAX_LEN, Some(9));
    assert_eq!(Hbase { id: 0 }.encode().unwrap().len(), 9);
    // The longest Bigtable keys: every byte of the value 00, so every byte escaped.
    assert_eq!(Bigtable::MAX_LEN, Some(16));
    assert_eq!(Bigtable { id: 0 }.encode().unwrap().len(), 16);
    assert_eq!(BigtableDesc::MAX_LEN, Some(18));
    assert_eq!(BigtableDesc { id: 0 }.encode().unwrap().len(), 18);
    assert_eq!(BigtablePair::MAX_LEN, Some(34));
    assert_eq!(BigtablePair { a: 0, b: 0 }.encode().unwrap().len(), 34);
    assert_eq!(Phoenix::MAX_LEN, Some(12));
    assert_eq!(Phoenix { a: 0, b: 0 }.encode().unwrap().len(), 12);
}

// `explain` of the empty key of a Bigtable key showed no error, although
// `decode` refuses it (a key with no field left is `00 00`, never empty). The trait promises the
// parts that decoded, then the error.
#[test]
fn explain_of_an_empty_bigtable_key_shows_the_decode_error() {
    #[derive(RowKey, Debug, PartialEq)]
    #[rowkey(encoding = "bigtable")]
    struct K {
        a: Vec<u8>,
        b: String,
    }
    let err = K::decode(&[]).unwrap_err().to_string();
    let text = K::explain(&[]);
    assert!(
        text.contains(&err),
        "explain {text:?} lacks decode's error {err:?}"
    );
    // The all-empty key is `00 00`, and explains without an error.
    let empty = K {
        a: vec![],
        b: String::new(),
    }
    .encode()
    .unwrap();
    assert_eq!(empty, [0, 0]);
    assert_eq!(
        K::decode(&empty).unwrap(),
        K {
            a: vec![],
            b: String::new()
        }
    );
    assert!(
        !K::explain(&empty).contains("error"),
        "{}",
        K::explain(&empty)
    );
}

// An `i64` field's MAX_LEN was 20 bytes where its longest key is 16
// (8 bytes, every `00` escaped; 18 with a separator or DESC).
#[test]
fn bigtable_max_len_is_the_longest_key() {
    #[derive(RowKey)]
    #[rowkey(encoding = "bigtable", max_len = 16)]
    struct One {
        id: i64,
    }
    #[derive(RowKey)]
    #[rowkey(encoding = "bigtable")]
    struct Two {
        #[desc]
        a: i64,
        b: i64,
    }
    assert_eq!(One::MAX_LEN, Some(16));
    assert_eq!(One { id: 0 }.encode().unwrap().len(), 16);
    assert_eq!(Two::MAX_LEN, Some(18 + 16));
    assert_eq!(Two { a: 0, b: 0 }.encode().unwrap().len(), 18 + 16);
}

// A `max_len` the derive cannot check (a width it cannot see) was a constant
// assertion, reported only after every other error was fixed; it is now a trait bound,
// reported with them (rowkey-ui/tests/ui/max_len/reported-with-other-mistakes.rs). A key within its
// budget still compiles, at exactly the budget too.
#[test]
fn max_len_of_unseen_widths_compiles_within_budget() {
    const LEN: usize = 16;
    #[derive(RowKey)]
    #[rowkey(max_len = 17)]
    struct Digest {
        kind: u8,
        hash: [u8; LEN],
    }
    assert_eq!(Digest::MAX_LEN, Some(17));
    let key = Digest {
        kind: 1,
        hash: [0xAB; LEN],
    };
    assert_eq!(key.encode().unwrap().len(), 17);
}

// A field whose type is another `fdb_tuple` key was counted as an escaped
// byte string (2 x its MAX_LEN + 2). A nested tuple is `05`, the key's elements (its nulls
// `00 FF`), `00`: the nested key's own widths, element by element.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(encoding = "fdb_tuple")]
struct At {
    t: f64,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(encoding = "fdb_tuple", max_len = 11)]
struct AtKey {
    at: At,
}

/// Its longest element inside a nested tuple is each field's longest: `i64::MIN` (9 bytes), a
/// capped string of three `00`s (2 + 6), a null `00 FF` (2, longer than a bool's 1).
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(encoding = "fdb_tuple")]
struct Profile {
    id: i64,
    #[max(3)]
    name: Option<String>,
    verified: Option<bool>,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(encoding = "fdb_tuple", max_len = 23)]
struct ByProfile {
    profile: Profile,
    shard: u8,
}

#[test]
fn a_nested_key_is_counted_as_a_nested_tuple() {
    // fdb.tuple.pack(((1.5,),)): 1.5 is 3FF8000000000000, its sign bit set on a positive.
    let key = AtKey { at: At { t: 1.5 } };
    let bytes = key.encode().unwrap();
    assert_eq!(bytes, b"\x05\x21\xbf\xf8\x00\x00\x00\x00\x00\x00\x00");
    assert_eq!(AtKey::decode(&bytes).unwrap(), key);
    assert_eq!((AtKey::FIXED_LEN, AtKey::MAX_LEN), (Some(11), Some(11)));

    // The longest ByProfile, packed by the independent foundationdb-tuple crate too:
    // 05, 9 + 8 + 2 (the null inside a tuple), 00; then u8::MAX, 15 FF: 21 + 2 bytes.
    let longest = ByProfile {
        profile: Profile {
            id: i64::MIN,
            name: Some("\0\0\0".into()),
            verified: None,
        },
        shard: u8::MAX,
    };
    let bytes = longest.encode().unwrap();
    let theirs =
        foundationdb_tuple::pack(&((i64::MIN, Some("\0\0\0"), Option::<bool>::None), 255u16));
    assert_eq!(bytes, theirs);
    assert_eq!((bytes.len(), ByProfile::MAX_LEN), (23, Some(23)));
    assert_eq!(ByProfile::FIXED_LEN, None);
    assert_eq!(ByProfile::decode(&bytes).unwrap(), longest);
    // The nested key alone, at the top level: its null is one byte there.
    assert_eq!(Profile::MAX_LEN, Some(9 + 8 + 1));
}

// Nested tuples whose every value packs to the same bytes' count lost that
// fixed width: `(bool,)` is always `05 26|27 00`, `[u8; 0]` always `01 00`, `Option<()>` inside
// a tuple `00 FF` or `05 00`, and a nested key of fixed-width fields its own width plus two.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(encoding = "fdb_tuple")]
struct Flagged {
    flag: (bool,),
    at: f64,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(encoding = "fdb_tuple")]
struct Fixed {
    empty: [u8; 0],
    pair: (Option<()>, bool),
    at: At,
    id: u16,
}

#[test]
fn fixed_width_nested_tuples_keep_their_width() {
    assert_eq!(Flagged::FIXED_LEN, Some(12));
    for flag in [false, true] {
        let key = Flagged {
            flag: (flag,),
            at: -0.0,
        };
        let bytes = key.encode().unwrap();
        assert_eq!(bytes, foundationdb_tuple::pack(&((flag,), -0.0f64)));
        assert_eq!(bytes.len(), 12);
    }
    // `at` now has a fixed offset (after `05 26|27 00`), so a fuzzy row filter can pin it.
    let at = Flagged::layout()
        .fields
        .into_iter()
        .find(|f| f.name == "at")
        .unwrap();
    assert_eq!((at.offset, at.width), (Some(3), Some(9)));
    #[cfg(feature = "hbase-filters")]
    {
        let template = Flagged {
            flag: (true,),
            at: 2.5,
        };
        let filter = rowkey::hbase::FuzzyRowFilter::matching(&template, &["at"]).unwrap();
        assert_eq!(filter.mask, [1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        assert!(filter.matches(
            &Flagged {
                flag: (false,),
                at: 2.5
            }
            .encode()
            .unwrap()
        ));
        assert!(!filter.matches(
            &Flagged {
                flag: (true,),
                at: 2.0
            }
            .encode()
            .unwrap()
        ));
    }

    // Everything but the last field fixed: 2 + (2 + 2 + 1) + 11 = 18 bytes before `id`.
    assert_eq!(Fixed::FIXED_LEN, None);
    let layout = Fixed::layout();
    let widths: Vec<_> = layout.fields.iter().map(|f| (f.offset, f.width)).collect();
    assert_eq!(
        widths,
        [
            (Some(0), Some(2)),
            (Some(2), Some(5)),
            (Some(7), Some(11)),
            (Some(18), None)
        ]
    );
    for pair in [(None, false), (Some(()), true)] {
        let key = Fixed {
            empty: [],
            pair,
            at: At { t: 1.0 },
            id: 7,
        };
        let bytes = key.encode().unwrap();
        assert_eq!(bytes.len(), 18 + 2);
        assert_eq!(Fixed::decode(&bytes).unwrap(), key);
    }
}

// A negative Int64 with BigEndianBytes was written (`-1` as eight `FF`) and
// read back. Bigtable's type reference says of BigEndianBytes "Sorted mode: non-negative values
// are supported", and Google's Cassandra-to-Bigtable proxy refuses the value ("negative int big
// endian fails"): in a row key, which is sorted, it would sort after every other value. Encode
// refuses it naming the field; decode refuses such bytes; OrderedCodeBytes takes every value.
// With negatives gone the accepted values sort by value, so the field takes a range.
#[test]
fn bigtable_big_endian_integers_are_never_negative() {
    use std::time::{Duration, UNIX_EPOCH};

    #[derive(RowKey, Debug, PartialEq)]
    #[rowkey(encoding = "bigtable")]
    struct K {
        f0: i64,
    }
    #[derive(RowKey, Debug, PartialEq)]
    #[rowkey(encoding = "bigtable")]
    struct Wide {
        a: i32,
        at: std::time::SystemTime,
        #[ordered_code]
        any: i64,
    }
    let err = K { f0: -1 }.encode().unwrap_err();
    assert!(
        matches!(
            err,
            EncodeError::Unrepresentable {
                field: "f0",
                encoding: "Bigtable",
                ..
            }
        ),
        "{err:?}"
    );
    assert!(err.to_string().contains("non-negative"), "{err}");
    assert!(err.to_string().contains("#[ordered_code]"), "{err}");
    // The bytes a writer of two's complement would have stored: refused at the field's offset.
    assert!(matches!(
        K::decode(&[0xFF; 8]),
        Err(DecodeError::Invalid {
            field: "f0",
            offset: 0,
            ..
        })
    ));
    assert_eq!(
        K::decode(&[0x80, 0, 0xFF, 0, 0xFF, 0, 0xFF, 0, 0xFF, 0, 0xFF, 0, 0xFF, 0, 0xFF])
            .map(|k| k.f0)
            .ok(),
        None
    );
    assert_eq!(K { f0: 0 }.encode().unwrap(), [0, 0xFF].repeat(8));
    assert_eq!(
        K { f0: i64::MAX }.encode().unwrap(),
        [0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
    );
    // Int32 and Timestamp (Int64 microseconds) likewise; OrderedCodeBytes takes negatives.
    let before_1970 = UNIX_EPOCH - Duration::from_micros(1);
    let fields = |k: &Wide| k.encode().unwrap_err().field();
    let ok = Wide {
        a: 0,
        at: UNIX_EPOCH,
        any: i64::MIN,
    };
    assert_eq!(Wide::decode(&ok.encode().unwrap()).unwrap(), ok);
    assert_eq!(fields(&Wide { a: -1, ..ok }), Some("a"));
    let at = Wide {
        a: 0,
        at: before_1970,
        any: -1,
    };
    assert_eq!(fields(&at), Some("at"));
    // The range the field now takes: values in order, negative bounds refused.
    let keys: Vec<K> = [0, 1, 255, 256, 1 << 40, i64::MAX]
        .into_iter()
        .map(|f0| K { f0 })
        .collect();
    let plan = K::scan().f0(1..=256).plan().unwrap();
    let got: Vec<i64> = scan(&keys, &plan).into_iter().map(|k| k.f0).collect();
    assert_eq!(got, [1, 255, 256]);
    assert_eq!(K::scan().f0(-5..10).plan().unwrap_err().field(), Some("f0"));
}

// A scan chain that forgot `.plan()` (`K::scan().metric("cpu").ranges()`)
// read "no method named `ranges`". `ScanPlan`'s methods now exist on the builder, refused with
// a message that says to call `.plan()` first (rowkey-ui/tests/ui/scan/plan-forgotten.rs); a
// field of the same name keeps its own method.
#[test]
fn fields_named_as_plan_methods_keep_their_builder_methods() {
    #[derive(RowKey, Debug, PartialEq, Clone)]
    struct Odd {
        ranges: u8,
        row: u16,
        contains: String,
    }
    let keys = vec![
        Odd {
            ranges: 1,
            row: 2,
            contains: "a".into(),
        },
        Odd {
            ranges: 1,
            row: 3,
            contains: "b".into(),
        },
    ];
    let plan = Odd::scan().ranges(1).row(3..).plan().unwrap();
    assert_eq!(scan(&keys, &plan), keys[1..]);
    let get = Odd::scan().ranges(1).row(2).contains("a").plan().unwrap();
    assert_eq!(get.row(), Some(&keys[0].encode().unwrap()[..]));
}

// A range whose start is after its end was silently an empty plan. std's
// `BTreeMap::range` panics on it; `.plan()` returns `EncodeError::ReversedRange` naming the
// field and both bounds. An empty range (`5..5`) stays valid and reads nothing; so does a range
// whose bounds are one value, one side excluded. Across value orders: DESC fields, newest-first
// timestamps (bytes sort against values), `None` before every `Some`.
#[test]
#[allow(clippy::reversed_empty_ranges)] // the ranges under test
fn a_reversed_range_is_an_error_naming_field_and_bounds() {
    use std::ops::Bound::{Excluded, Included, Unbounded};

    #[derive(RowKey, Debug, PartialEq, Clone)]
    #[salt(md5, buckets = 4, of = "host")]
    struct M {
        metric: String,
        ts: u64,
        host: String,
    }
    #[derive(RowKey, Debug, PartialEq, Clone)]
    struct Newest {
        id: u8,
        #[reverse_ts]
        at: Option<i64>,
    }
    #[derive(RowKey, Debug, PartialEq, Clone)]
    struct Down {
        #[desc]
        name: String,
    }
    let err = M::scan().metric("cpu").ts(100..10).plan().unwrap_err();
    assert_eq!(
        err,
        EncodeError::ReversedRange {
            field: "ts",
            start: ">= 100".into(),
            end: "< 10".into()
        }
    );
    assert_eq!(
        err.to_string(),
        "the range on field `ts` is reversed (>= 100, < 10): a range may not start after its \
         end, nor exclude both ends at one value; swap its bounds (`a..a` is the empty range)"
    );
    let reversed = |r: Result<ScanPlan, EncodeError>| match r {
        Err(EncodeError::ReversedRange { field, start, end }) => Some((field, start, end)),
        Ok(_) => None,
        Err(e) => panic!("another error: {e}"),
    };
    assert_eq!(
        reversed(M::scan().metric("cpu").ts(100..=99).plan()),
        Some(("ts", ">= 100".into(), "<= 99".into()))
    );
    assert_eq!(
        reversed(
            M::scan()
                .metric("cpu")
                .ts((Excluded(5), Excluded(5)))
                .plan()
        ),
        Some(("ts", "> 5".into(), "< 5".into()))
    );
    // Empty but not reversed: valid, no rows.
    for plan in [
        M::scan().metric("cpu").ts(5..5).plan(),
        M::scan()
            .metric("cpu")
            .ts((Excluded(5), Included(5)))
            .plan(),
    ] {
        assert!(plan.unwrap().ranges().is_empty());
    }
    assert!(!M::scan()
        .metric("cpu")
        .ts(5..=5)
        .plan()
        .unwrap()
        .ranges()
        .is_empty());
    // Strings, in the order their bytes sort; DESC: bytes against values, still by value.
    assert_eq!(
        reversed(M::scan().metric("b".."a").plan()),
        Some(("metric", r#">= "b""#.into(), r#"< "a""#.into()))
    );
    assert!(reversed(Down::scan().name("a".."b").plan()).is_none());
    assert!(reversed(Down::scan().name("b".."a").plan()).is_some());
    // Newest first: None < Some, Some values by value (bytes the other way).
    let n = |lo, hi| reversed(Newest::scan().id(1).at((lo, hi)).plan());
    assert!(n(Included(None), Excluded(Some(5))).is_none());
    assert!(n(Included(Some(3)), Included(Some(5))).is_none());
    assert_eq!(
        n(Included(Some(5)), Excluded(Some(3))),
        Some(("at", ">= Some(5)".into(), "< Some(3)".into()))
    );
    assert!(n(Included(Some(5)), Included(None)).is_some());
    assert!(n(Excluded(None), Excluded(None)).is_some());
    assert!(n(Unbounded, Excluded(None)).is_none());
    // A bound the field refuses is reported as that, before any order.
    assert!(matches!(
        Newest::scan().id(1).at(Some(-1)..Some(-5)).plan(),
        Err(EncodeError::NegativeTimestamp { field: "at", .. })
    ));
    // What the plan reads when it is valid: brute force over keys of both orders.
    let keys: Vec<Newest> = [None, Some(1), Some(3), Some(5), Some(9)]
        .into_iter()
        .map(|at| Newest { id: 1, at })
        .collect();
    let plan = Newest::scan().id(1).at(None..Some(5)).plan().unwrap();
    let got: Vec<Option<i64>> = scan(&keys, &plan).into_iter().map(|k| k.at).collect();
    let mut sorted = got.clone();
    sorted.sort();
    assert_eq!(sorted, [None, Some(1), Some(3)]);
}

// Found by the fuzzer once its generator nested tuple keys: an error inside a nested
// key named the nested key's field ("name"), not one of the key's own, and a nested key longer
// than HBase's row limit on its own was refused with its own length while the outer key's
// `encoded_len` counted it as nothing. The error is now `Nested`, naming the outer field and
// keeping the nested key's error (its offset counted in the outer key); a nested key is
// limited only by the key that holds it.
#[test]
fn errors_inside_a_nested_key_name_the_outer_field() {
    #[derive(RowKey, Debug, Clone, PartialEq)]
    #[rowkey(encoding = "fdb_tuple")]
    struct Inner {
        id: i64,
        #[max(3)]
        name: String,
    }
    #[derive(RowKey, Debug, Clone, PartialEq)]
    #[rowkey(encoding = "fdb_tuple")]
    struct Outer {
        day: u16,
        who: Inner,
    }
    let long = Outer {
        day: 1,
        who: Inner {
            id: 7,
            name: "Bartholomew".into(),
        },
    };
    let err = long.encode().unwrap_err();
    assert_eq!(
        err,
        EncodeError::Nested {
            field: "who",
            inner: Box::new(EncodeError::LongerThanMax {
                field: "name",
                len: 11,
                max: 3
            }),
        }
    );
    assert_eq!(err.field(), Some("who"));
    assert_eq!(
        err.to_string(),
        "field `who`, a nested key: field `name` is 11 bytes long, over its `#[max(3)]` cap"
    );
    // Decode: 15 01 (day), then 05 (the nested tuple) at 2, its id 15 07 at 3, its name 02 at
    // 5 holding four bytes, over the cap.
    let bytes = b"\x15\x01\x05\x15\x07\x02abcd\x00\x00";
    let err = Outer::decode(bytes).unwrap_err();
    assert_eq!(err.field(), Some("who"));
    assert_eq!(err.offset(), 5);
    assert!(matches!(
        &err,
        DecodeError::Nested { field: "who", inner } if matches!(**inner, DecodeError::LongerThanMax { field: "name", offset: 5, len: 4, max: 3 })
    ));
    assert_eq!(
        err.to_string(),
        "field `who`, a nested key: field `name` at byte 5: the value is 4 bytes long, over the \
         field's `#[max(3)]` cap, which encode never writes"
    );
    // A nested key of 40,000 bytes: the outer key is refused with its own length, which is
    // its encoded_len.
    #[derive(RowKey, Debug, Clone, PartialEq)]
    #[rowkey(encoding = "fdb_tuple")]
    struct Blob {
        data: Vec<u8>,
    }
    #[derive(RowKey, Debug, Clone, PartialEq)]
    #[rowkey(encoding = "fdb_tuple")]
    struct Holder {
        id: u8,
        blob: Blob,
    }
    let big = Holder {
        id: 1,
        blob: Blob {
            data: vec![7; 40_000],
        },
    };
    // 15 01, then 05, 01, the bytes, 00, 00.
    assert_eq!(big.encoded_len(), 2 + 1 + 1 + 40_000 + 1 + 1);
    assert_eq!(
        big.encode(),
        Err(EncodeError::KeyTooLong {
            len: big.encoded_len(),
            max: MAX_ROW_LENGTH
        })
    );
    // Under the limit, a nested key of more than half of it packs and reads back.
    let fits = Holder {
        id: 1,
        blob: Blob {
            data: vec![7; 30_000],
        },
    };
    assert_eq!(Holder::decode(&fits.encode().unwrap()).unwrap(), fits);
}

// A text key over HBase's row limit whose field also holds the delimiter: `encode` said
// `KeyTooLong`, the same key under a `Subspace` `ContainsDelimiter` (86 layouts on one seed of
// an independent fuzzer). One key, one error, on every path: field errors first, in key order,
// then the key's length.
#[test]
fn a_field_error_comes_before_the_key_length_on_every_path() {
    use rowkey::layout::{DynamicKey, Value};
    use rowkey::Subspace;

    #[derive(RowKey, Debug)]
    #[rowkey(delimiter = ":")]
    struct Text {
        name: String,
        id: String,
    }
    let dynamic = DynamicKey::new(&Text::layout()).unwrap();
    let errors = |key: &Text| {
        let mut out = vec![9];
        let into = key.encode_into(&mut out).unwrap_err();
        assert_eq!(out, [9], "encode_into left its output as it was");
        let values = [
            Value::String(key.name.clone()),
            Value::String(key.id.clone()),
        ];
        [
            key.encode().unwrap_err(),
            into,
            Subspace::new(*b"t/").encode(key).unwrap_err(),
            Subspace::new(vec![7; 30_000]).encode(key).unwrap_err(),
            dynamic.encode(&values).unwrap_err(),
        ]
    };
    // Both rules broken: the field's error everywhere (its first delimiter, at byte 1).
    let both = Text {
        name: format!("a:{}", "b".repeat(40_000)),
        id: "x:y".into(),
    };
    for e in errors(&both) {
        assert!(
            matches!(
                e,
                EncodeError::ContainsDelimiter {
                    field: "name",
                    delimiter: b':',
                    index: 1
                }
            ),
            "{e:?}"
        );
    }
    // Only the length: KeyTooLong everywhere (the longer prefix counts).
    let long = Text {
        name: "b".repeat(40_000),
        id: "x".into(),
    };
    let lens: Vec<usize> = errors(&long)
        .iter()
        .map(|e| match e {
            EncodeError::KeyTooLong { len, max: 32_767 } => *len,
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(lens, [40_002, 40_002, 40_004, 70_002, 40_002]);
    // A key that fits alone but not under a long prefix: the prefix's length counts.
    let fits = Text {
        name: "b".repeat(5_000),
        id: "x:".into(),
    };
    assert!(matches!(
        Subspace::new(vec![7; 30_000]).encode(&fits).unwrap_err(),
        EncodeError::ContainsDelimiter { field: "id", .. }
    ));
}
