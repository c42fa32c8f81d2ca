//! [`Layout`]: a key layout as a value, and its fingerprint, which guards a table's row keys
//! against a change to the struct that would change their bytes.

use core::fmt;

pub use crate::encoding::Encoding;
use crate::salt::Salt;

/// One field of a [`Layout`].
#[derive(Debug, Clone, PartialEq, Eq)]
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
    /// The fields in key order.
    pub fields: Vec<FieldLayout>,
    /// Changes whenever the bytes a key gets can change; see the type's docs.
    pub fingerprint: u64,
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

/// A generated key's [`Layout`]: its fields as `(name, type, attributes, width, max width)`,
/// their offsets counted from `salt_width`. Not generic, so that it is compiled once.
#[doc(hidden)]
pub fn layout_of(
    name: &'static str,
    encoding: Encoding,
    (salt, salt_of, salt_width): (Salt, &'static [usize], usize),
    fields: &[FieldParts],
    fingerprint: u64,
) -> Layout {
    let widths: Vec<Option<usize>> = core::iter::once(Some(salt_width))
        .chain(fields.iter().map(|f| f.3))
        .collect();
    let at = offsets(&widths);
    Layout {
        name,
        encoding,
        salt,
        salt_of,
        salt_width,
        fields: fields
            .iter()
            .zip(&at[1..])
            .map(
                |(&(name, ty, attrs, width, max_width), &offset)| FieldLayout {
                    name,
                    ty,
                    attrs,
                    width,
                    max_width,
                    offset,
                },
            )
            .collect(),
        fingerprint,
    }
}

/// One field of [`layout_of`]: `(name, type, attributes, width, max width)`.
#[doc(hidden)]
pub type FieldParts = (
    &'static str,
    &'static str,
    &'static str,
    Option<usize>,
    Option<usize>,
);

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
