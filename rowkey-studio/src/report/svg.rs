//! A Key-Visualizer heatmap as SVG: time (windows of writes) left to right, the key axis top to
//! bottom (lowest key at the top) labelled from the keys, brightness = the metric (writes, or
//! rows the reads read) on a colour scale stated on the map, the regions' boundaries at the end
//! as lines, and every cell's value on hover (`<title>`). Written by hand: a few element kinds,
//! no layout engine needed, and no dependency to build.

use std::fmt::Write as _;

use super::escape;
use super::labels::binary_prefix;
use crate::engine::Heat;

const LEFT: f64 = 200.0;
const TOP: f64 = 58.0;
const PLOT_W: f64 = 480.0;
const PLOT_H: f64 = 384.0;
const LEGEND_W: f64 = 14.0;
/// The SVG's width.
pub const WIDTH: f64 = LEFT + PLOT_W + 100.0;
/// The SVG's height.
pub const HEIGHT: f64 = TOP + PLOT_H + 64.0;
/// Vertical room a key-axis label needs.
const LABEL_H: f64 = 13.0;

/// Colour stops from nothing (near black) to the most (pale yellow), inferno-like.
const STOPS: [(f64, [u8; 3]); 5] = [
    (0.0, [0x10, 0x0C, 0x24]),
    (0.25, [0x57, 0x10, 0x6E]),
    (0.5, [0xBC, 0x37, 0x54]),
    (0.75, [0xF9, 0x8E, 0x09]),
    (1.0, [0xFC, 0xFF, 0xA4]),
];

/// The colour of a share `t` (0 to 1) of the scale.
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

/// What a map shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Metric {
    /// Writes per cell.
    Writes,
    /// Rows per cell that the read mix reads (by when they were written and where they sit).
    Reads,
}

impl Metric {
    /// The unit in words.
    pub fn unit(self) -> &'static str {
        match self {
            Metric::Writes => "writes",
            Metric::Reads => "rows read",
        }
    }

    /// The name in file names and the JSON export.
    pub fn slug(self) -> &'static str {
        match self {
            Metric::Writes => "writes",
            Metric::Reads => "reads",
        }
    }

    /// The metric's values in `heat`.
    pub fn values(self, heat: &Heat) -> &[Vec<u64>] {
        match self {
            Metric::Writes => &heat.counts,
            Metric::Reads => &heat.reads,
        }
    }
}

/// A colour scale: logarithmic from 0 to `max` per cell, shared by every map of a page or the
/// map's own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scale {
    /// The value of the brightest colour.
    pub max: u64,
    /// True when every map of the page uses this scale.
    pub shared: bool,
}

impl Scale {
    /// A map's own scale: up to its largest cell.
    pub fn own(values: &[Vec<u64>]) -> Self {
        Scale {
            max: values.iter().flatten().copied().max().unwrap_or(0),
            shared: false,
        }
    }

    /// One scale for all these maps: up to the largest cell of any.
    pub fn shared<'a>(maps: impl IntoIterator<Item = &'a [Vec<u64>]>) -> Self {
        Scale {
            max: maps
                .into_iter()
                .flat_map(|m| m.iter().flatten().copied())
                .max()
                .unwrap_or(0),
            shared: true,
        }
    }

    /// Where `n` falls on the scale, 0 to 1: `ln(1 + n) / ln(1 + max)`, so that a map of even
    /// spread and a hotspot's map read side by side (160 against 10,000 is 0.55, not 0.016).
    pub fn at(&self, n: u64) -> f64 {
        if self.max == 0 {
            return 0.0;
        }
        ((n as f64).ln_1p() / (self.max as f64).ln_1p()).clamp(0.0, 1.0)
    }
}

