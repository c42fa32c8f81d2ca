//! FoundationDB's tuple layer (`#[rowkey(encoding = "fdb_tuple")]`): every line of
//! rowkey-testkit/data/fdb_tuple.jsonl (printed by FoundationDB's own Python binding, `fdb.tuple.pack`)
//! reproduced by a struct declared as the line's tuple, and decoded back; properties against a
//! second, independent tuple layer (the `foundationdb-tuple` crate) on random tuples; order,
//! canonical decode, hostile bytes; and scans that return exactly the matching rows, strings
//! that are prefixes of each other (`"a"`, `"a\0"`) included.

use std::collections::BTreeMap;
use std::fmt::Debug;

use foundationdb_tuple::{pack, unpack, Bytes};
use proptest::prelude::*;
use rowkey::{DecodeError, RowKey};
use serde_json::Value;
use uuid::Uuid;

use rowkey_testkit::props as support;
use support::{hex, unhex_str as unhex};

mod shapes;

/// One line of fdb_tuple.jsonl.
pub struct Line {
    json: Value,
}

/// Encodes `key`, compares with the line's packed bytes, decodes them back and packs again
/// (bit for bit: NaNs keep their payload).
pub fn check_one<K: RowKey + Debug>(l: &Line, key: K) -> Result<(), String> {
    let want = l.json["packed"].as_str().expect("packed");
    let got = key.encode().map_err(|e| format!("encode failed: {e}"))?;
    if hex(&got) != want {
        return Err(format!(
            "packed {} != Python's {want} for {key:?}",
            hex(&got)
        ));
    }
    let back = K::decode(&unhex(want)).map_err(|e| format!("decode of {want} failed: {e}"))?;
    let again = back.encode().map_err(|e| format!("{e}"))?;
    if hex(&again) != want || format!("{back:?}") != format!("{key:?}") {
        return Err(format!("{want} decoded to {back:?}"));
    }
    Ok(())
}

#[test]
fn every_python_line() {
    let text = rowkey_testkit::golden::text("fdb_tuple.jsonl");
    let mut failures = Vec::new();
    let mut checked = 0;
    for (i, raw) in text.lines().enumerate() {
        let line = Line {
            json: serde_json::from_str(raw).expect("a JSON line"),
        };
        match shapes::check(i, &line) {
            Some(Ok(())) => checked += 1,
            Some(Err(e)) => failures.push(format!("line {}: {e}", i + 1)),
            None => failures.push(format!("line {}: no struct", i + 1)),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(checked, 275);
    // And no more constructors than lines.
    let dummy = Line { json: Value::Null };
    assert!(shapes::check(275, &dummy).is_none());
}

// Keys of every element type, for the properties.

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(encoding = "fdb_tuple")]
struct Mixed {
    a: i64,
    b: String,
    c: Vec<u8>,
    d: Option<i32>,
    e: bool,
    f: f64,
    g: Uuid,
    h: u64,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(encoding = "fdb_tuple")]
struct Wide {
    a: i128,
    b: u128,
    c: f32,
    d: Option<String>,
    e: i16,
    f: u16,
    g: [u8; 3],
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(encoding = "fdb_tuple")]
struct Inner {
    x: Option<i64>,
    y: String,
    z: Option<Vec<u8>>,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(encoding = "fdb_tuple")]
struct Nested {
    a: Inner,
    b: (),
    c: (i64, Option<String>),
    d: Option<Inner>,
    e: i8,
}

/// Integers biased toward the edges of every width, 2^64 - 1 and its negation included.
fn int128() -> impl Strategy<Value = i128> {
    let big = u64::MAX as i128;
    prop_oneof![
        Just(0i128),
        Just(1),
        Just(-1),
        Just(big),
        Just(-big),
        Just(big - 1),
        Just(-big + 1),
        Just(big + 1),
        Just(-big - 1),
        Just(i128::MIN),
        Just(i128::MAX),
        (0..16u32, any::<bool>(), -2i128..=2).prop_map(|(k, neg, d)| {
            let v = (1i128 << (8 * k)).saturating_add(d);
            if neg {
                -v
            } else {
                v
            }
        }),
        any::<i128>(),
        any::<i64>().prop_map(i128::from),
    ]
}

fn int<T: TryFrom<i128> + Debug>() -> impl Strategy<Value = T> {
    int128().prop_filter_map("in range", |v| T::try_from(v).ok())
}

fn string() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            Just('\0'),
            Just('\u{1}'),
            Just('a'),
            Just('\u{ff}'),
            Just('é'),
            Just('\u{10FFFF}'),
            any::<char>()
        ],
        0..5,
    )
    .prop_map(|c| c.into_iter().collect())
}

