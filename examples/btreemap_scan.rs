//! The commonest read, synchronously, over any sorted store: a salted time-series key in a
//! `BTreeMap<Vec<u8>, f64>` (a stand-in for a table sorted by unsigned bytes), a time range
//! planned as one range per salt bucket, each range read in key order, and `plan.merge`
//! putting the rows back in time order. Checked against a brute-force filter of every row.
//!
//! `cargo run --example btreemap_scan`

use std::collections::BTreeMap;

use rowkey::RowKey;

/// Readings of many sensors: the time first (so a time range is a key range), salted by the
/// sensor into 8 buckets so that writes at "now" spread over 8 regions.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[salt(md5, buckets = 8, of = "sensor")]
struct Reading {
    ts: u64,
    sensor: u32,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // The table: 50 sensors, one reading a second for 10 minutes.
    let mut table = BTreeMap::new();
    for ts in 1_700_000_000..1_700_000_600u64 {
        for sensor in 0..50u32 {
            let key = Reading { ts, sensor }.encode()?;
            table.insert(key, f64::from(sensor) + (ts % 60) as f64 / 100.0);
        }
    }

    // Ten seconds of every sensor: one range per bucket.
    let (from, to) = (1_700_000_100, 1_700_000_110);
    let plan = Reading::scan().ts(from..to).plan()?;
    println!("{} ranges, one per salt bucket:", plan.ranges().len());
    for range in plan.ranges() {
        println!("  {}", range.to_hbase_shell());
    }

    // Each range is a sorted stream of the store; the merge interleaves them by the key after
    // the salt, so the rows come out in time order across buckets.
    let streams = plan
        .ranges()
        .iter()
        .map(|r| table.range::<[u8], _>(r.to_bounds()));
    let mut rows = Vec::new();
    for (key, value) in plan.merge(streams) {
        rows.push((Reading::decode(key)?, *value));
    }

    // The same rows by brute force: every row of the table, filtered by its decoded fields.
    let mut want: Vec<(Reading, f64)> = table
        .iter()
        .map(|(k, v)| (Reading::decode(k).expect("our keys"), *v))
        .filter(|(r, _)| (from..to).contains(&r.ts))
        .collect();
    want.sort_by(|(a, _), (b, _)| a.ts.cmp(&b.ts).then(a.sensor.cmp(&b.sensor)));
    assert_eq!(rows.len(), 500);
    assert!(
        rows.windows(2).all(|w| w[0].0.ts <= w[1].0.ts),
        "time order"
    );
    let mut got = rows.clone();
    got.sort_by(|(a, _), (b, _)| a.ts.cmp(&b.ts).then(a.sensor.cmp(&b.sensor)));
    assert_eq!(got, want);

    println!(
        "{} rows from {} to {}, in time order; first {:?}, last {:?}",
        rows.len(),
        from,
        to,
        rows[0].0,
        rows[rows.len() - 1].0
    );
    Ok(())
}
