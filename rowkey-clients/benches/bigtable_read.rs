//! The Bigtable read path at a million rows, against Google's Bigtable emulator: a metrics
//! table salted over 16 md5 buckets (`#[salt(md5, buckets = 16, of = "host")]`), read whole by
//! `rowkey_clients::bigtable::Client`.
//!
//! `cargo bench -p rowkey-clients --features bigtable-admin --bench bigtable_read`
//!
//! First the checks of `tests/bigtable_client.rs` at this size (every read forward and
//! reversed at concurrency 1, 4 and 16, limits, pages, a partial key: each equal to brute
//! force). Then, for each concurrency, the median of 9 runs (each run all three, in turn) of:
//! - **client**: `table.read(&Metric::full_scan()).concurrency(c)`, every key decoded;
//! - **bare tonic**: the same 16 `ReadRows` requests through tonic's generated client on one
//!   channel (with the client's windows: tonic's defaults meet the GOAWAY at concurrency 16),
//!   at the same concurrency, each stream drained as it comes (no merge, so nothing is held),
//!   rows counted from their chunks: the floor;
//! - **rowkey**: the plan, then the same rows (fetched once, held in memory per range) merged
//!   in logical order and decoded: rowkey's work, without the network. Its share is this
//!   time over the client's.
//!
//! "client / bare" is the median of the runs' own ratios (bare time over client time: above 1,
//! the client is faster). `ROWKEY_BENCH_ROWS` sets the table's size. Without an emulator it prints a notice and ends
//! (see `rowkey_testkit::bigtable`).

use rowkey_testkit::bigtable as emulator;
#[path = "../tests/read_checks/mod.rs"]
mod read_checks;

use std::time::{Duration, Instant};

use emulator::Emulator;
use futures::{stream, StreamExt, TryStreamExt};
use googleapis_tonic_google_bigtable_v2::google::bigtable::v2 as data;
use read_checks::{keys, load, Metric};
use rowkey::RowKey;
use rowkey_clients::bigtable::{range_row_set, Client, Row, FEATURES_METADATA};
use tonic::transport::Endpoint;

const RUNS: usize = 9;

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// The client's read of every row, keys decoded.
async fn client_read(table: &rowkey_clients::bigtable::Table, concurrency: usize) -> usize {
    table
        .read(&Metric::full_scan())
        .concurrency(concurrency)
        .map(|row| Metric::decode_unverified(&row.unwrap().key).unwrap())
        .fold(
            0,
            |n, m| async move { n + usize::from(!m.metric.is_empty()) },
        )
        .await
}

/// The same requests through bare tonic, each stream drained, rows counted.
async fn bare_read(
    client: &data::bigtable_client::BigtableClient<tonic::transport::Channel>,
    table: &str,
    concurrency: usize,
) -> usize {
    let plan = Metric::full_scan();
    stream::iter(plan.ranges().iter().map(|range| {
        let mut client = client.clone();
        let mut request = tonic::Request::new(data::ReadRowsRequest {
            table_name: table.to_string(),
            rows: range_row_set(range),
            ..data::ReadRowsRequest::default()
        });
        let (name, value) = FEATURES_METADATA;
        request.metadata_mut().insert(name, value.parse().unwrap());
        async move {
            let mut answers = client.read_rows(request).await.unwrap().into_inner();
            let mut rows = 0;
            while let Some(answer) = answers.message().await.unwrap() {
                rows += answer
                    .chunks
                    .iter()
                    .filter(|c| {
                        matches!(
                            c.row_status,
                            Some(data::read_rows_response::cell_chunk::RowStatus::CommitRow(
                                true
                            ))
                        )
                    })
                    .count();
            }
            rows
        }
    }))
    .buffer_unordered(concurrency)
    .fold(0, |a, n| async move { a + n })
    .await
}

