//! Checks the macro cannot make from the syntax (user types, aliases), left to the compiler as
//! constant assertions on the trait's constants. Only for non-generic structs, whose constants
//! can be named here.

use proc_macro2::TokenStream;
use quote::quote_spanned;
use syn::spanned::Spanned;

use super::field::format_of;
use crate::encodings::Key;
use crate::props::Width;
use crate::tokens::{krate, respan};

pub fn items(key: &Key) -> TokenStream {
    let input = &key.input;
    if !input.generics.params.is_empty() {
        return TokenStream::new();
    }
    let krate = krate();
    let ident = input.ident;
    let mut out = TokenStream::new();
    if let (Some(budget), Width::Unknown) = (&input.attrs.max_len, key.width()) {
        // A trait bound, not a constant assertion: type checking reports it beside the
        // derive's other errors.
        let n = budget.value;
        let krate = respan(krate.clone(), budget.lit.span());
        out.extend(quote_spanned! {budget.lit.span()=>
            const _: () = __p::budget::within_max_len::<
                __p::budget::KeyOverMaxLen<
                    { __p::budget::over(<#ident as #krate::RowKey>::MAX_LEN, #n) },
                >,
            >();
        });
    }
    // A user type after a raw `#[java]` string must have a fixed width.
    if let Some(raw) = key.fields().iter().find(|f| key.part(f).tail_window) {
        for after in key.fields()[raw.index + 1..]
            .iter()
            .filter(|f| key.field_width(f) == Width::Unknown)
        {
            let width = format_of(key, after, "WIDTH");
            let msg = format!(
                "field `{}` follows the raw `#[java]` string `{}` and needs a fixed width",
                after.name, raw.name
            );
            out.extend(quote_spanned! {after.ty.span()=>
                const _: () = ::core::assert!(#width.is_some(), #msg);
            });
        }
    }
    for field in key.fields() {
        if let (Some(path), Width::Unknown) = (&field.attrs.reverse, key.field_width(field)) {
            let width = format_of(key, field, "WIDTH");
            let msg = format!(
                "`#[reverse]` on field `{}` needs a fixed-width type",
                field.name
            );
            out.extend(quote_spanned! {path.span()=>
                const _: () = ::core::assert!(#width.is_some(), #msg);
            });
        }
    }
    out
}
