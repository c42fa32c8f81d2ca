//! # rowkey
//!
//! Declare an HBase-style row key as a Rust struct; `#[derive(RowKey)]` writes the
//! order-preserving encode, decode and explain code and checks the layout at compile time.
//! See the README for the tour of attributes and the runtime crate docs for the byte formats.
//!
//! ```
//! use rowkey::RowKey;
//!
//! #[derive(RowKey, Debug, PartialEq)]
//! struct MetricKey {
//!     metric: String,
//!     #[reverse_ts]
//!     ts: i64,
//!     host: String,
//! }
//!
//! let k = MetricKey { metric: "cpu".into(), ts: 1_700_000_000_000, host: "h1".into() };
//! let bytes = k.encode().unwrap();
//! assert_eq!(MetricKey::decode(&bytes).unwrap(), k);
//! print!("{}", MetricKey::explain(&bytes));
//! ```

#![forbid(unsafe_code)]

pub use rowkey_runtime::*;

#[cfg(feature = "derive")]
pub use rowkey_derive::RowKey;

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
