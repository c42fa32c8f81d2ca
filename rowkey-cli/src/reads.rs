//! The read side of a design, measured on the simulated table it wrote: the plans its readers
//! would run (from the design's own key struct), and what they touch.

use rowkey::sim::Table;
use rowkey::ScanRange;

use crate::designs::{message, Design};

/// The share of the run, at its end, that the time-range read asks for.
pub const RECENT: f64 = 0.1;

/// What reading costs under a design.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReadCost {
    /// Gets to read one message whose timestamp and id are known.
    pub gets: usize,
    /// Ranges scanned to read the messages of the last tenth of the run's time.
    pub recent_ranges: usize,
    /// Regions those ranges touch.
    pub recent_regions: usize,
    /// Rows those ranges hold: what the scans read.
    pub recent_rows_read: u64,
    /// Rows among them that are wanted.
    pub recent_rows_wanted: u64,
    /// Rows read to find the newest message: one per non-empty range when each range holds
    /// its newest message first, else every row.
    pub newest_rows_read: u64,
}

/// The ranges a plan reads; `None` (no plan can be built) is a full-table scan.
pub fn ranges(plan: Option<rowkey::ScanPlan>) -> Vec<ScanRange> {
    match plan {
        Some(p) => p.ranges().to_vec(),
        None => vec![ScanRange::all()],
    }
}

/// The read costs of `design` on `table`, which holds its `writes` messages.
pub fn read_cost(design: &Design, table: &Table, writes: u64) -> ReadCost {
    let (ts, id) = message(writes / 2);
    let gets = (design.get)(ts, id).rows().len();

    let since = message(writes - (writes as f64 * RECENT).ceil() as u64).0;
    let recent = ranges((design.since)(since));
    let mut touched = vec![false; table.regions()];
    let (mut read, mut wanted) = (0u64, 0u64);
    for r in &recent {
        for i in table.regions_in(&r.start, &r.stop) {
            touched[i] = true;
        }
        for k in table.rows_in(&r.start, &r.stop) {
            read += 1;
            wanted += u64::from((design.ts_of)(k) >= since);
        }
    }

    let all = ranges((design.since)(0));
    let newest_rows_read = if design.newest_first {
        all.iter()
            .filter(|r| table.rows_in(&r.start, &r.stop).next().is_some())
            .count() as u64
    } else {
        all.iter()
            .map(|r| table.rows_in(&r.start, &r.stop).count() as u64)
            .sum()
    };
    ReadCost {
        gets,
        recent_ranges: recent.len(),
        recent_regions: touched.iter().filter(|&&t| t).count(),
        recent_rows_read: read,
        recent_rows_wanted: wanted,
        newest_rows_read,
    }
}
