//! A merged read of a million rows per sorted store (redb, fjall, RocksDB, etcd), against the
//! store's bare iterators over the same ranges.
//!
//! `cargo bench -p rowkey-clients --features redb,fjall,rocksdb,etcd --bench sorted_read`
//!
//! The table: `rowkey_testkit::resalt::Old` (16 md5 buckets), 1,000,000 rows (or
//! `ROWKEY_BENCH_ROWS`); the read: `Old::full_scan()`, 16 ranges merged in the key's order.
//! Each run reads every row and sums its key and value lengths; the median of 7 runs (each
//! contender in turn) is printed. Before timing, each contender's rows are checked equal, key
//! and value, to the brute force of what was written.
//!
//! - **in-process stores** (redb, fjall, RocksDB): `table.read(&plan)` (rowkey's merge, with its
//!   sorted-input check) against the floor: the same native iterators (same bounds, same
//!   snapshot or read options) merged by a `std::collections::BinaryHeap` whose top is
//!   replaced in place through `PeekMut` (one sift-down per row), checking each stream sorted
//!   as rowkey does. Target: at most 1.10x. The two take turns going first.
//! - **etcd**: `table.read(&plan)` against the bare requests: the same paged `Range` requests
//!   (1,000 rows each, at one revision) through tonic's generic client, range after range, no
//!   merge. rowkey's share is the difference over rowkey's time. Target: at most 10%. etcd is started by the bench (Debian's
//!   `etcd-server`; without it the etcd row is skipped with a notice).

use std::collections::binary_heap::PeekMut;
use std::collections::BinaryHeap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rowkey::ScanPlan;
use rowkey_clients::etcd::EtcdTable;
use rowkey_clients::fjall::FjallTable;
use rowkey_clients::redb::RedbTable;
use rowkey_clients::rocksdb::{RocksDb, TableSpec};
use rowkey_clients::sorted::SortedTable;
use rowkey_testkit::resalt::{self, Old};

const RUNS: usize = 7;

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// A row at the top of the floor's heap: ordered by its key after the salt, smallest first.
struct Head<B> {
    key: B,
    value: B,
    stream: usize,
}

impl<B: AsRef<[u8]>> PartialEq for Head<B> {
    fn eq(&self, other: &Self) -> bool {
        self.key.as_ref()[1..] == other.key.as_ref()[1..]
    }
}
impl<B: AsRef<[u8]>> Eq for Head<B> {}
impl<B: AsRef<[u8]>> PartialOrd for Head<B> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl<B: AsRef<[u8]>> Ord for Head<B> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        // Reversed: BinaryHeap is a max-heap.
        other.key.as_ref()[1..].cmp(&self.key.as_ref()[1..])
    }
}

/// The floor: the streams merged by a heap whose top is replaced in place, doing the work
/// rowkey's merge does: the salt skipped, a limit counted (no limit here: every row), each
/// stream checked sorted (its next row against the row still in the heap's top).
fn heap_merge<B, E, I>(mut streams: Vec<I>, mut each: impl FnMut(&[u8], &[u8]))
where
    B: AsRef<[u8]>,
    E: std::fmt::Debug,
    I: Iterator<Item = Result<(B, B), E>>,
{
    let mut heap = BinaryHeap::with_capacity(streams.len());
    for (stream, s) in streams.iter_mut().enumerate() {
        if let Some(row) = s.next() {
            let (key, value) = row.unwrap();
            heap.push(Head { key, value, stream });
        }
    }
    let mut left = usize::MAX;
    while let Some(mut top) = heap.peek_mut() {
        if left == 0 {
            break;
        }
        left -= 1;
        each(top.key.as_ref(), top.value.as_ref());
        match streams[top.stream].next() {
            Some(row) => {
                let (key, value) = row.unwrap();
                if key.as_ref()[1..] <= top.key.as_ref()[1..] {
                    panic!("stream {} is not sorted", top.stream);
                }
                top.key = key;
                top.value = value;
            }
            None => {
                PeekMut::pop(top);
            }
        }
    }
}

fn sum(n: &mut (usize, usize), k: &[u8], v: &[u8]) {
    n.0 += 1;
    n.1 += k.len() + v.len();
}

/// rowkey's read of `plan`: rows and bytes.
fn rowkey_read<T: SortedTable>(table: &T, plan: &ScanPlan) -> (usize, usize) {
    let mut n = (0, 0);
    for row in table.read(plan) {
        let (k, v) = row.unwrap();
        sum(&mut n, k.as_ref(), v.as_ref());
    }
    n
}

