//! The guides: walks through rowkey from a key's design to a live table, each a page of prose
//! and examples that run with the tests. The reference is elsewhere: every attribute, type and
//! the bytes each writes on [`RowKey`](crate::RowKey) (the derive), each encoding in
//! [`encodings`](crate::encodings).
//!
//! 1. [`designing_a_key`]: fields in the order reads need them, a salt where writes pile up,
//!    scan plans, subspaces, a test that pins the bytes.
//! 2. [`scanning_a_salted_table`]: a plan's ranges read with the client you use, merged back
//!    into the key's order; async clients; HBase's one-scanner filters; each client's range types.
//! 3. [`studying_hotspots`]: what a design does to a table's regions, on your own workload and
//!    your own reads; split points; the `rowkey` command line.
//! 4. `evolving_a_key` (feature `lock`): a key's layout locked in a test, and what the
//!    compatibility judge says of each edit.
//! 5. [`changing_a_live_key`]: moving a live table to a new key while it is written and read.
//! 6. [`performance`]: the measurements, against hand-written code and other crates.

#[doc = include_str!("../docs/guide/designing_a_key.md")]
pub mod designing_a_key {}

#[doc = include_str!("../docs/guide/scanning_a_salted_table.md")]
pub mod scanning_a_salted_table {}

#[doc = include_str!("../docs/guide/studying_hotspots.md")]
pub mod studying_hotspots {}

#[cfg(feature = "lock")]
#[doc = include_str!("../docs/guide/evolving_a_key.md")]
pub mod evolving_a_key {}

#[doc = include_str!("../docs/guide/changing_a_live_key.md")]
pub mod changing_a_live_key {}

#[doc = include_str!("../docs/guide/performance.md")]
pub mod performance {}
