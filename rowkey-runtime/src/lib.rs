//! The runtime of the `rowkey` crate: what every key needs. Field codecs and formats, the
//! whole-key encodings (binary, text, Java's `Bytes`, Phoenix, Bigtable, HBase's typed API,
//! FoundationDB tuples), the key trait and its layout, errors, salts, subspaces, scan ranges and
//! plans, merges and streams, and HBase's `toStringBinary`. Depend on the `rowkey` facade, whose
//! docs are the manual; depend on this crate and `rowkey-derive` directly only with
//! `#[rowkey(crate = "rowkey_runtime")]`. Split points (`rowkey-splits`), the live re-key
//! (`rowkey-migrate`) and HBase's row filters (`rowkey-clients`) are crates above this one.

#![forbid(unsafe_code)]
#![warn(missing_docs)]
#![deny(rustdoc::broken_intra_doc_links, rustdoc::private_intra_doc_links)]

mod cursor;
mod encoding;
mod error;
mod explain;
pub mod hbase;
pub mod hex;
mod key;
pub mod layout;
mod merge;
pub mod opentsdb;
pub mod salt;
pub mod scan;
#[cfg(feature = "async")]
pub mod stream;
mod subspace;

#[doc(hidden)]
pub mod __private;

pub use cursor::{Reader, Writer};
pub use encoding::bigtable::{
    BigtableKey, FieldType, IntEncoding, RowKeySchema, SchemaError, SchemaField,
};
pub use encoding::fdb_tuple::TupleValue;
pub use encoding::phoenix::TimeValue;
pub use encoding::{Encoding, KeyCodec};
pub use error::{DecodeError, EncodeError, WidthUnit, MAX_ROW_LENGTH};
pub use key::RowKey;
pub use layout::{FieldLayout, Layout};
pub use merge::{Merge, RowItem};
pub use scan::plan::ScanPlan;
pub use scan::range::ScanRange;
pub use subspace::Subspace;
