//! rowkey against the floor (hand-written code for the same bytes) and against storekey and
//! memcomparable, side by side in one run: `cargo bench --bench encode`. The README's table
//! is this run's medians.
//!
//! Workloads: an unsalted `{u32, u32, u64}` message key; a `{String, #[reverse_ts] i64,
//! String}` metric key; the message key salted four ways (Phoenix, md5 buckets, xxh3 buckets).
//! Every floor is checked at start-up to write the same bytes as rowkey, except the
//! "one-multiply" salted floor, the cheapest salted key one can write (a reference cost).

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use rowkey::RowKey;

mod common;

use common::*;

/// `encode_into` into a reused buffer.
macro_rules! encode_into {
    ($g:expr, $name:expr, $out:ident, $body:expr) => {
        $g.bench_function($name, |b| {
            b.iter(|| {
                $out.clear();
                $body;
                black_box(&$out);
            })
        });
    };
}

fn message(c: &mut Criterion) {
    let k = MESSAGE;
    same_bytes("message", k.encode().unwrap(), |o| {
        hand::message_encode(&k, o)
    });
    let mut out = Vec::with_capacity(256);
    let mut g = c.benchmark_group("message/encode_into");
    encode_into!(
        g,
        "floor",
        out,
        hand::message_encode(black_box(&k), &mut out)
    );
    encode_into!(
        g,
        "rowkey",
        out,
        black_box(&k).encode_into(&mut out).unwrap()
    );
    encode_into!(
        g,
        "storekey",
        out,
        storekey::encode(&mut out, black_box(&k)).unwrap()
    );
    g.bench_function("memcomparable", |b| {
        b.iter(|| black_box(memcomparable::to_vec(black_box(&k)).unwrap()))
    });
    g.finish();

    // `encode`, which returns a new vector of the key's length: the floor allocates exactly
    // that too (a stack-built key copied once, as rowkey's runtime `encode_stacked` does).
    let mut g = c.benchmark_group("message/encode");
    g.bench_function("floor", |b| {
        b.iter(|| {
            let mut v = Vec::with_capacity(16);
            hand::message_encode(black_box(&k), &mut v);
            black_box(v)
        })
    });
    g.bench_function("rowkey", |b| {
        b.iter(|| black_box(black_box(&k).encode().unwrap()))
    });
    g.bench_function("storekey", |b| {
        b.iter(|| black_box(storekey::encode_vec(black_box(&k)).unwrap()))
    });
    g.finish();

    let bytes = k.encode().unwrap();
    let sk = storekey::encode_vec(&k).unwrap();
    let mc = memcomparable::to_vec(&k).unwrap();
    let mut g = c.benchmark_group("message/decode");
    g.bench_function("floor", |b| {
        b.iter(|| black_box(hand::message_decode(black_box(&bytes)).unwrap()))
    });
    g.bench_function("rowkey", |b| {
        b.iter(|| black_box(Message::decode(black_box(&bytes)).unwrap()))
    });
    g.bench_function("storekey", |b| {
        b.iter(|| black_box(storekey::decode::<_, Message>(black_box(&sk[..])).unwrap()))
    });
    g.bench_function("memcomparable", |b| {
        b.iter(|| black_box(memcomparable::from_slice::<Message>(black_box(&mc)).unwrap()))
    });
    g.finish();
}

fn metric(c: &mut Criterion) {
    let k = metric_key();
    same_bytes("metric", k.encode().unwrap(), |o| {
        hand::metric_encode(&k, o).unwrap()
    });
    let mut out = Vec::with_capacity(256);
    let mut g = c.benchmark_group("metric/encode_into");
    encode_into!(
        g,
        "floor",
        out,
        hand::metric_encode(black_box(&k), &mut out).unwrap()
    );
    encode_into!(
        g,
        "rowkey",
        out,
        black_box(&k).encode_into(&mut out).unwrap()
    );
    encode_into!(
        g,
        "storekey",
        out,
        storekey::encode(&mut out, black_box(&k)).unwrap()
    );
    g.bench_function("memcomparable", |b| {
        b.iter(|| black_box(memcomparable::to_vec(black_box(&k)).unwrap()))
    });
    g.finish();

    let bytes = k.encode().unwrap();
    assert_eq!(hand::metric_decode(&bytes), Some(k.clone()));
    let sk = storekey::encode_vec(&k).unwrap();
    let mc = memcomparable::to_vec(&k).unwrap();
    let mut g = c.benchmark_group("metric/decode");
    g.bench_function("floor", |b| {
        b.iter(|| black_box(hand::metric_decode(black_box(&bytes)).unwrap()))
    });
    g.bench_function("rowkey", |b| {
        b.iter(|| black_box(Metric::decode(black_box(&bytes)).unwrap()))
    });
    g.bench_function("storekey", |b| {
        b.iter(|| black_box(storekey::decode::<_, Metric>(black_box(&sk[..])).unwrap()))
    });
    g.bench_function("memcomparable", |b| {
        b.iter(|| black_box(memcomparable::from_slice::<Metric>(black_box(&mc)).unwrap()))
    });
    g.finish();
}

