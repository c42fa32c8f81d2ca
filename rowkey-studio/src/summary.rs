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
/// use rowkey_studio::summary::is_hot;
/// assert!(is_hot(0.225, 27.0)); // one of 27 regions takes 22.5%
/// assert!(!is_hot(0.26, 5.0)); // one of 5 takes 26%: about even
/// assert!(!is_hot(0.067, 72.0));
/// ```
pub fn is_hot(share: f64, regions: f64) -> bool {
    share > HOT_REGION && share * regions > 2.0
}

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
    /// The busiest region's writes over the mean writes of all the regions that existed then,
    /// at its worst late window (1: even; the number of regions: all writes on one).
    pub max_over_mean: f64,
    /// The busiest region server's share of a late window's writes, on average (0 to 1).
    pub hottest_server_share: f64,
    /// Regions that existed in a late window, on average.
    pub regions_then: f64,
    /// What each read costs.
    pub reads: Vec<ReadCost>,
    /// How its table started, when pre-split (`20 regions, pre-split`).
    pub presplit: Option<String>,
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
            reads: outcome.run.reads.clone(),
            presplit: match outcome.options.presplit.len() {
                0 => None,
                n => Some(format!("{} regions, pre-split", n + 1)),
            },
        }
    }

    /// True when one region takes most of each late window's writes.
    pub fn hotspot(&self) -> bool {
        self.hottest_share > 0.9
    }

    /// The verdict column: a hotspot (one region takes more than 90% of each late window's
    /// writes), a hot region (see [`is_hot`]), or spread.
    pub fn verdict(&self) -> String {
        if self.hotspot() {
            "HOTSPOT: one region takes the writes".into()
        } else if is_hot(self.hottest_share, self.regions_then) {
            format!(
                "hot region: the busiest takes {:.0}%",
                100.0 * self.hottest_share
            )
        } else {
            "spread".into()
        }
    }
}

/// Column headers of the writes table, shared by the text and the HTML page.
pub const HEADERS: [&str; 7] = [
    "design",
    "regions",
    "regions/window",
    "hottest region",
    "hottest server",
    "max/mean",
    "verdict",
];

/// The cells of a row of the writes table, formatted, in the order of [`HEADERS`].
pub fn cells(r: &Row) -> [String; 7] {
    [
        r.design.clone(),
        r.regions.to_string(),
        format!("{:.1}", r.regions_per_window),
        format!("{:.1}%", 100.0 * r.hottest_share),
        format!("{:.1}%", 100.0 * r.hottest_server_share),
        format!("{:.1}", r.max_over_mean),
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
    let lines: Vec<[String; 7]> = rows.iter().map(cells).collect();
    table(&HEADERS, &lines, &[0, 6])
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
/// use rowkey_studio::{summary, Design, Study};
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
