//! A salted Bigtable table of a million rows, as a user writes it from `#[tokio::main]`: the
//! table created pre-split at the key's bucket boundaries, every row written with
//! `Table::put_rows` (chunked, failed entries retried), then a day read back merged from its 16
//! buckets in logical order and five devices' day read as a set of values (one range each, in
//! its bucket); both checked against the rows written. No protobuf type and no crate beyond rowkey's in the program.
//!
//! ```sh
//! BIGTABLE_EMULATOR_HOST=127.0.0.1:8086 \
//!     cargo run --release -p rowkey-clients --features bigtable-admin --example salted_table_bigtable
//! ```
//!
//! `main` is the program (at most a screen, 50 lines as rustfmt lays it out, which its test
//! counts).

use std::time::Instant;

use futures::TryStreamExt;
use rowkey::RowKey;
use rowkey_clients::bigtable::admin::Admin;
use rowkey_clients::bigtable::{Cell, Client, Row};

/// A reading of a device: salted by device, so that a day's writes spread over 16 buckets.
#[derive(RowKey, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[salt(md5, buckets = 16, of = "device")]
struct Reading {
    day: u32,
    device: u32,
    ts: u32,
}

const INSTANCE: &str = "projects/p/instances/i";
const DAYS: u32 = 10;
const DEVICES: u32 = 1_000;
const PER_DAY: u32 = 100;

// The program.
#[tokio::main]
pub async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let (client, admin) = (Client::from_env()?, Admin::from_env()?);
    let splits = Reading::split_points(16)?;
    let table = client.table(
        admin
            .create_table(INSTANCE, "readings", &["f"], &splits)
            .await?,
    );
    let started = Instant::now();
    let cells = |r: &Reading| [Cell::new("f", "v", r.ts.to_string())];
    let rows = (0..DAYS)
        .flat_map(day)
        .map(|r| (r.encode().unwrap(), cells(&r)));
    let written = table.put_rows(rows).await?;
    println!("wrote {written} rows in {:.1?}", started.elapsed());
    assert_eq!(written, (DAYS * DEVICES * PER_DAY) as usize);
    // A day, merged from the 16 buckets in (device, ts) order.
    let started = Instant::now();
    let rows: Vec<Row> = table
        .read(&Reading::scan().day(3).plan()?)
        .try_collect()
        .await?;
    let took = started.elapsed();
    let keys: Vec<Reading> = rows
        .iter()
        .map(|r| Reading::decode(&r.key))
        .collect::<Result<_, _>>()?;
    assert_eq!(
        keys,
        day(3).collect::<Vec<_>>(),
        "every row of the day once, in order"
    );
    println!("read day 3: {} rows merged in {took:.1?}", rows.len());
    // Five devices' day (SQL's `IN`): one range each, in its bucket, merged.
    let devices = [500, 3, 42, 7, 9];
    let five = Reading::scan().day(3).device(devices).plan()?;
    let rows: Vec<Row> = table.read(&five).try_collect().await?;
    let keys: Vec<Reading> = rows
        .iter()
        .map(|r| Reading::decode(&r.key))
        .collect::<Result<_, _>>()?;
    let want: Vec<Reading> = day(3).filter(|r| devices.contains(&r.device)).collect();
    assert_eq!(keys, want, "the five devices' rows once each, in key order");
    assert_eq!(rows[7].value("f", b"v"), Some(&b"7"[..]));
    println!(
        "5 devices, day 3: {} rows in {} ranges",
        rows.len(),
        five.ranges().len()
    );
    Ok(())
}
// The program ends here.

/// The readings of day `day`, in logical order: every device's, by time.
fn day(day: u32) -> impl Iterator<Item = Reading> {
    (0..DEVICES).flat_map(move |device| (0..PER_DAY).map(move |ts| Reading { day, device, ts }))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_program_is_a_screen() {
        rowkey_testkit::program::assert_at_most(include_str!("salted_table_bigtable.rs"), 50);
    }

    /// The program, at its million rows, on an emulator of its own.
    #[test]
    fn writes_and_reads_a_million_rows() {
        let Some(emulator) = rowkey_testkit::bigtable::Emulator::start() else {
            return;
        };
        // The only test of this binary that reads the variable.
        // SAFETY: set before the program starts a thread or a runtime; this binary's other
        // tests read its source text, no environment, and run no C code.
        unsafe { std::env::set_var("BIGTABLE_EMULATOR_HOST", emulator.addr.to_string()) };
        super::main().expect("the program");
    }
}
