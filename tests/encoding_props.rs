//! Properties of the whole-key encodings of other systems, for every supported type, ASC and
//! DESC: Phoenix (in optimizable and non-optimizable tables, each column followed by a nullable
//! VARCHAR that Phoenix drops when it is NULL), Bigtable's `OrderedCodeBytes` struct (each
//! field followed by a string Bigtable drops when it is empty) and HBase's `Struct` (each member
//! followed by a nullable string `Struct.encode` drops when it is NULL, or after an `i16` for
//! the members that go last only): round trip, canonical decode,
//! byte order equal to the values' order (where the README promises it), and no panic on
//! hostile bytes.

use std::cmp::Ordering;
use std::fmt::Debug;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use proptest::prelude::*;
use rowkey::RowKey;

/// A key of a layout, with its logical order.
trait Case: RowKey + Debug + PartialEq + Clone {
    /// The order Phoenix's bytes follow, `None` where the README says they do not.
    fn order(a: &Self, b: &Self) -> Option<Ordering>;
}

fn check<K: Case>(keys: &[K], mutations: &[(usize, usize, u8)]) -> Result<(), TestCaseError> {
    // A key whose every field is NULL would be the empty row key: encode refuses it, and the
    // empty key decodes to nothing.
    let keys: Vec<K> = keys
        .iter()
        .filter(|k| match k.encode() {
            Err(rowkey::EncodeError::EmptyKey { .. }) => {
                assert!(K::decode(&[]).is_err(), "{k:?}");
                false
            }
            _ => true,
        })
        .cloned()
        .collect();
    if keys.is_empty() {
        return Ok(());
    }
    let keys = &keys[..];
    let mut encoded = Vec::new();
    for k in keys {
        let e = k
            .encode()
            .map_err(|e| TestCaseError::fail(format!("{k:?}: {e}")))?;
        let back =
            K::decode(&e).map_err(|err| TestCaseError::fail(format!("{k:?} {e:02x?}: {err}")))?;
        prop_assert_eq!(&back, k);
        let _ = K::explain(&e);
        encoded.push(e);
    }
    for (a, ea) in keys.iter().zip(&encoded) {
        for (b, eb) in keys.iter().zip(&encoded) {
            if let Some(want) = K::order(a, b) {
                prop_assert_eq!(
                    ea.cmp(eb),
                    want,
                    "{:?} vs {:?}: {:02x?} vs {:02x?}",
                    a,
                    b,
                    ea,
                    eb
                );
            }
        }
    }
    // Hostile bytes: truncated, extended and overwritten keys never panic, and decode only
    // what encode writes.
    for &(which, at, byte) in mutations {
        let mut e = encoded[which % encoded.len()].clone();
        let at = at % (e.len() + 1);
        match byte % 4 {
            0 => e.truncate(at),
            1 => e.insert(at, byte),
            2 if at < e.len() => e[at] = byte,
            _ => e.push(byte),
        }
        if let Ok(k) = K::decode(&e) {
            prop_assert_eq!(
                k.encode().ok(),
                Some(e.clone()),
                "decoded {:?} from {:02x?}",
                k,
                e
            );
        }
        let _ = K::explain(&e);
    }
    Ok(())
}

fn tail_order(a: &Option<String>, b: &Option<String>) -> Ordering {
    a.cmp(b)
}

/// Nasty VARCHAR values: no NUL (Phoenix's separator), non-empty ('' is NULL).
fn varchar() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            Just('a'),
            Just('b'),
            Just(' '),
            Just('\t'),
            Just('\u{7f}'),
            Just('é'),
            Just('\u{10FFFF}'),
        ],
        1..4,
    )
    .prop_map(|c| c.into_iter().collect())
}

/// CHAR(4) values: ASCII from ' ', no trailing space, 1 to 4 characters.
fn char4() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![Just('a'), Just('b'), Just(' '), Just('~'), Just('!')],
        1..5,
    )
    .prop_map(|c| c.into_iter().collect::<String>())
    .prop_filter("no trailing space", |s| !s.ends_with(' '))
}

fn bytes() -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(
        prop_oneof![Just(0u8), Just(1), Just(0x7F), Just(0xFF)],
        1..4,
    )
}

