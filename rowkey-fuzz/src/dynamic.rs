//! The layout as data against the generated code: every layout's [`Layout`] read back from its
//! text form, and the [`DynamicKey`] run from it encoding, decoding and explaining exactly as
//! the derived key does, byte for byte and error for error. The values are converted here, by
//! hand and apart from rowkey's own conversions.

use rowkey::layout::{DynamicKey, Value};
use rowkey::Layout;

use crate::generated::{same_key, Fuzz};

/// A field's value as a [`Value`], written from the Rust types the layouts use.
pub trait ToValue {
    /// The value.
    fn to_value(&self) -> Value;
}

macro_rules! to_value {
    ($($t:ty => $v:ident),*) => {$(
        impl ToValue for $t {
            fn to_value(&self) -> Value {
                Value::$v(*self)
            }
        }
    )*};
}

to_value!(
    bool => Bool, char => Char, u8 => U8, u16 => U16, u32 => U32, u64 => U64, u128 => U128,
    i8 => I8, i16 => I16, i32 => I32, i64 => I64, i128 => I128, f32 => F32, f64 => F64
);

impl ToValue for String {
    fn to_value(&self) -> Value {
        Value::String(self.clone())
    }
}

impl ToValue for Vec<u8> {
    fn to_value(&self) -> Value {
        Value::Bytes(self.clone())
    }
}

impl<const N: usize> ToValue for [u8; N] {
    fn to_value(&self) -> Value {
        Value::Bytes(self.to_vec())
    }
}

impl<T: ToValue> ToValue for Option<T> {
    fn to_value(&self) -> Value {
        match self {
            None => Value::NONE,
            Some(x) => Value::some(x.to_value()),
        }
    }
}

impl ToValue for () {
    fn to_value(&self) -> Value {
        Value::Tuple(Vec::new())
    }
}

impl<A: ToValue> ToValue for (A,) {
    fn to_value(&self) -> Value {
        Value::Tuple(vec![self.0.to_value()])
    }
}

impl<A: ToValue, B: ToValue> ToValue for (A, B) {
    fn to_value(&self) -> Value {
        Value::Tuple(vec![self.0.to_value(), self.1.to_value()])
    }
}

impl ToValue for uuid::Uuid {
    fn to_value(&self) -> Value {
        Value::Uuid(*self.as_bytes())
    }
}

/// Seconds and nanoseconds since 1970, the nanoseconds counted forward from the second.
impl ToValue for std::time::SystemTime {
    fn to_value(&self) -> Value {
        let (secs, nanos) = match self.duration_since(std::time::UNIX_EPOCH) {
            Ok(d) => (d.as_secs() as i64, d.subsec_nanos()),
            Err(e) => {
                let d = e.duration();
                let whole = d.as_secs() as i64;
                match d.subsec_nanos() {
                    0 => (-whole, 0),
                    n => (-whole - 1, 1_000_000_000 - n),
                }
            }
        };
        Value::Time { secs, nanos }
    }
}

impl ToValue for chrono::DateTime<chrono::Utc> {
    fn to_value(&self) -> Value {
        Value::Time {
            secs: self.timestamp(),
            nanos: self.timestamp_subsec_nanos(),
        }
    }
}

impl<const K: usize, const V: usize> ToValue for rowkey::opentsdb::Tags<K, V> {
    fn to_value(&self) -> Value {
        Value::Bytes(self.to_bytes())
    }
}

/// The key run from its layout's text form, and the layout read back equal to the derived one.
pub fn key<K: Fuzz>() -> Result<DynamicKey, String> {
    let layout = K::layout();
    let text = layout.to_text();
    let back = Layout::parse(&text)
        .map_err(|e| format!("the layout's text does not read back: {e}\n{text}"))?;
    if back != layout {
        return Err(format!(
            "the layout's text reads back as another layout:\n{text}\n{back:#?}\nvs\n{layout:#?}"
        ));
    }
    DynamicKey::new(&back).map_err(|e| format!("the layout does not run: {e}\n{text}"))
}

/// `encode` of `k` and of its values agree (a random salt aside).
pub fn encode<K: Fuzz>(
    d: &DynamicKey,
    k: &K,
    result: &Result<Vec<u8>, rowkey::EncodeError>,
) -> Result<(), String> {
    let values = k.values();
    let dynamic = d.encode(&values);
    let same = match (result, &dynamic) {
        (Ok(a), Ok(b)) => same_key::<K>(a, b),
        (Err(a), Err(b)) => a == b,
        _ => false,
    };
    if !same {
        return Err(format!(
            "the layout run from its description encodes {} as {}, the derived key as {}",
            short(format!("{k:?}")),
            short(format!("{dynamic:02x?}")),
            short(format!("{result:02x?}"))
        ));
    }
    Ok(())
}

/// `decode`, `decode_unverified` and `explain` of `input` agree.
pub fn decode<K: Fuzz>(d: &DynamicKey, input: &[u8]) -> Result<(), String> {
    let derived = K::decode(input).map(|k| k.values());
    let dynamic = d.decode(input);
    if derived != dynamic {
        return Err(format!(
            "decode of {}: the layout run from its description gives {}, the derived key {}",
            short(format!("{input:02x?}")),
            short(format!("{dynamic:?}")),
            short(format!("{derived:?}"))
        ));
    }
    let derived = K::decode_unverified(input).map(|k| k.values());
    let dynamic = d.decode_unverified(input);
    if derived != dynamic {
        return Err(format!(
            "decode_unverified of {}: the layout run from its description gives {}, the derived key {}",
            short(format!("{input:02x?}")),
            short(format!("{dynamic:?}")),
            short(format!("{derived:?}"))
        ));
    }
    let (a, b) = (d.explain(input), K::explain(input));
    if a != b {
        return Err(format!(
            "explain of {}: the layout run from its description writes\n{}\nthe derived key\n{}",
            short(format!("{input:02x?}")),
            short(a),
            short(b)
        ));
    }
    Ok(())
}

/// At most 600 characters of `s`.
fn short(s: String) -> String {
    if s.chars().count() <= 600 {
        return s;
    }
    let head: String = s.chars().take(600).collect();
    format!("{head}... ({} characters)", s.chars().count())
}
