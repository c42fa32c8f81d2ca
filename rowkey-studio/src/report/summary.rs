//! The summary tables of a study: one line per design from its simulation's late windows (the
//! last half, once the table has split enough to show where writes settle), and one line per
//! read of each design.

use std::fmt::Write as _;

use crate::outcome::Outcome;
use crate::query::ReadCost;

/// The late windows: the last half of the run.
pub const LATE: f64 = 0.5;

/// A late window's busiest region above this share of its writes, and above twice an even
/// share of the regions that existed then, is a hot region.
pub const HOT_REGION: f64 = 0.2;

/// True when a busiest region's `share` of the late windows' writes makes it hot in a table of
/// `regions` regions (on average over those windows): more than [`HOT_REGION`] and more than
/// twice an even share.
///
/// ```
/// use rowkey_studio::report::summary::is_hot;
/// assert!(is_hot(0.225, 27.0)); // one of 27 regions takes 22.5%
/// assert!(!is_hot(0.26, 5.0)); // one of 5 takes 26%: about even
/// assert!(!is_hot(0.067, 72.0));
/// ```
pub fn is_hot(share: f64, regions: f64) -> bool {
    share > HOT_REGION && share * regions > 2.0
}

/// One design's line of the table: every figure the page, the text tables, the verdicts, the
/// diagnostics and the JSON say about a design's writes, computed once here.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// The design's name.
    pub design: String,
    /// Its short name (file names).
    pub slug: String,
    /// Regions at the end.
    pub regions: usize,
    /// Regions written per late window, on average.
    pub regions_per_window: f64,
    /// The busiest region's share of a late window's writes, on average (0 to 1).
    pub hottest_share: f64,
    /// The busiest region's writes over the mean writes of all the regions that existed then,
    /// at its worst late window (1: even; the number of regions then: all writes on one).
    pub max_over_mean: f64,
    /// The busiest region server's share of a late window's writes, on average (0 to 1).
    pub hottest_server_share: f64,
    /// Regions that existed in a late window, on average.
    pub regions_then: f64,
    /// Region servers.
    pub servers: usize,
    /// Region servers written per late window, on average.
    pub servers_written: f64,
    /// What each read costs.
    pub reads: Vec<ReadCost>,
    /// How its table started, when pre-split (`20 regions, pre-split`).
    pub presplit: Option<String>,
}

/// A share as the tables print it: `12.3%`.
pub fn percent(share: f64) -> String {
    format!("{:.1}%", 100.0 * share)
}

/// A count or ratio as the tables print it: one decimal.
pub fn decimal(x: f64) -> String {
    format!("{x:.1}")
}

impl Row {
    /// The row of a design's outcome.
    pub fn new(outcome: &Outcome) -> Self {
        let r = &outcome.run.report;
        Row {
            design: outcome.name.clone(),
            slug: outcome.slug.clone(),
            regions: r.regions,
            regions_per_window: r.late(LATE, |w| w.regions_written as f64),
            hottest_share: r.late(LATE, |w| w.hottest_share),
            max_over_mean: r.late_max(LATE, |w| w.hottest_share * w.regions as f64),
            hottest_server_share: r.late(LATE, |w| w.hottest_server_share),
            regions_then: r.late(LATE, |w| w.regions as f64),
            servers: r.servers,
            servers_written: r.late(LATE, |w| w.servers_written as f64),
            reads: outcome.run.reads.clone(),
            presplit: match outcome.options.presplit.len() {
                0 => None,
                n => Some(format!("{} regions, pre-split", n + 1)),
            },
        }
    }

    /// The figures by name, as the JSON export and the diagnostics name them.
    pub fn figures(&self) -> [(&'static str, f64); 8] {
        [
            ("regions", self.regions as f64),
            ("regionsThen", self.regions_then),
            ("regionsWritten", self.regions_per_window),
            ("hottestRegionShare", self.hottest_share),
            ("maxOverMean", self.max_over_mean),
            ("servers", self.servers as f64),
            ("serversWritten", self.servers_written),
            ("hottestServerShare", self.hottest_server_share),
        ]
    }

    /// The figure called `name` (see [`figures`](Self::figures)).
    pub fn figure(&self, name: &str) -> Option<f64> {
        self.figures()
            .into_iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v)
    }

    /// A hot region (see [`is_hot`]): one region of those that existed takes more than
    /// [`HOT_REGION`] of each late window's writes and more than twice an even share.
    pub fn hot_region(&self) -> bool {
        is_hot(self.hottest_share, self.regions_then)
    }

    /// A hotspot: a hot region taking more than 90% of each late window's writes.
    pub fn hotspot(&self) -> bool {
        self.hot_region() && self.hottest_share > 0.9
    }

    /// An even share of the writes for a region server: one over the servers that can hold
    /// regions (the servers, or the regions then when there are fewer).
    pub fn even_server_share(&self) -> f64 {
        1.0 / (self.servers as f64).min(self.regions_then).max(1.0)
    }

    /// A hot region server: the busiest takes more than one and a half times an even share
    /// ([`even_server_share`](Self::even_server_share)) of each late window's writes.
    pub fn hot_server(&self) -> bool {
        self.servers > 1 && self.hottest_server_share > 1.5 * self.even_server_share()
    }

