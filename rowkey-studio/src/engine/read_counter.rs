//! Counting a read's rows during the second pass: each write is looked up among the plan's
//! ranges (a binary search when they do not overlap, as a builder's ranges never do), counted
//! per range, and checked against what the reader wants. The regions a read touches come from
//! the final region starts: every region a range overlaps, or for a read with a limit, those up
//! to the one holding the range's last row read (the range's first rows are kept for that, at
//! most the limit of them, up to [`TRACKED_LIMIT`]).

use std::collections::BinaryHeap;

use rowkey::ScanRange;

use crate::query::{ByteQuery, ReadCost};

/// The largest limit whose first rows are kept per range to know where a limited scan stops;
/// a read with a larger limit is taken to touch every region its ranges overlap.
pub const TRACKED_LIMIT: u64 = 4096;

/// A read being counted.
pub struct Counter {
    name: String,
    query: ByteQuery,
    /// The plan's ranges sorted by start, with their index in the plan.
    sorted: Vec<(usize, ScanRange)>,
    disjoint: bool,
    per_range: Vec<u64>,
    wanted: u64,
    /// Per range, its smallest keys written (at most the limit), for a tracked limit.
    firsts: Option<(usize, Vec<BinaryHeap<Vec<u8>>>)>,
}

impl Counter {
    /// Counts `query`, called `name`.
    pub fn new(name: String, query: ByteQuery) -> Self {
        let mut sorted: Vec<(usize, ScanRange)> =
            query.plan.ranges().iter().cloned().enumerate().collect();
        sorted.sort_by(|a, b| a.1.start.cmp(&b.1.start));
        let disjoint = sorted
            .windows(2)
            .all(|w| !w[0].1.stop.is_empty() && w[0].1.stop <= w[1].1.start);
        let n = sorted.len();
        let firsts = query
            .limit
            .filter(|&l| l <= TRACKED_LIMIT)
            .map(|l| (l as usize, vec![BinaryHeap::new(); n]));
        Counter {
            name,
            query,
            sorted,
            disjoint,
            per_range: vec![0; n],
            wanted: 0,
            firsts,
        }
    }

    /// One write of `key`; true when the read's ranges hold it.
    #[inline]
    pub fn put(&mut self, key: &[u8]) -> bool {
        let hit = if self.disjoint {
            let i = self
                .sorted
                .partition_point(|(_, r)| r.start.as_slice() <= key);
            i.checked_sub(1).filter(|&i| self.sorted[i].1.contains(key))
        } else {
            self.sorted.iter().position(|(_, r)| r.contains(key))
        };
        let Some(i) = hit else { return false };
        self.per_range[i] += 1;
        if let Some((limit, firsts)) = &mut self.firsts {
            let heap = &mut firsts[i];
            if heap.len() < *limit {
                heap.push(key.to_vec());
            } else if heap.peek().is_some_and(|top| key < top.as_slice()) {
                heap.pop();
                heap.push(key.to_vec());
            }
        }
        let plan = &self.query.plan;
        if plan.key_len().is_none_or(|n| key.len() == n)
            && self.query.filter.as_ref().is_none_or(|f| f(key))
        {
            self.wanted += 1;
        }
        true
    }

    /// The read's cost on a table whose regions start at `starts`.
    pub fn finish(self, starts: &[Vec<u8>]) -> ReadCost {
        let limit = self.query.limit.unwrap_or(u64::MAX);
        let mut touched = vec![false; starts.len()];
        for (i, (_, r)) in self.sorted.iter().enumerate() {
            let mut regions = overlapped(starts, r);
            if let Some((limit, firsts)) = &self.firsts {
                // A limited scan stops at the region holding its last row read, if the range
                // has that many rows.
                if self.per_range[i] >= *limit as u64 {
                    if let Some(last) = firsts[i].peek() {
                        let holder =
                            starts.partition_point(|s| s.as_slice() <= last.as_slice()) - 1;
                        regions.end = regions.end.min(holder + 1);
                    }
                }
            }
            for t in &mut touched[regions] {
                *t = true;
            }
        }
        ReadCost {
            name: self.name,
            point: self.query.plan.is_point(),
            ranges: self.sorted.len(),
            regions: touched.iter().filter(|&&t| t).count(),
            rows_read: self.per_range.iter().map(|&n| n.min(limit)).sum(),
            rows_wanted: self.wanted.min(limit),
        }
    }
}

/// The regions (indexes into `starts`) that range `r` overlaps; at least the region holding its
/// start, where a scan of even an empty range is sent.
pub fn overlapped(starts: &[Vec<u8>], r: &ScanRange) -> core::ops::Range<usize> {
    let first = starts.partition_point(|s| s.as_slice() <= r.start.as_slice()) - 1;
    let last = if r.stop.is_empty() {
        starts.len()
    } else {
        starts.partition_point(|s| s.as_slice() < r.stop.as_slice())
    };
    first..last.max(first + 1)
}
