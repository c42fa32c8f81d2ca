//! The study API on a key of our own, with a read mix, against brute-force recounts from every
//! key written: writes per region and per window (with the regions as they stood then), heatmap
//! cells, where the auto-splits fell, and each read's ranges, regions, rows read and rows wanted.

use rowkey::{RowKey, ScanPlan, ScanRange};
use rowkey_studio::{Design, Outcome, Query, Span, Study};

/// A metrics key: a salt of the host, the metric, a raw `#[java]` tag string (a plan that fixes
/// it also holds the rows of longer tags: inexact), a reverse timestamp, the host.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[salt(md5, buckets = 4, of = "host")]
struct Point {
    metric: u16,
    #[java]
    tag: String,
    #[reverse_ts]
    ts: u64,
    host: u32,
}

#[derive(Debug, Clone)]
struct Event {
    metric: u16,
    host: u32,
    ts: u64,
    tag: String,
}

const WRITES: u64 = 60_000;
const WINDOW: u64 = 2_500;
const SPLIT: u64 = 4_000;

fn event(i: u64) -> Event {
    // A mix: 3 metrics, 40 hosts by a multiplicative hash, a clock that moves every write, and
    // tags that are prefixes of each other ("", "a", "aa").
    let h = i.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    Event {
        metric: (h >> 60) as u16 % 3,
        host: ((h >> 32) % 40) as u32,
        ts: 1_700_000_000_000 + i,
        tag: "a".repeat((i % 3) as usize),
    }
}

fn key(e: &Event) -> Point {
    Point {
        metric: e.metric,
        host: e.host,
        ts: e.ts,
        tag: e.tag.clone(),
    }
}

/// The reads: their plans, built again here for the recount, and what the reader wants.
struct Read {
    name: &'static str,
    plan: fn(&Span) -> ScanPlan,
    wanted: fn(&Span, &Point) -> bool,
    limit: Option<u64>,
}

fn since(s: &Span) -> u64 {
    let (first, last) = s.times.unwrap();
    (last - (last - first) / 4) as u64
}

const READS: [Read; 5] = [
    Read {
        name: "one point",
        plan: |_| {
            let e = event(777);
            Point::scan()
                .metric(e.metric)
                .tag(&e.tag)
                .ts(e.ts)
                .host(e.host)
                .plan()
                .unwrap()
        },
        wanted: |_, _| true,
        limit: None,
    },
    Read {
        name: "metric 2, tag a",
        plan: |_| Point::scan().metric(2).tag("a").plan().unwrap(),
        wanted: |_, _| true,
        limit: None,
    },
    Read {
        name: "metric 1, no tag, last quarter",
        plan: |s| {
            Point::scan()
                .metric(1)
                .tag("")
                .ts(since(s)..)
                .plan()
                .unwrap()
        },
        wanted: |_, _| true,
        limit: None,
    },
    Read {
        name: "newest 5 of metric 0",
        plan: |_| Point::scan().metric(0).plan().unwrap(),
        wanted: |_, _| true,
        limit: Some(5),
    },
    Read {
        name: "host 7, last quarter",
        plan: |_| Point::full_scan(),
        wanted: |s, p| p.ts >= since(s) && p.host == 7,
        limit: None,
    },
];

fn study(splits: Vec<Vec<u8>>) -> Study<Event> {
    let mut design = Design::new("metrics", key);
    for r in &READS {
        let (plan, wanted, limit) = (r.plan, r.wanted, r.limit);
        design = design.read(r.name, move |s: &Span| {
            let s2 = s.clone();
            let q = Query::new(plan(s)).filter(move |p: &Point| wanted(&s2, p));
            match limit {
                Some(l) => q.limit(l),
                None => q,
            }
        });
    }
    Study::new(WRITES, event)
        .time(|e: &Event| e.ts as i64)
        .window(WINDOW)
        .split_writes(SPLIT)
        .splits(splits)
        .servers(3)
        .buckets(16)
        .options_cut(rowkey_studio::Cut::Range)
        .design(design)
}

fn keys(study: &Study<Event>) -> Vec<Vec<u8>> {
    let mut keys = Vec::new();
    study.keys(0, &mut |_, k| keys.push(k.to_vec())).unwrap();
    keys
}

/// The region of `key` among `starts` (sorted, the first empty): a linear search.
fn region(starts: &[&Vec<u8>], key: &[u8]) -> usize {
    starts.iter().rposition(|s| s.as_slice() <= key).unwrap()
}

