//! The HTML page of a study: the summary tables and the diagnostics above the designs' maps
//! (writes, and rows read when the design has reads), side by side, all written into one
//! folder with a JSON document per design. The maps are SVG files shown in `<object>`s, so
//! each cell's value shows on hover; a button enlarges a design's maps; one log colour scale is
//! shared by all write maps and one by all read maps, and each map says so.

use std::fmt::Write as _;
use std::path::Path;

use super::escape;
use super::svg::{count, svg, Metric, Scale, HEIGHT, WIDTH};
use crate::outcome::Outcome;
use crate::report::diagnose::diagnose_row;
use crate::report::summary::{cells, read_lines, Row, DEFINITIONS, HEADERS, READ_HEADERS};
use crate::Options;

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

/// The files of a design's maps: `<slug>.svg` (writes), `<slug>-reads.svg` (when it has reads),
/// `<slug>.json`.
pub fn files(slug: &str) -> [String; 3] {
    [
        format!("{slug}.svg"),
        format!("{slug}-reads.svg"),
        format!("{slug}.json"),
    ]
}

/// Writes `index.html` and each outcome's maps and JSON into `dir` (created if need be).
pub fn write(
    dir: &Path,
    outcomes: &[Outcome],
    options: &Options,
    text: &Text,
) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let writes = Scale::shared(outcomes.iter().map(|o| &o.run.heat.counts[..]));
    let reads = Scale::shared(
        outcomes
            .iter()
            .filter(|o| !o.run.reads.is_empty())
            .map(|o| &o.run.heat.reads[..]),
    );
    for o in outcomes {
        let [map, read_map, json] = files(&o.slug);
        let heat = &o.run.heat;
        std::fs::write(
            dir.join(map),
            svg(&o.name, heat, Metric::Writes, options.window, &writes),
        )?;
        if !o.run.reads.is_empty() {
            std::fs::write(
                dir.join(read_map),
                svg(&o.name, heat, Metric::Reads, options.window, &reads),
            )?;
        }
        std::fs::write(dir.join(json), crate::report::json::document(o))?;
    }
    std::fs::write(
        dir.join("index.html"),
        html(outcomes, options, text, &writes, &reads),
    )
}

