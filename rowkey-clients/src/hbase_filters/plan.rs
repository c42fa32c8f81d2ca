//! A scan plan's ranges as one [`MultiRowRangeFilter`]: above both the plan and the filters,
//! which know nothing of each other.

use rowkey_runtime::ScanPlan;

use super::{MultiRowRangeFilter, RowRange};

/// HBase filters of a [`ScanPlan`]: `use rowkey::hbase::ScanPlanExt;` (or
/// `rowkey_clients::hbase_filters::ScanPlanExt`) and call them on any plan.
pub trait ScanPlanExt {
    /// HBase's `MultiRowRangeFilter` over the plan's ranges: one scan (without start and stop
    /// rows) reads them all, the filter seeking from range to range, instead of one scanner per
    /// salt bucket. For Thrift 2's `TScan.filterBytes` or the shell's `FILTER =>`; see
    /// [`MultiRowRangeFilter`]. An empty plan gives a filter of no range: do not scan.
    ///
    /// ```
    /// use rowkey::hbase::ScanPlanExt;
    /// use rowkey::RowKey;
    ///
    /// #[derive(RowKey)]
    /// #[salt(md5, buckets = 16, of = "id")]
    /// struct Event { day: u32, id: u64 }
    ///
    /// let plan = Event::scan().day(19_000).plan().unwrap();
    /// let filter = plan.to_multi_row_range_filter();
    /// assert_eq!(filter.ranges.len(), 16);
    /// assert!(filter.matches(&Event { day: 19_000, id: 5 }.encode().unwrap()));
    /// ```
    fn to_multi_row_range_filter(&self) -> MultiRowRangeFilter;
}

impl ScanPlanExt for ScanPlan {
    fn to_multi_row_range_filter(&self) -> MultiRowRangeFilter {
        MultiRowRangeFilter::new(
            self.ranges()
                .iter()
                .map(|r| RowRange {
                    start: r.start.clone(),
                    stop: r.stop.clone(),
                })
                .collect(),
        )
    }
}
