//! Facts about HBase, printed by running HBase's own Java code (see rowkey-testkit/data/README.md):
//! every line of each file must be reproduced byte for byte. `toStringBinary` both ways is
//! every line of to_string_binary.jsonl.

use rowkey_testkit::props as support;

use proptest::prelude::*;
use rowkey::hbase::{from_string_binary, parse_string_binary, to_string_binary};
use rowkey::scan::prefix_stop;
use rowkey::{EncodeError, RowKey};

use support::{golden as lines, unhex as hex};

#[derive(RowKey, Debug, PartialEq)]
struct JavaLong {
    #[java]
    v: i64,
}

#[derive(RowKey, Debug, PartialEq)]
struct JavaInt {
    #[java]
    v: i32,
}

#[derive(RowKey, Debug, PartialEq)]
struct JavaShort {
    #[java]
    v: i16,
}

#[derive(RowKey, Debug, PartialEq)]
struct Natural64 {
    v: i64,
}

#[derive(RowKey, Debug, PartialEq)]
struct ReverseTs {
    #[reverse_ts]
    ts: i64,
}

#[derive(RowKey, Debug, PartialEq)]
struct ReverseTsUnsigned {
    #[reverse_ts]
    ts: u64,
}

#[derive(RowKey, Debug, PartialEq)]
struct ReverseTs32 {
    #[reverse_ts]
    ts: i32,
}

/// `[key][Long.MAX_VALUE - ts]` as the HBase book writes it.
#[derive(RowKey, Debug, PartialEq)]
struct Versioned {
    #[fixed(4)]
    key: String,
    #[reverse_ts]
    ts: i64,
}

#[test]
fn bytes_to_bytes_long_int_short() {
    let (mut longs, mut ints, mut shorts) = (0, 0, 0);
    for line in lines("bytes_long.jsonl") {
        let value = line["value"].as_str().unwrap();
        let expected = hex(&line["to_bytes"]);
        match line["type"].as_str().unwrap() {
            "long" => {
                let v: i64 = value.parse().unwrap();
                assert_eq!(
                    JavaLong { v }.encode().unwrap(),
                    expected,
                    "#[java] i64 {v}"
                );
                assert_eq!(JavaLong::decode(&expected).unwrap(), JavaLong { v });
                // The default encoding is the same bytes with the sign bit flipped.
                let mut flipped = expected.clone();
                flipped[0] ^= 0x80;
                assert_eq!(Natural64 { v }.encode().unwrap(), flipped, "i64 {v}");
                longs += 1;
            }
            "int" => {
                let v: i32 = value.parse().unwrap();
                assert_eq!(JavaInt { v }.encode().unwrap(), expected, "#[java] i32 {v}");
                assert_eq!(JavaInt::decode(&expected).unwrap(), JavaInt { v });
                ints += 1;
            }
            "short" => {
                let v: i16 = value.parse().unwrap();
                assert_eq!(
                    JavaShort { v }.encode().unwrap(),
                    expected,
                    "#[java] i16 {v}"
                );
                assert_eq!(JavaShort::decode(&expected).unwrap(), JavaShort { v });
                shorts += 1;
            }
            other => panic!("unknown type {other}"),
        }
    }
    assert!(
        longs > 300 && ints > 150 && shorts > 50,
        "{longs} {ints} {shorts}"
    );
}

#[test]
fn reverse_timestamp_is_long_max_minus_ts() {
    let mut checked = 0;
    for line in lines("bytes_long.jsonl")
        .iter()
        .filter(|l| l["type"] == "long")
    {
        let ts: i64 = line["value"].as_str().unwrap().parse().unwrap();
        if line["reverse_to_bytes"].is_null() {
            // Java computes MAX - ts for negatives too, but that is not a timestamp: an error.
            assert!(ts < 0);
            assert_eq!(
                ReverseTs { ts }.encode().unwrap_err(),
                EncodeError::NegativeTimestamp {
                    field: "ts",
                    value: ts
                }
            );
            continue;
        }
        let expected = hex(&line["reverse_to_bytes"]);
        assert_eq!(
            ReverseTs { ts }.encode().unwrap(),
            expected,
            "reverse_ts {ts}"
        );
        assert_eq!(ReverseTs::decode(&expected).unwrap(), ReverseTs { ts });
        let u = ts as u64;
        assert_eq!(ReverseTsUnsigned { ts: u }.encode().unwrap(), expected);
        assert_eq!(
            ReverseTsUnsigned::decode(&expected).unwrap(),
            ReverseTsUnsigned { ts: u }
        );
        let row = Versioned {
            key: "row1".into(),
            ts,
        }
        .encode()
        .unwrap();
        assert_eq!(&row[..4], b"row1");
        assert_eq!(&row[4..], &expected[..]);
        checked += 1;
    }
    assert!(checked > 150, "{checked}");
}

