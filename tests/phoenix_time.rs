//! Phoenix DATE, TIME, TIMESTAMP (and their UNSIGNED_ forms), BOOLEAN, FLOAT, UNSIGNED_FLOAT,
//! UNSIGNED_DOUBLE, UNSIGNED_TINYINT and UNSIGNED_SMALLINT against the bytes Phoenix's own type
//! classes wrote (rowkey-testkit/data/phoenix_time_types.jsonl; see rowkey-testkit/data/README.md). Every line is
//! checked: an encode line's ASC and DESC bytes and the decode back to the value *Phoenix*
//! decoded; a decode line's bytes decode to Phoenix's value when Phoenix writes those bytes
//! itself, and are refused otherwise (decode is canonical). Then properties: order, round trip,
//! canonical decode, hostile bytes, in one-field and composite keys.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use proptest::prelude::*;

use rowkey::{DecodeError, EncodeError, RowKey};
use serde_json::Value;

use rowkey_testkit::props as support;
use support::{hex, unhex_str as unhex};

/// One-field keys, ascending and `#[desc]`.
mod one {
    use rowkey::RowKey;
    use std::time::SystemTime;

    macro_rules! one {
        ($($asc:ident $desc:ident: $($attr:meta)* => $ty:ty;)*) => {$(
            #[derive(RowKey, Debug, PartialEq, Clone, Copy)]
            #[rowkey(encoding = "phoenix")]
            pub struct $asc {
                $(#[$attr])*
                pub v: $ty,
            }

            #[derive(RowKey, Debug, PartialEq, Clone, Copy)]
            #[rowkey(encoding = "phoenix")]
            pub struct $desc {
                $(#[$attr])*
                #[desc]
                pub v: $ty,
            }
        )*};
    }

    one! {
        Date DateDesc: phoenix(DATE) => SystemTime;
        Time TimeDesc: phoenix(TIME) => SystemTime;
        Ts TsDesc: => SystemTime;
        UDate UDateDesc: phoenix(UNSIGNED_DATE) => SystemTime;
        UTime UTimeDesc: phoenix(UNSIGNED_TIME) => SystemTime;
        UTs UTsDesc: phoenix(UNSIGNED_TIMESTAMP) => SystemTime;
        Bool BoolDesc: => bool;
        F32 F32Desc: => f32;
        UF32 UF32Desc: phoenix(UNSIGNED_FLOAT) => f32;
        F64 F64Desc: => f64;
        UF64 UF64Desc: phoenix(UNSIGNED_DOUBLE) => f64;
        U8 U8Desc: => u8;
        U16 U16Desc: => u16;
    }
}

/// The instant `millis` ms and `sub` ns after 1970 (both may make it earlier).
fn instant(millis: i64, sub: u32) -> SystemTime {
    let base = if millis >= 0 {
        UNIX_EPOCH + Duration::from_millis(millis as u64)
    } else {
        UNIX_EPOCH - Duration::from_millis(millis.unsigned_abs())
    };
    base + Duration::from_nanos(u64::from(sub))
}

/// A Java `Timestamp`'s `getTime()` and `getNanos()` (the whole fraction of its second) as an
/// instant: the millisecond already holds `nanos / 10^6`.
fn java_timestamp(millis: i64, nanos: Option<u64>) -> SystemTime {
    instant(millis, nanos.map_or(0, |n| (n % 1_000_000) as u32))
}

/// What a value of a line is in Rust, per SQL type.
#[derive(Debug, Clone, Copy, PartialEq)]
enum V {
    Time(SystemTime),
    Bool(bool),
    F32(u32),
    F64(u64),
    Int(i64),
}

/// The value of `field` (`value` or `decoded`, with its `_nanos` / `_bits`).
fn value(line: &Value, sql: &str, field: &str) -> V {
    let text = line[field].as_str().expect("a value");
    let extra = |suffix: &str| line.get(format!("{field}_{suffix}"));
    match sql {
        "DATE" | "TIME" | "UNSIGNED_DATE" | "UNSIGNED_TIME" => {
            V::Time(instant(text.parse().expect("millis"), 0))
        }
        "TIMESTAMP" | "UNSIGNED_TIMESTAMP" => V::Time(java_timestamp(
            text.parse().expect("millis"),
            extra("nanos").and_then(Value::as_u64),
        )),
        "BOOLEAN" => V::Bool(text.parse().expect("true or false")),
        "FLOAT" | "UNSIGNED_FLOAT" => {
            let bits = extra("bits").and_then(Value::as_str).expect("bits");
            V::F32(u32::from_str_radix(bits, 16).expect("hex bits"))
        }
        "DOUBLE" | "UNSIGNED_DOUBLE" => {
            let bits = extra("bits").and_then(Value::as_str).expect("bits");
            V::F64(u64::from_str_radix(bits, 16).expect("hex bits"))
        }
        _ => V::Int(text.parse().expect("an integer")),
    }
}

/// Encodes `v` as `sql`, ASC and DESC.
fn encode(sql: &str, v: V) -> (Result<Vec<u8>, EncodeError>, Result<Vec<u8>, EncodeError>) {
    use one::*;
    macro_rules! both {
        ($a:ident, $d:ident, $v:expr) => {
            ($a { v: $v }.encode(), $d { v: $v }.encode())
        };
    }
    let refused = || {
        let e = || {
            Err(EncodeError::Unrepresentable {
                field: "v",
                encoding: "Rust",
                reason: "the Rust type cannot hold it",
            })
        };
        (e(), e())
    };
    match (sql, v) {
        ("DATE", V::Time(t)) => both!(Date, DateDesc, t),
        ("TIME", V::Time(t)) => both!(Time, TimeDesc, t),
        ("TIMESTAMP", V::Time(t)) => both!(Ts, TsDesc, t),
        ("UNSIGNED_DATE", V::Time(t)) => both!(UDate, UDateDesc, t),
        ("UNSIGNED_TIME", V::Time(t)) => both!(UTime, UTimeDesc, t),
        ("UNSIGNED_TIMESTAMP", V::Time(t)) => both!(UTs, UTsDesc, t),
        ("BOOLEAN", V::Bool(b)) => both!(Bool, BoolDesc, b),
        ("FLOAT", V::F32(b)) => both!(F32, F32Desc, f32::from_bits(b)),
        ("UNSIGNED_FLOAT", V::F32(b)) => both!(UF32, UF32Desc, f32::from_bits(b)),
        ("DOUBLE", V::F64(b)) => both!(F64, F64Desc, f64::from_bits(b)),
        ("UNSIGNED_DOUBLE", V::F64(b)) => both!(UF64, UF64Desc, f64::from_bits(b)),
        ("UNSIGNED_TINYINT", V::Int(i)) => match u8::try_from(i) {
            Ok(v) => both!(U8, U8Desc, v),
            Err(_) => refused(),
        },
        ("UNSIGNED_SMALLINT", V::Int(i)) => match u16::try_from(i) {
            Ok(v) => both!(U16, U16Desc, v),
            Err(_) => refused(),
        },
        other => panic!("no Rust key for {other:?}"),
    }
}

/// Decodes `bytes` as `sql`, DESC or not, as a `V`.
fn decode(sql: &str, bytes: &[u8], desc: bool) -> Result<V, DecodeError> {
    use one::*;
    macro_rules! dec {
        ($a:ident, $d:ident, $map:expr) => {
            if desc {
                $d::decode(bytes).map(|k| $map(k.v))
            } else {
                $a::decode(bytes).map(|k| $map(k.v))
            }
        };
    }
    match sql {
        "DATE" => dec!(Date, DateDesc, V::Time),
        "TIME" => dec!(Time, TimeDesc, V::Time),
        "TIMESTAMP" => dec!(Ts, TsDesc, V::Time),
        "UNSIGNED_DATE" => dec!(UDate, UDateDesc, V::Time),
        "UNSIGNED_TIME" => dec!(UTime, UTimeDesc, V::Time),
        "UNSIGNED_TIMESTAMP" => dec!(UTs, UTsDesc, V::Time),
        "BOOLEAN" => dec!(Bool, BoolDesc, V::Bool),
        "FLOAT" => dec!(F32, F32Desc, |f: f32| V::F32(f.to_bits())),
        "UNSIGNED_FLOAT" => dec!(UF32, UF32Desc, |f: f32| V::F32(f.to_bits())),
        "DOUBLE" => dec!(F64, F64Desc, |f: f64| V::F64(f.to_bits())),
        "UNSIGNED_DOUBLE" => dec!(UF64, UF64Desc, |f: f64| V::F64(f.to_bits())),
        "UNSIGNED_TINYINT" => dec!(U8, U8Desc, |i: u8| V::Int(i.into())),
        "UNSIGNED_SMALLINT" => dec!(U16, U16Desc, |i: u16| V::Int(i.into())),
        other => panic!("no Rust key for {other}"),
    }
}

/// `-0.0` or a negative NaN as an UNSIGNED_FLOAT or UNSIGNED_DOUBLE: Phoenix writes their sign
/// bit, above every positive value, so rowkey refuses them both ways.
fn unsigned_with_sign_bit(sql: &str, v: V) -> bool {
    let negative = match v {
        V::F32(b) => b >> 31 == 1,
        V::F64(b) => b >> 63 == 1,
        _ => false,
    };
    sql.starts_with("UNSIGNED_") && negative
}

/// An encode line: Phoenix's bytes both ways and its decoded value, or its refusal.
fn encode_line(line: &Value, sql: &str) -> &'static str {
    if line["value"].is_null() {
        // NULL: these key columns are fixed width, which the derive makes NOT NULL (an
        // `Option` of them is a compile error; see rowkey-ui/tests/ui).
        return "null";
    }
    let v = value(line, sql, "value");
    let (asc, desc) = encode(sql, v);
    if line.get("error").is_some() {
        assert!(asc.is_err() && desc.is_err(), "Phoenix refuses; so must we");
        return "refused by both";
    }
    if unsigned_with_sign_bit(sql, v) {
        // -0.0 and negative NaNs: Phoenix writes their sign bit, above every positive value.
        let e = asc.expect_err("a sign bit is refused");
        assert!(e.to_string().contains("0.0 or more"), "{e}");
        assert!(desc.is_err());
        return "refused here (sign bit)";
    }
    let (asc, desc) = (asc.expect("encodes"), desc.expect("encodes"));
    assert_eq!(hex(&asc), line["to_bytes"].as_str().unwrap());
    assert_eq!(hex(&desc), line["to_bytes_desc"].as_str().unwrap());
    assert_eq!(decode(sql, &asc, false), Ok(value(line, sql, "decoded")));
    assert_eq!(
        decode(sql, &desc, true),
        Ok(value(line, sql, "decoded_desc"))
    );
    "reproduced"
}

/// A decode line: Phoenix's value when Phoenix would write these bytes, else a refusal.
fn decode_line(line: &Value, sql: &str) -> &'static str {
    let bytes = unhex(line["bytes"].as_str().unwrap());
    let desc = line["sort_order"] == "DESC";
    let ours = decode(sql, &bytes, desc);
    if line.get("error").is_some() {
        assert!(ours.is_err(), "Phoenix refuses {bytes:02x?}; so must we");
        return "refused by both";
    }
    let decoded = line["decoded"]
        .is_string()
        .then(|| value(line, sql, "decoded"));
    if decoded.is_some_and(|v| unsigned_with_sign_bit(sql, v)) {
        assert!(
            matches!(ours, Err(DecodeError::OutOfRange { .. })),
            "{ours:?}"
        );
        return "refused here (sign bit)";
    }
    let canonical = line["reencoded"].as_str() == Some(&hex(&bytes)) && !bytes.is_empty();
    if !canonical {
        // Phoenix reads them (as NULL, or leniently) but writes other bytes for that value.
        assert!(
            ours.is_err(),
            "{sql} {bytes:02x?} is not canonical: {ours:?}"
        );
        return "not canonical: refused";
    }
    assert_eq!(ours.ok(), decoded, "{sql} {bytes:02x?}");
    "decoded"
}

