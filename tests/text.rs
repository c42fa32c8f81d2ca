//! Text layouts (`#[rowkey(delimiter = ":")]`): the HBase book's keys byte for byte, the
//! reference guide's `a-foo0003`, round trips for every text field kind, byte order for
//! fixed-width layouts, and the documented order of variable-width fields.

use core::cmp::Ordering;
use std::collections::BTreeMap;

use proptest::prelude::*;
use rowkey::{DecodeError, EncodeError, RowKey};

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(delimiter = ":")]
#[salt(md5, of = "message_id")]
struct MessageText {
    #[decimal(6)]
    date: u32,
    #[decimal(6)]
    time: u32,
    message_id: u64,
}

#[test]
fn the_hbase_books_message_keys() {
    let book = [
        (
            (230611, 63031, 1231231),
            "8D4646EB2D7067126EB08ADB0672F7BB:230611:063031:1231231",
        ),
        (
            (230611, 63032, 1231232),
            "715782C59C0561E9B6CE0F3D522C32F1:230611:063032:1231232",
        ),
        (
            (230611, 63032, 1231233),
            "57F962C03EF3526EC6E95CEB50785C4C:230611:063032:1231233",
        ),
        (
            (230611, 63033, 1231234),
            "8B353D5CC07E13577608711F4602FCB7:230611:063033:1231234",
        ),
        (
            (230611, 63033, 1231235),
            "430EDB0C535BF08174E122EFECFA711D:230611:063033:1231235",
        ),
    ];
    for ((date, time, message_id), expected) in book {
        let k = MessageText {
            date,
            time,
            message_id,
        };
        assert_eq!(String::from_utf8(k.encode().unwrap()).unwrap(), expected);
        assert_eq!(MessageText::decode(expected.as_bytes()).unwrap(), k);
        // A Get for the row is exactly that key.
        let plan = MessageText::scan()
            .date(date)
            .time(time)
            .message_id(message_id)
            .plan()
            .unwrap();
        assert_eq!(plan.row(), Some(expected.as_bytes()));
    }
    assert_eq!(MessageText::DELIMITER, Some(b':'));
    assert_eq!(MessageText::MAX_LEN, Some(32 + 1 + 6 + 1 + 6 + 1 + 20));
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(delimiter = "-")]
#[salt(random, buckets = 4, alphabet = "abcd")]
struct RandomFoo {
    name: String,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(delimiter = "-")]
#[salt(md5, buckets = 4, of = "name", alphabet = "abcd")]
struct HashedFoo {
    name: String,
}

#[test]
fn the_reference_guides_prefixed_keys() {
    for prefix in ["a", "b", "c", "d"] {
        let key = format!("{prefix}-foo0003");
        assert_eq!(
            RandomFoo::decode(key.as_bytes()).unwrap(),
            RandomFoo {
                name: "foo0003".into()
            }
        );
    }
    let key = RandomFoo {
        name: "foo0003".into(),
    }
    .encode()
    .unwrap();
    assert!(matches!(
        &key[..],
        [b'a'..=b'd', b'-', b'f', b'o', b'o', b'0', b'0', b'0', b'3']
    ));
    // Every candidate row a reader must try.
    let plan = RandomFoo::scan().name("foo0003").plan().unwrap();
    let rows: Vec<&[u8]> = plan.rows();
    assert_eq!(
        rows,
        [&b"a-foo0003"[..], b"b-foo0003", b"c-foo0003", b"d-foo0003"]
    );
    // The hashed form: one row, whose prefix letter is MD5("foo0003") mod 4.
    let bucket = rowkey::salt::md5_bucket(&[b"foo0003"], 4);
    let expected = format!("{}-foo0003", (b'a' + bucket) as char);
    assert_eq!(
        HashedFoo {
            name: "foo0003".into()
        }
        .encode()
        .unwrap(),
        expected.as_bytes()
    );
    assert_eq!(
        HashedFoo::scan().name("foo0003").plan().unwrap().row(),
        Some(expected.as_bytes())
    );
    // Another letter is a salt mismatch; a letter outside the alphabet is not a bucket.
    let wrong = format!("{}-foo0003", (b'a' + (bucket + 1) % 4) as char);
    assert!(matches!(
        HashedFoo::decode(wrong.as_bytes()),
        Err(DecodeError::SaltMismatch { .. })
    ));
    assert!(matches!(
        HashedFoo::decode(b"e-foo0003"),
        Err(DecodeError::NotADigit {
            field: "salt",
            offset: 0,
            ..
        })
    ));
}

