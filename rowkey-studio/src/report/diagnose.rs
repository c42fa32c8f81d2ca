//! Diagnostics in words, as Bigtable's Key Visualizer gives them ("high write pressure"), from a
//! design's outcome: a sequential diagonal, a hot region or region server, salt buckets that get
//! no writes, regions no write reached, a read that touches every region or reads far more than
//! it wants. Each finding has a kind (for programs and tests) and a sentence (for people).

use crate::outcome::Outcome;
pub use crate::report::summary::HOT_REGION;
use crate::report::summary::{decimal, percent, Row, LATE};

/// A read that reads more than this many rows per row it wants is flagged.
pub const AMPLIFICATION: f64 = 10.0;

/// What a diagnostic found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Each late window's writes land in one narrow key range that moves with time.
    Sequential,
    /// One region takes more than [`HOT_REGION`] of the late windows' writes, and more than
    /// twice an even share ([`Row::hot_region`]).
    HotRegion,
    /// One region server takes more than one and a half times an even share
    /// ([`Row::hot_server`]).
    HotServer,
    /// Salt buckets that no write went to.
    IdleSaltBuckets,
    /// Regions that no write went to.
    UnreachedRegions,
    /// A read whose ranges overlap every region of a table of several.
    ReadsEveryRegion,
    /// A read that reads more than [`AMPLIFICATION`] rows per row it wants.
    ReadAmplification,
}

