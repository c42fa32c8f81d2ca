//! Encodings: how a key's parts become bytes, one home each. rowkey's own binary layout
//! (`native`: every type's [`KeyCodec`]) and its text layout (`text`), Java's `Bytes` (`java`,
//! the formats of `#[java]` and `#[reverse_ts]`), and the whole-key encodings of other systems
//! (`phoenix`, `hbase_ordered`, `bigtable`, `fdb_tuple`), each a folder; beside them the field
//! adapters they share (`fixed`, `digits`, `capped`, `reverse`, `option`). The derive's
//! `encodings/` has a file of the same name for each.
//!
//! A field is written by a zero-sized format type composed by the derive (`Reverse<Decimal<11>>`,
//! `Opt<Fixed<8>>`, `phoenix::Varchar<true>`) and called through [`Format`]; a field without
//! attributes uses [`Natural`], its type's [`KeyCodec`]. Generated code reaches the formats
//! through `__private`; this module is private.

/// The [`Format`] impl of a format whose every value takes `width` bytes: `WIDTH` and
/// `MAX_WIDTH` are the width, `len` returns it and `last` changes nothing; the format gives its
/// description (`format`, `value`), `write` and `read`.
macro_rules! fixed_width {
    (
        impl[$($gen:tt)*] Format<$t:ty> for $fmt:ty {
            width: $width:expr;
            format: $format:expr;
            value: $value:expr;
            fn write($v:ident, $w:ident) $write:block
            fn read($r:ident) $read:block
        }
    ) => {
        impl<$($gen)*> $crate::encoding::Format<$t> for $fmt {
            const WIDTH: Option<usize> = Some($width);
            const MAX_WIDTH: Option<usize> = Some($width);

            fn format() -> $crate::encoding::field_format::FieldFormat {
                $format
            }

            fn value_type() -> $crate::layout::value::ValueType {
                $value
            }

            #[inline]
            fn len(_v: &$t, _last: bool) -> usize {
                $width
            }

            #[inline]
            fn write(
                $v: &$t,
                $w: &mut $crate::cursor::Writer<'_>,
                _last: bool,
            ) -> Result<(), $crate::error::EncodeError> $write

            #[inline]
            fn read(
                $r: &mut $crate::cursor::Reader<'_>,
                _last: bool,
            ) -> Result<$t, $crate::error::DecodeError> $read
        }
    };
}

pub mod bigtable;
pub mod capped;
pub mod describe;
pub mod digits;
pub mod fdb_tuple;
pub(crate) mod field_format;
pub mod fixed;
pub mod hbase_ordered;
pub mod java;
pub mod native;
pub(crate) mod node;
pub mod option;
pub(crate) mod part;
pub mod phoenix;
pub mod reverse;
pub mod text;

use core::fmt;

pub use native::{KeyCodec, Natural};

use crate::cursor::{Reader, Writer};
use crate::error::{DecodeError, EncodeError};
use crate::explain::Explainer;

/// Sums part widths in a const context: `None` if any part is `None`.
pub const fn sum(parts: &[Option<usize>]) -> Option<usize> {
    let mut total = 0;
    let mut i = 0;
    while i < parts.len() {
        match parts[i] {
            Some(w) => total += w,
            None => return None,
        }
        i += 1;
    }
    Some(total)
}

/// A format's description of a field: `(WIDTH, MAX_WIDTH, format, value type)`.
#[doc(hidden)]
pub type Described = (
    Option<usize>,
    Option<usize>,
    field_format::FieldFormat,
    crate::layout::value::ValueType,
);

/// A part width minus `n` bytes (the delimiter a text layout's last part does not have).
#[doc(hidden)]
pub const fn less(width: Option<usize>, n: usize) -> Option<usize> {
    match width {
        Some(w) => Some(w.saturating_sub(n)),
        None => None,
    }
}