fn double() -> impl Strategy<Value = f64> {
    prop_oneof![
        Just(0.0),
        Just(-0.0),
        Just(f64::INFINITY),
        Just(f64::NEG_INFINITY),
        Just(f64::MIN_POSITIVE),
        Just(-f64::MIN_POSITIVE),
        Just(f64::MAX),
        Just(f64::MIN),
        any::<f64>().prop_filter("NaN is checked by the golden lines", |v| !v.is_nan()),
    ]
}

fn decimal() -> impl Strategy<Value = rust_decimal::Decimal> {
    use rust_decimal::Decimal;
    prop_oneof![
        proptest::sample::select(vec![
            Decimal::ZERO,
            -Decimal::ZERO,
            Decimal::ONE,
            Decimal::NEGATIVE_ONE,
            Decimal::new(5, 1),
            Decimal::new(-5, 1),
            Decimal::new(100, 0),
            Decimal::new(1, 28),
            Decimal::new(-1, 28),
            Decimal::MAX,
            Decimal::MIN,
        ]),
        (any::<i64>(), 0..=20u32).prop_map(|(m, s)| Decimal::new(m, s)),
        (any::<i128>(), 0..=28u32).prop_filter_map("fits 96 bits", |(m, s)| {
            Decimal::try_from_i128_with_scale(m >> 32, s).ok()
        }),
    ]
}

fn edge<T: Copy + Debug + 'static>(
    edges: Vec<T>,
    any: impl Strategy<Value = T> + 'static,
) -> BoxedStrategy<T> {
    let edges = proptest::sample::select(edges);
    prop_oneof![edges, any].boxed()
}

/// `$name`: a layout of `x: $ty` (ASC or DESC) then `tail: Option<String>`.
macro_rules! layout {
    ($name:ident, $test:ident, $opt:literal, [$($attr:meta)*], $ty:ty, $gen:expr, $order:expr) => {
        #[derive(RowKey, Debug, PartialEq, Clone)]
        #[rowkey(encoding = "phoenix", row_key_order_optimizable = $opt)]
        struct $name {
            $(#[$attr])*
            x: $ty,
            tail: Option<String>,
        }

        impl Case for $name {
            fn order(a: &Self, b: &Self) -> Option<Ordering> {
                let x: Option<fn(&$ty, &$ty) -> Ordering> = $order;
                x.map(|x| x(&a.x, &b.x).then_with(|| tail_order(&a.tail, &b.tail)))
            }
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(256))]
            #[test]
            fn $test(
                keys in proptest::collection::vec(
                    ($gen, proptest::option::of(varchar())).prop_map(|(x, tail)| $name { x, tail }),
                    1..24,
                ),
                mutations in proptest::collection::vec((any::<usize>(), any::<usize>(), any::<u8>()), 32),
            ) {
                check(&keys, &mutations)?;
            }
        }
    };
}

fn asc<T: Ord>(a: &T, b: &T) -> Ordering {
    a.cmp(b)
}

fn desc<T: Ord>(a: &T, b: &T) -> Ordering {
    b.cmp(a)
}

fn f_asc(a: &f64, b: &f64) -> Ordering {
    a.total_cmp(b)
}

fn f_desc(a: &f64, b: &f64) -> Ordering {
    b.total_cmp(a)
}

/// A nullable DESC column: NULL first (Phoenix stores it as 00), then values descending.
fn nulls_first_desc(a: &Option<String>, b: &Option<String>) -> Ordering {
    match (a, b) {
        (None, None) => Ordering::Equal,
        (None, _) => Ordering::Less,
        (_, None) => Ordering::Greater,
        (Some(a), Some(b)) => b.cmp(a),
    }
}

