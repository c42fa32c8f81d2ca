//! Decoding never panics, accepts only canonical keys, and names the field and byte offset of
//! every problem.

use rowkey_testkit::props as support;

use proptest::prelude::*;
use rowkey::{DecodeError, RowKey};
use support::*;

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Message {
    date: u32,
    time: u32,
    message_id: u64,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Nasty {
    #[desc]
    a: String,
    b: Vec<u8>,
    c: Option<String>,
    #[desc]
    d: Vec<u8>,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Digits {
    #[decimal(6)]
    date: u32,
    #[hex(4)]
    shard: u16,
    #[reverse]
    #[decimal(11)]
    phone: u64,
    #[desc]
    #[decimal(3)]
    small: u8,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Scalars {
    flag: bool,
    letter: char,
    score: f64,
    #[desc]
    ratio: f32,
    maybe: Option<i16>,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Narrow {
    #[fixed(3)]
    uid: u32,
    #[fixed(10)]
    wide: u64,
    #[java]
    #[fixed(2)]
    delta: i32,
    #[reverse_ts]
    ts: i64,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Padded {
    #[fixed(6)]
    host: String,
    #[fixed(4)]
    #[desc]
    tag: Vec<u8>,
    #[java]
    x: i64,
    text: String,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Strings {
    a: String,
    b: Option<Vec<u8>>,
    #[desc]
    c: String,
}

/// Decodes arbitrary bytes; when that succeeds, re-encoding must give the same bytes back
/// (every key has exactly one spelling), and `explain` must not panic either.
fn check<K: RowKey + core::fmt::Debug>(bytes: &[u8]) -> Result<(), TestCaseError> {
    let _ = K::explain(bytes);
    if let Ok(k) = K::decode(bytes) {
        let again = k
            .encode()
            .map_err(|e| TestCaseError::fail(format!("{e}")))?;
        prop_assert_eq!(again, bytes, "{:?} decoded from {:02x?}", k, bytes);
    }
    Ok(())
}

/// Random bytes, and valid keys with one byte changed, truncated or extended.
fn mutated<K: RowKey>(seed: impl Strategy<Value = K> + Clone) -> impl Strategy<Value = Vec<u8>> {
    let valid = seed.prop_map(|k| k.encode().unwrap());
    prop_oneof![
        proptest::collection::vec(nasty_byte(), 0..40),
        (valid.clone(), any::<usize>(), nasty_byte()).prop_map(|(mut v, i, b)| {
            if !v.is_empty() {
                let i = i % v.len();
                v[i] = b;
            }
            v
        }),
        (valid.clone(), any::<usize>()).prop_map(|(mut v, i)| {
            v.truncate(i % (v.len() + 1));
            v
        }),
        (valid, nasty_byte()).prop_map(|(mut v, b)| {
            v.push(b);
            v
        }),
    ]
}

fn nasty() -> impl Strategy<Value = Nasty> + Clone {
    (string(), bytes(), proptest::option::of(string()), bytes()).prop_map(|(a, b, c, d)| Nasty {
        a,
        b,
        c,
        d,
    })
}

fn digits() -> impl Strategy<Value = Digits> + Clone {
    (
        0..1_000_000u32,
        any::<u16>(),
        0..100_000_000_000u64,
        0..=255u8,
    )
        .prop_map(|(date, shard, phone, small)| Digits {
            date,
            shard,
            phone,
            small,
        })
}

fn scalars() -> impl Strategy<Value = Scalars> + Clone {
    (
        any::<bool>(),
        nasty_char(),
        f64_(),
        f32_(),
        proptest::option::of(any::<i16>()),
    )
        .prop_map(|(flag, letter, score, ratio, maybe)| Scalars {
            flag,
            letter,
            score,
            ratio,
            maybe,
        })
}

fn narrow() -> impl Strategy<Value = Narrow> + Clone {
    (
        0..(1u32 << 24),
        any::<u64>(),
        -(1i32 << 15)..(1i32 << 15),
        0..=i64::MAX,
    )
        .prop_map(|(uid, wide, delta, ts)| Narrow {
            uid,
            wide,
            delta,
            ts,
        })
}

fn padded() -> impl Strategy<Value = Padded> + Clone {
    (fixed_string(6), fixed_bytes(4), any::<i64>(), string())
        .prop_map(|(host, tag, x, text)| Padded { host, tag, x, text })
}

fn strings() -> impl Strategy<Value = Strings> + Clone {
    (string(), proptest::option::of(bytes()), string()).prop_map(|(a, b, c)| Strings { a, b, c })
}

fn message() -> impl Strategy<Value = Message> + Clone {
    (any::<u32>(), any::<u32>(), any::<u64>()).prop_map(|(date, time, message_id)| Message {
        date,
        time,
        message_id,
    })
}

// 7 layouts x 15,000 cases = 105,000 decodes of hostile input per CI run.
proptest! {
    #![proptest_config(ProptestConfig::with_cases(15_000))]

    #[test]
    fn fuzz_message(b in mutated(message())) { check::<Message>(&b)?; }
    #[test]
    fn fuzz_nasty(b in mutated(nasty())) { check::<Nasty>(&b)?; }
    #[test]
    fn fuzz_digits(b in mutated(digits())) { check::<Digits>(&b)?; }
    #[test]
    fn fuzz_scalars(b in mutated(scalars())) { check::<Scalars>(&b)?; }
    #[test]
    fn fuzz_narrow(b in mutated(narrow())) { check::<Narrow>(&b)?; }
    #[test]
    fn fuzz_padded(b in mutated(padded())) { check::<Padded>(&b)?; }
    #[test]
    fn fuzz_strings(b in mutated(strings())) { check::<Strings>(&b)?; }
}

fn err<K: RowKey + core::fmt::Debug>(bytes: &[u8]) -> DecodeError {
    K::decode(bytes).expect_err("malformed key decoded")
}

#[test]
fn truncated_key() {
    let e = err::<Message>(&[0; 10]);
    assert_eq!(
        e,
        DecodeError::Truncated {
            field: "message_id",
            offset: 8,
            needed: 8,
            available: 2
        }
    );
    assert_eq!(
        e.to_string(),
        "field `message_id` at byte 8: needs 8 bytes but the key has 2 left"
    );
    assert_eq!(
        err::<Message>(&[]),
        DecodeError::Truncated {
            field: "date",
            offset: 0,
            needed: 4,
            available: 0
        }
    );
}

#[test]
fn trailing_bytes() {
    let e = err::<Message>(&[0; 17]);
    assert_eq!(
        e,
        DecodeError::TrailingBytes {
            field: "message_id",
            offset: 16,
            len: 1
        }
    );
    assert_eq!(
        e.to_string(),
        "field `message_id` at byte 16: 1 unexpected byte after the last field"
    );
}

#[test]
fn bad_escape() {
    // Strings.a = "x", then 00 05: neither an escaped 00 (00 FF) nor the terminator (00 01).
    let e = err::<Strings>(&[b'x', 0x00, 0x05, 0x00]);
    assert_eq!(
        e,
        DecodeError::BadEscape {
            field: "a",
            offset: 2,
            byte: 0x05
        }
    );
    assert_eq!(
        e.to_string(),
        "field `a` at byte 2: escape byte 0x00 is followed by 0x05, expected 0xFF (an escaped 0x00) or 0x01 (the end)"
    );
}

#[test]
fn missing_terminator() {
    let e = err::<Strings>(b"xy");
    assert_eq!(
        e,
        DecodeError::MissingTerminator {
            field: "a",
            offset: 0
        }
    );
    assert_eq!(
        e.to_string(),
        "field `a` at byte 0: the key ends before the field's 00 01 terminator"
    );
    // A desc string's terminator is FF FE; plain 00 01 bytes do not end it.
    let ok = Strings {
        a: "".into(),
        b: None,
        c: "q".into(),
    }
    .encode()
    .unwrap();
    let cut = &ok[..ok.len() - 1];
    assert_eq!(
        err::<Strings>(cut),
        DecodeError::MissingTerminator {
            field: "c",
            offset: 3
        }
    );
}

#[test]
fn invalid_utf8() {
    // a = "\0" (00 FF), then C3 28 (invalid), terminator, b = None, c = desc "".
    let key = [0x00, 0xFF, 0xC3, 0x28, 0x00, 0x01, 0x00, 0xFF, 0xFE];
    let e = err::<Strings>(&key);
    assert_eq!(
        e,
        DecodeError::InvalidUtf8 {
            field: "a",
            offset: 2
        }
    );
    assert_eq!(
        e.to_string(),
        "field `a` at byte 2: the string is not valid UTF-8"
    );
    // The open last field of Padded.
    let mut good = Padded {
        host: "h".into(),
        tag: vec![1],
        x: 0,
        text: "ok".into(),
    }
    .encode()
    .unwrap();
    let n = good.len();
    good[n - 1] = 0xFF;
    assert_eq!(
        err::<Padded>(&good),
        DecodeError::InvalidUtf8 {
            field: "text",
            offset: n - 1
        }
    );
}

#[test]
fn not_a_digit() {
    let mut key = Digits {
        date: 230611,
        shard: 0xbeef,
        phone: 1,
        small: 7,
    }
    .encode()
    .unwrap();
    assert_eq!(&key[..10], b"230611beef");
    key[2] = b'x';
    let e = err::<Digits>(&key);
    assert_eq!(
        e,
        DecodeError::NotADigit {
            field: "date",
            offset: 2,
            byte: b'x',
            expected: "a decimal digit"
        }
    );
    assert_eq!(
        e.to_string(),
        "field `date` at byte 2: expected a decimal digit, found 'x' (0x78)"
    );
    // Hex keys have one spelling: uppercase is rejected.
    key[2] = b'0';
    key[7] = b'E';
    assert_eq!(
        err::<Digits>(&key),
        DecodeError::NotADigit {
            field: "shard",
            offset: 7,
            byte: b'E',
            expected: "a lowercase hex digit (`#[hex(N)]` writes 0-9 and a-f)"
        }
    );
}

#[test]
fn out_of_range() {
    // #[desc] #[decimal(3)] u8: "999" fits three digits but not a u8. Stored inverted.
    let mut key = Digits {
        date: 1,
        shard: 1,
        phone: 1,
        small: 1,
    }
    .encode()
    .unwrap();
    let n = key.len();
    for b in &mut key[n - 3..] {
        *b = !b'9';
    }
    let e = err::<Digits>(&key);
    assert_eq!(
        e,
        DecodeError::OutOfRange {
            field: "small",
            offset: n - 3
        }
    );
    assert_eq!(
        e.to_string(),
        format!(
            "field `small` at byte {}: the stored value is out of range for the field's type",
            n - 3
        )
    );

    // #[fixed(10)] u64 with a non-zero high byte; a negative stored reverse timestamp.
    let good = Narrow {
        uid: 1,
        wide: 2,
        delta: 3,
        ts: 4,
    }
    .encode()
    .unwrap();
    let mut wide = good.clone();
    wide[3] = 1;
    assert_eq!(
        err::<Narrow>(&wide),
        DecodeError::OutOfRange {
            field: "wide",
            offset: 3
        }
    );
    let mut ts = good;
    ts[15] = 0x80;
    assert_eq!(
        err::<Narrow>(&ts),
        DecodeError::OutOfRange {
            field: "ts",
            offset: 15
        }
    );
}

#[test]
fn invalid_values() {
    let good = Scalars {
        flag: true,
        letter: 'a',
        score: 1.0,
        ratio: 2.0,
        maybe: None,
    }
    .encode()
    .unwrap();
    let mut bad_bool = good.clone();
    bad_bool[0] = 2;
    let e = err::<Scalars>(&bad_bool);
    assert_eq!(
        e,
        DecodeError::Invalid {
            field: "flag",
            offset: 0,
            expected: "a bool byte, 00 or 01"
        }
    );
    assert_eq!(
        e.to_string(),
        "field `flag` at byte 0: expected a bool byte, 00 or 01"
    );
    let mut surrogate = good.clone();
    surrogate[1..5].copy_from_slice(&0xD800u32.to_be_bytes());
    assert_eq!(
        err::<Scalars>(&surrogate),
        DecodeError::Invalid {
            field: "letter",
            offset: 1,
            expected: "a Unicode scalar value"
        }
    );
    let mut tag = good;
    tag[17] = 7;
    assert_eq!(
        err::<Scalars>(&tag),
        DecodeError::Invalid {
            field: "maybe",
            offset: 17,
            expected: "an Option tag, 00 (None) or 01 (Some)"
        }
    );
}

/// The message key the `explain` tests cut short.
fn explained_key() -> Vec<u8> {
    Message {
        date: 230611,
        time: 63031,
        message_id: 1231231,
    }
    .encode()
    .unwrap()
}

/// A part that fails in the middle of the key ends the table: the parts after it are not
/// read, and the error and unread bytes start where the failing part began.
#[test]
fn explain_stops_at_the_first_part_that_fails() {
    let key = explained_key();
    let text = Message::explain(&key[..6]);
    assert_eq!(
        text,
        "date @0  00 03 84 D3  230611\n\
         error: field `time` at byte 4: needs 4 bytes but the key has 2 left\n\
         unread @4: 00 00\n",
    );
}

#[test]
fn explain_shows_parts_then_the_error() {
    let key = explained_key();
    let text = Message::explain(&key[..12]);
    assert!(
        text.starts_with("date @0  00 03 84 D3  230611\ntime @4  00 00 F6 37  63031\n"),
        "{text}"
    );
    assert!(
        text.contains("error: field `message_id` at byte 8: needs 8 bytes but the key has 4 left"),
        "{text}"
    );
    assert!(text.contains("unread @8: 00 00 00 00"), "{text}");
}
