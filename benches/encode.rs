//! rowkey against the floor (hand-written code for the same bytes) and against storekey and
//! memcomparable, side by side in one run. `cargo bench --bench encode`; ratios go in README.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use rowkey::RowKey;
use serde::{Deserialize, Serialize};

#[derive(
    RowKey, Debug, Clone, PartialEq, Serialize, Deserialize, storekey::Encode, storekey::Decode,
)]
struct Message {
    date: u32,
    time: u32,
    message_id: u64,
}

#[derive(
    RowKey, Debug, Clone, PartialEq, Serialize, Deserialize, storekey::Encode, storekey::Decode,
)]
struct Metric {
    metric: String,
    #[reverse_ts]
    ts: i64,
    host: String,
}

/// The message key with a 16-bucket md5 salt of the id.
#[derive(RowKey)]
#[salt(md5, buckets = 16, of = "message_id")]
struct SaltedMessage {
    date: u32,
    time: u32,
    message_id: u64,
}

/// The floor: the same bytes built in a stack array and copied once.
mod hand {
    pub fn message_encode(date: u32, time: u32, id: u64, out: &mut Vec<u8>) {
        let mut buf = [0u8; 16];
        buf[0..4].copy_from_slice(&date.to_be_bytes());
        buf[4..8].copy_from_slice(&time.to_be_bytes());
        buf[8..16].copy_from_slice(&id.to_be_bytes());
        out.extend_from_slice(&buf);
    }

    /// One MD5 of the id's 8 bytes, the bucket, then the unsalted key.
    pub fn salted_encode(date: u32, time: u32, id: u64, out: &mut Vec<u8>) {
        let d = rowkey::salt::md5(&[&id.to_be_bytes()]);
        let bucket = (u32::from_be_bytes([d[0], d[1], d[2], d[3]]) % 16) as u8;
        let mut buf = [0u8; 17];
        buf[0] = bucket;
        buf[1..5].copy_from_slice(&date.to_be_bytes());
        buf[5..9].copy_from_slice(&time.to_be_bytes());
        buf[9..17].copy_from_slice(&id.to_be_bytes());
        out.extend_from_slice(&buf);
    }

    pub fn message_decode(key: &[u8]) -> Option<super::Message> {
        if key.len() != 16 {
            return None;
        }
        let mut date = [0u8; 4];
        let mut time = [0u8; 4];
        let mut id = [0u8; 8];
        date.copy_from_slice(&key[0..4]);
        time.copy_from_slice(&key[4..8]);
        id.copy_from_slice(&key[8..16]);
        Some(super::Message {
            date: u32::from_be_bytes(date),
            time: u32::from_be_bytes(time),
            message_id: u64::from_be_bytes(id),
        })
    }

    /// metric escaped (00 -> 00 FF) and terminated (00 01), Long.MAX_VALUE - ts, raw host.
    pub fn metric_encode(metric: &str, ts: i64, host: &str, out: &mut Vec<u8>) {
        let zeros = metric.bytes().filter(|&b| b == 0).count();
        out.reserve(metric.len() + zeros + 2 + 8 + host.len());
        for &b in metric.as_bytes() {
            if b == 0 {
                out.extend_from_slice(&[0, 0xFF]);
            } else {
                out.push(b);
            }
        }
        out.extend_from_slice(&[0, 1]);
        out.extend_from_slice(&(i64::MAX - ts).to_be_bytes());
        out.extend_from_slice(host.as_bytes());
    }

    pub fn metric_decode(key: &[u8]) -> Option<super::Metric> {
        let mut metric = Vec::new();
        let mut i = 0;
        loop {
            let b = *key.get(i)?;
            if b == 0 {
                match *key.get(i + 1)? {
                    0xFF => metric.push(0),
                    1 => break,
                    _ => return None,
                }
                i += 2;
            } else {
                metric.push(b);
                i += 1;
            }
        }
        i += 2;
        let ts = i64::MAX - i64::from_be_bytes(key.get(i..i + 8)?.try_into().ok()?);
        let host = String::from_utf8(key[i + 8..].to_vec()).ok()?;
        Some(super::Metric {
            metric: String::from_utf8(metric).ok()?,
            ts,
            host,
        })
    }
}

