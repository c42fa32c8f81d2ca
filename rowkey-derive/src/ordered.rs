//! HBase's typed API (`#[rowkey(encoding = "hbase_ordered")]`): a `Struct` of `Ordered*` members.
//! `i8`..`i64` `OrderedInt8`..`OrderedInt64`, `f32`/`f64` `OrderedFloat32`/`64`, `String`
//! `OrderedString`, `Vec<u8>` `OrderedBlobVar`; `Option` on the last two (nullable members);
//! `#[desc]` is `Order.DESCENDING`.

use proc_macro2::TokenStream;
use quote::quote;

use crate::ast::{Class, Field, Input};
use crate::ctxt::Ctxt;
use crate::layout::RangeKind;

/// The runtime format that writes the field.
pub fn format(f: &Field, krate: &TokenStream) -> TokenStream {
    let p = quote!(#krate::__private::ordered);
    let value = match f.class.value() {
        _ if crate::phoenix::is_decimal(f.ty) => quote!(#p::Numeric),
        Class::Signed(1) => quote!(#p::Int8),
        Class::Signed(2) => quote!(#p::Int16),
        Class::Signed(4) => quote!(#p::Int32),
        Class::Signed(_) => quote!(#p::Int64),
        Class::Float(4) => quote!(#p::Float32),
        Class::Float(_) => quote!(#p::Float64),
        Class::Bytes => quote!(#p::BlobVar),
        _ => quote!(#p::Text),
    };
    match f.class {
        Class::Option(_) => quote!(#p::Nullable<#value>),
        _ => value,
    }
}

/// How a range bounds the field, or the runtime trait that says why it cannot.
pub fn range_kind(f: &Field) -> Result<RangeKind, &'static str> {
    let desc = f.attrs.desc.is_some();
    if matches!(f.class.value(), Class::Bytes) {
        return Err("NoRangeOrderedBlobVar");
    }
    // A DESC NULL is stored 0xFA (after every value), but dropped at the end of the key, where
    // it sorts first: no one range of bytes.
    if desc && f.in_dropped_tail {
        return Err("NoRangeOrderedDescNull");
    }
    Ok(RangeKind::Monotone { descending: desc })
}

/// The member type, for the layout's description.
pub fn member_type(f: &Field) -> &'static str {
    match f.class.value() {
        _ if crate::phoenix::is_decimal(f.ty) => "OrderedNumeric",
        Class::Signed(1) => "OrderedInt8",
        Class::Signed(2) => "OrderedInt16",
        Class::Signed(4) => "OrderedInt32",
        Class::Signed(_) => "OrderedInt64",
        Class::Float(4) => "OrderedFloat32",
        Class::Float(_) => "OrderedFloat64",
        Class::Bytes => "OrderedBlobVar",
        _ => "OrderedString",
    }
}

/// HBase's rules for the key, reported all at once.
pub fn check(cx: &Ctxt, input: &Input) {
    if let Some(d) = &input.attrs.delimiter {
        cx.error_spanned_by(
            d,
            "an HBase Struct key has no delimiter; remove `delimiter`",
        );
    }
    if let Some((_, path)) = input.attrs.salt.as_ref().and_then(|s| s.kind.as_ref()) {
        cx.error_spanned_by(
            path,
            "an HBase Struct key has no salt (the typed API writes none); remove `#[salt(...)]`",
        );
    }
    for f in &input.fields {
        let a = &f.attrs;
        crate::encoding::refuse_flags(cx, f, "HBase Struct", "`#[desc]` only");
        for num in [&a.fixed, &a.decimal, &a.hex].into_iter().flatten() {
            cx.error_spanned_by(
                &num.lit,
                "an HBase Struct key takes `#[desc]` only: each Ordered type has its own width",
            );
        }
        if let Some((p, _)) = &a.precision {
            cx.error_spanned_by(&p.lit, "`#[precision]` is a Phoenix attribute");
        }
        let decimal = crate::phoenix::is_decimal(f.ty);
        let ok = match &f.class {
            Class::Signed(1 | 2 | 4 | 8) | Class::Float(4 | 8) | Class::String | Class::Bytes => {
                true
            }
            Class::Option(inner) => decimal || matches!(**inner, Class::String | Class::Bytes),
            _ => decimal,
        };
        if !ok {
            cx.error_spanned_by(
                f.ty,
                "this type has no HBase Ordered type here; an HBase Struct key maps i8..i64 \
                 (OrderedInt8..OrderedInt64), f32/f64 (OrderedFloat32/64), String (OrderedString), \
                 Vec<u8> (OrderedBlobVar), rust_decimal::Decimal (OrderedNumeric, feature \
                 `decimal`), and Option<String>/Option<Vec<u8>>/Option<Decimal> for nullable members",
            );
        }
    }
}