    /// The verdict column, from the same tests as the diagnostics: a hotspot, a hot region,
    /// a hot region server, or spread (none of them, so no diagnostic of a hot region or
    /// server sits beside it).
    pub fn verdict(&self) -> String {
        if self.hotspot() {
            "HOTSPOT: one region takes the writes".into()
        } else if self.hot_region() {
            format!(
                "hot region: the busiest takes {}",
                percent(self.hottest_share)
            )
        } else if self.hot_server() {
            format!(
                "hot server: the busiest takes {}",
                percent(self.hottest_server_share)
            )
        } else {
            "spread".into()
        }
    }
}

/// Column headers of the writes table, shared by the text and the HTML page.
pub const HEADERS: [&str; 8] = [
    "design",
    "regions",
    "regions then",
    "regions/window",
    "hottest region",
    "hottest server",
    "max/mean",
    "verdict",
];

/// The definitions of the writes table's columns, one sentence each, in the order of
/// [`HEADERS`] after the design: the page states them once and the diagnostics use them.
pub const DEFINITIONS: [&str; 7] = [
    "regions: at the end of the run",
    "regions then: the regions that existed in a late window (the last half of the windows), on average",
    "regions/window: the regions a late window's writes went to, on average",
    "hottest region: the busiest region's share of a late window's writes, on average",
    "hottest server: the busiest region server's share of a late window's writes, on average",
    "max/mean: the busiest region's writes over the mean of the regions that existed then, at its worst late window (1 is even; all writes on one region shows the number of regions then)",
    "verdict: HOTSPOT when a hot region takes over 90%; hot region when the busiest takes over 20% and over twice an even share of the regions then; hot server when the busiest server takes over 1.5 times an even share (of the servers, or of the regions then when fewer); else spread",
];

/// The cells of a row of the writes table, formatted, in the order of [`HEADERS`].
pub fn cells(r: &Row) -> [String; 8] {
    [
        r.design.clone(),
        r.regions.to_string(),
        decimal(r.regions_then),
        decimal(r.regions_per_window),
        percent(r.hottest_share),
        percent(r.hottest_server_share),
        decimal(r.max_over_mean),
        r.verdict(),
    ]
}

/// Column headers of the reads table.
pub const READ_HEADERS: [&str; 7] = [
    "design",
    "read",
    "gets/ranges",
    "regions",
    "rows read",
    "rows wanted",
    "read/wanted",
];

/// The cells of one read of a design.
pub fn read_cells(design: &str, c: &ReadCost) -> [String; 7] {
    [
        design.to_string(),
        c.name.clone(),
        match (c.point, c.ranges) {
            (true, 1) => "1 Get".to_string(),
            (true, n) => format!("{n} Gets"),
            (false, 1) => "1 range".to_string(),
            (false, n) => format!("{n} ranges"),
        },
        c.regions.to_string(),
        c.rows_read.to_string(),
        c.rows_wanted.to_string(),
        format!("{:.1}x", c.amplification()),
    ]
}

/// Every read of every row: the reads table's lines.
pub fn read_lines(rows: &[Row]) -> Vec<[String; 7]> {
    rows.iter()
        .flat_map(|r| r.reads.iter().map(|c| read_cells(&r.design, c)))
        .collect()
}

/// Text columns: those numbered in `left` left-aligned (names), the others right-aligned.
fn table<const N: usize>(headers: &[&str; N], lines: &[[String; N]], left: &[usize]) -> String {
    let mut widths: Vec<usize> = headers.iter().map(|h| h.chars().count()).collect();
    for line in lines {
        for (w, c) in widths.iter_mut().zip(line) {
            *w = (*w).max(c.chars().count());
        }
    }
    let mut s = String::new();
    let mut put = |cells: Vec<&str>| {
        s.push(' ');
        for (i, (c, w)) in cells.iter().zip(&widths).enumerate() {
            if left.contains(&i) {
                let _ = write!(s, " {c:<w$}");
            } else {
                let _ = write!(s, " {c:>w$}");
            }
        }
        let trimmed = s.trim_end().len();
        s.truncate(trimmed);
        s.push('\n');
    };
    put(headers.to_vec());
    for line in lines {
        put(line.iter().map(String::as_str).collect());
    }
    s
}

/// The writes table as aligned text.
pub fn text(rows: &[Row]) -> String {
    let lines: Vec<[String; 8]> = rows.iter().map(cells).collect();
    table(&HEADERS, &lines, &[0, 7])
}

/// The reads table as aligned text (empty when no design has reads).
pub fn reads_text(rows: &[Row]) -> String {
    let lines = read_lines(rows);
    if lines.is_empty() {
        return String::new();
    }
    table(&READ_HEADERS, &lines, &[0, 1])
}

/// Both tables of `outcomes` as text: the writes, then the reads if any design has reads.
///
/// ```
/// use rowkey::RowKey;
/// use rowkey_studio::report::summary;
/// use rowkey_studio::{Design, Study};
///
/// #[derive(RowKey)]
/// struct Id { id: u32 }
///
/// let outcomes = Study::new(1_000, |i| i as u32)
///     .design(Design::new("id", |&id| Id { id }).read("one", |_| Id::scan().id(5).plan()))
///     .run()
///     .unwrap();
/// let text = summary::tables(&outcomes);
/// assert!(text.lines().next().unwrap().trim_start().starts_with("design"));
/// assert!(text.contains("1 Get"));
/// ```
pub fn tables(outcomes: &[Outcome]) -> String {
    let rows: Vec<Row> = outcomes.iter().map(Row::new).collect();
    let reads = reads_text(&rows);
    if reads.is_empty() {
        text(&rows)
    } else {
        format!("{}\n{reads}", text(&rows))
    }
}
