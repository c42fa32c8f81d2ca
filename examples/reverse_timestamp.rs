//! Reverse timestamps (the HBase book's `[key][Long.MAX_VALUE - timestamp]`): the newest
//! reading of a sensor is the FIRST row of a prefix scan, and "the value as of time T" is the
//! first row at or after the key for T. The table is a real sorted map of byte keys.
//!
//! `cargo run --example reverse_timestamp`

use std::collections::BTreeMap;
use std::ops::Bound;

use rowkey::scan::prefix_stop;
use rowkey::RowKey;

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Reading {
    sensor: String,
    /// Milliseconds since the epoch, stored as `Long.MAX_VALUE - ts`.
    #[reverse_ts]
    ts: i64,
}

/// The key bytes every reading of `sensor` starts with: the key without its 8-byte timestamp.
fn sensor_prefix(sensor: &str) -> Vec<u8> {
    let probe = Reading {
        sensor: sensor.into(),
        ts: 0,
    }
    .encode()
    .expect("a valid key");
    probe[..probe.len() - 8].to_vec()
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut table: BTreeMap<Vec<u8>, f64> = BTreeMap::new();
    let start = 1_700_000_000_000i64;
    for (i, sensor) in ["boiler", "boiler-2", "pump"].iter().enumerate() {
        for minute in 0..5i64 {
            let ts = start + minute * 60_000;
            let value = 20.0 + i as f64 * 10.0 + minute as f64;
            table.insert(
                Reading {
                    sensor: (*sensor).into(),
                    ts,
                }
                .encode()?,
                value,
            );
        }
    }

    println!("the whole table, in byte order:");
    for (key, value) in &table {
        let r = Reading::decode(key)?;
        println!("  {:<9} ts={} value={value}", r.sensor, r.ts);
    }

    // Latest reading of "boiler": the first row of the prefix scan. The prefix ends with the
    // sensor's 00 01 terminator, so "boiler-2" rows are not part of it.
    let prefix = sensor_prefix("boiler");
    let stop = prefix_stop(&prefix);
    let (key, value) = table
        .range::<[u8], _>((Bound::Included(&prefix[..]), Bound::Excluded(&stop[..])))
        .next()
        .expect("boiler has readings");
    let latest = Reading::decode(key)?;
    println!("\nlatest boiler reading = first row of the prefix scan: {value}");
    print!("{}", Reading::explain(key));
    assert_eq!(latest.ts, start + 4 * 60_000);
    assert_eq!(*value, 24.0);

    // The value as of T: seek to the key for T; the first row at or after it is the newest
    // reading not newer than T.
    let as_of = start + 2 * 60_000 + 30_000;
    let seek = Reading {
        sensor: "boiler".into(),
        ts: as_of,
    }
    .encode()?;
    let (key, value) = table
        .range::<[u8], _>((Bound::Included(&seek[..]), Bound::Excluded(&stop[..])))
        .next()
        .expect("a reading before T");
    let found = Reading::decode(key)?;
    println!("\nboiler as of ts={as_of}: ts={} value={value}", found.ts);
    assert_eq!(found.ts, start + 2 * 60_000);

    let all: Vec<i64> = table
        .range::<[u8], _>((Bound::Included(&prefix[..]), Bound::Excluded(&stop[..])))
        .map(|(k, _)| Reading::decode(k).map(|r| r.ts))
        .collect::<Result<_, _>>()?;
    assert!(all.windows(2).all(|w| w[0] > w[1]), "newest first");
    println!("\nall boiler readings, newest first: {all:?}");
    Ok(())
}
