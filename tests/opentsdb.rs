//! OpenTSDB's own row keys: every `rowkey`, `salt_bytes` and `base_time` line of
//! `rowkey-testkit/data/opentsdb_rowkey.jsonl` (printed by OpenTSDB 2.5's `RowKey` and `Internal`) is
//! reproduced by a derived key struct and the helpers, for every salt width and bucket count.

use rowkey_testkit::props as support;

use rowkey::opentsdb::{base_time, Tags};
use rowkey::salt::Salt;
use rowkey::RowKey;
use support::{golden, unhex};

/// Encodes `$row` with the struct for (width, buckets) and checks it against the line.
macro_rules! layouts {
    ($($name:ident: $width:literal, $buckets:literal;)*) => {
        $(
            #[derive(RowKey, Debug, PartialEq)]
            #[salt(opentsdb, buckets = $buckets, width = $width, of = ["metric", "tags"])]
            struct $name {
                metric: [u8; 3],
                base: u32,
                tags: Tags,
            }
        )*

        /// The salted key of a row, the layout's salt, and the row decoded back.
        fn salted(width: u64, buckets: u64, metric: [u8; 3], base: u32, tags: Tags) -> (Vec<u8>, Salt, bool) {
            match (width, buckets) {
                $(($width, $buckets) => {
                    let row = $name { metric, base, tags };
                    let key = row.encode().unwrap();
                    let back = $name::decode(&key).unwrap() == row;
                    (key, $name::SALT, back)
                })*
                other => panic!("no layout for {other:?}"),
            }
        }
    };
}

layouts! {
    W1B1: 1, 1; W1B2: 1, 2; W1B3: 1, 3; W1B8: 1, 8; W1B20: 1, 20; W1B255: 1, 255; W1B256: 1, 256;
    W1B1000: 1, 1000;
    W2B1: 2, 1; W2B2: 2, 2; W2B8: 2, 8; W2B20: 2, 20; W2B256: 2, 256; W2B1000: 2, 1000;
    W2B65536: 2, 65536;
    W3B1: 3, 1; W3B2: 3, 2; W3B8: 3, 8; W3B20: 3, 20; W3B256: 3, 256; W3B65536: 3, 65536;
    W3B100000: 3, 100000;
}

/// Salt width 0: OpenTSDB's unsalted rows.
#[derive(RowKey, Debug, PartialEq)]
struct Unsalted {
    metric: [u8; 3],
    base: u32,
    tags: Tags,
}

fn uid(v: &serde_json::Value) -> [u8; 3] {
    unhex(v).try_into().expect("a 3-byte UID")
}

#[test]
fn every_rowkey_line() {
    let lines: Vec<_> = golden("opentsdb_rowkey.jsonl")
        .into_iter()
        .filter(|l| l["kind"] == "rowkey")
        .collect();
    assert_eq!(lines.len(), 202);
    let mut zero_metric = 0;
    for line in &lines {
        let id = &line["id"];
        let width = line["salt_width"].as_u64().unwrap();
        let buckets = line["salt_buckets"].as_u64().unwrap();
        let metric = uid(&line["metric_uid"]);
        let ts: i64 = line["timestamp"].as_str().unwrap().parse().unwrap();
        let base: i64 = line["base_time"].as_str().unwrap().parse().unwrap();
        assert_eq!(base_time(ts), base, "{id}");
        let tags = Tags(
            line["tags"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| (uid(&p[0]), uid(&p[1])))
                .collect(),
        );
        // The row stores `(int) base_time`.
        let stored = base as u32;
        let unsalted = Unsalted {
            metric,
            base: stored,
            tags: tags.clone(),
        }
        .encode()
        .unwrap();
        assert_eq!(unsalted, unhex(&line["unsalted_key"]), "{id}");
        let want = unhex(&line["salted_key"]);
        if width == 0 {
            assert_eq!(unsalted, want, "{id}");
            continue;
        }
        let (key, salt, back) = salted(width, buckets, metric, stored, tags);
        assert_eq!(key, want, "{id}");
        assert_eq!(key[..width as usize], unhex(&line["salt"])[..], "{id}");
        assert!(back, "{id} decodes back");
        assert_eq!(
            salt,
            Salt::OpenTsdb {
                buckets: buckets as u32,
                width: width as u8
            }
        );
        if metric == [0, 0, 0] {
            zero_metric += 1;
            assert!(
                key[..width as usize].iter().all(|&b| b == 0),
                "{id}: an all-zero metric is not salted"
            );
        }
    }
    assert!(zero_metric >= 2, "the annotation-row case is covered");
}

