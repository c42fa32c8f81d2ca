//! Java's formats run from their description ([`JavaFormat`], in `format.rs`): their parts.

use super::format::JavaFormat;
use super::{
    read_terminated, read_terminated_string, write_terminated, Java, JavaFloat, JavaInt,
    JavaReverseTs, JavaStr, NulTerminated, ReverseTs,
};
use crate::encoding::fixed::{read_java, write_java};
use crate::encoding::part::{by_type, closures, wrong_type, DynPart, Leaf};
use crate::encoding::Format;
use crate::layout::value::Typed;
use crate::layout::value::{Value, ValueType};

impl JavaFormat {
    /// The format run for values of `ty`.
    pub(crate) fn part(&self, ty: &ValueType) -> Result<DynPart, String> {
        fn leaf<F: Format<T> + 'static, T: Typed + 'static>() -> Result<DynPart, String> {
            Ok(Leaf::<F, T>::boxed())
        }
        fn fixed<T: JavaInt + 'static>(n: usize) -> Result<DynPart, String> {
            if !(1..=16).contains(&n) {
                return Err(format!("#[fixed({n})] on an integer needs 1..=16 bytes"));
            }
            Ok(closures(
                Some(n),
                Some(n),
                move |_, _| n,
                move |v, w, _| match T::from_value(v) {
                    Some(t) => write_java(t.to_i128(), n, w),
                    None => Err(wrong_type(w.field())),
                },
                move |r, _| read_java::<T>(n, r).map(|t| t.to_value()),
            ))
        }
        match self {
            JavaFormat::Int => {
                by_type!(ty, leaf_int(), [I8 => i8, I16 => i16, I32 => i32, I64 => i64, I128 => i128])
            }
            JavaFormat::Fixed { width } => by_type!(ty, fixed(*width), [
                I8 => i8, I16 => i16, I32 => i32, I64 => i64, I128 => i128,
            ]),
            JavaFormat::ReverseTs => {
                by_type!(ty, leaf_ts(), [I64 => i64, U64 => u64, I32 => i32, U32 => u32])
            }
            JavaFormat::Str => match ty {
                ValueType::String => leaf::<JavaStr, String>(),
                ValueType::Bytes => leaf::<JavaStr, Vec<u8>>(),
                _ => Err(String::new()),
            },
            JavaFormat::Float => match ty {
                ValueType::F32 => leaf::<JavaFloat, f32>(),
                ValueType::F64 => leaf::<JavaFloat, f64>(),
                _ => Err(String::new()),
            },
            JavaFormat::WrappingReverseTs => match ty {
                ValueType::I64 => leaf::<JavaReverseTs, i64>(),
                ValueType::I32 => leaf::<JavaReverseTs, i32>(),
                _ => Err(String::new()),
            },
            JavaFormat::NulTerminated => match ty {
                ValueType::String => leaf::<NulTerminated, String>(),
                ValueType::Bytes => leaf::<NulTerminated, Vec<u8>>(),
                _ => Err(String::new()),
            },
            JavaFormat::Terminated { terminator } => {
                let term = terminator.clone();
                if term.is_empty() || term.len() > 16 {
                    return Err(String::from("a terminator of 1..=16 bytes"));
                }
                let n = term.len();
                let (t1, t2) = (term.clone(), term);
                match ty {
                    ValueType::String | ValueType::Bytes => {
                        let string = *ty == ValueType::String;
                        Ok(closures(
                            None,
                            None,
                            move |v, _| match v {
                                Value::String(s) => s.len() + n,
                                Value::Bytes(b) => b.len() + n,
                                _ => 0,
                            },
                            move |v, w, _| match v {
                                Value::String(s) => write_terminated(&t1, s.as_bytes(), w),
                                Value::Bytes(b) => write_terminated(&t1, b, w),
                                _ => Err(wrong_type(w.field())),
                            },
                            move |r, _| {
                                if string {
                                    read_terminated_string(&t2, r).map(Value::String)
                                } else {
                                    read_terminated(&t2, r).map(|(b, _)| Value::Bytes(b))
                                }
                            },
                        ))
                    }
                    _ => Err(String::new()),
                }
            }
        }
    }
}

fn leaf_int<T: JavaInt + 'static>() -> Result<DynPart, String> {
    Ok(Leaf::<Java, T>::boxed())
}

fn leaf_ts<T: super::Timestamp + 'static>() -> Result<DynPart, String> {
    Ok(Leaf::<ReverseTs, T>::boxed())
}
