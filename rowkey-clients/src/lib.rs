//! rowkey's scans in the range types of real clients, one module per client, each behind a
//! feature of the same name (none is on by default):
//!
//! | feature | client | what a plan becomes |
//! |---|---|---|
//! | `tikv` | [tikv-client](https://docs.rs/tikv-client) | `BoundRange` per range (module `tikv`) |
//! | `bigtable` | bigtable_rs, or any client of Bigtable's v2 API | one `RowSet` (module `bigtable`) |
//! | `hbase-thrift` | [hbase-thrift](https://docs.rs/hbase-thrift), HBase's Thrift 1 gateway | a `TScan` per range (module `hbase_thrift`) |
//! | `hbase-thrift2` | the thrift crate, HBase's Thrift 2 gateway (`THBaseService`) | a `TScan` per range, or one with a `MultiRowRangeFilter` (module `hbase_thrift2`) |
//! | `fjall` | [fjall](https://docs.rs/fjall) 3 | a keyspace read range by range from one snapshot, merged (module `fjall`) |
//! | `rocksdb` | [rocksdb](https://docs.rs/rocksdb) 0.20 | a column family read with iterate bounds, a prefix extractor of the key (module `rocksdb`) |
//! | `etcd` | etcd's v3 gRPC API (code in the crate) | a key prefix read at one revision, paged (module `etcd`) |
//! | `redb` | [redb](https://docs.rs/redb) 4 | a table read range by range, merged (module `redb`) |
//!
//! The four sorted stores share `sorted::SortedTable` (reads of plans, batched writes) and a
//! live re-key's stores (`sorted::TableMove`, `sorted::TableCheckpoints`); the conformance
//! suite (`tests/conformance.rs`) runs one body against them and the Bigtable emulator.
//!
//! Every conversion is exact where the client can express the range: start inclusive, stop
//! exclusive, an empty stop meaning the end of the table, and a point plan's rows as row keys.
//! Where a client cannot (a reversed scan through HBase's Thrift 1 gateway has no inclusive
//! flags), the module says what it reads instead and gives the check that makes the result
//! exact. Rows of an inexact plan ([`ScanPlan::is_exact`](rowkey_runtime::ScanPlan::is_exact))
//! still need its filter: `ScanPlan::merge_stream` and `ScanPlan::fan_out` (rowkey's `async`
//! feature) apply it.
//!
//! The `rocksdb` feature links the system's RocksDB (Debian's `librocksdb-dev` 7.8, through
//! `ROCKSDB_LIB_DIR`): the crate's bundled C++ takes many minutes to build. It takes the
//! `rocksdb` crate 0.20 only: a program links one native RocksDB (`links = "rocksdb"`), and
//! 0.20's bindings are those of RocksDB 7.x, the version Debian ships.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]

#[cfg(any(all(feature = "bigtable", feature = "migrate"), feature = "etcd"))]
mod background;
#[cfg(feature = "bigtable")]
pub mod bigtable;
#[cfg(feature = "etcd")]
pub mod etcd;
#[cfg(feature = "fjall")]
pub mod fjall;
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
#[cfg(feature = "rocksdb")]
pub mod rocksdb;
#[cfg(any(
    feature = "fjall",
    feature = "rocksdb",
    feature = "redb",
    feature = "etcd"
))]
pub mod sorted;
#[cfg(feature = "tikv")]
pub mod tikv;