fn check(outcome: &Outcome, keys: &[Vec<u8>]) {
    let run = &outcome.run;
    let starts: Vec<&Vec<u8>> = run.regions.starts.iter().collect();
    assert_eq!(run.report.writes, WRITES);
    assert_eq!(run.span.writes, WRITES);

    // Writes per region at the end.
    let mut per_region = vec![0u64; starts.len()];
    for k in keys {
        per_region[region(&starts, k)] += 1;
    }
    assert_eq!(run.report.per_region, per_region);

    // Each window, with the regions whose start had appeared by its end.
    for (w, chunk) in keys.chunks(WINDOW as usize).enumerate() {
        let end = (w as u64 * WINDOW + chunk.len() as u64).min(WRITES);
        let then: Vec<&Vec<u8>> = run
            .regions
            .starts
            .iter()
            .zip(&run.regions.born)
            .filter(|&(_, &b)| b <= end)
            .map(|(s, _)| s)
            .collect();
        let mut counts = vec![0u64; then.len()];
        for k in chunk {
            counts[region(&then, k)] += 1;
        }
        let max = *counts.iter().max().unwrap() as f64;
        let window = &run.report.windows[w];
        assert_eq!(window.hottest_share, max / chunk.len() as f64, "window {w}");
        assert_eq!(
            window.regions_written,
            counts.iter().filter(|&&c| c > 0).count()
        );
        let mut servers = [0u64; 3];
        for (r, c) in counts.iter().enumerate() {
            servers[r % 3] += c;
        }
        let hottest = *servers.iter().max().unwrap() as f64 / chunk.len() as f64;
        assert_eq!(window.hottest_server_share, hottest, "window {w}");
    }

    // Heatmap cells: buckets of equal range over the 8 bytes after the common prefix (buckets of
    // equal row count: tests/maps.rs).
    let lo = keys.iter().min().unwrap();
    let hi = keys.iter().max().unwrap();
    let p = lo.iter().zip(hi).take_while(|(a, b)| a == b).count();
    let value = |k: &[u8]| {
        (0..8).fold(0u128, |v, i| {
            v * 256 + u128::from(*k.get(p + i).unwrap_or(&0))
        })
    };
    let (l, h) = (value(lo), value(hi));
    let mut cells = vec![vec![0u64; 16]; (WRITES / WINDOW) as usize];
    for (i, k) in keys.iter().enumerate() {
        cells[i / WINDOW as usize][((value(k) - l) * 16 / (h - l + 1)) as usize] += 1;
    }
    assert_eq!(run.heat.counts, cells);

    // Reads, and the rows-read map: each read's rows returned, in the window and bucket of
    // their write.
    let span = &run.span;
    let mut read_map = vec![vec![0u64; 16]; (WRITES / WINDOW) as usize];
    assert_eq!(run.reads.len(), READS.len());
    for (read, cost) in READS.iter().zip(&run.reads) {
        assert_eq!(cost.name, read.name);
        let plan = (read.plan)(span);
        let limit = read.limit.unwrap_or(u64::MAX);
        // A range's rows in key order (a key written twice: in write order), by write index.
        let in_range = |r: &ScanRange| -> Vec<usize> {
            let mut v: Vec<usize> = (0..keys.len()).filter(|&i| r.contains(&keys[i])).collect();
            v.sort_by(|&a, &b| keys[a].cmp(&keys[b]).then(a.cmp(&b)));
            v
        };
        let is_wanted =
            |k: &[u8]| plan.matches(k) && (read.wanted)(span, &Point::decode(k).unwrap());
        let mut read_rows = 0;
        let mut wanted = 0u64;
        let mut touched = vec![false; starts.len()];
        for r in plan.ranges() {
            let rows = in_range(r);
            // What the scan returns: the first `limit` rows of the range.
            let returned = &rows[..rows.len().min(limit as usize)];
            read_rows += returned.len() as u64;
            for &i in returned {
                read_map[i / WINDOW as usize][run.heat.axis.bucket(&keys[i])] += 1;
            }
            if read.limit.is_some() {
                wanted += returned.iter().filter(|&&i| is_wanted(&keys[i])).count() as u64;
            }
            // The regions from the one holding the start to the one holding the last row read
            // (a limited scan that found its rows) or to the range's end.
            let first = region(&starts, &r.start);
            let last = match rows.get(limit.saturating_sub(1) as usize) {
                Some(&k) if read.limit.is_some() => region(&starts, &keys[k]),
                _ => (0..starts.len())
                    .rev()
                    .find(|&i| r.stop.is_empty() || starts[i].as_slice() < r.stop.as_slice())
                    .unwrap()
                    .max(first),
            };
            for t in &mut touched[first..=last] {
                *t = true;
            }
        }
        if read.limit.is_none() {
            wanted = keys.iter().filter(|k| is_wanted(k)).count() as u64;
        }
        assert_eq!(cost.rows_read, read_rows, "{}", read.name);
        assert_eq!(cost.rows_wanted, wanted.min(limit), "{}", read.name);
        assert_eq!(cost.ranges, plan.ranges().len(), "{}", read.name);
        assert_eq!(cost.point, plan.is_point(), "{}", read.name);
        assert_eq!(
            cost.regions,
            touched.iter().filter(|&&t| t).count(),
            "{}",
            read.name
        );
        assert!(
            cost.rows_wanted > 0 && cost.rows_read >= cost.rows_wanted,
            "{cost:?}"
        );
    }
    assert_eq!(run.heat.reads, read_map, "the rows-read map");
}