layout!(
    I8Asc,
    tinyint_asc,
    true,
    [],
    i8,
    edge(vec![i8::MIN, -1, 0, i8::MAX], any::<i8>()),
    Some(asc)
);
layout!(
    I8Desc,
    tinyint_desc,
    true,
    [desc],
    i8,
    edge(vec![i8::MIN, -1, 0, i8::MAX], any::<i8>()),
    Some(desc)
);
layout!(
    I16Asc,
    smallint_asc,
    true,
    [],
    i16,
    edge(vec![i16::MIN, -1, 0, i16::MAX], any::<i16>()),
    Some(asc)
);
layout!(
    I16Desc,
    smallint_desc,
    true,
    [desc],
    i16,
    edge(vec![i16::MIN, -1, 0, i16::MAX], any::<i16>()),
    Some(desc)
);
layout!(
    I32Asc,
    integer_asc,
    true,
    [],
    i32,
    edge(vec![i32::MIN, -1, 0, i32::MAX], any::<i32>()),
    Some(asc)
);
layout!(
    I32Desc,
    integer_desc,
    true,
    [desc],
    i32,
    edge(vec![i32::MIN, -1, 0, i32::MAX], any::<i32>()),
    Some(desc)
);
layout!(
    I64Asc,
    bigint_asc,
    true,
    [],
    i64,
    edge(vec![i64::MIN, -1, 0, i64::MAX], any::<i64>()),
    Some(asc)
);
layout!(
    I64Desc,
    bigint_desc,
    true,
    [desc],
    i64,
    edge(vec![i64::MIN, -1, 0, i64::MAX], any::<i64>()),
    Some(desc)
);
layout!(
    U32Asc,
    unsigned_int_asc,
    true,
    [],
    u32,
    edge(vec![0, 1, i32::MAX as u32], 0..=i32::MAX as u32),
    Some(asc)
);
layout!(
    U32Desc,
    unsigned_int_desc,
    true,
    [desc],
    u32,
    edge(vec![0, 1, i32::MAX as u32], 0..=i32::MAX as u32),
    Some(desc)
);
layout!(
    U64Asc,
    unsigned_long_asc,
    true,
    [],
    u64,
    edge(vec![0, 1, i64::MAX as u64], 0..=i64::MAX as u64),
    Some(asc)
);
layout!(
    U64Desc,
    unsigned_long_desc,
    true,
    [desc],
    u64,
    edge(vec![0, 1, i64::MAX as u64], 0..=i64::MAX as u64),
    Some(desc)
);
layout!(F64Asc, double_asc, true, [], f64, double(), Some(f_asc));
layout!(
    F64Desc,
    double_desc,
    true,
    [desc],
    f64,
    double(),
    Some(f_desc)
);
/// `f32` in FLOAT's order: `total_cmp` (NaN is checked by the golden lines).
fn float() -> impl Strategy<Value = f32> {
    prop_oneof![
        Just(0.0f32),
        Just(-0.0),
        Just(f32::INFINITY),
        Just(f32::NEG_INFINITY),
        Just(f32::MIN_POSITIVE),
        Just(f32::MAX),
        Just(f32::MIN),
        any::<f32>().prop_filter("not NaN", |v| !v.is_nan()),
    ]
}

/// Instants from 1970 on (UNSIGNED_ types take them too), before it, and split milliseconds;
/// `whole`: whole milliseconds only (DATE, TIME).
fn instant(whole: bool, from_1970: bool) -> impl Strategy<Value = SystemTime> {
    let millis = if from_1970 {
        prop_oneof![Just(0i64), Just(1), Just(i64::MAX), 0..i64::MAX].boxed()
    } else {
        prop_oneof![
            Just(0i64),
            Just(-1),
            Just(i64::MIN),
            Just(i64::MAX),
            any::<i64>()
        ]
        .boxed()
    };
    let sub = if whole {
        Just(0u32).boxed()
    } else {
        prop_oneof![Just(0u32), Just(1), Just(999_999), 0..1_000_000u32].boxed()
    };
    (millis, sub).prop_map(|(m, s)| {
        let base = if m >= 0 {
            UNIX_EPOCH + Duration::from_millis(m as u64)
        } else {
            UNIX_EPOCH - Duration::from_millis(m.unsigned_abs())
        };
        base + Duration::from_nanos(u64::from(s))
    })
}

