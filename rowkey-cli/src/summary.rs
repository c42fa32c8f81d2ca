//! The summary table of a hotspot run: one row per design, from its simulation's late windows
//! (the last half, once the table has split enough to show where writes settle).

use std::fmt::Write as _;

use crate::designs::Design;
use crate::reads::ReadCost;
use crate::simulate::Outcome;

/// The late windows: the last half of the run.
pub const LATE: f64 = 0.5;

/// One design's line of the table.
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
    /// The largest busiest-over-mean ratio of a late window.
    pub max_over_mean: f64,
    /// The busiest region server's share of a late window's writes, on average (0 to 1).
    pub hottest_server_share: f64,
    /// What reads cost (`None` for a key log).
    pub reads: Option<ReadCost>,
}

impl Row {
    /// The row of `design` from its simulation.
    pub fn new(design: &Design, outcome: &Outcome) -> Self {
        Row::named(design.name, design.slug, outcome)
    }

    /// The row of a simulation named `name` (a key log's), with file names from `slug`.
    pub fn named(name: &str, slug: &str, outcome: &Outcome) -> Self {
        let r = &outcome.report;
        Row {
            design: name.to_string(),
            slug: slug.to_string(),
            regions: r.regions,
            regions_per_window: r.late(LATE, |w| w.regions_written as f64),
            hottest_share: r.late(LATE, |w| w.hottest_share),
            max_over_mean: r.late_max(LATE, |w| w.max_over_mean),
            hottest_server_share: r.late(LATE, |w| w.hottest_server_share),
            reads: outcome.reads,
        }
    }

    /// True when one region takes most of each late window's writes.
    pub fn hotspot(&self) -> bool {
        self.hottest_share > 0.9
    }

    /// The verdict column.
    pub fn verdict(&self) -> &'static str {
        if self.hotspot() {
            "HOTSPOT: one region takes the writes"
        } else {
            "spread"
        }
    }
}

/// Column headers, shared by the text table and the HTML page.
pub const HEADERS: [&str; 11] = [
    "design",
    "regions",
    "regions/window",
    "hottest region",
    "hottest server",
    "max/mean",
    "gets/message",
    "recent: ranges",
    "regions read",
    "rows read/wanted",
    "newest: rows read",
];

/// The cells of a row, formatted, in the order of [`HEADERS`], then the verdict; `-` for the
/// reads of a key log.
pub fn cells(r: &Row) -> [String; 12] {
    let reads = match &r.reads {
        Some(c) => [
            c.gets.to_string(),
            c.recent_ranges.to_string(),
            c.recent_regions.to_string(),
            format!(
                "{:.1}x",
                c.recent_rows_read as f64 / c.recent_rows_wanted.max(1) as f64
            ),
            c.newest_rows_read.to_string(),
        ],
        None => ["-", "-", "-", "-", "-"].map(String::from),
    };
    let [gets, ranges, regions, read, newest] = reads;
    [
        r.design.clone(),
        r.regions.to_string(),
        format!("{:.1}", r.regions_per_window),
        format!("{:.1}%", 100.0 * r.hottest_share),
        format!("{:.1}%", 100.0 * r.hottest_server_share),
        format!("{:.2}", r.max_over_mean),
        gets,
        ranges,
        regions,
        read,
        newest,
        r.verdict().to_string(),
    ]
}

/// The table as aligned text: the write side, then the read side.
pub fn text(rows: &[Row]) -> String {
    let table: Vec<[String; 12]> = rows.iter().map(cells).collect();
    let mut widths: Vec<usize> = HEADERS.iter().map(|h| h.len()).collect();
    for row in &table {
        for (w, c) in widths.iter_mut().zip(row) {
            *w = (*w).max(c.chars().count());
        }
    }
    let mut s = String::new();
    let line = |s: &mut String, cells: &[&str]| {
        s.push(' ');
        for (i, (c, w)) in cells.iter().zip(&widths).enumerate() {
            if i == 0 {
                let _ = write!(s, " {c:<w$}");
            } else {
                let _ = write!(s, " {c:>w$}");
            }
        }
        if let Some(v) = cells.get(HEADERS.len()) {
            let _ = write!(s, "  {v}");
        }
        s.push('\n');
    };
    let mut headers: Vec<&str> = HEADERS.to_vec();
    headers.push("verdict");
    line(&mut s, &headers);
    for row in &table {
        let cells: Vec<&str> = row.iter().map(String::as_str).collect();
        line(&mut s, &cells);
    }
    s
}
