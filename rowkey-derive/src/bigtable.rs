//! Bigtable row-key schemas (`#[rowkey(encoding = "bigtable")]`): a `Type.Struct` with the
//! `OrderedCodeBytes` encoding. Field types: `String` (`String` with UTF-8 bytes), `Vec<u8>`
//! (`Bytes`), `i64` (`Int64` with `BigEndianBytes`); `#[desc]` on any.

use proc_macro2::TokenStream;
use quote::quote;

use crate::ast::{Class, Field, Input};
use crate::ctxt::Ctxt;
use crate::layout::{RangeKind, Width};

/// A field Bigtable drops when it is empty and only dropped fields follow: an ASC string or
/// byte vector.
pub fn droppable(f: &Field) -> bool {
    f.attrs.desc.is_none() && matches!(f.class, Class::String | Class::Bytes)
}

/// The runtime format that writes the field.
pub fn format(f: &Field, krate: &TokenStream) -> TokenStream {
    let p = quote!(#krate::__private::bigtable);
    let desc = f.attrs.desc.is_some();
    match &f.class {
        Class::Signed(8) => quote!(#p::Int64<#desc>),
        _ => quote!(#p::Bytes<#desc>),
    }
}

/// The field's width: an `Int64`'s eight bytes, each `00` escaped as `00 FF`, then its
/// `00 01` separator unless it is the last field and ASC; strings and bytes are unbounded.
pub fn width(f: &Field) -> Width {
    match f.class {
        Class::Signed(8) if f.last && f.attrs.desc.is_none() => Width::Max(16),
        Class::Signed(8) => Width::Max(18),
        _ => Width::Unbounded,
    }
}

/// Bytes of the separator a field's `MAX_WIDTH` counts that the last field does not write
/// (an ASC last field has none).
pub fn last_trim(f: &Field) -> usize {
    if f.last && f.attrs.desc.is_none() {
        2
    } else {
        0
    }
}

/// How a range bounds the field, or the runtime trait that says why it cannot.
pub fn range_kind(f: &Field) -> Result<RangeKind, &'static str> {
    match f.class {
        Class::Signed(8) => Err("NoRangeBigtableInt64"),
        _ => Ok(RangeKind::Monotone {
            descending: f.attrs.desc.is_some(),
        }),
    }
}

/// The type name of the field in the schema, for the layout's description.
pub fn schema_type(f: &Field) -> &'static str {
    match f.class {
        Class::Signed(8) => "Int64 BigEndianBytes",
        Class::Bytes => "Bytes",
        _ => "String Utf8Bytes",
    }
}

/// Bigtable's rules for the key, reported all at once.
pub fn check(cx: &Ctxt, input: &Input) {
    if let Some(d) = &input.attrs.delimiter {
        cx.error_spanned_by(
            d,
            "a Bigtable-encoded key has no delimiter; remove `delimiter`",
        );
    }
    if let Some(salt) = &input.attrs.salt {
        let msg = "a Bigtable row-key schema has no salt: Bigtable decodes the key into its \
                   columns; remove `#[salt(...)]`";
        match &salt.kind {
            Some((_, path)) => cx.error_spanned_by(path, msg),
            None => cx.syn_error(syn::Error::new(salt.span, msg)),
        }
    }
    for f in &input.fields {
        let a = &f.attrs;
        crate::encoding::refuse_flags(cx, f, "Bigtable", "`#[desc]` only", &[]);
        for num in [&a.fixed, &a.decimal, &a.hex].into_iter().flatten() {
            cx.error_spanned_by(
                &num.lit,
                "a Bigtable-encoded key takes `#[desc]` only: its fields have no fixed width",
            );
        }
        if let Some((p, _)) = &a.precision {
            cx.error_spanned_by(&p.lit, "`#[precision]` is a Phoenix attribute");
        }
        if !matches!(f.class, Class::String | Class::Bytes | Class::Signed(8)) {
            cx.error_spanned_by(
                f.ty,
                "this type has no Bigtable row-key field encoding here; a Bigtable-encoded key \
                 maps String (String, Utf8Bytes), Vec<u8> (Bytes) and i64 (Int64, BigEndianBytes); \
                 fields are never NULL, so no Option",
            );
        }
    }
}