/// The floor over the same streams `read` would merge.
fn floor_read<T: SortedTable>(table: &T, plan: &ScanPlan) -> (usize, usize) {
    let mut n = (0, 0);
    heap_merge(table.rows_of(plan.ranges(), false), |k, v| {
        sum(&mut n, k, v)
    });
    n
}

fn brute(rows: u32) -> Vec<(Vec<u8>, Vec<u8>)> {
    let mut all: Vec<(Vec<u8>, Vec<u8>)> = resalt::batches(rows)
        .flatten()
        .map(|(k, v)| (k, v.unwrap()))
        .collect();
    all.sort_by(|a, b| a.0[1..].cmp(&b.0[1..]));
    all
}

fn check<T: SortedTable>(name: &str, table: &T, plan: &ScanPlan, truth: &[(Vec<u8>, Vec<u8>)]) {
    let got: Vec<(Vec<u8>, Vec<u8>)> = table
        .read(plan)
        .map(|r| {
            let (k, v) = r.unwrap();
            (k.as_ref().to_vec(), v.as_ref().to_vec())
        })
        .collect();
    assert!(
        got == truth,
        "{name}: rowkey's read differs from brute force"
    );
    let mut floor = Vec::new();
    heap_merge(table.rows_of(plan.ranges(), false), |k, v| {
        floor.push((k.to_vec(), v.to_vec()))
    });
    assert!(floor == truth, "{name}: the floor differs from brute force");
}