/// Every fixed-width text field kind, a decimal bucket salt: byte order is logical order.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(delimiter = "|")]
#[salt(md5, buckets = 16, of = "id")]
struct Fixed {
    #[fixed(4)]
    host: String,
    #[decimal(6)]
    day: u32,
    #[desc]
    #[decimal(4)]
    rank: u16,
    #[hex(4)]
    shard: u16,
    #[desc]
    #[hex(2)]
    level: u8,
    #[reverse_ts]
    ts: i64,
    #[fixed(3, pad = '_')]
    tag: String,
    #[decimal(8)]
    id: u32,
}

fn host() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![Just('a'), Just('b'), Just('é'), Just(' ')],
        0..3,
    )
    .prop_map(|c| {
        let s: String = c.into_iter().collect();
        s.trim_end_matches(' ').to_owned()
    })
}

fn tag() -> impl Strategy<Value = String> {
    proptest::collection::vec(prop_oneof![Just('x'), Just('y'), Just('_')], 0..3).prop_map(|c| {
        c.into_iter()
            .collect::<String>()
            .trim_end_matches('_')
            .to_owned()
    })
}

fn fixed() -> impl Strategy<Value = Fixed> {
    (
        host(),
        0..1_000_000u32,
        0..10_000u16,
        any::<u16>(),
        any::<u8>(),
        prop_oneof![
            Just(0i64),
            Just(i64::MAX),
            0..3i64,
            1_700_000_000_000i64..1_700_000_000_003
        ],
        tag(),
        0..100_000_000u32,
    )
        .prop_map(|(host, day, rank, shard, level, ts, tag, id)| Fixed {
            host,
            day,
            rank,
            shard,
            level,
            ts,
            tag,
            id,
        })
}

/// The logical order: fields in order, `desc` and `reverse_ts` reversed.
fn fixed_cmp(a: &Fixed, b: &Fixed) -> Ordering {
    a.host
        .cmp(&b.host)
        .then(a.day.cmp(&b.day))
        .then(b.rank.cmp(&a.rank))
        .then(a.shard.cmp(&b.shard))
        .then(b.level.cmp(&a.level))
        .then(b.ts.cmp(&a.ts))
        .then(a.tag.cmp(&b.tag))
        .then(a.id.cmp(&b.id))
}

/// Variable-width text: a raw string in the middle, an unpadded signed number last.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(delimiter = ":")]
struct Variable {
    #[decimal(2)]
    kind: u8,
    name: String,
    n: i64,
}

fn name() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            Just('a'),
            Just('0'),
            Just('9'),
            Just('-'),
            Just('~'),
            Just('é')
        ],
        0..4,
    )
    .prop_map(|c| c.into_iter().collect())
}

proptest! {
    #[test]
    fn fixed_width_text_round_trips_and_sorts(a in fixed(), b in fixed(), same in 0..4usize) {
        // Share a random number of leading fields so that later fields get compared.
        let mut b = b;
        if same >= 1 { b.host = a.host.clone(); }
        if same >= 2 { b.day = a.day; b.rank = a.rank; }
        if same >= 3 { b.shard = a.shard; b.level = a.level; b.ts = a.ts; }
        let (ea, eb) = (a.encode().unwrap(), b.encode().unwrap());
        prop_assert_eq!(Fixed::decode(&ea).unwrap(), a.clone());
        prop_assert!(std::str::from_utf8(&ea).is_ok(), "a text key is text");
        prop_assert_eq!(ea.len(), Fixed::FIXED_LEN.unwrap());
        let skip = 3; // "07|": the bucket and its delimiter
        prop_assert_eq!(fixed_cmp(&a, &b), ea[skip..].cmp(&eb[skip..]), "{:?} {:?}", String::from_utf8_lossy(&ea), String::from_utf8_lossy(&eb));
    }

    #[test]
    fn variable_width_text_round_trips(kind in any::<u8>().prop_map(|k| k % 100), name in name(), n in any::<i64>()) {
        let k = Variable { kind, name, n };
        let key = k.encode().unwrap();
        prop_assert_eq!(Variable::decode(&key).unwrap(), k.clone());
        prop_assert_eq!(key, format!("{:02}:{}:{}", k.kind, k.name, k.n).into_bytes());
    }

    /// As documented: a variable-width text field sorts as its text followed by the delimiter,
    /// and an unpadded last number sorts as its decimal text, not as a number.
    #[test]
    fn variable_width_text_sorts_as_documented(n1 in name(), n2 in name(), x in any::<i64>(), y in any::<i64>()) {
        let a = Variable { kind: 1, name: n1.clone(), n: x };
        let b = Variable { kind: 1, name: n2.clone(), n: y };
        let expected = format!("{n1}:").cmp(&format!("{n2}:")).then_with(|| x.to_string().cmp(&y.to_string()));
        prop_assert_eq!(a.encode().unwrap().cmp(&b.encode().unwrap()), expected);
    }
}

