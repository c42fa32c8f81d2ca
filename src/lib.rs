#![doc = include_str!("../docs/crate.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]
#![deny(rustdoc::broken_intra_doc_links, rustdoc::private_intra_doc_links)]
#![cfg_attr(docsrs, feature(doc_cfg))]

pub use rowkey_runtime::{
    DecodeError, EncodeError, Encoding, FieldLayout, KeyCodec, Layout, Merge, Reader, RowItem,
    RowKey, ScanPlan, ScanRange, Subspace, WidthUnit, Writer, MAX_ROW_LENGTH,
};

#[cfg(feature = "derive")]
pub use rowkey_derive::RowKey;

pub mod encodings;
pub use rowkey_runtime::{hex, opentsdb, salt, scan};

#[cfg(feature = "async")]
pub use rowkey_runtime::stream;

/// HBase interop: `Bytes.toStringBinary` both ways, the shell's quoting and its `create`
/// command, and (feature `hbase-filters`) the row filters of a key layout.
pub mod hbase {
    pub use rowkey_runtime::hbase::{
        create_table, from_string_binary, parse_string_binary, shell_string, to_string_binary,
        StringBinaryError,
    };

    #[cfg(feature = "hbase-filters")]
    pub use rowkey_clients::hbase_filters::{
        FuzzyError, FuzzyRowFilter, MultiRowRangeFilter, RowRange, ScanPlanExt, FUZZY_ROW_FILTER,
        MULTI_ROW_RANGE_FILTER,
    };
}

#[cfg(feature = "splits")]
pub use rowkey_splits as splits;

#[cfg(feature = "migrate")]
pub use rowkey_migrate as migrate;

pub mod guide;

#[doc(hidden)]
pub mod __private;

/// The README's examples, run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
