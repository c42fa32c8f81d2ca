//! rowkey's scans in the range types of real clients, one module per client, each behind a
//! feature of the same name (none is on by default):
//!
//! | feature | client | what a plan becomes |
//! |---|---|---|
//! | `tikv` | [tikv-client](https://docs.rs/tikv-client) | `BoundRange` per range (module `tikv`) |
//! | `bigtable` | bigtable_rs, or any client of Bigtable's v2 API | one `RowSet` (module `bigtable`) |
//! | `hbase-thrift` | [hbase-thrift](https://docs.rs/hbase-thrift), HBase's Thrift 1 gateway | a `TScan` per range (module `hbase_thrift`) |
//! | `hbase-thrift2` | the thrift crate, HBase's Thrift 2 gateway (`THBaseService`) | a `TScan` per range, or one with a `MultiRowRangeFilter` (module `hbase_thrift2`) |
//!
//! Every conversion is exact where the client can express the range: start inclusive, stop
//! exclusive, an empty stop meaning the end of the table, and a point plan's rows as row keys.
//! Where a client cannot (a reversed scan through HBase's Thrift 1 gateway has no inclusive
//! flags), the module says what it reads instead and gives the check that makes the result
//! exact. Rows of an inexact plan ([`ScanPlan::is_exact`](rowkey_runtime::ScanPlan::is_exact))
//! still need its filter: `ScanPlan::merge_stream` and `ScanPlan::fan_out` (rowkey's `async`
//! feature) apply it.
//!
//! RocksDB (`ReadOptions::set_iterate_lower_bound` / `set_iterate_upper_bound`) has no module:
//! the `rocksdb` crate compiles RocksDB's C++ sources (8 min 44 s for a debug build of 0.24 on
//! a 2-core machine, with libclang installed for its bindgen), which does not fit this
//! project's CI.
//! [`ScanRange::into_bounds`](rowkey_runtime::ScanRange::into_bounds) gives the two owned
//! bounds those calls take (start inclusive, stop exclusive, `Unbounded` for no stop).
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]

#[cfg(feature = "bigtable")]
pub mod bigtable;
#[cfg(feature = "hbase-filters")]
pub mod hbase_filters;
#[cfg(feature = "hbase-thrift")]
pub mod hbase_thrift;
#[cfg(feature = "hbase-thrift2")]
pub mod hbase_thrift2;
#[cfg(feature = "redb")]
pub mod redb;
#[cfg(any(feature = "hbase-thrift", feature = "hbase-thrift2"))]
mod reversed;
#[cfg(feature = "tikv")]
pub mod tikv;
