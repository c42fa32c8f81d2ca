//! The text layout's formats run from their description ([`TextFormat`], in
//! `encoding/field_format.rs` beside the `FieldFormat` a delimited part holds): their parts.

use std::sync::Arc;

use super::{
    read_complement, read_delimited, read_fixed, read_str, write_complement, write_delimited,
    write_fixed, write_str, TextInt, TextReverseTs,
};
use crate::encoding::digits::Unsigned;
use crate::encoding::field_format::TextFormat;
use crate::encoding::part::{by_type, closures, wrong_type, As, DynPart, Leaf, Part, Run};
use crate::layout::value::Typed;
use crate::layout::value::{Value, ValueType};

impl TextFormat {
    /// The format run for values of `ty`.
    pub(crate) fn part(&self, ty: &ValueType, run: Run) -> Result<DynPart, String> {
        fn leaf<F: crate::encoding::Format<T> + 'static, T: Typed + 'static>(
        ) -> Result<DynPart, String> {
            Ok(Leaf::<F, T>::boxed())
        }
        fn int<T: 'static + Typed>() -> Result<DynPart, String>
        where
            TextInt: crate::encoding::Format<T>,
        {
            leaf::<TextInt, T>()
        }
        fn reverse_ts<T: 'static + Typed>() -> Result<DynPart, String>
        where
            TextReverseTs: crate::encoding::Format<T>,
        {
            leaf::<TextReverseTs, T>()
        }
        match self {
            TextFormat::Delimited { delimiter, inner } => {
                let d = *delimiter;
                let inner: Arc<dyn Part<Value> + Send + Sync> = run(inner, ty)?.into();
                let (a, b, c) = (inner.clone(), inner.clone(), inner.clone());
                Ok(closures(
                    inner.width().map(|w| w + 1),
                    inner.max_width().map(|w| w + 1),
                    move |v, last| a.len(v, last) + usize::from(!last),
                    move |v, w, last| write_delimited(&*b, d, v, w, last),
                    move |r, last| read_delimited(&*c, d, r, last),
                ))
            }
            TextFormat::Str { delimiter } if *ty == ValueType::String => {
                let d = *delimiter;
                Ok(closures(
                    None,
                    None,
                    |v, _| match v {
                        Value::String(s) => s.len(),
                        _ => 0,
                    },
                    move |v, w, _| match v {
                        Value::String(s) => write_str(s, d, w),
                        _ => Err(wrong_type(w.field())),
                    },
                    move |r, last| read_str(d, r, last).map(Value::String),
                ))
            }
            TextFormat::Fixed {
                width,
                pad,
                delimiter,
            } if *ty == ValueType::String => {
                let p = (*width, *pad, *delimiter);
                Ok(closures(
                    Some(p.0),
                    Some(p.0),
                    move |_, _| p.0,
                    move |v, w, _| match v {
                        Value::String(s) => write_fixed(s, p, w),
                        _ => Err(wrong_type(w.field())),
                    },
                    move |r, _| read_fixed(p, r).map(Value::String),
                ))
            }
            TextFormat::Int => by_type!(ty, int(), [
                U8 => u8, U16 => u16, U32 => u32, U64 => u64,
                I8 => i8, I16 => i16, I32 => i32, I64 => i64,
            ]),
            TextFormat::ReverseTs => {
                by_type!(ty, reverse_ts(), [I64 => i64, U64 => u64, I32 => i32, U32 => u32])
            }
            TextFormat::Complement {
                base,
                digits,
                inner,
            } => {
                fn make<T: Unsigned + 'static>(
                    bn: (u32, usize),
                    inner: DynPart,
                ) -> Result<DynPart, String> {
                    let inner: Arc<dyn Part<Value> + Send + Sync> = inner.into();
                    let (a, b, c) = (inner.clone(), inner.clone(), inner.clone());
                    Ok(closures(
                        inner.width(),
                        inner.max_width(),
                        move |_, last| a.len(&Value::U128(0), last),
                        move |v, w, last| match T::from_value(v) {
                            Some(t) => write_complement(&As::<u128>::new(&*b), bn, t, w, last),
                            None => Err(wrong_type(w.field())),
                        },
                        move |r, last| {
                            read_complement::<T, _>(&As::<u128>::new(&*c), bn, r, last)
                                .map(|t| t.to_value())
                        },
                    ))
                }
                let inner = run(inner, &ValueType::U128)?;
                let bn = (*base, *digits);
                match ty {
                    ValueType::U8 => make::<u8>(bn, inner),
                    ValueType::U16 => make::<u16>(bn, inner),
                    ValueType::U32 => make::<u32>(bn, inner),
                    ValueType::U64 => make::<u64>(bn, inner),
                    ValueType::U128 => make::<u128>(bn, inner),
                    _ => Err(String::new()),
                }
            }
            _ => Err(String::new()),
        }
    }
}
