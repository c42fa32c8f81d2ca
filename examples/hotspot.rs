//! The hotspot demo: one million message writes with increasing timestamps and ids, into an
//! auto-splitting simulated HBase table, for six row-key designs. Sequential keys send every
//! write to the last region; reversed, hashed and salted keys spread them.
//!
//! `cargo run --release --example hotspot`

use std::io::Write as _;
use std::time::Instant;

use rowkey::sim::{Report, Table};
use rowkey::RowKey;

#[derive(RowKey)]
struct TimestampFirst {
    ts: u64,
    id: u64,
}

#[derive(RowKey)]
struct IdFirst {
    id: u64,
    ts: u64,
}

/// The id's bytes reversed: its fastest-changing byte leads.
#[derive(RowKey)]
struct ReversedId {
    #[reverse]
    id: u64,
    ts: u64,
}

/// A 4-byte MD5 prefix of the id.
#[derive(RowKey)]
#[salt(md5, len = 4, of = "id")]
struct Md5Prefix {
    ts: u64,
    id: u64,
}

/// One of 16 buckets, MD5 of the id.
#[derive(RowKey)]
#[salt(md5, buckets = 16, of = "id")]
struct Md5Buckets {
    ts: u64,
    id: u64,
}

/// One of 16 buckets, at random.
#[derive(RowKey)]
#[salt(random, buckets = 16)]
struct RandomBuckets {
    ts: u64,
    id: u64,
}

/// A row-key design: its name and how it writes message `(ts, id)`.
pub struct Design {
    pub name: &'static str,
    pub key: fn(u64, u64) -> Vec<u8>,
}

fn key<K: RowKey>(k: K) -> Vec<u8> {
    k.encode().expect("message keys always encode")
}

pub const DESIGNS: [Design; 6] = [
    Design {
        name: "timestamp first",
        key: |ts, id| key(TimestampFirst { ts, id }),
    },
    Design {
        name: "id first",
        key: |ts, id| key(IdFirst { id, ts }),
    },
    Design {
        name: "reversed id",
        key: |ts, id| key(ReversedId { id, ts }),
    },
    Design {
        name: "md5 prefix",
        key: |ts, id| key(Md5Prefix { ts, id }),
    },
    Design {
        name: "md5 buckets (16)",
        key: |ts, id| key(Md5Buckets { ts, id }),
    },
    Design {
        name: "random buckets (16)",
        key: |ts, id| key(RandomBuckets { ts, id }),
    },
];

/// A region splits at its middle key past this many rows.
pub const SPLIT_ROWS: usize = 25_000;
/// Writes per measurement window.
pub const WINDOW: usize = 10_000;

/// Writes `writes` messages (timestamps and ids both increasing) into a fresh auto-splitting
/// table, starting from one region. The random salt is seeded, so every run prints the same.
pub fn simulate(design: &Design, writes: u64) -> Report {
    rowkey::salt::seed_random(2026);
    let mut table = Table::new::<Vec<u8>>(&[])
        .auto_split(SPLIT_ROWS)
        .window(WINDOW);
    for i in 0..writes {
        let ts = 1_700_000_000_000 + i * 7;
        let id = 1_000_000 + i;
        table.put(&(design.key)(ts, id));
    }
    table.report()
}

#[allow(dead_code)]
fn main() {
    let writes = 1_000_000;
    let started = Instant::now();
    let mut rows = Vec::new();
    for (i, design) in DESIGNS.iter().enumerate() {
        print!(
            "[{}/{}] simulating {writes} writes, {} ... ",
            i + 1,
            DESIGNS.len(),
            design.name
        );
        let _ = std::io::stdout().flush();
        let t = Instant::now();
        let report = simulate(design, writes);
        println!("{:.1}s", t.elapsed().as_secs_f64());
        println!(
            "      {} regions after {} splits; in the late windows {:.0}% of each window's writes hit one region",
            report.regions,
            report.splits,
            100.0 * report.late(0.5, |w| w.hottest_share)
        );
        print!("{}", report.chart(16, 40));
        println!();
        rows.push((design.name, report));
    }

    println!("summary ({writes} writes, split at {SPLIT_ROWS} rows, windows of {WINDOW} writes; late = last half):");
    println!(
        "  {:<20} {:>7} {:>16} {:>18} {:>16}  verdict",
        "design", "regions", "regions/window", "hottest share", "max/mean"
    );
    for (name, r) in &rows {
        let share = r.late(0.5, |w| w.hottest_share);
        let verdict = if share > 0.9 {
            "HOTSPOT: one region takes the writes"
        } else {
            "spread"
        };
        println!(
            "  {name:<20} {:>7} {:>16.1} {:>17.1}% {:>16.2}  {verdict}",
            r.regions,
            r.late(0.5, |w| w.regions_written as f64),
            100.0 * share,
            r.late_max(0.5, |w| w.max_over_mean),
        );
    }
    println!("\nfinished in {:.1}s", started.elapsed().as_secs_f64());
}
