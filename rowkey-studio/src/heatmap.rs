//! The Key-Visualizer heatmap of one design as SVG: time (windows of writes) on x, the key range
//! in buckets of equal width on y (lowest key at the top), brightness = writes, the regions'
//! boundaries at the end of the run as lines, and a legend. Written by hand: a few element
//! kinds, no layout engine needed, and no dependency to build.

use std::fmt::Write as _;

use rowkey::hbase::to_string_binary;

use crate::heat::Heat;

const LEFT: f64 = 16.0;
const TOP: f64 = 44.0;
const PLOT_W: f64 = 600.0;
const PLOT_H: f64 = 320.0;
const LEGEND_W: f64 = 14.0;
const WIDTH: f64 = LEFT + PLOT_W + 90.0;
const HEIGHT: f64 = TOP + PLOT_H + 54.0;

/// Colour stops from no writes (near black) to the most writes (pale yellow), inferno-like.
const STOPS: [(f64, [u8; 3]); 5] = [
    (0.0, [0x10, 0x0C, 0x24]),
    (0.25, [0x57, 0x10, 0x6E]),
    (0.5, [0xBC, 0x37, 0x54]),
    (0.75, [0xF9, 0x8E, 0x09]),
    (1.0, [0xFC, 0xFF, 0xA4]),
];

/// The colour of a share `t` (0 to 1) of the heatmap's largest cell.
pub fn colour(t: f64) -> String {
    let t = t.clamp(0.0, 1.0);
    let i = STOPS
        .iter()
        .rposition(|(s, _)| *s <= t)
        .unwrap_or(0)
        .min(STOPS.len() - 2);
    let ((s0, c0), (s1, c1)) = (STOPS[i], STOPS[i + 1]);
    let f = (t - s0) / (s1 - s0);
    let mix = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * f).round() as u8;
    format!(
        "#{:02x}{:02x}{:02x}",
        mix(c0[0], c1[0]),
        mix(c0[1], c1[1]),
        mix(c0[2], c1[2])
    )
}

/// The SVG document for `heat`, titled `title`, with windows of `window` writes.
pub fn svg(title: &str, heat: &Heat, window: u64) -> String {
    let windows = heat.counts.len().max(1);
    let buckets = heat.axis.buckets();
    let max = heat
        .counts
        .iter()
        .flatten()
        .copied()
        .max()
        .unwrap_or(0)
        .max(1);
    let (cw, ch) = (PLOT_W / windows as f64, PLOT_H / buckets as f64);
    let mut s = String::with_capacity(120 * windows * buckets + 4096);
    let _ = write!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="11">
<title>{}</title>
<rect width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>
<text x="{LEFT}" y="16" font-size="14" font-weight="bold">{}</text>
<text x="{LEFT}" y="32" fill="#555">key range {} .. {} (top to bottom), {buckets} buckets of equal range</text>
<g class="cells" shape-rendering="crispEdges">
"##,
        escape(title),
        escape(title),
        escape(&shorten(&to_string_binary(heat.axis.ends().0))),
        escape(&shorten(&to_string_binary(heat.axis.ends().1))),
    );
    for (w, column) in heat.counts.iter().enumerate() {
        for (b, &n) in column.iter().enumerate() {
            let _ = writeln!(
                s,
                r#"<rect x="{:.2}" y="{:.2}" width="{:.2}" height="{:.2}" fill="{}" data-window="{w}" data-bucket="{b}" data-writes="{n}"/>"#,
                LEFT + w as f64 * cw,
                TOP + b as f64 * ch,
                cw,
                ch,
                colour(n as f64 / max as f64),
            );
        }
    }
    s.push_str("</g>\n<g class=\"regions\" stroke=\"#4fc3f7\" stroke-width=\"0.6\" stroke-opacity=\"0.8\">\n");
    for &p in &heat.region_starts {
        let y = TOP + p * PLOT_H;
        let _ = writeln!(
            s,
            r#"<line class="region" x1="{LEFT}" x2="{:.2}" y1="{y:.2}" y2="{y:.2}"/>"#,
            LEFT + PLOT_W
        );
    }
    s.push_str("</g>\n");
    // Legend: a gradient bar from 0 to the largest cell.
    let lx = LEFT + PLOT_W + 16.0;
    s.push_str("<defs><linearGradient id=\"scale\" x1=\"0\" y1=\"1\" x2=\"0\" y2=\"0\">");
    for (t, _) in STOPS {
        let _ = write!(s, r#"<stop offset="{t}" stop-color="{}"/>"#, colour(t));
    }
    let _ = write!(
        s,
        r##"</linearGradient></defs>
<g class="legend">
<rect x="{lx}" y="{TOP}" width="{LEGEND_W}" height="{PLOT_H}" fill="url(#scale)" stroke="#999"/>
<text x="{}" y="{}">{max}</text>
<text x="{}" y="{}">0</text>
<text x="{lx}" y="{}">writes</text>
<text x="{lx}" y="{}">per cell</text>
</g>
<text x="{LEFT}" y="{}" fill="#555">time: {windows} windows of {window} writes; blue lines: region boundaries at the end ({} regions)</text>
</svg>
"##,
        lx + LEGEND_W + 4.0,
        TOP + 10.0,
        lx + LEGEND_W + 4.0,
        TOP + PLOT_H,
        TOP + PLOT_H + 16.0,
        TOP + PLOT_H + 28.0,
        TOP + PLOT_H + 44.0,
        heat.region_starts.len() + 1,
    );
    s
}

/// A key's toStringBinary form cut to 40 characters (at a whole `\xHH`), for the header line.
fn shorten(text: &str) -> String {
    if text.len() <= 40 {
        return text.to_string();
    }
    let mut cut: usize = 36;
    // Never split an escape: back up to its backslash.
    if let Some(b) = text[cut.saturating_sub(3)..cut].rfind('\\') {
        cut = cut - 3 + b;
    }
    format!("{}…", &text[..cut])
}

/// Text escaped for XML content and attributes.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_keys_are_cut_between_escapes() {
        assert_eq!(shorten("short"), "short");
        let key = r"\x00\x00\x01\x8B\xCF\xE5h\x00\x00\x00\x00\x00\x0FB@";
        let cut = shorten(key);
        assert!(cut.ends_with('…') && cut.len() <= 40, "{cut}");
        let kept = cut.trim_end_matches('…');
        assert!(key.starts_with(kept));
        // What is kept ends at a whole escape: it parses back.
        assert!(rowkey::hbase::parse_string_binary(kept).is_ok(), "{kept}");
    }

    #[test]
    fn colours_run_from_dark_to_bright() {
        assert_eq!(colour(0.0), "#100c24");
        assert_eq!(colour(1.0), "#fcffa4");
        assert_eq!(colour(2.0), colour(1.0));
        assert_eq!(escape(r#"<a & "b">"#), "&lt;a &amp; &quot;b&quot;&gt;");
    }
}