/// One finding.
#[derive(Debug, Clone, PartialEq)]
pub struct Finding {
    /// What it is.
    pub kind: Kind,
    /// It in words.
    pub text: String,
    /// The design's figures the words quote, by their names in [`Row::figures`]: each is the
    /// table's number, not one computed again.
    pub figures: Vec<(&'static str, f64)>,
}

/// Everything the diagnostics find in `outcome`, in the order of [`Kind`].
///
/// ```
/// use rowkey::RowKey;
/// use rowkey_studio::report::diagnose::{diagnose, Kind};
/// use rowkey_studio::Study;
///
/// #[derive(RowKey)]
/// struct TimeFirst { ts: u64 }
///
/// let outcome = &Study::new(20_000, |i| i)
///     .window(1_000)
///     .split_writes(2_000)
///     .design_of("time first", |&ts| TimeFirst { ts })
///     .run()
///     .unwrap()[0];
/// let kinds: Vec<Kind> = diagnose(outcome).iter().map(|f| f.kind).collect();
/// assert_eq!(kinds, [Kind::Sequential, Kind::HotRegion, Kind::HotServer]);
/// ```
pub fn diagnose(outcome: &Outcome) -> Vec<Finding> {
    diagnose_row(outcome, &Row::new(outcome))
}

/// [`diagnose`], quoting the figures of `row` (the design's line of the table).
pub fn diagnose_row(outcome: &Outcome, row: &Row) -> Vec<Finding> {
    let run = &outcome.run;
    let report = &run.report;
    let mut found = Vec::new();
    let mut say = |kind, text: String, names: &[&'static str]| {
        let figures = names
            .iter()
            .map(|&n| (n, row.figure(n).expect("a figure of the row")))
            .collect();
        found.push(Finding {
            kind,
            text,
            figures,
        })
    };

    if let Some(width) = sequential(&run.heat.counts) {
        say(
            Kind::Sequential,
            format!(
                "a sequential diagonal: 90% of each late window's writes land in a band of at \
                 most {width} of the {} key buckets, and the band moves one way with time: the \
                 region at its moving end takes them",
                run.heat.axis.buckets()
            ),
            &[],
        );
    }
    if row.hot_region() {
        say(
            Kind::HotRegion,
            format!(
                "a hot region: the busiest region takes {} of each late window's writes on \
                 average (hottest region), more than {:.0}% and more than twice an even share \
                 of the {} regions then; at its worst late window it takes {} times the mean \
                 (max/mean); the writes of a late window reach {} regions (regions/window) of \
                 the {} at the end",
                percent(row.hottest_share),
                100.0 * HOT_REGION,
                decimal(row.regions_then),
                decimal(row.max_over_mean),
                decimal(row.regions_per_window),
                row.regions,
            ),
            &[
                "hottestRegionShare",
                "regionsThen",
                "maxOverMean",
                "regionsWritten",
                "regions",
            ],
        );
    }
    if row.hot_server() {
        say(
            Kind::HotServer,
            format!(
                "a hot region server: the busiest of {} servers takes {} of each late window's \
                 writes on average (hottest server), over one and a half times an even share of \
                 {} (the {} regions then spread over at most {} servers); the {} regions a late \
                 window writes (regions/window) sit on {} servers, the regions being assigned \
                 round-robin in key order",
                row.servers,
                percent(row.hottest_server_share),
                percent(row.even_server_share()),
                decimal(row.regions_then),
                row.servers,
                decimal(row.regions_per_window),
                decimal(row.servers_written),
            ),
            &[
                "servers",
                "regionsThen",
                "hottestServerShare",
                "regionsWritten",
                "serversWritten",
            ],
        );
    }
    let idle: Vec<usize> = (0..run.salt_writes.len())
        .filter(|&b| run.salt_writes[b] == 0)
        .collect();
    if !idle.is_empty() {
        say(
            Kind::IdleSaltBuckets,
            format!(
                "{} of {} salt buckets get no writes (buckets {}): their regions sit idle",
                idle.len(),
                run.salt_writes.len(),
                list(&idle)
            ),
            &[],
        );
    }
    let unreached: Vec<usize> = (0..report.per_region.len())
        .filter(|&r| report.per_region[r] == 0)
        .collect();
    if !unreached.is_empty() {
        say(
            Kind::UnreachedRegions,
            format!(
                "{} of {} regions got no writes (regions {}, first starting at {}): no key \
                 written falls in them",
                unreached.len(),
                report.regions,
                list(&unreached),
                crate::report::labels::binary_prefix(&run.regions.starts[unreached[0]])
            ),
            &["regions"],
        );
    }
    for read in &run.reads {
        if report.regions > 1 && read.regions == report.regions {
            say(
                Kind::ReadsEveryRegion,
                format!(
                    "read \"{}\" touches every region ({}): a scan of the whole table",
                    read.name, read.regions
                ),
                &[],
            );
        }
    }
    for read in &run.reads {
        if read.amplification() > AMPLIFICATION {
            say(
                Kind::ReadAmplification,
                format!(
                    "read \"{}\" reads {:.0} rows per row it wants ({} read, {} wanted)",
                    read.name,
                    read.amplification(),
                    read.rows_read,
                    read.rows_wanted
                ),
                &[],
            );
        }
    }
    found.sort_by_key(|f| f.kind as u8);
    found
}

/// The widest band (in buckets) of the narrowest runs of adjacent buckets that hold 90% of each
/// late window's writes, when every such band is at most a quarter of the key axis and the band
/// moves, one way only; `None` otherwise.
fn sequential(counts: &[Vec<u64>]) -> Option<usize> {
    let late = &counts[counts.len() - (counts.len() as f64 * LATE).ceil() as usize..];
    let buckets = counts.first().map_or(0, Vec::len);
    if late.len() < 2 || buckets < 4 {
        return None;
    }
    let mut widest = 0;
    let mut starts = Vec::new();
    for column in late {
        let (start, width) = band(column)?;
        if width * 4 > buckets {
            return None;
        }
        widest = widest.max(width);
        starts.push(start);
    }
    let up = starts.windows(2).all(|p| p[0] <= p[1]);
    let down = starts.windows(2).all(|p| p[0] >= p[1]);
    ((up || down) && starts.first() != starts.last()).then_some(widest)
}

/// The narrowest run of adjacent buckets holding at least 90% of `column`: its first bucket and
/// its width; `None` for an empty column.
fn band(column: &[u64]) -> Option<(usize, usize)> {
    let total: u64 = column.iter().sum();
    if total == 0 {
        return None;
    }
    let need = total - total / 10;
    let (mut best, mut sum, mut lo) = ((0, usize::MAX), 0u64, 0);
    for hi in 0..column.len() {
        sum += column[hi];
        while sum - column[lo] >= need && lo < hi {
            sum -= column[lo];
            lo += 1;
        }
        if sum >= need && hi + 1 - lo < best.1 {
            best = (lo, hi + 1 - lo);
        }
    }
    Some(best)
}

/// Numbers as `1, 2, 5` (the first ten, then `…`).
fn list(items: &[usize]) -> String {
    let mut s: Vec<String> = items.iter().take(10).map(usize::to_string).collect();
    if items.len() > 10 {
        s.push("…".into());
    }
    s.join(", ")
}
