//! An offline region simulator (a text-mode Key Visualizer): route writes to regions as HBase
//! would, optionally auto-split a region at its middle key when it grows past a row threshold,
//! host the regions on region servers, and report how evenly the writes spread, overall and per
//! window of consecutive writes, per region and per server.

use std::collections::BTreeSet;
use std::fmt::Write as _;

/// A simulated table: regions from split points, each owning `[start, next start)`.
///
/// ```
/// use rowkey::sim::Table;
///
/// let mut t = Table::new(&[vec![0x80]]).window(4);
/// for b in [0x01u8, 0x90, 0x02, 0x91] {
///     t.put(&[b]);
/// }
/// let r = t.report();
/// assert_eq!(r.per_region, [2, 2]);
/// assert_eq!(r.windows[0].hottest_share, 0.5);
/// assert_eq!(r.last_window, [2, 2]);
/// ```
#[derive(Debug, Clone)]
pub struct Table {
    starts: Vec<Vec<u8>>,
    writes: Vec<u64>,
    rows: Vec<BTreeSet<Vec<u8>>>,
    keep_rows: bool,
    split_rows: Option<usize>,
    window: usize,
    pending: Vec<Vec<u8>>,
    windows: Vec<Window>,
    last_window: Vec<u64>,
    total: u64,
    splits: usize,
    servers: usize,
}

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

impl Table {
    /// A table pre-split at `splits` (sorted; the first region starts at the empty key).
    pub fn new<K: AsRef<[u8]>>(splits: &[K]) -> Self {
        let mut starts = vec![Vec::new()];
        starts.extend(splits.iter().map(|s| s.as_ref().to_vec()));
        starts.sort();
        starts.dedup();
        let n = starts.len();
        Table {
            starts,
            writes: vec![0; n],
            rows: vec![BTreeSet::new(); n],
            keep_rows: false,
            split_rows: None,
            window: 10_000,
            pending: Vec::new(),
            windows: Vec::new(),
            last_window: Vec::new(),
            total: 0,
            splits: 0,
            servers: 1,
        }
    }

    /// Splits a region at its middle key when it holds more than `rows` rows, as HBase does
    /// when a region outgrows its size limit. Keeps every row in memory.
    pub fn auto_split(mut self, rows: usize) -> Self {
        self.split_rows = Some(rows.max(2));
        self.keep_rows = true;
        self
    }

    /// Keeps every row in memory without auto-splitting, for [`rows_in`](Self::rows_in) on a
    /// table whose regions are given.
    ///
    /// ```
    /// use rowkey::sim::Table;
    ///
    /// let mut t = Table::new(&[vec![0x80]]).keep_rows();
    /// t.put(&[0x90]);
    /// t.put(&[0x10]);
    /// assert_eq!(t.rows_in(&[], &[]).count(), 2);
    /// assert_eq!(t.regions(), 2);
    /// ```
    pub fn keep_rows(mut self) -> Self {
        self.keep_rows = true;
        self
    }

    /// Hosts the regions on `servers` region servers (default 1): the regions, in key order, are
    /// assigned round-robin, and assigned again after every split, as a balancer that evens out
    /// region counts moves them. A server's writes in a window are those of the regions it hosts
    /// at the end of the window.
    ///
    /// ```
    /// use rowkey::sim::Table;
    ///
    /// // Four regions on two servers: regions 0 and 2 on server 0, 1 and 3 on server 1.
    /// let mut t = Table::new(&[vec![0x40], vec![0x80], vec![0xC0]]).servers(2).window(4);
    /// for b in [0x01u8, 0x81, 0x02, 0x82] {
    ///     t.put(&[b]);
    /// }
    /// let w = t.report().windows[0];
    /// assert_eq!(w.hottest_share, 0.5); // two regions, two writes each
    /// assert_eq!(w.hottest_server_share, 1.0); // both on server 0
    /// assert_eq!(t.server_of(2), 0);
    /// ```
    pub fn servers(mut self, servers: usize) -> Self {
        self.servers = servers.max(1);
        self
    }

    /// The server hosting region `region` now.
    pub fn server_of(&self, region: usize) -> usize {
        region % self.servers
    }