/// The page of `outcomes`, whose maps are beside it (see [`write()`]).
pub fn html(
    outcomes: &[Outcome],
    options: &Options,
    text: &Text,
    write_scale: &Scale,
    read_scale: &Scale,
) -> String {
    let rows: Vec<Row> = outcomes.iter().map(Row::new).collect();
    let writes = outcomes.first().map_or(0, |o| o.run.report.writes);
    let cut = match options.cut {
        crate::engine::keyaxis::Cut::Rows => "of roughly equal row count",
        crate::engine::keyaxis::Cut::Range => "of equal key range",
    };
    let mut s = String::new();
    let _ = write!(
        s,
        r#"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>rowkey studio: {writes} writes</title>
<style>
body {{ font-family: sans-serif; margin: 24px; color: #222; font-size: 15px; line-height: 1.4; }}
table {{ border-collapse: collapse; margin-bottom: 20px; font-size: 14px; }}
th, td {{ padding: 4px 12px; border-bottom: 1px solid #ddd; text-align: right; }}
th.name, td.name {{ text-align: left; white-space: nowrap; }}
tr.hot td.verdict {{ color: #b00020; font-weight: bold; }}
.maps {{ display: grid; grid-template-columns: repeat(auto-fill, minmax(800px, 1fr)); gap: 20px; }}
.maps figure {{ margin: 0; border: 1px solid #ddd; padding: 8px; }}
.maps figure.big {{ grid-column: 1 / -1; }}
object.map {{ width: {w}px; max-width: 100%; aspect-ratio: {w} / {h}; display: block; }}
.maps figure.big object.map {{ width: 100%; }}
figcaption {{ font-weight: bold; margin-bottom: 6px; }}
figcaption button {{ margin-left: 12px; font-size: 13px; }}
</style>
</head>
<body>
<h1>Where the writes go: {title}</h1>
<p>{workload} into a simulated HBase table that {splitting}; {servers} region servers host the
regions, assigned round-robin in key order after every split (as a balancer evening out region
counts does). Windows of {window} writes; the late windows are the last half.</p>
<p>Each map: writes so far left to right, the keys top to bottom in {buckets} buckets {cut},
labelled with their keys' leading parts, brightness on a <b>log scale shared by all write maps</b>
(0 to {wmax} writes a cell){reads_scale}; blue lines: the regions' boundaries at the end. Hover a
cell for its value; <b>enlarge</b> shows a design's maps at full width. Each design's numbers are
also in <code>&lt;design&gt;.json</code> beside this page.</p>
<table class="writes">
<tr>"#,
        w = WIDTH,
        h = HEIGHT,
        title = escape::xml(
            text.title
                .as_deref()
                .unwrap_or(&format!("{} row-key designs", rows.len()))
        ),
        workload = escape::xml(
            text.workload
                .as_deref()
                .unwrap_or(&format!("{writes} writes"))
        ),
        splitting = options.splitting(),
        window = options.window,
        buckets = options.buckets,
        servers = options.servers,
        wmax = count(write_scale.max),
        reads_scale = if rows.iter().any(|r| !r.reads.is_empty()) {
            format!(
                ", and one shared by all read maps (0 to {} rows read a cell: the rows each window wrote that the read mix reads at the end)",
                count(read_scale.max)
            )
        } else {
            String::new()
        },
    );
    for (i, h) in HEADERS.iter().enumerate() {
        let _ = write!(s, "<th{}>{h}</th>", class(i, &[0, 7]));
    }
    s.push_str("</tr>\n");
    for r in &rows {
        let _ = write!(
            s,
            "<tr{}>",
            if r.hot_region() || r.hot_server() {
                r#" class="hot""#
            } else {
                ""
            }
        );
        for (i, c) in cells(r).iter().enumerate() {
            let _ = write!(s, "<td{}>{}</td>", class(i, &[0, 7]), escape::xml(c));
        }
        s.push_str("</tr>\n");
    }
    s.push_str("</table>\n<ul class=\"definitions\">\n");
    for d in DEFINITIONS {
        let (name, what) = d.split_once(": ").unwrap_or((d, ""));
        let _ = writeln!(
            s,
            "<li><b>{}</b>: {}.</li>",
            escape::xml(name),
            escape::xml(what)
        );
    }
    s.push_str(
        "<li>The diagnostics below quote these figures (named as in the table); a read's rows \
         read count what its scans return: with a limit, the first rows of each range up to the \
         limit, on the maps as in the reads table.</li>\n</ul>\n",
    );
    s.push_str("<h2>Diagnostics</h2>\n<ul class=\"diagnostics\">\n");
    for (o, r) in outcomes.iter().zip(&rows) {
        let found = diagnose_row(o, r);
        if found.is_empty() {
            let _ = writeln!(
                s,
                "<li><b>{}</b>: nothing to report.</li>",
                escape::xml(&o.name)
            );
        }
        for f in found {
            let _ = writeln!(
                s,
                r#"<li data-kind="{:?}"><b>{}</b>: {}.</li>"#,
                f.kind,
                escape::xml(&o.name),
                escape::xml(&f.text)
            );
        }
    }
    s.push_str("</ul>\n<h2>Maps</h2>\n<div class=\"maps\">\n");
    for (o, r) in outcomes.iter().zip(&rows) {
        let [map, read_map, json] = files(&o.slug);
        let _ = write!(
            s,
            r#"<figure id="design-{slug}"><figcaption>{name}{presplit}<button class="enlarge" type="button">enlarge</button> <a href="{json}">JSON</a></figcaption>
<object class="map" type="image/svg+xml" data="{map}" aria-label="writes of {name}"></object>
"#,
            slug = o.slug,
            name = escape::xml(&o.name),
            presplit = r
                .presplit
                .as_ref()
                .map_or(String::new(), |p| format!(" (created as {p})")),
        );
        if !o.run.reads.is_empty() {
            let _ = writeln!(
                s,
                r#"<object class="map" type="image/svg+xml" data="{read_map}" aria-label="rows read of {}"></object>"#,
                escape::xml(&o.name)
            );
        }
        s.push_str("</figure>\n");
    }
    s.push_str("</div>\n");
    let reads = read_lines(&rows);
    if !reads.is_empty() {
        s.push_str("<h2>Reads</h2>\n");
        let _ = writeln!(
            s,
            "<p>{}</p>",
            escape::xml(text.reads.as_deref().unwrap_or(
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
                let _ = write!(s, "<td{}>{}</td>", class(i, &[0, 1]), escape::xml(c));
            }
            s.push_str("</tr>\n");
        }
        s.push_str("</table>\n");
    } else if let Some(t) = &text.reads {
        let _ = writeln!(s, "<p>{}</p>", escape::xml(t));
    }
    s.push_str(
        r#"<script>
for (const b of document.querySelectorAll("button.enlarge")) {
  b.addEventListener("click", () => {
    const f = b.closest("figure");
    f.classList.toggle("big");
    b.textContent = f.classList.contains("big") ? "shrink" : "enlarge";
  });
}
// A self-check a headless browser reads back: how many maps loaded with their cells drawn.
window.addEventListener("load", () => {
  const maps = [...document.querySelectorAll("object.map")];
  const drawn = maps.filter((o) => {
    const d = o.contentDocument;
    return d && d.querySelector("svg .cells rect") && d.querySelector("svg .legend");
  });
  document.body.dataset.maps = drawn.length + "/" + maps.length;
});
</script>
</body>
</html>
"#,
    );
    s
}

/// The class attribute of column `i`: `name` for left-aligned columns, `verdict` for the last
/// of the writes table (column 7).
fn class(i: usize, left: &[usize]) -> &'static str {
    match (left.contains(&i), i) {
        (true, 7) => r#" class="name verdict""#,
        (true, _) => r#" class="name""#,
        _ => "",
    }
}
