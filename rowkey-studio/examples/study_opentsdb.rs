//! Study an OpenTSDB-style metrics table before it ships: 4 metrics of 50 hosts every 10
//! seconds (500,000 data points, about 7 hours), keyed as OpenTSDB keys them (metric UID, base
//! hour, tag pairs), unsalted and with OpenTSDB's 20 salt buckets; the readers' own plans are
//! measured on each simulated table. Prints both tables and writes the page with a heatmap per
//! design to `target/rowkey-studio-opentsdb/index.html`.
//!
//! `cargo run --release -p rowkey-studio --example study_opentsdb`

use rowkey::opentsdb::{base_time, Tags};
use rowkey::RowKey;
use rowkey_studio::report::summary;
use rowkey_studio::{Design, Span, Study};

// ---- the user's code: two key designs, a workload, two reads each ----

#[derive(RowKey)]
struct Plain {
    metric: [u8; 3],
    base: u32,
    tags: Tags,
}

#[derive(RowKey)]
#[salt(opentsdb, buckets = 20, width = 1, of = ["metric", "tags"])]
struct Salted {
    metric: [u8; 3],
    base: u32,
    tags: Tags,
}

/// Data point `i`: metric UID `1 + i % 4` (UID 0 would be left unsalted, as OpenTSDB leaves
/// it) of host `i / 4 % 50`, every 10 seconds; metric 1 is `cpu`.
struct Point {
    metric: u8,
    host: u8,
    secs: i64,
}

fn point(i: u64) -> Point {
    let secs = 1_700_000_000 + (i / 200) as i64 * 10;
    Point {
        metric: 1 + (i % 4) as u8,
        host: (i / 4 % 50) as u8,
        secs,
    }
}

fn host(p: &Point) -> Tags {
    Tags(vec![([0, 0, 1], [0, 0, p.host])])
}

/// The hours of the last `n` hours of the run.
fn last(s: &Span, n: i64) -> std::ops::RangeFrom<u32> {
    base_time(s.times.unwrap().1 - 3600 * (n - 1)) as u32..
}

fn study() -> Study<Point> {
    let plain = |p: &Point| Plain {
        metric: [0, 0, p.metric],
        base: base_time(p.secs) as u32,
        tags: host(p),
    };
    let salted = |p: &Point| Salted {
        metric: [0, 0, p.metric],
        base: base_time(p.secs) as u32,
        tags: host(p),
    };
    Study::new(500_000, point)
        .time(|p| p.secs)
        .design(
            Design::new("opentsdb unsalted", plain)
                .read_where(
                    "host 7's cpu, last hour",
                    |s| Plain::scan().metric([0, 0, 1]).base(last(s, 1)).plan(),
                    |k: &Plain| k.tags.0[0].1 == [0, 0, 7],
                )
                .read("every host's cpu, last 6 hours", |s| {
                    Plain::scan().metric([0, 0, 1]).base(last(s, 6)).plan()
                }),
        )
        .design(
            Design::new("opentsdb 20 salts", salted)
                .presplit(Salted::split_points(20).unwrap())
                .read_where(
                    "host 7's cpu, last hour",
                    |s| Salted::scan().metric([0, 0, 1]).base(last(s, 1)).plan(),
                    |k: &Salted| k.tags.0[0].1 == [0, 0, 7],
                )
                .read("every host's cpu, last 6 hours", |s| {
                    Salted::scan().metric([0, 0, 1]).base(last(s, 6)).plan()
                }),
        )
}

// ---- the study ----

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::path::Path::new("target/rowkey-studio-opentsdb");
    let outcomes = study().write_page(dir)?;
    print!("{}", summary::tables(&outcomes));
    println!("\npage: {}", dir.join("index.html").display());

    // What the study shows, checked: unsalted, each metric's current hour is one hot region
    // (four of them take the writes); 20 salts, pre-split, spread them evenly, and pay 20
    // ranges per read for it.
    let (plain, salted) = (&outcomes[0].run, &outcomes[1].run);
    assert!(plain.report.late(0.5, |w| w.hottest_share) > 0.2);
    assert!(salted.report.late(0.5, |w| w.hottest_share) < 0.06);
    assert_eq!((plain.reads[0].ranges, salted.reads[0].ranges), (1, 20));
    for run in [plain, salted] {
        // Host 7's points of the last hour: one in 50 of the rows read.
        let host7 = &run.reads[0];
        assert_eq!(host7.rows_read, 50 * host7.rows_wanted);
        assert!(run.reads[1].rows_read == run.reads[1].rows_wanted);
    }
    Ok(())
}
