#![doc = include_str!("../docs/crate.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]
#![deny(rustdoc::broken_intra_doc_links, rustdoc::private_intra_doc_links)]
#![cfg_attr(docsrs, feature(doc_cfg))]

pub use rowkey_runtime::layout::{FieldLayout, Layout};
pub use rowkey_runtime::{
    DecodeError, EncodeError, Encoding, KeyCodec, Merge, Reader, RowItem, RowKey, ScanPlan,
    ScanRange, Subspace, WidthUnit, Writer, MAX_ROW_LENGTH,
};

#[cfg(feature = "derive")]
pub use rowkey_derive::RowKey;

pub mod encodings;
pub use rowkey_runtime::{hex, opentsdb, salt, scan};

/// A key's layout as data, and keys run from it. [`Layout`] (what `K::layout()` returns)
/// describes every part: each field's [`ValueType`](layout::ValueType) (as its codec describes it) and
/// [`FieldFormat`](layout::FieldFormat) (the format its attributes made), the salt, what the encoding drops. Its
/// [text form](Layout::to_text) is what a lock file holds, and [`DynamicKey`](layout::DynamicKey) encodes,
/// decodes and explains keys from it alone, through the same formats the derived code calls:
/// what tools that have a lock file but not the type (`rowkey decode --lock`, `rowkey compat`)
/// work with.
pub mod layout {
    pub use rowkey_runtime::layout::{
        BigtableFormat, Dropped, DynamicKey, EmptyKey, FieldFormat, FieldOrder, HbaseOrderedFormat,
        JavaFormat, LayoutError, PhoenixFormat, TextFormat, Value, ValueType,
    };
}

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

#[cfg(feature = "lock")]
pub use rowkey_lock as lock;

pub mod guide;

#[doc(hidden)]
pub mod __private;

/// The README's examples, run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
