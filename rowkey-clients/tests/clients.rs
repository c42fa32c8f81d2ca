//! rowkey-clients' integration tests, one test binary: each module is one suite (its file in
//! this folder says what it checks), compiled when the features it needs are on. One binary
//! rather than fifteen: tonic's, tokio's and the stores' generic code is compiled and linked
//! once, and libtest runs the suites' tests side by side (`--test-threads`).
//!
//! ```sh
//! cargo test -p rowkey-clients --all-features --test clients conformance::   # one suite
//! ```

// The helpers, each with the features of the suites that use it.
#[cfg(feature = "bigtable-admin")]
mod fake_bigtable;
#[cfg(all(feature = "bigtable-admin", feature = "redb"))]
mod migrate;
#[cfg(feature = "bigtable-admin")]
mod read_checks;
#[cfg(any(
    feature = "bigtable",
    feature = "hbase-thrift",
    feature = "hbase-thrift2",
    feature = "tikv"
))]
mod support;

#[cfg(feature = "bigtable")]
mod bigtable;
#[cfg(feature = "bigtable-admin")]
mod bigtable_client;
#[cfg(feature = "bigtable-admin")]
mod bigtable_emulator;
#[cfg(all(feature = "bigtable", feature = "migrate"))]
mod bigtable_move_guards;
#[cfg(feature = "bigtable")]
mod bigtable_write;
// One suite, five stores: redb, fjall, RocksDB, etcd and the Bigtable emulator.
#[cfg(all(
    feature = "redb",
    feature = "fjall",
    feature = "rocksdb",
    feature = "etcd",
    feature = "bigtable-admin"
))]
mod conformance;
#[cfg(feature = "hbase-filters")]
mod hbase_filters;
#[cfg(feature = "hbase-thrift")]
mod hbase_thrift;
#[cfg(feature = "hbase-thrift2")]
mod hbase_thrift2;
#[cfg(all(feature = "redb", feature = "migrate"))]
mod lock_five_edits;
#[cfg(all(feature = "redb", feature = "migrate"))]
mod mid_move_read;
#[cfg(all(feature = "bigtable-admin", feature = "redb"))]
mod migrate_e2e;
#[cfg(all(feature = "bigtable-admin", feature = "migrate"))]
mod migrate_processes;
#[cfg(all(feature = "fjall", feature = "rocksdb", feature = "etcd"))]
mod store_traps;
#[cfg(feature = "tikv")]
mod tikv;
