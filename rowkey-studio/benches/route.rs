//! The simulator's cost per write against its floor: a bare `BTreeMap` lookup of the region that
//! owns the key, over the same region starts, and a counter bumped (the target: at most 2x). `cargo bench -p rowkey-studio --bench route` prints the table.
//!
//! One million 16-byte keys (XXH3-128 of a counter: writes spread over the key space), routed
//! into tables of 64 and 1,024 regions whose starts are an even sample of the keys. Measured per
//! write, median of 9 interleaved rounds (each round runs every implementation once, in a
//! rotating order):
//! - **floor**: `BTreeMap<Vec<u8>, usize>::range(..=key).next_back()`, then `counts[i] += 1`;
//! - **route** (the second pass's routing): `Router::put` over the same starts, counting per
//!   region and per window (windows of 10,000 writes, each closed against the regions of its
//!   time);
//! - **split** (the first pass): `Splitter::put` from one region, auto-splitting past 25,000
//!   writes at the middle of each region's bounded sample (no floor: the table it grows is not
//!   the floor's);
//! - **study**: the whole simulation per write, both passes plus the heatmap's cells, from a
//!   replay of the keys in memory.

use std::collections::BTreeMap;
use std::hint::black_box;
use std::ops::Bound;
use std::time::Instant;

use rowkey_studio::engine::regions::{Regions, Splitter};
use rowkey_studio::engine::route::Router;
use rowkey_studio::{KeyInfo, Options, Writes};

const WRITES: usize = 1_000_000;
const ROUNDS: usize = 9;

fn keys() -> Vec<(Option<i64>, Vec<u8>)> {
    (0..WRITES as u64)
        .map(|i| {
            let k = xxhash_rust::xxh3::xxh3_128(&i.to_be_bytes()).to_be_bytes();
            (None, k.to_vec())
        })
        .collect()
}

/// Region starts: every `n`th key of the sorted sample (the first region starts at the empty
/// key).
fn starts(keys: &[(Option<i64>, Vec<u8>)], regions: usize) -> Vec<Vec<u8>> {
    let mut sorted: Vec<&Vec<u8>> = keys.iter().map(|(_, k)| k).collect();
    sorted.sort();
    let step = sorted.len() / regions;
    (1..regions).map(|r| sorted[r * step].clone()).collect()
}

fn floor(splits: &[Vec<u8>], keys: &[(Option<i64>, Vec<u8>)]) -> u64 {
    let mut map: BTreeMap<Vec<u8>, usize> = BTreeMap::new();
    map.insert(Vec::new(), 0);
    for (i, s) in splits.iter().enumerate() {
        map.insert(s.clone(), i + 1);
    }
    let mut counts = vec![0u64; splits.len() + 1];
    for (_, k) in keys {
        let (_, &r) = map
            .range::<[u8], _>((Bound::Unbounded, Bound::Included(k.as_slice())))
            .next_back()
            .unwrap();
        counts[r] += 1;
    }
    black_box(&counts);
    counts.iter().copied().max().unwrap()
}

fn route(regions: &Regions, keys: &[(Option<i64>, Vec<u8>)]) -> u64 {
    let mut router = Router::new(regions, 8, 10_000);
    for (_, k) in keys {
        router.put(k);
    }
    let report = router.finish();
    black_box(&report);
    report.writes
}

fn split(keys: &[(Option<i64>, Vec<u8>)]) -> u64 {
    let mut splitter = Splitter::new(&[], Some(25_000));
    for (_, k) in keys {
        splitter.put(k);
    }
    splitter.finish().splits as u64
}

fn study(splits: &[Vec<u8>], keys: &Vec<(Option<i64>, Vec<u8>)>) -> u64 {
    let options = Options {
        splits: splits.to_vec(),
        ..Options::default()
    };
    let run = rowkey_studio::engine::simulate(
        keys as &dyn Writes,
        &KeyInfo::bytes(),
        |_| Ok(Vec::new()),
        &options,
        &mut |_| {},
    )
    .unwrap();
    run.report.writes
}

fn main() {
    let keys = keys();
    println!("{WRITES} hashed 16-byte keys; ns per write, median of {ROUNDS} rounds; ratio to the floor\n");
    println!("| regions | floor (BTreeMap lookup) | route (pass 2) | split (pass 1, from 1 region) | whole study (both passes + heatmap) |");
    println!("|---:|---:|---:|---:|---:|");
    for n in [64, 1024] {
        let splits = starts(&keys, n);
        let regions = Splitter::new(&splits, None).finish();
        type Run<'a> = Box<dyn Fn() -> u64 + 'a>;
        let runs: [Run; 4] = [
            Box::new(|| floor(&splits, &keys)),
            Box::new(|| route(&regions, &keys)),
            Box::new(|| split(&keys)),
            Box::new(|| study(&splits, &keys)),
        ];
        let mut samples = vec![Vec::new(); runs.len()];
        for round in 0..ROUNDS {
            for j in 0..runs.len() {
                let i = (round + j) % runs.len();
                let t = Instant::now();
                black_box(runs[i]());
                samples[i].push(t.elapsed().as_nanos() as f64 / WRITES as f64);
            }
        }
        let med: Vec<f64> = samples
            .into_iter()
            .map(|mut s| {
                s.sort_by(f64::total_cmp);
                s[s.len() / 2]
            })
            .collect();
        let cell = |i: usize| format!("{:.0} ns ({:.2}x)", med[i], med[i] / med[0]);
        println!(
            "| {n} | {:.0} ns | {} | {:.0} ns | {} |",
            med[0],
            cell(1),
            med[2],
            cell(3)
        );
    }
}