fn salted(c: &mut Criterion) {
    let m = MESSAGE;
    let (phoenix, md5, xxh3) = common::salted();
    same_bytes("phoenix", phoenix.encode().unwrap(), |o| {
        hand::phoenix_encode(&m, o)
    });
    same_bytes("md5", md5.encode().unwrap(), |o| hand::md5_encode(&m, o));
    same_bytes("xxh3", xxh3.encode().unwrap(), |o| hand::xxh3_encode(&m, o));
    let mut out = Vec::with_capacity(256);

    let mut g = c.benchmark_group("phoenix/encode_into");
    encode_into!(
        g,
        "floor (one multiply)",
        out,
        hand::one_multiply_encode(black_box(&m), &mut out)
    );
    encode_into!(
        g,
        "hand (Arrays.hashCode loop)",
        out,
        hand::phoenix_encode(black_box(&m), &mut out)
    );
    encode_into!(
        g,
        "rowkey",
        out,
        black_box(&phoenix).encode_into(&mut out).unwrap()
    );
    g.finish();
    let mut floor_key = Vec::new();
    hand::one_multiply_encode(&m, &mut floor_key);
    let key = phoenix.encode().unwrap();
    let mut g = c.benchmark_group("phoenix/decode");
    g.bench_function("floor (one multiply)", |b| {
        b.iter(|| black_box(hand::one_multiply_decode(black_box(&floor_key)).unwrap()))
    });
    g.bench_function("rowkey", |b| {
        b.iter(|| black_box(PhoenixMessage::decode(black_box(&key)).unwrap()))
    });
    g.finish();

    let mut g = c.benchmark_group("md5/encode_into");
    encode_into!(g, "floor", out, hand::md5_encode(black_box(&m), &mut out));
    encode_into!(
        g,
        "rowkey",
        out,
        black_box(&md5).encode_into(&mut out).unwrap()
    );
    g.finish();
    let key = md5.encode().unwrap();
    let mut g = c.benchmark_group("md5/decode");
    g.bench_function("floor (no salt check)", |b| {
        b.iter(|| black_box(hand::salted_decode(black_box(&key)).unwrap()))
    });
    g.bench_function("rowkey decode_unverified", |b| {
        b.iter(|| black_box(Md5Message::decode_unverified(black_box(&key)).unwrap()))
    });
    g.bench_function("rowkey decode (verifies)", |b| {
        b.iter(|| black_box(Md5Message::decode(black_box(&key)).unwrap()))
    });
    g.finish();

    let mut g = c.benchmark_group("xxh3/encode_into");
    encode_into!(g, "floor", out, hand::xxh3_encode(black_box(&m), &mut out));
    encode_into!(
        g,
        "rowkey",
        out,
        black_box(&xxh3).encode_into(&mut out).unwrap()
    );
    encode_into!(
        g,
        "rowkey unsalted",
        out,
        black_box(&m).encode_into(&mut out).unwrap()
    );
    g.finish();
    let key = xxh3.encode().unwrap();
    let mut g = c.benchmark_group("xxh3/decode");
    g.bench_function("floor (no salt check)", |b| {
        b.iter(|| black_box(hand::salted_decode(black_box(&key)).unwrap()))
    });
    g.bench_function("rowkey decode (verifies)", |b| {
        b.iter(|| black_box(Xxh3Message::decode(black_box(&key)).unwrap()))
    });
    g.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(std::time::Duration::from_millis(500))
        .measurement_time(std::time::Duration::from_secs(2))
        .sample_size(50)
}

criterion_group! {
    name = benches;
    config = config();
    targets = message, metric, salted
}
criterion_main!(benches);
