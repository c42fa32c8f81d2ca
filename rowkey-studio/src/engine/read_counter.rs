//! Counting a read's rows during the second pass: each write is looked up among the plan's
//! ranges (a binary search when they do not overlap, as a builder's ranges never do), counted
//! per range, and checked against what the reader wants.
//!
//! A read with a limit reads the first `limit` rows of each range in key order, which the
//! second pass (in write order) only knows at its end: such a read keeps, per range, its
//! `limit` smallest keys so far with the window and key bucket each was written in, and those
//! are what its cost and its cells of the rows-read map count. Memory: at most `limit` keys per
//! range (the rows the read returns). The regions a read touches come from the final region
//! starts: every region a range overlaps, or for a limited read whose range holds more rows
//! than it reads, those up to the one holding its last row read.

use std::collections::BinaryHeap;

use rowkey::ScanRange;

use crate::query::{ByteQuery, ReadCost};

/// A row a limited read may return: ordered by key, then by write (a key written twice is two
/// cells, both read).
#[derive(PartialEq, Eq, PartialOrd, Ord)]
struct Kept {
    key: Vec<u8>,
    write: u64,
    window: usize,
    bucket: usize,
    wanted: bool,
}

/// A read being counted.
pub struct Counter {
    name: String,
    query: ByteQuery,
    /// The plan's ranges sorted by start, with their index in the plan.
    sorted: Vec<(usize, ScanRange)>,
    disjoint: bool,
    /// Rows each range holds.
    per_range: Vec<u64>,
    /// Rows wanted among those the ranges hold (unlimited reads).
    wanted: u64,
    /// Per range, its `limit` smallest rows so far (a limited read).
    firsts: Option<(usize, Vec<BinaryHeap<Kept>>)>,
}

/// Where a write went for a read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hit {
    /// None of the read's ranges holds it.
    Missed,
    /// An unlimited read reads it: count it in the read map now.
    Read,
    /// A limited read may read it: known at [`Counter::finish`].
    Pending,
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
        let firsts = query.limit.map(|l| {
            (
                usize::try_from(l).unwrap_or(usize::MAX),
                (0..n).map(|_| BinaryHeap::new()).collect(),
            )
        });
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

    /// The `write`-th write, of `key`, in `window` and key `bucket`.
    #[inline]
    pub fn put(&mut self, key: &[u8], write: u64, window: usize, bucket: usize) -> Hit {
        let hit = if self.disjoint {
            let i = self
                .sorted
                .partition_point(|(_, r)| r.start.as_slice() <= key);
            i.checked_sub(1).filter(|&i| self.sorted[i].1.contains(key))
        } else {
            self.sorted.iter().position(|(_, r)| r.contains(key))
        };
        let Some(i) = hit else { return Hit::Missed };
        self.per_range[i] += 1;
        let Some((limit, firsts)) = &mut self.firsts else {
            if wants(&self.query, key) {
                self.wanted += 1;
            }
            return Hit::Read;
        };
        let heap = &mut firsts[i];
        if heap.len() >= *limit {
            match heap.peek() {
                Some(top) if (key, write) < (top.key.as_slice(), top.write) => {
                    heap.pop();
                }
                _ => return Hit::Pending,
            }
        }
        heap.push(Kept {
            key: key.to_vec(),
            write,
            window,
            bucket,
            wanted: wants(&self.query, key),
        });
        Hit::Pending
    }

    /// The read's cost on a table whose regions start at `starts`; a limited read adds the rows
    /// it reads to `read_map` (`[window][bucket]`).
    pub fn finish(self, starts: &[Vec<u8>], read_map: &mut [Vec<u64>]) -> ReadCost {
        let mut touched = vec![false; starts.len()];
        let mut rows_read = 0u64;
        let mut wanted = self.wanted;
        for (i, (_, r)) in self.sorted.iter().enumerate() {
            let mut regions = overlapped(starts, r);
            match &self.firsts {
                None => rows_read += self.per_range[i],
                Some((limit, firsts)) => {
                    let kept = &firsts[i];
                    rows_read += kept.len() as u64;
                    for k in kept.iter() {
                        read_map[k.window][k.bucket] += 1;
                        wanted += u64::from(k.wanted);
                    }
                    // A limited scan stops at the region holding its last row read, when the
                    // range holds more rows than it reads.
                    if self.per_range[i] >= *limit as u64
                        && let Some(last) = kept.peek()
                    {
                        let holder =
                            starts.partition_point(|s| s.as_slice() <= last.key.as_slice()) - 1;
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
            rows_read,
            rows_wanted: wanted.min(self.query.limit.unwrap_or(u64::MAX)),
            limit: self.query.limit,
            plan: self.query.plan,
        }
    }
}

/// True when the reader wants a row of the plan's ranges.
fn wants(query: &ByteQuery, key: &[u8]) -> bool {
    query.plan.key_len().is_none_or(|n| key.len() == n)
        && query.filter.as_ref().is_none_or(|f| f(key))
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
