//! Runs the phases (IR, validation, codegen) and assembles the `impl RowKey`.

use proc_macro2::{Group, Span, TokenStream, TokenTree};
use quote::{quote, quote_spanned, ToTokens};
use syn::spanned::Spanned;
use syn::DeriveInput;

use crate::ast::{Field, Input};
use crate::ctxt::Ctxt;
use crate::layout::Width;
use crate::{decode, describe, encode, explain, fallback, generics, scan, valid};

/// The local name generated code gives the runtime crate.
pub fn krate() -> TokenStream {
    quote!(__rowkey)
}

/// The path to the runtime: `#[rowkey(crate = "...")]` or `::rowkey`.
pub fn crate_path(path: Option<&syn::Path>) -> TokenStream {
    match path {
        Some(path) => path.to_token_stream(),
        None => quote!(::rowkey),
    }
}

pub fn derive(input: &DeriveInput) -> TokenStream {
    match try_expand(input) {
        Ok(tokens) => tokens,
        Err(err) => fallback::expand(input, err),
    }
}

fn try_expand(node: &DeriveInput) -> syn::Result<TokenStream> {
    let cx = Ctxt::new();
    let input = Input::from_syn(&cx, node);
    if let Some(input) = &input {
        valid::check(&cx, input);
    }
    cx.check()?;
    let input = input.expect("from_syn reports an error whenever it returns None");
    Ok(impl_row_key(&input))
}

/// `<Format as Format<Ty>>::item`, all spanned on the field's type so that an unmet bound
/// (an unsupported type, an attribute that does not apply) points at the field.
pub fn format_of(field: &Field, item: &str) -> TokenStream {
    let krate = krate();
    let ty = field.ty;
    let fmt = respan(field.format(&krate), ty.span());
    let item = syn::Ident::new(item, ty.span());
    quote_spanned!(ty.span()=> <#fmt as #krate::__private::Format<#ty>>::#item)
}

/// A field's `WIDTH` or `MAX_WIDTH` in its key. A format's widths count what follows the part
/// (a text key's delimiter, a Bigtable separator); the last part may not write it.
pub fn part_width(field: &Field, item: &str) -> TokenStream {
    let w = format_of(field, item);
    match field.last_trim() {
        0 => w,
        n => {
            let krate = krate();
            let n = proc_macro2::Literal::usize_unsuffixed(n);
            quote!(#krate::__private::less(#w, #n))
        }
    }
}

/// Gives every token of `tokens` the span `span`.
pub fn respan(tokens: TokenStream, span: Span) -> TokenStream {
    tokens
        .into_iter()
        .map(|mut tt| {
            if let TokenTree::Group(g) = &tt {
                let mut group = Group::new(g.delimiter(), respan(g.stream(), span));
                group.set_span(span);
                tt = TokenTree::Group(group);
            } else {
                tt.set_span(span);
            }
            tt
        })
        .collect()
}

fn impl_row_key(input: &Input) -> TokenStream {
    let krate = krate();
    let path = crate_path(input.attrs.crate_path.as_ref());
    let ident = input.ident;
    let generics = generics::with_bounds(input, &krate);
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let consts = encode::consts(input);
    let encode = encode::methods(input);
    let decode = decode::method(input);
    let explain = explain::method(input);
    let describe = describe::items(input);
    let asserts = assertions(input);
    let (builder_types, builder) = scan::builder(input);
    quote! {
        #builder_types

        #[allow(non_upper_case_globals, unused_qualifications, clippy::all)]
        const _: () = {
            #[allow(unused_imports)]
            use #path as #krate;

            #[automatically_derived]
            impl #impl_generics #krate::RowKey for #ident #ty_generics #where_clause {
                #consts
                #encode
                #decode
                #explain
                #describe
            }

            #asserts
            #builder
        };
    }
}

/// Checks the macro cannot make from the syntax (user types, aliases), done by the compiler on
/// the trait constants. Only for non-generic structs, whose constants can be named here.
fn assertions(input: &Input) -> TokenStream {
    if !input.generics.params.is_empty() {
        return TokenStream::new();
    }
    let krate = krate();
    let ident = input.ident;
    let mut out = TokenStream::new();
    if let (Some(budget), Width::Unknown) = (&input.attrs.max_len, input.width()) {
        let n = budget.value;
        let msg = format!("this key can be longer than `max_len = {n}` bytes");
        out.extend(quote_spanned! {budget.lit.span()=>
            const _: () = ::core::assert!(
                match <#ident as #krate::RowKey>::MAX_LEN {
                    ::core::option::Option::Some(len) => len <= #n,
                    ::core::option::Option::None => false,
                },
                #msg
            );
        });
    }
    // A user type after a raw `#[java]` string must have a fixed width.
    if let Some(raw) = input.fields.iter().find(|f| f.is_raw() && !f.is_text()) {
        for after in input.fields[raw.index + 1..]
            .iter()
            .filter(|f| f.width() == Width::Unknown)
        {
            let width = format_of(after, "WIDTH");
            let msg = format!(
                "field `{}` follows the raw `#[java]` string `{}` and needs a fixed width",
                after.name, raw.name
            );
            out.extend(quote_spanned! {after.ty.span()=>
                const _: () = ::core::assert!(#width.is_some(), #msg);
            });
        }
    }
    for field in &input.fields {
        if let (Some(path), Width::Unknown) = (&field.attrs.reverse, field.width()) {
            let width = format_of(field, "WIDTH");
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