fn bytes() -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(
        prop_oneof![Just(0u8), Just(1), Just(0xFE), Just(0xFF), any::<u8>()],
        0..5,
    )
}

fn float64() -> impl Strategy<Value = f64> {
    prop_oneof![
        Just(0.0),
        Just(-0.0),
        Just(f64::INFINITY),
        Just(f64::NEG_INFINITY),
        Just(f64::NAN),
        Just(-f64::NAN),
        Just(f64::MIN_POSITIVE / 2.0),
        any::<u64>().prop_map(f64::from_bits),
        any::<f64>(),
    ]
}

fn uuid() -> impl Strategy<Value = Uuid> {
    prop_oneof![
        Just(Uuid::nil()),
        Just(Uuid::max()),
        any::<u128>().prop_map(Uuid::from_u128)
    ]
}

fn mixed() -> impl Strategy<Value = Mixed> {
    (
        (
            int::<i64>(),
            string(),
            bytes(),
            proptest::option::of(int::<i32>()),
        ),
        (any::<bool>(), float64(), uuid(), int::<u64>()),
    )
        .prop_map(|((a, b, c, d), (e, f, g, h))| Mixed {
            a,
            b,
            c,
            d,
            e,
            f,
            g,
            h,
        })
}

fn wide() -> impl Strategy<Value = Wide> {
    (
        (
            int::<i128>(),
            int128().prop_map(|v| v.unsigned_abs()),
            any::<u32>().prop_map(f32::from_bits),
        ),
        (
            proptest::option::of(string()),
            int::<i16>(),
            int::<u16>(),
            proptest::array::uniform3(any::<u8>()),
        ),
    )
        .prop_map(|((a, b, c), (d, e, f, g))| Wide {
            a,
            b,
            c,
            d,
            e,
            f,
            g,
        })
}

fn inner() -> impl Strategy<Value = Inner> {
    (
        proptest::option::of(int::<i64>()),
        string(),
        proptest::option::of(bytes()),
    )
        .prop_map(|(x, y, z)| Inner { x, y, z })
}

fn nested() -> impl Strategy<Value = Nested> {
    (
        inner(),
        (int::<i64>(), proptest::option::of(string())),
        proptest::option::of(inner()),
        int::<i8>(),
    )
        .prop_map(|(a, c, d, e)| Nested { a, b: (), c, d, e })
}

/// 2^64 - 1 and its negation: the one place the bindings differ (see `the_bindings_differ_at_two_to_the_64_minus_one`).
fn disputed(v: i128) -> bool {
    v.unsigned_abs() == u128::from(u64::MAX)
}

