//! HBase's row filters for a key layout: [`MultiRowRangeFilter`] (one scan over every range of a
//! fanned-out plan, instead of one scanner per salt bucket) and [`FuzzyRowFilter`] (the bytes of
//! some fields fixed at their offsets, every other byte free: "any bucket, this id"), as
//! protobuf bytes (Thrift 2's `TScan.filterBytes`), the filter language's string where HBase
//! has one, and the shell's expression.
//!
//! With the facade's `hbase-filters` feature these are also `rowkey::hbase::*`.

mod filter;
mod fuzzy;
mod plan;
mod protobuf;

pub use filter::{
    FuzzyError, FuzzyRowFilter, MultiRowRangeFilter, RowRange, FUZZY_ROW_FILTER,
    MULTI_ROW_RANGE_FILTER,
};
pub use plan::ScanPlanExt;