/// The SVG document of `metric` in `heat`, titled `title`, with windows of `window` writes. A
/// cell with a value is a `<rect data-bucket data-value>` in its window's `<g data-window>`;
/// cells of zero are left to the background.
pub fn svg(title: &str, heat: &Heat, metric: Metric, window: u64, scale: &Scale) -> String {
    let values = metric.values(heat);
    let windows = values.len().max(1);
    let buckets = heat.axis.buckets();
    let (cw, ch) = (PLOT_W / windows as f64, PLOT_H / buckets as f64);
    let unit = metric.unit();
    let cut = if heat.axis.is_by_rows() {
        "of equal row count"
    } else {
        "of equal key range"
    };
    let mut s = String::with_capacity(200 * windows * buckets + 8192);
    let _ = write!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="100%" height="100%" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="11" class="heatmap" data-metric="{metric}">
<title>{t}: {unit}</title>
<rect width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>
<text x="8" y="18" font-size="15" font-weight="bold">{t}: {unit}</text>
<text x="8" y="36" fill="#444">{unit} per (window, key bucket); keys {lo} … {hi}, top to bottom, in {buckets} buckets {cut}</text>
<g class="cells" shape-rendering="crispEdges">
"##,
        metric = metric.slug(),
        t = escape::xml(title),
        lo = escape::xml(&binary_prefix(heat.axis.ends().0)),
        hi = escape::xml(&binary_prefix(heat.axis.ends().1)),
    );
    // Cells with nothing in them are the background, in the colour of zero.
    let _ = writeln!(
        s,
        r#"<rect class="empty" x="{LEFT}" y="{TOP}" width="{PLOT_W}" height="{PLOT_H}" fill="{}"><title>0 {unit}</title></rect>"#,
        colour(0.0)
    );
    let labels: Vec<String> = (0..buckets)
        .map(|b| escape::xml(&heat.labels.get(b).map_or(String::new(), |l| l.join(" · "))))
        .collect();
    let unit = heat.time_unit;
    for (w, column) in values.iter().enumerate() {
        let writes = match heat.writes.get(w).copied().flatten() {
            Some((a, b)) => format!("writes {a} to {b}"),
            None => "no writes".into(),
        };
        let when = match heat.times.get(w).copied().flatten() {
            Some((a, b)) => format!(", time {} to {}", unit.label(a), unit.label(b)),
            None => String::new(),
        };
        let _ = writeln!(
            s,
            r#"<g data-window="{w}" transform="translate({:.2} 0)">"#,
            LEFT + w as f64 * cw
        );
        for (b, &n) in column.iter().enumerate().filter(|&(_, &n)| n > 0) {
            let _ = writeln!(
                s,
                r#"<rect y="{:.2}" width="{cw:.2}" height="{ch:.2}" fill="{}" data-bucket="{b}" data-value="{n}"><title>{n} {metric_unit}, window {w} ({writes}{when}): {}</title></rect>"#,
                TOP + b as f64 * ch,
                colour(scale.at(n)),
                labels[b],
                metric_unit = metric.unit(),
            );
        }
        s.push_str("</g>\n");
    }
    s.push_str("</g>\n<g class=\"regions\" stroke=\"#4fc3f7\" stroke-width=\"0.8\" stroke-opacity=\"0.9\">\n");
    for &p in &heat.region_starts {
        let y = TOP + p * PLOT_H;
        let _ = writeln!(
            s,
            r#"<line class="region" x1="{LEFT}" x2="{:.2}" y1="{y:.2}" y2="{y:.2}"/>"#,
            LEFT + PLOT_W
        );
    }
    s.push_str("</g>\n");
    key_axis(&mut s, heat, ch);
    time_axis(&mut s, heat, values.len(), window, cw);
    legend(&mut s, scale, metric.unit());
    let _ = write!(
        s,
        r##"<text x="8" y="{}" fill="#444">blue lines: the {} regions' boundaries at the end; hover a cell for its value</text>
</svg>
"##,
        HEIGHT - 8.0,
        heat.region_starts.len() + 1,
    );
    s
}

/// The key axis: one band per run of buckets whose first label is the same (a salt bucket, a
/// leading field's value) when that leaves room to name each band, else every few buckets'
/// labels.
fn key_axis(s: &mut String, heat: &Heat, ch: f64) {
    let first = |b: usize| heat.labels.get(b).and_then(|l| l.first()).cloned();
    let mut bands: Vec<(usize, usize)> = Vec::new();
    for b in 0..heat.axis.buckets() {
        match bands.last_mut() {
            Some((start, end)) if first(*start) == first(b) => *end = b + 1,
            _ => bands.push((b, b + 1)),
        }
    }
    s.push_str("<g class=\"key-axis\" fill=\"#222\">\n");
    let banded = bands.len() > 1 && bands.len() as f64 * LABEL_H <= PLOT_H * 1.5;
    if banded {
        let mut last_y = f64::NEG_INFINITY;
        for &(start, end) in &bands {
            let y0 = TOP + start as f64 * ch;
            let _ = writeln!(
                s,
                r##"<line x1="{:.1}" x2="{:.2}" y1="{y0:.2}" y2="{y0:.2}" stroke="#888" stroke-width="0.6"/>"##,
                LEFT - 6.0,
                LEFT + PLOT_W
            );
            let y = TOP + (start + end) as f64 / 2.0 * ch + 4.0;
            if y - last_y >= LABEL_H {
                let _ = writeln!(
                    s,
                    r#"<text class="band" x="{:.1}" y="{y:.2}" text-anchor="end">{}</text>"#,
                    LEFT - 8.0,
                    escape::xml(&cut(&first(start).unwrap_or_default(), 30))
                );
                last_y = y;
            }
        }
    } else {
        let every = ((LABEL_H / ch).ceil() as usize).max(1);
        for b in (0..heat.axis.buckets()).step_by(every) {
            let y = TOP + b as f64 * ch;
            let text = heat.labels.get(b).map_or(String::new(), |l| l.join(" · "));
            let _ = writeln!(
                s,
                r##"<line x1="{:.1}" x2="{LEFT}" y1="{y:.2}" y2="{y:.2}" stroke="#888"/><text class="tick" x="{:.1}" y="{:.2}" text-anchor="end">{}</text>"##,
                LEFT - 4.0,
                LEFT - 6.0,
                y + 9.0,
                escape::xml(&cut(&text, 32))
            );
        }
    }
    s.push_str("</g>\n");
}