#[test]
fn every_phoenix_time_types_line() {
    let mut counts = std::collections::BTreeMap::<String, usize>::new();
    let text = rowkey_testkit::golden::text("phoenix_time_types.jsonl");
    for (n, text) in text.lines().enumerate() {
        let line: Value = serde_json::from_str(text).expect("a JSON line");
        let sql = line["sql_type"].as_str().expect("sql_type");
        let outcome = std::panic::catch_unwind(|| match line["kind"].as_str() {
            Some("encode") => encode_line(&line, sql),
            Some("decode") => decode_line(&line, sql),
            other => panic!("kind {other:?}"),
        });
        match outcome {
            Ok(what) => *counts.entry(format!("{sql} {what}")).or_default() += 1,
            Err(_) => panic!("line {} ({text}) failed", n + 1),
        }
    }
    let total: usize = counts.values().sum();
    assert_eq!(total, 332, "{counts:#?}");
    // Every type was reproduced somewhere; the refusals are the ones documented.
    for sql in [
        "DATE",
        "TIME",
        "TIMESTAMP",
        "UNSIGNED_DATE",
        "UNSIGNED_TIME",
        "UNSIGNED_TIMESTAMP",
        "BOOLEAN",
        "FLOAT",
        "UNSIGNED_FLOAT",
        "DOUBLE",
        "UNSIGNED_DOUBLE",
        "UNSIGNED_TINYINT",
        "UNSIGNED_SMALLINT",
    ] {
        assert!(
            counts[&format!("{sql} reproduced")] > 0,
            "{sql}: {counts:#?}"
        );
    }
    println!("{counts:#?}");
}

