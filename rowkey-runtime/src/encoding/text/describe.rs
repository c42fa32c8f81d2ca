//! The text layout's formats as data ([`TextFormat`]), their text names (`text.str(0x3a)`)
//! and their parts.

use std::sync::Arc;

use super::{
    read_complement, read_delimited, read_fixed, read_str, write_complement, write_delimited,
    write_fixed, write_str, TextInt, TextReverseTs,
};
use crate::encoding::describe::{part as run, FieldFormat};
use crate::encoding::digits::Unsigned;
use crate::encoding::node::Node;
use crate::encoding::part::{by_type, closures, wrong_type, As, DynPart, Leaf, Part};
use crate::layout::value::Typed;
use crate::layout::value::{Value, ValueType};

/// A text key's field formats (`#[rowkey(delimiter = ":")]`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TextFormat {
    /// The inner format, then the delimiter unless the part is last.
    Delimited {
        /// The delimiter byte.
        delimiter: u8,
        /// The part's own format.
        inner: Box<FieldFormat>,
    },
    /// A string as its UTF-8, refusing the delimiter.
    Str {
        /// The delimiter byte it must not hold.
        delimiter: u8,
    },
    /// `#[fixed(N)]` on a string: padded, refusing the delimiter.
    Fixed {
        /// Bytes.
        width: usize,
        /// The pad byte.
        pad: u8,
        /// The delimiter byte it must not hold.
        delimiter: u8,
    },
    /// An integer as unpadded decimal text (the last part only).
    Int,
    /// `#[reverse_ts]`: `MAX - ts` as 19 (or 10) decimal digits.
    ReverseTs,
    /// `#[desc]` on digits: `MAX_N - v` in the inner digits.
    Complement {
        /// 10 or 16.
        base: u32,
        /// Digits.
        digits: usize,
        /// The digits' format, over `u128`.
        inner: Box<FieldFormat>,
    },
}

impl TextFormat {
    pub(crate) fn to_node(&self) -> Node {
        match self {
            TextFormat::Delimited { delimiter, inner } => Node::call(
                "text.delimited",
                vec![Node::Byte(*delimiter), inner.to_node()],
            ),
            TextFormat::Str { delimiter } => Node::call("text.str", vec![Node::Byte(*delimiter)]),
            TextFormat::Fixed {
                width,
                pad,
                delimiter,
            } => Node::call(
                "text.fixed",
                vec![
                    Node::Num(*width as u128),
                    Node::Byte(*pad),
                    Node::Byte(*delimiter),
                ],
            ),
            TextFormat::Int => Node::name("text.int"),
            TextFormat::ReverseTs => Node::name("text.reverse_ts"),
            TextFormat::Complement {
                base,
                digits,
                inner,
            } => Node::call(
                "text.complement",
                vec![
                    Node::Num(u128::from(*base)),
                    Node::Num(*digits as u128),
                    inner.to_node(),
                ],
            ),
        }
    }

    pub(crate) fn from_node(node: &Node) -> Result<TextFormat, String> {
        let (name, args) = node.as_call()?;
        Ok(match (name, args) {
            ("text.delimited", [d, inner]) => TextFormat::Delimited {
                delimiter: d.num()?,
                inner: Box::new(FieldFormat::from_node(inner)?),
            },
            ("text.str", [d]) => TextFormat::Str {
                delimiter: d.num()?,
            },
            ("text.fixed", [n, pad, d]) => TextFormat::Fixed {
                width: n.num()?,
                pad: pad.num()?,
                delimiter: d.num()?,
            },
            ("text.int", []) => TextFormat::Int,
            ("text.reverse_ts", []) => TextFormat::ReverseTs,
            ("text.complement", [base, n, inner]) => TextFormat::Complement {
                base: base.num()?,
                digits: n.num()?,
                inner: Box::new(FieldFormat::from_node(inner)?),
            },
            _ => return Err(format!("unknown format {node}")),
        })
    }

    /// The format run for values of `ty`.
    pub(crate) fn part(&self, ty: &ValueType) -> Result<DynPart, String> {
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
