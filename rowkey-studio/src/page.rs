//! The HTML page of a study: the summary tables above the designs' heatmaps, side by side, all
//! written into one folder.

use std::fmt::Write as _;
use std::path::Path;

use crate::engine::Options;
use crate::heatmap::{escape, svg};
use crate::study::Outcome;
use crate::summary::{cells, read_lines, Row, HEADERS, READ_HEADERS};

/// The words of a page that depend on what was studied.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Text {
    /// The page's heading after "Where the writes go: " (default: "N row-key designs").
    pub title: Option<String>,
    /// What was written, as the start of a sentence (default: "N writes").
    pub workload: Option<String>,
    /// What the reads are, a sentence or two (default: a description of the reads table).
    pub reads: Option<String>,
}

/// Writes `index.html` and one `<slug>.svg` heatmap per outcome into `dir` (created if need be).
pub fn write(
    dir: &Path,
    outcomes: &[Outcome],
    options: &Options,
    text: &Text,
) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    for o in outcomes {
        std::fs::write(
            dir.join(format!("{}.svg", o.slug)),
            svg(&o.name, &o.run.heat, options.window),
        )?;
    }
    let rows: Vec<Row> = outcomes.iter().map(Row::new).collect();
    let writes = outcomes.first().map_or(0, |o| o.run.report.writes);
    std::fs::write(dir.join("index.html"), html(&rows, writes, options, text))
}

/// The page for `rows` (of runs of `writes` writes), whose heatmaps are `<slug>.svg` beside it.
pub fn html(rows: &[Row], writes: u64, options: &Options, text: &Text) -> String {
    let mut s = String::new();
    let _ = write!(
        s,
        r#"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>rowkey studio: {writes} writes</title>
<style>
body {{ font-family: sans-serif; margin: 24px; color: #222; }}
table {{ border-collapse: collapse; margin-bottom: 24px; font-size: 14px; }}
th, td {{ padding: 4px 12px; border-bottom: 1px solid #ddd; text-align: right; }}
th.name, td.name {{ text-align: left; white-space: nowrap; }}
tr.hot td.verdict {{ color: #b00020; font-weight: bold; }}
.maps {{ display: grid; grid-template-columns: repeat(auto-fill, minmax(430px, 1fr)); gap: 16px; }}
.maps img {{ width: 100%; border: 1px solid #ddd; }}
</style>
</head>
<body>
<h1>Where the writes go: {title}</h1>
<p>{workload} into a simulated HBase table that {splitting}. Windows of {window} writes; the late
windows are the last half. Each heatmap: time left to right, the key range top to bottom in
{buckets} buckets of equal range, brightness = writes, blue lines = region boundaries at the end.
Regions live on {servers} region servers.</p>
<table class="writes">
<tr>"#,
        title = escape(
            text.title
                .as_deref()
                .unwrap_or(&format!("{} row-key designs", rows.len()))
        ),
        workload = escape(
            text.workload
                .as_deref()
                .unwrap_or(&format!("{writes} writes"))
        ),
        splitting = options.splitting(),
        window = options.window,
        buckets = options.buckets,
        servers = options.servers,
    );
    for (i, h) in HEADERS.iter().enumerate() {
        let _ = write!(s, "<th{}>{h}</th>", class(i, &[0, 6]));
    }
    s.push_str("</tr>\n");
    for r in rows {
        let _ = write!(
            s,
            "<tr{}>",
            if r.hotspot() { r#" class="hot""# } else { "" }
        );
        for (i, c) in cells(r).iter().enumerate() {
            let _ = write!(s, "<td{}>{}</td>", class(i, &[0, 6]), escape(c));
        }
        s.push_str("</tr>\n");
    }
    s.push_str("</table>\n");
    let reads = read_lines(rows);
    if !reads.is_empty() {
        let _ = writeln!(
            s,
            "<p>{}</p>",
            escape(text.reads.as_deref().unwrap_or(
                "Reads, planned from each design's own key and counted on its table at the end: \
                 the Gets or ranges sent, the regions they touch, the rows the ranges hold (up to a \
                 read's limit per range) and the rows the reader wants."
            ))
        );
        s.push_str("<table class=\"reads\">\n<tr>");
        for (i, h) in READ_HEADERS.iter().enumerate() {
            let _ = write!(s, "<th{}>{h}</th>", class(i, &[0, 1]));
        }
        s.push_str("</tr>\n");
        for line in &reads {
            s.push_str("<tr>");
            for (i, c) in line.iter().enumerate() {
                let _ = write!(s, "<td{}>{}</td>", class(i, &[0, 1]), escape(c));
            }
            s.push_str("</tr>\n");
        }
        s.push_str("</table>\n");
    } else if let Some(t) = &text.reads {
        let _ = writeln!(s, "<p>{}</p>", escape(t));
    }
    s.push_str("<div class=\"maps\">\n");
    for r in rows {
        let _ = writeln!(
            s,
            r#"<figure><img src="{slug}.svg" alt="heatmap of {name}"><figcaption>{name}{presplit}</figcaption></figure>"#,
            slug = r.slug,
            name = escape(&r.design),
            presplit = r
                .presplit
                .as_ref()
                .map_or(String::new(), |p| format!(" (created as {p})")),
        );
    }
    s.push_str("</div>\n</body>\n</html>\n");
    s
}

/// The class attribute of column `i`: `name` for left-aligned columns, `verdict` for the last
/// of the writes table.
fn class(i: usize, left: &[usize]) -> &'static str {
    match (left.contains(&i), i) {
        (true, 6) => r#" class="name verdict""#,
        (true, _) => r#" class="name""#,
        _ => "",
    }
}
