//! The random-layout fuzzer: every generated layout through every property of the README.
//! See the crate docs for longer runs (`ROWKEY_FUZZ_SEED`, `ROWKEY_FUZZ_LAYOUTS`,
//! `ROWKEY_FUZZ_CASES`, `ROWKEY_FUZZ_ONLY`).

#![allow(clippy::all, dead_code, unused)]

use rowkey::RowKey;

#[allow(unused_variables, unused_imports)]
mod generated {
    use super::RowKey;
    include!(concat!(env!("OUT_DIR"), "/layouts.rs"));
}

use generated::{COVERAGE, KINDS, LAYOUTS, PAIRS, RANDOM_SALTED, SEED};

type Run = (
    &'static str,
    fn(&rowkey_fuzz::Config) -> Result<rowkey_fuzz::Stats, String>,
);

#[test]
fn random_layouts() {
    run_all("layouts", LAYOUTS);
}

/// A seed reproduces a run, random salts included (their buckets come from the layout's seed):
/// each layout with a random salt, run twice, counts the same keys, plans and rows.
#[test]
fn a_seed_reproduces_every_count() {
    assert!(!RANDOM_SALTED.is_empty(), "no layout with a random salt");
    let cfg = rowkey_fuzz::Config::from_env(SEED);
    let runs = LAYOUTS
        .iter()
        .filter(|(name, _)| RANDOM_SALTED.contains(name));
    for (name, run) in runs.take(16) {
        let first = run(&cfg).map(|st| st.to_string());
        let again = run(&cfg).map(|st| st.to_string());
        assert_eq!(first, again, "{name}: the same seed, other counts");
    }
}

/// The mid-move read (`rowkey::migrate::Dual`) over pairs of generated layouts: each pair's
/// old and new key differ in their salt (`pairs.rs`).
#[test]
fn dual_reads_over_layout_pairs() {
    assert!(PAIRS.len() >= 40, "{} pairs", PAIRS.len());
    let seen = |name: &str| COVERAGE.iter().any(|(k, n)| k.starts_with(name) && *n > 0);
    for from in [
        "pair: no salt ->",
        "pair: md5 buckets ->",
        "pair: random ->",
    ] {
        assert!(seen(from), "{from} never generated");
    }
    for to in [
        "-> no salt",
        "-> md5 buckets",
        "-> random",
        "-> phoenix",
        "-> xxh3 buckets",
    ] {
        assert!(
            COVERAGE
                .iter()
                .any(|(k, n)| k.starts_with("pair:") && k.ends_with(to) && *n > 0),
            "a pair {to} never generated"
        );
    }
    run_all("pairs", PAIRS);
}

/// Runs every checker of `list` (or `ROWKEY_FUZZ_ONLY`'s) on up to 4 threads; fails with the
/// first reports.
fn run_all(what: &str, list: &[Run]) {
    let cfg = rowkey_fuzz::Config::from_env(SEED);
    let only = std::env::var("ROWKEY_FUZZ_ONLY").ok();
    let selected: Vec<_> = list
        .iter()
        .filter(|(name, _)| only.as_deref().is_none_or(|o| o == *name))
        .collect();
    if selected.is_empty() && only.is_some() {
        return; // ROWKEY_FUZZ_ONLY names a layout of the other list.
    }
    let threads = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .min(4);
    let results: Vec<(rowkey_fuzz::Stats, Vec<String>)> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let selected = &selected;
                s.spawn(move || {
                    let mut stats = rowkey_fuzz::Stats::default();
                    let mut failures = Vec::new();
                    for (_, run) in selected.iter().skip(t).step_by(threads) {
                        match run(&cfg) {
                            Ok(st) => stats.add(&st),
                            Err(report) => failures.push(report),
                        }
                    }
                    (stats, failures)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a fuzz thread"))
            .collect()
    });
    let mut total = rowkey_fuzz::Stats::default();
    let mut failures = Vec::new();
    for (st, f) in results {
        total.add(&st);
        failures.extend(f);
    }
    println!(
        "rowkey-fuzz {what}, seed {SEED}, cases x{}: {total}",
        cfg.cases
    );
    if !failures.is_empty() {
        let show = std::env::var("ROWKEY_FUZZ_SHOW")
            .ok()
            .and_then(|n| n.parse().ok())
            .unwrap_or(6);
        let shown: Vec<&String> = failures.iter().take(show).collect();
        panic!(
            "{} of {} {what} failed (first {} below; ROWKEY_FUZZ_SHOW=n shows more)\n\n{}",
            failures.len(),
            selected.len(),
            shown.len(),
            shown
                .iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join("\n\n")
        );
    }
}

/// The generator covers the whole table: every kind and every salt, in binary and text.
#[test]
fn generator_covers_every_kind_and_salt() {
    assert!(LAYOUTS.len() >= 200, "{} layouts", LAYOUTS.len());
    let seen = |name: &str| COVERAGE.iter().any(|(k, n)| k == &name && *n > 0);
    for kind in KINDS {
        assert!(seen(kind), "kind {kind:?} never generated");
    }
    for salt in [
        "no salt",
        "md5 prefix",
        "md5 buckets",
        "xxh3 buckets",
        "random",
    ] {
        for encoding in ["binary", "text"] {
            let name = format!("salt: {salt}, {encoding}");
            assert!(seen(&name), "{name} never generated");
        }
    }
    assert!(seen("salt: phoenix, binary"));
    assert!(seen("salt: java_hash, binary"));
    assert!(seen("salt: opentsdb, binary"));
    assert!(seen("salt: random alphabet, text"));
    assert!(COVERAGE
        .iter()
        .any(|(k, _)| k.starts_with("Option<Option<")));
    assert!(COVERAGE.iter().any(|(k, _)| k.starts_with("desc Option<")));
    // Keys without a scan builder: one layout in eight.
    assert!(seen("scan = false"));
}
