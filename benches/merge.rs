//! The k-way merge is O(n log k): time per row at fixed n = 2^16 as k grows from 2 to 256.
//! `merge_async`: the same rows through `rowkey::stream::MergeStream` over `Stream`s (one
//! `stream::iter` per range, driven by `block_on`), next to `merge` at k = 16 and 256: the
//! per-row overhead of the async path.
//! `cargo bench --features async --bench merge`

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rowkey::Merge;

const N: u32 = 1 << 16;

/// `k` sorted streams of 17-byte keys (bucket byte + 16 bytes), rows dealt round-robin.
fn streams(k: u32) -> Vec<Vec<Vec<u8>>> {
    let mut out = vec![Vec::new(); k as usize];
    for i in 0..N {
        let b = i % k;
        let mut key = vec![b as u8];
        key.extend_from_slice(&u64::from(i).to_be_bytes());
        key.extend_from_slice(&[0; 8]);
        out[b as usize].push(key);
    }
    out
}

fn merge(c: &mut Criterion) {
    let mut g = c.benchmark_group("merge");
    g.throughput(Throughput::Elements(u64::from(N)));
    for k in [2u32, 4, 16, 64, 256] {
        let data = streams(k);
        g.bench_with_input(BenchmarkId::from_parameter(k), &data, |b, data| {
            b.iter(|| {
                let it = data.iter().map(|s| s.iter().map(Vec::as_slice));
                black_box(Merge::new(it, 1).count())
            })
        });
    }
    g.finish();
}

fn merge_async(c: &mut Criterion) {
    use futures::{executor::block_on, stream, StreamExt};
    use rowkey::stream::MergeStream;

    let mut g = c.benchmark_group("merge_async");
    g.throughput(Throughput::Elements(u64::from(N)));
    for k in [16u32, 256] {
        let data = streams(k);
        g.bench_with_input(BenchmarkId::new("sync", k), &data, |b, data| {
            b.iter(|| {
                let it = data.iter().map(|s| s.iter().map(Vec::as_slice));
                black_box(Merge::new(it, 1).count())
            })
        });
        g.bench_with_input(BenchmarkId::new("async", k), &data, |b, data| {
            b.iter(|| {
                let it = data
                    .iter()
                    .map(|s| stream::iter(s.iter().map(Vec::as_slice)));
                black_box(block_on(MergeStream::new(it, 1).count()))
            })
        });
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(std::time::Duration::from_millis(500))
        .measurement_time(std::time::Duration::from_secs(2))
        .sample_size(20);
    targets = merge, merge_async
}
criterion_main!(benches);
