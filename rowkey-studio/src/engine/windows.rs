//! What a simulation reports: writes per region and per window of consecutive writes, as the
//! second pass ([`route`](super::route)) counts them.

use std::fmt::Write as _;

/// What happened in one window of consecutive writes (attributed to the regions as they are at
/// the end of the window, so a region that split mid-window counts as the key range it became).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Window {
    /// Share of the window's writes that went to its busiest region (0..=1).
    pub hottest_share: f64,
    /// Regions that received at least one write.
    pub regions_written: usize,
    /// Busiest region's writes over the mean of the regions written.
    pub max_over_mean: f64,
    /// Share of the window's writes that went to its busiest region server (0..=1).
    pub hottest_server_share: f64,
    /// Region servers that received at least one write.
    pub servers_written: usize,
    /// Regions that existed at the end of the window.
    pub regions: usize,
}

/// The result of a simulation.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// Writes in total.
    pub writes: u64,
    /// Regions at the end.
    pub regions: usize,
    /// Auto-splits that happened.
    pub splits: usize,
    /// Writes per region (in key order), each counted in the region now holding its key range.
    pub per_region: Vec<u64>,
    /// Regions holding at least one write.
    pub regions_written: usize,
    /// Busiest region's share of all writes.
    pub hottest_share: f64,
    /// Busiest region's writes over the mean writes per region.
    pub max_over_mean: f64,
    /// Per window of consecutive writes.
    pub windows: Vec<Window>,
    /// Writes per region (in key order) in the last window: where writes go now.
    pub last_window: Vec<u64>,
    /// Region servers hosting the regions.
    pub servers: usize,
}

impl Report {
    /// The last `fraction` of the windows (the steady state); at least one if there are any.
    pub fn late_windows(&self, fraction: f64) -> &[Window] {
        let n = self.windows.len();
        let keep = ((fraction * n as f64).ceil() as usize).clamp(n.min(1), n);
        &self.windows[n - keep..]
    }

    /// Mean of a window statistic over the last `fraction` of the windows.
    pub fn late(&self, fraction: f64, stat: impl Fn(&Window) -> f64) -> f64 {
        let late = self.late_windows(fraction);
        late.iter().map(stat).sum::<f64>() / late.len().max(1) as f64
    }

    /// The highest value of a window statistic over the last `fraction` of the windows.
    pub fn late_max(&self, fraction: f64, stat: impl Fn(&Window) -> f64) -> f64 {
        self.late_windows(fraction)
            .iter()
            .map(stat)
            .fold(0.0, f64::max)
    }

    /// The lowest value of a window statistic over the last `fraction` of the windows.
    pub fn late_min(&self, fraction: f64, stat: impl Fn(&Window) -> f64) -> f64 {
        self.late_windows(fraction)
            .iter()
            .map(stat)
            .fold(f64::INFINITY, f64::min)
    }

    /// A text bar chart of where the last window's writes went, per region in key order
    /// (grouped to at most `rows` lines), and a strip of the hottest-region share per window.
    pub fn chart(&self, rows: usize, width: usize) -> String {
        let mut out = String::new();
        let groups = self.last_window.len().div_ceil(rows.max(1)).max(1);
        let sums: Vec<u64> = self
            .last_window
            .chunks(groups)
            .map(|c| c.iter().sum())
            .collect();
        let total = sums.iter().sum::<u64>().max(1) as f64;
        let busiest = sums.iter().copied().max().unwrap_or(1).max(1) as f64;
        let label = if groups == 1 {
            "region".to_string()
        } else {
            format!("{groups} regions")
        };
        let _ = writeln!(out, "  last window's writes per {label}, in key order:");
        for (i, &s) in sums.iter().enumerate() {
            let bar = ((s as f64 / busiest) * width as f64).round() as usize;
            let first = i * groups;
            let last = (first + groups).min(self.last_window.len()) - 1;
            let name = if first == last {
                format!("{first}")
            } else {
                format!("{first}-{last}")
            };
            let _ = writeln!(
                out,
                "  {name:>7} {:<width$} {:5.1}%",
                "█".repeat(bar),
                100.0 * s as f64 / total
            );
        }
        const LEVELS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
        let strip: String = self
            .windows
            .iter()
            .step_by(self.windows.len().div_ceil(width.max(1)).max(1))
            .map(|w| LEVELS[((w.hottest_share * 7.0).round() as usize).min(7)])
            .collect();
        let _ = writeln!(
            out,
            "  hottest-region share per window (▁ = 0%, █ = 100%): {strip}"
        );
        out
    }
}
