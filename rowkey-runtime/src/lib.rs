//! The runtime of the `rowkey` crate: field codecs, key formats, errors and scan
//! helpers used by `#[derive(RowKey)]`. Depend on the `rowkey` facade crate; depend on this crate
//! and `rowkey-derive` directly only with `#[rowkey(crate = "rowkey_runtime")]`.
//!
//! # Byte formats (binary layout)
//!
//! | field | bytes |
//! |---|---|
//! | `u8`..`u128` | big-endian |
//! | `i8`..`i128` | big-endian with the sign bit flipped (negatives first) |
//! | `#[java]` signed | big-endian two's complement, as HBase `Bytes.toBytes` (negatives last) |
//! | `bool` | `00` / `01` |
//! | `char` | its scalar value as a big-endian u32 |
//! | `f32`, `f64` | IEEE total order: sign bit set for positives, all bits inverted for negatives |
//! | `[u8; N]` | raw |
//! | `String`, `Vec<u8>` not last | `00` escaped as `00 FF`, terminated by `00 01` |
//! | `String`, `Vec<u8>` last | raw to the end of the key |
//! | `Option<T>` | `00` for None, `01` + T for Some |
//! | `#[fixed(N)]` string/bytes | value + `00` padding (or `pad`) to N bytes, under the pad rule |
//! | `#[fixed(N)]` integer | N big-endian bytes (sign bit of the N-byte value flipped for signed) |
//! | `#[decimal(N)]`, `#[hex(N)]` | N zero-padded ASCII digits (hex lowercase) |
//! | `#[reverse_ts]` | `Bytes.toBytes(Long.MAX_VALUE - ts)` (`Integer` for 32-bit) |
//! | `#[java]` string / bytes | raw, no escape, no terminator (fixed-width fields after it) |
//! | `#[java(nul_terminated)]` string / bytes | raw, then `00` |
//! | `#[java] #[reverse_ts]` | `Bytes.toBytes(Long.MAX_VALUE - ts)` with Java's wrap-around |
//! | `#[reverse]` | the field's fixed-width bytes reversed |
//! | `#[desc]` | the field's terminated encoding with every byte inverted (`FF ^ b`) |
//!
//! These formats are stable: snapshot tests pin them.

#![forbid(unsafe_code)]
#![warn(missing_docs)]
#![deny(rustdoc::broken_intra_doc_links, rustdoc::private_intra_doc_links)]

mod budget;
mod codec;
pub mod encodings;
mod error;
mod explain;
pub mod format;
mod fuzzy;
pub mod hbase;
mod io;
mod key;
pub mod layout;
mod merge;
pub mod migrate;
pub mod opentsdb;
pub mod salt;
pub mod scan;
pub mod sim;
pub mod splits;
#[cfg(feature = "async")]
pub mod stream;
pub mod subspace;

#[doc(hidden)]
#[path = "private.rs"]
pub mod __private;

pub use codec::KeyCodec;
pub use encodings::bigtable::BigtableKey;
pub use error::{DecodeError, EncodeError, Unit, MAX_ROW_LENGTH};
pub use io::{Reader, Writer};
pub use key::RowKey;
pub use layout::{FieldLayout, Layout};
pub use merge::{Merge, RowItem};
pub use salt::Salt;
pub use scan::{ReversedScan, ScanPlan, ScanRange};
pub use splits::SplitError;
pub use subspace::Subspace;
