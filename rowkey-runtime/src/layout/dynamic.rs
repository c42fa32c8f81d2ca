//! [`DynamicKey`]: a key encoded, decoded and explained from its [`Layout`] alone, with
//! [`Value`]s, through the formats the generated code calls. What a generated key does around
//! its fields (the salt, trailing fields an encoding drops, a raw string read from a window,
//! the empty key) is done here as the derive writes it, with the same runtime helpers; the
//! random-layout fuzzer checks that the two agree byte for byte and error for error.

use super::{Dropped, EmptyKey, FieldLayout, Layout, Value, ValueType};
use crate::cursor::{Reader, Writer};
use crate::encoding::describe::part;
use crate::encoding::native::bytes::{read_array, write_array};
use crate::encoding::part::DynPart;
use crate::error::{DecodeError, EncodeError};
use crate::explain::Explainer;
use crate::key::{
    check_key_len, check_len, check_salt, explain_salt, read_before, read_salt, write_key,
    write_salt,
};
use crate::salt::Salt;

/// A key run from its [`Layout`]: what a tool that has a lock file but not the type works
/// with.
///
/// ```
/// use rowkey::layout::{DynamicKey, Value};
/// use rowkey::RowKey;
///
/// #[derive(RowKey, Debug, PartialEq)]
/// #[salt(md5, buckets = 16, of = "message_id")]
/// struct MessageKey { date: u32, #[desc] time: u32, message_id: u64 }
///
/// let key = DynamicKey::new(&MessageKey::layout()).unwrap();
/// let values = [Value::U32(230611), Value::U32(63031), Value::U64(1231231)];
/// let bytes = key.encode(&values).unwrap();
/// assert_eq!(bytes, MessageKey { date: 230611, time: 63031, message_id: 1231231 }.encode().unwrap());
/// assert_eq!(key.decode(&bytes).unwrap(), values);
/// assert_eq!(key.explain(&bytes), MessageKey::explain(&bytes));
/// ```
#[derive(Clone)]
pub struct DynamicKey {
    layout: Layout,
    parts: Vec<std::sync::Arc<dyn crate::encoding::part::Part<Value> + Send + Sync>>,
    first_droppable: usize,
}

impl core::fmt::Debug for DynamicKey {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("DynamicKey")
            .field("layout", &self.layout)
            .finish_non_exhaustive()
    }
}

/// The raw bytes of a fixed-width field whose type is opaque.
fn raw(n: usize) -> DynPart {
    crate::encoding::part::closures(
        Some(n),
        Some(n),
        move |_, _| n,
        move |v, w, _| match v {
            Value::Opaque(b) if b.len() == n => {
                write_array(b, w);
                Ok(())
            }
            _ => Err(crate::encoding::part::wrong_type(w.field())),
        },
        move |r, _| read_array(r, n).map(Value::Opaque),
    )
}