/// A composite Phoenix key mixing the new types with the ones before them.
#[derive(RowKey, Debug, PartialEq, Clone)]
#[rowkey(encoding = "phoenix")]
#[salt(phoenix, buckets = 4)]
struct Event {
    at: SystemTime,
    #[desc]
    done: bool,
    #[phoenix(DATE)]
    #[desc]
    day: SystemTime,
    score: f32,
    #[phoenix(UNSIGNED_TIMESTAMP)]
    seen: SystemTime,
    level: u8,
    name: String,
}

/// Instants around the corners: 1970 and the nanoseconds beside it, whole and split
/// milliseconds, before and after 1970, and the `i64` millisecond limits.
fn instant_strategy() -> impl Strategy<Value = (i64, u32)> {
    let millis = prop_oneof![
        Just(0i64),
        Just(-1),
        Just(1),
        Just(i64::MIN),
        Just(i64::MAX),
        -3_000_000_000_000i64..3_000_000_000_000,
        any::<i64>(),
    ];
    let sub = prop_oneof![Just(0u32), Just(1), Just(999_999), 0u32..1_000_000];
    (millis, sub)
}

fn f32_strategy() -> impl Strategy<Value = f32> {
    prop_oneof![
        Just(0.0f32),
        Just(-0.0),
        Just(f32::NAN),
        Just(f32::from_bits(0xFFC0_0001)),
        Just(f32::INFINITY),
        Just(f32::NEG_INFINITY),
        Just(f32::MIN_POSITIVE),
        Just(-f32::from_bits(1)),
        any::<u32>().prop_map(f32::from_bits),
    ]
}