/// The byte format of a field of type `T`. Same contract as [`KeyCodec`], with the format as a
/// type so that attributes compose.
#[diagnostic::on_unimplemented(
    message = "this field's attribute does not apply to a field of type `{T}`",
    label = "`{Self}` cannot write `{T}`"
)]
pub trait Format<T> {
    /// `Some(n)` when every value encodes to exactly `n` bytes.
    const WIDTH: Option<usize>;
    /// An upper bound on the encoded length in a non-last position, `None` if unbounded.
    const MAX_WIDTH: Option<usize>;
    /// `WIDTH` inside a FoundationDB nested tuple, where a null takes `00 FF`: what a key of
    /// the `fdb_tuple` encoding counts when another key nests it. Only its format differs.
    #[doc(hidden)]
    const NESTED_WIDTH: Option<usize> = Self::WIDTH;
    /// `MAX_WIDTH` inside a FoundationDB nested tuple (see `NESTED_WIDTH`).
    #[doc(hidden)]
    const MAX_NESTED: Option<usize> = Self::MAX_WIDTH;
    /// The exact number of bytes [`write`](Self::write) writes.
    fn len(v: &T, last: bool) -> usize;
    /// Writes `v`.
    fn write(v: &T, w: &mut Writer<'_>, last: bool) -> Result<(), EncodeError>;
    /// Reads a value.
    fn read(r: &mut Reader<'_>, last: bool) -> Result<T, DecodeError>;
    /// The format as data, for `K::layout()`.
    #[doc(hidden)]
    fn format() -> field_format::FieldFormat;
    /// The type of the values it writes, as their codec describes it.
    #[doc(hidden)]
    fn value_type() -> crate::layout::value::ValueType;
    /// `(WIDTH, MAX_WIDTH, format, value type)`: what a generated `layout()` names once per
    /// field.
    #[doc(hidden)]
    fn describe() -> Described {
        (
            Self::WIDTH,
            Self::MAX_WIDTH,
            Self::format(),
            Self::value_type(),
        )
    }

    /// Encodes `v` alone, as the field `name` writes it in its key (`flip` its bytes' XOR,
    /// `last` as the last field): what a generated scan builder's methods call, named through
    /// the same `<F as Format<T>>` path as the key's own calls so a type error shows once.
    #[doc(hidden)]
    #[inline]
    fn encode_alone(
        v: &T,
        name: &'static str,
        flip: u8,
        last: bool,
    ) -> Result<Vec<u8>, EncodeError> {
        let mut buf = Vec::new();
        Self::encode_alone_into(v, &mut buf, (name, flip, last))?;
        Ok(buf)
    }

    /// Reads the field `name` (`flip`, `last` as in [`encode_alone`](Self::encode_alone)) into
    /// an `explain` table, its value rendered by `render`, unless a part before it failed: what
    /// a generated `explain` calls for each field (through `__private::run`).
    #[doc(hidden)]
    #[inline]
    fn explain_part(
        x: &mut Explainer<'_>,
        (name, flip, last): (&'static str, u8, bool),
        render: fn(&T) -> String,
    ) {
        x.read_part((name, flip), |r| Self::read(r, last), render);
    }

    /// [`encode_alone`](Self::encode_alone), appended to `out` (left as it was on an error).
    #[doc(hidden)]
    #[inline]
    fn encode_alone_into(
        v: &T,
        out: &mut Vec<u8>,
        (name, flip, last): (&'static str, u8, bool),
    ) -> Result<(), EncodeError> {
        let start = out.len();
        out.resize(start + Self::len(v, last), 0);
        let mut w = Writer::new(&mut out[start..]);
        w.begin(name, flip);
        let written = Self::write(v, &mut w, last).and_then(|()| w.finish());
        if written.is_err() {
            out.truncate(start);
        }
        written
    }
}

/// How the key's parts are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Encoding {
    /// rowkey's binary layout (the default).
    Binary,
    /// A text key: every part as text, joined by the delimiter.
    Text {
        /// The delimiter byte.
        delimiter: u8,
    },
    /// Apache Phoenix's primary-key encoding (`#[rowkey(encoding = "phoenix")]`).
    Phoenix {
        /// Whether the table is row-key-order optimizable (as `newKey` computes it: the
        /// declared flag, or no column that requires an upgrade).
        row_key_order_optimizable: bool,
    },
    /// A Bigtable row-key schema: `Type.Struct` with `OrderedCodeBytes`
    /// (`#[rowkey(encoding = "bigtable")]`).
    Bigtable,
    /// FoundationDB's tuple layer (`#[rowkey(encoding = "fdb_tuple")]`): each field an element
    /// of a packed tuple.
    FdbTuple,
    /// HBase's typed API: a `Struct` of `Ordered*` members
    /// (`#[rowkey(encoding = "hbase_ordered")]`).
    HbaseOrdered,
}

/// The encoding as the layout's one-line description shows it: `text ':'`, `phoenix`,
/// `phoenix, not optimizable`, `bigtable`, `hbase_ordered`, `binary`.
///
/// ```
/// use rowkey::Encoding;
/// assert_eq!(Encoding::Text { delimiter: b':' }.to_string(), "text ':'");
/// assert_eq!(Encoding::Phoenix { row_key_order_optimizable: false }.to_string(), "phoenix, not optimizable");
/// ```
impl fmt::Display for Encoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Encoding::Binary => f.write_str("binary"),
            Encoding::Text { delimiter } => write!(f, "text {:?}", char::from(*delimiter)),
            Encoding::Phoenix {
                row_key_order_optimizable: true,
            } => f.write_str("phoenix"),
            Encoding::Phoenix {
                row_key_order_optimizable: false,
            } => f.write_str("phoenix, not optimizable"),
            Encoding::Bigtable => f.write_str("bigtable"),
            Encoding::HbaseOrdered => f.write_str("hbase_ordered"),
            Encoding::FdbTuple => f.write_str("fdb_tuple"),
        }
    }
}
