//! Split points, byte for byte with HBase's and Phoenix's Java code (every line of
//! rowkey-testkit/data/splits.jsonl, and phoenix_salt.jsonl's split points).

use rowkey::hbase::to_string_binary;
use rowkey_splits::{self as splits, NumberStringSplit, SplitError, UniformSplit};
use rowkey_testkit::golden::{lines, unhex as hex};
use serde_json::Value;

fn hexes(v: &Value) -> Vec<Vec<u8>> {
    v.as_array().expect("an array").iter().map(hex).collect()
}

/// Compares a result with a line's `splits` (or `split`) or its `error` message.
fn expect(line: &Value, got: Result<Vec<Vec<u8>>, SplitError>) {
    if let Some(err) = line.get("error") {
        let message = err
            .as_str()
            .unwrap()
            .split_once(": ")
            .map_or("", |(_, m)| m);
        assert_eq!(
            got.map_err(|e| e.to_string()),
            Err(message.to_string()),
            "{line}"
        );
    } else if let Some(split) = line.get("split") {
        assert_eq!(got.unwrap(), vec![hex(split)], "{line}");
    } else {
        assert_eq!(got.unwrap(), hexes(&line["splits"]), "{line}");
    }
}

fn number_split(source: &str) -> NumberStringSplit {
    match source {
        "RegionSplitter.HexStringSplit" => NumberStringSplit::hex(),
        "RegionSplitter.DecimalStringSplit" => NumberStringSplit::decimal(),
        other => panic!("{other}"),
    }
}

#[test]
fn every_split_line() {
    let mut checked = 0;
    for line in lines("splits.jsonl") {
        let source = line["source"].as_str().unwrap();
        let call = line["call"].as_str().unwrap();
        let n = |k: &str| line[k].as_u64().unwrap() as usize;
        let uniform = source == "RegionSplitter.UniformSplit";
        match call {
            "defaults" if uniform => {
                let u = UniformSplit::new();
                assert_eq!(u.first_row(), hex(&line["first_row"]));
                assert_eq!(u.last_row(), hex(&line["last_row"]));
                assert_eq!(u.to_string(), line["to_string"].as_str().unwrap());
            }
            "defaults" => {
                let s = number_split(source);
                assert_eq!(s.first_row(), hex(&line["first_row"]));
                assert_eq!(s.last_row(), hex(&line["last_row"]));
                assert_eq!(s.to_string(), line["to_string"].as_str().unwrap());
            }
            "split(n)" if uniform => expect(&line, UniformSplit::new().split(n("n"))),
            "split(n)" => {
                expect(&line, number_split(source).split(n("n")));
                // The shortcuts are the same algorithms with their defaults.
                let short = if source.contains("Hex") {
                    splits::hex_string(n("n"))
                } else {
                    splits::decimal_string(n("n"))
                };
                expect(&line, short);
            }
            "setFirstRow(String); setLastRow(String); split(n)" => {
                let (first, last) = (
                    line["first_row_input"].as_str().unwrap(),
                    line["last_row_input"].as_str().unwrap(),
                );
                if uniform {
                    let mut u = UniformSplit::new();
                    u.set_first_row(first);
                    u.set_last_row(last);
                    assert_eq!(u.first_row(), hex(&line["first_row"]));
                    expect(&line, u.split(n("n")));
                } else {
                    let mut s = number_split(source);
                    s.set_first_row(first).unwrap();
                    s.set_last_row(last).unwrap();
                    assert_eq!(s.first_row(), hex(&line["first_row"]));
                    assert_eq!(s.last_row(), hex(&line["last_row"]));
                    expect(&line, s.split(n("n")));
                }
            }
            "split(start,end)" => {
                let (a, b) = (hex(&line["start"]), hex(&line["end"]));
                let got = if uniform {
                    UniformSplit::new().midpoint(&a, &b)
                } else {
                    number_split(source).midpoint(&a, &b)
                };
                expect(&line, got.map(|m| vec![m]));
            }
            "split(start,end,numSplits,inclusive)" => {
                let (a, b) = (hex(&line["start"]), hex(&line["end"]));
                let inclusive = line["inclusive"].as_bool().unwrap();
                let got = if uniform {
                    UniformSplit::new().split_between(&a, &b, n("num_splits"), inclusive)
                } else {
                    number_split(source).split_between(&a, &b, n("num_splits"), inclusive)
                };
                expect(&line, got);
            }
            "split(a,b,num)" => expect(
                &line,
                splits::bytes_split(&hex(&line["a"]), &hex(&line["b"]), n("num")),
            ),
            "split(a,b,true,num)" => expect(
                &line,
                splits::bytes_split_inclusive(&hex(&line["a"]), &hex(&line["b"]), true, n("num")),
            ),
            "getSplitKeys(startKey,endKey,numRegions)" => expect(
                &line,
                splits::admin_split_keys(
                    &hex(&line["start_key"]),
                    &hex(&line["end_key"]),
                    n("num_regions"),
                ),
            ),
            "getHexSplits(startKey,endKey,numRegions)" => expect(
                &line,
                splits::book_hex_splits(
                    line["start_key"].as_str().unwrap(),
                    line["end_key"].as_str().unwrap(),
                    n("num_regions"),
                ),
            ),
            other => panic!("unknown call {other}"),
        }
        if let Some(strs) = line.get("splits_str").and_then(Value::as_array) {
            let expected: Vec<&str> = strs.iter().map(|s| s.as_str().unwrap()).collect();
            let rendered: Vec<String> = hexes(&line["splits"])
                .iter()
                .map(|k| to_string_binary(k))
                .collect();
            assert_eq!(rendered, expected, "{line}");
        }
        checked += 1;
    }
    assert!(checked > 200, "{checked}");
}

#[test]
fn phoenix_salt_split_points() {
    let text = rowkey_testkit::golden::text("phoenix_salt.jsonl");
    let mut checked = 0;
    for line in text
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
    {
        if line["kind"] == "getSalteByteSplitPoints" {
            let n = line["bucket_num"].as_u64().unwrap() as u16;
            assert_eq!(
                splits::salt_buckets(n, n.into()).unwrap(),
                hexes(&line["split_points"])
            );
            checked += 1;
        }
    }
    assert!(checked >= 5);
}
