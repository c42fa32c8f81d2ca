//! A live cluster's heat: load per key range from a store's own documented output (HBase region
//! servers' `/jmx` with `list_regions`, Bigtable's hot tablets, TiKV's PD regions and hot
//! peers). The report reads it back into your key's fields (`report::live`): each range
//! labelled by decoding its boundaries with your `RowKey` type (salt buckets, then the leading
//! fields), the hottest listed in words.
//!
//! ```
//! use rowkey::RowKey;
//! use rowkey_studio::input::live::{LiveHeat, LiveRange};
//!
//! #[derive(RowKey)]
//! #[salt(md5, buckets = 4, of = "host")]
//! struct Point { metric: u16, ts: u32, host: u32 }
//!
//! // Three regions: two split at keys of the table, the last taking most writes.
//! let a = Point { metric: 3, ts: 100, host: 1 }.encode().unwrap();
//! let b = Point { metric: 3, ts: 200, host: 1 }.encode().unwrap();
//! let heat = LiveHeat::new("example", "write requests", vec![
//!     LiveRange { start: vec![], end: a.clone(), load: 10.0 },
//!     LiveRange { start: a.clone(), end: b.clone(), load: 30.0 },
//!     LiveRange { start: b, end: vec![], load: 60.0 },
//! ]).unwrap();
//! let hot = heat.decode::<Point>();
//! assert_eq!(hot[0].share, 0.6);
//! assert_eq!(hot[1].share, 0.3);
//! assert!(hot[1].label.contains("metric=3") && hot[1].label.contains("ts=100 … 200"), "{}", hot[1].label);
//! ```

pub mod bigtable;
pub mod hbase;
pub mod tikv;

/// The load of one key range `[start, end)` (an empty `end`: the table's end).
#[derive(Debug, Clone, PartialEq)]
pub struct LiveRange {
    /// The first key of the range (empty: the table's start).
    pub start: Vec<u8>,
    /// The key after the range (empty: the table's end).
    pub end: Vec<u8>,
    /// Its load in the source's unit (requests, CPU %, keys per second).
    pub load: f64,
}

/// A live table's load per key range, from one source.
#[derive(Debug, Clone, PartialEq)]
pub struct LiveHeat {
    /// Where it came from (file names).
    pub source: String,
    /// What the load counts (`write requests`, `CPU %`, `written keys`).
    pub metric: String,
    /// The ranges, sorted by start, not overlapping.
    pub ranges: Vec<LiveRange>,
}

impl LiveHeat {
    /// A heat of `ranges` (sorted here by start); overlapping ranges or a negative or
    /// non-finite load are refused.
    pub fn new(source: &str, metric: &str, mut ranges: Vec<LiveRange>) -> Result<Self, String> {
        ranges.sort_by(|a, b| a.start.cmp(&b.start));
        for r in &ranges {
            if !(r.load.is_finite() && r.load >= 0.0) {
                return Err(format!(
                    "the range starting at {} has a load of {}",
                    rowkey::hbase::to_string_binary(&r.start),
                    r.load
                ));
            }
            if !r.end.is_empty() && r.end <= r.start {
                return Err(format!(
                    "the range starting at {} ends at {}, not after it",
                    rowkey::hbase::to_string_binary(&r.start),
                    rowkey::hbase::to_string_binary(&r.end)
                ));
            }
        }
        for w in ranges.windows(2) {
            if w[0].end.is_empty() || w[0].end > w[1].start {
                return Err(format!(
                    "the ranges starting at {} and {} overlap",
                    rowkey::hbase::to_string_binary(&w[0].start),
                    rowkey::hbase::to_string_binary(&w[1].start)
                ));
            }
        }
        Ok(LiveHeat {
            source: source.to_string(),
            metric: metric.to_string(),
            ranges,
        })
    }

    /// The heat of a table whose regions start at `starts` (sorted, the first empty) and took
    /// `loads` each: a simulation's regions ([`Run`](crate::Run)), or any region listing.
    pub fn from_regions(
        source: &str,
        metric: &str,
        starts: &[Vec<u8>],
        loads: &[u64],
    ) -> Result<Self, String> {
        let ranges = starts
            .iter()
            .zip(loads)
            .enumerate()
            .map(|(i, (s, &l))| LiveRange {
                start: s.clone(),
                end: starts.get(i + 1).cloned().unwrap_or_default(),
                load: l as f64,
            })
            .collect();
        LiveHeat::new(source, metric, ranges)
    }

    /// The load of every range.
    pub fn total(&self) -> f64 {
        self.ranges.iter().map(|r| r.load).sum()
    }
}
