//! The maps against brute-force recounts from every key written: buckets of equal row count
//! (cells, and how even the buckets are), bucket labels from the smallest key of each bucket,
//! the read metric per cell, the diagnostics, and the JSON export parsed back.

use rowkey::{RowKey, ScanPlan};
use rowkey_studio::report::diagnose::{diagnose, Kind};
use rowkey_studio::report::labels;
use rowkey_studio::{Cut, Design, Outcome, Study};

/// A sensor reading: salted into 16 buckets by the host, of which only 3 hosts write.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[salt(md5, buckets = 16, of = "host")]
struct Sensor {
    host: u8,
    ts: u64,
    reading: u16,
}

const WRITES: u64 = 30_000;
const WINDOW: u64 = 1_000;
const BUCKETS: usize = 32;

fn sensor(i: u64) -> Sensor {
    Sensor {
        host: (i % 3) as u8 * 50,
        ts: 1_000_000 + i,
        reading: (i * 7 % 1_000) as u16,
    }
}

fn plans() -> [ScanPlan; 2] {
    [
        Sensor::scan().host(50).ts(1_020_000..).plan().unwrap(),
        Sensor::full_scan(),
    ]
}

fn study(cut: Cut, splits: Vec<Vec<u8>>) -> Study<u64> {
    Study::new(WRITES, |i| i)
        .window(WINDOW)
        .split_writes(3_000)
        .buckets(BUCKETS)
        .servers(4)
        .splits(splits)
        .options_cut(cut)
        .design(
            Design::new("sensors", |&i: &u64| sensor(i))
                .read("host 50, last third", |_| plans()[0].clone())
                .read_where(
                    "low readings",
                    |_| plans()[1].clone(),
                    |s: &Sensor| s.reading < 10,
                ),
        )
}

fn keys() -> Vec<Vec<u8>> {
    (0..WRITES).map(|i| sensor(i).encode().unwrap()).collect()
}

fn run(cut: Cut, splits: Vec<Vec<u8>>) -> Outcome {
    study(cut, splits).run().unwrap().remove(0)
}

/// The bucket of `key` among the axis's starts: how many of buckets 1.. start at or below it.
fn bucket(o: &Outcome, key: &[u8]) -> usize {
    (1..BUCKETS)
        .filter(|&b| o.run.heat.axis.start(b).as_slice() <= key)
        .count()
}

fn recount(o: &Outcome, keys: &[Vec<u8>], metric: impl Fn(&[u8]) -> u64) -> Vec<Vec<u64>> {
    let mut cells = vec![vec![0u64; BUCKETS]; (WRITES / WINDOW) as usize];
    for (i, k) in keys.iter().enumerate() {
        cells[i / WINDOW as usize][bucket(o, k)] += metric(k);
    }
    cells
}

#[test]
fn buckets_of_equal_row_count_recount_exactly_and_hold_even_rows() {
    let o = run(Cut::Rows, Vec::new());
    let keys = keys();
    let heat = &o.run.heat;
    assert!(heat.axis.is_by_rows());
    assert!((1..BUCKETS).all(|b| heat.axis.start(b - 1) < heat.axis.start(b)));
    assert_eq!(heat.counts, recount(&o, &keys, |_| 1));
    // Distinct rows per bucket: each within a factor of the even share (the cut comes from a
    // sample of a few thousand keys).
    let mut rows = vec![0usize; BUCKETS];
    let mut distinct = keys.clone();
    distinct.sort();
    distinct.dedup();
    for k in &distinct {
        rows[bucket(&o, k)] += 1;
    }
    let even = distinct.len() / BUCKETS;
    for (b, &n) in rows.iter().enumerate() {
        assert!(
            n * 2 >= even && n * 2 <= even * 3,
            "bucket {b}: {n} rows, even {even}"
        );
    }
}

#[test]
fn buckets_of_equal_range_recount_exactly() {
    let o = run(Cut::Range, Vec::new());
    let keys = keys();
    assert!(!o.run.heat.axis.is_by_rows());
    let lo = keys.iter().min().unwrap();
    let hi = keys.iter().max().unwrap();
    let p = lo.iter().zip(hi).take_while(|(a, b)| a == b).count();
    let value = |k: &[u8]| {
        (0..8).fold(0u128, |v, i| {
            v * 256 + u128::from(*k.get(p + i).unwrap_or(&0))
        })
    };
    let (l, h) = (value(lo), value(hi));
    let mut cells = vec![vec![0u64; BUCKETS]; (WRITES / WINDOW) as usize];
    for (i, k) in keys.iter().enumerate() {
        cells[i / WINDOW as usize][((value(k) - l) * BUCKETS as u128 / (h - l + 1)) as usize] += 1;
    }
    assert_eq!(o.run.heat.counts, cells);
}

#[test]
fn labels_are_the_smallest_key_of_each_bucket_decoded() {
    let o = run(Cut::Rows, Vec::new());
    let keys = keys();
    for b in 0..BUCKETS {
        let smallest = keys.iter().filter(|k| bucket(&o, k) == b).min().unwrap();
        let s = Sensor::decode(smallest).unwrap();
        let bucket_of = usize::from(smallest[0]);
        assert_eq!(
            o.run.heat.labels[b],
            [
                format!("bucket {bucket_of} of 16"),
                format!("host={}", s.host),
                format!("ts={}", s.ts)
            ],
            "bucket {b}"
        );
        assert_eq!(o.run.heat.labels[b], labels::decoded::<Sensor>(smallest));
    }
}

