//! Phoenix's column formats run from their description ([`PhoenixFormat`], in `format.rs`):
//! their parts.

use super::format::PhoenixFormat;
use super::{
    Boolean, Double, Float, Millis, RowTimestampBigint, Timestamp, UnsignedDouble, UnsignedFloat,
    UnsignedInt, UnsignedLong, UnsignedSmallint, UnsignedTinyint, Varbinary, Varchar,
};
use crate::encoding::part::{closures, wrong_type, DynPart, Leaf};
use crate::encoding::Format;
use crate::layout::value::Typed;
use crate::layout::value::{Value, ValueType};

impl PhoenixFormat {
    /// The format run for values of `ty`.
    pub(crate) fn part(&self, ty: &ValueType) -> Result<DynPart, String> {
        fn leaf<F: Format<T> + 'static, T: Typed + 'static>() -> Result<DynPart, String> {
            Ok(Leaf::<F, T>::boxed())
        }
        fn time<const U: bool, const R: bool>(
            ty: &ValueType,
            millis: bool,
        ) -> Result<DynPart, String> {
            match (ty, millis) {
                (ValueType::SystemTime, true) => leaf::<Millis<U, R>, std::time::SystemTime>(),
                (ValueType::SystemTime, false) => leaf::<Timestamp<U, R>, std::time::SystemTime>(),
                #[cfg(feature = "chrono")]
                (ValueType::DateTime, true) => {
                    leaf::<Millis<U, R>, chrono::DateTime<chrono::Utc>>()
                }
                #[cfg(feature = "chrono")]
                (ValueType::DateTime, false) => {
                    leaf::<Timestamp<U, R>, chrono::DateTime<chrono::Utc>>()
                }
                _ => Err(String::new()),
            }
        }
        let string = ValueType::String;
        let bytes = ValueType::Bytes;
        let opt = |t: &ValueType| matches!(ty, ValueType::Option(inner) if **inner == *t);
        match (self, ty) {
            (PhoenixFormat::Boolean { desc: true }, ValueType::Bool) => {
                leaf::<Boolean<true>, bool>()
            }
            (PhoenixFormat::Boolean { desc: false }, ValueType::Bool) => {
                leaf::<Boolean<false>, bool>()
            }
            (PhoenixFormat::Float, ValueType::F32) => leaf::<Float, f32>(),
            (PhoenixFormat::Double, ValueType::F64) => leaf::<Double, f64>(),
            (PhoenixFormat::UnsignedFloat, ValueType::F32) => leaf::<UnsignedFloat, f32>(),
            (PhoenixFormat::UnsignedDouble, ValueType::F64) => leaf::<UnsignedDouble, f64>(),
            (PhoenixFormat::UnsignedTinyint, ValueType::U8) => leaf::<UnsignedTinyint, u8>(),
            (PhoenixFormat::UnsignedSmallint, ValueType::U16) => leaf::<UnsignedSmallint, u16>(),
            (PhoenixFormat::UnsignedInt, ValueType::U32) => leaf::<UnsignedInt, u32>(),
            (PhoenixFormat::UnsignedLong, ValueType::U64) => leaf::<UnsignedLong, u64>(),
            (PhoenixFormat::RowTimestampBigint, ValueType::I64) => {
                leaf::<RowTimestampBigint, i64>()
            }
            (PhoenixFormat::Varchar { ff_separator }, t) if *t == string || opt(&string) => {
                match (ff_separator, *t == string) {
                    (true, true) => leaf::<Varchar<true>, String>(),
                    (false, true) => leaf::<Varchar<false>, String>(),
                    (true, false) => leaf::<Varchar<true>, Option<String>>(),
                    (false, false) => leaf::<Varchar<false>, Option<String>>(),
                }
            }
            (PhoenixFormat::Varbinary { ff_separator }, t) if *t == bytes || opt(&bytes) => {
                match (ff_separator, *t == bytes) {
                    (true, true) => leaf::<Varbinary<true>, Vec<u8>>(),
                    (false, true) => leaf::<Varbinary<false>, Vec<u8>>(),
                    (true, false) => leaf::<Varbinary<true>, Option<Vec<u8>>>(),
                    (false, false) => leaf::<Varbinary<false>, Option<Vec<u8>>>(),
                }
            }
            (PhoenixFormat::Char { width }, ValueType::String) => {
                let n = *width;
                Ok(closures(
                    Some(n),
                    Some(n),
                    move |_, _| n,
                    move |v, w, _| match v {
                        Value::String(s) => super::write_char(s, n, w),
                        _ => Err(wrong_type(w.field())),
                    },
                    move |r, _| super::read_char(n, r).map(Value::String),
                ))
            }
            #[cfg(feature = "decimal")]
            (PhoenixFormat::Decimal { ff_separator }, t) => {
                let dec = ValueType::Decimal;
                match (ff_separator, *t == dec, opt(&dec)) {
                    (true, true, _) => leaf::<super::Decimal<true>, rust_decimal::Decimal>(),
                    (false, true, _) => leaf::<super::Decimal<false>, rust_decimal::Decimal>(),
                    (true, _, true) => {
                        leaf::<super::Decimal<true>, Option<rust_decimal::Decimal>>()
                    }
                    (false, _, true) => {
                        leaf::<super::Decimal<false>, Option<rust_decimal::Decimal>>()
                    }
                    _ => Err(String::new()),
                }
            }
            #[cfg(feature = "decimal")]
            (
                PhoenixFormat::FixedDecimal {
                    precision,
                    scale,
                    ff_separator,
                },
                t,
            ) if *t == ValueType::Decimal || opt(&ValueType::Decimal) => Ok(fixed_decimal(
                (*precision, *scale),
                *ff_separator,
                *t == ValueType::Decimal,
            )),
            (
                PhoenixFormat::Millis {
                    unsigned,
                    row_timestamp,
                },
                t,
            )
            | (
                PhoenixFormat::Timestamp {
                    unsigned,
                    row_timestamp,
                },
                t,
            ) => {
                let millis = matches!(self, PhoenixFormat::Millis { .. });
                match (unsigned, row_timestamp) {
                    (false, false) => time::<false, false>(t, millis),
                    (false, true) => time::<false, true>(t, millis),
                    (true, false) => time::<true, false>(t, millis),
                    (true, true) => time::<true, true>(t, millis),
                }
            }
            _ => Err(String::new()),
        }
    }
}

