//! The tuple layer's element run from a description: leaves through their [`TupleField`]
//! impls, nulls, nested tuples and nested keys through the same bodies as the types'.

use std::sync::Arc;

use super::{
    at_least, framed, nested_from, null_len, pack_framed, pack_nested, pack_null, unpack_array,
    unpack_framed, unpack_nested, unpack_null, Element, TupleField,
};
use crate::cursor::{Reader, Writer};
use crate::encoding::part::{closures, wrong_type, DynPart};
use crate::encoding::Format;
use crate::error::{DecodeError, EncodeError};
use crate::layout::value::Typed;
use crate::layout::value::{Value, ValueType};
use crate::layout::DynamicKey;

/// One element, over [`Value`]s; `nested`: inside a nested tuple.
trait DynElement: Send + Sync {
    /// `TupleField::WIDTH` and `NESTED_WIDTH`.
    fn width(&self, nested: bool) -> Option<usize>;
    /// `TupleField::MAX_WIDTH` and `MAX_NESTED`.
    fn max_width(&self, nested: bool) -> Option<usize>;
    fn packed_len(&self, v: &Value, nested: bool) -> usize;
    fn pack(&self, v: &Value, w: &mut Writer<'_>, nested: bool) -> Result<(), EncodeError>;
    fn unpack(&self, r: &mut Reader<'_>, nested: bool) -> Result<Value, DecodeError>;
}

/// A type's own [`TupleField`] impl.
struct Leaf<T>(core::marker::PhantomData<fn() -> T>);

impl<T: TupleField + Typed> DynElement for Leaf<T> {
    fn width(&self, nested: bool) -> Option<usize> {
        if nested {
            T::NESTED_WIDTH
        } else {
            T::WIDTH
        }
    }
    fn max_width(&self, nested: bool) -> Option<usize> {
        if nested {
            T::MAX_NESTED
        } else {
            T::MAX_WIDTH
        }
    }
    fn packed_len(&self, v: &Value, nested: bool) -> usize {
        T::from_value(v).map_or(0, |t| t.packed_len(nested))
    }
    fn pack(&self, v: &Value, w: &mut Writer<'_>, nested: bool) -> Result<(), EncodeError> {
        match T::from_value(v) {
            Some(t) => t.pack(w, nested),
            None => Err(wrong_type(w.field())),
        }
    }
    fn unpack(&self, r: &mut Reader<'_>, nested: bool) -> Result<Value, DecodeError> {
        T::unpack(r, nested).map(|t| t.to_value())
    }
}

fn leaf<T: TupleField + Typed + 'static>() -> Result<Arc<dyn DynElement>, String> {
    Ok(Arc::new(Leaf::<T>(core::marker::PhantomData)))
}

/// `[u8; n]`.
struct Array(usize);

impl DynElement for Array {
    fn width(&self, _nested: bool) -> Option<usize> {
        (self.0 == 0).then_some(2)
    }
    fn max_width(&self, _nested: bool) -> Option<usize> {
        Some(2 + 2 * self.0)
    }
    fn packed_len(&self, v: &Value, nested: bool) -> usize {
        Leaf::<Vec<u8>>(core::marker::PhantomData).packed_len(v, nested)
    }
    fn pack(&self, v: &Value, w: &mut Writer<'_>, nested: bool) -> Result<(), EncodeError> {
        Leaf::<Vec<u8>>(core::marker::PhantomData).pack(v, w, nested)
    }
    fn unpack(&self, r: &mut Reader<'_>, _nested: bool) -> Result<Value, DecodeError> {
        unpack_array(r, self.0).map(Value::Bytes)
    }
}

/// An `Option` of a value: a null, or the value.
struct Null(Arc<dyn DynElement>);

impl DynElement for Null {
    fn width(&self, nested: bool) -> Option<usize> {
        let w = self.0.width(false);
        match (nested, w) {
            (false, Some(1)) => Some(1),
            (true, Some(2)) => Some(2),
            _ => None,
        }
    }
    fn max_width(&self, nested: bool) -> Option<usize> {
        at_least(self.0.max_width(false), 1 + usize::from(nested))
    }
    fn packed_len(&self, v: &Value, nested: bool) -> usize {
        match v {
            Value::Option(Some(x)) => self.0.packed_len(x, false),
            _ => null_len(nested),
        }
    }
    fn pack(&self, v: &Value, w: &mut Writer<'_>, nested: bool) -> Result<(), EncodeError> {
        match v {
            Value::Option(Some(x)) => self.0.pack(x, w, false),
            Value::Option(None) => {
                pack_null(w, nested);
                Ok(())
            }
            _ => Err(wrong_type(w.field())),
        }
    }
    fn unpack(&self, r: &mut Reader<'_>, nested: bool) -> Result<Value, DecodeError> {
        if unpack_null(r, nested)? {
            return Ok(Value::Option(None));
        }
        self.0.unpack(r, false).map(Value::some)
    }
}

/// A Rust tuple of elements: a nested tuple.
struct Tuple(Vec<Arc<dyn DynElement>>);

impl DynElement for Tuple {
    fn width(&self, _nested: bool) -> Option<usize> {
        let widths: Vec<Option<usize>> = self.0.iter().map(|e| e.width(true)).collect();
        framed(&widths)
    }
    fn max_width(&self, _nested: bool) -> Option<usize> {
        let widths: Vec<Option<usize>> = self.0.iter().map(|e| e.max_width(true)).collect();
        framed(&widths)
    }
    fn packed_len(&self, v: &Value, _nested: bool) -> usize {
        match v {
            Value::Tuple(vs) => {
                2 + self
                    .0
                    .iter()
                    .zip(vs)
                    .map(|(e, v)| e.packed_len(v, true))
                    .sum::<usize>()
            }
            _ => 0,
        }
    }
    fn pack(&self, v: &Value, w: &mut Writer<'_>, _nested: bool) -> Result<(), EncodeError> {
        let Value::Tuple(vs) = v else {
            return Err(wrong_type(w.field()));
        };
        pack_framed(w, |w| {
            for (e, v) in self.0.iter().zip(vs) {
                e.pack(v, w, true)?;
            }
            Ok(())
        })
    }
    fn unpack(&self, r: &mut Reader<'_>, _nested: bool) -> Result<Value, DecodeError> {
        unpack_framed(r, |r| {
            self.0
                .iter()
                .map(|e| e.unpack(r, true))
                .collect::<Result<Vec<_>, _>>()
                .map(Value::Tuple)
        })
    }
}

/// Another tuple key, nested.
struct Key(DynamicKey);

impl Key {
    fn elements(&self, v: &Value) -> Result<Vec<u8>, EncodeError> {
        let Value::Tuple(vs) = v else {
            return Err(wrong_type(""));
        };
        nested_from(self.0.encode_unlimited(vs)?)
    }
}

impl DynElement for Key {
    fn width(&self, _nested: bool) -> Option<usize> {
        None
    }
    fn max_width(&self, _nested: bool) -> Option<usize> {
        None
    }
    fn packed_len(&self, v: &Value, _nested: bool) -> usize {
        self.elements(v).map_or(0, |e| 2 + e.len())
    }
    fn pack(&self, v: &Value, w: &mut Writer<'_>, _nested: bool) -> Result<(), EncodeError> {
        pack_nested(self.elements(v), w)
    }
    fn unpack(&self, r: &mut Reader<'_>, _nested: bool) -> Result<Value, DecodeError> {
        unpack_nested(r, |top| self.0.decode(top)).map(Value::Tuple)
    }
}

/// The element of a value of `ty`.
fn element(ty: &ValueType) -> Result<Arc<dyn DynElement>, String> {
    match ty {
        ValueType::Bool => leaf::<bool>(),
        ValueType::U8 => leaf::<u8>(),
        ValueType::U16 => leaf::<u16>(),
        ValueType::U32 => leaf::<u32>(),
        ValueType::U64 => leaf::<u64>(),
        ValueType::U128 => leaf::<u128>(),
        ValueType::I8 => leaf::<i8>(),
        ValueType::I16 => leaf::<i16>(),
        ValueType::I32 => leaf::<i32>(),
        ValueType::I64 => leaf::<i64>(),
        ValueType::I128 => leaf::<i128>(),
        ValueType::F32 => leaf::<f32>(),
        ValueType::F64 => leaf::<f64>(),
        ValueType::String => leaf::<String>(),
        ValueType::Bytes => leaf::<Vec<u8>>(),
        ValueType::Array(n) => Ok(Arc::new(Array(*n))),
        #[cfg(feature = "uuid")]
        ValueType::Uuid => leaf::<uuid::Uuid>(),
        ValueType::Option(t) if !matches!(**t, ValueType::Option(_)) => {
            Ok(Arc::new(Null(element(t)?)))
        }
        // `()` through its own impl (its end is read as a code, not a tuple's end).
        ValueType::Tuple(ts) if ts.is_empty() => Ok(Arc::new(Unit)),
        ValueType::Tuple(ts) => Ok(Arc::new(Tuple(
            ts.iter().map(element).collect::<Result<_, _>>()?,
        ))),
        ValueType::Key(layout) => {
            Ok(Arc::new(Key(DynamicKey::new(layout).map_err(|e| {
                format!("the nested key {}: {e}", layout.name)
            })?)))
        }
        _ => Err(String::new()),
    }
}

/// `()`, through its own impl.
struct Unit;

impl DynElement for Unit {
    fn width(&self, _nested: bool) -> Option<usize> {
        Some(2)
    }
    fn max_width(&self, _nested: bool) -> Option<usize> {
        Some(2)
    }
    fn packed_len(&self, _v: &Value, _nested: bool) -> usize {
        2
    }
    fn pack(&self, v: &Value, w: &mut Writer<'_>, nested: bool) -> Result<(), EncodeError> {
        match v {
            Value::Tuple(vs) if vs.is_empty() => ().pack(w, nested),
            _ => Err(wrong_type(w.field())),
        }
    }
    fn unpack(&self, r: &mut Reader<'_>, nested: bool) -> Result<Value, DecodeError> {
        <() as TupleField>::unpack(r, nested).map(|()| Value::Tuple(Vec::new()))
    }
}

/// [`Element`] for values of `ty`: its element outside a nested tuple.
pub(crate) fn part(ty: &ValueType) -> Result<DynPart, String> {
    let e = element(ty)?;
    let (a, b, c) = (e.clone(), e.clone(), e.clone());
    let _ = <Element as Format<u8>>::WIDTH;
    Ok(closures(
        e.width(false),
        e.max_width(false),
        move |v, _| a.packed_len(v, false),
        move |v, w, _| b.pack(v, w, false),
        move |r, _| c.unpack(r, false),
    ))
}
