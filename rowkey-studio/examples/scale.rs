//! How the simulator scales: a study of N generated messages (default 10 million; none stored),
//! written in time order under two designs (timestamp first, 16 MD5 buckets) with a time-range
//! read, on a table that auto-splits from one region. Prints, per design, the writes per second
//! of the whole study (both passes, heatmap, windows, the read) and the process's peak resident
//! memory so far (`VmHWM` of `/proc/self/status`, Linux).
//!
//! `cargo run --release -p rowkey-studio --example scale -- 100000000`

use std::time::Instant;

use rowkey::RowKey;
use rowkey_studio::{Design, Span, Study};

#[derive(RowKey)]
struct TimeFirst {
    ts: u64,
    id: u64,
}

#[derive(RowKey)]
#[salt(md5, buckets = 16, of = "id")]
struct Buckets {
    ts: u64,
    id: u64,
}

/// The first timestamp of the last tenth of the run.
fn recent(s: &Span) -> u64 {
    let (first, last) = s.times.unwrap_or((0, 0));
    (last - (last - first) / 10) as u64
}

fn peak_mib() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            let line = s.lines().find(|l| l.starts_with("VmHWM:"))?;
            let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
            Some(format!("{:.0} MiB", kib / 1024.0))
        })
        .unwrap_or_else(|| "unknown (no /proc)".into())
}

fn main() {
    let writes: u64 = std::env::args()
        .nth(1)
        .map(|a| a.replace('_', "").parse().expect("the number of writes"))
        .unwrap_or(10_000_000);
    let study = Study::new(writes, |i| (1_700_000_000_000 + 7 * i, 1_000_000 + i))
        .time(|&(ts, _)| ts as i64)
        .window(writes / 100)
        .split_writes(writes / 40)
        .design(
            Design::new("timestamp first", |&(ts, id)| TimeFirst { ts, id })
                .read("last tenth", |s| TimeFirst::scan().ts(recent(s)..).plan()),
        )
        .design(
            Design::new("md5 buckets (16)", |&(ts, id)| Buckets { ts, id })
                .read("last tenth", |s| Buckets::scan().ts(recent(s)..).plan()),
        );
    println!(
        "{writes} writes per design, windows of {}, splits past {} writes",
        writes / 100,
        writes / 40
    );
    for i in 0..2 {
        let t = Instant::now();
        let o = study.run_design(i, &mut |_| {}).unwrap();
        let secs = t.elapsed().as_secs_f64();
        let r = &o.run.report;
        assert_eq!(r.writes, writes);
        assert_eq!(o.run.reads[0].rows_wanted, o.run.reads[0].rows_read);
        println!(
            "{}: {:.1} s, {:.2} M writes/s; {} regions; peak memory so far {}",
            o.name,
            secs,
            writes as f64 / secs / 1e6,
            r.regions,
            peak_mib()
        );
    }
}
