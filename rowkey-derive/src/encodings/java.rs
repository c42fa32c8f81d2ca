//! Formats of the `#[java]` attributes that more than one encoding writes: HBase's `Raw*`
//! members are the binary layout's Java-compatible fields.

use proc_macro2::TokenStream;
use quote::quote;

use crate::ast::Field;

/// The format of a `#[java(nul_terminated)]` or `#[java(terminated = b"..")]` field: the
/// terminator as a length and a big-endian `u128`.
pub fn terminated_format(f: &Field) -> TokenStream {
    match &f.attrs.terminator {
        Some(t) => {
            let bytes = t.value();
            let n = bytes.len();
            let term = bytes
                .iter()
                .fold(0u128, |acc, &b| (acc << 8) | u128::from(b));
            quote!(__p::Terminated<#n, #term>)
        }
        None => quote!(__p::NulTerminated),
    }
}
