//! Bigtable row-key schemas (`#[rowkey(encoding = "bigtable")]`): a `Type.Struct` with the
//! `OrderedCodeBytes` encoding. Field types: `String` (`String` with UTF-8 bytes), `Vec<u8>`
//! (`Bytes`), `i64` / `i32` (`Int64` / `Int32`) and `SystemTime` (`Timestamp`, `Int64`
//! microseconds), each with `BigEndianBytes`, or `OrderedCodeBytes` under `#[ordered_code]`;
//! `#[desc]` on any.

use proc_macro2::TokenStream;
use quote::quote;

use super::hooks::{
    desc_flip, phoenix_attrs, phoenix_flag, refuse_flags, EmptyKey, Encoding, FormatOf,
};
use super::refusal::Refusal;
use crate::ast::{ungroup, Class, Field, Input};
use crate::ctxt::Ctxt;
use crate::props::{RangeKind, Width};

pub fn build(_input: &Input) -> Box<dyn Encoding> {
    Box::new(Bigtable)
}

struct Bigtable;

/// A field's Bigtable type.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    String,
    Bytes,
    Int64,
    Int32,
    Timestamp,
    Other,
}

fn kind(f: &Field) -> Kind {
    match f.class {
        Class::String => Kind::String,
        Class::Bytes => Kind::Bytes,
        Class::Signed(8) => Kind::Int64,
        Class::Signed(4) => Kind::Int32,
        Class::Other if is_system_time(f.ty) => Kind::Timestamp,
        _ => Kind::Other,
    }
}

/// `SystemTime`, `std::time::SystemTime` or any path ending in it (through `macro_rules!`
/// groups too).
fn is_system_time(ty: &syn::Type) -> bool {
    matches!(ungroup(ty), syn::Type::Path(p) if p.qself.is_none()
        && p.path.segments.last().is_some_and(|s| s.ident == "SystemTime" && s.arguments.is_none()))
}

/// The longest a field's value is once its `00`s are escaped, before its separator: `None`
/// for strings and bytes. Int64 BigEndianBytes: 8 bytes, each may be `00`. OrderedCodeBytes:
/// 10 bytes with at most 8 `00`s (i64::MIN is `00 3F 80 00 ..`), 5 with at most 3 for an i32.
fn escaped_max(f: &Field) -> Option<usize> {
    let ordered = f.attrs.ordered_code.is_some();
    match (kind(f), ordered) {
        (Kind::Int64 | Kind::Timestamp, false) => Some(16),
        (Kind::Int64 | Kind::Timestamp, true) => Some(18),
        (Kind::Int32, _) => Some(8),
        _ => None,
    }
}