fn in_process<T: SortedTable>(name: &str, table: &T, rows: u32, truth: &[(Vec<u8>, Vec<u8>)]) {
    let load = Instant::now();
    for batch in resalt::batches(rows) {
        table.write(batch).unwrap();
    }
    let load = load.elapsed();
    let plan = Old::full_scan();
    check(name, table, &plan, truth);
    let (mut ours, mut floor, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    for run in 0..RUNS {
        // Each goes first in every other run: a store still settling after the load (fjall's
        // and RocksDB's background threads) slows whichever reads first.
        let time = |f: &dyn Fn() -> (usize, usize)| {
            let t = Instant::now();
            let n = std::hint::black_box(f());
            (n, t.elapsed())
        };
        let rowkey = || rowkey_read(table, &plan);
        let floor_ = || floor_read(table, &plan);
        let ((a, ours_t), (b, floor_t)) = if run % 2 == 0 {
            let a = time(&rowkey);
            (a, time(&floor_))
        } else {
            let b = time(&floor_);
            (time(&rowkey), b)
        };
        assert_eq!(a, b);
        ratios.push(ours_t.as_secs_f64() / floor_t.as_secs_f64());
        ours.push(ours_t);
        floor.push(floor_t);
    }
    ratios.sort_by(f64::total_cmp);
    let (ours, floor) = (median(ours), median(floor));
    let per_row = |d: Duration| d.as_nanos() as f64 / f64::from(rows);
    println!(
        "| {name} | {:.0} ns | {:.0} ns | {:.2}x | {:.1} s |",
        per_row(ours),
        per_row(floor),
        ratios[RUNS / 2],
        load.as_secs_f64()
    );
}

/// etcd's `Range` messages (`etcdserverpb` in etcd's `api/etcdserverpb/rpc.proto`, v3.4), the
/// fields the bare requests send and read, written out here with the proto's field numbers.
mod proto {
    #[derive(Clone, PartialEq, prost::Message)]
    pub struct ResponseHeader {
        #[prost(int64, tag = "3")]
        pub revision: i64,
    }

    #[derive(Clone, PartialEq, prost::Message)]
    pub struct KeyValue {
        #[prost(bytes = "vec", tag = "1")]
        pub key: Vec<u8>,
        #[prost(bytes = "vec", tag = "5")]
        pub value: Vec<u8>,
    }

    /// Unsorted (`sort_order` 0, tag 5) by default.
    #[derive(Clone, PartialEq, prost::Message)]
    pub struct RangeRequest {
        #[prost(bytes = "vec", tag = "1")]
        pub key: Vec<u8>,
        #[prost(bytes = "vec", tag = "2")]
        pub range_end: Vec<u8>,
        #[prost(int64, tag = "3")]
        pub limit: i64,
        #[prost(int64, tag = "4")]
        pub revision: i64,
    }

    #[derive(Clone, PartialEq, prost::Message)]
    pub struct RangeResponse {
        #[prost(message, optional, tag = "1")]
        pub header: Option<ResponseHeader>,
        #[prost(message, repeated, tag = "2")]
        pub kvs: Vec<KeyValue>,
        #[prost(bool, tag = "3")]
        pub more: bool,
    }
}

/// The bare requests: the same paged `Range` requests (1,000 rows, at the revision of the
/// first answer), range after range, through tonic's generic client with etcd's messages, no
/// merge; keys have the table's prefix cut as rowkey's do.
fn etcd_bare(
    rt: &tokio::runtime::Runtime,
    table: &EtcdTable,
    endpoint: &str,
    plan: &ScanPlan,
) -> (usize, usize) {
    let ranges: Vec<(Vec<u8>, Vec<u8>)> =
        plan.ranges().iter().map(|r| table.etcd_range(r)).collect();
    let prefix = table.prefix().len();
    let endpoint = endpoint.to_string();
    rt.block_on(async move {
        let channel = tonic::transport::Endpoint::from_shared(endpoint)
            .unwrap()
            .connect()
            .await
            .unwrap();
        let mut grpc =
            tonic::client::Grpc::new(channel).max_decoding_message_size(i32::MAX as usize);
        let path = tonic::codegen::http::uri::PathAndQuery::from_static("/etcdserverpb.KV/Range");
        let (mut n, mut revision) = ((0, 0), 0);
        for (mut key, range_end) in ranges {
            loop {
                grpc.ready().await.unwrap();
                let request = proto::RangeRequest {
                    key: key.clone(),
                    range_end: range_end.clone(),
                    limit: 1000,
                    revision,
                };
                let codec =
                    tonic_prost::ProstCodec::<proto::RangeRequest, proto::RangeResponse>::default();
                let answer = grpc
                    .unary(tonic::Request::new(request), path.clone(), codec)
                    .await
                    .unwrap()
                    .into_inner();
                if revision == 0 {
                    revision = answer.header.as_ref().unwrap().revision;
                }
                for kv in &answer.kvs {
                    sum(&mut n, &kv.key[prefix..], &kv.value);
                }
                match answer.kvs.last() {
                    Some(last) if answer.more => key = [&last.key[..], &[0]].concat(),
                    _ => break,
                }
            }
        }
        n
    })
}

fn main() {
    let rows = std::env::var("ROWKEY_BENCH_ROWS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000_000u32);
    let truth = brute(rows);
    println!(
        "{rows} rows of a 16-bucket key, read whole (16 ranges merged); median of {RUNS} runs\n"
    );
    println!("| store | rowkey per row | floor per row | rowkey / floor | load |");
    println!("|---|---:|---:|---:|---:|");

    let db = Arc::new(
        redb::Database::builder()
            .create_with_backend(redb::backends::InMemoryBackend::new())
            .unwrap(),
    );
    in_process(
        "redb (in memory)",
        &RedbTable::new(db, "bench").unwrap(),
        rows,
        &truth,
    );

    let dir = std::env::temp_dir().join(format!("rowkey-bench-fjall-{}", std::process::id()));
    let fjall = fjall::Database::builder(&dir)
        .temporary(true)
        .open()
        .unwrap();
    in_process(
        "fjall",
        &FjallTable::open(&fjall, "bench").unwrap(),
        rows,
        &truth,
    );
    drop(fjall);

    let dir = std::env::temp_dir().join(format!("rowkey-bench-rocksdb-{}", std::process::id()));
    let rocks = RocksDb::open(&dir, &[TableSpec::keyed::<Old>("bench")]).unwrap();
    in_process("RocksDB", &rocks.table("bench").unwrap(), rows, &truth);
    drop(rocks);
    let _ = std::fs::remove_dir_all(&dir);

    let Some(etcd) = rowkey_testkit::etcd::Etcd::start() else {
        return;
    };
    let table = EtcdTable::connect(&etcd.endpoint(), b"bench/").unwrap();
    let load = Instant::now();
    for batch in resalt::batches(rows) {
        table.write(batch).unwrap();
    }
    let load = load.elapsed();
    let plan = Old::full_scan();
    check("etcd", &table, &plan, &truth);
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let (mut ours, mut bare, mut shares) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..RUNS {
        let t = Instant::now();
        let a = rowkey_read(&table, &plan);
        let ours_t = t.elapsed();
        let t = Instant::now();
        let b = etcd_bare(&rt, &table, &etcd.endpoint(), &plan);
        let bare_t = t.elapsed();
        assert_eq!(a, b);
        shares.push((ours_t.as_secs_f64() - bare_t.as_secs_f64()) / ours_t.as_secs_f64());
        ours.push(ours_t);
        bare.push(bare_t);
    }
    shares.sort_by(f64::total_cmp);
    println!(
        "\n| etcd | rowkey {:.2} s | bare requests {:.2} s | rowkey's share {:.1}% | load {:.1} s |",
        median(ours).as_secs_f64(),
        median(bare).as_secs_f64(),
        shares[RUNS / 2] * 100.0,
        load.as_secs_f64()
    );
}
