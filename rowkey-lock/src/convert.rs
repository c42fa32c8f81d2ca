//! The conversion the judge reads old rows through: each old key's values as the new key's
//! values, field by field (a widened integer keeps its value, a field that became an `Option`
//! is `Some`, a new `Option` is `None`). A field the new key adds without an old source takes
//! a constant, as a re-key's conversion would fill it; the judge says so.

use rowkey_runtime::layout::{Layout, Value, ValueType};

use crate::matching::Matching;
use crate::samples::boundaries;

/// How a field's old values become its new values.
#[derive(Debug, Clone, PartialEq)]
pub enum Conversion {
    /// The same type.
    Same,
    /// An integer to another integer type: values that do not fit cannot be converted.
    Int,
    /// A value to `Some` of it (converted by the inner conversion).
    Some(Box<Conversion>),
    /// `Some(v)` to `v`: a `None` cannot be converted.
    Unwrap(Box<Conversion>),
    /// `Option<A>` to `Option<B>`: `None` stays, `Some` converts inside.
    MapOption(Box<Conversion>),
    /// A string to its UTF-8 bytes.
    StringToBytes,
    /// Bytes to a string, when they are UTF-8.
    BytesToString,
    /// A fixed array to bytes, or bytes of its width to the array.
    Array,
    /// No conversion between the two types: the new field takes a constant.
    None,
}

impl Conversion {
    /// The conversion from `from` to `to`.
    pub fn between(from: &ValueType, to: &ValueType) -> Conversion {
        use ValueType as T;
        let int = |t: &T| {
            matches!(
                t,
                T::U8
                    | T::U16
                    | T::U32
                    | T::U64
                    | T::U128
                    | T::I8
                    | T::I16
                    | T::I32
                    | T::I64
                    | T::I128
            )
        };
        match (from, to) {
            _ if from == to => Conversion::Same,
            (a, b) if int(a) && int(b) => Conversion::Int,
            (T::Option(a), T::Option(b)) => match Conversion::between(a, b) {
                Conversion::None => Conversion::None,
                c => Conversion::MapOption(Box::new(c)),
            },
            (a, T::Option(b)) => match Conversion::between(a, b) {
                Conversion::None => Conversion::None,
                c => Conversion::Some(Box::new(c)),
            },
            (T::Option(a), b) => match Conversion::between(a, b) {
                Conversion::None => Conversion::None,
                c => Conversion::Unwrap(Box::new(c)),
            },
            (T::String, T::Bytes) => Conversion::StringToBytes,
            (T::Bytes, T::String) => Conversion::BytesToString,
            (T::Array(_), T::Bytes) | (T::Bytes, T::Array(_)) => Conversion::Array,
            (T::Array(a), T::Array(b)) if a == b => Conversion::Same,
            _ => Conversion::None,
        }
    }

    /// Whether every old value converts, and distinct old values stay distinct.
    pub fn total_and_injective(&self, from: &ValueType, to: &ValueType) -> bool {
        match self {
            Conversion::Same | Conversion::StringToBytes => true,
            Conversion::Int => int_range(from)
                .is_some_and(|(lo, hi)| int_range(to).is_some_and(|(l2, h2)| l2 <= lo && hi <= h2)),
            Conversion::Some(c) => match to {
                ValueType::Option(t) => c.total_and_injective(from, t),
                _ => false,
            },
            Conversion::MapOption(c) => match (from, to) {
                (ValueType::Option(a), ValueType::Option(b)) => c.total_and_injective(a, b),
                _ => false,
            },
            Conversion::Array => matches!(from, ValueType::Array(_)),
            Conversion::Unwrap(_) | Conversion::BytesToString | Conversion::None => false,
        }
    }

    /// The new value of old value `v` (of type `from`) as type `to`, `None` when it has none.
    pub fn apply(&self, v: &Value, to: &ValueType) -> Option<Value> {
        match (self, v) {
            (Conversion::Same, _) => Some(v.clone()),
            (Conversion::Int, _) => v.to_int_type(to),
            (Conversion::Some(c), _) => match to {
                ValueType::Option(t) => c.apply(v, t).map(Value::some),
                _ => None,
            },
            (Conversion::Unwrap(c), Value::Option(o)) => o.as_ref().and_then(|x| c.apply(x, to)),
            (Conversion::MapOption(c), Value::Option(o)) => match (o, to) {
                (None, _) => Some(Value::NONE),
                (Some(x), ValueType::Option(t)) => c.apply(x, t).map(Value::some),
                _ => None,
            },
            (Conversion::StringToBytes, Value::String(s)) => {
                Some(Value::Bytes(s.as_bytes().to_vec()))
            }
            (Conversion::BytesToString, Value::Bytes(b)) => {
                String::from_utf8(b.clone()).ok().map(Value::String)
            }
            (Conversion::Array, Value::Bytes(b)) => match to {
                ValueType::Array(n) if b.len() != *n => None,
                _ => Some(Value::Bytes(b.clone())),
            },
            _ => None,
        }
    }
}

fn int_range(t: &ValueType) -> Option<(i128, i128)> {
    use ValueType as T;
    Some(match t {
        T::U8 => (0, u8::MAX.into()),
        T::U16 => (0, u16::MAX.into()),
        T::U32 => (0, u32::MAX.into()),
        T::U64 => (0, u64::MAX.into()),
        T::U128 => (0, i128::MAX),
        T::I8 => (i8::MIN.into(), i8::MAX.into()),
        T::I16 => (i16::MIN.into(), i16::MAX.into()),
        T::I32 => (i32::MIN.into(), i32::MAX.into()),
        T::I64 => (i64::MIN.into(), i64::MAX.into()),
        T::I128 => (i128::MIN, i128::MAX),
        _ => return None,
    })
}

/// Old keys' values as new keys' values.
#[derive(Debug, Clone)]
pub struct Converter {
    /// For each new field: its old field and the conversion, or the constant it takes.
    pub fields: Vec<Source>,
}

/// Where a new field's value comes from.
#[derive(Debug, Clone)]
pub enum Source {
    /// Old field `0`, through the conversion.
    Old(usize, Conversion),
    /// A constant (`None` for an `Option`, else the type's least boundary value), or no value
    /// at all when the type has none the judge can make.
    Constant(Option<Value>),
}

impl Converter {
    /// The converter of `old` to `new` under `matching`.
    pub fn new(old: &Layout, new: &Layout, matching: &Matching) -> Converter {
        let fields = new
            .fields
            .iter()
            .zip(&matching.sources)
            .map(|(f, s)| {
                let conv = s.map(|(i, _)| (i, Conversion::between(&old.fields[i].value, &f.value)));
                match conv {
                    Some((i, c)) if c != Conversion::None => Source::Old(i, c),
                    _ => Source::Constant(match &f.value {
                        ValueType::Option(_) => Some(Value::NONE),
                        t => boundaries(t, new.delimiter()).into_iter().next(),
                    }),
                }
            })
            .collect();
        Converter { fields }
    }

    /// The new values of old values `old`, or the index of the new field that has none.
    pub fn convert(&self, old: &[Value], new: &Layout) -> Result<Vec<Value>, usize> {
        self.fields
            .iter()
            .zip(&new.fields)
            .enumerate()
            .map(|(j, (s, f))| match s {
                Source::Old(i, c) => c.apply(&old[*i], &f.value).ok_or(j),
                Source::Constant(v) => v.clone().ok_or(j),
            })
            .collect()
    }
}