#[test]
fn every_salt_bytes_line() {
    let lines: Vec<_> = golden("opentsdb_rowkey.jsonl")
        .into_iter()
        .filter(|l| l["kind"] == "salt_bytes")
        .collect();
    assert_eq!(lines.len(), 32);
    for line in lines {
        let width = line["salt_width"].as_u64().unwrap() as u8;
        let bucket = line["bucket"].as_i64().unwrap() as i32 as u32;
        let want = unhex(&line["salt_bytes"]);
        assert_eq!(
            rowkey::salt::salt_bytes(bucket, width)[..usize::from(width)],
            want[..],
            "{}",
            line["id"]
        );
        if width > 0 {
            assert_eq!(
                Salt::OpenTsdb {
                    buckets: 1 << 30,
                    width
                }
                .bucket_salt(bucket),
                want
            );
        }
    }
}

#[test]
fn every_base_time_line() {
    let lines: Vec<_> = golden("opentsdb_rowkey.jsonl")
        .into_iter()
        .filter(|l| l["kind"] == "base_time")
        .collect();
    assert_eq!(lines.len(), 10);
    for line in lines {
        let ts: i64 = line["timestamp"].as_str().unwrap().parse().unwrap();
        let want: i64 = line["base_time"].as_str().unwrap().parse().unwrap();
        assert_eq!(base_time(ts), want, "{}", line["id"]);
    }
}

/// One metric over a time range, across every bucket: the plan fans out over the buckets
/// (width 1, 1000 buckets: the 256 salts a byte can hold), and a Get knows its bucket.
#[test]
fn scans_fan_out_over_the_salts() {
    let plan = W1B20::scan()
        .metric([0, 0, 7])
        .base(3600..7200)
        .plan()
        .unwrap();
    assert_eq!(plan.ranges().len(), 20);
    assert_eq!(
        W1B1000::scan()
            .metric([0, 0, 7])
            .plan()
            .unwrap()
            .ranges()
            .len(),
        256
    );
    assert_eq!(
        W2B1000::scan()
            .metric([0, 0, 7])
            .plan()
            .unwrap()
            .ranges()
            .len(),
        1000
    );
    let row = W1B20 {
        metric: [0, 0, 7],
        base: 3600,
        tags: Tags(vec![([0, 0, 1], [0, 0, 2])]),
    };
    let get = W1B20::scan()
        .metric(row.metric)
        .base(row.base)
        .tags(row.tags.clone())
        .plan()
        .unwrap();
    assert_eq!(get.row(), Some(&row.encode().unwrap()[..]));
    // Split points on the salts the buckets write.
    #[cfg(feature = "splits")]
    {
        assert_eq!(
            W1B20::split_points(4).unwrap(),
            [vec![5], vec![10], vec![15]]
        );
        assert_eq!(W2B65536::split_points(2).unwrap(), [vec![0x80, 0x00]]);
    }
}

/// Decoding checks the salt: recomputed (decode) and range-checked (both).
#[test]
fn decode_checks_the_salt() {
    let row = W1B20 {
        metric: [0, 0, 7],
        base: 3600,
        tags: Tags(vec![]),
    };
    let mut key = row.encode().unwrap();
    key[0] = (key[0] + 1) % 20;
    assert!(matches!(
        W1B20::decode(&key),
        Err(rowkey::DecodeError::SaltMismatch { .. })
    ));
    assert_eq!(W1B20::decode_unverified(&key).unwrap(), row);
    key[0] = 20;
    assert!(matches!(
        W1B20::decode_unverified(&key),
        Err(rowkey::DecodeError::BucketOutOfRange {
            bucket: 20,
            buckets: 20,
            ..
        })
    ));
}

/// The metric right before the tags (no hour between): the all-zero metric rule still looks at
/// the metric alone, on encode and on decode (found by the random-layout fuzzer).
#[derive(RowKey, Debug, PartialEq)]
#[salt(opentsdb, buckets = 300, width = 2, of = ["metric", "tags"])]
struct Adjacent {
    metric: [u8; 3],
    tags: Tags,
}

#[test]
fn zero_metric_next_to_its_tags_is_unsalted() {
    let row = Adjacent {
        metric: [0, 0, 0],
        tags: Tags(vec![([0, 0, 1], [0, 0, 2])]),
    };
    let key = row.encode().unwrap();
    assert_eq!(key[..2], [0, 0]);
    assert_eq!(Adjacent::decode(&key).unwrap(), row);
    let salted = Adjacent {
        metric: [0, 0, 1],
        tags: row.tags.clone(),
    };
    let key = salted.encode().unwrap();
    assert_eq!(Adjacent::decode(&key).unwrap(), salted);
}