fn event_strategy() -> impl Strategy<Value = Event> {
    (
        instant_strategy(),
        any::<bool>(),
        instant_strategy(),
        f32_strategy(),
        instant_strategy(),
        prop_oneof![Just(0u8), Just(127), Just(128), any::<u8>()],
        prop_oneof![
            Just(String::new()),
            Just("a".to_string()),
            "[a-c\\x00]{0,3}"
        ],
    )
        .prop_map(|(at, done, day, score, seen, level, name)| Event {
            at: instant(at.0, at.1),
            done,
            day: instant(day.0, 0),
            score,
            seen: instant(seen.0, seen.1),
            level,
            name,
        })
}

/// What `Event::encode` accepts, said independently of the codec.
fn accepted(e: &Event) -> bool {
    e.seen >= UNIX_EPOCH && e.level <= 127 && !e.name.is_empty() && !e.name.contains('\0')
}

/// Phoenix FLOAT's order: `total_cmp` with every NaN as Java's one NaN.
fn float_order(a: f32, b: f32) -> std::cmp::Ordering {
    let canonical = |x: f32| if x.is_nan() { f32::NAN } else { x };
    canonical(a).total_cmp(&canonical(b))
}

/// The key's logical order after the salt: each field ascending unless `#[desc]`.
fn logical(a: &Event, b: &Event) -> std::cmp::Ordering {
    a.at.cmp(&b.at)
        .then(b.done.cmp(&a.done))
        .then(b.day.cmp(&a.day))
        .then(float_order(a.score, b.score))
        .then(a.seen.cmp(&b.seen))
        .then(a.level.cmp(&b.level))
        .then(a.name.cmp(&b.name))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Encode refuses exactly what Phoenix cannot hold (each refusal names its field), decodes
    /// back to an equal key (NaN as Java's NaN), and orders keys as their values after the salt.
    #[test]
    fn composite_keys_round_trip_and_order(a in event_strategy(), b in event_strategy()) {
        for e in [&a, &b] {
            match e.encode() {
                Ok(bytes) => {
                    prop_assert!(accepted(e), "{e:?} encoded");
                    let back = Event::decode(&bytes).unwrap();
                    prop_assert_eq!(logical(&back, e), std::cmp::Ordering::Equal);
                    prop_assert_eq!(back.encode().unwrap(), bytes);
                }
                Err(err) => {
                    prop_assert!(!accepted(e), "{e:?} refused: {err}");
                    prop_assert!(["seen", "level", "name"].contains(&err.field().unwrap()));
                }
            }
        }
        if let (Ok(x), Ok(y)) = (a.encode(), b.encode())
            && x[0] == y[0] {
                prop_assert_eq!(logical(&a, &b), x[1..].cmp(&y[1..]));
            }
    }

    /// Hostile bytes (a valid key with one byte changed, cut short or extended): decode never
    /// panics, and what it accepts encodes back to the same bytes.
    #[test]
    fn decode_is_canonical_on_hostile_bytes(
        e in event_strategy(),
        at in any::<prop::sample::Index>(),
        byte in support::nasty_byte(),
        how in 0u8..3,
    ) {
        let Ok(mut bytes) = e.encode() else { return Ok(()) };
        let i = at.index(bytes.len());
        match how {
            0 => bytes[i] = byte,
            1 => bytes.truncate(i),
            _ => bytes.insert(i, byte),
        }
        if let Ok(back) = Event::decode(&bytes) {
            prop_assert_eq!(back.encode().unwrap(), bytes);
        }
    }
}

