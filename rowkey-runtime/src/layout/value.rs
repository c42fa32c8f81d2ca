//! [`ValueType`] and [`Value`]: a field's type and a value of it, as data, so that a key can be
//! encoded, decoded and explained from its [`Layout`] alone.

use core::fmt;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use super::Layout;

/// The type of a field as its codec describes it: what the bytes hold, whatever the name the
/// struct gives the type (`type Id = u64` is a [`ValueType::U64`]).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ValueType {
    /// `bool`.
    Bool,
    /// `char`.
    Char,
    /// `u8`.
    U8,
    /// `u16`.
    U16,
    /// `u32`.
    U32,
    /// `u64`.
    U64,
    /// `u128`.
    U128,
    /// `i8`.
    I8,
    /// `i16`.
    I16,
    /// `i32`.
    I32,
    /// `i64`.
    I64,
    /// `i128`.
    I128,
    /// `f32`.
    F32,
    /// `f64`.
    F64,
    /// `String`.
    String,
    /// `Vec<u8>`.
    Bytes,
    /// `[u8; N]`.
    Array(usize),
    /// `uuid::Uuid` (feature `uuid`).
    Uuid,
    /// `std::time::SystemTime`.
    SystemTime,
    /// `chrono::DateTime<Utc>` (feature `chrono`).
    DateTime,
    /// `rust_decimal::Decimal` (feature `decimal`).
    Decimal,
    /// `Option<T>`.
    Option(Box<ValueType>),
    /// `()` and Rust tuples: a FoundationDB nested tuple.
    Tuple(Vec<ValueType>),
    /// Another key nested in this one (a FoundationDB tuple key as a nested tuple).
    Key(Box<Layout>),
    /// OpenTSDB's tag pairs, `rowkey::opentsdb::Tags<K, V>`.
    Tags {
        /// Bytes of a tag key's UID.
        key: usize,
        /// Bytes of a tag value's UID.
        value: usize,
    },
    /// A type of your own whose codec does not describe it (see
    /// [`KeyCodec::value_type`](crate::KeyCodec::value_type)): its bytes are known only to its
    /// code. A fixed-width one decodes to [`Value::Opaque`], its raw bytes.
    Opaque(&'static str),
}

/// A value of a field, as data: what [`DynamicKey`](super::DynamicKey) encodes and decodes.
///
/// Floats compare by their bits (`-0.0 != 0.0`, a NaN equals itself), so that `==` is what a
/// round trip must keep.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub enum Value {
    /// A `bool`.
    Bool(bool),
    /// A `char`.
    Char(char),
    /// A `u8`.
    U8(u8),
    /// A `u16`.
    U16(u16),
    /// A `u32`.
    U32(u32),
    /// A `u64`.
    U64(u64),
    /// A `u128`.
    U128(u128),
    /// An `i8`.
    I8(i8),
    /// An `i16`.
    I16(i16),
    /// An `i32`.
    I32(i32),
    /// An `i64`.
    I64(i64),
    /// An `i128`.
    I128(i128),
    /// An `f32`.
    F32(f32),
    /// An `f64`.
    F64(f64),
    /// A `String`.
    String(String),
    /// A `Vec<u8>` or `[u8; N]`, or OpenTSDB tags (their pairs, `tagk ‖ tagv` each).
    Bytes(Vec<u8>),
    /// A UUID's 16 bytes.
    Uuid([u8; 16]),
    /// An instant (a `SystemTime` or `chrono::DateTime<Utc>`): `secs` since 1970 (negative
    /// before) and `nanos` after that second (chrono's leap second reaches 1,999,999,999).
    Time {
        /// Whole seconds since 1970-01-01T00:00:00Z, rounded down.
        secs: i64,
        /// Nanoseconds after `secs`.
        nanos: u32,
    },
    /// A `rust_decimal::Decimal`: `mantissa / 10^scale`.
    Decimal {
        /// The mantissa (96 bits in a `rust_decimal::Decimal`).
        mantissa: i128,
        /// The power of ten dividing it, 0..=28.
        scale: u32,
    },
    /// An `Option`.
    Option(Option<Box<Value>>),
    /// A tuple's elements, or a nested key's fields in key order.
    Tuple(Vec<Value>),
    /// The raw bytes of a fixed-width field of an [opaque](ValueType::Opaque) type.
    Opaque(Vec<u8>),
}

