//! Token helpers of every phase: the local name generated code gives the runtime, the path to
//! the runtime, and respanning.

use proc_macro2::{Group, Span, TokenStream, TokenTree};
use quote::{quote, ToTokens};

/// The local name generated code gives the runtime crate (aliased once, inside `const _`).
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