#[test]
fn variable_width_order_caveats() {
    // "9" sorts after "10" as text; "a-b" sorts before "a" because '-' < ':'.
    let key = |name: &str, n| {
        Variable {
            kind: 1,
            name: name.into(),
            n,
        }
        .encode()
        .unwrap()
    };
    assert!(key("a", 9) > key("a", 10));
    assert!(key("a-b", 0) < key("a", 0));
    assert!(key("a~", 0) > key("a", 0));
}

#[test]
fn text_errors_name_the_field() {
    let err = Variable {
        kind: 1,
        name: "a:b".into(),
        n: 0,
    }
    .encode()
    .unwrap_err();
    assert_eq!(
        err,
        EncodeError::ContainsDelimiter {
            field: "name",
            delimiter: b':',
            index: 1
        }
    );
    assert_eq!(
        err.to_string(),
        "field `name` contains the key's delimiter ':' at byte 1; a reader could not split the key"
    );
    let err = Fixed {
        host: "a|".into(),
        day: 0,
        rank: 0,
        shard: 0,
        level: 0,
        ts: 0,
        tag: String::new(),
        id: 0,
    }
    .encode()
    .unwrap_err();
    assert!(matches!(
        err,
        EncodeError::ContainsDelimiter { field: "host", .. }
    ));
    assert!(matches!(
        Fixed {
            host: "a".into(),
            day: 1_000_000,
            rank: 0,
            shard: 0,
            level: 0,
            ts: 0,
            tag: String::new(),
            id: 0
        }
        .encode(),
        Err(EncodeError::DoesNotFit { field: "day", .. })
    ));

    // Decode: a wrong delimiter, a missing part, a non-digit, a canonical-number violation.
    let err = Variable::decode(b"01-x:5").unwrap_err();
    assert_eq!(
        err,
        DecodeError::MissingDelimiter {
            field: "kind",
            offset: 2,
            delimiter: b':',
            found: Some(b'-')
        }
    );
    assert_eq!(
        err.to_string(),
        "field `kind` at byte 2: expected the delimiter ':' (0x3A) after the field, found '-' (0x2D)"
    );
    assert_eq!(
        Variable::decode(b"01:x").unwrap_err(),
        DecodeError::MissingDelimiter {
            field: "name",
            offset: 4,
            delimiter: b':',
            found: None
        }
    );
    assert_eq!(
        Variable::decode(b"0x:x:5").unwrap_err(),
        DecodeError::NotADigit {
            field: "kind",
            offset: 1,
            byte: b'x',
            expected: "a decimal digit"
        }
    );
    let zero = Variable::decode(b"01:x:007").unwrap_err();
    assert_eq!(
        zero.to_string(),
        "field `n` at byte 5: expected a number without a leading zero (encode writes 5, not 05), found '0' (0x30)"
    );
    assert!(matches!(
        Variable::decode(b"01:x:-0"),
        Err(DecodeError::NotADigit { field: "n", .. })
    ));
    assert!(matches!(
        Variable::decode(b"01:x:5z"),
        Err(DecodeError::TrailingBytes {
            field: "n",
            offset: 6,
            len: 1
        })
    ));
    assert!(matches!(
        Variable::decode(b"01:x:99999999999999999999"),
        Err(DecodeError::OutOfRange { field: "n", .. })
    ));

    // Salt text: bucket 99 of 16, lowercase hex, a salt that does not match.
    let good = Fixed {
        host: "a".into(),
        day: 1,
        rank: 2,
        shard: 3,
        level: 4,
        ts: 5,
        tag: "x".into(),
        id: 6,
    }
    .encode()
    .unwrap();
    let mut bad = good.clone();
    bad[..2].copy_from_slice(b"99");
    assert_eq!(
        Fixed::decode(&bad).unwrap_err(),
        DecodeError::BucketOutOfRange {
            field: "salt",
            offset: 0,
            bucket: 99,
            buckets: 16
        }
    );
    let mut bad = good.clone();
    bad[0] = b'x';
    assert!(matches!(
        Fixed::decode(&bad),
        Err(DecodeError::NotADigit {
            field: "salt",
            offset: 0,
            byte: b'x',
            expected: "a decimal digit of the bucket number"
        })
    ));
    let mut k = MessageText {
        date: 230611,
        time: 63031,
        message_id: 1231231,
    }
    .encode()
    .unwrap();
    k[0] = b'9';
    assert!(matches!(
        MessageText::decode(&k),
        Err(DecodeError::SaltMismatch { .. })
    ));
    // A lowercase md5 salt: the message says the salt is uppercase hex.
    k[0] = b'd';
    let err = MessageText::decode(&k).unwrap_err();
    assert_eq!(
        err.to_string(),
        "field `salt` at byte 0: expected an uppercase hex digit: the md5 salt is written in \
         uppercase (8D46..., not 8d46...), found 'd' (0x64)"
    );
}