impl DynamicKey {
    /// The key of `layout`, or why a field's format cannot run for its type (an opaque type
    /// of variable width, or a description this version of rowkey does not have).
    pub fn new(layout: &Layout) -> Result<DynamicKey, String> {
        let parts = layout
            .fields
            .iter()
            .map(|f| {
                let p = match (&f.value, f.width) {
                    (ValueType::Opaque(_), Some(n)) => Ok(raw(n)),
                    (ValueType::Opaque(name), None) => Err(format!(
                        "its type {name} is a codec of your own without a description (see \
                         KeyCodec::value_type), and its width varies, so no byte after it \
                         can be found"
                    )),
                    _ => part(&f.format, &f.value),
                };
                p.map(std::sync::Arc::from)
                    .map_err(|e| format!("field `{}`: {e}", f.name))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let first_droppable = layout.fields.len()
            - layout
                .fields
                .iter()
                .rev()
                .take_while(|f| f.dropped.is_some())
                .count();
        Ok(DynamicKey {
            layout: layout.clone(),
            parts,
            first_droppable,
        })
    }

    /// The layout.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    fn fields(&self) -> &[FieldLayout] {
        &self.layout.fields
    }

    /// The delimiter of a text key.
    fn delimiter(&self) -> Option<u8> {
        match self.layout.encoding {
            crate::Encoding::Text { delimiter } => Some(delimiter),
            _ => None,
        }
    }

    /// Whether field `v` of `f` is written where the encoding may drop it.
    fn written(f: &FieldLayout, v: &Value) -> bool {
        match (f.dropped, v) {
            (Some(Dropped::Null), Value::Option(x)) => x.is_some(),
            (Some(Dropped::Empty), Value::String(s)) => !s.is_empty(),
            (Some(Dropped::Empty), Value::Bytes(b)) => !b.is_empty(),
            _ => true,
        }
    }

    /// The number of fields written: all but the trailing ones the encoding drops.
    fn upto(&self, values: &[Value]) -> usize {
        let k = self.first_droppable;
        (k..self.fields().len())
            .rev()
            .find(|&i| Self::written(&self.fields()[i], &values[i]))
            .map_or(k, |i| i + 1)
    }

    /// The `last` argument of field `i`'s format.
    fn last(&self, i: usize, upto: usize) -> bool {
        let n = self.fields().len();
        if self.first_droppable == n || i + 1 < self.first_droppable {
            self.fields()[i].open_end
        } else {
            upto == i + 1
        }
    }

    fn check_values(&self, values: &[Value]) -> Result<(), EncodeError> {
        if values.len() != self.fields().len() {
            return Err(EncodeError::Codec {
                field: "",
                message: format!(
                    "{} values for the {} fields of {}",
                    values.len(),
                    self.fields().len(),
                    self.layout.name
                ),
            });
        }
        for (f, v) in self.fields().iter().zip(values) {
            if !v.is_a(&f.value) {
                return Err(EncodeError::Codec {
                    field: f.name,
                    message: format!("{} is not a {}", v.to_text(), f.value),
                });
            }
        }
        Ok(())
    }

    /// The key's bytes, as the derived `encode` writes them (the row-length limit included).
    pub fn encode(&self, values: &[Value]) -> Result<Vec<u8>, EncodeError> {
        self.encode_with(values, true)
    }

    /// The key's bytes without the row-length limit: a key nested in another.
    pub(crate) fn encode_unlimited(&self, values: &[Value]) -> Result<Vec<u8>, EncodeError> {
        self.encode_with(values, false)
    }

    fn encode_with(&self, values: &[Value], limit: bool) -> Result<Vec<u8>, EncodeError> {
        self.check_values(values)?;
        let upto = self.upto(values);
        let all_droppable = self.first_droppable == 0;
        if let (true, EmptyKey::Refused(encoding), 0) = (all_droppable, self.layout.empty_key, upto)
        {
            return Err(EncodeError::EmptyKey { encoding });
        }
        let empty = match (all_droppable, self.layout.empty_key, upto) {
            (true, EmptyKey::Bytes(b), 0) => b,
            _ => &[],
        };
        let mut len = self.layout.salt_width + empty.len();
        for (i, (p, v)) in self.parts.iter().zip(values).enumerate() {
            if i < self.first_droppable || i < upto {
                len += p.len(v, self.last(i, upto));
            }
        }
        // Over the limit: a field's error first, in key order, then the key's length (as the
        // derived keys report it).
        if limit {
            check_len(len, |w| self.write_parts(values, upto, empty, w))?;
        }
        let mut out = Vec::with_capacity(len);
        write_key(&mut out, len, |w| self.write_parts(values, upto, empty, w))?;
        Ok(out)
    }

    fn write_parts(
        &self,
        values: &[Value],
        upto: usize,
        empty: &[u8],
        w: &mut Writer<'_>,
    ) -> Result<(), EncodeError> {
        let salt = self.layout.salt;
        // The salt's width in the key, without a text key's delimiter after it.
        let salt_n = self
            .layout
            .salt_width
            .saturating_sub(usize::from(self.delimiter().is_some()));
        if salt != Salt::None {
            w.begin("salt", 0);
            w.fill(0, salt_n);
            if let Some(d) = self.delimiter() {
                w.put_byte(d);
            }
        }
        let mut spans = vec![(0, 0); self.fields().len()];
        for (i, ((f, p), v)) in self
            .fields()
            .iter()
            .zip(&self.parts)
            .zip(values)
            .enumerate()
        {
            if i >= self.first_droppable && i >= upto {
                continue;
            }
            w.begin(f.name, if f.inverted { 0xFF } else { 0 });
            let start = w.position();
            p.write(v, w, self.last(i, upto))?;
            spans[i] = (start, w.position() - f.value_trim);
        }
        if !empty.is_empty() {
            w.begin("", 0);
            w.put(empty);
        }
        if salt != Salt::None {
            let of: Vec<(usize, usize)> = self.layout.salt_of.iter().map(|&i| spans[i]).collect();
            write_salt(w, salt, self.layout.salt_text, salt_n, &of);
        }
        Ok(())
    }

    /// The values of `key`, as the derived `decode` reads them (a deterministic salt
    /// verified).
    pub fn decode(&self, key: &[u8]) -> Result<Vec<Value>, DecodeError> {
        self.decode_checked(key, true)
    }

    /// [`decode`](Self::decode) without hashing the salt again.
    pub fn decode_unverified(&self, key: &[u8]) -> Result<Vec<Value>, DecodeError> {
        self.decode_checked(key, false)
    }

    /// The first field's name, which an error about the empty key names.
    fn first_name(&self) -> &'static str {
        self.fields().first().map_or("", |f| f.name)
    }