/// A ROW_TIMESTAMP column writes its type's bytes, refuses (and does not read) times before 1970,
/// and says so in the layout.
#[test]
fn row_timestamp_columns_are_their_type_from_1970() {
    #[derive(RowKey, Debug, PartialEq)]
    #[rowkey(encoding = "phoenix")]
    struct Plain {
        at: SystemTime,
        id: i64,
    }
    #[derive(RowKey, Debug, PartialEq)]
    #[rowkey(encoding = "phoenix")]
    struct Row {
        #[phoenix(ROW_TIMESTAMP)]
        at: SystemTime,
        id: i64,
    }
    #[derive(RowKey, Debug, PartialEq)]
    #[rowkey(encoding = "phoenix")]
    struct Day {
        #[phoenix(DATE, ROW_TIMESTAMP)]
        #[desc]
        day: SystemTime,
    }
    #[derive(RowKey, Debug, PartialEq)]
    #[rowkey(encoding = "phoenix")]
    struct Millis {
        tenant: String,
        #[phoenix(ROW_TIMESTAMP)]
        ts: i64,
    }
    let at = instant(1_700_000_000_123, 456_789);
    let row = Row { at, id: 7 }.encode().unwrap();
    assert_eq!(row, Plain { at, id: 7 }.encode().unwrap());
    assert_eq!(Row::decode(&row).unwrap(), Row { at, id: 7 });
    let before = instant(-1, 999_999);
    let err = Row { at: before, id: 7 }.encode().unwrap_err();
    assert_eq!(err.field(), Some("at"));
    assert!(err.to_string().contains("ROW_TIMESTAMP"), "{err}");
    // Bytes a plain TIMESTAMP writes before 1970 are not a ROW_TIMESTAMP.
    let plain = Plain { at: before, id: 7 }.encode().unwrap();
    assert!(matches!(
        Row::decode(&plain),
        Err(DecodeError::OutOfRange {
            field: "at",
            offset: 0
        })
    ));
    let day = instant(1_699_920_000_000, 0);
    let d = Day { day }.encode().unwrap();
    assert_eq!(d, [0x7F, 0xFF, 0xFE, 0x74, 0x34, 0xDF, 0x4B, 0xFF]);
    assert!(Day {
        day: instant(-86_400_000, 0)
    }
    .encode()
    .is_err());
    let m = Millis {
        tenant: "a".into(),
        ts: 5,
    }
    .encode()
    .unwrap();
    assert_eq!(m, b"a\x00\x80\x00\x00\x00\x00\x00\x00\x05");
    assert!(Millis {
        tenant: "a".into(),
        ts: -1
    }
    .encode()
    .is_err());
    assert!(Millis::decode(b"a\x00\x7f\xff\xff\xff\xff\xff\xff\xff").is_err());
    assert_eq!(Millis::decode(&m).unwrap().ts, 5);
    let layout = Row::layout().to_string();
    assert!(layout.contains("TIMESTAMP ROW_TIMESTAMP"), "{layout}");
    // The fingerprint follows the column: DATE and TIMESTAMP of a SystemTime differ.
    assert_ne!(Row::LAYOUT_FINGERPRINT, Plain::LAYOUT_FINGERPRINT);
}