layout!(
    BoolAsc,
    boolean_asc,
    true,
    [],
    bool,
    any::<bool>(),
    Some(asc)
);
layout!(
    BoolDesc,
    boolean_desc,
    true,
    [desc],
    bool,
    any::<bool>(),
    Some(desc)
);
layout!(
    U8Asc,
    unsigned_tinyint_asc,
    true,
    [],
    u8,
    0..=127u8,
    Some(asc)
);
layout!(
    U8Desc,
    unsigned_tinyint_desc,
    true,
    [desc],
    u8,
    0..=127u8,
    Some(desc)
);
layout!(
    U16Asc,
    unsigned_smallint_asc,
    true,
    [],
    u16,
    0..=i16::MAX as u16,
    Some(asc)
);
layout!(
    U16Desc,
    unsigned_smallint_desc,
    true,
    [desc],
    u16,
    0..=i16::MAX as u16,
    Some(desc)
);
layout!(F32Asc, float_asc, true, [], f32, float(), Some(f32_asc));
layout!(
    F32Desc,
    float_desc,
    true,
    [desc],
    f32,
    float(),
    Some(f32_desc)
);
layout!(
    UF32Asc,
    unsigned_float_asc,
    true,
    [phoenix(UNSIGNED_FLOAT)],
    f32,
    float().prop_map(f32::abs),
    Some(f32_asc)
);
layout!(
    UF32Desc,
    unsigned_float_desc,
    true,
    [phoenix(UNSIGNED_FLOAT) desc],
    f32,
    float().prop_map(f32::abs),
    Some(f32_desc)
);
layout!(
    UF64Asc,
    unsigned_double_asc,
    true,
    [phoenix(UNSIGNED_DOUBLE)],
    f64,
    double().prop_map(f64::abs),
    Some(f_asc)
);
layout!(
    UF64Desc,
    unsigned_double_desc,
    true,
    [phoenix(UNSIGNED_DOUBLE) desc],
    f64,
    double().prop_map(f64::abs),
    Some(f_desc)
);
layout!(
    TsAsc,
    timestamp_asc,
    true,
    [],
    SystemTime,
    instant(false, false),
    Some(asc)
);
layout!(
    TsDesc,
    timestamp_desc,
    true,
    [desc],
    SystemTime,
    instant(false, false),
    Some(desc)
);
layout!(
    UTsDesc,
    unsigned_timestamp_desc,
    true,
    [phoenix(UNSIGNED_TIMESTAMP) desc],
    SystemTime,
    instant(false, true),
    Some(desc)
);
layout!(
    DateAsc,
    date_asc,
    true,
    [phoenix(DATE)],
    SystemTime,
    instant(true, false),
    Some(asc)
);
layout!(
    TimeDesc,
    time_desc,
    true,
    [phoenix(TIME) desc],
    SystemTime,
    instant(true, false),
    Some(desc)
);
layout!(
    UDateAsc,
    unsigned_date_asc,
    true,
    [phoenix(UNSIGNED_DATE)],
    SystemTime,
    instant(true, true),
    Some(asc)
);
layout!(
    UTimeDesc,
    unsigned_time_desc,
    true,
    [phoenix(UNSIGNED_TIME) desc],
    SystemTime,
    instant(true, true),
    Some(desc)
);
layout!(
    F64DescOld,
    double_desc_not_optimizable,
    false,
    [desc],
    f64,
    double(),
    Some(f_desc)
);
layout!(
    BinAsc,
    binary_asc,
    true,
    [],
    [u8; 2],
    any::<[u8; 2]>(),
    Some(asc)
);
layout!(
    BinDesc,
    binary_desc,
    true,
    [desc],
    [u8; 2],
    any::<[u8; 2]>(),
    Some(desc)
);
layout!(
    CharAsc,
    char_asc,
    true,
    [fixed(4)],
    String,
    char4(),
    Some(asc)
);
layout!(CharDesc, char_desc, true, [fixed(4) desc], String, char4(), Some(desc));
layout!(CharDescOld, char_desc_not_optimizable, false, [fixed(4) desc], String, char4(), Some(desc));
layout!(VarAsc, varchar_asc, true, [], String, varchar(), Some(asc));
layout!(
    VarAscOld,
    varchar_asc_not_optimizable,
    false,
    [],
    String,
    varchar(),
    Some(asc)
);
layout!(
    VarDesc,
    varchar_desc,
    true,
    [desc],
    String,
    varchar(),
    Some(desc)
);
// Without the flag a DESC VARCHAR ends with 00 and "ab" sorts after "a": no order promised.
layout!(
    VarDescOld,
    varchar_desc_not_optimizable,
    false,
    [desc],
    String,
    varchar(),
    None
);
layout!(
    OptAsc,
    nullable_varchar_asc,
    true,
    [],
    Option<String>,
    proptest::option::of(varchar()),
    Some(asc)
);
layout!(
    OptDesc,
    nullable_varchar_desc,
    true,
    [desc],
    Option<String>,
    proptest::option::of(varchar()),
    Some(nulls_first_desc)
);
layout!(
    OptDescOld,
    nullable_varchar_desc_not_optimizable,
    false,
    [desc],
    Option<String>,
    proptest::option::of(varchar()),
    None
);