#[test]
fn reverse_timestamp_32_bit_is_integer_max_minus_ts() {
    for line in lines("bytes_long.jsonl")
        .iter()
        .filter(|l| l["type"] == "int")
    {
        let ts: i32 = line["value"].as_str().unwrap().parse().unwrap();
        if ts < 0 {
            assert!(ReverseTs32 { ts }.encode().is_err());
            continue;
        }
        // Bytes.toBytes(Integer.MAX_VALUE - ts) is big-endian two's complement of that int.
        let expected = (i32::MAX - ts).to_be_bytes().to_vec();
        assert_eq!(ReverseTs32 { ts }.encode().unwrap(), expected);
        assert_eq!(ReverseTs32::decode(&expected).unwrap(), ReverseTs32 { ts });
    }
}

#[test]
fn prefix_stop_rows() {
    let mut checked = 0;
    for line in lines("row_prefix_stop.jsonl") {
        if line["prefix"].is_null() {
            continue;
        }
        let prefix = hex(&line["prefix"]);
        let expected = hex(&line["stop_row"]);
        assert_eq!(prefix_stop(&prefix), expected, "prefix {:02x?}", prefix);
        assert_eq!(expected, hex(&line["closest_next_row_key_for_prefix"]));
        checked += 1;
    }
    assert!(checked > 100, "{checked}");
}

/// The reversed scan of a prefix reads the rows `Scan.setRowPrefixFilter` gives a forward scan,
/// from the other end: it starts at HBase's stop row (exclusive; empty: the last row) and ends
/// at its start row (inclusive). Every line of row_prefix_stop.jsonl.
#[test]
fn reversed_prefix_scans_swap_hbase_start_and_stop() {
    let mut checked = 0;
    for line in lines("row_prefix_stop.jsonl") {
        if line["prefix"].is_null() {
            continue;
        }
        let prefix = hex(&line["prefix"]);
        let r = rowkey::ScanRange::prefix(&prefix).to_hbase_reversed();
        assert_eq!(r.start_row, hex(&line["stop_row"]), "prefix {prefix:02x?}");
        assert!(!r.start_inclusive);
        assert_eq!(r.stop_row, hex(&line["start_row"]), "prefix {prefix:02x?}");
        assert!(r.stop_inclusive);
        // The same rows as the forward range, at both edges.
        let forward = rowkey::ScanRange::prefix(&prefix);
        let mut probes = vec![prefix.clone(), forward.stop.clone()];
        probes.push([prefix.clone(), vec![0xFF; 3]].concat());
        if let Some((last, head)) = prefix.split_last() {
            probes.push([head, &[last.wrapping_sub(1)], &[0xFF]].concat());
        }
        for p in probes {
            assert_eq!(
                r.contains(&p),
                forward.contains(&p),
                "{p:02x?} under {prefix:02x?}"
            );
        }
        checked += 1;
    }
    assert!(checked > 100, "{checked}");
}

#[test]
fn every_to_string_binary_line() {
    let (mut format, mut parse) = (0, 0);
    for line in lines("to_string_binary.jsonl") {
        match line["kind"].as_str().unwrap() {
            "format" => {
                let bytes = hex(&line["bytes"]);
                let s = to_string_binary(&bytes);
                assert_eq!(s, line["to_string_binary"].as_str().unwrap());
                assert_eq!(
                    from_string_binary(&s),
                    hex(&line["to_bytes_binary_of_string"])
                );
                assert_eq!(
                    parse_string_binary(&s).unwrap(),
                    bytes,
                    "the strict parser reads what HBase writes"
                );
                format += 1;
            }
            "parse" => {
                let input = line["input"].as_str().unwrap();
                let bytes = from_string_binary(input);
                assert_eq!(
                    bytes,
                    hex(&line["to_bytes_binary"]),
                    "lenient parse of {input:?}"
                );
                assert_eq!(
                    to_string_binary(&bytes),
                    line["to_string_binary_of_result"].as_str().unwrap()
                );
                parse += 1;
            }
            other => panic!("{other}"),
        }
    }
    assert!(format > 200 && parse > 10, "{format} {parse}");
}

#[test]
fn strict_parser_rejects_what_hbase_would_mangle() {
    for (input, position) in [
        (r"\x4", 0),
        (r"ab\x", 2),
        (r"a\q", 1),
        (r"\xZZ", 0),
        ("tab\there", 3),
        ("é", 0),
        (r"ok\x41\", 6),
    ] {
        let err = parse_string_binary(input).unwrap_err();
        assert_eq!(err.position, position, "{input:?}: {err}");
        assert!(err
            .to_string()
            .starts_with(&format!("at character {position}: ")));
    }
    assert_eq!(parse_string_binary(r"\xff\x5c").unwrap(), [0xFF, b'\\']);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    #[test]
    fn string_binary_round_trips(bytes in proptest::collection::vec(any::<u8>(), 0..40)) {
        let s = to_string_binary(&bytes);
        prop_assert_eq!(from_string_binary(&s), bytes.clone());
        prop_assert_eq!(parse_string_binary(&s).unwrap(), bytes);
    }
}