#[test]
fn text_desc_is_the_digit_complement() {
    let k = Fixed {
        host: String::new(),
        day: 230611,
        rank: 1,
        shard: 0xbeef,
        level: 0x0f,
        ts: 0,
        tag: String::new(),
        id: 7,
    };
    let text = String::from_utf8(k.encode().unwrap()).unwrap();
    // rank 1 in 4 digits is 0001; its complement is 9998. level 0f complemented is f0.
    assert!(
        text.contains("|    |230611|9998|beef|f0|9223372036854775807|___|00000007"),
        "{text}"
    );
}

#[test]
fn text_scans_match_brute_force() {
    // A bucketed text layout in a sorted map: every plan's rows equal the filter.
    let mut keys = Vec::new();
    for day in [230610u32, 230611, 230612] {
        for rank in 0..20u16 {
            for id in 0..3u32 {
                keys.push(Fixed {
                    host: "web".into(),
                    day,
                    rank,
                    shard: rank * 7,
                    level: 1,
                    ts: i64::from(id),
                    tag: "x".into(),
                    id: id * 11 + u32::from(rank),
                });
            }
        }
    }
    let table: BTreeMap<Vec<u8>, Fixed> = keys
        .iter()
        .map(|k| (k.encode().unwrap(), k.clone()))
        .collect();
    let run = |plan: rowkey::ScanPlan| -> Vec<Fixed> {
        let streams = plan.ranges().iter().map(|r| {
            table
                .range::<[u8], _>(r.to_bounds())
                .map(|(k, _)| k.clone())
                .collect::<Vec<_>>()
                .into_iter()
        });
        plan.merge(streams)
            .map(|k| Fixed::decode(&k).unwrap())
            .collect()
    };
    let got = run(Fixed::scan()
        .host("web")
        .day(230611)
        .rank(5..=8)
        .plan()
        .unwrap());
    let mut want: Vec<Fixed> = keys
        .iter()
        .filter(|k| k.day == 230611 && (5..=8).contains(&k.rank))
        .cloned()
        .collect();
    want.sort_by(fixed_cmp);
    assert_eq!(got, want);
    assert_eq!(
        got.first().map(|k| k.rank),
        Some(8),
        "desc: the highest rank first"
    );
    let got = run(Fixed::scan().host("web").day(230611..).plan().unwrap());
    assert_eq!(got.len(), 2 * 20 * 3);
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(delimiter = ":")]
struct Phone {
    #[reverse]
    #[decimal(11)]
    phone: u64,
    #[reverse_ts]
    at: u32,
    #[reverse]
    #[fixed(4)]
    code: String,
}

proptest! {
    #[test]
    fn reversed_and_32_bit_text_fields_round_trip(
        phone in 0..100_000_000_000u64,
        at in 0..=(i32::MAX as u32),
        code in proptest::collection::vec(prop_oneof![Just('a'), Just('7'), Just(' ')], 0..4)
            .prop_map(|c| c.into_iter().collect::<String>().trim_end().to_owned()),
    ) {
        let k = Phone { phone, at, code };
        let key = k.encode().unwrap();
        prop_assert_eq!(Phone::decode(&key).unwrap(), k.clone());
        let digits: String = format!("{phone:011}").chars().rev().collect();
        let padded: String = format!("{:<4}", k.code).chars().rev().collect();
        prop_assert_eq!(
            String::from_utf8(key).unwrap(),
            format!("{digits}:{:010}:{padded}", i32::MAX as u32 - at)
        );
    }
}