impl PartialEq for Value {
    fn eq(&self, other: &Value) -> bool {
        use Value::*;
        match (self, other) {
            (Bool(a), Bool(b)) => a == b,
            (Char(a), Char(b)) => a == b,
            (U8(a), U8(b)) => a == b,
            (U16(a), U16(b)) => a == b,
            (U32(a), U32(b)) => a == b,
            (U64(a), U64(b)) => a == b,
            (U128(a), U128(b)) => a == b,
            (I8(a), I8(b)) => a == b,
            (I16(a), I16(b)) => a == b,
            (I32(a), I32(b)) => a == b,
            (I64(a), I64(b)) => a == b,
            (I128(a), I128(b)) => a == b,
            (F32(a), F32(b)) => a.to_bits() == b.to_bits(),
            (F64(a), F64(b)) => a.to_bits() == b.to_bits(),
            (String(a), String(b)) => a == b,
            (Bytes(a), Bytes(b)) | (Opaque(a), Opaque(b)) => a == b,
            (Uuid(a), Uuid(b)) => a == b,
            (Time { secs: a, nanos: an }, Time { secs: b, nanos: bn }) => a == b && an == bn,
            (
                Decimal {
                    mantissa: a,
                    scale: sa,
                },
                Decimal {
                    mantissa: b,
                    scale: sb,
                },
            ) => a == b && sa == sb,
            (Option(a), Option(b)) => a == b,
            (Tuple(a), Tuple(b)) => a == b,
            _ => false,
        }
    }
}

impl Eq for Value {}

impl Value {
    /// `Some(v)`.
    pub fn some(v: Value) -> Value {
        Value::Option(Some(Box::new(v)))
    }

    /// `None`.
    pub const NONE: Value = Value::Option(None);

    /// The value as a wider or narrower integer of `ty`, if it is an integer that fits:
    /// what the compatibility judge maps a widened or narrowed field's values with.
    pub fn to_int_type(&self, ty: &ValueType) -> Option<Value> {
        let x = self.as_i128()?;
        Some(match ty {
            ValueType::U8 => Value::U8(u8::try_from(x).ok()?),
            ValueType::U16 => Value::U16(u16::try_from(x).ok()?),
            ValueType::U32 => Value::U32(u32::try_from(x).ok()?),
            ValueType::U64 => Value::U64(u64::try_from(x).ok()?),
            ValueType::U128 => Value::U128(match self {
                Value::U128(u) => *u,
                _ => u128::try_from(x).ok()?,
            }),
            ValueType::I8 => Value::I8(i8::try_from(x).ok()?),
            ValueType::I16 => Value::I16(i16::try_from(x).ok()?),
            ValueType::I32 => Value::I32(i32::try_from(x).ok()?),
            ValueType::I64 => Value::I64(i64::try_from(x).ok()?),
            ValueType::I128 => match self {
                Value::U128(u) => Value::I128(i128::try_from(*u).ok()?),
                _ => Value::I128(x),
            },
            _ => return None,
        })
    }

    /// An integer's value, `None` for anything else (and a `u128` above `i128::MAX`).
    pub fn as_i128(&self) -> Option<i128> {
        Some(match *self {
            Value::U8(x) => x.into(),
            Value::U16(x) => x.into(),
            Value::U32(x) => x.into(),
            Value::U64(x) => x.into(),
            Value::U128(x) => i128::try_from(x).ok()?,
            Value::I8(x) => x.into(),
            Value::I16(x) => x.into(),
            Value::I32(x) => x.into(),
            Value::I64(x) => x.into(),
            Value::I128(x) => x,
            _ => return None,
        })
    }

