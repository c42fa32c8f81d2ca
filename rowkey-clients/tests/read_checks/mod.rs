//! The reads a user makes of a salted table, each checked against the brute force of what was
//! written: shared by `tests/bigtable_client.rs` (100,000 rows, in the README's test command)
//! and `benches/bigtable_read.rs` (a million rows), which includes this file by its path.

#![allow(dead_code)]

use futures::TryStreamExt;
use googleapis_tonic_google_bigtable_v2::google::bigtable::v2 as data;
use rowkey::RowKey;
use rowkey_clients::bigtable::{Row, Table};

/// A metric's samples, salted over 16 buckets by host: a read of everything is 16 ranges.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[salt(md5, buckets = 16, of = "host")]
pub struct Metric {
    pub metric: String,
    pub ts: u64,
    pub host: u32,
}

/// The `n` keys of the table: two metrics, a thousand hosts, the rest timestamps.
pub fn keys(n: usize) -> Vec<Metric> {
    (0..n)
        .map(|i| Metric {
            metric: if i % 2 == 0 { "cpu" } else { "mem" }.into(),
            ts: 1_700_000_000 + (i / 2000) as u64,
            host: (i / 2 % 1000) as u32,
        })
        .collect()
}

/// A row's one cell: family `f`, column `v`, the key's last 4 bytes twice as the value.
pub fn value(key: &[u8]) -> Vec<u8> {
    let tail = &key[key.len() - 4..];
    [tail, tail].concat()
}

/// The rows of `keys`: each key's bytes and its value, in the keys' order.
pub fn rows(keys: &[Metric]) -> Vec<(Vec<u8>, Vec<u8>)> {
    keys.iter()
        .map(|k| {
            let key = k.encode().unwrap();
            let v = value(&key);
            (key, v)
        })
        .collect()
}

/// Writes the rows (keys and values) with the client's MutateRows; returns the brute force:
/// `(key, value)` in logical order (salt set aside).
pub async fn load(table: &Table, keys: &[Metric]) -> Vec<(Vec<u8>, Vec<u8>)> {
    let mut rows = rows(keys);
    for batch in rows.chunks(10_000) {
        let entries = batch
            .iter()
            .map(|(k, v)| data::mutate_rows_request::Entry {
                row_key: k.clone(),
                mutations: vec![data::Mutation {
                    mutation: Some(data::mutation::Mutation::SetCell(data::mutation::SetCell {
                        family_name: "f".into(),
                        column_qualifier: b"v".to_vec(),
                        timestamp_micros: 1_000,
                        value: v.clone(),
                    })),
                }],
                idempotency: None,
            })
            .collect();
        table.mutate_rows(entries).await.expect("MutateRows");
    }
    rows.sort_by(|a, b| a.0[1..].cmp(&b.0[1..]));
    rows
}

/// The rows' keys and values as read.
pub fn pairs(rows: Vec<Row>) -> Vec<(Vec<u8>, Vec<u8>)> {
    rows.into_iter()
        .map(|r| {
            let v = r.value("f", b"v").expect("the row's cell").to_vec();
            (r.key, v)
        })
        .collect()
}

/// Every read of the whole table (`truth`: its rows in logical order), each equal to brute
/// force, keys and values: one merged read at concurrency 1, 4 and 16, forward and reversed;
/// limits both ways; pages of 30,000 rows both ways, each resuming after the last row of the
/// page before; a partial key with a range on the next field.
pub async fn every_read(table: &Table, truth: &[(Vec<u8>, Vec<u8>)]) {
    let plan = Metric::full_scan();
    assert_eq!(plan.ranges().len(), 16);
    let reversed: Vec<_> = truth.iter().rev().cloned().collect();
    for concurrency in [1, 4, 16] {
        let got: Vec<Row> = table
            .read(&plan)
            .concurrency(concurrency)
            .try_collect()
            .await
            .unwrap();
        assert_eq!(got.len(), truth.len(), "concurrency {concurrency}");
        assert!(pairs(got) == truth, "forward, concurrency {concurrency}");
        let got: Vec<Row> = table
            .read(&plan)
            .concurrency(concurrency)
            .reverse()
            .try_collect()
            .await
            .unwrap();
        assert!(
            pairs(got) == reversed,
            "reversed, concurrency {concurrency}"
        );
    }
    for n in [1, 999, 25_000] {
        let got: Vec<Row> = table.read(&plan).limit(n).try_collect().await.unwrap();
        assert!(pairs(got) == truth[..n], "limit {n}");
        let got: Vec<Row> = table
            .read(&plan)
            .reverse()
            .limit(n)
            .try_collect()
            .await
            .unwrap();
        assert!(pairs(got) == reversed[..n], "reversed, limit {n}");
    }
    for reverse in [false, true] {
        let mut all: Vec<(Vec<u8>, Vec<u8>)> = Vec::new();
        let mut pages = 0;
        loop {
            let mut read = table.read(&plan);
            if reverse {
                read = read.reverse();
            }
            if let Some((last, _)) = all.last() {
                read = read.resume_after(last);
            }
            let page: Vec<Row> = read.limit(30_000).try_collect().await.unwrap();
            if page.is_empty() {
                break;
            }
            pages += 1;
            all.extend(pairs(page));
        }
        assert_eq!(pages, truth.len().div_ceil(30_000));
        let want = if reverse { &reversed[..] } else { truth };
        assert!(all == want, "pages, reversed {reverse}");
    }
    let plan = Metric::scan()
        .metric("cpu")
        .ts(1_700_000_010..1_700_000_020)
        .plan()
        .unwrap();
    let got: Vec<Row> = table.read(&plan).try_collect().await.unwrap();
    let want: Vec<_> = truth
        .iter()
        .filter(|(k, _)| {
            let m = Metric::decode(k).unwrap();
            m.metric == "cpu" && (1_700_000_010..1_700_000_020).contains(&m.ts)
        })
        .cloned()
        .collect();
    assert_eq!(want.len(), 10_000);
    assert!(pairs(got) == want);
}
