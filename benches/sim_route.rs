//! The simulator's cost per write, against its floor: a bare `BTreeMap` lookup of the region
//! that owns the key, over the same region starts, and a counter bumped (issue 22's target:
//! at most 2x). `cargo bench --bench sim_route` prints the table.
//!
//! One million 16-byte keys (XXH3-128 of a counter: writes spread over the key space), routed into
//! tables of 64 and 1,024 regions whose starts are an even sample of the keys. Measured per
//! write, median of 9 interleaved rounds (each round runs every implementation once, in a
//! rotating order):
//! - **floor**: `BTreeMap<Vec<u8>, usize>::range(..=key).next_back()`, then `counts[i] += 1`;
//! - **`Table::put`**, regions given (no row kept): routing plus the window's bookkeeping;
//! - **`Table::put` + `keep_rows`**: what `rowkey hotspot` runs, every row also kept in its
//!   region's `BTreeSet` (the memory that grows with the writes);
//! - **`Table::put` + `auto_split`**: the demo's table, starting as one region.

use std::collections::BTreeMap;
use std::hint::black_box;
use std::ops::Bound;
use std::time::Instant;

use rowkey::sim::Table;

const WRITES: usize = 1_000_000;
const ROUNDS: usize = 9;

fn keys() -> Vec<Vec<u8>> {
    (0..WRITES as u64)
        .map(|i| {
            xxhash_rust::xxh3::xxh3_128(&i.to_be_bytes())
                .to_be_bytes()
                .to_vec()
        })
        .collect()
}

/// Region starts: the empty key, then every `n`th key of the sorted sample.
fn starts(keys: &[Vec<u8>], regions: usize) -> Vec<Vec<u8>> {
    let mut sorted = keys.to_vec();
    sorted.sort();
    let step = sorted.len() / regions;
    (1..regions).map(|r| sorted[r * step].clone()).collect()
}

fn floor(splits: &[Vec<u8>], keys: &[Vec<u8>]) -> u64 {
    let mut map: BTreeMap<Vec<u8>, usize> = BTreeMap::new();
    map.insert(Vec::new(), 0);
    for (i, s) in splits.iter().enumerate() {
        map.insert(s.clone(), i + 1);
    }
    let mut counts = vec![0u64; splits.len() + 1];
    for k in keys {
        let (_, &r) = map
            .range::<[u8], _>((Bound::Unbounded, Bound::Included(k.as_slice())))
            .next_back()
            .unwrap();
        counts[r] += 1;
    }
    black_box(&counts);
    counts.iter().copied().max().unwrap()
}

fn table(splits: &[Vec<u8>], keys: &[Vec<u8>], keep: bool, auto: bool) -> u64 {
    let mut t = if auto {
        Table::new::<Vec<u8>>(&[]).auto_split(25_000)
    } else {
        Table::new(splits)
    };
    if keep {
        t = t.keep_rows();
    }
    for k in keys {
        t.put(k);
    }
    let r = t.report();
    black_box(&r);
    r.writes
}

fn main() {
    let keys = keys();
    println!("{WRITES} hashed 16-byte keys; ns per write, median of {ROUNDS} rounds; ratio to the floor\n");
    println!(
        "| regions | floor (BTreeMap lookup) | Table::put, regions given | + keep_rows | + auto_split (from 1 region) |"
    );
    println!("|---:|---:|---:|---:|---:|");
    for regions in [64, 1024] {
        let splits = starts(&keys, regions);
        type Run<'a> = Box<dyn Fn() -> u64 + 'a>;
        let runs: [Run; 4] = [
            Box::new(|| floor(&splits, &keys)),
            Box::new(|| table(&splits, &keys, false, false)),
            Box::new(|| table(&splits, &keys, true, false)),
            Box::new(|| table(&splits, &keys, true, true)),
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
        let cell = |i: usize| format!("{:.0} ns ({:.1}x)", med[i], med[i] / med[0]);
        println!(
            "| {regions} | {:.0} ns | {} | {} | {} |",
            med[0],
            cell(1),
            cell(2),
            cell(3)
        );
    }
}
