//! [`Natural`] run from a description: each type's own [`KeyCodec`].

use super::bytes::{read_array, write_array};
use super::{KeyCodec, Natural};
use crate::encoding::part::{by_type, closures, wrong_type, DynPart, Leaf};
use crate::layout::value::Typed;
use crate::layout::value::{Value, ValueType};

/// The type's [`KeyCodec`], for values of `ty`.
pub(crate) fn part(ty: &ValueType) -> Result<DynPart, String> {
    fn leaf<T: KeyCodec + Typed + 'static>() -> Result<DynPart, String> {
        Ok(Leaf::<Natural, T>::boxed())
    }
    match ty {
        ValueType::Array(n) => {
            let n = *n;
            Ok(closures(
                Some(n),
                Some(n),
                move |_, _| n,
                move |v, w, _| match v {
                    Value::Bytes(b) if b.len() == n => {
                        write_array(b, w);
                        Ok(())
                    }
                    _ => Err(wrong_type(w.field())),
                },
                move |r, _| read_array(r, n).map(Value::Bytes),
            ))
        }
        // `Option<T>`'s own codec is `Opt<Natural>`.
        ValueType::Option(t) => Ok(crate::encoding::option::part(part(t)?)),
        ValueType::Tags { key, value } => Ok(crate::opentsdb::part(*key, *value)),
        #[cfg(feature = "uuid")]
        ValueType::Uuid => leaf::<uuid::Uuid>(),
        _ => by_type!(ty, leaf(), [
            Bool => bool, Char => char,
            U8 => u8, U16 => u16, U32 => u32, U64 => u64, U128 => u128,
            I8 => i8, I16 => i16, I32 => i32, I64 => i64, I128 => i128,
            F32 => f32, F64 => f64, String => String, Bytes => Vec<u8>,
        ]),
    }
}
