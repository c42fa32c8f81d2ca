//! The hooks every encoding fills: [`Encoding`], with what it answers, and the helpers the
//! encodings share.

use proc_macro2::TokenStream;
use quote::quote;

use super::refusal::Refusal;
use crate::ast::{Field, Input};
use crate::ctxt::Ctxt;
use crate::props::{RangeKind, Width};

/// `format(f, "MAX_WIDTH")`: the item of field `f`'s format, `<Fmt as Format<T>>::MAX_WIDTH`,
/// spanned at the field's type.
pub type FormatOf<'a> = &'a dyn Fn(&Field, &str) -> TokenStream;

/// What a key whose every field is dropped (trailing NULLs or empties) is.
pub enum EmptyKey {
    /// Its salt alone, or nothing: a key all the same.
    Written,
    /// These bytes instead (Bigtable's `00 00`).
    Bytes(TokenStream),
    /// No key: it would be the empty row key, which the named system refuses.
    Refused(&'static str),
}

/// One whole-key encoding: the hooks of the validation and the codegen.
pub trait Encoding {
    /// The runtime's `Encoding` value for `K::layout()`.
    fn layout(&self, p: &TokenStream) -> TokenStream;
    /// The encoding's part of the canonical layout description (the fingerprint's input).
    fn description(&self) -> String;
    /// The encoding's rules for the key's types and attributes, reported all at once.
    fn check(&self, cx: &Ctxt, input: &Input);
    /// The delimiter between parts, for a text layout.
    fn delimiter(&self) -> Option<u8>;
    /// What the key is when every field is dropped (only asked when every field may be);
    /// `salted` when a salt is written in front.
    fn empty_key(&self, salted: bool) -> EmptyKey;
    /// A key may end after any field, whose last form is then shorter (a scan builder keeps
    /// both forms of each fixed value).
    fn short_forms(&self) -> bool;
    /// No `FF` byte follows a whole value (values end with `00`, which `00 FF` escapes inside
    /// one): the keys that start with some values end before those bytes plus `FF`, not at the
    /// prefix's closest next row key.
    fn ends_below_ff(&self) -> bool;
    /// Items the encoding adds beside the `impl RowKey`, inside the derive's `const _` (under
    /// the runtime's local name); `format` names an item of a field's format.
    fn items(&self, input: &Input, format: FormatOf<'_>) -> TokenStream;

    /// The runtime format type that writes the field, such as `Reverse<Decimal<11>>`.
    fn format(&self, f: &Field) -> TokenStream;
    /// The field's width as the macro can tell it, what follows it in the key included.
    fn width(&self, f: &Field) -> Width;
    /// The width of a `String` or `Vec<u8>` field (or an `Option` of one) of at most `max` bytes
    /// (`#[max(N)]`), counted as [`width`](Self::width) counts: in the field's place, `Option`
    /// tags, escapes and what follows it included.
    fn capped_width(&self, f: &Field, max: usize) -> usize;
    /// Bytes after the part that its format's widths count and the last part does not write.
    fn last_trim(&self, f: &Field) -> usize;
    /// Bytes at the end of the field's span that are not its value (a text delimiter): a salt
    /// does not hash them.
    fn value_trim(&self, f: &Field) -> usize;
    /// `0xFF` when the writer inverts the field's bytes, else `0x00`.
    fn flip(&self, f: &Field) -> u8;
    /// The `last` argument of the field's format where it is always written: whether it may
    /// run to the end of the key.
    fn open_end(&self, f: &Field) -> bool;
    /// For a field the encoding drops when it and every field after it are empty: the
    /// expression, over the value `v` (a reference), true when it is written.
    fn written(&self, f: &Field, v: TokenStream) -> Option<TokenStream>;
    /// How a scan bounds the field with a range, or the runtime marker saying why it cannot.
    fn range(&self, f: &Field) -> Result<RangeKind, Refusal>;
    /// True when a range's "after this value" is the value plus `00` (the field runs to the
    /// end of the key); otherwise every key with the value starts with its bytes and end.
    fn range_open(&self, f: &Field) -> bool;
    /// True for a field that ends where the fixed-width fields after it start (a raw `#[java]`
    /// string): decode reads it from a window, and a scan that fixes it is filtered by length.
    fn tail_window(&self, f: &Field) -> bool;
    /// `(radix, digits, largest value)` when a key starting with this field starts with its
    /// digits (split points follow them).
    fn leading_digits(&self, f: &Field) -> Option<(u32, usize, u128)>;
    /// The field's type in the other system (`VARCHAR`), for the layout's description.
    fn type_name(&self, f: &Field) -> Option<String>;
}

/// The index of the first of the trailing fields that `droppable` holds for; the field count
/// when the last field is not droppable.
pub fn first_droppable(fields: &[Field], droppable: impl Fn(&Field) -> bool) -> usize {
    fields.len() - fields.iter().rev().take_while(|f| droppable(f)).count()
}

/// Reports the flag attributes (`#[reverse]`, `#[reverse_ts]`, `#[java]`, `#[blob]`,
/// `#[ordered_code]`) that
/// `system`'s encoding does not have (all but `allowed`); it takes `takes` instead.
pub fn refuse_flags(cx: &Ctxt, f: &Field, system: &str, takes: &str, allowed: &[&str]) {
    let a = &f.attrs;
    for (flag, name) in [
        (a.reverse.as_ref(), "reverse"),
        (a.reverse_ts.as_ref(), "reverse_ts"),
        (a.java.as_ref(), "java"),
        (a.blob.as_ref(), "blob"),
        (a.ordered_code.as_ref(), "ordered_code"),
    ] {
        if let Some(path) = flag.filter(|_| !allowed.contains(&name)) {
            cx.error_spanned_by(
                path,
                format!(
                    "`#[{name}]` has no {system} equivalent; a {system}-encoded key takes {takes}"
                ),
            );
        }
    }
}

/// Phoenix's field attributes (`#[precision(p, s)]`, `#[phoenix(TYPE)]`) on a key of another
/// encoding.
pub fn phoenix_attrs(cx: &Ctxt, f: &Field) {
    const ADD: &str = "add `#[rowkey(encoding = \"phoenix\")]` to the struct";
    if let Some((p, _)) = &f.attrs.precision {
        cx.error_spanned_by(
            &p.lit,
            format!("`#[precision(p, s)]` declares a Phoenix DECIMAL(p, s); {ADD}"),
        );
    }
    for ty in [&f.attrs.phoenix_type, &f.attrs.row_timestamp]
        .into_iter()
        .flatten()
    {
        cx.error_spanned_by(
            ty,
            format!("`#[phoenix({ty})]` declares a Phoenix column; {ADD}"),
        );
    }
}

/// `row_key_order_optimizable`, a Phoenix table flag, on a key of another encoding: `then`
/// says what to do (add the encoding, or remove the flag).
pub fn phoenix_flag(cx: &Ctxt, input: &Input, then: &str) {
    if let Some(flag) = &input.attrs.row_key_order_optimizable {
        cx.error_spanned_by(
            flag,
            format!("`row_key_order_optimizable` is a Phoenix table flag; {then}"),
        );
    }
}

/// `0xFF` for a `#[desc]` field (its bytes inverted), else `0x00`.
pub fn desc_flip(f: &Field) -> u8 {
    if f.attrs.desc.is_some() {
        0xFF
    } else {
        0x00
    }
}

/// `Option::is_some` of the value `v`: what a nullable field tests to be written.
pub fn is_some(v: TokenStream) -> TokenStream {
    quote!(__p::Option::is_some(#v))
}
