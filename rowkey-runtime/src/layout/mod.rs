//! [`Layout`]: a key layout as a value, its fingerprint, which guards a table's row keys
//! against a change to the struct that would change their bytes, its text form, and
//! [`DynamicKey`], which encodes, decodes and explains keys from a layout alone.

use core::fmt;

pub use crate::encoding::field_format::{
    BigtableFormat, FieldFormat, HbaseOrderedFormat, JavaFormat, PhoenixFormat, TextFormat,
};
pub use crate::encoding::{Described, Encoding};
use crate::salt::{Salt, SaltText};

mod dynamic;
pub(crate) mod intern;
mod text;
pub(crate) mod value;
pub(crate) mod value_text;

pub use dynamic::DynamicKey;
pub use text::LayoutError;
pub use value::{Value, ValueType};

/// One field of a [`Layout`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct FieldLayout {
    /// The field's name.
    pub name: &'static str,
    /// Its type, as the derive saw it (`Option<u32>`).
    pub ty: &'static str,
    /// Its format attributes in a canonical order (`#[desc] #[decimal(6)]`), empty for none.
    pub attrs: &'static str,
    /// Bytes it always takes (a text key's delimiter after it included), `None` when its width
    /// varies.
    pub width: Option<usize>,
    /// The most bytes it can take, `None` when unbounded.
    pub max_width: Option<usize>,
    /// Where it starts in every key, when every part before it has a fixed width.
    pub offset: Option<usize>,
    /// The type of its values, as its codec describes it (a `type Id = u64` is a `u64`).
    pub value: ValueType,
    /// The format that writes it.
    pub format: FieldFormat,
    /// The writer inverts its bytes (`#[desc]`, where the encoding inverts a field whole).
    pub inverted: bool,
    /// Where it is always written: whether its format may run it to the end of the key (the
    /// last field, unless `#[desc]` needs its terminator).
    pub open_end: bool,
    /// The encoding drops it from the key when it and every field after it are empty
    /// (Phoenix's and HBase's trailing NULLs, Bigtable's trailing empty strings).
    pub dropped: Option<Dropped>,
    /// It ends where the fixed-width fields after it start (a raw `#[java]` string): decode
    /// reads it from a window.
    pub window: bool,
    /// Bytes at the end of its part that are not its value (a text key's delimiter): a salt
    /// does not hash them.
    pub value_trim: usize,
    /// How its bytes order its values in its place in the key: what a scan's range over it
    /// relies on, and what the compatibility judge proves an order with.
    pub order: FieldOrder,
    /// Its earlier names (`#[rowkey(was = "old")]`): a rename the compatibility judge matches a
    /// locked layout's field by. No byte depends on them.
    pub was: &'static [&'static str],
}

/// How a field's bytes order its values, in its place in the key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FieldOrder {
    /// Byte order is value order.
    Ascending,
    /// Byte order is the reverse of value order.
    Descending,
    /// A total order of its own (`#[reverse_ts] Option<T>`: `None` first, then newest first).
    Other,
    /// Byte order says nothing of value order (a terminator that sorts above some bytes of the
    /// value, a raw string in a window, a hash).
    Unordered,
}

/// What makes a field [dropped](FieldLayout::dropped) from the end of a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Dropped {
    /// A `None`.
    Null,
    /// An empty string or byte vector.
    Empty,
}

