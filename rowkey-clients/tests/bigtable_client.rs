//! `rowkey_clients::bigtable::Client` against Google's Bigtable emulator, at size: a metrics
//! table salted over 16 md5 buckets (100,000 rows here; the `bigtable_read` benchmark reads a
//! million with the same checks), read whole in one merged read at concurrency 1, 4 and 16,
//! forward and reversed, with limits and in pages, every answer equal to the brute-force
//! order of what was written, keys and values. Also:
//!
//! - the cause of the GOAWAY: the same read through a channel with hyper's windows (what
//!   bigtable_rs builds) ends with `too_many_data_frames`;
//! - dropped connections: a proxy that cuts every connection after 256 KiB from the server;
//!   the read resumes after the last row received each time, and equals brute force;
//! - `UNAVAILABLE` mid-stream: a server of our own that fails every third request after some
//!   rows; the resumed requests ask for the rows after the last one, with the limit reduced;
//! - a killed emulator: the read ends with an error, never a short read.
//!
//! Without an emulator (and `CI` unset) the emulator tests print a notice and pass; see
//! `rowkey_testkit::bigtable`.

use crate::{fake_bigtable, read_checks};
use rowkey_testkit::bigtable as emulator;

use read_checks::{keys, load, pairs, value, Metric};

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use emulator::Emulator;
use futures::{StreamExt, TryStreamExt};
use rowkey::RowKey;
use rowkey_clients::bigtable::{ChannelConfig, Client, ReadErrorKind, RetryPolicy, Row, Table};

/// Rows of the test table.
const ROWS: usize = 100_000;

fn runtime() -> &'static tokio::runtime::Runtime {
    static RT: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    RT.get_or_init(|| {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap()
    })
}

/// A table of `ROWS` rows on the shared emulator, and its brute force, made once.
/// The table and its rows (keys and values) in logical order.
type Shared = (Table, Vec<(Vec<u8>, Vec<u8>)>);

fn shared() -> Option<&'static Shared> {
    static TABLE: OnceLock<Option<Shared>> = OnceLock::new();
    TABLE
        .get_or_init(|| {
            let emulator = Emulator::shared()?;
            Some(runtime().block_on(async {
                let name = emulator.create_table("metrics").await;
                let client = Client::emulator(&emulator.addr.to_string()).unwrap();
                let table = client.table(name);
                let rows = load(&table, &keys(ROWS)).await;
                (table, rows)
            }))
        })
        .as_ref()
}

#[test]
fn merged_reads_forward_reversed_limited_and_paged_equal_brute_force() {
    let Some((table, truth)) = shared() else {
        return;
    };
    runtime().block_on(read_checks::every_read(table, truth));
    // 16 open streams at once, at most 4 on a connection.
    assert!(
        table.client().connections() <= 8,
        "{}",
        table.client().connections()
    );
}

/// The cause of the GOAWAY, shown: hyper's windows (2 MiB a stream, 5 MiB a connection), all
/// 16 streams on one connection, no retry: h2 ends the connection with `too_many_data_frames`.
#[test]
fn hyper_windows_on_one_connection_meet_the_goaway() {
    let Some((table, _)) = shared() else {
        return;
    };
    let hyper = ChannelConfig {
        stream_window: 2 << 20,
        connection_window: 5 << 20,
        streams_per_connection: 16,
        ..ChannelConfig::default()
    };
    let emulator = Emulator::shared().unwrap();
    let client = rowkey_clients::bigtable::ClientBuilder::emulator(&emulator.addr.to_string())
        .unwrap()
        .channel(hyper)
        .retry(RetryPolicy::never())
        .build();
    let err = runtime()
        .block_on(async {
            client
                .table(table.name())
                .read(&Metric::full_scan())
                .try_collect::<Vec<Row>>()
                .await
        })
        .expect_err("hyper's windows hold more small frames than h2 allows");
    let ReadErrorKind::Status(status) = &err.kind else {
        panic!("not a status: {err}");
    };
    // tonic reports a GOAWAY of h2's as RESOURCE_EXHAUSTED; its source says which.
    assert_eq!(status.code(), tonic::Code::ResourceExhausted, "{err}");
    println!("{status:?}");
    let chain = format!("{:?}", std::error::Error::source(status));
    assert!(
        chain.contains("ENHANCE_YOUR_CALM") || chain.contains("too_many_data_frames"),
        "{chain}"
    );
}

#[test]
fn dropped_connections_are_resumed_without_repeating_or_losing_rows() {
    let Some((table, truth)) = shared() else {
        return;
    };
    let emulator = Emulator::shared().unwrap();
    runtime().block_on(async {
        let proxy = emulator::CuttingProxy::start(emulator.addr, 256 * 1024).await;
        let client = rowkey_clients::bigtable::ClientBuilder::emulator(&proxy.addr.to_string())
            .unwrap()
            .retry(RetryPolicy {
                attempts: 20,
                ..RetryPolicy::default()
            })
            .build();
        let table = client.table(table.name());
        let plan = Metric::full_scan();
        let got: Vec<Row> = table.read(&plan).try_collect().await.unwrap();
        assert!(pairs(got) == *truth);
        let reversed: Vec<Row> = table
            .read(&plan)
            .reverse()
            .limit(40_000)
            .try_collect()
            .await
            .unwrap();
        let want: Vec<_> = truth.iter().rev().take(40_000).cloned().collect();
        assert!(pairs(reversed) == want);
        // Each of the 16 streams was cut several times (every connection is, after 256 KiB).
        assert!(proxy.cuts() >= 16, "{} connections cut", proxy.cuts());
    });
}

