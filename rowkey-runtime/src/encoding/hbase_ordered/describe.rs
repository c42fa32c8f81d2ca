//! HBase's `OrderedBytes` members run from their description ([`HbaseOrderedFormat`], in
//! `encoding/field_format.rs` beside the `FieldFormat` a nullable member holds): their parts.

use std::sync::Arc;

use super::{
    nullable_len, read_nullable, write_nullable, Blob, BlobVar, Float32, Float64, Int16, Int32,
    Int64, Int8, Text,
};
use crate::encoding::field_format::HbaseOrderedFormat;
use crate::encoding::part::{closures, DynPart, Leaf, Part, Run};
use crate::encoding::Format;
use crate::layout::value::Typed;
use crate::layout::value::{Value, ValueType};

impl HbaseOrderedFormat {
    /// The format run for values of `ty`.
    pub(crate) fn part(&self, ty: &ValueType, run: Run) -> Result<DynPart, String> {
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