/// What a key whose every field is dropped is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EmptyKey {
    /// Its salt alone, or nothing.
    Written,
    /// These bytes (Bigtable's `00 00`).
    Bytes(&'static [u8]),
    /// No key: it would be the empty row key, which this system refuses.
    Refused(&'static str),
}

/// A key layout as a value: what `K::layout()` returns.
///
/// Row keys cannot change once data is written (the HBase book, "Immutability of Rowkeys"): a
/// new layout means rewriting the table. [`fingerprint`](Self::fingerprint) (also
/// `K::LAYOUT_FINGERPRINT`) changes whenever an edit to the struct can change the bytes of a key
/// (field order, type, attribute, salt, encoding, delimiter) and stays the same when a field is
/// renamed, so a test that pins it catches the edit before it ships:
///
/// ```
/// use rowkey::RowKey;
///
/// #[derive(RowKey)]
/// #[salt(md5, buckets = 16, of = "message_id")]
/// struct MessageKey { date: u32, time: u32, message_id: u64 }
///
/// let layout = MessageKey::layout();
/// assert_eq!(
///     layout.to_string(),
///     "MessageKey: salt(md5, buckets = 16, of = [message_id]) 1B | date u32 4B @1 | time u32 4B @5 | message_id u64 8B @9"
/// );
/// assert_eq!(layout.fingerprint, MessageKey::LAYOUT_FINGERPRINT);
/// // In your tests, pin it (and a few golden keys): the assertion fails when an edit would
/// // change the bytes written to the table.
/// assert_eq!(MessageKey::LAYOUT_FINGERPRINT, 0x452d_63aa_0ab0_5a63);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Layout {
    /// The key struct's name.
    pub name: &'static str,
    /// Binary or text.
    pub encoding: Encoding,
    /// The salt.
    pub salt: Salt,
    /// The fields the salt hashes, as indices into `fields`, in hash order.
    pub salt_of: &'static [usize],
    /// Bytes the salt takes (a text key's delimiter after it included).
    pub salt_width: usize,
    /// How a text key writes its salt.
    pub salt_text: Option<SaltText>,
    /// The fields in key order.
    pub fields: Vec<FieldLayout>,
    /// What the key is when every field is dropped.
    pub empty_key: EmptyKey,
    /// The key's declared budget, `#[rowkey(max_len = N)]`.
    pub max_len: Option<usize>,
    /// Changes whenever the bytes a key gets can change; see the type's docs.
    pub fingerprint: u64,
}

impl Layout {
    /// `K::FIXED_LEN`: the width of every key, when every part has one.
    pub fn fixed_key_len(&self) -> Option<usize> {
        self.fields
            .iter()
            .try_fold(self.salt_width, |n, f| f.width.map(|w| n + w))
    }

    /// `K::MAX_LEN`: the longest key, `None` when a part is unbounded.
    pub fn max_key_len(&self) -> Option<usize> {
        self.fields
            .iter()
            .try_fold(self.salt_width, |n, f| f.max_width.map(|w| n + w))
    }

    /// The delimiter of a text key.
    pub fn delimiter(&self) -> Option<u8> {
        match self.encoding {
            Encoding::Text { delimiter } => Some(delimiter),
            _ => None,
        }
    }
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:", self.name)?;
        let mut sep = " ";
        if self.encoding != Encoding::Binary {
            write!(f, " {}", self.encoding)?;
            sep = " | ";
        }
        if self.salt != Salt::None {
            let of: Vec<&str> = self
                .salt_of
                .iter()
                .filter_map(|&i| self.fields.get(i).map(|f| f.name))
                .collect();
            let of = if of.is_empty() {
                String::new()
            } else {
                format!(", of = [{}]", of.join(", "))
            };
            write!(f, "{sep}salt({}{of}) {}B", self.salt, self.salt_width)?;
            sep = " | ";
        }
        for field in &self.fields {
            write!(f, "{sep}{} {}", field.name, field.ty)?;
            if !field.attrs.is_empty() {
                write!(f, " {}", field.attrs)?;
            }
            match (field.width, field.max_width) {
                (Some(w), _) => write!(f, " {w}B")?,
                (None, Some(m)) => write!(f, " <={m}B")?,
                (None, None) => f.write_str(" var")?,
            }
            if let Some(at) = field.offset {
                write!(f, " @{at}")?;
            }
            sep = " | ";
        }
        Ok(())
    }
}

