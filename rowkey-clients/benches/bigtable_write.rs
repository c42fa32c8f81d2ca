//! The Bigtable write path against Google's Bigtable emulator: `Table::put_rows` (chunked
//! `MutateRows`, per-entry statuses read, failed entries retried) against bare tonic sending
//! the same entries in the same chunks on one channel and reading the answers: the floor.
//!
//! `cargo bench -p rowkey-clients --features bigtable-admin --bench bigtable_write`
//!
//! Each of 5 runs writes `ROWKEY_BENCH_ROWS` rows (default 200,000) of a 16-bucket salted key,
//! one cell each, into a fresh table with each writer in turn; the medians and the median of
//! the runs' own ratios (bare time over client time: above 1, the client is faster) are
//! printed. Without an emulator it prints a notice and ends.

use std::time::{Duration, Instant};

use googleapis_tonic_google_bigtable_v2::google::bigtable::v2 as data;
use rowkey::RowKey;
use rowkey_clients::bigtable::{Cell, Client, MUTATIONS_PER_REQUEST};
use rowkey_testkit::bigtable::Emulator;
use tonic::transport::Endpoint;

const RUNS: usize = 5;

#[derive(RowKey)]
#[salt(md5, buckets = 16, of = "host")]
struct Metric {
    host: u32,
    ts: u64,
}

fn rows(n: usize) -> Vec<(Vec<u8>, [Cell; 1])> {
    (0..n as u64)
        .map(|i| {
            let key = Metric {
                host: (i % 1000) as u32,
                ts: i / 1000,
            }
            .encode()
            .unwrap();
            (key, [Cell::new("f", "v", i.to_string())])
        })
        .collect()
}

/// The same entries through tonic's generated client, in chunks of the client's size.
async fn bare_write(
    client: &data::bigtable_client::BigtableClient<tonic::transport::Channel>,
    table: &str,
    rows: &[(Vec<u8>, [Cell; 1])],
) -> usize {
    let mut written = 0;
    for chunk in rows.chunks(MUTATIONS_PER_REQUEST) {
        let entries = chunk
            .iter()
            .map(|(key, [c])| data::mutate_rows_request::Entry {
                row_key: key.clone(),
                mutations: vec![data::Mutation {
                    mutation: Some(data::mutation::Mutation::SetCell(data::mutation::SetCell {
                        family_name: c.family.clone(),
                        column_qualifier: c.qualifier.clone(),
                        timestamp_micros: c.timestamp_micros,
                        value: c.value.clone(),
                    })),
                }],
                ..Default::default()
            })
            .collect();
        let request = data::MutateRowsRequest {
            table_name: table.into(),
            entries,
            ..Default::default()
        };
        let mut answers = client
            .clone()
            .mutate_rows(request)
            .await
            .unwrap()
            .into_inner();
        while let Some(a) = answers.message().await.unwrap() {
            written += a
                .entries
                .iter()
                .filter(|e| e.status.as_ref().is_none_or(|s| s.code == 0))
                .count();
        }
    }
    written
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn main() {
    let Some(emulator) = Emulator::shared() else {
        return;
    };
    let n: usize = std::env::var("ROWKEY_BENCH_ROWS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200_000);
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let rows = rows(n);
        let client = Client::emulator(&emulator.addr.to_string()).unwrap();
        let channel = Endpoint::from_shared(format!("http://{}", emulator.addr))
            .unwrap()
            .connect()
            .await
            .unwrap();
        let bare = data::bigtable_client::BigtableClient::new(channel);
        let (mut ours, mut floor, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
        for run in 0..RUNS {
            let name = emulator.create_table(&format!("bench_write_{run}")).await;
            let t = Instant::now();
            let written = client
                .table(name)
                .put_rows(rows.iter().cloned())
                .await
                .unwrap();
            assert_eq!(written, n);
            ours.push(t.elapsed());
            let name = emulator
                .create_table(&format!("bench_write_bare_{run}"))
                .await;
            let t = Instant::now();
            assert_eq!(bare_write(&bare, &name, &rows).await, n);
            floor.push(t.elapsed());
            ratios.push(floor[run].as_secs_f64() / ours[run].as_secs_f64());
        }
        ratios.sort_by(f64::total_cmp);
        let (ours, floor) = (median(ours), median(floor));
        let per_s = |d: Duration| n as f64 / d.as_secs_f64();
        println!(
            "{n} rows: put_rows {:.0} ms ({:.0} rows/s), bare tonic {:.0} ms ({:.0} rows/s), \
             client / bare {:.2}x",
            ours.as_secs_f64() * 1e3,
            per_s(ours),
            floor.as_secs_f64() * 1e3,
            per_s(floor),
            ratios[RUNS / 2]
        );
    });
}