/// The time axis: ticks at about six evenly spaced windows' starts, labelled with the time each starts
/// at (windows of time) or the writes before them (windows of writes).
fn time_axis(s: &mut String, heat: &Heat, windows: usize, window: u64, cw: f64) {
    let y = TOP + PLOT_H;
    let _ = writeln!(
        s,
        r##"<g class="time-axis" fill="#222"><line x1="{LEFT}" x2="{:.2}" y1="{y:.2}" y2="{y:.2}" stroke="#888"/>"##,
        LEFT + PLOT_W
    );
    let step = windows.div_ceil(6).max(1);
    // Ticks at window starts (none at the right end, where the legend's words are).
    for w in (0..windows).step_by(step) {
        let x = LEFT + w as f64 * cw;
        let label = match heat.window_time {
            Some((first, span)) => heat.time_unit.tick(first + w as i64 * span),
            None => count(w as u64 * window),
        };
        let _ = writeln!(
            s,
            r##"<line x1="{x:.2}" x2="{x:.2}" y1="{y:.2}" y2="{:.2}" stroke="#888"/><text class="tick" x="{x:.2}" y="{:.2}" text-anchor="middle">{}</text>"##,
            y + 5.0,
            y + 17.0,
            escape::xml(&label)
        );
    }
    let caption = match heat.window_time {
        Some((first, span)) => format!(
            "time from {} (windows of {}) →",
            heat.time_unit.label(first),
            heat.time_unit.length(span)
        ),
        None => format!("writes so far (windows of {} writes) →", count(window)),
    };
    let _ = writeln!(
        s,
        r#"<text x="{:.2}" y="{:.2}" text-anchor="middle">{}</text></g>"#,
        LEFT + PLOT_W / 2.0,
        y + 32.0,
        escape::xml(&caption)
    );
}

/// The legend: the scale's gradient with its ends and middle labelled, and how it is shared.
fn legend(s: &mut String, scale: &Scale, unit: &str) {
    let lx = LEFT + PLOT_W + 14.0;
    s.push_str("<defs><linearGradient id=\"scale\" x1=\"0\" y1=\"1\" x2=\"0\" y2=\"0\">");
    for (t, _) in STOPS {
        let _ = write!(s, r#"<stop offset="{t}" stop-color="{}"/>"#, colour(t));
    }
    // The value at the middle of a log scale: e^(ln(1 + max) / 2) - 1.
    let mid = ((scale.max as f64).ln_1p() / 2.0).exp_m1().round() as u64;
    let _ = write!(
        s,
        r##"</linearGradient></defs>
<g class="legend" fill="#222">
<rect x="{lx}" y="{TOP}" width="{LEGEND_W}" height="{PLOT_H}" fill="url(#scale)" stroke="#999"/>
<text x="{tx}" y="{}">{}</text>
<text x="{tx}" y="{}">{}</text>
<text x="{tx}" y="{}">0</text>
<text x="{lx}" y="{}">{unit}/cell,</text>
<text x="{lx}" y="{}">log scale,</text>
<text x="{lx}" y="{}" class="scale-kind">{}</text>
</g>
"##,
        TOP + 10.0,
        count(scale.max),
        TOP + PLOT_H / 2.0 + 4.0,
        count(mid),
        TOP + PLOT_H,
        TOP + PLOT_H + 16.0,
        TOP + PLOT_H + 29.0,
        TOP + PLOT_H + 42.0,
        if scale.shared {
            "all maps alike"
        } else {
            "this map's own"
        },
        tx = lx + LEGEND_W + 4.0,
    );
}

/// A count for a tick: `250k`, `1.5M`, `999`.
pub fn count(n: u64) -> String {
    match n {
        0..=9_999 => n.to_string(),
        10_000..=999_999 => format!("{}k", trim(n as f64 / 1e3)),
        _ => format!("{}M", trim(n as f64 / 1e6)),
    }
}

fn trim(x: f64) -> String {
    let s = format!("{x:.1}");
    s.strip_suffix(".0").unwrap_or(&s).to_string()
}

/// `text` cut to `n` characters (`…` marks a cut).
fn cut(text: &str, n: usize) -> String {
    if text.chars().count() <= n {
        return text.to_string();
    }
    let kept: String = text.chars().take(n - 1).collect();
    format!("{kept}…")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_run_from_dark_to_bright() {
        assert_eq!(colour(0.0), "#100c24");
        assert_eq!(colour(1.0), "#fcffa4");
        assert_eq!(colour(2.0), colour(1.0));
    }

    #[test]
    fn a_log_scale_keeps_an_even_map_visible_beside_a_hotspot() {
        let scale = Scale {
            max: 10_000,
            shared: true,
        };
        assert_eq!(scale.at(0), 0.0);
        assert_eq!(scale.at(10_000), 1.0);
        assert!((scale.at(160) - 0.551).abs() < 0.001, "{}", scale.at(160));
        assert_eq!(
            Scale {
                max: 0,
                shared: false
            }
            .at(5),
            0.0
        );
        assert_eq!(count(250_000), "250k");
        assert_eq!(count(1_500_000), "1.5M");
        assert_eq!(count(10_000), "10k");
        assert_eq!(cut("abcdef", 4), "abc…");
    }
}
