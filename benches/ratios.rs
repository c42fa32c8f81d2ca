//! The README's performance table: every workload's implementations measured in interleaved
//! rounds (each round times every implementation once, in a rotating order), so that a noisy
//! machine's drift falls on all of them alike; medians over the rounds. `cargo bench --bench
//! ratios` prints the markdown table. The criterion suite (`encode.rs`) measures the same
//! workloads one at a time, with full statistics.

use std::hint::black_box;
use std::time::{Duration, Instant};

use rowkey::RowKey;

mod common;

use common::*;

/// One implementation of a workload: runs its body `n` times.
type Body<'a> = Box<dyn FnMut(u64) + 'a>;

struct Group<'a> {
    name: &'static str,
    /// (implementation, body); the first is the floor the ratios divide by.
    impls: Vec<(&'static str, Body<'a>)>,
}

const ROUNDS: usize = 41;
const BATCH: Duration = Duration::from_millis(4);

/// Iterations that take about one batch.
fn calibrate(body: &mut Body<'_>) -> u64 {
    let mut n = 1u64;
    loop {
        let t = Instant::now();
        body(n);
        if t.elapsed() >= BATCH / 4 || n >= 1 << 30 {
            let per = t.elapsed().as_nanos().max(1) as f64 / n as f64;
            return ((BATCH.as_nanos() as f64 / per) as u64).max(1);
        }
        n *= 2;
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn run(group: &mut Group<'_>) -> Vec<(&'static str, f64)> {
    let counts: Vec<u64> = group.impls.iter_mut().map(|(_, b)| calibrate(b)).collect();
    let k = group.impls.len();
    let mut samples = vec![Vec::with_capacity(ROUNDS); k];
    for round in 0..ROUNDS {
        for j in 0..k {
            let i = (round + j) % k;
            let t = Instant::now();
            (group.impls[i].1)(counts[i]);
            samples[i].push(t.elapsed().as_nanos() as f64 / counts[i] as f64);
        }
    }
    group
        .impls
        .iter()
        .zip(samples)
        .map(|((name, _), s)| (*name, median(s)))
        .collect()
}

macro_rules! body {
    ($($stmt:tt)*) => {
        Box::new(move |n: u64| {
            for _ in 0..n {
                $($stmt)*
            }
        }) as Body<'_>
    };
}

fn main() {
    // `cargo bench` passes `--bench`; a filter argument selects groups.
    let filter = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let m = MESSAGE;
    let metric = metric_key();
    let (phoenix, md5, xxh3) = salted();
    same_bytes("message", m.encode().unwrap(), |o| {
        hand::message_encode(&m, o)
    });
    same_bytes("metric", metric.encode().unwrap(), |o| {
        hand::metric_encode(&metric, o).unwrap()
    });
    same_bytes("phoenix", phoenix.encode().unwrap(), |o| {
        hand::phoenix_encode(&m, o)
    });
    let capped = CappedMetric {
        metric: metric.metric.clone(),
        ts: metric.ts,
        host: metric.host.clone(),
    };
    same_bytes("capped metric", capped.encode().unwrap(), |o| {
        hand::capped_metric_encode(&capped, o).unwrap()
    });
    assert_eq!(capped.encode().unwrap(), metric.encode().unwrap());
    same_bytes("md5", md5.encode().unwrap(), |o| hand::md5_encode(&m, o));
    same_bytes("xxh3", xxh3.encode().unwrap(), |o| hand::xxh3_encode(&m, o));

    let message_key = m.encode().unwrap();
    let message_sk = storekey::encode_vec(&m).unwrap();
    let message_mc = memcomparable::to_vec(&m).unwrap();
    let metric_key = metric.encode().unwrap();
    let metric_sk = storekey::encode_vec(&metric).unwrap();
    let metric_mc = memcomparable::to_vec(&metric).unwrap();
    let mut floor_salted = Vec::new();
    hand::one_multiply_encode(&m, &mut floor_salted);
    let phoenix_key = phoenix.encode().unwrap();
    let md5_key = md5.encode().unwrap();
    let xxh3_key = xxh3.encode().unwrap();
    let (message_key, message_sk, message_mc) =
        (&message_key[..], &message_sk[..], &message_mc[..]);
    let (metric_key, metric_sk, metric_mc) = (&metric_key[..], &metric_sk[..], &metric_mc[..]);
    let (floor_salted, phoenix_key, md5_key, xxh3_key) = (
        &floor_salted[..],
        &phoenix_key[..],
        &md5_key[..],
        &xxh3_key[..],
    );

    // Keys of varied fields (a pseudo-random walk), side by side as a scan's page holds them:
    // the salt check cannot be predicted from the previous key.
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    let varied: Vec<[u8; 17]> = (0..4096)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let m = PhoenixMessage {
                date: (x >> 40) as u32,
                time: x as u32,
                message_id: x.rotate_left(17),
            };
            m.encode().unwrap().try_into().unwrap()
        })
        .collect();
    for k in &varied {
        assert_eq!(
            hand::phoenix_decode(k).map(|m| (m.date, m.time, m.message_id)),
            PhoenixMessage::decode(k)
                .ok()
                .map(|m| (m.date, m.time, m.message_id)),
            "the floor reads the same keys"
        );
        assert_eq!(hand::phoenix_decode(k), hand::phoenix_decode_fast(k));
    }
    let varied = &varied;

    // 16 sorted runs of 10,000 keys (a salt byte, then 16 bytes), rows dealt round-robin: the
    // merge's input; both merges give the same rows in the same order.
    let runs: Vec<Vec<Vec<u8>>> = hand::runs(16, 10_000);
    let merged: Vec<&[u8]> =
        rowkey::Merge::new(runs.iter().map(|r| r.iter().map(Vec::as_slice)), 1).collect();
    assert_eq!(merged.len(), 160_000);
    assert!(merged.windows(2).all(|w| w[0][1..] <= w[1][1..]));
    assert_eq!(
        hand::heap_merge(&runs, usize::MAX),
        Some(merged.iter().fold(0u64, |n, k| n + u64::from(k[0]))),
        "the floor merges the same rows"
    );
    assert_eq!(
        hand::floyd_merge(&runs, usize::MAX),
        hand::heap_merge(&runs, usize::MAX),
        "both floors merge the same rows"
    );
    // Each merge checks its streams sorted: a stream with two rows swapped (at its start, or
    // in its middle) panics in all three.
    for at in [0, 4_999] {
        let mut bad = runs.clone();
        bad[3].swap(at, at + 1);
        let bad = &bad;
        let quiet = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        let panics = [
            std::panic::catch_unwind(|| hand::floyd_merge(bad, usize::MAX)).is_err(),
            std::panic::catch_unwind(|| hand::heap_merge(bad, usize::MAX)).is_err(),
            std::panic::catch_unwind(|| {
                rowkey::Merge::new(bad.iter().map(|r| r.iter().map(Vec::as_slice)), 1).count()
            })
            .is_err(),
        ];
        std::panic::set_hook(quiet);
        assert_eq!(panics, [true; 3], "every merge refuses an unsorted stream");
    }
    let runs = &runs;

    // FoundationDB tuples: the floor, rowkey and foundationdb-tuple write the same bytes.
    let fdb_ints = FdbInts {
        a: 70_000,
        b: 12,
        c: 1_700_000_000_123,
    };
    let fdb_mixed = FdbMixed {
        tenant: "acme\0eu".into(),
        at: -1_700_000_000_123,
        name: "orders".into(),
    };
    same_bytes("fdb ints", fdb_ints.encode().unwrap(), |o| {
        hand::fdb_ints_encode(&fdb_ints, o)
    });
    same_bytes("fdb mixed", fdb_mixed.encode().unwrap(), |o| {
        hand::fdb_mixed_encode(&fdb_mixed, o)
    });
    // Bigtable OrderedCodeBytes: the floor and rowkey write the same bytes, and each reads the
    // other's back.
    let bt = bt_keys();
    for k in &bt {
        same_bytes("bigtable", k.encode().unwrap(), |o| hand::bt_encode(k, o));
        assert_eq!(hand::bt_decode(&k.encode().unwrap()).as_ref(), Some(k));
    }
    let bt_bytes = bt.each_ref().map(|k| k.encode().unwrap());
    let (bt, bt_bytes) = (&bt, &bt_bytes);
    let fdb_ints_key = fdb_ints.encode().unwrap();
    let fdb_mixed_key = fdb_mixed.encode().unwrap();
    assert_eq!(
        foundationdb_tuple::pack(&(fdb_ints.a, fdb_ints.b, fdb_ints.c)),
        fdb_ints_key
    );
    assert_eq!(
        foundationdb_tuple::pack(&(
            fdb_mixed.tenant.as_str(),
            fdb_mixed.at,
            fdb_mixed.name.as_str()
        )),
        fdb_mixed_key
    );
    assert_eq!(hand::fdb_ints_decode(&fdb_ints_key), Some(fdb_ints.clone()));
    assert_eq!(
        hand::fdb_mixed_decode(&fdb_mixed_key),
        Some(fdb_mixed.clone())
    );
    check_decode_floors();
    let (fdb_ints, fdb_mixed) = (&fdb_ints, &fdb_mixed);
    let (fdb_ints_key, fdb_mixed_key) = (&fdb_ints_key[..], &fdb_mixed_key[..]);
    // The day's plan: the floor's ranges are rowkey's.
    let plan = Md5Message::scan().date(DAY).plan().unwrap();
    let floor_ranges = hand::day_ranges(DAY);
    assert_eq!(
        plan.ranges()
            .iter()
            .map(|r| (r.start.clone(), r.stop.clone()))
            .collect::<Vec<_>>(),
        floor_ranges,
        "the floor plans the same ranges"
    );
    let (mut c1, mut c2, mut c3) = (0usize, 0usize, 0usize);
    let next = |c: &mut usize| {
        *c = (*c + 1) & 4095;
        *c
    };
    let mut o = [(); 23].map(|_| Vec::<u8>::with_capacity(256));
    let [o1, o2, o3, o4, o5, o6, o7, o8, o9, o10, o11, o12, o13, o14, o15, o16, o17, o18, o19, o20, o21, o22, o23] =
        &mut o;
    let (m, metric, phoenix, md5, xxh3, capped) = (&m, &metric, &phoenix, &md5, &xxh3, &capped);
    let mut groups = vec![
        Group {
            name: "message `{u32, u32, u64}` encode_into",
            impls: vec![
                (
                    "floor",
                    body!(o1.clear(); hand::message_encode(black_box(m), o1); black_box(&*o1);),
                ),
                (
                    "rowkey",
                    body!(o2.clear(); black_box(m).encode_into(o2).unwrap(); black_box(&*o2);),
                ),
                (
                    "storekey 0.11",
                    body!(o3.clear(); storekey::encode(&mut *o3, black_box(m)).unwrap(); black_box(&*o3);),
                ),
                (
                    "memcomparable 0.2",
                    body!(black_box(memcomparable::to_vec(black_box(m)).unwrap());),
                ),
            ],
        },
        Group {
            name: "message decode",
            impls: vec![
                (
                    "floor",
                    body!(black_box(hand::message_decode(black_box(message_key)).unwrap());),
                ),
                (
                    "rowkey",
                    body!(black_box(Message::decode(black_box(message_key)).unwrap());),
                ),
                (
                    "storekey 0.11",
                    body!(black_box(storekey::decode::<_, Message>(black_box(message_sk)).unwrap());),
                ),
                (
                    "memcomparable 0.2",
                    body!(black_box(memcomparable::from_slice::<Message>(black_box(message_mc)).unwrap());),
                ),
            ],
        },
        Group {
            name: "metric `{String, #[reverse_ts] i64, String}` encode_into",
            impls: vec![
                (
                    "floor",
                    body!(o4.clear(); hand::metric_encode(black_box(metric), o4).unwrap(); black_box(&*o4);),
                ),
                (
                    "rowkey",
                    body!(o5.clear(); black_box(metric).encode_into(o5).unwrap(); black_box(&*o5);),
                ),
                (
                    "storekey 0.11",
                    body!(o6.clear(); storekey::encode(&mut *o6, black_box(metric)).unwrap(); black_box(&*o6);),
                ),
                (
                    "memcomparable 0.2",
                    body!(black_box(memcomparable::to_vec(black_box(metric)).unwrap());),
                ),
            ],
        },
        Group {
            name: "metric decode",
            impls: vec![
                (
                    "floor",
                    body!(black_box(hand::metric_decode(black_box(metric_key)).unwrap());),
                ),
                (
                    "rowkey",
                    body!(black_box(Metric::decode(black_box(metric_key)).unwrap());),
                ),
                (
                    "storekey 0.11",
                    body!(black_box(storekey::decode::<_, Metric>(black_box(metric_sk)).unwrap());),
                ),
                (
                    "memcomparable 0.2",
                    body!(black_box(memcomparable::from_slice::<Metric>(black_box(metric_mc)).unwrap());),
                ),
            ],
        },
        Group {
            name: "metric with `#[max(64)]` strings encode_into",
            impls: vec![
                (
                    "floor (the metric floor, lengths checked first)",
                    body!(o17.clear(); hand::capped_metric_encode(black_box(capped), o17).unwrap(); black_box(&*o17);),
                ),
                (
                    "rowkey, capped",
                    body!(o18.clear(); black_box(capped).encode_into(o18).unwrap(); black_box(&*o18);),
                ),
                (
                    "rowkey, the same key uncapped",
                    body!(o19.clear(); black_box(metric).encode_into(o19).unwrap(); black_box(&*o19);),
                ),
            ],
        },
        Group {
            name: "metric with `#[max(64)]` strings decode",
            impls: vec![
                (
                    "floor (the metric floor, lengths checked after)",
                    body!(black_box(hand::capped_metric_decode(black_box(metric_key)).unwrap());),
                ),
                (
                    "rowkey, capped",
                    body!(black_box(CappedMetric::decode(black_box(metric_key)).unwrap());),
                ),
                (
                    "rowkey, the same key uncapped",
                    body!(black_box(Metric::decode(black_box(metric_key)).unwrap());),
                ),
            ],
        },
        Group {
            name: "`#[salt(phoenix, buckets = 16)]` message encode_into",
            impls: vec![
                (
                    "floor (one-multiply bucket)",
                    body!(o7.clear(); hand::one_multiply_encode(black_box(m), o7); black_box(&*o7);),
                ),
                (
                    "rowkey",
                    body!(o8.clear(); black_box(phoenix).encode_into(o8).unwrap(); black_box(&*o8);),
                ),
                (
                    "hand (Arrays.hashCode loop)",
                    body!(o9.clear(); hand::phoenix_encode(black_box(m), o9); black_box(&*o9);),
                ),
            ],
        },
        Group {
            name: "phoenix message decode",
            impls: vec![
                (
                    "floor (one-multiply check)",
                    body!(black_box(hand::one_multiply_decode(black_box(floor_salted)).unwrap());),
                ),
                (
                    "rowkey decode",
                    body!(black_box(PhoenixMessage::decode(black_box(phoenix_key)).unwrap());),
                ),
                (
                    "rowkey decode_unverified",
                    body!(black_box(PhoenixMessage::decode_unverified(black_box(phoenix_key)).unwrap());),
                ),
            ],
        },
        Group {
            name: "phoenix message verifying decode, 4,096 distinct keys",
            impls: vec![
                (
                    "floor (the hash 8 bytes at a time, checked)",
                    body!(let k = &varied[next(&mut c1)]; black_box(hand::phoenix_decode_fast(black_box(k)).unwrap());),
                ),
                (
                    "Java's hash byte by byte, checked",
                    body!(let k = &varied[next(&mut c3)]; black_box(hand::phoenix_decode(black_box(k)).unwrap());),
                ),
                (
                    "rowkey decode",
                    body!(let k = &varied[next(&mut c2)]; black_box(PhoenixMessage::decode(black_box(k)).unwrap());),
                ),
            ],
        },
        Group {
            name: "`#[salt(md5, buckets = 16, of = \"message_id\")]` encode_into",
            impls: vec![
                (
                    "floor (one MD5 + stack array)",
                    body!(o10.clear(); hand::md5_encode(black_box(m), o10); black_box(&*o10);),
                ),
                (
                    "rowkey",
                    body!(o11.clear(); black_box(md5).encode_into(o11).unwrap(); black_box(&*o11);),
                ),
            ],
        },
        Group {
            name: "md5 message decode",
            impls: vec![
                (
                    "floor (no salt check)",
                    body!(black_box(hand::salted_decode(black_box(md5_key)).unwrap());),
                ),
                (
                    "rowkey decode_unverified",
                    body!(black_box(Md5Message::decode_unverified(black_box(md5_key)).unwrap());),
                ),
                (
                    "rowkey decode (one MD5)",
                    body!(black_box(Md5Message::decode(black_box(md5_key)).unwrap());),
                ),
            ],
        },
        Group {
            name: "`#[salt(xxh3, buckets = 16, of = \"message_id\")]` encode_into",
            impls: vec![
                (
                    "floor (unsalted rowkey)",
                    body!(o12.clear(); black_box(m).encode_into(o12).unwrap(); black_box(&*o12);),
                ),
                (
                    "rowkey",
                    body!(o13.clear(); black_box(xxh3).encode_into(o13).unwrap(); black_box(&*o13);),
                ),
                (
                    "hand (xxh3 + stack array)",
                    body!(o14.clear(); hand::xxh3_encode(black_box(m), o14); black_box(&*o14);),
                ),
            ],
        },
        Group {
            name: "xxh3 message decode",
            impls: vec![
                (
                    "floor (no salt check)",
                    body!(black_box(hand::salted_decode(black_box(xxh3_key)).unwrap());),
                ),
                (
                    "rowkey decode",
                    body!(black_box(Xxh3Message::decode(black_box(xxh3_key)).unwrap());),
                ),
                (
                    "rowkey decode_unverified",
                    body!(black_box(Xxh3Message::decode_unverified(black_box(xxh3_key)).unwrap());),
                ),
            ],
        },
        Group {
            name: "FDB tuple `(u32, u32, u64)` encode_into",
            impls: vec![
                (
                    "floor",
                    body!(o15.clear(); hand::fdb_ints_encode(black_box(fdb_ints), o15); black_box(&*o15);),
                ),
                (
                    "rowkey",
                    body!(o16.clear(); black_box(fdb_ints).encode_into(o16).unwrap(); black_box(&*o16);),
                ),
                (
                    "foundationdb-tuple",
                    body!(let f = black_box(fdb_ints); black_box(foundationdb_tuple::pack(&(f.a, f.b, f.c)));),
                ),
            ],
        },
        Group {
            name: "FDB tuple `(u32, u32, u64)` decode",
            impls: vec![
                (
                    "floor",
                    body!(black_box(hand::fdb_ints_decode(black_box(fdb_ints_key)).unwrap());),
                ),
                (
                    "rowkey",
                    body!(black_box(FdbInts::decode(black_box(fdb_ints_key)).unwrap());),
                ),
                (
                    "foundationdb-tuple",
                    body!(black_box(foundationdb_tuple::unpack::<(u32, u32, u64)>(black_box(fdb_ints_key)).unwrap());),
                ),
            ],
        },
        Group {
            name: "FDB tuple `(String, i64, String)`, a string with `00`, encode_into",
            impls: vec![
                (
                    "floor",
                    body!(o20.clear(); hand::fdb_mixed_encode(black_box(fdb_mixed), o20); black_box(&*o20);),
                ),
                (
                    "rowkey",
                    body!(o21.clear(); black_box(fdb_mixed).encode_into(o21).unwrap(); black_box(&*o21);),
                ),
                (
                    "foundationdb-tuple",
                    body!(let f = black_box(fdb_mixed); black_box(foundationdb_tuple::pack(&(f.tenant.as_str(), f.at, f.name.as_str())));),
                ),
            ],
        },
        Group {
            name: "FDB tuple `(String, i64, String)` decode",
            impls: vec![
                (
                    "floor",
                    body!(black_box(hand::fdb_mixed_decode(black_box(fdb_mixed_key)).unwrap());),
                ),
                (
                    "rowkey",
                    body!(black_box(FdbMixed::decode(black_box(fdb_mixed_key)).unwrap());),
                ),
                (
                    "foundationdb-tuple",
                    body!(black_box(foundationdb_tuple::unpack::<(String, i64, String)>(black_box(fdb_mixed_key)).unwrap());),
                ),
            ],
        },
        Group {
            name: "Bigtable `{String, #[ordered_code] i64 x2, String}` encode_into, 2 keys (`00`s, empty strings)",
            impls: vec![
                (
                    "floor",
                    body!(for k in black_box(bt) { o22.clear(); hand::bt_encode(k, o22); black_box(&*o22); }),
                ),
                (
                    "rowkey",
                    body!(for k in black_box(bt) { o23.clear(); k.encode_into(o23).unwrap(); black_box(&*o23); }),
                ),
            ],
        },
        Group {
            name: "Bigtable `{String, #[ordered_code] i64 x2, String}` decode, 2 keys",
            impls: vec![
                (
                    "floor",
                    body!(for k in black_box(bt_bytes) { black_box(hand::bt_decode(k).unwrap()); }),
                ),
                (
                    "rowkey",
                    body!(for k in black_box(bt_bytes) { black_box(BtKey::decode(k).unwrap()); }),
                ),
            ],
        },
        Group {
            name: "merge 16 sorted runs of 10,000 keys (160,000 rows an op)",
            impls: vec![
                (
                    "floor (a hand-written heap of abbreviated keys, top replaced, Floyd's sift)",
                    body!(black_box(hand::floyd_merge(black_box(runs), 160_000)).unwrap();),
                ),
                (
                    "BinaryHeap, top replaced through PeekMut",
                    body!(black_box(hand::heap_merge(black_box(runs), 160_000)).unwrap();),
                ),
                (
                    "rowkey Merge",
                    body!(black_box(rowkey::Merge::new(black_box(runs).iter().map(|r| r.iter().map(Vec::as_slice)), 1).limit(160_000).fold(0u64, |n, k| n + u64::from(k[0])));),
                ),
            ],
        },
        Group {
            name: "plan a 16-bucket md5-salted key's one-day scan",
            impls: vec![
                (
                    "floor (the 16 ranges built by hand)",
                    body!(black_box(hand::day_ranges(black_box(DAY)));),
                ),
                (
                    "rowkey scan().date(d).plan()",
                    body!(black_box(Md5Message::scan().date(black_box(DAY)).plan().unwrap());),
                ),
            ],
        },
    ];
    println!("| workload | implementation | median ns/op | / floor |");
    println!("|---|---|---|---|");
    for g in &mut groups {
        if filter.as_deref().is_some_and(|f| !g.name.contains(f)) {
            continue;
        }
        let results = run(g);
        let floor = results[0].1;
        for (i, (name, ns)) in results.iter().enumerate() {
            let workload = if i == 0 { g.name } else { "" };
            println!("| {workload} | {name} | {ns:.2} | {:.2}x |", ns / floor);
        }
    }
}