/// A generated key's [`Layout`]: its salt as `(salt, of, width, text)`, its fields as three
/// tables, their offsets counted from the salt's width, and what its encoding adds as `(empty
/// key, max_len)`. Not generic, so that it is compiled once. The tables: `text`, each field's
/// name, type and attributes, then its earlier names; `describe`, each field's format's
/// description; `flags`, each field's flags in a `u64` (the derive's `codegen/describe.rs`
/// packs them): bits 0 to 7 the byte its bytes are XORed with, bit 8 open end, bits 9 and 10
/// dropped (0 never, 1 a `None`, 2 an empty value), bit 11 read over a window, bits 12 and 13
/// its order (0 none, 1 ascending, 2 descending, 3 its own), bits 16 to 23 the value's trim,
/// bits 24 to 31 the bytes the last part does not write, bits 32 and up how many earlier
/// names follow its three texts. Flat tables of one type each, not a tuple a field: the
/// declaring crate type-checks less (the derive's compile time, in the performance guide).
#[doc(hidden)]
pub fn layout_of(
    (name, encoding): (&'static str, Encoding),
    (salt, salt_of, salt_width, salt_text): (Salt, &'static [usize], usize, Option<SaltText>),
    (text, describe, flags): FieldTables<'_>,
    fingerprint: u64,
    (empty_key, max_len): (EmptyKey, Option<usize>),
) -> Layout {
    let mut at = 0usize;
    let fields: Vec<FieldLayout> = describe
        .iter()
        .zip(flags)
        .map(|(describe, &flags)| {
            let byte = |bit: u32| (flags >> bit) as u8;
            // A field's texts: its name, type and attributes, then its earlier names (a
            // slice of the `'static` table, as `FieldLayout::was` holds them).
            let was = usize::try_from(flags >> 32).unwrap_or(usize::MAX);
            let end = at.saturating_add(3).saturating_add(was).min(text.len());
            let texts = text.get(at..end).unwrap_or_default();
            at = end;
            let get = |i: usize| texts.get(i).copied().unwrap_or_default();
            let (name, ty, attrs) = (get(0), get(1), get(2));
            let was = texts.get(3..).unwrap_or_default();
            let (width, max_width, format, value) = describe();
            let last_trim = usize::from(byte(24));
            FieldLayout {
                name,
                ty,
                attrs,
                width: crate::encoding::less(width, last_trim),
                max_width: crate::encoding::less(max_width, last_trim),
                offset: None,
                value,
                format,
                inverted: byte(0) != 0,
                open_end: flags & 1 << 8 != 0,
                dropped: match (flags >> 9) & 3 {
                    1 => Some(Dropped::Null),
                    2 => Some(Dropped::Empty),
                    _ => None,
                },
                window: flags & 1 << 11 != 0,
                value_trim: usize::from(byte(16)),
                order: match (flags >> 12) & 3 {
                    1 => FieldOrder::Ascending,
                    2 => FieldOrder::Descending,
                    3 => FieldOrder::Other,
                    _ => FieldOrder::Unordered,
                },
                was,
            }
        })
        .collect();
    let widths: Vec<Option<usize>> = core::iter::once(Some(salt_width))
        .chain(fields.iter().map(|f| f.width))
        .collect();
    let offsets = offsets(&widths);
    Layout {
        name,
        encoding,
        salt,
        salt_of,
        salt_width,
        salt_text,
        fields: fields
            .into_iter()
            .zip(&offsets[1..])
            .map(|(f, &offset)| FieldLayout { offset, ..f })
            .collect(),
        empty_key,
        max_len,
        fingerprint,
    }
}

/// [`layout_of`]'s field tables: `(text, describe, flags)`.
#[doc(hidden)]
pub type FieldTables<'a> = (&'static [&'static str], &'a [fn() -> Described], &'a [u64]);

/// The fingerprint of a canonical layout description: 64-bit FNV-1a, the same on every
/// platform and in every version of rowkey.
pub const fn fingerprint(description: &[u8]) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    let mut i = 0;
    while i < description.len() {
        h ^= description[i] as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
        i += 1;
    }
    h
}

/// The offset of each part: `offsets(&[Some(1), Some(4), None, Some(8)])` is
/// `[Some(0), Some(1), Some(5), None]`.
pub fn offsets(widths: &[Option<usize>]) -> Vec<Option<usize>> {
    let mut at = Some(0);
    widths
        .iter()
        .map(|w| {
            let here = at;
            at = match (at, w) {
                (Some(a), Some(w)) => Some(a + w),
                _ => None,
            };
            here
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{fingerprint, offsets};

    /// FNV-1a's published 64-bit vectors: the offset basis for no input, and "a", "foobar".
    #[test]
    fn fingerprint_is_fnv_1a() {
        assert_eq!(fingerprint(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fingerprint(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fingerprint(b"foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn offsets_stop_at_a_variable_width() {
        assert_eq!(
            offsets(&[Some(1), Some(4), None, Some(8)]),
            [Some(0), Some(1), Some(5), None]
        );
    }
}