    /// Whether the value is one of `ty`: the check [`DynamicKey::encode`](super::DynamicKey)
    /// makes before it writes, so that no format sees a value of another type.
    pub fn is_a(&self, ty: &ValueType) -> bool {
        match (self, ty) {
            (Value::Bool(_), ValueType::Bool)
            | (Value::Char(_), ValueType::Char)
            | (Value::U8(_), ValueType::U8)
            | (Value::U16(_), ValueType::U16)
            | (Value::U32(_), ValueType::U32)
            | (Value::U64(_), ValueType::U64)
            | (Value::U128(_), ValueType::U128)
            | (Value::I8(_), ValueType::I8)
            | (Value::I16(_), ValueType::I16)
            | (Value::I32(_), ValueType::I32)
            | (Value::I64(_), ValueType::I64)
            | (Value::I128(_), ValueType::I128)
            | (Value::F32(_), ValueType::F32)
            | (Value::F64(_), ValueType::F64)
            | (Value::String(_), ValueType::String)
            | (Value::Bytes(_), ValueType::Bytes)
            | (Value::Uuid(_), ValueType::Uuid)
            | (Value::Decimal { .. }, ValueType::Decimal) => true,
            (Value::Time { nanos, .. }, ValueType::SystemTime) => *nanos < 1_000_000_000,
            (Value::Time { nanos, .. }, ValueType::DateTime) => *nanos < 2_000_000_000,
            (Value::Bytes(b), ValueType::Array(n)) => b.len() == *n,
            (Value::Bytes(b), ValueType::Tags { key, value }) => {
                key + value > 0 && b.len() % (key + value) == 0
            }
            (Value::Option(None), ValueType::Option(_)) => true,
            (Value::Option(Some(v)), ValueType::Option(t)) => v.is_a(t),
            (Value::Tuple(vs), ValueType::Tuple(ts)) => {
                vs.len() == ts.len() && vs.iter().zip(ts).all(|(v, t)| v.is_a(t))
            }
            (Value::Tuple(vs), ValueType::Key(layout)) => {
                vs.len() == layout.fields.len()
                    && vs.iter().zip(&layout.fields).all(|(v, f)| v.is_a(&f.value))
            }
            (Value::Opaque(_), ValueType::Opaque(_)) => true,
            _ => false,
        }
    }

    /// The value as `explain` renders it for a field of type `ty`, the same text as a key's
    /// generated `explain`: `Debug` of the Rust value, bytes as a quoted
    /// `Bytes.toStringBinary` string.
    pub fn render(&self, ty: &ValueType) -> String {
        let mut out = String::new();
        let _ = render(self, ty, &mut out);
        out
    }
}

