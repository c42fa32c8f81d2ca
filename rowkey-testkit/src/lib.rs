//! What several of rowkey's test suites share (not published): the golden vectors and the
//! stores' own output (`data/`), the random source of the fuzzer and of the randomized tests,
//! servers the tests start themselves on a loopback port, the Bigtable emulator with its
//! clients and the reads checked against it, a model of HBase's filter language, plans read
//! from a sorted map (the brute force), the line count of an example's program, and the keys of the Bigtable guide. A crate's unit tests keep their helpers inside the crate; this is for
//! integration tests, examples and benchmarks.
//!
//! Without its default `rowkey` feature it is the random source and the servers alone, with no
//! dependency: what the fuzzer's build script takes.

#![forbid(unsafe_code)]

#[cfg(feature = "bigtable")]
pub mod bigtable;
pub mod etcd;
#[cfg(feature = "rowkey")]
pub mod golden;
#[cfg(feature = "rowkey")]
pub mod keys;
pub mod parse_filter;
pub mod program;
#[cfg(feature = "rowkey")]
pub mod props;
#[cfg(feature = "migrate")]
pub mod resalt;
pub mod rng;
#[cfg(feature = "rowkey")]
pub mod scan;
pub mod service;

pub use rng::Rng;