#[test]
fn an_own_key_with_a_read_mix_recounts_exactly() {
    let study = study(Vec::new());
    let keys = keys(&study);
    let outcome = &study.run().unwrap()[0];
    assert!(
        outcome.run.report.regions >= 10,
        "{}",
        outcome.run.report.regions
    );
    check(outcome, &keys);

    // The inexact plan (a raw string fixed before a reverse timestamp would be, here the tag
    // after it is free) and the filter both cut rows wanted below rows read.
    let tag_read = &outcome.run.reads[2];
    assert!(
        tag_read.rows_read > 2 * tag_read.rows_wanted,
        "{tag_read:?}"
    );
    // The limited read: 5 rows from each of the 4 salt buckets' ranges.
    assert_eq!(outcome.run.reads[3].rows_read, 20);
    assert_eq!(outcome.run.reads[3].rows_wanted, 5);
}

#[test]
fn given_region_boundaries_recount_exactly_and_do_not_move() {
    let splits: Vec<Vec<u8>> = (1u8..8).map(|b| vec![b / 2, b * 31]).collect();
    let study = study(splits.clone());
    let keys = keys(&study);
    let outcome = &study.run().unwrap()[0];
    let mut expected = vec![Vec::new()];
    expected.extend(splits);
    assert_eq!(outcome.run.regions.starts, expected);
    assert_eq!(outcome.run.report.splits, 0);
    check(outcome, &keys);
}

/// Every auto-split key cut the region it split, at that moment, near its middle: recounted
/// from the keys written up to the split.
#[test]
fn auto_splits_cut_their_region_near_the_middle() {
    let study = study(Vec::new());
    let keys = keys(&study);
    let outcome = &study.run().unwrap()[0];
    let regions = &outcome.run.regions;
    for (i, (start, &born)) in regions.starts.iter().zip(&regions.born).enumerate().skip(1) {
        // The region it cut: between the nearest starts that existed before it.
        let before: Vec<&Vec<u8>> = regions
            .starts
            .iter()
            .zip(&regions.born)
            .filter(|&(_, &b)| b < born)
            .map(|(s, _)| s)
            .collect();
        let r = region(&before, start);
        let (lo, hi) = (before[r], before.get(r + 1));
        let inside: Vec<&Vec<u8>> = keys[..born as usize]
            .iter()
            .filter(|k| *k >= lo && hi.is_none_or(|h| *k < *h))
            .collect();
        let below = inside.iter().filter(|k| **k < start).count() as f64;
        let share = below / inside.len() as f64;
        assert!(
            (0.4..=0.6).contains(&share),
            "start {i}: {share} of its region below it"
        );
    }
}

/// A read whose builder refuses its plan is an error naming the design and the read.
#[test]
fn a_refused_plan_is_an_error_naming_design_and_read() {
    #[derive(RowKey)]
    struct Named {
        #[fixed(4)]
        name: String,
        id: u64,
    }
    let err = Study::new(10, |i| i)
        .design(
            Design::new("named", |&i| Named {
                name: "n".into(),
                id: i,
            })
            .read("by name", |_| Named::scan().name("too long").plan()),
        )
        .run()
        .unwrap_err();
    let text = err.to_string();
    assert!(
        text.starts_with(r#"design "named": read "by name" has no plan: "#),
        "{text}"
    );
}

/// A key that does not encode is an error naming the design and the write.
#[test]
fn a_key_that_does_not_encode_is_an_error_naming_the_write() {
    #[derive(RowKey)]
    struct Short {
        #[fixed(4)]
        name: String,
    }
    let err = Study::new(10, |i| "x".repeat(i as usize))
        .design_of("short", |s: &String| Short { name: s.clone() })
        .run()
        .unwrap_err();
    assert!(
        err.to_string()
            .starts_with(r#"design "short": the key of write 5 does not encode"#),
        "{err}"
    );
}
