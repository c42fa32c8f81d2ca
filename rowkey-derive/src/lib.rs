//! `#[derive(RowKey)]`: the proc macro of the `rowkey` crate. Use it through the
//! `rowkey` crate, which documents the attributes.
//!
//! Phases are kept apart, and imports only point down: `expand` runs the phases; `valid`
//! checks the rules every key has and `codegen` writes the code, both asking the key's
//! encoding (`encodings`, one module each, behind one trait); the encodings read the IR
//! (`ast`) and its queries (`props`), built from the parsed attributes (`attr`); at the bottom
//! sit the error collector (`ctxt`) and token helpers (`tokens`).

#![allow(
    // Messages read better as one `format!` with the names inline.
    clippy::uninlined_format_args
)]

mod ast;
mod attr;
mod codegen;
mod ctxt;
mod encodings;
mod expand;
mod props;
mod tokens;
mod valid;

#[cfg(test)]
mod tests;

use proc_macro::TokenStream;
use syn::{parse_macro_input, DeriveInput};

#[doc = include_str!("../docs/attributes.md")]
#[proc_macro_derive(
    RowKey,
    attributes(
        rowkey,
        salt,
        fixed,
        max,
        decimal,
        hex,
        reverse,
        reverse_ts,
        desc,
        java,
        precision,
        blob,
        ordered_code,
        phoenix
    )
)]
pub fn derive_row_key(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    expand::derive(&input).into()
}