/// VARBINARY is the last column only: `x` alone.
macro_rules! varbinary {
    ($name:ident, $test:ident, $opt:literal, [$($attr:meta)*], $ty:ty, $gen:expr, $order:expr) => {
        #[derive(RowKey, Debug, PartialEq, Clone)]
        #[rowkey(encoding = "phoenix", row_key_order_optimizable = $opt)]
        struct $name {
            a: i16,
            $(#[$attr])*
            x: $ty,
        }

        impl Case for $name {
            fn order(a: &Self, b: &Self) -> Option<Ordering> {
                let x: Option<fn(&$ty, &$ty) -> Ordering> = $order;
                x.map(|x| a.a.cmp(&b.a).then_with(|| x(&a.x, &b.x)))
            }
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(256))]
            #[test]
            fn $test(
                keys in proptest::collection::vec(
                    (-1..2i16, $gen).prop_map(|(a, x)| $name { a, x }),
                    1..24,
                ),
                mutations in proptest::collection::vec((any::<usize>(), any::<usize>(), any::<u8>()), 32),
            ) {
                check(&keys, &mutations)?;
            }
        }
    };
}

varbinary!(VbAsc, varbinary_asc, true, [], Vec<u8>, bytes(), Some(asc));
// DESC VARBINARY: inverted bytes then FF; an inverted 00 is FF, so no order is promised.
varbinary!(VbDesc, varbinary_desc, true, [desc], Vec<u8>, bytes(), None);
varbinary!(
    VbDescOld,
    varbinary_desc_not_optimizable,
    false,
    [desc],
    Vec<u8>,
    bytes(),
    None
);
varbinary!(
    VbOptAsc,
    nullable_varbinary_asc,
    true,
    [],
    Option<Vec<u8>>,
    proptest::option::of(bytes()),
    Some(asc)
);

layout!(
    DecAsc,
    decimal_asc,
    true,
    [],
    rust_decimal::Decimal,
    decimal(),
    Some(asc)
);
layout!(
    DecDesc,
    decimal_desc,
    true,
    [desc],
    rust_decimal::Decimal,
    decimal(),
    Some(desc)
);
// Without the flag a DESC DECIMAL ends with 00, as a DESC VARCHAR: no order promised.
layout!(
    DecDescOld,
    decimal_desc_not_optimizable,
    false,
    [desc],
    rust_decimal::Decimal,
    decimal(),
    None
);
layout!(
    OptDecAsc,
    nullable_decimal_asc,
    true,
    [],
    Option<rust_decimal::Decimal>,
    proptest::option::of(decimal()),
    Some(asc)
);

/// DECIMAL(12, 3) values: up to 9 integer digits and 3 decimal places.
fn decimal_12_3() -> impl Strategy<Value = rust_decimal::Decimal> {
    (-999_999_999_999i64..=999_999_999_999).prop_map(|m| rust_decimal::Decimal::new(m, 3))
}

layout!(
    FixedDecAsc,
    decimal_12_3_asc,
    true,
    [precision(12, 3)],
    rust_decimal::Decimal,
    decimal_12_3(),
    Some(asc)
);
// Phoenix writes a DESC DECIMAL(p, s) uninverted before a DESC separator: no order promised.
layout!(
    FixedDecDesc,
    decimal_12_3_desc,
    true,
    [precision(12, 3) desc],
    rust_decimal::Decimal,
    decimal_12_3(),
    None
);

/// Nasty Bigtable strings: empty, `00` (escaped `00 FF`), `01` (the separator's second byte),
/// prefixes of each other.
fn bt_string() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            Just('a'),
            Just('b'),
            Just('\0'),
            Just('\u{1}'),
            Just('\u{7f}'),
            Just('é')
        ],
        0..4,
    )
    .prop_map(|c| c.into_iter().collect())
}

fn bt_bytes() -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(
        prop_oneof![Just(0u8), Just(1), Just(0xFE), Just(0xFF)],
        0..4,
    )
}

