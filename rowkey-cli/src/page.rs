//! The HTML page of a hotspot run: the summary table above the designs' heatmaps, side by side.

use std::fmt::Write as _;

use crate::heatmap::escape;
use crate::simulate::Params;
use crate::summary::{cells, Row, HEADERS};

/// The page for `rows`, whose heatmaps are `<slug>.svg` beside it.
pub fn html(rows: &[Row], params: &Params) -> String {
    let log = rows.iter().all(|r| r.reads.is_none());
    let mut s = String::new();
    let _ = write!(
        s,
        r#"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>rowkey hotspot: {writes} writes</title>
<style>
body {{ font-family: sans-serif; margin: 24px; color: #222; }}
table {{ border-collapse: collapse; margin-bottom: 24px; }}
th, td {{ padding: 4px 12px; border-bottom: 1px solid #ddd; text-align: right; }}
th:first-child, td:first-child, td:last-child {{ text-align: left; white-space: nowrap; }}
table {{ font-size: 14px; }}
tr.hot td:last-child {{ color: #b00020; font-weight: bold; }}
.maps {{ display: grid; grid-template-columns: repeat(auto-fill, minmax(430px, 1fr)); gap: 16px; }}
.maps img {{ width: 100%; border: 1px solid #ddd; }}
</style>
</head>
<body>
<h1>Where the writes go: {title}</h1>
<p>{workload} into a simulated HBase table that {splitting}. Windows of {window} writes; the late
windows are the last half. Each heatmap: time left to right, the key range top to bottom in
{buckets} buckets of equal range, brightness = writes, blue lines = region boundaries at the end.
Regions live on {servers} region servers. {reads}</p>
<table>
<tr>"#,
        writes = params.writes,
        title = if log {
            "a key log".to_string()
        } else {
            format!("{} row-key designs", rows.len())
        },
        workload = if log {
            format!(
                "{} writes of a table's key log, replayed in write order,",
                params.writes
            )
        } else {
            format!("{} messages written in time order", params.writes)
        },
        reads = if log {
            "Read costs need the key's type, which a key log does not give (columns marked -)."
                .to_string()
        } else {
            format!(
                "Reads, planned from each design's own key: Gets to read one message by its key; \
                 ranges, regions and rows read (over rows wanted) to read the messages of the last \
                 {:.0}% of the time; rows read to find the newest message.",
                100.0 * crate::reads::RECENT
            )
        },
        splitting = params.splitting(),
        window = params.window,
        buckets = params.buckets,
        servers = params.servers,
    );
    for h in HEADERS.iter().chain(&["verdict"]) {
        let _ = write!(s, "<th>{h}</th>");
    }
    s.push_str("</tr>\n");
    for r in rows {
        let _ = write!(
            s,
            "<tr{}>",
            if r.hotspot() { r#" class="hot""# } else { "" }
        );
        for c in cells(r) {
            let _ = write!(s, "<td>{}</td>", escape(&c));
        }
        s.push_str("</tr>\n");
    }
    s.push_str("</table>\n<div class=\"maps\">\n");
    for r in rows {
        let _ = writeln!(
            s,
            r#"<figure><img src="{slug}.svg" alt="heatmap of {name}"><figcaption>{name}</figcaption></figure>"#,
            slug = r.slug,
            name = escape(&r.design)
        );
    }
    s.push_str("</div>\n</body>\n</html>\n");
    s
}