fn render(v: &Value, ty: &ValueType, out: &mut String) -> fmt::Result {
    use core::fmt::Write as _;
    match (v, ty) {
        (Value::Bool(x), _) => write!(out, "{x:?}"),
        (Value::Char(x), _) => write!(out, "{x:?}"),
        (Value::U8(x), _) => write!(out, "{x:?}"),
        (Value::U16(x), _) => write!(out, "{x:?}"),
        (Value::U32(x), _) => write!(out, "{x:?}"),
        (Value::U64(x), _) => write!(out, "{x:?}"),
        (Value::U128(x), _) => write!(out, "{x:?}"),
        (Value::I8(x), _) => write!(out, "{x:?}"),
        (Value::I16(x), _) => write!(out, "{x:?}"),
        (Value::I32(x), _) => write!(out, "{x:?}"),
        (Value::I64(x), _) => write!(out, "{x:?}"),
        (Value::I128(x), _) => write!(out, "{x:?}"),
        (Value::F32(x), _) => write!(out, "{x:?}"),
        (Value::F64(x), _) => write!(out, "{x:?}"),
        (Value::String(x), _) => write!(out, "{x:?}"),
        (Value::Bytes(b), ValueType::Tags { key, value }) => {
            out.push_str("Tags([");
            for (i, pair) in b.chunks(key + value).enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                let (k, v) = pair.split_at((*key).min(pair.len()));
                write!(out, "({k:?}, {v:?})")?;
            }
            out.push_str("])");
            Ok(())
        }
        (Value::Bytes(b), _) | (Value::Opaque(b), _) => {
            out.push_str(&crate::explain::render_bytes(b));
            Ok(())
        }
        (Value::Uuid(b), _) => {
            // `uuid::Uuid`'s Debug: hyphenated, lowercase.
            for (i, x) in b.iter().enumerate() {
                if matches!(i, 4 | 6 | 8 | 10) {
                    out.push('-');
                }
                write!(out, "{x:02x}")?;
            }
            Ok(())
        }
        (Value::Time { .. }, ValueType::SystemTime) => match SystemTime::from_value(v) {
            Some(t) => write!(out, "{t:?}"),
            None => out.write_str(&v.to_text()),
        },
        #[cfg(feature = "chrono")]
        (Value::Time { .. }, _) => match chrono::DateTime::<chrono::Utc>::from_value(v) {
            Some(t) => write!(out, "{t:?}"),
            None => out.write_str(&v.to_text()),
        },
        #[cfg(feature = "decimal")]
        (Value::Decimal { .. }, _) => match rust_decimal::Decimal::from_value(v) {
            Some(d) => write!(out, "{d:?}"),
            None => out.write_str(&v.to_text()),
        },
        #[allow(unreachable_patterns)]
        (Value::Time { .. } | Value::Decimal { .. }, _) => out.write_str(&v.to_text()),
        (Value::Option(None), _) => {
            out.push_str("None");
            Ok(())
        }
        (Value::Option(Some(x)), ValueType::Option(t)) => {
            out.push_str("Some(");
            render(x, t, out)?;
            out.push(')');
            Ok(())
        }
        (Value::Option(Some(x)), t) => {
            out.push_str("Some(");
            render(x, t, out)?;
            out.push(')');
            Ok(())
        }
        (Value::Tuple(vs), ValueType::Key(layout)) => {
            write!(out, "{} {{ ", layout.name)?;
            for (i, (v, f)) in vs.iter().zip(&layout.fields).enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write!(out, "{}: ", f.name)?;
                render(v, &f.value, out)?;
            }
            out.push_str(" }");
            Ok(())
        }
        (Value::Tuple(vs), t) => {
            let types: &[ValueType] = match t {
                ValueType::Tuple(ts) => ts,
                _ => &[],
            };
            out.push('(');
            for (i, v) in vs.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                render(v, types.get(i).unwrap_or(&ValueType::Opaque("?")), out)?;
            }
            if vs.len() == 1 {
                out.push(',');
            }
            out.push(')');
            Ok(())
        }
    }
}

/// A type whose values [`Value`] holds: every type a field can have but a type of your own.
/// `#[doc(hidden)]`: what the runtime's formats describe their values with.
#[doc(hidden)]
pub trait Typed: Sized {
    /// The type, as data.
    fn value_type() -> ValueType;
    /// The value, as data.
    fn to_value(&self) -> Value;
    /// The value of `v`, `None` when it is not one of this type.
    fn from_value(v: &Value) -> Option<Self>;
}

macro_rules! typed {
    ($($t:ty => $variant:ident),* $(,)?) => {$(
        impl Typed for $t {
            fn value_type() -> ValueType {
                ValueType::$variant
            }
            fn to_value(&self) -> Value {
                Value::$variant(self.clone())
            }
            fn from_value(v: &Value) -> Option<Self> {
                match v {
                    Value::$variant(x) => Some(x.clone()),
                    _ => None,
                }
            }
        }
    )*};
}