/// chrono's `DateTime<Utc>` (feature `chrono`): the same bytes as a `SystemTime` for every
/// golden DATE, TIME and TIMESTAMP line chrono can hold, decoded back to the same instant; a
/// leap second is refused.
#[test]
fn chrono_date_times_write_the_golden_bytes() {
    use chrono::{DateTime, Utc};
    macro_rules! keys {
        ($($asc:ident $desc:ident: $($attr:meta)*;)*) => {$(
            #[derive(RowKey, Debug, PartialEq)]
            #[rowkey(encoding = "phoenix")]
            struct $asc {
                $(#[$attr])*
                v: DateTime<Utc>,
            }
            #[derive(RowKey, Debug, PartialEq)]
            #[rowkey(encoding = "phoenix")]
            struct $desc {
                $(#[$attr])*
                #[desc]
                v: DateTime<Utc>,
            }
        )*};
    }
    keys! {
        CDate CDateDesc: phoenix(DATE);
        CTime CTimeDesc: phoenix(TIME);
        CTs CTsDesc: ;
        CUDate CUDateDesc: phoenix(UNSIGNED_DATE);
        CUTime CUTimeDesc: phoenix(UNSIGNED_TIME);
        CUTs CUTsDesc: phoenix(UNSIGNED_TIMESTAMP);
    }
    fn both<A: RowKey, D: RowKey>(a: &A, d: &D) -> Option<(String, String)> {
        Some((hex(&a.encode().ok()?), hex(&d.encode().ok()?)))
    }
    let mut checked = 0;
    for text in rowkey_testkit::golden::text("phoenix_time_types.jsonl").lines() {
        let line: Value = serde_json::from_str(text).unwrap();
        let sql = line["sql_type"].as_str().unwrap();
        if line["kind"] != "encode"
            || line["value"].is_null()
            || !sql.contains("DATE") && !sql.contains("TIME")
        {
            continue;
        }
        let millis: i64 = line["value"].as_str().unwrap().parse().unwrap();
        let sub = line
            .get("value_nanos")
            .and_then(Value::as_u64)
            .map_or(0, |n| n % 1_000_000) as u32;
        let Some(v) = DateTime::<Utc>::from_timestamp(
            millis.div_euclid(1000),
            (millis.rem_euclid(1000) as u32) * 1_000_000 + sub,
        ) else {
            continue; // beyond chrono's range
        };
        let got = match sql {
            "DATE" => both(&CDate { v }, &CDateDesc { v }),
            "TIME" => both(&CTime { v }, &CTimeDesc { v }),
            "TIMESTAMP" => both(&CTs { v }, &CTsDesc { v }),
            "UNSIGNED_DATE" => both(&CUDate { v }, &CUDateDesc { v }),
            "UNSIGNED_TIME" => both(&CUTime { v }, &CUTimeDesc { v }),
            "UNSIGNED_TIMESTAMP" => both(&CUTs { v }, &CUTsDesc { v }),
            other => panic!("{other}"),
        };
        match got {
            None => assert!(line.get("error").is_some(), "{text}"),
            Some((a, d)) => {
                assert_eq!(a, line["to_bytes"].as_str().unwrap(), "{text}");
                assert_eq!(d, line["to_bytes_desc"].as_str().unwrap(), "{text}");
                if sql == "TIMESTAMP" {
                    assert_eq!(CTs::decode(&unhex(&a)).unwrap().v, v);
                    assert_eq!(CTsDesc::decode(&unhex(&d)).unwrap().v, v);
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "{checked}");
    let leap = DateTime::<Utc>::from_timestamp(1_483_228_799, 1_500_000_000).unwrap();
    assert!(CTs { v: leap }.encode().is_err());
    // An instant Phoenix can write but chrono cannot hold does not decode.
    let far = one::Ts {
        v: instant(i64::MAX, 0),
    }
    .encode()
    .unwrap();
    assert!(matches!(
        CTs::decode(&far),
        Err(DecodeError::OutOfRange { field: "v", .. })
    ));
}