/// `$name`: a Bigtable layout of `x: $ty` (ASC or DESC) then `tail: String`, `end: Vec<u8>`.
macro_rules! bigtable {
    ($name:ident, $test:ident, [$($attr:meta),*], $ty:ty, $gen:expr, $order:expr) => {
        #[derive(RowKey, Debug, PartialEq, Clone)]
        #[rowkey(encoding = "bigtable")]
        struct $name {
            $(#[$attr])*
            x: $ty,
            tail: String,
            end: Vec<u8>,
        }

        impl Case for $name {
            fn order(a: &Self, b: &Self) -> Option<Ordering> {
                let x: fn(&$ty, &$ty) -> Ordering = $order;
                Some(
                    x(&a.x, &b.x)
                        .then_with(|| a.tail.cmp(&b.tail))
                        .then_with(|| a.end.cmp(&b.end)),
                )
            }
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(256))]
            #[test]
            fn $test(
                keys in proptest::collection::vec(
                    ($gen, bt_string(), bt_bytes()).prop_map(|(x, tail, end)| $name { x, tail, end }),
                    1..24,
                ),
                mutations in proptest::collection::vec((any::<usize>(), any::<usize>(), any::<u8>()), 32),
            ) {
                check(&keys, &mutations)?;
            }
        }
    };
}

bigtable!(BtStrAsc, bigtable_string_asc, [], String, bt_string(), asc);
bigtable!(
    BtStrDesc,
    bigtable_string_desc,
    [desc],
    String,
    bt_string(),
    desc
);
bigtable!(BtBytesAsc, bigtable_bytes_asc, [], Vec<u8>, bt_bytes(), asc);
bigtable!(
    BtBytesDesc,
    bigtable_bytes_desc,
    [desc],
    Vec<u8>,
    bt_bytes(),
    desc
);
// Int64 BigEndianBytes takes non-negative values only (Bigtable's sorted mode), which sort
// by value; negatives are refused (tests/regressions.rs).
bigtable!(
    BtIntAsc,
    bigtable_int64_asc,
    [],
    i64,
    edge(vec![0, 1, 255, 256, i64::MAX], 0..=i64::MAX),
    asc
);
bigtable!(
    BtIntDesc,
    bigtable_int64_desc,
    [desc],
    i64,
    edge(vec![0, 1, 255, 256, i64::MAX], 0..=i64::MAX),
    desc
);

/// Nasty HBase strings: empty, U+0001, DEL, multi-byte, prefixes of each other (U+0000 is
/// refused, as HBase refuses it).
fn hb_string() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            Just('a'),
            Just('b'),
            Just('\u{1}'),
            Just('\u{7f}'),
            Just('é'),
            Just('\u{10FFFF}')
        ],
        0..4,
    )
    .prop_map(|c| c.into_iter().collect())
}

fn hb_bytes() -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(
        prop_oneof![Just(0u8), Just(1), Just(0x7F), Just(0x80), Just(0xFF)],
        0..9,
    )
}

/// `$name`: an HBase Struct of `x: $ty` (ASC or DESC) then `tail: Option<String>`, which
/// `Struct.encode` drops when it is NULL.
macro_rules! hbase {
    ($name:ident, $test:ident, [$($attr:meta),*], $ty:ty, $gen:expr, $order:expr) => {
        #[derive(RowKey, Debug, PartialEq, Clone)]
        #[rowkey(encoding = "hbase_ordered")]
        struct $name {
            $(#[$attr])*
            x: $ty,
            tail: Option<String>,
        }

        impl Case for $name {
            fn order(a: &Self, b: &Self) -> Option<Ordering> {
                let x: Option<fn(&$ty, &$ty) -> Ordering> = $order;
                x.map(|x| x(&a.x, &b.x).then_with(|| a.tail.cmp(&b.tail)))
            }
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(256))]
            #[test]
            fn $test(
                keys in proptest::collection::vec(
                    ($gen, proptest::option::of(hb_string())).prop_map(|(x, tail)| $name { x, tail }),
                    1..24,
                ),
                mutations in proptest::collection::vec((any::<usize>(), any::<usize>(), any::<u8>()), 32),
            ) {
                check(&keys, &mutations)?;
            }
        }
    };
}

fn f32s() -> impl Strategy<Value = f32> {
    prop_oneof![
        Just(0.0f32),
        Just(-0.0),
        Just(f32::INFINITY),
        Just(f32::NEG_INFINITY),
        Just(f32::MIN_POSITIVE),
        any::<f32>().prop_filter("NaN is checked by the golden lines", |v| !v.is_nan()),
    ]
}