/// One key, four encoders, side by side: hand-written, rowkey, storekey, memcomparable.
fn compare<K>(
    c: &mut Criterion,
    name: &str,
    k: &K,
    hand_encode: impl Fn(&K, &mut Vec<u8>),
    hand_decode: impl Fn(&[u8]) -> Option<K>,
) where
    K: RowKey + Serialize + for<'de> Deserialize<'de> + storekey::Encode + storekey::Decode,
{
    let bytes = RowKey::encode(k).unwrap();
    let mut out = Vec::with_capacity(256);
    let mut g = c.benchmark_group(format!("{name}/encode_into"));
    g.bench_function("hand", |b| {
        b.iter(|| {
            out.clear();
            hand_encode(black_box(k), &mut out);
            black_box(&out);
        })
    });
    g.bench_function("rowkey", |b| {
        b.iter(|| {
            out.clear();
            black_box(k).encode_into(&mut out).unwrap();
            black_box(&out);
        })
    });
    g.bench_function("storekey", |b| {
        b.iter(|| {
            out.clear();
            storekey::encode(&mut out, black_box(k)).unwrap();
            black_box(&out);
        })
    });
    g.bench_function("memcomparable", |b| {
        b.iter(|| black_box(memcomparable::to_vec(black_box(k)).unwrap()))
    });
    g.finish();

    let mut g = c.benchmark_group(format!("{name}/decode"));
    g.bench_function("hand", |b| {
        b.iter(|| black_box(hand_decode(black_box(&bytes))))
    });
    g.bench_function("rowkey", |b| {
        b.iter(|| black_box(<K as RowKey>::decode(black_box(&bytes)).unwrap()))
    });
    let sk = storekey::encode_vec(k).unwrap();
    g.bench_function("storekey", |b| {
        b.iter(|| black_box(storekey::decode::<_, K>(black_box(&sk[..])).unwrap()))
    });
    let mc = memcomparable::to_vec(k).unwrap();
    g.bench_function("memcomparable", |b| {
        b.iter(|| black_box(memcomparable::from_slice::<K>(black_box(&mc)).unwrap()))
    });
    g.finish();
}

fn message(c: &mut Criterion) {
    let k = Message {
        date: 230611,
        time: 63031,
        message_id: 1231231,
    };
    compare(
        c,
        "message",
        &k,
        |k, out| hand::message_encode(k.date, k.time, k.message_id, out),
        hand::message_decode,
    );
}

fn metric(c: &mut Criterion) {
    let k = Metric {
        metric: "sys.cpu.user".into(),
        ts: 1_700_000_000_000,
        host: "web-042.example".into(),
    };
    compare(
        c,
        "metric",
        &k,
        |k, out| hand::metric_encode(&k.metric, k.ts, &k.host, out),
        hand::metric_decode,
    );
}

fn salted(c: &mut Criterion) {
    let k = SaltedMessage {
        date: 230611,
        time: 63031,
        message_id: 1231231,
    };
    let mut out = Vec::with_capacity(64);
    let mut expected = Vec::new();
    hand::salted_encode(k.date, k.time, k.message_id, &mut expected);
    assert_eq!(
        k.encode().unwrap(),
        expected,
        "the hand-written salt writes the same bytes"
    );
    let mut g = c.benchmark_group("salted/encode_into");
    g.bench_function("hand", |b| {
        b.iter(|| {
            out.clear();
            let k = black_box(&k);
            hand::salted_encode(k.date, k.time, k.message_id, &mut out);
            black_box(&out);
        })
    });
    g.bench_function("rowkey", |b| {
        b.iter(|| {
            out.clear();
            black_box(&k).encode_into(&mut out).unwrap();
            black_box(&out);
        })
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