/// DECIMAL(p, s) run from a description: `plain` for a `Decimal`, else an `Option<Decimal>`.
#[cfg(feature = "decimal")]
fn fixed_decimal(ps: (u32, u32), ff: bool, plain: bool) -> DynPart {
    use super::decimal::{len, read_fixed, write_fixed};
    use rust_decimal::Decimal as D;
    fn run<const FF: bool>(ps: (u32, u32), plain: bool) -> DynPart {
        let value = |v: &Value| -> Option<Option<D>> {
            match v {
                Value::Option(None) => Some(None),
                Value::Option(Some(x)) => D::from_value(x).map(Some),
                x => D::from_value(x).map(Some),
            }
        };
        closures(
            None,
            Some(19),
            move |v, last| value(v).map_or(0, |d| len::<FF>(d.as_ref(), last)),
            move |v, w, last| match value(v) {
                Some(d) => write_fixed::<FF>(d.as_ref(), ps, w, last),
                None => Err(wrong_type(w.field())),
            },
            move |r, last| {
                let start = r.offset();
                let v = read_fixed::<FF>(r, last, ps.0, ps.1)?;
                if plain {
                    super::not_null(r, start, v).map(|d| d.to_value())
                } else {
                    Ok(v.to_value())
                }
            },
        )
    }
    if ff {
        run::<true>(ps, plain)
    } else {
        run::<false>(ps, plain)
    }
}