typed! {
    bool => Bool, char => Char,
    u8 => U8, u16 => U16, u32 => U32, u64 => U64, u128 => U128,
    i8 => I8, i16 => I16, i32 => I32, i64 => I64, i128 => I128,
    f32 => F32, f64 => F64,
    String => String, Vec<u8> => Bytes,
}

impl<const N: usize> Typed for [u8; N] {
    fn value_type() -> ValueType {
        ValueType::Array(N)
    }
    fn to_value(&self) -> Value {
        Value::Bytes(self.to_vec())
    }
    fn from_value(v: &Value) -> Option<Self> {
        match v {
            Value::Bytes(b) => b.as_slice().try_into().ok(),
            _ => None,
        }
    }
}

impl<T: Typed> Typed for Option<T> {
    fn value_type() -> ValueType {
        ValueType::Option(Box::new(T::value_type()))
    }
    fn to_value(&self) -> Value {
        Value::Option(self.as_ref().map(|x| Box::new(x.to_value())))
    }
    fn from_value(v: &Value) -> Option<Self> {
        match v {
            Value::Option(None) => Some(None),
            Value::Option(Some(x)) => T::from_value(x).map(Some),
            _ => None,
        }
    }
}

impl Typed for SystemTime {
    fn value_type() -> ValueType {
        ValueType::SystemTime
    }
    fn to_value(&self) -> Value {
        let (secs, nanos) = match self.duration_since(UNIX_EPOCH) {
            Ok(d) => (d.as_secs() as i64, d.subsec_nanos()),
            Err(e) => {
                let d = e.duration();
                match d.subsec_nanos() {
                    0 => (-(d.as_secs() as i64), 0),
                    n => (-(d.as_secs() as i64) - 1, 1_000_000_000 - n),
                }
            }
        };
        Value::Time { secs, nanos }
    }
    fn from_value(v: &Value) -> Option<Self> {
        match *v {
            Value::Time { secs, nanos } if nanos < 1_000_000_000 => {
                let at = if secs >= 0 {
                    UNIX_EPOCH.checked_add(Duration::from_secs(secs as u64))?
                } else {
                    UNIX_EPOCH.checked_sub(Duration::from_secs(secs.unsigned_abs()))?
                };
                at.checked_add(Duration::from_nanos(u64::from(nanos)))
            }
            _ => None,
        }
    }
}

#[cfg(feature = "uuid")]
impl Typed for uuid::Uuid {
    fn value_type() -> ValueType {
        ValueType::Uuid
    }
    fn to_value(&self) -> Value {
        Value::Uuid(*self.as_bytes())
    }
    fn from_value(v: &Value) -> Option<Self> {
        match v {
            Value::Uuid(b) => Some(uuid::Uuid::from_bytes(*b)),
            _ => None,
        }
    }
}

#[cfg(feature = "chrono")]
impl Typed for chrono::DateTime<chrono::Utc> {
    fn value_type() -> ValueType {
        ValueType::DateTime
    }
    fn to_value(&self) -> Value {
        Value::Time {
            secs: self.timestamp(),
            nanos: self.timestamp_subsec_nanos(),
        }
    }
    fn from_value(v: &Value) -> Option<Self> {
        match *v {
            Value::Time { secs, nanos } => chrono::DateTime::from_timestamp(secs, nanos),
            _ => None,
        }
    }
}

#[cfg(feature = "decimal")]
impl Typed for rust_decimal::Decimal {
    fn value_type() -> ValueType {
        ValueType::Decimal
    }
    fn to_value(&self) -> Value {
        Value::Decimal {
            mantissa: self.mantissa(),
            scale: self.scale(),
        }
    }
    fn from_value(v: &Value) -> Option<Self> {
        match *v {
            Value::Decimal { mantissa, scale } => {
                rust_decimal::Decimal::try_from_i128_with_scale(mantissa, scale).ok()
            }
            _ => None,
        }
    }
}
