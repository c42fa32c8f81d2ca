//! Bounds for generic structs: `Format: Format<T>` only for fields whose type uses a type
//! parameter.

use std::collections::BTreeSet;

use proc_macro2::{TokenStream, TokenTree};
use quote::ToTokens;
use syn::{Generics, WherePredicate};

use crate::encodings::Key;

pub fn with_bounds(key: &Key) -> Generics {
    let mut generics = key.input.generics.clone();
    let params: BTreeSet<String> = generics
        .type_params()
        .map(|p| p.ident.to_string())
        .collect();
    if params.is_empty() {
        return generics;
    }
    let predicates: Vec<WherePredicate> = key
        .fields()
        .iter()
        .filter(|f| mentions(f.ty.to_token_stream(), &params))
        .map(|f| {
            let fmt = super::field::format_type(key.format(f));
            let ty = f.ty;
            syn::parse_quote!(#fmt: __p::Format<#ty>)
        })
        .collect();
    generics.make_where_clause().predicates.extend(predicates);
    generics
}

fn mentions(tokens: TokenStream, params: &BTreeSet<String>) -> bool {
    tokens.into_iter().any(|tt| match tt {
        TokenTree::Ident(ident) => params.contains(&ident.to_string()),
        TokenTree::Group(group) => mentions(group.stream(), params),
        _ => false,
    })
}