/// rowkey's part: the plan, then each range's rows (in memory) merged and decoded.
fn rowkey_part(by_range: Vec<Vec<Row>>, concurrency: usize) -> usize {
    let plan = Metric::full_scan();
    let merged = plan
        .merge_stream(
            by_range
                .into_iter()
                .map(|rows| stream::iter(rows.into_iter().map(Ok::<_, ()>))),
        )
        .concurrency(concurrency);
    futures::executor::block_on(
        merged
            .map(|row| Metric::decode_unverified(&row.unwrap().key).unwrap())
            .fold(
                0,
                |n, m| async move { n + usize::from(!m.metric.is_empty()) },
            ),
    )
}

fn main() {
    let Some(emulator) = Emulator::shared() else {
        return;
    };
    let rows: usize = std::env::var("ROWKEY_BENCH_ROWS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000_000);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let name = emulator.create_table("bench_read").await;
        let client = Client::emulator(&emulator.addr.to_string()).unwrap();
        let table = client.table(name.clone());
        let t = Instant::now();
        let truth = load(&table, &keys(rows)).await;
        println!("{rows} rows written in {:.1} s", t.elapsed().as_secs_f64());

        let t = Instant::now();
        read_checks::every_read(&table, &truth).await;
        println!(
            "every read (forward and reversed at concurrency 1, 4, 16; limits; pages; a partial \
             key) equal to brute force, in {:.1} s\n",
            t.elapsed().as_secs_f64()
        );

        // tonic's defaults are hyper's windows (2 MiB a stream, 5 MiB the connection): even
        // drained as they come, 16 streams of a million rows on one connection end with the
        // GOAWAY on this machine (`too_many_data_frames` at concurrency 16). The floor uses the
        // client's windows on one connection.
        let channel = Endpoint::from_shared(format!("http://{}", emulator.addr))
            .unwrap()
            .initial_stream_window_size(64 * 1024)
            .initial_connection_window_size(32 * 1024 * 1024)
            .connect()
            .await
            .unwrap();
        let bare = data::bigtable_client::BigtableClient::new(channel)
            .max_decoding_message_size(256 << 20);
        let plan = Metric::full_scan();
        let mut by_range = Vec::new();
        for range in plan.ranges() {
            let rows: Vec<Row> = table.read_range(range).try_collect().await.unwrap();
            by_range.push(rows);
        }

        println!(
            "{:>11} {:>10} {:>11} {:>10} {:>11} {:>14} {:>10} {:>13}",
            "concurrency",
            "client",
            "rows/s",
            "bare tonic",
            "rows/s",
            "client / bare",
            "rowkey",
            "rowkey share"
        );
        for concurrency in [1, 4, 16] {
            let (mut ours, mut floor, mut own) = (Vec::new(), Vec::new(), Vec::new());
            let mut ratios = Vec::new();
            for _ in 0..RUNS {
                let t = Instant::now();
                assert_eq!(client_read(&table, concurrency).await, rows);
                ours.push(t.elapsed());

                let t = Instant::now();
                assert_eq!(bare_read(&bare, &name, concurrency).await, rows);
                floor.push(t.elapsed());
                // The run's own ratio: the emulator's speed drifts between runs.
                ratios.push(floor[floor.len() - 1].as_secs_f64() / ours[ours.len() - 1].as_secs_f64());

                let held = by_range.clone();
                let t = Instant::now();
                assert_eq!(rowkey_part(held, concurrency), rows);
                own.push(t.elapsed());
            }
            let (ours, floor, own) = (median(ours), median(floor), median(own));
            ratios.sort_by(f64::total_cmp);
            let ratio = ratios[ratios.len() / 2];
            println!(
                "{concurrency:>11} {:>8.0}ms {:>11.0} {:>8.0}ms {:>11.0} {:>13.2}x {:>8.0}ms {:>12.1}%",
                ours.as_secs_f64() * 1e3,
                rows as f64 / ours.as_secs_f64(),
                floor.as_secs_f64() * 1e3,
                rows as f64 / floor.as_secs_f64(),
                ratio,
                own.as_secs_f64() * 1e3,
                100.0 * own.as_secs_f64() / ours.as_secs_f64(),
            );
        }
        println!("\nconnections the client opened: {}", client.connections());
    });
}
