#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]
#![deny(rustdoc::broken_intra_doc_links, rustdoc::private_intra_doc_links)]

pub use rowkey_runtime::*;

#[cfg(feature = "derive")]
pub use rowkey_derive::RowKey;
