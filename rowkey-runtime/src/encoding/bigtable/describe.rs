//! Bigtable's struct fields run from their description ([`BigtableFormat`], in `format.rs`):
//! their parts.

use std::time::SystemTime;

use super::format::BigtableFormat;
use super::{BigEndian, Bytes, OrderedCode};
use crate::encoding::part::{DynPart, Leaf};
use crate::encoding::Format;
use crate::layout::value::Typed;
use crate::layout::value::ValueType;

impl BigtableFormat {
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
