//! `#[derive(RowKey)]`: the proc macro of [rowkey](https://docs.rs/rowkey). Use it through the
//! `rowkey` crate, which documents the attributes.
//!
//! Phases are kept apart: `attr` parses attributes, `ast` builds the IR, `valid` checks
//! rules across attributes, and `expand` generates code from the validated IR only.

#![allow(
    // Messages read better as one `format!` with the names inline.
    clippy::uninlined_format_args
)]

mod ast;
mod attr;
mod bigtable;
mod ctxt;
mod decode;
mod describe;
mod encode;
mod encoding;
mod expand;
mod explain;
mod fallback;
mod generics;
mod layout;
mod ordered;
mod phoenix;
mod scan;
mod valid;

#[cfg(test)]
mod tests;

use proc_macro::TokenStream;
use syn::{parse_macro_input, DeriveInput};

#[doc = include_str!("../docs/attributes.md")]
#[proc_macro_derive(
    RowKey,
    attributes(
        rowkey, salt, fixed, decimal, hex, reverse, reverse_ts, desc, java, precision, blob
    )
)]
pub fn derive_row_key(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    expand::derive(&input).into()
}
