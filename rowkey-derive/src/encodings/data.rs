//! What an encoding answers, as data: the [`Traits`] of every key it writes and the [`Part`] of
//! each field (its runtime format type as a [`Fmt`], its widths, how scans bound it). Codegen
//! alone turns them into tokens.

use proc_macro2::Literal;

use super::refusal::Refusal;
use crate::props::{RangeKind, Width};

/// What holds for every key of an encoding.
pub struct Traits {
    /// The runtime's `Encoding` value, for `K::layout()`.
    pub kind: Kind,
    /// The encoding's part of the canonical layout description (the fingerprint's input).
    pub description: String,
    /// The delimiter between parts, for a text layout.
    pub delimiter: Option<u8>,
    /// What the key is when every field is dropped (asked only when every field may be).
    pub empty_key: EmptyKey,
    /// A key may end after any field, whose last form is then shorter (a scan builder keeps
    /// both forms of each fixed value).
    pub short_forms: bool,
    /// No `FF` byte follows a whole value (values end with `00`, which `00 FF` escapes inside
    /// one): the keys that start with some values end before those bytes plus `FF`, not at the
    /// prefix's closest next row key.
    pub ends_below_ff: bool,
    /// An impl the encoding adds beside the `impl RowKey`.
    pub extra: Option<Extra>,
}

/// The runtime's `Encoding` variants.
pub enum Kind {
    Binary,
    Text { delimiter: u8 },
    Phoenix { optimizable: bool },
    Bigtable,
    FdbTuple,
    HbaseOrdered,
}

/// What a key whose every field is dropped (trailing NULLs or empties) is.
pub enum EmptyKey {
    /// Its salt alone, or nothing: a key all the same.
    Written,
    /// The bytes of this runtime constant instead (Bigtable's `00 00`), by its path under
    /// `__private`.
    Bytes(&'static [&'static str]),
    /// No key: it would be the empty row key, which the named system refuses.
    Refused(&'static str),
}

/// The impls an encoding adds beside the `impl RowKey`.
pub enum Extra {
    /// Bigtable's `BigtableKey`: the table's `row_key_schema`, a field per struct field.
    BigtableSchema(Vec<SchemaField>),
    /// The tuple layer's `Nestable`: the key as a nested tuple of another tuple key.
    Nestable,
}

/// One field of a Bigtable `row_key_schema`.
pub struct SchemaField {
    pub name: String,
    /// The runtime's `FieldType` variant.
    pub ty: &'static str,
    /// Its `IntEncoding` variant, for the integer and timestamp types.
    pub int_encoding: Option<&'static str>,
    pub descending: bool,
}

/// One field's part of the key, as its encoding writes it.
pub struct Part {
    /// The runtime format type that writes it (under `Capped` for a `#[max(N)]` field).
    pub format: Fmt,
    /// Its width in its place in the key, what follows it included (a `#[max(N)]` field's
    /// counted from the cap).
    pub width: Width,
    /// Bytes after the part that its format's widths count and the last part does not write.
    pub last_trim: usize,
    /// Bytes at the end of the field's span that are not its value (a text delimiter): a salt
    /// does not hash them.
    pub value_trim: usize,
    /// `0xFF` when the writer inverts the field's bytes, else `0x00`.
    pub flip: u8,
    /// The `last` argument of the format where it is always written: whether it may run to
    /// the end of the key.
    pub open_end: bool,
    /// For a field the encoding drops when it and every field after it are empty: the test of
    /// a value that is written.
    pub written: Option<Written>,
    /// How a scan bounds the field with a range, or the runtime marker saying why it cannot.
    pub range: Result<RangeKind, Refusal>,
    /// True when a range's "after this value" is the value plus `00` (the field runs to the
    /// end of the key); otherwise every key with the value starts with its bytes and end.
    pub range_open: bool,
    /// True for a field that ends where the fixed-width fields after it start (a raw `#[java]`
    /// string): decode reads it from a window, and a scan that fixes it is filtered by length.
    pub tail_window: bool,
    /// `(radix, digits, largest value)` when a key starting with this field starts with its
    /// digits (split points follow them).
    pub leading_digits: Option<(u32, usize, u128)>,
    /// The field's type in the other system (`VARCHAR`), for the layout's description.
    pub type_name: Option<String>,
}

/// How a value of a droppable field is known to be written.
pub enum Written {
    /// `Option::is_some`: a NULL is dropped.
    IsSome,
    /// `!<format as trait<T>>::method(v)`: a runtime trait of the format says the value is
    /// dropped (Bigtable's empty strings).
    Not {
        format: Fmt,
        trait_: &'static [&'static str],
        method: &'static str,
    },
}

/// A runtime format type, as data: its path under `__private` and its generic arguments
/// (`phoenix::Varchar<true>`, `Reverse<Decimal<11>>`).
#[derive(Clone)]
pub struct Fmt {
    pub path: &'static [&'static str],
    pub args: Vec<Arg>,
}

/// A generic argument of a [`Fmt`].
#[derive(Clone)]
pub enum Arg {
    Fmt(Fmt),
    /// A number as written (unsuffixed and spanned on an attribute's number, or suffixed).
    Lit(Literal),
    Bool(bool),
}

impl Fmt {
    /// The format type at `path`, without arguments yet.
    pub fn new(path: &'static [&'static str]) -> Fmt {
        Fmt {
            path,
            args: Vec::new(),
        }
    }

    /// With one more generic argument.
    pub fn with(mut self, arg: impl Into<Arg>) -> Fmt {
        self.args.push(arg.into());
        self
    }

    /// `path<self>`: a format type around this one.
    pub fn wrap(self, path: &'static [&'static str]) -> Fmt {
        Fmt::new(path).with(self)
    }
}

impl From<Fmt> for Arg {
    fn from(f: Fmt) -> Arg {
        Arg::Fmt(f)
    }
}

impl From<Literal> for Arg {
    fn from(l: Literal) -> Arg {
        Arg::Lit(l)
    }
}

impl From<bool> for Arg {
    fn from(b: bool) -> Arg {
        Arg::Bool(b)
    }
}

/// A `u8` argument as the derive writes it (`58u8`).
pub fn byte(b: u8) -> Arg {
    Arg::Lit(Literal::u8_suffixed(b))
}
