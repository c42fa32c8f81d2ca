//! Bigtable's struct fields as data ([`BigtableFormat`]), their text names
//! (`bigtable.ordered_code(false)`) and their parts.

use std::time::SystemTime;

use super::{BigEndian, Bytes, OrderedCode};
use crate::encoding::node::Node;
use crate::encoding::part::{DynPart, Leaf};
use crate::encoding::Format;
use crate::layout::value::Typed;
use crate::layout::value::ValueType;

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

    /// The format run for values of `ty`.
    pub(crate) fn part(&self, ty: &ValueType) -> Result<DynPart, String> {
        fn leaf<F: Format<T> + 'static, T: Typed + 'static>() -> Result<DynPart, String> {
            Ok(Leaf::<F, T>::boxed())
        }
        fn int<F>(ty: &ValueType) -> Result<DynPart, String>
        where
            F: Format<i64> + Format<i32> + Format<SystemTime> + 'static,
        {
            match ty {
                ValueType::I64 => leaf::<F, i64>(),
                ValueType::I32 => leaf::<F, i32>(),
                ValueType::SystemTime => leaf::<F, SystemTime>(),
                _ => Err(String::new()),
            }
        }
        match (self, ty) {
            (BigtableFormat::Bytes { desc: true }, ValueType::String) => {
                leaf::<Bytes<true>, String>()
            }
            (BigtableFormat::Bytes { desc: false }, ValueType::String) => {
                leaf::<Bytes<false>, String>()
            }
            (BigtableFormat::Bytes { desc: true }, ValueType::Bytes) => {
                leaf::<Bytes<true>, Vec<u8>>()
            }
            (BigtableFormat::Bytes { desc: false }, ValueType::Bytes) => {
                leaf::<Bytes<false>, Vec<u8>>()
            }
            (BigtableFormat::BigEndian { desc: true }, t) => int::<BigEndian<true>>(t),
            (BigtableFormat::BigEndian { desc: false }, t) => int::<BigEndian<false>>(t),
            (BigtableFormat::OrderedCode { desc: true }, t) => int::<OrderedCode<true>>(t),
            (BigtableFormat::OrderedCode { desc: false }, t) => int::<OrderedCode<false>>(t),
            _ => Err(String::new()),
        }
    }
}
