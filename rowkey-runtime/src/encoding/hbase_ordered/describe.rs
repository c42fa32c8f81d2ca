//! HBase's `OrderedBytes` members as data ([`HbaseOrderedFormat`]), their text names
//! (`hbase_ordered.int32`) and their parts.

use std::sync::Arc;

use super::{
    nullable_len, read_nullable, write_nullable, Blob, BlobVar, Float32, Float64, Int16, Int32,
    Int64, Int8, Text,
};
use crate::encoding::describe::{part as run, FieldFormat};
use crate::encoding::node::Node;
use crate::encoding::part::{closures, DynPart, Leaf, Part};
use crate::encoding::Format;
use crate::layout::value::Typed;
use crate::layout::value::{Value, ValueType};

/// HBase's typed API members (`#[rowkey(encoding = "hbase_ordered")]`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum HbaseOrderedFormat {
    /// `OrderedInt8`.
    Int8,
    /// `OrderedInt16`.
    Int16,
    /// `OrderedInt32`.
    Int32,
    /// `OrderedInt64`.
    Int64,
    /// `OrderedFloat32`.
    Float32,
    /// `OrderedFloat64`.
    Float64,
    /// `OrderedString`.
    Text,
    /// `OrderedBlobVar`.
    BlobVar,
    /// `OrderedBlob`; `desc` ends it with a terminator.
    Blob {
        /// The member is DESCENDING.
        desc: bool,
    },
    /// A nullable member: NULL is `0x05`.
    Nullable {
        /// Only nullable members follow: a NULL never ends the key.
        tail: bool,
        /// The member's format.
        inner: Box<FieldFormat>,
    },
    /// `OrderedNumeric`.
    Numeric,
}

const NAMES: &[(&str, HbaseOrderedFormat)] = &[
    ("hbase_ordered.int8", HbaseOrderedFormat::Int8),
    ("hbase_ordered.int16", HbaseOrderedFormat::Int16),
    ("hbase_ordered.int32", HbaseOrderedFormat::Int32),
    ("hbase_ordered.int64", HbaseOrderedFormat::Int64),
    ("hbase_ordered.float32", HbaseOrderedFormat::Float32),
    ("hbase_ordered.float64", HbaseOrderedFormat::Float64),
    ("hbase_ordered.text", HbaseOrderedFormat::Text),
    ("hbase_ordered.blob_var", HbaseOrderedFormat::BlobVar),
    ("hbase_ordered.numeric", HbaseOrderedFormat::Numeric),
];

impl HbaseOrderedFormat {
    pub(crate) fn to_node(&self) -> Node {
        match self {
            HbaseOrderedFormat::Blob { desc } => {
                Node::call("hbase_ordered.blob", vec![Node::Bool(*desc)])
            }
            HbaseOrderedFormat::Nullable { tail, inner } => Node::call(
                "hbase_ordered.nullable",
                vec![Node::Bool(*tail), inner.to_node()],
            ),
            other => Node::name(
                NAMES
                    .iter()
                    .find(|(_, f)| f == other)
                    .map_or("hbase_ordered.?", |(n, _)| n),
            ),
        }
    }

    pub(crate) fn from_node(node: &Node) -> Result<HbaseOrderedFormat, String> {
        let (name, args) = node.as_call()?;
        Ok(match (name, args) {
            ("hbase_ordered.blob", [d]) => HbaseOrderedFormat::Blob { desc: d.flag()? },
            ("hbase_ordered.nullable", [t, inner]) => HbaseOrderedFormat::Nullable {
                tail: t.flag()?,
                inner: Box::new(FieldFormat::from_node(inner)?),
            },
            (name, []) => NAMES
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, f)| f.clone())
                .ok_or_else(|| format!("unknown format {node}"))?,
            _ => return Err(format!("unknown format {node}")),
        })
    }

    /// The format run for values of `ty`.
    pub(crate) fn part(&self, ty: &ValueType) -> Result<DynPart, String> {
        fn leaf<F: Format<T> + 'static, T: Typed + 'static>() -> Result<DynPart, String> {
            Ok(Leaf::<F, T>::boxed())
        }
        match (self, ty) {
            (HbaseOrderedFormat::Int8, ValueType::I8) => leaf::<Int8, i8>(),
            (HbaseOrderedFormat::Int16, ValueType::I16) => leaf::<Int16, i16>(),
            (HbaseOrderedFormat::Int32, ValueType::I32) => leaf::<Int32, i32>(),
            (HbaseOrderedFormat::Int64, ValueType::I64) => leaf::<Int64, i64>(),
            (HbaseOrderedFormat::Float32, ValueType::F32) => leaf::<Float32, f32>(),
            (HbaseOrderedFormat::Float64, ValueType::F64) => leaf::<Float64, f64>(),
            (HbaseOrderedFormat::Text, ValueType::String) => leaf::<Text, String>(),
            (HbaseOrderedFormat::BlobVar, ValueType::Bytes) => leaf::<BlobVar, Vec<u8>>(),
            (HbaseOrderedFormat::Blob { desc: true }, ValueType::Bytes) => {
                leaf::<Blob<true>, Vec<u8>>()
            }
            (HbaseOrderedFormat::Blob { desc: false }, ValueType::Bytes) => {
                leaf::<Blob<false>, Vec<u8>>()
            }
            #[cfg(feature = "decimal")]
            (HbaseOrderedFormat::Numeric, ValueType::Decimal) => {
                leaf::<super::Numeric, rust_decimal::Decimal>()
            }
            (HbaseOrderedFormat::Nullable { tail, inner }, ValueType::Option(t)) => {
                let tail = *tail;
                let inner: Arc<dyn Part<Value> + Send + Sync> = run(inner, t)?.into();
                let (a, b, c) = (inner.clone(), inner.clone(), inner.clone());
                Ok(closures(
                    None,
                    inner.max_width(),
                    move |v, last| nullable_len(&*a, some(v), last),
                    move |v, w, last| write_nullable(&*b, some(v), w, last),
                    move |r, last| {
                        read_nullable(&*c, tail, r, last).map(|x| Value::Option(x.map(Box::new)))
                    },
                ))
            }
            _ => Err(String::new()),
        }
    }
}

fn some(v: &Value) -> Option<&Value> {
    match v {
        Value::Option(x) => x.as_deref(),
        _ => None,
    }
}
