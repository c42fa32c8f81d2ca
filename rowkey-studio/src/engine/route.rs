//! The second pass: every write routed once to its region among the regions the table ends with,
//! counted exactly per region and per window. A window's statistics take the regions as they
//! stood at its end: a run of final regions whose starts had not yet appeared is one region then,
//! and the region servers host the regions of that moment round-robin in key order (a balancer
//! evening out region counts). Memory: a counter per region, whatever the writes.

use super::windows::{Report, Window};

use super::regions::Regions;

/// The second pass over the writes.
#[derive(Debug)]
pub struct Router<'a> {
    regions: &'a Regions,
    servers: usize,
    window: u64,
    per_region: Vec<u64>,
    current: Vec<u64>,
    in_window: u64,
    window_no: usize,
    writes: u64,
    windows: Vec<Window>,
    last_window: Vec<u64>,
}

impl<'a> Router<'a> {
    /// Routes into `regions`, hosted on `servers` servers, with windows of `window` writes
    /// (or whatever windows [`put_in`](Self::put_in) is given).
    pub fn new(regions: &'a Regions, servers: usize, window: u64) -> Self {
        let n = regions.starts.len();
        Router {
            regions,
            servers: servers.max(1),
            window: window.max(1),
            per_region: vec![0; n],
            current: vec![0; n],
            in_window: 0,
            window_no: 0,
            writes: 0,
            windows: Vec::new(),
            last_window: Vec::new(),
        }
    }

    /// The final region that owns `key`.
    #[inline]
    pub fn region_of(&self, key: &[u8]) -> usize {
        self.regions.starts.partition_point(|s| s.as_slice() <= key) - 1
    }

    /// One write of `key`, windows being of `window` writes; returns its final region.
    #[inline]
    pub fn put(&mut self, key: &[u8]) -> usize {
        let r = self.count(key);
        if self.in_window == self.window {
            self.close_window();
        }
        r
    }

    /// One write of `key` in window number `window` (windows of time: numbers never decrease;
    /// a window with no writes has no statistics); returns its final region.
    #[inline]
    pub fn put_in(&mut self, key: &[u8], window: usize) -> usize {
        if window != self.window_no {
            self.close_window();
            self.window_no = window;
        }
        self.count(key)
    }

    #[inline]
    fn count(&mut self, key: &[u8]) -> usize {
        let r = self.region_of(key);
        self.per_region[r] += 1;
        self.current[r] += 1;
        self.in_window += 1;
        self.writes += 1;
        r
    }

    /// The window's writes per region as the regions stood after `self.writes` writes.
    fn then(&self) -> Vec<u64> {
        let mut then = Vec::new();
        for (i, &c) in self.current.iter().enumerate() {
            if i == 0 || self.regions.born[i] <= self.writes {
                then.push(c);
            } else {
                *then.last_mut().expect("region 0 exists") += c;
            }
        }
        then
    }

    fn close_window(&mut self) {
        if self.in_window == 0 {
            return;
        }
        let then = self.then();
        let mut per_server = vec![0u64; self.servers];
        for (r, &c) in then.iter().enumerate() {
            per_server[r % self.servers] += c;
        }
        let n = self.in_window as f64;
        let written = then.iter().filter(|&&c| c > 0).count();
        let max = then.iter().copied().max().unwrap_or(0) as f64;
        self.windows.push(Window {
            hottest_share: max / n,
            regions_written: written,
            max_over_mean: max / (n / written as f64),
            hottest_server_share: per_server.iter().copied().max().unwrap_or(0) as f64 / n,
            servers_written: per_server.iter().filter(|&&c| c > 0).count(),
            regions: then.len(),
        });
        self.last_window = then;
        self.current.iter_mut().for_each(|c| *c = 0);
        self.in_window = 0;
    }

    /// The report: exact counts per final region, and each window's spread.
    pub fn finish(mut self) -> Report {
        self.close_window();
        let per_region = self.per_region;
        let max = per_region.iter().copied().max().unwrap_or(0) as f64;
        let total = self.writes.max(1) as f64;
        Report {
            writes: self.writes,
            regions: per_region.len(),
            splits: self.regions.splits,
            regions_written: per_region.iter().filter(|&&w| w > 0).count(),
            hottest_share: max / total,
            max_over_mean: max / (total / per_region.len() as f64),
            per_region,
            windows: self.windows,
            last_window: self.last_window,
            servers: self.servers,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A window attributes its writes to the regions of its end: a region born after the
    /// window is still part of its left neighbour then.
    #[test]
    fn windows_see_the_regions_of_their_time() {
        let regions = Regions {
            starts: vec![vec![], vec![0x40], vec![0x80], vec![0xC0]],
            born: vec![0, 0, 6, 0],
            splits: 1,
        };
        let mut r = Router::new(&regions, 2, 3);
        // Window 1 (writes 1-3): 0x40 and 0x80 are one region then.
        for k in [0x41u8, 0x81, 0x90] {
            r.put(&[k]);
        }
        // Window 2 (writes 4-6): the split happened at write 6, so it counts.
        for k in [0x41u8, 0x81, 0x05] {
            r.put(&[k]);
        }
        let report = r.finish();
        assert_eq!(report.per_region, [1, 2, 3, 0]);
        assert_eq!(report.windows[0].regions_written, 1);
        assert_eq!(report.windows[0].hottest_share, 1.0);
        assert_eq!(report.windows[1].regions_written, 3);
        assert_eq!(report.last_window, [1, 1, 1, 0]);
        // Regions 0 and 2 on server 0, 1 and 3 on server 1 in window 2.
        assert!((report.windows[1].hottest_server_share - 2.0 / 3.0).abs() < 1e-12);
    }

    /// Windows of time: a window number that skips ahead leaves the windows between without
    /// statistics, and each window's are its own writes'.
    #[test]
    fn windows_of_time_close_when_the_number_changes() {
        let regions = Regions {
            starts: vec![vec![], vec![0x80]],
            born: vec![0, 0],
            splits: 0,
        };
        let mut r = Router::new(&regions, 1, 1_000);
        r.put_in(&[0x01], 0);
        r.put_in(&[0x81], 0);
        r.put_in(&[0x82], 3);
        r.put_in(&[0x83], 3);
        r.put_in(&[0x02], 4);
        let report = r.finish();
        assert_eq!(report.windows.len(), 3);
        assert_eq!(report.windows[0].hottest_share, 0.5);
        assert_eq!(report.windows[1].hottest_share, 1.0);
        assert_eq!(report.windows[1].regions_written, 1);
        assert_eq!(report.last_window, [1, 0]);
        assert_eq!(report.per_region, [2, 3]);
    }
}
