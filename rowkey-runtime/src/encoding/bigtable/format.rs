//! Bigtable's struct fields as data ([`BigtableFormat`]) and their text names
//! (`bigtable.ordered_code(false)`); their parts are in `describe.rs`.

use crate::encoding::node::Node;

/// A Bigtable `row_key_schema` field's encoding (`#[rowkey(encoding = "bigtable")]`); `desc`
/// is the field's `#[desc]`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BigtableFormat {
    /// `Bytes` or `String`.
    Bytes {
        /// The field is DESC.
        desc: bool,
    },
    /// `Int64`, `Int32` or `Timestamp` with `BigEndianBytes`.
    BigEndian {
        /// The field is DESC.
        desc: bool,
    },
    /// `Int64`, `Int32` or `Timestamp` with `OrderedCodeBytes`.
    OrderedCode {
        /// The field is DESC.
        desc: bool,
    },
}

impl BigtableFormat {
    pub(crate) fn to_node(&self) -> Node {
        let (name, desc) = match self {
            BigtableFormat::Bytes { desc } => ("bigtable.bytes", desc),
            BigtableFormat::BigEndian { desc } => ("bigtable.big_endian", desc),
            BigtableFormat::OrderedCode { desc } => ("bigtable.ordered_code", desc),
        };
        Node::call(name, vec![Node::Bool(*desc)])
    }

    pub(crate) fn from_node(node: &Node) -> Result<BigtableFormat, String> {
        let (name, args) = node.as_call()?;
        let [desc] = args else {
            return Err(format!("unknown format {node}"));
        };
        let desc = desc.flag()?;
        Ok(match name {
            "bigtable.bytes" => BigtableFormat::Bytes { desc },
            "bigtable.big_endian" => BigtableFormat::BigEndian { desc },
            "bigtable.ordered_code" => BigtableFormat::OrderedCode { desc },
            _ => return Err(format!("unknown format {node}")),
        })
    }
}