    /// The error of the empty key, where the encoding gives it a meaning of its own.
    fn empty_key_error(&self, key: &[u8]) -> Option<DecodeError> {
        if self.first_droppable != 0 || !key.is_empty() {
            return None;
        }
        match self.layout.empty_key {
            EmptyKey::Bytes(b) => {
                let mut r = Reader::new(key);
                r.begin(self.first_name(), 0);
                Some(r.truncated(b.len()))
            }
            EmptyKey::Refused(_) => Some(DecodeError::Invalid {
                field: self.first_name(),
                offset: 0,
                expected: "a key with a field that is not NULL (encode refuses the empty row key)",
            }),
            EmptyKey::Written => None,
        }
    }

    /// Reads field `i` from `r` as the derived code does.
    fn read_field(&self, i: usize, r: &mut Reader<'_>) -> Result<Value, DecodeError> {
        let f = &self.fields()[i];
        let p = &self.parts[i];
        let last_field = i + 1 == self.fields().len();
        if i < self.first_droppable && (!f.window || last_field) {
            return p.read(r, f.open_end);
        }
        if i >= self.first_droppable {
            if r.remaining() == 0 {
                return Ok(default(&f.value));
            }
            return p.read(r, f.open_end);
        }
        let tail: Option<usize> = self.fields()[i + 1..]
            .iter()
            .map(|g| g.width)
            .try_fold(0usize, |acc, w| w.map(|w| acc + w));
        read_before(r, tail, |sub| p.read(sub, true))
    }

    fn decode_checked(&self, key: &[u8], verify: bool) -> Result<Vec<Value>, DecodeError> {
        check_key_len(key)?;
        if let Some(e) = self.empty_key_error(key) {
            return Err(e);
        }
        let mut r = Reader::new(key);
        let salt = self.layout.salt;
        let found = if salt != Salt::None {
            Some(read_salt(
                &mut r,
                salt,
                self.layout.salt_text,
                self.delimiter().unwrap_or(0),
            )?)
        } else {
            None
        };
        let mut spans = vec![(0, 0); self.fields().len()];
        let mut values = Vec::with_capacity(self.fields().len());
        for (i, f) in self.fields().iter().enumerate() {
            r.begin(f.name, if f.inverted { 0xFF } else { 0 });
            let start = r.offset();
            values.push(self.read_field(i, &mut r)?);
            spans[i] = (start, r.offset() - f.value_trim);
        }
        r.finish()?;
        if let (true, Some((bytes, n))) = (verify, found) {
            let of: Vec<&[u8]> = self
                .layout
                .salt_of
                .iter()
                .map(|&i| key.get(spans[i].0..spans[i].1).unwrap_or_default())
                .collect();
            check_salt(
                salt,
                &bytes[..n],
                &of,
                key.get(self.layout.salt_width..).unwrap_or_default(),
            )?;
        }
        Ok(values)
    }

    /// One line per part of `key`, as the derived `explain` writes it.
    pub fn explain(&self, key: &[u8]) -> String {
        let text = self.delimiter().is_some();
        let mut x = Explainer::new(key, text);
        if let Err(e) = check_key_len(key) {
            return x.fail(&e);
        }
        if let Some(e) = self.empty_key_error(key) {
            return x.fail(&e);
        }
        let salt = self.layout.salt;
        if salt != Salt::None {
            match explain_salt(
                x.begin("salt", 0),
                salt,
                self.layout.salt_text,
                self.delimiter().unwrap_or(0),
            ) {
                Ok(v) => x.value(v),
                Err(e) => return x.fail(&e),
            }
        }
        for (i, f) in self.fields().iter().enumerate() {
            let ty = &f.value;
            x.read_part(
                (f.name, if f.inverted { 0xFF } else { 0 }),
                |r| self.read_field(i, r),
                |v: &Value| v.render(ty),
            );
        }
        if salt != Salt::None
            && !x.failed()
            && let Err(e) = self.decode(key)
        {
            return x.fail_after(&e);
        }
        x.finish()
    }
}

/// What a dropped field decodes to: `None`, `""`, an empty byte vector.
fn default(ty: &ValueType) -> Value {
    match ty {
        ValueType::String => Value::String(String::new()),
        ValueType::Bytes => Value::Bytes(Vec::new()),
        _ => Value::Option(None),
    }
}