fn f32_asc(a: &f32, b: &f32) -> Ordering {
    a.total_cmp(b)
}

fn f32_desc(a: &f32, b: &f32) -> Ordering {
    b.total_cmp(a)
}

hbase!(HbI8Asc, hbase_int8_asc, [], i8, any::<i8>(), Some(asc));
hbase!(
    HbI16Desc,
    hbase_int16_desc,
    [desc],
    i16,
    any::<i16>(),
    Some(desc)
);
hbase!(
    HbI32Asc,
    hbase_int32_asc,
    [],
    i32,
    edge(vec![i32::MIN, -1, 0, i32::MAX], any::<i32>()),
    Some(asc)
);
hbase!(
    HbI64Desc,
    hbase_int64_desc,
    [desc],
    i64,
    edge(vec![i64::MIN, -1, 0, i64::MAX], any::<i64>()),
    Some(desc)
);
hbase!(HbF32Asc, hbase_float32_asc, [], f32, f32s(), Some(f32_asc));
hbase!(
    HbF32Desc,
    hbase_float32_desc,
    [desc],
    f32,
    f32s(),
    Some(f32_desc)
);
hbase!(HbF64Asc, hbase_float64_asc, [], f64, double(), Some(f_asc));
hbase!(
    HbF64Desc,
    hbase_float64_desc,
    [desc],
    f64,
    double(),
    Some(f_desc)
);
hbase!(
    HbStrAsc,
    hbase_string_asc,
    [],
    String,
    hb_string(),
    Some(asc)
);
hbase!(
    HbStrDesc,
    hbase_string_desc,
    [desc],
    String,
    hb_string(),
    Some(desc)
);
// OrderedBlobVar: 7 bits per byte, every byte but the last marked, so [01] sorts before
// [00 00] (HBase's own bytes, in ordered_bytes.jsonl): no order promised.
hbase!(HbBlobAsc, hbase_blobvar_asc, [], Vec<u8>, hb_bytes(), None);
hbase!(
    HbBlobDesc,
    hbase_blobvar_desc,
    [desc],
    Vec<u8>,
    hb_bytes(),
    None
);
hbase!(
    HbOptAsc,
    hbase_nullable_string_asc,
    [],
    Option<String>,
    proptest::option::of(hb_string()),
    Some(asc)
);
hbase!(
    HbOptBlobDesc,
    hbase_nullable_blobvar_desc_in_front,
    [desc],
    Option<Vec<u8>>,
    proptest::option::of(hb_bytes()),
    None
);
hbase!(
    HbNumAsc,
    hbase_numeric_asc,
    [],
    rust_decimal::Decimal,
    decimal(),
    Some(asc)
);
hbase!(
    HbNumDesc,
    hbase_numeric_desc,
    [desc],
    rust_decimal::Decimal,
    decimal(),
    Some(desc)
);
hbase!(
    HbOptNumAsc,
    hbase_nullable_numeric_asc,
    [],
    Option<rust_decimal::Decimal>,
    proptest::option::of(decimal()),
    Some(asc)
);

// HBase's Raw* members and OrderedBlob.

fn raw_double(a: &f64, b: &f64) -> Ordering {
    let bits = |x: &f64| {
        if x.is_nan() {
            0x7ff8_0000_0000_0000
        } else {
            x.to_bits()
        }
    };
    bits(a).cmp(&bits(b))
}

/// HBase bytes without `00` (a terminated member, a DESC OrderedBlob).
fn hb_bytes_no_nul() -> impl Strategy<Value = Vec<u8>> {
    hb_bytes().prop_map(|mut v| {
        v.retain(|&b| b != 0);
        v
    })
}

/// Up to four bytes not ending in `00` (a padded Raw*FixedLength(4)).
fn hb_padded() -> impl Strategy<Value = Vec<u8>> {
    hb_bytes().prop_map(|mut v| {
        v.truncate(4);
        while v.last() == Some(&0) {
            v.pop();
        }
        v
    })
}

/// Two's complement (HBase's `RawLong`, `Bytes.toBytes`): the bytes sort as the bits do.
fn bits_asc(a: &i64, b: &i64) -> Ordering {
    (*a as u64).cmp(&(*b as u64))
}