impl Encoding for Bigtable {
    fn layout(&self, p: &TokenStream) -> TokenStream {
        quote!(#p::Encoding::Bigtable)
    }

    fn description(&self) -> String {
        String::from("bigtable ordered_code_bytes")
    }

    fn check(&self, cx: &Ctxt, input: &Input) {
        check(cx, input);
    }

    fn delimiter(&self) -> Option<u8> {
        None
    }

    /// Rule 6: a struct with no field left is `00 00`.
    fn empty_key(&self, _salted: bool) -> EmptyKey {
        EmptyKey::Bytes(quote!(__p::bigtable::EMPTY))
    }

    fn short_forms(&self) -> bool {
        true
    }

    fn ends_below_ff(&self) -> bool {
        false
    }

    /// The key's `row_key_schema`: `BigtableKey` with a field per struct field.
    fn items(&self, input: &Input, _format: FormatOf<'_>) -> TokenStream {
        let p = quote!(__p::bigtable);
        let ident = input.ident;
        let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
        let fields = input.fields.iter().map(|f| {
            let name = &f.name;
            let encoding = if f.attrs.ordered_code.is_some() {
                quote!(#p::IntEncoding::OrderedCodeBytes)
            } else {
                quote!(#p::IntEncoding::BigEndianBytes)
            };
            let ty = match kind(f) {
                Kind::Bytes => quote!(#p::FieldType::Bytes),
                Kind::Int64 => quote!(#p::FieldType::Int64(#encoding)),
                Kind::Int32 => quote!(#p::FieldType::Int32(#encoding)),
                Kind::Timestamp => quote!(#p::FieldType::TimestampMicros(#encoding)),
                Kind::String | Kind::Other => quote!(#p::FieldType::StringUtf8),
            };
            let descending = f.attrs.desc.is_some();
            quote!(#p::SchemaField { name: #name, ty: #ty, descending: #descending })
        });
        quote! {
            impl #impl_generics #p::BigtableKey for #ident #ty_generics #where_clause {
                const ROW_KEY_SCHEMA: #p::RowKeySchema = #p::RowKeySchema::new(&[#(#fields),*]);
            }
        }
    }

    fn format(&self, f: &Field) -> TokenStream {
        let p = quote!(__p::bigtable);
        let desc = f.attrs.desc.is_some();
        match (kind(f), f.attrs.ordered_code.is_some()) {
            (Kind::Int64 | Kind::Int32 | Kind::Timestamp, true) => quote!(#p::OrderedCode<#desc>),
            (Kind::Int64 | Kind::Int32 | Kind::Timestamp, false) => quote!(#p::BigEndian<#desc>),
            _ => quote!(#p::Bytes<#desc>),
        }
    }

    /// An integer's or timestamp's bytes, each `00` escaped as `00 FF`, then its `00 01`
    /// separator unless it is the last field and ASC; strings and bytes are unbounded.
    fn width(&self, f: &Field) -> Width {
        match escaped_max(f) {
            Some(n) => Width::Max(n + if self.last_trim(f) == 0 { 2 } else { 0 }),
            None => Width::Unbounded,
        }
    }

    /// Each byte possibly an escaped `00` (the empty value is `00 00`), then the separator
    /// unless the field is last and ASC.
    fn capped_width(&self, f: &Field, max: usize) -> usize {
        (2 * max).max(2) + if self.last_trim(f) == 0 { 2 } else { 0 }
    }

    /// The separator a field's `MAX_WIDTH` counts, which an ASC last field does not write.
    fn last_trim(&self, f: &Field) -> usize {
        if f.last && f.attrs.desc.is_none() {
            2
        } else {
            0
        }
    }

    fn value_trim(&self, _f: &Field) -> usize {
        0
    }

    /// Rule 5: DESC fields are bitwise negated.
    fn flip(&self, f: &Field) -> u8 {
        desc_flip(f)
    }

    fn open_end(&self, f: &Field) -> bool {
        f.last
    }

    /// Rule 1: the last remaining field is removed while it is ASC and encodes to `""`.
    fn written(&self, f: &Field, v: TokenStream) -> Option<TokenStream> {
        let droppable = f.attrs.desc.is_none() && matches!(f.class, Class::String | Class::Bytes);
        droppable.then(|| {
            let p = quote!(__p);
            let ty = f.ty;
            quote!(!<#p::bigtable::Bytes<false> as #p::bigtable::Empty<#ty>>::is_empty(#v))
        })
    }

    /// Every field sorts by its values: strings and bytes by their bytes, OrderedCodeBytes
    /// integers by value, and BigEndianBytes integers by value too, since the negative values
    /// that would sort after the others are refused.
    fn range(&self, f: &Field) -> Result<RangeKind, Refusal> {
        Ok(RangeKind::Monotone {
            descending: f.attrs.desc.is_some(),
        })
    }

    /// Every field is compared with its separator (`full` form): terminated.
    fn range_open(&self, _f: &Field) -> bool {
        false
    }

    fn tail_window(&self, _f: &Field) -> bool {
        false
    }

    fn leading_digits(&self, _f: &Field) -> Option<(u32, usize, u128)> {
        None
    }

    fn type_name(&self, f: &Field) -> Option<String> {
        let encoding = if f.attrs.ordered_code.is_some() {
            "OrderedCodeBytes"
        } else {
            "BigEndianBytes"
        };
        Some(match kind(f) {
            Kind::Int64 => format!("Int64 {encoding}"),
            Kind::Int32 => format!("Int32 {encoding}"),
            Kind::Timestamp => format!("Timestamp Int64 {encoding}"),
            Kind::Bytes => "Bytes".into(),
            Kind::String | Kind::Other => "String Utf8Bytes".into(),
        })
    }
}

/// Bigtable's rules for the key, reported all at once.
fn check(cx: &Ctxt, input: &Input) {
    phoenix_flag(cx, input, "a Bigtable row-key schema has none: remove it");
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
        refuse_flags(
            cx,
            f,
            "Bigtable",
            "`#[desc]`, and `#[ordered_code]` on integers and timestamps",
            &["ordered_code"],
        );
        if let (Some(path), Kind::String | Kind::Bytes) = (&a.ordered_code, kind(f)) {
            cx.error_spanned_by(
                path,
                "`#[ordered_code]` chooses OrderedCodeBytes for an Int64, Int32 or Timestamp; \
                 a String or Bytes field has one encoding: remove it",
            );
        }
        for num in [&a.fixed, &a.decimal, &a.hex].into_iter().flatten() {
            cx.error_spanned_by(
                &num.lit,
                "a Bigtable-encoded key takes `#[desc]` only: its fields have no fixed width",
            );
        }
        phoenix_attrs(cx, f);
        if kind(f) == Kind::Other {
            cx.error_spanned_by(
                f.ty,
                "this type has no Bigtable row-key field encoding here; a Bigtable-encoded key \
                 maps String (String, Utf8Bytes), Vec<u8> (Bytes), i64 and i32 (Int64, Int32) and \
                 SystemTime (Timestamp), the last three BigEndianBytes or, with \
                 `#[ordered_code]`, OrderedCodeBytes; fields are never NULL, so no Option",
            );
        }
    }
}
