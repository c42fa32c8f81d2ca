//! The encodings a key can be written in ([`Encoding`], as a key's layout names it), and what
//! users of each name: Bigtable's row-key schema, the traits of custom FoundationDB tuple
//! elements and Phoenix times. The formats themselves are generated code's business.

use core::fmt;

/// Bigtable row-key schemas (`#[rowkey(encoding = "bigtable")]`): the table's side of a key.
pub mod bigtable {
    pub use crate::format::bigtable::{
        BigtableKey, FieldType, IntEncoding, RowKeySchema, SchemaError, SchemaField,
    };
}

/// FoundationDB's tuple layer (`#[rowkey(encoding = "fdb_tuple")]`): a type of your own as a
/// tuple element.
pub mod fdb_tuple {
    pub use crate::format::fdb_tuple::TupleValue;
}

/// Apache Phoenix primary keys (`#[rowkey(encoding = "phoenix")]`): the time types of DATE,
/// TIME and TIMESTAMP columns.
pub mod phoenix {
    pub use crate::format::phoenix::TimeValue;
}

/// How the key's parts are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Encoding {
    /// rowkey's binary layout (the default).
    Binary,
    /// A text key: every part as text, joined by the delimiter.
    Text {
        /// The delimiter byte.
        delimiter: u8,
    },
    /// Apache Phoenix's primary-key encoding (`#[rowkey(encoding = "phoenix")]`).
    Phoenix {
        /// Whether the table is row-key-order optimizable (as `newKey` computes it: the
        /// declared flag, or no column that requires an upgrade).
        row_key_order_optimizable: bool,
    },
    /// A Bigtable row-key schema: `Type.Struct` with `OrderedCodeBytes`
    /// (`#[rowkey(encoding = "bigtable")]`).
    Bigtable,
    /// FoundationDB's tuple layer (`#[rowkey(encoding = "fdb_tuple")]`): each field an element
    /// of a packed tuple.
    FdbTuple,
    /// HBase's typed API: a `Struct` of `Ordered*` members
    /// (`#[rowkey(encoding = "hbase_ordered")]`).
    HbaseOrdered,
}

/// The encoding as the layout's one-line description shows it: `text ':'`, `phoenix`,
/// `phoenix, not optimizable`, `bigtable`, `hbase_ordered`, `binary`.
///
/// ```
/// use rowkey::Encoding;
/// assert_eq!(Encoding::Text { delimiter: b':' }.to_string(), "text ':'");
/// assert_eq!(Encoding::Phoenix { row_key_order_optimizable: false }.to_string(), "phoenix, not optimizable");
/// ```
impl fmt::Display for Encoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Encoding::Binary => f.write_str("binary"),
            Encoding::Text { delimiter } => write!(f, "text {:?}", char::from(*delimiter)),
            Encoding::Phoenix {
                row_key_order_optimizable: true,
            } => f.write_str("phoenix"),
            Encoding::Phoenix {
                row_key_order_optimizable: false,
            } => f.write_str("phoenix, not optimizable"),
            Encoding::Bigtable => f.write_str("bigtable"),
            Encoding::HbaseOrdered => f.write_str("hbase_ordered"),
            Encoding::FdbTuple => f.write_str("fdb_tuple"),
        }
    }
}
