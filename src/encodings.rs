//! The encodings a key can be written in, one guide each: rowkey's own binary layout (the
//! default; its bytes are in the [attribute reference](crate::RowKey)), text keys, Java's
//! `Bytes`, Apache Phoenix, Bigtable row-key schemas, HBase's typed API and FoundationDB's tuple
//! layer. A key's layout names its [`Encoding`](crate::Encoding).
//!
//! | attribute | guide | for |
//! |---|---|---|
//! | (none) | [attribute reference](crate::RowKey) | any store sorted by unsigned bytes |
//! | `#[rowkey(delimiter = ":")]` | [`text`] | keys readable in the shell |
//! | `#[java]` on fields | [`java`] | tables written with HBase's `Bytes.toBytes` |
//! | `#[rowkey(encoding = "phoenix")]` | [`phoenix`] | Apache Phoenix tables |
//! | `#[rowkey(encoding = "bigtable")]` | [`bigtable`] | Bigtable tables with a `row_key_schema` |
//! | `#[rowkey(encoding = "hbase_ordered")]` | [`hbase_ordered`] | HBase's `types.Struct` |
//! | `#[rowkey(encoding = "fdb_tuple")]` | [`fdb_tuple`] | FoundationDB and its Record Layer |

#[doc = include_str!("../docs/encodings/text.md")]
pub mod text {}

#[doc = include_str!("../docs/encodings/java.md")]
pub mod java {}

#[doc = include_str!("../docs/encodings/phoenix.md")]
pub mod phoenix {
    pub use rowkey_runtime::TimeValue;
}

#[doc = include_str!("../docs/encodings/bigtable.md")]
pub mod bigtable {
    pub use rowkey_runtime::{
        BigtableKey, FieldType, IntEncoding, RowKeySchema, SchemaError, SchemaField,
    };
}

#[doc = include_str!("../docs/encodings/hbase_ordered.md")]
pub mod hbase_ordered {}

#[doc = include_str!("../docs/encodings/fdb_tuple.md")]
pub mod fdb_tuple {
    pub use rowkey_runtime::TupleValue;
}