#[test]
fn unavailable_mid_stream_is_resumed_after_the_last_row() {
    runtime().block_on(async {
        let rows = read_checks::rows(&keys(20_000));
        // Every request after the first fails with UNAVAILABLE after 700 rows, a third of them.
        let server = fake_bigtable::FakeBigtable::start(rows.clone(), 700, 3).await;
        let client = rowkey_clients::bigtable::ClientBuilder::emulator(&server.addr.to_string())
            .unwrap()
            .retry(RetryPolicy {
                attempts: 5,
                initial_backoff: Duration::from_millis(1),
                ..RetryPolicy::default()
            })
            .build();
        let table = client.table("projects/p/instances/i/tables/t");
        let mut truth = rows.clone();
        truth.sort_by(|a, b| a.0[1..].cmp(&b.0[1..]));
        let plan = Metric::full_scan();
        let got: Vec<Row> = table
            .read(&plan)
            .concurrency(4)
            .try_collect()
            .await
            .unwrap();
        assert!(pairs(got) == truth);
        assert!(server.failures() >= 5, "{} failures", server.failures());
        // Every failed request of a read that needs every row was resumed from the row after
        // the last one it sent.
        let unresumed = server.unresumed();
        assert!(unresumed.is_empty(), "{unresumed:?}");
        // Descending, and limited, failing after 100 rows: resumed requests end before the
        // last row sent and ask only for the rows still wanted. (A stream the merge no longer
        // needs when the limit is reached is dropped, not resumed.)
        let server = fake_bigtable::FakeBigtable::start(rows.clone(), 100, 3).await;
        let client = rowkey_clients::bigtable::ClientBuilder::emulator(&server.addr.to_string())
            .unwrap()
            .retry(RetryPolicy {
                attempts: 5,
                initial_backoff: Duration::from_millis(1),
                ..RetryPolicy::default()
            })
            .build();
        let table = client.table("projects/p/instances/i/tables/t");
        let got: Vec<Row> = table
            .read(&plan)
            .reverse()
            .limit(5_000)
            .try_collect()
            .await
            .unwrap();
        let want: Vec<_> = truth.iter().rev().take(5_000).cloned().collect();
        assert!(pairs(got) == want);
        let resumed = server.failures() - server.unresumed().len();
        assert!(
            resumed >= 5,
            "{resumed} of {} failures resumed",
            server.failures()
        );
    });
}

/// A stream that stops sending without ending (a stuck server, a half-open connection) is
/// given up after the policy's idle timeout and resumed: the read never stalls.
#[test]
fn a_stalled_stream_is_resumed_after_the_idle_timeout() {
    runtime().block_on(async {
        let rows: Vec<(Vec<u8>, Vec<u8>)> = keys(8_000)
            .iter()
            .map(|k| {
                let key = k.encode().unwrap();
                let v = value(&key);
                (key, v)
            })
            .collect();
        let server = fake_bigtable::FakeBigtable::start_with(
            rows.clone(),
            fake_bigtable::Fault::Stall,
            200,
            3,
        )
        .await;
        let client = rowkey_clients::bigtable::ClientBuilder::emulator(&server.addr.to_string())
            .unwrap()
            .retry(RetryPolicy {
                attempts: 5,
                initial_backoff: Duration::from_millis(1),
                idle_timeout: Duration::from_millis(300),
                ..RetryPolicy::default()
            })
            .build();
        let table = client.table("projects/p/instances/i/tables/t");
        let mut truth = rows.clone();
        truth.sort_by(|a, b| a.0[1..].cmp(&b.0[1..]));
        let got: Vec<Row> = table
            .read(&Metric::full_scan())
            .try_collect()
            .await
            .unwrap();
        assert!(pairs(got) == truth);
        assert!(server.failures() >= 3, "{} stalls", server.failures());
        assert!(server.unresumed().is_empty());
    });
}

#[test]
fn a_killed_server_ends_the_read_with_an_error() {
    let Some(mut emulator) = Emulator::start() else {
        return;
    };
    runtime().block_on(async {
        let name = emulator.create_table("killed").await;
        let client = rowkey_clients::bigtable::ClientBuilder::emulator(&emulator.addr.to_string())
            .unwrap()
            .retry(RetryPolicy {
                attempts: 3,
                initial_backoff: Duration::from_millis(20),
                ..RetryPolicy::default()
            })
            .build();
        let table = client.table(name);
        load(&table, &keys(40_000)).await;
        let read = table.read(&Metric::full_scan());
        let seen = Arc::new(AtomicUsize::new(0));
        let counter = Arc::clone(&seen);
        let mut read = read.inspect(move |r| {
            if r.is_ok() {
                counter.fetch_add(1, Ordering::Relaxed);
            }
        });
        // Some rows, then the server goes away.
        for _ in 0..1_000 {
            read.next().await.unwrap().unwrap();
        }
        emulator.kill();
        let rest: Vec<_> = read.collect().await;
        let err = rest
            .last()
            .expect("the read ends with an item")
            .as_ref()
            .expect_err("the read's last item is the error");
        assert!(matches!(err.kind, ReadErrorKind::Status(_)), "{err}");
        assert_eq!(err.attempts, 3, "{err}");
        assert!(rest[..rest.len() - 1].iter().all(Result::is_ok));
        assert!(seen.load(Ordering::Relaxed) < 40_000);
    });
}