hbase!(
    HbRawLong,
    hbase_raw_long,
    [java],
    i64,
    edge(vec![i64::MIN, -1, 0, 1, i64::MAX], any::<i64>()),
    Some(bits_asc)
);
hbase!(
    HbRawDouble,
    hbase_raw_double,
    [java],
    f64,
    double(),
    Some(raw_double)
);
hbase!(
    HbTermStrAsc,
    hbase_string_terminated_asc,
    [java(nul_terminated)],
    String,
    hb_string(),
    Some(asc)
);
hbase!(
    HbTermStrDesc,
    hbase_string_terminated_desc,
    [java(nul_terminated), desc],
    String,
    hb_string(),
    Some(desc)
);
hbase!(
    HbTermBytesDesc,
    hbase_bytes_terminated_desc,
    [java(nul_terminated), desc],
    Vec<u8>,
    hb_bytes_no_nul(),
    Some(desc)
);
hbase!(
    HbFixedBytes,
    hbase_bytes_fixed_length,
    [fixed(4)],
    Vec<u8>,
    hb_padded(),
    Some(asc)
);
hbase!(
    HbFixedStr,
    hbase_string_fixed_length,
    [fixed(8)],
    String,
    hb_string().prop_filter("fits 8 bytes", |s| s.len() <= 8),
    Some(asc)
);
hbase!(
    HbArrayDesc,
    hbase_bytes_array_desc,
    [desc],
    [u8; 3],
    any::<[u8; 3]>(),
    Some(desc)
);

/// `$name`: an HBase Struct of `head: i16` then `x: $ty`, a member Struct takes last only.
macro_rules! hbase_last {
    ($name:ident, $test:ident, [$($attr:meta),*], $ty:ty, $gen:expr, $order:expr) => {
        #[derive(RowKey, Debug, PartialEq, Clone)]
        #[rowkey(encoding = "hbase_ordered")]
        struct $name {
            head: i16,
            $(#[$attr])*
            x: $ty,
        }

        impl Case for $name {
            fn order(a: &Self, b: &Self) -> Option<Ordering> {
                let x: Option<fn(&$ty, &$ty) -> Ordering> = $order;
                x.map(|x| a.head.cmp(&b.head).then_with(|| x(&a.x, &b.x)))
            }
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(256))]
            #[test]
            fn $test(
                keys in proptest::collection::vec(
                    (-1i16..=1, $gen).prop_map(|(head, x)| $name { head, x }),
                    1..24,
                ),
                mutations in proptest::collection::vec((any::<usize>(), any::<usize>(), any::<u8>()), 32),
            ) {
                check(&keys, &mutations)?;
            }
        }
    };
}

hbase_last!(
    HbBlobAsc2,
    hbase_blob_asc,
    [blob],
    Vec<u8>,
    hb_bytes(),
    Some(asc)
);
hbase_last!(
    HbBlobDesc2,
    hbase_blob_desc,
    [blob, desc],
    Vec<u8>,
    hb_bytes_no_nul(),
    Some(desc)
);
hbase_last!(
    HbOptBlob,
    hbase_nullable_blob_asc,
    [blob],
    Option<Vec<u8>>,
    proptest::option::of(hb_bytes()),
    Some(asc)
);
hbase_last!(
    HbRawStr,
    hbase_raw_string_asc,
    [java],
    String,
    hb_string(),
    Some(asc)
);
// DESC RawString: inverted bytes to the end of the key, so "a" sorts before "ab": no order.
hbase_last!(
    HbRawStrDesc,
    hbase_raw_string_desc,
    [java, desc],
    String,
    hb_string(),
    None
);

/// HBase bytes that a `00 00` terminator accepts: no `00 00` inside, no `00` at the end.
fn hb_bytes_term2() -> impl Strategy<Value = Vec<u8>> {
    hb_bytes().prop_map(|mut v| {
        v.dedup_by(|a, b| *a == 0 && *b == 0);
        while v.last() == Some(&0) {
            v.pop();
        }
        v
    })
}

hbase!(
    HbTerm2Asc,
    hbase_bytes_terminated_two_bytes_asc,
    [java(terminated = b"\0\0")],
    Vec<u8>,
    hb_bytes_term2(),
    Some(asc)
);
hbase!(
    HbTerm2Desc,
    hbase_bytes_terminated_two_bytes_desc,
    [java(terminated = b"\0\0"), desc],
    Vec<u8>,
    hb_bytes_term2(),
    Some(desc)
);