fn inner_tuple(i: &Inner) -> (Option<i64>, String, Option<Bytes<'_>>) {
    (i.x, i.y.clone(), i.z.as_deref().map(Bytes::from))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// rowkey packs what foundationdb-tuple packs, and each unpacks the other's bytes.
    #[test]
    fn same_bytes_as_foundationdb_tuple(m in mixed(), w in wide(), n in nested()) {
        let ours = m.encode().unwrap();
        let theirs = pack(&(m.a, &m.b, Bytes::from(&m.c[..]), m.d, m.e, m.f, m.g, m.h));
        if disputed(i128::from(m.h)) {
            prop_assert_ne!(&ours, &theirs);
        } else {
            prop_assert_eq!(&ours, &theirs);
            prop_assert_eq!(Mixed::decode(&theirs).unwrap().encode().unwrap(), ours.clone());
        }
        let back: (i64, String, Bytes<'_>, Option<i32>, bool, f64, Uuid, u64) = unpack(&ours).unwrap();
        prop_assert_eq!((back.0, &back.1, &back.2[..], back.3, back.4, back.5.to_bits(), back.6, back.7),
            (m.a, &m.b, &m.c[..], m.d, m.e, m.f.to_bits(), m.g, m.h));

        let ours = w.encode().unwrap();
        let theirs = pack(&(w.a, w.b, w.c, &w.d, w.e, w.f, Bytes::from(&w.g[..])));
        if disputed(w.a) || w.b == u128::from(u64::MAX) {
            prop_assert_ne!(&ours, &theirs);
        } else {
            prop_assert_eq!(&ours, &theirs);
        }
        let back: (i128, u128, f32, Option<String>, i16, u16, Bytes<'_>) = unpack(&ours).unwrap();
        prop_assert_eq!((back.0, back.1, back.2.to_bits(), &back.3, back.4, back.5, &back.6[..]),
            (w.a, w.b, w.c.to_bits(), &w.d, w.e, w.f, &w.g[..]));

        // Nested tuples: a key (its nulls 00 FF), `()`, a Rust tuple, an optional key. The
        // crate has no i8: the same integer as an i16.
        let ours = n.encode().unwrap();
        let theirs = pack(&(
            inner_tuple(&n.a),
            (),
            (n.c.0, &n.c.1),
            n.d.as_ref().map(inner_tuple),
            i16::from(n.e),
        ));
        prop_assert_eq!(&ours, &theirs);
        prop_assert_eq!(Nested::decode(&theirs).unwrap(), n.clone());
    }

    /// Byte order is FoundationDB's order: element by element, None first, numbers by value,
    /// floats by `total_cmp`, strings and bytes by their bytes, a shorter nested tuple first.
    #[test]
    fn byte_order_is_tuple_order(a in nested(), b in nested(), x in mixed(), y in mixed()) {
        prop_assert_eq!(a.encode().unwrap().cmp(&b.encode().unwrap()), nested_order(&a, &b));
        prop_assert_eq!(x.encode().unwrap().cmp(&y.encode().unwrap()), mixed_order(&x, &y));
    }

    /// Decode reads only what encode writes, never panics, and names a field and an offset.
    #[test]
    fn hostile_bytes(n in nested(), m in mixed(), w in wide(), edits in proptest::collection::vec((any::<usize>(), any::<u8>(), 0..4u8), 1..4)) {
        for key in [n.encode().unwrap(), m.encode().unwrap(), w.encode().unwrap()] {
            let mut bytes = key.clone();
            for &(at, byte, how) in &edits {
                let at = at % (bytes.len() + 1);
                match how {
                    0 => bytes.truncate(at),
                    1 => bytes.insert(at, byte),
                    2 if at < bytes.len() => bytes[at] = byte,
                    _ => bytes.extend([0x05, 0x00, 0xFF, byte]),
                }
            }
            canonical::<Nested>(&bytes)?;
            canonical::<Mixed>(&bytes)?;
            canonical::<Wide>(&bytes)?;
        }
    }
}

/// If `bytes` decode, they are exactly what the decoded key encodes to; `explain` never panics.
fn canonical<K: RowKey + Debug>(bytes: &[u8]) -> Result<(), TestCaseError> {
    match K::decode(bytes) {
        Ok(k) => prop_assert_eq!(k.encode().unwrap(), bytes.to_vec(), "{:?}", k),
        Err(e) => prop_assert!(e.offset() <= bytes.len() && !e.to_string().is_empty()),
    }
    let _ = K::explain(bytes);
    Ok(())
}

fn total(f: f64) -> i64 {
    let bits = f.to_bits() as i64;
    bits ^ (((bits >> 63) as u64) >> 1) as i64
}

fn inner_order(a: &Inner, b: &Inner) -> core::cmp::Ordering {
    (a.x, a.y.as_bytes(), a.z.as_deref()).cmp(&(b.x, b.y.as_bytes(), b.z.as_deref()))
}

fn nested_order(a: &Nested, b: &Nested) -> core::cmp::Ordering {
    inner_order(&a.a, &b.a)
        .then_with(|| (a.c.0, &a.c.1).cmp(&(b.c.0, &b.c.1)))
        .then_with(|| match (&a.d, &b.d) {
            (None, None) => core::cmp::Ordering::Equal,
            (None, Some(_)) => core::cmp::Ordering::Less,
            (Some(_), None) => core::cmp::Ordering::Greater,
            (Some(x), Some(y)) => inner_order(x, y),
        })
        .then(a.e.cmp(&b.e))
}

fn mixed_order(x: &Mixed, y: &Mixed) -> core::cmp::Ordering {
    (x.a, x.b.as_bytes(), &x.c, x.d, x.e, total(x.f), x.g, x.h).cmp(&(
        y.a,
        y.b.as_bytes(),
        &y.c,
        y.d,
        y.e,
        total(y.f),
        y.g,
        y.h,
    ))
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(encoding = "fdb_tuple")]
struct Big {
    v: u128,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(encoding = "fdb_tuple")]
struct Signed {
    v: i128,
}

/// Python (and the golden file) write 2^64 - 1 as `1D 08 FF..`, its negation `0B F7 00..`;
/// foundationdb-tuple (as the Go and Java bindings) uses the 8-byte codes `1C` / `0C`. rowkey
/// writes Python's bytes and refuses the others, naming the field and offset.
#[test]
fn the_bindings_differ_at_two_to_the_64_minus_one() {
    let max = u128::from(u64::MAX);
    assert_eq!(
        hex(&Big { v: max }.encode().unwrap()),
        "1d08ffffffffffffffff"
    );
    assert_eq!(hex(&pack(&max)), "1cffffffffffffffff");
    assert_eq!(
        hex(&Signed { v: -(max as i128) }.encode().unwrap()),
        "0bf70000000000000000"
    );
    assert_eq!(hex(&pack(&-(max as i128))), "0c0000000000000000");
    for theirs in ["1cffffffffffffffff", "0c0000000000000000"] {
        let err = Signed::decode(&unhex(theirs)).unwrap_err();
        assert!(
            matches!(
                err,
                DecodeError::Invalid {
                    field: "v",
                    offset: 0,
                    ..
                }
            ),
            "{err:?}"
        );
        assert!(err.to_string().contains("shortest form"), "{err}");
    }
    // Both read Python's bytes as the same value.
    assert_eq!(unpack::<u128>(&unhex("1d08ffffffffffffffff")).unwrap(), max);
    assert_eq!(
        Big::decode(&unhex("1d08ffffffffffffffff")).unwrap(),
        Big { v: max }
    );
}

/// Integers in any but their shortest form, and bytes no element starts with, are errors that
/// name the field and the offset.
#[test]
fn only_canonical_elements_decode() {
    let refused: &[(&str, usize)] = &[
        ("1500", 0),                                     // 0 in one byte: 14
        ("160005", 0),                                   // 5 in two bytes: 15 05
        ("13ff", 0),                                     // -0
        ("12fffe", 0),                                   // -1 in two bytes: 13 fe
        ("1d0900ffffffffffffffff", 0),                   // 2^64 - 1 with a leading zero byte
        ("1d07ffffffffffffff", 0),                       // under 2^64 - 1 with 1D
        ("0bf8ffffffffffffff", 0),                       // -(2^56) with 0B
        ("1d11010000000000000000000000000000000000", 0), // over 16 bytes: out of range
        ("03", 0),                                       // deprecated nested tuple
        ("33", 0),                                       // versionstamp
        ("ff", 0),                                       // the escape byte
    ];
    for &(bytes, offset) in refused {
        let err = Signed::decode(&unhex(bytes)).unwrap_err();
        assert_eq!(
            (err.field(), err.offset()),
            (Some("v"), offset),
            "{bytes}: {err}"
        );
    }
    #[derive(RowKey, Debug, PartialEq)]
    #[rowkey(encoding = "fdb_tuple")]
    struct Text {
        s: String,
        b: [u8; 2],
    }
    // A string without its terminator, invalid UTF-8 (at its offset, escapes counted), a byte
    // array of another length, and a bool where a string goes.
    let cases: &[(&str, &str, usize)] = &[
        ("0261", "s", 0),
        ("0200ffc30001010200", "s", 3),
        ("0261000101020300", "b", 3),
        ("26", "s", 0),
    ];
    for &(bytes, field, offset) in cases {
        let err = Text::decode(&unhex(bytes)).unwrap_err();
        assert_eq!(
            (err.field(), err.offset()),
            (Some(field), offset),
            "{bytes}: {err}"
        );
    }
    // Nesting a hundred thousand deep is an error, not a stack overflow.
    let deep: Vec<u8> = std::iter::repeat_n(0x05, 100_000).collect();
    assert!(Nested::decode(&deep).is_err());
    // An error inside a nested key: at its offset in the whole key (past a null's 00 FF).
    let mut key = Nested {
        a: Inner {
            x: None,
            y: "ab".into(),
            z: None,
        },
        b: (),
        c: (0, None),
        d: None,
        e: 0,
    }
    .encode()
    .unwrap();
    assert_eq!(hex(&key[..9]), "0500ff0261620000ff");
    key[4] = 0xC3; // `a` becomes an invalid UTF-8 sequence: C3 62
                   // The error names the key's own field, and the nested key's field within it.
    let err = Nested::decode(&key).unwrap_err();
    assert_eq!((err.field(), err.offset()), (Some("a"), 4), "{err}");
    assert!(
        matches!(&err, DecodeError::Nested { inner, .. } if inner.field() == Some("y")),
        "{err:?}"
    );
}

// Scans: plans of partial keys against a brute-force filter over a sorted map.

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(encoding = "fdb_tuple")]
struct Row {
    tenant: String,
    id: Option<i64>,
    tag: Vec<u8>,
    at: f64,
}

fn row() -> impl Strategy<Value = Row> {
    // Few distinct values, so that prefixes, ties and neighbours of one value are common.
    let s = prop_oneof![
        Just(""),
        Just("a"),
        Just("a\0"),
        Just("a\0b"),
        Just("ab"),
        Just("b")
    ];
    let t = prop_oneof![
        Just(vec![]),
        Just(vec![0]),
        Just(vec![0, 0xFF]),
        Just(vec![0xFF]),
        Just(vec![1])
    ];
    let i = proptest::option::of(prop_oneof![
        Just(0i64),
        Just(-1),
        Just(255),
        Just(256),
        Just(i64::MIN),
        Just(i64::MAX)
    ]);
    let f = prop_oneof![
        Just(0.0),
        Just(-0.0),
        Just(1.5),
        Just(f64::NEG_INFINITY),
        Just(f64::NAN)
    ];
    (s, i, t, f).prop_map(|(s, id, tag, at)| Row {
        tenant: s.into(),
        id,
        tag,
        at,
    })
}

fn within<T: PartialOrd>(v: &T, lo: &core::ops::Bound<T>, hi: &core::ops::Bound<T>) -> bool {
    use core::ops::Bound::*;
    (match lo {
        Included(b) => v >= b,
        Excluded(b) => v > b,
        Unbounded => true,
    }) && (match hi {
        Included(b) => v <= b,
        Excluded(b) => v < b,
        Unbounded => true,
    })
}

fn bound<T: Clone>(pick: Option<(usize, bool)>, values: &[T]) -> core::ops::Bound<T> {
    match pick {
        None => core::ops::Bound::Unbounded,
        Some((i, true)) => core::ops::Bound::Included(values[i % values.len()].clone()),
        Some((i, false)) => core::ops::Bound::Excluded(values[i % values.len()].clone()),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn plans_return_exactly_the_matching_rows(
        rows in proptest::collection::vec(row(), 1..40),
        t in any::<usize>(),
        lo in proptest::option::of((any::<usize>(), any::<bool>())),
        hi in proptest::option::of((any::<usize>(), any::<bool>())),
    ) {
        let store: BTreeMap<Vec<u8>, Row> = rows.iter().map(|r| (r.encode().unwrap(), r.clone())).collect();
        let read = |plan: rowkey::ScanPlan| -> Vec<Vec<u8>> {
            plan.ranges()
                .iter()
                .flat_map(|r| store.range::<[u8], _>(r.to_bounds()).map(|(k, _)| k.clone()))
                .collect()
        };
        let want = |f: &dyn Fn(&Row) -> bool| -> Vec<Vec<u8>> {
            store.iter().filter(|(_, r)| f(r)).map(|(k, _)| k.clone()).collect()
        };
        let target = &rows[t % rows.len()];
        let tenants: Vec<String> = rows.iter().map(|r| r.tenant.clone()).collect();
        // Ranges the right way round (a backward one is refused: tests/regressions.rs).
        let (lo_t, hi_t) = support::forward((bound(lo, &tenants), bound(hi, &tenants)), support::natural);
        // A range on the first field (strings that are prefixes of each other).
        prop_assert_eq!(
            read(Row::scan().tenant((lo_t.clone(), hi_t.clone())).plan().unwrap()),
            want(&|r| within(&r.tenant, &lo_t, &hi_t))
        );
        // One tenant: not the rows of a tenant it is a prefix of ("a" and "a\0").
        prop_assert_eq!(
            read(Row::scan().tenant(target.tenant.clone()).plan().unwrap()),
            want(&|r| r.tenant == target.tenant)
        );
        // A tenant and a range of ids (None first).
        let ids: Vec<Option<i64>> = rows.iter().map(|r| r.id).collect();
        let (lo_i, hi_i) = support::forward((bound(lo, &ids), bound(hi, &ids)), support::natural);
        prop_assert_eq!(
            read(Row::scan().tenant(target.tenant.clone()).id((lo_i, hi_i)).plan().unwrap()),
            want(&|r| r.tenant == target.tenant && within(&r.id, &lo_i, &hi_i))
        );
        // Two fields fixed and a range of byte strings.
        let tags: Vec<Vec<u8>> = rows.iter().map(|r| r.tag.clone()).collect();
        let (lo_g, hi_g) = support::forward((bound(lo, &tags), bound(hi, &tags)), support::natural);
        prop_assert_eq!(
            read(Row::scan().tenant(target.tenant.clone()).id(target.id).tag((lo_g.clone(), hi_g.clone())).plan().unwrap()),
            want(&|r| r.tenant == target.tenant && r.id == target.id && within(&r.tag, &lo_g, &hi_g))
        );
        // The whole key: one Get.
        let get = Row::scan().tenant(target.tenant.clone()).id(target.id).tag(target.tag.clone()).at(target.at).plan().unwrap();
        prop_assert!(get.is_point());
        prop_assert_eq!(get.row(), Some(&target.encode().unwrap()[..]));
    }
}
