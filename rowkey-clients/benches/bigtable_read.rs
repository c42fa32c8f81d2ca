//! The read path's speed end to end against Google's Bigtable emulator: a 16-bucket salted
//! plan read with `fan_out` at concurrency 1, 4 and 16, in rows per second, and the share of
//! that time spent in rowkey (planning, merging, decoding) rather than in the client and the
//! server.
//!
//! `cargo bench -p rowkey-clients --features bigtable-admin --bench bigtable_read`
//!
//! For each concurrency, the median of 7 runs of:
//! - **end to end**: plan `Reading::scan().day(1)` (16 ranges, one per bucket), one ReadRows
//!   per range through tonic, merged by `fan_out`, every key decoded into a `Reading`;
//! - **client and server only**: the same 16 requests at the same concurrency, rows counted,
//!   no merge and no decode;
//! - **rowkey only**: the plan, then the same rows (fetched once, held in memory per range)
//!   merged by `fan_out` at the same concurrency and decoded: the work rowkey adds, without
//!   the network. Its share is this time over the end-to-end time.
//!
//! Without an emulator it prints a notice and ends (see `tests/emulator/mod.rs`).

#[path = "../tests/emulator/mod.rs"]
mod emulator;

use std::collections::HashMap;
use std::time::{Duration, Instant};

use emulator::{read_rows, write_rows, DataClient, Emulator};
use futures::{stream, StreamExt, TryStreamExt};
use rowkey::{RowKey, ScanPlan};
use rowkey_clients::bigtable::range_row_set;

/// A device's readings, salted over 16 buckets by device: a day's scan is 16 ranges.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[salt(md5, buckets = 16, of = "device")]
struct Reading {
    day: u32,
    device: u64,
    seq: u32,
}

const DAYS: u32 = 2;
const DEVICES: u64 = 2_000;
const SEQS: u32 = 50;
const RUNS: usize = 7;

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// Plan, fan out, merge, decode: what a user's read does.
async fn end_to_end(client: &DataClient, table: &str, concurrency: usize) -> usize {
    let plan = Reading::scan().day(1).plan().unwrap();
    plan.fan_out(concurrency, |range| {
        read_rows(
            client,
            table,
            range_row_set(range).expect("no empty range"),
            false,
            0,
        )
    })
    .map(|row| Reading::decode(&row.unwrap()).unwrap())
    .fold(0, |n, r| async move { n + usize::from(r.day == 1) })
    .await
}

/// The same requests at the same concurrency, rows counted: the client and the server.
async fn client_only(client: &DataClient, table: &str, plan: &ScanPlan, c: usize) -> usize {
    stream::iter(plan.ranges().iter().map(|range| {
        read_rows(client, table, range_row_set(range).unwrap(), false, 0)
            .try_fold(0usize, |n, _| async move { Ok(n + 1) })
    }))
    .buffer_unordered(c)
    .map(|n| n.unwrap())
    .fold(0, |a, n| async move { a + n })
    .await
}

/// rowkey's part: the plan, then the rows of each range, already in memory, merged and decoded.
fn rowkey_only(mut by_range: HashMap<Vec<u8>, Vec<Vec<u8>>>, concurrency: usize) -> usize {
    let plan = Reading::scan().day(1).plan().unwrap();
    let merged = plan.fan_out(concurrency, |range| {
        let rows = by_range.remove(&range.start).unwrap_or_default();
        stream::iter(rows.into_iter().map(Ok::<_, std::convert::Infallible>))
    });
    futures::executor::block_on(
        merged
            .map(|row| Reading::decode(&row.unwrap()).unwrap())
            .fold(0, |n, r| async move { n + usize::from(r.day == 1) }),
    )
}

fn main() {
    let Some(emulator) = Emulator::shared() else {
        return;
    };
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let client = emulator.data().await;
        let table = emulator.create_table("bench_read").await;
        let keys: Vec<Vec<u8>> = (0..DAYS)
            .flat_map(|day| {
                (0..DEVICES).flat_map(move |device| {
                    (0..SEQS).map(move |seq| Reading { day, device, seq }.encode().unwrap())
                })
            })
            .collect();
        write_rows(&client, &table, &keys).await;
        let plan = Reading::scan().day(1).plan().unwrap();
        let want = (DEVICES * u64::from(SEQS)) as usize;
        assert_eq!(plan.ranges().len(), 16);

        // The rows of each range, fetched once for the rowkey-only runs.
        let mut by_range = HashMap::new();
        for range in plan.ranges() {
            let rows: Vec<Vec<u8>> =
                read_rows(&client, &table, range_row_set(range).unwrap(), false, 0)
                    .try_collect()
                    .await
                    .unwrap();
            by_range.insert(range.start.clone(), rows);
        }

        println!(
            "{} rows written; the plan reads {want} rows in {} ranges; median of {RUNS} runs\n",
            keys.len(),
            plan.ranges().len()
        );
        println!(
            "{:>11} {:>12} {:>11} {:>15} {:>12} {:>13}",
            "concurrency", "end to end", "rows/s", "client+server", "rowkey", "rowkey share"
        );
        for concurrency in [1, 4, 16] {
            let (mut e2e, mut raw, mut own) = (Vec::new(), Vec::new(), Vec::new());
            for _ in 0..RUNS {
                let t = Instant::now();
                assert_eq!(end_to_end(&client, &table, concurrency).await, want);
                e2e.push(t.elapsed());

                let t = Instant::now();
                assert_eq!(client_only(&client, &table, &plan, concurrency).await, want);
                raw.push(t.elapsed());

                let rows = by_range.clone();
                let t = Instant::now();
                assert_eq!(rowkey_only(rows, concurrency), want);
                own.push(t.elapsed());
            }
            let (e2e, raw, own) = (median(e2e), median(raw), median(own));
            println!(
                "{concurrency:>11} {:>10.1}ms {:>11.0} {:>13.1}ms {:>10.2}ms {:>12.1}%",
                e2e.as_secs_f64() * 1e3,
                want as f64 / e2e.as_secs_f64(),
                raw.as_secs_f64() * 1e3,
                own.as_secs_f64() * 1e3,
                100.0 * own.as_secs_f64() / e2e.as_secs_f64(),
            );
        }
    });
}