#[test]
fn the_read_metric_counts_the_rows_each_read_reads() {
    let o = run(Cut::Rows, Vec::new());
    let keys = keys();
    let plans = plans();
    let expected = recount(&o, &keys, |k| {
        plans.iter().filter(|p| p.contains(k)).count() as u64
    });
    assert_eq!(o.run.heat.reads, expected);
    // Every row is read by the full scan; host 50's last third once more.
    let total: u64 = expected.iter().flatten().sum();
    let host50 = keys
        .iter()
        .filter(|k| {
            Sensor::decode(k).unwrap().host == 50 && Sensor::decode(k).unwrap().ts >= 1_020_000
        })
        .count() as u64;
    assert_eq!(total, WRITES + host50);
}

#[test]
fn diagnostics_match_a_recount() {
    let keys = keys();
    // Salt buckets: which of the 16 received writes, by the keys' first byte.
    let o = run(Cut::Rows, Vec::new());
    let mut per_salt = [0u64; 16];
    for k in &keys {
        per_salt[usize::from(k[0])] += 1;
    }
    assert_eq!(o.run.salt_writes, per_salt);
    let idle: Vec<String> = (0..16)
        .filter(|&b| per_salt[b] == 0)
        .map(|b| b.to_string())
        .collect();
    assert!(idle.len() >= 13, "three hosts, at most three buckets");
    let found = diagnose(&o);
    let salts = found
        .iter()
        .find(|f| f.kind == Kind::IdleSaltBuckets)
        .unwrap();
    assert!(
        salts.text.starts_with(&format!(
            "{} of 16 salt buckets get no writes (buckets {}",
            idle.len(),
            idle[..10].join(", ")
        )),
        "{}",
        salts.text
    );
    // Reads: the full scan touches every region, host 50's does not (recounted from the starts).
    let starts = &o.run.regions.starts;
    let touches = |plan: &ScanPlan| {
        (0..starts.len())
            .filter(|&i| {
                plan.ranges().iter().any(|r| {
                    let next = starts.get(i + 1);
                    (r.stop.is_empty() || starts[i] < r.stop) && next.is_none_or(|n| *n > r.start)
                })
            })
            .count()
    };
    let plans = plans();
    assert!(touches(&plans[0]) < starts.len());
    assert_eq!(touches(&plans[1]), starts.len());
    let every: Vec<&str> = found
        .iter()
        .filter(|f| f.kind == Kind::ReadsEveryRegion)
        .map(|f| f.text.as_str())
        .collect();
    assert_eq!(every.len(), 1);
    assert!(every[0].starts_with("read \"low readings\" touches every region"));
    // Low readings: 1% of the rows wanted, all read.
    assert!(found.iter().any(|f| f.kind == Kind::ReadAmplification
        && f.text.contains("\"low readings\" reads 100 rows per row")));
    assert!(!found.iter().any(|f| f.kind == Kind::Sequential));

    // Regions no write reaches: given boundaries past the salt buckets in use.
    let splits: Vec<Vec<u8>> = (1u8..16).map(|b| vec![b]).collect();
    let o = run(Cut::Rows, splits);
    let mut per_region = [0u64; 16];
    for k in &keys {
        per_region[usize::from(k[0])] += 1;
    }
    let empty = per_region.iter().filter(|&&n| n == 0).count();
    let f = diagnose(&o)
        .into_iter()
        .find(|f| f.kind == Kind::UnreachedRegions)
        .unwrap();
    assert!(
        f.text
            .starts_with(&format!("{empty} of 16 regions got no writes")),
        "{}",
        f.text
    );
}

#[test]
fn the_json_export_holds_the_recounted_maps() {
    let o = run(Cut::Rows, Vec::new());
    let keys = keys();
    let doc: serde_json::Value =
        serde_json::from_str(&rowkey_studio::report::json::document(&o)).unwrap();
    let matrix = |v: &serde_json::Value| -> Vec<Vec<u64>> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|r| {
                r.as_array()
                    .unwrap()
                    .iter()
                    .map(|n| n.as_u64().unwrap())
                    .collect()
            })
            .collect()
    };
    assert_eq!(doc["design"], "sensors");
    assert_eq!(doc["cut"], "rows");
    assert_eq!(matrix(&doc["values"]["writes"]), recount(&o, &keys, |_| 1));
    let plans = plans();
    assert_eq!(
        matrix(&doc["values"]["reads"]),
        recount(
            &o,
            &keys,
            |k| plans.iter().filter(|p| p.contains(k)).count() as u64
        )
    );
    let axis = doc["keyAxis"].as_array().unwrap();
    assert_eq!(axis.len(), BUCKETS);
    for (b, entry) in axis.iter().enumerate() {
        let key = rowkey::hbase::parse_string_binary(entry["key"].as_str().unwrap()).unwrap();
        assert_eq!(key, o.run.heat.axis.start(b));
        let labels: Vec<&str> = entry["labels"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l.as_str().unwrap())
            .collect();
        assert_eq!(labels, o.run.heat.labels[b]);
    }
    let time = doc["timeAxis"].as_array().unwrap();
    assert_eq!(time.len() as u64, WRITES / WINDOW);
    assert_eq!(time[3]["firstWrite"], 3_000);
    assert_eq!(time[3]["lastWrite"], 3_999);
    let starts: Vec<Vec<u8>> = doc["regions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| rowkey::hbase::parse_string_binary(s.as_str().unwrap()).unwrap())
        .collect();
    assert_eq!(starts, o.run.regions.starts);
    let mut per_region = vec![0u64; starts.len()];
    for k in &keys {
        per_region[starts
            .iter()
            .rposition(|s| s.as_slice() <= k.as_slice())
            .unwrap()] += 1;
    }
    let written: Vec<u64> = doc["regionWrites"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap())
        .collect();
    assert_eq!(written, per_region);
    assert_eq!(doc["reads"][1]["rowsRead"], WRITES);
    assert!(doc["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .any(|d| d["kind"] == "IdleSaltBuckets"));
}