    /// The rows stored in `[start, stop)` (an empty `stop`: to the end), in key order. Rows are
    /// kept only with [`auto_split`](Self::auto_split) or [`keep_rows`](Self::keep_rows).
    ///
    /// ```
    /// use rowkey::sim::Table;
    ///
    /// let mut t = Table::new::<Vec<u8>>(&[]).auto_split(2);
    /// for b in [5u8, 1, 9, 3, 7] {
    ///     t.put(&[b]);
    /// }
    /// assert!(t.regions() > 1);
    /// let rows: Vec<&[u8]> = t.rows_in(&[3], &[8]).collect();
    /// assert_eq!(rows, [&[3u8][..], &[5], &[7]]);
    /// assert_eq!(t.rows_in(&[], &[]).count(), 5);
    /// // Every region overlapping [3, 8), and only those.
    /// let regions = t.regions_in(&[3], &[8]);
    /// assert_eq!(regions.start, t.region_of(&[3]));
    /// assert_eq!(regions.end - 1, t.region_of(&[7, 0xFF]));
    /// ```
    pub fn rows_in<'a>(
        &'a self,
        start: &'a [u8],
        stop: &'a [u8],
    ) -> impl Iterator<Item = &'a [u8]> + 'a {
        let first = self.region_of(start);
        self.rows[first..]
            .iter()
            .flat_map(move |rows| {
                rows.range::<[u8], _>((
                    core::ops::Bound::Included(start),
                    core::ops::Bound::Unbounded,
                ))
            })
            .map(Vec::as_slice)
            .take_while(move |k| stop.is_empty() || *k < stop)
    }

    /// The regions `[start, stop)` (an empty `stop`: to the end) overlaps, as indexes; at least
    /// the region holding `start`, where a scan of even an empty range is sent.
    pub fn regions_in(&self, start: &[u8], stop: &[u8]) -> core::ops::Range<usize> {
        let first = self.region_of(start);
        let last = if stop.is_empty() {
            self.starts.len()
        } else {
            self.starts.partition_point(|s| s.as_slice() < stop)
        };
        first..last.max(first + 1)
    }

    /// Windows of `writes` consecutive writes (default 10,000).
    pub fn window(mut self, writes: usize) -> Self {
        self.window = writes.max(1);
        self
    }

    /// The region that owns `key`: a binary search, O(log regions).
    pub fn region_of(&self, key: &[u8]) -> usize {
        self.starts.partition_point(|s| s.as_slice() <= key) - 1
    }

    /// Number of regions now.
    pub fn regions(&self) -> usize {
        self.starts.len()
    }

    /// The start keys of the regions (the first is empty).
    pub fn region_starts(&self) -> &[Vec<u8>] {
        &self.starts
    }

    /// Writes one row.
    pub fn put(&mut self, key: &[u8]) {
        let r = self.region_of(key);
        self.writes[r] += 1;
        self.total += 1;
        if self.keep_rows {
            self.rows[r].insert(key.to_vec());
            if self
                .split_rows
                .is_some_and(|limit| self.rows[r].len() > limit)
            {
                self.split(r);
            }
        }
        self.pending.push(key.to_vec());
        if self.pending.len() == self.window {
            self.close_window();
        }
    }

    fn split(&mut self, r: usize) {
        let rows = &mut self.rows[r];
        let Some(mid) = rows.iter().nth(rows.len() / 2).cloned() else {
            return;
        };
        if mid <= self.starts[r] {
            return;
        }
        let upper = rows.split_off(&mid);
        let lower_writes =
            (self.writes[r] as f64 * rows.len() as f64 / (rows.len() + upper.len()) as f64) as u64;
        let upper_writes = self.writes[r] - lower_writes;
        self.writes[r] = lower_writes;
        self.starts.insert(r + 1, mid);
        self.writes.insert(r + 1, upper_writes);
        self.rows.insert(r + 1, upper);
        self.splits += 1;
    }

    fn close_window(&mut self) {
        if self.pending.is_empty() {
            return;
        }
        let mut counts = vec![0u64; self.starts.len()];
        for key in &self.pending {
            counts[self.region_of(key)] += 1;
        }
        let mut per_server = vec![0u64; self.servers];
        for (r, &c) in counts.iter().enumerate() {
            per_server[self.server_of(r)] += c;
        }
        let written: Vec<u64> = counts.iter().copied().filter(|&c| c > 0).collect();
        self.last_window = counts;
        let max = written.iter().copied().max().unwrap_or(0) as f64;
        let n = self.pending.len() as f64;
        self.windows.push(Window {
            hottest_share: max / n,
            regions_written: written.len(),
            max_over_mean: max / (n / written.len() as f64),
            hottest_server_share: per_server.iter().copied().max().unwrap_or(0) as f64 / n,
            servers_written: per_server.iter().filter(|&&c| c > 0).count(),
            regions: self.starts.len(),
        });
        self.pending.clear();
    }

    /// The report so far (a partly filled last window counts as a window).
    pub fn report(&mut self) -> Report {
        self.close_window();
        let per_region = self.writes.clone();
        let max = per_region.iter().copied().max().unwrap_or(0) as f64;
        let total = self.total.max(1) as f64;
        Report {
            writes: self.total,
            regions: self.starts.len(),
            splits: self.splits,
            regions_written: per_region.iter().filter(|&&w| w > 0).count(),
            hottest_share: max / total,
            max_over_mean: max / (total / per_region.len() as f64),
            per_region,
            windows: self.windows.clone(),
            last_window: self.last_window.clone(),
            servers: self.servers,
        }
    }
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
